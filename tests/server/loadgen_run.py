"""Runs tabletop-loadgen against a fake server (fake_cluster.py) while troubles
happen on a timetable: what the loadgen tests against fake servers share."""
import argparse
import json
import subprocess
import tempfile
import threading
import time

import fake_cluster


def play_troubles(troubles):
    """Starts a thread doing each (seconds after now, action) of troubles in turn."""
    def play():
        started = time.monotonic()
        for at, trouble in troubles:
            time.sleep(max(0.0, started + at - time.monotonic()))
            trouble()
    threading.Thread(target=play, daemon=True).start()


def run_loadgen(command, seconds, stop_server, log):
    """Runs loadgen (bounded: killed by its pid if it overstays by 40 s), then
    stops the fake server. Returns (exit code, its JSON report or None, stderr)."""
    with tempfile.TemporaryFile() as err:
        loadgen = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err,
                                   stdin=subprocess.DEVNULL)
        try:
            out, _ = loadgen.communicate(timeout=seconds + 40)
        except subprocess.TimeoutExpired:
            loadgen.kill()
            loadgen.wait()
            log("loadgen did not stop by itself")
            return loadgen.returncode, None, ""
        finally:
            stop_server()
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    try:
        report = json.loads(out.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        log(f"loadgen printed no report (exit {loadgen.returncode}):\n{out.decode()}\n{stderr}")
        report = None
    return loadgen.returncode, report, stderr


def verdict(failures, stderr, log):
    """Logs each failure (and loadgen's stderr on failure); the test's exit code."""
    if failures:
        for failure in failures:
            log("FAIL: " + failure)
        if stderr:
            log("loadgen's stderr:\n" + stderr[-2000:])
        return 1
    log("ok")
    return 0


def start(doc):
    """Reads the test's --loadgen and starts a fake server: (loadgen's path, the server, its port)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--loadgen", required=True)
    loadgen = ap.parse_args().loadgen
    server = fake_cluster.Cluster()
    return loadgen, server, server.start()
