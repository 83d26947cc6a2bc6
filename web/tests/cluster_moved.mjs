// Pages on a real cluster (scripts/cluster.py: two `tabletop serve --cluster`
// nodes on one PostgreSQL, HAProxy in front, lease 2 s): Ana creates a Suikoden
// table for two people through the proxy and takes seat 0 on the node her page
// reached ("home"); Bea opens her join link in a page the proxy balanced to
// the other node (leastconn) and joins on home; Cy opens the table's address
// in a page balanced to the other node: his `watch` is answered `moved` naming
// home and his page watches from there. Then home is SIGKILLed: the pages,
// asking for home, reach the other node, wait out the dead node's lease and
// resume there once it takes the table over, and the game goes on.
import { fail, newPlayer, sleep } from "./harness.mjs";
import { lastNode, trackSockets } from "./cluster_harness.mjs";
import { createAndSit, join, play } from "./moved.mjs";

export async function clusterMoved({ browser, base, server, shot, log }) {
  const who = { A: await newPlayer(browser, base), B: await newPlayer(browser, base), C: await newPlayer(browser, base) };
  const { A, B, C } = who;
  const sockets = {};
  for (const [k, P] of Object.entries(who)) sockets[k] = await trackSockets(P.page);

  // 1. Ana creates the table on the node her page reached.
  const { table, link1 } = await createAndSit(A.page, base);
  const home = lastNode(sockets.A);
  const other = Object.keys(server.nodes).find((n) => n !== home) || fail(`no node besides ${home}`);
  if (sockets.A.length !== 1) fail(`Ana's page opened ${sockets.A.length} sockets on the table's own node: ${JSON.stringify(sockets.A)}`);
  log(`table ${table} on ${home}: Ana on seat 0`);

  // 2. Bea's page, balanced to the other node, joins on home.
  await B.page.goto(link1);
  await join(B.page, "Bea", 1);
  if (sockets.B[0]?.node !== other) fail(`Bea's first socket reached ${sockets.B[0]?.node}, not ${other}: leastconn should send it there`);
  if (lastNode(sockets.B) !== home || !sockets.B.at(-1).url.endsWith(`?node=${home}`))
    fail(`Bea's page is on ${lastNode(sockets.B)} (${sockets.B.at(-1).url}), not ${home}`);
  const how = B.received.some((m) => m.type === "reply" && m.moved) ? "a moved reply" : "the lobby summary's node";
  log(`Bea's page went from ${other} to ${home} (${how}) and joined`);

  // 3. Cy's page, balanced to the other node, opens the table: moved, then watches from home.
  await C.page.goto(`${base}/#/t/${table}`);
  await C.page.waitForFunction(() => document.body.dataset.seat === "-1" && Number(document.body.dataset.seq) >= 0, null, { timeout: 15000 });
  if (sockets.C[0]?.node !== other) fail(`Cy's first socket reached ${sockets.C[0]?.node}, not ${other}`);
  const moved = C.received.find((m) => m.type === "reply" && m.moved) || fail("Cy's page got no moved reply");
  if (moved.moved.node !== home || moved.moved.here !== other || moved.moved.table !== table)
    fail(`Cy's moved reply: ${JSON.stringify(moved)}`);
  if (lastNode(sockets.C) !== home) fail(`Cy's page watches from ${lastNode(sockets.C)}, not ${home}`);
  log(`Cy's watch was answered moved on ${other}; his page watches from ${home}`);
  await play([A, B], [A, B, C], 4);

  // 4. home dies: the pages resume on the other node once its lease expired.
  const died = Date.now();
  const seen = Object.fromEntries(Object.entries(who).map(([k, P]) => [k, P.received.length]));
  server.kill(home);
  for (const [k, P] of Object.entries(who)) {
    // Resumed: an update received on a socket of the other node, the socket open.
    const until = Date.now() + 20000;
    while (!(lastNode(sockets[k]) === other && P.received.slice(seen[k]).some((m) => m.type === "update") &&
             (await P.page.evaluate(() => document.getElementById("conn")?.dataset.state === "open")))) {
      if (Date.now() > until) fail(`${k}'s page did not resume on ${other}: sockets ${JSON.stringify(sockets[k].slice(-3))}`);
      await sleep(50);
    }
  }
  const resumed = (Date.now() - died) / 1000;
  const waits = Object.values(who).map((P) => P.received.slice(0).filter((m) => m.type === "reply" && m.moved?.node === home).length);
  await play([A, B], [A, B, C], 4);
  log(`${home} SIGKILLed: the three pages resumed on ${other} in ${resumed.toFixed(1)} s (lease 2 s; moved replies naming ${home}: ${waits}), then 4 more decisions`);
  await shot(A.page, "cluster-after-takeover");

  for (const [k, P] of Object.entries(who)) {
    // A node that died refuses connections until HAProxy marks it DOWN: Chromium may log that.
    const errors = P.errors.filter((e) => !/WebSocket connection to .* failed/.test(e));
    if (errors.length) fail(`page ${k} errors: ${errors.join("; ")}`);
    if (P.outside.length) fail(`page ${k} fetched from outside the server: ${P.outside.join(", ")}`);
    await P.context.close();
  }
  return `created on ${home}, joined and watched from ${other}'s pages, resumed on ${other} after ${home}'s SIGKILL`;
}
