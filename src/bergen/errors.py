"""The exceptions bergen raises.

Every error derives from :class:`BergenError`; those caused by bad input also derive from
``ValueError``. Exception classes and their ``reason`` values are public API; message text is
not (design.md, "Errors").
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bergen.moves import Move

__all__ = [
    "AmbiguousMoveError",
    "BergenError",
    "IllegalMoveError",
    "MatchOverError",
    "NotationError",
    "PositionError",
    "Reason",
    "RecordError",
    "RulesError",
]


class BergenError(Exception):
    """Base class of every error raised by bergen."""


class NotationError(BergenError, ValueError):
    """Text that is not a tile, a move or a line in bergen's notation.

    Attributes:
        text: The offending input text.
    """

    def __init__(self, message: str, *, text: str) -> None:
        """Store the message and the offending text."""
        super().__init__(message)
        self.text = text


class Reason(enum.Enum):
    """Why a move was rejected (machine-readable; rules brief, rules 2-4)."""

    NOT_YOUR_TURN = "not_your_turn"
    """The move was made for a seat that is not the seat to move."""
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    """The tile is not in the hand of the seat to move."""
    NO_MATCHING_END = "no_matching_end"
    """The tile does not carry the number shown at the chosen open end."""
    MUST_PLAY = "must_play"
    """A draw or a pass while holding a tile that fits (rule 4)."""
    MUST_DRAW = "must_draw"
    """A pass while tiles above the reserve can still be drawn (rule 4)."""
    CANNOT_DRAW = "cannot_draw"
    """A draw while nothing can be drawn (the reserve, or drawing off)."""
    WRONG_LEAD = "wrong_lead"
    """A lead that is not the required double, or a play before the lead (rule 2)."""
    NOT_A_LEAD = "not_a_lead"
    """A lead made when the line of play already has tiles."""
    ROUND_OVER = "round_over"
    """Any move after the round (or the match) has ended."""
    NOT_A_MOVE = "not_a_move"
    """Something that is not a :class:`~bergen.moves.Lead`, ``Play``, ``Draw`` or ``Pass``."""

    def __repr__(self) -> str:
        """Valid Python: ``Reason.MUST_PLAY``."""
        return f"Reason.{self.name}"


class IllegalMoveError(BergenError, ValueError):
    """A move the rules do not allow in this state; the state is unchanged.

    Attributes:
        move: The rejected move.
        seat: The seat that was to move (or named as moving).
        reason: A :class:`Reason`.
    """

    def __init__(self, message: str, *, move: Move, seat: int, reason: Reason) -> None:
        """Store the message, the move, the seat and the reason."""
        super().__init__(message)
        self.move = move
        self.seat = seat
        self.reason = reason


class AmbiguousMoveError(NotationError):
    """A short-form move that has two readings in this position.

    Attributes:
        readings: The canonical texts of the possible moves.
    """

    def __init__(self, message: str, *, text: str, readings: tuple[str, ...]) -> None:
        """Store the message, the text and its readings."""
        super().__init__(message, text=text)
        self.readings = readings


class RulesError(BergenError, ValueError):
    """An inconsistent combination of rules.

    Attributes:
        fields: The names of the rule fields involved.
    """

    def __init__(self, message: str, *, fields: tuple[str, ...] = ()) -> None:
        """Store the message and the fields involved."""
        super().__init__(message)
        self.fields = fields


class PositionError(BergenError, ValueError):
    """A deal or a set-up position that breaks the rules (tiles missing or repeated, a line
    that does not connect, a seat out of range, ...).
    """


class MatchOverError(BergenError, ValueError):
    """An action asked of a match that has already ended."""


class RecordError(BergenError, ValueError):
    """A game record that cannot be loaded or replayed.

    Attributes:
        round: The 0-based round index, when known.
        action_index: The 0-based action index within the round, when known.
        action: The action text, when known.
    """

    def __init__(
        self,
        message: str,
        *,
        round: int | None = None,
        action_index: int | None = None,
        action: str | None = None,
    ) -> None:
        """Store the message and where in the record it happened."""
        super().__init__(message)
        self.round = round
        self.action_index = action_index
        self.action = action
