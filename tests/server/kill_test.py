#!/usr/bin/env python3
"""The kill test (docs/server.md, "Nothing lost: the kill test").

Starts `tabletop serve` on a free port with a store (SQLite, or a throwaway
PostgreSQL from scripts/pg-temp.sh), runs tabletop-loadgen with --reconnect
--verify against it, kills the server with SIGKILL several times in the middle
of the games and restarts it on the same port and database each time. Passes
when loadgen found every acknowledged decision in the finished records, every
seat resumed with its token at or after its last acknowledged decision, no
request was refused, and the last server's /healthz answers ok.

Every step is bounded in time; every process started here is stopped by its
pid. Only the Python standard library is used.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

ADDRESS = re.compile(r"https?://127\.0\.0\.1:(\d+)")


def log(text):
    print(f"kill_test: {text}", flush=True)


class Server:
    """One `tabletop serve` process; its output goes to a file in the work folder."""

    def __init__(self, tabletop, db, work, port):
        self.tabletop, self.db, self.work, self.port = tabletop, db, work, port
        self.proc = None
        self.starts = 0

    def start(self, timeout=30):
        """Starts the server (port 0 the first time, then the same port) and waits until /healthz is ok."""
        deadline = time.monotonic() + timeout
        while True:
            self.starts += 1
            out_path = os.path.join(self.work, f"serve-{self.starts}.log")
            with open(out_path, "wb") as out:
                self.proc = subprocess.Popen(
                    [self.tabletop, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db],
                    stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            port = self._address(out_path, deadline)
            if port is not None:
                self.port = port
                break
            # The old port may still be held for a moment after a kill: try again.
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start; its output:\n{read(out_path)}")
            time.sleep(0.2)
        while not healthy(self.port):
            if time.monotonic() > deadline:
                raise RuntimeError(f"/healthz never answered ok; the server's output:\n{read(out_path)}")
            time.sleep(0.05)

    def _address(self, out_path, deadline):
        while time.monotonic() < deadline:
            match = ADDRESS.search(read(out_path))
            if match:
                return int(match.group(1))
            if self.proc.poll() is not None:
                return None
            time.sleep(0.02)
        self.kill()
        raise RuntimeError(f"the server printed no address; its output:\n{read(out_path)}")

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self):
        """A clean stop (SIGTERM), by the pid started here; SIGKILL after 15 s."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def healthy(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as reply:
            return reply.status == 200 and reply.read().strip() == b"ok"
    except OSError:
        return False


def decisions_stored(port):
    """The server's decision counter from /metrics (0 when unreadable)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as reply:
            text = reply.read().decode()
    except OSError:
        return 0
    match = re.search(r"^tabletop_decisions(?:_total)?\s+(\d+)", text, re.M)
    return int(match.group(1)) if match else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabletop", required=True)
    ap.add_argument("--loadgen", required=True)
    ap.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite")
    ap.add_argument("--pg-temp", help="scripts/pg-temp.sh (for --store postgresql)")
    ap.add_argument("--tables", type=int, default=60)
    ap.add_argument("--kills", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=12, help="loadgen's playing time")
    ap.add_argument("--think-ms", default="20-120")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args()

    rng = random.Random(args.seed or None)
    work = tempfile.mkdtemp(prefix=f"kill-{args.store}-")
    pg_dir = os.path.join(work, "pg")
    server = loadgen = None
    ok = False
    try:
        if args.store == "postgresql":
            if not os.path.exists(os.path.join(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"), "initdb")):
                log("skipped: no PostgreSQL binaries (scripts/install-deps.sh installs them)")
                return 77
            os.chmod(work, 0o755)  # the server may run as the `postgres` user
            if not args.pg_temp:
                sys.exit("kill_test: --store postgresql needs --pg-temp")
            url = subprocess.run([args.pg_temp, "start", pg_dir, "--watch", str(os.getpid())], check=True,
                                 capture_output=True, text=True, timeout=60).stdout.strip().splitlines()[-1]
        else:
            url = "sqlite:" + os.path.join(work, "kill.db")
        log(f"store {args.store}: {url}")

        server = Server(args.tabletop, url, work, 0)
        server.start()
        log(f"server on port {server.port}")

        loadgen_out = open(os.path.join(work, "loadgen.json"), "wb")
        loadgen_err = os.path.join(work, "loadgen.err")
        loadgen = subprocess.Popen(
            [args.loadgen, "--port", str(server.port), "--tables", str(args.tables), "--seconds", str(args.seconds),
             "--think-ms", args.think_ms, "--max-decisions", "300", "--drain-seconds", "25", "--reconnect",
             "--verify", "--json", "--seed", str(rng.randrange(1, 1 << 31))],
            stdout=loadgen_out, stderr=open(loadgen_err, "wb"), stdin=subprocess.DEVNULL)

        # Kill at moments spread over the first 70 % of the playing time (with
        # some jitter), each once the running server has acknowledged a few
        # more decisions (at most 2 s of waiting for them), so every kill
        # lands in the middle of games.
        started = time.monotonic()
        for k in range(args.kills):
            at = args.seconds * (0.1 + 0.6 * (k + rng.uniform(0.3, 0.7)) / args.kills)
            time.sleep(max(0.0, started + at - time.monotonic()))
            before = decisions_stored(server.port)
            wait_until = time.monotonic() + 2
            while decisions_stored(server.port) < before + 10 and time.monotonic() < wait_until:
                time.sleep(0.05)
            stored = decisions_stored(server.port)
            if loadgen.poll() is not None or time.monotonic() - started > args.seconds:
                raise RuntimeError(f"kill {k + 1} would come after the playing time (a slow machine?)")
            server.kill()
            log(f"kill {k + 1}: SIGKILL at {time.monotonic() - started:.1f} s, "
                f"{stored} decisions since the last start")
            time.sleep(rng.uniform(0.05, 0.5))
            server.start()
            log(f"kill {k + 1}: restarted on port {server.port}")

        try:
            loadgen.wait(timeout=args.seconds + 90)
        except subprocess.TimeoutExpired:
            loadgen.kill()
            raise RuntimeError("loadgen did not stop by itself")
        loadgen_out.close()
        text = read(loadgen_out.name)
        try:
            report = json.loads(text)
        except ValueError:
            raise RuntimeError(f"loadgen printed no report (exit {loadgen.returncode}):\n{text}\n"
                               f"{read(loadgen_err)}")
        log("loadgen: " + json.dumps({k: v for k, v in report.items() if k != "problems"}))
        for p in report["problems"]:
            log("  " + p)

        failures = []
        if report["lost"] != 0:
            failures.append(f"{report['lost']} acknowledged decisions lost")
        if report["checked"] < 100:
            failures.append(f"only {report['checked']} acknowledged decisions checked (too little play)")
        if report["resume_failures"] != 0:
            failures.append(f"{report['resume_failures']} seats not resumed")
        if report["unfinished"] != 0:
            failures.append(f"{report['unfinished']} tables not finished")
        if report["errors"] != 0:
            failures.append(f"{report['errors']} errors")
        if args.kills > 0 and report["resumes"] == 0:
            failures.append("no seat resumed after a kill")
        if loadgen.returncode != 0:
            failures.append(f"loadgen exited {loadgen.returncode}")
        if not healthy(server.port):
            failures.append("/healthz does not answer ok after the run")
        if failures:
            raise RuntimeError("; ".join(failures))
        log(f"ok: {args.kills} kills, {report['checked']} acknowledged decisions all in their records, "
            f"{report['resumes']} seats resumed")
        ok = True
    except Exception as e:  # noqa: BLE001 - the test reports every failure the same way
        log(f"FAILED: {e}")
        for name in sorted(os.listdir(work)):
            if name.startswith("serve-"):
                tail = read(os.path.join(work, name))[-2000:]
                log(f"--- {name} (tail) ---\n{tail}")
    finally:
        if loadgen and loadgen.poll() is None:
            loadgen.kill()
            loadgen.wait()
        if server:
            server.stop()
        if args.store == "postgresql" and args.pg_temp:
            subprocess.run([args.pg_temp, "stop", pg_dir], timeout=60, check=False)
        if args.keep or not ok:
            log(f"work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
