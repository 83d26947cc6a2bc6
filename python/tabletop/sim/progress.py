"""A progress bar on stderr: games done of the total, games/s, time left.
On a terminal it redraws one line; otherwise it writes a line every 10%."""

import sys
import time


def _duration(seconds):
    seconds = int(seconds + 0.5)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    def __init__(self, total, *, quiet=False, stream=None, width=30):
        self.total = total
        self.done = 0
        self.quiet = quiet
        self.stream = stream or sys.stderr
        self.width = width
        self.start = time.monotonic()
        self.tty = self.stream.isatty()
        self.next_tenth = 1

    def line(self):
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        filled = int(self.width * self.done / self.total) if self.total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        eta = _duration(left) if left == left else "?"
        return (f"[{bar}] {self.done:,}/{self.total:,} games  {rate:,.0f} games/s  "
                f"ETA {eta}  ({_duration(elapsed)} elapsed)")

    def advance(self, games):
        self.done += games
        if self.quiet:
            return
        if self.tty:
            self.stream.write("\r" + self.line())
            self.stream.flush()
        elif self.total and self.done * 10 >= self.next_tenth * self.total:
            while self.done * 10 >= self.next_tenth * self.total:
                self.next_tenth += 1
            self.stream.write(self.line() + "\n")
            self.stream.flush()

    def finish(self):
        if not self.quiet and self.tty:
            self.stream.write("\r" + self.line() + "\n")
            self.stream.flush()
