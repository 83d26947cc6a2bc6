"""games/s of a study in one process and on a local Dask cluster: the README's
figures. `python3 -m tabletop.sim.bench [GAME] [--runs 3] [--workers 2]`.

A game counts from a fresh deal to its end (every decision of every seat by
the agents), plus counting it into the totals. The cluster's figure is timed
on a cluster already started; its start-up is reported apart."""

import argparse
import statistics
import time

from . import decks as deck_files
from .cluster import local_cluster, run_in_process, run_on_client
from .study import matrix_study


def _cpu(client, where):
    """CPU seconds used so far by whoever plays: this process, or the workers
    (on a machine shared with other work, games/s per CPU second shows the
    cost of a game apart from the cores it could get)."""
    if where == "one process":
        return time.process_time()
    return sum(client.run(time.process_time).values())


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m tabletop.sim.bench")
    p.add_argument("game", nargs="?", default="suikoden")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--random-games", type=int, default=10000, help="per pairing, random agents")
    p.add_argument("--greedy-games", type=int, default=1000, help="per pairing, greedy agents")
    p.add_argument("--chunk", type=int, default=500)
    a = p.parse_args(argv)
    from distributed import Client

    names = deck_files.starter_decks(a.game)
    decks = [(n, n) for n in names]
    start = time.monotonic()
    cluster = local_cluster(a.workers)
    client = Client(cluster)
    client.wait_for_workers(a.workers)
    print(f"{a.game}, decks {', '.join(names)} (every pairing once, seats swapped); "
          f"local cluster of {a.workers} workers started in {time.monotonic() - start:.1f} s")
    try:
        for agent, games in (("random", a.random_games), ("greedy", a.greedy_games)):
            study = matrix_study(a.game, decks, agents=[agent], games=games, chunk=a.chunk)
            total = study.total_games()
            for where in ("one process", f"{a.workers} workers"):
                rates, per_cpu = [], []
                for _ in range(a.runs):
                    cpu = _cpu(client, where)
                    t = time.monotonic()
                    totals = (run_in_process(study) if where == "one process"
                              else run_on_client(study, client))
                    rates.append(total / (time.monotonic() - t))
                    per_cpu.append(total / (_cpu(client, where) - cpu))
                    assert totals.complete()
                print(f"  {agent:>6} {where:>12}: {total:,} games, median {statistics.median(rates):,.0f} games/s "
                      f"(runs: {', '.join(f'{r:,.0f}' for r in rates)}); "
                      f"{statistics.median(per_cpu):,.0f} games per CPU second", flush=True)
    finally:
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
