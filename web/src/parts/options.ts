// The option list of the seat's pending decision, with a search box. A board
// may narrow it (`filter` by text, `focus` on the options a click is about)
// and may ask to confirm an option before it is taken. Labels are rendered
// by the page (seats named, card names pointable).
import { h, clear } from "../dom";
import type { Option } from "../types";

type Render = (text: string) => (Node | string)[];

export class OptionList {
  el: HTMLElement;
  private search: HTMLInputElement;
  private list: HTMLElement;
  private prompt: HTMLElement;
  private focusBar: HTMLElement;
  private confirmBar: HTMLElement;
  private options: Option[] = [];
  private focused: Option[] | null = null;
  private confirming: Option | null = null;
  private busy = false;
  private render: Render = (t) => [t];

  constructor(private choose: (id: string) => void) {
    this.search = h("input.search", { type: "search", placeholder: "Search options…", "aria-label": "search options" }) as HTMLInputElement;
    this.search.oninput = () => this.draw();
    this.prompt = h("div.prompt");
    this.focusBar = h("div.focus-bar", { hidden: true });
    this.confirmBar = h("div.confirm-bar", { hidden: true, role: "alertdialog" });
    this.list = h("ol.options");
    this.el = h("section.options-panel", this.prompt, this.confirmBar, this.focusBar, this.search, this.list);
  }

  set(prompt: string | undefined, options: Option[], waitingFor: string, render: Render): void {
    const same = options.length === this.options.length && options.every((o, i) => o.id === this.options[i].id);
    this.options = options;
    this.render = render;
    if (!same) {
      this.search.value = "";
      this.focused = null;
      this.confirming = null;
    }
    this.setBusy(false);
    clear(this.prompt, options.length ? h("strong", render(prompt || "Your decision")) : h("span.muted", render(waitingFor)));
    this.search.hidden = options.length < 6;
    this.draw();
  }

  filter(text: string): void {
    this.focused = null;
    this.search.value = text;
    this.search.hidden = false;
    this.draw();
  }

  /** Shows only `options` (a board click's), under a heading, until cleared. */
  focus(options: Option[], heading: string): void {
    this.focused = options;
    this.search.value = "";
    this.draw();
    clear(this.focusBar, h("span", this.render(heading)), h("button.small", { type: "button", onclick: () => this.clearFocus() }, "Show all"));
    this.focusBar.hidden = false;
  }

  clearFocus(): void {
    this.focused = null;
    this.search.value = "";
    this.confirming = null;
    this.draw();
  }

  /** Asks `question` before `o` is taken; Confirm takes it. */
  confirm(o: Option, question: string): void {
    this.confirming = o;
    clear(this.confirmBar, h("p", this.render(question)),
      h("div.actions",
        h("button.primary", { type: "button", "data-confirm": o.id, onclick: () => this.confirmed() }, "Confirm"),
        h("button", { type: "button", onclick: () => this.cancelConfirm() }, "Cancel")));
    this.confirmBar.hidden = false;
  }

  get confirmingOption(): Option | null {
    return this.confirming;
  }

  confirmed(): void {
    const o = this.confirming;
    this.cancelConfirm();
    if (o) this.choose(o.id);
  }

  cancelConfirm(): void {
    this.confirming = null;
    this.confirmBar.hidden = true;
  }

  setBusy(b: boolean): void {
    this.busy = b;
    this.el.classList.toggle("busy", b);
    for (const b2 of Array.from(this.el.querySelectorAll("button.option, [data-confirm]"))) (b2 as HTMLButtonElement).disabled = b;
  }

  /** The options shown now, in order (for the number keys). */
  shown(): Option[] {
    const q = this.search.value.trim().toLowerCase();
    const base = this.focused ?? this.options;
    return q ? base.filter((o) => o.label.toLowerCase().includes(q) || o.id.toLowerCase().includes(q)) : base;
  }

  all(): Option[] {
    return this.options;
  }

  private draw(): void {
    const shown = this.shown();
    if (!this.focused) this.focusBar.hidden = true;
    if (!this.confirming) this.confirmBar.hidden = true;
    clear(this.list, shown.map((o, i) =>
      h("li", h("button.option", {
        "data-option": o.id, disabled: this.busy, title: o.id,
        onclick: () => this.choose(o.id),
      }, i < 9 ? h("kbd", String(i + 1)) : null, ...labelLines(o.label, this.render)))));
    if (!shown.length && this.options.length) this.list.append(h("li.muted", "No option matches."));
  }
}

/** A label's first line, and any further lines (a DDM net drawing) as pre. */
function labelLines(label: string, render: Render): (HTMLElement | Node | string)[] {
  const [first, ...rest] = label.split("\n");
  const line = h("span.label", render(first));
  return rest.length ? [line, h("pre.net", rest.join("\n"))] : [line];
}
