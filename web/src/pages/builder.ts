// #/decks/GAME[/NAME]: the deck builder. The card pool from the server's
// catalogue (decks/pool_view.ts), the deck with its curve and colours
// (decks/deck_view.ts), the game's deck rules checked by the server as the
// deck changes (decks/rules.ts) for the table size chosen, and the shelf of
// saved decks, templates, export and import (decks/library.ts). The deck
// file's shape per game is in decks/formats.ts.
import { h, clear } from "../dom";
import { catalogueCards, cardInfo, diceSets, loadCatalogue, starterDecks, type CardInfo } from "../parts/cards";
import { DeckView } from "../decks/deck_view";
import { FORMATS, NotADeck, copyDeck, emptyDeck, formatOf, namedCards, readDeck, writeDeck, type DeckContents } from "../decks/formats";
import { Library } from "../decks/library";
import { draftOf, keepDraft } from "../decks/saved";
import { PoolView } from "../decks/pool_view";
import { RuleCheck } from "../decks/rules";
import { loadGames } from "./lobby";
import type { GameInfo } from "../types";

export function builderPage(game: string, open: string) {
  return (root: HTMLElement) => {
    const page = h("div.builder", h("p.muted", "Loading the cards…"));
    root.append(page);
    let check: RuleCheck | null = null;
    let alive = true;
    loadGames()
      .then(async (games) => {
        const playable = games.filter((g) => !g.broken && FORMATS[g.name]);
        const g = playable.find((x) => x.name === game) || playable[0];
        if (!g) throw new Error("This server has no game with a deck builder.");
        await loadCatalogue(g.name);
        if (!alive) return;
        check = draw(page, g, playable, open);
      })
      .catch((e) => clear(page, h("p.error", String(e.message || e))));
    return () => {
      alive = false;
      check?.stop();
    };
  };
}

function gameTabs(current: string, games: GameInfo[]): HTMLElement {
  const nav = h("nav.game-tabs", { "aria-label": "game" }, games.map((x) =>
    h("a.tab", { href: `#/decks/${x.name}`, class: x.name === current ? "on" : "", "aria-current": x.name === current ? "page" : undefined }, x.title || x.name)));
  // On a phone the row scrolls sideways: the current game in view.
  requestAnimationFrame(() => {
    const on = nav.querySelector<HTMLElement>(".tab.on");
    if (on && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = on.offsetLeft - 8;
  });
  return nav;
}

function draw(page: HTMLElement, g: GameInfo, games: GameInfo[], open: string): RuleCheck {
  const game = g.name;
  const format = formatOf(game);
  const cards = catalogueCards(game).filter((c) => c.deck_slots.length);
  if (!cards.length) {
    clear(page, gameTabs(game, games), h("p.error", `The cards of ${g.title || game} could not be loaded.`));
    return new RuleCheck(h("div"), game);
  }
  let deck: DeckContents = emptyDeck(game);
  const min = g.min_seats || 2, max = g.max_seats || min;
  // The rules can differ with the table size (a Last Chronicle deck for 3-4 players names a leader).
  const seats = h("select", { name: "seats", "aria-label": "players at the table", title: "the deck rules can differ with the table size" },
    Array.from({ length: max - min + 1 }, (_, i) => h("option", { value: min + i }, String(min + i)))) as HTMLSelectElement;
  const slotOf = (c: CardInfo) => c.deck_slots.find((s) => format.counted.includes(s));
  const total = () => format.counted.reduce((t, s) => t + [...deck.counts[s].values()].reduce((a, b) => a + b, 0), 0);
  const summaryText = h("span.summary-text");
  const verdict = h("span.summary-verdict");
  const jump = (label: string, to: () => HTMLElement) =>
    h("button.small", { type: "button", onclick: () => to().scrollIntoView({ behavior: "smooth", block: "start" }) }, label);
  const summary = h("div.deck-summary", summaryText, verdict,
    h("span.jumps", jump("Cards", () => pool.el), jump("Deck", () => deckView.el)));

  const changed = () => {
    deckView.draw(deck);
    pool.draw();
    library.changed();
    const lead = format.single.map((s) => deck.single[s]).find(Boolean);
    clear(summaryText, h("strong", `${total()} cards`), lead ? ` · ${format.single.map((s) => format.label[s]).join("/")}: ${cardInfo(game, lead)?.name ?? lead}` : null);
    keep();
    check.soon(library.file(), Number(seats.value));
  };
  const keep = () => keepDraft(game, {
    deck: writeDeck(game, { ...deck, name: library.name.value.trim() }), open: library.openName, seats: Number(seats.value),
  });
  const actions = {
    count: (id: string) => format.counted.reduce((t, s) => t + (deck.counts[s].get(id) || 0), 0),
    leads: (id: string) => format.single.find((s) => deck.single[s] === id) ?? null,
    add(c: CardInfo) {
      const s = slotOf(c);
      if (!s) return;
      deck.counts[s].set(c.id, (deck.counts[s].get(c.id) || 0) + 1);
      changed();
    },
    remove(c: CardInfo) {
      const s = slotOf(c);
      const n = s ? deck.counts[s].get(c.id) || 0 : 0;
      if (!s || !n) return;
      if (n > 1) deck.counts[s].set(c.id, n - 1);
      else deck.counts[s].delete(c.id);
      changed();
    },
    // A click on the leader's button again takes it away.
    lead(c: CardInfo, slot: string) {
      deck.single[slot] = deck.single[slot] === c.id ? null : c.id;
      changed();
    },
    unlead(slot: string) {
      deck.single[slot] = null;
      changed();
    },
    setDice(d: string) {
      deck.dice = d;
      changed();
    },
  };
  const pool = new PoolView(game, cards, format, actions);
  const deckView = new DeckView(game, format, diceSets(game), actions, seats);
  const check = new RuleCheck(deckView.rules, game, (problems) => {
    verdict.dataset.state = problems === null ? "checking" : problems.length ? "illegal" : "legal";
    verdict.textContent = problems === null ? "checking…" : problems.length
      ? `✗ ${problems.length} rule${problems.length === 1 ? "" : "s"} broken` : `✓ legal for ${seats.value} players`;
  });
  const library = new Library({
    game,
    empty: () => total() === 0 && format.single.every((s) => !deck.single[s]),
    starters: starterDecks(game),
    current: () => writeDeck(game, deck),
    load(doc, saved) {
      const next = doc === null ? emptyDeck(game) : readDeck(game, doc);
      const unknown = namedCards(game, next).filter(([id, s]) => !cardInfo(game, id)?.deck_slots.includes(s));
      if (unknown.length)
        throw new NotADeck(unknown.map(([id, s]) => cardInfo(game, id)
          ? `'${id}' cannot be the deck's ${format.label[s]?.toLowerCase() || s}` : `no card '${id}' in the pool`).join("; "));
      deck = copyDeck(next);
      if (saved !== null) history.replaceState(null, "", `#/decks/${game}/${encodeURIComponent(saved)}`);
      changed();
    },
  });
  seats.onchange = changed;
  library.name.addEventListener("input", keep);

  clear(page,
    h("div.builder-head",
      h("h2", "Deck builder"), gameTabs(game, games)),
    library.el,
    summary,
    h("div.builder-grid", pool.el, deckView.el));
  // A saved deck named in the address, else the deck left on this page last time.
  const draft = draftOf(game);
  if (draft && draft.seats >= min && draft.seats <= max) seats.value = String(draft.seats);
  if (!(open && library.open(open)) && draft) library.restore(draft.deck, draft.open);
  changed();
  return check;
}
