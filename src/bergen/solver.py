"""A perfect-information solver: the exact value of every legal move when everything is known.

:func:`solve` takes a :class:`~bergen.round.RoundState`, in which every hand and the boneyard
order are known (a real round, or a world sampled from a view by
:func:`bergen.view.sample_world`), and searches the rest of the round to its end: draws are
deterministic, since the boneyard order is known (rule 4). It returns a :class:`Solution`: the
value of each legal move of the seat to move and a best line to the end of the round.

**What a value means.** A value is in points, from the point of view of the *side* of the seat
to move, and counts only the points scored from this position to the end of the round (headers,
rule 5, reduced near the target, rule 6; going out, rule 7; a blocked hand, rule 8), with every
seat playing perfectly:

- two sides (two seats, or four seats in two partnerships, rule 10): that side's points minus
  the other side's, by exact minimax (``method="minimax"``);
- three or four sides: that side's points minus the mean of the other sides' points, with the
  other sides playing together to make it as small as possible (``method="paranoid"``).

**Why paranoid, not max-n, for three or four sides.** Max-n (each side maximizing its own
points) has no single value: what a side does between moves worth the same to it changes the
others' points, so its values depend on an arbitrary tie-break, and it prunes almost nothing.
The paranoid reduction is a two-player zero-sum game, so the value is well defined, alpha-beta
and the transposition table apply, and the value is a guarantee: the side to move scores at
least that much more than the others' mean whatever they do. It is pessimistic: real opponents
do not play together. The values are then multiples of ``1 / (sides - 1)`` points (a float,
rounded for thirds).

**At the target.** Under ``MatchEnd.INSTANT`` (the default) the match ends the moment a side
reaches the target, mid-round if need be (rule 9): scoring stops there, so a value counts the
points actually scored up to that moment and no more. Under ``MatchEnd.ROUND_END`` the round is
played out whatever the scores (rule 9): a value counts every point scored to the end of the
round, those past the target included (each header reduced by the rules' reduction at the
side's score before it, rule 6, so under the near-target reduction a header of a side at or
past the target is worth 1). Either way reaching the target is worth no more than its points:
the solver values round points only, not winning the match (a move that wins the match by 1
point is worth 1; under ``MatchEnd.ROUND_END`` who is highest when the round ends is not valued
either).

The search is in the kernel (:mod:`bergen.kernel.solve`: alpha-beta with null-window passes, a
transposition table of bounds and exact symmetries), compiled with the rest of the kernel in
the compiled build. Its work is bounded: ``max_nodes`` positions (and
optionally ``seconds``), past which it raises :class:`~bergen.errors.SearchLimitError`.
"""

from __future__ import annotations

import math
import time
from typing import Literal

import attrs

from bergen.errors import (
    _MAX_POINTS,
    BergenError,
    PositionError,
    SearchLimitError,
    _as_tuple,
    _bad,
    _brief,
    _is_int,
    _is_tuple_of,
)
from bergen.kernel.solve import NodeLimit
from bergen.kernel.solve import solve as _kernel_solve
from bergen.moves import MOVES, Draw, Lead, Move, Pass, Play
from bergen.round import RoundState

__all__ = ["DEFAULT_MAX_NODES", "MoveValue", "Solution", "solve"]

DEFAULT_MAX_NODES = 2_000_000
"""The node limit of :func:`solve` unless told otherwise: about 6 seconds of search in the
interpreted build and 1 second in the compiled build; every one of 200 two-seat ``classic``
rounds and of 40 three-seat ones is solved from the lead within it (docs/performance.md,
"Solver")."""


@attrs.frozen
class MoveValue:
    """One legal move and its exact value.

    Attributes:
        move: The move.
        value: Its value in points, from the point of view of the side to move (see
            :mod:`bergen.solver`): the side's points minus the other side's (or the mean of the
            others') from this position to the end of the round, with perfect play after it.
    """

    move: Move
    value: float

    def __attrs_post_init__(self) -> None:
        """Check the fields.

        Raises:
            PositionError: when ``move`` is not a move or ``value`` not a finite number.
        """
        if not isinstance(self.move, Lead | Play | Draw | Pass):
            raise PositionError(_bad("MoveValue", "move", "a move", self.move))
        if not _is_number(self.value):
            raise PositionError(_bad("MoveValue", "value", "a finite number", self.value))


def _is_number(value: object) -> bool:
    """Whether ``value`` is an int (not a bool) or a float, finite and at most 10**18 in size."""
    if type(value) is int:
        return abs(value) <= _MAX_POINTS
    return type(value) is float and math.isfinite(value) and abs(value) <= _MAX_POINTS


@attrs.frozen
class Solution:
    """What :func:`solve` found: an immutable value.

    Attributes:
        seat: The seat to move in the solved state.
        side: Its side (rule 10): the point of view of every value.
        method: ``"minimax"`` (two sides) or ``"paranoid"`` (three or four sides); see
            :mod:`bergen.solver`.
        values: Every legal move of ``seat`` with its value, in the order of
            :meth:`~bergen.round.RoundState.legal_moves`.
        value: The value of the position: the best of ``values``, in points.
        line: A best line: moves from the solved state to the end of the round (draws and
            passes included), each the first move in legal order that keeps the value; its
            first move is :attr:`best`. ``state.play_out(line)`` plays it.
        nodes: The positions the search visited (a position searched again, by a later
            null-window pass or for another move, counts again).
    """

    seat: int
    side: int
    method: Literal["minimax", "paranoid"]
    values: tuple[MoveValue, ...] = attrs.field(converter=_as_tuple)
    value: float
    line: tuple[Move, ...] = attrs.field(converter=_as_tuple)
    nodes: int

    def __attrs_post_init__(self) -> None:
        """Check each field's type and range (lists are copied to tuples).

        Raises:
            PositionError: when ``seat`` or ``side`` is not an int in 0..3, ``method`` not
                ``"minimax"`` or ``"paranoid"``, ``values`` not a non-empty tuple of
                :class:`MoveValue`, ``value`` not a finite number, ``line`` not a non-empty
                tuple of moves, or ``nodes`` not an int >= 0.
        """
        for name in ("seat", "side"):
            if not _is_int(getattr(self, name), 0, 3):
                raise PositionError(_bad("Solution", name, "an int 0..3", getattr(self, name)))
        if self.method not in ("minimax", "paranoid"):
            raise PositionError(_bad("Solution", "method", "'minimax' or 'paranoid'", self.method))
        if not self.values or not _is_tuple_of(self.values, MoveValue):
            raise PositionError(
                _bad("Solution", "values", "a non-empty tuple of MoveValue", self.values)
            )
        if not _is_number(self.value):
            raise PositionError(_bad("Solution", "value", "a finite number", self.value))
        if (
            type(self.line) is not tuple
            or not self.line
            or not all(isinstance(m, Lead | Play | Draw | Pass) for m in self.line)
        ):
            raise PositionError(_bad("Solution", "line", "a non-empty tuple of moves", self.line))
        if not _is_int(self.nodes):
            raise PositionError(_bad("Solution", "nodes", "an int >= 0", self.nodes))

    @property
    def best(self) -> Move:
        """The first legal move (in legal order) whose value is :attr:`value`."""
        return self.line[0]

    def value_of(self, move: Move) -> float:
        """The value of one legal move, in points.

        Raises:
            PositionError: when ``move`` is not one of the legal moves solved.
        """
        for mv in self.values:
            if mv.move == move:
                return mv.value
        raise PositionError(f"{_brief(move)} is not a legal move of the solved state")


def solve(
    state: RoundState, *, max_nodes: int | None = DEFAULT_MAX_NODES, seconds: float | None = None
) -> Solution:
    """Solve a round state with every tile known: the exact value of each legal move.

    Rules 2-9 as the state's rules play them, every component included (a user-supplied
    component is called through its protocol). See :mod:`bergen.solver` for what the values
    mean (points, from the side to move's point of view, this round only).

    Args:
        state: A round in play (hands and boneyard order are part of every ``RoundState``).
        max_nodes: The most positions to visit, an int >= 1, or ``None`` for no limit (a whole
            round from the lead at three seats can take minutes; docs/performance.md).
        seconds: A wall-clock limit in seconds (a number > 0), or ``None`` (the default).

    Returns:
        The :class:`Solution`.

    Raises:
        PositionError: when ``state`` is not a :class:`~bergen.round.RoundState`, or the round
            is over; or a user-supplied rules component breaks its protocol.
        SearchLimitError: when the search visits more than ``max_nodes`` positions or runs
            past ``seconds`` before it is done.
        BergenError: when ``max_nodes`` or ``seconds`` is not a limit described above.
    """
    if not isinstance(state, RoundState):
        raise PositionError(f"solve takes a RoundState, got {_brief(state)}")
    if state.outcome is not None:
        raise PositionError("solve: the round is over; there is no move to solve")
    if max_nodes is not None and (type(max_nodes) is not int or max_nodes < 1):
        raise BergenError(f"solve takes max_nodes, an int >= 1 or None, got {_brief(max_nodes)}")
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 < seconds <= 1_000_000  # NaN fails too; 10**400 is no float
    ):
        raise BergenError(
            f"solve takes seconds, a number > 0 and at most 1,000,000, or None, got "
            f"{_brief(seconds)}"
        )
    deadline = 0.0 if seconds is None else time.perf_counter() + seconds
    context = state._context
    try:
        actions, values, line, scale, nodes = _kernel_solve(
            context.table,
            context.boneyard,
            state._position,
            state.to_move,
            state.scores,
            max_nodes or 0,
            deadline,
        )
    except NodeLimit as e:
        limit = f"{max_nodes} positions" if max_nodes is not None else ""
        if seconds is not None:
            limit = f"{limit} or {seconds} s" if limit else f"{seconds} s"
        raise SearchLimitError(
            f"solve stopped at its limit ({limit}) after {e.args[0]} positions; raise "
            "max_nodes or seconds, or solve a later position",
            nodes=e.args[0],
        ) from None
    side = state.side_of(state.to_move)
    return Solution(
        seat=state.to_move,
        side=side,
        method="minimax" if scale == 1 else "paranoid",
        values=tuple(
            [MoveValue(MOVES[a], v / scale) for a, v in zip(actions, values, strict=True)]
        ),
        value=max(values) / scale,
        line=tuple([MOVES[a] for a in line]),
        nodes=nodes,
    )
