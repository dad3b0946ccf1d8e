"""Seeded deals do not depend on the order in which they are asked for.

``shuffled_tiles`` keeps the generator left after a shuffle so that a match's next deal picks up
where the last one stopped. The deals must still be exactly the ones the documented algorithm
gives (bergen.deal module docstring): the k-th shuffle of one ``random.Random(seed)`` stream.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import bergen.deal
from bergen import CLASSIC, TILES, Deal, MatchState, shuffled_tiles
from bergen.deal import _SeedStream
from bergen.kernel.deal import _tempered, _twisted, random_shuffle, stream_at, twister_shuffle


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


def _deals_of_a_match(seed: int, seats: int, shuffles: int = 0) -> tuple[list[Deal], MatchState]:
    # A seeded match played out with the first legal move; every deal it drew, in order
    # (redeals included: they are drawn before the round's own deal).
    match = MatchState.new(seats, CLASSIC, seed=seed, shuffles=shuffles)
    seen: list[Deal] = []
    while not match.is_over:
        rnd = match.round
        assert rnd is not None and rnd.deal is not None
        match, _ = match.apply(rnd.legal_moves()[0])
    for rnd in (*match.rounds, *([match.round] if match.round is not None else [])):
        assert rnd.deal is not None
        seen.append(rnd.deal)
    return seen, match


def test_a_matchs_kth_deal_is_the_kth_deal_of_its_seed() -> None:
    # Carried forward from one deal to the next, the stream deals what Deal.from_seed deals
    # for the same index: the deals of a whole match, redeals in their place.
    for seed, seats in ((0, 2), (5, 3), (11, 4), (-3, 3)):
        for start in (0, 7):
            dealt, match = _deals_of_a_match(seed, seats, start)
            hand_size = match.hand_size
            redeals = list(match.redeals)
            k = start
            for deal in dealt:
                while redeals and redeals[0] == Deal.from_seed(seed, seats, hand_size, k):
                    redeals.pop(0)
                    k += 1
                assert deal == Deal.from_seed(seed, seats, hand_size, k)
                k += 1
            assert not redeals
            assert match.shuffles == k


def test_the_seed_stream_deals_as_deal_from_seed() -> None:
    for seed in (0, 1, -7, 2**64 - 1):
        for seats, hand_size in ((2, 7), (3, 6), (4, 5)):
            stream = _SeedStream.at(seed, 3)
            for k in range(3, 40):
                assert stream.index == k
                deal, order, after = stream.deal(seats, hand_size)
                assert deal == Deal.from_seed(seed, seats, hand_size, k)
                assert tuple(TILES[t] for t in order) == shuffled_tiles(seed, k)
                assert hash(deal) == hash(Deal.from_seed(seed, seats, hand_size, k))
                assert stream.deal(seats, hand_size)[0] == deal  # the snapshot is unchanged
                stream = after


def test_a_match_replays_its_seed_once_not_per_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    # The generator is wound forward to the first shuffle once per match; every later deal
    # starts from the snapshot the one before it left.
    calls: list[tuple[int, int]] = []
    real = bergen.deal.stream_at

    def counting(seed: int, index: int) -> object:
        calls.append((seed, index))
        return real(seed, index)

    monkeypatch.setattr(bergen.deal, "stream_at", counting)
    dealt, match = _deals_of_a_match(9, 3, 20)
    assert len(dealt) >= 3
    assert match.shuffles >= 23
    assert calls == [(9, 20)]


def test_a_match_copied_or_pickled_deals_on_as_the_original() -> None:
    match = MatchState.new(2, CLASSIC, seed=4)
    while len(match.rounds) < 2:
        rnd = match.round
        assert rnd is not None
        match, _ = match.apply(rnd.legal_moves()[0])
    for twin in (pickle.loads(pickle.dumps(match)), copy.copy(match), copy.deepcopy(match)):
        assert twin == match
        assert repr(twin) == repr(match)
        a, b = twin, match
        while a.round is not None and len(a.rounds) < 4:
            move = a.round.legal_moves()[0]
            a, _ = a.apply(move)
            b, _ = b.apply(move)
            assert a == b


def test_the_twister_written_out_deals_as_cpythons_random() -> None:
    # next_shuffle runs the Mersenne Twister written out when compiled and CPython's random
    # when interpreted: both, in either build, give the documented shuffles and the snapshot
    # stream_at gives, across the generator's refills (every 624 words: about 11.5 shuffles).
    for seed in (0, 1, -7, 2**64 - 1, 10**18):
        twister = random_path = stream_at(seed, 0)
        for k in range(30):
            order, twister = twister_shuffle(twister)
            assert (order, twister) == random_shuffle(random_path)
            random_path = twister
            assert tuple(TILES[t] for t in order) == _documented_shuffle(seed, k)
        assert twister == stream_at(seed, 30)


def test_the_twister_written_out_tempers_each_word_as_cpythons_random() -> None:
    # getrandbits(32) is the generator's next tempered 32-bit word.
    for seed in (0, 3, 2**64 - 1):
        rng = random.Random(seed)
        words, index = stream_at(seed, 0)
        assert [_tempered(w) for w in words[index:]] == [rng.getrandbits(32) for _ in words[index:]]
        after = _twisted(words)
        assert [_tempered(w) for w in after] == [rng.getrandbits(32) for _ in after]
