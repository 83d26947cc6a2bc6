#!/usr/bin/env python3
"""tabletop-loadgen against a broken server (tests/server/fake_cluster.py):
proves that the load generator still notices what a broken server gets wrong,
so that the load test fails on it (docs/server.md, "Load"). It reads only the
few fields it acts on; this is what keeps that reading honest.

While loadgen plays (--reconnect --verify), the fake server refuses a legal
act as an illegal option, acknowledges one with the wrong seq, acknowledges
one and stores another option in the record (a lost decision), pushes an error frame
without a request, an update whose patch has an op the server never writes
(`move`) and a well-formed patch from a version the connection was never sent.

Passes when loadgen exited 1 and its report counts and names each of them.
Bounded: about 5 s; loadgen is stopped by its pid if it overstays.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_cluster  # noqa: E402
import loadgen_run  # noqa: E402

SECONDS = 3

# What each breakage must leave in loadgen's report: words of its problem.
EXPECTED = {
    "refuse": "refused: no option",
    "wrong_seq": "acknowledged with seq",
    "lost": "the record has {\"option\":\"lost\"",
    "error_frame": "the server broke: a frame out of nowhere",
    "bad_patch": "a patch op not add/remove/replace",
    "patch_base": "a patch from version 12345",
}


def log(text):
    print(f"loadgen_broken_server_test: {text}", flush=True)


def main():
    loadgen, server, port = loadgen_run.start(__doc__)

    def push_when_playing(kind):
        for _ in range(50):
            if server.push_broken(kind):
                return
            time.sleep(0.05)

    troubles = [(0.5, lambda: server.break_next_act("refuse")),
                (0.7, lambda: server.break_next_act("wrong_seq")),
                (0.9, lambda: server.break_next_act("lost")),
                (1.1, lambda: push_when_playing("error_frame")),
                (1.3, lambda: push_when_playing("bad_patch")),
                (1.5, lambda: push_when_playing("patch_base"))]

    loadgen_run.play_troubles(troubles)
    returncode, report, stderr = loadgen_run.run_loadgen(
        [loadgen, "--port", str(port), "--tables", "4", "--seconds", str(SECONDS),
         "--think-ms", "10-40", "--reconnect", "--verify", "--drain-seconds", "10",
         "--json", "--seed", "23"],
        SECONDS, server.stop, log)
    if report is None:
        return 1
    log("loadgen: " + json.dumps({k: v for k, v in report.items() if k != "problems"}))
    log("broken: " + json.dumps(server.broken))
    for problem in report["problems"]:
        log("  " + problem)

    failures = []
    if returncode != 1:
        failures.append(f"loadgen exited {returncode}, not 1")
    for kind, words in EXPECTED.items():
        if server.broken.get(kind, 0) < 1:
            failures.append(f"{kind}: the fake server never played it")
        elif not any(words in problem for problem in report["problems"]):
            failures.append(f"{kind}: not in loadgen's problems (no '{words}')")
    # Every breakage but the lost decision is an error; that one is counted lost.
    if report["errors"] < len(EXPECTED) - 1:
        failures.append(f"{report['errors']} errors counted, not {len(EXPECTED) - 1}")
    if report["lost"] < 1:
        failures.append("the decision left out of the record was not counted lost")
    if report["decisions"] < 20:
        failures.append(f"only {report['decisions']} decisions acknowledged")

    return loadgen_run.verdict(failures, stderr, log)


if __name__ == "__main__":
    sys.exit(main())
