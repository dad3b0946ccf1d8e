"""The short notation (docs/records.md, "Move notation"): the end is left out when only one end
fits; an ambiguous short form names both readings. Round trips are property-tested."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import (
    CLASSIC,
    DRAW,
    PASS,
    SIMPLE,
    TILES,
    AmbiguousMoveError,
    End,
    FixedReserve,
    Lead,
    LineOfPlay,
    MatchState,
    NotationError,
    Play,
    RoundState,
    Tile,
    parse_move,
    parse_short,
    short,
)


def play(text: str, end: End) -> Play:
    return Play(Tile.parse(text), end)


# Ends 5 and 4: the line "5-1 *1-1 1-4".
ENDS_5_4 = LineOfPlay.parse("5-1 *1-1 1-4")


def test_a_tile_that_fits_one_end_is_written_without_the_end() -> None:
    # 6-5 carries a 5 (the left end) and no 4; 4-2 carries a 4 (the right end) and no 5.
    assert short(play("6-5", End.LEFT), ENDS_5_4) == "6-5"
    assert short(play("4-2", End.RIGHT), ENDS_5_4) == "4-2"
    assert parse_short("6-5", ENDS_5_4) == play("6-5", End.LEFT)
    assert parse_short("2-4", ENDS_5_4) == play("4-2", End.RIGHT)


def test_a_tile_that_fits_both_ends_keeps_its_end() -> None:
    # 5-4 carries both end numbers: two moves, each written with its end.
    assert short(play("5-4", End.LEFT), ENDS_5_4) == "5-4L"
    assert short(play("5-4", End.RIGHT), ENDS_5_4) == "5-4R"
    assert parse_short("5-4L", ENDS_5_4) == play("5-4", End.LEFT)


def test_an_ambiguous_short_form_names_both_readings() -> None:
    with pytest.raises(AmbiguousMoveError) as info:
        parse_short("5-4", ENDS_5_4)
    assert info.value.readings == ("5-4L", "5-4R")
    assert "5-4L" in str(info.value) and "5-4R" in str(info.value)


def test_both_ends_showing_one_number_are_still_two_readings() -> None:
    # After the lead 3-3 both ends show 3 (rule 3: a tile fitting both ends is two moves).
    line = LineOfPlay.parse("*3-3")
    with pytest.raises(AmbiguousMoveError) as info:
        parse_short("3-5", line)
    assert info.value.readings == ("5-3L", "5-3R")
    assert short(play("5-3", End.RIGHT), line) == "5-3R"


def test_a_bare_tile_that_fits_no_end_is_a_notation_error() -> None:
    with pytest.raises(NotationError) as info:
        parse_short("6-2", ENDS_5_4)
    assert not isinstance(info.value, AmbiguousMoveError)
    assert "5" in str(info.value) and "4" in str(info.value)


def test_before_the_lead_a_bare_tile_is_the_lead() -> None:
    empty = LineOfPlay.empty()
    assert parse_short("1-1", empty) == Lead(Tile(1, 1))
    assert short(Lead(Tile(1, 1)), empty) == "1-1"


def test_draw_and_pass_read_the_same_in_both_forms() -> None:
    assert parse_short("draw", ENDS_5_4) is DRAW
    assert parse_short(" PASS ", ENDS_5_4) is PASS
    assert short(DRAW, ENDS_5_4) == "draw"


def test_a_round_state_works_as_the_position() -> None:
    hands = [[Tile(6, 5), Tile(6, 6)], [Tile(4, 2), Tile(0, 0)]]
    placed = {t for h in hands for t in h} | {p.tile for p in ENDS_5_4.tiles}
    state = RoundState.from_position(
        hands, [t for t in TILES if t not in placed], ENDS_5_4, 0, CLASSIC
    )
    assert parse_short("6-5", state) == play("6-5", End.LEFT)


def test_the_position_must_be_a_state_or_a_line() -> None:
    with pytest.raises(NotationError):
        short(DRAW, "5|4")  # type: ignore[arg-type]


RULESETS = (
    CLASSIC,
    SIMPLE,
    CLASSIC.replace(partnerships=True),
    CLASSIC.replace(drawing=False),
    SIMPLE.replace(reserve=FixedReserve(2)),
)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rules_index=st.integers(0, len(RULESETS) - 1),
    seats=st.integers(2, 4),
    steps=st.integers(0, 60),
)
def test_round_trips_for_every_legal_move(
    seed: int, rules_index: int, seats: int, steps: int
) -> None:
    rules = RULESETS[rules_index]
    if rules.partnerships:
        seats = 4
    match = MatchState.new(seats, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        state = match.round
        assert state is not None
        for m in state.legal_moves():
            assert parse_move(str(m)) == m
            text = short(m, state)
            assert parse_short(text, state) == m
            assert text in (str(m), str(m)[:-1])
            if isinstance(m, Play) and text == str(m):  # kept its end: the bare tile is ambiguous
                with pytest.raises(AmbiguousMoveError):
                    parse_short(str(m.tile), state)
        match, _ = match.apply(rng.choice(state.legal_moves()))
