"""A whole playout in one loop (rules 2-9), for search: no tuple per move, no events.

:func:`rollout` plays the rest of a round choosing the move at index
``int(rnd() * len(legal))`` of the legal actions in :func:`bergen.kernel.play.legal_actions`
order, one ``rnd()`` per move, forced moves included, and returns the final scores: exactly
what a loop of :func:`bergen.kernel.play.step` with the same choices ends with.
"""

from __future__ import annotations

from collections.abc import Callable

from bergen.kernel.deal import required_lead
from bergen.kernel.play import Position, lead
from bergen.kernel.table import Table, blocked_winner, header_points, side_of
from bergen.kernel.tiles import FIT, IS_DOUBLE, OTHER


def rollout(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    rnd: Callable[[], float],
) -> tuple[int, ...]:
    """Play the round out from ``pos`` (in play, ``seat`` to move) and return the final scores.

    Raises:
        ValueError: when ``rnd()`` returns a number outside ``[0, 1)``.
    """
    masks, left, right, doubles, drawn = pos
    if left < 0:  # the lead (rule 2): the only legal move
        rnd()
        t = required_lead(table, masks)
        after = lead(table, boneyard, pos, seat, scores, t)
        if after[3] >= 0:
            return after[2]
        masks, left, right, doubles, drawn = after[0]
        seat = after[1]
        scores = after[2]
    hands = list(masks)
    points = list(scores)
    n = table.seats
    target = table.target
    last = len(boneyard) - table.reserve if table.drawing else 0
    left_double = bool(doubles & 1)
    right_double = bool(doubles & 2)
    fit = FIT  # the tables as locals: the interpreter reads a local faster than a global
    other = OTHER
    is_double = IS_DOUBLE
    while True:
        hand = hands[seat]
        fl = hand & fit[left]
        fr = hand & fit[right]
        if fl or fr:
            # The k-th legal play: tile index ascending, the left end first.
            k = int(rnd() * (fl.bit_count() + fr.bit_count()))
            both = fl | fr
            on_left = True
            low = 0
            while both:
                low = both & -both
                if fl & low:
                    if not k:
                        on_left = True
                        break
                    k -= 1
                if fr & low:
                    if not k:
                        on_left = False
                        break
                    k -= 1
                both ^= low
            if not both:  # k was no legal play: rnd() was outside [0, 1)
                raise ValueError("rnd() returned a number outside [0, 1)")
            t = low.bit_length() - 1
            hand ^= low
            hands[seat] = hand
            if on_left:
                left = other[t][left]
                left_double = is_double[t]
            else:
                right = other[t][right]
                right_double = is_double[t]
            if left == right:  # a header (rule 5), reduced near the target (rule 6)
                side = side_of(table, seat)
                s = points[side]
                if left_double or right_double:
                    pts = header_points(table, table.triple_header, s)
                else:
                    pts = header_points(table, table.double_header, s)
                points[side] = s + pts
                if s + pts >= target:  # rule 9: scoring stops at the target
                    return tuple(points)
            if not hand:  # going out (rule 7)
                points[side_of(table, seat)] += table.going_out
                return tuple(points)
            if drawn >= last and _nobody_fits(hands, left, right):  # rule 8
                return _blocked(table, hands, points)
            seat = seat + 1 if seat + 1 < n else 0
        elif drawn < last:  # draw (rule 4); the same seat moves again
            rnd()
            hands[seat] = hand | 1 << boneyard[drawn]
            drawn += 1
            if drawn >= last and _nobody_fits(hands, left, right):
                return _blocked(table, hands, points)
        else:  # pass
            rnd()
            seat = seat + 1 if seat + 1 < n else 0


def _nobody_fits(hands: list[int], left: int, right: int) -> bool:
    ends = FIT[left] | FIT[right]
    for h in hands:
        if h & ends:
            return False
    return True


def _blocked(table: Table, hands: list[int], points: list[int]) -> tuple[int, ...]:
    winner = blocked_winner(table, tuple(hands))
    if winner >= 0:
        points[winner] += table.blocked_hand
    return tuple(points)
