#!/usr/bin/env python3
"""Writes the set-up seeds of the fuzz targets (docs/fuzzing.md): one set-up per game,
variant and seat count the game accepts (asked of `tabletop engine`: `games`, then a
`new` for each), each played a while (`play`) before its state is saved and loaded
again. tests/fuzz/seeds/setups has each variant at its smallest table and Last
Chronicle at every seat count (the bounded run and the long run);
tests/fuzz/seeds/setups-more every other seat count (the long run only).
Usage: make_seeds.py TABLETOP_BIN"""
import json, pathlib, subprocess, sys

tabletop = sys.argv[1]
seeds = pathlib.Path(__file__).resolve().parent / "seeds"


def engine(lines):
    run = subprocess.run([tabletop, "engine"], input="".join(json.dumps(l) + "\n" for l in lines),
                         capture_output=True, text=True, check=True)
    return [json.loads(r) for r in run.stdout.splitlines()]


games = engine([{"cmd": "games"}])[0]["games"]
tries = [(g["name"], v["name"], n) for g in games for v in g["variants"]
         for n in range(g["min_seats"], g["max_seats"] + 1)]
replies = engine([{"cmd": "new", "game": g, "variant": v, "seats": n} for g, v, n in tries])
for folder in ("setups", "setups-more"):
    (seeds / folder).mkdir(parents=True, exist_ok=True)
    for old in (seeds / folder).glob("*.json"):
        old.unlink()
accepted = [t for t, r in zip(tries, replies) if r["ok"]]
smallest = {}
for g, v, n in accepted:
    smallest.setdefault((g, v), n)
for i, (g, v, n) in enumerate(accepted):
    # From the deal, a little in, and well in (after the set-up choices).
    seed = {"game": g, "setup": {"seats": n, "variant": v, "seed": i + 1}, "play": [0, 40, 120][i % 3]}
    folder = "setups" if n == smallest[(g, v)] or g == "lastchronicle" else "setups-more"
    (seeds / folder / f"{g}-{v}-{n}.json").write_text(json.dumps(seed) + "\n")
print(f"{len(accepted)} set-ups in {seeds}/setups and setups-more")
