#!/usr/bin/env node
// The browser tests (docs/server.md "The browser client"): the real server,
// the system Chromium driven by playwright-core, whole games through the page.
//   node web/tests/run.mjs --server build/dev/src/cli/tabletop [--web web/dist]
//        [--artifacts DIR] [--only suikoden,ddm,lastchronicle,table,magic_2hg,magic_ffa,magic_division,hidden_pages,phone,claim,moved,deckbuilder] [--verbose]
//   node web/tests/run.mjs --server ... --cluster 2 [--only cluster_moved]
// Prints one line per test and "N passed, M failed"; exits 1 on a failure.
// --cluster N: the tests of a real cluster (scripts/cluster.py: N nodes,
// PostgreSQL, HAProxy) instead of one server; exits 77 (skipped) where one
// cannot be started (no haproxy, no PostgreSQL, a tabletop without --cluster).
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { startServer, startBrowser, artifactsDir } from "./harness.mjs";
import { suikodenGame } from "./suikoden.mjs";
import { ddmGame } from "./ddm.mjs";
import { lastChronicleGame } from "./lastchronicle.mjs";
import { tableParts } from "./table.mjs";
import { magicGame } from "./magic.mjs";
import { magicDivision } from "./magic_division.mjs";
import { hiddenPages } from "./hidden_pages.mjs";
import { phonePages } from "./phone.mjs";
import { claimSeat } from "./claim.mjs";
import { movedPages } from "./moved.mjs";
import { deckBuilder } from "./deckbuilder.mjs";
import { clusterMoved } from "./cluster_moved.mjs";
import { clusterMissing, startCluster } from "./cluster_harness.mjs";

const TESTS = {
  suikoden: suikodenGame, ddm: ddmGame, lastchronicle: lastChronicleGame, table: tableParts,
  magic_2hg: magicGame("magic_2hg"), magic_ffa: magicGame("magic_ffa"), magic_division: magicDivision, hidden_pages: hiddenPages,
  phone: phonePages, claim: claimSeat, moved: movedPages, deckbuilder: deckBuilder,
};
const CLUSTER_TESTS = { cluster_moved: clusterMoved };

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const here = new URL(".", import.meta.url).pathname;
const bin = resolve(opt("--server", process.env.TABLETOP_BIN || ""));
const web = resolve(opt("--web", join(here, "../dist")));
const artifacts = artifactsDir(resolve(opt("--artifacts", "browser-artifacts")));
const only = opt("--only", "");
const verbose = args.includes("--verbose");
const clusterNodes = Number(opt("--cluster", "0"));
if (!bin || !existsSync(bin)) {
  console.error(`run.mjs: no server binary (--server PATH): '${bin}'`);
  process.exit(2);
}
if (!existsSync(join(web, "index.html"))) {
  console.error(`run.mjs: no built client in ${web} (run scripts/build-web.sh)`);
  process.exit(2);
}

if (clusterNodes) {
  const missing = clusterMissing(bin);
  if (missing) {
    console.log(`run.mjs: skipped: ${missing} (a cluster cannot be started)`);
    process.exit(77);
  }
}
const chosen = Object.entries(clusterNodes ? CLUSTER_TESTS : TESTS).filter(([name]) => !only || only.split(",").includes(name));
for (const [name] of chosen)
  for (const f of readdirSync(artifacts)) if (f.startsWith(`${name}-failure-`)) rmSync(join(artifacts, f));
let passed = 0;
let failed = 0;
const t0 = Date.now();
const serverLog = verbose ? (l) => console.log(`  server: ${l}`) : null;
const server = clusterNodes ? await startCluster(bin, web, clusterNodes, { log: serverLog }) : await startServer(bin, web, serverLog);
const browser = await startBrowser();
try {
  for (const [name, test] of chosen) {
    const started = Date.now();
    const log = (line) => console.log(`  ${name} ${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`);
    const shotPath = (file) => join(artifacts, `${file}.png`);
    const shot = async (page, file) => page.screenshot({ path: shotPath(file), fullPage: true });
    try {
      const what = await test({ browser, base: server.address, server, bin, shot, shotPath, log });
      passed++;
      console.log(`ok ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${what}`);
    } catch (e) {
      failed++;
      console.log(`FAILED ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${e.stack || e}`);
      for (const [i, ctx] of browser.contexts().entries())
        for (const [j, p] of ctx.pages().entries())
          await p.screenshot({ path: join(artifacts, `${name}-failure-${i}-${j}.png`) }).catch(() => {});
      for (const [i, ctx] of browser.contexts().entries())
        for (const p of ctx.pages()) {
          const st = await p.evaluate(() => ({ data: { ...document.body.dataset }, notice: document.querySelector(".notice")?.textContent, options: Array.from(document.querySelectorAll("button.option")).map((b) => `${b.dataset.option}${b.disabled ? " (disabled)" : ""}`) })).catch(() => null);
          console.log(`  page ${i}: ${JSON.stringify(st)}`);
        }
      if (!verbose) console.log(server.output.slice(-20).map((l) => `  server: ${l}`).join("\n"));
    }
  }
} finally {
  await browser.close().catch(() => {});
  await server.stop();
}
console.log(`browser tests: ${((Date.now() - t0) / 1000).toFixed(1)} s, screenshots in ${artifacts}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
