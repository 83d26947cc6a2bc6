// Where the Magic turn stands and the combat in it: turn, step, whose turn
// (a team's under shared turns, every turn marker's in Grand Melee, 807.4),
// who holds priority; then each attacking creature with the player it
// attacks and the creatures blocking it (802, 805.10).
import { h } from "../dom";
import { cardName } from "../parts/cards";
import type { Kit } from "./magic_kit";
import { stepWords, sharesLife, members } from "./magic_kit";
import { shortName } from "./magic_battlefield";

export function statusLine(k: Kit): HTMLElement {
  const { ctx, v } = k;
  const markers: any[] = Array.isArray(v.markers) ? v.markers : [];
  const active = typeof v.active === "number" && v.active >= 0 ? v.active : -1;
  const whose = active < 0 || v.step === "mulligan" ? null
    : sharesLife(v) ? members(v, v.players[active].team).map((s) => shortName(k, s)).join(" and ")
    : ctx.name(active);
  return h("div.mstatus", { "data-step": v.step },
    h("span.mturn-no", `Turn ${v.turn ?? 0}`),
    markers.length || v.over ? null : h("span.mstep", stepWords(v.step)),
    whose && !markers.length && !v.over ? h("span.mactive", h("small", "active"), whose) : null,
    markers.length ? h("span.mmarkers", markers.map((m) => h("span.mmarker", {
        class: [m.current ? "current" : "", m.waiting ? "waiting" : ""].join(" "), "data-marker": m.marker,
        title: m.current ? "the turn being played now" : m.waiting ? "waiting: a marker holder to the left is still in its turn (807.4d)" : "",
      }, `marker ${m.marker}: ${shortName(k, m.holder)} · ${m.waiting ? "waiting" : stepWords(m.step)}`))) : null,
    typeof v.priority === "number" && v.priority >= 0 ? h("span.mprio", `priority: ${shortName(k, v.priority)}`) : null,
    v.over ? h("strong", "game over") : null);
}

export function combatPanel(k: Kit): HTMLElement | null {
  const { v } = k;
  const combat: any[] = v.combat || [];
  if (!combat.length) return null;
  const byRef = new Map<string, any>((v.battlefield || []).map((b: any) => [b.card, b]));
  const pt = (r: string) => {
    const b = byRef.get(r);
    return b && typeof b.power === "number" ? [["P/T", `${b.power}/${b.toughness}`]] as [string, string][] : [];
  };
  return h("section.mpanel.mcombat-panel", { "data-panel": "combat" },
    h("h3", "Combat"),
    h("ul.mcombat", combat.map((c) => h("li.mattack", { "data-attacker": c.attacker, "data-attacks": c.attacks },
      k.card(c.attacker, c.attacker, { classes: "small", stats: pt(c.attacker) }),
      h("span.marrow", "→"),
      h("span.mdefender", { "data-seat": c.attacks }, `attacks ${k.ctx.name(c.attacks)}`),
      (c.blockers || []).length
        ? h("span.mblockers", h("small", "blocked by"), (c.blockers as string[]).map((b) => k.card(b, b, { classes: "small", stats: pt(b) })))
        : h("small.munblocked", c.blocked ? "blocked (its blockers are gone)" : "unblocked"),
      c.dividing ? division(k, c) : null))));
}

/** The division of an attacker's damage its controller is making (510.1c),
 * each blocker by its card's name. */
function division(k: Kit, c: any): HTMLElement {
  const parts = (c.blockers as string[]).map((b, i) => `${c.assigned?.[i] ?? 0} to ${cardName("magic", b)}`);
  if (c.to_player) parts.push(`${c.to_player} to ${k.ctx.name(c.attacks)}`);
  return h("small.mdivision", { "data-dividing": c.attacker }, `dividing its damage: ${parts.join(", ")}; ${c.left} left`);
}
