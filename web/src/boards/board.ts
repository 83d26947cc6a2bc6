// What a game's board is given, and what it gives the table around it.
// A board is drawn from the view: who is looking, the looker's options, and
// how to choose one (directly, or by narrowing the option list to those a
// click is about). The table page draws the seat strips, prompt, options,
// digest and log around it from the facts the game's `GameUi` reports.
import type { Option, SeatInfo } from "../types";
import type { People } from "../parts/names";
import type { CardOpts } from "../parts/cards";

export interface BoardCtx {
  game: string;
  view: any;
  /** The seat looking (-1: a spectator, -2: the referee in a replay). */
  me: number;
  /** The looker's options now (empty when it is not its decision). */
  options: Option[];
  /** Takes an option. From a board click use `pick` or `actFromBoard`, which ask first when the game says so. */
  act(id: string): void;
  /** A board click that fits exactly this option: asks for a confirmation
   * first when the game's `confirm` says the option cannot be undone. */
  actFromBoard(o: Option): void;
  /** Narrows the option list to those matching `text` (several fit a click). */
  filter(text: string): void;
  /** Shows only these options in the list, under a heading ("Ember Relic: 3 options"). */
  focus(options: Option[], heading: string): void;
  seats: SeatInfo[];
  people: People;
  /** A seat as people read it: "Ana (you)", "Brix (computer, opponent)". */
  name(seat: number): string;
  /** The card component for this game. */
  card(id: string | null | undefined, o?: CardOpts): HTMLElement;
  /** A text from the engine with seats named and card names pointable. */
  text(s: string): (Node | string)[];
  /** Called by a board that drew nothing for `options` it could not place (none by default). */
}

export type Board = (ctx: BoardCtx) => HTMLElement;

/** What the strip of one seat shows (the table draws it; the game knows it). */
export interface SeatFacts {
  /** Life, VP...: [label, value]; a team sharing life reports it on each member with `shared`. */
  score?: [string, number | string];
  shared?: boolean;
  /** Counts people ask about: [["hand", 5], ["deck", 31]]. */
  counts?: [string, number][];
  /** It is this seat's turn (and, when known, the phase or step). */
  turn?: boolean;
  phase?: string;
  /** Still playing? Otherwise why not ("left", "eliminated"), with a place when the game gave one. */
  out?: string;
  place?: number;
  /** Badges: "first player", "monarch", "range 1", "marker 2"... */
  badges?: string[];
}

export interface GameUi {
  board: Board;
  /** A seat's strip facts from the view. */
  facts?(view: any, seat: number): SeatFacts;
  /** Each seat's team, when the game has teams. */
  teams?(view: any): number[] | undefined;
  /** A question to ask before an option chosen by a board click is taken, or
   * null to take it at once (e.g. "Discard Ember Relic?"). */
  confirm?(o: Option, ctx: BoardCtx): string | null;
  /** The viewer's options that name `seat` as a player (attacking it, targeting it):
   * its strip then becomes clickable, as the player's area on the board is. */
  seatOptions?(ctx: BoardCtx, seat: number): Option[];
  /** The source a prompt is about ("Sudden Bolt: choose a unit"): a card name, or null. */
  promptSource?(view: any, me: number): string | null;
}

/** The options whose id names `token` as a whole `:`/`>`/`,`-separated part after the verb. */
export function optionsNaming(options: Option[], token: string): Option[] {
  return options.filter((o) => o.id.split(/[:>]/).slice(1).includes(token));
}

/** A click on the board element named `token`: one fitting option is taken
 * (through the confirmation), several narrow the list to them. Returns how many fit. */
export function pick(ctx: BoardCtx, token: string, heading: string, fits = optionsNaming(ctx.options, token)): number {
  if (fits.length === 1) ctx.actFromBoard(fits[0]);
  else if (fits.length > 1) ctx.focus(fits, heading);
  return fits.length;
}
