// What the table around the Magic board shows for it: each seat's strip
// (life, a Two-Headed Giant team's life once, poison, hand, library and
// graveyard, turn and step, range, turn marker, left with its place), the
// teams, the board clicks that cannot be undone and so ask first, and the
// spell a prompt is about, and the options a click on a seat's strip can mean.
import type { BoardCtx, SeatFacts } from "./board";
import type { Option } from "../types";
import { cardName } from "../parts/cards";
import { teamsOf, sharesLife, turnsNow, stepWords, isEmperor } from "./magic_kit";
import { OptionMap, selection } from "./magic_options";

export function magicFacts(v: any, seat: number): SeatFacts {
  const p = v.players?.[seat] || {};
  const turns = turnsNow(v);
  const badges: string[] = [];
  if (isEmperor(v, seat)) badges.push("emperor");
  if (typeof p.range === "number" && p.range >= 0) badges.push(`range ${p.range}`);
  for (const m of v.markers || []) if (m.holder === seat) badges.push(m.waiting ? `marker ${m.marker} (waiting)` : `marker ${m.marker}`);
  if (v.priority === seat) badges.push("priority");
  if (v.planar_controller === seat) badges.push("planar controller");
  const counts: [string, number][] = [["hand", p.hand_size ?? 0], ["library", p.library_size ?? 0], ["graveyard", (p.graveyard || []).length]];
  if (p.poison) counts.unshift([sharesLife(v) ? "team poison" : "poison", p.poison]);
  return {
    score: ["life", p.life ?? 0],
    shared: sharesLife(v),
    counts,
    turn: turns.has(seat),
    phase: stepWords(turns.get(seat)),
    out: p.in_game === false ? "left" : undefined,
    place: typeof v.places?.[seat] === "number" ? v.places[seat] : undefined,
    badges,
  };
}

export function magicTeams(v: any): number[] | undefined {
  return teamsOf(v);
}

/** Board clicks that cannot be taken back ask first. */
export function magicConfirm(o: Option, ctx: BoardCtx): string | null {
  const [verb, ref] = o.id.split(":");
  const name = ref ? cardName("magic", ref) : "";
  if (verb === "mulligan") return "Mulligan: shuffle this hand away and draw a new one?";
  if (verb === "bottom") return `Put ${name} on the bottom of your library?`;
  if (verb === "pick" && ctx.view.step === "cleanup" && !ctx.view.stack?.some((x: any) => x.resolving)) return `Discard ${name}?`;
  if (verb === "deploy") return `Give ${name} to a teammate for good (deploy)?`;
  return null;
}

/** The spell being cast or resolving that the viewer's prompt is about. */
export function magicPromptSource(v: any, me: number): string | null {
  if (v.casting && v.casting.seat === me) return cardName("magic", v.casting.card);
  const resolving = (v.stack || []).find((x: any) => x.resolving);
  if (resolving && (v.pending || []).includes(me)) return cardName("magic", resolving.ref || resolving.card);
  return null;
}

/** The options that name a player (target them, choose them, attack them):
 * their strip is clickable as their place's head on the board is. With a
 * creature selected on the board when the strips were drawn, those that pair with it. */
export function magicSeatOptions(ctx: BoardCtx, seat: number): Option[] {
  const about = new OptionMap(ctx.options).about(`seat${seat}`);
  const key = selection(ctx.options).key;
  const paired = key ? about.filter((p) => p.things.includes(key)) : [];
  return (paired.length ? paired : about).map((p) => p.option);
}
