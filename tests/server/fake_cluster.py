"""A stand-in for a cluster of `tabletop serve` processes behind HAProxy, for
testing tabletop-loadgen's side of the cluster contract (docs/server.md,
"Load"), Python standard library only.

One socket on 127.0.0.1 plays the proxy and two nodes, p1 and p2. A WebSocket
`/ws?node=N` is served by node N when it is up, otherwise (or without `node`)
by the next node that is up, in turn. Each table is owned by one node; a
join, resume or act reaching another node is answered with the contract's
`moved` reply. The game is small: 12 decisions, seats in turn, options a/b/c,
`concede` at any time; `GET /api/records/ID` returns a finished table's
decisions. The cluster's troubles are played by the test through `outage`,
`take_away`, `freeze_next_act` and `freeze_waiting_seat`; a broken server's
through `break_next_act` and `push_broken`.
"""
import base64
import hashlib
import json
import secrets
import socket
import socketserver
import struct
import threading
import time

NODES = ("p1", "p2")
DECISIONS = 12
RETRY_MS = (50, 400)  # in turn: loadgen waits 200 ms (its least) after the first, 400 after the second
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Connection:
    def __init__(self, sock, asked, node):
        self.sock, self.asked, self.node = sock, asked, node
        self.send_lock = threading.Lock()
        self.frozen = False  # a stopped process: nothing in or out, not even a pong
        self.hung = False  # a stuck game: requests never answered, pings still are
        self.closed = False

    def frame(self, opcode, payload):
        head = bytes([0x80 | opcode])
        n = len(payload)
        head += bytes([n]) if n < 126 else (bytes([126]) + struct.pack("!H", n) if n < 65536
                                            else bytes([127]) + struct.pack("!Q", n))
        with self.send_lock:
            if self.closed or self.frozen or (self.hung and opcode < 8):
                return
            try:
                self.sock.sendall(head + payload)
            except OSError:
                self.closed = True

    def send(self, message):
        self.frame(1, json.dumps(message).encode())

    def close(self, reason=None):
        """With a reason: a WebSocket close (1000, reason); without: the TCP connection cut."""
        if reason is not None:
            self.frame(8, struct.pack("!H", 1000) + reason.encode())
        with self.send_lock:
            self.closed = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class Table:
    def __init__(self, table_id, owner):
        self.id, self.owner = table_id, owner
        self.tokens = [None, None]
        self.decisions = []
        self.over = False
        self.subscribers = {}  # Connection -> seat

    def update(self, seat):
        pending = []
        if all(self.tokens) and not self.over:
            turn = len(self.decisions) % 2
            entry = {"seat": turn}
            if turn == seat:
                entry["options"] = [{"id": o} for o in "abc"]
            pending.append(entry)
        # A whole view each time (what a server may always send instead of a patch).
        return {"type": "update", "table": self.id, "as": seat, "seq": len(self.decisions),
                "status": "over" if self.over else "playing", "view": {"decisions": len(self.decisions)},
                "pending": pending, "terminal": self.over}


class Cluster:
    def __init__(self):
        self.lock = threading.RLock()
        self.tables = {}
        self.down = set()
        self.turn = 0
        self.connections = set()
        self.freeze_acts = 0
        self.awaited = {}  # (table, who, cmd) -> (node, time of the moved reply, least wait in s)
        self.moves = 0
        self.counts = {"moved": 0, "moved_wait": 0, "followed": 0, "unfollowed": 0, "too_early": 0,
                       "frozen": 0, "frozen_waiting": 0, "pushes": 0, "requests": 0, "refused": 0}
        self.problems = []
        self.server = None
        self.act_breakages = []  # what the next acts get wrong (break_next_act)
        self.broken = {}  # breakage -> times played

    # --- the test's levers -------------------------------------------------
    def outage(self, seconds):
        """The node holding most tables stops: its connections are cut, the
        proxy sends its clients elsewhere, and its tables answer `moved` to it
        until its lease expires after `seconds`; then the other node holds them
        and the stopped one is back."""
        with self.lock:
            owners = [t.owner for t in self.tables.values() if not t.over]
            node = max(NODES, key=owners.count)
            self.down.add(node)
            for conn in [c for c in self.connections if c.node == node]:
                conn.close()

        def expire():
            time.sleep(seconds)
            with self.lock:
                heir = next(n for n in NODES if n != node)
                for table in self.tables.values():
                    if table.owner == node:
                        table.owner = heir
                self.down.discard(node)
        threading.Thread(target=expire, daemon=True).start()

    def take_away(self, count):
        """Up to `count` tables being played are taken over by the other node:
        their connections get the `moved` push and a close "table moved"."""
        with self.lock:
            playing = [t for t in self.tables.values() if all(t.tokens) and not t.over
                       and not any(c.frozen or c.hung for c in t.subscribers)]
            for table in playing[:count]:
                table.owner = next(n for n in NODES if n != table.owner)
                self.counts["pushes"] += 1
                for conn in list(table.subscribers):
                    conn.send({"type": "moved", "table": table.id})
                    conn.close("table moved")
                table.subscribers.clear()

    def freeze_waiting_seat(self):
        """The connection of a seat waiting for the other's decision stops (no
        frame in or out, no pong): only its pings can tell."""
        with self.lock:
            for table in self.tables.values():
                if not all(table.tokens) or table.over:
                    continue
                waiting = 1 - len(table.decisions) % 2
                for conn, seat in table.subscribers.items():
                    if seat == waiting and not conn.frozen:
                        conn.frozen = True
                        self.counts["frozen_waiting"] += 1
                        return

    def freeze_next_act(self, count=1):
        """The next `count` acts are never answered, nor is anything after them
        on their connection; its pings are (the game is stuck, not the process)."""
        with self.lock:
            self.freeze_acts += count

    def break_next_act(self, kind):
        """The next act (a legal one, on the current position) is answered as a
        broken server would: "refuse" refuses it as an illegal option,
        "wrong_seq" acknowledges it with another seq, "lost" acknowledges it
        but stores another option in its place in the table's record."""
        with self.lock:
            self.act_breakages.append(kind)

    def push_broken(self, kind):
        """A broken frame to one seat of a table being played: "error_frame" an
        error without a request, "bad_patch" an update whose patch has an op RFC
        6902 has but the server never writes, "patch_base" a well-formed patch
        from a version the connection was never sent. False when no seat is
        there yet."""
        with self.lock:
            for table in self.tables.values():
                if not all(table.tokens) or table.over or not table.subscribers:
                    continue
                conn, seat = next(iter(table.subscribers.items()))
                if kind == "error_frame":
                    conn.send({"type": "error", "error": "the server broke: a frame out of nowhere"})
                else:
                    update = table.update(seat)
                    del update["view"]
                    if kind == "bad_patch":
                        update.update(patch=[{"op": "move", "from": "/decisions", "path": "/moved"}],
                                      base=1, version=2)
                    else:
                        update.update(patch=[{"op": "replace", "path": "/decisions",
                                              "value": len(table.decisions)}], base=12345, version=12346)
                    conn.send(update)
                self.broken[kind] = self.broken.get(kind, 0) + 1
                return True
            return False

    # --- requests ----------------------------------------------------------
    def connect(self, sock, asked):
        with self.lock:
            node = asked if asked in NODES and asked not in self.down else None
            if node is None:
                up = [n for n in NODES if n not in self.down]
                node = up[self.turn % len(up)]
                self.turn += 1
            conn = Connection(sock, asked, node)
            self.connections.add(conn)
            return conn

    def disconnect(self, conn):
        with self.lock:
            self.connections.discard(conn)
            for table in self.tables.values():
                table.subscribers.pop(conn, None)

    def request(self, conn, text):
        with self.lock:
            if conn.frozen or conn.hung or conn.closed:  # stopped, stuck, or closed by this side
                return
            self.counts["requests"] += 1
            message = json.loads(text)
            reply = self.answer(conn, message)
            if reply is None:
                return
            reply.update({"type": "reply", "id": message.get("id")})
            if not reply.get("ok"):
                self.counts["refused"] += 1
            conn.send(reply)
            table = self.tables.get(message.get("table"))
            if table and reply.get("ok") and message.get("cmd") in ("join", "resume", "act"):
                for sub, seat in ([(conn, table.subscribers[conn])] if message["cmd"] == "resume"
                                  else list(table.subscribers.items())):
                    sub.send(table.update(seat))

    def answer(self, conn, m):
        cmd, table = m.get("cmd"), self.tables.get(m.get("table"))
        if cmd == "create":
            table_id = secrets.token_hex(5)
            self.tables[table_id] = Table(table_id, conn.node)
            return {"ok": True, "table": table_id, "node": conn.node}
        if cmd not in ("join", "resume", "act", "leave"):
            return {"ok": False, "error": f"unknown command {cmd}"}
        if table is None:
            return {"ok": False, "error": "no such table"}
        if cmd == "leave":
            table.subscribers.pop(conn, None)
            return {"ok": True}
        who = m.get("seat") if cmd == "join" else m.get("token")
        key = (table.id, who, cmd)
        self.check_followed(conn, key)
        if table.owner != conn.node:
            self.counts["moved"] += 1
            if table.owner == conn.asked:
                self.counts["moved_wait"] += 1
            retry_ms = RETRY_MS[self.moves % len(RETRY_MS)]
            self.moves += 1
            wait = min(max(retry_ms, 200), 5000) / 1000 if table.owner == conn.asked else 0
            self.awaited[key] = (table.owner, time.monotonic(), wait)
            return {"ok": False, "error": f"table {table.id} is played on server {table.owner}; reconnect there",
                    "moved": {"table": table.id, "node": table.owner, "here": conn.node, "retry_ms": retry_ms}}
        if cmd == "join":
            seat = m.get("seat")
            if seat not in (0, 1) or table.tokens[seat]:
                return {"ok": False, "error": "that seat is taken"}
            table.tokens[seat] = secrets.token_hex(16)
            table.subscribers[conn] = seat
            return {"ok": True, "table": table.id, "seat": seat, "token": table.tokens[seat], "node": conn.node}
        if m.get("token") not in table.tokens:
            return {"ok": False, "error": "wrong token"}
        seat = table.tokens.index(m["token"])
        if cmd == "resume":
            table.subscribers[conn] = seat
            return {"ok": True, "table": table.id, "seat": seat}
        return self.act(conn, table, seat, m)

    def act(self, conn, table, seat, m):
        if self.freeze_acts > 0:
            self.freeze_acts -= 1
            self.counts["frozen"] += 1
            conn.hung = True
            return None
        if table.over:
            return {"ok": False, "error": "the game is over"}
        if m.get("seq") != len(table.decisions):
            return {"ok": False, "error": "stale: the position changed"}
        option = m.get("option")
        if option != "concede":
            if len(table.decisions) % 2 != seat:
                return {"ok": False, "error": "no decision pending for that seat"}
            if option not in ("a", "b", "c"):
                return {"ok": False, "error": f"no option {option}"}
        breakage = self.act_breakages.pop(0) if self.act_breakages and option != "concede" else None
        if breakage:
            self.broken[breakage] = self.broken.get(breakage, 0) + 1
        if breakage == "refuse":
            return {"ok": False, "error": f"no option {option}"}
        table.decisions.append({"seat": seat, "option": option, "lost": breakage == "lost"})
        table.over = option == "concede" or len(table.decisions) >= DECISIONS
        return {"ok": True, "seq": len(table.decisions) + (5 if breakage == "wrong_seq" else 0)}

    def check_followed(self, conn, key):
        """A request answered `moved` must come again on a connection asking for
        that node, after the wait when the node was the one asked for."""
        awaited = self.awaited.pop(key, None)
        if awaited is None:
            return
        node, when, wait = awaited
        if conn.asked != node:
            self.counts["unfollowed"] += 1
            self.problems.append(f"{key} moved to {node} came again asking for {conn.asked!r}")
        else:
            self.counts["followed"] += 1
        elapsed = time.monotonic() - when
        if elapsed < 0.95 * wait:
            self.counts["too_early"] += 1
            self.problems.append(f"{key} came again after {elapsed * 1000:.0f} ms, not {wait * 1000:.0f}")

    def record(self, table_id):
        with self.lock:
            table = self.tables.get(table_id)
            if not table or not table.over:
                return None
            # A lost decision: another option stored in its place.
            return {"decisions": [{"seat": d["seat"], "option": "lost" if d["lost"] else d["option"]}
                                  for d in table.decisions]}

    # --- the socket ----------------------------------------------------------
    def start(self):
        cluster = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self):
                cluster.serve(self.request)

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self.server.server_address[1]

    def stop(self):
        if self.server:
            self.server.shutdown()
            self.server.server_close()

    def serve(self, sock):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        stream = sock.makefile("rb")
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            line = stream.readline()
            if not line:
                return
            head += line
        lines = head.decode("latin-1").split("\r\n")
        target = lines[0].split(" ")[1]
        headers = {k.strip().lower(): v.strip() for k, v in (l.split(":", 1) for l in lines[1:] if ":" in l)}
        if target.startswith("/api/records/"):
            record = self.record(target[len("/api/records/"):])
            body = json.dumps(record).encode() if record else b"not found"
            status = "200 OK" if record else "404 Not Found"
            sock.sendall(f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                         .encode() + body)
            return
        path, _, query = target.partition("?")
        asked = dict(p.partition("=")[::2] for p in query.split("&") if p).get("node", "")
        accept = base64.b64encode(hashlib.sha1(headers["sec-websocket-key"].encode() + GUID).digest())
        sock.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        conn = self.connect(sock, asked)
        try:
            self.read_frames(stream, conn)
        except (OSError, ValueError, struct.error):
            pass
        finally:
            self.disconnect(conn)

    def read_frames(self, stream, conn):
        message = b""
        while True:
            head = stream.read(2)
            if len(head) < 2:
                return
            opcode, n = head[0] & 0x0F, head[1] & 0x7F
            if n == 126:
                n = struct.unpack("!H", stream.read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", stream.read(8))[0]
            mask = stream.read(4) if head[1] & 0x80 else b"\0\0\0\0"
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(stream.read(n)))
            if opcode == 8:
                conn.close("")
                return
            if opcode == 9 and not conn.frozen:
                conn.frame(10, payload)
                continue
            if opcode in (0, 1):
                message += payload
                if head[0] & 0x80:
                    self.request(conn, message.decode())
                    message = b""
