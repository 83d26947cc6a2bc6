// Steps and checks of the Dungeon Dice Monsters browser test (ddm.mjs): the
// roll as one action, turning a net, and what the logs and labels say.
import { readFileSync } from "node:fs";
import { fail, finishedViews } from "./harness.mjs";

const pool = JSON.parse(readFileSync(new URL("../../data/ddm/pool.json", import.meta.url), "utf8"));
const pieceName = new Map([...pool.monsters, ...(pool.items || [])].map((p) => [p.id, p.name]));
const isItem = new Set((pool.items || []).map((p) => p.id));

/** The update the page received for decision `seq` (the last one with it). */
export function updateAt(P, seq) {
  for (let i = P.received.length - 1; i >= 0; i--) if (P.received[i].type === "update" && P.received[i].seq === seq) return P.received[i];
  return null;
}
const optionsOf = (u) => u?.pending?.find((p) => p.seat === 0)?.options || [];

async function waitSeq(page, seq) {
  await page.waitForFunction((s) => Number(document.body.dataset.seq) >= s, seq, { timeout: 10000 });
}

/**
 * Marks three random dice and presses Roll once: the page must send the three
 * `die:` picks by itself, and the roll shown must be of the dice marked.
 */
export async function rollThree(P, st, rand) {
  const { page } = P;
  const before = updateAt(P, st.seq)?.view || fail(`no update for decision ${st.seq}`);
  const slots = await page.locator(".player.own button.die.can").evaluateAll((els) => els.map((e) => Number(e.dataset.slot)));
  if (slots.length < 3) fail(`only ${slots.length} dice can be marked`);
  const marked = [];
  while (marked.length < 3) {
    const s = slots[Math.floor(rand() * slots.length)];
    if (!marked.includes(s)) marked.push(s);
  }
  const roll = page.locator(".player.own button.roll");
  for (const [i, s] of marked.entries()) {
    if (!(await roll.isDisabled())) fail(`Roll is enabled with ${i} dice marked`);
    await page.click(`.player.own button.die[data-slot='${s}']`);
  }
  if (Number(await page.evaluate(() => document.body.dataset.seq)) !== st.seq) fail("marking a die sent a decision");
  await roll.click();
  await waitSeq(page, st.seq + 3);
  const after = updateAt(P, st.seq + 3)?.view || fail(`no update for decision ${st.seq + 3}`);
  const want = marked.map((s) => before.players[0].dice[s]).sort();
  const got = (after.rolled || []).map((d) => d.die).sort();
  if (JSON.stringify(want) !== JSON.stringify(got)) fail(`marked ${want}, rolled ${got}`);
  if (after.rolls_done !== before.rolls_done + 1 || after.turn !== before.turn) fail(`one Roll made ${after.rolls_done - before.rolls_done} rolls`);
  // The roll is shown beside the dice: three faces and the crests gained.
  const shown = await page.locator(".player.own .rolled").textContent({ timeout: 5000 });
  if ((await page.locator(".player.own .rolled .face").count()) !== 3) fail(`the roll shows ${shown}`);
  const gained = {};
  for (const d of after.rolled) if (d.gained) gained[d.crest] = (gained[d.crest] || 0) + d.gained;
  for (const [k, n] of Object.entries(gained)) if (!shown.includes(`+${n} ${k}`)) fail(`the roll shows '${shown}', not +${n} ${k}`);
  return after;
}

// A net as squares from the monster's, from an engine label ("Turn T1\n.#\nM#").
function labelCells(label) {
  const cells = [];
  let m = null;
  label.split("\n").slice(1).forEach((line, r) => [...line].forEach((ch, c) => {
    if (ch === "#" || ch === "M") cells.push([c, r]);
    if (ch === "M") m = [c, r];
  }));
  return cells.map(([c, r]) => [c - m[0], r - m[1]]);
}
const key = (cells) => cells.map(([x, y]) => `${x + 0},${y + 0}`).sort().join(" ");
const clockwise = (cells) => cells.map(([x, y]) => [-y, x]); // rows grow downwards
const mirrored = (cells) => cells.map(([x, y]) => [-x, y]);

/**
 * Turns the chosen net (the Rotate button, or the key M): the page takes the
 * engine back a step and chooses the nearest turn it offers. False when the
 * board offers no such turn now.
 */
export async function turnNet(P, st, how) {
  const { page } = P;
  const v = updateAt(P, st.seq)?.view;
  const p = v?.placing;
  if (!p?.shape || p.turn === null || p.turn === undefined) return false;
  const button = page.locator(`.turn-bar button[data-turn=${how}]`);
  if (!(await button.count()) || (await button.isDisabled())) return false;
  const oldLabel = optionsOf(updateAt(P, st.seq - 1)).find((o) => o.id === `turn:${p.shape}${p.turn}`)?.label;
  if (how === "mirror") await page.keyboard.press("m");
  else await button.click();
  await waitSeq(page, st.seq + 2);
  const back = updateAt(P, st.seq + 1);
  const now = updateAt(P, st.seq + 2)?.view?.placing;
  if (back?.view?.placing?.turn !== null || now?.shape !== p.shape || now.turn === p.turn)
    fail(`turning ${p.shape}${p.turn} (${how}) gave ${JSON.stringify(back?.view?.placing)} then ${JSON.stringify(now)}`);
  if (!optionsOf(updateAt(P, st.seq + 2)).some((o) => o.id.startsWith(`place:${p.shape}${now.turn}:`))) fail("no placements after turning the net");
  await page.waitForSelector(`.turn-bar:has-text('Net ${p.shape}${now.turn}')`);
  if (oldLabel) {
    // The nearest turn in the asked direction among those the engine offered.
    const offered = new Map(optionsOf(back).filter((o) => o.id.startsWith("turn:")).map((o) => [key(labelCells(o.label)), Number(o.id.slice(5 + p.shape.length))]));
    const old = labelCells(oldLabel);
    const tries = [];
    let c = how === "rotate" ? clockwise(old) : mirrored(old);
    for (let k = 0; k < 4; k++, c = clockwise(c)) tries.push(c);
    if (how === "mirror") for (let k = 1, d = clockwise(old); k < 4; k++, d = clockwise(d)) tries.push(d);
    const want = tries.map(key).filter((k) => k !== key(old) && offered.has(k)).map((k) => offered.get(k))[0];
    if (want !== undefined && want !== now.turn) fail(`${how} of ${p.shape}${p.turn} chose turn ${now.turn}, the nearest offered is ${want}`);
  }
  return true;
}

/**
 * The summons in the referee's record, in order, against the summon lines of
 * each page's log: a monster is named to every viewer; a face-down item is
 * named to its owner only, anyone else reads "an item".
 */
export async function checkSummonLogs(bin, base, table, pages) {
  const views = await finishedViews(bin, base, table);
  const summons = [];
  const seen = new Set();
  for (const v of views)
    for (const p of v.field || [])
      if (p.piece !== undefined && !seen.has(p.piece)) {
        seen.add(p.piece);
        summons.push(p);
      }
  let monsters = 0;
  let theirs = 0; // monsters of the other seat, read by a seated player
  for (const [P, viewer] of pages) {
    const lines = new Map();
    for (const u of P.received) for (const l of u.log || []) lines.set(l.index, l.text);
    const said = [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => /^Seat (\d) summons (.+) at (\d+,\d+)$/.exec(t)).filter(Boolean);
    if (said.length !== summons.length) fail(`seat ${viewer}'s log has ${said.length} summon lines, the record ${summons.length} summons`);
    said.forEach(([line, seat, what, sq], i) => {
      const s = summons[i];
      const item = isItem.has(s.id);
      const want = !item || viewer === s.owner ? pieceName.get(s.id) : "an item";
      if (Number(seat) !== s.owner || sq !== s.square || what !== want) fail(`viewer ${viewer} reads '${line}' for ${s.id} of seat ${s.owner} at ${s.square}`);
      if (!item && viewer === -1) monsters++;
      if (!item && viewer >= 0 && viewer !== s.owner) theirs++;
    });
  }
  if (!monsters || !theirs) fail(`${monsters} monster summons, ${theirs} of the opponent's: the log rule was not exercised`);
  return `${summons.length} summons (${monsters} monsters, ${theirs} the opponent's) read right by seat 0 and the spectator`;
}

/**
 * The placement labels of decision `st.seq` name the piece being placed (the
 * one the player chose to summon), never "Monster on": an item is placed face down.
 */
export function checkPlaceLabels(P, st, summoned) {
  let checked = 0;
  for (const o of optionsOf(updateAt(P, st.seq))) {
    if (!o.id.startsWith("place:")) continue;
    const name = pieceName.get(summoned);
    const want = isItem.has(summoned) ? `Place item ${name} face down on ` : `Place ${name} on `;
    if (!summoned || !o.label.startsWith(want)) fail(`placing ${summoned}: the label '${o.label}' is not '${want}...'`);
    checked++;
  }
  return checked;
}

/** The player's own face-down items show which item they are, marked face down. */
export async function checkOwnItems(page, v) {
  const own = (v.field || []).filter((p) => p.kind === "item" && p.owner === 0);
  for (const p of own) {
    const cell = page.locator(`.field .sq[data-sq='${p.square}']`);
    const text = await cell.locator(".piece").textContent();
    const title = await cell.getAttribute("title");
    if (text === "?" || !title.includes(pieceName.get(p.id))) fail(`own item ${p.id} on ${p.square} shows '${text}' (${title})`);
    if (!p.revealed && !(await cell.getAttribute("class")).includes("face-down")) fail(`own item ${p.id} is not marked face down`);
  }
  return own.length;
}

/** After the round limit the board says which tie-break decided. */
export async function tieBreakShown(page, v) {
  if (v.phase !== "over") fail(`the game is not over: ${v.phase}`);
  if (!v.tie_break) fail("the game ended before the round limit: the tie-break is not exercised (seed 4 used to end there)");
  const box = page.locator(`.board.ddm .tie-break[data-rule=${v.tie_break.rule}]`);
  const text = await box.textContent({ timeout: 5000 });
  if (v.tie_break.rule !== "draw" && !/wins on/.test(text)) fail(`the tie-break box says '${text}'`);
  // The game-over dialog says it too.
  const over = await page.locator(`.overlay .over .tie-break[data-rule=${v.tie_break.rule}]`).textContent({ timeout: 5000 })
    .catch(() => fail("the game-over dialog does not say which tie-break decided"));
  if (v.tie_break.rule !== "draw" && !/wins on/.test(over)) fail(`the game-over dialog's tie-break says '${over}'`);
  const log = await page.locator("ol.log").textContent();
  if (v.tie_break.rule !== "draw" && !log.includes("on the tie-break")) fail("the log does not say which tie-break decided");
  return `the round limit ended it, decided by ${v.tie_break.rule}`;
}
