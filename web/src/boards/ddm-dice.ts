// Dungeon Dice Monsters: a player's dice pool, the roll as one action, and what
// the last roll showed. The player picks three dice on the board (picking is
// only marking, it can be changed) and presses Roll; the board then sends the
// three `die:` choices one after the other (ddm-plan.ts), as the engine takes
// a roll in steps. Dice already picked through the option list count too.
import { h } from "../dom";
import { dieFaces } from "../data";
import type { BoardCtx } from "./board";
import { startPlan, planRunning } from "./ddm-plan";

export const CREST_MARK: Record<string, string> = { summon: "S", move: "M", attack: "A", defense: "D", magic: "G", trap: "T" };

// The dice marked for the next roll: die slots, for this turn and roll only.
let marked: { roll: string; slots: number[] } = { roll: "", slots: [] };

const rollKey = (v: any) => `${v.turn}/${v.rolls_done}`;

/** The faces of a die as crest letters ("²": a double crest). */
function faceMarks(faces: string[]): string {
  return faces.map((f) => CREST_MARK[f.replace(/\d$/, "")] + (/\d$/.test(f) ? "²" : "")).join("");
}

/** The engine's next `die:` for a roll of the dice `want` (ids), given those already picked. */
function nextDie(ctx: BoardCtx, roll: string, want: string[]): string | null {
  const v = ctx.view;
  if (v.phase !== "roll" || rollKey(v) !== roll) return null;
  const dice: string[] = v.players?.[ctx.me]?.dice || [];
  const left = [...want];
  for (const slot of v.picked || []) {
    const i = left.indexOf(dice[slot]);
    if (i < 0) return null; // someone picked another die: the plan no longer fits
    left.splice(i, 1);
  }
  return left.length ? `die:${left[0]}` : null;
}

export function dicePanel(ctx: BoardCtx, p: any, seat: number): HTMLElement {
  const v = ctx.view;
  const dice: string[] = p.dice || [];
  const own = seat === ctx.me;
  const rolling = own && v.phase === "roll" && ctx.options.some((o) => o.id.startsWith("die:"));
  const roll = rollKey(v);
  if (marked.roll !== roll) marked = { roll, slots: [] };
  const picked = new Set<number>((v.turn_player === seat ? v.picked || [] : []).map(Number));
  const need = 3 - picked.size;

  const rollButton = h("button.roll.primary", { type: "button" }) as HTMLButtonElement;
  const buttons: HTMLButtonElement[] = [];
  const refresh = () => {
    buttons.forEach((b, i) => b.classList.toggle("marked", marked.slots.includes(i)));
    const n = marked.slots.length;
    rollButton.disabled = n !== need || planRunning();
    rollButton.textContent = n === need ? "Roll" : `Roll (mark ${need - n} more)`;
  };
  rollButton.onclick = () => {
    if (marked.slots.length !== need) return;
    const want = [...Array.from(picked, (s) => dice[s]), ...marked.slots.map((s) => dice[s])];
    startPlan({ next: (c) => nextDie(c, roll, want) }, ctx);
    rollButton.disabled = true;
  };
  dice.forEach((id, i) => {
    const faces = dieFaces(id);
    const can = rolling && !picked.has(i);
    const b = h("button.die", {
      type: "button", class: [picked.has(i) ? "picked" : "", can ? "can" : ""].join(" "), disabled: !can, "data-die": id, "data-slot": i,
      title: faces ? `${id}: ${faces.join(" ")}` : id, "aria-pressed": String(marked.slots.includes(i)),
      onclick: () => {
        const at = marked.slots.indexOf(i);
        if (at >= 0) marked.slots.splice(at, 1);
        else if (marked.slots.length < need) marked.slots.push(i);
        b.setAttribute("aria-pressed", String(marked.slots.includes(i)));
        refresh();
      },
    }, h("strong", id), faces ? h("small", faceMarks(faces)) : null) as HTMLButtonElement;
    buttons.push(b);
  });
  refresh();
  return h("div.dice-row",
    h("div.dice", buttons),
    rolling ? h("div.roll-bar", rollButton, h("small.muted", "Mark three dice, then roll them.")) : null,
    v.turn_player === seat ? lastRoll(v) : null);
}

/** The last roll of the turn: each die's face, the crests it added, the summon it allows. */
function lastRoll(v: any): HTMLElement | null {
  const rolled: any[] = v.rolled || [];
  if (!rolled.length) return null;
  const gained = new Map<string, number>();
  for (const d of rolled) if (d.crest !== "summon" && d.gained) gained.set(d.crest, (gained.get(d.crest) || 0) + d.gained);
  const levels: number[] = v.summon_levels || [];
  return h("div.rolled", { "aria-label": "last roll" },
    h("small", `roll ${v.rolls_done}:`),
    rolled.map((d) => h("span.face", { class: d.crest, title: `${d.die} (level ${d.level}) shows ${d.crest}${d.times > 1 ? " ×" + d.times : ""}` },
      h("small", d.die), " ", h("strong", `${CREST_MARK[d.crest] || "?"}${d.crest === "summon" ? d.level : ""}${d.times > 1 ? "×" + d.times : ""}`))),
    h("span.gained", gained.size ? "gained " + Array.from(gained, ([k, n]) => `+${n} ${k}`).join(", ") : "no crests gained"),
    levels.length ? h("span.tag", `may summon level ${levels.join(" or ")}`) : null);
}
