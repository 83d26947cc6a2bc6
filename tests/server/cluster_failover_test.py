#!/usr/bin/env python3
"""The cluster's failover test (docs/server.md, "Several processes").

Starts a local cluster with scripts/cluster.py (a throwaway PostgreSQL, three
`tabletop serve --cluster` processes, HAProxy with deploy/haproxy/tabletop.cfg)
and checks, all on loopback and bounded in time:
  1. the lobby seen through any process lists every table, each with its node;
  2. tabletop-loadgen plays tables spread over the three processes through the
     proxy while one process is SIGKILLed mid-game, twice (and started again):
     every acknowledged decision is in the finished records, every seat
     resumed, every game finished;
  3. the store proves no table was written by two processes at once: within
     each table the epochs of its decisions never go back, and each epoch is
     one claim by one process;
  4. a process stopped with SIGSTOP past its lease cannot write when it wakes:
     another process took its table, and the decision the stopped process
     still had to handle is refused; its client is sent away.
Every process started here is stopped by its pid. Standard library only.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import cluster  # noqa: E402
from cluster import metric  # noqa: E402
from wslite import Closed, Ws  # noqa: E402

PSQL = os.path.join(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"), "psql")


def log(text):
    print(f"cluster_failover: {text}", flush=True)


def check(condition, text):
    if not condition:
        raise AssertionError(text)


def sql(url, query):
    """One query's rows, each a list of strings (psql -At)."""
    out = subprocess.run([PSQL, url, "-At", "-F", "\t", "-c", query], check=True, capture_output=True,
                         text=True, timeout=30).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def get_json(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as reply:
        return json.loads(reply.read())


def lobby_everywhere(c):
    """A waiting table created on each process directly; each process's lobby lists all of them."""
    made = {}
    for node, port in c.node_ports.items():
        ws = Ws(port)
        ws.send({"cmd": "create", "game": "suikoden", "seats": ["human", "human"], "id": 1})
        r = ws.reply(1)
        check(r.get("ok") and r.get("node") == node, f"create on {node}: {r}")
        made[r["table"]] = node
        ws.close()
    deadline = time.monotonic() + 10
    for node, port in c.node_ports.items():
        while True:
            listed = {t["table"]: t.get("node") for t in get_json(port, "/api/tables")["tables"]}
            if all(listed.get(t) == n for t, n in made.items()):
                break
            check(time.monotonic() < deadline, f"the lobby of {node} lacks tables: {listed} vs {made}")
            time.sleep(0.1)
    log(f"1. the lobby of each of {len(c.node_ports)} processes lists all {len(made)} tables with their nodes")


def play_with_kills(c, args):
    work = c.work
    out_path, err_path = os.path.join(work, "loadgen.json"), os.path.join(work, "loadgen.err")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        loadgen = subprocess.Popen(
            [args.loadgen, "--port", str(c.proxy_port), "--tables", str(args.tables), "--seconds", str(args.seconds),
             "--think-ms", args.think_ms, "--max-decisions", "300", "--drain-seconds", "40", "--reconnect",
             "--verify", "--json", "--reply-timeout-ms", "3000", "--seed", "7"],
            stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        try:
            started = time.monotonic()
            computers = computer_table(c.node_ports["p2"])  # p2 is killed first
            # p2 stays down past its lease: the others take its tables over. p3
            # comes back at once: under its own name it takes its tables back.
            lease_s = args.lease_ms / 1000
            for k, (node, at, down) in enumerate([("p2", 0.2, lease_s + 1.0), ("p3", 0.55, 0.3)]):
                time.sleep(max(0.0, started + at * args.seconds - time.monotonic()))
                before = metric(c.node_ports[node], "tabletop_decisions_total")
                c.kill(node)
                log(f"2. kill {k + 1}: SIGKILL {node} at {time.monotonic() - started:.1f} s "
                    f"({before:.0f} decisions acknowledged there)")
                time.sleep(down)
                c.restart(node)
                log(f"   {node} started again after {down:.1f} s")
            loadgen.wait(timeout=args.seconds + 120)
        finally:
            if loadgen.poll() is None:
                loadgen.kill()
                loadgen.wait()
    with open(out_path) as f:
        text = f.read()
    try:
        report = json.loads(text)
    except ValueError:
        raise AssertionError(f"loadgen printed no report (exit {loadgen.returncode}):\n{text}\n"
                             f"{open(err_path).read()}")
    log("   loadgen: " + json.dumps({k: v for k, v in report.items() if k != "problems"}))
    for p in report.get("problems", [])[:20]:
        log("     " + p)
    check(report["lost"] == 0, f"{report['lost']} acknowledged decisions lost")
    check(report["checked"] >= 200, f"only {report['checked']} acknowledged decisions checked")
    check(report["resume_failures"] == 0, f"{report['resume_failures']} seats not resumed")
    check(report["unfinished"] == 0, f"{report['unfinished']} tables not finished")
    check(report["errors"] == 0, f"{report['errors']} errors")
    check(report["resumes"] > 0, "no seat resumed after a kill")
    check(loadgen.returncode == 0, f"loadgen exited {loadgen.returncode}")
    log(f"   {report['checked']} acknowledged decisions all in their records, {report['resumes']} seats resumed")
    # The computer seats of a table whose process died play on where it went.
    deadline = time.monotonic() + 60
    while True:
        try:
            record = get_json(c.proxy_port, f"/api/records/{computers}")
            break
        except OSError:
            check(time.monotonic() < deadline, f"the computers' table {computers} never finished")
            time.sleep(0.2)
    played = sql(c.db_url, f"SELECT c.owner, count(*) FROM decisions d JOIN claims c ON c.table_id = d.table_id "
                           f"AND c.epoch = d.epoch WHERE d.table_id = '{computers}' GROUP BY c.epoch, c.owner "
                           f"ORDER BY c.epoch")
    check(len(played) >= 2 and played[0][0] == "p2" and played[-1][0] != "p2",
          f"the computers' table was not played by p2, then another process: {played}")
    log(f"   the computers' table {computers} finished after its process died "
        f"({len(record['decisions'])} decisions; by claim: {played})")


def computer_table(port):
    """A table of two computer seats at a slow pace, on the process at `port`: its id."""
    ws = Ws(port)
    ws.send({"cmd": "create", "game": "suikoden", "seats": ["random", "random"], "pace": 40, "id": 1})
    r = ws.reply(1)
    check(r.get("ok"), f"create a computers' table: {r}")
    ws.close()
    return r["table"]


def store_proves_one_writer(url):
    back = sql(url, "SELECT count(*) FROM decisions a JOIN decisions b ON a.table_id = b.table_id "
                    "AND a.idx < b.idx AND a.epoch > b.epoch")[0][0]
    check(back == "0", f"{back} pairs of decisions where a later one was written under an older claim")
    unclaimed = sql(url, "SELECT count(*) FROM decisions d LEFT JOIN claims c ON c.table_id = d.table_id "
                         "AND c.epoch = d.epoch WHERE c.table_id IS NULL")[0][0]
    check(unclaimed == "0", f"{unclaimed} decisions written under no claim")
    moved = sql(url, "SELECT count(*) FROM (SELECT d.table_id FROM decisions d JOIN claims c "
                     "ON c.table_id = d.table_id AND c.epoch = d.epoch GROUP BY d.table_id "
                     "HAVING count(DISTINCT c.owner) > 1) t")[0][0]
    check(int(moved) > 0, "no table was written by one process after another (no takeover happened)")
    log(f"3. the store: epochs never go back within a table, every decision under one claim; "
        f"{moved} tables were taken over mid-game")


def pending_of(ws, table, deadline):
    """Reads updates until one offers this connection's seat options: (seq, option id)."""
    while time.monotonic() < deadline:
        m = ws.recv()
        if m.get("type") != "update" or m.get("table") != table:
            continue
        for entry in m.get("pending", []):
            if entry.get("seat") == m.get("as") and entry.get("options"):
                return m["seq"], entry["options"][0]["id"]
    raise AssertionError("no update offered options")


def stopped_process_cannot_write(c, lease_ms):
    p1, p2 = c.node_ports["p1"], c.node_ports["p2"]
    a, b = Ws(p1), Ws(p1)
    a.send({"cmd": "create", "game": "suikoden", "seats": ["human", "human"], "id": 1})
    table = a.reply(1)["table"]
    tokens = {}
    for seat, ws in ((0, a), (1, b)):
        ws.send({"cmd": "join", "table": table, "seat": seat, "name": f"s{seat}", "id": 2})
        r = ws.reply(2)
        check(r.get("ok"), f"join: {r}")
        tokens[seat] = (ws, r["token"])
    # The seat that decides first (Suikoden: one seat at a time).
    a.s.settimeout(1)
    b.s.settimeout(1)
    deadline = time.monotonic() + 10
    seat = seq = option = None
    while seat is None and time.monotonic() < deadline:
        for s, (ws, _) in tokens.items():
            try:
                seq, option = pending_of(ws, table, time.monotonic() + 1)
                seat = s
                break
            except (AssertionError, TimeoutError, OSError):
                continue
    check(seat is not None, "no seat was asked to decide")
    ws, token = tokens[seat]
    ws.s.settimeout(10)
    c.kill("p1", signal.SIGSTOP)
    log(f"4. SIGSTOP p1 holding table {table} (seat {seat} to decide at {seq})")
    try:
        time.sleep(lease_ms / 1000 + 1.5)
        # p1's lease has ended: the seat comes back on p2, which takes the table
        # over, or names the process whose sweep took it first.
        taker = "p2"
        other = Ws(p2)
        other.send({"cmd": "resume", "table": table, "token": token, "id": 3})
        r = other.reply(3)
        if not r.get("ok") and r.get("moved", {}).get("node") in c.node_ports:
            taker = r["moved"]["node"]
            check(taker != "p1", f"p2 still sends the seat to the stopped p1: {r}")
            other.close()
            other = Ws(c.node_ports[taker])
            other.send({"cmd": "resume", "table": table, "token": token, "id": 3})
            r = other.reply(3)
        check(r.get("ok"), f"resume on {taker} after p1's lease ended: {r}")
        other.send({"cmd": "act", "table": table, "token": token, "option": option, "seq": seq, "id": 4})
        r = other.reply(4)
        check(r.get("ok"), f"the decision on {taker}: {r}")
        # The same decision, sent to the stopped p1: it waits in the socket until p1 wakes.
        ws.send({"cmd": "act", "table": table, "token": token, "option": option, "seq": seq, "id": 5})
    finally:
        c.kill("p1", signal.SIGCONT)
    answer = None
    try:
        while answer is None:
            m = ws.recv()
            if m.get("type") == "reply" and m.get("id") == 5:
                answer = m
            elif m.get("type") == "moved":
                answer = m
    except (Closed, TimeoutError, OSError) as e:
        answer = {"closed": str(e)}
    check(answer.get("ok") is not True, f"the stopped process acknowledged a decision: {answer}")
    rows = sql(c.db_url, f"SELECT d.epoch, c.owner FROM decisions d JOIN claims c ON c.table_id = d.table_id "
                         f"AND c.epoch = d.epoch WHERE d.table_id = '{table}' AND d.idx = {seq}")
    check(rows and rows[0][1] == taker, f"decision {seq} of {table} was written by {rows}, not {taker} alone")
    deadline = time.monotonic() + 10
    while metric(p1, "tabletop_cluster_tables_lost_total") < 1:
        check(time.monotonic() < deadline, "p1 never gave up the table it lost")
        time.sleep(0.1)
    log(f"   p1 woke: its decision was refused ({json.dumps(answer)[:120]}), "
        f"decision {seq} is {taker}'s (epoch {rows[0][0]}), p1 let the table go")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabletop", required=True)
    ap.add_argument("--loadgen", required=True)
    ap.add_argument("--tables", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=16)
    ap.add_argument("--think-ms", default="30-150")
    ap.add_argument("--lease-ms", type=int, default=2000)
    args = ap.parse_args()
    if not os.path.exists(PSQL) or not shutil.which("haproxy", path=os.environ.get("PATH", "") + ":/usr/sbin"):
        log("skipped: no PostgreSQL binaries or no haproxy (scripts/install-deps.sh installs them)")
        return 77
    c = None
    ok = False
    try:
        c = cluster.start(3, tabletop=args.tabletop, lease_ms=args.lease_ms, log=log)
        lobby_everywhere(c)
        play_with_kills(c, args)
        store_proves_one_writer(c.db_url)
        stopped_process_cannot_write(c, args.lease_ms)
        ok = True
        log("ok")
    except Exception as e:  # noqa: BLE001 - every failure is reported the same way
        log(f"FAILED: {type(e).__name__}: {e}")
        if c is not None:
            for name in sorted(os.listdir(c.work)):
                if name.endswith(".log"):
                    with open(os.path.join(c.work, name), "rb") as f:
                        log(f"--- {name} (tail) ---\n{f.read()[-3000:].decode('utf-8', 'replace')}")
    finally:
        if c is not None:
            c.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
