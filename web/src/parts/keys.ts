// Keyboard shortcuts at a table: 1-9 take the n-th option shown, P passes,
// D is done / ends the step, Enter confirms what a board click asked about
// (or takes the only option shown), Esc shows every option again. Keys
// typed into a field are the field's.
import type { Option } from "../types";
import type { OptionList } from "./options";

const PASS = /^pass\b/i;
const DONE = /^(done|end|finish|confirm|keep|next)\b/i;

export function tableKeys(list: OptionList, hooks: () => { act(id: string): void }): () => void {
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement | null;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const typing = t && ((t.tagName === "INPUT" && !/^(checkbox|radio|button|range)$/.test((t as HTMLInputElement).type))
      || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
    if (typing) return;
    const shown = list.shown();
    const take = (o: Option | undefined) => {
      if (!o) return;
      e.preventDefault();
      hooks().act(o.id);
    };
    if (e.key === "Escape") {
      list.cancelConfirm();
      list.clearFocus();
    } else if (e.key === "Enter") {
      if (list.confirmingOption) {
        e.preventDefault();
        list.confirmed();
      } else if (shown.length === 1 && !(t && (t.tagName === "BUTTON" || t.tagName === "A"))) take(shown[0]);
    } else if (/^[1-9]$/.test(e.key)) take(shown[Number(e.key) - 1]);
    else if (e.key === "p" || e.key === "P") take(list.all().find((o) => PASS.test(o.id) || PASS.test(o.label)));
    else if (e.key === "d" || e.key === "D") take(list.all().find((o) => DONE.test(o.id) || DONE.test(o.label)));
  };
  window.addEventListener("keydown", onKey);
  return () => window.removeEventListener("keydown", onKey);
}
