"""The line of play (docs/rules.md, "Equipment and terms" and rule 3)."""

from __future__ import annotations

import attrs
import pytest

from bergen import End, LineOfPlay, NotationError, PlacedTile, PositionError, Tile


def test_empty_line():
    line = LineOfPlay.empty()
    assert line.lead is None
    assert line.ends is None
    assert len(line) == 0
    assert str(line) == ""
    assert line.tiles == ()
    assert LineOfPlay.parse("") == line
    assert LineOfPlay.parse("   ") == line


def test_lead_double_shows_its_number_at_both_ends_both_doubles():
    line = LineOfPlay.empty().start(Tile(3, 3))
    assert line.lead == Tile(3, 3)
    assert line.ends == (3, 3)
    assert line.left_double and line.right_double
    assert str(line) == "*3-3"


def test_place_matching_number_against_the_line():
    line = LineOfPlay.empty().start(Tile(3, 3)).place(Tile(5, 3), End.LEFT)
    assert line.ends == (5, 3)
    assert not line.left_double and line.right_double
    assert str(line) == "5-3 *3-3"
    line = line.place(Tile(3, 1), End.RIGHT)
    assert line.ends == (5, 1)
    assert not line.right_double
    assert str(line) == "5-3 *3-3 3-1"
    assert len(line) == 3


def test_a_double_at_an_end_is_a_double_end_until_covered():
    line = LineOfPlay.parse("*3-3 3-1").place(Tile(1, 1), End.RIGHT)
    assert line.ends == (3, 1) and line.right_double
    line = line.place(Tile(1, 4), End.RIGHT)
    assert line.ends == (3, 4) and not line.right_double


def test_place_does_not_change_the_line_it_is_called_on():
    line = LineOfPlay.parse("*3-3")
    longer = line.place(Tile(3, 1), End.LEFT)
    assert str(line) == "*3-3"
    assert str(longer) == "1-3 *3-3"


def test_place_rejects_a_tile_that_does_not_match():
    line = LineOfPlay.parse("*3-3 3-1")
    with pytest.raises(PositionError):
        line.place(Tile(6, 5), End.RIGHT)
    with pytest.raises(PositionError):
        line.place(Tile(1, 0), End.LEFT)


def test_place_on_an_empty_line_and_a_second_lead_are_refused():
    with pytest.raises(PositionError):
        LineOfPlay.empty().place(Tile(3, 3), End.LEFT)
    with pytest.raises(PositionError):
        LineOfPlay.parse("*3-3").start(Tile(2, 2))


@pytest.mark.parametrize(
    "text", ["*3-3", "5-1 *1-1 1-4", "4-2 *2-2 2-6 6-6", "6-6 *6-1", "*0-0 0-1 1-1"]
)
def test_parse_str_round_trip(text):
    assert str(LineOfPlay.parse(text)) == text


def test_parse_without_mark_leads_with_the_first_double():
    line = LineOfPlay.parse("5-1 1-1 1-4 4-4")
    assert line.lead == Tile(1, 1)
    assert str(line) == "5-1 *1-1 1-4 4-4"


def test_parse_without_a_double_leads_with_the_first_tile():
    line = LineOfPlay.parse("4-1 1-5")
    assert line.lead == Tile(4, 1)
    assert line.ends == (4, 5)
    assert str(line) == "*4-1 1-5"


def test_parse_non_double_lead_keeps_its_orientation():
    assert LineOfPlay.parse("*4-1").ends == (4, 1)
    assert LineOfPlay.parse("*1-4").ends == (1, 4)


def test_tiles_are_oriented_left_to_right():
    line = LineOfPlay.parse("5-1 *1-1 1-4")
    assert line.tiles == (
        PlacedTile(Tile(5, 1), 5, 1),
        PlacedTile(Tile(1, 1), 1, 1),
        PlacedTile(Tile(4, 1), 1, 4),
    )
    assert str(line.tiles[2]) == "1-4"


def test_placements_rebuild_the_line():
    line = LineOfPlay.parse("6-5 5-1 *1-1 1-4 4-3")
    assert line.placements() == (
        (Tile(5, 1), End.LEFT),
        (Tile(6, 5), End.LEFT),
        (Tile(4, 1), End.RIGHT),
        (Tile(4, 3), End.RIGHT),
    )
    rebuilt = LineOfPlay.empty().start(Tile(1, 1))
    for t, end in line.placements():
        rebuilt = rebuilt.place(t, end)
    assert rebuilt == line


@pytest.mark.parametrize("text", ["5-1 2-2", "5-1 *1-1 4-1", "3-3 2-2"])
def test_parse_rejects_a_line_that_does_not_connect(text):
    with pytest.raises(PositionError):
        LineOfPlay.parse(text)


def test_parse_rejects_a_repeated_tile():
    with pytest.raises(PositionError):
        LineOfPlay.parse("1-2 2-1")


@pytest.mark.parametrize("text", ["5-7", "*1-1 *1-2", "5-1 1", "a-b", "51"])
def test_parse_rejects_bad_text(text):
    with pytest.raises(NotationError):
        LineOfPlay.parse(text)


def test_parse_rejects_non_text():
    with pytest.raises(NotationError):
        LineOfPlay.parse(None)  # type: ignore[arg-type]


def test_equality_and_hash():
    a = LineOfPlay.parse("5-1 *1-1 1-4")
    b = (
        LineOfPlay.empty()
        .start(Tile(1, 1))
        .place(Tile(1, 5), End.LEFT)
        .place(Tile(1, 4), End.RIGHT)
    )
    assert a == b
    assert hash(a) == hash(b)
    assert a != LineOfPlay.parse("4-1 *1-1 1-5")
    assert a != "5-1 *1-1 1-4"


@pytest.mark.parametrize("text", ["", "*3-3", "5-1 *1-1 1-4 4-4"])
def test_repr_is_valid_python(text, ns):
    line = LineOfPlay.parse(text)
    assert repr(line) == f"LineOfPlay.parse({str(line)!r})"
    assert eval(repr(line), ns) == line


def test_placed_tile_repr(ns):
    p = PlacedTile(Tile(4, 1), 1, 4)
    assert eval(repr(p), ns) == p


def test_line_is_frozen():
    line = LineOfPlay.parse("*3-3")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        line.left = 4  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        PlacedTile(Tile(4, 1), 1, 4).left = 4  # type: ignore[misc]


@pytest.mark.parametrize("text", ["*1-5 5-3", "3-1 *1-5", "*5-1 1-3", "6-3 3-1 *1-5 5-5 5-2"])
def test_a_non_double_lead_keeps_the_way_it_faces(text):
    # A set-up position may lead a non-double with its low number on the left: written back,
    # the line reads the same and parses to the same line.
    line = LineOfPlay.parse(text)
    assert str(line) == text
    assert LineOfPlay.parse(str(line)) == line
    assert [str(p) for p in line.tiles] == text.replace("*", "").split()
