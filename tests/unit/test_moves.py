"""Moves and their canonical notation (docs/records.md, "Move notation")."""

from __future__ import annotations

import attrs
import pytest

from bergen import DRAW, PASS, TILES, Draw, End, Lead, NotationError, Pass, Play, Tile, parse_move


def all_moves():
    yield from (Lead(t) for t in TILES)
    yield from (Play(t, e) for t in TILES for e in End)
    yield DRAW
    yield PASS


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("1-1", Lead(Tile(1, 1))),
        ("5-4L", Play(Tile(5, 4), End.LEFT)),
        ("5-4R", Play(Tile(5, 4), End.RIGHT)),
        ("4-5r", Play(Tile(5, 4), End.RIGHT)),
        (" 5-4l ", Play(Tile(5, 4), End.LEFT)),
        ("draw", DRAW),
        ("DRAW", Draw()),
        ("pass", PASS),
        (" Pass", Pass()),
    ],
)
def test_parse_move(text, move):
    assert parse_move(text) == move


def test_canonical_text():
    assert str(Lead(Tile(1, 1))) == "1-1"
    assert str(Play(Tile(4, 5), End.LEFT)) == "5-4L"
    assert str(Play(Tile(5, 4), End.RIGHT)) == "5-4R"
    assert str(DRAW) == "draw"
    assert str(PASS) == "pass"


def test_parse_str_round_trip_for_every_move():
    moves = list(all_moves())
    assert len(moves) == 28 + 56 + 2
    for m in moves:
        assert parse_move(str(m)) == m


def test_repr_is_valid_python_for_every_move(ns):
    for m in all_moves():
        assert eval(repr(m), ns) == m
    assert repr(Play(Tile(5, 4), End.LEFT)) == "Play(Tile(5, 4), End.LEFT)"
    assert repr(End.RIGHT) == "End.RIGHT"


@pytest.mark.parametrize("text", ["", "7-1", "5-4X", "5-4LR", "drw", "passes", "L", "5", "5-4-L"])
def test_parse_rejects_bad_text(text):
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert info.value.text == text


def test_parse_rejects_non_text():
    with pytest.raises(NotationError):
        parse_move(None)  # type: ignore[arg-type]


def test_moves_compare_and_hash_by_value():
    assert Play(Tile(5, 4), End.LEFT) != Play(Tile(5, 4), End.RIGHT)
    assert Lead(Tile(1, 1)) != Play(Tile(1, 1), End.LEFT)
    assert len({Play(Tile(5, 4), End.LEFT), parse_move("4-5L")}) == 1
    assert DRAW != PASS


def test_moves_are_frozen():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Play(Tile(5, 4), End.LEFT).end = End.RIGHT  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Lead(Tile(1, 1)).tile = Tile(2, 2)  # type: ignore[misc]
