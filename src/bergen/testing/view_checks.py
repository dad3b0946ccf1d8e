"""The view invariant: what one seat sees does not depend on the tiles hidden from it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bergen.errors import PositionError
from bergen.round import RoundState
from bergen.testing.checks import InvariantViolation
from bergen.tiles import Tile

__all__ = ["check_views"]


def _set_up(
    state: RoundState, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]
) -> RoundState:
    return RoundState.from_position(
        hands,
        boneyard,
        state.line,
        state.to_move,
        state.rules,
        scores=state.scores,
        dealer=state.dealer,
    )


def check_views(state: RoundState, rng: random.Random) -> int:
    """Check that every seat's view hides the other hands and the boneyard order.

    For each seat, the position (hands, boneyard, line, scores, seat to move) is set up twice
    with :meth:`RoundState.from_position`: as it is, and with the tiles that seat cannot see
    (the other hands and the boneyard) dealt anew in an order drawn from ``rng``, every hand
    and the boneyard keeping their sizes. The seat's two views must be equal (docs/guides/bots.md,
    "What a seat may see: the view"). Its view must also show its own hand, every seat's tile
    count and no drawn tile of another seat.

    Args:
        state: A state in play, after the lead.
        rng: The generator that deals the hidden tiles anew.

    Returns:
        How many pairs of views were compared (a re-dealt position that is already blocked is
        skipped).

    Raises:
        InvariantViolation: (invariant ``view``) when a view differs or shows hidden tiles.
        ValueError: when the round is over or the lead has not been made.
    """
    if state.is_over or state.line.lead is None:
        raise ValueError("check_views needs a state in play, after the lead")
    compared = 0
    for seat in range(len(state.hands)):
        view = state.view(seat)
        if view.hand != state.hands[seat] or view.tile_counts != tuple(len(h) for h in state.hands):
            raise InvariantViolation(
                "view", f"seat {seat}'s view misstates its hand or the tile counts", state=state
            )
        if any(a.drawn is not None for a in view.history):
            raise InvariantViolation(
                "view", f"seat {seat}'s view shows a drawn tile in the history", state=state
            )
        drawn_by_seat = {a.drawn for a in (*state.lead_draws, *state.history) if a.seat == seat}
        if not set(view.own_draws) <= drawn_by_seat:
            raise InvariantViolation(
                "view", f"seat {seat}'s view shows tiles it did not draw", state=state
            )
        hidden = [t for i, h in enumerate(state.hands) if i != seat for t in h]
        hidden += state.boneyard.tiles
        rng.shuffle(hidden)
        hands: list[Sequence[Tile]] = []
        k = 0
        for i, h in enumerate(state.hands):
            if i == seat:
                hands.append(h.tiles)
            else:
                hands.append(hidden[k : k + len(h)])
                k += len(h)
        as_is = _set_up(state, [h.tiles for h in state.hands], state.boneyard.tiles)
        try:
            dealt_anew = _set_up(state, hands, hidden[k:])
        except PositionError:
            continue  # the re-dealt position is already blocked: not a state in play
        if as_is.view(seat) != dealt_anew.view(seat):
            raise InvariantViolation(
                "view",
                f"seat {seat}'s view changes when the tiles hidden from it are dealt anew",
                state=state,
            )
        compared += 1
    return compared
