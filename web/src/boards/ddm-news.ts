// Dungeon Dice Monsters: what the board says in words beside the field: the
// battle under way, what the last attack did, and, after the last round, which
// tie-break decided the game (docs/games/ddm.md "The round limit").
import { h } from "../dom";
import { ddmPiece } from "../data";
import type { BoardCtx } from "./board";

const pieceName = (id: string) => (id === "master" ? "dungeon master" : ddmPiece(id)?.name || id);

/** The battle being fought now (attacker and defender by square). */
export function battleLine(ctx: BoardCtx, v: any, nameAt: (sq: string) => string): HTMLElement | null {
  const b = v.battle;
  if (!b) return null;
  const attacker = b.attacker === "master" ? `${ctx.name(b.attacking_seat)}'s dungeon master` : `${nameAt(b.attacker)} on ${b.attacker}`;
  return h("p.battle-now", h("strong", "Battle: "), `${attacker} attacks ${nameAt(b.defender)} on ${b.defender}`,
    b.defended ? " — defended" : "");
}

/** What the last attack did: attacker, target, damage, whether it defended or fell. */
export function lastAttackLine(ctx: BoardCtx, v: any): HTMLElement | null {
  const a = v.last_attack;
  if (!a) return null;
  const target = a.defender === "master" ? `${ctx.name(1 - a.seat)}'s dungeon master` : pieceName(a.defender);
  const what = a.defender === "master"
    ? (a.damage ? "1 damage counter" : "no counter (attack 0)")
    : `${a.damage} damage${a.defended ? " (defended)" : " (taken)"}${a.destroyed ? ", destroyed" : ""}`;
  return h("p.last-attack", { "data-damage": a.damage },
    h("strong", "Last attack: "), `${ctx.name(a.seat)}'s ${pieceName(a.attacker)} hit ${target} on ${a.target}: ${what}`);
}

const RULES: Record<string, string> = {
  master_damage: "fewer damage counters on the dungeon master",
  monsters: "more monsters on the field",
  dungeon: "more dungeon squares",
  levels: "higher total level of monsters on the field",
};

/** After the round limit: the tie-breaks in order, and the one that decided. */
export function tieBreakBox(ctx: BoardCtx, v: any): HTMLElement | null {
  const t = v.tie_break;
  if (!t) return null;
  const rows: [string, number[]][] = [
    ["master_damage", t.master_damage], ["monsters", t.monsters], ["dungeon", t.dungeon], ["levels", t.levels]];
  const decided = t.rule === "draw"
    ? "Every tie-break is equal: the game is a draw."
    : `${ctx.name(v.winner)} wins on ${RULES[t.rule]}.`;
  return h("section.tie-break", { "data-rule": t.rule },
    h("strong", `Round ${v.turn_limit} is over: the tie-breaks decide. `), decided,
    h("ol", rows.map(([k, vals]) => h("li", { class: k === t.rule ? "decided" : "" },
      `${RULES[k]}: ${ctx.name(0)} ${vals?.[0]}, ${ctx.name(1)} ${vals?.[1]}`, k === t.rule ? " ← decided" : ""))));
}
