"""Seeded deals do not depend on the order in which they are asked for.

``shuffled_tiles`` keeps the generator left after a shuffle so that a match's next deal picks up
where the last one stopped. The deals must still be exactly the ones the documented algorithm
gives (bergen.deal module docstring): the k-th shuffle of one ``random.Random(seed)`` stream.
"""

from __future__ import annotations

import random

from bergen import TILES, Deal, shuffled_tiles


def _documented_shuffle(seed: int, k: int) -> tuple[object, ...]:
    # The algorithm as the bergen.deal docstring states it, written out independently.
    rng = random.Random(seed)
    for _ in range(27 * k):
        rng.random()
    order = list(TILES)
    for i in range(27, 0, -1):
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def test_shuffles_in_any_order_match_the_documented_algorithm() -> None:
    pick = random.Random(2024)
    for _ in range(400):
        seed = pick.randrange(-30, 30)
        k = pick.randrange(0, 6)
        assert shuffled_tiles(seed, k) == _documented_shuffle(seed, k)


def test_sequential_shuffles_match_the_documented_algorithm() -> None:
    for seed in range(5):
        for k in range(8):
            assert shuffled_tiles(seed, k) == _documented_shuffle(seed, k)
    # Asking again, after the stream moved on, gives the same shuffles.
    assert shuffled_tiles(3, 2) == _documented_shuffle(3, 2)
    assert shuffled_tiles(3, 0) == _documented_shuffle(3, 0)


def test_a_seeded_deal_equals_the_checked_deal_of_the_same_tiles() -> None:
    deal = Deal.from_seed(7, 3, 6, 1)
    order = _documented_shuffle(7, 1)
    assert type(deal) is Deal
    assert deal == Deal([order[0:6], order[6:12], order[12:18]], order[18:])
    assert hash(deal) == hash(Deal(deal.hands, deal.boneyard))
