"""The OpenSpiel-shaped API (docs/python.md): games, states, options,
errors that change nothing, save/load, observations and what a seat knows."""

import random

import numpy as np
import pytest

import tabletop
from conftest import GAMES, play_randomly, random_playable


def test_every_game_of_the_registry_is_listed_with_its_facts():
    assert set(GAMES) == {"suikoden", "ddm", "lastchronicle", "magic"}
    for name in GAMES:
        info = tabletop.game_info(name)
        assert info["name"] == name and info["title"]
        assert 2 <= info["min_seats"] <= info["max_seats"]
        assert info["starter_decks"], name


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: tabletop.load_game("chess"), "chess"),
        (lambda: tabletop.load_game("suikoden", seats=5), "2 players"),
        (lambda: tabletop.load_game("suikoden", no_such_option=1), "no_such_option"),
        (lambda: tabletop.load_game("suikoden", decks=["no-such-deck", None]), "no-such-deck"),
        (lambda: tabletop.load_game("ddm", decks=[{"name": "x", "monsters": 3}, None]), "deck"),
        (lambda: tabletop.load_game("suikoden", decks=[None, None, "nosuchdeck"]), "3 entries for 2 seats"),
        (lambda: tabletop.load_game("magic", starting_life=40000), "starting_life.*from 1 to 10000"),
        (lambda: tabletop.load_game("ddm", turn_limit=0), "turn_limit.*from 1 to 16383"),
        (lambda: tabletop.game_info("chess"), "chess"),
    ],
)
def test_bad_set_ups_raise_the_engines_message(call, message):
    with pytest.raises(tabletop.EngineError, match=message):
        call()


def test_numeric_options_list_their_range_and_a_game_at_the_max_holds_it():
    life = next(o for o in tabletop.game_info("magic")["options"] if o["key"] == "starting_life")
    assert (life["allowed"], life["min"], life["max"]) == (["default"], 1, 10000)
    state = tabletop.load_game("magic", starting_life=10000).new_initial_state(seed=1)
    lives = [p["life"] for p in state.view(tabletop.REFEREE)["players"]]
    assert lives and all(life == 10000 for life in lives)


def test_engine_errors_are_value_errors():
    assert issubclass(tabletop.EngineError, ValueError)


@pytest.mark.parametrize("name", GAMES)
def test_a_seed_deals_the_same_game_and_another_seed_another(name):
    game = tabletop.load_game(name)
    a, b, c = (game.new_initial_state(seed=s) for s in (5, 5, 6))
    assert a.serialize() == b.serialize()
    assert a.serialize() != c.serialize()


@pytest.mark.parametrize("name", GAMES)
def test_random_games_end_with_returns_outcomes_and_a_summary(name, rng):
    info = tabletop.game_info(name)
    for seats in sorted({info["min_seats"], min(info["max_seats"], 4)}):
        game = tabletop.load_game(name, seats=seats)
        state = game.new_initial_state(seed=11)
        assert state.num_players() == seats
        assert state.current_player() != tabletop.TERMINAL
        decisions = play_randomly(state, rng)
        assert state.is_terminal()
        assert state.current_player() == tabletop.TERMINAL
        assert state.legal_actions() == []
        returns = state.returns()
        outcomes = state.outcomes()
        assert len(returns) == len(outcomes) == seats
        for r, o in zip(returns, outcomes):
            assert r == {"win": 1.0, "loss": -1.0, "draw": 0.0}[o["result"]]
        summary = state.summary()
        assert summary["finished"] and summary["decisions"] == decisions
        assert summary["outcomes"] == outcomes
        assert len(summary["cards"]) == seats
        assert len(state.history()) == decisions


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_raises_and_changes_nothing(name):
    state = tabletop.load_game(name).new_initial_state(seed=2)
    seat = state.pending_seats()[0]
    before = state.serialize()
    legal = set(state.legal_actions(seat))
    bogus = next(a for a in range(1, 10 ** 6) if a not in legal)
    with pytest.raises(tabletop.EngineError):
        state.apply_action(bogus, seat=seat)
    with pytest.raises(tabletop.EngineError):
        state.apply_action(-5, seat=seat)
    others = [s for s in range(state.num_players()) if s not in state.pending_seats()]
    for other in others:
        with pytest.raises(tabletop.EngineError):
            state.apply_action(next(iter(legal)), seat=other)
    with pytest.raises(tabletop.EngineError, match="not a seat"):
        state.apply_action(next(iter(legal)), seat=state.num_players())
    assert state.serialize() == before
    assert state.history() == []


@pytest.mark.parametrize("name", GAMES)
def test_action_ids_round_trip_through_their_strings(name):
    state = tabletop.load_game(name).new_initial_state(seed=3)
    seat = state.pending_seats()[0]
    for action in state.legal_actions(seat):
        text = state.action_to_string(action, seat=seat)
        assert text and state.action_label(action, seat=seat)
        assert state.string_to_action(text, seat=seat) == action
    with pytest.raises(tabletop.EngineError):
        state.string_to_action("no-such-option", seat=seat)


@pytest.mark.parametrize("name", GAMES)
def test_clones_are_independent_and_saves_restore_exactly(name, rng):
    game = tabletop.load_game(name)
    state = game.new_initial_state(seed=4)
    for _ in range(15):
        if state.is_terminal():
            break
        seat = state.pending_seats()[0]
        state.apply_action(random_playable(state, seat, rng), seat=seat)
    copy = state.clone()
    assert copy.serialize() == state.serialize()
    if not copy.is_terminal():
        seat = copy.pending_seats()[0]
        copy.apply_action(random_playable(copy, seat, rng), seat=seat)
        assert copy.serialize() != state.serialize()
    restored = game.load_state(state.save())
    assert restored.serialize() == state.serialize()
    assert game.deserialize_state(state.serialize()).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("name", GAMES)
def test_a_hostile_saved_state_is_refused(name):
    game = tabletop.load_game(name)
    saved = game.new_initial_state(seed=1).save()
    with pytest.raises(tabletop.EngineError):
        game.deserialize_state("not json")
    with pytest.raises(tabletop.EngineError):
        game.load_state([1, 2, 3])
    # Every list or object field turned into a string is refused ("pending"
    # is shown in saves but worked out again from the rest on loading).
    for key, value in saved.items():
        if isinstance(value, (list, dict)) and value and key != "pending":
            with pytest.raises(tabletop.EngineError):
                game.load_state(dict(saved, **{key: "garbage"}))
    assert game.load_state(saved).serialize() == game.new_initial_state(seed=1).serialize()


@pytest.mark.parametrize("name", GAMES)
def test_observations_have_the_games_fixed_shape(name, rng):
    game = tabletop.load_game(name)
    shape = game.observation_tensor_shape()
    state = game.new_initial_state(seed=8)
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in range(state.num_players()):
            obs = state.observation_tensor(seat)
            assert obs.shape == shape and obs.dtype == np.float32
            assert np.all(np.isfinite(obs))
        seat = state.pending_seats()[0]
        state.apply_action(random_playable(state, seat, rng), seat=seat)


@pytest.mark.parametrize("name", GAMES)
def test_a_determinized_state_looks_the_same_to_its_seat(name, rng):
    state = tabletop.load_game(name).new_initial_state(seed=9)
    for _ in range(10):
        seat = state.pending_seats()[0]
        state.apply_action(random_playable(state, seat, rng), seat=seat)
    for seat in range(state.num_players()):
        sample = state.determinize(seat, seed=77)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.information_state_key(seat) == state.information_state_key(seat)
        assert np.array_equal(sample.observation_tensor(seat), state.observation_tensor(seat))
        assert sample.view(seat) == state.view(seat)


def test_the_referee_is_not_a_seat_number():
    state = tabletop.load_game("suikoden").new_initial_state(seed=1)
    assert isinstance(state.view(tabletop.REFEREE), dict)
    # SIMULTANEOUS (a current_player value) must never show everything.
    with pytest.raises(tabletop.EngineError, match="not a seat"):
        state.view(tabletop.SIMULTANEOUS)
    with pytest.raises(tabletop.EngineError, match="not a seat"):
        state.observation_tensor(tabletop.REFEREE)


def test_a_seats_view_and_log_hide_the_other_hand():
    state = tabletop.load_game("suikoden").new_initial_state(seed=1)
    referee = state.view(tabletop.REFEREE)
    mine = state.view(0)
    assert mine != referee
    assert "\n".join(state.log(0)) != "\n".join(state.log(tabletop.REFEREE))


def test_simultaneous_choices_are_made_all_or_nothing():
    rng = random.Random(5)
    game = tabletop.load_game("suikoden")
    for seed in range(1, 40):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and not state.is_simultaneous_node():
            seat = state.pending_seats()[0]
            state.apply_action(random_playable(state, seat, rng), seat=seat)
        if state.is_terminal():
            continue
        assert state.current_player() == tabletop.SIMULTANEOUS
        pending = state.pending_seats()
        assert len(pending) >= 2
        with pytest.raises(tabletop.EngineError, match="name the seat"):
            state.apply_action(state.legal_actions(pending[0])[0])
        before = state.serialize()
        choices = [state.legal_actions(s)[0] if s in pending else None for s in range(2)]
        broken = list(choices)
        broken[pending[-1]] = 999_999_999
        with pytest.raises(tabletop.EngineError):
            state.apply_actions(broken)
        assert state.serialize() == before
        state.apply_actions(choices)
        assert state.serialize() != before
        return
    pytest.fail("no simultaneous choice in 40 Suikoden games")


def test_python_values_that_have_no_json_form_are_refused():
    with pytest.raises(tabletop.EngineError, match="no JSON form"):
        tabletop.load_game("suikoden", decks=[object(), None])


def test_card_data_overrides_change_the_game_and_bad_ones_are_refused():
    base = tabletop.load_game("suikoden")
    strong = tabletop.load_game("suikoden", overrides=[{"card": "aldo", "set": {"atk": 30}}])
    assert strong.setup()["overrides"] == [{"card": "aldo", "set": {"atk": 30}}]
    # The same seeds and agents play other games once a card's numbers change.
    a = tabletop.play_games(base, 1, 20, agents=["greedy:samples=1"] * 2)
    b = tabletop.play_games(strong, 1, 20, agents=["greedy:samples=1"] * 2)
    assert not (np.array_equal(a["decisions"], b["decisions"])
                and np.array_equal(a["result"], b["result"]))
    # The registered game is untouched.
    again = tabletop.play_games("suikoden", 1, 20, agents=["greedy:samples=1"] * 2)
    assert np.array_equal(a["decisions"], again["decisions"])
    with pytest.raises(tabletop.EngineError, match="no-such-card"):
        tabletop.load_game("suikoden", overrides=[{"card": "no-such-card", "set": {"atk": 1}}])
    with pytest.raises(tabletop.EngineError, match=r"/atk: expected an integer .*, found \"lots\" \(in 'aldo'\)"):
        tabletop.load_game("suikoden", overrides=[{"card": "aldo", "set": {"atk": "lots"}}])
    with pytest.raises(tabletop.EngineError):
        tabletop.load_game("suikoden", overrides={"card": "aldo"})
