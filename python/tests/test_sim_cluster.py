"""tabletop-sim on a local Dask cluster of 2 workers: the same numbers as in one
process, also when a worker is killed in the middle of the study."""

import os
import signal

from tabletop.sim import matrix_study, run_study
from tabletop.sim.cli import main

CSVS = ["matchups.csv", "decks.csv", "cards.csv", "lengths.csv", "length_summary.csv", "seats.csv"]
STUDY = ["matrix", "suikoden", "--decks", "dawn,ember,iron", "--agents", "random", "--games", "120",
         "--chunk", "20", "--quiet", "--no-plots"]


def read(folder):
    return {name: (folder / name).read_text() for name in CSVS}


def test_a_local_cluster_gives_the_numbers_of_one_process(tmp_path):
    assert main(STUDY + ["--processes", "0", "--out", str(tmp_path / "one")]) == 0
    assert main(STUDY + ["--workers", "2", "--out", str(tmp_path / "two")]) == 0
    one, two = read(tmp_path / "one"), read(tmp_path / "two")
    assert one == two
    assert len(one["matchups.csv"].splitlines()) == 7 and len(one["cards.csv"].splitlines()) > 50


def test_a_killed_worker_has_its_chunks_rerun_and_the_totals_stay_exact():
    decks = [(d, d) for d in ("dawn", "ember", "iron", "river")]
    study = matrix_study("suikoden", decks, agents=["random"], games=200, chunk=10, seed=3)
    reference = run_study(study, workers=0).tally.exact()
    killed = []

    def kill_one_worker(client, totals):
        if killed or len(totals.tally.chunks) < 4:
            return
        pids = client.run(os.getpid)                     # {worker address: process id}
        in_hand = client.processing()                    # {worker address: its chunks in hand}
        busy = [(address, pid) for address, pid in sorted(pids.items()) if in_hand.get(address)]
        if not busy:
            return                                       # try again after the next chunk
        address, pid = busy[0]
        os.kill(pid, signal.SIGKILL)
        killed.append((pid, len(in_hand[address]), len(totals.tally.chunks)))

    totals = run_study(study, workers=2, on_chunk=kill_one_worker)
    assert killed, "no worker was killed"
    pid, in_hand, done = killed[0]
    assert in_hand > 0 and done < len(totals.expected), "the worker was killed mid-study with work in hand"
    assert totals.complete()
    assert totals.tally.exact() == reference


def test_a_scheduler_address_runs_the_study_there(tmp_path):
    from tabletop.sim.cluster import local_cluster

    assert main(STUDY + ["--processes", "0", "--out", str(tmp_path / "one")]) == 0
    with local_cluster(2) as cluster:                 # as if started by `dask scheduler` and `dask worker`
        assert main(STUDY + ["--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "there")]) == 0
    assert read(tmp_path / "one") == read(tmp_path / "there")
    assert "Dask scheduler tcp://" in (tmp_path / "there" / "summary.json").read_text()
