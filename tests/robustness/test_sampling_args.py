"""Sampling hidden worlds with a wrong argument: a bergen error naming the argument, not an
AttributeError from deep inside the sampler."""

from __future__ import annotations

import random

import pytest

from bergen import CLASSIC, BergenError, Deal, PositionError, RoundState
from bergen.errors import _brief
from bergen.sampling import WorldSampler, sample_world, sampler_for
from bergen.view import PlayerView, voids


def a_view() -> PlayerView:
    state = RoundState.start(Deal.from_seed(5, 2, 6), CLASSIC)
    state, _ = state.apply(state.legal_moves()[0])  # the lead
    return state.view(1)


NOT_VIEWS = [None, "view", 3, [1, 2], RoundState.start(Deal.from_seed(5, 2, 6), CLASSIC)]


@pytest.mark.parametrize("bad", NOT_VIEWS, ids=lambda v: type(v).__name__)
def test_a_view_that_is_not_a_view(bad: object) -> None:
    # A RoundState is not a view either: sampling needs what one seat sees.
    for call, name in [
        (lambda: sample_world(bad, random.Random(1)), "sample_world"),  # type: ignore[arg-type]
        (lambda: sampler_for(bad), "sampler_for"),  # type: ignore[arg-type]
        (lambda: WorldSampler(bad), "WorldSampler"),  # type: ignore[arg-type]
        (lambda: voids(bad), "voids"),  # type: ignore[arg-type]
    ]:
        with pytest.raises(PositionError) as info:
            call()
        message = str(info.value)
        assert message.startswith(f"{name} takes view, a PlayerView")
        assert _brief(bad) in message  # the value, cut short when long


class NumpyLike:
    """A generator of another library: no randrange, no shuffle."""

    def integers(self, low: int, high: int) -> int:
        return low


@pytest.mark.parametrize("bad", [None, 7, "seed", NumpyLike()], ids=lambda v: type(v).__name__)
def test_an_rng_that_is_not_a_generator(bad: object) -> None:
    view = a_view()
    with pytest.raises(BergenError, match=r"^sample_world takes rng, a random\.Random") as info:
        sample_world(view, bad)  # type: ignore[arg-type]
    assert _brief(bad) in str(info.value)  # the value, cut short when long
    with pytest.raises(BergenError, match=r"^WorldSampler\.sample takes rng, a random\.Random"):
        WorldSampler(view).sample(bad)  # type: ignore[arg-type]


def test_a_random_generator_still_samples() -> None:
    view = a_view()
    # Any random.Random (SystemRandom included), and the random module's own generator.
    for rng in (random.Random(3), random.SystemRandom(), random):
        world = sample_world(view, rng)  # type: ignore[arg-type]
        assert world.view(1) == view
