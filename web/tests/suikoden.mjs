// (a) Two browsers play a whole Suikoden game against each other through the
// page; (c) a third watches it and never receives a hidden card; (d) one
// player's page is reloaded mid-game and resumes its seat. Then the game-over
// screen, the replay page and the player's past games.
import { fail, newPlayer, tableState, waitSeqAbove, sleep, rng, finishedViews } from "./harness.mjs";
import { checkNoHiddenCards } from "./hidden.mjs";

export async function suikodenGame({ browser, base, bin, shot, shotPath, log }) {
  const A = await newPlayer(browser, base);
  const B = await newPlayer(browser, base, { phone: true });
  const C = await newPlayer(browser, base, { phone: true });
  const pages = [A, B, C];

  // A creates a table for two people in the lobby.
  await A.page.goto(base + "/#/");
  await A.page.waitForSelector("select[name=game] option[value=suikoden]", { state: "attached" });
  await A.page.selectOption("select[name=game]", "suikoden");
  await A.page.click("details.options summary");
  await A.page.fill("input[name=seed]", "5");
  await A.page.selectOption("select[name=timer]", "move");
  await A.page.fill("input[name=seconds]", "600");
  await A.page.click("button:has-text('Create table')");
  await A.page.waitForSelector(".created li[data-seat='1'] input.link");
  const link1 = await A.page.inputValue(".created li[data-seat='1'] input.link");
  const table = /#\/t\/([^/]+)\/join\/1$/.exec(link1)?.[1] || fail(`no join link: ${link1}`);
  await shot(A.page, "suikoden-lobby-created");

  // A takes seat 0 with the button, B opens the link for seat 1 (a phone).
  await A.page.click(".created li[data-seat='0'] a:has-text('Take this seat')");
  await join(A.page, "Ana", 0);
  await B.page.goto(link1);
  await join(B.page, "Bea", 1);
  await C.page.goto(`${base}/#/t/${table}`);
  await C.page.waitForFunction(() => document.body.dataset.seat === "-1" && Number(document.body.dataset.seq) >= 0);
  log(`table ${table}: Ana on seat 0, Bea on seat 1, a spectator`);
  // Lines logged while seat 1 was open name Bea once she has sat down.
  const openSeatLines = () => [...document.querySelectorAll(".log li")].filter((li) => li.textContent.includes("open seat")).length;
  await A.page.waitForFunction(openSeatLines, null, { timeout: 5000 }).catch(() => {});
  await A.page.waitForFunction((f) => !new Function(`return (${f})()`)(), openSeatLines.toString(), { timeout: 5000 })
    .catch(async () => fail(`Ana's log still says "open seat" after Bea sat down: ${await A.page.evaluate(openSeatLines)} lines`));

  // Both pick random options until the game is over; Bea reloads once.
  const rand = rng(20261124);
  const players = [A, B];
  let decisions = 0;
  let reloaded = false;
  const until = Date.now() + 100000;
  for (;;) {
    if (Date.now() > until) fail(`the game is not over after ${decisions} decisions`);
    let acted = false;
    let over = false;
    for (const P of players) {
      const st = await tableState(P.page);
      if (st.over) over = true;
      if (over || !st.mine || !st.options.length) continue;
      const id = st.options[Math.floor(rand() * st.options.length)];
      await P.page.click(`.options-panel button.option[data-option=${JSON.stringify(id)}]`);
      await waitSeqAbove(P.page, st.seq);
      decisions++;
      acted = true;
      if (decisions === 5) {
        // The per-decision timer counts down beside the seat that decides.
        const clock = await A.page.textContent(".strip.deciding .clock", { timeout: 3000 }).catch(() => "");
        if (!/^\d+:\d\d$/.test(clock || "")) fail(`no running clock beside the deciding seat: '${clock}'`);
      }
      if (decisions === 12) {
        for (const [i, Q] of pages.entries()) await shot(Q.page, `suikoden-midgame-${"ABC"[i]}`);
        await ownHandOnScreen(A.page, shotPath("suikoden-hand-1280x800"));
      }
      if (decisions === 25 && !reloaded) {
        reloaded = true;
        const before = (await tableState(B.page)).seq;
        await B.page.reload();
        await B.page.waitForFunction((s) => document.body.dataset.seat === "1" && Number(document.body.dataset.seq) >= s, before);
        await shot(B.page, "suikoden-after-reload-B");
        log(`reloaded Bea's page at decision ${before}: seat 1 resumed`);
      }
    }
    if (over) break;
    if (!acted) await sleep(15);
  }
  if (!reloaded) fail("the game ended before the reload");
  log(`game over after ${decisions} decisions made through the pages`);

  // The game-over screen: results for both, a link to the replay.
  for (const [i, P] of players.entries()) {
    await P.page.waitForSelector(".overlay:not([hidden]) .over ol.results li:nth-child(2)");
    await shot(P.page, `suikoden-game-over-${"AB"[i]}`);
  }
  await C.page.waitForFunction(() => document.body.dataset.status === "over");
  await shot(C.page, "suikoden-game-over-spectator");

  // (c) Nothing a seat may not see reached any of the three pages.
  const views = await finishedViews(bin, base, table);
  const checked = [
    checkNoHiddenCards(C.received, views, -1, table),
    checkNoHiddenCards(A.received, views, 0, table),
    checkNoHiddenCards(B.received, views, 1, table),
  ];
  log(`hidden cards: checked ${checked.join(" / ")} updates (spectator / seat 0 / seat 1) against the referee`);
  // Each page asked for patches: after its first whole view, its updates came
  // as patches (checked above as rebuilt; a gap or a bad patch is a page error).
  const patches = [C, A, B].map((P) => P.frames.filter((m) => m.type === "update" && m.table === table && m.patch).length);
  if (patches.some((n) => n < 50)) fail(`updates as patches (spectator / seat 0 / seat 1): ${patches.join(" / ")}`);
  for (const P of [C, A, B]) if (P.errors.some((e) => /patch/.test(e))) fail(P.errors.join("; "));
  log(`patches: ${patches.join(" / ")} updates came as patches (spectator / seat 0 / seat 1)`);

  // The replay page steps through the finished game.
  await A.page.click(".overlay a:has-text('Replay this game')");
  await A.page.waitForFunction(() => /^0 \/ \d+$/.test(document.querySelector(".step")?.textContent || ""));
  for (let i = 0; i < 3; i++) {
    await A.page.click("button[data-step=forward]");
    await A.page.waitForFunction((n) => (document.querySelector(".step")?.textContent || "").startsWith(`${n} /`), i + 1);
  }
  await A.page.click("button[data-step=back]");
  await A.page.waitForFunction(() => (document.querySelector(".step")?.textContent || "").startsWith("2 /"));
  await A.page.waitForSelector(".board.suikoden");
  await shot(A.page, "suikoden-replay");

  // Ana's past games list it.
  await A.page.goto(`${base}/#/players/Ana`);
  await A.page.waitForSelector(`li[data-table='${table}']`);
  await shot(A.page, "suikoden-past-games");

  for (const [i, P] of pages.entries()) {
    if (P.errors.length) fail(`page ${"ABC"[i]} errors: ${P.errors.join("; ")}`);
    if (P.outside.length) fail(`page ${"ABC"[i]} fetched from outside the server: ${P.outside.join(", ")}`);
    await P.context.close();
  }
  return `${decisions} decisions`;
}

async function join(page, name, seat) {
  await page.waitForSelector("form.join input[name=name]");
  await page.fill("form.join input[name=name]", name);
  await page.click("form.join button[type=submit]");
  await page.waitForFunction((s) => document.body.dataset.seat === String(s), seat);
}

/**
 * On a 1280x800 laptop screen the player's own hand is on screen as the table
 * page opens, without scrolling: every card of it inside the window.
 */
async function ownHandOnScreen(page, path) {
  const was = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const cards = await page.locator(".board.suikoden .own-hand .scard").evaluateAll((els) =>
    els.map((e) => { const r = e.getBoundingClientRect(); return { id: e.dataset.card, top: r.top, bottom: r.bottom, left: r.left, right: r.right }; }));
  await page.screenshot({ path });
  if (!cards.length) fail("no card in the own hand at decision 12");
  const off = cards.filter((c) => c.top < 0 || c.left < 0 || c.bottom > 800 || c.right > 1280);
  if (off.length) fail(`at 1280x800 these hand cards are off screen: ${JSON.stringify(off)}`);
  await page.setViewportSize(was);
}
