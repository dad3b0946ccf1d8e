"""Moves and their canonical notation.

A move is one of :class:`Lead` (the opening double), :class:`Play` (a tile on the left or right
open end), :class:`Draw` (one tile from the boneyard) and :class:`Pass`. The canonical notation
is context-free: ``1-1`` for a lead, ``5-4L`` / ``5-4R`` for a play, ``draw`` and ``pass``
(docs/records.md, "Move notation"). Every move value is interned: ``Play(Tile(5, 4), End.LEFT)
is Play(Tile(5, 4), End.LEFT)`` is not guaranteed, but equal moves compare and hash equal, and
the engine hands out shared instances.
"""

from __future__ import annotations

import enum

import attrs

from bergen.errors import NotationError, PositionError, _bad, _brief, _is_int
from bergen.kernel import actions as A
from bergen.tiles import TILES, Tile

__all__ = [
    "DRAW",
    "PASS",
    "Action",
    "Draw",
    "End",
    "Lead",
    "Move",
    "Pass",
    "Play",
    "action_of",
    "move_of",
    "parse_move",
]


def _tile(inst: object, attribute: attrs.Attribute[Tile], value: Tile) -> None:
    if not isinstance(value, Tile):
        raise NotationError(
            f"{type(inst).__name__}.tile must be a Tile such as Tile(5, 4), got {_brief(value)}",
            text=_brief(value),
        )


def _end(inst: object, attribute: attrs.Attribute[End], value: End) -> None:
    if not isinstance(value, End):
        raise NotationError(
            f"Play.end must be End.LEFT or End.RIGHT, got {_brief(value)}", text=_brief(value)
        )


class End(enum.Enum):
    """An open end of the line of play, as laid out: left or right."""

    LEFT = "L"
    RIGHT = "R"

    def __repr__(self) -> str:
        """Valid Python: ``End.LEFT``."""
        return f"End.{self.name}"


@attrs.frozen(repr=False)
class Lead:
    """The first move of a round: the leading double laid down alone (rule 2).

    Args:
        tile: The double led.

    Raises:
        NotationError: when ``tile`` is not a :class:`~bergen.tiles.Tile`.
    """

    tile: Tile = attrs.field(validator=_tile)

    def __str__(self) -> str:
        """Canonical notation: the tile, ``1-1``."""
        return str(self.tile)

    def __repr__(self) -> str:
        """Valid Python: ``Lead(Tile(1, 1))``."""
        return f"Lead({self.tile!r})"


@attrs.frozen(repr=False)
class Play:
    """A tile from the mover's hand put on one open end (rule 3).

    Args:
        tile: The tile played.
        end: The open end it is matched against.

    Raises:
        NotationError: when ``tile`` is not a :class:`~bergen.tiles.Tile` or ``end`` not an
            :class:`End`.
    """

    tile: Tile = attrs.field(validator=_tile)
    end: End = attrs.field(validator=_end)

    def __str__(self) -> str:
        """Canonical notation: the tile and the end, ``5-4L``."""
        return f"{self.tile}{self.end.value}"

    def __repr__(self) -> str:
        """Valid Python: ``Play(Tile(5, 4), End.LEFT)``."""
        return f"Play({self.tile!r}, {self.end!r})"


@attrs.frozen(repr=False)
class Draw:
    """Drawing one tile from the top of the boneyard (rule 4)."""

    def __str__(self) -> str:
        """Canonical notation: ``draw``."""
        return "draw"

    def __repr__(self) -> str:
        """Valid Python: ``Draw()``."""
        return "Draw()"


@attrs.frozen(repr=False)
class Pass:
    """Passing the turn when nothing fits and nothing can be drawn (rule 4)."""

    def __str__(self) -> str:
        """Canonical notation: ``pass``."""
        return "pass"

    def __repr__(self) -> str:
        """Valid Python: ``Pass()``."""
        return "Pass()"


Move = Lead | Play | Draw | Pass
"""Any move."""

DRAW = Draw()
"""The shared :class:`Draw` instance."""
PASS = Pass()
"""The shared :class:`Pass` instance."""

# Interned move tables used by the engine: LEADS[i], PLAYS[i][0 for LEFT, 1 for RIGHT].
LEADS: tuple[Lead, ...] = tuple(Lead(t) for t in TILES)
PLAYS: tuple[tuple[Play, Play], ...] = tuple((Play(t, End.LEFT), Play(t, End.RIGHT)) for t in TILES)


def _moves_by_action() -> tuple[Move, ...]:
    out: list[Move] = []
    for t in range(len(TILES)):
        out.extend(PLAYS[t])
    out.extend(LEADS)
    out.extend((DRAW, PASS))
    return tuple(out)


MOVES: tuple[Move, ...] = _moves_by_action()
"""``MOVES[a]``: the move of the kernel's action id ``a`` (see :mod:`bergen.kernel.actions`)."""


def move_of(action: int) -> Move:
    """The move of the kernel's action id ``action`` (0..85, :mod:`bergen.kernel.actions`).

    Raises:
        NotationError: when ``action`` is not an int in 0..85.
    """
    if type(action) is not int or not 0 <= action < len(MOVES):
        raise NotationError(
            f"move_of takes an action id, an int 0..{len(MOVES) - 1}, got {_brief(action)}",
            text=_brief(action),
        )
    return MOVES[action]


def action_of(move: Move) -> int:
    """The kernel's action id of ``move`` (:mod:`bergen.kernel.actions`): ``2 * tile + end``
    for a play (0 left, 1 right), ``56 + tile`` for a lead, 84 for a draw, 85 for a pass.

    Raises:
        NotationError: when ``move`` is not a :class:`Lead`, :class:`Play`, :class:`Draw` or
            :class:`Pass` (anything else was taken as a pass).
    """
    if isinstance(move, Play):
        return A.play_id(move.tile.index, A.RIGHT if move.end is End.RIGHT else A.LEFT)
    if isinstance(move, Lead):
        return A.lead_id(move.tile.index)
    if isinstance(move, Draw):
        return A.DRAW
    if isinstance(move, Pass):
        return A.PASS
    raise NotationError(f"action_of takes a move, got {_brief(move)}", text=_brief(move))


_MOVE_CLASSES = (Lead, Play, Draw, Pass)
"""The classes of a move (:data:`Move`)."""


@attrs.frozen
class Action:
    """One entry of a round's history: who did what.

    Args:
        seat: The seat that moved.
        move: The move made.
        drawn: For a draw, the tile drawn (hidden information: views show only the count);
            otherwise ``None``.

    Raises:
        PositionError: when ``seat`` is not an int in 0..3, ``move`` not a :class:`Lead`,
            :class:`Play`, :class:`Draw` or :class:`Pass`, or ``drawn`` neither a
            :class:`~bergen.tiles.Tile` nor ``None``.
    """

    seat: int
    move: Move
    drawn: Tile | None = None

    def __attrs_post_init__(self) -> None:
        """Check the fields: one test of them all (a round's history and every view are made
        of actions), then, when it fails, the test that names the field.
        """
        if not (
            self.seat.__class__ is int
            and 0 <= self.seat <= 3
            and isinstance(self.move, _MOVE_CLASSES)
            and (self.drawn is None or isinstance(self.drawn, Tile))
        ):
            self._refuse()

    def _refuse(self) -> None:
        """Raise the error naming the first field that is wrong."""
        if not _is_int(self.seat, 0, 3):
            raise PositionError(_bad("Action", "seat", "a seat 0..3", self.seat))
        if not isinstance(self.move, _MOVE_CLASSES):
            raise PositionError(_bad("Action", "move", "a Lead, Play, Draw or Pass", self.move))
        raise PositionError(_bad("Action", "drawn", "a Tile or None", self.drawn))

    def __str__(self) -> str:
        """``seat 1: 5-4L``, or ``seat 1: draw 6-2`` for a draw."""
        extra = f" {self.drawn}" if self.drawn is not None else ""
        return f"seat {self.seat}: {self.move}{extra}"


def parse_move(text: str) -> Move:
    """Read a move in canonical notation.

    Args:
        text: ``"1-1"`` (a lead), ``"5-4L"`` or ``"5-4R"`` (a play), ``"draw"`` or ``"pass"``;
            case and surrounding spaces are ignored.

    Returns:
        The move. ``parse_move(str(m)) == m`` for every move ``m``.

    Raises:
        NotationError: when the text is none of these forms.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text such as '5-4L', got {_brief(text)}", text=_brief(text))
    s = text.strip()
    low = s.lower()
    if low == "draw":
        return DRAW
    if low == "pass":
        return PASS
    if s[-1:].upper() in ("L", "R"):
        try:
            tile = Tile.parse(s[:-1])
        except NotationError:
            raise NotationError(
                f"a play is a tile and an end such as '5-4L', got {_brief(text)}", text=text
            ) from None
        return PLAYS[tile.index][0 if s[-1].upper() == "L" else 1]
    try:
        tile = Tile.parse(s)
    except NotationError:
        raise NotationError(
            "a move is a lead '1-1', a play '5-4L' or '5-4R', 'draw' or 'pass'; got "
            f"{_brief(text)}",
            text=text,
        ) from None
    return LEADS[tile.index]
