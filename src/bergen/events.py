"""Score events: what a move scored, for whom, and why.

``RoundState.apply`` returns the events a move caused, in award order: a header first, then
going out or a blocked hand (docs/rules.md, rules 5-9). The points of a side's events add up to
the change in that side's score.
"""

from __future__ import annotations

import enum

import attrs

from bergen.errors import _MAX_POINTS, PositionError, _bad, _is_int
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


@attrs.frozen
class ScoreEvent:
    """Points awarded to a side.

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

    kind: EventKind
    seat: int
    side: int
    points: int
    base_points: int
    tile: Tile | None = None

    def __attrs_post_init__(self) -> None:
        """Check the fields: one test of them all (events are made on every move that scores),
        then, when it fails, the test that names the field.
        """
        if not (
            isinstance(self.kind, EventKind)
            and self.seat.__class__ is int
            and 0 <= self.seat <= 3
            and self.side.__class__ is int
            and 0 <= self.side <= 3
            and self.points.__class__ is int
            and 0 <= self.points <= _MAX_POINTS
            and self.base_points.__class__ is int
            and 0 <= self.base_points <= _MAX_POINTS
            and (self.tile is None or isinstance(self.tile, Tile))
        ):
            self._refuse()

    def _refuse(self) -> None:
        """Raise the error naming the first field that is wrong."""
        if not isinstance(self.kind, EventKind):
            raise PositionError(_bad("ScoreEvent", "kind", "an EventKind", self.kind))
        if not _is_int(self.seat, 0, 3):
            raise PositionError(_bad("ScoreEvent", "seat", "a seat 0..3", self.seat))
        if not _is_int(self.side, 0, 3):
            raise PositionError(_bad("ScoreEvent", "side", "a side 0..3", self.side))
        if not _is_int(self.points):
            raise PositionError(_bad("ScoreEvent", "points", "an int >= 0", self.points))
        if not _is_int(self.base_points):
            raise PositionError(_bad("ScoreEvent", "base_points", "an int >= 0", self.base_points))
        raise PositionError(_bad("ScoreEvent", "tile", "a Tile or None", self.tile))

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


@attrs.frozen
class Outcome:
    """How and by whom a round ended.

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

    kind: OutcomeKind
    seat: int | None
    side: int | None

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not isinstance(self.kind, OutcomeKind):
            raise PositionError(_bad("Outcome", "kind", "an OutcomeKind", self.kind))
        if self.seat is not None and not _is_int(self.seat, 0, 3):
            raise PositionError(_bad("Outcome", "seat", "a seat 0..3 or None", self.seat))
        if self.side is not None and not _is_int(self.side, 0, 3):
            raise PositionError(_bad("Outcome", "side", "a side 0..3 or None", self.side))
