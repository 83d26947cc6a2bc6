// Builds what a board is given (BoardCtx) from a view, the seats and the
// page's hooks: the table page and the replay page share it.
import type { BoardCtx, GameUi } from "../boards/board";
import type { Option, SeatInfo } from "../types";
import { cardEl, richText } from "./cards";
import { personalize, seatLabel, type People } from "./names";

export interface Hooks {
  act(id: string): void;
  actFromBoard(o: Option): void;
  filter(text: string): void;
  focus(options: Option[], heading: string): void;
}

export const noHooks: Hooks = { act: () => {}, actFromBoard: () => {}, filter: () => {}, focus: () => {} };

export function peopleOf(ui: GameUi, view: any, seats: SeatInfo[], me: number): People {
  let teams: number[] | undefined;
  try {
    teams = ui.teams?.(view);
  } catch {
    teams = undefined;
  }
  return { seats, me, teams };
}

export function boardContext(game: string, ui: GameUi, view: any, me: number, seats: SeatInfo[],
  options: Option[], hooks: Hooks): BoardCtx {
  const people = peopleOf(ui, view, seats, me);
  return {
    game, view, me, options, seats, people,
    ...hooks,
    name: (s) => seatLabel(people, s),
    card: (id, o) => cardEl(game, id, o),
    text: (s) => richText(game, personalize(s, people)),
  };
}
