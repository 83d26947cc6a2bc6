// A player's own preferences, kept in this browser: take forced single
// options by themselves, and stop anyway at a decision that ends a phase
// (passing, ending a step) when the player asks for stops.
import { h } from "../dom";
import type { Option } from "../types";

const AUTO = "tabletop.auto-forced";
const STOPS = "tabletop.stops";

export function autoForced(): boolean {
  return localStorage.getItem(AUTO) === "1";
}
export function keepStops(): boolean {
  return localStorage.getItem(STOPS) !== "0";
}

/** An option that ends a phase or gives up priority: passing, ending, done. */
export function endsPhase(o: Option): boolean {
  return /^(pass|end|done|next|finish|skip|no-?block|no-?attack)\b/i.test(o.id) || /^(pass|end|done)\b/i.test(o.label);
}

/** The single option to take by itself now, if the preferences allow. */
export function forcedToTake(options: Option[]): Option | null {
  if (options.length !== 1 || !autoForced()) return null;
  const o = options[0];
  if (o.id === "concede") return null;
  if (keepStops() && endsPhase(o)) return null;
  return o;
}

export function prefsPanel(changed: () => void): HTMLElement {
  const box = (key: string, on: boolean, label: string, title: string) => {
    const input = h("input", { type: "checkbox", checked: on, "data-pref": key }) as HTMLInputElement;
    input.onchange = () => {
      localStorage.setItem(key, input.checked ? "1" : "0");
      changed();
    };
    return h("label.pref", { title }, input, label);
  };
  return h("details.prefs", h("summary", "Preferences and keys"),
    box(AUTO, autoForced(), "Take forced moves by themselves", "When you have exactly one option, it is taken for you."),
    box(STOPS, keepStops(), "…but stop when it ends a phase", "A lone pass or end-of-step is still yours to press."),
    h("p.muted.keys", "Keys: 1-9 choose an option · P pass · D done / end · Enter confirm or take the only option · Esc show all options"));
}
