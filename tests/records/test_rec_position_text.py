"""The position notation (docs/records.md, "The position notation"): round trips for states and
views, puzzles with hidden tiles filled from a seed, and errors that name the field and the
character position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import CLASSIC, SIMPLE, TILES, LineOfPlay, PlayerView, RoundState, Tile
from bergen.errors import NotationError
from bergen.position_text import PositionTextError, parse_position
from bergen.records import load, replay
from bergen.testing.strategies import round_states, tables

PRESET_STATES = round_states(tables(presets_only=True), max_moves=40)


@settings(max_examples=150, deadline=None)
@given(PRESET_STATES)
def test_a_state_round_trips_through_its_text(state: RoundState) -> None:
    text = state.to_text()
    assert "\n" not in text and text.count(" ") == 6
    again = RoundState.from_text(text)
    assert again.to_text() == text
    assert again.hands == state.hands
    assert again.boneyard == state.boneyard
    assert again.line == state.line
    assert (again.scores, again.dealer, again.to_move) == (
        state.scores,
        state.dealer,
        state.to_move,
    )
    assert again.legal_moves() == state.legal_moves()
    assert again == RoundState.from_position(
        [h.tiles for h in state.hands],
        state.boneyard.tiles,
        state.line,
        state.to_move,
        state.rules,
        scores=state.scores,
        dealer=state.dealer,
    )


@st.composite
def finished_or_not(draw: st.DrawFn) -> RoundState:
    state = draw(PRESET_STATES)
    # Sometimes play on to the end of the round, so that views of finished rounds are drawn.
    if draw(st.booleans()):
        while not state.is_over:
            legal = state.legal_moves()
            state, _ = state.apply(legal[draw(st.integers(0, len(legal) - 1))])
    return state


@settings(max_examples=150, deadline=None)
@given(finished_or_not(), st.integers(0, 3))
def test_a_view_round_trips_through_its_text(state: RoundState, seat: int) -> None:
    view = state.view(seat % state.seats)
    text = view.to_text()
    assert text.count(" ") == 9
    assert PlayerView.from_text(text) == view
    # The public form holds no hidden tile: nothing but the own hand, the line and own draws.
    others = [t for i, h in enumerate(state.hands) if i != view.seat for t in h]
    for t in others:
        if t not in view.own_draws:
            assert str(t) not in text.split(" ")[1].split("/")[view.seat]


def test_the_worked_hand_reads_as_the_rules_page_gives_it() -> None:
    # The position after Alice's 1-1 lead (docs/rules.md, "A worked hand").
    start = replay(load("examples/worked-hand.json")).rounds[0].start
    text = (
        "simple/1 0-0,2-2,4-3,5-4/4-1,5-3,6-0,6-3,6-4/2-0,3-1,4-2,5-1,6-6 *1-1 "
        "6-2,1-0,2-1,3-0,3-2,3-3,4-0,4-4,5-0,5-2,5-5,6-1,6-5 2,6,3 0 1"
    )
    assert start.to_text() == text
    assert RoundState.from_text(text).legal_moves() == start.legal_moves()


def test_a_puzzle_leaves_hidden_tiles_to_a_seed() -> None:
    # Seat 0 holds 6-5 and 5-5 plus three tiles not given; seat 1 five not given; the 6-6
    # was led; the boneyard's top is the 4-4, the rest left to the seed.
    text = "classic/1 6-5,5-5,?3/?5 *6-6 4-4,? 0,0 0 0"
    a = RoundState.from_text(text, seed=1)
    b = RoundState.from_text(text, seed=1)
    c = RoundState.from_text(text, seed=2)
    assert a == b and a.to_text() != c.to_text()
    assert {Tile(6, 5), Tile(5, 5)} <= set(a.hands[0]) and len(a.hands[0]) == 5
    assert len(a.hands[1]) == 5 and a.boneyard.tiles[0] == Tile(4, 4)
    assert len(a.boneyard) == 28 - 1 - 10
    assert sorted(t for _, t in a.all_tiles()) == sorted(TILES)
    assert a.line == LineOfPlay.parse("*6-6")
    # 6-5 fits the 6 on both ends (rule 3): two plays of it.
    assert [str(m) for m in a.legal_moves() if "6-5" in str(m)] == ["6-5L", "6-5R"]


def test_rules_with_switches_are_written_and_read() -> None:
    state = RoundState.from_text("classic/1+partnerships ?5/?5/?5/?5 *6-6 ? 0,0 0 0")
    assert state.rules == CLASSIC.replace(partnerships=True)
    assert state.to_text().startswith("classic/1+partnerships ")
    block = RoundState.from_text("simple/1-drawing ?6/?6 *6-6 ? 0,0 0 0")
    assert block.rules == SIMPLE.replace(drawing=False)
    custom = RoundState.from_text("classic/1 ?6/?6 *6-6 ? 0,0 0 0")
    custom = RoundState.from_position(
        [h.tiles for h in custom.hands],
        custom.boneyard.tiles,
        custom.line,
        0,
        CLASSIC.replace(target=__import__("bergen").FixedTarget(30)),
    )
    with pytest.raises(NotationError, match="preset"):
        custom.to_text()


@pytest.mark.parametrize(
    ("text", "field", "column", "words"),
    [
        ("classic/1 ?6/?6 *6-6 ? 0,0 0", "text", 28, "7 fields"),
        ("chess/1 ?6/?6 *6-6 ? 0,0 0 0", "rules", 0, "unknown preset 'chess'"),
        ("classic/9 ?6/?6 *6-6 ? 0,0 0 0", "rules", 8, "version 1, not '9'"),
        ("classic/1+spinners ?6/?6 *6-6 ? 0,0 0 0", "rules", 9, "unknown switch"),
        ("classic/1 6-6,?5/?6 *6-6 ? 0,0 0 0", "line", 20, "given twice"),
        ("classic/1 6-7,?5/?6 *6-6 ? 0,0 0 0", "hands", 10, "tile like 6-4"),
        ("classic/1 ?5,6-5/?6 *6-6 ? 0,0 0 0", "hands", 10, "comes last"),
        ("classic/1 ?6/?6 6-6 ? 0,0 0 0", "line", 16, "mark the lead"),
        ("classic/1 ?6/?6 *6-6,5-5 ? 0,0 0 0", "line", 16, "does not match"),
        ("classic/1 ?6/?6 *6-6 ? 0,x 0 0", "scores", 25, "a number"),
        ("classic/1 ?6/?6 *6-6 ? 0,0,0 0 0", "scores", 23, "3 scores for 2 sides"),
        ("classic/1 ?6/?6 *6-6 ? 0,15 0 0", "scores", 23, "at the target 15"),
        ("classic/1 ?6/?6 *6-6 ? 0,0 2 0", "dealer", 27, "0..1"),
        ("classic/1 ?6/?6 *6-6 - 0,0 0 0", "boneyard", 21, "13 tiles, not 28"),
        ("classic/1 ?6/?6 *6-6 ? 0,0 0 0/went_out/0/0", "to move", 29, "finished round"),
        ("classic/1 ?6/?6 *6-6 ? 0,0 0 0/won/0/0", "to move", 31, "outcome"),
        ("classic/1 ?6/?6  *6-6 ? 0,0 0 0", "text", 16, "empty item"),
        ("classic/1 ?6/?6 *6-6 ? 0,0 0 0\t", "text", 30, "printable"),
    ],
)
def test_errors_name_the_field_and_the_character(
    text: str, field: str, column: int, words: str
) -> None:
    with pytest.raises(PositionTextError) as info:
        RoundState.from_text(text)
    e = info.value
    assert (e.field, e.column) == (field, column), str(e)
    assert words in str(e)
    assert isinstance(e, NotationError) and isinstance(e, ValueError)


def test_view_text_errors() -> None:
    good = "simple/1 ?2/5-3,6-0/?3 *1-1 ?20 4,9,3 0 0 @1 setup -"
    assert PlayerView.from_text(good).hand.tiles == (Tile(5, 3), Tile(6, 0))
    cases = [
        ("simple/1 ?2/5-3,6-0/?3 *1-1 ?20 4,9,3 0 0 @3 setup -", "seat", 42),
        ("simple/1 ?2/5-3,6-0/?3 *1-1 ?19 4,9,3 0 0 @1 setup -", "boneyard", 28),
        ("simple/1 1-0,?1/5-3,6-0/?3 *1-1 ?20 4,9,3 0 0 @1 setup -", "hands", 9),
        ("simple/1 ?2/5-3,6-0/?3 *1-1 ?20 4,9,3 0 0 @1 setup 2:draw:6-6", "history", 51),
        ("simple/1 ?2/5-3,6-0/?3 *1-1 ?20 4,9,3 0 0 @1 dealt -", "start", 45),
        ("simple/1 ?2/5-3,6-0/?3 *1-1 ?20 4,9,3 0 0 @1 setup 0:5-4X", "history", 53),
    ]
    for text, field, column in cases:
        with pytest.raises(PositionTextError) as info:
            PlayerView.from_text(text)
        assert (info.value.field, info.value.column) == (field, column), str(info.value)
    with pytest.raises(PositionTextError, match="seat's view"):
        RoundState.from_text(good)
    with pytest.raises(PositionTextError, match="full position"):
        PlayerView.from_text("classic/1 ?6/?6 *6-6 ? 0,0 0 0")
    with pytest.raises(PositionTextError, match="str"):
        parse_position(5)  # type: ignore[arg-type]
