// The fallback board for a game without its own (every game has one now;
// also drawn when a board fails on a view): the view JSON laid out readably.
// The option list beside it keeps such a game playable.
import { h } from "../dom";
import type { Board } from "./board";

export const genericBoard: Board = (ctx) => h("div.board.generic", value(ctx.view, 0));

/** Any JSON value as nested lists and definition lists. */
export function value(v: unknown, depth: number): HTMLElement | string {
  if (v === null || v === undefined) return h("span.null", "–");
  if (typeof v !== "object") return h("span.scalar", String(v));
  if (Array.isArray(v)) {
    if (!v.length) return h("span.muted", "none");
    if (v.every((x) => x === null || typeof x !== "object")) return h("span.scalar", v.map((x) => (x === null ? "–" : String(x))).join(", "));
    return h("ol.gen-list", { start: 0 }, v.map((x) => h("li", value(x, depth + 1))));
  }
  const entries = Object.entries(v as Record<string, unknown>);
  const table = h("dl.gen-obj", entries.map(([k, x]) => [h("dt", k), h("dd", value(x, depth + 1))]));
  if (depth >= 1 && entries.length > 6) return h("details", { open: depth < 3 }, h("summary", `${entries.length} fields`), table);
  return table;
}
