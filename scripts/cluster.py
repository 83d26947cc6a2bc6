#!/usr/bin/env python3
"""A local tabletop cluster in one command: a throwaway PostgreSQL
(scripts/pg-temp.sh), N `tabletop serve --cluster --node pK` processes on it
and HAProxy in front (deploy/haproxy/tabletop.cfg), all on 127.0.0.1.

    scripts/cluster.py [--nodes 3] [--tabletop PATH] [--lease-ms MS] [--no-cluster] [-- SERVE ARGS...]

prints the proxy's URL (open it in a browser) and each node's pid and port,
and stops everything by pid on Ctrl-C or SIGTERM (PostgreSQL through
pg-temp.sh stop). `make cluster N=3` runs it.

From Python (the tests):

    import cluster
    with cluster.start(3, tabletop="build/dev/src/cli/tabletop") as c:   # stop() at the end
        c.proxy_port, c.proxy_url, c.node_ports["p2"], c.pid("p2"), c.db_url
        c.kill("p2")            # SIGKILL (or any signal: c.kill("p2", signal.SIGSTOP))
        c.restart("p2")         # same port; returns once HAProxy sees it UP again
        c.proxy.states()        # {"p1": "UP", "p2": "DOWN", ...} as HAProxy's checks see them

Every child dies with the launcher (PR_SET_PDEATHSIG: with the thread that
started it, so start from a thread that lives as long as the cluster), and
PostgreSQL's watcher stops it once the launcher is gone, so a crashed test
leaves nothing running. Only the Python standard library is used.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster_proxy import Proxy, die_with_parent, read  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PG_TEMP = os.path.join(ROOT, "scripts", "pg-temp.sh")
ADDRESS = re.compile(r"https?://127\.0\.0\.1:(\d+)")


def healthy(port, path="/healthz"):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as reply:
            return reply.status == 200 and reply.read().strip() == b"ok"
    except OSError:
        return False


def metric(port, name):
    """One value of a node's /metrics (0 when it is not there)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as reply:
        for line in reply.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
    return 0.0


def default_tabletop():
    for preset in ("release", "dev"):
        path = os.path.join(ROOT, "build", preset, "src", "cli", "tabletop")
        if os.access(path, os.X_OK):
            return path
    raise RuntimeError("no tabletop binary in build/release or build/dev (make build); pass --tabletop")


def supports_cluster(tabletop):
    """Whether this `tabletop serve` knows --cluster."""
    out = subprocess.run([tabletop, "serve", "--help"], capture_output=True, text=True, timeout=30)
    return "--cluster" in out.stdout + out.stderr


class Node:
    """One `tabletop serve` process; its output goes to WORK/NAME-K.log (K: the start's number)."""

    def __init__(self, name, argv, work):
        self.name, self.argv, self.work = name, argv, work
        self.port, self.proc, self.starts = 0, None, 0

    @property
    def pid(self):
        return self.proc.pid if self.proc else None

    def start(self, timeout=60):
        """Starts it (port 0 the first time, then the same port) and waits until /healthz is ok."""
        deadline = time.monotonic() + timeout
        while True:
            self.starts += 1
            self.log_path = os.path.join(self.work, f"{self.name}-{self.starts}.log")
            with open(self.log_path, "wb") as out:
                self.proc = subprocess.Popen(self.argv + ["--port", str(self.port)], stdout=out, stderr=subprocess.STDOUT,
                                             stdin=subprocess.DEVNULL, start_new_session=True,
                                             preexec_fn=die_with_parent)
            port = self._address(deadline)
            if port:
                self.port = port
                break
            if time.monotonic() > deadline:  # exited at once: the old port may still be held after a kill
                raise RuntimeError(f"node {self.name} did not start; its output:\n{read(self.log_path)[-3000:]}")
            time.sleep(0.2)
        while not healthy(self.port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.signal(signal.SIGKILL)
                raise RuntimeError(f"node {self.name}: /healthz never said ok; its output:\n{read(self.log_path)[-3000:]}")
            time.sleep(0.05)

    def _address(self, deadline):
        while time.monotonic() < deadline:
            if match := ADDRESS.search(read(self.log_path)):
                return int(match.group(1))
            if self.proc.poll() is not None:
                return None
            time.sleep(0.02)
        self.signal(signal.SIGKILL)
        raise RuntimeError(f"node {self.name} printed no address; its output:\n{read(self.log_path)[-3000:]}")

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def signal(self, sig):
        """Sends `sig` by pid; for a signal that ends it, waits until it is gone."""
        if not self.running():
            return
        self.proc.send_signal(sig)
        if sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGINT):
            if sig != signal.SIGKILL:
                self.proc.send_signal(signal.SIGCONT)  # a stopped process must run to end cleanly
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


class Cluster:
    def __init__(self, n=3, tabletop=None, cluster=None, lease_ms=None, serve_args=("--tables-per-address", "0"),
                 work=None, keep=False, log=None):
        if not 1 <= n <= 32:
            raise ValueError("1 to 32 nodes")
        self.tabletop = tabletop or default_tabletop()
        self.cluster = supports_cluster(self.tabletop) if cluster is None else cluster
        # A work folder made here is removed by stop() unless `keep` (the logs: NAME-K.log, haproxy.log).
        self.work, self.remove_work = work or tempfile.mkdtemp(prefix="tt-cluster-"), work is None and not keep
        os.chmod(self.work, 0o755)  # PostgreSQL may run as the `postgres` user (pg-temp.sh)
        self.pg_dir = os.path.join(self.work, "pg")
        self.log = log or (lambda text: None)
        self.lease_ms, self.serve_args = lease_ms, list(serve_args)
        self.names = [f"p{k}" for k in range(1, n + 1)]
        self.nodes, self.proxy, self.db_url = {}, None, None

    def start(self):
        try:
            self.log(f"PostgreSQL in {self.pg_dir}")
            self.db_url = subprocess.run([PG_TEMP, "start", self.pg_dir, "--watch", str(os.getpid())], check=True,
                                         capture_output=True, text=True, timeout=120).stdout.strip().splitlines()[-1]
            for name in self.names:
                argv = [self.tabletop, "serve", "--db", self.db_url, "--host", "127.0.0.1"] + self.serve_args
                if self.cluster:
                    argv += ["--cluster", "--node", name] + (["--lease-ms", str(self.lease_ms)] if self.lease_ms else [])
                    # The proxy (on 127.0.0.1) names each client in X-Forwarded-For: the
                    # limits per address count the clients, not the proxy.
                    argv += ["--trusted-proxy", "127.0.0.1"]
                self.nodes[name] = Node(name, argv, self.work)
                self.nodes[name].start()
                self.log(f"node {name}: pid {self.nodes[name].pid}, http://127.0.0.1:{self.nodes[name].port}/")
            self.proxy = Proxy(self.work, self.node_ports)
            self.proxy.start()
            deadline = time.monotonic() + 20
            while not healthy(self.proxy_port) or set(self.proxy.states().values()) != {"UP"}:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the proxy never saw every node UP: {self.proxy.states()}")
                time.sleep(0.05)
        except BaseException:
            self.stop()
            raise
        return self

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()

    @property
    def proxy_port(self):
        return self.proxy.port

    @property
    def proxy_url(self):
        return f"http://127.0.0.1:{self.proxy.port}"

    @property
    def node_ports(self):
        return {name: node.port for name, node in self.nodes.items()}

    def pid(self, node):
        return self.nodes[node].pid

    def kill(self, node, sig=signal.SIGKILL):
        """Sends `sig` to the node's process (SIGKILL: waits until it is gone)."""
        self.nodes[node].signal(sig)

    def restart(self, node, timeout=60):
        """Starts a node that was killed again, on its port; returns once HAProxy sees it UP."""
        if self.nodes[node].running():
            raise RuntimeError(f"node {node} still runs (pid {self.nodes[node].pid})")
        self.nodes[node].start(timeout)
        self.proxy.wait_state(node, "UP", timeout)

    def stop(self):
        """Stops the proxy, every node (SIGTERM, SIGKILL after 15 s) and PostgreSQL; by pid."""
        steps = [self.proxy.stop] if self.proxy else []
        steps += [lambda node=node: node.signal(signal.SIGTERM) for node in self.nodes.values()]
        if self.db_url or os.path.exists(self.pg_dir):
            steps.append(lambda: subprocess.run([PG_TEMP, "stop", self.pg_dir], capture_output=True, timeout=90))
        if self.remove_work:
            steps.append(lambda: shutil.rmtree(self.work, ignore_errors=True))
        failed = None
        for step in steps:  # every step, even after one failed
            try:
                step()
            except Exception as e:  # noqa: BLE001 - reported once the rest is stopped
                failed = failed or e
        if failed:
            raise failed


def start(n=3, **options):
    """A running cluster of n nodes (Cluster's keyword options); stop() it when done."""
    return Cluster(n, **options).start()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=3)
    ap.add_argument("--tabletop", help="the tabletop binary (default: build/release, else build/dev)")
    ap.add_argument("--lease-ms", type=int, help="the nodes' lease (cluster mode)")
    ap.add_argument("--no-cluster", action="store_true",
                    help="plain `tabletop serve --db URL` processes (no --cluster, no --node)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder (the logs) after stopping")
    ap.add_argument("serve_args", nargs="*", help="after --: more `tabletop serve` options")
    args = ap.parse_args()
    say = lambda text: print(f"cluster: {text}", flush=True)  # noqa: E731

    def interrupted(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    c = Cluster(args.nodes, tabletop=args.tabletop, cluster=False if args.no_cluster else None, lease_ms=args.lease_ms,
                serve_args=["--tables-per-address", "0"] + args.serve_args, keep=args.keep, log=say)
    if not c.cluster:
        say("plain servers on one database (no --cluster: " +
            ("asked for" if args.no_cluster else "this tabletop does not know it") + ")")
    try:
        c.start()
        say(f"database {c.db_url}")
        say(f"proxy {c.proxy_url}/  <- open this; logs in {c.work}; Ctrl-C stops everything")
        gone = set()
        while True:
            for name, node in c.nodes.items():
                if name not in gone and not node.running():
                    gone.add(name)
                    say(f"node {name} (pid {node.pid}) ended with {node.proc.returncode}; see {node.log_path}")
            time.sleep(0.5)
    except KeyboardInterrupt:
        return 0
    except Exception as e:
        say(f"failed: {e}")
        return 1
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        say("stopping")
        c.stop()


if __name__ == "__main__":
    sys.exit(main())
