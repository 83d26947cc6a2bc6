"""A small WebSocket client (RFC 6455) for the tests, Python standard library only.

    ws = WebSocket(port, "/ws?node=p2")   # ws.headers: the 101's headers (lower-case names)
    reply = ws.request({"cmd": "ping"})   # sends with an id, returns the reply with that id
    ws.close()

Text frames only, masked as a client must; pings are answered; a close frame
or a dropped socket raises ConnectionError.
"""
import base64
import itertools
import json
import os
import socket
import struct


class WebSocket:
    _ids = itertools.count(1)

    def __init__(self, port, path="/ws", host="127.0.0.1", timeout=5):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError(f"closed during the handshake: {head!r}")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1])
        self.headers = {k.strip().lower(): v.strip() for k, v in (l.split(":", 1) for l in lines[1:] if ":" in l)}
        if self.status != 101:
            self.sock.close()
            raise ConnectionError(f"no upgrade: {lines[0]}")

    def send(self, obj):
        data = json.dumps(obj).encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else
                                struct.pack("!BH", 0x80 | 126, n) if n < 65536 else struct.pack("!BQ", 0x80 | 127, n))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("connection closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def receive(self):
        """The next text message, parsed."""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise ConnectionError(f"closed by the server: {payload[2:].decode(errors='replace')}")
            if opcode == 0x9:  # ping: pong with the same payload
                mask = os.urandom(4)
                self.sock.sendall(bytes([0x8A, 0x80 | n]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            elif opcode == 0x1:
                return json.loads(payload)

    def request(self, obj):
        """Sends `obj` with a fresh id; the reply carrying that id (pushed messages before it are skipped)."""
        ident = next(self._ids)
        self.send({**obj, "id": ident})
        while True:
            msg = self.receive()
            if msg.get("type") == "reply" and msg.get("id") == ident:
                return msg

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass
