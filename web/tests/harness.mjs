// What the browser tests share: the real server started on a free port with a
// fresh SQLite file, the system Chromium (never a downloaded one), a referee
// (`tabletop engine`) to replay a finished game, and small page helpers.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.TABLETOP_CHROMIUM || "/usr/bin/chromium";

export function fail(msg) {
  throw new Error(msg);
}

/** Starts `tabletop serve` on 127.0.0.1, port 0, with a fresh SQLite file;
 * resolves with its address. `kill()` then `restart()` bring it back on the
 * same port and store, as a crash and a restart would. */
export async function startServer(serverBin, webDir, log) {
  const dir = mkdtempSync(join(tmpdir(), "tabletop-browser-"));
  const output = [];
  const launch = async (port) => {
    // Computer seats at once unless a test asks for a pace (a table's "pace").
    const args = ["serve", "--host", "127.0.0.1", "--port", String(port), "--db", `sqlite:${dir}/t.db`, "--web", webDir, "--agent-delay-ms", "0", "--allow-fixed-seeds"];
    const proc = spawn(serverBin, args, { stdio: ["ignore", "pipe", "pipe"] });
    const address = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address printed by ${serverBin} in 10 s:\n${output.join("\n")}`)), 10000);
      const look = (line) => {
        output.push(line);
        log?.(line);
        const m = /(https?):\/\/([0-9.]+|\[[0-9a-f:]+\]|localhost):(\d+)/.exec(line);
        if (m && Number(m[3]) > 0) {
          clearTimeout(timer);
          resolve(`http://${m[2]}:${m[3]}`);
        }
      };
      createInterface({ input: proc.stdout }).on("line", look);
      createInterface({ input: proc.stderr }).on("line", look);
      proc.on("exit", (code) => reject(new Error(`server exited (${code}) before listening:\n${output.join("\n")}`)));
    });
    // Ready once /healthz says ok (the store open, every table resumed).
    for (let i = 0; ; i++) {
      try {
        const r = await fetch(address + "/healthz");
        if (r.ok) break;
      } catch {}
      if (i > 200) fail("/healthz never said ok");
      await sleep(50);
    }
    return { proc, address };
  };
  let { proc, address } = await launch(0);
  const exited = (p) => p.exitCode !== null || p.signalCode !== null;
  const server = {
    address,
    output,
    get pid() {
      return proc.pid;
    },
    /** SIGKILL, as a crash: nothing is flushed on the way out. */
    async kill() {
      if (exited(proc)) return;
      const gone = new Promise((r) => proc.once("exit", r));
      process.kill(proc.pid, "SIGKILL");
      await gone;
    },
    async restart() {
      ({ proc } = await launch(Number(new URL(address).port)));
    },
    async stop() {
      if (!exited(proc)) {
        const gone = new Promise((r) => proc.once("exit", r));
        process.kill(proc.pid, "SIGTERM");
        await Promise.race([gone, sleep(3000)]);
        if (!exited(proc)) process.kill(proc.pid, "SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The system Chromium, headless, with nothing reaching out to the network. */
export async function startBrowser() {
  // Playwright gives the browser a fresh temporary profile (--user-data-dir)
  // of its own and removes it on close; each context is a clean profile.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** RFC 6902 add/remove/replace (what the server sends), on a copy. */
export function patched(doc, ops) {
  const root = { doc: structuredClone(doc) };
  for (const op of ops) {
    const steps = ["doc", ...(op.path === "" ? [] : op.path.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")))];
    let at = root;
    for (const s of steps.slice(0, -1)) at = at[Array.isArray(at) ? Number(s) : s];
    const last = steps[steps.length - 1];
    if (at === undefined || at === null) throw new Error(`no parent for ${op.path}`);
    if (Array.isArray(at)) {
      const i = last === "-" ? at.length : Number(last);
      if (op.op === "add") at.splice(i, 0, op.value);
      else if (op.op === "remove") at.splice(i, 1);
      else if (op.op === "replace") at[i] = op.value;
      else throw new Error(`op ${op.op}`);
    } else if (op.op === "add" || op.op === "replace") at[last] = op.value;
    else if (op.op === "remove") delete at[last];
    else throw new Error(`op ${op.op}`);
  }
  return root.doc;
}

/** An update as a client without patches would have had it: a patch applied
 * to the view it follows (a gap or a bad patch is a page error). */
function wholeUpdate(m, views, errors) {
  if (m.type !== "update") return m;
  if (!("patch" in m)) {
    if (typeof m.version === "number") views.set(m.table, { view: m.view, version: m.version });
    return m;
  }
  const had = views.get(m.table);
  views.delete(m.table);
  if (!had || had.version !== m.base) {
    errors.push(`a patch against version ${m.base} after version ${had?.version}`);
    return m;
  }
  try {
    const view = patched(had.view, m.patch);
    views.set(m.table, { view, version: m.version });
    const { patch, base, ...rest } = m;
    return { ...rest, view };
  } catch (e) {
    errors.push(`a patch that does not apply: ${e}`);
    return m;
  }
}

/** A page in a fresh context (its own localStorage), recording every WebSocket
 * message it receives (updates whole, their patches applied: `frames` holds
 * them as sent), and failing the test on a page error. */
export async function newPlayer(browser, base, { phone = false } = {}) {
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const received = [];
  const frames = []; // as sent: updates after the first carry a patch, not a view
  const errors = [];
  page.on("websocket", (ws) => {
    const views = new Map(); // per table: the view and version the next patch applies to
    ws.on("framereceived", (f) => {
      let m;
      try { m = JSON.parse(String(f.payload)); } catch { return; }
      frames.push(m);
      received.push(wholeUpdate(m, views, errors));
    });
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`${m.text()} ${m.location()?.url || ""}`); });
  page.on("response", (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
  // Requests that leave the server: none may (nothing fetched from the internet).
  const outside = [];
  page.on("request", (r) => { if (!r.url().startsWith(base) && !r.url().startsWith("ws://" + base.slice(7)) && !r.url().startsWith("data:")) outside.push(r.url()); });
  return { context, page, received, frames, errors, outside };
}

/** Where the table page stands (the body's data attributes). */
export async function tableState(page) {
  return page.evaluate(() => ({
    seq: Number(document.body.dataset.seq ?? -1),
    seat: Number(document.body.dataset.seat ?? -9),
    mine: document.body.dataset.turn === "mine",
    status: document.body.dataset.status || "",
    over: !!document.querySelector(".overlay:not([hidden]) .over") || document.body.dataset.status === "over",
    options: Array.from(document.querySelectorAll(".options-panel button.option:not(:disabled)")).map((b) => b.dataset.option),
  }));
}

/** Waits until the page has shown an update after `seq`. */
export async function waitSeqAbove(page, seq, ms = 10000) {
  await page.waitForFunction((s) => Number(document.body.dataset.seq ?? -1) > s, seq, { timeout: ms });
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** A seeded random number generator (mulberry32), so a run can be repeated. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A finished table's record (/api/records/ID) replayed by the referee: its view after each decision. */
export async function finishedViews(bin, base, table) {
  const rec = await fetch(`${base}/api/records/${table}`);
  if (!rec.ok) fail(`/api/records/${table}: ${rec.status}`);
  const record = await rec.json();
  const referee = new Referee(bin);
  try {
    return await referee.views(record.record || record);
  } finally {
    referee.close();
  }
}

/** The referee: `tabletop engine` replaying a record decision by decision. */
export class Referee {
  constructor(serverBin) {
    this.proc = spawn(serverBin, ["engine"], { stdio: ["pipe", "pipe", "inherit"] });
    this.lines = createInterface({ input: this.proc.stdout });
    this.queue = [];
    this.lines.on("line", (l) => this.queue.shift()?.(JSON.parse(l)));
  }
  request(obj) {
    return new Promise((resolve) => {
      this.queue.push(resolve);
      this.proc.stdin.write(JSON.stringify(obj) + "\n");
    });
  }
  /** The referee's view after each decision of `record` (index = decisions made). */
  async views(record) {
    const start = await this.request({ cmd: "load", record: { ...record, decisions: [] } });
    if (!start.ok) fail(`referee could not load the record: ${start.error}`);
    const out = [(await this.request({ cmd: "view", seat: "referee" })).view];
    for (const d of record.decisions) {
      const r = await this.request({ cmd: "act", seat: d.seat, option: d.option });
      if (!r.ok) fail(`referee could not replay ${JSON.stringify(d)}: ${r.error}`);
      out.push((await this.request({ cmd: "view", seat: "referee" })).view);
    }
    return out;
  }
  close() {
    this.proc.stdin.end();
  }
}

export function artifactsDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}
