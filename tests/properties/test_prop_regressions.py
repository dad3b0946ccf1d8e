"""Engine bugs the property suite found, pinned as hand-built positions."""

from __future__ import annotations

from bergen import CLASSIC, TILES, End, EventKind, Hand, LineOfPlay, OutcomeKind, RoundState, Tile
from bergen.testing import RoundChecker


def test_a_play_that_blocks_the_hand_leaves_the_mover_as_to_move() -> None:
    # Found by the turn-order invariant: after a play that blocked the hand, to_move was the next
    # seat, though RoundState documents to_move as "the seat that moved last once the round is
    # over" (as after going out, or a block after a draw).
    #
    # Block Bergen (drawing off), two seats. The line 2-0 *0-0 shows 2 and 0. Seat 0 plays 2-5
    # on the 2: the ends show 5 and 0, and nobody holds a 5 or a 0, so the hand is blocked
    # (rule 8). Both sides hold one double; seat 0 has 12 pips (6-6), seat 1 has 17 (4-4, 6-3):
    # seat 0 wins the block, 2 points.
    rules = CLASSIC.replace(drawing=False)
    hands = [Hand.parse("2-5 6-6"), Hand.parse("4-4 6-3")]
    line = LineOfPlay.parse("2-0 *0-0")
    held = {t for h in hands for t in h} | {p.tile for p in line.tiles}
    state = RoundState.from_position(hands, [t for t in TILES if t not in held], line, 0, rules)
    after, events = state.apply(state.legal_moves()[0])
    assert state.legal_moves()[0].tile == Tile(5, 2)
    assert state.legal_moves()[0].end is End.LEFT
    assert [(e.kind, e.side, e.points) for e in events] == [(EventKind.BLOCKED_HAND, 0, 2)]
    assert after.outcome is not None and after.outcome.kind is OutcomeKind.BLOCKED
    assert after.to_move == 0
    RoundChecker(state).apply(state.legal_moves()[0])
