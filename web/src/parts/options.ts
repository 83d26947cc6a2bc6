// The option list of the seat's pending decision, with a search box. A board
// may narrow it (`filter`) when a click matches several options.
import { h, clear } from "../dom";
import type { Option } from "../types";

export class OptionList {
  el: HTMLElement;
  private search: HTMLInputElement;
  private list: HTMLElement;
  private prompt: HTMLElement;
  private options: Option[] = [];
  private busy = false;

  constructor(private choose: (id: string) => void) {
    this.search = h("input.search", { type: "search", placeholder: "Search options…", "aria-label": "search options" }) as HTMLInputElement;
    this.search.oninput = () => this.draw();
    this.prompt = h("div.prompt");
    this.list = h("ol.options");
    this.el = h("section.options-panel", this.prompt, this.search, this.list);
  }

  set(prompt: string | undefined, options: Option[], waitingFor: string): void {
    const same = options.length === this.options.length && options.every((o, i) => o.id === this.options[i].id);
    this.options = options;
    if (!same) this.search.value = "";
    this.setBusy(false);
    clear(this.prompt, options.length ? h("strong", prompt || "Your decision") : h("span.muted", waitingFor));
    this.search.hidden = options.length < 6;
    this.draw();
  }

  filter(text: string): void {
    this.search.value = text;
    this.search.hidden = false;
    this.draw();
  }

  setBusy(b: boolean): void {
    this.busy = b;
    this.el.classList.toggle("busy", b);
    for (const b2 of Array.from(this.list.querySelectorAll("button"))) (b2 as HTMLButtonElement).disabled = b;
  }

  private draw(): void {
    const q = this.search.value.trim().toLowerCase();
    const shown = q ? this.options.filter((o) => o.label.toLowerCase().includes(q) || o.id.toLowerCase().includes(q)) : this.options;
    clear(this.list, shown.map((o) =>
      h("li", h("button.option", {
        "data-option": o.id, disabled: this.busy, title: o.id,
        onclick: () => this.choose(o.id),
      }, ...labelLines(o.label)))));
    if (q && !shown.length) this.list.append(h("li.muted", "No option matches."));
  }
}

/** A label's first line, and any further lines (a DDM net drawing) as pre. */
function labelLines(label: string): (HTMLElement | string)[] {
  const [first, ...rest] = label.split("\n");
  return rest.length ? [first, h("pre.net", rest.join("\n"))] : [first];
}
