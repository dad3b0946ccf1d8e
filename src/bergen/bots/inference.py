"""Inference from the other seats' play: each sampled world weighted by how likely the moves the
other seats were seen to make would have been in it.

:class:`bergen.view.WorldSampler` draws worlds uniformly among those consistent with a view:
everything hard (a draw or a pass shows a void, rule 4; the lead, rule 2; a block, rule 8) is
exact there, and every such world is equally likely, as a player who assumes nothing about how
the others choose their moves would reason. But a choice says more: a seat that laid a blank
when it could have made a double header probably did not hold the tile that makes it. An
:class:`OpponentModel` gives the probability of each legal move of a seat in a position ("they
play like ``greedy``, with some noise"); the likelihood of a world is the product, over the other
seats' decisions of this round with two legal moves or more, of the probability of the move
they made, in that world. By Bayes' rule the worlds consistent with the view are then worth
their prior (uniform) times that likelihood: :func:`weighted_worlds` draws worlds uniformly and
gives each its likelihood as an importance weight, which is exact in the limit of many worlds
(self-normalized importance sampling). The viewer's own moves depend on its view alone, so they
weigh every world alike and are left out.

The replay runs on the kernel (:mod:`bergen.kernel.play`): the model's ranking of a seat's
moves is worked out from the kernel position with the same result as the view-level ranking
of :class:`~bergen.bots.GreedyBot` (:func:`bergen.bots.greedy_key`), which
:meth:`OpponentModel.move_probabilities` uses on a view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bergen.bots.base import BotError
from bergen.bots.simple import greedy_key, points_now
from bergen.errors import _brief
from bergen.kernel.actions import DRAW, LEAD
from bergen.kernel.play import BLOCKED_HAND, legal_actions, step
from bergen.kernel.table import Table, side_of
from bergen.kernel.tiles import FULL_MASK, HIGH, IS_DOUBLE, OTHER, PIPS, tile_index
from bergen.moves import Move, action_of
from bergen.round import RoundState
from bergen.view import PlayerView, WorldSampler

__all__ = ["POLICIES", "OpponentModel", "World", "weighted_worlds"]

POLICIES = ("greedy", "points")
"""The policies an :class:`OpponentModel` can assume: ``"greedy"`` (the ranking of
:class:`~bergen.bots.GreedyBot`) and ``"points"`` (the points a move scores at once)."""

KernelState = tuple[Table, tuple[int, ...], tuple[tuple[int, ...], int, int, int, int], int]
"""``(table, boneyard, position, seat to move)`` of :mod:`bergen.kernel.play`."""


class OpponentModel:
    """How the other seats are assumed to choose their moves: a softmax over a policy's
    utilities, mixed with a uniformly random move.

    For a seat with legal moves ``m_1 .. m_k`` and utilities ``u_i``::

        P(m_i) = epsilon / k + (1 - epsilon) * exp(u_i / T) / sum_j exp(u_j / T)

    with ``T`` the temperature; at ``T = 0`` the softmax is uniform over the moves of highest
    utility. The utilities: for ``"greedy"``, minus the number of distinct better rankings
    under :func:`bergen.bots.greedy_key` (0 for greedy's own choice, -1 for the next best...),
    so that ``T = 0``, ``epsilon = 0`` is :class:`~bergen.bots.GreedyBot` exactly (it breaks
    ties at random); for ``"points"``, the points the move scores at once
    (:func:`bergen.bots.points_now`: a header, rules 5-6, and going out, rule 7), in points.

    Args:
        policy: One of :data:`POLICIES`.
        temperature: ``T``, a number >= 0 (in ranks for ``"greedy"``, points for
            ``"points"``).
        epsilon: The share of uniformly random moves, in [0, 1]; above 0 no world is ever
            ruled out by a choice (a seat may blunder).

    Raises:
        BotError: when ``policy`` is unknown, ``temperature`` not a number in 0..1e6 or
            ``epsilon`` not a number in [0, 1].
    """

    def __init__(
        self, policy: str = "greedy", temperature: float = 0.5, epsilon: float = 0.1
    ) -> None:
        """Make the model."""
        if not isinstance(policy, str) or policy not in POLICIES:
            raise BotError(f"policy is one of {', '.join(POLICIES)}, got {_brief(policy)}")
        for name, value, high in (("temperature", temperature, 1e6), ("epsilon", epsilon, 1.0)):
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not 0 <= value <= high
            ):
                raise BotError(f"{name} must be a number in 0..{high:g}, got {_brief(value)}")
        self.policy = policy
        self.temperature = float(temperature)
        self.epsilon = float(epsilon)

    def __repr__(self) -> str:
        """``OpponentModel('greedy', temperature=0.5, epsilon=0.1)``."""
        return (
            f"OpponentModel({self.policy!r}, temperature={self.temperature:g}, "
            f"epsilon={self.epsilon:g})"
        )

    def _from_keys(self, keys: Sequence[tuple[int, ...]]) -> list[float]:
        """The probabilities of moves with the given rankings (``(points, ...)`` tuples)."""
        if self.policy == "greedy":
            distinct = sorted(set(keys), reverse=True)
            rank = {k: i for i, k in enumerate(distinct)}
            utilities = [-float(rank[k]) for k in keys]
        else:
            utilities = [float(k[0]) for k in keys]
        return self.from_utilities(utilities)

    def from_utilities(self, utilities: Sequence[float]) -> list[float]:
        """The probabilities of moves with the given utilities (see the class docstring).

        Args:
            utilities: One number per legal move (1..10,000 of them).

        Returns:
            One probability per move, summing to 1.

        Raises:
            BotError: when ``utilities`` is not a sequence of 1..10,000 finite numbers.
        """
        if (
            isinstance(utilities, str | bytes)
            or not isinstance(utilities, Sequence)
            or not 1 <= len(utilities) <= 10_000
            or not all(
                not isinstance(u, bool) and isinstance(u, int | float) and math.isfinite(u)
                for u in utilities
            )
        ):
            raise BotError(
                "utilities must be a sequence of 1..10,000 finite numbers (one per legal move), "
                f"got {_brief(utilities)}"
            )
        k = len(utilities)
        best = max(utilities)
        if self.temperature == 0:
            top = [1.0 if u == best else 0.0 for u in utilities]
        else:
            top = [math.exp((u - best) / self.temperature) for u in utilities]
        total = sum(top)
        eps = self.epsilon
        return [eps / k + (1 - eps) * x / total for x in top]

    def move_probabilities(self, view: PlayerView, legal_moves: Sequence[Move]) -> list[float]:
        """The probability of each legal move of the view's seat under the model, from the
        view alone (the definition; the replay of :func:`weighted_worlds` works the same out on
        the kernel).

        Args:
            view: The view of the seat to move.
            legal_moves: Its legal moves.

        Returns:
            One probability per move, in order.

        Raises:
            BotError: when ``view`` is not a view or ``legal_moves`` not a non-empty sequence
                of moves.
        """
        if not isinstance(view, PlayerView):
            raise BotError(f"move_probabilities takes a PlayerView, got {_brief(view)}")
        if isinstance(legal_moves, str | bytes) or not isinstance(legal_moves, Sequence):
            raise BotError(f"legal_moves must be a sequence of moves, got {_brief(legal_moves)}")
        if not legal_moves:
            raise BotError("legal_moves must not be empty")
        if self.policy == "greedy":
            keys = [greedy_key(view, m) for m in legal_moves]
        else:
            keys = [(points_now(view, m),) for m in legal_moves]
        return self._from_keys(keys)

    def kernel_probabilities(
        self,
        table: Table,
        boneyard: tuple[int, ...],
        pos: tuple[tuple[int, ...], int, int, int, int],
        seat: int,
        scores: tuple[int, ...],
        legal: Sequence[int],
    ) -> list[float]:
        """:meth:`move_probabilities` on a kernel position (:mod:`bergen.kernel.play`), for
        the legal action ids ``legal`` of ``seat`` to move: the same numbers, without
        building a view.
        """
        return self._from_keys(_kernel_keys(table, boneyard, pos, seat, scores, legal))


def _kernel_keys(
    table: Table,
    boneyard: tuple[int, ...],
    pos: tuple[tuple[int, ...], int, int, int, int],
    seat: int,
    scores: tuple[int, ...],
    legal: Sequence[int],
) -> list[tuple[int, ...]]:
    """:func:`bergen.bots.greedy_key` of each legal action of ``seat`` in ``pos``: the points
    now are the header and going-out points of the kernel's step (rules 5-7, 9), the line is
    every tile neither in a hand nor in the boneyard still to draw.
    """
    masks, left, right, _, drawn = pos
    hand = masks[seat]
    line = FULL_MASK
    for m in masks:
        line &= ~m
    for t in boneyard[drawn:]:
        line &= ~(1 << t)
    side = side_of(table, seat)
    keys: list[tuple[int, ...]] = []
    for a in legal:
        if a >= DRAW:
            keys.append((0, 0, 0, 0, 0))
            continue
        events = step(table, boneyard, pos, seat, scores, a)[5]
        pts = 0
        for e in events:
            if e[0] != BLOCKED_HAND and e[2] == side:
                pts += e[3]
        if a >= LEAD:
            keys.append((pts, 0, 0, 0, 0))
            continue
        t = a >> 1
        if a & 1:
            new_left, new_right, other = left, OTHER[t][right], left
        else:
            new_left, new_right, other = OTHER[t][left], right, right
        conn = 1 << tile_index(new_left, new_right)
        after = hand & ~(1 << t)
        seen = line | (1 << t) | after
        keys.append(
            (
                pts,
                int(IS_DOUBLE[t] and HIGH[t] == other),
                int(bool(seen & conn)),
                int(bool(after & conn)),
                PIPS[t],
            )
        )
    return keys


class World:
    """One sampled world, now, on the kernel, with its likelihood under the model.

    Attributes:
        table: The rules at this table (:class:`bergen.kernel.table.Table`).
        boneyard: The boneyard's tile indexes as the round began, top first.
        position: The kernel position now (:data:`bergen.kernel.play.Position`).
        to_move: The seat to move now.
        scores: Points per side now.
        likelihood: The probability of the other seats' moves of this round in this world
            under the model (1.0 when they made no choice).
    """

    __slots__ = ("boneyard", "likelihood", "position", "scores", "table", "to_move")

    def __init__(
        self,
        table: Table,
        boneyard: tuple[int, ...],
        position: tuple[tuple[int, ...], int, int, int, int],
        to_move: int,
        scores: tuple[int, ...],
        likelihood: float,
    ) -> None:
        """Hold the fields."""
        self.table = table
        self.boneyard = boneyard
        self.position = position
        self.to_move = to_move
        self.scores = scores
        self.likelihood = likelihood

    def __repr__(self) -> str:
        """The hands, the boneyard still to draw and the likelihood."""
        return (
            f"World(hands={self.position[0]}, boneyard={self.boneyard[self.position[4] :]}, "
            f"likelihood={self.likelihood:.3g})"
        )


def replay_likelihood(
    model: OpponentModel, start: RoundState, history: Sequence[tuple[int, int]], me: int
) -> World:
    """Replay ``history`` on the world ``start`` (the round at its first position) on the
    kernel, multiplying the model's probability of each move of a seat other than ``me`` that
    had two legal moves or more.

    Args:
        model: The opponent model.
        start: The round at its first position, as :meth:`WorldSampler.sample_start` gives it.
        history: ``(seat, action id)`` of the round's public history, oldest first.
        me: The viewing seat, whose own moves are not weighed.

    Returns:
        The :class:`World` now, with its likelihood.
    """
    context = start._context
    table = context.table
    boneyard = context.boneyard
    pos = start._position
    seat = start.to_move
    scores = start.scores
    p = 1.0
    for s, action in history:
        if s != me:
            legal = legal_actions(table, boneyard, pos, seat)
            if len(legal) > 1:
                probs = model.kernel_probabilities(table, boneyard, pos, seat, scores, legal)
                p *= probs[legal.index(action)]
        pos, seat, scores, _, _, _ = step(table, boneyard, pos, seat, scores, action)
    return World(table, boneyard, pos, seat, scores, p)


def weighted_worlds(
    view: PlayerView,
    n: int,
    rng: random.Random,
    model: OpponentModel | None = None,
    sampler: WorldSampler | None = None,
) -> list[World]:
    """Draw ``n`` worlds uniformly among those consistent with ``view`` and weigh each by the
    likelihood of the other seats' observed moves under ``model`` (see the module docstring):
    an importance sample of the worlds given what the other seats chose.

    Args:
        view: The view of the seat that infers.
        n: How many worlds, an int in 1..1,000,000.
        rng: The generator to draw from.
        model: The opponent model (default ``OpponentModel()``).
        sampler: The view's sampler, when already made (:func:`bergen.view.sampler_for`).

    Returns:
        The worlds, each with its :attr:`World.likelihood` (the weights before normalizing).

    Raises:
        BotError: when ``n`` is not an int in 1..1,000,000, ``model`` not a model or
            ``sampler`` not a sampler of ``view``.
        PositionError: as :class:`~bergen.view.WorldSampler` raises for a view no round gives.
    """
    if type(n) is not int or not 1 <= n <= 1_000_000:
        raise BotError(f"n must be an int in 1..1,000,000, got {_brief(n)}")
    if model is None:
        model = OpponentModel()
    elif not isinstance(model, OpponentModel):
        raise BotError(f"model must be an OpponentModel, got {_brief(model)}")
    if sampler is None:
        sampler = WorldSampler(view)
    elif not isinstance(sampler, WorldSampler) or sampler.view != view:
        raise BotError(f"sampler must be a WorldSampler of the view, got {_brief(sampler)}")
    history = [(a.seat, action_of(a.move)) for a in view.history]
    me = view.seat
    return [replay_likelihood(model, sampler.sample_start(rng), history, me) for _ in range(n)]
