#!/usr/bin/env python3
"""The cluster's figures (docs/server.md, "Several processes"): decisions per
second and acknowledgement p50/p99 for one process without the proxy, and 1, 2
and 3 processes behind HAProxy, all on one PostgreSQL, measured in one run.

    tools/cluster_load.py --tabletop build/release/src/cli/tabletop \\
        --loadgen build/release/tools/loadgen/tabletop-loadgen [--rounds 3] [--tables 400] \\
        [--seconds 20] [--think-ms 100-300]

Each round runs every configuration once, in turn (so a noisy moment of the
machine touches all of them alike); each run starts a fresh cluster
(scripts/cluster.py: a throwaway PostgreSQL, the processes, the proxy) and
stops it by pid afterwards. Prints every run and the medians per
configuration, and the proxy's cost (1 process behind it against none).
Standard library only; everything on 127.0.0.1.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import cluster  # noqa: E402
from cluster import metric  # noqa: E402

CONFIGS = [("direct", 1, False), ("proxy-1", 1, True), ("proxy-2", 2, True), ("proxy-3", 3, True)]


def run_once(args, name, n, behind_proxy):
    c = cluster.start(n, tabletop=args.tabletop, cluster=behind_proxy, lease_ms=args.lease_ms,
                      serve_args=["--tables-per-address", "0", "--agent-delay-ms", "0"])
    try:
        port = c.proxy_port if behind_proxy else c.node_ports["p1"]
        out = subprocess.run(
            [args.loadgen, "--port", str(port), "--tables", str(args.tables), "--seconds", str(args.seconds),
             "--think-ms", args.think_ms, "--json", "--seed", "11"],
            capture_output=True, text=True, timeout=args.seconds + 120)
        report = json.loads(out.stdout)
        # The store's work: transactions (group commits) per decision, over every process.
        commits = decisions = 0.0
        for node_port in c.node_ports.values():
            commits += metric(node_port, "tabletop_store_commits_total")
            decisions += metric(node_port, "tabletop_decisions_total")
    finally:
        c.stop()
    row = {"config": name, "decisions_per_s": report["decisions_per_s"], "p50": report["ack_ms"]["p50"],
           "p99": report["ack_ms"]["p99"], "errors": report["errors"], "tables_held": report["tables_held_median"],
           "moves": report.get("moves", 0), "commits_per_decision": round(commits / max(decisions, 1), 3)}
    print(json.dumps(row), flush=True)
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabletop", required=True)
    ap.add_argument("--loadgen", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tables", type=int, default=400)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--think-ms", default="100-300")
    ap.add_argument("--lease-ms", type=int, default=10000)
    args = ap.parse_args()
    rows = []
    for r in range(args.rounds):
        for name, n, behind in CONFIGS:
            rows.append(run_once(args, name, n, behind))
    print("\nmedians over", args.rounds, "runs:", flush=True)
    medians = {}
    for name, _, _ in CONFIGS:
        mine = [row for row in rows if row["config"] == name]
        medians[name] = {k: statistics.median(row[k] for row in mine)
                         for k in ("decisions_per_s", "p50", "p99", "errors", "tables_held", "moves",
                                   "commits_per_decision")}
        print(f"  {name:8} {json.dumps(medians[name])}")
    direct, one = medians["direct"], medians["proxy-1"]
    print(f"the proxy's hop: p50 {one['p50'] - direct['p50']:+.2f} ms, p99 {one['p99'] - direct['p99']:+.2f} ms, "
          f"decisions/s x{one['decisions_per_s'] / max(direct['decisions_per_s'], 1e-9):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
