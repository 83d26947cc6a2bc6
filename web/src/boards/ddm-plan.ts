// One thing a player does that the engine takes as several decisions in a row
// (docs/games/ddm.md "Decisions in steps"): rolling three dice is three `die:`
// picks, turning a net already chosen is `cancel` and then another `turn:`.
// The board keeps the plan between updates and, on each new view, sends the
// next option the plan calls for, as long as the engine offers it.
import type { BoardCtx } from "./board";

export interface Plan {
  /** The next option id to send for this view, or null when the plan is done or no longer fits. */
  next(ctx: BoardCtx): string | null;
}

let current: Plan | null = null;
let sent = 0; // options sent for the current plan: a plan never runs away
let followed: unknown = null; // the view last followed: a board drawn again for it sends nothing

/** Starts a plan and takes its first step now. */
export function startPlan(plan: Plan, ctx: BoardCtx): void {
  current = plan;
  sent = 0;
  followed = null;
  followPlan(ctx);
}

export function planRunning(): boolean {
  return current !== null;
}

/** Called on every board drawing: the plan's next step, if the engine offers it. */
export function followPlan(ctx: BoardCtx): void {
  if (!current || ctx.me < 0 || followed === ctx.view) return;
  followed = ctx.view;
  const id = current.next(ctx);
  if (id === null || sent >= 6 || !ctx.options.some((o) => o.id === id)) {
    current = null;
    return;
  }
  sent++;
  // After the board is drawn: the page sends one decision at a time.
  setTimeout(() => ctx.act(id), 0);
}
