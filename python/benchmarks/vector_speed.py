#!/usr/bin/python3
"""Steps per second of the vectorised runner against a loop over single
states, and the microseconds per step spent in Python (docs/python.md).

Both loops take uniformly random legal options and read the acting seat's
observation and its legal options at every step (what a learning agent
needs). A step is one decision by one seat in one game; finished games are
dealt again. Python-side time = wall time - time inside the engine; for
the single-state loop the engine's time per step is taken from the runner's
own count (the same engine work).

    PYTHONPATH=build/release/python /usr/bin/python3 python/benchmarks/vector_speed.py
"""

import argparse
import random
import statistics
import time

import numpy as np

import tabletop


def single_loop(game, steps, seed):
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    next_seed = seed + 1
    start = time.perf_counter()
    for _ in range(steps):
        if state.is_terminal():
            state = game.new_initial_state(seed=next_seed)
            next_seed += 1
        seat = state.pending_seats()[0]
        state.observation_tensor(seat)
        ids = state.legal_actions(seat)
        playable = [a for a in ids if not state.is_undo(a, seat)] or ids
        state.apply_action(playable[int(rng.random() * len(playable))], seat=seat)
    return time.perf_counter() - start


def vector_loop(game, envs, calls, seed):
    vec = tabletop.VectorGame(game, envs, seed=seed)
    rng = np.random.default_rng(seed)
    engine_before = vec.engine_seconds
    start = time.perf_counter()
    for _ in range(calls):
        counts = vec.legal_counts()
        actions = (rng.random(envs) * counts).astype(np.int64)
        vec.step(actions)
    wall = time.perf_counter() - start
    return wall, vec.engine_seconds - engine_before


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(tabletop.games()))
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<14} {'single steps/s':>14} {'vector steps/s':>14} {'engine us':>10} "
          f"{'py us single':>13} {'py us vector':>13} {'ratio':>7}")
    for name in args.games.split(","):
        game = tabletop.load_game(name)
        steps = args.envs * args.calls
        singles, vectors, engines = [], [], []
        for r in range(args.repeats):
            singles.append(single_loop(game, steps // 4, 1000 * r + 1) / (steps // 4))
            wall, engine = vector_loop(game, args.envs, args.calls, 1000 * r + 1)
            vectors.append(wall / steps)
            engines.append(engine / steps)
        single, vector, engine = (statistics.median(x) * 1e6 for x in (singles, vectors, engines))
        py_single = max(single - engine, 1e-3)
        py_vector = max(vector - engine, 1e-3)
        print(f"{name:<14} {1e6 / single:>14,.0f} {1e6 / vector:>14,.0f} {engine:>10.2f} "
              f"{py_single:>13.2f} {py_vector:>13.3f} {py_single / py_vector:>6.0f}x")


if __name__ == "__main__":
    main()
