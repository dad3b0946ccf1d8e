"""The pimc bot: sampled worlds solved exactly (issue 14, item 4)."""

from __future__ import annotations

import pytest

from bergen import CLASSIC, MatchState, parse_move
from bergen.bots import BUILTIN_BOTS, BotError, PIMCBot, load_bot


def test_pimc_takes_the_triple_header_and_goes_out(position) -> None:  # type: ignore[no-untyped-def]
    # Ends 4 and 6d, seat 0 holds only the 6-4: on the 4 it makes a triple header (3) and goes
    # out (2); on the 6-6 a double header (2) and goes out: 5 against 4 in every world.
    state = position(["6-4", "5-5 5-0 2-1 3-0 1-0 2-2"], "4-3 *3-3 3-6 6-6")
    bot = PIMCBot(seed=1, worlds=3)
    assert bot.choose(state.view(0), state.legal_moves()) == parse_move("6-4L")


def test_pimc_is_built_in_and_loads_with_its_parameters() -> None:
    assert BUILTIN_BOTS["pimc"] is PIMCBot
    bot = load_bot("pimc[worlds=4, seconds=0.5, max_nodes=1000]", seed=3)
    assert isinstance(bot, PIMCBot)
    assert (bot.worlds, bot.seconds, bot.max_nodes) == (4, 0.5, 1000)
    # The budget convention of the search bots: without seconds, 16 worlds; with seconds
    # alone, only the clock stops it.
    assert PIMCBot(seed=1).worlds == 16
    assert PIMCBot(seed=1, seconds=0.1).worlds is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"worlds": 0},
        {"worlds": 2.0},
        {"seconds": 0},
        {"seconds": -1.0},
        {"seconds": float("inf")},
        {"seconds": True},
        {"max_nodes": 0},
        {"max_nodes": None},
    ],
)
def test_pimc_refuses_bad_parameters(kwargs: dict[str, object]) -> None:
    with pytest.raises(BotError):
        PIMCBot(seed=0, **kwargs)  # type: ignore[arg-type]


def _decisions(bot_seed: int, n: int) -> list[tuple[object, object]]:
    """The first ``n`` decisions with a choice of a pimc bot playing both seats of a match."""
    match = MatchState.new(2, CLASSIC, seed=5)
    bot = PIMCBot(seed=bot_seed, worlds=4, max_nodes=2000)
    out = []
    while not match.is_over and len(out) < n:
        state = match.round
        assert state is not None
        legal = state.legal_moves()
        move = bot.choose(state.view(state.to_move), legal)
        assert move in legal
        if len(legal) > 1:
            out.append((state.view(state.to_move), move))
        match, _ = match.apply(move)
    return out


def test_pimc_plays_legal_moves_and_is_deterministic_for_a_seed() -> None:
    assert _decisions(7, 6) == _decisions(7, 6)


def test_pimc_answers_when_no_world_can_be_solved_in_its_budget() -> None:
    # From the lead's reply, a whole round is too much for 5 positions: every world's solve
    # stops, and the bot plays the greedy move.
    state = MatchState.new(2, CLASSIC, seed=1).round
    assert state is not None
    state, _ = state.apply(state.legal_moves()[0])
    legal = state.legal_moves()
    bot = PIMCBot(seed=1, worlds=2, max_nodes=5)
    assert bot.choose(state.view(state.to_move), legal) in legal
    tiny = PIMCBot(seed=1, worlds=2, seconds=1e-9)
    assert tiny.choose(state.view(state.to_move), legal) in legal
