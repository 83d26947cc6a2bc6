// Every page on a phone (390x844) without sideways scrolling: the lobby (each
// game's form, rule options open, an own deck), "Create table" tapped, the
// join page, a table in play of each game made with "Play now: me + N
// computers" (Last Chronicle and Magic also with four seats), a replay and the
// past games. A page wider than the screen fails, naming the widest element.
import { fail, newPlayer, sleep } from "./harness.mjs";

const WIDTH = 390;

/** Fails when the page is wider than the phone, naming the element that sticks out most. */
export async function checkNoOverflow(page, what) {
  const r = await page.evaluate((width) => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= width) return null;
    // Elements inside a box that scrolls or clips by itself do not widen the page.
    const clipped = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== "visible") return true;
      }
      return false;
    };
    let worst = null;
    for (const el of document.querySelectorAll("body *")) {
      const b = el.getBoundingClientRect();
      if (!b.width || b.right <= width + 0.5 || clipped(el)) continue;
      const parent = el.parentElement.getBoundingClientRect();
      const outermost = el.parentElement === document.body || parent.right <= width + 0.5;
      if (outermost && (!worst || b.right > worst.right)) {
        const name = el.getAttribute("name");
        worst = {
          right: Math.round(b.right),
          width: Math.round(b.width),
          el: el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "") + (name ? `[name=${name}]` : ""),
          text: (el.textContent || "").trim().slice(0, 60),
        };
      }
    }
    return { scrollWidth: doc.scrollWidth, worst };
  }, WIDTH);
  if (r) fail(`${what} is ${r.scrollWidth} px wide on a ${WIDTH} px phone; widest: ${r.worst ? `${r.worst.el} (${r.worst.width} px wide, right edge at ${r.worst.right} px) "${r.worst.text}"` : "no single element"}`);
}

async function lobby(page, base) {
  await page.goto(base + "/#/");
  await page.waitForSelector("select[name=game] option[value=magic]", { state: "attached" });
  await page.waitForSelector("button[name=play-now]");
}

/** "Play now: me + N computers" on the phone lobby; resolves once the table page shows the game in play. */
export async function playNow(page, base, game, { seats, variant, name = "Pia", touch = true } = {}) {
  await lobby(page, base);
  await page.selectOption("select[name=game]", game);
  if (variant) await page.selectOption("select[name=variant]", variant);
  if (seats) await page.selectOption("select[name=seats]", String(seats));
  await page.fill("input[name=me]", name);
  await page.selectOption("select[name=computers]", "random");
  const n = Number(await page.inputValue("select[name=seats]")) - 1;
  const label = (await page.textContent("button[name=play-now]")).trim();
  if (label !== `Play now: me + ${n} computer${n === 1 ? "" : "s"}`) fail(`the play-now button says '${label}' for ${n + 1} seats`);
  await (touch ? page.tap("button[name=play-now]") : page.click("button[name=play-now]"));
  await page.waitForFunction(() => /^#\/t\/[^/]+$/.test(location.hash) && document.body.dataset.seat === "0" && document.body.dataset.status === "playing", null, { timeout: 15000 });
  return (await page.evaluate(() => location.hash)).split("/")[2];
}

export async function phonePages({ browser, base, shot, log }) {
  const P = await newPlayer(browser, base, { phone: true });
  const { page } = P;
  const checked = [];
  const check = async (what, file) => {
    await sleep(150);  // layout settled after the last update
    await shot(page, `phone-${file}`);
    await checkNoOverflow(page, what);
    checked.push(what);
  };

  // The lobby with each game's form; Magic's team variant; rule options open; an own deck.
  await lobby(page, base);
  await check("the lobby", "lobby");
  for (const game of ["suikoden", "ddm", "lastchronicle", "magic"]) {
    await page.selectOption("select[name=game]", game);
    await check(`the lobby's form for ${game}`, `lobby-${game}`);
  }
  await page.selectOption("select[name=variant]", "2hg");
  const teams = await page.textContent("p.teams");
  if (!/Team 1: seats 0 and 1 · Team 2: seats 2 and 3/.test(teams || "")) fail(`2hg shows teams '${teams}'`);
  if ((await page.inputValue("select[name=seats]")) !== "4") fail("the 2hg variant does not set 4 seats");
  await page.selectOption("select[name=variant]", "duel");
  if ((await page.inputValue("select[name=seats]")) !== "2") fail("the duel variant does not set 2 seats");
  if (!(await page.locator("p.teams").isHidden())) fail("a duel shows teams");
  await page.tap("details.options summary");
  if (!(await page.textContent("details.options")).includes("Starting life")) fail("rule option labels are not readable ('Starting life')");
  await page.selectOption("select[name=deck-1]", "own");
  await check("the lobby with rule options open and an own deck", "lobby-options");

  // An own deck (an uploaded file) that breaks the rules: each broken rule named, no table made.
  const illegal = JSON.stringify({ cards: { dawnmeadow: 10, "no-such-card": 1 } });
  await page.setInputFiles("input[name=deck-file-1]", { name: "deck.json", mimeType: "application/json", buffer: Buffer.from(illegal) });
  await page.waitForFunction((t) => document.querySelector("textarea[name=deck-text-1]").value === t, illegal);
  await page.tap("button:has-text('Create table')");
  await page.waitForSelector("ul.problems li");
  const problems = await page.locator("ul.problems li").allTextContents();
  if (!problems.some((p) => /Seat 1's deck breaks “deck building: 60 cards”/.test(p)) || !problems.some((p) => /deck building: cards.*no-such-card/.test(p)))
    fail(`the deck's problems are not each named: ${JSON.stringify(problems)}`);
  if (await page.locator(".created h3").count()) fail("a table was made with an illegal deck");
  await check("the lobby showing a deck's problems", "lobby-deck-problems");

  // "Create table" tapped on the phone: two people's seats, join links.
  await lobby(page, base);
  await page.selectOption("select[name=game]", "suikoden");
  await page.tap("button:has-text('Create table')");
  await page.waitForSelector(".created li[data-seat='1'] input.link");
  await check("the lobby after creating a table", "lobby-created");
  await page.tap(".created li[data-seat='0'] a:has-text('Take this seat')");
  await page.waitForSelector("form.join input[name=name]");
  await check("the join page", "join");
  log(`lobby and join checked`);

  // A table in play of each game, made with "Play now: me + N computers".
  const tables = [
    ["suikoden", {}], ["ddm", {}],
    ["lastchronicle", { seats: 2 }], ["lastchronicle", { seats: 4 }],
    ["magic", { variant: "duel" }], ["magic", { variant: "ffa" }],
  ];
  for (const [game, o] of tables) {
    const t = await playNow(page, base, game, o);
    // One strip per seat around the board (the seat list became strips).
    const n = await page.evaluate(() => document.querySelectorAll("section.strip").length);
    const want = o.seats || (o.variant === "ffa" ? 4 : 2);
    if (n !== want) fail(`${game}: ${n} seat strips shown for ${want} seats`);
    await check(`the table page of ${game} (${o.variant || ""}${o.seats || ""}, table ${t})`, `table-${game}-${o.variant || o.seats || 2}`);
    log(`${game} ${o.variant || o.seats || ""}: table ${t} in play, ${n} seats shown`);
  }

  // A finished game of two computers, its replay, and the past games.
  await lobby(page, base);
  await page.selectOption("select[name=game]", "suikoden");
  await page.selectOption("select[name=seat-0]", "random");
  await page.selectOption("select[name=seat-1]", "random");
  await page.tap("button:has-text('Create table')");
  await page.waitForSelector(".created h3");
  const table = (await page.textContent(".created h3")).split(" ")[1];
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/api/records/${table}`)).ok) break;
    if (i > 300) fail(`the computers' game ${table} did not end in 30 s`);
    await sleep(100);
  }
  await page.goto(`${base}/#/replay/${table}`);
  await page.waitForFunction(() => /^\d+ \/ \d+$/.test(document.querySelector(".step")?.textContent || ""));
  for (let i = 0; i < 3; i++) await page.tap("button[data-step=forward]");
  await page.waitForFunction(() => document.querySelector(".step")?.textContent?.startsWith("3 /"));
  await check("the replay page", "replay");
  await page.goto(`${base}/#/players/Pia`);
  await page.waitForSelector(".players .card h2");
  await page.waitForFunction(() => !document.body.textContent.includes("Loading…"));
  await check("the past games page", "players");

  if (P.errors.length) fail(`page errors: ${P.errors.join("; ")}`);
  if (P.outside.length) fail(`fetched from outside the server: ${P.outside.join(", ")}`);
  await P.context.close();
  return `${checked.length} pages at ${WIDTH}x844 without sideways scrolling`;
}
