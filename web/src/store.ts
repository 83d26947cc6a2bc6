// What the browser keeps: the player's name, and each table's seat token so a
// reload or a new tab comes back to the seat (`resume`).
const NAME = "tabletop.name";
const SEATS = "tabletop.seats";

export interface SeatToken {
  seat: number;
  token: string;
  game?: string;
  title?: string;
  at?: number;
}

export function playerName(): string {
  return localStorage.getItem(NAME) || "";
}
export function setPlayerName(n: string): void {
  localStorage.setItem(NAME, n);
}

function all(): Record<string, SeatToken> {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || "{}") || {};
  } catch {
    return {};
  }
}
export function seatToken(table: string): SeatToken | null {
  return all()[table] || null;
}
export function saveSeatToken(table: string, t: SeatToken): void {
  const a = all();
  a[table] = { ...t, at: Date.now() };
  localStorage.setItem(SEATS, JSON.stringify(a));
}
export function forgetSeatToken(table: string): void {
  const a = all();
  delete a[table];
  localStorage.setItem(SEATS, JSON.stringify(a));
}
export function mySeats(): [string, SeatToken][] {
  return Object.entries(all()).sort((a, b) => (b[1].at || 0) - (a[1].at || 0));
}
