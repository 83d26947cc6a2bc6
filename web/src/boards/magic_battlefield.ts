// One player's place at the Magic table: a head (the player as a board
// element: target them, attack them, choose them), what enchants the player,
// the battlefield they control in three rows (creatures, other permanents,
// lands) with tapped state, power/toughness against the printed one,
// damage, counters, combat, Auras beside what they enchant and a mark where
// the controller is not the owner; the hand (one's own, or the cards of
// another's one knows), and the graveyard, exile, ante and cards that left.
import { h } from "../dom";
import { cardInfo } from "../parts/cards";
import { personName, relation } from "../parts/names";
import { type Kit, stepWords, sharesLife, isEmperor, inRange, rangeLimited, turnsNow } from "./magic_kit";

/** "Brix", "Ana": a seat's name without the computer tag (for short marks). */
export function shortName(k: Kit, seat: number): string {
  return personName(k.ctx.people, seat).replace(/ \(computer\)$/, "");
}

/** What the view's combat says of each permanent. */
function combatMarks(k: Kit): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (ref: string, m: string) => out.set(ref, [...(out.get(ref) || []), m]);
  for (const c of k.v.combat || []) {
    add(c.attacker, `attacking ${shortName(k, c.attacks)}`);
    if (c.blocked && !(c.blockers || []).length) add(c.attacker, "blocked");
    for (const b of c.blockers || []) add(b, `blocking ${k.v.battlefield?.find((x: any) => x.card === c.attacker)?.name ?? c.attacker}`);
  }
  return out;
}

const VERBS: Record<string, string> = { attack: "attack", block: "block", deploy: "deploy" };

/** A permanent as a card, with whatever is attached to it beside it. */
export function permanent(k: Kit, b: any, attached: Map<string, any[]>, combat: Map<string, string[]>): HTMLElement {
  const ctx = k.ctx;
  const marks: string[] = [];
  if (b.tapped) marks.push("tapped");
  if (b.damage) marks.push(`${b.damage} damage`);
  if (b.counters) marks.push(`${b.counters} counter${b.counters === 1 ? "" : "s"}`);
  if (b.token) marks.push("token");
  if (b.owner !== b.controller) marks.push(`owned by ${shortName(k, b.owner)}`);
  if (typeof b.chosen === "number" && b.chosen >= 0) marks.push(`chose ${shortName(k, b.chosen)}`);
  marks.push(...(combat.get(b.card) || []));
  // A creature another player controls that the viewer declares for
  // (Two-Headed Giant's team attack, 805.10) is marked as theirs.
  let note: string | undefined;
  if (ctx.me >= 0 && b.controller !== ctx.me && k.map.about(b.card).some((p) => VERBS[p.verb] && p.things[0] === b.card))
    note = `${shortName(k, b.controller)}'s (${relation(ctx.people, b.controller)})`;
  const stats: [string, string][] = typeof b.power === "number" ? [["P/T", `${b.power}/${b.toughness}`]] : [];
  const el = k.card(b.card, b.card, { classes: [b.tapped ? "tapped" : "", b.token ? "token" : ""].join(" "), stats, marks, note });
  const on = attached.get(b.card) || [];
  if (!on.length) return el;
  return h("div.mhost", el, on.map((a) => h("div.mattached", permanent(k, a, attached, combat))));
}

type Group = "creatures" | "others" | "lands";
function groupOf(b: any): Group {
  if (typeof b.power === "number") return "creatures";
  const kind = cardInfo("magic", b.card)?.kind || "";
  return /\bland\b/.test(kind) ? "lands" : "others";
}

/** Auras by what they enchant (drawn beside it, wherever it is). */
export function attachmentsOf(v: any): Map<string, any[]> {
  const m = new Map<string, any[]>();
  for (const b of v.battlefield || []) if (b.attached) m.set(b.attached, [...(m.get(b.attached) || []), b]);
  return m;
}

export function playerArea(k: Kit, seat: number): HTMLElement {
  const { ctx, v } = k;
  const p = v.players?.[seat] || {};
  const attached = attachmentsOf(v);
  const combat = combatMarks(k);
  const onField = new Set((v.battlefield || []).map((b: any) => b.card));
  const mine = (v.battlefield || []).filter((b: any) => b.controller === seat && !(b.attached && onField.has(b.attached)));
  const rows: Record<Group, any[]> = { creatures: [], others: [], lands: [] };
  for (const b of mine) if (!(typeof b.enchanted_player === "number" && b.enchanted_player >= 0)) rows[groupOf(b)].push(b);
  const curses = (v.battlefield || []).filter((b: any) => b.enchanted_player === seat);
  const rel = relation(ctx.people, seat);
  return h("section.mplayer", { class: [rel, p.in_game === false ? "out" : ""].join(" "), "data-seat": seat },
    playerHead(k, seat),
    curses.length ? h("div.mrow.curses", h("small.mrow-label", "enchanting this player"), curses.map((b: any) => permanent(k, b, attached, combat))) : null,
    (["creatures", "others", "lands"] as Group[]).map((g) => rows[g].length
      ? h("div.mrow", { class: g, "data-row": g }, h("small.mrow-label", g), h("div.mcards", rows[g].map((b) => permanent(k, b, attached, combat))))
      : null),
    hand(k, seat),
    zones(k, seat));
}

/** Ranges worth a badge on each place: when they are not all the same (Emperor). */
function rangesDiffer(v: any): boolean {
  return new Set((v.players || []).map((p: any) => p.range)).size > 1;
}

/** The player as a board element, with the facts of their place. */
export function playerHead(k: Kit, seat: number): HTMLElement {
  const { ctx, v } = k;
  const p = v.players?.[seat] || {};
  const turns = turnsNow(v);
  const facts: (HTMLElement | null)[] = [
    sharesLife(v) ? null : h("span.mlife", { title: "life" }, h("small", "life"), h("b", String(p.life ?? "?"))),
    p.poison ? h("span.mpoison", h("small", "poison"), String(p.poison)) : null,
    h("span.mcount", h("small", "hand"), String(p.hand_size ?? 0)),
    h("span.mcount", h("small", "library"), String(p.library_size ?? 0)),
    turns.has(seat) ? h("span.mturn", `turn · ${stepWords(turns.get(seat))}`) : null,
    v.priority === seat ? h("span.mpriority", "priority") : null,
    isEmperor(v, seat) ? h("span.mbadge", "emperor") : null,
    rangesDiffer(v) && typeof p.range === "number" ? h("span.mbadge", `range ${p.range < 0 ? "unlimited" : p.range}`) : null,
    ctx.me >= 0 && seat !== ctx.me && rangeLimited(v)
      ? h("span.mrange", { class: inRange(v, ctx.me, seat) ? "in" : "outside" }, inRange(v, ctx.me, seat) ? "in your range" : "outside your range") : null,
    p.in_game === false ? h("span.mout", typeof v.places?.[seat] === "number" ? `left · place ${v.places[seat]}` : "left the game") : null,
  ];
  const verbs = [...new Set(k.map.about(`seat${seat}`).map((x) => x.verb))];
  const head = h("div.mplayer-head", { title: "click to choose this player when an option names them" },
    h("strong.mname", ctx.name(seat)), facts,
    verbs.length ? h("span.mhint", verbs.join(" / ")) : null);
  return k.hook(head, `seat${seat}`);
}

function hand(k: Kit, seat: number): HTMLElement | null {
  const p = k.v.players?.[seat] || {};
  if (Array.isArray(p.hand))
    return h("div.mrow.hand", { "data-row": "hand" }, h("small.mrow-label", seat === k.ctx.me ? "your hand" : "hand"),
      h("div.mcards", p.hand.length
        ? p.hand.map((r: string) => k.card(r, r, { classes: seat === k.ctx.me ? "" : "small" })) // the referee sees every hand
        : h("span.muted", "empty")));
  const known: string[] = p.hand_known || [];
  if (!known.length) return null;
  return h("div.mrow.hand-known", h("small.mrow-label", `in hand, seen (${known.length} of ${p.hand_size})`),
    h("div.mcards", known.map((r) => k.card(r, r, { classes: "small" }))));
}

function zones(k: Kit, seat: number): HTMLElement | null {
  const p = k.v.players?.[seat] || {};
  const parts: [string, string[]][] = [["graveyard", p.graveyard], ["exile", p.exile], ["ante", p.ante], ["left the game", p.left_game]];
  const shown = parts.filter(([, l]) => Array.isArray(l) && l.length);
  // A departed player's unseen cards left face down: only how many.
  const faceDown: number = p.left_game_hidden_size || 0;
  if (!shown.length && !faceDown) return null;
  // Open when one of its cards can be clicked now.
  const open = shown.some(([, l]) => l.some((r) => k.map.about(r).length));
  const summary = [...shown.map(([n, l]) => `${n} ${l.length}`), ...(faceDown ? [`left the game face down ${faceDown}`] : [])];
  return h("details.mzones", { open },
    h("summary", summary.join(" · ")),
    shown.map(([n, l]) => h("div.mrow", h("small.mrow-label", n), h("div.mcards", l.map((r) => k.card(r, r, { classes: "small" }))))));
}
