"""Bad input found by a fresh user's pass over the library: each gets a clear bergen error.

States are immutable values: a rejected call leaves the state it was made on as it was.
"""

from __future__ import annotations

import enum
import random

import pytest

from bergen import (
    CLASSIC,
    TILES,
    ArgumentError,
    BergenError,
    Deal,
    LineOfPlay,
    MatchState,
    PositionError,
    RoundState,
)
from bergen.rollout import rollout


def first_round() -> RoundState:
    state = MatchState.new(3, CLASSIC, seed=1).round
    assert state is not None
    return state


# --------------------------------------------------------------------------- unordered input


@pytest.mark.parametrize("scores", [{0: 7, 1: 7, 2: 7}, {1, 2, 3}, frozenset({4, 5, 6}), "123"])
def test_scores_in_no_order_are_refused(scores: object) -> None:
    # Before: a dict gave its keys (0, 1, 2) as the scores, a set its items in any order.
    deal = Deal.from_seed(1, 3, 6)
    with pytest.raises(PositionError, match="scores are one per side"):
        RoundState.start(deal, CLASSIC, scores=scores)  # type: ignore[arg-type]


def test_hands_and_boneyard_in_no_order_are_refused() -> None:
    # Seat 0 holds the six highest tiles, seat 1 the next six; the rest is the boneyard.
    hands = [list(TILES[22:]), list(TILES[16:22])]
    boneyard = list(TILES[:16])
    line = LineOfPlay.empty()
    # Before: a set of hands was taken in any seat order, a set boneyard in any draw order,
    # and a dict of hands raised a bare TypeError.
    for bad_hands in ({0: hands[0], 1: hands[1]}, frozenset(map(tuple, hands))):
        with pytest.raises(PositionError, match="hands are one per seat"):
            RoundState.from_position(bad_hands, boneyard, line, 0)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="the boneyard is in draw order"):
        RoundState.from_position(hands, set(boneyard), line, 0)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="the boneyard is in draw order"):
        Deal(hands, set(boneyard))  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="hands are one per seat"):
        Deal({0: hands[0], 1: hands[1]}, boneyard)  # type: ignore[arg-type]
    # A hand itself has no order: a set of tiles is a hand.
    state = RoundState.from_position([set(hands[0]), hands[1]], boneyard, line, 1)
    assert state.hands[0].tiles == tuple(TILES[22:])


# --------------------------------------------------------------------------- seats


class Seat(enum.IntEnum):
    ZERO = 0
    ONE = 1
    TWO = 2


def test_int_like_seats_are_seat_numbers_and_bool_is_not() -> None:
    state = first_round()
    lead = state.legal_moves()[0]
    after, _ = state.apply(lead, Seat(state.to_move))  # an int subclass is a seat number
    assert after.line.lead == lead.tile  # type: ignore[union-attr]
    before = repr(state)
    with pytest.raises(ArgumentError, match="seat 7 is not a seat of this 3-seat round"):
        state.apply(lead, 7)
    with pytest.raises(ArgumentError, match="seat must be a seat number"):
        state.apply(lead, bool(state.to_move))
    assert repr(state) == before


# --------------------------------------------------------------------------- user components


class BadReduction:
    """A user-written header reduction that breaks the protocol: returns ``self.value``."""

    def __init__(self, value: object) -> None:
        self.value = value

    def reduce(self, base: int, score: int, target: int) -> object:
        return self.value

    def __repr__(self) -> str:
        return f"BadReduction({self.value!r})"


@pytest.mark.parametrize("value", [-5, 2.5, True, None])
def test_a_reduction_that_returns_no_points_is_named(value: object) -> None:
    # Before: -5 and 2.5 were scored as they were (scores went negative), None raised TypeError.
    rules = CLASSIC.replace(reduction=BadReduction(value))
    state = MatchState.new(3, rules, seed=1).round
    assert state is not None
    before = repr(state)
    # The lead double scores as a double header in classic (rule 5): the reduction is asked.
    with pytest.raises(PositionError, match=r"header reduction BadReduction\(.*\) returned"):
        state.apply(state.legal_moves()[0])
    assert repr(state) == before
    with pytest.raises(PositionError, match="header reduction"):
        rollout(state, "random", random.Random(1))


# --------------------------------------------------------------------------- rollout


class Always:
    """A generator whose random() always returns ``x``."""

    def __init__(self, x: float) -> None:
        self.x = x

    def random(self) -> float:
        return self.x


@pytest.mark.parametrize("x", [1.0, -0.5, 7.0])
def test_rollout_with_numbers_outside_0_1_says_so(x: float) -> None:
    # Before: the walk to the chosen play never ended.
    with pytest.raises(BergenError, match=r"outside \[0, 1\)"):
        rollout(first_round(), "random", Always(x))  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", [None, 5, random.Random, "seed"])
def test_rollout_needs_a_generator(rng: object) -> None:
    with pytest.raises(BergenError, match="needs rng"):
        rollout(first_round(), "random", rng)  # type: ignore[arg-type]
