// Last Chronicle Infinity, 2 to 4 players (docs/games/lastchronicle.md): the
// turn and phase, whose chance it is in a quick window, the current attack,
// what is resolving or being paid for, abilities waiting, an elimination
// bonus step by step, the final places; then the other players' areas in turn
// order from the viewer's left, and the viewer's own (lastchronicle_seat.ts).
// A click on a card, unit, leader, chronoglyph or player takes the option it
// fits or narrows the list to those; the bar holds the options about none.
import { h } from "../dom";
import { cardName } from "../parts/cards";
import { aroundTable, ordinal } from "../parts/strips";
import type { Board, BoardCtx } from "./board";
import { Acts, refOf } from "./lastchronicle_acts";
import { phaseWords } from "./lastchronicle_facts";
import { seatArea } from "./lastchronicle_seat";

const GAME = "lastchronicle";
const BONUS_STEPS = ["5 life", "draw 1", "chrono check", "develop"];
const PAYING_FOR = ["", "placing", "using", "activating", "a chrono check"];

export const lastChronicleBoard: Board = (ctx) => {
  const v = ctx.view;
  const acts = new Acts(ctx);
  const n = (v.players || []).length;
  const order = aroundTable(n, ctx.me);
  const others = order.filter((s) => s !== ctx.me);
  // Seats first: the bar (drawn last) holds what no element claimed.
  const areas = others.map((s) => seatArea(ctx, acts, s));
  const mine = ctx.me >= 0 && ctx.me < n ? seatArea(ctx, acts, ctx.me) : null;
  const events = h("div.lc-events", combatPanel(ctx), payingPanel(ctx), resolvingPanel(ctx, acts), triggersPanel(ctx, acts), bonusPanel(ctx), resultsPanel(ctx));
  return h("div.board.lastchronicle",
    statusLine(ctx), events, bar(ctx, acts),
    h("div.lc-others", areas),
    mine);
};

function statusLine(ctx: BoardCtx): HTMLElement {
  const v = ctx.view;
  const chance = v.phase === "window" && v.priority !== null && v.priority !== undefined
    ? h("span.lc-window", `${ctx.name(v.priority)} has the chance to act`,
        v.passed ? ` · ${seatsIn(v.passed, (v.players || []).length).length} passed this round` : "",
        v.others_acted ? " · a non-turn player acted: the window goes round again" : "")
    : null;
  return h("div.lc-status",
    v.turn ? h("strong", `Turn ${v.turn}`) : null,
    v.turn && v.phase !== "over" ? h("span", `${ctx.name(v.turn_player)}'s turn`) : null,
    h("span.lc-phase", { "data-phase": v.phase, "data-window": v.window }, phaseWords(v)),
    chance,
    v.phase === "mulligan" && v.deciding >= 0 ? h("span", `${ctx.name(v.deciding)} decides the mulligan`) : null,
    v.jump_to_end ? h("span.lc-tag", "the turn player left: on to the end phase") : null);
}

/** The seats in a seat mask. */
function seatsIn(mask: number, n: number): number[] {
  return Array.from({ length: n }, (_, s) => s).filter((s) => (mask >> s) & 1);
}

/** The current attack: who attacks whom with what, and the blocker. */
function combatPanel(ctx: BoardCtx): HTMLElement | null {
  const c = ctx.view.combat;
  if (!c) return null;
  const small = (id: string | null, owner: number) => (id ? ctx.card(id, { classes: "small", ref: refOf(id, owner, ctx.me) }) : null);
  const blocker = c.blocker ? small(c.blocker, c.blocker_owner)
    : h("span.lc-empty", ctx.view.phase === "block" ? "deciding whether to block" : c.attacker && ctx.view.window === "before_damage" ? "not blocked" : "—");
  return h("div.lc-panel.lc-combat", { "data-attacker": c.attacker ?? "", "data-target": c.target },
    h("strong", "Attack"),
    h("span", `${ctx.name(ctx.view.turn_player)} attacks ${ctx.name(c.target)}`),
    c.attacker ? h("div.lc-slot", h("small", "attacker"), small(c.attacker, c.attacker_owner)) : h("span.lc-empty", "no attacker chosen yet"),
    c.attacker ? h("div.lc-slot", h("small", "blocker"), blocker) : null);
}

/** A payment under way: what for, and the CA still to pay. */
function payingPanel(ctx: BoardCtx): HTMLElement | null {
  const pay = ctx.view.payment;
  if (!pay) return null;
  return h("div.lc-panel.lc-paying", h("strong", "Paying"),
    h("span", `${ctx.name(pay.seat)}: ${PAYING_FOR[pay.what] ?? ""}`),
    pay.card ? ctx.card(pay.card, { classes: "small" }) : null,
    h("span", `${pay.remaining} CA still to pay`), pay.x ? h("span", `X = ${pay.x}`) : null);
}

/** A spell or ability resolving: whose, the opponent it named, whom it waits for. */
function resolvingPanel(ctx: BoardCtx, acts: Acts): HTMLElement | null {
  const r = ctx.view.resolving;
  if (!r) return null;
  const card = ctx.card(r.card, { classes: "small", ref: refOf(r.card, r.owner, ctx.me) });
  // "Set it on your chronoglyph as ride?": the resolving card itself is the yes.
  acts.clickable(card, acts.exact("yes"), `${cardName(GAME, r.card)}: set as ride`);
  return h("div.lc-panel.lc-resolving", h("strong", "Resolving"), card,
    h("span", `${ctx.name(r.controller)}'s ${r.spell ? "spell" : "ability"}`),
    r.opponent >= 0 ? h("span", `the opponent named: ${ctx.name(r.opponent)}`) : null,
    r.x ? h("span", `X = ${r.x}`) : null,
    r.waiting >= 0 ? h("span", `waiting for ${ctx.name(r.waiting)}`) : null);
}

/** Abilities that triggered and wait, in the order the seats will resolve them. */
function triggersPanel(ctx: BoardCtx, acts: Acts): HTMLElement | null {
  const t: any[] = ctx.view.triggers || [];
  if (!t.length) return null;
  return h("div.lc-panel.lc-triggers", h("strong", "Waiting abilities"),
    t.map((x) => {
      const ref = refOf(x.card, x.owner, ctx.me);
      const el = ctx.card(x.card, { classes: "small", ref, note: ctx.name(x.seat) });
      return acts.clickable(el, acts.trigger(ref, x.ability), `${cardName(GAME, x.card)}: resolve first`);
    }));
}

/** The elimination bonus, one part at a time (5 life, draw, chrono check, develop). */
function bonusPanel(ctx: BoardCtx): HTMLElement | null {
  const b: number[] = ctx.view.bonus || [];
  if (!b.length) return null;
  const step = ctx.view.bonus_step ?? 0;
  return h("div.lc-panel.lc-bonus", h("strong", "Elimination bonus"),
    b.map((s, i) => h("span.lc-bonus-for", { "data-seat": s }, ctx.name(s), ": ",
      BONUS_STEPS.map((w, k) => h("span.lc-step", { class: i === 0 && k < step ? "done" : i === 0 && k === step ? "next" : "" }, w)))));
}

function resultsPanel(ctx: BoardCtx): HTMLElement | null {
  const res: any[] = ctx.view.results || [];
  if (!res.length) return null;
  const order = res.map((r, seat) => ({ seat, ...r })).sort((a, b) => a.place - b.place);
  return h("div.lc-panel.lc-results", h("strong", "Final places"),
    h("ul.lc-places", order.map((r) => h("li", { "data-seat": r.seat, class: "r-" + r.result }, `${ordinal(r.place)} ${ctx.name(r.seat)} – ${r.result}`))));
}

/** Buttons for the options about no element (pass, go to combat, no block, keep...). */
function bar(ctx: BoardCtx, acts: Acts): HTMLElement | null {
  const items = acts.bar();
  if (!items.length) return null;
  return h("div.lc-bar", items.map(({ option, placed }) =>
    h("button.lc-act", {
      type: "button", class: placed ? "" : "unplaced", "data-option": option.id, "data-fits": option.id,
      onclick: () => ctx.actFromBoard(option),
    }, ctx.text(option.label))));
}
