"""Perft counts: the number of distinct action sequences to a given depth from a state.

Borrowed from chess engines ("performance test"): counting every legal sequence of actions to
a depth checks a move generator against another implementation without comparing any single
game. In Bergen every action counts one ply: the lead, each play, each draw (the drawn tile is
fixed by the boneyard order, so a draw is one action) and each pass. Draws for a lead double
under "draw in turn" are part of the deal, not actions. A sequence that ends the round (going
out, a block, the target reached) before the depth is not counted at deeper depths.
"""

from __future__ import annotations

from bergen.errors import PositionError, _brief
from bergen.round import RoundState

__all__ = ["MAX_PERFT_DEPTH", "perft", "perft_counts"]


MAX_PERFT_DEPTH = 200
"""The deepest :func:`perft` and :func:`perft_counts` go: more actions than any round has (28
tiles played or drawn, and the passes between). The count grows exponentially with the depth:
depths beyond 8 or so take hours."""


def perft(state: RoundState, depth: int) -> int:
    """Count the distinct action sequences of exactly ``depth`` actions from ``state``.

    Args:
        state: The starting state (for the published counts: a round just dealt).
        depth: The number of actions, >= 0 (depth 0 counts the empty sequence: 1).

    Returns:
        The number of sequences; 0 when the round ends before ``depth`` actions on every path.

    Raises:
        PositionError: when ``state`` is not a RoundState or ``depth`` not an int in
            0..MAX_PERFT_DEPTH.
    """
    if not isinstance(state, RoundState):
        raise PositionError(f"perft takes a RoundState, got {_brief(state)}")
    if type(depth) is not int or not 0 <= depth <= MAX_PERFT_DEPTH:
        raise PositionError(f"depth must be an int in 0..{MAX_PERFT_DEPTH}, got {_brief(depth)}")
    if depth == 0:
        return 1
    return _perft(state, depth)


def _perft(state: RoundState, depth: int) -> int:
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        total += _perft(state.apply(m)[0], depth - 1)
    return total


def perft_counts(state: RoundState, max_depth: int) -> tuple[int, ...]:
    """The perft counts for every depth from 1 to ``max_depth``, in one walk of the tree.

    Args:
        state: The starting state.
        max_depth: The deepest depth, >= 1.

    Returns:
        ``counts`` with ``counts[d - 1] == perft(state, d)`` for ``d`` in ``1..max_depth``.

    Raises:
        PositionError: when ``state`` is not a RoundState or ``max_depth`` not an int in
            1..MAX_PERFT_DEPTH.
    """
    if not isinstance(state, RoundState):
        raise PositionError(f"perft_counts takes a RoundState, got {_brief(state)}")
    if type(max_depth) is not int or not 1 <= max_depth <= MAX_PERFT_DEPTH:
        raise PositionError(
            f"max_depth must be an int in 1..{MAX_PERFT_DEPTH}, got {_brief(max_depth)}"
        )
    counts = [0] * max_depth

    def walk(s: RoundState, d: int) -> None:
        moves = s.legal_moves()
        counts[d] += len(moves)
        if d + 1 < max_depth:
            for m in moves:
                walk(s.apply(m)[0], d + 1)

    walk(state, 0)
    return tuple(counts)
