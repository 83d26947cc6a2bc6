// Last Chronicle Infinity: what the table around the board is told. Each
// seat's strip facts (life, hand, deck, CA, turn and phase, eliminated with
// its place), the question asked before a board click that cannot be undone,
// and the card a prompt is about (docs/games/lastchronicle.md).
import type { Option } from "../types";
import { cardInfo, cardName } from "../parts/cards";
import type { BoardCtx, SeatFacts } from "./board";
import { parts } from "./lastchronicle_acts";
import { caTotal } from "./lastchronicle_seat";

const GAME = "lastchronicle";
const WINDOWS: Record<string, string> = { preparation: "combat preparation", before_damage: "before damage", pre_end: "pre-end phase" };
const ORDINALS = ["1st", "2nd", "3rd", "4th"];

/** The phase as people say it: "main", "quick window: before damage", "attack"... */
export function phaseWords(v: any): string {
  switch (v.phase) {
    case "setup": return "set-up: setting aside a card for shed";
    case "mulligan": return "mulligan";
    case "main": return "main phase";
    case "name": return "combat preparation: naming the opponent";
    case "window": return `quick window: ${WINDOWS[v.window] ?? v.window}`;
    case "attack": return "combat: attack";
    case "block": return "combat: block";
    case "over": return "game over";
    default: return v.phase ?? "";
  }
}

/** A seat's place once it left: later is better, seats leaving together share one. */
export function placeOf(v: any, seat: number): number | undefined {
  if (v.results?.[seat]) return v.results[seat].place;
  const players: any[] = v.players || [];
  const p = players[seat];
  if (!p || p.in_game !== false || p.left_at === undefined) return undefined;
  return 1 + players.filter((q) => q.in_game !== false || (q.left_at ?? -1) > p.left_at).length;
}

export function lastChronicleFacts(v: any, seat: number): SeatFacts {
  const p = v.players?.[seat] || {};
  const ca = caTotal(p);
  const out = p.in_game === false ? (p.life <= 0 ? "eliminated" : p.decked ? "decked out" : "left") : undefined;
  const badges: string[] = [];
  if (v.phase !== "setup" && p.position !== undefined) badges.push(`${ORDINALS[p.position] ?? p.position + 1} player`);
  if (v.priority === seat) badges.push("priority");
  if (v.combat?.target === seat) badges.push("attacked");
  if ((v.bonus || []).includes(seat)) badges.push("elimination bonus");
  return {
    score: ["life", p.life ?? 0],
    counts: [["hand", p.hand_size ?? 0], ["deck", p.deck_size ?? 0],
      ca !== null ? ["CA", ca] : ["CA cards", (p.ca_yard || []).length + (p.tokens || []).length]],
    turn: v.turn_player === seat && !["setup", "mulligan", "over"].includes(v.phase) && p.in_game !== false,
    phase: phaseWords(v),
    out,
    // Once the game is over the strip shows each seat's result and place itself.
    place: out && !v.results ? placeOf(v, seat) : undefined,
    badges,
  };
}

/** Asks before a board click loses a card for good (or spends the chronoglyph at no cost). */
export function lastChronicleConfirm(o: Option, ctx: BoardCtx): string | null {
  const { verb, card } = parts(o.id);
  const name = cardName(GAME, card.replace(/@\d+$/, ""));
  switch (verb) {
    case "discard":
      return `Discard ${name} from your hand?`;
    case "return":
      return `Put ${name} on the bottom of your deck? You draw as many cards as you put back when you keep.`;
    case "shed":
      return card === "none" ? null : `Set ${name} aside to set on your chronoglyph as shed for the whole game?`;
    case "check":
      // A check that costs CA starts a payment, which can be cancelled; a free one is done at once.
      return /\(cost 0\)/.test(o.label) ? "Chrono check: wipe your chronoglyph and put the top card of your deck into your CA yard?" : null;
    case "unit": {
      // A sacrifice: the choosing seat picks one of its own units to put into its discard.
      const res = ctx.view.resolving;
      const text = res ? cardInfo(GAME, res.card)?.text ?? "" : "";
      return /sacrifice/i.test(text) && !card.includes("@") ? `Sacrifice ${name}? It goes into your discard.` : null;
    }
    default:
      return null;
  }
}

/** The card being resolved or paid for, or the attacker a block answers. */
export function lastChroniclePromptSource(v: any, me: number): string | null {
  const pay = v.payment;
  if (pay && pay.seat === me) return pay.card ? cardName(GAME, pay.card) : "Chrono check";
  if (v.resolving) return cardName(GAME, v.resolving.card);
  if (v.phase === "block" && v.combat?.target === me && v.combat.attacker) return `${cardName(GAME, v.combat.attacker)} attacks`;
  return null;
}
