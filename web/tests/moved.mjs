// Pages following a table from node to node (docs/server.md "The browser
// client"), against two nodes faked in front of the one real server
// (fake_cluster.mjs): Ana creates a Suikoden table for two people on pA and
// takes seat 0; Bea, balanced to pB, opens her join link: the lobby summary
// names pA, so her page goes there before it joins; Cy opens the table's
// address directly on pB: his `watch` is answered `moved` and his page watches
// from pA. Then pA dies with its lease running: the pages, asking for pA,
// reach pB and are told `moved` to pA, the node they asked for, so they wait
// retry_ms between tries until pB takes the table over. Then pB loses it back
// to pA ({"type":"moved"}, closed "table moved"): the pages reconnect and
// resume there. They play a few decisions after each step.
import { fail, newPlayer, tableState, waitSeqAbove, sleep } from "./harness.mjs";
import { FakeCluster } from "./fake_cluster.mjs";

// Ana's page creates a Suikoden table (seed 5) and takes seat 0: the table's
// id and the join link of seat 1.
export async function createAndSit(page, base) {
  await page.goto(base + "/#/");
  await page.waitForSelector("select[name=game] option[value=suikoden]", { state: "attached" });
  await page.selectOption("select[name=game]", "suikoden");
  await page.click("details.options summary");
  await page.fill("input[name=seed]", "5");
  await page.click("button:has-text('Create table')");
  await page.waitForSelector(".created li[data-seat='1'] input.link");
  const link1 = await page.inputValue(".created li[data-seat='1'] input.link");
  const table = /#\/t\/([^/]+)\/join\/1$/.exec(link1)?.[1] || fail(`no join link: ${link1}`);
  await page.click(".created li[data-seat='0'] a:has-text('Take this seat')");
  await join(page, "Ana", 0);
  return { table, link1 };
}

export async function movedPages({ browser, base, shot, log }) {
  const fake = new FakeCluster();
  const A = await newPlayer(browser, base);
  const B = await newPlayer(browser, base);
  const C = await newPlayer(browser, base);
  const pages = { A, B, C };
  for (const [who, P] of Object.entries(pages)) await fake.attach(P.page, who);
  const requests = (who, cmd, since = 0) => fake.requests.filter((r) => r.who === who && r.cmd === cmd && r.at >= since);

  // 1. Ana on pA creates the table and takes seat 0 there: no move needed.
  fake.turn = 0;
  const { table, link1 } = await createAndSit(A.page, base);
  if (fake.owner.get(table) !== "pA") fail(`the table was made on ${fake.owner.get(table)}, not pA`);
  if (fake.requests.some((r) => r.who === "A" && r.moved)) fail("Ana's page was sent elsewhere on the node that holds her table");
  if (fake.current("A").asked !== null) fail(`Ana's page reconnected (${fake.current("A").url}) though it was on the table's node`);
  log(`table ${table} on pA: Ana on seat 0`);

  // 2. Bea, balanced to pB: the summary's node takes her page to pA before `join`.
  fake.turn = 1;
  await B.page.goto(link1);
  await join(B.page, "Bea", 1);
  const bJoins = requests("B", "join");
  if (bJoins.length !== 1 || bJoins[0].node !== "pA" || bJoins[0].asked !== "pA")
    fail(`Bea's join: ${JSON.stringify(bJoins)} (once, on pA asked for by name)`);
  if (!requests("B", "tables").some((r) => r.node === "pB")) fail("Bea's page was not first balanced to pB");
  log("Bea's page went from pB to pA before joining (the lobby summary's node)");

  // 3. Cy opens the table directly on pB: `watch` is moved, then watched from pA.
  fake.turn = 1;
  await C.page.goto(`${base}/#/t/${table}`);
  await C.page.waitForFunction(() => document.body.dataset.seat === "-1" && Number(document.body.dataset.seq) >= 0, null, { timeout: 10000 });
  const cWatch = requests("C", "watch");
  if (!cWatch.some((r) => r.node === "pB" && r.moved) || !cWatch.some((r) => r.node === "pA" && r.asked === "pA" && !r.moved))
    fail(`Cy's watches: ${JSON.stringify(cWatch)} (moved on pB, then answered on pA)`);
  log("Cy's watch was moved from pB to pA");
  await play([A, B], [A, B, C], 4);

  // 4. pA dies; its lease runs 1.5 s more, then pB takes the table over.
  const died = Date.now();
  fake.kill("pA");
  const expiry = setTimeout(() => (fake.expired = true), 1500);
  for (const who of ["A", "B", "C"]) await resumedOn(fake, pages[who].page, who, "pB", died, 15000);
  clearTimeout(expiry);
  for (const who of ["A", "B", "C"]) {
    // Reconnects while asking for pA: each after retry_ms (300) at least, not at once.
    const tries = fake.conns.filter((c) => c.who === who && c.asked === "pA" && c.at >= died).map((c) => c.at);
    const gaps = tries.slice(1).map((t, i) => t - tries[i]);
    if (tries.length < 2 || gaps.some((g) => g < 250)) fail(`${who}'s reconnects asking for pA after it died: gaps ${gaps} ms (retry_ms 300)`);
    if (tries.length > 10) fail(`${who} asked for pA ${tries.length} times in ${Date.now() - died} ms`);
  }
  log(`pA died: the pages waited retry_ms between tries and resumed on pB in ${((Date.now() - died) / 1000).toFixed(1)} s`);
  await shot(B.page, "moved-after-takeover");
  await play([A, B], [A, B, C], 4);

  // 5. pB loses the table back to pA: {"type":"moved"}, closed "table moved".
  fake.down.delete("pA");
  fake.expired = false;
  const lost = Date.now();
  fake.lose("pB", table, "pA");
  for (const who of ["A", "B", "C"]) await resumedOn(fake, pages[who].page, who, "pA", lost, 15000);
  log("pB lost the table: the pages reconnected and resumed on pA");
  await play([A, B], [A, B, C], 4);

  for (const [who, P] of Object.entries(pages)) {
    if (P.errors.length) fail(`page ${who} errors: ${P.errors.join("; ")}`);
    if (P.outside.length) fail(`page ${who} fetched from outside the server: ${P.outside.join(", ")}`);
    await P.context.close();
  }
  return `joined and watched across nodes, followed a takeover and a lost table, ${fake.requests.filter((r) => r.moved).length} moved replies`;
}

export async function join(page, name, seat) {
  await page.waitForSelector("form.join input[name=name]");
  await page.fill("form.join input[name=name]", name);
  await page.click("form.join button[type=submit]");
  await page.waitForFunction((s) => document.body.dataset.seat === String(s), seat, { timeout: 10000 });
}

/** Waits until page `who` has resumed (or watched) the table on `node` since `since`, its socket open. */
async function resumedOn(fake, page, who, node, since, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = fake.requests.some((r) => r.who === who && (r.cmd === "resume" || r.cmd === "watch") && r.node === node && !r.moved && r.at >= since);
    const open = await page.evaluate(() => document.getElementById("conn")?.dataset.state === "open");
    if (ok && open && fake.current(who)?.node === node) return;
    if (Date.now() > until) fail(`${who} did not resume on ${node}: ${JSON.stringify(fake.requests.filter((r) => r.who === who && r.at >= since))}`);
    await sleep(50);
  }
}

/** `n` decisions by whichever player must decide; every page in `all` must show each. */
export async function play(players, all, n) {
  for (let i = 0; i < n; i++) {
    const until = Date.now() + 15000;
    for (;;) {
      const states = await Promise.all(players.map((P) => tableState(P.page)));
      const k = states.findIndex((s) => s.mine && s.options.length);
      if (k >= 0) {
        const st = states[k];
        await players[k].page.click(`.options-panel button.option[data-option=${JSON.stringify(st.options[0])}]`);
        for (const P of all) await waitSeqAbove(P.page, st.seq);
        break;
      }
      if (states.some((s) => s.over)) return;
      if (Date.now() > until) fail(`nobody could decide: ${JSON.stringify(states)}`);
      await sleep(30);
    }
  }
}
