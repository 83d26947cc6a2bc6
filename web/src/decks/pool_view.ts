// The deck builder's card pool: every card a deck may hold, shown with the
// boards' card component, searched by name, text, kind and tags and filtered
// by the facets the game's cards have (kind, colour, curve number, where the
// card goes). Each card shows how many copies the deck holds, with buttons to
// add and remove one, and to make it the deck's leader where it may be one.
import { h, clear } from "../dom";
import { cardEl, type CardInfo } from "../parts/cards";
import type { DeckFormat } from "./formats";

export interface PoolActions {
  count(id: string): number;
  /** The single slot (leader, commander) the card fills now, if any. */
  leads(id: string): string | null;
  add(card: CardInfo): void;
  remove(card: CardInfo): void;
  lead(card: CardInfo, slot: string): void;
}

const uniq = <T,>(xs: T[]) => [...new Set(xs)];

export class PoolView {
  readonly el: HTMLElement;
  private grid = h("div.pool-grid");
  private shown = h("small.muted.pool-count");
  private search = h("input.pool-search", { type: "search", name: "search", placeholder: "Search name, text, kind…", "aria-label": "search the cards" }) as HTMLInputElement;
  private selects: { key: string; el: HTMLSelectElement; test: (c: CardInfo, v: string) => boolean }[] = [];

  constructor(private game: string, private cards: CardInfo[], private format: DeckFormat, private act: PoolActions) {
    const facet = (key: string, label: string, values: string[], test: (c: CardInfo, v: string) => boolean) => {
      if (values.length < 2) return null;
      const el = h("select", { name: "filter-" + key, "aria-label": label },
        h("option", { value: "" }, `any ${label}`), values.map((v) => h("option", { value: v }, v))) as HTMLSelectElement;
      el.onchange = () => this.draw();
      this.selects.push({ key, el, test });
      return el;
    };
    const curves = uniq(cards.map((c) => c.curve).filter((x): x is number => x !== null)).sort((a, b) => a - b);
    const slots = uniq(cards.flatMap((c) => c.deck_slots));
    const filters = h("div.pool-filters",
      facet("kind", "kind", uniq(cards.map((c) => c.kind)).sort(), (c, v) => c.kind === v),
      facet("colour", "colour", uniq(cards.flatMap((c) => c.colours)).sort(), (c, v) => c.colours.includes(v)),
      facet("curve", format.curve, curves.map(String), (c, v) => String(c.curve) === v),
      facet("slot", "place", slots.map((s) => format.label[s] || s), (c, v) => c.deck_slots.some((s) => (format.label[s] || s) === v)),
      facet("tag", "tag", uniq(cards.flatMap((c) => c.tags)).sort(), (c, v) => c.tags.includes(v)));
    let timer: number | undefined;
    this.search.oninput = () => {
      clearTimeout(timer);
      timer = window.setTimeout(() => this.draw(), 120);
    };
    this.el = h("section.card.pool", h("div.pool-head", h("h3", "Cards"), this.shown), this.search, filters, this.grid);
    this.draw();
  }

  /** Redraws the shown cards (after a filter, or after the deck changed). */
  draw(): void {
    const words = this.search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const hay = (c: CardInfo) => [c.name, c.text, c.kind, c.id, ...c.tags, ...c.colours, c.cost || ""].join(" ").toLowerCase();
    const shown = this.cards.filter((c) => words.every((w) => hay(c).includes(w)) &&
      this.selects.every((s) => !s.el.value || s.test(c, s.el.value)));
    this.shown.textContent = `${shown.length} of ${this.cards.length}`;
    clear(this.grid, shown.length ? shown.map((c) => this.entry(c)) : h("p.muted", "No card matches."));
    // What the shown cards were filtered by: a search is drawn 120 ms after
    // the last key, and a click before that may land on a card moved away.
    this.grid.dataset.search = this.search.value;
  }

  private entry(c: CardInfo): HTMLElement {
    const n = this.act.count(c.id);
    const leads = this.act.leads(c.id);
    const counted = c.deck_slots.some((s) => this.format.counted.includes(s));
    const singles = c.deck_slots.filter((s) => this.format.single.includes(s));
    return h("div.pool-card", { "data-card": c.id, class: n || leads ? "in-deck" : "" },
      cardEl(this.game, c.id, { onclick: counted ? () => this.act.add(c) : undefined }),
      h("div.pool-ctl",
        counted ? h("button.small.remove", { type: "button", disabled: !n, "aria-label": `remove a ${c.name}`, onclick: () => this.act.remove(c) }, "−") : null,
        counted ? h("span.count", { "aria-label": "copies in the deck" }, n ? `×${n}` : "0") : null,
        counted ? h("button.small.add", { type: "button", "aria-label": `add a ${c.name}`, onclick: () => this.act.add(c) }, "+") : null,
        singles.map((s) => h("button.small.lead", {
          type: "button", "data-slot": s, class: leads === s ? "on" : "",
          title: leads === s ? `the deck's ${this.format.label[s].toLowerCase()}` : `make it the deck's ${this.format.label[s].toLowerCase()}`,
          onclick: () => this.act.lead(c, s),
        }, leads === s ? `★ ${this.format.label[s]}` : this.format.label[s]))));
  }
}
