"""Sampling with arguments of the right type but a wrong value: a generator class instead of a
generator, a max_tries that is not a count of tries, a view whose seat is not at its table.
Each is a bergen error naming what is wrong, not a bare TypeError or IndexError."""

from __future__ import annotations

import random

import attrs
import pytest

from bergen import CLASSIC, BergenError, Deal, PositionError, RoundState
from bergen.sampling import WorldSampler, sample_world, sampler_for
from bergen.view import PlayerView


def a_view() -> PlayerView:
    state = RoundState.start(Deal.from_seed(5, 2, 6), CLASSIC)
    state, _ = state.apply(state.legal_moves()[0])  # the lead
    return state.view(1)


@pytest.mark.parametrize("cls", [random.Random, random.SystemRandom])
def test_a_generator_class_is_not_a_generator(cls: type) -> None:
    # Before: random.Random has randrange and shuffle as (unbound) functions, so it passed the
    # check and failed inside with "randrange() missing 1 required positional argument".
    view = a_view()
    with pytest.raises(BergenError, match=r"^sample_world takes rng, a random\.Random") as info:
        sample_world(view, cls)  # type: ignore[arg-type]
    assert repr(cls) in str(info.value)
    with pytest.raises(BergenError, match=r"^WorldSampler\.sample takes rng, a random\.Random"):
        sampler_for(view).sample(cls)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 0, 1.5, None, "10", True])
def test_max_tries_must_be_a_count_of_tries(bad: object) -> None:
    sampler = WorldSampler(a_view())
    with pytest.raises(BergenError) as info:
        sampler.sample(random.Random(1), max_tries=bad)  # type: ignore[arg-type]
    message = str(info.value)
    assert message == f"WorldSampler.sample takes max_tries, an int >= 1, got {bad!r}"
    assert not isinstance(info.value, PositionError)  # not "no consistent world found"


def test_one_try_is_a_valid_count() -> None:
    # The smallest count of tries is accepted (seeded, so the placement tried is always the
    # same one).
    view = a_view()
    world = WorldSampler(view).sample(random.Random(2), max_tries=1)
    assert world.view(1) == view


@pytest.mark.parametrize("seat", [9, 2, -1, True, "1", None])
def test_a_view_whose_seat_is_not_at_its_table(seat: object) -> None:
    # The view's constructor refuses the seat (issue 18): no sampler ever gets such a view.
    with pytest.raises(PositionError) as info:
        attrs.evolve(a_view(), seat=seat)  # two seats: 0 and 1
    assert str(info.value) == f"PlayerView.seat must be a seat 0..1, got {seat!r}"
