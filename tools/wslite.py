"""A minimal WebSocket client for tests and tools (Python standard library
only): text frames out (masked), text and close frames in, a timeout on every
read. Not a general client: no fragmentation, no extensions, no TLS.

    ws = Ws(port, path="/ws?node=p2", local="127.0.0.1")
    ws.send({"cmd": "ping", "id": 1}); ws.reply(1)
"""
import base64
import json
import os
import socket
import struct


class Closed(EOFError):
    """The server closed the connection (with its close reason, if it sent one)."""


class Ws:
    def __init__(self, port, path="/ws", local="127.0.0.1", timeout=10):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(local, 0))
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.s.recv(4096)
            if not chunk:
                raise Closed("closed during the handshake")
            self.buf += chunk
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if " 101 " not in lines[0] + " ":
            raise ConnectionError(f"no WebSocket: {lines[0]}")
        self.headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}

    def send(self, obj):
        data = json.dumps(obj).encode()
        mask = os.urandom(4)
        n = len(data)
        if n < 126:
            hdr = bytes([0x81, 0x80 | n])
        elif n < 65536:
            hdr = bytes([0x81, 0x80 | 126]) + struct.pack(">H", n)
        else:
            hdr = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", n)
        self.s.sendall(hdr + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _need(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(1 << 16)
            if not chunk:
                raise Closed("connection closed")
            self.buf += chunk

    def recv(self):
        """The next message (a dict); raises Closed on a close frame or a closed socket."""
        while True:
            self._need(2)
            opcode, n, off = self.buf[0] & 0x0F, self.buf[1] & 0x7F, 2
            if n == 126:
                self._need(4)
                n, off = struct.unpack(">H", self.buf[2:4])[0], 4
            elif n == 127:
                self._need(10)
                n, off = struct.unpack(">Q", self.buf[2:10])[0], 10
            self._need(off + n)
            data, self.buf = self.buf[off:off + n], self.buf[off + n:]
            if opcode == 0x8:
                raise Closed(data[2:].decode("utf-8", "replace"))
            if opcode == 0x1:
                return json.loads(data)

    def reply(self, request_id=None):
        """The next reply (to `request_id` if given); other messages are skipped."""
        while True:
            m = self.recv()
            if m.get("type") == "reply" and (request_id is None or m.get("id") == request_id):
                return m

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass
