// Genso Suikoden Card Stories: the four mission places (m0 m1 seat 0's, m2 m3
// seat 1's) with both sides' characters, each player's area, the own hand as
// cards with their text, and a duel's face-down picks. Clicking a card or a
// place chooses the option naming it, or narrows the list when several do.
// The own hand is a dock at the foot of the board that stays on screen while
// the places scroll (suikoden.css), so a player always sees what they hold.
import { h } from "../dom";
import { suikodenCard } from "../data";
import { optionsNaming, type Board } from "./board";
import type { Option } from "../types";

export const suikodenBoard: Board = (ctx) => {
  const v = ctx.view;
  const players: any[] = v.players || [];
  const me = ctx.me >= 0 ? ctx.me : 0;
  const them = 1 - me;
  let selected: string | null = null;
  const root = h("div.board.suikoden");

  const card = (id: string | null | undefined, extra = "", withText = false): HTMLElement => {
    if (!id) return h("div.scard.back", { title: "face down" }, h("span", "?"));
    const label: string = v.cards?.[id] || id;
    const data = suikodenCard(id);
    const fits = optionsNaming(ctx.options, id);
    const el = h("div.scard", {
        class: [extra, data?.type || "", fits.length ? "can" : ""].join(" "),
        "data-card": id, title: data?.text ? `${label}\n${data.text}` : label,
        onclick: fits.length ? (e: Event) => { e.stopPropagation(); clickCard(id, el); } : undefined,
      },
      h("strong", data?.name || label.replace(/ \(.*$/, "")),
      h("small", label.includes("(") ? label.slice(label.indexOf("(") + 1, -1) : ""),
      withText && data?.text ? h("p.text", data.text) : null);
    return el;
  };

  function clickCard(id: string, el: HTMLElement) {
    const fits = optionsNaming(ctx.options, id);
    if (fits.length === 1) return ctx.act(fits[0].id);
    selected = id;
    for (const x of Array.from(root.querySelectorAll(".scard.selected"))) x.classList.remove("selected");
    el.classList.add("selected");
    ctx.filter(id);
  }

  function clickPlace(place: string) {
    const fits: Option[] = optionsNaming(ctx.options, place).filter((o) => !selected || o.id.split(/[:>]/).includes(selected));
    if (fits.length === 1) ctx.act(fits[0].id);
    else if (fits.length > 1) ctx.filter(selected ? `${selected}:${place}` : place);
  }

  const playerArea = (seat: number, own: boolean): HTMLElement => {
    const p = players[seat];
    if (!p) return h("div");
    const hand: string[] | undefined = p.hand;
    return h("section.player", { class: own ? "own" : "other", "data-seat": seat },
      h("div.player-head",
        h("strong", ctx.name(seat)),
        h("span.vp", `${p.vp}/${v.vp_to_win ?? 5} VP`),
        h("span.muted", `deck ${p.deck_size} · hand ${p.hand_size}/${p.hand_limit} · discard ${(p.discard || []).length}`),
        v.turn_player === seat ? h("span.tag", "turn") : null),
      h("div.row.wrap",
        p.commander ? h("div.labelled", h("small", "commander"), card(p.commander, "commander", true)) : null,
        (p.resolved || []).length ? h("div.labelled", h("small", "resolved"),
          h("div.cards", (p.resolved as any[]).map((r) => h("div.resolved", card(r.card, "mission"), r.stationed ? card(r.stationed, "stationed") : null)))) : null),
      own && hand ? null
        : hand ? h("div.labelled", h("small", "hand"), h("div.cards.hand", hand.map((c) => card(c, "in-hand", true))))
        : h("div.labelled", h("small", "hand"), h("div.cards.hand.backs", Array.from({ length: p.hand_size || 0 }, () => card(null)))),
      (p.discard || []).length ? h("details.discard", h("summary", `discard pile (${p.discard.length})`),
        h("div.cards", (p.discard as string[]).map((c) => card(c, "small")))) : null);
  };

  const missions: any[] = v.missions || [];
  const battle = v.battle;
  const placeEl = (place: string): HTMLElement => {
    const m = missions.find((x) => x.place === place);
    const fits = optionsNaming(ctx.options, place);
    const isBattle = battle && battle.place === place;
    const el = h("div.place", {
        class: [m ? "" : "empty", fits.length ? "can" : "", isBattle ? "battle" : ""].join(" "),
        "data-place": place, onclick: fits.length ? () => clickPlace(place) : undefined,
      }, h("div.place-name", place));
    if (!m) {
      el.append(h("div.muted", "empty"));
      return el;
    }
    const side = (s: number) => h("div.side", { class: s === me ? "own" : "other" },
      h("div.side-head", h("small", ctx.name(s)),
        h("small.totals", `atk ${m.atk?.[s] ?? 0} · troops ${m.troops?.[s] ?? 0} · build ${m.build?.[s] ?? 0}`)),
      h("div.cards", (m.dispatched?.[s] || []).map((c: string) => card(c, "small"))));
    const support = m.support ? (typeof m.support === "string" ? m.support : m.support.card) : null;
    el.append(card(m.card, "mission", true),
      h("small.muted", `${m.battle} · placed by ${ctx.name(m.owner)}`),
      support ? h("div.labelled", h("small", "support"), card(support, "small")) : "",
      side(them), side(me));
    if (isBattle && m.battle === "duel" && battle.duel) {
      el.append(h("div.duel", h("small", "duel picks"), (battle.duel as any[]).map((d, s) =>
        h("div.duel-pick", { "data-seat": s }, h("small", ctx.name(s)),
          d.card ? card(d.card, "small") : d.picked ? h("div.scard.back.small", { title: "picked, face down" }, "face down") : h("span.muted", "choosing…")))));
    }
    return el;
  };

  const phase = h("div.status-line",
    h("span", `Turn ${v.turn ?? "?"}`), h("span", `phase: ${v.phase ?? "?"}`),
    v.turn_player !== undefined ? h("span", `turn player: ${ctx.name(v.turn_player)}`) : null,
    battle ? h("span.tag", `battle at ${battle.place}`) : null,
    v.winner !== null && v.winner !== undefined ? h("strong", `winner: ${ctx.name(v.winner)}`) : null);
  // Opponent's places above, own below; each seat owns two places.
  const places = (s: number) => h("div.places", [`m${2 * s}`, `m${2 * s + 1}`].map(placeEl));
  const mine = ctx.me >= 0 ? players[me] : undefined;
  const dock = mine?.hand
    ? h("section.own-hand", { "aria-label": "your hand" },
        h("small", `your hand ${mine.hand.length}/${mine.hand_limit ?? "?"}`),
        h("div.cards.hand", (mine.hand as string[]).map((c) => card(c, "in-hand", true))))
    : null;
  root.append(phase, playerArea(them, false), places(them), places(me), playerArea(me, ctx.me >= 0), dock || "");
  return root;
};
