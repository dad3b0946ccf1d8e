"""Why a move is illegal: the :class:`~bergen.errors.IllegalMoveError` of a refused move.

``RoundState.check`` and ``apply`` raise what this module builds, with a :class:`Reason` and a
message naming the rule broken (rules 2-4). Nothing here is public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bergen.errors import IllegalMoveError, Reason
from bergen.moves import Draw, End, Lead, Move, Pass, Play

if TYPE_CHECKING:
    from bergen.round import RoundState


def _not_your_turn(state: RoundState, move: Move, seat: object) -> IllegalMoveError:
    """The error for ``move`` made by ``seat`` when another seat is to move (or ``seat`` is no
    seat of this round).
    """
    from bergen.round import _seat_number

    number = _seat_number(seat)
    seats = len(state._masks)
    if number is None:
        text = f"seat must be a seat number, an int 0..{seats - 1}; got {seat!r}"
    elif not 0 <= number < seats:
        text = f"seat {number} is not a seat of this {seats}-seat round"
    else:
        text = f"it is seat {state.to_move}'s turn, not seat {number}'s"
    return IllegalMoveError(
        f"{move}: {text}",
        move=move,
        seat=state.to_move if number is None else number,
        reason=Reason.NOT_YOUR_TURN,
    )


def _illegal(state: RoundState, move: Move) -> IllegalMoveError:
    """The error for ``move``, not legal in ``state`` for the seat to move: the reason found."""
    seat = state.to_move
    line = state.line
    ends = "" if line.lead is None else f" (ends {line.left} and {line.right})"

    def err(reason: Reason, text: str) -> IllegalMoveError:
        return IllegalMoveError(f"{move}: {text}{ends}", move=move, seat=seat, reason=reason)

    if state.outcome is not None:
        return err(Reason.ROUND_OVER, "the round is over")
    if not isinstance(move, Lead | Play | Draw | Pass):
        return err(Reason.NOT_A_MOVE, f"not a move: {move!r}")
    hand = state.hands[seat]
    if line.lead is None:
        required = state.required_lead
        if isinstance(move, Lead) and move.tile not in hand:
            return err(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold {move.tile}")
        return err(
            Reason.WRONG_LEAD,
            f"seat {seat} holds {required}, the double that must lead "
            f"(rule 2, {type(state.rules.lead).__name__}); the round opens with {required}",
        )
    if isinstance(move, Lead):
        return err(
            Reason.NOT_A_LEAD, "the lead has been made; play a tile at an end as 'tile'+'L'/'R'"
        )
    if isinstance(move, Play):
        if move.tile not in hand:
            return err(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold {move.tile}")
        n = line.left if move.end is End.LEFT else line.right
        return err(
            Reason.NO_MATCHING_END,
            f"{move.tile} does not match the {move.end.name.lower()} end, which shows {n}",
        )
    fits = [m for m in state.legal_moves() if isinstance(m, Play)]
    if fits:
        return err(
            Reason.MUST_PLAY, f"seat {seat} holds a tile that fits: {', '.join(map(str, fits))}"
        )
    if isinstance(move, Pass):
        return err(Reason.MUST_DRAW, f"{state._ndraw} tiles can still be drawn")
    return err(
        Reason.CANNOT_DRAW,
        "nothing can be drawn "
        + (
            "(drawing is off)"
            if not state.rules.drawing
            else f"(the last {state.boneyard.reserve} tiles are the reserve)"
        ),
    )
