"""A fast rollout for search bots: play a round out from a state, on ints and bitmasks.

:func:`rollout` plays the rest of a round with the same rules and the same results as
:meth:`RoundState.apply`, but inside one loop over plain ints: the hands are bitmasks, the line
is its two open ends, and no public object (state, move, event, history entry) is built per
move. A search bot (Monte Carlo tree search, flat Monte Carlo, a determinized sampler) uses it to
value a position by many random playouts.

Same results means: from the same state, with a generator in the same state, ``rollout`` returns
exactly the scores that this loop over the public API ends with::

    while state.outcome is None:
        legal = state.legal_moves()
        state, _ = state.apply(legal[int(rng.random() * len(legal))])
    state.scores

It draws one ``rng.random()`` per move, forced moves (a lone lead, draw or pass) included, and
reads the legal moves in the engine's order (:meth:`RoundState.legal_moves`). The rules are
those of the state's :class:`~bergen.rules.Rules`, every component included; built-in
components are worked out on bitmasks, user-supplied ones are called through their protocols.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

from bergen._store import _outer_double
from bergen.errors import BergenError, PositionError
from bergen.round import RoundState
from bergen.rules import (
    FewestDoublesThenPips,
    FewestPips,
    NearTargetReduction,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    Rules,
)
from bergen.tiles import DOUBLES_MASK, FIT, HIGH, IS_DOUBLE, OTHER, PIPS, tiles_of_mask

__all__ = ["rollout"]

Policy = Literal["random", "first"]
"""How :func:`rollout` chooses among the legal moves: ``"random"``, the move at index
``int(rng.random() * len(legal))``; ``"first"``, always the first legal move (no generator)."""

_NON_DOUBLES_MASK = ((1 << 28) - 1) & ~DOUBLES_MASK


def rollout(
    state: RoundState, policy: Policy = "random", rng: random.Random | None = None
) -> tuple[int, ...]:
    """Play the round out from ``state`` and return the scores it ends with.

    Args:
        state: Any round state; a finished one is returned as it is.
        policy: ``"random"`` (the default; needs ``rng``): the move at index
            ``int(rng.random() * len(legal))`` of the legal moves; ``"first"``: always the first
            legal move (no generator needed).
        rng: The generator for ``"random"``: one ``rng.random()`` per move, so that the result
            equals a playout through :meth:`RoundState.apply` with the same generator.

    Returns:
        Match points per side at the end of the round (like :attr:`RoundState.scores`), this
        round's headers, going out and blocked hand included (rules 5-9).

    Raises:
        PositionError: when ``state`` is not a :class:`RoundState`, or a user-supplied
            blocked-hand judge names no side (as :meth:`RoundState.apply` does).
        BergenError: for an unknown ``policy``, or ``"random"`` without ``rng``.
    """
    if not isinstance(state, RoundState):
        raise PositionError(f"rollout takes a RoundState, got {state!r}")
    if policy == "random":
        if rng is None:
            raise BergenError("rollout with policy 'random' needs rng, a random.Random")
        rnd = rng.random
    elif policy == "first":
        rnd = _zero
    else:
        raise BergenError(f"rollout policy is 'random' or 'first', got {policy!r}")
    if state.outcome is not None:
        return state.scores
    # The round's engine data (see bergen._store): no public
    # value is built for the rollout.
    shared = state._round
    rules = shared.rules
    target = shared.target
    params = _params(rules, target)
    dbl_pts, trp_pts, custom_reduce, base_dbl, base_trp, out_pts, partners = params
    hands = list(state._masks)
    scores = list(state.scores)
    n = len(hands)
    btiles = shared.tiles  # the boneyard as dealt; the next tile drawn is btiles[top]
    top = state._top
    last_draw = len(btiles) - shared.reserve if rules.drawing else 0
    seat = state.to_move
    fit = FIT
    other = OTHER
    is_double = IS_DOUBLE
    if state._left is None:
        # The lead (rule 2): the only legal move; a double header when the rules score it.
        legal = state.legal_moves()
        if not legal:
            return state.scores
        rnd()
        t = legal[0].tile.index  # type: ignore[union-attr]
        hand = hands[seat] ^ 1 << t
        hands[seat] = hand
        left = right = HIGH[t]
        left_double = right_double = True
        side = seat & 1 if partners else seat
        if rules.lead_scores:
            s = scores[side]
            scores[side] = s + (
                dbl_pts[s] if custom_reduce is None else custom_reduce(base_dbl, s, target)
            )
            if scores[side] >= target:
                return tuple(scores)
        if not hand:
            scores[side] += out_pts
            return tuple(scores)
        if top >= last_draw:
            ends = fit[left] | fit[right]
            for h in hands:
                if h & ends:
                    break
            else:
                return _block(rules, hands, scores, partners)
        seat = seat + 1 if seat + 1 < n else 0
    else:
        left = state._left
        right = state._right  # type: ignore[assignment]
        left_double = _outer_double(state, True)
        right_double = _outer_double(state, False)
    while True:
        hand = hands[seat]
        fl = hand & fit[left]
        fr = hand & fit[right]
        if fl or fr:
            # The k-th legal play in the engine's order: tile index ascending, left first.
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
                side = seat & 1 if partners else seat
                s = scores[side]
                if left_double or right_double:
                    pts = (
                        trp_pts[s] if custom_reduce is None else custom_reduce(base_trp, s, target)
                    )
                else:
                    pts = (
                        dbl_pts[s] if custom_reduce is None else custom_reduce(base_dbl, s, target)
                    )
                scores[side] = s + pts
                if s + pts >= target:  # rule 9: scoring stops at the target
                    return tuple(scores)
            if not hand:  # going out (rule 7)
                scores[seat & 1 if partners else seat] += out_pts
                return tuple(scores)
            if top >= last_draw:
                ends = fit[left] | fit[right]
                for h in hands:
                    if h & ends:
                        break
                else:  # rule 8: nobody can play or draw
                    return _block(rules, hands, scores, partners)
            seat = seat + 1 if seat + 1 < n else 0
        elif top < last_draw:  # draw (rule 4); the same seat moves again
            rnd()
            hands[seat] = hand | 1 << btiles[top].index
            top += 1
            if top >= last_draw:
                ends = fit[left] | fit[right]
                for h in hands:
                    if h & ends:
                        break
                else:
                    return _block(rules, hands, scores, partners)
        else:  # pass
            rnd()
            seat = seat + 1 if seat + 1 < n else 0


def _zero() -> float:
    return 0.0


_Params = tuple[list[int], list[int], Callable[[int, int, int], int] | None, int, int, int, bool]
_PARAMS: dict[tuple[int, int], tuple[Rules, _Params]] = {}
_PARAMS_MAX = 256


def _params(rules: Rules, target: int) -> _Params:
    """The rules' numbers for the loop, remembered per rules value and target."""
    key = (id(rules), target)
    hit = _PARAMS.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    points = rules.points
    reduction = rules.reduction
    dbl_pts: list[int] = []
    trp_pts: list[int] = []
    custom_reduce: Callable[[int, int, int], int] | None = None
    if reduction.__class__ is NearTargetReduction or reduction.__class__ is NoReduction:
        # Scores during a round are below the target, so these tables cover every header.
        dbl_pts = [reduction.reduce(points.double_header, s, target) for s in range(target)]
        trp_pts = [reduction.reduce(points.triple_header, s, target) for s in range(target)]
    else:
        custom_reduce = reduction.reduce
    params: _Params = (
        dbl_pts,
        trp_pts,
        custom_reduce,
        points.double_header,
        points.triple_header,
        points.going_out,
        rules.partnerships,
    )
    if len(_PARAMS) >= _PARAMS_MAX:
        _PARAMS.clear()
    _PARAMS[key] = (rules, params)
    return params


def _mask_pips(mask: int) -> int:
    pips = 0
    while mask:
        low = mask & -mask
        pips += PIPS[low.bit_length() - 1]
        mask ^= low
    return pips


def _block(rules: Rules, hands: list[int], scores: list[int], partners: bool) -> tuple[int, ...]:
    """Rule 8: judge the blocked hand as RoundState does and return the final scores."""
    sides = len(scores)
    side_masks = [0] * sides
    for seat, m in enumerate(hands):
        side_masks[seat & 1 if partners else seat] |= m
    judge = rules.blocked
    cls = judge.__class__
    keys: list[tuple[int, ...]]
    if cls is FewestDoublesThenPips:
        keys = [((m & DOUBLES_MASK).bit_count(), _mask_pips(m)) for m in side_masks]
    elif cls is FewestPips:
        keys = [(_mask_pips(m),) for m in side_masks]
    elif cls is NoDoubleFirst:
        keys = [(int(bool(m & DOUBLES_MASK)), _mask_pips(m)) for m in side_masks]
    elif cls is NoDoubleFirstNonDoublePips:
        keys = [
            (int(bool(m & DOUBLES_MASK)), _mask_pips(m & _NON_DOUBLES_MASK)) for m in side_masks
        ]
    else:
        winner = judge.winner([tiles_of_mask(m) for m in side_masks])
        if winner is not None and (type(winner) is not int or not 0 <= winner < sides):
            raise PositionError(f"the blocked-hand judge {judge!r} returned {winner!r}, not a side")
        if winner is not None:
            scores[winner] += rules.points.blocked_hand
        return tuple(scores)
    best = min(keys)
    if keys.count(best) == 1:
        scores[keys.index(best)] += rules.points.blocked_hand
    return tuple(scores)
