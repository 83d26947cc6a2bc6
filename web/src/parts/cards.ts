// The card component every board uses: a card's face from the catalogue the
// server serves (`/api/cards/GAME`: name, cost, colours, stats, text), or a
// back for a card hidden from the viewer. Pointing at a card (or tapping its
// corner on a touch screen) shows the whole card; names of cards in log
// lines, options, prompts and the stack can show it too (`richText`).
import { h } from "../dom";
import { getJson } from "../net";

export interface CardInfo {
  id: string;
  name: string;
  kind: string;
  cost: string | null;
  colours: string[];
  stats: [string, number | string][];
  text: string;
  tags: string[];
  token: boolean;
  /** The deck file's fields the card may go in (none for a token). */
  deck_slots: string[];
  /** The number a deck's curve counts (cost, mana value, level), or null. */
  curve: number | null;
}

interface Catalogue {
  all: CardInfo[];
  /** DDM's dice set names (the deck's "dice"). */
  diceSets: string[];
  /** The starter decks' files by name (templates for the deck builder). */
  starters: Record<string, Record<string, unknown>>;
  byId: Map<string, CardInfo>;
  names: RegExp | null;
  byName: Map<string, CardInfo>;
}

const catalogues = new Map<string, Catalogue>();
const loading = new Map<string, Promise<void>>();

/** Loads a game's catalogue once; later calls share it. A failed load leaves
 * cards shown by their ids (the board still plays). */
export function loadCatalogue(game: string): Promise<void> {
  if (catalogues.has(game)) return Promise.resolve();
  if (!loading.has(game))
    loading.set(game, getJson(`/api/cards/${encodeURIComponent(game)}`).then((r) => {
      const cards = (r.cards || []) as CardInfo[];
      const byId = new Map(cards.map((c) => [c.id, c]));
      const byName = new Map(cards.map((c) => [c.name, c]));
      const names = cards.map((c) => c.name).filter((n) => n.length > 2).sort((a, b) => b.length - a.length);
      const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      catalogues.set(game, { all: cards, diceSets: r.dice_sets || [], starters: r.starter_decks || {}, byId, byName, names: names.length ? new RegExp(`\\b(${names.map(esc).join("|")})\\b`, "g") : null });
    }).catch((e) => {
      console.warn(`card catalogue of ${game}: ${e.message || e}`);
      catalogues.set(game, { all: [], diceSets: [], starters: {}, byId: new Map(), byName: new Map(), names: null });
    }));
  return loading.get(game)!;
}

/** Every card of a loaded catalogue in the server's order (none before it loads). */
export function catalogueCards(game: string): CardInfo[] {
  return catalogues.get(game)?.all ?? [];
}

/** DDM's dice sets, as the catalogue lists them. */
export function diceSets(game: string): string[] {
  return catalogues.get(game)?.diceSets ?? [];
}

/** The game's starter decks' files by name, as the catalogue lists them. */
export function starterDecks(game: string): Record<string, Record<string, unknown>> {
  return catalogues.get(game)?.starters ?? {};
}

/** A card by id or by an object reference ("emberscree#11" is emberscree). */
export function cardInfo(game: string, id: string | null | undefined): CardInfo | undefined {
  if (!id) return undefined;
  const c = catalogues.get(game);
  return c?.byId.get(id) ?? c?.byId.get(id.replace(/#\d+$/, ""));
}

export function cardName(game: string, id: string | null | undefined): string {
  if (!id) return "a hidden card";
  return cardInfo(game, id)?.name ?? id.replace(/#\d+$/, "");
}

export interface CardOpts {
  /** Extra classes: "small", "tapped", "selected", "can" (it can be clicked)... */
  classes?: string;
  /** Current values that differ from the printed ones, e.g. [["ATK", 5]]. */
  stats?: [string, number | string][];
  /** Marks under the stats: "wiped", "new", "+1/+1 ×2"... */
  marks?: string[];
  /** The object reference the board acts on ("emberscree#11"), as data-ref. */
  ref?: string;
  onclick?: (e: Event) => void;
  /** A short line above the name (e.g. "yours" for a card another controls). */
  note?: string;
}

/** A card face (or a back when `id` is null: hidden from the viewer). */
export function cardEl(game: string, id: string | null | undefined, o: CardOpts = {}): HTMLElement {
  if (!id) return h("div.tcard.back", { class: o.classes, title: "a hidden card", onclick: o.onclick }, h("span.back-mark", "✦"));
  const c = cardInfo(game, id);
  const printed = c?.stats || [];
  const shown = printed.map(([k, v]) => {
    const now = o.stats?.find(([k2]) => k2 === k);
    return h("span.stat", { class: now && now[1] !== v ? "changed" : "", title: now && now[1] !== v ? `printed ${v}` : k },
      h("small", k), String(now ? now[1] : v));
  });
  for (const [k, v] of o.stats || []) if (!printed.some(([k2]) => k2 === k)) shown.push(h("span.stat", h("small", k), String(v)));
  const el = h("div.tcard", {
      class: [o.classes || "", ...(c?.colours || []).map((x) => "col-" + x), c?.kind ? "kind-" + c.kind.split(" ").pop() : ""].join(" "),
      "data-card": id.replace(/#\d+$/, ""), "data-ref": o.ref ?? id, tabindex: o.onclick ? 0 : undefined,
      role: o.onclick ? "button" : undefined,
      onclick: o.onclick, onkeydown: o.onclick ? (e: KeyboardEvent) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); o.onclick!(e); } } : undefined,
      onmouseenter: () => showZoom(game, id, el), onmouseleave: hideZoom,
    },
    o.note ? h("small.note", o.note) : null,
    h("div.tcard-head", h("strong.tcard-name", c?.name ?? id), c?.cost != null ? h("span.cost", c.cost) : null),
    c ? h("small.kind", c.kind) : null,
    shown.length ? h("div.stats", shown) : null,
    o.marks?.length ? h("div.marks", o.marks.map((m) => h("span.mark", m))) : null,
    h("button.zoom-btn", { type: "button", "aria-label": "show the whole card", title: "show the whole card",
      onclick: (e: Event) => { e.stopPropagation(); toggleZoom(game, id, el); } }, "i"));
  return el;
}

/** The whole card: what hovering or tapping shows. */
export function cardFace(game: string, id: string): HTMLElement {
  const c = cardInfo(game, id);
  if (!c) return h("div.card-full", h("strong", id), h("p.muted", "no card data"));
  return h("div.card-full", { class: c.colours.map((x) => "col-" + x).join(" ") },
    h("div.tcard-head", h("strong", c.name), c.cost != null ? h("span.cost", c.cost) : null),
    h("div.kind", [c.kind, c.colours.join("/")].filter(Boolean).join(" · ")),
    c.stats.length ? h("div.stats", c.stats.map(([k, v]) => h("span.stat", h("small", k), String(v)))) : null,
    c.tags.length ? h("div.tags", c.tags.map((t) => h("span.tag", t))) : null,
    h("p.text", c.text || "No text."));
}

let zoom: HTMLElement | null = null;
let zoomFor = "";
function zoomEl(): HTMLElement {
  if (!zoom) {
    // It never takes a click meant for what lies under it (it pops up on
    // hover, between the pointer and the button it is moving to); a tap
    // anywhere but a card's corner button closes it.
    zoom = h("div.card-zoom", { hidden: true, role: "tooltip", "aria-label": "card" });
    document.body.append(zoom);
    document.addEventListener("pointerdown", (e) => {
      if (!(e.target as HTMLElement | null)?.closest?.(".zoom-btn, .cardref")) hideZoom();
    }, true);
  }
  return zoom;
}

function showZoom(game: string, id: string, near: HTMLElement): void {
  const z = zoomEl();
  z.replaceChildren(cardFace(game, id));
  z.hidden = false;
  zoomFor = id;
  // Beside the card, inside the window.
  const r = near.getBoundingClientRect();
  const w = Math.min(280, window.innerWidth - 16);
  let left = r.right + 8;
  if (left + w > window.innerWidth) left = Math.max(8, r.left - w - 8);
  z.style.left = `${left}px`;
  z.style.top = `${Math.max(8, Math.min(r.top, window.innerHeight - 220))}px`;
  z.style.width = `${w}px`;
}

export function hideZoom(): void {
  if (zoom) zoom.hidden = true;
  zoomFor = "";
}

function toggleZoom(game: string, id: string, near: HTMLElement): void {
  if (zoom && !zoom.hidden && zoomFor === id) hideZoom();
  else showZoom(game, id, near);
}

/** A text with every card name in it made pointable (shows the card). */
export function richText(game: string, text: string): (Node | string)[] {
  const c = catalogues.get(game);
  if (!c?.names) return [text];
  const out: (Node | string)[] = [];
  let at = 0;
  for (const m of text.matchAll(c.names)) {
    const info = c.byName.get(m[1]);
    if (!info || m.index === undefined) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    const span: HTMLElement = h("span.cardref", {
      "data-card": info.id, tabindex: 0,
      onmouseenter: () => showZoom(game, info.id, span), onmouseleave: hideZoom,
      // Inside an option button a click is the option's; pointing shows the card.
      onclick: (e: Event) => {
        if (span.closest("button")) return;
        e.stopPropagation();
        toggleZoom(game, info.id, span);
      },
    }, m[1]);
    out.push(span);
    at = m.index + m[1].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
