// The decks a player saved in this browser (localStorage), by game and name,
// each kept in the game's own deck file format, so what is saved is what is
// exported and what `create` receives.
const KEY = "tabletop.decks";

type Saved = Record<string, Record<string, Record<string, unknown>>>;

function all(): Saved {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

function put(s: Saved): void {
  localStorage.setItem(KEY, JSON.stringify(s));
}

/** The names of the game's saved decks, sorted. */
export function savedDecks(game: string): string[] {
  return Object.keys(all()[game] || {}).sort((a, b) => a.localeCompare(b));
}

export function savedDeck(game: string, name: string): Record<string, unknown> | null {
  return all()[game]?.[name] ?? null;
}

/** Saves (or replaces) a deck under its name. */
export function saveDeck(game: string, name: string, deck: Record<string, unknown>): void {
  const s = all();
  (s[game] ||= {})[name] = { ...deck, name };
  put(s);
}

export function deleteDeck(game: string, name: string): void {
  const s = all();
  if (s[game]) delete s[game][name];
  put(s);
}

/** Renames a saved deck; refuses a name another deck has. */
export function renameDeck(game: string, from: string, to: string): void {
  const s = all();
  const decks = s[game] || {};
  if (!decks[from]) throw new Error(`no saved deck '${from}'`);
  if (from === to) return;
  if (decks[to]) throw new Error(`a deck named '${to}' is saved already`);
  decks[to] = { ...decks[from], name: to };
  delete decks[from];
  put(s);
}

/** A name not yet used: "NAME", else "NAME (2)", "NAME (3)"... */
export function freeName(game: string, name: string): string {
  const taken = new Set(savedDecks(game));
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} (${i})`)) return `${name} (${i})`;
}

// The deck on the builder's page, kept at every change so a reload or a
// page left by mistake loses nothing: the deck file, the saved deck it was
// opened from (if any) and the table size chosen.
const DRAFTS = "tabletop.deck-drafts";

export interface Draft {
  deck: Record<string, unknown>;
  open: string | null;
  seats: number;
}

function drafts(): Record<string, Draft> {
  try {
    const v = JSON.parse(localStorage.getItem(DRAFTS) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

export function draftOf(game: string): Draft | null {
  return drafts()[game] ?? null;
}

export function keepDraft(game: string, d: Draft): void {
  const all = drafts();
  all[game] = d;
  localStorage.setItem(DRAFTS, JSON.stringify(all));
}
