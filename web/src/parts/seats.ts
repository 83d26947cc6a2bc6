// A seat as the lobby lists it: the person's name, a computer with its agent,
// or an open seat; never a seat number (names.ts names them for people).
import type { SeatInfo } from "../types";
import { personName } from "./names";

export function seatLabel(s: SeatInfo, seats: SeatInfo[]): string {
  const name = personName({ seats, me: -1 }, s.seat);
  return s.kind === "human" ? name : `${name.replace(/ \(computer\)$/, "")} (computer: ${s.kind})`;
}
