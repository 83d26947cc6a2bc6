#!/usr/bin/env python3
"""docs_examples: run every example of README.md and docs/ against a build.

    run_examples.py --source DIR --build DIR [--only FILE[:LINE]]... [-v]

Every fenced block of README.md, docs/*.md and docs/games/*.md that holds
commands (info string sh, console, pycon, python or none, or a line starting
with `$ ` or `{"cmd"`) must follow a marker saying what to do with it:

    <!-- example: run [exit=N] [output=exact] [timings] [timeout=S] [session=NAME] [before='LINE'] -->
    <!-- example: skip reason="why it cannot run here" -->

The marker format, the normalisations and how a block of each language is run
are described in docs/contributing.md ("Examples in the docs"). A block with
no marker fails the test, so a new example must be classified. Standard
library only; ctest runs it as `docs_examples`.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from markdown_examples import (ASSIGNMENT, TIMING, console_commands, output_matches,
                               parse_blocks, parse_marker, reply_problems)

# build/dev/ and build/release/ in a command stand for the build under test.
BUILD_PATH = re.compile(r"(?<![\w/.])(?:\./)?build/(?:dev|release)/")


# An exception or a syntax error (`python3 -i` goes on after one and exits 0).
PYTHON_ERROR = re.compile(r"Traceback \(most recent call last\)|^\w*Error: ", re.M)
# Debian's interpreter, which has NumPy and Dask (as the README says to use).
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


class Sandbox:
    """A temporary folder per Markdown file: a copy of data/, the source's
    tests/ and python/ linked, `tabletop` and friends on PATH."""

    def __init__(self, source, build):
        self.dir = tempfile.mkdtemp(prefix="docs-examples-")
        shutil.copytree(os.path.join(source, "data"), os.path.join(self.dir, "data"))
        for name in ("tests", "python", "bench"):
            os.symlink(os.path.join(source, name), os.path.join(self.dir, name))
        self.bin = tempfile.mkdtemp(prefix="docs-examples-bin-")
        for name, rel in (("tabletop", "src/cli/tabletop"), ("tabletop-sim", "python/tabletop-sim"),
                          ("tabletop-loadgen", "tools/loadgen/tabletop-loadgen")):
            target = os.path.join(build, rel)
            if os.path.exists(target):
                os.symlink(target, os.path.join(self.bin, name))
        self.env = dict(os.environ)
        for var in ("TABLETOP_DATA", "TABLETOP_WEB"):
            self.env.pop(var, None)
        self.env.update(PATH=self.bin + os.pathsep + self.env.get("PATH", ""),
                        HOME=self.dir, PYTHONPATH=os.path.join(build, "python"),
                        PYTHONDONTWRITEBYTECODE="1", MPLBACKEND="Agg", LC_ALL="C.UTF-8",
                        COLUMNS="80")

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)
        shutil.rmtree(self.bin, ignore_errors=True)


def describe(cmd, proc):
    return (f"  $ {cmd}\n  exit {proc.returncode}\n  stdout:\n" +
            "".join(f"    {l}\n" for l in proc.stdout.splitlines()) + "  stderr:\n" +
            "".join(f"    {l}\n" for l in proc.stderr.splitlines()[-20:]))


def run_shell(block, box, build, script, stdin=""):
    script = BUILD_PATH.sub(build + "/", script)
    timeout = float(block.opts.get("timeout", 60))
    return script, subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=box.dir,
                                  env=box.env, input=stdin, capture_output=True, text=True,
                                  timeout=timeout)


def check_exit(block, proc, want):
    return proc.returncode == int(block.opts.get("exit", 0)) if want else proc.returncode == 0


def run_console(block, box, build):
    cmds = console_commands(block.lines)
    for n, c in enumerate(cmds):
        last = n == len(cmds) - 1
        script, proc = run_shell(block, box, build, c["cmd"])
        if not check_exit(block, proc, last):
            return f"exit code {proc.returncode}, expected {block.opts.get('exit', 0) if last else 0}\n" + describe(script, proc)
        if block.opts.get("output") == "exact":
            exp, act = c["output"], proc.stdout.splitlines()
            if "timings" in block.opts:
                exp = [TIMING.sub("#", l) for l in exp]
                act = [TIMING.sub("#", l) for l in act]
            if not output_matches(exp, act):
                return "the output differs from the one shown\n" + describe(script, proc)
    return None


def run_sh(block, box, build):
    # A line that only sets a variable (B=build/release/src/cli/tabletop) holds for
    # the later blocks of the same file too, as it would in the reader's shell.
    script, proc = run_shell(block, box, build, "\n".join(block.prelude + block.lines))
    if not check_exit(block, proc, True):
        return f"exit code {proc.returncode}, expected {block.opts.get('exit', 0)}\n" + describe(script, proc)
    return None


def run_python(block, box, build, interactive):
    code = block.lines
    if interactive:  # a pycon transcript: the `>>> ` and `... ` lines are the input
        code = [l[4:] for l in block.lines if l.startswith(">>> ") or l.startswith("... ")]
        code += [""]
    argv = [PYTHON, "-i", "-q"] if interactive else [PYTHON, "-"]
    proc = subprocess.run(argv, cwd=box.dir, env=box.env, input="\n".join(code) + "\n",
                          capture_output=True, text=True,
                          timeout=float(block.opts.get("timeout", 60)))
    if proc.returncode != 0 or PYTHON_ERROR.search(proc.stderr):
        return "the Python example failed\n" + describe("\n".join(code), proc)
    return None


class EngineSession:
    def __init__(self, box, build):
        self.proc = subprocess.Popen([os.path.join(build, "src/cli/tabletop"), "engine"],
                                     cwd=box.dir, env=box.env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, line, timeout=60):
        # An engine that does not answer is killed, so its reply reads as empty.
        watchdog = threading.Timer(timeout, self.proc.kill)
        watchdog.start()
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            return self.proc.stdout.readline().rstrip("\n")
        except BrokenPipeError:
            return ""
        finally:
            watchdog.cancel()

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def run_engine(block, sessions, box, build):
    name = block.opts.get("session", block.path)
    if name not in sessions:
        sessions[name] = EngineSession(box, build)
    engine = sessions[name]
    if "before" in block.opts:
        engine.ask(block.opts["before"])
    i, lines = 0, block.lines
    while i < len(lines):
        request = lines[i]
        if not request.startswith("{"):
            return f"line {block.line + 1 + i}: a request line starting with '{{' expected"
        json.loads(request)  # a request must be real JSON
        j = i + 1
        while j < len(lines) and not lines[j].startswith('{"cmd"'):
            j += 1
        shown = "\n".join(lines[i + 1:j])
        reply = engine.ask(request)
        problems = reply_problems(shown, reply)
        if problems:
            return (f"request {request}\n  reply  {reply[:2000]}\n  " + "\n  ".join(problems))
        i = j
    return None


def run_block(block, box, build, sessions):
    if block.lang == "console":
        return run_console(block, box, build)
    if block.lang in ("sh", ""):
        return run_sh(block, box, build)
    if block.lang in ("pycon", "python"):
        return run_python(block, box, build, block.lang == "pycon")
    if block.lang == "json":
        return run_engine(block, sessions, box, build)
    return f"cannot run a block of language '{block.lang}'"


def run_file(todo, source, build, verbose):
    failures, box, sessions = [], Sandbox(source, build), {}
    try:
        for b in todo:
            t = time.monotonic()
            try:
                err = run_block(b, box, build, sessions)
            except subprocess.TimeoutExpired as e:
                err = f"timed out after {e.timeout} s (timeout=S in the marker)"
            except (ValueError, OSError) as e:
                err = str(e)
            if verbose:
                print(f"{b.where}: {'FAIL' if err else 'ok'} ({time.monotonic() - t:.1f} s)",
                      flush=True)
            if err:
                failures.append(f"{b.where}: {err}")
    finally:
        for s in sessions.values():
            s.close()
        box.close()
    return failures


def wanted(only, block):
    """--only FILE runs the file; FILE:LINE the file's blocks up to that one, which
    may make the files or the engine session it uses."""
    path, _, line = only.partition(":")
    return path == block.path and (not line or block.line <= int(line))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--only", action="append", default=[],
                    help="FILE, or FILE:LINE (the file's blocks up to that one): run only these "
                         "(markers are still all checked)")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="files run at once (default 2)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    source, build = os.path.abspath(args.source), os.path.abspath(args.build)
    files = ["README.md"] + sorted(
        os.path.relpath(p, source) for pattern in ("docs/*.md", "docs/games/*.md")
        for p in glob.glob(os.path.join(source, pattern)))
    failures, skipped, work, started = [], 0, [], time.monotonic()
    for rel in files:
        todo, assignments = [], []
        for b in parse_blocks(source, rel):
            if b.marker is None:
                if b.is_command_block():
                    failures.append(f"{b.where}: an example with no marker: mark it "
                                    "`<!-- example: run ... -->` or `<!-- example: skip "
                                    "reason=\"...\" -->` (docs/contributing.md)")
                continue
            err = parse_marker(b)
            if err:
                failures.append(f"{b.where}: {err}")
            elif b.kind == "skip":
                skipped += 1
            else:
                b.prelude = list(assignments)
                if b.lang in ("sh", ""):
                    assignments += [l for l in b.lines if ASSIGNMENT.match(l)]
                if not args.only or any(wanted(o, b) for o in args.only):
                    todo.append(b)
        if todo:
            work.append(todo)
    # The files run side by side (each in its own folder); a file's blocks in order.
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda todo: run_file(todo, source, build, args.verbose), work))
    ran = sum(len(todo) for todo in work)
    for r in results:
        failures += r
    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    print(f"{ran} examples run, {skipped} marked not run, {len(failures)} failures "
          f"({time.monotonic() - started:.1f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
