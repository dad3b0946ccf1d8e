"""A whole playout in one loop (rules 2-9), for search: no tuple per move, no events.

:func:`rollout` plays the rest of a round choosing the move at index
``int(rnd() * len(legal))`` of the legal actions in :func:`bergen.kernel.play.legal_actions`
order, one ``rnd()`` per move, forced moves included, and returns the final scores: exactly
what a loop of :func:`bergen.kernel.play.step` with the same choices ends with.
:func:`greedy_rollout` plays the greedy playout policy of the search bots instead (the header
worth most when there is one, else a play at random), and :func:`ranked_rollout` the whole
ranking of the ``greedy`` bot (:func:`ranked_plays`) for every seat.
"""

from __future__ import annotations

from collections.abc import Callable

from bergen.kernel.actions import DRAW, PASS
from bergen.kernel.deal import required_lead
from bergen.kernel.play import Position, is_blocked
from bergen.kernel.table import Table, blocked_winner, header_points
from bergen.kernel.tiles import FIT, FULL_MASK, HIGH, IS_DOUBLE, LOW, N_TILES, OTHER, PIPS


class ChoiceError(ValueError):
    """``rnd()`` returned something other than a number in ``[0, 1)``."""


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
        ChoiceError: when ``rnd()`` returns something other than a number in ``[0, 1)`` (checked
            where a play is chosen; a forced move's number is not read).
    """
    masks, left, right, doubles, drawn = pos
    hands = list(masks)
    points = list(scores)
    n = table.seats
    target = table.target
    partners = table.partnerships
    round_end = table.round_end
    last = len(boneyard) - table.reserve if table.drawing else 0
    any_time = table.draw_any_time
    left_double = bool(doubles & 1)
    right_double = bool(doubles & 2)
    fit = FIT  # the tables as locals: the interpreter reads a local faster than a global
    other = OTHER
    is_double = IS_DOUBLE
    if left < 0:  # the lead (rule 2): a double header if a double is led and the lead scores
        u = rnd()
        t = required_lead(table, masks)
        if table.lead_any:  # the k-th tile of the hand, by tile index
            leads = [i for i in range(N_TILES) if hands[seat] >> i & 1]
            try:
                k = int(u * len(leads))
            except (TypeError, ValueError, OverflowError) as e:  # not a finite number
                raise ChoiceError(f"rnd() returned no number in [0, 1): {e}") from None
            if k < 0 or k >= len(leads):
                raise ChoiceError("rnd() returned a number outside [0, 1)")
            t = leads[k]
        hand = hands[seat] ^ 1 << t
        hands[seat] = hand
        left = HIGH[t]
        right = LOW[t]
        left_double = right_double = bool(is_double[t])
        side = seat & 1 if partners else seat
        if table.lead_scores and left_double:
            s = points[side]
            pts = header_points(table, table.double_header, s)
            points[side] = s + pts
            if s + pts >= target and not round_end:
                return tuple(points)
        if not hand:
            points[side] += table.going_out
            return tuple(points)
        if drawn >= last and is_blocked(hands, left, right, 0):
            return _blocked(table, hands, points)
        seat = seat + 1 if seat + 1 < n else 0
    while True:
        hand = hands[seat]
        fl = hand & fit[left]
        fr = hand & fit[right]
        if fl or fr:  # a play (rule 3)
            # The k-th legal play: tile index ascending, the left end first; with draws at any
            # time, one more choice after the plays: a draw (rule 4).
            plays = fl.bit_count() + fr.bit_count()
            extra = 1 if any_time and drawn < last else 0
            try:
                k = int(rnd() * (plays + extra))
            except (TypeError, ValueError, OverflowError) as e:  # not a finite number
                raise ChoiceError(f"rnd() returned no number in [0, 1): {e}") from None
            if extra and k == plays:  # a draw while a tile fits; the same seat moves again
                hands[seat] = hand | 1 << boneyard[drawn]
                drawn += 1
                if drawn >= last and is_blocked(hands, left, right, 0):
                    return _blocked(table, hands, points)
                continue
            both = fl | fr
            on_left = True
            while both:
                low = both & -both
                if fl & low:
                    if not k:
                        break
                    k -= 1
                if fr & low:
                    if not k:
                        on_left = False
                        break
                    k -= 1
                both ^= low
            else:  # k was no legal play
                raise ChoiceError("rnd() returned a number outside [0, 1)")
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
                side = seat & 1 if partners else seat
                s = points[side]
                if left_double or right_double:
                    pts = header_points(table, table.triple_header, s)
                else:
                    pts = header_points(table, table.double_header, s)
                points[side] = s + pts
                if s + pts >= target and not round_end:  # rule 9: scoring stops at the target
                    return tuple(points)
            if not hand:  # going out (rule 7)
                points[seat & 1 if partners else seat] += table.going_out
                return tuple(points)
            if drawn >= last and is_blocked(hands, left, right, 0):  # rule 8
                return _blocked(table, hands, points)
            seat = seat + 1 if seat + 1 < n else 0
        elif drawn < last:  # draw (rule 4); the same seat moves again
            rnd()
            hands[seat] = hand | 1 << boneyard[drawn]
            drawn += 1
            if drawn >= last and is_blocked(hands, left, right, 0):
                return _blocked(table, hands, points)
        else:  # pass (rule 4)
            rnd()
            seat = seat + 1 if seat + 1 < n else 0


def ranked_plays(
    table: Table,
    hand: int,
    left: int,
    right: int,
    left_double: bool,
    right_double: bool,
    line: int,
    score: int,
) -> list[int]:
    """The plays that the ``greedy`` bot's ranking (:func:`bergen.bots.greedy_key`) puts first,
    as action ids (:func:`bergen.kernel.actions.play_id`), the left end's first, by tile index.

    A play's rank, compared in order: the points it scores at once (a header, rule 5, reduced
    near the target, rule 6, for the side at ``score``; plus going out, rule 7, with the
    hand's last tile unless the header reaches the target, rule 9); a double laid on an end
    when the other end shows its number; the new ends' connecting tile (the tile whose two
    numbers are the ends) seen, on ``line`` (the mask of the tiles on the line) or in the hand
    after the play; that tile held in the hand after it; the tile's pips. ``hand`` must have a
    tile that fits ``left`` or ``right`` (rule 3).
    """
    fit = FIT
    other = OTHER
    is_double = IS_DOUBLE
    dbl = table.double_header
    trp = table.triple_header
    last_tile = hand.bit_count() == 1
    best_key = -1
    best: list[int] = []
    for end in (0, 1):
        m = hand & fit[left if end == 0 else right]
        while m:
            low = m & -m
            m ^= low
            t = low.bit_length() - 1
            if end == 0:
                new_left = other[t][left]
                new_right = right
                other_end = right
                header = new_left == right
                triple = is_double[t] or right_double
            else:
                new_left = left
                new_right = other[t][right]
                other_end = left
                header = new_right == left
                triple = is_double[t] or left_double
            pts = header_points(table, trp if triple else dbl, score) if header else 0
            if last_tile and (score + pts < table.target or table.round_end):
                pts += table.going_out
            after = hand ^ low
            a = new_left if new_left > new_right else new_right
            b = new_left + new_right - a
            conn = 1 << (a * (a + 1) // 2 + b)
            key = (
                (
                    (pts * 2 + int(is_double[t] and HIGH[t] == other_end)) * 2
                    + int(bool((line | low | after) & conn))
                )
                * 2
                + int(bool(after & conn))
            ) * 16 + PIPS[t]
            if key > best_key:
                best_key = key
                best = [2 * t + end]
            elif key == best_key:
                best.append(2 * t + end)
    return best


def ranked_action(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    rnd: Callable[[], float],
) -> int:
    """The action of ``seat`` to move in ``pos`` (in play, a line laid) as the ``greedy`` bot
    ranks its plays (:func:`ranked_plays`; among the first, the one at index
    ``int(rnd() * len(plays))``, one ``rnd()`` for two or more), or its draw or pass when no
    tile fits (rule 4).
    """
    masks, left, right, doubles, drawn = pos
    hand = masks[seat]
    if not hand & (FIT[left] | FIT[right]):
        return DRAW if table.drawing and drawn < len(boneyard) - table.reserve else PASS
    line = FULL_MASK
    for h in masks:
        line &= ~h
    for t in boneyard[drawn:]:
        line &= ~(1 << t)
    side = seat & 1 if table.partnerships else seat
    best = ranked_plays(
        table, hand, left, right, bool(doubles & 1), bool(doubles & 2), line, scores[side]
    )
    if len(best) == 1:
        return best[0]
    return best[int(rnd() * len(best))]


def ranked_rollout(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    rnd: Callable[[], float],
) -> tuple[int, ...]:
    """Play the round out from ``pos`` (in play, ``seat`` to move) with every seat playing as the
    ``greedy`` bot ranks its plays (:func:`ranked_plays`) and return the final scores.

    Among the plays ranked first, the one at index ``int(rnd() * len(plays))`` is made, one
    ``rnd()`` per choice among two or more and none otherwise; a seat draws and passes when it
    must (rule 4) and never draws while a tile fits; the lead before a line is laid (rule 2) is
    the required double. Scoring is that of :func:`rollout` (rules 5-9).

    Raises:
        ChoiceError: when ``rnd()`` returns something other than a number in ``[0, 1)``.
    """
    masks, left, right, doubles, drawn = pos
    hands = list(masks)
    points = list(scores)
    n = table.seats
    target = table.target
    partners = table.partnerships
    round_end = table.round_end
    last = len(boneyard) - table.reserve if table.drawing else 0
    left_double = bool(doubles & 1)
    right_double = bool(doubles & 2)
    fit = FIT
    other = OTHER
    is_double = IS_DOUBLE
    line = FULL_MASK
    for h in masks:
        line &= ~h
    for t in boneyard[drawn:]:
        line &= ~(1 << t)
    if left < 0:  # the lead (rule 2)
        t = required_lead(table, masks)
        hand = hands[seat] ^ 1 << t
        hands[seat] = hand
        line |= 1 << t
        left = right = HIGH[t]
        left_double = right_double = True
        side = seat & 1 if partners else seat
        if table.lead_scores:
            s = points[side]
            pts = header_points(table, table.double_header, s)
            points[side] = s + pts
            if s + pts >= target and not round_end:
                return tuple(points)
        if not hand:
            points[side] += table.going_out
            return tuple(points)
        if drawn >= last and is_blocked(hands, left, right, 0):
            return _blocked(table, hands, points)
        seat = seat + 1 if seat + 1 < n else 0
    while True:
        hand = hands[seat]
        if hand & (fit[left] | fit[right]):  # a play (rule 3)
            side = seat & 1 if partners else seat
            best = ranked_plays(
                table, hand, left, right, left_double, right_double, line, points[side]
            )
            if len(best) == 1:
                a = best[0]
            else:
                try:
                    k = int(rnd() * len(best))
                except (TypeError, ValueError, OverflowError) as e:
                    raise ChoiceError(f"rnd() returned no number in [0, 1): {e}") from None
                if k < 0 or k >= len(best):
                    raise ChoiceError("rnd() returned a number outside [0, 1)")
                a = best[k]
            t = a >> 1
            hand ^= 1 << t
            hands[seat] = hand
            line |= 1 << t
            if a & 1:
                right = other[t][right]
                right_double = is_double[t]
            else:
                left = other[t][left]
                left_double = is_double[t]
            if left == right:  # a header (rule 5), reduced near the target (rule 6)
                s = points[side]
                if left_double or right_double:
                    pts = header_points(table, table.triple_header, s)
                else:
                    pts = header_points(table, table.double_header, s)
                points[side] = s + pts
                if s + pts >= target and not round_end:  # rule 9: scoring stops at the target
                    return tuple(points)
            if not hand:  # going out (rule 7)
                points[side] += table.going_out
                return tuple(points)
            if drawn >= last and is_blocked(hands, left, right, 0):  # rule 8
                return _blocked(table, hands, points)
            seat = seat + 1 if seat + 1 < n else 0
        elif drawn < last:  # draw (rule 4); the same seat moves again
            hands[seat] = hand | 1 << boneyard[drawn]
            drawn += 1
            if drawn >= last and is_blocked(hands, left, right, 0):
                return _blocked(table, hands, points)
        else:  # pass (rule 4)
            seat = seat + 1 if seat + 1 < n else 0


def _blocked(table: Table, hands: list[int], points: list[int]) -> tuple[int, ...]:
    """Rule 8: the final scores of a blocked hand."""
    winner = blocked_winner(table, tuple(hands))
    if winner >= 0:
        points[winner] += table.blocked_hand
    return tuple(points)


def greedy_rollout(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    rnd: Callable[[], float],
) -> tuple[int, ...]:
    """Play the round out from ``pos`` (in play, ``seat`` to move) with the greedy playout
    policy and return the final scores.

    The policy: a seat that can make a header (rule 5) makes the one worth most, a triple header
    before a double header, the first found among equals (the left end's tiles by index, then
    the right end's); otherwise it makes the play at index ``int(rnd() * len(plays))`` of its
    plays listed the same way (the left end's, then the right end's), one ``rnd()`` per such
    choice and none for a header, a lead, a draw or a pass. It draws and passes when it must
    (rule 4), and never draws while a tile fits (which ``draw_any_time`` allows); the lead
    before a line is laid (rule 2) is the required double. Scoring is that of :func:`rollout`
    (rules 5-9).

    Raises:
        ChoiceError: when ``rnd()`` returns something other than a number in ``[0, 1)``.
    """
    masks, left, right, doubles, drawn = pos
    hands = list(masks)
    points = list(scores)
    n = table.seats
    target = table.target
    partners = table.partnerships
    round_end = table.round_end
    dbl = table.double_header
    trp = table.triple_header
    last = len(boneyard) - table.reserve if table.drawing else 0
    left_double = bool(doubles & 1)
    right_double = bool(doubles & 2)
    fit = FIT
    other = OTHER
    is_double = IS_DOUBLE
    if left < 0:  # the lead (rule 2)
        t = required_lead(table, masks)
        hand = hands[seat] ^ 1 << t
        hands[seat] = hand
        left = right = HIGH[t]
        left_double = right_double = True
        side = seat & 1 if partners else seat
        if table.lead_scores:
            s = points[side]
            pts = header_points(table, dbl, s)
            points[side] = s + pts
            if s + pts >= target and not round_end:
                return tuple(points)
        if not hand:
            points[side] += table.going_out
            return tuple(points)
        if drawn >= last and is_blocked(hands, left, right, 0):
            return _blocked(table, hands, points)
        seat = seat + 1 if seat + 1 < n else 0
    while True:
        hand = hands[seat]
        fl = hand & fit[left]
        fr = hand & fit[right]
        if fl or fr:  # a play (rule 3)
            best_t = -1
            best_left = True
            best_pts = 0
            m = fl
            while m:
                low = m & -m
                t = low.bit_length() - 1
                if other[t][left] == right:
                    p = trp if is_double[t] or right_double else dbl
                    if p > best_pts:
                        best_t, best_left, best_pts = t, True, p
                m ^= low
            m = fr
            while m:
                low = m & -m
                t = low.bit_length() - 1
                if other[t][right] == left:
                    p = trp if is_double[t] or left_double else dbl
                    if p > best_pts:
                        best_t, best_left, best_pts = t, False, p
                m ^= low
            if best_t < 0:  # no header: the k-th play, the left end's first
                nl = fl.bit_count()
                try:
                    k = int(rnd() * (nl + fr.bit_count()))
                except (TypeError, ValueError, OverflowError) as e:
                    raise ChoiceError(f"rnd() returned no number in [0, 1): {e}") from None
                if k < 0 or k >= nl + fr.bit_count():
                    raise ChoiceError("rnd() returned a number outside [0, 1)")
                if k < nl:
                    m = fl
                else:
                    m = fr
                    k -= nl
                    best_left = False
                while k:
                    m &= m - 1
                    k -= 1
                best_t = (m & -m).bit_length() - 1
            t = best_t
            hand ^= 1 << t
            hands[seat] = hand
            if best_left:
                left = other[t][left]
                left_double = is_double[t]
            else:
                right = other[t][right]
                right_double = is_double[t]
            if left == right:  # a header (rule 5), reduced near the target (rule 6)
                side = seat & 1 if partners else seat
                s = points[side]
                pts = header_points(table, trp if left_double or right_double else dbl, s)
                points[side] = s + pts
                if s + pts >= target and not round_end:  # rule 9: scoring stops at the target
                    return tuple(points)
            if not hand:  # going out (rule 7)
                points[seat & 1 if partners else seat] += table.going_out
                return tuple(points)
            if drawn >= last and is_blocked(hands, left, right, 0):  # rule 8
                return _blocked(table, hands, points)
            seat = seat + 1 if seat + 1 < n else 0
        elif drawn < last:  # draw (rule 4)
            hands[seat] = hand | 1 << boneyard[drawn]
            drawn += 1
            if drawn >= last and is_blocked(hands, left, right, 0):
                return _blocked(table, hands, points)
        else:  # pass (rule 4)
            seat = seat + 1 if seat + 1 < n else 0
