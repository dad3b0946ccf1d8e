"""A bare loop over the classic rules: mutable locals, bitmask hands, no objects per move.

This is the pure-Python limit the engine is measured against (issue 8). It plays whole
matches under the ``classic`` preset at 2, 3 or 4 seats (no partnerships), deals exactly as
:func:`bergen.deal.shuffled_tiles` does (one ``random.Random(seed)`` stream, 27 draws per
shuffle, a redeal when nobody holds a double), and chooses moves with the same procedure the
benchmark gives the engine: the move at index ``int(rng.random() * len(legal))`` of the legal
moves in the engine's order (tile index ascending, left end before right; else draw; else pass).
It counts the legal plays with ``int.bit_count`` and walks to the chosen one instead of listing
them, the fastest way found to make the same choice. One ``rng.random()`` is drawn for every
move, forced ones included. Beside the moves it counts the tiles laid on the line (the lead and
the plays): one local increment per play.

It shares no code with the engine: the tables below are rebuilt from the tile numbering of
:mod:`bergen.tiles` (``index = high * (high + 1) // 2 + low``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

# Tile index t = high * (high + 1) // 2 + low (bergen.tiles).
_HIGH = [h for h in range(7) for _ in range(h + 1)]
_LOW = [lo for h in range(7) for lo in range(h + 1)]
_PIPS = [h + lo for h, lo in zip(_HIGH, _LOW, strict=True)]
_DOUBLE = [h == lo for h, lo in zip(_HIGH, _LOW, strict=True)]
_DOUBLES_MASK = sum(1 << t for t in range(28) if _DOUBLE[t])
_FIT = [sum(1 << t for t in range(28) if n in (_HIGH[t], _LOW[t])) for n in range(7)]
# _OTHER[t][n]: the number facing out when tile t is matched against n (-1: does not fit).
_OTHER = [
    [(_LOW[t] if n == _HIGH[t] else _HIGH[t] if n == _LOW[t] else -1) for n in range(7)]
    for t in range(28)
]
HAND_SIZE = {2: 6, 3: 6, 4: 5}
TARGET = {2: 15, 3: 10, 4: 10}
RESERVE = 2


def bare_deal(deal_rnd: Callable[[], float], seats: int) -> tuple[list[int], list[int]]:
    """Deal one classic round (redealing while nobody holds a double).

    Returns:
        ``(hands, boneyard)``: one bitmask per seat, and the boneyard's tile indexes, top first.
    """
    hand_size = HAND_SIZE[seats]
    while True:
        order = list(range(28))
        for i in range(27, 0, -1):
            j = int(deal_rnd() * (i + 1))
            order[i], order[j] = order[j], order[i]
        hands = []
        held = 0
        for s in range(seats):
            m = 0
            for t in order[s * hand_size : (s + 1) * hand_size]:
                m |= 1 << t
            hands.append(m)
            held |= m
        if held & _DOUBLES_MASK:
            return hands, order[seats * hand_size :]


def bare_round(
    hands: list[int],
    boneyard: list[int],
    scores: list[int],
    target: int,
    rnd: Callable[[], float],
) -> tuple[int, int]:
    """Play one classic round from the deal (before the lead), changing ``hands`` and ``scores``.

    Args:
        hands: One bitmask per seat (changed in place).
        boneyard: Tile indexes, top first (not changed).
        scores: Points per seat before the round (changed in place).
        target: The match target.
        rnd: The players' ``random()``; one call per move.

    Returns:
        ``(moves, placements)``: the number of moves made (every lead, play, draw and pass) and
        the number of tiles laid on the line (the lead and the plays).
    """
    seats = len(hands)
    fit = _FIT
    other = _OTHER
    is_double = _DOUBLE
    top = 0
    last_draw = len(boneyard) - RESERVE
    n_moves = 1
    n_placed = 1  # the lead
    # Lead: the lowest double held leads it (rule 2); it scores as a double header (rule 5).
    held = 0
    for m in hands:
        held |= m
    low_double = held & _DOUBLES_MASK
    low_double &= -low_double
    seat = 0
    while not hands[seat] & low_double:
        seat += 1
    rnd()  # the lead is the only legal move: one choice, as for every move
    hands[seat] ^= low_double
    left = right = _HIGH[low_double.bit_length() - 1]
    left_double = right_double = True
    need = target - scores[seat]
    scores[seat] += 1 if need <= 2 else 2
    if scores[seat] >= target:
        return n_moves, n_placed
    seat = seat + 1 if seat + 1 < seats else 0
    while True:
        hand = hands[seat]
        fl = hand & fit[left]
        fr = hand & fit[right]
        n_moves += 1
        if fl or fr:
            n_placed += 1
            # The legal plays, in the engine's order (tile index ascending, left end before
            # right), number fl.bit_count() + fr.bit_count(); walk to the chosen one without
            # listing them.
            k = int(rnd() * (fl.bit_count() + fr.bit_count()))
            both = fl | fr
            while True:
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
                need = target - scores[seat]
                if need <= 2:
                    scores[seat] += 1
                elif left_double or right_double:
                    scores[seat] += 2 if need == 3 else 3
                else:
                    scores[seat] += 2
                if scores[seat] >= target:
                    return n_moves, n_placed
            if not hand:  # going out (rule 7)
                scores[seat] += 2
                return n_moves, n_placed
            if top >= last_draw:
                ends = fit[left] | fit[right]
                for h in hands:
                    if h & ends:
                        break
                else:
                    _block(hands, scores)
                    return n_moves, n_placed
            seat = seat + 1 if seat + 1 < seats else 0
        elif top < last_draw:  # draw (rule 4); the same seat moves again
            rnd()
            hands[seat] = hand | 1 << boneyard[top]
            top += 1
            if top >= last_draw:
                ends = fit[left] | fit[right]
                for h in hands:
                    if h & ends:
                        break
                else:
                    _block(hands, scores)
                    return n_moves, n_placed
        else:  # pass
            rnd()
            seat = seat + 1 if seat + 1 < seats else 0


def _block(hands: list[int], scores: list[int]) -> None:
    """Rule 8: fewest doubles, then fewest pips, wins 2; a full tie scores nothing."""
    keys = []
    for m in hands:
        pips = 0
        while m:
            low = m & -m
            pips += _PIPS[low.bit_length() - 1]
            m ^= low
        keys.append(pips)
    for i, m in enumerate(hands):
        keys[i] += (m & _DOUBLES_MASK).bit_count() * 1000
    best = min(keys)
    if keys.count(best) == 1:
        scores[keys.index(best)] += 2


def bare_match(seats: int, seed: int, chooser: random.Random) -> tuple[list[int], int, int]:
    """Play one classic match between random players.

    Args:
        seats: 2, 3 or 4.
        seed: The match seed (deals as ``MatchState.new(seats, CLASSIC, seed=seed)``).
        chooser: The players' generator; one ``random()`` per move.

    Returns:
        ``(scores, moves, placements)``: the final points per seat, the number of moves made and
        the number of tiles laid on the line (leads and plays).
    """
    rnd = chooser.random
    deal_rnd = random.Random(seed).random
    target = TARGET[seats]
    scores = [0] * seats
    n_moves = 0
    n_placed = 0
    while True:
        hands, boneyard = bare_deal(deal_rnd, seats)
        moves, placed = bare_round(hands, boneyard, scores, target, rnd)
        n_moves += moves
        n_placed += placed
        for s in scores:
            if s >= target:
                return scores, n_moves, n_placed
