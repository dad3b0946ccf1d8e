"""A round's history (internal): the actions made since its first position, as the
states share them (a linked list, one link per move), the history entries everyone sees,
and the first position worked back from the history.
"""

from __future__ import annotations

from bergen._context import RoundContext
from bergen.kernel import actions as A
from bergen.kernel import play as K
from bergen.moves import DRAW, MOVES, Action
from bergen.tiles import TILES

Trail = tuple[tuple[int, int], ...]
"""The actions made since the round's first position, oldest first: ``(seat, action id)``
pairs (action ids: :mod:`bergen.kernel.actions`)."""

_PUBLIC_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    [tuple([Action(seat, move) for move in MOVES]) for seat in range(4)]
)
"""``_PUBLIC_ACTIONS[seat][action id]``: the history entry of that action as everyone sees it
(a draw without its tile); immutable values, shared by every history."""


_DRAWN: tuple[tuple[Action, ...], ...] = tuple(
    tuple([Action(seat, DRAW, t) for t in TILES]) for seat in range(4)
)
"""``_DRAWN[seat][t]``: the history entry of ``seat`` drawing ``TILES[t]``."""


Log = tuple[object, ...]
"""A round's history as a linked list shared between states: ``()`` at the round's first
position, else ``(seat, action id, the history before it)``; each state adds one link to
its parent's. (Typed loosely: mypyc does not compile the recursive alias
``tuple[()] | tuple[int, int, Log]``.)"""


def _log_of(trail: Trail) -> Log:
    """The linked history of a flat trail."""
    log: Log = ()
    for seat, action in trail:
        log = (seat, action, log)
    return log


def _flat(log: Log) -> Trail:
    """The flat trail of a linked history, oldest first."""
    out: list[tuple[int, int]] = []
    while log:
        seat, action, parent = log
        out.append((seat, action))  # type: ignore[arg-type]
        log = parent  # type: ignore[assignment]
    out.reverse()
    return tuple(out)


def first_position(context: RoundContext, position: K.Position, trail: Trail) -> K.Position:
    """The kernel position at the round's first position, worked out from ``position`` by
    taking back ``trail``: each play or lead returns its tile to the hand that laid it, each
    draw returns the drawn tile to the boneyard.
    """
    masks = list(position[0])
    drawn = position[4]
    for seat, action in reversed(trail):
        if action < A.LEAD:
            masks[seat] |= 1 << (action >> 1)
        elif action < A.DRAW:
            masks[seat] |= 1 << (action - A.LEAD)
        elif action == A.DRAW:
            drawn -= 1
            masks[seat] &= ~(1 << context.boneyard[drawn])
    hands = tuple(masks)
    line = context.start_line
    if line.lead is None:
        position = K.start_position(hands)
    else:
        flags = (K.LEFT_DOUBLE if line.left_double else 0) | (
            K.RIGHT_DOUBLE if line.right_double else 0
        )
        position = (hands, line.left or 0, line.right or 0, flags, drawn)
    return position
