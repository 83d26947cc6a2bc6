#!/usr/bin/env python3
"""The proxy's routing (deploy/haproxy/tabletop.cfg), on a cluster started by scripts/cluster.py:
one PostgreSQL, three `tabletop serve` nodes, HAProxy; all on loopback.

Which node a connection reached is read from the nodes themselves, not from
the proxy: each node's own /metrics (asked directly, not through the proxy)
counts its WebSocket connections and requests. Checked:
  1. /ws?node=pK lands on pK, for every K (and HAProxy's X-Tabletop-Node says so too);
  2. without `node`, held connections are balanced: one per node (leastconn);
  3. right after SIGKILL of pK, before the health checks notice, /ws?node=pK lands on a
     live node at once (retries + option redispatch);
  4. once HAProxy marks pK DOWN, /ws?node=pK is balanced over the live nodes (a
     `use-server` rule naming a DOWN server is skipped);
  5. pK restarted on its port is reached by /ws?node=pK again.
Every process is started by the launcher and stopped by its pid. Exit 77 (skip)
without haproxy or PostgreSQL.
"""
import argparse
import os
import re
import shutil
import signal
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
sys.path.insert(0, HERE)
import cluster  # noqa: E402
from ws_client import WebSocket  # noqa: E402


def log(text):
    print(f"cluster_test: {text}", flush=True)


def metric(port, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as reply:
        text = reply.read().decode()
    match = re.search(rf"^{name}\s+([0-9.e+]+)", text, re.M)
    if not match:
        raise AssertionError(f"no {name} in :{port}/metrics")
    return float(match.group(1))


def counts(c, name):
    """`name` from each live node's own /metrics."""
    return {n: metric(p, name) for n, p in c.node_ports.items() if c.nodes[n].running()}


def reached(c, path):
    """Opens a WebSocket through the proxy at `path`, sends a ping; the node that answered it
    (the one whose own request counter went up) and the open socket."""
    before = counts(c, "tabletop_requests_total")
    ws = WebSocket(c.proxy_port, path)
    assert ws.request({"cmd": "ping"})["ok"], "ping refused"
    after = counts(c, "tabletop_requests_total")
    moved = [n for n in after if after[n] > before[n]]
    assert len(moved) == 1, f"{path}: requests went up on {moved}, not on exactly one node"
    node = moved[0]
    assert ws.headers.get("x-tabletop-node") == node, f"HAProxy says {ws.headers.get('x-tabletop-node')}, {node} answered"
    return node, ws


def check(condition, text):
    if not condition:
        raise AssertionError(text)
    log(f"ok: {text}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabletop", required=True)
    ap.add_argument("--nodes", type=int, default=3)
    ap.add_argument("--victim", default="p2")
    args = ap.parse_args()
    pg_bin = os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin")
    if not shutil.which("haproxy") and not os.access("/usr/sbin/haproxy", os.X_OK):
        log("skipped: no haproxy (scripts/install-deps.sh installs it)")
        return 77
    if not os.path.exists(os.path.join(pg_bin, "initdb")):
        log("skipped: no PostgreSQL binaries (scripts/install-deps.sh installs them)")
        return 77
    t0 = time.monotonic()
    c = cluster.start(args.nodes, tabletop=args.tabletop, log=log)
    log(f"cluster up in {time.monotonic() - t0:.1f} s (cluster mode: {c.cluster}); proxy :{c.proxy_port}, nodes {c.node_ports}")
    sockets = []
    try:
        # 1. Each node by name.
        for name in c.names:
            node, ws = reached(c, f"/ws?node={name}")
            ws.close()
            check(node == name, f"/ws?node={name} reached {node}")

        # 2. Balanced: n held connections without a node, one per node.
        time.sleep(0.3)  # the closed sockets above are gone from every node
        base = counts(c, "tabletop_connections")
        for _ in c.names:
            sockets.append(reached(c, "/ws")[1])
        now = counts(c, "tabletop_connections")
        check(all(now[n] - base[n] == 1 for n in c.names), f"/ws without a node balanced one per node: {now}")
        for ws in sockets:
            ws.close()
        sockets.clear()

        # 3. The victim SIGKILLed: asked for by name before HAProxy notices, a live node answers at once.
        victim = args.victim
        c.kill(victim, signal.SIGKILL)
        t = time.monotonic()
        node, ws = reached(c, f"/ws?node={victim}")
        ws.close()
        took = time.monotonic() - t
        check(node != victim and took < 3, f"/ws?node={victim} just after its SIGKILL reached {node} in {took:.2f} s "
              f"(HAProxy saw it {c.proxy.states()[victim]})")

        # 4. Once HAProxy marks it DOWN, asking for it is balanced over the live nodes.
        t = time.monotonic()
        c.proxy.wait_state(victim, "DOWN", timeout=10)
        log(f"HAProxy marked {victim} DOWN {time.monotonic() - t:.2f} s later")
        time.sleep(0.3)
        live = [n for n in c.names if n != victim]
        base = counts(c, "tabletop_connections")
        landed = []
        for _ in range(2 * len(live)):
            node, ws = reached(c, f"/ws?node={victim}")
            landed.append(node)
            sockets.append(ws)
        now = counts(c, "tabletop_connections")
        check(all(now[n] - base[n] == 2 for n in live),
              f"/ws?node={victim} with {victim} DOWN balanced over {live}: {landed}")
        for ws in sockets:
            ws.close()
        sockets.clear()

        # 5. Back on its port: reached by name again.
        t = time.monotonic()
        c.restart(victim)
        node, ws = reached(c, f"/ws?node={victim}")
        ws.close()
        check(node == victim, f"{victim} restarted and UP again in {time.monotonic() - t:.2f} s; /ws?node={victim} reached {node}")
    except BaseException:
        for name in sorted(os.listdir(c.work)):
            if name.endswith(".log"):
                log(f"--- {name} (tail) ---\n{cluster.read(os.path.join(c.work, name))[-2000:]}")
        raise
    finally:
        for ws in sockets:
            ws.close()
        pids = [n.pid for n in c.nodes.values()] + [c.proxy.proc.pid]
        c.stop()
        still = [p for p in pids if os.path.exists(f"/proc/{p}") and "zombie" not in open(f"/proc/{p}/status").read()]
        assert not still, f"still running after stop: {still}"
    log(f"passed in {time.monotonic() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
