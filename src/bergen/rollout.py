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
from typing import Literal

from bergen.errors import BergenError, PositionError, _brief
from bergen.kernel.rollout import ChoiceError
from bergen.kernel.rollout import rollout as _kernel_rollout
from bergen.round import RoundState

__all__ = ["rollout"]

Policy = Literal["random", "first"]
"""How :func:`rollout` chooses among the legal moves: ``"random"``, the move at index
``int(rng.random() * len(legal))``; ``"first"``, always the first legal move (no generator)."""


def rollout(
    state: RoundState, policy: Policy = "random", rng: random.Random | None = None
) -> tuple[int, ...]:
    """Play the round out from ``state`` and return the scores it ends with.

    The loop is :func:`bergen.kernel.rollout.rollout`, on the state's kernel position.

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
        raise PositionError(f"rollout takes a RoundState, got {_brief(state)}")
    if policy == "random":
        rnd = getattr(rng, "random", None)
        if rnd is None or isinstance(rng, type) or not callable(rnd):
            raise BergenError(
                f"rollout with policy 'random' needs rng, a random.Random; got {_brief(rng)}"
            )
    elif policy == "first":
        rnd = _zero
    else:
        raise BergenError(f"rollout policy is 'random' or 'first', got {_brief(policy)}")
    if state.outcome is not None:
        return state.scores
    context = state._context
    try:
        return _kernel_rollout(
            context.table, context.boneyard, state._position, state.to_move, state.scores, rnd
        )
    except ChoiceError as e:
        raise BergenError(f"rollout: rng.random() returned no number in [0, 1) ({e})") from None


def _zero() -> float:
    return 0.0
