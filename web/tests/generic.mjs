// Games without a board of their own (Magic) are played through the generic
// view and the option list: a dozen decisions each against a computer seat,
// with no page error.
import { fail, newPlayer, tableState, waitSeqAbove, sleep, rng } from "./harness.mjs";

export async function genericGames({ browser, base, shot, log }) {
  const P = await newPlayer(browser, base);
  const { page } = P;
  const rand = rng(3);
  const done = [];
  const games = await (await fetch(`${base}/api/games`)).json();
  for (const game of ["magic"]) {
    if (!(games.games || games).some((g) => g.name === game && !g.broken)) {
      log(`${game} is not in the registry here; skipped`);
      continue;
    }
    await page.goto(base + "/#/");
    await page.waitForSelector(`select[name=game] option[value=${game}]`, { state: "attached" });
    await page.selectOption("select[name=game]", game);
    // Two seats (Magic's first variant is a four-player Free-for-All).
    await page.selectOption("select[name=seats]", "2");
    await page.selectOption("select[name=seat-1]", "random");
    await page.click("button:has-text('Create table')");
    await page.click(".created li[data-seat='0'] a:has-text('Take this seat')");
    // The join form, unless the page already knows the player's name and joins by itself.
    await page.waitForFunction(
      () => document.querySelector("form.join input[name=name]") || document.body.dataset.seat === "0",
    );
    if (await page.locator("form.join input[name=name]").count()) {
      await page.fill("form.join input[name=name]", "Gus");
      await page.click("form.join button[type=submit]");
    }
    await page.waitForFunction(() => document.body.dataset.seat === "0");
    await page.waitForSelector(".board.generic dl.gen-obj");
    let decisions = 0;
    const until = Date.now() + 20000;
    while (decisions < 12 && Date.now() < until) {
      const st = await tableState(page);
      if (st.over) break;
      if (!st.mine || !st.options.length) {
        await sleep(15);
        continue;
      }
      const id = st.options[Math.floor(rand() * st.options.length)];
      await page.click(`.options-panel button.option[data-option=${JSON.stringify(id)}]`);
      await waitSeqAbove(page, st.seq);
      decisions++;
    }
    if (!decisions) fail(`no decision made in ${game}`);
    await shot(page, `generic-${game}`);
    done.push(`${game} ${decisions}`);
  }
  if (P.errors.length) fail(`page errors: ${P.errors.join("; ")}`);
  if (P.outside.length) fail(`fetched from outside the server: ${P.outside.join(", ")}`);
  await P.context.close();
  return `decisions: ${done.join(", ")}`;
}
