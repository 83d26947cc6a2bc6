// The table around every board, at a Suikoden table against a computer seat:
// strips (you / opponent, the deciding seat), people named (no "seat N" on
// the page), the digest of the computer's moves since the last decision,
// the whole card on hover, the number keys and P, and the forced-move
// preference, and a discard by a click on the hand card asked about first
// (confirmed with Enter).
import { fail, newPlayer, tableState, waitSeqAbove, sleep, rng } from "./harness.mjs";

export async function tableParts({ browser, base, shot, log }) {
  const P = await newPlayer(browser, base);
  const { page } = P;
  await page.goto(base + "/#/");
  await page.waitForSelector("select[name=game] option[value=suikoden]", { state: "attached" });
  await page.selectOption("select[name=game]", "suikoden");
  await page.selectOption("select[name=seat-1]", "greedy");
  // A fixed deal, so the game (and its forced moves) is the same each run.
  await page.click("details.options summary");
  await page.fill("input[name=seed]", process.env.TABLE_SEED || "3");
  await page.click("button:has-text('Create table')");
  await page.click(".created li[data-seat='0'] a:has-text('Take this seat')");
  await page.waitForFunction(() => document.querySelector("form.join input[name=name]") || document.body.dataset.seat === "0");
  if (await page.locator("form.join input[name=name]").count()) {
    await page.fill("form.join input[name=name]", "Tess");
    await page.click("form.join button[type=submit]");
  }
  await page.waitForFunction(() => document.body.dataset.seat === "0");
  await page.waitForSelector(".strip.you[data-seat='0']");
  if (!(await page.locator(".strip.opponent[data-seat='1']").count())) fail("no opponent strip for the computer seat");
  if (!/Tess/.test(await page.textContent(".strip.you"))) fail("the own strip does not name the player");

  const rand = rng(5);
  const seen = { confirm: 0, digest: 0, digestNamed: 0, keys: 0, pass: 0, zoom: 0, forced: 0, names: 0 };
  let decisions = 0;
  const until = Date.now() + 60000;
  while (decisions < 40 && Date.now() < until) {
    const st = await tableState(page);
    if (st.over) break;
    if (!st.mine || !st.options.length) {
      await sleep(20);
      continue;
    }
    // No seat numbers anywhere a person reads.
    const text = await page.evaluate(() => document.body.innerText);
    const m = /\b[Ss]eat \d+\b/.exec(text);
    if (m) fail(`the page says '${m[0]}' near: ${text.slice(Math.max(0, m.index - 60), m.index + 40)}`);
    seen.names++;
    // What the computer did since my last decision, named.
    if (decisions > 0 && (await page.locator(".digest:not([hidden]) li").count())) {
      const d = await page.textContent(".digest");
      // Folded: no line said twice in a row (a repeat reads "… ×N"), passes in one line.
      const lines = await page.$$eval(".digest li", (l) => l.map((x) => x.textContent));
      for (let i = 1; i < lines.length; i++) if (lines[i] === lines[i - 1]) fail(`the digest repeats '${lines[i]}'`);
      if (/\(computer/.test(d)) seen.digestNamed++;
      seen.digest++;
    }
    // The whole card, pointing at a card named in the log.
    if (!seen.zoom && (await page.locator(".log .cardref").count())) {
      await page.hover(".log .cardref >> nth=-1");
      await page.waitForSelector(".card-zoom:not([hidden]) .card-full .text", { timeout: 2000 });
      seen.zoom++;
    }
    // A discard by clicking the hand card asks first; Enter confirms it.
    const lone = st.options.filter((id) => id.startsWith("discard:"))
      .find((id) => st.options.filter((o) => o.split(/[:>]/).slice(1).includes(id.slice(8))).length === 1);
    if (lone && !seen.confirm) {
      await page.click(`.board .hand [data-card=${JSON.stringify(lone.slice(8))}]`);
      await page.waitForSelector(`.confirm-bar:not([hidden]) [data-confirm=${JSON.stringify(lone)}]`, { timeout: 3000 })
        .catch(() => fail(`clicking the hand card of ${lone} did not ask first`));
      if ((await tableState(page)).seq !== st.seq) fail(`${lone} was taken before it was confirmed`);
      await page.keyboard.press("Enter");
      await waitSeqAbove(page, st.seq);
      seen.confirm++;
      decisions++;
      continue;
    }
    // Keys: P passes when it can, else a number key takes the n-th option.
    const canPass = st.options.includes("pass");
    if (canPass && rand() < 0.3) {
      await page.keyboard.press("p");
      seen.pass++;
    } else {
      const n = 1 + Math.floor(rand() * Math.min(9, st.options.length));
      await page.keyboard.press(String(n));
      seen.keys++;
    }
    await waitSeqAbove(page, st.seq);
    decisions++;
  }
  if (decisions < 10) fail(`only ${decisions} decisions by keys`);
  // Every log line received is in the log (drawn again, not lost, once the card texts arrived).
  const got = new Set(P.received.filter((m) => m.type === "update").flatMap((m) => (m.log || []).map((l) => l.index)));
  const shownIdx = new Set(await page.$$eval(".log li[data-index]", (l) => l.map((x) => Number(x.dataset.index))));
  const lost = [...got].filter((i) => !shownIdx.has(i));
  if (lost.length) fail(`log lines received but not shown: ${lost.slice(0, 10).join(", ")} (of ${got.size})`);
  if (!seen.digest) fail("the digest never showed what happened since the last decision");
  if (!seen.confirm) fail("no discard by a click on the hand was asked about first");
  if (!seen.zoom) fail("no card name in the log could be pointed at");
  if (!seen.digestNamed) fail("the digest never named the computer seat's moves");
  await shot(page, "table-parts");

  // Forced moves: with the preference on, a lone option that ends no phase is
  // taken by the page; with it off the player still decides.
  await page.click("details.prefs summary");
  await page.check("input[data-pref='tabletop.auto-forced']");
  const forced = await page.evaluate(() => localStorage.getItem("tabletop.auto-forced"));
  if (forced !== "1") fail("the forced-move preference is not kept");
  const until2 = Date.now() + 30000;
  while (Date.now() < until2) {
    const st = await tableState(page);
    if (st.over) break;
    if (!st.mine || !st.options.length) {
      await sleep(20);
      continue;
    }
    if (st.options.length === 1 && !/^(pass|end|done)/.test(st.options[0])) {
      // Taken by itself: the decision count moves on without a key.
      await waitSeqAbove(page, st.seq, 3000).catch(() => fail(`the forced option ${st.options[0]} was not taken by itself`));
      seen.forced++;
      continue;
    }
    await page.keyboard.press("1");
    await waitSeqAbove(page, st.seq);
  }
  await page.evaluate(() => localStorage.setItem("tabletop.auto-forced", "0"));
  if (!seen.forced) fail("no forced move came up to be taken by itself (seed 3 has one)");
  log(JSON.stringify(seen));
  if (P.errors.length) fail(`page errors: ${P.errors.join("; ")}`);
  if (P.outside.length) fail(`fetched from outside the server: ${P.outside.join(", ")}`);
  await P.context.close();
  return `${decisions} decisions by keys; ${JSON.stringify(seen)}`;
}
