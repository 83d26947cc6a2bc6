// "Since your last decision": the log lines that came while the viewer was
// not deciding, folded so a round of passes reads as one line ("Brix, Cato
// and Dara pass"), shown when the viewer must decide again. Attacks, spells,
// life changes and cards placed are kept as they were said.
import { h } from "../dom";
import type { LogLine } from "../types";

const PASS = /^(.+?) (passes|passes priority|pass)\.?$/;

/** Lines folded: runs of "X passes" become one line naming them all, and a
 * line said again at once is said once with a count ("Cato draws a card ×7"). */
export function fold(lines: string[]): string[] {
  const out: string[] = [];
  let count = 0;
  for (const l of foldPasses(lines)) {
    if (out.length && out[out.length - 1] === l) count++;
    else {
      if (count) out[out.length - 1] += ` ×${count + 1}`;
      count = 0;
      out.push(l);
    }
  }
  if (count) out[out.length - 1] += ` ×${count + 1}`;
  return out;
}

function foldPasses(lines: string[]): string[] {
  const out: string[] = [];
  let passers: string[] = [];
  const flush = () => {
    if (!passers.length) return;
    const uniq = [...new Set(passers)];
    out.push(uniq.length === 1 ? `${uniq[0]} passes` : `${uniq.slice(0, -1).join(", ")} and ${uniq[uniq.length - 1]} pass`);
    passers = [];
  };
  for (const l of lines) {
    const m = PASS.exec(l);
    if (m) passers.push(m[1]);
    else {
      flush();
      out.push(l);
    }
  }
  flush();
  return out;
}

export class Digest {
  el = h("section.digest", { hidden: true, "aria-live": "polite" });
  private since: LogLine[] = [];
  private shownFor = -1;

  /** Every update's new lines; `mine`: the viewer decides now. */
  add(lines: LogLine[] | undefined, me: number): void {
    for (const l of lines || []) if (l.seat !== me || me < 0) this.since.push(l);
  }

  /** Draws the digest when the viewer decides (at decision `seq`), with
   * lines rendered by `render` (names, card links). */
  show(mine: boolean, seq: number, render: (text: string) => (Node | string)[]): void {
    if (!mine) {
      this.el.hidden = true;
      return;
    }
    if (this.shownFor === seq) return;
    this.shownFor = seq;
    const lines = fold(this.since.map((l) => l.text)).slice(-40);
    // Nothing happened in between (two decisions of one's own in a row): no box.
    this.el.hidden = !lines.length;
    this.el.replaceChildren(h("h3", "Since your last decision"), h("ul.digest-lines", lines.map((t) => h("li", render(t)))));
  }

  /** The viewer acted: start again. */
  acted(): void {
    this.since = [];
  }
}
