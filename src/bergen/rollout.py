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
from typing import TYPE_CHECKING, Literal

from bergen._store import _outer_double
from bergen.errors import BergenError, PositionError
from bergen.round import RoundState
from bergen.tiles import FIT, HIGH, IS_DOUBLE, OTHER

if TYPE_CHECKING:
    from bergen._kit import _Kit

__all__ = ["rollout"]

Policy = Literal["random", "first"]
"""How :func:`rollout` chooses among the legal moves: ``"random"``, the move at index
``int(rng.random() * len(legal))``; ``"first"``, always the first legal move (no generator)."""


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
            blocked-hand judge names no side or header reduction returns something that is not
            points (as :meth:`RoundState.apply` does).
        BergenError: for an unknown ``policy``; for ``"random"`` without a generator as
            ``rng``, or when its ``random()`` returns a number outside ``[0, 1)``.
    """
    if not isinstance(state, RoundState):
        raise PositionError(f"rollout takes a RoundState, got {state!r}")
    if policy == "random":
        rnd = getattr(rng, "random", None)
        if rnd is None or isinstance(rng, type) or not callable(rnd):
            raise BergenError(
                f"rollout with policy 'random' needs rng, a random.Random; got {rng!r}"
            )
    elif policy == "first":
        rnd = _zero
    else:
        raise BergenError(f"rollout policy is 'random' or 'first', got {policy!r}")
    if state.outcome is not None:
        return state.scores
    # The round's engine data (see bergen._store): no public
    # value is built for the rollout.
    shared = state._round
    kit = shared.kit
    target = shared.target
    dbl_pts = kit.double_points
    trp_pts = kit.triple_points
    base_dbl = kit.double_header
    base_trp = kit.triple_header
    out_pts = kit.going_out
    partners = kit.partnerships
    hands = list(state._masks)
    scores = list(state.scores)
    n = len(hands)
    btiles = shared.tiles  # the boneyard as dealt; the next tile drawn is btiles[top]
    last_draw = shared.ndraw0
    top = last_draw - state._ndraw
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
        if kit.lead_scores:
            s = scores[side]
            pts = dbl_pts.get(s)
            if pts is None:
                pts = kit.header_points(base_dbl, s)
            scores[side] = s + pts
            if s + pts >= target:
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
                return _block(kit, hands, scores)
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
            else:  # k is no legal play: the public loop's legal[k] would raise IndexError
                raise BergenError("rng.random() returned a number outside [0, 1)")
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
                    pts = trp_pts.get(s)
                    if pts is None:
                        pts = kit.header_points(base_trp, s)
                else:
                    pts = dbl_pts.get(s)
                    if pts is None:
                        pts = kit.header_points(base_dbl, s)
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
                    return _block(kit, hands, scores)
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
                    return _block(kit, hands, scores)
        else:  # pass
            rnd()
            seat = seat + 1 if seat + 1 < n else 0


def _zero() -> float:
    return 0.0


def _block(kit: _Kit, hands: list[int], scores: list[int]) -> tuple[int, ...]:
    """Rule 8: judge the blocked hand as RoundState does and return the final scores."""
    winner = kit.blocked_winner(hands)
    if winner is not None:
        scores[winner] += kit.blocked_hand
    return tuple(scores)
