"""HAProxy in front of a local tabletop cluster (deploy/haproxy/tabletop.cfg).

The committed configuration is used as is, except the lines between
`# nodes begin` and `# nodes end`: they are rendered for the cluster's nodes
from the committed p1 pair (a `server` and a `use-server` line), with p1
replaced by each node's name. Ports reach HAProxy through the environment
(TT_PROXY_PORT, TT_<NODE>_PORT, TT_RUN_DIR), as the file says.

Only the Python standard library is used.
"""
import ctypes
import os
import re
import shutil
import signal
import socket
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = os.path.join(os.path.dirname(HERE), "deploy", "haproxy", "tabletop.cfg")
BEGIN, END = "# nodes begin", "# nodes end"
NODE_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def die_with_parent():
    """In a child: SIGTERM when the launcher ends (Linux's PR_SET_PDEATHSIG), so nothing outlives it."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def port_variable(node):
    """The environment variable holding a node's port: p1 -> TT_P1_PORT."""
    return "TT_" + node.upper().replace("-", "_") + "_PORT"


def render(text, nodes):
    """The configuration `text` with its node block written for `nodes`."""
    lines = text.splitlines()
    try:
        begin = next(i for i, l in enumerate(lines) if l.strip() == BEGIN)
        end = next(i for i, l in enumerate(lines) if l.strip() == END)
    except StopIteration:
        raise ValueError(f"no '{BEGIN}' ... '{END}' block in the HAProxy configuration") from None
    template = [l for l in lines[begin + 1:end] if re.search(r"\bp1\b|TT_P1_PORT", l)]
    if len(template) != 2:
        raise ValueError("the node block needs exactly one `server p1` and one `use-server p1` line")
    block = []
    for node in nodes:
        if not NODE_NAME.match(node):
            raise ValueError(f"bad node name {node!r} (letters, digits, '-', '_'; at most 32)")
        for l in template:
            block.append(re.sub(r"\bp1\b", node, l.replace("TT_P1_PORT", port_variable(node))))
    return "\n".join(lines[:begin + 1] + block + lines[end:]) + "\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proxy:
    """One haproxy process (foreground, -db) on a free loopback port; stopped by its pid."""

    def __init__(self, work, node_ports, config=CONFIG, haproxy=None):
        self.work, self.node_ports, self.config = work, dict(node_ports), config
        self.haproxy = haproxy or shutil.which("haproxy") or "/usr/sbin/haproxy"
        self.proc = None
        self.port = None
        self.socket_path = os.path.join(work, "haproxy.sock")
        self.cfg_path = os.path.join(work, "haproxy.cfg")
        self.log_path = os.path.join(work, "haproxy.log")

    def start(self, timeout=20):
        if not os.access(self.haproxy, os.X_OK):
            raise RuntimeError("haproxy not found (scripts/install-deps.sh installs it)")
        with open(self.config) as f:
            text = render(f.read(), list(self.node_ports))
        with open(self.cfg_path, "w") as f:
            f.write(text)
        deadline = time.monotonic() + timeout
        for attempt in range(3):  # the free port may be taken between our look and haproxy's bind
            self.port = free_port()
            env = dict(os.environ, TT_PROXY_PORT=str(self.port), TT_RUN_DIR=self.work)
            env.update({port_variable(n): str(p) for n, p in self.node_ports.items()})
            with open(self.log_path, "ab") as out:
                self.proc = subprocess.Popen([self.haproxy, "-db", "-f", self.cfg_path], env=env, stdin=subprocess.DEVNULL,
                                             stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                             preexec_fn=die_with_parent)
            while time.monotonic() < deadline and self.proc.poll() is None:
                if self._listening() and os.path.exists(self.socket_path):
                    return
                time.sleep(0.05)
            if self.proc.poll() is None:
                self.stop()
                break
        raise RuntimeError(f"haproxy did not start; its log:\n{read(self.log_path)[-3000:]}")

    def _listening(self):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return True
        except OSError:
            return False

    def command(self, line):
        """One command on HAProxy's admin socket; its answer."""
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(5)
            s.connect(self.socket_path)
            s.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def states(self):
        """Each node's state as HAProxy's health checks see it: {'p1': 'UP', 'p2': 'DOWN', ...}."""
        out = {}
        for line in self.command("show servers state tabletop_nodes").splitlines():
            fields = line.split()
            if len(fields) > 5 and not line.startswith("#") and fields[3] in self.node_ports:
                out[fields[3]] = "UP" if fields[5] == "2" else "DOWN"
        return out

    def wait_state(self, node, state, timeout=15):
        """Waits until HAProxy sees `node` in `state` ('UP' or 'DOWN')."""
        deadline = time.monotonic() + timeout
        while self.states().get(node) != state:
            if time.monotonic() > deadline:
                raise RuntimeError(f"HAProxy did not see {node} {state} in {timeout} s: {self.states()}")
            time.sleep(0.05)

    def stop(self):
        """SIGTERM (HAProxy's hard stop), SIGKILL after 5 s; by the pid started here."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""
