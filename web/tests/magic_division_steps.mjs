// What browser_magic_division (magic_division.mjs) is made of: the plain
// policy both pages play from their option lists up to a division, and the
// division's steps on the board (a click on a blocker or the player, then
// an amount; the board's done and start-over buttons), each checked.
import { readFileSync } from "node:fs";
import { fail, tableState, waitSeqAbove, sleep } from "./harness.mjs";

const DATA = JSON.parse(readFileSync(new URL("../../data/magic/cards.json", import.meta.url)));
const CARDS = new Map([...DATA.cards, ...DATA.tokens].map((c) => [c.id, c]));
const card = (ref) => CARDS.get(ref.split("#")[0]) || fail(`no card ${ref} in data/magic/cards.json`);
export const nameOf = (ref) => card(ref).name;
// The policy counts creature cards only (tokens aside): seed 36 reaches both
// divisions with it.
const isCreature = (ref) => !card(ref).id.endsWith("-token") && (card(ref).types || []).includes("creature");
const tramples = (ref) => (card(ref).keywords || []).includes("trample");

export function lastUpdate(P) {
  for (let i = P.received.length - 1; i >= 0; i--) if (P.received[i].type === "update") return P.received[i];
  return null;
}

/** Waits until the test has the page's update after `seq` too (its socket frames). */
async function frameAfter(P, seq) {
  for (let i = 0; (lastUpdate(P)?.seq ?? -1) <= seq; i++) {
    if (i > 400) fail(`no update after ${seq} received`);
    await sleep(10);
  }
}

/** Both pages play from their option lists until a seat must divide damage.
 * `trample` false: seat 0 attacks with its strongest creature once seat 1
 * has two untapped creatures, and seat 1 blocks it with two. true: only
 * seat 1 attacks, with a trampler, and seat 0 blocks it with its weakest
 * creature. Both play lands and cast creatures. Resolves with the seat and
 * the attacker being divided (its combat entry and power). */
export async function playToDivision(pages, trample, log) {
  const until = Date.now() + 30000;
  let blocks = 0;
  for (let n = 0; ; n++) {
    if (Date.now() > until || n > 600) fail(`no damage division reached after ${n} rounds`);
    let acted = false;
    for (const [seat, P] of pages.entries()) {
      const st = await tableState(P.page);
      if (st.over) fail("the game ended before a division");
      const u = lastUpdate(P);
      if (!st.mine || !st.options.length || u?.seq !== st.seq) continue;
      const ids = st.options;
      const bf = u.view.battlefield || [];
      if (ids.some((i) => i.startsWith("assign:"))) {
        const c = (u.view.combat || []).find((x) => x.dividing) || fail("a division with no attacker marked dividing");
        log(`a division by seat ${seat} after ${n} rounds`);
        return { seat, combat: c, power: bf.find((b) => b.card === c.attacker).power, view: u.view };
      }
      if (!ids.some((i) => i.startsWith("block:"))) blocks = 0;
      const first = (p) => ids.find((i) => i.startsWith(p));
      const stat = (i, k) => bf.find((b) => b.card === i.split(":")[1])?.[k] ?? 0;
      const pick = () => {
        if (ids.includes("keep")) return "keep";
        const cast = ids.find((i) => i.startsWith("cast:") && isCreature(i.split(":")[1]));
        const attacks = ids.filter((i) => i.startsWith("attack:"));
        const blockers = ids.filter((i) => i.startsWith("block:"));
        if (first("play:") || cast || first("target:")) return first("play:") || cast || first("target:");
        if (!trample && seat === 0 && attacks.length && bf.filter((b) => b.controller === 1 && isCreature(b.card) && !b.tapped).length >= 2)
          return attacks.reduce((a, b) => (stat(b, "power") > stat(a, "power") ? b : a));
        if (trample && seat === 1 && attacks.some((i) => tramples(i.split(":")[1]))) return attacks.find((i) => tramples(i.split(":")[1]));
        if (!trample && seat === 1 && blocks < 2) {
          const taken = new Set((u.view.combat || []).flatMap((c) => c.blockers || []));
          const blk = blockers.find((i) => !taken.has(i.split(":")[1]));
          if (blk) { blocks++; return blk; }
        }
        if (trample && seat === 0 && blocks < 1) {
          const blk = blockers.filter((i) => tramples(i.split(":")[2]));
          if (blk.length) { blocks++; return blk.reduce((a, b) => (stat(b, "toughness") < stat(a, "toughness") ? b : a)); }
        }
        return ["attack-done", "block-done", "pass", "pick-done"].find((d) => ids.includes(d)) ?? ids[0];
      };
      const id = pick();
      await P.page.click(`.options-panel button.option[data-option=${JSON.stringify(id)}]`);
      if (await P.page.locator(".confirm-bar:not([hidden]) [data-confirm]").count()) await P.page.click(".confirm-bar:not([hidden]) [data-confirm]");
      await waitSeqAbove(P.page, st.seq);
      await frameAfter(P, st.seq);
      acted = true;
    }
    if (!acted) await sleep(15);
  }
}

/** The combat panel's line for the attacker being divided must read `text`. */
export async function expectDivision(page, attacker, text) {
  await page.waitForFunction(([att, t]) => document.querySelector(`.board.magic .mdivision[data-dividing="${CSS.escape(att)}"]`)?.textContent === t,
    [attacker, text], { timeout: 5000 })
    .catch(async () => fail(`the combat panel should say "${text}", it says "${await page.textContent(".board.magic .mdivision").catch(() => "(no division line)")}"`));
}

/** A click on a board element (a blocker in the combat panel: `selector`),
 * then on the amount among the buttons it lays out (or the one option it
 * decides at once); the option sent must be `id`. */
export async function assignOnBoard(P, selector, id) {
  const { page } = P;
  const st = await tableState(page);
  if (!st.options.includes(id)) fail(`${id} is not offered: ${st.options.join(", ")}`);
  const prefix = id.replace(/:\d+$/, ":");
  const mine = st.options.filter((o) => o.startsWith(prefix));
  await page.click(selector, { timeout: 3000 });
  const outcome = await page.waitForFunction((s) => Number(document.body.dataset.seq) > s ? "taken"
    : document.querySelector(".board.magic .mactions .mchoices") ? "choices" : false, st.seq, { timeout: 5000 }).then((h) => h.jsonValue());
  if (outcome === "choices") {
    const offered = await page.$$eval(".board.magic .mactions .mchoices button[data-option]", (bs) => bs.map((b) => b.dataset.option));
    if (JSON.stringify(offered) !== JSON.stringify(mine)) fail(`a click on ${selector} lays out ${offered.join(", ")}, not ${mine.join(", ")}`);
    await page.click(`.board.magic .mactions .mchoices button[data-option="${id}"]`);
  } else if (mine.length !== 1) fail(`a click on ${selector} took an option at once, of ${mine.join(", ")}`);
  await sent(P, st.seq, id);
}

/** A board button of the decision (done, start over). */
export async function boardButton(P, id) {
  const st = await tableState(P.page);
  await P.page.click(`.board.magic .mactions .mbuttons button[data-option="${id}"]`, { timeout: 3000 });
  await sent(P, st.seq, id);
}

async function sent(P, seq, id) {
  await waitSeqAbove(P.page, seq);
  await frameAfter(P, seq);
  if (lastUpdate(P).last?.option !== id) fail(`the board sent ${lastUpdate(P).last?.option}, not ${id}`);
}

/** Waits until every line of `want` is in the page's log. */
export async function expectLog(page, want) {
  await page.waitForFunction((w) => {
    const text = Array.from(document.querySelectorAll(".log-box .log li")).map((li) => li.textContent);
    return w.every((x) => text.some((t) => t.includes(x)));
  }, want, { timeout: 5000 }).catch(async () => fail(`the log does not show ${JSON.stringify(want)}: ${JSON.stringify(await page.$$eval(".log-box .log li", (l) => l.slice(-12).map((x) => x.textContent)))}`));
}

/** Where a card of `seat` is on the page: its battlefield text, in its graveyard. */
export async function whereIs(page, seat, ref) {
  return page.evaluate(([s, r]) => {
    const bf = document.querySelector(`.board.magic .mplayer[data-seat='${s}'] .mrow[data-row=creatures] [data-ref="${CSS.escape(r)}"]`);
    const grave = Array.from(document.querySelectorAll(`.board.magic .mplayer[data-seat='${s}'] .mzones .mrow`))
      .find((row) => row.querySelector(".mrow-label")?.textContent === "graveyard")?.querySelector(`[data-ref="${CSS.escape(r)}"]`);
    return { field: bf ? bf.textContent : null, grave: !!grave };
  }, [seat, ref]);
}
