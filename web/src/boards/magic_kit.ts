// What the parts of the Magic board share: the view read as the table
// (teams, turns, range of influence, steps in words) and the click kit that
// makes a card, a player or a stack object a board element (magic_options.ts).
import type { BoardCtx } from "./board";
import type { CardOpts } from "../parts/cards";
import type { OptionMap, Selection } from "./magic_options";

export interface Kit {
  ctx: BoardCtx;
  v: any;
  map: OptionMap;
  sel: Selection;
  /** Makes `el` the board element `key`: marked when a click there leads to an option. */
  hook(el: HTMLElement, key: string): HTMLElement;
  /** A card that is the board element `key` (its reference, or a trigger's option). */
  card(id: string | null, key: string | null, o?: CardOpts): HTMLElement;
}

const STEPS: Record<string, string> = {
  mulligan: "mulligans", untap: "untap step", upkeep: "upkeep", draw: "draw step",
  main1: "first main phase", "begin-combat": "beginning of combat", "declare-attackers": "declare attackers",
  "declare-blockers": "declare blockers", "first-strike-damage": "first-strike damage", "combat-damage": "combat damage",
  "end-combat": "end of combat", main2: "second main phase", end: "end step", cleanup: "cleanup", over: "game over",
};

export function stepWords(step: string | undefined): string {
  return (step && STEPS[step]) || step || "";
}

const TEAM_MODES = new Set(["team-vs-team", "emperor", "two-headed-giant", "alternating-teams"]);

/** Each seat's team in the team variants (808-811), else undefined. */
export function teamsOf(v: any): number[] | undefined {
  const players: any[] = v?.players || [];
  if (!TEAM_MODES.has(v?.variant)) return undefined;
  return players.map((p, s) => (typeof p.team === "number" ? p.team : s));
}

/** Two-Headed Giant: one life total and one poison count per team (810.4, 810.10). */
export function sharesLife(v: any): boolean {
  return v?.variant === "two-headed-giant";
}

/** The members of a team in seat order. */
export function members(v: any, team: number): number[] {
  return (v.players || []).map((_: any, s: number) => s).filter((s: number) => v.players[s].team === team);
}

/** Emperor (809.2): the middle member of each team is its emperor. */
export function isEmperor(v: any, seat: number): boolean {
  if (v?.variant !== "emperor") return false;
  const m = members(v, v.players[seat].team);
  return m[Math.floor(m.length / 2)] === seat;
}

/** Seats whose turn it is now: the active player, its team under shared
 * turns (Two-Headed Giant, 805.4), every turn marker's holder in Grand Melee
 * (807.4) with that marker's step. */
export function turnsNow(v: any): Map<number, string> {
  const out = new Map<number, string>();
  if (v.over || v.step === "mulligan") return out; // no turn has begun yet
  if (Array.isArray(v.markers) && v.markers.length) {
    for (const m of v.markers) if (!m.waiting) out.set(m.holder, m.step);
    return out;
  }
  if (typeof v.active !== "number" || v.active < 0) return out;
  out.set(v.active, v.step);
  if (sharesLife(v)) for (const s of members(v, v.players[v.active]?.team)) out.set(s, v.step);
  return out;
}

/** Is `seat` within the range of influence of `me` (801.2)? Counted over the
 * players still in the game, either way round; range -1 is unlimited. */
export function inRange(v: any, me: number, seat: number): boolean {
  const players: any[] = v.players || [];
  const r = players[me]?.range;
  if (typeof r !== "number" || r < 0 || me === seat) return true;
  const alive = players.map((p, s) => (p.in_game || s === me || s === seat ? s : -1)).filter((s) => s >= 0);
  const i = alive.indexOf(me), j = alive.indexOf(seat);
  if (i < 0 || j < 0) return false;
  const d = Math.abs(i - j);
  return Math.min(d, alive.length - d) <= r;
}

/** Whose range is limited at this table (so it is worth showing). */
export function rangeLimited(v: any): boolean {
  return (v.players || []).some((p: any) => typeof p.range === "number" && p.range >= 0);
}
