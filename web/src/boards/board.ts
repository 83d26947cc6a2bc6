// What a game's board is given: the view JSON, who is looking, the looker's
// options, and how to choose one (directly, or by narrowing the option list).
import type { Option, SeatInfo } from "../types";

export interface BoardCtx {
  view: any;
  /** The seat looking (-1: a spectator, -2: the referee in a replay). */
  me: number;
  /** The looker's options now (empty when it is not its decision). */
  options: Option[];
  act(id: string): void;
  /** Narrows the option list to those matching `text` (several fit a click). */
  filter(text: string): void;
  seats: SeatInfo[];
  name(seat: number): string;
}

export type Board = (ctx: BoardCtx) => HTMLElement;

/** The options whose id names `token` as a whole `:`/`>`-separated part. */
export function optionsNaming(options: Option[], token: string): Option[] {
  return options.filter((o) => o.id.split(/[:>]/).slice(1).includes(token));
}
