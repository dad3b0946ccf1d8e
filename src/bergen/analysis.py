"""Move analysis: every decision of a record, each legal move valued by the solver.

:func:`analyse` replays a record (:func:`bergen.records.replay`) and, at every decision (or at
one seat's), values each legal move with the perfect-information solver
(:func:`bergen.solver.solve`): a full record knows every hand and the boneyard order, so the
values are exact. A value is in points, from the point of view of the side to move, for the
rest of the round (see :mod:`bergen.solver`: at two sides, the side's points minus the
other's; at three or four, minus the mean of the others', with the others playing together).
A move whose value is below the best lost that many points against the best play.

A decision with one legal move is forced and is not solved. A decision the solver cannot
finish within its limits is reported as not solved, and the analysis goes on.
"""

from __future__ import annotations

import attrs

from bergen.errors import (
    PositionError,
    RecordError,
    RecordReason,
    SearchLimitError,
    _as_tuple,
    _bad,
    _brief,
    _is_int,
    _is_tuple_of,
)
from bergen.moves import Draw, Lead, Move, Pass, Play
from bergen.records import Record, ReplayResult, replay
from bergen.solver import DEFAULT_MAX_NODES, MoveValue, solve

__all__ = ["Analysis", "Decision", "analyse"]

_EPSILON = 1e-9


@attrs.frozen
class Decision:
    """One decision of a record and what the solver says of it.

    Attributes:
        round: The round's 0-based index in the record.
        action: The action's 0-based index within its round.
        seat: The seat that moved.
        played: The move it made.
        values: Every legal move with its value in points (legal order), or ``()`` when the
            move was forced or the solver did not finish.
        forced: Whether the move was the only legal one.
        solved: Whether the solver valued the moves (``False`` for a forced move or when the
            search reached its limit).
        nodes: Positions the solver visited (0 when not solved).
    """

    round: int
    action: int
    seat: int
    played: Move
    values: tuple[MoveValue, ...] = attrs.field(converter=_as_tuple)
    forced: bool
    solved: bool
    nodes: int

    def __attrs_post_init__(self) -> None:
        """Check each field's type and range (lists are copied to tuples).

        Raises:
            PositionError: when ``round``, ``action`` or ``nodes`` is not an int >= 0,
                ``seat`` not an int in 0..3, ``played`` not a move, ``values`` not a tuple of
                :class:`~bergen.solver.MoveValue`, or ``forced`` or ``solved`` not a bool.
        """
        for name in ("round", "action", "nodes"):
            if not _is_int(getattr(self, name)):
                raise PositionError(_bad("Decision", name, "an int >= 0", getattr(self, name)))
        if not _is_int(self.seat, 0, 3):
            raise PositionError(_bad("Decision", "seat", "an int 0..3", self.seat))
        if not isinstance(self.played, Lead | Play | Draw | Pass):
            raise PositionError(_bad("Decision", "played", "a move", self.played))
        if not _is_tuple_of(self.values, MoveValue):
            raise PositionError(_bad("Decision", "values", "a tuple of MoveValue", self.values))
        for name in ("forced", "solved"):
            if type(getattr(self, name)) is not bool:
                raise PositionError(_bad("Decision", name, "a bool", getattr(self, name)))

    @property
    def best(self) -> float | None:
        """The best value among the legal moves, in points; ``None`` when not solved."""
        return max(v.value for v in self.values) if self.values else None

    @property
    def value(self) -> float | None:
        """The value of the move played, in points; ``None`` when not solved."""
        return next((v.value for v in self.values if v.move == self.played), None)

    @property
    def loss(self) -> float:
        """Points the move played lost against the best move (0 for a best, forced or
        unsolved move).
        """
        best, value = self.best, self.value
        if best is None or value is None or best - value <= _EPSILON:
            return 0.0
        return best - value

    @property
    def mistake(self) -> bool:
        """Whether the move played lost points against the best."""
        return self.loss > 0

    @property
    def best_moves(self) -> tuple[Move, ...]:
        """The legal moves worth the best value (empty when not solved)."""
        best = self.best
        if best is None:
            return ()
        return tuple(v.move for v in self.values if best - v.value <= _EPSILON)


@attrs.frozen
class Analysis:
    """The decisions of a record, annotated.

    Attributes:
        result: The record's replay.
        decisions: The decisions analysed, in play order.
        seat: The seat analysed, or ``None`` for every seat.
    """

    result: ReplayResult
    decisions: tuple[Decision, ...] = attrs.field(converter=_as_tuple)
    seat: int | None

    def __attrs_post_init__(self) -> None:
        """Check the fields (a list of decisions is copied to a tuple).

        Raises:
            PositionError: when ``result`` is not a :class:`~bergen.records.ReplayResult`,
                ``decisions`` not a tuple of :class:`Decision`, or ``seat`` neither an int
                in 0..3 nor ``None``.
        """
        if not isinstance(self.result, ReplayResult):
            raise PositionError(_bad("Analysis", "result", "a ReplayResult", self.result))
        if not _is_tuple_of(self.decisions, Decision):
            raise PositionError(
                _bad("Analysis", "decisions", "a tuple of Decision", self.decisions)
            )
        if self.seat is not None and not _is_int(self.seat, 0, 3):
            raise PositionError(_bad("Analysis", "seat", "an int 0..3 or None", self.seat))

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions whose move lost points against the best."""
        return tuple(d for d in self.decisions if d.mistake)

    def lost(self, seat: int) -> float:
        """The points ``seat``'s moves lost against the best, summed over its decisions."""
        return sum(d.loss for d in self.decisions if d.seat == seat)


def analyse(
    record: Record | ReplayResult,
    *,
    seat: int | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    seconds: float | None = None,
) -> Analysis:
    """Value every legal move of every decision of a record (or of one seat's) by the solver.

    Args:
        record: A record (replayed first, strictly) or the result of :func:`replay`.
        seat: Analyse only this seat's decisions; ``None`` for every seat.
        max_nodes: The solver's limit of positions per decision (``None``: no limit).
        seconds: The solver's wall-clock limit per decision, or ``None``.

    Returns:
        The :class:`Analysis`.

    Raises:
        RecordError: when the record does not replay (see :func:`bergen.records.replay`), or
            ``record`` or ``seat`` is of the wrong kind (``reason`` ``"argument"``).
        BergenError: when ``max_nodes`` or ``seconds`` is not a limit :func:`solve` takes.
    """
    if isinstance(record, Record):
        result = replay(record)
    elif isinstance(record, ReplayResult):
        result = record
    else:
        raise RecordError(
            f"analyse takes a Record or a ReplayResult, got {_brief(record)}",
            reason=RecordReason.ARGUMENT,
        )
    seats = result.record.seats
    if seat is not None and (type(seat) is not int or not 0 <= seat < seats):
        raise RecordError(
            f"seat: expected a seat 0..{seats - 1} or None, got {_brief(seat)}",
            reason=RecordReason.ARGUMENT,
        )
    decisions: list[Decision] = []
    for rnd in result.rounds:
        before = rnd.start
        for step in rnd.steps:
            state = before
            before = step.state
            if seat is not None and step.seat != seat:
                continue
            legal = state.legal_moves()
            if len(legal) == 1:
                decisions.append(
                    Decision(rnd.index, step.index, step.seat, step.move, (), True, False, 0)
                )
                continue
            try:
                solution = solve(state, max_nodes=max_nodes, seconds=seconds)
            except SearchLimitError as e:
                decisions.append(
                    Decision(rnd.index, step.index, step.seat, step.move, (), False, False, e.nodes)
                )
                continue
            decisions.append(
                Decision(
                    rnd.index,
                    step.index,
                    step.seat,
                    step.move,
                    solution.values,
                    False,
                    True,
                    solution.nodes,
                )
            )
    return Analysis(result, tuple(decisions), seat)
