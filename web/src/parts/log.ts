// The game log: lines by index (a reconnect may send some again), each
// rendered with seats named and card names pointable.
import { h } from "../dom";
import type { LogLine } from "../types";

export class GameLog {
  el = h("ol.log");
  private seen = new Set<number>();

  constructor(private render: (text: string) => (Node | string)[] = (t) => [t]) {}

  setRender(render: (text: string) => (Node | string)[]): void {
    this.render = render;
  }

  add(lines: LogLine[] | undefined): void {
    if (!lines?.length) return;
    const atBottom = this.el.scrollTop + this.el.clientHeight >= this.el.scrollHeight - 8;
    for (const l of lines) {
      if (this.seen.has(l.index)) continue;
      this.seen.add(l.index);
      this.el.append(h("li", { "data-index": l.index, "data-seat": l.seat, class: l.seat >= 0 ? `s${l.seat % 4}` : "" }, this.render(l.text)));
    }
    if (atBottom) this.el.scrollTop = this.el.scrollHeight;
  }

  reset(lines: LogLine[]): void {
    this.el.replaceChildren();
    this.seen.clear();
    this.add(lines);
  }
}
