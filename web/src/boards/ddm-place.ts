// Dungeon Dice Monsters: turning the dungeon piece while placing it. The
// engine asks for the shape, then the turn, then the square (docs/games/ddm.md
// "Decisions in steps"); once a turn is chosen the player can still rotate or
// mirror the net with the buttons or the keys R and M: the board goes back a
// step (`cancel`) and chooses the next turn the engine offers (`turn:T3`), and
// the preview on the field follows.
import { h } from "../dom";
import type { BoardCtx } from "./board";
import { net, turnsAfter, type Cell } from "./nets";
import { startPlan, planRunning } from "./ddm-plan";

type How = "rotate" | "mirror";

/** The plan that turns the chosen net of `shape` from `turn` (ddm-plan.ts). */
function turning(shape: string, turn: number, how: How) {
  return {
    next(ctx: BoardCtx): string | null {
      const p = ctx.view.placing;
      if (ctx.view.phase !== "place" || p?.shape !== shape) return null;
      if (p.turn === turn) return "cancel";
      if (p.turn !== null && p.turn !== undefined) return null; // turned: done
      const offered = (t: number) => ctx.options.some((o) => o.id === `turn:${shape}${t}`);
      const next = turnsAfter(shape, turn, how).find(offered);
      return `turn:${shape}${next ?? turn}`;
    },
  };
}

// The keys act on the board drawn last, while it is on the page.
let keys: ((how: How) => void) | null = null;
let keysFor: HTMLElement | null = null;
let listening = false;

function onKey(e: KeyboardEvent) {
  if (!keys || !keysFor?.isConnected || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target as HTMLElement | null;
  if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
  const how = e.key === "r" || e.key === "R" ? "rotate" : e.key === "m" || e.key === "M" ? "mirror" : null;
  if (!how) return;
  e.preventDefault();
  keys(how);
}

/**
 * The turn controls while placing (null when not placing), and the keys R/M
 * for the board `root` (`turned`: drawn half round, as seat 0 sees it). At
 * the turn step R or M chooses the first turn offered.
 */
export function turnControls(ctx: BoardCtx, root: HTMLElement, turned: boolean): HTMLElement | null {
  const v = ctx.view;
  const shape: string | undefined = v.placing?.shape;
  const turn: number | null = v.placing?.turn ?? null;
  const mine = ctx.options.length > 0;
  if (v.phase !== "place" || !shape || !mine) {
    keys = null; // this drawing replaces the one the keys were for
    return null;
  }
  const firstTurn = ctx.options.find((o) => o.id.startsWith("turn:"))?.id;
  const act = (how: How) => {
    if (planRunning()) return;
    if (turn === null) return void (firstTurn && ctx.act(firstTurn));
    startPlan(turning(shape, turn, how), ctx);
  };
  if (!listening) {
    document.addEventListener("keydown", onKey);
    listening = true;
  }
  keys = act;
  keysFor = root;
  const can = (how: How) => (turn === null ? !!firstTurn : turnsAfter(shape, turn, how).length > 0);
  // Drawn as on the field, which seat 0 sees turned half round.
  const cells = turn !== null ? net(`${shape}${turn}`)?.map(([c, r]): Cell => (turned ? [-c, -r] : [c, r])) : undefined;
  return h("div.turn-bar",
    h("span", turn === null ? `Net ${shape}: choose how it is turned` : `Net ${shape}${turn}`),
    cells ? netThumb(cells) : null,
    h("button.turn-net", { type: "button", "data-turn": "rotate", disabled: !can("rotate"), title: "Rotate the net a quarter turn clockwise (key R)", onclick: () => act("rotate") }, "⟳ Rotate (R)"),
    h("button.turn-net", { type: "button", "data-turn": "mirror", disabled: !can("mirror"), title: "Mirror the net (key M)", onclick: () => act("mirror") }, "⇋ Mirror (M)"));
}

/** A small drawing of a net: its squares, the monster's darker. */
function netThumb(cells: Cell[]): HTMLElement {
  const cs = cells.map(([c]) => c), rs = cells.map(([, r]) => r);
  const c0 = Math.min(...cs), r0 = Math.min(...rs);
  const w = Math.max(...cs) - c0 + 1, hgt = Math.max(...rs) - r0 + 1;
  const el = h("span.net-thumb", { style: { gridTemplateColumns: `repeat(${w}, 8px)`, gridTemplateRows: `repeat(${hgt}, 8px)` }, "aria-hidden": "true" });
  for (const [c, r] of cells)
    el.append(h("i", { class: c === 0 && r === 0 ? "m" : "", style: { gridColumn: String(c - c0 + 1), gridRow: String(r - r0 + 1) } }));
  return el;
}
