// Dividing an attacker's combat damage on the Magic board (510.1c, 802.5,
// 702.19; the combat panel of web/src/boards/magic_combat.ts), step by
// step: a click on a blocker (or on the player a trampler may reach) lays
// out the amounts as buttons; "Start the division over" and "Done dividing
// the damage" are board buttons. Two people at a duel table with a fixed
// seed (36) play from their option lists by a plain policy
// (magic_division_steps.mjs) up to each division, then divide on the board
// only:
//   1. Mira's 3/2 blocked by Bo's 1/2 and 1/1: everything to the second,
//      start over, 1 to the first, the rest to the second (not the automatic
//      division, which gives the first its lethal damage first). The panel
//      reads each step in card names; afterwards the logs show the damage
//      and the death, the survivor its damage mark, the dead one is in Bo's
//      graveyard.
//   2. Bo's trampler blocked by one of Mira's creatures: Mira's place is not
//      offered before the blocker has lethal damage (702.19c), then lethal
//      to the blocker and the rest to Mira by a click on her place; her life
//      drops by the rest.
// Bo concedes; the finished record must hold exactly these division
// decisions, and the referee replays it to the same damage.
import { fail, newPlayer, Referee } from "./harness.mjs";
import { nameOf, playToDivision, expectDivision, assignOnBoard, boardButton, expectLog, whereIs, lastUpdate } from "./magic_division_steps.mjs";

const SEED = 36;

export async function magicDivision({ browser, base, bin, shot, log }) {
  const A = await newPlayer(browser, base);
  const B = await newPlayer(browser, base);
  await A.page.goto(base + "/#/");
  await A.page.waitForSelector("select[name=game] option[value=magic]", { state: "attached" });
  await A.page.selectOption("select[name=game]", "magic");
  await A.page.selectOption("select[name=variant]", "duel");
  await A.page.selectOption("select[name=seats]", "2");
  for (const i of [0, 1]) await A.page.selectOption(`select[name=seat-${i}]`, "human");
  await A.page.click("details.options summary");
  await A.page.fill("input[name=seed]", String(SEED));
  await A.page.click("button:has-text('Create table')");
  await A.page.waitForSelector(".created li[data-seat='1'] input.link");
  const link1 = await A.page.inputValue(".created li[data-seat='1'] input.link");
  const table = /#\/t\/([^/]+)\/join\/1$/.exec(link1)?.[1] || fail(`no join link: ${link1}`);
  await A.page.click(".created li[data-seat='0'] a:has-text('Take this seat')");
  await join(A.page, "Mira", 0);
  await B.page.goto(link1);
  await join(B.page, "Bo", 1);
  const blockerOn = (ref) => `.board.magic .mcombat-panel .mblockers [data-key="${ref}"].can`;

  // 1. Two blockers.
  const d1 = await playToDivision([A, B], false, log);
  const { attacker, blockers } = d1.combat;
  const power = d1.power;
  if (d1.seat !== 0 || blockers.length !== 2 || power < 2) fail(`seed ${SEED}: seat ${d1.seat} divides ${attacker} (power ${power}) among ${blockers}`);
  const [b1, b2] = blockers;
  const need = (v, r) => { const b = v.battlefield.find((x) => x.card === r); return b.toughness - (b.damage || 0); };
  const toughness = Object.fromEntries(blockers.map((r) => [r, need(d1.view, r)]));
  if (Math.min(power, toughness[b1]) === 1) fail(`seed ${SEED}: the automatic division would give ${b1} 1 too`);
  log(`Mira divides ${attacker} (power ${power}) between ${b1} and ${b2}`);
  await shot(A.page, "magic_division-two-blockers");
  const line = (a, b, left, player = "") => `dividing its damage: ${a} to ${nameOf(b1)}, ${b} to ${nameOf(b2)}${player}; ${left} left`;
  await expectDivision(A.page, attacker, line(0, 0, power));
  await assignOnBoard(A, blockerOn(b2), `assign:${b2}:${power}`);
  await expectDivision(A.page, attacker, line(0, power, 0));
  await boardButton(A, "assign-reset");
  await expectDivision(A.page, attacker, line(0, 0, power));
  await assignOnBoard(A, blockerOn(b1), `assign:${b1}:1`);
  await expectDivision(A.page, attacker, line(1, 0, power - 1));
  await assignOnBoard(A, blockerOn(b2), `assign:${b2}:${power - 1}`);
  await expectDivision(A.page, attacker, line(1, power - 1, 0));
  await shot(A.page, "magic_division-divided");
  await boardButton(A, "assign-done");
  const dealt = [[b1, 1], [b2, power - 1]];
  const dies = (r, dmg) => toughness[r] <= dmg;
  const lines = dealt.map(([r, dmg]) => `${nameOf(attacker)} deals ${dmg} damage to ${nameOf(r)}`);
  for (const [r, dmg] of dealt) if (dies(r, dmg)) lines.push(`${nameOf(r)} dies`);
  for (const Q of [A, B]) await expectLog(Q.page, lines);
  for (const [r, dmg] of dealt) {
    const where = await whereIs(A.page, 1, r);
    if (dies(r, dmg) && (where.field !== null || !where.grave)) fail(`${r} should be dead: ${JSON.stringify(where)}`);
    if (!dies(r, dmg) && (!where.field?.includes(`${dmg} damage`) || where.grave)) fail(`${r} should show ${dmg} damage: ${JSON.stringify(where)}`);
  }
  await shot(A.page, "magic_division-after");

  // 2. A trampler blocked by one creature: lethal to it, the rest to Mira.
  const d2 = await playToDivision([A, B], true, log);
  const [blocker] = d2.combat.blockers;
  const tr = d2.combat.attacker;
  const lethal = need(d2.view, blocker);
  if (d2.seat !== 1 || d2.combat.blockers.length !== 1 || d2.combat.attacks !== 0 || d2.power <= lethal)
    fail(`seed ${SEED}: seat ${d2.seat} divides ${tr} (power ${d2.power}) attacking ${d2.combat.attacks}, blocked by ${d2.combat.blockers}`);
  const lifeBefore = d2.view.players[0].life;
  const mira = `.board.magic .mplayer-head[data-key="seat0"]`;
  log(`Bo divides ${tr} (power ${d2.power}) between ${blocker} (lethal ${lethal}) and Mira`);
  if (await B.page.locator(`${mira}.can`).count()) fail("Mira's place can be clicked before the blocker has lethal damage (702.19c)");
  await assignOnBoard(B, blockerOn(blocker), `assign:${blocker}:${lethal}`);
  const rest = d2.power - lethal;
  await assignOnBoard(B, `${mira}.can`, `assign:seat0:${rest}`);
  const miraName = await B.page.evaluate(() => document.querySelector(`.board.magic .mplayer-head[data-key="seat0"] .mname`)?.textContent);
  await expectDivision(B.page, tr, `dividing its damage: ${lethal} to ${nameOf(blocker)}, ${rest} to ${miraName}; 0 left`);
  await shot(B.page, "magic_division-trample");
  await boardButton(B, "assign-done");
  await expectLog(B.page, [`${nameOf(tr)} deals ${lethal} damage to ${nameOf(blocker)}`, `${nameOf(blocker)} dies`]);
  await A.page.waitForFunction((want) => document.querySelector(".board.magic .mplayer[data-seat='0'] .mlife b")?.textContent === want,
    String(lifeBefore - rest), { timeout: 5000 }).catch(() => fail(`Mira's life on her page is not ${lifeBefore - rest} after ${rest} trample damage`));

  // The record: exactly the decisions made on the board, replayed to the same damage.
  B.page.once("dialog", (d) => d.accept());
  await B.page.click(".concede-row button:has-text('Concede')");
  await A.page.waitForFunction(() => document.body.dataset.status === "over" || !!document.querySelector(".overlay:not([hidden]) .over"), null, { timeout: 10000 });
  const res = await fetch(`${base}/api/records/${table}`);
  if (!res.ok) fail(`/api/records/${table}: ${res.status}`);
  const body = await res.json();
  const record = body.record || body;
  const ids = record.decisions.map((d) => `${d.seat}:${d.option}`);
  const made = ids.filter((x) => /^\d+:assign/.test(x));
  const want = [`0:assign:${b2}:${power}`, "0:assign-reset", `0:assign:${b1}:1`, `0:assign:${b2}:${power - 1}`, "0:assign-done",
    `1:assign:${blocker}:${lethal}`, `1:assign:seat0:${rest}`, "1:assign-done"];
  if (JSON.stringify(made) !== JSON.stringify(want)) fail(`the record's division decisions are ${made.join(", ")}, not ${want.join(", ")}`);
  const after = (k) => ids.indexOf(want[k]) + 1; // decisions up to and with the k-th of `want`
  const referee = new Referee(bin);
  try {
    const viewAt = async (n) => {
      const r = await referee.request({ cmd: "load", record: { ...record, decisions: record.decisions.slice(0, n) } });
      if (!r.ok) fail(`the referee cannot replay the record: ${r.error}`);
      return (await referee.request({ cmd: "view", seat: "referee" })).view;
    };
    const v1 = await viewAt(after(4));
    const dmg = (r) => v1.battlefield.find((b) => b.card === r)?.damage ?? "gone";
    const got = dealt.map(([r]) => dmg(r)).join(",");
    const exp = dealt.map(([r, d]) => (dies(r, d) ? "gone" : d)).join(",");
    if (got !== exp) fail(`the replayed record gives ${b1}, ${b2}: ${got}, not ${exp}`);
    const v2 = await viewAt(ids.lastIndexOf(want[7]) + 1);
    if (v2.players[0].life !== lifeBefore - rest || v2.battlefield.some((b) => b.card === blocker))
      fail(`the replayed record gives Mira ${v2.players[0].life} life (not ${lifeBefore - rest}), ${blocker} alive ${v2.battlefield.some((b) => b.card === blocker)}`);
  } finally {
    referee.close();
  }
  for (const Q of [A, B]) {
    if (Q.errors.length) fail(`page errors: ${Q.errors.join("; ")}`);
    if (Q.outside.length) fail(`fetched from outside the server: ${Q.outside.join(", ")}`);
    await Q.context.close();
  }
  const what = `table ${table}: ${attacker} divided 1/${power - 1} between ${b1} and ${b2}, ${tr} ${lethal} to ${blocker} and ${rest} to Mira, on the board (${ids.length} decisions; last update seq ${lastUpdate(A)?.seq})`;
  log(what);
  return what;
}

async function join(page, name, seat) {
  await page.waitForSelector("form.join input[name=name]");
  await page.fill("form.join input[name=name]", name);
  await page.click("form.join button[type=submit]");
  await page.waitForFunction((s) => document.body.dataset.seat === String(s) && Number(document.body.dataset.seq) >= 0, seat);
}
