// What each viewer may not see at each decision of a finished multiplayer
// game (Last Chronicle, the Magic-style game), from the referee's replay:
// the card ids, object references ("emberscree#11") and card names in the
// referee's view that the viewer's own view does not show. A seat's own view
// comes from the referee (`view` as that seat); a spectator's is the referee's
// view without its private parts (hands, decks and libraries, set-up and
// mulligan picks, and what only some seats know), as the server's views hide
// them (src/games/lastchronicle/view.cpp and knowledge.cpp,
// src/games/magic/view.cpp and knowledge.cpp).
import { readFileSync } from "node:fs";
import { fail } from "./harness.mjs";

/** A game's cards and tokens: id → name, and finders for ids, refs and names
 * in any text (the same finders run in the pages, see `pageScanner`). */
export function catalogue(game) {
  const data = JSON.parse(readFileSync(new URL(`../../data/${game}/cards.json`, import.meta.url), "utf8"));
  const all = [...data.cards, ...(data.tokens || [])];
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const byLength = (a, b) => b.length - a.length;
  const ids = all.map((c) => c.id).sort(byLength).map(esc).join("|");
  const names = all.map((c) => c.name).sort(byLength).map(esc).join("|");
  return {
    game,
    nameOf: new Map(all.map((c) => [c.id, c.name])),
    idOfName: new Map(all.map((c) => [c.name, c.id])),
    // An id or a reference: not inside a longer slug ("mossback-cub#2").
    tokenSource: `(?<![A-Za-z0-9_-])(${ids})(#\\d+)?(?![A-Za-z0-9_-])`,
    nameSource: `(?<![A-Za-z0-9])(${names})(?![A-Za-z0-9])`,
  };
}

/** Every id and reference (as strings) in a view or any JSON value. */
function cardStrings(value, cat, out = new Map()) {
  const re = new RegExp(cat.tokenSource, "g");
  const walk = (v) => {
    if (typeof v === "string") {
      for (const m of v.matchAll(re)) out.set(m[0], (out.get(m[0]) || 0) + 1);
    } else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  walk(value);
  return out;
}

const base = (s) => s.replace(/#\d+$/, "");

/** The referee's view less what only some seats see. */
export function publicPart(refView) {
  const pub = structuredClone(refView);
  for (const p of pub.players || [])
    for (const k of ["hand", "deck", "library", "setup_pick", "hand_known", "deck_known", "library_known"]) delete p[k];
  delete pub.mulligan_pick;
  delete pub.searching;
  return pub;
}

/** What is visible to one viewer at one decision: ids (with copies counted),
 * references, names. */
const visibleOf = new WeakMap();
function visibleIn(view, cat) {
  if (!visibleOf.has(view)) visibleOf.set(view, countCards(view, cat));
  const v = visibleOf.get(view);
  return { ids: new Map(v.ids), refs: new Set(v.refs) };
}

function countCards(view, cat) {
  const strings = cardStrings(view, cat);
  const ids = new Map();
  const refs = new Set();
  for (const [s, n] of strings) {
    if (s.includes("#")) refs.add(s);
    ids.set(base(s), (ids.get(base(s)) || 0) + n);
  }
  return { ids, refs };
}

/** A spectator sees the public part of the referee's view, and what every
 * seat sees (a card shown to all, e.g. LC's judgement of two deck tops, is
 * named in the log while the views show it only to the seats). */
function spectatorSees(ref, seatViews, cat) {
  const vis = visibleIn(publicPart(ref), cat);
  const every = Object.values(seatViews).map((v) => visibleIn(v.view, cat));
  for (const id of every[0].ids.keys())
    if (!vis.ids.has(id) && every.every((v) => v.ids.has(id))) vis.ids.set(id, Math.min(...every.map((v) => v.ids.get(id))));
  for (const r of every[0].refs) if (every.every((v) => v.refs.has(r))) vis.refs.add(r);
  return vis;
}

/**
 * For viewer `viewer` (a seat, or -1 for a spectator): per decision n, what
 * was hidden from it then (`refs`, `ids`, `names`), how many copies of each id
 * its view showed (`shownCopies`) and which ids it had seen by then
 * (`seen`: a page may go on showing what was once shown, e.g. in the log).
 * `refViews[n]` and `seatViews[n][viewer]` come from `refereeViews`.
 */
export function hiddenByDecision(refViews, seatViews, viewer, cat) {
  const seen = new Set();
  return refViews.map((ref, n) => {
    const vis = viewer >= 0 ? visibleIn(seatViews[n][viewer], cat) : spectatorSees(ref, seatViews[n], cat);
    for (const id of vis.ids.keys()) seen.add(id);
    const all = visibleIn(ref, cat);
    const refs = new Set([...all.refs].filter((r) => !vis.refs.has(r)));
    const ids = new Set([...all.ids.keys()].filter((id) => !vis.ids.has(id)));
    // Copies the referee sees beyond the viewer's (LC names cards by id only).
    const extraCopies = new Set([...all.ids].filter(([id, k]) => k > (vis.ids.get(id) || 0)).map(([id]) => id));
    const names = new Set([...ids].map((id) => cat.nameOf.get(id)).filter(Boolean));
    return { refs, ids, names, extraCopies, shownCopies: vis.ids, seen: new Set(seen) };
  });
}

/** The referee's view after each decision of `record` (the first `upTo`),
 * and each seat's own view and options then (index = decisions made). */
export async function refereeViews(referee, record, upTo = Infinity) {
  const seats = Array.from({ length: record.setup?.seats ?? record.seats.length }, (_, s) => s);
  const start = await referee.request({ cmd: "load", record: { ...record, decisions: [] } });
  if (!start.ok) fail(`referee could not load the record: ${start.error}`);
  const refViews = [];
  const seatViews = [];
  const look = async () => {
    refViews.push((await referee.request({ cmd: "view", seat: "referee" })).view);
    // A seat's own options show it cards too (e.g. its deck at set-up).
    const pending = (await referee.request({ cmd: "pending" })).pending || [];
    const own = {};
    for (const s of seats)
      own[s] = { view: (await referee.request({ cmd: "view", seat: s })).view, options: pending.find((p) => p.seat === s)?.options || null };
    seatViews.push(own);
  };
  await look();
  for (const d of record.decisions.slice(0, upTo)) {
    const r = await referee.request({ cmd: "act", seat: d.seat, option: d.option });
    if (!r.ok) fail(`referee could not replay ${JSON.stringify(d)}: ${r.error}`);
    await look();
  }
  return { refViews, seatViews };
}
