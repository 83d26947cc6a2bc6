// Seat-strip facts of the two-player games (the multiplayer games' boards
// report their own beside their code).
import type { SeatFacts } from "./board";

export function suikodenFacts(v: any, seat: number): SeatFacts {
  const p = v.players?.[seat] || {};
  return {
    score: ["VP", `${p.vp ?? 0}/${v.vp_to_win ?? 5}`],
    counts: [["hand", p.hand_size ?? 0], ["deck", p.deck_size ?? 0], ["discard", (p.discard || []).length]],
    turn: v.turn_player === seat && v.winner == null,
    phase: v.phase,
    badges: v.first_player === seat ? ["first player"] : [],
  };
}

export function ddmFacts(v: any, seat: number): SeatFacts {
  const p = v.players?.[seat] || {};
  const crests = p.crests && typeof p.crests === "object"
    ? Object.entries(p.crests as Record<string, number>).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`) : [];
  return {
    score: ["master damage", p.master?.damage ?? 0],
    counts: [["reserve", p.reserve_size ?? 0], ["monsters", p.monsters_on_field ?? 0], ["dungeon", p.dungeon_squares ?? 0]],
    turn: v.turn_player === seat && v.winner == null,
    phase: v.phase,
    badges: crests,
  };
}
