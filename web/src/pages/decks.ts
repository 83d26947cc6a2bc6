// A seat's deck when a table is made: the game's default (the starter decks in
// turn), a starter deck by name, a deck saved in this browser by the deck
// builder (#/decks/GAME), or the player's own deck pasted or uploaded as
// JSON. Saved and own decks are checked by the game's deck rules on the
// server (`check_deck`) before the table is made; every broken rule is named.
import { h } from "../dom";
import { connection } from "../net";
import { savedDeck, savedDecks } from "../decks/saved";

export class DeckChoice {
  readonly select: HTMLSelectElement;
  readonly el: HTMLElement;
  private text: HTMLTextAreaElement;
  private own: HTMLElement;

  constructor(readonly seat: number, private game: string, starters: string[], previous?: DeckChoice) {
    const saved = savedDecks(game);
    this.select = h("select", { name: `deck-${seat}`, "aria-label": `Seat ${seat}'s deck` },
      h("option", { value: "" }, "default deck"),
      h("optgroup", { label: "starter decks" }, starters.map((s) => h("option", { value: "starter:" + s }, s))),
      saved.length ? h("optgroup", { label: "my saved decks" }, saved.map((s) => h("option", { value: "saved:" + s }, s))) : null,
      h("option", { value: "own" }, "paste or upload a deck…")) as HTMLSelectElement;
    this.text = h("textarea", { name: `deck-text-${seat}`, rows: 4, spellcheck: false,
      placeholder: '{"cards": {"card-id": 4, ...}}' }) as HTMLTextAreaElement;
    const file = h("input", { type: "file", accept: ".json,application/json", name: `deck-file-${seat}` }) as HTMLInputElement;
    file.onchange = async () => {
      const f = file.files?.[0];
      if (f) this.text.value = await f.text();
    };
    this.own = h("div.own-deck", { hidden: true },
      h("label.stack", `Seat ${seat}'s deck (JSON)`, this.text),
      h("label.stack", "or upload a file ", file));
    this.select.onchange = () => (this.own.hidden = this.select.value !== "own");
    if (previous) {
      this.select.value = previous.select.value;
      if (this.select.value !== previous.select.value) this.select.value = "";
      this.text.value = previous.text.value;
      this.own.hidden = this.select.value !== "own";
    }
    this.el = this.own;
  }

  /** A deck of the player's (saved or pasted), which the server has not vetted. */
  get isOwn(): boolean {
    return this.select.value === "own" || this.select.value.startsWith("saved:");
  }

  /** The `decks` entry: null for the default, a starter's name, or the saved or parsed own deck. Throws on bad JSON. */
  value(): unknown {
    const v = this.select.value;
    if (v.startsWith("starter:")) return v.slice("starter:".length);
    if (v.startsWith("saved:")) {
      const deck = savedDeck(this.game, v.slice("saved:".length));
      if (!deck) throw new Error(`Seat ${this.seat}'s deck ${v.slice("saved:".length)} is no longer saved in this browser`);
      return deck;
    }
    if (v !== "own") return null;
    const text = this.text.value.trim();
    if (!text) throw new Error(`Seat ${this.seat}'s deck: paste a deck or choose a file`);
    try {
      return JSON.parse(text);
    } catch (e: any) {
      throw new Error(`Seat ${this.seat}'s deck is not JSON: ${e.message}`);
    }
  }
}

/** Every broken rule of the own decks, as lines naming the seat and the rule; empty when all are legal. */
export async function deckProblems(game: string, variant: string, options: Record<string, string>,
  seats: number, choices: DeckChoice[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of choices) {
    if (!c.isOwn) continue;
    const deck = c.value();
    const r = await connection().request("check_deck", { game, variant, options, seats, deck });
    for (const p of r.problems as { rule: string; message: string }[])
      out.push(`Seat ${c.seat}'s deck breaks “${p.rule}”: ${p.message}`);
  }
  return out;
}
