import random

import pytest

import tabletop


def random_playable(state, seat, rng):
    """A uniformly random option of `seat` that is not an undo."""
    ids = state.legal_actions(seat)
    playable = [a for a in ids if not state.is_undo(a, seat)] or ids
    return rng.choice(playable)


def play_randomly(state, rng, limit=20000):
    """Plays to the end (every seat random); returns the decisions taken."""
    n = 0
    while not state.is_terminal() and n < limit:
        seat = state.pending_seats()[0]
        state.apply_action(random_playable(state, seat, rng), seat=seat)
        n += 1
    return n


@pytest.fixture
def rng():
    return random.Random(1234)


GAMES = tabletop.games()
