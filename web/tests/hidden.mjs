// The hidden-information check of the browser tests: every update a page
// received, compared with the referee's view after the same decision. A card
// in another seat's hand (or its face-down duel pick) that shows nowhere in
// the public part of the referee's view and is not in the viewer's own hand
// may not appear in anything the viewer received.
import { fail } from "./harness.mjs";

export function hiddenFrom(refView, viewer) {
  const pub = structuredClone(refView);
  delete pub.cards;
  for (const p of pub.players || []) delete p.hand;
  for (const d of pub.battle?.duel || []) d.card = null;
  const shown = JSON.stringify(pub);
  const own = new Set(viewer >= 0 ? refView.players?.[viewer]?.hand || [] : []);
  const hidden = new Set();
  const add = (c) => c && !own.has(c) && !shown.includes(`"${c}"`) && hidden.add(c);
  (refView.players || []).forEach((p, s) => s !== viewer && (p.hand || []).forEach(add));
  (refView.battle?.duel || []).forEach((d, s) => s !== viewer && add(d.card));
  return hidden;
}

export function checkNoHiddenCards(received, views, viewer, table) {
  let checked = 0;
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
    checked++;
  }
  if (!checked) fail(`no update reached the page of seat ${viewer}`);
  return checked;
}
