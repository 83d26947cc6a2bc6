"""Running a study's chunks: in this process (the reference), on a local Dask
cluster (one worker process per core by default) or on a real one
(`--scheduler tcp://HOST:8786`). Whatever runs them, each chunk's tally is
counted once (tally.Totals), so the totals are the same."""

import logging
import os
import uuid
from pathlib import Path

from .chunks import job, play_chunk, split
from .progress import Progress
from .tally import Totals


def _package_parent():
    import tabletop
    return str(Path(tabletop.__file__).resolve().parent.parent)


def _with_package_on_path():
    """Local workers are new processes: they find `tabletop` where this one did."""
    parent = _package_parent()
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if parent not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([parent] + paths)


def run_in_process(study, progress=None):
    chunks = split(study)
    jobs = [job(study, m) for m in range(len(study.matchups))]
    totals = Totals(chunks)
    for chunk in chunks:
        totals.add(play_chunk(jobs[chunk.matchup], chunk))
        if progress:
            progress.advance(chunk.count)
    return totals


def local_cluster(workers, threads=1):
    from distributed import LocalCluster

    _with_package_on_path()
    return LocalCluster(n_workers=workers, threads_per_worker=threads, processes=True,
                        dashboard_address=None, silence_logs=logging.ERROR)


def run_on_client(study, client, progress=None, on_chunk=None):
    """Submit every chunk to `client` and count them as they finish. A chunk whose
    worker died is rerun by the scheduler; its first result to arrive counts.
    `on_chunk(client, totals)` is called after each chunk (the tests use it)."""
    from dask.base import tokenize
    from distributed import as_completed

    chunks = split(study)
    jobs = [job(study, m) for m in range(len(study.matchups))]
    token = f"{tokenize(study.to_dict())}-{uuid.uuid4().hex[:8]}"   # this run's keys: nothing reused
    totals = Totals(chunks)
    games = {c.index: c.count for c in chunks}
    futures = [client.submit(play_chunk, jobs[c.matchup], c, key=f"tabletop-chunk-{token}-{c.index}")
               for c in chunks]
    try:
        for future, tally in as_completed(futures, with_results=True):
            if totals.add(tally) and progress:
                progress.advance(sum(games[i] for i in tally.chunks))
            if on_chunk:
                on_chunk(client, totals)
    finally:
        for f in futures:
            f.release()
    return totals


def run_study(study, *, workers=None, scheduler=None, threads=1, quiet=True, on_chunk=None):
    """Totals of `study`. workers=0 (and no scheduler): in this process."""
    progress = Progress(study.total_games(), quiet=quiet)
    try:
        if scheduler:
            from distributed import Client

            with Client(scheduler) as client:
                totals = run_on_client(study, client, progress, on_chunk)
        elif workers == 0:
            totals = run_in_process(study, progress)
        else:
            from distributed import Client

            with local_cluster(workers or os.cpu_count() or 1, threads) as cluster, Client(cluster) as client:
                totals = run_on_client(study, client, progress, on_chunk)
    finally:
        progress.finish()
    if not totals.complete():
        missing = sorted(totals.expected - totals.tally.chunks)
        raise RuntimeError(f"chunks {missing[:10]} never finished")
    return totals
