"""The examples of docs/rules.md (rules 4, 5, 6 and 8), one test each (values from the rules).

Every position here is set up with ``RoundState.from_position``; the lines were written so that
the vector's ends are the open ends, and the engine's own parser checks that they connect.
"""

from __future__ import annotations

import pytest

from bergen import (
    CLASSIC,
    TILES,
    BlockedHandJudge,
    Deal,
    EventKind,
    FewestDoublesThenPips,
    FewestPips,
    Hand,
    Lead,
    NearTargetReduction,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    OutcomeKind,
    Play,
    RoundState,
    Tile,
    parse_move,
)
from bergen.moves import End

DH = EventKind.DOUBLE_HEADER
TH = EventKind.TRIPLE_HEADER


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


# ---------------------------------------------------------------- ends 4 and 1

LINE_4_1 = "4-2 *2-2 2-1"  # ends 4 (left) and 1 (right), neither a double


def test_ends_4_and_1_setup(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    assert state.line.ends == (4, 1)
    assert not state.line.left_double and not state.line.right_double


def test_ends_4_and_1_give_the_4_1_two_moves(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    assert Play(Tile(4, 1), End.LEFT) in state.legal_moves()
    assert Play(Tile(4, 1), End.RIGHT) in state.legal_moves()


def test_ends_4_and_1_the_4_1_on_the_4_is_a_double_header(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    after, events = state.apply(parse_move("4-1L"))
    assert after.line.ends == (1, 1)
    assert [(e.kind, e.points, e.base_points) for e in events] == [(DH, 2, 2)]
    assert after.scores == (2, 0, 0)


def test_ends_4_and_1_the_4_1_on_the_1_is_a_double_header(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    after, events = state.apply(parse_move("4-1R"))
    assert after.line.ends == (4, 4)
    assert [(e.kind, e.points, e.base_points) for e in events] == [(DH, 2, 2)]
    assert after.scores == (2, 0, 0)


# ---------------------------------------------------------------- ends 4 and a double six

LINE_4_66 = "4-2 *2-2 2-6 6-6"  # ends 4 (left) and the double six (right)


def test_ends_4_and_double_six_setup(position):
    state = position(["6-4 0-0", "5-5", "3-3"], LINE_4_66)
    assert state.line.ends == (4, 6)
    assert state.line.right_double and not state.line.left_double


def test_ends_4_and_double_six_the_4_6_on_the_4_is_a_triple_header(position):
    state = position(["6-4 0-0", "5-5", "3-3"], LINE_4_66)
    after, events = state.apply(Play(Tile(6, 4), End.LEFT))
    assert after.line.ends == (6, 6)
    assert [(e.kind, e.points, e.base_points) for e in events] == [(TH, 3, 3)]
    assert after.scores == (3, 0, 0)


def test_ends_4_and_double_six_the_4_6_on_the_double_six_is_a_double_header(position):
    state = position(["6-4 0-0", "5-5", "3-3"], LINE_4_66)
    after, events = state.apply(Play(Tile(6, 4), End.RIGHT))
    assert after.line.ends == (4, 4)
    assert [(e.kind, e.points, e.base_points) for e in events] == [(DH, 2, 2)]
    assert after.scores == (2, 0, 0)


# ---------------------------------------------------------------- lead 3-3, 3-5, 5-6, 6-3


def test_lead_3_3_then_3_5_5_6_6_3_is_a_triple_header(position):
    # Nobody holds 0-0, 1-1 or 2-2 (they are in the boneyard), so 3-3 is the lowest double.
    state = position(["3-3 6-5 4-1", "5-3 6-3 4-2"])
    assert state.legal_moves() == (Lead(Tile(3, 3)),)
    state, ev = state.apply(Lead(Tile(3, 3)))  # the lead: a double header, 2 to seat 0
    assert [(e.kind, e.seat, e.points) for e in ev] == [(DH, 0, 2)]
    state, ev = state.apply(Play(Tile(5, 3), End.LEFT))  # ends 5 and the double three
    assert ev == ()
    assert state.line.ends == (5, 3) and state.line.right_double
    state, ev = state.apply(Play(Tile(6, 5), End.LEFT))  # ends 6 and the double three
    assert ev == ()
    assert state.line.ends == (6, 3) and state.line.right_double
    state, ev = state.apply(Play(Tile(6, 3), End.LEFT))  # both ends 3, one a double
    assert state.line.ends == (3, 3)
    assert [(e.kind, e.seat, e.side, e.points, e.base_points) for e in ev] == [(TH, 1, 1, 3, 3)]
    assert state.scores == (2, 3)


# ---------------------------------------------------------------- reduction near target 10

# (score before the play, double header value, triple header value), target 10 (classic).
REDUCTION_TABLE = [(5, 2, 3), (6, 2, 3), (7, 2, 2), (8, 1, 1), (9, 1, 1)]


@pytest.mark.parametrize(("score", "double", "triple"), REDUCTION_TABLE)
def test_near_target_reduction_component_at_target_10(score, double, triple):
    reduction = NearTargetReduction()
    assert reduction.reduce(2, score, 10) == double
    assert reduction.reduce(3, score, 10) == triple


@pytest.mark.parametrize(("score", "double", "triple"), REDUCTION_TABLE)
def test_classic_preset_uses_the_reduction_at_target_10(score, double, triple):
    assert CLASSIC.reduction.reduce(2, score, 10) == double
    assert CLASSIC.reduction.reduce(3, score, 10) == triple


@pytest.mark.parametrize(("score", "double", "_triple"), REDUCTION_TABLE)
def test_reduced_double_header_in_play(position, score, double, _triple):
    # Three players: target 10 under classic.
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, scores=(score, 0, 0))
    assert state.target == 10
    after, events = state.apply(Play(Tile(4, 1), End.LEFT))
    assert [(e.kind, e.points, e.base_points) for e in events] == [(DH, double, 2)]
    assert after.scores == (score + double, 0, 0)


@pytest.mark.parametrize(("score", "_double", "triple"), REDUCTION_TABLE)
def test_reduced_triple_header_in_play(position, score, _double, triple):
    state = position(["6-4 0-0", "5-5", "3-3"], LINE_4_66, scores=(score, 0, 0))
    assert state.target == 10
    after, events = state.apply(Play(Tile(6, 4), End.LEFT))
    assert [(e.kind, e.points, e.base_points) for e in events] == [(TH, triple, 3)]
    assert after.scores == (score + triple, 0, 0)


# ---------------------------------------------------------------- blocked hands

JUDGES: dict[str, BlockedHandJudge] = {
    "fewest pips": FewestPips(),
    "fewest doubles": FewestDoublesThenPips(),
    "no double first": NoDoubleFirst(),
    "non-double pips": NoDoubleFirstNonDoublePips(),
}

# (sides' tiles, winner by: fewest pips, fewest doubles, no double first, non-double pips);
# winners written as side indexes (A = 0, B = 1, C = 2), None for nobody.
BLOCK_TABLE = [
    (["6-6", "5-4 3-2", "1-1 2-2"], (2, 1, 1, 1)),  # C / B / B / B
    (["0-0 6-5", "1-1 2-2"], (1, 0, 1, 1)),  # B / A / B / B
    (["0-0 1-2", "3-3 4-4 0-1"], (0, 0, 0, 1)),  # A / A / A / B
    (["2-3", "1-4"], (None, None, None, None)),  # nobody under every rule
]

JUDGE_CASES = [
    pytest.param(sides, judge, winners[i], id=f"row{row}-{judge}")
    for row, (sides, winners) in enumerate(BLOCK_TABLE, 1)
    for i, judge in enumerate(JUDGES)
]


@pytest.mark.parametrize(("sides", "judge", "winner"), JUDGE_CASES)
def test_blocked_hand_judge_directly(sides, judge, winner):
    assert JUDGES[judge].winner([tiles(s) for s in sides]) == winner


@pytest.mark.parametrize(("sides", "judge", "winner"), JUDGE_CASES)
def test_blocked_hand_judge_ignores_tile_order(sides, judge, winner):
    reversed_sides = [list(reversed(tiles(s))) for s in sides]
    assert JUDGES[judge].winner(reversed_sides) == winner


# Real blocked positions, one per row, each a move away from the block. The line holds every
# tile that is in no hand and not in the two-tile reserve; the last tiles of the boneyard are
# the reserve, so once the block comes nothing is drawable and no hand holds an end's number.
#
# (hands before the move, line, boneyard, seat to move, move, headers the move scores)
REAL_BLOCKS = [
    # Row 1, three players. Ends 0 and 0; seat 1 (B) draws its 3-2, the last drawable tile.
    (
        ["6-6", "5-4", "1-1 2-2"],
        "*0-0 0-1 1-2 2-0 0-3 3-1 1-4 4-0 0-5 5-1 1-6 6-2 2-4 4-4 4-6 6-3 3-3 3-5 5-5 5-6 6-0",
        "3-2 5-2 4-3",
        1,
        "draw",
        [],
    ),
    # Row 2, two players. Ends 3 and 3; seat 1 (B) draws its 2-2.
    (
        ["0-0 6-5", "1-1"],
        "3-0 0-1 1-2 2-0 0-4 4-1 1-3 3-2 2-4 4-3 *3-3 3-5 5-0 0-6 6-2 2-5 5-5 5-4 4-4 4-6 6-6 6-3",
        "2-2 6-1 5-1",
        1,
        "draw",
        [],
    ),
    # Row 3, two players. Ends 5 and 5; seat 1 (B) draws its 0-1.
    (
        ["0-0 1-2", "3-3 4-4"],
        "5-0 0-3 3-1 *1-1 1-4 4-0 0-6 6-1 1-5 5-2 2-2 2-3 3-4 4-2 2-6 6-3 3-5 5-4 4-6 6-5 5-5",
        "1-0 2-0 6-6",
        1,
        "draw",
        [],
    ),
    # Row 4, two players. Ends 0 (the 0-0) and 6 (the 6-6); seat 0 (A) plays 6-0 on the 6:
    # ends 0 and 0, the left one a double, so the play is a triple header before the block.
    (
        ["2-3 6-0", "1-4"],
        "*0-0 0-1 1-1 1-3 3-0 0-2 2-2 2-4 4-0 0-5 5-1 1-6 6-2 2-5 5-3 3-3 3-6 6-4 4-4 4-5 5-5 "
        "5-6 6-6",
        "2-1 4-3",
        0,
        "6-0R",
        [(TH, 0, 3)],
    ),
]

REAL_CASES = [
    pytest.param(*REAL_BLOCKS[row], judge, winners[i], id=f"row{row + 1}-{judge}")
    for row, (_, winners) in enumerate(BLOCK_TABLE)
    for i, judge in enumerate(JUDGES)
]


@pytest.mark.parametrize(
    ("hands", "line", "boneyard", "to_move", "move", "headers", "judge", "winner"), REAL_CASES
)
def test_blocked_hand_in_play(
    position, hands, line, boneyard, to_move, move, headers, judge, winner
):
    rules = CLASSIC.replace(blocked=JUDGES[judge])
    state = position(hands, line, boneyard=boneyard, to_move=to_move, rules=rules)
    assert not state.is_over
    after, events = state.apply(parse_move(move))
    assert after.outcome is not None
    assert after.outcome.kind is OutcomeKind.BLOCKED
    assert after.legal_moves() == ()
    header_events = [(e.kind, e.seat, e.points) for e in events if e.kind in (DH, TH)]
    assert header_events == headers
    block_events = [e for e in events if e.kind is EventKind.BLOCKED_HAND]
    header_points = sum(p for _, _, p in headers)
    if winner is None:
        assert block_events == []
        assert after.outcome.side is None
        assert sum(after.scores) == header_points
    else:
        assert [(e.seat, e.side, e.points, e.base_points, e.tile) for e in block_events] == [
            (winner, winner, 2, 2, None)
        ]
        assert after.outcome.side == winner
        assert after.scores[winner] == 2 + (header_points if winner == to_move else 0)


@pytest.mark.parametrize("row", range(4))
def test_real_blocks_end_with_the_vector_hands(position, row):
    hands, line, boneyard, to_move, move, _ = REAL_BLOCKS[row]
    state = position(hands, line, boneyard=boneyard, to_move=to_move)
    after, _ = state.apply(parse_move(move))
    expected = [Hand.parse(s) for s in BLOCK_TABLE[row][0]]
    assert list(after.hands) == expected
    assert after.drawable == 0


# ---------------------------------------------------------------- drawable tiles, reserve 2


def _deal(seats: int, size: int) -> Deal:
    # Seat i takes tiles i*size .. i*size+size-1 in index order, so seat 0 holds the 0-0.
    return Deal([TILES[i * size : (i + 1) * size] for i in range(seats)], TILES[seats * size :])


@pytest.mark.parametrize(("seats", "size", "drawable"), [(2, 6, 14), (3, 6, 8), (4, 5, 6)])
def test_drawable_tiles_under_reserve_2(seats, size, drawable):
    state = RoundState.start(_deal(seats, size), CLASSIC)
    assert state.boneyard.reserve == 2
    assert state.drawable == drawable
    assert len(state.boneyard) == drawable + 2
