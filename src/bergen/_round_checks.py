"""The checks of a round's states (internal): each field of a :class:`~bergen.round.RoundState`
built by hand, which object is a move, and why a move is illegal (docs/rules.md, rules 2-4).

Kept apart from :mod:`bergen.round`, which holds the states and the moves' hot path; nothing
here is public API.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bergen._context import RoundContext
from bergen._history import Trail
from bergen._setup import _check_position
from bergen.errors import (
    _MAX_POINTS,
    IllegalMoveError,
    PositionError,
    Reason,
    _as_tuple,
    _bad,
    _given,
    _is_int,
    _is_ints,
)
from bergen.events import Outcome
from bergen.hands import Hand
from bergen.kernel import play as K
from bergen.kernel.table import drawable
from bergen.kernel.table import sides as table_sides
from bergen.line import LineOfPlay
from bergen.moves import MOVES, Draw, End, Lead, Pass, Play, action_of
from bergen.rules import Rules
from bergen.tiles import TILES, Tile

if TYPE_CHECKING:
    from bergen.round import RoundState


def _tile_indexes(tiles: Sequence[Tile]) -> tuple[int, ...]:
    """The indexes of ``tiles``, in order."""
    return tuple([t.index for t in tiles])


def _checked_fields(
    to_move: object,
    scores: object,
    outcome: object,
    context: object,
    position: object,
    trail: object,
) -> tuple[int, tuple[int, ...], Outcome | None, RoundContext, K.Position, Trail]:
    """The constructor's fields, checked for their type and range (lists copied to tuples):
    ``context`` a :class:`RoundContext`, ``to_move`` one of its seats, ``scores`` one int
    >= 0 per side, ``outcome`` an :class:`Outcome` or ``None``, ``position`` a kernel
    position of the context's seats (hand masks of the 28 tiles, open ends -1..6, end flags
    0..3, tiles drawn 0..the boneyard's size) and ``trail`` ``(seat, action id)`` pairs.

    Raises:
        PositionError: naming the first field that is wrong.
    """
    if not isinstance(context, RoundContext):
        raise PositionError(_bad("RoundState", "context", "a RoundContext", context))
    seats = context.seats
    if not _is_int(to_move, 0, seats - 1):
        raise PositionError(_bad("RoundState", "to_move", f"a seat 0..{seats - 1}", to_move))
    points: object = _as_tuple(scores)
    sides = table_sides(context.table)
    if not _is_ints(points, 0, _MAX_POINTS) or len(points) != sides:
        raise PositionError(_bad("RoundState", "scores", f"a tuple of {sides} ints >= 0", points))
    if outcome is not None and not isinstance(outcome, Outcome):
        raise PositionError(_bad("RoundState", "outcome", "an Outcome or None", outcome))
    position = _as_tuple(position)
    if not _is_position(position, seats, len(context.boneyard)):
        raise PositionError(
            _bad(
                "RoundState",
                "position",
                f"a kernel position: ({seats} hand masks, left, right, flags, drawn)",
                position,
            )
        )
    trail = _as_tuple(trail)
    if type(trail) is not tuple or not all(
        type(pair) is tuple
        and len(pair) == 2
        and _is_int(pair[0], 0, seats - 1)
        and _is_int(pair[1], 0, len(MOVES) - 1)
        for pair in trail
    ):
        raise PositionError(
            _bad("RoundState", "trail", "a tuple of (seat, action id) pairs", trail)
        )
    return (to_move, points, outcome, context, position, trail)  # type: ignore[return-value]


def _is_position(position: object, seats: int, boneyard: int) -> bool:
    """Whether ``position`` is a kernel position (:data:`bergen.kernel.play.Position`) of
    ``seats`` seats and a boneyard of ``boneyard`` tiles, field by field in range.
    """
    if type(position) is not tuple or len(position) != 5:
        return False
    masks, left, right, flags, drawn = position
    return (
        _is_ints(masks, 0, (1 << len(TILES)) - 1)
        and len(masks) == seats
        and _is_int(left, -1, 6)
        and _is_int(right, -1, 6)
        and _is_int(flags, 0, K.LEFT_DOUBLE | K.RIGHT_DOUBLE)
        and _is_int(drawn, 0, boneyard)
    )


def _action(move: object) -> int:
    """The kernel's action id of a :class:`Lead`, :class:`Play`, :class:`Draw` or :class:`Pass`
    (subclasses included); -1 for any other object, or a move value not made by its
    constructor.
    """
    if not isinstance(move, Play | Lead | Draw | Pass):
        return -1
    try:
        return action_of(move)
    except AttributeError:  # a Play or Lead made without its constructor: no tile
        return -1


def _safe_repr(value: object) -> str:
    """``repr(value)``, or a description when its ``__repr__`` raises."""
    try:
        text = repr(value)
        return text if len(text) <= 200 else f"{text[:200]}... ({type(value).__name__})"
    except Exception as e:  # a hostile object's repr
        return f"<{type(value).__name__} whose repr raises {type(e).__name__}>"


def _safe_text(value: object) -> str:
    """``str(value)``, or a description when its ``__str__`` raises."""
    try:
        return str(value)
    except Exception as e:  # a hostile object's str
        return f"<{type(value).__name__} whose str raises {type(e).__name__}>"


def not_your_turn(state: RoundState, move: object, seat: int) -> IllegalMoveError:
    """The error for ``move`` made by ``seat``, a seat of this round, when another seat is
    to move.
    """
    return IllegalMoveError(
        f"{_safe_text(move)}: it is seat {state.to_move}'s turn, not seat {seat}'s",
        move=move,
        seat=seat,
        reason=Reason.NOT_YOUR_TURN,
    )


def illegal_move(state: RoundState, move: object) -> IllegalMoveError:
    """The error for ``move``, not legal for the seat to move: the reason found
    (rules 2-4).
    """
    seat = state.to_move
    line = state.line
    ends = "" if line.lead is None else f" (ends {line.left} and {line.right})"
    reason, text = _why_illegal(state, move, seat, line)
    return IllegalMoveError(
        f"{_safe_text(move)}: {text}{ends}", move=move, seat=seat, reason=reason
    )


def _why_illegal(
    state: RoundState, move: object, seat: int, line: LineOfPlay
) -> tuple[Reason, str]:
    """The :class:`Reason` ``move`` breaks and the rule's words (rules 2-4)."""
    if state.outcome is not None:
        return Reason.ROUND_OVER, "the round is over"
    if _action(move) < 0 or not isinstance(move, Lead | Play | Draw | Pass):
        return Reason.NOT_A_MOVE, f"not a move: {_safe_repr(move)}"
    hand = state.hands[seat]
    if line.lead is None:
        required = state.required_lead
        if isinstance(move, Lead) and move.tile not in hand:
            return Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold {move.tile}"
        if state._context.table.lead_any:
            return (
                Reason.WRONG_LEAD,
                f"seat {seat} holds {required} and leads: any tile of its hand "
                "(rule 2, LeadTile.ANY); the round opens with a lead",
            )
        return (
            Reason.WRONG_LEAD,
            f"seat {seat} holds {required}, the double that must lead "
            f"(rule 2, {type(state.rules.lead).__name__}); the round opens with {required}",
        )
    if isinstance(move, Lead):
        return (
            Reason.NOT_A_LEAD,
            "the lead has been made; play a tile at an end as 'tile'+'L'/'R'",
        )
    if isinstance(move, Play):
        if move.tile not in hand:
            return Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold {move.tile}"
        n = line.left if move.end is End.LEFT else line.right
        return (
            Reason.NO_MATCHING_END,
            f"{move.tile} does not match the {move.end.name.lower()} end, which shows {n}",
        )
    fits = [m for m in state.legal_moves() if isinstance(m, Play)]
    if fits:
        return (
            Reason.MUST_PLAY,
            f"seat {seat} holds a tile that fits: {', '.join(map(str, fits))}",
        )
    if isinstance(move, Pass):
        return Reason.MUST_DRAW, f"{state.drawable} tiles can still be drawn"
    if not state.rules.drawing:
        return Reason.CANNOT_DRAW, "nothing can be drawn (drawing is off)"
    return (
        Reason.CANNOT_DRAW,
        f"nothing can be drawn (the last {state._context.reserve} tiles are the reserve)",
    )


def set_up(
    hands: Sequence[Hand | Sequence[Tile]],
    boneyard: Sequence[Tile],
    line: LineOfPlay,
    to_move: object,
    rules: Rules,
    scores: Sequence[int] | None,
    dealer: object,
) -> tuple[RoundContext, K.Position]:
    """The context and kernel position of a position set up mid-round, checked (the work of
    :meth:`RoundState.from_position`, which says what is raised).
    """
    masks, table, score_t = _check_position(
        hands, boneyard, line, _given(to_move), rules, scores, _given(dealer)
    )
    bone = _tile_indexes(tuple(boneyard))
    if line.lead is None:
        position = K.start_position(masks)
    else:
        left: int = line.left  # type: ignore[assignment]
        right: int = line.right  # type: ignore[assignment]
        flags = (K.LEFT_DOUBLE if line.left_double else 0) | (
            K.RIGHT_DOUBLE if line.right_double else 0
        )
        position = (masks, left, right, flags, 0)
        if K.is_blocked(masks, left, right, drawable(table, len(bone))):
            raise PositionError("nobody can play or draw: the position is already blocked")
    context = RoundContext(
        rules=rules,
        seats=table.seats,
        target=table.target,
        dealer=_given(dealer),
        lead_draws=(),
        deal=None,
        boneyard=bone,
        reserve=table.reserve,
        start_line=line,
        start_scores=score_t,
        table=table,
    )
    return context, position
