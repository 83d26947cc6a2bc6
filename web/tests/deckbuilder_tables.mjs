// The deck builder's decks at the new-table form (web/tests/deckbuilder.mjs
// builds and saves them first): an illegal saved deck refused with its rule
// named, and a 4-seat Last Chronicle table played with a saved deck.
import { fail, sleep, tableState } from "./harness.mjs";

// An illegal saved deck chosen for a seat: the new-table form names the rule and makes no table.
export async function illegalAtCreate(page, base, log) {
  await page.goto(`${base}/#/`);
  await page.waitForSelector("select[name=game] option[value=magic]", { state: "attached" });
  await page.selectOption("select[name=game]", "magic");
  await page.selectOption("select[name=deck-0]", "saved:Broken magic");
  await page.click("button:has-text('Create table')");
  await page.waitForSelector(".problems li");
  const text = await page.textContent(".problems");
  if (!/four copies/.test(text) || (await page.locator(".created h3").count())) fail(`an illegal saved deck at create: ${text}`);
  log(`create with an illegal saved deck: ${text.trim().slice(0, 100)}`);
}

// A 4-seat Last Chronicle table: seat 0 a person with the saved deck, three
// computers; the page's own seat shows the deck's leader (not the starter
// deck seat 0 gets by default), and the person plays some turns.
export async function playWithSavedDeck(page, base, made, sent, shot, log) {
  await page.goto(`${base}/#/`);
  await page.waitForSelector("select[name=game] option[value=lastchronicle]", { state: "attached" });
  await page.selectOption("select[name=game]", "lastchronicle");
  await page.selectOption("select[name=seats]", "4");
  await page.selectOption("select[name=deck-0]", `saved:${made.name}`);
  await page.fill("input[name=me]", "Lia");
  await page.selectOption("select[name=computers]", "greedy");
  await page.click("button[name=play-now]");
  await page.waitForFunction(() => document.body.dataset.seat === "0", null, { timeout: 15000 });
  const deck = sent[0]?.decks?.[0];
  if (!deck || deck.leader !== made.deck.leader || deck.cards.length !== 39) fail(`the table was not made with the saved deck: ${JSON.stringify(sent[0])}`);
  await page.waitForSelector(`.lc-seat.you [data-card="${made.deck.leader}"]`, { timeout: 10000 });
  let mine = 0;
  const until = Date.now() + 60000;
  while (mine < 25) {
    if (Date.now() > until) fail(`only ${mine} decisions in 60 s`);
    const st = await tableState(page);
    if (st.over) break;
    if (!st.mine || !st.options.length) {
      await sleep(20);
      continue;
    }
    // The first option that is not a concession, from the option list.
    const pick = st.options.find((o) => !/concede/i.test(o)) ?? st.options[0];
    await page.click(`.options-panel button.option[data-option="${pick}"]`);
    await page.waitForFunction((s) => Number(document.body.dataset.seq ?? -1) > s, st.seq, { timeout: 10000 });
    mine++;
  }
  await shot(page, "deckbuilder-lastchronicle-table");
  log(`Last Chronicle at 4 seats with the saved deck: ${mine} decisions of Lia's`);
}
