// The game log: lines by index (a reconnect may send some again).
import { h } from "../dom";
import type { LogLine } from "../types";

export class GameLog {
  el = h("ol.log");
  private seen = new Set<number>();

  add(lines: LogLine[] | undefined): void {
    if (!lines?.length) return;
    const atBottom = this.el.scrollTop + this.el.clientHeight >= this.el.scrollHeight - 8;
    for (const l of lines) {
      if (this.seen.has(l.index)) continue;
      this.seen.add(l.index);
      this.el.append(h("li", { "data-index": l.index, class: l.seat >= 0 ? `s${l.seat % 4}` : "" }, l.text));
    }
    if (atBottom) this.el.scrollTop = this.el.scrollHeight;
  }

  reset(lines: LogLine[]): void {
    this.el.replaceChildren();
    this.seen.clear();
    this.add(lines);
  }
}
