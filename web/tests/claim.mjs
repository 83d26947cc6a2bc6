// A seat taken up on another device: Ana plays against a computer made with
// "Play now: me + 1 computer" (one step: the table made and seat 0 taken with
// her name), asks for a claim link in the lobby's "Your seats" in a second tab,
// and opens it on her phone (another browser context). The phone holds the
// seat and plays on; the first page is told the seat moved and only watches;
// its old token is refused.
import { fail, newPlayer, tableState, waitSeqAbove } from "./harness.mjs";
import { playNow } from "./phone.mjs";

export async function claimSeat({ browser, base, shot, log }) {
  const A = await newPlayer(browser, base);
  const table = await playNow(A.page, base, "suikoden", { name: "Ana", touch: false });
  if (!(await A.page.evaluate(() => document.body.textContent.includes("Ana")))) fail("the table page does not name Ana");
  const oldToken = await A.page.evaluate((t) => JSON.parse(localStorage.getItem("tabletop.seats") || "{}")[t]?.token, table);
  if (!oldToken) fail("Play now kept no seat token");
  log(`table ${table}: Ana on seat 0 against a computer`);

  // The claim link, from the lobby in a second tab of the same browser.
  const lobbyTab = await A.context.newPage();
  await lobbyTab.goto(base + "/#/");
  await lobbyTab.click(`ul.my-seats li[data-table='${table}'] button[name=move-seat]`);
  const link = await lobbyTab.inputValue(`ul.my-seats li[data-table='${table}'] input[name=claim-link]`);
  if (!link.includes(`#/t/${table}/claim/`)) fail(`not a claim link: ${link}`);
  await shot(lobbyTab, "claim-link");

  // The phone opens it and holds the seat.
  const B = await newPlayer(browser, base, { phone: true });
  await B.page.goto(link);
  await B.page.waitForFunction((t) => location.hash === `#/t/${t}` && document.body.dataset.seat === "0", table, { timeout: 10000 });
  // The first page is told, forgets the token and watches.
  await A.page.waitForSelector("#global-notice[data-kind=seat-moved]", { timeout: 5000 });
  const notice = await A.page.textContent("#global-notice");
  if (!/moved to another device/.test(notice || "")) fail(`the old page says '${notice}'`);
  if (await A.page.evaluate((t) => !!JSON.parse(localStorage.getItem("tabletop.seats") || "{}")[t], table))
    fail("the old browser still keeps the seat's token");
  await A.page.waitForFunction(() => document.body.dataset.seat === "-1", null, { timeout: 5000 });
  await shot(A.page, "claim-old-page");
  await shot(B.page, "claim-phone");

  // The old token is refused by the server; the phone plays on.
  const refused = await A.page.evaluate(async ({ t, token }) => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    await new Promise((r) => (ws.onopen = r));
    const reply = new Promise((r) => (ws.onmessage = (e) => r(JSON.parse(e.data))));
    ws.send(JSON.stringify({ cmd: "resume", id: 1, table: t, token }));
    const m = await reply;
    ws.close();
    return m;
  }, { t: table, token: oldToken });
  if (refused.ok !== false) fail(`the old token still resumes: ${JSON.stringify(refused)}`);
  const until = Date.now() + 10000;
  let st = await tableState(B.page);
  while (!st.mine && Date.now() < until) st = await tableState(B.page);
  if (!st.mine || !st.options.length) fail("the phone never got seat 0's decision");
  await B.page.tap(`.options-panel button.option[data-option=${JSON.stringify(st.options[0])}]`);
  await waitSeqAbove(B.page, st.seq);
  // After a reload the old page watches (no token kept).
  await A.page.reload();
  await A.page.waitForFunction(() => document.body.dataset.seat === "-1", null, { timeout: 10000 });

  for (const P of [A, B]) {
    if (P.errors.length) fail(`page errors: ${P.errors.join("; ")}`);
    if (P.outside.length) fail(`fetched from outside the server: ${P.outside.join(", ")}`);
  }
  await A.context.close();
  await B.context.close();
  return `seat 0 of ${table} moved to the phone, which decided; the old page was told and watches`;
}
