// The game's deck rules, checked live by the server (`check_deck`, the same
// rules and messages as `tabletop check-deck`): a check a short while after
// the last change, only the newest answer shown.
import { h, clear } from "../dom";
import { connection, whenOpen } from "../net";

export interface Problem {
  rule: string;
  message: string;
}

export class RuleCheck {
  private timer: number | undefined;
  private asked = 0;

  /** `onVerdict`: told each verdict shown (null while checking), for the page's summary. */
  constructor(private el: HTMLElement, private game: string,
    private onVerdict: (problems: Problem[] | null) => void = () => {}) {}

  /** Checks `deck` for a table of `seats` players after `delayMs` without another change. */
  soon(deck: Record<string, unknown>, seats: number, delayMs = 300): void {
    clearTimeout(this.timer);
    this.el.dataset.state = "checking";
    this.onVerdict(null);
    this.timer = window.setTimeout(() => void this.now(deck, seats), delayMs);
  }

  private async now(deck: Record<string, unknown>, seats: number): Promise<void> {
    const mine = ++this.asked;
    let problems: Problem[];
    try {
      const c = connection();
      await whenOpen(c);
      const r = await c.request("check_deck", { game: this.game, deck, seats });
      problems = r.problems as Problem[];
    } catch (e: any) {
      if (mine !== this.asked) return;
      this.el.dataset.state = "error";
      clear(this.el, h("p.error", `The deck could not be checked: ${e.message || e}`));
      return;
    }
    if (mine !== this.asked) return;
    this.el.dataset.state = problems.length ? "illegal" : "legal";
    this.onVerdict(problems);
    clear(this.el, problems.length
      ? [h("p.verdict", `Not legal for ${seats} players:`),
         h("ul.problems", problems.map((p) => h("li", { "data-rule": p.rule }, h("strong", p.rule), ": ", p.message)))]
      : h("p.verdict", `✓ Legal for ${seats} players`));
  }

  stop(): void {
    clearTimeout(this.timer);
    this.asked++;
  }
}
