// Browser tests on a real local cluster: scripts/cluster.py (one throwaway
// PostgreSQL, N `tabletop serve --cluster` nodes, HAProxy in front) started as
// a command, its printed proxy address the pages' base, stopped by its pid
// (it stops its nodes, the proxy and PostgreSQL by theirs). Which node a page's
// WebSocket reached is read from HAProxy's X-Tabletop-Node header on the 101,
// through Chromium's DevTools protocol.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fail, sleep } from "./harness.mjs";

const here = new URL(".", import.meta.url).pathname;
export const LAUNCHER = join(here, "../../scripts/cluster.py");

/** Why a cluster cannot be started here ("" when it can). */
export function clusterMissing(serverBin) {
  const help = spawnSync(serverBin, ["serve", "--help"], { encoding: "utf8" });
  if (!`${help.stdout}${help.stderr}`.includes("--cluster")) return "this tabletop has no --cluster";
  if (!existsSync("/usr/sbin/haproxy") && spawnSync("sh", ["-c", "command -v haproxy"]).status !== 0) return "no haproxy";
  if (!existsSync(join(process.env.PG_BIN || "/usr/lib/postgresql/15/bin", "initdb"))) return "no PostgreSQL binaries";
  return "";
}

/** Starts the cluster; resolves with {address (the proxy), nodes: {p1: {pid, port}, ...}, output, kill(node), stop()}. */
export async function startCluster(serverBin, webDir, n, { leaseMs = 2000, log } = {}) {
  const args = [LAUNCHER, "--nodes", String(n), "--tabletop", serverBin, "--lease-ms", String(leaseMs),
    "--", "--web", webDir, "--agent-delay-ms", "0", "--allow-fixed-seeds"];
  const proc = spawn("python3", args, { stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  const nodes = {};
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no proxy address from the launcher in 90 s:\n${output.join("\n")}`)), 90000);
    const look = (line) => {
      output.push(line);
      log?.(line);
      const node = /node (\S+): pid (\d+), http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (node) nodes[node[1]] = { pid: Number(node[2]), port: Number(node[3]) };
      const proxy = /proxy (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (proxy) {
        clearTimeout(timer);
        resolve(proxy[1]);
      }
    };
    createInterface({ input: proc.stdout }).on("line", look);
    createInterface({ input: proc.stderr }).on("line", look);
    proc.on("exit", (code) => reject(new Error(`the launcher exited (${code}):\n${output.join("\n")}`)));
  });
  const exited = () => proc.exitCode !== null || proc.signalCode !== null;
  return {
    address,
    nodes,
    output,
    pid: proc.pid,
    /** SIGKILL of one node, by its pid (the launcher started it). */
    kill(node) {
      process.kill(nodes[node].pid, "SIGKILL");
    },
    async stop() {
      if (exited()) return;
      const gone = new Promise((r) => proc.once("exit", r));
      process.kill(proc.pid, "SIGTERM");
      await Promise.race([gone, sleep(60000)]);
      if (!exited()) process.kill(proc.pid, "SIGKILL");
    },
  };
}

/** Records each WebSocket of `page`: its URL and the node HAProxy sent it to, in order. */
export async function trackSockets(page) {
  const cdp = await page.context().newCDPSession(page);
  const sockets = [];
  const byId = new Map();
  cdp.on("Network.webSocketCreated", (e) => {
    const s = { url: e.url, node: null, at: Date.now() };
    byId.set(e.requestId, s);
    sockets.push(s);
  });
  cdp.on("Network.webSocketHandshakeResponseReceived", (e) => {
    const s = byId.get(e.requestId);
    const headers = Object.fromEntries(Object.entries(e.response.headers || {}).map(([k, v]) => [k.toLowerCase(), v]));
    if (s) s.node = headers["x-tabletop-node"] || "?";
  });
  await cdp.send("Network.enable");
  return sockets;
}

/** The node of the page's last WebSocket that reached one. */
export function lastNode(sockets) {
  return [...sockets].reverse().find((s) => s.node)?.node ?? fail(`no WebSocket reached a node: ${JSON.stringify(sockets)}`);
}
