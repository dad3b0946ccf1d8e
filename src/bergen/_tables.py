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


# Legal plays when only one end fits, or both ends show the same number, by the fitting tiles'
# mask (every such mask is a subset of FIT[n] for the end's number n).
_LEFT_ONLY: dict[int, tuple[Move, ...]] = {}
_RIGHT_ONLY: dict[int, tuple[Move, ...]] = {}
_BOTH_SAME: dict[int, tuple[Move, ...]] = {}
for _n in range(7):
    for _m in _subsets(FIT[_n]):
        _LEFT_ONLY[_m] = _mask_moves(_m, 0)
        _RIGHT_ONLY[_m] = _mask_moves(0, _m)
        _BOTH_SAME[_m] = _mask_moves(_m, _m)
# The legal plays when tiles fit both ends, by the fitting tiles' masks: _BOTH[fl][fr], filled
# by _both_ends as positions come up (bounded).
_BOTH: dict[int, dict[int, tuple[Move, ...]]] = {}
_BOTH_MAX = 1 << 15
_both_count = 0


def _both_ends(fl: int, fr: int) -> tuple[Move, ...]:
    """The legal plays when tiles fit both ends; remembered in ``_BOTH``."""
    global _both_count
    if fl.bit_length() <= (fr & -fr).bit_length():  # every left play sorts first
        moves = _LEFT_ONLY[fl] + _RIGHT_ONLY[fr]
    elif fr.bit_length() < (fl & -fl).bit_length():  # every right play sorts first
        moves = _RIGHT_ONLY[fr] + _LEFT_ONLY[fl]
    else:
        moves = _mask_moves(fl, fr)
    if _both_count >= _BOTH_MAX:
        _BOTH.clear()
        _both_count = 0
    _BOTH.setdefault(fl, {})[fr] = moves
    _both_count += 1
    return moves


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
    fl = hand & FIT[left]
    fr = hand & FIT[right]
    if fl:
        if not fr:
            return _LEFT_ONLY[fl]
        if left == right:
            return _BOTH_SAME[fl]
        by_right = _BOTH.get(fl)
        legal = None if by_right is None else by_right.get(fr)
        return _both_ends(fl, fr) if legal is None else legal
    if fr:
        return _RIGHT_ONLY[fr]
    return _DRAW_ONLY if state._ndraw else _PASS_ONLY
