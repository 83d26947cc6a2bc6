// The Magic-style table played to its end by a person against computer
// seats, by clicking the board: cards in hand, permanents, player places,
// stack objects, waiting triggers, the board's buttons (pass, done, keep,
// modes...) and the seat strips of players an option names. Each decision: every option the engine offers must be
// reachable on the board (its cards, players and stack objects are there,
// or it is a board button), then a seeded random walk over the clickable
// board elements (a click takes an option, selects a creature whose target
// comes next, or lays several options out as buttons) until the decision is
// taken. The option list is only the fallback when the walk does not get
// there in a few clicks; it is counted and must stay rare.
//   magic_2hg: Two-Headed Giant, you and a computer teammate against two
//     computers: the team's life once per team, the teammate marked as such,
//     the teammate's creatures marked as theirs when you attack with them.
//   magic_ffa: a four-player Free-for-All.
// Both at the usual life (30 per Two-Headed Giant team, 20 each in
// Free-for-All) end well within the ctest timeout (a setup may set a lower
// "starting_life").
import { fail, newPlayer, tableState, waitSeqAbove, sleep, rng } from "./harness.mjs";

const SETUPS = {
  magic_2hg: { variant: "2hg", seats: ["human", "greedy", "greedy", "greedy"], seed: 3 },
  magic_ffa: { variant: "ffa", seats: ["human", "greedy", "greedy", "greedy"], seed: 1 },
};

/** The board elements an option is about (docs: boards/magic_options.ts), read here on its own. */
export function elementsOf(id) {
  const [verb, ...rest] = id.split(":");
  if (verb === "order") return [id];
  return rest.filter((p) => /^(?:[a-z0-9-]+#\d+|seat\d+|spell\d+)$/.test(p));
}

function weight(id) {
  const verb = id.split(":")[0];
  if (/^(attack-reset|block-reset|cancel|mulligan)$/.test(verb)) return 0.05;
  if (/^(attack|cast|play|target|block)$/.test(verb)) return 3;
  return 1;
}

export function magicGame(name) {
  return (env) => playMagic(env, name, SETUPS[name]);
}

/** One game of the setup `S` ({variant, seats, life, seed}) played by board clicks. */
export async function playMagic({ browser, base, shot, log }, name, S, ms = 120000) {
  {
    const P = await newPlayer(browser, base);
    const { page } = P;
    await page.goto(base + "/#/");
    await page.waitForSelector("select[name=game] option[value=magic]", { state: "attached" });
    await page.selectOption("select[name=game]", "magic");
    await page.selectOption("select[name=variant]", S.variant);
    await page.selectOption("select[name=seats]", String(S.seats.length));
    for (const [i, kind] of S.seats.entries()) await page.selectOption(`select[name=seat-${i}]`, kind);
    await page.click("details.options summary");
    if (S.life) await page.fill("input[name=opt-starting_life]", String(S.life));
    await page.fill("input[name=seed]", String(S.seed));
    await page.click("button:has-text('Create table')");
    await page.click(".created li[data-seat='0'] a:has-text('Take this seat')");
    await page.waitForSelector("form.join input[name=name]");
    await page.fill("form.join input[name=name]", "Mira");
    await page.click("form.join button[type=submit]");
    await page.waitForFunction(() => document.body.dataset.seat === "0");
    await page.waitForSelector(".board.magic .mplayer[data-seat='0']");
    await shot(page, `${name}-start`);
    if (S.variant === "2hg") await checkTeams(page, S);

    const rand = rng(S.seed);
    const count = { decisions: 0, board: 0, strips: 0, list: 0, confirms: 0, selections: 0, choices: 0, teammateAttacks: 0 };
    const shots = new Set();
    let youChecked = false;
    const until = Date.now() + ms;
    for (;;) {
      if (Date.now() > until) fail(`${name}: the game is not over after ${count.decisions} decisions (${JSON.stringify(count)})`);
      const st = await tableState(page);
      if (st.over) break;
      const options = lastOptions(P);
      if (!st.mine || !st.options.length || !options.length || lastUpdate(P)?.seq !== st.seq) {
        await sleep(15);
        continue;
      }
      // Every option reachable on the board (read at once with the
      // decision the page shows: a teammate may act meanwhile).
      const reach = await page.evaluate(([need, seq]) => Number(document.body.dataset.seq) !== seq ? null
        : need.filter(([id, keys]) => keys.length
          ? !keys.every((k) => document.querySelector(`.board.magic [data-key="${CSS.escape(k)}"]`))
          : !document.querySelector(`.board.magic button[data-option="${CSS.escape(id)}"]`)).map(([id]) => id),
        [options.map((o) => [o.id, elementsOf(o.id)]), st.seq]);
      if (!reach) continue;
      if (reach.length) fail(`${name}: options the board cannot reach at decision ${st.seq}: ${reach.join(", ")}`);
      if (!youChecked && options.some((o) => o.id === "target:seat0")) {
        const label = await page.textContent(`.options-panel button.option[data-option="target:seat0"]`);
        const head = await page.textContent(`.board.magic .mplayer-head[data-key="seat0"]`);
        if (/seat 0/i.test(label) || !/\(you\)/.test(label) || !/\(you\)/.test(head)) fail(`"Target seat 0" reads "${label}", the head "${head}"`);
        youChecked = true;
      }
      if (S.variant === "2hg") count.teammateAttacks += await checkTeammateMarks(page, options, lastView(P));
      for (const [what, sel] of [["combat", ".board.magic .mcombat-panel"], ["stack", ".board.magic .mstack-item"]])
        if (!shots.has(what) && (await page.locator(sel).count())) {
          shots.add(what);
          await shot(page, `${name}-${what}`);
        }
      await decide(page, st, options, rand, count);
      count.decisions++;
    }
    await page.waitForSelector(".overlay:not([hidden]) .over ol.results li");
    await shot(page, `${name}-end`);
    if (S.variant === "2hg") await checkTeams(page, S, true);
    if (count.list > Math.max(2, count.decisions / 20)) fail(`${name}: the option list was needed too often: ${JSON.stringify(count)}`);
    if (count.board < 10) fail(`${name}: too few board clicks: ${JSON.stringify(count)}`);
    if (P.errors.length) fail(`page errors: ${P.errors.join("; ")}`);
    if (P.outside.length) fail(`fetched from outside the server: ${P.outside.join(", ")}`);
    await P.context.close();
    const mine = {};
    for (const u of P.received) if (u.type === "update" && u.last?.seat === 0) {
      const verb = u.last.option.split(":")[0];
      mine[verb] = (mine[verb] || 0) + 1;
    }
    const what = `${count.decisions} decisions: ${JSON.stringify(count)}; taken ${JSON.stringify(mine)}; screenshots ${[...shots].join(", ") || "start and end only"}`;
    log(what);
    return what;
  }
}

/** One decision by board clicks: a random walk over what can be clicked. */
async function decide(page, st, options, rand, count) {
  for (let step = 0; step < 6; step++) {
    // Board elements, board buttons, and the seat strips an option names.
    const els = await page.evaluate(() => Array.from(document.querySelectorAll(
      ".board.magic [data-key].can:not(.selected), .board.magic .mactions button[data-option], .strip.can[data-seat]")).map((e, i) => {
      const strip = e.classList.contains("strip");
      return {
        i, key: strip ? `seat${e.dataset.seat}` : e.dataset.key || null, option: e.dataset.option || null,
        partner: e.classList.contains("partner"), strip,
      };
    }));
    if (!els.length) break;
    // An element's weight: the options it leads to (a partner of the
    // selection completes one: taken more often).
    const w = els.map((e) => {
      if (e.option) return weight(e.option);
      const about = options.filter((o) => elementsOf(o.id).includes(e.key));
      return (e.partner ? 4 : 1) * Math.max(0, ...about.map((o) => weight(o.id)));
    });
    let r = rand() * w.reduce((a, b) => a + b, 0);
    let pick = els[0];
    for (const [i, e] of els.entries()) if ((r -= w[i]) <= 0) { pick = e; break; }
    // The board may be drawn again meanwhile (a teammate acting, the
    // catalogue arriving): click the element by what it is, not by the walk's mark.
    const target = pick.option
      ? page.locator(`.board.magic .mactions button[data-option="${pick.option}"]`).first()
      : pick.strip ? page.locator(`.strip.can[data-seat="${pick.key.slice(4)}"]`).first()
      : page.locator(`.board.magic [data-key="${pick.key}"].can`).first();
    try {
      await target.click({ timeout: 2000 });
    } catch (e) {
      if (Number(await page.evaluate(() => document.body.dataset.seq)) > st.seq) return;
      continue;
    }
    count.board++;
    if (pick.strip) count.strips++;
    const outcome = await page.waitForFunction((s) => {
      if (Number(document.body.dataset.seq) > s) return "taken";
      if (document.querySelector(".confirm-bar:not([hidden]) [data-confirm]")) return "confirm";
      if (document.querySelector(".board.magic .mactions .mselected, .board.magic .mactions .mchoices")) return "narrowed";
      // A strip fitting several options narrows the list to them ("Cato: choose").
      if (/: choose/.test(document.querySelector(".focus-bar:not([hidden])")?.textContent || "")) return "narrowed";
      return false;
    }, st.seq, { timeout: 10000 }).then((h) => h.jsonValue());
    if (outcome === "confirm") {
      await page.click(".confirm-bar:not([hidden]) [data-confirm]");
      count.confirms++;
      await waitSeqAbove(page, st.seq);
      return;
    }
    if (outcome === "taken") return;
    if (await page.locator(".board.magic .mactions .mselected").count()) count.selections++;
    else count.choices++;
  }
  // Not there in a few clicks: the option list.
  const now = await tableState(page);
  if (now.seq !== st.seq || now.over) return; // a teammate acted meanwhile
  const ids = now.options;
  if (!ids.length) fail(`no option shown at decision ${st.seq}`);
  await page.click(`.options-panel button.option[data-option=${JSON.stringify(ids[Math.floor(rand() * ids.length)])}]`);
  count.list++;
  if (await page.locator(".confirm-bar:not([hidden]) [data-confirm]").count()) await page.click(".confirm-bar:not([hidden]) [data-confirm]");
  await waitSeqAbove(page, st.seq);
}

/** Two-Headed Giant: one life per team on the strips and on the board, the teammate marked. */
async function checkTeams(page, S, over = false) {
  const r = await page.evaluate(() => ({
    scores: Array.from(document.querySelectorAll(".strip .score")).map((e) => e.textContent),
    teamLives: Array.from(document.querySelectorAll(".board.magic .mteam-life")).map((e) => e.textContent),
    playerLives: document.querySelectorAll(".board.magic .mplayer .mlife").length,
    mate: document.querySelector(".strip[data-seat='1']")?.className || "",
    mateArea: document.querySelector(".board.magic .mplayer[data-seat='1']")?.className || "",
    opp: document.querySelector(".strip[data-seat='2']")?.className || "",
  }));
  if (r.scores.length !== 2 || !r.scores.every((s) => /team life/.test(s))) fail(`strips show ${r.scores.length} life totals (${r.scores}), not each team's once`);
  if (r.teamLives.length !== 2 || r.playerLives) fail(`the board shows ${r.teamLives.length} team lives and ${r.playerLives} player lives`);
  if (!/\bteammate\b/.test(r.mate) || !/\bteammate\b/.test(r.mateArea) || !/\bopponent\b/.test(r.opp))
    fail(`seat 1 is not marked teammate (${r.mate} / ${r.mateArea}) or seat 2 opponent (${r.opp})`);
  if (!over) {
    const lives = await page.evaluate(() => Array.from(document.querySelectorAll(".board.magic .mteam-life b")).map((e) => e.textContent));
    if (lives.some((l) => l !== String(S.life || 30))) fail(`team lives at the start: ${lives}`);
  }
}

/** When you declare attacks for the team, the teammate's creatures say whose they are. */
async function checkTeammateMarks(page, options, view) {
  const theirs = options.filter((o) => o.id.startsWith("attack:"))
    .map((o) => o.id.split(":")[1])
    .filter((ref) => (view.battlefield || []).find((b) => b.card === ref)?.controller === 1);
  for (const ref of new Set(theirs)) {
    const note = await page.locator(`.board.magic .mplayer[data-seat='1'] .tcard[data-ref="${ref}"] .note`).first().textContent().catch(() => "");
    if (!/teammate/.test(note || "")) fail(`the teammate's ${ref} is offered to attack with but not marked as theirs (${note})`);
  }
  return theirs.length ? 1 : 0;
}

function lastUpdate(P) {
  for (let i = P.received.length - 1; i >= 0; i--) if (P.received[i].type === "update") return P.received[i];
  return null;
}
function lastView(P) {
  return lastUpdate(P)?.view || {};
}
function lastOptions(P) {
  return lastUpdate(P)?.pending?.find((p) => p.seat === 0)?.options || [];
}
