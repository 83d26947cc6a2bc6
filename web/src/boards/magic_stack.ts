// The middle of the Magic table: the spell being cast (announced, 601.2a),
// the stack top first (one per turn marker in Grand Melee, 807.5) with each
// object's source card and controller, the viewer's waiting triggers to put
// on the stack (603.3b), and the cards a resolving spell lets one choose
// from (a searched library, Split Tribute's face-up piles).
import { h } from "../dom";
import { cardName } from "../parts/cards";
import type { Kit } from "./magic_kit";
import { shortName } from "./magic_battlefield";

function stackObject(k: Kit, it: any): HTMLElement {
  const kind = it.kind === "ability" ? "ability" : it.kind === "copy" ? "copy" : "spell";
  const marks = [kind === "spell" ? `cast by ${shortName(k, it.controller)}` : `${shortName(k, it.controller)}'s ${kind}`];
  if (it.resolving) marks.push("resolving");
  return h("li.mstack-item", { "data-stack-id": it.id, class: it.resolving ? "resolving" : "" },
    k.card(it.ref || it.card, `spell${it.id}`, { classes: "small", marks, note: kind === "spell" ? undefined : kind }));
}

export function stackPanel(k: Kit): HTMLElement | null {
  const { ctx, v } = k;
  const stack: any[] = v.stack || [];
  const casting = v.casting;
  const triggers = k.map.parsed.filter((p) => p.verb === "order");
  if (!stack.length && !casting && !triggers.length) return null;
  // Top first; in Grand Melee one stack per marker.
  const byMarker = new Map<number, any[]>();
  for (const it of stack) byMarker.set(it.marker ?? 0, [...(byMarker.get(it.marker ?? 0) || []), it]);
  const stacks = [...byMarker.entries()].map(([m, items]) =>
    h("div.mstack-one", byMarker.size > 1 || m ? h("small.mrow-label", `marker ${m}'s stack`) : null,
      h("ol.mstack", { "aria-label": "the stack, top first" }, [...items].reverse().map((it) => stackObject(k, it)))));
  return h("section.mpanel.mstack-panel", { "data-panel": "stack" },
    h("h3", "Stack", stack.length ? h("small.muted", ` ${stack.length}, top first`) : null),
    casting ? h("div.mcasting", { "data-casting": casting.ref },
      k.card(casting.ref, casting.ref, { classes: "small casting", marks: [casting.mode > 1 ? `mode ${casting.mode}` : "announced"] }),
      h("span", `${ctx.name(casting.seat)} is casting ${cardName("magic", casting.card)}: choosing targets and paying`)) : null,
    stacks,
    triggers.length ? h("div.mtriggers", h("small.mrow-label", "your triggers: choose which goes on the stack next"),
      h("div.mcards", triggers.map((p) => {
        const source = p.option.id.split(":")[1];
        const about = /:seat(\d+)/.exec(p.option.id);
        return k.card(source, p.option.id, { classes: "small trigger", note: "trigger", marks: about ? [`for ${shortName(k, Number(about[1]))}`] : [] });
      }))) : null);
}

/** Cards a resolving spell lets the chooser pick among. */
export function choicePanel(k: Kit): HTMLElement | null {
  const { ctx, v } = k;
  const parts: HTMLElement[] = [];
  if (v.searching) {
    const lib: string[] = v.searching.library || [];
    parts.push(h("div.mrow", { "data-row": "searching" }, h("small.mrow-label", `${ctx.name(v.searching.seat)}'s library, top first`),
      h("div.mcards", lib.map((r) => k.card(r, r, { classes: "small" })))));
  }
  if (v.split) {
    const pile1 = new Set<string>(v.split.pile1 || []);
    parts.push(h("div.mrow", { "data-row": "piles" }, h("small.mrow-label", "revealed: pile 1 and pile 2"),
      h("div.mcards", (v.split.cards || []).map((r: string) => k.card(r, r, { classes: "small", marks: [pile1.has(r) ? "pile 1" : "pile 2"] })))));
  }
  return parts.length ? h("section.mpanel.mchoice-panel", { "data-panel": "choice" }, h("h3", "Choose among"), parts) : null;
}
