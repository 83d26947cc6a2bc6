// The hidden-information check of the browser tests: every update a page
// received, compared with the referee's view after the same decision. A card
// in another seat's hand (or its face-down duel pick) that shows nowhere in
// the public part of the referee's view and is not in the viewer's own hand
// may not appear in anything the viewer received.
import { readFileSync } from "node:fs";
import { fail } from "./harness.mjs";

// Card names, for log lines (which name cards, not ids).
const cards = JSON.parse(readFileSync(new URL("../../data/suikoden/cards.json", import.meta.url), "utf8")).cards;
const nameOf = new Map(cards.map((c) => [c.id, c.name]));

/** The referee's view less what only some may see: hands, decks (the
 * referee sees their order), face-down duel picks, and the card labels. */
function publicPart(refView) {
  const pub = structuredClone(refView);
  delete pub.cards;
  for (const p of pub.players || []) {
    delete p.hand;
    delete p.deck;
  }
  for (const d of pub.battle?.duel || []) d.card = null;
  return pub;
}

export function hiddenFrom(refView, viewer) {
  const shown = JSON.stringify(publicPart(refView));
  const own = new Set(viewer >= 0 ? refView.players?.[viewer]?.hand || [] : []);
  const hidden = new Set();
  const add = (c) => c && !own.has(c) && !shown.includes(`"${c}"`) && hidden.add(c);
  (refView.players || []).forEach((p, s) => s !== viewer && (p.hand || []).forEach(add));
  (refView.battle?.duel || []).forEach((d, s) => s !== viewer && add(d.card));
  return hidden;
}

/** Names of hidden cards that no visible card's name contains (so a log
 * line naming one can only be about a hidden card). */
function hiddenNames(refView, viewer, hidden) {
  const text = JSON.stringify(publicPart(refView));
  const visible = [...nameOf.keys()].filter((id) => text.includes(`"${id}"`));
  if (viewer >= 0) visible.push(...(refView.players?.[viewer]?.hand || []));
  const visibleNames = visible.map((id) => nameOf.get(id) || "");
  const names = [];
  for (const id of hidden) {
    const n = nameOf.get(id);
    if (n && !visibleNames.some((v) => v.includes(n) || n.includes(v))) names.push(n);
  }
  return names;
}

export function checkNoHiddenCards(received, views, viewer, table) {
  let checked = 0;
  const seen = new Set();
  for (const m of received) {
    if (m.type !== "update" || m.table !== table) continue;
    const ref = views[m.seq];
    if (!ref) fail(`update seq ${m.seq} beyond the record (${views.length - 1} decisions)`);
    if (m.as !== viewer) fail(`an update for seat ${m.as} reached the page of seat ${viewer}`);
    (m.view.players || []).forEach((p, s) => {
      if (s !== viewer && p.hand !== undefined) fail(`seat ${viewer} was sent seat ${s}'s hand at seq ${m.seq}`);
    });
    for (const p of m.pending || [])
      if (p.seat !== viewer && p.options) fail(`seat ${viewer} was sent seat ${p.seat}'s options at seq ${m.seq}`);
    const text = JSON.stringify({ view: m.view, log: m.log, last: m.last, pending: m.pending });
    for (const c of hiddenFrom(ref, viewer)) {
      if (new RegExp(`(?<![a-z0-9-])${c}(?![a-z0-9-])`).test(text))
        fail(`seat ${viewer} (-1: spectator) was sent the hidden card '${c}' at seq ${m.seq}: ${text.slice(0, 400)}`);
    }
    const hidden = hiddenFrom(ref, viewer);
    // Log lines are checked when first received: a resumed page gets the old
    // ones again, about cards that were then its own (a card drawn, then
    // put back at the mulligan).
    const fresh = (m.log || []).filter((l) => !seen.has(l.index));
    for (const l of fresh) seen.add(l.index);
    for (const n of hiddenNames(ref, viewer, hidden)) {
      const re = new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
      const line = fresh.find((l) => re.test(l.text));
      if (line) fail(`seat ${viewer} (-1: spectator) was sent a log line naming the hidden card '${n}' at seq ${m.seq}: ${JSON.stringify(line)}`);
    }
    checked++;
  }
  if (!checked) fail(`no update reached the page of seat ${viewer}`);
  return checked;
}
