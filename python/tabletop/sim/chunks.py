"""Splitting a study into chunks, their seeds, and playing one chunk.

Seeds: chunk c of matchup m (both from 0, in study order) plays `count` games
from

    first_seed = (seed + m * 2**32 + c * chunk) mod 2**64

so game j of matchup m (from 0) always has seed `seed + m * 2**32 + j`: the
numbers depend on the master seed and the study only, not on which worker
plays a chunk, when, or how often (a chunk rerun plays the same games). As
`chunk` is a multiple of the table size, seat rotation (game i of a chunk
seats slot (s + i) % seats at seat s) is the same as over the whole matchup,
so even `--chunk` changes nothing.
"""

from dataclasses import dataclass

from .tally import Tally

MATCHUP_STRIDE = 2 ** 32   # seeds reserved per matchup: at most 2**32 games each
SEED_MOD = 2 ** 64


@dataclass(frozen=True)
class Chunk:
    index: int        # place in the study (the key it is counted under, exactly once)
    matchup: int
    part: int         # c: its place within the matchup
    first_seed: int
    count: int


def chunk_seed(seed, matchup, part, chunk):
    return (seed + matchup * MATCHUP_STRIDE + part * chunk) % SEED_MOD


def split(study):
    """Every chunk of `study`, in study order."""
    if study.chunk <= 0 or study.games <= 0:
        raise ValueError("--games and --chunk must be positive")
    if study.chunk % study.seats:
        raise ValueError(f"--chunk {study.chunk} is not a multiple of the {study.seats} seats")
    if study.games > MATCHUP_STRIDE:
        raise ValueError(f"at most {MATCHUP_STRIDE} games per matchup")
    chunks = []
    for m in range(len(study.matchups)):
        for part, start in enumerate(range(0, study.games, study.chunk)):
            count = min(study.chunk, study.games - start)
            chunks.append(Chunk(len(chunks), m, part, chunk_seed(study.seed, m, part, study.chunk), count))
    return chunks


def job(study, matchup_index):
    """What a worker needs to play a matchup's chunks: plain data."""
    m = study.matchups[matchup_index]
    return {
        "game": study.game, "seats": study.seats, "variant": study.variant,
        "options": dict(study.options), "max_decisions": study.max_decisions,
        "matchup": matchup_index, "arm": m.arm, "decks": m.decks, "deck_labels": m.deck_labels,
        "agents": m.agents, "overrides": m.overrides, "swap": m.swap,
    }


def play(job, first_seed, count, max_decisions=None):
    """The engine's answer for `count` games of `job` from `first_seed`."""
    import tabletop  # on the worker: the compiled engine

    return tabletop.play_games(
        job["game"], first_seed, count, seats=job["seats"], variant=job["variant"],
        options=job["options"] or None, decks=job["decks"], agents=job["agents"],
        swap=job["swap"], overrides=job["overrides"] or None,
        max_decisions=max_decisions or job["max_decisions"])


def play_chunk(job, chunk):
    """Play one chunk and count it: a Tally keyed by the chunk's index."""
    games = play(job, chunk.first_seed, chunk.count)
    return Tally.of_games(chunk.index, job, games)
