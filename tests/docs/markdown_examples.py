"""The examples of the Markdown pages: fenced blocks, their markers, and how
an output shown in the docs is matched against a real one (docs/contributing.md,
"Examples in the docs"). Used by run_examples.py."""

import os
import re
import shlex

COMMAND_LANGS = {"sh", "console", "pycon", "python", ""}
MARKER = re.compile(r"^\s*<!--\s*example:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([^\s`]*)")


# The `timings` normalisation: a number followed by a unit of time or rate.
TIMING = re.compile(
    r"\d[\d,]*(?:\.\d+)?(?=\s?(?:µs|ms|s\b|games/s|M decisions/s|k decisions/s|decisions/s|"
    r"simulations/s))")


class Block:
    def __init__(self, path, line, lang, lines, marker):
        self.path, self.line, self.lang, self.lines, self.marker = path, line, lang, lines, marker
        self.kind, self.opts, self.prelude = None, {}, []

    @property
    def where(self):
        return f"{self.path}:{self.line}"

    def is_command_block(self):
        return self.lang in COMMAND_LANGS or any(
            l.startswith("$ ") or l.startswith('{"cmd"') for l in self.lines)


def parse_blocks(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        text = f.read().split("\n")
    blocks, i = [], 0
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            i += 1
            continue
        fence, lang, start = m.group(2), m.group(3), i
        j = i + 1
        while j < len(text) and not text[j].strip().startswith(fence):
            j += 1
        k = start - 1
        while k >= 0 and not text[k].strip():
            k -= 1
        marker = MARKER.match(text[k]).group(1) if k >= 0 and MARKER.match(text[k]) else None
        blocks.append(Block(rel, start + 1, lang, text[start + 1:j], marker))
        i = j + 1
    return blocks


def parse_marker(block):
    """Sets block.kind and block.opts; returns an error or None."""
    try:
        words = shlex.split(block.marker)
    except ValueError as e:
        return f"unreadable marker ({e})"
    if not words or words[0] not in ("run", "skip"):
        return "a marker is `example: run ...` or `example: skip reason=\"...\"`"
    block.kind = words[0]
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if key not in ("exit", "output", "timings", "timeout", "session", "before", "reason"):
            return f"unknown marker key '{key}'"
        block.opts[key] = value if eq else True
    if block.kind == "skip" and not str(block.opts.get("reason", "")).strip():
        return "a skipped example needs reason=\"...\""
    if block.opts.get("output", "exact") != "exact":
        return "output= takes only exact"
    return None


def line_matches(expected, actual):
    pattern = ".*?".join(re.escape(part) for part in expected.split("…"))
    return re.fullmatch(pattern, actual) is not None


def output_matches(expected, actual):
    """`…` alone on a line stands for any lines; `…` within a line for any text."""
    exp = [l.rstrip() for l in expected]
    act = [l.rstrip() for l in actual]
    while act and not act[-1]:
        act.pop()

    def match(i, j):
        if i == len(exp):
            return j == len(act)
        if exp[i].strip() == "…":
            return any(match(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and line_matches(exp[i], act[j]) and match(i + 1, j + 1)

    return match(0, 0)


def console_commands(lines):
    """`$ cmd` lines (a trailing backslash continues one) and the output after each."""
    out, cur = [], None
    for line in lines:
        if cur is not None and cur["cmd"].endswith("\\"):
            cur["cmd"] = cur["cmd"][:-1] + "\n" + line
        elif line.startswith("$ "):
            cur = {"cmd": line[2:], "output": []}
            out.append(cur)
        elif cur is None:
            raise ValueError("a console block starts with `$ COMMAND`")
        else:
            cur["output"].append(line)
    return out
ASSIGNMENT = re.compile(r"^([A-Za-z_]\w*)=(\S+)\s*(?:#.*)?$")
JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
OK_FIELD = re.compile(r'"ok":\s*(true|false)')


def reply_problems(shown, actual):
    """A shown reply is a shortened one: its `ok` must be the reply's, and each of its
    strings without `…` (keys and values) must be in the reply."""
    problems = []
    want_ok = OK_FIELD.search(shown)
    got_ok = OK_FIELD.search(actual)
    if want_ok and (not got_ok or got_ok.group(1) != want_ok.group(1)):
        problems.append(f'"ok" is {got_ok.group(1) if got_ok else "missing"}')
    for s in dict.fromkeys(JSON_STRING.findall(shown)):
        if "…" not in s and f'"{s}"' not in actual:
            problems.append(f'"{s}" is not in the reply')
    return problems
