// Seats as people read them: a name, never "seat N". A person's seat is
// named by the name they joined with; a computer seat by a fixed name of its
// own (the same at every table and in replays, so a log can be followed).
// Whom a seat is to the viewer: you, a teammate or an opponent.
import type { SeatInfo } from "../types";

export type Relation = "you" | "teammate" | "opponent" | "player";

/** Who is looking and who sits where: what every name and label needs. */
export interface People {
  seats: SeatInfo[];
  /** The seat looking (-1 a spectator, -2 the referee in a replay). */
  me: number;
  /** Each seat's team (same number: same team); undefined when every seat is on its own. */
  teams?: number[];
}

const COMPUTERS = ["Ada", "Brix", "Cato", "Dara", "Edda", "Fenn", "Gale", "Hoss",
  "Iver", "Juno", "Kell", "Lark", "Moss", "Nell", "Orin", "Pim"];

/** The seat's name alone: "Ana", "Brix (computer)", "open seat". */
export function personName(p: People, seat: number): string {
  const s = p.seats.find((x) => x.seat === seat);
  if (!s) return COMPUTERS[seat % COMPUTERS.length] ?? "someone";
  if (s.kind !== "human") return `${COMPUTERS[seat % COMPUTERS.length]} (computer)`;
  if (!s.taken || !s.name) return `open seat ${letter(seat)}`;
  // Two people with one name are told apart by their place at the table.
  const twin = p.seats.some((x) => x.seat !== seat && x.kind === "human" && x.name === s.name);
  return twin ? `${s.name} ${letter(seat)}` : s.name;
}

/** Seats lettered A, B, C... where a place must be named (open seats, twins). */
export function letter(seat: number): string {
  return String.fromCharCode(65 + (seat % 26));
}

export function relation(p: People, seat: number): Relation {
  if (p.me < 0) return "player";
  if (seat === p.me) return "you";
  if (p.teams && p.teams[seat] !== undefined && p.teams[seat] === p.teams[p.me]) return "teammate";
  return "opponent";
}

/** "Ana (you)", "Brix (computer, teammate)", "Cleo (opponent)"; a spectator sees names only. */
export function seatLabel(p: People, seat: number): string {
  const name = personName(p, seat);
  const rel = relation(p, seat);
  if (rel === "player") return name;
  if (name.endsWith(" (computer)")) return `${name.slice(0, -11)} (computer, ${rel})`;
  return `${name} (${rel})`;
}

/** A text from the engine (log line, option label, prompt) with every
 * "seat N" (or "Seat N", "seats N and M") replaced by the seat's label. */
export function personalize(text: string, p: People): string {
  return text
    .replace(/\b[Ss]eats (\d+) and (\d+)\b/g, (_, a, b) => `${seatLabel(p, Number(a))} and ${seatLabel(p, Number(b))}`)
    .replace(/\b[Ss]eat (\d+)\b/g, (_, n) => seatLabel(p, Number(n)));
}
