#!/usr/bin/env python3
"""tabletop-loadgen against a fake cluster (tests/server/fake_cluster.py):
proves that the load generator follows its tables from node to node as the
cluster contract asks (docs/server.md, "Load"), without a real cluster.

While loadgen plays (--reconnect --verify --reply-timeout-ms), the fake
cluster balances connections without a node over p1 and p2 (so about half the
joins are answered `moved`); stops the node holding most tables for a while
(its clients come back asking for it, reach the other and must wait before
asking again, until the stopped node's lease expires and the other holds its
tables); takes two tables away from their node (the `moved` push and a close
"table moved"); leaves two acts unanswered as a stuck game would, pings still
answered (the players must give up the connection when the reply does not
come in time); and stops the connection of a seat waiting for the other's
decision as a stopped process would, pings unanswered (the player must give
it up for its silence).

Passes when loadgen exited 0 with no error, every acknowledged decision was in
its record, every request answered `moved` came again on a connection asking
for the named node (after retry_ms when that node was the one asked for), and
each trouble was met at least once. Bounded: about 10 s; loadgen is stopped
by its pid if it overstays.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_cluster  # noqa: E402
import loadgen_run  # noqa: E402

SECONDS = 4


def log(text):
    print(f"loadgen_cluster_test: {text}", flush=True)


def main():
    loadgen, cluster, port = loadgen_run.start(__doc__)
    troubles = [(0.8, lambda: cluster.outage(0.8)),
                (1.0, lambda: cluster.freeze_next_act()),
                (1.8, lambda: cluster.freeze_waiting_seat()),
                (2.2, lambda: cluster.take_away(2)),
                (2.8, lambda: cluster.freeze_next_act())]

    loadgen_run.play_troubles(troubles)
    returncode, report, stderr = loadgen_run.run_loadgen(
        [loadgen, "--port", str(port), "--tables", "6", "--seconds", str(SECONDS),
         "--think-ms", "10-40", "--reconnect", "--verify", "--drain-seconds", "10",
         "--reply-timeout-ms", "1000", "--json", "--seed", "21"],
        SECONDS, cluster.stop, log)
    if report is None:
        return 1
    log("loadgen: " + json.dumps({k: v for k, v in report.items() if k != "problems"}))
    log("cluster: " + json.dumps(cluster.counts))
    for problem in report["problems"] + cluster.problems[:10]:
        log("  " + problem)

    failures = []
    if returncode != 0:
        failures.append(f"loadgen exited {returncode}")
    for field in ("errors", "lost", "resume_failures", "unfinished"):
        if report[field] != 0:
            failures.append(f"{field}: {report[field]}")
    if report["checked"] < 50:
        failures.append(f"only {report['checked']} acknowledged decisions checked")
    counts = cluster.counts
    if counts["unfollowed"] or counts["too_early"]:
        failures.append(f"moves not followed as the contract asks: {counts['unfollowed']} elsewhere, "
                        f"{counts['too_early']} without the wait")
    # Each trouble met: moves followed (and some after a wait), tables taken
    # away, acts left unanswered, and loadgen counted each.
    # (The cluster may count more: a moved reply to an act that loadgen never
    # read, the connection closed by a push, is met by the next act.)
    if counts["followed"] < 3 or not 3 <= report["moves"] <= counts["moved"]:
        failures.append(f"moves: {counts['followed']} followed (loadgen counted {report['moves']})")
    if counts["moved_wait"] < 1 or report["move_waits"] < 1:
        failures.append(f"no move waited for its node (cluster {counts['moved_wait']}, "
                        f"loadgen {report['move_waits']})")
    if counts["pushes"] < 1 or report["moved_away"] < 1:
        failures.append(f"no table taken away (cluster {counts['pushes']}, loadgen {report['moved_away']})")
    if counts["frozen"] < 2 or report["reply_timeouts"] < counts["frozen"]:
        failures.append(f"acts left unanswered: {counts['frozen']}, loadgen's reply timeouts "
                        f"{report['reply_timeouts']}")
    if counts["frozen_waiting"] < 1 or report["silent_connections"] < counts["frozen_waiting"]:
        failures.append(f"waiting seats stopped: {counts['frozen_waiting']}, loadgen's silent connections "
                        f"{report['silent_connections']}")

    return loadgen_run.verdict(failures, stderr, log)


if __name__ == "__main__":
    sys.exit(main())
