"""Bergen as a PettingZoo AEC environment (needs ``pip install 'bergen-dominoes[pettingzoo]'``).

``env()`` is the environment with PettingZoo's usual wrappers (an illegal action ends the game
for everyone with a reward of -1 to the mover, actions out of range are refused, and the call
order is enforced); ``raw_env()`` is the bare environment, which raises
:class:`~bergen.IllegalMoveError` for an illegal action::

    from bergen.adapters.pettingzoo import env

    game = env(players=3, render_mode="ansi")
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        if termination or truncation:
            action = None
        else:
            action = game.action_space(agent).sample(observation["action_mask"])
        game.step(action)

One episode is one match (docs/rules.md, rule 9). The agents are ``seat_0``, ``seat_1``, ...; the
one to move is ``agent_selection``. Each observation is a dict: ``"observation"``, the 94 floats
of :mod:`bergen.adapters.encoding` from that seat's view alone, and ``"action_mask"``, 86 int8
that are 1 for the legal action ids of the seat to move (all 0 for the other seats). The reward
of every agent after a step is the points its side scored by that action (rules 5-8); with
partnerships both partners get them. The episode terminates for every agent when a side reaches
the target.

Seeding: ``reset(seed=s)`` deals the match from bergen's seed ``s`` (the same deals as
``MatchState.new(players, rules, seed=s)``); a later ``reset()`` without a seed deals the next
match from a seed drawn from a generator seeded by ``s`` (or by the system when never seeded).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from bergen.adapters import encoding as E
from bergen.errors import PositionError, RulesError
from bergen.match import MatchState
from bergen.round import RoundState
from bergen.rules import CLASSIC, Rules

__all__ = ["env", "raw_env"]

_MAX_SEED = 2**63


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers: ``TerminateIllegalWrapper`` (an
    illegal action ends the match, reward -1 to the mover), ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``. Takes the arguments of :class:`raw_env`.
    """
    game: Any = raw_env(**kwargs)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv):
    """A Bergen match as an AEC environment (see the module docstring).

    Args:
        players: Seats, 2..4.
        rules: The ruleset (default ``classic``; :func:`~bergen.adapters.encoding.rules_from`
            builds one from the main switches).
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns text).

    Raises:
        RulesError: when the rules do not allow the table, or ``render_mode`` is not one of
            those.
    """

    metadata = {  # noqa: RUF012 (AECEnv declares it)
        "render_modes": ["ansi"],
        "name": "bergen_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, players: int = 2, rules: Rules = CLASSIC, render_mode: str | None = None
    ) -> None:
        """Check the table and make the spaces."""
        super().__init__()
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules value, got {rules!r}", fields=("rules",))
        rules.for_table(players)  # raises RulesError for a table the rules refuse
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.rules = rules
        self.seats = players
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        high = np.array(E.observation_high(rules, players), dtype=np.float32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (E.N_ACTIONS,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(E.N_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self._match: MatchState | None = None

    @property
    def match(self) -> MatchState:
        """The bergen match being played.

        Raises:
            PositionError: before the first ``reset()``.
        """
        if self._match is None:
            raise PositionError("call reset() before reading the match")
        return self._match

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space: ``Discrete(86)``, the ids of :mod:`bergen.adapters.encoding`."""
        return self.action_spaces[agent]

    def _shown_round(self) -> RoundState:
        match = self.match
        if match.round is not None:
            return match.round
        return match.rounds[-1]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: from bergen's seed ``seed`` when given, else from the next seed
        of the environment's generator.
        """
        if seed is not None:
            self._rng = random.Random(seed)
            match_seed = int(seed)
        else:
            match_seed = self._rng.randrange(_MAX_SEED)
        self._match = MatchState.new(self.seats, self.rules, seed=match_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._shown_round().to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """What ``agent``'s seat may know: its observation vector and the action mask."""
        seat = self.possible_agents.index(agent)
        rnd = self._shown_round()
        mask = np.zeros(E.N_ACTIONS, dtype=np.int8)
        if not rnd.is_over and rnd.to_move == seat:
            mask[E.legal_actions(rnd)] = 1
        return {
            "observation": np.array(E.observation(rnd.view(seat)), dtype=np.float32),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        """Make the move of action id ``action`` for ``agent_selection``; every agent's reward
        is the points its side scored (rules 5-8).

        Raises:
            IllegalMoveError: when the action is not a legal id for the seat to move.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        rnd = match.round
        assert rnd is not None  # internal: a match not over has a round (seeded deals)
        move = E.move_for(rnd, action)
        self._cumulative_rewards[agent] = 0.0
        match, events = match.apply(move)
        self._match = match
        points = E.side_points(events, self.seats, self.rules.partnerships)
        self.rewards = {a: points[i] for i, a in enumerate(self.possible_agents)}
        if match.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self._shown_round().to_move]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The match as text (:func:`~bergen.adapters.encoding.render_text`) with
        ``render_mode="ansi"``; ``None`` otherwise.
        """
        if self.render_mode != "ansi" or self._match is None:
            return None
        return E.render_text(self._match)

    def close(self) -> None:
        """Nothing to release."""
