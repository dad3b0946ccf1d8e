"""The short move notation: the canonical form with the end left out when the position makes it
clear.

The canonical notation (:func:`bergen.moves.parse_move`, ``str(move)``) is context-free:
``1-1`` for a lead, ``5-4L`` / ``5-4R`` for a play, ``draw`` and ``pass``. The short form needs
the position: a play is written as its tile alone (``5-4``) when the tile's numbers fit only
one open end of the line, and keeps its end (``4-1L``) when they fit both. A bare tile on an
empty line is the lead. (docs/records.md, "Move notation".)

Guarantee, property-tested: ``parse_short(short(m, s), s) == m`` for every legal move ``m`` of
every state ``s``, and ``parse_short`` also reads every canonical text.
"""

from __future__ import annotations

from bergen.errors import AmbiguousMoveError, NotationError, _brief
from bergen.line import LineOfPlay
from bergen.moves import PLAYS, Draw, Lead, Move, Pass, Play, parse_move
from bergen.round import RoundState
from bergen.tiles import Tile

__all__ = ["parse_short", "short"]


def _line(position: RoundState | LineOfPlay) -> LineOfPlay:
    if isinstance(position, RoundState):
        return position.line
    if isinstance(position, LineOfPlay):
        return position
    raise NotationError(
        f"the short form needs a RoundState or a LineOfPlay, got {_brief(position)}",
        text=_brief(position),
    )


def _fitting_ends(tile: Tile, line: LineOfPlay) -> tuple[bool, bool]:
    left = line.left is not None and tile.has(line.left)
    right = line.right is not None and tile.has(line.right)
    return left, right


def short(move: Move, position: RoundState | LineOfPlay) -> str:
    """Write a move in the short form for a position.

    Args:
        move: Any move (it need not be legal; only the line's open ends are consulted).
        position: The state the move is made in, or just its line of play.

    Returns:
        ``"5-4"`` for a play whose tile fits only one open end, otherwise the canonical text
        (``"4-1L"`` for a tile that fits both ends, ``"1-1"`` for a lead, ``"draw"``,
        ``"pass"``). A play whose tile fits neither end keeps its end, so that the text still
        names the move.

    Raises:
        NotationError: when ``position`` is neither a :class:`RoundState` nor a
            :class:`LineOfPlay`.

    Source: docs/records.md, "Short form".
    """
    line = _line(position)
    if not isinstance(move, Lead | Play | Draw | Pass):
        raise NotationError(f"short takes a move, got {_brief(move)}", text=_brief(move))
    if isinstance(move, Play):
        left, right = _fitting_ends(move.tile, line)
        if left != right:
            return str(move.tile)
    return str(move)


def parse_short(text: str, position: RoundState | LineOfPlay) -> Move:
    """Read a move in the short form (or the canonical form) for a position.

    A bare tile (``"5-4"``) is the lead while the line is empty, and afterwards the play of that
    tile at the one open end its numbers fit. ``"5-4L"``, ``"5-4R"``, ``"draw"`` and ``"pass"``
    read as in :func:`bergen.moves.parse_move` (case and surrounding spaces are ignored).
    Whether the move is legal (the tile in the mover's hand, ...) is left to
    :meth:`RoundState.check`.

    Args:
        text: The move text.
        position: The state the move is made in, or just its line of play.

    Returns:
        The move.

    Raises:
        AmbiguousMoveError: when a bare tile fits both open ends; ``readings`` holds both
            canonical texts, for example ``("4-1L", "4-1R")``.
        NotationError: when the text is not a move, or a bare tile fits neither open end.

    Source: docs/records.md, "Short form".
    """
    line = _line(position)
    move = parse_move(text)
    if not isinstance(move, Lead) or line.lead is None:
        return move
    tile = move.tile
    left, right = _fitting_ends(tile, line)
    ends = f"the ends show {line.left} and {line.right}"
    if left and right:
        readings = (str(PLAYS[tile.index][0]), str(PLAYS[tile.index][1]))
        raise AmbiguousMoveError(
            f"{_brief(text.strip())} is ambiguous: {tile} fits both ends ({ends}); "
            f"write {readings[0]} or {readings[1]}",
            text=text,
            readings=readings,
        )
    if left:
        return PLAYS[tile.index][0]
    if right:
        return PLAYS[tile.index][1]
    raise NotationError(
        f"{_brief(text.strip())}: {tile} fits neither open end ({ends}); the lead has been made",
        text=text,
    )
