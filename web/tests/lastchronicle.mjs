// A person at a 4-seat Last Chronicle table against three computer seats
// (greedy) plays the whole game by clicking the board: a card in hand, a unit,
// the leader, the chronoglyph, a CA-yard card or token, a player's area, a
// waiting ability, a seat strip naming a player to attack, or one of the
// board's buttons (pass, go to combat...),
// chosen at random (seeded) among the elements that lead to options. A click
// that fits several options narrows the list to exactly those, and one of
// them is taken from it; a click that loses a card asks first. The plain
// option list is used only when no board element fits (counted; it must be
// rare), and every option of every decision must be reachable on the board.
// Seed 3 and 10 life (rule option `starting_life`) make a short game: about
// 160 of the person's decisions, 600 in all (docs/server.md "Browser tests").
import { fail, newPlayer, sleep, rng } from "./harness.mjs";

const SEED = process.env.LC_SEED || "3";
// Board elements that lead to options, and the seat strips that name a player to choose.
const CLICKABLE = ".board.lastchronicle [data-fits], .strip.can[data-fits]";
const LIFE = process.env.LC_LIFE || "10";

export async function lastChronicleGame({ browser, base, shot, log }) {
  const P = await newPlayer(browser, base);
  const { page } = P;
  // The options the page sends, to check that a click took the option it was about.
  const sent = [];
  page.on("websocket", (ws) => ws.on("framesent", (f) => {
    try {
      const m = JSON.parse(String(f.payload));
      if (m.cmd === "act") sent.push(m.option);
    } catch {}
  }));
  await page.goto(base + "/#/");
  await page.waitForSelector("select[name=game] option[value=lastchronicle]", { state: "attached" });
  await page.selectOption("select[name=game]", "lastchronicle");
  await page.selectOption("select[name=seats]", "4");
  for (const s of [1, 2, 3]) await page.selectOption(`select[name=seat-${s}]`, "greedy");
  await page.click("details.options summary");
  await page.fill("input[name=seed]", SEED);
  await page.fill("input[name=opt-starting_life]", LIFE);
  await page.click("button:has-text('Create table')");
  await page.click(".created li[data-seat='0'] a:has-text('Take this seat')");
  await page.waitForSelector("form.join input[name=name]");
  await page.fill("form.join input[name=name]", "Lia");
  await page.click("form.join button[type=submit]");
  await page.waitForFunction(() => document.body.dataset.seat === "0");
  await page.waitForSelector(".board.lastchronicle .lc-seat.you[data-seat='0']");
  if ((await page.locator(".board.lastchronicle .lc-seat.other").count()) !== 3) fail("not three other players' areas on the board");

  const rand = rng(Number(SEED) * 7919 + 11);
  const clicks = {};
  let list = 0; // decisions taken from the plain option list (no board element fitted)
  let focused = 0; // board clicks that narrowed the list to several options
  let confirmed = 0;
  let decisions = 0;
  let started = false;
  let attackShot = false;
  let namesChecked = false;
  const until = Date.now() + 200000;
  for (;;) {
    if (Date.now() > until) fail(`the game is not over after ${decisions} decisions (${JSON.stringify(clicks)}, list ${list})`);
    // Where the table stands, the board's clickable elements and what each leads to, in one look.
    const st = await boardState(page);
    if (st.over) break;
    if (!attackShot && decisions >= 10 && st.attack) {
      attackShot = true;
      await shot(page, "lastchronicle-attack");
      log(`an attack on the board at decision ${st.seq}`);
    }
    if (!st.mine || !st.options.length) {
      await sleep(15);
      continue;
    }
    if (!started) {
      started = true;
      await checkStrips(page);
      await shot(page, "lastchronicle-start");
    }
    if (!namesChecked && st.hand) namesChecked = await checkHandNames(page);
    const els = st.els;
    const reach = new Set(els.flatMap((e) => e.fits));
    const missing = st.options.filter((id) => !reach.has(id));
    if (missing.length) fail(`decision ${st.seq}: no board element leads to ${missing.join(", ")}`);
    const unplaced = els.filter((e) => e.unplaced).flatMap((e) => e.fits);
    if (unplaced.length) fail(`decision ${st.seq}: the board placed ${unplaced.join(", ")} on no card, unit or player`);
    const offered = els.filter((e) => e.fits.some((id) => st.options.includes(id)));
    let want;
    if (!offered.length) {
      list++;
      want = st.options[Math.floor(rand() * st.options.length)];
      await page.click(`.options-panel button.option[data-option=${JSON.stringify(want)}]`);
    } else {
      // At set-up the chronoglyph fits every shed option: it must narrow the list to them.
      const glyph = decisions === 0 && offered.find((e) => e.kind === "glyphzone" && e.fits.length > 1);
      const el = glyph || offered[Math.floor(rand() * offered.length)];
      clicks[el.kind] = (clicks[el.kind] || 0) + 1;
      await page.locator(CLICKABLE).nth(els.indexOf(el)).click();
      if (el.fits.length > 1) {
        // The list shows exactly the options the click was about.
        await page.waitForSelector(".focus-bar:not([hidden])", { timeout: 3000 });
        const shown = await page.$$eval(".options-panel button.option", (b) => b.map((x) => x.dataset.option));
        if (shown.slice().sort().join(" ") !== el.fits.slice().sort().join(" "))
          fail(`a ${el.kind} click fitting ${el.fits.join(", ")} showed ${shown.join(", ")}`);
        focused++;
        want = el.fits[Math.floor(rand() * el.fits.length)];
        await page.click(`.options-panel button.option[data-option=${JSON.stringify(want)}]`);
      } else {
        // Losing a card from the hand or the deck for good asks first; the rest is taken at once.
        want = el.fits[0];
        const mustAsk = /^(discard|return):|^shed:(?!none$)/.test(want);
        await page.waitForFunction((s) => Number(document.body.dataset.seq) > s || document.querySelector(".confirm-bar:not([hidden]) [data-confirm]"), st.seq);
        if (await page.locator(".confirm-bar:not([hidden]) [data-confirm]").count()) {
          if ((await page.getAttribute(".confirm-bar [data-confirm]", "data-confirm")) !== want) fail(`the confirmation is not about ${want}`);
          confirmed++;
          await page.click(".confirm-bar [data-confirm]");
        } else if (mustAsk) fail(`${want} was taken by a board click without asking`);
      }
    }
    // The game may end meanwhile (another seat's decision ended it while this one was open).
    await page.waitForFunction((s) => Number(document.body.dataset.seq) > s || document.body.dataset.status === "over", st.seq, { timeout: 10000 });
    if (sent[sent.length - 1] !== want && (await page.evaluate(() => document.body.dataset.status)) !== "over") fail(`decision ${st.seq}: the page sent ${sent[sent.length - 1]}, not ${want}`);
    decisions++;
  }
  await page.waitForSelector(".overlay:not([hidden]) .over ol.results li:nth-child(4)");
  await shot(page, "lastchronicle-game-over");
  await page.click(".overlay button:has-text('See the board')");
  await page.waitForSelector(".board.lastchronicle .lc-results li:nth-child(4)");
  await shot(page, "lastchronicle-end-board");

  // The replay shows the same board, seen by the referee (every hand face up), mid-game.
  const table = /#\/t\/([^/]+)/.exec(page.url())?.[1] || fail(`no table in ${page.url()}`);
  await page.goto(`${base}/#/replay/${table}`);
  await page.waitForFunction(() => /^0 \/ \d+$/.test(document.querySelector(".step")?.textContent || ""));
  const total = Number((await page.textContent(".step")).split("/")[1]);
  await page.fill("input[aria-label=step]", String(Math.floor(total / 2)));
  await page.dispatchEvent("input[aria-label=step]", "input");
  await page.waitForFunction((n) => (document.querySelector(".step")?.textContent || "").startsWith(`${n} /`), Math.floor(total / 2));
  await page.waitForSelector(".board.lastchronicle .lc-seat .lc-hand .tcard:not(.back)");
  await shot(page, "lastchronicle-replay");

  if (!namesChecked) fail("the own hand never showed card names");
  if (!attackShot) fail("no attack was seen on the board");
  for (const k of ["hand", "field", "ca", "glyphzone", "player", "strip", "button"]) if (!clicks[k]) fail(`no ${k} click: ${JSON.stringify(clicks)}`);
  if (!focused) fail("no board click narrowed the option list");
  if (list > decisions / 20) fail(`${list} of ${decisions} decisions needed the option list`);
  if (P.errors.length) fail(`page errors: ${P.errors.join("; ")}`);
  if (P.outside.length) fail(`fetched from outside the server: ${P.outside.join(", ")}`);
  await P.context.close();
  const what = `${decisions} decisions by board clicks ${JSON.stringify(clicks)}, ${focused} narrowed the list, ${confirmed} confirmed, ${list} from the list`;
  log(what);
  return what;
}

/** The page's state (as harness.mjs tableState) with the board's clickable elements. */
async function boardState(page) {
  return page.evaluate((sel) => ({
    seq: Number(document.body.dataset.seq ?? -1),
    mine: document.body.dataset.turn === "mine",
    over: !!document.querySelector(".overlay:not([hidden]) .over") || document.body.dataset.status === "over",
    options: Array.from(document.querySelectorAll(".options-panel button.option:not(:disabled)")).map((b) => b.dataset.option),
    attack: !!document.querySelector(".lc-combat[data-attacker]:not([data-attacker=''])"),
    hand: !!document.querySelector(".lc-seat.you .lc-hand .tcard"),
    els: Array.from(document.querySelectorAll(sel)).map((e) => ({
      fits: e.dataset.fits.split(" "),
      kind: e.classList.contains("strip") ? "strip" : e.classList.contains("lc-act") ? "button" : e.classList.contains("lc-seat-head") ? "player"
        : (e.closest(".lc-zone")?.classList[1] || e.closest(".lc-panel")?.classList[1] || "other").replace(/^lc-/, ""),
      unplaced: e.classList.contains("unplaced"),
    })),
  }), CLICKABLE);
}

/** Every seat's strip shows its life; the person's shows it is deciding. */
async function checkStrips(page) {
  for (const s of [0, 1, 2, 3]) {
    const life = await page.textContent(`.strip[data-seat='${s}'] .score`);
    if (!/^life\s*10$/.test((life || "").trim())) fail(`seat ${s}'s strip shows '${life}', not its life`);
  }
  if (!(await page.locator(".strip[data-seat='0'].deciding .deciding-tag").count())) fail("the person's strip does not show 'deciding'");
}

/** The own hand shows card names (the catalogue's), not ids. */
async function checkHandNames(page) {
  await page.waitForFunction(() => {
    const cards = Array.from(document.querySelectorAll(".lc-seat.you .lc-hand .tcard"));
    return cards.length && cards.every((c) => c.querySelector(".tcard-name")?.textContent !== c.dataset.card);
  }, null, { timeout: 5000 }).catch(() => fail("the own hand shows card ids, not names"));
  return true;
}
