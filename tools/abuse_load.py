#!/usr/bin/env python3
"""Issue 19 items 5 and 6, measured: what watch/leave churn, or clients looping
GET /api/tables, do to the acknowledgements of other tables.

  tools/abuse_load.py TABLETOP LOADGEN churn|http [--seconds S]

Starts `tabletop serve` on 127.0.0.1 (a free port, a fresh SQLite file),
runs `tabletop-loadgen` alone (baseline) and then with the abuse beside it,
prints both runs' acknowledgement figures, and stops the server by its pid.
  churn: a 16-seat Magic table with 150 spectators, and 10 (--churners) connections each
         sending watch/leave at 19 messages a second.
  http:  a lobby of 2,000 waiting tables, and 4 clients looping GET /api/tables.
Every connection comes from an address of its own (127.3.X.Y). Bounded: each
run lasts --seconds.
"""
import argparse, base64, http.client, json, os, re, socket, struct, subprocess, sys, tempfile
import threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wslite import Ws  # noqa: E402


def drain(conns, stop):
    """Reads (and drops) what the server sends, so no send queue overflows."""
    import selectors
    sel = selectors.DefaultSelector()
    for c in conns:
        c.s.setblocking(False)
        sel.register(c.s, selectors.EVENT_READ)
    while not stop.is_set():
        for key, _ in sel.select(0.1):
            try:
                key.fileobj.recv(1 << 16)
            except (BlockingIOError, ConnectionError):
                pass


addr_n = [0]


def local():
    addr_n[0] += 1
    return f"127.3.{addr_n[0] // 250}.{addr_n[0] % 250 + 1}"


def loadgen(args, port):
    out = subprocess.run([args.loadgen, "--port", str(port), "--tables", "20", "--think-ms", "100-300",
                          "--seconds", str(args.seconds), "--ramp", "100", "--json"],
                         capture_output=True, text=True, timeout=args.seconds + 120)
    try:
        return json.loads(out.stdout.strip().splitlines()[-1])
    except Exception:
        return {"error": out.stdout[-500:] + out.stderr[-500:]}


def churn(args, port, stop, ready):
    owner = Ws(port, local=local(), timeout=None)
    owner.send({"cmd": "create", "game": "magic", "seats": ["human"] * 16})
    r = owner.reply()
    assert r.get("ok"), r
    table = r["table"]
    watchers = []
    for _ in range(150):
        w = Ws(port, local=local(), timeout=None)
        w.send({"cmd": "watch", "table": table})
        assert w.reply().get("ok")
        watchers.append(w)
    churners = [Ws(port, local=local(), timeout=None) for _ in range(args.churners)]
    threading.Thread(target=drain, args=(watchers + [owner], stop), daemon=True).start()
    threading.Thread(target=drain, args=(churners, stop), daemon=True).start()
    ready.set()
    i = 0
    while not stop.is_set():
        cmd = "watch" if i % 2 == 0 else "leave"
        for c in churners:
            c.s.setblocking(True)
            c.send({"cmd": cmd, "table": table})
        i += 1
        time.sleep(1 / 19)


def http_loop(args, port, stop, ready):
    # A full lobby: 2,000 waiting tables, 20 from each of 100 addresses.
    for _ in range(100):
        c = Ws(port, local=local(), timeout=None)
        for _ in range(20):
            c.send({"cmd": "create", "game": "suikoden", "seats": ["human", "human"]})
        for _ in range(20):
            c.reply()
        c.s.close()
    counts = {}
    lock = threading.Lock()

    def loop():
        conn = http.client.HTTPConnection("127.0.0.1", port)
        while not stop.is_set():
            try:
                conn.request("GET", "/api/tables")
                res = conn.getresponse()
                res.read()
                with lock:
                    counts[res.status] = counts.get(res.status, 0) + 1
            except Exception:
                conn = http.client.HTTPConnection("127.0.0.1", port)
    for _ in range(4):
        threading.Thread(target=loop, daemon=True).start()
    ready.set()
    stop.wait()
    print("  /api/tables answers by status:", counts)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("tabletop")
    p.add_argument("loadgen")
    p.add_argument("scenario", choices=["churn", "http"])
    p.add_argument("--seconds", type=int, default=15)
    p.add_argument("--churners", type=int, default=10, help="churn: connections toggling watch/leave")
    args = p.parse_args()
    work = tempfile.mkdtemp(prefix="abuse-load-")
    log = open(os.path.join(work, "serve.log"), "w")
    serve = subprocess.Popen([args.tabletop, "serve", "--host", "127.0.0.1", "--port", "0", "--db",
                              os.path.join(work, "t.db")], stdout=log, stderr=subprocess.STDOUT)
    try:
        port = None
        for _ in range(100):
            time.sleep(0.1)
            m = re.search(r"127\.0\.0\.1:(\d+)", open(os.path.join(work, "serve.log")).read())
            if m:
                port = int(m.group(1))
                break
        assert port, open(os.path.join(work, "serve.log")).read()
        base = loadgen(args, port)
        stop, ready = threading.Event(), threading.Event()
        t = threading.Thread(target=churn if args.scenario == "churn" else http_loop,
                             args=(args, port, stop, ready), daemon=True)
        t.start()
        ready.wait(120)
        under = loadgen(args, port)
        stop.set()
        t.join(5)
        for name, r in (("alone", base), (args.scenario, under)):
            print(f"  {name}: " + json.dumps(r)[:700])
    finally:
        serve.terminate()
        serve.wait(10)


if __name__ == "__main__":
    main()
