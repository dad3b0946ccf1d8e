"""The ``classic`` preset, rule by rule (docs/rules.md, "The default rules", rules 1-10).

Each test sets up a small position by hand (``RoundState.from_position`` with
``LineOfPlay.parse``) or an explicit deal, and checks the values the rule text gives.
"""

from __future__ import annotations

import pytest

from bergen import (
    CLASSIC,
    DRAW,
    PASS,
    TILES,
    Action,
    Deal,
    End,
    EventKind,
    Hand,
    IllegalMoveError,
    Lead,
    MatchState,
    NoReduction,
    OutcomeKind,
    Play,
    PositionError,
    Reason,
    RoundState,
    RulesError,
    ScoreEvent,
    Tile,
    parse_move,
)

DH = EventKind.DOUBLE_HEADER
TH = EventKind.TRIPLE_HEADER
OUT = EventKind.GOING_OUT
BLOCK = EventKind.BLOCKED_HAND
PARTNERS = CLASSIC.replace(partnerships=True)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def kinds(events):
    return [(e.kind, e.seat, e.side, e.points, e.base_points) for e in events]


def assert_illegal(state, move, reason, seat=None):
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move, seat)
    assert info.value.reason is reason
    assert info.value.move == move
    return info.value


# A three-player deal for rules 1 and 2: seat 2 holds the lowest double held (1-1; the 0-0
# is in the boneyard) and also the 4-4; seat 0 holds 5-5 and seat 1 holds 3-3.
LEAD_DEAL = Deal(
    [
        tiles("5-5 6-0 6-1 6-2 6-3 6-4"),
        tiles("3-3 5-0 5-1 5-2 5-3 5-4"),
        tiles("1-1 4-4 4-0 4-1 4-2 4-3"),
    ],
    tiles("0-0 1-0 2-0 2-1 2-2 3-0 3-1 3-2 6-5 6-6"),
)

# Three hands of six with no double at all; the seven doubles are in the boneyard.
NO_DOUBLE_DEAL = Deal(
    [
        tiles("1-0 2-0 2-1 3-0 3-1 3-2"),
        tiles("4-0 4-1 4-2 4-3 5-0 5-1"),
        tiles("5-2 5-3 5-4 6-0 6-1 6-2"),
    ],
    tiles("0-0 1-1 2-2 3-3 4-4 5-5 6-6 6-3 6-4 6-5"),
)


# ================================================================ rule 1: the deal


@pytest.mark.parametrize(("seats", "size", "boneyard"), [(2, 6, 16), (3, 6, 10), (4, 5, 8)])
def test_rule1_hand_sizes_and_boneyard(seats, size, boneyard):
    table = CLASSIC.for_table(seats)
    assert table.hand_size == size
    assert table.boneyard_size == boneyard


def test_rule1_start_keeps_the_dealt_hands():
    state = RoundState.start(LEAD_DEAL)
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert state.hands[0] == Hand.of(LEAD_DEAL.hands[0])
    assert state.boneyard.tiles == LEAD_DEAL.boneyard


def test_rule1_start_rejects_hands_of_the_wrong_size():
    deal = Deal([TILES[0:5], TILES[5:10], TILES[10:15]], TILES[15:])
    with pytest.raises(PositionError):
        RoundState.start(deal)


def test_rule1_four_seats_are_dealt_five():
    deal = Deal([TILES[i * 6 : i * 6 + 6] for i in range(4)], TILES[24:])
    with pytest.raises(PositionError):
        RoundState.start(deal)
    deal5 = Deal([TILES[i * 5 : i * 5 + 5] for i in range(4)], TILES[20:])
    assert RoundState.start(deal5).drawable == 6


def test_rule2_no_double_deal_is_refused_by_a_round():
    assert not NO_DOUBLE_DEAL.has_double
    with pytest.raises(PositionError):
        RoundState.start(NO_DOUBLE_DEAL)


def test_rule2_redeal_recorded_and_dealer_kept():
    match = MatchState.new(3, CLASSIC, seed=None, dealer=1)
    assert match.awaiting_deal
    match = match.start_round(NO_DOUBLE_DEAL)
    assert match.redeals == (NO_DOUBLE_DEAL,)
    assert match.round is None
    assert match.awaiting_deal
    assert match.dealer == 1
    match = match.start_round(LEAD_DEAL)
    assert match.round is not None
    assert match.dealer == 1
    assert match.round.dealer == 1
    assert match.round.deal == LEAD_DEAL
    assert match.redeals == (NO_DOUBLE_DEAL,)


def test_rule2_two_redeals_in_a_row_keep_the_dealer():
    match = MatchState.new(3, CLASSIC, dealer=2)
    match = match.start_round(NO_DOUBLE_DEAL).start_round(NO_DOUBLE_DEAL)
    assert match.redeals == (NO_DOUBLE_DEAL, NO_DOUBLE_DEAL)
    assert match.dealer == 2
    assert match.scores == (0, 0, 0)


# ================================================================ rule 2: the lead


def test_rule2_lowest_double_held_leads():
    state = RoundState.start(LEAD_DEAL)
    assert state.to_move == 2
    assert state.required_lead == Tile(1, 1)
    assert state.legal_moves() == (Lead(Tile(1, 1)),)


def test_rule2_lowest_double_leads_whoever_deals():
    for dealer in range(3):
        assert RoundState.start(LEAD_DEAL, dealer=dealer).to_move == 2


def test_rule2_leading_another_double_is_wrong_lead_and_changes_nothing():
    state = RoundState.start(LEAD_DEAL)
    err = assert_illegal(state, Lead(Tile(4, 4)), Reason.WRONG_LEAD)
    assert err.seat == 2
    assert state == RoundState.start(LEAD_DEAL)
    assert state.line.lead is None
    assert state.history == ()


def test_rule2_leading_a_non_double_is_wrong_lead():
    state = RoundState.start(LEAD_DEAL)
    assert_illegal(state, Lead(Tile(4, 0)), Reason.WRONG_LEAD)
    assert state == RoundState.start(LEAD_DEAL)


def test_rule2_a_play_before_the_lead_is_wrong_lead():
    state = RoundState.start(LEAD_DEAL)
    assert_illegal(state, Play(Tile(4, 1), End.LEFT), Reason.WRONG_LEAD)


def test_rule2_another_seat_cannot_lead():
    state = RoundState.start(LEAD_DEAL)
    assert_illegal(state, Lead(Tile(3, 3)), Reason.NOT_YOUR_TURN, seat=1)
    assert not state.is_legal(Lead(Tile(3, 3)))


def test_rule2_turn_passes_left_of_the_leader():
    state, _ = RoundState.start(LEAD_DEAL).apply(Lead(Tile(1, 1)))
    assert state.to_move == 0
    assert state.line.ends == (1, 1)
    assert state.line.left_double and state.line.right_double


# ================================================================ rule 3: play


def test_rule3_tile_fitting_both_equal_ends_gives_two_moves(position):
    state = position(["5-3 0-0", "6-6"], "3-1 *1-1 1-4 4-3")
    assert state.line.ends == (3, 3)
    assert state.legal_moves() == (Play(Tile(5, 3), End.LEFT), Play(Tile(5, 3), End.RIGHT))
    left, _ = state.apply(Play(Tile(5, 3), End.LEFT))
    right, _ = state.apply(Play(Tile(5, 3), End.RIGHT))
    assert left.line.ends == (5, 3)
    assert right.line.ends == (3, 5)
    assert left != right
    assert str(left.line) == "5-3 3-1 *1-1 1-4 4-3"
    assert str(right.line) == "3-1 *1-1 1-4 4-3 3-5"


def test_rule3_after_the_lead_double_a_tile_goes_on_either_side(position):
    state = position(["5-2 0-0", "6-6"], "*2-2")
    assert state.legal_moves() == (Play(Tile(5, 2), End.LEFT), Play(Tile(5, 2), End.RIGHT))


def test_rule3_legal_moves_list_each_fitting_tile_once_per_end(position):
    # Ends 4 and 1: 4-1 fits both, 1-0 only the right, 6-4 only the left; 5-5 fits neither.
    state = position(["1-0 6-4 4-1 5-5", "6-6"], "4-2 *2-2 2-1")
    assert set(state.legal_moves()) == {
        Play(Tile(1, 0), End.RIGHT),
        Play(Tile(4, 1), End.LEFT),
        Play(Tile(4, 1), End.RIGHT),
        Play(Tile(6, 4), End.LEFT),
    }


def test_rule3_matching_number_goes_against_the_line(position):
    state = position(["6-4 0-0", "5-5"], "4-2 *2-2 2-1")
    after, _ = state.apply(Play(Tile(6, 4), End.LEFT))
    assert str(after.line) == "6-4 4-2 *2-2 2-1"
    assert after.line.ends == (6, 1)
    assert Tile(6, 4) not in after.hands[0]
    assert after.to_move == 1


def test_rule3_a_tile_that_does_not_match_the_end(position):
    state = position(["6-4 0-0", "5-5"], "4-2 *2-2 2-1")
    assert_illegal(state, Play(Tile(6, 4), End.RIGHT), Reason.NO_MATCHING_END)


def test_rule3_a_tile_not_in_hand(position):
    state = position(["6-4 0-0", "5-5"], "4-2 *2-2 2-1")
    assert_illegal(state, Play(Tile(4, 3), End.LEFT), Reason.TILE_NOT_IN_HAND)


def test_rule3_no_second_lead(position):
    state = position(["6-4 0-0", "5-5"], "4-2 *2-2 2-1")
    assert_illegal(state, Lead(Tile(0, 0)), Reason.NOT_A_LEAD)


# ================================================================ rule 4: drawing

# Ends 6 and 6 (the lead 6-6); seat 0 holds no six, seat 1 two of them.
DRAW_HANDS = ["1-0 2-0", "6-1 6-2"]
DRAW_TOP = "3-2 4-3 5-4 1-1 0-0 6-5"


def test_rule4_nothing_fits_so_draw(position):
    state = position(DRAW_HANDS, "*6-6", top=DRAW_TOP)
    assert state.legal_moves() == (DRAW,)


def test_rule4_draw_takes_the_top_tile_and_the_drawer_moves_again(position):
    state = position(DRAW_HANDS, "*6-6", top=DRAW_TOP)
    after, events = state.apply(DRAW)
    assert events == ()
    assert after.to_move == 0
    assert after.hands[0] == Hand.parse("1-0 2-0 3-2")
    assert after.boneyard.tiles == state.boneyard.tiles[1:]
    assert after.history == (Action(0, DRAW, Tile(3, 2)),)


def test_rule4_draw_one_at_a_time_until_a_tile_fits(position):
    state = position(DRAW_HANDS, "*6-6", top=DRAW_TOP)
    for expected in ("3-2", "4-3", "5-4", "1-1", "0-0"):
        assert state.legal_moves() == (DRAW,)
        state, _ = state.apply(DRAW)
        assert state.history[-1].drawn == Tile.parse(expected)
    assert state.legal_moves() == (DRAW,)
    state, _ = state.apply(DRAW)
    # The 6-5 fits: now seat 0 must play it, on either six.
    assert state.legal_moves() == (Play(Tile(6, 5), End.LEFT), Play(Tile(6, 5), End.RIGHT))
    # No hand-size limit: two dealt plus six drawn.
    assert len(state.hands[0]) == 8


def test_rule4_cannot_draw_while_holding_a_fitting_tile(position):
    state = position(DRAW_HANDS, "*6-6", top="6-5", to_move=1)
    assert_illegal(state, DRAW, Reason.MUST_PLAY)


def test_rule4_cannot_pass_while_holding_a_fitting_tile(position):
    state = position(DRAW_HANDS, "*6-6", top="6-5", to_move=1)
    assert_illegal(state, PASS, Reason.MUST_PLAY)


def test_rule4_after_drawing_a_fitting_tile_the_drawer_must_play(position):
    state = position(DRAW_HANDS, "*6-6", top="6-5")
    state, _ = state.apply(DRAW)
    assert_illegal(state, DRAW, Reason.MUST_PLAY)
    assert_illegal(state, PASS, Reason.MUST_PLAY)


def test_rule4_cannot_pass_while_tiles_can_be_drawn(position):
    state = position(DRAW_HANDS, "*6-6", top=DRAW_TOP)
    assert_illegal(state, PASS, Reason.MUST_DRAW)


# Only the two-tile reserve is left: seat 0 holds every tile without a six, seat 1 the sixes.
NO_SIX = "1-0 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5"
SIXES = "6-0 6-1 6-2 6-3 6-4 6-5"


def test_rule4_pass_when_nothing_fits_and_nothing_can_be_drawn(position):
    state = position([NO_SIX, SIXES], "*6-6", boneyard="0-0 1-1")
    assert state.drawable == 0
    assert state.legal_moves() == (PASS,)
    after, events = state.apply(PASS)
    assert events == ()
    assert after.to_move == 1
    assert after.history == (Action(0, PASS),)
    assert not after.is_over


def test_rule4_cannot_draw_from_the_reserve(position):
    state = position([NO_SIX, SIXES], "*6-6", boneyard="0-0 1-1")
    assert_illegal(state, DRAW, Reason.CANNOT_DRAW)


def test_rule4_the_last_two_tiles_are_never_drawn(position):
    no_six_but_5_5 = NO_SIX.replace(" 5-5", "")
    state = position([no_six_but_5_5, SIXES], "*6-6", boneyard="5-5 0-0 1-1")
    assert state.drawable == 1
    state, _ = state.apply(DRAW)
    assert state.history[-1].drawn == Tile(5, 5)
    assert state.boneyard.tiles == (Tile(0, 0), Tile(1, 1))
    assert state.drawable == 0
    assert state.legal_moves() == (PASS,)
    assert_illegal(state, DRAW, Reason.CANNOT_DRAW)


# ================================================================ rule 5: headers

LINE_4_1 = "4-2 *2-2 2-1"  # ends 4 and 1
STANDING = "4-1 *1-1 1-2 2-4"  # ends 4 and 4, neither a double: a header left standing


def test_rule5_lead_double_is_a_double_header_worth_2():
    state, events = RoundState.start(LEAD_DEAL).apply(Lead(Tile(1, 1)))
    assert events == (ScoreEvent(DH, 2, 2, 2, 2, Tile(1, 1)),)
    assert state.scores == (0, 0, 2)


def test_rule5_a_header_left_standing_does_not_score_on_a_draw(position):
    state = position(["5-5 6-6", "4-4 4-3"], STANDING)
    assert state.line.ends == (4, 4)
    after, events = state.apply(DRAW)
    assert events == ()
    assert after.scores == (0, 0)


def test_rule5_a_header_left_standing_does_not_score_on_a_pass(position):
    no_four = "1-0 2-0 2-2 3-0 3-1 3-2 5-0 5-1 5-2 5-3 5-5 6-0 6-1 6-2 6-3 6-5 6-6"
    state = position([no_four, "4-0 4-3 4-4 5-4 6-4"], STANDING, boneyard="0-0 3-3")
    after, events = state.apply(PASS)
    assert events == ()
    assert after.scores == (0, 0)


def test_rule5_a_play_that_breaks_the_header_scores_nothing(position):
    state = position(["4-3 0-0", "5-5"], STANDING)
    after, events = state.apply(Play(Tile(4, 3), End.LEFT))
    assert after.line.ends == (3, 4)
    assert events == ()


def test_rule5_a_double_on_matching_ends_is_a_new_triple_header(position):
    state = position(["4-4 0-0", "5-5"], STANDING)
    after, events = state.apply(Play(Tile(4, 4), End.LEFT))
    assert after.line.ends == (4, 4)
    assert after.line.left_double
    assert kinds(events) == [(TH, 0, 0, 3, 3)]


def test_rule5_triple_header_with_the_double_on_the_left(position):
    state = position(["6-4 0-0", "5-5"], "6-6 6-2 *2-2 2-4")
    assert state.line.ends == (6, 4) and state.line.left_double
    after, events = state.apply(Play(Tile(6, 4), End.RIGHT))
    assert after.line.ends == (6, 6)
    assert kinds(events) == [(TH, 0, 0, 3, 3)]


def test_rule5_a_covered_double_does_not_make_a_triple(position):
    # The lead 3-3 is inside the line; only the outermost tile of an end counts.
    state = position(["4-1 0-0", "5-5"], "4-3 *3-3 3-1")
    _, events = state.apply(Play(Tile(4, 1), End.LEFT))
    assert kinds(events) == [(DH, 0, 0, 2, 2)]


def test_rule5_a_double_on_unequal_ends_scores_nothing(position):
    state = position(["1-1 0-0", "5-5"], LINE_4_1)
    after, events = state.apply(Play(Tile(1, 1), End.RIGHT))
    assert after.line.ends == (4, 1)
    assert after.line.right_double
    assert events == ()


def test_rule5_headers_score_for_the_player_who_made_them(position):
    state = position(["5-5", "4-1 0-0", "6-6"], LINE_4_1, to_move=1)
    after, events = state.apply(Play(Tile(4, 1), End.RIGHT))
    assert kinds(events) == [(DH, 1, 1, 2, 2)]
    assert after.scores == (0, 2, 0)


# ================================================================ rule 6: near the target


def test_rule6_lead_worth_1_when_need_is_2():
    state = RoundState.start(LEAD_DEAL, scores=(0, 0, 8))
    after, events = state.apply(Lead(Tile(1, 1)))
    assert kinds(events) == [(DH, 2, 2, 1, 2)]
    assert after.scores == (0, 0, 9)


def test_rule6_lead_worth_2_when_need_is_3():
    state = RoundState.start(LEAD_DEAL, scores=(0, 0, 7))
    _, events = state.apply(Lead(Tile(1, 1)))
    assert kinds(events) == [(DH, 2, 2, 2, 2)]


def test_rule6_going_out_is_never_reduced(position):
    # Seat 0 has 9 of 10; its last tile 4-3 makes ends 3 and 1: no header, going out 2.
    state = position(["4-3", "5-5", "6-6"], LINE_4_1, scores=(9, 0, 0))
    after, events = state.apply(Play(Tile(4, 3), End.LEFT))
    assert kinds(events) == [(OUT, 0, 0, 2, 2)]
    assert after.scores == (11, 0, 0)


def test_rule6_a_blocked_hand_is_never_reduced(position):
    # Two players, target 15; seat 0 has 14 and wins the block (fewer pips, 3 against 9).
    state = position(
        ["1-0 2-0", "3-1"],
        "4-0 0-3 *3-3 3-4 4-1 1-2 2-2 2-4 4-4 4-5 5-0 0-6 6-1 1-5 5-2 2-6 6-3 3-5 5-5 5-6 6-6 6-4",
        boneyard="3-2 0-0 1-1",
        to_move=1,
        scores=(14, 0),
    )
    after, events = state.apply(DRAW)
    assert kinds(events) == [(BLOCK, 0, 0, 2, 2)]
    assert after.scores == (16, 0)


def test_rule6_a_header_never_takes_a_side_past_the_target(position):
    state = position(["6-4 0-0", "5-5", "3-3"], "4-2 *2-2 2-6 6-6", scores=(9, 0, 0))
    after, events = state.apply(Play(Tile(6, 4), End.LEFT))
    assert kinds(events) == [(TH, 0, 0, 1, 3)]
    assert after.scores == (10, 0, 0)


def test_rule6_reduction_uses_the_partnership_score(position):
    # Partnerships play to 15; side 0 has 12 (need 3): seat 2's triple header is worth 2.
    state = position(
        ["0-0", "5-5", "6-4 1-0", "3-3"],
        "4-2 *2-2 2-6 6-6",
        to_move=2,
        scores=(12, 0),
        rules=PARTNERS,
    )
    after, events = state.apply(Play(Tile(6, 4), End.LEFT))
    assert kinds(events) == [(TH, 2, 0, 2, 3)]
    assert after.scores == (14, 0)


def test_rule6_reduction_uses_only_the_scoring_side(position):
    # Seat 1 is one point from the target, but seat 0's header is judged on seat 0's score.
    state = position(["6-4 0-0", "5-5", "3-3"], "4-2 *2-2 2-6 6-6", scores=(0, 9, 0))
    _, events = state.apply(Play(Tile(6, 4), End.LEFT))
    assert kinds(events) == [(TH, 0, 0, 3, 3)]


# ================================================================ rule 7: going out


def test_rule7_going_out_scores_2_and_ends_the_round(position):
    state = position(["4-3", "5-5", "6-6"], LINE_4_1)
    after, events = state.apply(Play(Tile(4, 3), End.LEFT))
    assert events == (ScoreEvent(OUT, 0, 0, 2, 2, Tile(4, 3)),)
    assert after.scores == (2, 0, 0)
    assert after.is_over
    assert after.outcome.kind is OutcomeKind.WENT_OUT
    assert (after.outcome.seat, after.outcome.side) == (0, 0)
    assert after.legal_moves() == ()
    assert_illegal(after, DRAW, Reason.ROUND_OVER)


def test_rule7_last_tile_double_header_scores_both_header_first(position):
    state = position(["4-1", "5-5", "6-6"], LINE_4_1)
    after, events = state.apply(Play(Tile(4, 1), End.RIGHT))
    assert kinds(events) == [(DH, 0, 0, 2, 2), (OUT, 0, 0, 2, 2)]
    assert after.scores == (4, 0, 0)


def test_rule7_last_tile_triple_header_scores_both_header_first(position):
    state = position(["6-4", "5-5", "3-3"], "4-2 *2-2 2-6 6-6")
    after, events = state.apply(Play(Tile(6, 4), End.LEFT))
    assert kinds(events) == [(TH, 0, 0, 3, 3), (OUT, 0, 0, 2, 2)]
    assert after.scores == (5, 0, 0)
    assert after.outcome.kind is OutcomeKind.WENT_OUT


def test_rule7_a_lead_that_is_the_last_tile_scores_the_lead_then_going_out(position):
    state = position(["1-1", "3-3 5-4"], "")
    after, events = state.apply(Lead(Tile(1, 1)))
    assert kinds(events) == [(DH, 0, 0, 2, 2), (OUT, 0, 0, 2, 2)]
    assert after.outcome.kind is OutcomeKind.WENT_OUT


# ================================================================ rule 8: blocked hand

# Two players, ends 4 and 4; every four is in the line and the reserve is 0-0 and 1-1.
# Seat 0 holds 1-0 2-0 (no double, 3 pips), seat 1 holds 3-1 and draws the last drawable
# tile, 3-2 (no double, 9 pips).
PIPS_LINE = (
    "4-0 0-3 *3-3 3-4 4-1 1-2 2-2 2-4 4-4 4-5 5-0 0-6 6-1 1-5 5-2 2-6 6-3 3-5 5-5 5-6 6-6 6-4"
)


def test_rule8_blocked_as_soon_as_nobody_can_play_or_draw(position):
    state = position(["1-0 2-0", "3-1"], PIPS_LINE, boneyard="3-2 0-0 1-1", to_move=1)
    assert state.legal_moves() == (DRAW,)
    after, events = state.apply(DRAW)
    # No lap of passes: the draw itself ends the round.
    assert after.is_over
    assert after.outcome.kind is OutcomeKind.BLOCKED
    assert after.history == (Action(1, DRAW, Tile(3, 2)),)
    assert after.legal_moves() == ()
    assert kinds(events) == [(BLOCK, 0, 0, 2, 2)]
    assert events[0].tile is None
    assert after.scores == (2, 0)


def test_rule8_blocked_by_a_play_scores_the_header_first(position):
    # Seat 0 plays 6-4 on the 6-6: ends 4 and 4 (a double header), and nobody holds a four.
    state = position(["1-0 2-0 6-4", "3-1 3-2"], PIPS_LINE.removesuffix(" 6-4"), boneyard="0-0 1-1")
    after, events = state.apply(Play(Tile(6, 4), End.RIGHT))
    assert kinds(events) == [(DH, 0, 0, 2, 2), (BLOCK, 0, 0, 2, 2)]
    assert after.scores == (4, 0)
    assert after.outcome.kind is OutcomeKind.BLOCKED


def test_rule8_fewest_doubles_beats_fewer_pips(position):
    # Seat 0: 0-0 6-5 (one double, 11 pips); seat 1: 1-1 2-2 (two doubles, 6 pips).
    state = position(
        ["0-0 6-5", "1-1"],
        "3-0 0-1 1-2 2-0 0-4 4-1 1-3 3-2 2-4 4-3 *3-3 3-5 5-0 0-6 6-2 2-5 5-5 5-4 4-4 4-6 6-6 6-3",
        boneyard="2-2 6-1 5-1",
        to_move=1,
    )
    after, events = state.apply(DRAW)
    assert kinds(events) == [(BLOCK, 0, 0, 2, 2)]
    assert after.outcome.side == 0


def test_rule8_a_complete_tie_scores_nothing(position):
    # Seat 0: 1-0 3-2; seat 1: 2-0 then draws 3-1. No doubles and 6 pips each.
    state = position(
        ["1-0 3-2", "2-0"],
        "4-0 0-3 *3-3 3-4 4-1 1-2 2-2 2-4 4-4 4-5 5-0 0-6 6-1 1-5 5-2 2-6 6-3 3-5 5-5 5-6 6-6 6-4",
        boneyard="3-1 0-0 1-1",
        to_move=1,
    )
    after, events = state.apply(DRAW)
    assert events == ()
    assert after.scores == (0, 0)
    assert after.outcome.kind is OutcomeKind.BLOCKED
    assert after.outcome.side is None
    assert after.outcome.seat is None


def test_rule8_partnership_judged_on_two_hands_together(position):
    # Ends 4 and 4. Seat 0: 2-1, seat 2: 3-2 (side 0: no double, 8 pips). Seat 1: 1-0, seat 3:
    # 6-5 and then draws 6-0 (side 1: no double, 18 pips). Alone, seat 1's single pip would
    # be the fewest; together side 0 has fewer.
    state = position(
        ["2-1", "1-0", "3-2", "6-5"],
        "4-0 *0-0 0-2 2-2 2-4 4-1 1-3 3-0 0-5 5-1 1-6 6-2 2-5 5-5 5-4 4-3 3-3 3-6 6-6 6-4 4-4",
        boneyard="6-0 5-3 1-1",
        to_move=3,
        rules=PARTNERS,
    )
    after, events = state.apply(DRAW)
    assert [(e.kind, e.side, e.points) for e in events] == [(BLOCK, 0, 2)]
    assert events[0].seat in (0, 2)
    assert after.scores == (2, 0)
    assert after.outcome.side == 0


def test_rule8_a_position_already_blocked_is_refused(position):
    with pytest.raises(PositionError):
        position(["1-0 2-0", "3-1 3-2"], PIPS_LINE, boneyard="0-0 1-1")


# ================================================================ rule 9: the match


@pytest.mark.parametrize(
    ("seats", "partnerships", "target"),
    [(2, False, 15), (3, False, 10), (4, False, 10), (4, True, 15)],
)
def test_rule9_targets(seats, partnerships, target):
    rules = CLASSIC.replace(partnerships=partnerships)
    assert rules.for_table(seats).target == target
    assert MatchState.new(seats, rules).target == target


def test_rule9_the_match_ends_the_instant_a_side_reaches_the_target(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, scores=(9, 0, 0))
    after, events = state.apply(Play(Tile(4, 1), End.LEFT))
    assert kinds(events) == [(DH, 0, 0, 1, 2)]
    assert after.scores == (10, 0, 0)
    assert after.outcome.kind is OutcomeKind.TARGET_REACHED
    assert (after.outcome.seat, after.outcome.side) == (0, 0)
    assert after.match_over and after.winner == 0
    assert after.hands[0] == Hand.parse("0-0")  # mid-round
    assert after.legal_moves() == ()
    assert_illegal(after, PASS, Reason.ROUND_OVER)


def test_rule9_last_tile_header_reaching_the_target_does_not_score_going_out(position):
    state = position(["4-1", "5-5", "6-6"], LINE_4_1, scores=(9, 0, 0))
    after, events = state.apply(Play(Tile(4, 1), End.LEFT))
    assert kinds(events) == [(DH, 0, 0, 1, 2)]
    assert after.scores == (10, 0, 0)
    assert after.outcome.kind is OutcomeKind.TARGET_REACHED


def test_rule9_a_header_reaching_the_target_is_not_followed_by_a_block(position):
    # As in rule 8's header-then-block position, but seat 0 has 14 of 15: the double header,
    # worth 1, reaches the target, and scoring stops there: no blocked-hand points.
    state = position(
        ["1-0 2-0 6-4", "3-1 3-2"],
        PIPS_LINE.removesuffix(" 6-4"),
        boneyard="0-0 1-1",
        scores=(14, 0),
    )
    after, events = state.apply(Play(Tile(6, 4), End.RIGHT))
    assert kinds(events) == [(DH, 0, 0, 1, 2)]
    assert after.scores == (15, 0)
    assert after.outcome.kind is OutcomeKind.TARGET_REACHED


def test_rule9_without_reduction_a_last_tile_header_reaching_the_target(position):
    rules = CLASSIC.replace(reduction=NoReduction())
    state = position(["4-1", "5-5", "6-6"], LINE_4_1, scores=(8, 0, 0), rules=rules)
    after, events = state.apply(Play(Tile(4, 1), End.LEFT))
    assert kinds(events) == [(DH, 0, 0, 2, 2)]
    assert after.scores == (10, 0, 0)


def test_rule9_last_tile_header_short_of_the_target_still_goes_out(position):
    # 7 of 10: need 3, the double header is worth 2 (9), then going out 2 takes it to 11.
    state = position(["4-1", "5-5", "6-6"], LINE_4_1, scores=(7, 0, 0))
    after, events = state.apply(Play(Tile(4, 1), End.LEFT))
    assert kinds(events) == [(DH, 0, 0, 2, 2), (OUT, 0, 0, 2, 2)]
    assert after.scores == (11, 0, 0)
    assert after.outcome.kind is OutcomeKind.WENT_OUT
    assert after.winner == 0


def test_rule9_the_lead_can_reach_the_target():
    state = RoundState.start(LEAD_DEAL, scores=(0, 0, 9))
    after, events = state.apply(Lead(Tile(1, 1)))
    assert kinds(events) == [(DH, 2, 2, 1, 2)]
    assert after.outcome.kind is OutcomeKind.TARGET_REACHED
    assert after.winner == 2


def test_rule9_scores_at_the_target_are_not_a_position(position):
    with pytest.raises(PositionError):
        position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, scores=(10, 0, 0))


# ================================================================ rule 10: partnerships


def test_rule10_partnerships_need_four_seats(position):
    with pytest.raises(RulesError):
        PARTNERS.for_table(3)
    with pytest.raises(RulesError):
        position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, rules=PARTNERS)


def test_rule10_partners_sit_opposite(position):
    state = position(["0-0", "5-5", "4-1 1-0", "3-3"], LINE_4_1, rules=PARTNERS)
    assert state.sides == 2
    assert [state.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_rule10_partners_points_are_added(position):
    # Side 0 already has 5 (seat 0's points, say); seat 2's double header adds to them.
    state = position(
        ["0-0", "5-5", "4-1 1-0", "3-3"], LINE_4_1, to_move=2, scores=(5, 4), rules=PARTNERS
    )
    after, events = state.apply(Play(Tile(4, 1), End.LEFT))
    assert kinds(events) == [(DH, 2, 0, 2, 2)]
    assert after.scores == (7, 4)


def test_rule10_seat_3_scores_for_side_1(position):
    state = position(
        ["0-0", "5-5", "3-3", "4-1 1-0"], LINE_4_1, to_move=3, scores=(5, 4), rules=PARTNERS
    )
    after, events = state.apply(Play(Tile(4, 1), End.RIGHT))
    assert kinds(events) == [(DH, 3, 1, 2, 2)]
    assert after.scores == (5, 6)


def test_rule10_a_round_ends_when_one_player_goes_out(position):
    state = position(["0-0 6-6", "5-5", "4-3", "3-3"], LINE_4_1, to_move=2, rules=PARTNERS)
    after, events = state.apply(Play(Tile(4, 3), End.LEFT))
    assert kinds(events) == [(OUT, 2, 0, 2, 2)]
    assert after.outcome.kind is OutcomeKind.WENT_OUT
    assert (after.outcome.seat, after.outcome.side) == (2, 0)
    assert len(after.hands[0]) == 2  # the partner still holds tiles
    assert after.scores == (2, 0)


def test_rule10_partnership_target_15(position):
    # Side 1 at 14 of 15: seat 1's double header is worth 1 and ends the match.
    state = position(
        ["0-0", "4-1 1-0", "5-5", "3-3"], LINE_4_1, to_move=1, scores=(0, 14), rules=PARTNERS
    )
    after, events = state.apply(parse_move("4-1L"))
    assert kinds(events) == [(DH, 1, 1, 1, 2)]
    assert after.scores == (0, 15)
    assert after.winner == 1
