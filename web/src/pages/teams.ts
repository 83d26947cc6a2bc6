// Which seats play together, as the variant's rules say. Only the Magic-style
// game has teams: 808 Team vs. Team, 809 Emperor, 810 Two-Headed Giant and
// 811 Alternating Teams. Teams of two (Emperor: three) sit side by side in
// seat order; in Alternating Teams they alternate round the table
// (src/games/magic/rules.cpp lays them out the same way).
const TEAM_MODES = ["team-vs-team", "emperor", "two-headed-giant", "alternating-teams"];

/** The teams (lists of seats), or null when every seat plays for itself. */
export function teamsOf(settings: Record<string, string>, options: Record<string, string>, seats: number): number[][] | null {
  const mode = options.mode || settings.mode || "";
  if (!TEAM_MODES.includes(mode)) return null;
  const asked = options.team_size || settings.team_size || "default";
  const size = asked === "default" ? (mode === "emperor" ? 3 : 2) : Number(asked);
  if (!(size >= 2) || seats % size !== 0) return null;
  const count = seats / size;
  const teams: number[][] = Array.from({ length: count }, () => []);
  for (let s = 0; s < seats; s++) teams[mode === "alternating-teams" ? s % count : Math.floor(s / size)].push(s);
  return teams;
}

/** "Team 1: seats 0 and 1 · Team 2: seats 2 and 3". */
export function teamsText(teams: number[][]): string {
  const list = (t: number[]) => (t.length === 1 ? `seat ${t[0]}` : `seats ${t.slice(0, -1).join(", ")} and ${t[t.length - 1]}`);
  return teams.map((t, i) => `Team ${i + 1}: ${list(t)}`).join(" · ");
}
