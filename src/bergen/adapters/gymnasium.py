"""Bergen as a single-agent Gymnasium environment (needs
``pip install 'bergen-dominoes[gymnasium]'``).

The agent plays one seat of a match; bergen bots (:func:`bergen.load_bot`, by name) play the
others::

    import numpy as np
    from bergen.adapters.gymnasium import BergenEnv

    env = BergenEnv(players=3, opponents="greedy")
    observation, info = env.reset(seed=1)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

One episode is one match (docs/rules.md, rule 9). The observation is a dict: ``"observation"``,
the 94 floats of :mod:`bergen.adapters.encoding` from the agent's view alone, and
``"action_mask"``, 86 int8 that are 1 for the legal action ids (``info["action_mask"]`` and
``env.action_masks()`` hold the same mask). The reward of a step is the points the agent's side
scored from the agent's move until its next turn, the bots' moves included (rules 5-8). The
episode terminates when a side reaches the target.

Seeding: ``reset(seed=s)`` deals the match from bergen's seed ``s`` (the same deals as
``MatchState.new(players, rules, seed=s)``) and seeds the bots from it; ``reset()`` without a
seed draws the next match's seed from the environment's ``np_random``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from bergen.adapters import encoding as E
from bergen.bots import Bot, load_bot
from bergen.errors import (
    ArgumentError,
    IllegalMoveError,
    PositionError,
    Reason,
    RulesError,
    _brief,
)
from bergen.match import MatchState
from bergen.round import RoundState
from bergen.rules import CLASSIC, Rules

__all__ = ["ENV_ID", "BergenEnv"]

_MAX_SEED = 2**62

Observation = dict[str, Any]
"""An observation: ``observation`` and ``action_mask``, NumPy arrays."""


class BergenEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a Bergen match against bergen bots (see the module docstring).

    Args:
        players: Seats, 2..4.
        rules: The ruleset (default ``classic``; :func:`~bergen.adapters.encoding.rules_from`
            builds one from the main switches).
        seat: The agent's seat.
        opponents: One bot spec for every other seat (``"greedy"``, ``"random"``,
            ``"search[playouts=100]"``, ``"package.module:Class"``), or one spec per other
            seat in seat order.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns text).
        illegal_reward: What an illegal action does: with a number (default -1.0), the episode
            ends (``terminated``) with that reward, the match unchanged and
            ``info["illegal_action"]`` true, as PettingZoo's ``TerminateIllegalWrapper`` does;
            with ``None``, :meth:`step` raises :class:`~bergen.IllegalMoveError`.

    Raises:
        RulesError: when the rules do not allow the table, the seat is not one of it,
            ``opponents`` is neither a spec nor a sequence of them, the number of specs does
            not match the other seats, or ``render_mode`` is unknown.
        BotError: when a spec names no bot.
        ArgumentError: when ``illegal_reward`` is neither a finite number nor ``None``.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium.Env declares it)

    def __init__(
        self,
        players: int = 2,
        rules: Rules = CLASSIC,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
    ) -> None:
        """Check the table and the bots, and make the spaces."""
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules value, got {rules!r}", fields=("rules",))
        rules.for_table(players)
        if type(seat) is not int or not 0 <= seat < players:
            raise RulesError(f"seat must be a seat 0..{players - 1}, got {seat!r}")
        if not isinstance(opponents, str | Sequence):
            raise RulesError(
                f"opponents is a bot spec or a sequence of them, got {_brief(opponents)}",
                fields=("opponents",),
            )
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise RulesError(f"opponents: {len(specs)} bot specs for the {players - 1} other seats")
        for spec in specs:
            load_bot(spec)  # raises BotError now rather than at reset
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if illegal_reward is not None and (
            not isinstance(illegal_reward, numbers.Real)
            or isinstance(illegal_reward, bool)
            or not math.isfinite(float(illegal_reward))
        ):
            # A NaN or infinite reward would poison every return it is summed into.
            raise ArgumentError(
                f"illegal_reward is a finite number or None, got {_brief(illegal_reward)}"
            )
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self._ended = False
        self.rules = rules
        self.players = players
        self.seat = seat
        self._specs = specs
        high = np.array(E.observation_high(rules, players), dtype=np.float32)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (E.N_ACTIONS,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(E.N_ACTIONS)
        self._match: MatchState | None = None
        self._bots: dict[int, Bot] = {}

    @property
    def match(self) -> MatchState:
        """The bergen match being played.

        Raises:
            PositionError: before the first ``reset()``.
        """
        if self._match is None:
            raise PositionError("call reset() before reading the match")
        return self._match

    def _round(self) -> RoundState:
        match = self.match
        return match.round if match.round is not None else match.rounds[-1]

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal-action mask of the agent: 86 int8, 1 where the id is legal (rules 2-4);
        all 0 once the match is over.
        """
        mask = np.zeros(E.N_ACTIONS, dtype=np.int8)
        rnd = self._round()
        if not rnd.is_over and rnd.to_move == self.seat:
            mask[E.legal_actions(rnd)] = 1
        return mask

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        mask = self.action_masks()
        obs = {
            "observation": np.array(E.observation(self._round().view(self.seat)), np.float32),
            "action_mask": mask,
        }
        return obs, {"action_mask": mask.copy()}

    def _bots_play(self) -> list[float]:
        """Let the bots move until the agent is to move or the match is over; the points each
        seat's side scored meanwhile.
        """
        gained = [0.0] * self.players
        match = self.match
        while not match.is_over:
            rnd = match.round
            assert rnd is not None  # internal: seeded matches deal the next round at once
            if rnd.to_move == self.seat:
                break
            bot = self._bots[rnd.to_move]
            move = bot.choose(rnd.view(rnd.to_move), rnd.legal_moves())
            match, events = match.apply(move, rnd.to_move)
            for i, p in enumerate(E.side_points(events, self.players, self.rules.partnerships)):
                gained[i] += p
        self._match = match
        return gained

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new match (from bergen's seed ``seed`` when given) and let the bots move up
        to the agent's first turn.

        Returns:
            ``(observation, info)``; ``info["action_mask"]`` is the mask.
        """
        super().reset(seed=seed)
        match_seed = int(seed) if seed is not None else int(self.np_random.integers(_MAX_SEED))
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {
            s: load_bot(spec, seed=match_seed + s)
            for s, spec in zip(others, self._specs, strict=True)
        }
        self._match = MatchState.new(self.players, self.rules, seed=match_seed)
        self._ended = False
        self._bots_play()
        return self._observe()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Make the agent's move of action id ``action``, then the bots' moves up to the
        agent's next turn.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: the reward is the points
            the agent's side scored meanwhile (rules 5-8); ``terminated`` once a side has
            reached the target (rule 9); ``truncated`` is always ``False``.

        Raises:
            IllegalMoveError: after the episode has ended, or for an action that is not a
                legal id for the agent when ``illegal_reward`` is ``None``.
        """
        if self._ended:
            raise IllegalMoveError(
                f"{action!r}: the episode is over; call reset()",
                move=action,
                seat=self.seat,
                reason=Reason.ROUND_OVER,
            )
        match = self.match
        rnd = self._round()
        try:
            move = E.move_for(rnd, action)
        except IllegalMoveError as e:
            if self.illegal_reward is None:
                raise
            self._ended = True
            obs, info = self._observe()
            info["illegal_action"] = True
            info["error"] = str(e)
            return obs, float(self.illegal_reward), True, False, info
        match, events = match.apply(move, self.seat)
        self._match = match
        own = E.side_points(events, self.players, self.rules.partnerships)[self.seat]
        reward = own + self._bots_play()[self.seat]
        obs, info = self._observe()
        self._ended = self.match.is_over
        return obs, reward, self._ended, False, info

    def render(self) -> str | None:
        """The match as text (:func:`~bergen.adapters.encoding.render_text`) with
        ``render_mode="ansi"``; ``None`` otherwise.
        """
        if self.render_mode != "ansi" or self._match is None:
            return None
        return E.render_text(self._match)


ENV_ID = "bergen/Bergen-v0"
"""The id the environment is registered under: ``gymnasium.make("bergen/Bergen-v0")``
(after ``import bergen.adapters.gymnasium``)."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="bergen.adapters.gymnasium:BergenEnv")
