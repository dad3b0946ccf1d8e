"""PublicRound and PublicMatch (issue 26): scorekeeping from public information, with values
worked out by hand from docs/rules.md."""

from __future__ import annotations

import pytest

from bergen import (
    CLASSIC,
    SIMPLE,
    ArgumentError,
    EventKind,
    Hand,
    IllegalMoveError,
    MatchOverError,
    OutcomeKind,
    PositionError,
    PublicMatch,
    PublicRound,
    Reason,
    ScoreEvent,
    Tile,
)

ALICE, BEN, CARA = 0, 1, 2

# The English page's worked hand (docs/rules.md): Alice's lead, then the play table's steps;
# Cara's draw entered unseen.
WORKED_HAND = [
    (ALICE, "1-1"),
    (BEN, "4-1R"),
    (CARA, "5-1L"),
    (ALICE, "5-4L"),
    (BEN, "6-4R"),
    (CARA, "6-6R"),
    (ALICE, "4-3L"),
    (BEN, "6-3L"),
    (CARA, "draw"),
    (CARA, "6-2L"),
    (ALICE, "2-2L"),
    (BEN, "6-0R"),
    (CARA, "2-0L"),
    (ALICE, "0-0L"),
]


def _enter(state: PublicRound, moves: list[tuple[int, str]]) -> tuple[PublicRound, list[str]]:
    events: list[str] = []
    for seat, move in moves:
        state, ev = state.apply(move, seat=seat)
        events.extend(str(e) for e in ev)
    return state, events


def test_worked_hand_from_public_moves_scores_alice_7_ben_3_cara_2() -> None:
    state = PublicRound.start(SIMPLE, 3)
    assert state.counts == (5, 5, 5) and state.boneyard_size == 13 and state.to_move is None
    state, events = _enter(state, WORKED_HAND)
    assert state.points == (7, 3, 2)  # "Alice 7, Ben 3, Cara 2"
    assert events == [
        "double_header seat=0 side=0 points=2 tile=5-4",
        "triple_header seat=1 side=1 points=3 tile=6-3",
        "double_header seat=2 side=2 points=2 tile=2-0",
        "triple_header seat=0 side=0 points=3 tile=0-0",
        "going_out seat=0 side=0 points=2 tile=0-0",
    ]
    assert state.outcome is not None and state.outcome.kind is OutcomeKind.WENT_OUT
    assert state.outcome.seat == ALICE
    # Alice laid five tiles: her count reached 0. Cara drew one and laid four.
    assert state.counts == (0, 1, 2)
    assert state.boneyard_size == 12


def test_worked_hand_totals_from_earlier_scores() -> None:
    state = PublicRound.start(SIMPLE, 3, scores=(2, 6, 3))
    before_last, _ = _enter(state, WORKED_HAND[:-1])
    assert before_last.counts[ALICE] == 1 and before_last.outcome is None
    state, events = before_last.apply("0-0L", seat=ALICE)
    assert [e.kind for e in events] == [EventKind.TRIPLE_HEADER, EventKind.GOING_OUT]
    assert state.scores == (9, 9, 5)  # "Alice 9, Ben 9, Cara 5"
    assert not state.match_over  # playing to 10


def test_cara_holds_no_six_after_her_draw() -> None:
    """Cara drew at ends 6 and 6d and then laid the tile she drew: she held no six."""
    state, _ = _enter(PublicRound.start(SIMPLE, 3), WORKED_HAND[:10])
    assert state.voids[CARA] == frozenset({6})
    assert state.pending is None


def test_the_lead_names_its_seat() -> None:
    state = PublicRound.start(SIMPLE, 3)
    with pytest.raises(IllegalMoveError) as error:
        state.apply("1-1")
    assert error.value.reason is Reason.NOT_YOUR_TURN and "names its seat" in str(error.value)
    with pytest.raises(IllegalMoveError) as error:
        state.apply("5-4", seat=ALICE)  # rule 2: the lead is a double
    assert error.value.reason is Reason.WRONG_LEAD


def test_a_tile_played_twice_is_refused() -> None:
    state, _ = _enter(PublicRound.start(SIMPLE, 3), WORKED_HAND[:2])  # ends 1d | 4
    with pytest.raises(IllegalMoveError) as error:
        state.apply("4-1L", seat=CARA)
    assert error.value.reason is Reason.TILE_SEEN
    assert "4-1 is already on the line" in str(error.value)
    assert state.counts == (4, 4, 5)  # unchanged


def test_a_play_out_of_turn_and_a_tile_that_does_not_fit() -> None:
    state, _ = _enter(PublicRound.start(SIMPLE, 3), WORKED_HAND[:2])
    with pytest.raises(IllegalMoveError) as error:
        state.apply("5-1L", seat=ALICE)
    assert error.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalMoveError) as error:
        state.apply("5-3L", seat=CARA)  # the left end shows 1
    assert error.value.reason is Reason.NO_MATCHING_END


def test_a_draw_from_the_reserve_is_refused() -> None:
    # Classic, two seats of 12 tiles: 4 in the boneyard, 2 of them the reserve (rule 4).
    state = PublicRound.start(CLASSIC, 2, hand_size=12)
    state, _ = _enter(state, [(0, "1-1"), (1, "draw"), (1, "draw")])
    assert state.drawable == 0 and state.boneyard_size == 2 and state.counts == (11, 14)
    with pytest.raises(IllegalMoveError) as error:
        state.apply("draw", seat=1)
    assert error.value.reason is Reason.CANNOT_DRAW
    assert "the last 2 tiles are the reserve" in str(error.value)
    # Seat 1 may pass now; a pass was refused while tiles could be drawn.
    state.apply("pass", seat=1)
    first, _ = PublicRound.start(CLASSIC, 2, hand_size=12).apply("1-1", seat=0)
    with pytest.raises(IllegalMoveError) as error:
        first.apply("pass", seat=1)
    assert error.value.reason is Reason.MUST_DRAW


def test_a_seat_with_a_shown_tile_that_fits_must_play() -> None:
    state, _ = _enter(PublicRound.start(CLASSIC, 2), [(0, "3-3"), (1, "draw 3-1")])
    assert state.known[1] == frozenset({Tile(3, 1)})
    for move in ("draw", "pass"):
        with pytest.raises(IllegalMoveError) as error:
            state.apply(move, seat=1)
        assert error.value.reason is Reason.MUST_PLAY and "3-1" in str(error.value)
    state, _ = _enter(state, [(1, "3-1R"), (0, "draw 6-5")])  # ends 3d | 1
    for seat, move in ((0, "draw 6-5"), (0, "draw 3-1")):
        with pytest.raises(IllegalMoveError) as error:
            state.apply(move, seat=seat)
        assert error.value.reason is Reason.TILE_SEEN


def test_a_seat_that_drew_at_an_end_holds_no_tile_carrying_it() -> None:
    # Seat 1 draws the 6-6 shown at ends 3d | 3d: it holds no 3 among its other tiles.
    state, _ = _enter(PublicRound.start(CLASSIC, 2), [(0, "3-3"), (1, "draw 6-6")])
    with pytest.raises(IllegalMoveError) as error:
        state.apply("3-2L", seat=1)
    assert error.value.reason is Reason.KNOWN_VOID
    assert "holds no tile carrying 3" in str(error.value)
    # An unseen draw may be the tile that fits: the play is taken.
    after_unseen, _ = state.apply("draw", seat=1)
    played, _ = after_unseen.apply("3-2L", seat=1)
    assert played.line.ends == (2, 3)


def test_a_count_below_zero_is_refused() -> None:
    # Two seats of two tiles. Seat 0 leads, keeps one dealt tile, draws the 6-6 shown and
    # one tile unseen that it lays; then lays its dealt tile: all it holds is the 6-6.
    state = PublicRound.start(CLASSIC, 2, hand_size=2)
    state, _ = _enter(
        state,
        [
            (0, "1-1"),
            (1, "2-1R"),  # ends 1d | 2; seat 1 holds 1 tile
            (0, "draw 6-6"),
            (0, "draw"),
            (0, "1-0L"),  # the tile it drew: ends 0 | 2
            (1, "draw"),
            (1, "3-2R"),  # ends 0 | 3
            (0, "3-4R"),  # its dealt tile: ends 0 | 4
        ],
    )
    assert state.counts == (1, 1) and state.known[0] == frozenset({Tile(6, 6)})
    state, _ = _enter(state, [(1, "draw"), (1, "4-4R")])
    with pytest.raises(IllegalMoveError) as error:
        state.apply("4-5R", seat=0)
    assert error.value.reason is Reason.TILE_NOT_IN_HAND
    assert "holds 1 tiles, all known: 6-6" in str(error.value)


def _blocked_two_seat_round() -> PublicRound:
    """Two seats of 14 (simple: no reserve, nothing to draw). Seat 1 passes at 6 | 6."""
    state = PublicRound.start(SIMPLE, 2, hand_size=14)
    state, _ = _enter(state, [(0, "6-6"), (1, "pass"), (0, "6-5L")])
    return state


def test_a_reveal_that_contradicts_a_pass_is_refused() -> None:
    state = _blocked_two_seat_round()
    assert state.voids[1] == frozenset({6})
    # Seat 1 passed at ends 6 and 6: it cannot hold the 6-4.
    seat_0 = "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1"
    seat_1 = "4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5 6-0 6-1 6-2 6-3 6-4"
    with pytest.raises(PositionError) as error:
        state.reveal([seat_0, seat_1])
    assert "passed while the ends showed 6" in str(error.value) and "6-4" in str(error.value)


def test_settle_a_blocked_hand() -> None:
    state = _blocked_two_seat_round()
    settled, events = state.settle(1)
    assert events == (ScoreEvent(EventKind.BLOCKED_HAND, 1, 1, 2, 2, None),)
    assert settled.outcome is not None and settled.outcome.kind is OutcomeKind.BLOCKED
    assert settled.scores == (0, 2)
    tie, events = state.settle(None)
    assert events == () and tie.scores == (0, 0)
    with pytest.raises(IllegalMoveError) as error:
        settled.apply("pass", seat=1)
    assert error.value.reason is Reason.ROUND_OVER


def test_a_hand_that_is_not_blocked_is_refused_at_the_reveal() -> None:
    state = _blocked_two_seat_round()  # ends 5 | 6d
    seat_0 = "6-0 6-1 6-2 6-3 6-4 0-0 1-0 1-1 2-0 2-1 2-2 3-0"
    seat_1 = "5-0 5-1 5-2 5-3 5-4 5-5 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4"
    with pytest.raises(PositionError, match="not blocked: seat 0 holds 6-0"):
        state.reveal([seat_0, seat_1])


# Two seats of 14, nothing to draw: the seven blanks all laid, ends 0 | 0 (rule 8: blocked).
ALL_BLANKS = [
    (0, "0-0"),
    (1, "3-0R"),
    (0, "4-3R"),
    (1, "4-0R"),  # 0d | 0: a triple header, 3
    (0, "2-0L"),
    (1, "2-1L"),
    (0, "1-0L"),  # 0 | 0: a double header, 2
    (1, "5-0R"),
    (0, "6-5R"),
    (1, "6-0R"),  # 0 | 0: a double header, 2
]
SEAT_0 = "1-1 2-2 3-3 4-4 5-5 6-6 3-1 4-2 5-3"  # 6 doubles, 60 pips
SEAT_1 = "4-1 5-1 5-2 5-4 6-1 6-2 6-3 6-4 3-2"  # no double, 66 pips


@pytest.mark.parametrize(
    ("rules", "winner"),
    [(SIMPLE, 0), (CLASSIC, 1)],  # fewest pips; fewest doubles, then pips
)
def test_reveal_judges_a_block_by_the_rules(rules: object, winner: int) -> None:
    state = PublicRound.start(rules, 2, hand_size=14)  # type: ignore[arg-type]
    state, _ = _enter(state, ALL_BLANKS)
    assert state.line.ends == (0, 0) and state.counts == (9, 9)
    assert state.awaiting_result
    with pytest.raises(IllegalMoveError) as error:
        state.apply("pass", seat=0)
    assert error.value.reason is Reason.ROUND_OVER and "blocked" in str(error.value)
    before = state.scores
    state, events = state.reveal([SEAT_0, SEAT_1])
    assert events == (ScoreEvent(EventKind.BLOCKED_HAND, winner, winner, 2, 2, None),)
    assert state.scores[winner] == before[winner] + 2
    assert state.outcome is not None and state.outcome.kind is OutcomeKind.BLOCKED
    assert state.outcome.side == winner
    assert state.hands is not None and str(state.hands[1]) == str(Hand.parse(SEAT_1))
    assert not state.awaiting_result


def test_simple_scores_of_the_blank_line() -> None:
    state, _ = _enter(PublicRound.start(SIMPLE, 2, hand_size=14), ALL_BLANKS)
    assert state.scores == (2, 5)


def test_a_pass_that_leaves_no_room_for_the_unseen_tiles_is_refused() -> None:
    # Two seats of 14: seat 1 passed at 6 | 6, so the five sixes not on the line are seat 0's;
    # seat 0 cannot pass at 5 | 6 too.
    state = _blocked_two_seat_round()
    state, _ = state.apply("5-5L", seat=1)  # ends 5d | 6d
    with pytest.raises(IllegalMoveError) as error:
        state.apply("pass", seat=0)
    assert error.value.reason is Reason.MUST_PLAY
    assert "no placing of the unseen tiles" in str(error.value)


def test_settle_needs_nothing_left_to_draw() -> None:
    state, _ = PublicRound.start(SIMPLE, 3).apply("1-1", seat=0)
    with pytest.raises(PositionError, match="can still be drawn"):
        state.settle(0)


def test_public_match_passes_the_deal_left_and_ends_at_the_target() -> None:
    match = PublicMatch.start(SIMPLE, 3, scores=(2, 6, 3))
    for seat, move in WORKED_HAND:
        match, _ = match.apply(move, seat=seat)
    assert match.scores == (9, 9, 5) and not match.is_over
    assert len(match.rounds) == 1 and match.dealer == 1
    assert match.round.line.lead is None and match.round.counts == (5, 5, 5)
    # Round 1: Alice's double header takes her from 9 to 11, past the target of 10.
    second = [(CARA, "3-3"), (ALICE, "3-1R"), (BEN, "3-5L"), (CARA, "1-2R"), (ALICE, "5-2L")]
    for seat, move in second:
        match, events = match.apply(move, seat=seat)
    assert [str(e) for e in events] == ["double_header seat=0 side=0 points=2 tile=5-2"]
    assert match.is_over and match.winner == 0 and match.scores == (11, 9, 5)
    assert match.round.outcome is not None
    assert match.round.outcome.kind is OutcomeKind.TARGET_REACHED
    with pytest.raises(MatchOverError):
        match.apply("draw", seat=BEN)


def test_states_are_unchanged_by_a_refused_move() -> None:
    state, _ = _enter(PublicRound.start(SIMPLE, 3), WORKED_HAND[:4])
    before = (state.line, state.counts, state.scores, state.voids, state.known)
    with pytest.raises(IllegalMoveError):
        state.apply("5-4L", seat=BEN)
    assert (state.line, state.counts, state.scores, state.voids, state.known) == before


class _Index:
    """An integer-like seat (as a NumPy integer is): it has __index__."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_a_seat_given_as_an_integer_like_value() -> None:
    state, _ = PublicRound.start(SIMPLE, 3).apply("1-1", seat=_Index(ALICE))  # type: ignore[arg-type]
    state, _ = state.apply("4-1R", _Index(BEN))  # type: ignore[arg-type]
    assert state.to_move == CARA
    with pytest.raises(ArgumentError, match="seat must be a seat number"):
        state.apply("5-1L", True)  # a bool is no seat number (as for RoundState.apply)
