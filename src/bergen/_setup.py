"""Setting up a round: the checks of ``RoundState.start`` and ``from_position``, and of the
seat a move names (internal).

The rules a position must meet before play (docs/rules.md, rules 1-2 and 9: hand sizes, seats,
scores below the target, the 28 tiles exactly once, who leads). Nothing here is public API.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence

from bergen.deal import Deal
from bergen.errors import ArgumentError, PositionError, RulesError, _brief
from bergen.hands import Hand
from bergen.kernel.deal import required_lead
from bergen.kernel.table import Table
from bergen.kernel.table import sides as table_sides
from bergen.line import LineOfPlay
from bergen.rules import Rules
from bergen.rules.table import kernel_table
from bergen.tiles import DOUBLES_MASK, TILES, Tile, tile_mask


def _check_start(
    deal: Deal, rules: Rules, dealer: int, scores: Sequence[int] | None
) -> tuple[Table, tuple[int, ...]]:
    """Check a deal, dealer and scores for ``RoundState.start``: the kernel's table and the
    scores.

    Raises:
        RulesError: when the rules do not allow this table.
        PositionError: when a hand is not the size the rules deal, or the dealer or a score is
            out of range.
    """
    if not isinstance(deal, Deal):
        raise PositionError(f"a round starts from a Deal, got {_brief(deal)}")
    hands = deal.hands
    seats = len(hands)
    table = kernel_table(_rules(rules), seats)
    sides = table_sides(table)
    size = table.hand_size
    for h in hands:
        if len(h) != size:
            i = hands.index(h)
            raise PositionError(
                f"hand {i} holds {len(h)} tiles; the rules deal {size} at {seats} seats"
            )
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {_brief(dealer)}")
    if scores is None:
        return table, (0,) * sides
    return table, _check_scores(scores, sides, table.target, table.round_end)


def _check_position(
    hands: Sequence[Hand | Sequence[Tile]],
    boneyard: Sequence[Tile],
    line: LineOfPlay,
    to_move: int,
    rules: Rules,
    scores: Sequence[int] | None,
    dealer: int,
) -> tuple[tuple[int, ...], Table, tuple[int, ...]]:
    """Check a position for ``RoundState.from_position``: the hand masks, table and scores.

    Raises:
        PositionError: when the line, hands and boneyard are not the 28 tiles exactly once, a
            seat or score is out of range, a hand is empty, or the wrong seat is to lead.
        RulesError: when the rules do not allow this table.
    """
    if not isinstance(line, LineOfPlay):
        raise PositionError(f"line must be a LineOfPlay (see LineOfPlay.parse), got {_brief(line)}")
    if isinstance(hands, set | frozenset | Mapping):
        raise PositionError(
            f"hands are one per seat, in seat order: a list or tuple, not {type(hands).__name__}"
        )
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence) or len(hands) > 4:
        raise PositionError(
            f"hands must be a sequence of 2..4 hands, one per seat, got {_brief(hands)}"
        )
    hand_tiles = [h.tiles if isinstance(h, Hand) else h for h in hands]
    for i, h in enumerate(hand_tiles):
        if isinstance(h, str | bytes) or not isinstance(h, Iterable):
            raise PositionError(
                f"hands[{i}] must be a Hand or a sequence of tiles, got {_brief(h)}"
            )
    if isinstance(boneyard, str | bytes) or not isinstance(boneyard, Iterable):
        raise PositionError(f"boneyard must be a sequence of tiles, got {_brief(boneyard)}")
    placed = tuple(p.tile for p in line.tiles)
    # Deal checks the 28 tiles exactly once; the line's tiles count as one more place.
    Deal([*hand_tiles[:-1], (*hand_tiles[-1], *placed)] if hand_tiles else [], boneyard)
    seats = len(hand_tiles)
    table = kernel_table(_rules(rules), seats)
    sides = table_sides(table)
    if line.lead is not None and not line.lead.is_double and not table.lead_any:
        raise PositionError(f"the lead {line.lead} in the line {line} is not a double (rule 2)")
    if type(to_move) is not int or not 0 <= to_move < seats:
        raise PositionError(f"to_move must be a seat 0..{seats - 1}, got {_brief(to_move)}")
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {_brief(dealer)}")
    score_t = _check_scores(scores, sides, table.target, table.round_end)
    masks = tuple([tile_mask(h) for h in hand_tiles])
    for i, m in enumerate(masks):
        if not m:
            raise PositionError(f"hand {i} is empty: that seat has gone out and the round is over")
    if line.lead is None:
        if not any(m & DOUBLES_MASK for m in masks):
            raise PositionError("before the lead somebody must hold a double (rule 2)")
        required = required_lead(table, masks)
        if not masks[to_move] >> required & 1:
            holder = next(i for i, m in enumerate(masks) if m >> required & 1)
            raise PositionError(
                f"seat {holder} holds {TILES[required]}, the double that must lead, "
                f"not seat {to_move}"
            )
    return masks, table, score_t


def _seat_number(seat: object) -> int | None:
    """``seat`` as a seat number: an int (or a value with ``__index__``, such as a NumPy
    integer), not a bool; ``None`` when it is none.
    """
    if isinstance(seat, bool):
        return None
    if isinstance(seat, int):
        return int(seat)
    try:
        return operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        return None


def _seat_arg(seat: object, seats: int) -> int:
    """The seat a move names (``apply(move, seat)``), as a seat number of a ``seats``-seat
    round (rule 1: the seats are numbered 0..seats-1).

    Raises:
        ArgumentError: naming the value and the seats 0..seats-1, when ``seat`` is not a seat
            number (:func:`_seat_number`) or is no seat of this round.
    """
    number = _seat_number(seat)
    if number is None:
        raise ArgumentError(
            f"seat must be a seat number, an int 0..{seats - 1}; got {_brief(seat)}"
        )
    if not 0 <= number < seats:
        raise ArgumentError(
            f"seat {_brief(number)} is not a seat of this {seats}-seat round: the seats are "
            f"0..{seats - 1}"
        )
    return number


def _rules(rules: Rules) -> Rules:
    """``rules``, checked to be a :class:`Rules` value (``RulesError`` otherwise)."""
    if not isinstance(rules, Rules):
        raise RulesError(
            f"rules must be a Rules value such as CLASSIC or SIMPLE, got {_brief(rules)}",
            fields=("rules",),
        )
    return rules


def _check_scores(
    scores: Sequence[int] | None, sides: int, target: int, round_end: bool = False
) -> tuple[int, ...]:
    """The scores a round starts from, checked: one int >= 0 per side, and no match won yet
    (each below the target; when the target is checked only at the end of a round, a round
    in play may stand at any score: docs/rules.md, rule 9).
    """
    if scores is None:
        return (0,) * sides
    if scores.__class__ is tuple and len(scores) == sides:  # the usual case: all fine?
        for v in scores:
            if v.__class__ is not int or not 0 <= v < target:
                break
        else:
            return scores
    if isinstance(scores, set | frozenset | Mapping | str):
        raise PositionError(
            f"scores are one per side, in side order: a list or tuple of ints, not {_brief(scores)}"
        )
    try:
        s = tuple(scores)
    except TypeError:
        raise PositionError(
            f"scores must be a sequence of ints, one per side, got {_brief(scores)}"
        ) from None
    if len(s) != sides:
        raise PositionError(f"scores has {len(s)} entries; this table has {sides} sides")
    for i, v in enumerate(s):
        if type(v) is not int or v < 0:
            raise PositionError(f"score of side {i} must be an int >= 0, got {_brief(v)}")
        if v >= target and not round_end:
            raise PositionError(
                f"side {i} has {v} points, already at the target {target}: the match is over"
            )
    return s
