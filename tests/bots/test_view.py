"""PlayerView, voids and hidden-world sampling (issue 5, items 1 and 2)."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bergen import (
    CLASSIC,
    DRAW,
    PASS,
    SIMPLE,
    TILES,
    Action,
    BergenError,
    Deal,
    FixedReserve,
    Hand,
    LineOfPlay,
    MatchState,
    Move,
    OutcomeKind,
    PositionError,
    RoundState,
    Tile,
    parse_move,
)
from bergen.view import PlayerView, WorldSampler, sample_world, voids

T = Tile.parse


def tl(text: str) -> list[Tile]:
    """Tiles written ``"6-0 6-4"``, in order."""
    return [T(t) for t in text.split()]


def moves(text: str) -> list[Move]:
    """Moves in canonical notation, separated by spaces."""
    return [parse_move(m) for m in text.split()]


RESERVE_0 = CLASSIC.replace(reserve=FixedReserve(0))


# ------------------------------------------------------------------ a small worked position
#
# Two seats, reserve 0. Seat 0 (the viewer) holds nine tiles, seat 1 three (5-5 6-5 6-6), and
# five tiles are face down (6-0 6-4 4-3 4-0 5-0, top first). Eight tiles are hidden from seat 0.
# Seat 0 plays 3-0 (ends 0 and 3); seat 1 has nothing for 0 or 3, draws 6-0 and plays it on the
# 0 (ends 6 and 3); seat 0 plays 3-1 (ends 6 and 1); seat 1 lays the 6-6 (ends 6d and 1); seat 0
# plays 6-3 on the double (ends 3 and 1); seat 1 has no 3 or 1 and draws twice.

POS_HANDS = (Hand.parse("1-1 3-0 3-1 3-3 4-2 4-4 6-1 6-2 6-3"), Hand.parse("5-5 6-5 6-6"))
POS_BONEYARD = tuple(tl("6-0 6-4 4-3 4-0 5-0"))
POS_LINE = "0-2 2-2 2-3 3-5 5-4 4-1 1-2 2-5 5-1 1-0 *0-0"
POS_MOVES = tuple(moves("3-0R draw 6-0L 3-1R 6-6L 6-3L draw draw"))


def _position(hands: tuple[Hand, Hand], boneyard: tuple[Tile, ...]) -> RoundState:
    state = RoundState.from_position(
        hands, boneyard, LineOfPlay.parse(POS_LINE), 0, RESERVE_0, scores=(0, 5)
    )
    state, _ = state.play_out(POS_MOVES)
    return state


def test_view_holds_what_the_seat_may_know() -> None:
    state = _position(POS_HANDS, POS_BONEYARD)
    v = state.view(0)
    assert v.seat == 0
    assert v.hand == Hand.parse("1-1 3-3 4-2 4-4 6-1 6-2")
    assert str(v.line) == "3-6 6-6 6-0 " + POS_LINE + " 0-3 3-1"
    # Seat 1: 3 dealt + 3 drawn - 2 played = 4; the boneyard: 5 - 3 = 2, all drawable.
    assert v.tile_counts == (6, 4)
    assert v.boneyard_size == 2
    assert v.drawable == 2
    assert v.scores == (0, 5)
    assert v.target == 15
    assert v.to_move == 1
    assert v.outcome is None
    assert [str(a.move) for a in v.history] == [str(m) for m in POS_MOVES]
    assert all(a.drawn is None for a in v.history)
    assert v.own_draws == ()
    assert not v.from_deal
    assert set(v.unseen) == set(tl("4-3 4-0 5-0 6-4 5-5 6-5"))
    # Seat 1 sees its own draws, and only them.
    v1 = state.view(1)
    assert v1.own_draws == (T("6-0"), T("6-4"), T("4-3"))
    assert all(a.drawn is None for a in v1.history)


def test_view_rejects_a_bad_seat() -> None:
    state = _position(POS_HANDS, POS_BONEYARD)
    with pytest.raises(PositionError):
        state.view(2)


def test_views_are_equal_when_only_hidden_tiles_differ() -> None:
    # Same own tiles and line; seat 1's tiles and the boneyard order differ.
    line = LineOfPlay.parse("6-6")
    own = Hand.parse("6-5 5-5 1-0 2-1 3-2")
    others = [t for t in (Tile(a, b) for a in range(7) for b in range(a + 1))]
    others = [t for t in others if t not in own and t != T("6-6")]
    a = RoundState.from_position([own, others[:5]], others[5:], line, 1, CLASSIC)
    shuffled = others[:]
    random.Random(3).shuffle(shuffled)
    b = RoundState.from_position([own, shuffled[:5]], shuffled[5:], line, 1, CLASSIC)
    assert a.hands[1] != b.hands[1]
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def _random_round(seed: int, players: int, rules_name: str, steps: int) -> list[RoundState]:
    rules = {"classic": CLASSIC, "simple": SIMPLE, "block": CLASSIC.replace(drawing=False)}[
        rules_name
    ]
    match = MatchState.new(players, rules, seed=seed)
    rng = random.Random(seed)
    state = match.round
    assert state is not None
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    rules_name=st.sampled_from(["classic", "simple", "block"]),
    steps=st.integers(0, 40),
    data=st.data(),
)
def test_relabelled_hidden_tiles_give_equal_views(
    seed: int, players: int, rules_name: str, steps: int, data: st.DataObject
) -> None:
    """Swap two tiles the viewer never sees (in other hands or the boneyard) in the deal and
    replay the same moves: where the replay is legal and the public facts agree (the seat that
    leads, the lead draws, the outcome), every view of that seat is unchanged.
    """
    states = _random_round(seed, players, rules_name, steps)
    seat = data.draw(st.integers(0, players - 1))
    final = states[-1]
    deal = final.deal
    assert deal is not None
    hidden = sorted(final.view(seat).unseen)
    assume(len(hidden) >= 2)
    x, y = data.draw(st.lists(st.sampled_from(hidden), min_size=2, max_size=2, unique=True))
    swap = {x: y, y: x}
    new_deal = Deal(
        [[swap.get(t, t) for t in h] for h in deal.hands], [swap.get(t, t) for t in deal.boneyard]
    )
    moves = [a.move for a in final.history]
    try:
        other = RoundState.start(new_deal, final.rules, dealer=final.dealer)
        replayed = [other]
        for m in moves:
            other, _ = other.apply(m)
            replayed.append(other)
    except BergenError:
        assume(False)
        return
    # Only hidden tiles may differ: the public facts of the deal (who drew for a lead double)
    # and of the end (who won a block) must be the same.
    assume([x.seat for x in replayed[0].lead_draws] == [x.seat for x in states[0].lead_draws])
    assume(replayed[0].to_move == states[0].to_move)  # the same seat leads
    assume(replayed[-1].outcome == final.outcome)
    for a, b in zip(states, replayed, strict=True):
        assert a.view(seat) == b.view(seat)


def test_voids_from_draws_and_passes() -> None:
    # Seat 1 drew at ends 0 and 3 and played the drawn tile at once: void in 0 and 3.
    early, _ = RoundState.from_position(
        POS_HANDS, POS_BONEYARD, LineOfPlay.parse(POS_LINE), 0, RESERVE_0, scores=(0, 5)
    ).play_out(POS_MOVES[:3])
    assert voids(early.view(0)) == (frozenset(), frozenset({0, 3}))
    # Then it drew twice at ends 3 and 1 and kept both tiles: the first drawn tile carries no 3
    # or 1 (it drew again), but the second may carry anything, so nothing is known now.
    state = _position(POS_HANDS, POS_BONEYARD)
    assert voids(state.view(0)) == (frozenset(), frozenset())
    after_one, _ = RoundState.from_position(
        POS_HANDS, POS_BONEYARD, LineOfPlay.parse(POS_LINE), 0, RESERVE_0, scores=(0, 5)
    ).play_out(POS_MOVES[:7])
    assert voids(after_one.view(0)) == (frozenset(), frozenset())


def test_voids_after_a_pass() -> None:
    # Reserve 2 and a 2-tile boneyard: nothing can be drawn. Seat 1 holds no 4 and no 6 and
    # passes; seat 0 holds every other tile.
    line = LineOfPlay.parse("*4-4 4-6")
    seat1 = Hand.parse("1-0 2-1")
    boneyard = [T("3-2"), T("2-0")]
    placed = {p.tile for p in line.tiles}
    seat0 = [t for t in TILES if t not in seat1 and t not in boneyard and t not in placed]
    state = RoundState.from_position([seat0, seat1], boneyard, line, 1, CLASSIC)
    assert state.legal_moves() == (PASS,)
    state, _ = state.apply(PASS)
    assert voids(state.view(0)) == (frozenset(), frozenset({4, 6}))


# ------------------------------------------------------------------ sampling: consistency


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    rules_name=st.sampled_from(["classic", "simple", "block"]),
    steps=st.integers(0, 40),
    data=st.data(),
)
def test_sampled_worlds_give_the_same_view(
    seed: int, players: int, rules_name: str, steps: int, data: st.DataObject
) -> None:
    state = _random_round(seed, players, rules_name, steps)[-1]
    seat = data.draw(st.integers(0, players - 1))
    view = state.view(seat)
    rng = random.Random(seed)
    world = sample_world(view, rng)
    assert world.view(seat) == view
    assert world.deal is not None
    # The world's history is complete: every draw names its tile, and replaying it from the
    # sampled deal rebuilds the world.
    again = RoundState.start(world.deal, world.rules, dealer=world.dealer)
    again, _ = again.play_out([a.move for a in world.history])
    assert again.hands == world.hands and again.boneyard == world.boneyard
    if not state.is_over:
        now = sample_world(view, rng, history=False)
        assert now.hands[seat] == view.hand
        assert now.line == view.line
        assert tuple(len(h) for h in now.hands) == view.tile_counts
        assert len(now.boneyard) == view.boneyard_size
        assert now.to_move == view.to_move and now.scores == view.scores


def test_sampled_world_of_a_block_that_reaches_the_target() -> None:
    # Found by the property above: four seats, Block Bergen, seat 3's last play ends the round
    # blocked and its side reaches the target of 10. Two start scores give seat 3 its 10 - one
    # through the block's 2 points, one through a header reaching the target - and only the
    # first gives the same outcome (rule 9: scoring stops at the target, so no block follows).
    state = _random_round(210, 4, "block", 13)[-1]
    assert state.outcome is not None and state.outcome.kind is OutcomeKind.BLOCKED
    assert state.scores[3] == state.target == 10
    view = state.view(0)
    for seed in range(5):
        assert sample_world(view, random.Random(seed)).view(0) == view


def test_sampling_reads_the_view_only() -> None:
    # Two true worlds with the same view: the same generator gives the same sampled world.
    a = _position(POS_HANDS, POS_BONEYARD)
    alt_hands = (POS_HANDS[0], Hand.parse("5-5 6-5 6-6"))
    alt_bone = (T("6-0"), T("4-0"), T("6-4"), T("4-3"), T("5-0"))
    b = _position(alt_hands, alt_bone)
    assert a.hands[1] != b.hands[1]
    assert a.view(0) == b.view(0)
    wa = sample_world(a.view(0), random.Random(11))
    wb = sample_world(b.view(0), random.Random(11))
    assert wa == wb


# ------------------------------------------------------------------ sampling: uniformity


@functools.cache
def _enumerate_position() -> tuple[PlayerView, Counter[tuple[object, ...]]]:
    """Every deal of the 8 hidden tiles (seat 1's three and the boneyard order) that replays to
    the view, by brute force through the engine: 56 hands x 120 orders.
    """
    target = _position(POS_HANDS, POS_BONEYARD).view(0)
    hidden = list(POS_HANDS[1]) + list(POS_BONEYARD)
    found: Counter[tuple[object, ...]] = Counter()
    for hand in itertools.combinations(hidden, 3):
        rest = [t for t in hidden if t not in hand]
        for order in itertools.permutations(rest):
            try:
                state = _position((POS_HANDS[0], Hand.of(hand)), tuple(order))
            except BergenError:
                continue
            if state.view(0) == target:
                found[_story(state)] += 1
    return target, found


def _story(state: RoundState) -> tuple[object, ...]:
    """The whole hidden story: seat 1's hand, the boneyard order, and every drawn tile."""
    return (state.hands[1], state.boneyard.tiles, tuple(a.drawn for a in state.history))


def _chi_square(observed: Counter[object], expected: dict[object, float]) -> float:
    assert set(observed) <= set(expected)
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())


# Critical values of the chi-square distribution at p = 0.001 (tables; e.g. NIST/SEMATECH
# e-Handbook, 1.3.6.7.4), for the degrees of freedom of the two tests below.
CHI2_CRITICAL_001 = {23: 49.728, 53: 90.573}


def test_the_position_is_a_fair_test() -> None:
    _, found = _enumerate_position()
    # 54 deals fit the view, each one way; they lead to 24 different current positions.
    assert len(found) == 54 and set(found.values()) == {1}
    current = Counter((k[0], k[1]) for k in found)
    assert len(current) == 24
    # Not uniform over current positions: a hand whose drawn tiles could be any two of its
    # tiles arises in more ways than one where only one split fits the voids.
    assert max(current.values()) == 6 * min(current.values())


def test_sampled_stories_are_uniform() -> None:
    view, found = _enumerate_position()
    n = 1600
    rng = random.Random(2024)
    observed = Counter(_story(sample_world(view, rng)) for _ in range(n))
    expected = {k: n / len(found) for k in found}
    assert _chi_square(observed, expected) < CHI2_CRITICAL_001[len(found) - 1]


def test_sampled_positions_follow_the_exact_distribution() -> None:
    view, found = _enumerate_position()
    total = sum(found.values())
    weights: Counter[object] = Counter()
    for k, c in found.items():
        weights[(k[0], k[1])] += c
    n = 3000
    expected = {k: n * c / total for k, c in weights.items()}
    df = len(expected) - 1
    rng = random.Random(7)
    observed: Counter[object] = Counter()
    for _ in range(n):
        w = sample_world(view, rng, history=False)
        observed[(w.hands[1], w.boneyard.tiles)] += 1
    assert _chi_square(observed, expected) < CHI2_CRITICAL_001[df]
    # The test has power: a sampler uniform over current positions (the naive answer) fails it.
    naive_rng = random.Random(7)
    keys = sorted(expected, key=repr)
    naive = Counter(naive_rng.choice(keys) for _ in range(n))
    assert _chi_square(naive, expected) > CHI2_CRITICAL_001[df]


def test_world_sampler_counts_the_deals() -> None:
    view, _ = _enumerate_position()
    # Seat 1's dealt tiles avoid 0, 1 and 3 (voids after the deal) and include the 6-6 it
    # played; its first draw is the 6-0 it played at once; its second draw avoids 3 and 1; its
    # third may be anything; two tiles remain face down. Hidden: 4-3 4-0 5-0 6-4 5-5 6-5.
    # Dealt: 6-6 and two of {5-5, 6-5, 6-4}; second draw: a tile among the rest of
    # {5-5, 6-5, 6-4, 4-0, 5-0} (no 3, no 1) -> counted by hand: 3 ways for the dealt pair,
    # then the second draw from what is left of those five without 3 or 1 (3 ways), then the
    # third draw from the 3 tiles left (3 ways), the last two to the boneyard: 27 placements,
    # each with the boneyard's two tiles in either order: the 54 deals enumerated above.
    assert WorldSampler(view).count == 27


def test_an_impossible_view_is_rejected() -> None:
    view = _position(POS_HANDS, POS_BONEYARD).view(0)
    bad = attrs.evolve(view, tile_counts=(6, 9))
    with pytest.raises(PositionError):
        sample_world(bad, random.Random(0))


def test_lead_draws_stay_hidden() -> None:
    # simple rules, nobody dealt a double: seats draw in turn until a double appears.
    deal = Deal(
        [
            tl("1-0 2-0 2-1 3-0 3-1"),
            tl("3-2 4-0 4-1 4-2 4-3"),
            tl("5-0 5-1 5-2 5-3 5-4"),
        ],
        tl("6-0 6-1 2-2 6-2 6-3 6-4 6-5 0-0 1-1 3-3 4-4 5-5 6-6"),
    )
    state = RoundState.start(deal, SIMPLE)
    # Dealer 0: seat 1 draws 6-0, seat 2 draws 6-1, seat 0 draws 2-2 and leads it.
    assert [a.seat for a in state.lead_draws] == [1, 2, 0]
    v = state.view(1)
    assert v.lead_draws == (1, 2, 0)
    assert v.own_draws == (T("6-0"),)
    assert v.tile_counts == (6, 6, 6)
    world = sample_world(v, random.Random(1))
    assert world.view(1) == v
    # Before the lead, seat 0 holds the only double, which is the drawn one.
    held = [t for t in world.hands[0] if t.is_double]
    assert len(held) == 1 and all(not t.is_double for s in (1, 2) for t in world.hands[s])
    after, _ = state.apply(parse_move("2-2"))
    v = after.view(2)
    for seed in range(20):
        w = sample_world(v, random.Random(seed))
        assert w.view(2) == v
        assert w.lead_draws[-1] == Action(0, DRAW, T("2-2"))
