// How the Magic board reads the options (src/games/magic/ids.cpp) as clicks.
// Every board element has a key: a card or permanent its reference
// ("emberscree#11"), a player "seat3", a stack object "spell79", a waiting
// trigger its whole option ("order:toll-of-hours#1:0:seat2"). An option names
// the elements it is about, in order:
//   play:R, cast:R[:modeN], bottom:R, pick:R, activate:R:N, deploy:R,
//   target:R | target:seatN | target:spellN, choose:seatN   one element
//   attack:R:seatN (the creature, then the player)          two elements
//   block:R:R (the blocker, then the attacker)               two elements
//   assign:R:N | assign:seatN:N (N damage to a blocker or    one element: a click on it
//     the player; 510.1c)                                    lays out its amounts as buttons
//   order:...                                                its own element
//   keep, mulligan, pass, cancel, attack-done, attack-reset, block-done,
//   block-reset, assign-done, assign-reset, pick-done, modeN,
//   pay-life, decline, pileN                                 no element: a board button
// A click on an element takes the one option it decides, or selects it when
// a second element must follow (a creature, then whom it attacks), or lays
// the several options it could mean out as board buttons (a modal spell).
import type { Option } from "../types";

export interface Parsed {
  option: Option;
  verb: string;
  /** The board elements the option is about, in the order they are clicked. */
  things: string[];
}

const ELEMENT = /^(?:[a-z0-9-]+#\d+|seat\d+|spell\d+)$/;

export function parseOption(o: Option): Parsed {
  const [verb, ...rest] = o.id.split(":");
  if (verb === "order") return { option: o, verb, things: [o.id] };
  return { option: o, verb, things: rest.filter((p) => ELEMENT.test(p)) };
}

/** What a click on an element (with an element selected or not) leads to. */
export interface ClickResult {
  /** Take this option (through the confirmation). */
  take?: Option;
  /** Select the element: a second one must follow. */
  select?: string;
  /** Several options it could mean: laid out as buttons. */
  choices?: Option[];
}

/** The selection and the choice bar outlive a redraw of the same decision. */
export interface Selection {
  /** The options' ids joined: a new decision forgets the selection. */
  decision: string;
  key: string | null;
  choices: Option[] | null;
  heading: string;
}

const state: Selection = { decision: "", key: null, choices: null, heading: "" };

export function selection(options: Option[]): Selection {
  const decision = options.map((o) => o.id).join("|");
  if (decision !== state.decision) Object.assign(state, { decision, key: null, choices: null, heading: "" });
  return state;
}

export class OptionMap {
  readonly parsed: Parsed[];
  constructor(options: Option[]) {
    this.parsed = options.map(parseOption);
  }

  /** Options that need no board element: board buttons. */
  buttons(): Option[] {
    return this.parsed.filter((p) => !p.things.length).map((p) => p.option);
  }

  /** Options about this element (as their first or a later element). */
  about(key: string): Parsed[] {
    return this.parsed.filter((p) => p.things.includes(key));
  }

  /** Elements that start an option: clickable with nothing selected. */
  starters(): Set<string> {
    const s = new Set<string>();
    for (const p of this.parsed) for (const t of p.things) s.add(t);
    return s;
  }

  /** Elements that complete an option with `key` selected. */
  partners(key: string): Set<string> {
    const s = new Set<string>();
    for (const p of this.parsed) if (p.things.length > 1 && p.things.includes(key)) for (const t of p.things) if (t !== key) s.add(t);
    return s;
  }

  click(key: string, selected: string | null): ClickResult {
    if (selected && selected !== key) {
      const both = this.parsed.filter((p) => p.things.length > 1 && p.things.includes(selected) && p.things.includes(key));
      if (both.length === 1) return { take: both[0].option };
      if (both.length > 1) return { choices: both.map((p) => p.option) };
    }
    const fits = this.about(key);
    const direct = fits.filter((p) => p.things.length === 1).map((p) => p.option);
    const further = fits.filter((p) => p.things.length > 1);
    if (!further.length) {
      if (direct.length === 1) return { take: direct[0] };
      return direct.length ? { choices: direct } : {};
    }
    // One option in all, whatever comes second: take it (a lone attack
    // target), unless another element was selected: then this one is.
    if (further.length === 1 && !direct.length && !selected) return { take: further[0].option };
    return { select: key, choices: direct.length ? direct : undefined };
  }
}
