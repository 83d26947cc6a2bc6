// The deck builder (#/decks/GAME), one page in one browser profile: for each
// game a legal deck built by searching the pool and clicking its cards (the
// cards of a starter deck, so the test knows a legal list; never by loading
// the template or pasting JSON), the server's live verdict legal; then an
// illegal change refused with the rule named (a copy too many; Last
// Chronicle at 4 seats without a leader); the deck saved, exported and
// checked by `tabletop check-deck`, imported back unchanged; a file that is
// not a deck refused with the page unchanged. Screenshots of each game's
// builder at desktop and phone width (no sideways scrolling on the phone).
// Then Last Chronicle at 4 seats: a table made in the lobby with the saved
// deck for seat 0 and three computer seats, and some turns played with it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fail, newPlayer, sleep } from "./harness.mjs";
import { illegalAtCreate, playWithSavedDeck } from "./deckbuilder_tables.mjs";

// The starter deck each game's deck is built from, and the illegal change tried.
const PLAN = {
  ddm: { starter: "arcane", seats: 2, illegal: "copies" },
  suikoden: { starter: "dawn", seats: 2, illegal: "copies" },
  lastchronicle: { starter: "tide-circle", seats: 4, illegal: "deck building: leader" },
  magic: { starter: "green-red-stampede", seats: 4, illegal: "deck building: four copies" },
};

export async function deckBuilder({ browser, base, bin, shotPath, log }) {
  // What a person sees in the window (the pool runs on far below).
  const shot = (page, name) => page.screenshot({ path: shotPath(name) });
  const P = await newPlayer(browser, base);
  const { page } = P;
  // The create requests the page sends (the socket lives across the pages).
  const sent = [];
  page.on("websocket", (ws) => ws.on("framesent", (f) => {
    try {
      const m = JSON.parse(String(f.payload));
      if (m.cmd === "create") sent.push(m);
    } catch {}
  }));
  const made = {};
  for (const game of Object.keys(PLAN)) made[game] = await buildDeck(page, base, bin, game, shot, log);
  await shelf(page, made.magic.broke, log);
  await illegalAtCreate(page, base, log);
  await playWithSavedDeck(page, base, made.lastchronicle, sent, shot, log);
  if (P.errors.length) fail(`page errors: ${P.errors.join("; ")}`);
  if (P.outside.length) fail(`requests outside the server: ${P.outside.join(", ")}`);
  await P.context.close();
  return Object.entries(made).map(([g, d]) => `${g} ${d.cards} cards`).join(", ") + "; Last Chronicle played at 4 seats with the saved deck";
}

// The deck file's cards as [slot, id, count] for the page's clicks.
function clicksOf(game, deck) {
  if (game === "ddm") return [...deck.monsters.map((m) => ["monsters", m.monster, m.count ?? 1]),
    ...(deck.items || []).map((i) => ["items", typeof i === "string" ? i : i.item, 1])];
  if (game === "suikoden") return deck.cards.map((c) => ["cards", c.card, c.count ?? 1]);
  if (game === "lastchronicle") return deck.cards.map((id) => ["cards", id, 1]);
  return Object.entries(deck.cards).map(([id, n]) => ["cards", id, n]);
}

async function rulesSay(page, state, rule = null) {
  await page.waitForFunction(([s, r]) => {
    const el = document.querySelector(".rules");
    return el?.dataset.state === s && (!r || !!el.querySelector(`li[data-rule="${r}"]`));
  }, [state, rule], { timeout: 10000 }).catch(async () => {
    fail(`the rules never said ${state}${rule ? ` (${rule})` : ""}: ${await page.textContent(".rules")}`);
  });
}

const deckTotal = (page) => page.evaluate(() =>
  [...document.querySelectorAll(".deck-slot .slot-total")].reduce((t, e) => t + Number(e.dataset.total), 0));

// Types `text` into the pool's search and waits until the shown cards are
// filtered by it (the page redraws them 120 ms after the last key: a click
// before that may land where a card was, not where it is).
async function search(page, text) {
  await page.fill("input[name=search]", text);
  await page.waitForFunction((t) => document.querySelector(".pool-grid")?.dataset.search === t, text, { timeout: 5000 });
}

// Every pool card's name and cost lie inside the card (a long name once
// pushed the Magic-style cost past the card's edge: "{1}{W" shown).
async function headsFit(page, game) {
  const out = await page.evaluate(() => [...document.querySelectorAll(".pool-card .tcard")].flatMap((card) => {
    const edge = card.getBoundingClientRect().right;
    return [...card.querySelectorAll(".tcard-name, .cost")]
      .filter((e) => e.getBoundingClientRect().right > edge + 0.5)
      .map((e) => `${card.closest(".pool-card").dataset.card}: "${e.textContent}"`);
  }));
  if (out.length) fail(`${game}: pool cards drawn past their edge: ${out.slice(0, 5).join(", ")}`);
}

// Finds a card by searching its name, then clicks its add button `n` times.
async function addBySearch(page, card, n) {
  await search(page, card.name);
  const entry = page.locator(`.pool-card[data-card="${card.id}"]`);
  await entry.waitFor({ timeout: 5000 });
  for (let i = 0; i < n; i++) await entry.locator("button.add").click();
}

// Adds copies of a card until the deck holds `n`.
async function addUpTo(page, card, n) {
  const now = await page.evaluate((x) => Number((document.querySelector(`.deck-list li[data-card="${x}"] .n`)?.textContent || "0").replace("×", "")), card.id);
  await addBySearch(page, card, n - now);
}

async function buildDeck(page, base, bin, game, shot, log) {
  const plan = PLAN[game];
  let broke = null;
  const catalogue = await (await fetch(`${base}/api/cards/${game}`)).json();
  const byId = new Map(catalogue.cards.map((c) => [c.id, c]));
  const starter = catalogue.starter_decks[plan.starter];
  if (!starter) fail(`${game} has no starter deck ${plan.starter}`);
  await page.goto(`${base}/#/decks/${game}`);
  await page.waitForSelector(".pool-card");
  await page.selectOption("select[name=seats]", String(plan.seats));
  const started = Date.now();
  for (const [, id, n] of clicksOf(game, starter)) await addBySearch(page, byId.get(id), n);
  await search(page, "");
  const cards = await deckTotal(page);
  if (game === "lastchronicle") {
    // 39 cards and no leader: at 4 seats the rule names the missing leader.
    await rulesSay(page, "illegal", plan.illegal);
    log("no leader at 4 seats: refused");
    await search(page, byId.get(starter.leader).name);
    await page.locator(`.pool-card[data-card="${starter.leader}"] button.lead[data-slot=leader]`).click();
    await search(page, "");
  }
  if (starter.commander) {
    await search(page, byId.get(starter.commander).name);
    await page.locator(`.pool-card[data-card="${starter.commander}"] button.lead[data-slot=commander]`).click();
    await search(page, "");
    await page.waitForSelector(`.deck-single[data-slot=commander] [data-card="${starter.commander}"]`);
  }
  await rulesSay(page, "legal");
  await headsFit(page, game);
  log(`${game}: a legal deck of ${cards} cards by ${((Date.now() - started) / 1000).toFixed(1)} s of clicks`);
  if (!(await page.locator(".deck-charts .bar").count()) && game !== "suikoden") fail(`${game}: no curve shown`);
  // A reload loses nothing: the deck and the table size are kept as a draft.
  await page.reload();
  await page.waitForSelector(".pool-card");
  if ((await deckTotal(page)) !== cards || (await page.inputValue("select[name=seats]")) !== String(plan.seats))
    fail(`${game}: the deck was lost by a reload`);
  await rulesSay(page, "legal");
  await page.fill("input[name=deck-name]", `My ${game}`);
  await page.click("button[name=save]");
  await page.waitForSelector(`select[name=saved] option[value="My ${game}"]`, { state: "attached" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, `deckbuilder-${game}`);
  await phoneShot(page, shot, game);

  // Export: the game's own format, which `tabletop check-deck` judges legal.
  const [dl] = await Promise.all([page.waitForEvent("download"), page.click("button[name=export]")]);
  const file = await dl.path();
  const exported = JSON.parse(readFileSync(file, "utf8"));
  try {
    execFileSync(bin, ["check-deck", game, file, "--seats", String(plan.seats)], { stdio: "pipe" });
  } catch (e) {
    fail(`${game}: check-deck refused the exported deck: ${e.stdout}${e.stderr}`);
  }

  // An illegal change: one copy too many (or the leader taken away again).
  if (game === "lastchronicle") {
    await page.click(".deck-single[data-slot=leader] button.unlead");
  } else {
    const [, id] = clicksOf(game, starter).find(([slot, x]) => slot !== "items" && !byId.get(x).tags.includes("basic"));
    broke = byId.get(id);
    await addUpTo(page, broke, game === "ddm" ? 3 : 5);
  }
  await rulesSay(page, "illegal", plan.illegal);
  const message = await page.textContent(`.rules li[data-rule="${plan.illegal}"]`);
  log(`${game} refused: ${message}`);

  // Not a deck: refused, the page's deck unchanged.
  const before = await deckTotal(page);
  await page.click("details.paste summary");
  await page.fill("textarea[name=import-text]", game === "magic" ? '{"cards": ["a list"]}' : '{"cards": 7, "monsters": {}}');
  await page.click("button[name=import-paste]");
  await page.waitForSelector(".shelf-msg.error");
  if (!/Not imported/.test(await page.textContent(".shelf-msg"))) fail(`${game}: a bad import not refused clearly`);
  if ((await deckTotal(page)) !== before) fail(`${game}: a refused import changed the deck`);

  // Import the exported file back: the same deck, legal again.
  await page.setInputFiles("input[name=import-file]", file);
  await page.waitForFunction(() => /Imported/.test(document.querySelector(".shelf-msg")?.textContent || ""));
  await rulesSay(page, "legal");
  const [dl2] = await Promise.all([page.waitForEvent("download"), page.click("button[name=export]")]);
  const again = JSON.parse(readFileSync(await dl2.path(), "utf8"));
  if (JSON.stringify(again) !== JSON.stringify(exported)) fail(`${game}: the import did not round-trip:\n${JSON.stringify(exported)}\n${JSON.stringify(again)}`);
  return { cards, name: `My ${game}`, deck: exported, broke };
}

// The shelf (on the Magic page): the deck broken by a fifth copy saved as
// another name, a starter deck as a template, duplicate, rename, delete.
async function shelf(page, broke, log) {
  const saved = () => page.$$eval("select[name=saved] option", (os) => os.map((o) => o.value).filter(Boolean));
  await search(page, "");
  await addUpTo(page, broke, 5);
  await rulesSay(page, "illegal", "deck building: four copies");
  await page.fill("input[name=deck-name]", "Broken magic");
  await page.click("button[name=save]");
  await page.selectOption("select[name=starter]", "white-blue-skies");
  await rulesSay(page, "legal");
  if ((await page.inputValue("input[name=deck-name]")) !== "My White-Blue Skies") fail("the template's name is not offered");
  await page.click("button[name=save]");
  await page.click("button[name=duplicate]");
  await page.waitForFunction(() => [...document.querySelectorAll("select[name=saved] option")].some((o) => o.value === "My White-Blue Skies copy"));
  await page.fill("input[name=deck-name]", "Skies");
  await page.click("button[name=rename]");
  let names = await saved();
  if (!names.includes("Skies") || names.includes("My White-Blue Skies copy")) fail(`rename: ${names}`);
  // A name another saved deck holds is refused.
  await page.fill("input[name=deck-name]", "My magic");
  await page.click("button[name=save]");
  if (!/saved already/.test(await page.textContent(".shelf-msg.error"))) fail("a taken name was not refused");
  await page.selectOption("select[name=saved]", "Skies");
  await page.click("button[name=delete]");
  await page.click("button[name=delete]");
  names = await saved();
  if (names.includes("Skies") || !names.includes("My magic") || !names.includes("Broken magic")) fail(`delete: ${names}`);
  log(`shelf: template, duplicate, rename, refused name, delete; saved ${names.join(", ")}`);
}

async function phoneShot(page, shot, game) {
  await page.setViewportSize({ width: 390, height: 844 });
  await sleep(100);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 390) fail(`${game}: the builder scrolls sideways on a phone (${wide} px)`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, `deckbuilder-${game}-phone`);
  // The summary's jump to the deck, below the pool on a phone.
  await page.click(".deck-summary .jumps button:has-text('Deck')");
  await page.waitForFunction(() => {
    const top = document.querySelector(".deck-panel").getBoundingClientRect().top;
    return (top >= 0 && top < 160) || (top >= 0 && window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2);
  });
  await shot(page, `deckbuilder-${game}-phone-deck`);
  await page.setViewportSize({ width: 1280, height: 900 });
}
