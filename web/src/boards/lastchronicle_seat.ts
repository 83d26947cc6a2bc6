// Last Chronicle Infinity: one player's area. Its leader area (usable or not,
// and why), chronoglyph with the ride and shed cards, CA yard with its cards'
// and tokens' CA, battlefield, hand (the own as cards, another's as backs
// with the cards this seat knows face up), discard and removed cards, and
// deck. Elements the seat's options are about are clickable (Acts).
import { h } from "../dom";
import { cardInfo } from "../parts/cards";
import { relation } from "../parts/names";
import type { BoardCtx } from "./board";
import { Acts, refOf } from "./lastchronicle_acts";

const GAME = "lastchronicle";

/** A card's printed CA (what it pays, before the same-colour bonus). */
export function caOf(id: string): number | undefined {
  const s = cardInfo(GAME, id)?.stats.find(([k]) => k === "CA");
  return s ? Number(s[1]) : undefined;
}

/** The CA in a seat's yard, its cards and tokens at their printed values; null until the catalogue is there. */
export function caTotal(p: any): number | null {
  let n = 0;
  for (const c of [...(p.ca_yard || []), ...(p.tokens || [])]) {
    const v = caOf(c);
    if (v === undefined) return null;
    n += v;
  }
  return n;
}

/** Where a seat's leader is, as the leader rule reads it. */
export function leaderState(v: any, seat: number): string {
  const p = v.players?.[seat] || {};
  if (!p.leader) return "";
  if (p.in_game === false && (p.removed || []).includes(p.leader)) return "removed from the game";
  if (p.leader_home) return p.leader_usable ? "in the leader area, usable" : "used: usable again after developing";
  const onField = (v.players || []).some((q: any) => (q.field || []).some((u: any) => u.card === p.leader && u.owner === seat));
  return onField ? "on the battlefield" : "in hand";
}

/** The bits set in a bit mask sent as a decimal string (payment cards) or number. */
function bits(mask: unknown): Set<number> {
  const out = new Set<number>();
  let m = BigInt(typeof mask === "string" || typeof mask === "number" ? mask : 0);
  for (let i = 0; m > 0n; i++, m >>= 1n) if (m & 1n) out.add(i);
  return out;
}

/** CA an option label says a card pays now ("Pay with Ember Relic (CA 3)"). */
function paysNow(label: string): string | null {
  const m = /\(CA (\d+)\)$/.exec(label);
  return m ? m[1] : null;
}

export function seatArea(ctx: BoardCtx, acts: Acts, seat: number): HTMLElement {
  const v = ctx.view;
  const p = v.players?.[seat] || {};
  const own = seat === ctx.me;
  const small = own ? "" : "small";
  const name = (id: string) => cardInfo(GAME, id)?.name ?? id;
  const combat = v.combat;
  const paying = v.payment && v.payment.seat === seat ? v.payment : null;

  // The head: who, life, and what is going on with this player.
  const rel = relation(ctx.people, seat);
  const tags: (HTMLElement | null)[] = [
    v.turn_player === seat && !["setup", "mulligan", "over"].includes(v.phase) ? h("span.lc-tag.turn", "turn") : null,
    v.priority === seat ? h("span.lc-tag.priority", "priority") : null,
    v.phase === "window" && (Number(v.passed) >> seat) & 1 ? h("span.lc-tag", "passed") : null,
    combat && combat.target === seat ? h("span.lc-tag.attacked", "attacked") : null,
    (v.bonus || []).includes(seat) ? h("span.lc-tag.bonus", "elimination bonus") : null,
    p.decked ? h("span.lc-tag", "deck ran out") : null,
    p.in_game === false ? h("span.lc-tag.out", p.life <= 0 ? "eliminated" : p.decked ? "decked out" : "left the game") : null,
  ];
  const head = h("div.lc-seat-head",
    h("strong.lc-name", ctx.name(seat)),
    h("span.lc-life", { title: "life" }, h("small", "life"), h("b", String(p.life ?? "?"))),
    h("span.lc-count", `hand ${p.hand_size ?? 0}`), h("span.lc-count", `deck ${p.deck_size ?? 0}`),
    v.phase !== "setup" && p.position !== undefined ? h("span.lc-count", `${["1st", "2nd", "3rd", "4th"][p.position] ?? p.position + 1} in turn order`) : null,
    p.developed ? h("span.lc-count", `developed ${p.developed}`) : null,
    tags);
  const seatFits = acts.seat(seat);
  acts.clickable(head, seatFits, `${ctx.name(seat)}: ${seatFits.length} options`);

  // Leader area.
  let leader: HTMLElement | null = null;
  if (p.leader) {
    const state = leaderState(v, seat);
    const card = p.leader_home
      ? ctx.card(p.leader, { classes: ["small", p.leader_usable ? "" : "tapped"].join(" "), marks: [p.leader_usable ? "usable" : "used"] })
      : h("div.lc-empty", name(p.leader));
    if (own && p.leader_home) acts.clickable(card, acts.leader(p.leader), `${name(p.leader)} (leader)`);
    const why = p.leader_home && p.leader_usable ? null : h("small.lc-why", state);
    leader = h("div.lc-zone.lc-leader", { "data-state": state }, h("small.lc-label", "leader"), card, why);
  }

  // Chronoglyph: ready (active) or wiped, with its ride and shed cards.
  const slot = (label: string, id: string | null) => h("div.lc-slot", h("small", label), id ? ctx.card(id, { classes: "small" }) : h("span.lc-empty", "—"));
  const glyph = h("div.lc-glyph", { class: p.chronoglyph?.active ? "active" : "wiped" },
    h("div.lc-glyph-face", h("strong", "Chronoglyph"), h("small", p.chronoglyph?.active ? "active (ready)" : "wiped")),
    slot("ride", p.chronoglyph?.ride ?? null), slot("shed", p.chronoglyph?.shed ?? null));
  const glyphZone = h("div.lc-zone.lc-glyphzone", glyph);
  if (own) {
    const fits = acts.glyph();
    acts.clickable(glyph, fits, `Chronoglyph: ${fits.length} options`);
    if (p.setup_pick) glyphZone.append(h("div.lc-slot", h("small", "set aside for shed (face down)"), ctx.card(p.setup_pick, { classes: "small" })));
    const candidates = acts.shedCandidates();
    if (candidates.length)
      glyphZone.append(h("div.lc-candidates", h("small", "set aside for shed:"), candidates.map((c) =>
        acts.clickable(ctx.card(c, { classes: "small", note: "in your deck" }), acts.exact(`shed:${c}`), `${name(c)}: set aside`))));
  }

  // CA yard: cards (CA printed; what each pays now when paying) and tokens.
  const chosen = paying ? bits(paying.cards) : new Set<number>();
  const chosenTokens = paying ? bits(paying.tokens) : new Set<number>();
  const yardCards = (p.ca_yard || []).map((c: string, i: number) => {
    const fits = own ? acts.ca(c) : [];
    const marks = chosen.has(i) ? ["paying"] : fits.length && paysNow(fits[0].label) ? [`pays ${paysNow(fits[0].label)}`] : [];
    return acts.clickable(ctx.card(c, { classes: "small" + (chosen.has(i) ? " selected" : ""), marks }), fits, `${name(c)}: pay`);
  });
  const tokens = (p.tokens || []).map((t: string, i: number) => {
    const fits = own ? acts.token(i) : [];
    const marks = chosenTokens.has(i) ? ["paying"] : fits.length && paysNow(fits[0].label) ? [`pays ${paysNow(fits[0].label)}`] : [];
    return acts.clickable(ctx.card(t, { classes: "small token" + (chosenTokens.has(i) ? " selected" : ""), ref: `${t}:${i}`, marks }), fits, `${name(t)}: pay`);
  });
  const total = caTotal(p);
  const yard = h("div.lc-zone.lc-ca", h("small.lc-label", `CA yard${total !== null ? ` · CA ${total}` : ""}`),
    h("div.lc-cards", yardCards.length || tokens.length ? [yardCards, tokens] : h("span.lc-empty", "empty")));

  // Battlefield.
  const units = (p.field || []).map((u: any) => {
    const ref = refOf(u.card, u.owner, ctx.me);
    const marks: string[] = [];
    if (u.wiped) marks.push("wiped");
    if (u.fresh) marks.push("new");
    if (u.negated) marks.push("negated");
    if (u.damage) marks.push(`damage ${u.damage}`);
    if (combat?.attacker === u.card && combat.attacker_owner === u.owner) marks.push("attacking");
    if (combat?.blocker === u.card && combat.blocker_owner === u.owner) marks.push("blocking");
    const fits = acts.unit(ref);
    const el = ctx.card(u.card, {
      classes: [small, u.wiped ? "tapped" : ""].join(" "), ref,
      stats: [["ATK", u.atk], ["DEF", u.def]], marks,
      note: u.owner !== seat ? `owned by ${ctx.name(u.owner)}` : undefined,
    });
    el.dataset.unit = ref;
    return acts.clickable(el, fits, `${name(u.card)}: ${fits.length} options`);
  });
  const field = h("div.lc-zone.lc-field", h("small.lc-label", `battlefield (${units.length})`),
    h("div.lc-cards", units.length ? units : h("span.lc-empty", "no units")));

  // Hand: the own as cards; another's as backs, the cards this seat knows face up.
  let handCards: HTMLElement[];
  if (Array.isArray(p.hand)) {
    const picks: string[] = v.mulligan_pick || [];
    const known = new Set<number>(own ? p.hand_known || [] : []);
    handCards = (p.hand as string[]).map((c, i) => {
      const fits = own ? acts.hand(c) : [];
      const marks = [picks.includes(c) ? "to the bottom" : "", known.has(i) ? "known to all" : "",
        paying?.card === c ? "being paid for" : ""].filter(Boolean);
      return acts.clickable(ctx.card(c, { classes: [small, picks.includes(c) ? "selected" : ""].join(" "), marks }), fits, `${name(c)}: ${fits.length} options`);
    });
  } else {
    const known: string[] = p.hand_known || [];
    handCards = [
      ...known.map((c) => ctx.card(c, { classes: "small", note: "known to you" })),
      ...Array.from({ length: Math.max(0, (p.hand_size || 0) - known.length) }, () => ctx.card(null, { classes: "small" })),
    ];
  }
  const mull = v.phase === "mulligan" && v.deciding === seat ? h("small.lc-mull", `mulligan: ${v.mulligan_picks ?? 0} card(s) picked for the bottom`) : null;
  const hand = h("div.lc-zone.lc-hand", h("small.lc-label", own ? `your hand (${p.hand_size ?? 0})` : `hand (${p.hand_size ?? 0})`), mull,
    h("div.lc-cards", handCards.length ? handCards : h("span.lc-empty", "empty")));

  // Piles: deck (and its top when revealed), discard and removed cards, viewable.
  const pile = (label: string, cards: string[]) => cards.length
    ? h("details.lc-pile", { "data-pile": label }, h("summary", `${label} (${cards.length})`), h("div.lc-cards", cards.map((c) => ctx.card(c, { classes: "small" }))))
    : h("span.lc-pile.empty", { "data-pile": label }, `${label} (0)`);
  const piles = h("div.lc-zone.lc-piles",
    h("span.lc-pile", `deck ${p.deck_size ?? 0}`),
    p.top ? h("div.lc-slot", h("small", "deck top (revealed)"), ctx.card(p.top, { classes: "small" })) : null,
    pile("discard", p.discard || []), pile("removed", p.removed || []),
    // A departed seat's unseen cards left face down: only how many.
    p.removed_hidden_size ? h("span.lc-pile", { "data-pile": "removed-face-down" }, `removed face down ${p.removed_hidden_size}`) : null);

  // The own area: the battlefield and the hand at full width; another's: all in one row,
  // the battlefield last (on a line of its own when the others leave it too little room).
  return h("section.lc-seat", { class: [own ? "own" : "other", rel, p.in_game === false ? "out" : "", v.pending?.includes(seat) ? "deciding" : ""].join(" "), "data-seat": seat },
    head,
    own ? [h("div.lc-row", leader, glyphZone, yard, piles), field, hand] : h("div.lc-row", leader, glyphZone, yard, hand, piles, field));
}
