"""Deals: explicit and seeded (the algorithm documented in ``bergen.deal``)."""

from __future__ import annotations

import random

import attrs
import pytest

from bergen import TILES, ArgumentError, Deal, PositionError, Tile, shuffled_tiles


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def fisher_yates(seed: int, shuffle_index: int = 0) -> list[Tile]:
    """The documented shuffle, written again from the docstring of ``bergen.deal``.

    Start from the 28 tiles in index order; for i from 27 down to 1 draw u = rng.random() and
    swap positions i and int(u * (i + 1)); the k-th shuffle of a seed is the k-th run of 27
    draws from one random.Random(seed).
    """
    rng = random.Random(seed)
    for _ in range(27 * shuffle_index):
        rng.random()
    order = [Tile(a, b) for a in range(7) for b in range(a + 1)]  # 0-0, 1-0, 1-1, 2-0, ...
    for i in range(27, 0, -1):
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order


@pytest.mark.parametrize("seed", [0, 1, 2, 42, 2**40, -7])
@pytest.mark.parametrize("shuffle_index", [0, 1, 5])
def test_shuffle_matches_the_documented_algorithm(seed, shuffle_index):
    assert list(shuffled_tiles(seed, shuffle_index)) == fisher_yates(seed, shuffle_index)


@pytest.mark.parametrize(("seats", "size"), [(2, 6), (3, 6), (4, 5), (3, 5)])
def test_seeded_deal_takes_hands_in_order_then_the_boneyard(seats, size):
    order = fisher_yates(7, 2)
    deal = Deal.from_seed(7, seats, size, shuffle_index=2)
    assert deal.hands == tuple(tuple(order[i * size : (i + 1) * size]) for i in range(seats))
    assert deal.boneyard == tuple(order[seats * size :])


def test_seed_1_three_seats_pinned():
    # Pinned from the documented algorithm's output (the fisher_yates function above, which
    # re-implements the docstring of bergen.deal); it fails if the algorithm ever changes.
    deal = Deal.from_seed(1, 3, 6)
    assert deal.hands == (
        tiles("6-2 4-3 2-1 5-5 6-4 2-2"),
        tiles("6-6 3-2 6-0 5-2 6-5 1-1"),
        tiles("3-3 6-3 5-3 4-2 3-1 5-0"),
    )
    assert deal.boneyard == tiles("0-0 1-0 5-1 4-4 4-0 4-1 3-0 5-4 6-1 2-0")


def test_seeded_deal_is_reproducible_and_shuffles_differ():
    assert Deal.from_seed(3, 3, 6) == Deal.from_seed(3, 3, 6)
    assert Deal.from_seed(3, 3, 6, 0) != Deal.from_seed(3, 3, 6, 1)


def test_every_shuffle_is_a_permutation():
    for k in range(3):
        assert sorted(shuffled_tiles(11, k)) == list(TILES)


@pytest.mark.parametrize(
    ("seed", "seats", "size", "index"),
    [
        (1.5, 3, 6, 0),
        ("1", 3, 6, 0),
        (1, 1, 6, 0),
        (1, 5, 5, 0),
        (1, 3, 10, 0),
        (1, 3, 0, 0),
        (1, 3, 6, -1),
    ],
)
def test_from_seed_rejects_bad_arguments(seed, seats, size, index):
    # A bad seed is a bad argument (ArgumentError), the rest a deal that cannot be.
    with pytest.raises(PositionError if type(seed) is int else ArgumentError):
        Deal.from_seed(seed, seats, size, index)


def test_explicit_deal():
    deal = Deal([TILES[0:6], TILES[6:12]], TILES[12:])
    assert deal.seats == 2
    assert deal.has_double
    assert deal.hands[0] == TILES[0:6]


def test_deal_without_a_double():
    non_doubles = [t for t in TILES if not t.is_double]
    deal = Deal(
        [non_doubles[0:6], non_doubles[6:12]], non_doubles[12:] + [t for t in TILES if t.is_double]
    )
    assert not deal.has_double


def test_duplicate_tiles_in_a_deal_are_refused():
    hands = [list(TILES[0:6]), list(TILES[6:12])]
    hands[1][0] = TILES[0]  # 0-0 twice, 2-1 missing
    with pytest.raises(PositionError, match="0-0"):
        Deal(hands, TILES[12:])


def test_a_missing_tile_is_refused():
    with pytest.raises(PositionError, match="6-6"):
        Deal([TILES[0:6], TILES[6:12]], TILES[12:27])


def test_an_extra_tile_in_the_boneyard_is_refused():
    with pytest.raises(PositionError):
        Deal([TILES[0:6], TILES[6:12]], (*TILES[12:], TILES[3]))


@pytest.mark.parametrize("seats", [1, 5])
def test_seat_counts_outside_2_to_4_are_refused(seats):
    size = 28 // (seats + 1)
    hands = [TILES[i * size : (i + 1) * size] for i in range(seats)]
    with pytest.raises(PositionError):
        Deal(hands, TILES[seats * size :])


def test_non_tiles_are_refused():
    with pytest.raises(PositionError):
        Deal(["0-0 1-0", TILES[2:4]], TILES[4:])
    with pytest.raises(PositionError):
        Deal([TILES[0:2], TILES[2:4]], "rest")
    with pytest.raises(PositionError):
        Deal([TILES[0:2], [1, 2]], TILES[4:])


def test_str():
    deal = Deal.from_seed(1, 3, 6)
    assert str(deal).splitlines() == [
        "seat 0: 6-2 4-3 2-1 5-5 6-4 2-2",
        "seat 1: 6-6 3-2 6-0 5-2 6-5 1-1",
        "seat 2: 3-3 6-3 5-3 4-2 3-1 5-0",
        "boneyard: 0-0 1-0 5-1 4-4 4-0 4-1 3-0 5-4 6-1 2-0",
    ]


def test_repr_is_valid_python(ns):
    deal = Deal.from_seed(1, 3, 6)
    assert eval(repr(deal), ns) == deal


def test_deal_is_frozen():
    deal = Deal.from_seed(1, 3, 6)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        deal.boneyard = ()  # type: ignore[misc]
