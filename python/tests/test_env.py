"""The PettingZoo-style AEC environment (tabletop.env)."""

import numpy as np
import pytest

import tabletop
from conftest import GAMES
from tabletop.env import AECEnv, env


def run_episode(e, rng, seed):
    e.reset(seed=seed)
    steps = 0
    for agent in e.agent_iter(max_iter=100000):
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (e.max_actions,)
        assert mask.sum() == len(info["legal_actions"]) >= 1
        assert e.observation_space(agent)["observation"].shape == obs["observation"].shape
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return steps


@pytest.mark.parametrize("name", GAMES)
def test_whole_episodes_follow_the_aec_protocol(name):
    rng = np.random.default_rng(3)
    e = env(name)
    assert e.possible_agents == [f"player_{i}" for i in range(e.game.num_players())]
    for seed in (1, 2):
        totals = {}
        e.reset(seed=seed)
        agents = list(e.agents)
        finals = {}
        for agent in e.agent_iter(max_iter=100000):
            obs, reward, termination, truncation, info = e.last()
            if termination or truncation:
                finals[agent] = (reward, info["outcome"]["result"])
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert e.agents == [] and set(finals) == set(agents)
        for agent, (reward, result) in finals.items():
            assert reward == {"win": 1.0, "loss": -1.0, "draw": 0.0}[result]
        totals[seed] = finals
        assert e.state.is_terminal()


def test_the_same_seed_and_actions_replay_the_same_episode():
    a, b = AECEnv("ddm"), AECEnv("ddm")
    assert run_episode(a, np.random.default_rng(9), 4) == run_episode(b, np.random.default_rng(9), 4)
    assert a.state.serialize() == b.state.serialize()


def test_an_illegal_action_raises_and_changes_nothing():
    e = AECEnv("suikoden")
    e.reset(seed=1)
    before = e.state.serialize()
    n = int(e.last()[0]["action_mask"].sum())
    for bad in (n, -1, e.max_actions + 3):
        with pytest.raises(tabletop.EngineError):
            e.step(bad)
    with pytest.raises(tabletop.EngineError, match="None"):
        e.step(None)
    assert e.state.serialize() == before


def test_an_agent_sees_only_its_own_observation():
    e = AECEnv("suikoden")
    e.reset(seed=2)
    mine = e.observe("player_0")["observation"]
    sample = e.state.determinize(0, seed=5)
    assert np.array_equal(sample.observation_tensor(0), mine)
    # The mask belongs to the agent to act; the other agent's is empty.
    other = next(a for a in e.possible_agents if a != e.agent_selection)
    if len(e.state.pending_seats()) == 1:
        assert e.observe(other)["action_mask"].sum() == 0


def test_spaces_sample_what_they_contain():
    e = AECEnv("lastchronicle", seats=3)
    for agent in e.possible_agents:
        space = e.observation_space(agent)
        assert space.contains(space.sample())
        action_space = e.action_space(agent)
        assert action_space.n == e.max_actions
        mask = np.zeros(e.max_actions, dtype=np.int8)
        mask[[2, 5]] = 1
        assert action_space.sample(mask) in (2, 5)


def test_a_mask_narrower_than_the_options_is_refused():
    with pytest.raises(tabletop.EngineError, match="max_actions"):
        AECEnv("ddm", max_actions=1).reset(seed=1)
