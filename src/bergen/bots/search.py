"""The built-in ``search`` bot (determinized Monte Carlo search) and its greedy playouts."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from bergen.bots.base import BotError, _check_choice, _decision_seconds, _seeded, check_budget
from bergen.bots.simple import greedy_key
from bergen.errors import _brief
from bergen.kernel.rollout import greedy_rollout as kernel_greedy_rollout
from bergen.moves import Move
from bergen.rollout import rollout
from bergen.round import RoundState
from bergen.view import PlayerView, sampler_for

__all__ = ["SearchBot", "greedy_rollout"]


# ---------------------------------------------------------------------------------- rollouts


def greedy_rollout(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    """Play the round out with a fast greedy policy and return the final scores.

    Every seat, when one of its legal plays makes a header (rule 5), makes the one worth most
    (a triple header before a double header; the lowest tile index first among equals);
    otherwise it makes a legal play chosen uniformly at random (one ``rng.random()`` per
    choice); it draws and passes when it must (rule 4). Scoring follows the engine: the
    reduction near the target (rule 6), going out (rule 7), the blocked hand (rule 8, judged by
    the rules' judge) and the end at the target (rule 9). The loop is
    :func:`bergen.kernel.rollout.greedy_rollout`, on the state's kernel position, without
    building states.

    Args:
        state: Any round state (before the lead, the required double leads; a finished one
            gives its scores).
        rng: The generator of the random choices.

    Returns:
        Match points per side at the end of the round, this round's points included.

    Raises:
        BotError: when ``state`` is not a :class:`~bergen.round.RoundState` or ``rng`` not a
            generator with ``random()``.
    """
    if not isinstance(state, RoundState):
        raise BotError(f"greedy_rollout takes a RoundState, got {_brief(state)}")
    if not callable(getattr(rng, "random", None)) or isinstance(rng, type):
        raise BotError(f"greedy_rollout takes a random.Random, got {_brief(rng)}")
    if state.outcome is not None:
        return state.scores
    context = state._context
    return kernel_greedy_rollout(
        context.table, context.boneyard, state._position, state.to_move, state.scores, rng.random
    )


def _random_rollout(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    return rollout(state, "random", rng)


# ---------------------------------------------------------------------------------- search


class SearchBot:
    """Determinized Monte Carlo search with a playout budget and a time budget.

    For each decision with more than one legal move the bot samples hidden worlds uniformly
    among those consistent with its view (:func:`bergen.view.sample_world`), plays every
    legal move in each world and then plays the round out with fast playouts (greedy ones,
    :func:`greedy_rollout`, by default; or uniformly random ones, :func:`bergen.rollout.rollout`),
    and picks the move with the best mean points difference: the points its side gains by the
    end of the round minus the mean gain of the other sides. Ties go to the :class:`GreedyBot`
    ranking.

    The search is anytime (:func:`bergen.bots.base.check_budget`): it stops when the playouts
    are used or, with ``seconds``, before a world that would end past the clock (judged by the
    last world's time), whichever comes first; it always plays at least one world.

    Args:
        seed: Seed of the bot's own generator (worlds and playouts).
        playouts: The playout budget per decision: about ``playouts / len(legal_moves)``
            worlds are sampled, each playing every legal move once. Default 400 without
            ``seconds``; with ``seconds`` and no ``playouts``, only the clock stops it.
        seconds: The time budget per decision, in seconds of wall clock (``None``: none). The
            decision takes at most ``seconds`` plus a small margin: the view's sampler setup
            and, when a world takes longer than the one before it, part of one world
            (``benchmarks/budget.py`` measures it: a few milliseconds).
        rollouts: Playouts per world and move (default 1).
        policy: How the playouts play: ``"greedy"`` (:func:`greedy_rollout`, the default) or
            ``"random"`` (:func:`bergen.rollout.rollout`).

    Raises:
        BotError: when ``playouts`` or ``rollouts`` is below 1, ``seconds`` is not a number
            > 0, or ``policy`` is unknown.
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int | None = None,
        seconds: float | None = None,
        rollouts: int = 1,
        policy: str = "greedy",
    ) -> None:
        """Make the bot with its own generator and budget."""
        self.playouts, self.seconds = check_budget(playouts, seconds, default=400)
        if type(rollouts) is not int or rollouts < 1:
            raise BotError(f"rollouts must be an int >= 1, got {_brief(rollouts)}")
        if policy not in ("greedy", "random"):
            raise BotError(f"policy is 'greedy' or 'random', got {_brief(policy)}")
        self.rng = _seeded(seed)
        self.rollouts = rollouts
        self.policy = policy

    def choose(
        self, view: PlayerView, legal_moves: Sequence[Move], *, seconds: float | None = None
    ) -> Move:
        """Return the legal move with the best mean points difference over the playouts.

        Args:
            view: The view of the seat to move.
            legal_moves: Its legal moves.
            seconds: The caller's time for this move, in seconds (``bergen bot serve`` and the
                arena pass it): the search stops at the earlier of it and the bot's own
                budget. ``None``: the bot's own budget only.

        Raises:
            BotError: when ``view`` is not a view, ``legal_moves`` not a non-empty sequence
                of moves, or ``seconds`` not a number > 0.
        """
        _check_choice(view, legal_moves)
        budget = _decision_seconds(self.seconds, seconds)
        if len(legal_moves) == 1:
            return legal_moves[0]
        clock = time.perf_counter
        t0 = clock()
        deadline = None if budget is None else t0 + budget
        rng = self.rng
        sampler = sampler_for(view)
        k = len(legal_moves)
        worlds = None if self.playouts is None else max(1, self.playouts // (k * self.rollouts))
        side = view.side
        sides = view.sides
        start = view.scores
        totals = [0.0] * k
        play_out = greedy_rollout if self.policy == "greedy" else _random_rollout
        done = 0
        last = clock()
        took = 0.0
        while worlds is None or done < worlds:
            if deadline is not None and done and last + took > deadline:
                break
            world = sampler.sample(rng, history=False)
            for i, move in enumerate(legal_moves):
                after, _ = world.apply(move)
                for _ in range(self.rollouts):
                    final = play_out(after, rng)
                    mine = final[side] - start[side]
                    others = sum(final[s] - start[s] for s in range(sides) if s != side)
                    totals[i] += mine - others / (sides - 1)
            done += 1
            now = clock()
            took = now - last
            last = now
        best = max(
            range(k), key=lambda i: (round(totals[i], 9), greedy_key(view, legal_moves[i]), -i)
        )
        return legal_moves[best]
