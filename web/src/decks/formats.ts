// Each game's deck file as the deck builder reads and writes it (the shapes of
// docs/games/*-format.md): which field holds the cards, whether an entry has
// a count, which field holds the one leading card. This is data-format
// knowledge only: which card may go where comes from the catalogue
// (`deck_slots`), and whether a deck is legal from the server (`check_deck`).

/** A deck as the builder holds it: counts per slot ("cards", "monsters",
 * "items"), the one card of a single slot ("leader", "commander"), and the
 * fields it keeps as they were (name, description, DDM's dice). */
export interface DeckContents {
  name: string;
  description: string;
  counts: Record<string, Map<string, number>>;
  single: Record<string, string | null>;
  /** DDM's `dice`: a dice set's name or a list of die ids, kept as given. */
  dice?: string | string[];
}

export interface DeckFormat {
  /** Slots holding several cards, with counts, in the order shown. */
  counted: string[];
  /** Slots holding one card at most (a leader). */
  single: string[];
  /** What each slot is called on the page. */
  label: Record<string, string>;
  /** What the catalogue's `curve` number is in this game. */
  curve: string;
  /** Whether the deck names its dice (DDM). */
  dice: boolean;
  read(doc: Record<string, unknown>, into: DeckContents): void;
  write(d: DeckContents): Record<string, unknown>;
}

/** A refused import: the file is not a deck of this game. */
export class NotADeck extends Error {}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1;

// [{KEY: id, count: n} | id, ...]: Suikoden's cards, DDM's monsters and items.
function readEntries(list: unknown, key: string, field: string, into: Map<string, number>): void {
  if (!Array.isArray(list)) throw new NotADeck(`"${field}" must be a list`);
  for (const e of list) {
    const id = typeof e === "string" ? e : isObj(e) && typeof e[key] === "string" ? (e[key] as string) : null;
    const n = isObj(e) ? (e.count ?? 1) : 1;
    if (!id || !isCount(n)) throw new NotADeck(`each entry of "${field}" is an id or {"${key}": id, "count": n}, not ${JSON.stringify(e)}`);
    into.set(id, (into.get(id) || 0) + n);
  }
}
const entries = (m: Map<string, number>, key: string) => [...m].map(([id, count]) => ({ [key]: id, count }));
// A list naming each card once per copy (Last Chronicle's singleton list, DDM's items).
const repeated = (m: Map<string, number>) => [...m].flatMap(([id, n]) => Array.from({ length: n }, () => id));

function readSingle(doc: Record<string, unknown>, field: string, into: DeckContents): void {
  const v = doc[field];
  if (v !== undefined && v !== null && typeof v !== "string") throw new NotADeck(`"${field}" must be a card id`);
  into.single[field] = (v as string | undefined) ?? null;
}

function common(d: DeckContents): Record<string, unknown> {
  const out: Record<string, unknown> = { name: d.name };
  if (d.description) out.description = d.description;
  return out;
}

export const FORMATS: Record<string, DeckFormat> = {
  suikoden: {
    counted: ["cards"], single: ["commander"], dice: false, curve: "cost",
    label: { cards: "Deck", commander: "Commander" },
    read(doc, into) {
      readSingle(doc, "commander", into);
      if (!("cards" in doc)) throw new NotADeck(`a Suikoden deck has a "cards" list`);
      readEntries(doc.cards, "card", "cards", into.counts.cards);
    },
    write: (d) => ({ ...common(d), ...(d.single.commander ? { commander: d.single.commander } : {}), cards: entries(d.counts.cards, "card") }),
  },
  ddm: {
    counted: ["monsters", "items"], single: [], dice: true, curve: "level",
    label: { monsters: "Monsters", items: "Items" },
    read(doc, into) {
      if (!("monsters" in doc)) throw new NotADeck(`a DDM set has a "monsters" list`);
      readEntries(doc.monsters, "monster", "monsters", into.counts.monsters);
      if ("items" in doc) readEntries(doc.items, "item", "items", into.counts.items);
      const dice = doc.dice ?? "standard";
      if (typeof dice !== "string" && !(Array.isArray(dice) && dice.every((x) => typeof x === "string")))
        throw new NotADeck(`"dice" is a dice set's name or a list of die ids`);
      into.dice = dice as string | string[];
    },
    write: (d) => ({ ...common(d), dice: d.dice ?? "standard", monsters: entries(d.counts.monsters, "monster"), items: repeated(d.counts.items) }),
  },
  lastchronicle: {
    counted: ["cards"], single: ["leader"], dice: false, curve: "cost",
    label: { cards: "Deck", leader: "Leader" },
    read(doc, into) {
      readSingle(doc, "leader", into);
      if (!Array.isArray(doc.cards) || !doc.cards.every((x) => typeof x === "string"))
        throw new NotADeck(`a Last Chronicle deck has a "cards" list of card ids`);
      for (const id of doc.cards as string[]) into.counts.cards.set(id, (into.counts.cards.get(id) || 0) + 1);
    },
    write: (d) => ({ ...common(d), ...(d.single.leader ? { leader: d.single.leader } : {}), cards: repeated(d.counts.cards) }),
  },
  magic: {
    counted: ["cards"], single: [], dice: false, curve: "mana value",
    label: { cards: "Deck" },
    read(doc, into) {
      if (!isObj(doc.cards)) throw new NotADeck(`a Magic deck has "cards": {card id: count}`);
      for (const [id, n] of Object.entries(doc.cards)) {
        if (!isCount(n)) throw new NotADeck(`the count of '${id}' must be a whole number from 1`);
        into.counts.cards.set(id, n);
      }
    },
    write: (d) => ({ ...common(d), cards: Object.fromEntries(d.counts.cards) }),
  },
};

export function formatOf(game: string): DeckFormat {
  const f = FORMATS[game];
  if (!f) throw new Error(`no deck builder for ${game}`);
  return f;
}

export function emptyDeck(game: string, name = ""): DeckContents {
  const f = formatOf(game);
  const d: DeckContents = { name, description: "", counts: {}, single: {} };
  for (const s of f.counted) d.counts[s] = new Map();
  for (const s of f.single) d.single[s] = null;
  if (f.dice) d.dice = "standard";
  return d;
}

/** A deck file of this game read into the builder; throws NotADeck (naming
 * what is wrong) when it is not one. Unknown card ids are the caller's to
 * refuse (it has the catalogue). */
export function readDeck(game: string, doc: unknown): DeckContents {
  if (!isObj(doc)) throw new NotADeck("a deck file is a JSON object");
  const d = emptyDeck(game, typeof doc.name === "string" ? doc.name : "");
  if (typeof doc.description === "string") d.description = doc.description;
  formatOf(game).read(doc, d);
  return d;
}

/** The deck in the game's own file format (what `tabletop check-deck` reads). */
export function writeDeck(game: string, d: DeckContents): Record<string, unknown> {
  return formatOf(game).write(d);
}

/** Every card id the deck names, with its slot. */
export function namedCards(game: string, d: DeckContents): [string, string][] {
  const f = formatOf(game);
  const out: [string, string][] = [];
  for (const s of f.single) if (d.single[s]) out.push([d.single[s]!, s]);
  for (const s of f.counted) for (const id of d.counts[s].keys()) out.push([id, s]);
  return out;
}

export function copyDeck(d: DeckContents): DeckContents {
  const counts: Record<string, Map<string, number>> = {};
  for (const [k, m] of Object.entries(d.counts)) counts[k] = new Map(m);
  return { ...d, counts, single: { ...d.single }, dice: Array.isArray(d.dice) ? [...d.dice] : d.dice };
}
