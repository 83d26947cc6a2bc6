// Two people and a spectator at a 4-seat table of each multiplayer game (Last
// Chronicle; the Magic-style game's Free-for-All and Two-Headed Giant), two
// computer seats: no page shows a card hidden from its viewer. Each person
// joins through the join link and takes seeded-random options through the
// list; every page records what it shows after each update it draws
// (page_capture.mjs) and every WebSocket update it receives. The finished
// record, replayed by the referee, says what was hidden from each viewer at
// each decision (hidden_views.mjs). A probe (a hidden card's name written
// into the spectator's page, its id into a player's) must be caught, so the
// check cannot pass by seeing nothing.
import { fail, newPlayer, tableState, waitSeqAbove, sleep, rng, Referee } from "./harness.mjs";
import { catalogue, hiddenByDecision, refereeViews } from "./hidden_views.mjs";
import { captureSnapshots, takeSnapshots, snapshotViolations, messageViolations } from "./page_capture.mjs";

// `bound`: the people's decisions before they concede (or the table's, `seqs`).
// Last Chronicle with random seats runs to about 1,200 decisions, so Ana and
// Bea (opponents) stop after 15 of theirs or 80 in all, and the computer
// seats finish the game; the Free-for-All is played to its end or until 100
// of the people's decisions (a game takes about 210 decisions in all, 100 of
// them the people's, but the server draws the table's seed: one of 345 took
// 64 s of the 75 s allowed with a bound of 200); at the Two-Headed Giant Ana
// and Bea are one team and concede after 20.
const TABLES = [
  { game: "lastchronicle", variant: "standard", people: [0, 2], bound: 15, seqs: 80, seed: 11 },
  { game: "magic", variant: "ffa", people: [0, 2], bound: 100, seed: 7 },
  { game: "magic", variant: "2hg", people: [0, 1], bound: 20, seed: 5 },
];
const PROBE_AT = 6; // the people's decisions before the probe is written
const AFTER_LEAVING = 10; // decisions the pages stay after the people concede
const PLAY_MS = 75000; // at most, for one table's decisions

export async function hiddenPages(env) {
  const done = [];
  for (const t of TABLES) done.push(await oneTable(env, t));
  return done.join("; ");
}

async function oneTable({ browser, base, bin, shot, log }, t) {
  const cat = catalogue(t.game);
  const tag = `${t.game}-${t.variant}`;
  const [A, B, C] = [await newPlayer(browser, base), await newPlayer(browser, base, { phone: true }), await newPlayer(browser, base)];
  const pages = [A, B, C];
  for (const P of pages) await captureSnapshots(P.context, cat);

  // Ana creates the table in the lobby: 4 seats, the people's two and two computers.
  await A.page.goto(base + "/#/");
  await A.page.waitForSelector(`select[name=game] option[value=${t.game}]`, { state: "attached" });
  await A.page.selectOption("select[name=game]", t.game);
  await A.page.selectOption("select[name=variant]", t.variant);
  await A.page.click("details.options summary");
  await A.page.fill("input[name=seed]", String(t.seed));
  await A.page.selectOption("select[name=seats]", "4");
  for (let s = 0; s < 4; s++) await A.page.selectOption(`select[name=seat-${s}]`, t.people.includes(s) ? "human" : "random");
  await A.page.click("button:has-text('Create table')");
  const link = async (s) => A.page.inputValue(`.created li[data-seat='${s}'] input.link`);
  await A.page.waitForSelector(`.created li[data-seat='${t.people[1]}'] input.link`);
  const links = [await link(t.people[0]), await link(t.people[1])];
  const table = /#\/t\/([^/]+)\/join\/\d+$/.exec(links[0])?.[1] || fail(`no join link: ${links[0]}`);

  // Both open their join links; a third page watches.
  const people = [A, B];
  for (const [i, P] of people.entries()) {
    await P.page.goto(links[i]);
    await P.page.waitForSelector("form.join input[name=name]");
    await P.page.fill("form.join input[name=name]", ["Ana", "Bea"][i]);
    await P.page.click("form.join button[type=submit]");
    await P.page.waitForFunction((s) => document.body.dataset.seat === String(s) && Number(document.body.dataset.seq) >= 0, t.people[i]);
  }
  await C.page.goto(`${base}/#/t/${table}`);
  await C.page.waitForFunction(() => document.body.dataset.seat === "-1" && Number(document.body.dataset.seq) >= 0);
  log(`${tag}: table ${table}, Ana on seat ${t.people[0]}, Bea on seat ${t.people[1]}, computers on the others, a spectator`);

  const rand = rng(t.seed * 7919);
  let decisions = 0;
  let over = false;
  let probe = null;
  const until = Date.now() + PLAY_MS;
  let seq = 0;
  while (!over && decisions < t.bound && seq < (t.seqs ?? Infinity)) {
    if (Date.now() > until) fail(`${tag}: only ${decisions} decisions in ${PLAY_MS / 1000} s`);
    let acted = false;
    for (const [i, P] of people.entries()) {
      const st = await tableState(P.page);
      seq = Math.max(seq, st.seq);
      if (st.over) over = true;
      if (over || !st.mine || !st.options.length) continue;
      if (!probe && decisions >= PROBE_AT) {
        probe = await writeProbe(P, people[1 - i], C, st.seq, t.people[i], cat);
        if (probe) probe.to = ["Bea", "Ana"][i];
      }
      if (decisions % 9 === 4) for (const Q of [P, C]) await pointAtCard(Q.page, rand);
      const id = st.options[Math.floor(rand() * st.options.length)];
      // (Gone meanwhile: another seat's part of a decision taken together changed it.)
      const option = `.options-panel button.option[data-option=${JSON.stringify(id)}]`;
      if (!(await P.page.click(option, { timeout: 3000 }).then(() => true, () => false))) continue;
      await waitSeqAbove(P.page, st.seq);
      decisions++;
      acted = true;
      if (decisions === 20) for (const [j, Q] of pages.entries()) await shot(Q.page, `hidden-${tag}-${"ABC"[j]}`);
    }
    if (!acted) await sleep(15);
  }
  if (!probe) fail(`${tag}: the probe was never written (${decisions} decisions)`);
  let leftAt = -1;
  if (!over) {
    // The bound: both people concede; the pages stay for a few more decisions
    // (the seats leaving) and close; the computer seats play on to the end.
    for (const P of people) await concede(P.page);
    leftAt = (await tableState(C.page)).seq;
    await C.page.waitForFunction((s) => Number(document.body.dataset.seq) >= s || document.body.dataset.status === "over", leftAt + AFTER_LEAVING, { timeout: 15000 });
  } else {
    for (const P of pages) await P.page.waitForFunction(() => document.body.dataset.status === "over", null, { timeout: 15000 });
  }
  const snaps = await Promise.all(pages.map((P) => takeSnapshots(P.page)));
  await Promise.all(pages.map((P) => P.context.close()));
  for (const [i, P] of pages.entries()) {
    if (P.errors.length) fail(`${tag}: page ${"ABC"[i]} errors: ${P.errors.join("; ")}`);
    if (P.outside.length) fail(`${tag}: page ${"ABC"[i]} fetched from outside the server: ${P.outside.join(", ")}`);
  }
  const record = await finishedRecord(base, table);
  log(`${tag}: ${decisions} decisions by the people${over ? "" : `, then both conceded at decision ${leftAt}`}; the game ended after ${record.decisions.length}`);
  const referee = new Referee(bin);
  // Up to the last decision a page received.
  const upTo = Math.max(...pages.flatMap((P) => P.received.filter((m) => m.type === "update" && m.table === table).map((m) => m.seq)));
  const { refViews, seatViews } = await refereeViews(referee, record, upTo);
  referee.close();

  // Each viewer's pages and messages against what was hidden from it then.
  const viewers = [[A, t.people[0], "Ana"], [B, t.people[1], "Bea"], [C, -1, "the spectator"]];
  const found = [];
  const counts = [];
  for (const [i, [P, seat, who]] of viewers.entries()) {
    const hidden = hiddenByDecision(refViews, seatViews, seat, cat);
    const ws = messageViolations(P.received, hidden, cat, who, table, seat);
    found.push(...snapshotViolations(snaps[i], hidden, cat, who), ...ws.out);
    // Every update the page drew was looked at (those after its last snapshot
    // came while it was being closed).
    const drawn = new Set(snaps[i].map((x) => x.seq));
    const last = Math.max(...drawn);
    const missed = P.received.filter((m) => m.type === "update" && m.table === table && m.seq <= last && !drawn.has(m.seq));
    if (missed.length) found.push(`${who}: no snapshot after the updates of decisions ${missed.map((m) => m.seq).join(", ")}`);
    counts.push(`${who} ${snaps[i].length} page snapshots (${snaps[i].filter((x) => x.zoom).length} with a card zoomed) and ${ws.checked} updates`);
    // The message check is no blind eye either: a log line naming the probe.
    const line = { type: "update", table, as: seat, seq: probe.seq, view: {}, pending: [], log: [{ index: -1, text: `probe: ${probe.name}` }] };
    if (seat === -1 && !messageViolations([line], hidden, cat, who, table, seat).out.length)
      fail(`${tag}: a log line naming '${probe.name}' at decision ${probe.seq} sent to the spectator was not caught`);
  }
  const caught = (who, token) => found.filter((v) => v.startsWith(who) && v.includes(`'${token}' at decision ${probe.seq} `));
  const probeHits = [...caught("the spectator", probe.name), ...caught(probe.to, probe.id)];
  if (!caught("the spectator", probe.name).length) fail(`${tag}: the probe '${probe.name}' in the spectator's page at decision ${probe.seq} was not caught`);
  if (!caught(probe.to, probe.id).length) fail(`${tag}: the probe '${probe.id}' in ${probe.to}'s page at decision ${probe.seq} was not caught`);
  // And on what a page really draws: Ana's pages (her hand on them) judged
  // as if they were the spectator's must show cards hidden from it.
  const asSpectator = snapshotViolations(snaps[0], hiddenByDecision(refViews, seatViews, -1, cat), cat, "Ana's page");
  if (!asSpectator.some((v) => / showed the hidden card (name|id) /.test(v)))
    fail(`${tag}: Ana's pages judged as the spectator's showed no hidden card: the check is blind`);
  const leaks = found.filter((v) => !probeHits.includes(v));
  if (leaks.length) fail(`${tag}: ${leaks.length} hidden cards shown:\n  ${leaks.slice(0, 12).join("\n  ")}`);
  log(`${tag}: checked ${counts.join(", ")}; the probes were caught; Ana's pages judged as the spectator's: ${asSpectator.length} findings`);
  return `${tag}: ${decisions} decisions by the people, ${refViews.length - 1} checked`;
}

/** Writes, for one snapshot each, a card of the deciding person's hand that
 * neither the other person nor the spectator has ever been sent: its name
 * into the spectator's page, its id into the other's page as a card face. */
async function writeProbe(A, B, C, seq, seat, cat) {
  for (const P of [B, C]) await P.page.waitForFunction((s) => Number(document.body.dataset.seq) === s, seq);
  const mine = [...A.received].reverse().find((m) => m.type === "update" && m.seq === seq);
  const sent = JSON.stringify([B.received, C.received]);
  const unseen = (mine?.view?.players?.[seat]?.hand || []).map((r) => r.replace(/#\d+$/, "")).filter((id) =>
    !new RegExp(`(?<![A-Za-z0-9_-])${id}(?![A-Za-z0-9_-])`).test(sent) && !sent.includes(cat.nameOf.get(id)));
  if (!unseen.length) return null;
  const id = unseen[0];
  const name = cat.nameOf.get(id);
  await C.page.evaluate((n) => {
    const el = Object.assign(document.createElement("p"), { id: "probe", textContent: `probe: ${n}` });
    document.body.append(el);
    window.__snap();
    el.remove();
  }, name);
  await B.page.evaluate((c) => {
    const el = Object.assign(document.createElement("div"), { id: "probe", className: "tcard" });
    el.dataset.card = c;
    document.body.append(el);
    window.__snap();
    el.remove();
  }, id);
  return { seq, id, name };
}

/** Points at a card on the page (a face or a name in a text), so that the
 * card zoom shows, and takes a snapshot with it. */
async function pointAtCard(page, rand) {
  const cards = page.locator(".tcard[data-card]:visible, .cardref:visible");
  const n = await cards.count();
  if (!n) return;
  await cards.nth(Math.floor(rand() * n)).hover({ timeout: 2000 }).catch(() => {});
  await page.evaluate(() => window.__snap());
  await page.mouse.move(0, 0);
}

/** Concedes through the page's button (asked again if the game moved on
 * meanwhile and the decision came too late). */
async function concede(page) {
  const button = page.locator(".concede-row button.danger");
  page.on("dialog", (d) => d.accept());
  for (let i = 0; i < 20 && (await button.isVisible()); i++) {
    await button.click().catch(() => {});
    await sleep(150);
  }
  if (await button.isVisible()) fail("the concession was not taken");
}

/** The record once the game is over (the computer seats may still be playing). */
async function finishedRecord(base, table) {
  for (const until = Date.now() + 30000; Date.now() < until; await sleep(100)) {
    const r = await fetch(`${base}/api/records/${table}`);
    if (r.ok) {
      const body = await r.json();
      return body.record || body;
    }
  }
  fail(`/api/records/${table}: no finished record in 30 s`);
}
