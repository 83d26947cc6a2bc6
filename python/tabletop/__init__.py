"""tabletop: a rules engine for turn-based card and dice games, from Python.

An OpenSpiel-shaped API over the engine's core (docs/python.md)::

    import tabletop
    game = tabletop.load_game("suikoden", seats=2)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0], seat=state.pending_seats()[0])
    print(state.returns())

plus a PettingZoo-style environment (tabletop.env.AECEnv), a vectorised
runner (tabletop.VectorGame) and batched play for balance studies
(tabletop.play_games, used by tabletop-sim).
"""

import os as _os


def _find_data():
    # An installed package keeps the card data in <prefix>/share/tabletop/data;
    # from the build tree the engine knows the source tree's data/ folder.
    if _os.environ.get("TABLETOP_DATA"):
        return
    here = _os.path.dirname(_os.path.abspath(__file__))
    for up in (3, 4, 5):
        prefix = here
        for _ in range(up):
            prefix = _os.path.dirname(prefix)
        candidate = _os.path.join(prefix, "share", "tabletop", "data")
        if _os.path.isdir(candidate):
            _os.environ["TABLETOP_DATA"] = candidate
            return


_find_data()

from ._tabletop import (  # noqa: E402
    REFEREE,
    SIMULTANEOUS,
    TERMINAL,
    EngineError,
    Game,
    State,
    VectorGame,
    data_dir,
    game_info,
    games,
    load_game,
)
from ._tabletop import _play_games  # noqa: E402

__all__ = [
    "REFEREE", "SIMULTANEOUS", "TERMINAL", "EngineError", "Game", "State", "VectorGame",
    "data_dir", "game_info", "games", "load_game", "play_games",
]


def play_games(game, first_seed, count, *, seats=0, variant="", options=None, decks=None,
               agents=None, swap=True, overrides=None, max_decisions=100000):
    """Plays `count` games to the end in C++ (the GIL released) and returns
    NumPy columns: outcome per seat, length, first seat and the cards each
    seat drew and played (docs/python.md, "Batched play").

    Game i is dealt with seed first_seed + i; with swap, slot (s + i) % seats
    sits at seat s, and a slot's deck and agent go with it. `game` is a name
    or a Game from load_game (then seats, variant, options, decks and
    overrides come from it)."""
    if isinstance(game, Game):
        loaded = game
    else:
        loaded = load_game(game, seats=seats or None, variant=variant, decks=decks,
                           overrides=overrides, **(options or {}))
    return _play_games(loaded, int(first_seed), int(count), agents, bool(swap), int(max_decisions))
