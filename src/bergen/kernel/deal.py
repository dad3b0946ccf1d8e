"""Shuffles and deals (rule 1), the draws in turn for a lead double and the double that must
lead (rule 2).

A seeded shuffle is reproducible on every Python version and platform: start from the 28 tile
indexes in order; for ``i`` from 27 down to 1, draw ``u = rng.random()`` from
``random.Random(seed)`` and swap positions ``i`` and ``int(u * (i + 1))``. The ``k``-th shuffle
of a seed (``k = 0, 1, ...``) is the ``k``-th run of 27 numbers of that one generator. Every
shuffle is worked out from the seed, or from an immutable snapshot of the generator taken after
the shuffle before it (:func:`stream_at`, :func:`next_shuffle`); nothing is kept between calls.
"""

from __future__ import annotations

import random
from typing import Final

from bergen.kernel.table import HIGHEST_DOUBLE, LOWEST_DOUBLE, Table
from bergen.kernel.tiles import DOUBLES_MASK, IS_DOUBLE, N_TILES

SHUFFLE_DRAWS: Final = N_TILES - 1
"""The numbers of the generator one shuffle uses."""


def shuffle(seed: int, index: int) -> tuple[int, ...]:
    """The 28 tile indexes in the order of shuffle ``index`` (0 first) of ``seed``.

    Cost: ``27 * (index + 1)`` numbers of the generator. A match's deals in turn use
    :func:`stream_at` once and then :func:`next_shuffle`, at a constant cost per deal.
    """
    rng = random.Random(seed)
    rnd = rng.random
    for _ in range(SHUFFLE_DRAWS * index):
        rnd()
    return _shuffled(rng)


def _shuffled(rng: random.Random) -> tuple[int, ...]:
    """The 28 tile indexes shuffled with the next 27 numbers of ``rng`` (Fisher-Yates)."""
    rnd = rng.random
    order = list(range(N_TILES))
    for i in range(N_TILES - 1, 0, -1):
        j = int(rnd() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return tuple(order)


StreamState = tuple[tuple[int, ...], int]
"""A snapshot of ``random.Random(seed)`` between two shuffles: the Mersenne Twister's 624
words and the index of the next word to use (the state ``Random.getstate()`` gives), immutable
tuples, so the states of one match can share it."""

_WORDS: Final = 624
"""The Mersenne Twister's (MT19937, CPython's ``random``) number of 32-bit words."""
_SHIFT: Final = 397
_MATRIX: Final = 0x9908B0DF
_UPPER: Final = 0x80000000
_LOWER: Final = 0x7FFFFFFF
_TWO_26: Final = 67108864.0
_TWO_MINUS_53: Final = 1.0 / 9007199254740992.0


def stream_at(seed: int, index: int) -> StreamState:
    """The generator of ``seed`` just before shuffle ``index`` (0 first), as a snapshot.

    Cost: ``27 * index`` numbers of the generator, once; each later shuffle of the stream is
    one :func:`next_shuffle`.
    """
    rng = random.Random(seed)
    rnd = rng.random
    for _ in range(SHUFFLE_DRAWS * index):
        rnd()
    return _snapshot(rng)


def _snapshot(rng: random.Random) -> StreamState:
    """The snapshot of ``rng``'s state: its words and the index of the next one."""
    state: tuple[int, ...] = rng.getstate()[1]
    return state[:_WORDS], state[_WORDS]


def next_shuffle(state: StreamState) -> tuple[tuple[int, ...], StreamState]:
    """The shuffle that follows the snapshot ``state`` and the snapshot after it: with
    ``state = stream_at(seed, k)``, the order is ``shuffle(seed, k)`` and the new snapshot is
    ``stream_at(seed, k + 1)``. ``state`` itself is not changed.

    Compiled, the generator's own algorithm runs here (:func:`twister_shuffle`); interpreted,
    CPython's ``random`` runs it from the snapshot (:func:`random_shuffle`), each the faster
    there; both give the same shuffle and snapshot.
    """
    if _NATIVE:
        return twister_shuffle(state)
    return random_shuffle(state)


def random_shuffle(state: StreamState) -> tuple[tuple[int, ...], StreamState]:
    """:func:`next_shuffle` by a ``random.Random`` set to the snapshot: the shuffle, and the
    generator's state after it taken as a new snapshot.
    """
    rng = random.Random.__new__(random.Random)  # not seeded: setstate gives its state
    words, index = state
    rng.setstate((random.Random.VERSION, (*words, index), None))
    order = _shuffled(rng)
    return order, _snapshot(rng)


def twister_shuffle(state: StreamState) -> tuple[tuple[int, ...], StreamState]:
    """:func:`next_shuffle` by the Mersenne Twister written out (MT19937 as CPython's
    ``random`` runs it: each ``random()`` is two tempered 32-bit words ``a`` and ``b``,
    ``(a >> 5) * 2**26 + (b >> 6)`` over ``2**53``), on the snapshot's words: no generator
    object, and no copy of the state but for the new words each 624 words used.
    """
    words, index = state
    order = list(range(N_TILES))
    for i in range(N_TILES - 1, 0, -1):
        if index >= _WORDS:
            words = _twisted(words)
            index = 0
        a = _tempered(words[index])
        index += 1
        if index >= _WORDS:
            words = _twisted(words)
            index = 0
        b = _tempered(words[index])
        index += 1
        u = ((a >> 5) * _TWO_26 + (b >> 6)) * _TWO_MINUS_53
        j = int(u * (i + 1))
        order[i], order[j] = order[j], order[i]
    return tuple(order), (words, index)


def _tempered(y: int) -> int:
    """MT19937's tempering of the word ``y``: the 32-bit number the generator gives."""
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


def _twisted(words: tuple[int, ...]) -> tuple[int, ...]:
    """MT19937's next 624 words after ``words`` (all of them used)."""
    w = list(words)
    for k in range(_WORDS):
        y = (w[k] & _UPPER) | (w[k + 1 if k + 1 < _WORDS else 0] & _LOWER)
        after = k + _SHIFT if k + _SHIFT < _WORDS else k + _SHIFT - _WORDS
        w[k] = w[after] ^ (y >> 1) ^ (_MATRIX if y & 1 else 0)
    return tuple(w)


_NATIVE: Final = not hasattr(_tempered, "__code__")
"""Whether this module is compiled (mypyc's functions carry no Python code object)."""


def deal(
    order: tuple[int, ...], seats: int, hand_size: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rule 1: seat 0 takes the first ``hand_size`` tiles of ``order``, seat 1 the next, and so
    on; the rest is the boneyard, top first.

    Returns:
        ``(hand masks, boneyard tile indexes)``.
    """
    masks: list[int] = []
    for s in range(seats):
        m = 0
        for t in order[s * hand_size : (s + 1) * hand_size]:
            m |= 1 << t
        masks.append(m)
    return tuple(masks), order[seats * hand_size :]


def held_doubles(masks: tuple[int, ...]) -> int:
    """The mask of the doubles held at the table."""
    held = 0
    for m in masks:
        held |= m
    return held & DOUBLES_MASK


def lowest_double(doubles: int) -> int:
    """Rule 2 (classic): the tile index of the lowest double of the mask ``doubles`` (non-zero)."""
    return (doubles & -doubles).bit_length() - 1


def highest_double(doubles: int) -> int:
    """Rule 2 (highest-double variant): the tile index of the highest double of ``doubles``."""
    return doubles.bit_length() - 1


def required_lead(table: Table, masks: tuple[int, ...]) -> int:
    """Rule 2: the tile index of the double that must lead, or -1 when nobody holds a double."""
    doubles = held_doubles(masks)
    if not doubles:
        return -1
    if table.lead_rule == LOWEST_DOUBLE:
        return lowest_double(doubles)
    if table.lead_rule == HIGHEST_DOUBLE:
        return highest_double(doubles)
    return table.choose_lead(doubles)


def leader(masks: tuple[int, ...], tile: int) -> int:
    """The seat holding tile index ``tile`` (-1: nobody)."""
    for seat, m in enumerate(masks):
        if m >> tile & 1:
            return seat
    return -1


def draws_for_lead(
    masks: tuple[int, ...], boneyard: tuple[int, ...], dealer: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Rule 2 (simple): when nobody holds a double, the seats left of the dealer draw one tile
    each in turn until one draws a double. The drawing is part of the deal: it ignores the
    reserve and the drawing switch. The 21 tiles that are not doubles cannot all be dealt,
    so a double always comes.

    Returns:
        ``(hand masks, boneyard left, draws)``, the draws as ``(seat, tile index)`` pairs in
        order; the arguments themselves when somebody holds a double.
    """
    if held_doubles(masks):
        return masks, boneyard, ()
    hands = list(masks)
    seats = len(hands)
    seat = dealer + 1 if dealer + 1 < seats else 0
    draws: list[tuple[int, int]] = []
    k = 0
    while k < len(boneyard):
        t = boneyard[k]
        k += 1
        hands[seat] |= 1 << t
        draws.append((seat, t))
        if IS_DOUBLE[t]:
            break
        seat = seat + 1 if seat + 1 < seats else 0
    return tuple(hands), boneyard[k:], tuple(draws)
