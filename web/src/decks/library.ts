// The deck builder's shelf: the deck's name, the decks saved in this browser
// (open, save, duplicate, rename, delete), a starter deck as a template, and
// the deck file exported (downloaded in the game's own format, which
// `tabletop check-deck` reads) or imported (a file or pasted JSON). An import
// that is not a deck of this game is refused with the reason and changes
// nothing.
import { h, clear } from "../dom";
import { deleteDeck, freeName, renameDeck, saveDeck, savedDeck, savedDecks } from "./saved";

export interface Shelf {
  game: string;
  /** Whether the deck holds no card at all (nothing to lose). */
  empty(): boolean;
  /** The deck as it stands, in the game's file format (without its name). */
  current(): Record<string, unknown>;
  /** Loads a deck file into the builder; throws (naming why) when it is not a deck. `saved`: its saved name. */
  load(doc: unknown, saved: string | null): void;
  starters: Record<string, Record<string, unknown>>;
}

export class Library {
  readonly el: HTMLElement;
  readonly name = h("input", { name: "deck-name", placeholder: "deck name", maxlength: 60, "aria-label": "deck name" }) as HTMLInputElement;
  /** The saved deck being edited (null: not saved yet). */
  openName: string | null = null;
  private saved = h("select", { name: "saved", "aria-label": "saved decks" }) as HTMLSelectElement;
  private msg = h("p.shelf-msg", { role: "status" });
  private dirty = h("span.tag.unsaved", { hidden: true }, "unsaved changes");
  private armed: number | undefined;
  private deleteBtn: HTMLButtonElement;

  constructor(private s: Shelf) {
    const btn = (name: string, label: string, fn: () => void, title?: string) =>
      h("button.small", { type: "button", name, title, onclick: () => this.attempt(fn) }, label) as HTMLButtonElement;
    this.saved.onchange = () => this.attempt(() => void this.open(this.saved.value));
    this.deleteBtn = btn("delete", "Delete", () => this.remove());
    const starter = h("select", { name: "starter", "aria-label": "starter deck" },
      h("option", { value: "" }, "start from…"),
      h("option", { value: "-empty" }, "an empty deck"),
      Object.keys(s.starters).map((n) => h("option", { value: n }, `starter: ${n}`))) as HTMLSelectElement;
    starter.onchange = () => this.attempt(() => {
      const v = starter.value;
      starter.value = "";
      if (!v) return;
      const name = v === "-empty" ? "" : `My ${s.starters[v].name || v}`;
      s.load(v === "-empty" ? null : { ...s.starters[v], name }, null);
      this.openName = null;
      this.name.value = name;
      this.refresh();
      this.changed();
      this.say(v === "-empty" ? "A new empty deck." : `Started from the starter deck ${v}: save it under a name of yours.`);
    });
    const file = h("input", { type: "file", accept: ".json,application/json", name: "import-file", "aria-label": "import a deck file" }) as HTMLInputElement;
    file.onchange = async () => {
      const f = file.files?.[0];
      file.value = "";
      if (f) this.importText(await f.text(), f.name);
    };
    const paste = h("textarea", { name: "import-text", rows: 5, spellcheck: false, placeholder: "paste a deck file's JSON here" }) as HTMLTextAreaElement;
    this.el = h("section.card.shelf",
      h("div.row.shelf-main", h("label", "Name ", this.name), this.dirty,
        h("label", "Saved ", this.saved),
        btn("save", "Save", () => this.save()), btn("duplicate", "Duplicate", () => this.duplicate()),
        btn("rename", "Rename", () => this.rename(), "give the open saved deck the name typed"), this.deleteBtn),
      h("div.row.shelf-io", starter,
        btn("export", "Export JSON", () => this.exportFile(), "download the deck file (the game's own format)"),
        h("label.button.small.file", "Import file", file),
        h("details.paste", h("summary", "Paste JSON"), paste,
          btn("import-paste", "Import", () => this.importText(paste.value, "the pasted text")))),
      this.msg);
    this.name.oninput = () => this.changed();
    this.refresh();
  }

  /** The deck file to save or export: the current deck under the typed name. */
  file(): Record<string, unknown> {
    return { ...this.s.current(), name: this.name.value.trim() || "Unnamed deck" };
  }

  changed(): void {
    const saved = this.openName ? savedDeck(this.s.game, this.openName) : null;
    this.dirty.hidden = saved ? JSON.stringify(saved) === JSON.stringify(this.file()) : this.s.empty();
  }

  say(text: string, error = false): void {
    clear(this.msg, text);
    this.msg.className = "shelf-msg" + (error ? " error" : "");
  }

  refresh(): void {
    const names = savedDecks(this.s.game);
    clear(this.saved, h("option", { value: "" }, names.length ? "— open a saved deck —" : "— none saved yet —"),
      names.map((n) => h("option", { value: n, selected: n === this.openName }, n)));
    this.deleteBtn.disabled = !this.openName;
    this.changed();
  }

  /** Opens a saved deck; false when none has that name. */
  open(name: string): boolean {
    const doc = name ? savedDeck(this.s.game, name) : null;
    if (!doc) {
      if (name) this.say(`No deck named ${name} is saved in this browser.`, true);
      return false;
    }
    this.s.load(doc, name);
    this.openName = name;
    this.name.value = name;
    this.refresh();
    this.say(`Opened ${name}.`);
    return true;
  }

  /** The deck left on the page last time, with the saved deck it came from. */
  restore(doc: Record<string, unknown>, openName: string | null): void {
    try {
      this.s.load(doc, null);
    } catch {
      return; // the pool changed since: start empty rather than show a broken deck
    }
    this.openName = openName && savedDeck(this.s.game, openName) ? openName : null;
    this.name.value = typeof doc.name === "string" ? doc.name : "";
    this.refresh();
  }

  private save(): void {
    const name = this.name.value.trim();
    if (!name) {
      this.name.focus();
      throw new Error("Give the deck a name first.");
    }
    if (name !== this.openName && savedDeck(this.s.game, name))
      throw new Error(`A deck named ${name} is saved already: open it, or choose another name.`);
    saveDeck(this.s.game, name, this.file());
    this.openName = name;
    this.refresh();
    this.say(`Saved ${name} in this browser.`);
  }

  private duplicate(): void {
    const name = freeName(this.s.game, `${this.name.value.trim() || "Unnamed deck"} copy`);
    this.name.value = name;
    saveDeck(this.s.game, name, this.file());
    this.openName = name;
    this.refresh();
    this.say(`Saved a copy as ${name}.`);
  }

  private rename(): void {
    if (!this.openName) throw new Error("Open a saved deck first (or Save this one).");
    const to = this.name.value.trim();
    if (!to) throw new Error("Type the new name first.");
    renameDeck(this.s.game, this.openName, to);
    saveDeck(this.s.game, to, this.file());
    this.say(`Renamed ${this.openName} to ${to}.`);
    this.openName = to;
    this.refresh();
  }

  // Two clicks: the first asks, the second (within 4 s) deletes.
  private remove(): void {
    if (!this.openName) return;
    if (this.armed === undefined) {
      this.deleteBtn.textContent = `Delete ${this.openName}? Click again`;
      this.armed = window.setTimeout(() => this.disarm(), 4000);
      return;
    }
    this.disarm();
    deleteDeck(this.s.game, this.openName);
    this.say(`Deleted ${this.openName}; the deck stays on the page until you leave it.`);
    this.openName = null;
    this.refresh();
  }

  private disarm(): void {
    clearTimeout(this.armed);
    this.armed = undefined;
    this.deleteBtn.textContent = "Delete";
  }

  private exportFile(): void {
    const doc = this.file();
    const blob = new Blob([JSON.stringify(doc, null, 2) + "\n"], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `${slug(String(doc.name))}.json` }) as HTMLAnchorElement;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    this.say(`Exported ${a.download}: \`tabletop check-deck ${this.s.game} ${a.download}\` reads it.`);
  }

  private importText(text: string, from: string): void {
    this.attempt(() => {
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch (e: any) {
        throw new Error(`Not imported: ${from} is not JSON (${e.message}).`);
      }
      try {
        this.s.load(doc, null);
      } catch (e: any) {
        throw new Error(`Not imported: ${from} is not a deck of this game: ${e.message}. The deck on the page is unchanged.`);
      }
      const named = (doc as { name?: unknown }).name;
      this.openName = null;
      this.name.value = typeof named === "string" ? named : "";
      this.refresh();
      this.changed();
      this.say(`Imported ${from}: save it to keep it.`);
    });
  }

  private attempt(fn: () => void): void {
    try {
      fn();
    } catch (e: any) {
      this.say(e.message || String(e), true);
    }
  }
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "deck";
}
