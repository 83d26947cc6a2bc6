// The Magic-style multiplayer table (docs/games/magic.md), 2 to 16 seats in
// every variant: the other players around the top (grouped by team, a
// shared life once per team), the turn and its markers, the stack, the
// combat, the board buttons of the decision, and the viewer's own place and
// hand at the bottom. Everything the viewer may decide is a click on the
// board (magic_options.ts); the option list beside it stays as the fallback.
import { h, clear } from "../dom";
import type { Board, BoardCtx } from "./board";
import type { Option } from "../types";
import { cardName } from "../parts/cards";
import { aroundTable } from "../parts/strips";
import { OptionMap, selection } from "./magic_options";
import { type Kit, teamsOf, sharesLife, members } from "./magic_kit";
import { playerArea } from "./magic_battlefield";
import { stackPanel, choicePanel } from "./magic_stack";
import { statusLine, combatPanel } from "./magic_combat";

export const magicBoard: Board = (ctx) => {
  const root = h("div.board.magic");
  const draw = () => clear(root, table(ctx, draw));
  draw();
  return root;
};

/** What a board element is called in a heading ("Sudden Bolt", "Cato (opponent)"). */
function elementName(ctx: BoardCtx, key: string): string {
  const seat = /^seat(\d+)$/.exec(key);
  if (seat) return ctx.name(Number(seat[1]));
  const spell = /^spell(\d+)$/.exec(key);
  if (spell) {
    const it = (ctx.view.stack || []).find((x: any) => String(x.id) === spell[1]);
    return it ? cardName("magic", it.ref || it.card) : "a spell";
  }
  if (key.startsWith("order:")) return `${cardName("magic", key.split(":")[1])}'s trigger`;
  return cardName("magic", key);
}

function table(ctx: BoardCtx, redraw: () => void): HTMLElement[] {
  const v = ctx.view;
  const map = new OptionMap(ctx.options);
  const sel = selection(ctx.options);
  if (sel.key && !map.about(sel.key).length) sel.key = null;
  const starters = map.starters();
  const partners = sel.key ? map.partners(sel.key) : new Set<string>();

  const reset = () => {
    sel.key = null;
    sel.choices = null;
  };
  const click = (key: string) => {
    if (sel.key === key) {
      reset();
      ctx.filter("");
      return redraw();
    }
    const r = map.click(key, sel.key);
    const name = elementName(ctx, key);
    if (r.take) {
      reset();
      redraw();
      return ctx.actFromBoard(r.take);
    }
    if (r.select) {
      sel.key = r.select;
      sel.choices = r.choices ?? null;
      sel.heading = name;
      ctx.focus(map.about(key).map((p) => p.option), `${name}: ${map.about(key).length} options`);
    } else if (r.choices) {
      sel.heading = sel.key ? `${elementName(ctx, sel.key)} and ${name}` : name;
      sel.key = null;
      sel.choices = r.choices;
      ctx.focus(r.choices, `${sel.heading}: ${r.choices.length} options`);
    }
    redraw();
  };

  const kit: Kit = {
    ctx, v, map, sel,
    hook(el, key) {
      el.dataset.key = key;
      if (partners.has(key)) el.classList.add("partner");
      if (sel.key === key) el.classList.add("selected");
      if (starters.has(key) || partners.has(key)) {
        el.classList.add("can");
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        el.addEventListener("click", (e) => { e.stopPropagation(); click(key); });
        el.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); click(key); }
        });
      }
      return el;
    },
    card(id, key, o = {}) {
      const el = ctx.card(id, { ...o, ref: o.ref ?? id ?? undefined });
      return key ? kit.hook(el, key) : el;
    },
  };

  const n = v.players?.length ?? 0;
  const me = ctx.me >= 0 && ctx.me < n ? ctx.me : -1;
  const order = aroundTable(n, me);
  const teams = teamsOf(v);
  const mineSeats = me < 0 ? [] : teams ? order.filter((s) => teams[s] === teams[me]) : [me];
  const others = order.filter((s) => !mineSeats.includes(s));
  return [
    statusLine(kit),
    h("div.mothers", { class: others.length > 3 ? "many" : "" }, places(kit, others, teams)),
    h("div.mmiddle", stackPanel(kit), choicePanel(kit), combatPanel(kit)),
    actionBar(kit, () => { reset(); ctx.filter(""); redraw(); }),
    mineSeats.length ? h("div.mmine", places(kit, mineSeats, teams)) : null,
  ].filter((x): x is HTMLElement => !!x);
}

/** Player places, in a box per team when there are teams (the team's life
 * once on it under Two-Headed Giant). */
function places(k: Kit, seats: number[], teams: number[] | undefined): HTMLElement[] {
  if (!teams) return seats.map((s) => playerArea(k, s));
  const order: number[] = [];
  for (const s of seats) if (!order.includes(teams[s])) order.push(teams[s]);
  return order.map((t) => {
    const ss = seats.filter((s) => teams[s] === t);
    const first = k.v.players[members(k.v, t)[0]] || {};
    return h("div.mteam", { "data-team": t },
      h("div.mteam-head", h("strong", `Team ${String.fromCharCode(65 + t)}`),
        sharesLife(k.v) ? h("span.mteam-life", { "data-team-life": t, title: "the team's life, shared (810.4)" }, h("small", "team life"), h("b", String(first.life ?? "?"))) : null,
        sharesLife(k.v) && first.poison ? h("span.mpoison", h("small", "team poison"), String(first.poison)) : null,
        h("small.muted", members(k.v, t).map((s) => k.ctx.name(s)).join(" · "))),
      h("div.mteam-members", ss.map((s) => playerArea(k, s))));
  });
}

/** The decision's buttons (pass, done, keep, modes...), the choices a click
 * left open, and what is selected. */
function actionBar(k: Kit, clearSel: () => void): HTMLElement | null {
  const { ctx, map, sel } = k;
  const button = (o: Option) => h("button.mbtn", {
      type: "button", "data-option": o.id, class: /^(pass|attack-done|block-done|assign-done|pick-done|keep)$/.test(o.id) ? "primary" : "",
      onclick: () => { clearSel(); ctx.actFromBoard(o); },
    }, ctx.text(o.label));
  const plain = map.buttons();
  if (!plain.length && !sel.key && !sel.choices) return null;
  return h("div.mactions", { "data-panel": "actions" },
    sel.key ? h("div.mselected", h("span", "Selected ", h("strong", ctx.text(sel.heading)), ": now click a highlighted player or card."),
      h("button.small.mclear", { type: "button", onclick: clearSel }, "Clear")) : null,
    sel.choices ? h("div.mchoices", h("span", ctx.text(sel.heading), ":"), sel.choices.map(button),
      sel.key ? null : h("button.small.mclear", { type: "button", onclick: clearSel }, "Back")) : null,
    plain.length ? h("div.mbuttons", plain.map(button)) : null);
}
