"""Hands and the boneyard (docs/rules.md, rule 4 for the reserve)."""

from __future__ import annotations

import attrs
import pytest

from bergen import Boneyard, Hand, NotationError, PositionError, Tile


def test_parse_a_hand():
    h = Hand.parse("6-4 3-2")
    assert h.tiles == (Tile(3, 2), Tile(6, 4))
    assert len(h) == 2
    assert list(h) == [Tile(3, 2), Tile(6, 4)]


def test_parse_accepts_commas_and_either_order():
    assert Hand.parse("4-6, 2-3") == Hand.parse("6-4 3-2")


def test_a_hand_is_a_set():
    assert Hand.parse("6-4 3-2") == Hand.parse("3-2 6-4")
    assert Hand.of([Tile(6, 4), Tile(3, 2)]) == Hand.parse("3-2 6-4")


def test_str_and_repr(ns):
    h = Hand.parse("6-4 3-2")
    assert str(h) == "3-2 6-4"
    assert repr(h) == "Hand.parse('3-2 6-4')"
    assert eval(repr(h), ns) == h


def test_empty_hand(ns):
    h = Hand.parse("")
    assert len(h) == 0
    assert h.pips == 0
    assert eval(repr(h), ns) == h


def test_pips_and_doubles():
    h = Hand.parse("6-6 5-4 1-1 0-0")
    assert h.pips == 12 + 9 + 2 + 0
    assert h.doubles == 3


def test_membership():
    h = Hand.parse("6-4 3-2")
    assert Tile(4, 6) in h
    assert Tile(5, 5) not in h
    assert "6-4" not in h


def test_mask():
    assert Hand.parse("0-0 1-0").mask == 0b11


def test_duplicate_tiles_are_refused():
    with pytest.raises(PositionError):
        Hand.parse("6-4 4-6")
    with pytest.raises(PositionError):
        Hand.of([Tile(1, 1), Tile(1, 1)])


def test_bad_tiles_are_refused():
    with pytest.raises(NotationError):
        Hand.parse("6-7")
    with pytest.raises(NotationError):
        Hand.parse(None)  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        Hand.of(["6-4"])  # type: ignore[list-item]


def test_hand_is_frozen():
    h = Hand.parse("6-4")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        h.mask = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("size", "reserve", "drawable"),
    [(16, 2, 14), (10, 2, 8), (8, 2, 6), (3, 2, 1), (2, 2, 0), (1, 2, 0), (5, 0, 5)],
)
def test_boneyard_drawable_is_above_the_reserve(size, reserve, drawable):
    from bergen import TILES

    b = Boneyard(TILES[:size], reserve)
    assert b.drawable == drawable
    assert len(b) == size


def test_boneyard_repr_and_frozen(ns):
    b = Boneyard((Tile(1, 0), Tile(6, 6)), 2)
    assert eval(repr(b), ns) == b
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        b.reserve = 0  # type: ignore[misc]
