"""RoundState: construction, legality, apply (docs/rules.md, rules 2-10)."""

from __future__ import annotations

import attrs
import pytest

from bergen import (
    CLASSIC,
    DRAW,
    PASS,
    SIMPLE,
    TILES,
    Action,
    ArgumentError,
    Deal,
    End,
    EventKind,
    FixedReserve,
    Hand,
    IllegalMoveError,
    Lead,
    LineOfPlay,
    OutcomeKind,
    Play,
    PositionError,
    Reason,
    RoundState,
    RulesError,
    Tile,
    parse_move,
)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


# Seat i takes six tiles in index order: seat 0 holds 0-0 and leads it.
DEAL3 = Deal([TILES[0:6], TILES[6:12], TILES[12:18]], TILES[18:])
LINE_4_1 = "4-2 *2-2 2-1"


# ---------------------------------------------------------------- start


def test_start_fields():
    state = RoundState.start(DEAL3, dealer=2, scores=(1, 2, 3))
    assert state.seats == 3 and state.sides == 3
    assert state.to_move == 0
    assert state.line == LineOfPlay.empty()
    assert state.scores == (1, 2, 3)
    assert state.target == 10
    assert state.dealer == 2
    assert state.deal == DEAL3
    assert state.boneyard.tiles == TILES[18:]
    assert state.boneyard.reserve == 2
    assert state.history == ()
    assert state.lead_draws == ()
    assert state.outcome is None and not state.is_over
    assert not state.match_over and state.winner is None


def test_start_default_scores_are_zero():
    assert RoundState.start(DEAL3).scores == (0, 0, 0)


@pytest.mark.parametrize("dealer", [-1, 3, "0", 1.0])
def test_start_rejects_a_bad_dealer(dealer):
    with pytest.raises(PositionError):
        RoundState.start(DEAL3, dealer=dealer)


@pytest.mark.parametrize("scores", [(0, 0), (0, 0, 0, 0), (0, 0, 10), (0, -1, 0), (0, 0.5, 0)])
def test_start_rejects_bad_scores(scores):
    with pytest.raises(PositionError):
        RoundState.start(DEAL3, scores=scores)


def test_start_rejects_a_table_the_rules_do_not_allow():
    with pytest.raises(RulesError):
        RoundState.start(DEAL3, CLASSIC.replace(partnerships=True))


# ---------------------------------------------------------------- from_position


def test_from_position_fields(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, to_move=1, scores=(3, 4, 5), dealer=2)
    assert state.to_move == 1
    assert state.scores == (3, 4, 5)
    assert state.dealer == 2
    assert state.deal is None
    assert str(state.line) == LINE_4_1
    assert state.hands[0] == Hand.parse("4-1 0-0")
    assert len(state.boneyard) == 28 - 3 - 4


def _bone(*placed: str) -> list[Tile]:
    used = {Tile.parse(t) for text in placed for t in text.split()}
    return [t for t in TILES if t not in used]


def test_from_position_accepts_hands_as_tiles_or_hands():
    line = LineOfPlay.parse(LINE_4_1)
    bone = _bone("4-1 0-0 5-5", "4-2 2-2 2-1")
    a = RoundState.from_position([Hand.parse("4-1 0-0"), Hand.parse("5-5")], bone, line, 0)
    b = RoundState.from_position([tiles("4-1 0-0"), tiles("5-5")], bone, line, 0)
    assert a == b


@pytest.mark.parametrize("to_move", [-1, 3, "0", None])
def test_from_position_rejects_a_bad_seat_to_move(position, to_move):
    with pytest.raises(PositionError):
        position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, to_move=to_move)


@pytest.mark.parametrize("dealer", [-1, 3])
def test_from_position_rejects_a_bad_dealer(position, dealer):
    with pytest.raises(PositionError):
        position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, dealer=dealer)


@pytest.mark.parametrize("scores", [(10, 0, 0), (0, 11, 0), (0, 0), (-1, 0, 0)])
def test_from_position_rejects_bad_scores(position, scores):
    # Three players play to 10: a score at or above it means the match is over.
    with pytest.raises(PositionError):
        position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, scores=scores)


def test_from_position_partnership_scores_at_target(position):
    rules = CLASSIC.replace(partnerships=True)
    hands = ["4-1", "5-5", "6-6", "0-0"]
    assert position(hands, LINE_4_1, rules=rules, scores=(14, 14)).target == 15
    with pytest.raises(PositionError):
        position(hands, LINE_4_1, rules=rules, scores=(15, 0))


def test_from_position_rejects_a_tile_in_hand_and_line():
    line = LineOfPlay.parse(LINE_4_1)
    with pytest.raises(PositionError):
        RoundState.from_position(
            [tiles("2-1 0-0"), tiles("5-5")], _bone("0-0 5-5", LINE_4_1.replace("*", "")), line, 0
        )


def test_from_position_rejects_a_tile_in_hand_and_boneyard():
    line = LineOfPlay.parse(LINE_4_1)
    bone = [*_bone("4-1 0-0 5-5", "4-2 2-2 2-1"), Tile(0, 0)]
    with pytest.raises(PositionError):
        RoundState.from_position([tiles("4-1 0-0"), tiles("5-5")], bone, line, 0)


def test_from_position_rejects_a_missing_tile():
    line = LineOfPlay.parse(LINE_4_1)
    bone = _bone("4-1 0-0 5-5", "4-2 2-2 2-1")[1:]
    with pytest.raises(PositionError):
        RoundState.from_position([tiles("4-1 0-0"), tiles("5-5")], bone, line, 0)


def test_from_position_rejects_an_empty_hand(position):
    with pytest.raises(PositionError):
        position(["4-1 0-0", ""], LINE_4_1)


def test_from_position_rejects_a_line_given_as_text():
    with pytest.raises(PositionError):
        RoundState.from_position(
            [tiles("4-1 0-0"), tiles("5-5")], _bone("4-1 0-0 5-5 4-2 2-2 2-1"), LINE_4_1, 0
        )


@pytest.mark.parametrize("n", [1, 5])
def test_from_position_rejects_seat_counts_outside_2_to_4(position, n):
    with pytest.raises(PositionError):
        position(["0-0", "1-1", "3-3", "4-4", "5-5"][:n], LINE_4_1)


def test_from_position_before_the_lead_requires_the_lowest_double_holder(position):
    state = position(["5-5 1-1", "3-3"], "")
    assert state.legal_moves() == (Lead(Tile(1, 1)),)
    with pytest.raises(PositionError):
        position(["5-5 1-1", "3-3"], "", to_move=1)
    with pytest.raises(PositionError):
        position(["5-4", "3-2"], "")  # nobody holds a double


# ---------------------------------------------------------------- legality


def test_legal_moves_order_by_tile_then_left_before_right(position):
    state = position(["6-4 4-1 1-0 5-5", "6-6"], LINE_4_1)
    assert state.legal_moves() == (
        Play(Tile(1, 0), End.RIGHT),
        Play(Tile(4, 1), End.LEFT),
        Play(Tile(4, 1), End.RIGHT),
        Play(Tile(6, 4), End.LEFT),
    )


def test_is_legal_and_check_agree_with_legal_moves(position):
    state = position(["6-4 4-1 1-0 5-5", "6-6"], LINE_4_1)
    legal = set(state.legal_moves())
    candidates = [Lead(t) for t in TILES] + [Play(t, e) for t in TILES for e in End]
    for move in [*candidates, DRAW, PASS]:
        assert state.is_legal(move) == (move in legal)
        if move in legal:
            state.check(move)
        else:
            with pytest.raises(IllegalMoveError):
                state.check(move)


def test_check_names_the_seat(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    state.check(parse_move("4-1L"), seat=0)
    with pytest.raises(IllegalMoveError) as info:
        state.check(parse_move("4-1L"), seat=1)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    assert info.value.seat == 1


def test_apply_with_the_wrong_seat(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(parse_move("4-1L"), seat=2)
    assert info.value.reason is Reason.NOT_YOUR_TURN


def test_apply_rejects_something_that_is_not_a_move(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    with pytest.raises(IllegalMoveError):
        state.apply("4-1L")  # type: ignore[arg-type]


def test_illegal_move_error_carries_the_move_seat_and_reason(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    move = Play(Tile(0, 0), End.LEFT)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.move == move
    assert info.value.seat == 0
    assert info.value.reason is Reason.NO_MATCHING_END
    assert isinstance(info.value, ValueError)


# ---------------------------------------------------------------- apply


def test_apply_never_changes_its_input(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    copy = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    after, _ = state.apply(parse_move("4-1L"))
    assert state == copy
    assert str(state.line) == LINE_4_1
    assert state.hands[0] == Hand.parse("4-1 0-0")
    assert state.scores == (0, 0, 0)
    assert after != state


def test_history_records_each_move_with_the_drawn_tile(position):
    state = position(["1-0 2-0", "6-1 6-2"], "*6-6", top="3-2 6-5")
    state, _ = state.apply(DRAW)
    state, _ = state.apply(DRAW)
    state, _ = state.apply(parse_move("6-5L"))
    assert state.history == (
        Action(0, DRAW, Tile(3, 2)),
        Action(0, DRAW, Tile(6, 5)),
        Action(0, Play(Tile(6, 5), End.LEFT)),
    )
    assert [str(a) for a in state.history] == [
        "seat 0: draw 3-2",
        "seat 0: draw 6-5",
        "seat 0: 6-5L",
    ]


def test_turns_pass_to_the_left(position):
    state = position(["4-1 0-0", "1-3 5-5", "3-6 6-6"], LINE_4_1)
    assert state.to_move == 0
    state, _ = state.apply(parse_move("4-1R"))  # ends 4 and 4
    assert state.to_move == 1
    state, _ = state.apply(DRAW)  # seat 1 has no four
    assert state.to_move == 1


def test_all_tiles_are_in_exactly_one_place(position):
    state = position(["4-1 0-0", "5-5", "6-6"], LINE_4_1)
    state, _ = state.apply(parse_move("4-1L"))
    places = list(state.all_tiles())
    assert len(places) == 28
    assert sorted(t for _, t in places) == list(TILES)
    assert ("line", Tile(4, 1)) in places
    assert ("hand 0", Tile(0, 0)) in places


def test_play_out(position):
    state = position(["4-1 0-0", "1-3 5-5", "3-6 6-6"], LINE_4_1)
    after, events = state.play_out([parse_move("4-1L"), parse_move("3-1L")])
    assert str(after.line) == "3-1 1-4 4-2 *2-2 2-1"
    assert [e.kind for e in events] == [EventKind.DOUBLE_HEADER]
    with pytest.raises(IllegalMoveError):
        state.play_out([parse_move("4-1L"), parse_move("4-1L")])


def test_a_block_by_a_play_leaves_the_last_mover_to_move(position):
    # Ends 4 and 6 (the 6-6); seat 0's 6-4 on the six makes ends 4 and 4, which nobody holds.
    line = "4-0 0-3 *3-3 3-4 4-1 1-2 2-2 2-4 4-4 4-5 5-0 0-6 6-1 1-5 5-2 2-6 6-3 3-5 5-5 5-6 6-6"
    state = position(["1-0 2-0 6-4", "3-1 3-2"], line, boneyard="0-0 1-1")
    after, _ = state.apply(parse_move("6-4R"))
    assert after.outcome.kind is OutcomeKind.BLOCKED
    assert after.to_move == 0
    assert after.history[-1] == Action(0, parse_move("6-4R"))


def test_score_changes_equal_event_points_over_a_round():
    state = RoundState.start(Deal.from_seed(5, 3, 6))
    while not state.is_over:
        before = state.scores
        state, events = state.apply(state.legal_moves()[0])
        for side in range(3):
            gained = sum(e.points for e in events if e.side == side)
            assert state.scores[side] - before[side] == gained


# ---------------------------------------------------------------- variants in the round


def test_simple_draws_in_turn_for_a_lead_double_when_none_is_dealt():
    # No double dealt; the boneyard's top is 6-0, 6-1, then 3-3. Dealer 0: seat 1 draws 6-0,
    # seat 2 draws 6-1, seat 0 draws 3-3 and leads it.
    deal = Deal(
        [tiles("1-0 2-0 2-1 3-0 3-1"), tiles("3-2 4-0 4-1 4-2 4-3"), tiles("5-0 5-1 5-2 5-3 5-4")],
        tiles("6-0 6-1 3-3 0-0 1-1 2-2 4-4 5-5 6-6 6-2 6-3 6-4 6-5"),
    )
    state = RoundState.start(deal, SIMPLE, dealer=0)
    assert state.lead_draws == (
        Action(1, DRAW, Tile(6, 0)),
        Action(2, DRAW, Tile(6, 1)),
        Action(0, DRAW, Tile(3, 3)),
    )
    assert state.to_move == 0
    assert state.legal_moves() == (Lead(Tile(3, 3)),)
    assert len(state.boneyard) == 10
    assert state.history == ()
    _after, events = state.apply(Lead(Tile(3, 3)))
    assert events == ()  # simple: the lead scores nothing


def test_simple_draw_in_turn_starts_left_of_the_dealer():
    deal = Deal(
        [tiles("1-0 2-0 2-1 3-0 3-1"), tiles("3-2 4-0 4-1 4-2 4-3"), tiles("5-0 5-1 5-2 5-3 5-4")],
        tiles("6-0 6-1 3-3 0-0 1-1 2-2 4-4 5-5 6-6 6-2 6-3 6-4 6-5"),
    )
    state = RoundState.start(deal, SIMPLE, dealer=2)
    assert [a.seat for a in state.lead_draws] == [0, 1, 2]
    assert state.to_move == 2


def test_lead_scoring_off(position):
    rules = CLASSIC.replace(lead_scores=False)
    state = position(["1-1 5-4", "3-3"], "", rules=rules)
    _, events = state.apply(Lead(Tile(1, 1)))
    assert events == ()


def test_block_bergen_passes_instead_of_drawing(position):
    rules = CLASSIC.replace(drawing=False)
    state = position(["1-0 2-0", "6-1 6-2"], "*6-6", rules=rules)
    assert state.drawable == 0
    assert len(state.boneyard) > 2
    assert state.legal_moves() == (PASS,)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(DRAW)
    assert info.value.reason is Reason.CANNOT_DRAW


def test_reserve_zero_draws_the_last_tile(position):
    rules = CLASSIC.replace(reserve=FixedReserve(0))
    no_six = "1-0 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5 1-1"
    state = position([no_six, "6-0 6-1 6-2 6-3 6-4 6-5"], "*6-6", boneyard="0-0", rules=rules)
    assert state.drawable == 1
    state, _ = state.apply(DRAW)
    assert len(state.boneyard) == 0
    assert state.legal_moves() == (PASS,)


# ---------------------------------------------------------------- values


def test_repr_is_valid_python(ns, position):
    for state in (
        RoundState.start(DEAL3),
        RoundState.start(DEAL3, SIMPLE.replace(hand_sizes=CLASSIC.hand_sizes), dealer=1),
        position(["4-1 0-0", "5-5", "6-6"], LINE_4_1, scores=(1, 2, 3)),
    ):
        assert eval(repr(state), ns) == state


def test_round_state_is_frozen():
    state = RoundState.start(DEAL3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.to_move = 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.scores = (5, 0, 0)  # type: ignore[misc]


def test_action_is_a_frozen_value(ns):
    a = Action(1, DRAW, Tile(3, 2))
    assert eval(repr(a), ns) == a
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.seat = 0  # type: ignore[misc]


def test_replace_takes_the_fields_and_nothing_else():
    state = RoundState.start(DEAL3)
    moved, _ = state.apply(state.legal_moves()[0])
    assert moved.replace() == moved and moved.replace() is not moved
    assert hash(moved.replace()) == hash(moved)
    other = moved.replace(to_move=2)
    assert other.to_move == 2
    assert other.history == moved.history and other.scores == moved.scores
    assert moved.replace(outcome=None, trail=()).history == ()
    with pytest.raises(ArgumentError, match="hands"):
        moved.replace(hands=())
    for name in ("_log", "_legal", "_context", "_position", "outcome"):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(moved, name, None)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(moved, name)
    assert moved != state and moved != (moved.to_move,)
