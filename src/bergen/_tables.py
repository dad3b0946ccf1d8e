"""The legal plays of a position, tabulated by the masks of the tiles that fit (internal).

The engine (:mod:`bergen.round`) looks the legal moves up here instead of building them move by
move (rules 3-4): the tables hand out shared, interned move tuples, ordered by tile then left
before right, as :meth:`bergen.RoundState.legal_moves` documents.

Nothing here is public API.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from bergen._setup import _required_lead
from bergen.moves import DRAW, LEADS, PASS, PLAYS, Move, Play
from bergen.tiles import FIT

if TYPE_CHECKING:
    from bergen.round import RoundState


def _mask_moves(mask_left: int, mask_right: int) -> tuple[Play, ...]:
    out: list[Play] = []
    both = mask_left | mask_right
    while both:
        low = both & -both
        t = low.bit_length() - 1
        if mask_left & low:
            out.append(PLAYS[t][0])
        if mask_right & low:
            out.append(PLAYS[t][1])
        both ^= low
    return tuple(out)


# Interned values for the hot path: the engine hands out shared move tuples.
_DRAW_ONLY: tuple[Move, ...] = (DRAW,)
_PASS_ONLY: tuple[Move, ...] = (PASS,)


def _subsets(mask: int) -> Iterator[int]:
    sub = mask
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & mask


# The legal plays by the fitting tiles: key ``fl << 28 | fr`` for the tiles of the hand that fit
# the left end (fl) and the right end (fr); both ends may show the same number, in which case
# fl == fr and every fitting tile is played on either end. Every one-end position and every
# position with both ends the same number is filled here; positions where tiles fit two different
# ends are filled by _legal_miss as they come up (bounded).
_LEGAL: dict[int, tuple[Move, ...]] = {}
_LOW28 = (1 << 28) - 1
_SPREAD = (1 << 28) | 1
# _FITLR[left][right]: the key mask of a pair of open ends; a hand's key is
# ``hand * _SPREAD & _FITLR[left][right]``.
_FITLR: tuple[tuple[int, ...], ...] = tuple(
    tuple(FIT[left] << 28 | FIT[right] for right in range(7)) for left in range(7)
)


def _fill() -> None:
    _LEGAL.clear()
    for n in range(7):
        for m in _subsets(FIT[n]):
            if m:
                _LEGAL[m << 28] = _mask_moves(m, 0)
                _LEGAL[m] = _mask_moves(0, m)
                _LEGAL[m << 28 | m] = _mask_moves(m, m)


_fill()
_FILLED = len(_LEGAL)
_LEGAL_MAX = _FILLED + (1 << 15)


def _legal_miss(key: int) -> tuple[Move, ...]:
    """The legal plays of a key not in ``_LEGAL`` (tiles fit two different ends); remembered."""
    fl = key >> 28
    fr = key & _LOW28
    if fl.bit_length() <= (fr & -fr).bit_length():  # every left play sorts first
        moves = _mask_moves(fl, 0) + _mask_moves(0, fr)
    elif fr.bit_length() < (fl & -fl).bit_length():  # every right play sorts first
        moves = _mask_moves(0, fr) + _mask_moves(fl, 0)
    else:
        moves = _mask_moves(fl, fr)
    if len(_LEGAL) >= _LEGAL_MAX:
        _fill()
    _LEGAL[key] = moves
    return moves


def _legal_by_key(key: int, ndraw: int) -> tuple[Move, ...]:
    """The legal moves of a seat to move whose hand gives ``key`` (see ``_LEGAL``): its plays,
    else a draw while ``ndraw`` tiles can be drawn, else a pass (rules 3-4).
    """
    if not key:
        return _DRAW_ONLY if ndraw else _PASS_ONLY
    legal = _LEGAL.get(key)
    return _legal_miss(key) if legal is None else legal


def _legal_of(state: RoundState) -> tuple[Move, ...]:
    """The legal moves of ``state`` (see :meth:`bergen.RoundState.legal_moves`), looked up."""
    if state.outcome is not None:
        return ()
    masks = state._masks
    hand = masks[state.to_move]
    left = state._left
    if left is None:
        required = _required_lead(state._round.rules, masks)
        return (LEADS[required.index],) if hand >> required.index & 1 else ()
    right: int = state._right  # type: ignore[assignment]
    return _legal_by_key(hand * _SPREAD & _FITLR[left][right], state._ndraw)
