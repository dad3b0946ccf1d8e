"""Tiles of the double-six set (docs/rules.md, "Equipment and terms")."""

from __future__ import annotations

import attrs
import pytest

from bergen import DOUBLES, TILES, NotationError, Tile
from bergen.tiles import tile_mask, tiles_of_mask


def test_a_tile_is_an_unordered_pair():
    assert Tile(4, 6) == Tile(6, 4)
    assert hash(Tile(4, 6)) == hash(Tile(6, 4))
    assert len({Tile(4, 6), Tile(6, 4)}) == 1


def test_stored_high_number_first():
    t = Tile(4, 6)
    assert (t.high, t.low) == (6, 4)


@pytest.mark.parametrize("text", ["6-4", "4-6", " 6-4 ", "4-6\n"])
def test_parse_normalises(text):
    assert Tile.parse(text) == Tile(6, 4)


def test_str_is_high_first():
    assert str(Tile(4, 6)) == "6-4"
    assert str(Tile(0, 0)) == "0-0"


@pytest.mark.parametrize("t", [Tile(0, 0), Tile(6, 4), Tile(3, 3), Tile(1, 6)])
def test_repr_is_valid_python(t, ns):
    assert repr(t) == f"Tile({t.high}, {t.low})"
    assert eval(repr(t), ns) == t


@pytest.mark.parametrize(
    "text", ["7-1", "6-", "64", "a-b", "6-4-2", "", "-1-2", "6_4", "10-1", "6 - 4"]
)
def test_parse_rejects_bad_text(text):
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert info.value.text == text


def test_parse_rejects_non_text():
    with pytest.raises(NotationError):
        Tile.parse(64)  # type: ignore[arg-type]


@pytest.mark.parametrize(("a", "b"), [(7, 0), (0, 7), (-1, 0), (1.0, 2), ("1", 2), (True, 1)])
def test_numbers_outside_0_to_6_are_refused(a, b):
    with pytest.raises(NotationError):
        Tile(a, b)


def test_notation_error_is_a_value_error():
    with pytest.raises(ValueError):
        Tile(9, 9)


def test_pips_and_doubles():
    assert Tile(6, 6).pips == 12
    assert Tile(6, 4).pips == 10
    assert Tile(0, 0).pips == 0
    assert Tile(3, 3).is_double
    assert not Tile(3, 2).is_double


def test_has_and_other():
    t = Tile(6, 4)
    assert t.has(6) and t.has(4) and not t.has(5)
    assert t.other(6) == 4
    assert t.other(4) == 6
    assert Tile(2, 2).other(2) == 2
    with pytest.raises(ValueError):
        t.other(5)


def test_the_set_has_28_tiles_7_doubles_168_pips():
    assert len(TILES) == 28
    assert len(set(TILES)) == 28
    assert sum(t.pips for t in TILES) == 168
    assert len(DOUBLES) == 7
    assert tuple(Tile(n, n) for n in range(7)) == DOUBLES
    assert {(t.high, t.low) for t in TILES} == {(a, b) for a in range(7) for b in range(a + 1)}


@pytest.mark.parametrize(
    ("t", "index"),
    [
        (Tile(0, 0), 0),
        (Tile(1, 0), 1),
        (Tile(1, 1), 2),
        (Tile(2, 0), 3),
        (Tile(3, 2), 8),
        (Tile(6, 4), 25),
        (Tile(6, 6), 27),
    ],
)
def test_index_is_high_times_high_plus_one_over_two_plus_low(t, index):
    assert t.index == index
    assert TILES[index] == t
    assert Tile.from_index(index) == t
    assert t.mask == 1 << index


@pytest.mark.parametrize("bad", [-1, 28, 1.0, "3"])
def test_from_index_rejects_bad_indexes(bad):
    with pytest.raises(NotationError):
        Tile.from_index(bad)


def test_tiles_order_by_index():
    assert Tile(0, 0) < Tile(1, 0) < Tile(6, 6)
    assert sorted([Tile(6, 6), Tile(0, 0), Tile(3, 1)]) == [Tile(0, 0), Tile(3, 1), Tile(6, 6)]


def test_masks_round_trip():
    some = [Tile(6, 4), Tile(0, 0), Tile(3, 2)]
    mask = tile_mask(some)
    assert mask == (1 << 25) | 1 | (1 << 8)
    assert tiles_of_mask(mask) == (Tile(0, 0), Tile(3, 2), Tile(6, 4))
    assert tiles_of_mask(0) == ()


def test_tiles_are_frozen():
    t = Tile(6, 4)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        t.high = 3  # type: ignore[misc]
    assert t == Tile(6, 4)
