// The deck builder's deck: its leading card (leader, commander) and dice,
// the cards of each slot with their counts, the curve (cost, mana value or
// level, from the catalogue's `curve`), the colours and kinds, and the
// server's verdict on the deck rules (rules.ts) for the table size chosen.
import { h, clear } from "../dom";
import { cardInfo, type CardInfo } from "../parts/cards";
import type { DeckContents, DeckFormat } from "./formats";

export interface DeckActions {
  add(card: CardInfo): void;
  remove(card: CardInfo): void;
  unlead(slot: string): void;
  setDice(dice: string): void;
}

export class DeckView {
  readonly el: HTMLElement;
  readonly rules = h("div.rules", { "data-state": "checking", "aria-live": "polite" });
  private body = h("div.deck-body");

  /** `seats`: the table size the rules are checked for, shown above the verdict. */
  constructor(private game: string, private format: DeckFormat, private diceSets: string[], private act: DeckActions, seats: HTMLElement) {
    this.el = h("section.card.deck-panel",
      h("div.deck-head", h("h3", "Deck"), h("label.table-size", "for ", seats, " players")), this.rules, this.body);
  }

  draw(d: DeckContents): void {
    const f = this.format;
    clear(this.body,
      f.single.map((s) => this.single(s, d.single[s])),
      f.dice ? this.dice(d) : null,
      f.counted.map((s) => this.slot(s, d.counts[s])),
      this.charts(d));
  }

  private single(slot: string, id: string | null): HTMLElement {
    const c = cardInfo(this.game, id);
    return h("div.deck-single", { "data-slot": slot },
      h("span.slot-name", this.format.label[slot]),
      id ? h("span.single-card", { "data-card": id }, c?.name ?? id, c?.cost != null ? h("span.cost", c.cost) : null,
        h("button.small.unlead", { type: "button", "aria-label": `no ${this.format.label[slot].toLowerCase()}`, onclick: () => this.act.unlead(slot) }, "×"))
        : h("span.muted", `none: pick one in the cards with “${this.format.label[slot]}”`));
  }

  private dice(d: DeckContents): HTMLElement {
    if (Array.isArray(d.dice))
      return h("div.deck-single", h("span.slot-name", "Dice"), h("span", `${d.dice.length} dice of the file's own list`));
    const sel = h("select", { name: "dice", "aria-label": "dice set" },
      this.diceSets.map((s) => h("option", { value: s, selected: s === d.dice }, s))) as HTMLSelectElement;
    sel.onchange = () => this.act.setDice(sel.value);
    return h("label.deck-single", h("span.slot-name", "Dice"), sel);
  }

  private slot(slot: string, counts: Map<string, number>): HTMLElement {
    const rows = [...counts].map(([id, n]) => ({ id, n, c: cardInfo(this.game, id) }))
      .sort((a, b) => (a.c?.curve ?? 99) - (b.c?.curve ?? 99) || (a.c?.name ?? a.id).localeCompare(b.c?.name ?? b.id));
    const total = rows.reduce((t, r) => t + r.n, 0);
    return h("div.deck-slot", { "data-slot": slot },
      h("div.slot-head", h("span.slot-name", this.format.label[slot]), h("span.slot-total", { "data-total": total }, `${total} card${total === 1 ? "" : "s"}`)),
      rows.length ? h("ul.deck-list", rows.map(({ id, n, c }) =>
        h("li", { "data-card": id, class: c?.colours.map((x) => "col-" + x).join(" ") },
          h("span.n", `${n}×`), h("span.name", c?.name ?? id), c?.cost != null ? h("span.cost", c.cost) : null,
          c ? h("button.small.remove", { type: "button", "aria-label": `remove a ${c.name}`, onclick: () => this.act.remove(c) }, "−") : null,
          c ? h("button.small.add", { type: "button", "aria-label": `add a ${c.name}`, onclick: () => this.act.add(c) }, "+") : null)))
        : h("p.muted", "Empty: add cards from the pool."));
  }

  // The curve, the colours and the kinds of the cards counted in the deck.
  private charts(d: DeckContents): HTMLElement {
    const curve = new Map<number, number>(), colours = new Map<string, number>(), kinds = new Map<string, number>();
    const bump = <K,>(m: Map<K, number>, k: K, n: number) => m.set(k, (m.get(k) || 0) + n);
    for (const s of this.format.counted)
      for (const [id, n] of d.counts[s]) {
        const c = cardInfo(this.game, id);
        if (!c) continue;
        if (c.curve !== null) bump(curve, Math.min(c.curve, 7), n);
        for (const col of c.colours) bump(colours, col, n);
        bump(kinds, c.kind, n);
      }
    const top = Math.max(1, ...curve.values());
    const maxCurve = Math.max(0, ...curve.keys());
    return h("div.deck-charts",
      curve.size ? h("figure.curve", { "aria-label": `${this.format.curve} curve` },
        h("figcaption", `By ${this.format.curve}`),
        h("div.bars", Array.from({ length: maxCurve + 1 }, (_, v) => {
          const n = curve.get(v) || 0;
          return h("div.bar", { "data-value": v, title: `${n} at ${this.format.curve} ${v}` },
            h("span.bar-n", n ? String(n) : ""), h("span.bar-fill", { style: { height: `${(n / top) * 100}%` } }),
            h("span.bar-label", v === 7 && maxCurve === 7 ? "7+" : String(v)));
        }))) : null,
      colours.size ? h("div.colours", h("span.chart-name", "Colours"),
        [...colours].sort((a, b) => b[1] - a[1]).map(([col, n]) => h("span.colour-chip", { class: "col-" + col, "data-colour": col }, `${col} ${n}`))) : null,
      kinds.size ? h("div.kinds", h("span.chart-name", "Kinds"),
        [...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => h("span.kind-chip", `${k} ${n}`))) : null);
  }
}
