"""A PettingZoo-style AEC environment over one tabletop game (the method
names and return shapes of pettingzoo.AECEnv, without depending on it).

Agents are "player_0" .. "player_{n-1}". An action is the index of an option
among the acting seat's legal options, in the order State.legal_actions gives
them (options that only take back a half-made choice left out); observations
are dicts {"observation": float32 array, "action_mask": int8 array of
max_actions}. When the game ends every agent is terminated with its reward
(+1 win, -1 loss, 0 draw); each then steps None to leave, as in PettingZoo.
An illegal action raises tabletop.EngineError and changes nothing.
"""

import numpy as np

import tabletop
from tabletop import spaces


class AECEnv:
    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, game="suikoden", *, seats=None, variant="", decks=None, overrides=None,
                 max_actions=512, render_mode=None, **options):
        self.game = tabletop.load_game(game, seats=seats, variant=variant, decks=decks,
                                       overrides=overrides, **options)
        self.metadata = dict(self.metadata, name=f"tabletop_{game}_v0")
        self.render_mode = render_mode
        self.max_actions = int(max_actions)
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        shape = self.game.observation_tensor_shape()
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.max_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(self.max_actions) for a in self.possible_agents}
        self.state = None
        self._next_seed = 1

    # --- spaces -----------------------------------------------------------
    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    # --- the game ---------------------------------------------------------
    def reset(self, seed=None, options=None):
        """Deals a new game (from `seed`, else the next seed in turn)."""
        if seed is not None:
            self._next_seed = int(seed)
        self.state = self.game.new_initial_state(seed=self._next_seed)
        self._next_seed += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _options(self, seat):
        ids = self.state.legal_actions(seat)
        playable = [a for a in ids if not self.state.is_undo(a, seat)]
        return playable or ids

    def _select(self):
        if self.state.is_terminal():
            # Every agent steps None to leave, in seat order.
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        seat = self.state.pending_seats()[0]
        self.agent_selection = self.possible_agents[seat]
        legal = self._options(seat)
        if len(legal) > self.max_actions:
            raise tabletop.EngineError(
                f"a decision offers {len(legal)} options, more than max_actions ({self.max_actions})")
        self.infos[self.agent_selection]["legal_actions"] = list(range(len(legal)))

    def observe(self, agent):
        seat = self._seat[agent]
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if not self.state.is_terminal() and seat in self.state.pending_seats():
            mask[: len(self._options(seat))] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise tabletop.EngineError(f"{agent} is done: step None to remove it")
            self._remove(agent)
            return
        if action is None:
            raise tabletop.EngineError(f"{agent} is to act: None is not an option")
        seat = self._seat[agent]
        legal = self._options(seat)
        index = int(action)
        if not 0 <= index < len(legal):
            raise tabletop.EngineError(
                f"action {index} is not among {agent}'s {len(legal)} legal options")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(legal[index], seat=seat)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                if a in self.agents:
                    self.rewards[a] = float(r)
                    self.terminations[a] = True
                    self.infos[a] = {"outcome": self.state.outcomes()[self._seat[a]]}
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self._select()
        if self.render_mode == "human":
            self.render()

    def _remove(self, agent):
        self.agents.remove(agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations,
                      self.infos):
            table.pop(agent, None)
        if self.agents:
            self.agent_selection = self.agents[0]

    def agent_iter(self, max_iter=2 ** 63):
        """Yields the agent to act until every agent has left (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        text = self.state.render(tabletop.REFEREE) if self.state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.state = None


def env(game="suikoden", **kwargs):
    """PettingZoo's constructor convention: tabletop.env.env("ddm")."""
    return AECEnv(game, **kwargs)
