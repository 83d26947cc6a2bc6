// The seats of a table: who sits where, human or computer, connected, still in
// the game, whose decision it is, and each seat's timer.
import { h } from "../dom";
import type { SeatInfo, Update } from "../types";

export function seatLabel(s: SeatInfo): string {
  const who = s.kind === "human" ? (s.taken ? s.name || "player" : "open") : `computer (${s.kind})`;
  return `${s.seat}: ${who}`;
}

export function seatName(seats: SeatInfo[] | undefined, seat: number): string {
  const s = seats?.find((x) => x.seat === seat);
  if (!s) return `Seat ${seat}`;
  if (s.kind !== "human") return `Seat ${seat} (${s.kind})`;
  return s.name ? `${s.name} (seat ${seat})` : `Seat ${seat}`;
}

export function seatsPanel(u: Update, me: number, table: string, clockText: (seat: number) => string): HTMLElement {
  const deciding = new Set(u.pending.map((p) => p.seat));
  return h("ul.seats", u.seats.map((s) => {
    const flags: string[] = [];
    if (s.seat === me) flags.push("you");
    if (s.kind === "human" && s.taken) flags.push(s.connected ? "online" : "offline");
    if (!s.in_game) flags.push("left");
    const clock = clockText(s.seat);
    return h("li.seat", {
        class: [deciding.has(s.seat) ? "deciding" : "", s.seat === me ? "me" : "", s.connected ? "" : "away"].join(" "),
        "data-seat": s.seat,
      },
      h("span.dot", { title: s.connected ? "connected" : "not connected" }),
      h("span.name", s.kind === "human" ? (s.taken ? s.name : "open seat") : `computer (${s.kind})`),
      h("small.muted", `seat ${s.seat}`),
      flags.length ? h("small.flags", flags.join(" · ")) : null,
      deciding.has(s.seat) ? h("span.turn", "deciding") : null,
      clock ? h("span.clock", { "data-clock-seat": s.seat }, clock) : null,
      s.kind === "human" && !s.taken && me < 0
        ? h("a.button.small", { href: `#/t/${table}/join/${s.seat}` }, "Take seat") : null);
  }));
}
