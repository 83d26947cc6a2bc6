// A board per game; games without one get the generic view.
import type { Board } from "./board";
import { suikodenBoard } from "./suikoden";
import { ddmBoard } from "./ddm";
import { genericBoard } from "./generic";

const boards: Record<string, Board> = { suikoden: suikodenBoard, ddm: ddmBoard };

export function boardFor(game: string): Board {
  return boards[game] || genericBoard;
}
