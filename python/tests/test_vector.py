"""The vectorised runner (tabletop.VectorGame) and batched play
(tabletop.play_games)."""

import numpy as np
import pytest

import tabletop
from conftest import GAMES


def random_indices(rng, masks):
    counts = masks.sum(axis=1)
    return (rng.random(len(counts)) * counts).astype(np.int64)


@pytest.mark.parametrize("name", GAMES)
def test_steps_keep_shapes_and_finished_games_are_dealt_again(name):
    game = tabletop.load_game(name)
    vec = tabletop.VectorGame(game, 8, seed=1)
    rng = np.random.default_rng(0)
    masks = vec.action_masks()
    obs = vec.observations()
    assert obs.shape == (8, vec.observation_size) and obs.dtype == np.float32
    assert masks.shape == (8, 512) and masks.dtype == np.uint8
    finished = 0
    for _ in range(3000):
        obs, masks, players, rewards, dones = vec.step(random_indices(rng, masks))
        assert rewards.shape == (8, game.num_players())
        assert np.all(masks.sum(axis=1) >= 1)
        assert np.all((players >= 0) & (players < game.num_players()))
        for i in np.flatnonzero(dones):
            assert sorted(rewards[i].tolist()).count(1.0) <= 1
            assert set(rewards[i].tolist()) <= {-1.0, 0.0, 1.0}
        assert np.all(rewards[~dones] == 0)
        finished += int(dones.sum())
    assert finished == vec.games_finished > 0


def test_the_runner_matches_single_states_step_for_step():
    game = tabletop.load_game("suikoden")
    vec = tabletop.VectorGame(game, 3, seed=40)
    states = [game.new_initial_state(seed=40 + i) for i in range(3)]
    rng = np.random.default_rng(1)
    masks = vec.action_masks()
    for _ in range(60):
        for i, s in enumerate(states):
            seat = s.pending_seats()[0]
            assert vec.current_players()[i] == seat
            assert np.array_equal(vec.observations()[i], s.observation_tensor(seat))
        actions = random_indices(rng, masks)
        for i, s in enumerate(states):
            seat = s.pending_seats()[0]
            ids = [a for a in s.legal_actions(seat) if not s.is_undo(a, seat)]
            s.apply_action(ids[actions[i]], seat=seat)
        _, masks, _, _, dones = vec.step(actions)
        if dones.any():
            break


def test_a_bad_index_raises_and_changes_nothing():
    vec = tabletop.VectorGame(tabletop.load_game("ddm"), 4, seed=3)
    before = vec.observations()
    counts = vec.legal_counts()
    actions = np.zeros(4, dtype=np.int64)
    actions[2] = counts[2]
    with pytest.raises(tabletop.EngineError, match="game 2"):
        vec.step(actions)
    with pytest.raises(tabletop.EngineError):
        vec.step(np.zeros(3, dtype=np.int64))
    assert np.array_equal(vec.observations(), before)
    assert np.array_equal(vec.legal_counts(), counts)


def test_computer_seats_move_inside_the_runner():
    game = tabletop.load_game("lastchronicle", seats=3)
    vec = tabletop.VectorGame(game, 4, seed=5, agents=[None, "random", "greedy:samples=1"])
    rng = np.random.default_rng(2)
    masks = vec.action_masks()
    for _ in range(400):
        assert np.all(vec.current_players() == 0)
        _, masks, players, _, _ = vec.step(random_indices(rng, masks), observe=False)
    with pytest.raises(tabletop.EngineError, match="caller"):
        tabletop.VectorGame(game, 2, agents=["random"] * 3)
    with pytest.raises(tabletop.EngineError, match="agent"):
        tabletop.VectorGame(game, 2, agents=[None, "nonsense", "random"])


def test_play_games_is_deterministic_and_rotates_the_slots():
    a = tabletop.play_games("suikoden", 100, 12, agents=["random", "greedy:samples=1"])
    b = tabletop.play_games("suikoden", 100, 12, agents=["random", "greedy:samples=1"])
    for key in ("seed", "slot", "result", "place", "decisions", "turns", "first", "card_game",
                "card_seat", "card", "drawn", "played"):
        assert np.array_equal(a[key], b[key]), key
    assert a["cards"] == b["cards"]
    assert a["seed"].tolist() == list(range(100, 112))
    assert a["slot"].tolist() == [[i % 2, (i + 1) % 2] for i in range(12)]
    assert a["finished"].all()
    wins = (a["result"] == 0).sum(axis=1)
    assert np.all(wins <= 1)
    assert a["card_game"].max() < 12 and len(a["cards"]) > 0


def test_play_games_refuses_bad_agents_and_decks():
    with pytest.raises(tabletop.EngineError, match="agent"):
        tabletop.play_games("ddm", 1, 2, agents=["random", "no-such-agent"])
    with pytest.raises(tabletop.EngineError, match="one per seat"):
        tabletop.play_games("ddm", 1, 2, agents=["random"])
    with pytest.raises(tabletop.EngineError, match="no-such-deck"):
        tabletop.play_games("ddm", 1, 2, decks=["no-such-deck", None])
