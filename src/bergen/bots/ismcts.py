"""The built-in ``ismcts`` bot: single-observer information-set Monte Carlo tree search.

The method is SO-ISMCTS of Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012, pages
120-143 (their Algorithm 3), whose tree loop is :func:`bergen.kernel.tree.search` (shared with
``bayes``, compiled in the compiled build; its docstring gives the method). Here each
iteration's determinization is one hidden world sampled uniformly among those consistent with
the view (:class:`bergen.view.WorldSampler`), so the hidden tiles differ from iteration to
iteration, and a side's reward is the points it gains by the end of the round minus the mean
gain of the other sides (the same measure as ``search``), so the exploration constant is in
points. The move played is the root's most visited child.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from bergen.bots.base import BotError, _check_choice, _decision_seconds, check_budget
from bergen.bots.simple import greedy_key
from bergen.errors import _brief
from bergen.kernel.rollout import greedy_rollout, rollout
from bergen.kernel.tree import SEAT, Determinization, Node, search
from bergen.moves import Move, action_of
from bergen.round import RoundState
from bergen.view import PlayerView, WorldSampler, sampler_for

__all__ = ["ISMCTSBot"]


def _world(sampler: WorldSampler, rng: random.Random, view: PlayerView) -> Determinization:
    """One determinization on the kernel, uniform among the worlds consistent with ``view``."""
    world: RoundState = sampler.sample(rng, history=False)
    context = world._context
    return context.table, context.boneyard, world._position, view.to_move, view.scores


def _most_visited(view: PlayerView, legal_moves: Sequence[Move], root: Node) -> Move:
    """The legal move whose root child was visited most (ties: the greedy ranking, then the
    first in order).
    """
    base = view.seat * SEAT
    counts = [0] * len(legal_moves)
    for i, move in enumerate(legal_moves):
        child = root.children.get(base + action_of(move))
        if child is not None:
            counts[i] = child.visits
    best_i = max(
        range(len(legal_moves)),
        key=lambda i: (counts[i], greedy_key(view, legal_moves[i]), -i),
    )
    return legal_moves[best_i]


class ISMCTSBot:
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
    Whitehouse, 2012): see :mod:`bergen.bots.ismcts` for the method.

    Args:
        seed: Seed of the bot's own generator (determinizations, expansions, playouts).
        iterations: Iterations per decision (one determinization, one path, one playout each).
            Default 1000 without ``seconds``; with ``seconds`` and no ``iterations``, only the
            clock stops it.
        seconds: The time budget per decision, in seconds of wall clock (``None``: none); the
            search stops before an iteration that the last one's time says would end past the
            clock (the convention of :func:`bergen.bots.base.check_budget`), after one at least.
        exploration: The UCB exploration constant ``c``, in points (rewards are points
            differences), default 4.0 (of 1, 4 and 8 tried against
            ``greedy`` at 200 iterations, 60 games each: win rates 0.48, 0.67, 0.57).
        policy: The playouts: ``"greedy"`` (:func:`bergen.kernel.rollout.greedy_rollout`, the
            default) or ``"random"`` (:func:`bergen.kernel.rollout.rollout`).

    Raises:
        BotError: when ``iterations`` is not an int >= 1, ``seconds`` not a number > 0,
            ``exploration`` not a number >= 0, or ``policy`` unknown.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 4.0,
        policy: str = "greedy",
    ) -> None:
        """Make the bot with its own generator and budget."""
        self.iterations, self.seconds = check_budget(
            iterations, seconds, default=1000, unit="iterations"
        )
        if (
            not isinstance(exploration, int | float)
            or isinstance(exploration, bool)
            or not 0 <= exploration <= 1e9
        ):
            raise BotError(f"exploration must be a number in 0..1e9, got {_brief(exploration)}")
        if not isinstance(policy, str) or policy not in ("greedy", "random"):
            raise BotError(f"policy is 'greedy' or 'random', got {_brief(policy)}")
        self.rng = random.Random(seed)
        self.exploration = float(exploration)
        self.policy = policy

    def choose(
        self, view: PlayerView, legal_moves: Sequence[Move], *, seconds: float | None = None
    ) -> Move:
        """Return the legal move whose root child was visited most (ties: the greedy ranking).

        Args:
            view: The view of the seat to move.
            legal_moves: Its legal moves.
            seconds: The caller's time for this move, in seconds (``bergen bot serve`` and the
                arena pass it): the search stops at the earlier of it and the bot's own
                budget. ``None``: the bot's own budget only.

        Raises:
            BotError: when ``seconds`` is not a number > 0, ``view`` not a view or
                ``legal_moves`` not a non-empty sequence of moves.
        """
        _check_choice(view, legal_moves)
        budget = _decision_seconds(self.seconds, seconds)
        if len(legal_moves) == 1:
            return legal_moves[0]
        deadline = math.inf if budget is None else time.perf_counter() + budget
        rng = self.rng
        sampler = sampler_for(view)
        root = search(
            view.seat,
            lambda: _world(sampler, rng, view),
            rng.random,
            view.scores,
            view.sides,
            self.exploration,
            greedy_rollout if self.policy == "greedy" else rollout,
            [],
            -1 if self.iterations is None else self.iterations,
            deadline,
        )
        return _most_visited(view, legal_moves, root)
