"""Score events: what a move scored, for whom, and why.

``RoundState.apply`` returns the events a move caused, in award order: a header first, then
going out or a blocked hand (docs/rules.md, rules 5-9). The points of a side's events add up to
the change in that side's score.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar, NoReturn

from attrs.exceptions import FrozenInstanceError

from bergen.errors import _MAX_POINTS, _MYPYC, PositionError, _bad, _Int, _is_int, _OptInt
from bergen.tiles import Tile

__all__ = ["EventKind", "Outcome", "OutcomeKind", "ScoreEvent"]


class EventKind(enum.Enum):
    """The four ways to score in Bergen (docs/rules.md, rules 5, 7 and 8)."""

    DOUBLE_HEADER = "double_header"
    """Both open ends show the same number (rule 5); also the lead double (rule 5)."""
    TRIPLE_HEADER = "triple_header"
    """A double header where one of the two ends is a double (rule 5)."""
    GOING_OUT = "going_out"
    """A player played their last tile (rule 7)."""
    BLOCKED_HAND = "blocked_hand"
    """The round blocked and this side won the count (rule 8)."""

    def __repr__(self) -> str:
        """Valid Python: ``EventKind.DOUBLE_HEADER``."""
        return f"EventKind.{self.name}"


if TYPE_CHECKING:  # the annotation of an argument checked at run time (see errors._Int)
    if not _MYPYC:  # noqa: SIM108 - a type alias, one for each build
        _EventKind = EventKind
    else:  # the compiled build's mypy
        _EventKind = object


class ScoreEvent:
    """Points awarded to a side.

    A plain immutable value (``__slots__``, compiled with the states in the compiled build):
    assigning an attribute raises ``attrs.exceptions.FrozenInstanceError``; ``==`` and
    ``hash`` compare the fields; it pickles and copies as its fields; ``repr`` is valid Python.

    Args:
        kind: What scored.
        seat: The seat that made the play (for a blocked hand: a seat of the winning side).
        side: The side credited (the seat itself, or partnership 0 for seats 0 and 2, 1 for
            seats 1 and 3).
        points: The points awarded, after the reduction near the target (rule 6).
        base_points: The points before that reduction.
        tile: The tile whose play scored (``None`` for a blocked hand).

    Raises:
        PositionError: when ``kind`` is not an :class:`EventKind`, ``seat`` or ``side`` not an
            int in 0..3, ``points`` or ``base_points`` not an int >= 0, or ``tile`` neither a
            :class:`~bergen.tiles.Tile` nor ``None``.
    """

    __slots__ = ("base_points", "kind", "points", "seat", "side", "tile")
    __match_args__: ClassVar[tuple[str, ...]] = (
        "kind",
        "seat",
        "side",
        "points",
        "base_points",
        "tile",
    )

    kind: EventKind
    seat: int
    side: int
    points: int
    base_points: int
    tile: Tile | None

    def __init__(
        self,
        kind: _EventKind,
        seat: _Int,
        side: _Int,
        points: _Int,
        base_points: _Int,
        tile: Tile | None = None,
    ) -> None:
        """Check the fields: one test of them all (events are made on every move that scores),
        then, when it fails, the test that names the field.
        """
        if not (
            isinstance(kind, EventKind)
            and type(seat) is int
            and 0 <= seat <= 3
            and type(side) is int
            and 0 <= side <= 3
            and type(points) is int
            and 0 <= points <= _MAX_POINTS
            and type(base_points) is int
            and 0 <= base_points <= _MAX_POINTS
            and (tile is None or isinstance(tile, Tile))
        ):
            _refuse_event(kind, seat, side, points, base_points, tile)
            return  # pragma: no cover - _refuse_event always raises
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "base_points", base_points)
        object.__setattr__(self, "tile", tile)

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse: an event is immutable."""
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        """Refuse: an event is immutable."""
        raise FrozenInstanceError()

    def _fields(self) -> tuple[object, ...]:
        """The fields, in the constructor's order."""
        return (self.kind, self.seat, self.side, self.points, self.base_points, self.tile)

    def __eq__(self, other: object) -> bool:
        """Equal when ``other`` is a ScoreEvent with equal fields."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ScoreEvent)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        """The hash of the fields (equal events hash alike)."""
        return hash(("ScoreEvent", *self._fields()))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle (and copy) as the constructor's fields."""
        return (ScoreEvent, self._fields())

    def __repr__(self) -> str:
        """Valid Python that rebuilds an equal event."""
        return (
            f"ScoreEvent(kind={self.kind!r}, seat={self.seat!r}, side={self.side!r}, "
            f"points={self.points!r}, base_points={self.base_points!r}, tile={self.tile!r})"
        )

    def __str__(self) -> str:
        """A stable one-line form, for example ``triple_header seat=1 side=1 points=3 tile=6-3``.

        A reduced header also shows its base points: ``points=1/2``.
        """
        pts = (
            str(self.points)
            if self.points == self.base_points
            else f"{self.points}/{self.base_points}"
        )
        tile = "" if self.tile is None else f" tile={self.tile}"
        return f"{self.kind.value} seat={self.seat} side={self.side} points={pts}{tile}"


def _refuse_event(
    kind: object, seat: object, side: object, points: object, base_points: object, tile: object
) -> NoReturn:
    """Raise the error naming the first field of a :class:`ScoreEvent` that is wrong."""
    if not isinstance(kind, EventKind):
        raise PositionError(_bad("ScoreEvent", "kind", "an EventKind", kind))
    if not _is_int(seat, 0, 3):
        raise PositionError(_bad("ScoreEvent", "seat", "a seat 0..3", seat))
    if not _is_int(side, 0, 3):
        raise PositionError(_bad("ScoreEvent", "side", "a side 0..3", side))
    if not _is_int(points):
        raise PositionError(_bad("ScoreEvent", "points", "an int >= 0", points))
    if not _is_int(base_points):
        raise PositionError(_bad("ScoreEvent", "base_points", "an int >= 0", base_points))
    raise PositionError(_bad("ScoreEvent", "tile", "a Tile or None", tile))


class OutcomeKind(enum.Enum):
    """How a round ended."""

    WENT_OUT = "went_out"
    """A player played their last tile (rule 7)."""
    BLOCKED = "blocked"
    """Nobody could play and nobody could draw (rule 8)."""
    TARGET_REACHED = "target_reached"
    """A side reached the target in the middle of the round; the match is over (rule 9)."""

    def __repr__(self) -> str:
        """Valid Python: ``OutcomeKind.BLOCKED``."""
        return f"OutcomeKind.{self.name}"


if TYPE_CHECKING:  # the annotation of an argument checked at run time (see errors._Int)
    if not _MYPYC:  # noqa: SIM108 - a type alias, one for each build
        _OutcomeKind = OutcomeKind
    else:  # the compiled build's mypy
        _OutcomeKind = object


class Outcome:
    """How and by whom a round ended.

    A plain immutable value, as :class:`ScoreEvent` is.

    Args:
        kind: Going out, a block, or the target reached mid-round.
        seat: The seat that went out or made the play that reached the target; for a block,
            a seat of the winning side, or ``None`` when nobody won the count.
        side: The side that went out, won the block or reached the target (``None`` for a
            block with a full tie).

    Raises:
        PositionError: when ``kind`` is not an :class:`OutcomeKind`, or ``seat`` or ``side``
            is neither an int in 0..3 nor ``None``.
    """

    __slots__ = ("kind", "seat", "side")
    __match_args__: ClassVar[tuple[str, ...]] = ("kind", "seat", "side")

    kind: OutcomeKind
    seat: int | None
    side: int | None

    def __init__(self, kind: _OutcomeKind, seat: _OptInt, side: _OptInt) -> None:
        """Check the fields (see the class's Raises)."""
        if not isinstance(kind, OutcomeKind):
            raise PositionError(_bad("Outcome", "kind", "an OutcomeKind", kind))
        if seat is not None and not _is_int(seat, 0, 3):
            raise PositionError(_bad("Outcome", "seat", "a seat 0..3 or None", seat))
        if side is not None and not _is_int(side, 0, 3):
            raise PositionError(_bad("Outcome", "side", "a side 0..3 or None", side))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "side", side)

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse: an outcome is immutable."""
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        """Refuse: an outcome is immutable."""
        raise FrozenInstanceError()

    def _fields(self) -> tuple[object, ...]:
        """The fields, in the constructor's order."""
        return (self.kind, self.seat, self.side)

    def __eq__(self, other: object) -> bool:
        """Equal when ``other`` is an Outcome with equal fields."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Outcome)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        """The hash of the fields (equal outcomes hash alike)."""
        return hash(("Outcome", *self._fields()))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle (and copy) as the constructor's fields."""
        return (Outcome, self._fields())

    def __repr__(self) -> str:
        """Valid Python that rebuilds an equal outcome."""
        return f"Outcome(kind={self.kind!r}, seat={self.seat!r}, side={self.side!r})"
