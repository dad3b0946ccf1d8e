"""The built-in ``pimc`` bot: perfect-information Monte Carlo, sampled worlds solved exactly."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from bergen.bots.base import BotError, _check_choice, _decision_seconds, check_budget
from bergen.bots.simple import greedy_key
from bergen.errors import SearchLimitError, _brief
from bergen.moves import Move
from bergen.solver import solve
from bergen.view import PlayerView, sampler_for

__all__ = ["PIMCBot"]


class PIMCBot:
    """Perfect-information Monte Carlo: sample hidden worlds, solve each exactly, average.

    For each decision with more than one legal move the bot samples worlds uniformly among
    those consistent with its view (:class:`bergen.view.WorldSampler`), solves each with the
    perfect-information solver (:func:`bergen.solver.solve`: every legal move's exact value in
    points, its side's points minus the others' to the end of the round, with every seat
    seeing every tile), and plays the move with the best mean value over the worlds solved;
    ties go to the move that was best in the most worlds (its votes), then to the
    :class:`~bergen.bots.GreedyBot` ranking. This is how bridge programs use a double-dummy
    solver. Its known weakness: in each world every seat plays as if it saw all tiles, so the
    bot does not value keeping information hidden or finding it out (strategy fusion).

    A world whose solve runs past ``max_nodes`` (early in a round, when much is left to play)
    is dropped; when no world at all could be solved in the budget, the bot plays the
    :class:`~bergen.bots.GreedyBot` move.

    The budget follows the convention of the search bots (:func:`bergen.bots.base.check_budget`):
    a count, ``worlds``, and a time, ``seconds``, whichever runs out first; anytime, after at
    least one world.

    Args:
        seed: Seed of the bot's own generator (the worlds).
        worlds: The most worlds to sample and solve per decision, an int >= 1; ``None`` (the
            default): 16 without ``seconds``, no cap with it.
        seconds: A wall-clock budget per decision in seconds (a number > 0), or ``None``: the
            bot stops sampling when it is spent and each solve stops at its end (anytime: it
            answers with the worlds solved so far). The answer comes within the budget plus the
            view's sampler setup, the time to pick the move (well under a millisecond) and at
            most 1,024 positions of search past the clock (a few milliseconds interpreted).
        max_nodes: The node limit of each world's solve (see :func:`bergen.solver.solve`),
            an int >= 1.

    Raises:
        BotError: when ``worlds``, ``seconds`` or ``max_nodes`` is not as described.
    """

    name = "pimc"

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int | None = None,
        seconds: float | None = None,
        max_nodes: int = 5_000,
    ) -> None:
        """Make the bot with its own generator and budget."""
        self.worlds, self.seconds = check_budget(worlds, seconds, default=16, unit="worlds")
        if type(max_nodes) is not int or max_nodes < 1:
            raise BotError(f"max_nodes must be an int >= 1, got {_brief(max_nodes)}")
        self.rng = random.Random(seed)
        self.max_nodes = max_nodes

    def choose(
        self, view: PlayerView, legal_moves: Sequence[Move], *, seconds: float | None = None
    ) -> Move:
        """Return the legal move with the best mean exact value over the worlds solved.

        Args:
            view: The view of the seat to move.
            legal_moves: Its legal moves.
            seconds: The caller's time for this move, in seconds (``bergen bot serve`` and the
                arena pass it): the bot stops at the earlier of it and its own budget.
                ``None``: the bot's own budget only.

        Raises:
            BotError: when ``seconds`` is not a number > 0, ``view`` not a view or
                ``legal_moves`` not a non-empty sequence of moves.
        """
        _check_choice(view, legal_moves)
        budget = _decision_seconds(self.seconds, seconds)
        if len(legal_moves) == 1:
            return legal_moves[0]
        deadline = None if budget is None else time.perf_counter() + budget
        sampler = sampler_for(view)
        k = len(legal_moves)
        index = {m: i for i, m in enumerate(legal_moves)}
        totals = [0.0] * k
        votes = [0] * k
        solved = 0
        tried = 0
        while self.worlds is None or tried < self.worlds:
            left = None
            if deadline is not None:
                left = deadline - time.perf_counter()
                if left <= 0:
                    if tried:
                        break
                    left = 1e-3  # at least one world, as every search bot
            tried += 1
            world = sampler.sample(self.rng, history=False)
            try:
                solution = solve(world, max_nodes=self.max_nodes, seconds=left)
            except SearchLimitError:
                continue
            solved += 1
            best = solution.value
            for mv in solution.values:  # the world's legal moves are the view's
                i = index[mv.move]
                totals[i] += mv.value
                if mv.value == best:
                    votes[i] += 1
        if not solved:
            return max(legal_moves, key=lambda m: greedy_key(view, m))
        i = max(
            range(k),
            key=lambda i: (round(totals[i], 9), votes[i], greedy_key(view, legal_moves[i]), -i),
        )
        return legal_moves[i]
