"""The Gymnasium environment: Gymnasium's checker, masks, bots, and replay in bergen."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from bergen import (
    CLASSIC,
    SIMPLE,
    ArgumentError,
    BotError,
    IllegalMoveError,
    MatchState,
    RulesError,
    load_bot,
    record_match,
    replay,
)
from bergen.adapters import encoding as E
from bergen.adapters.gymnasium import ENV_ID, BergenEnv
from bergen.moves import move_of

PARTNERS = CLASSIC.replace(partnerships=True)


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"players": 3, "opponents": "random", "rules": SIMPLE}, {"players": 4, "seat": 2}],
    ids=["2", "3-simple-random", "4-seat2"],
)
def test_check_env(kwargs: dict[str, object]) -> None:
    check_env(BergenEnv(**kwargs))  # type: ignore[arg-type]
    check_env(gymnasium.make(ENV_ID, **kwargs).unwrapped)


@pytest.mark.parametrize(
    ("players", "rules", "seat"), [(2, CLASSIC, 0), (3, SIMPLE, 1), (4, PARTNERS, 3)]
)
def test_a_seeded_game_replays_as_the_native_engine_plays_it(
    players: int, rules: object, seat: int
) -> None:
    for seed in (3, 4):
        game = BergenEnv(players=players, rules=rules, seat=seat, opponents="greedy")  # type: ignore[arg-type]
        obs, info = game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = 0.0
        done = False
        agent_moves = []
        while not done:
            assert (obs["action_mask"] == info["action_mask"]).all()
            assert (obs["action_mask"] == game.action_masks()).all()
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            agent_moves.append(action)
            obs, reward, done, truncated, info = game.step(action)
            assert not truncated
            total += reward
        # The native engine: the same seeded deals, the same bots with the same seeds, and the
        # agent's actions in order.
        native = MatchState.new(players, rules, seed=seed)  # type: ignore[arg-type]
        bots = {s: load_bot("greedy", seed=seed + s) for s in range(players) if s != seat}
        moves = iter(agent_moves)
        while not native.is_over:
            rnd = native.round
            assert rnd is not None
            if rnd.to_move == seat:
                move = move_of(next(moves))
            else:
                move = bots[rnd.to_move].choose(rnd.view(rnd.to_move), rnd.legal_moves())
            native, _ = native.apply(move)
        assert next(moves, None) is None
        assert game.match.scores == native.scores
        assert replay(record_match(game.match)).scores == native.scores
        side = seat % 2 if rules.partnerships else seat  # type: ignore[attr-defined]
        assert total == native.scores[side]


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    game = BergenEnv()
    game.reset(seed=1)
    before = game.match
    obs, reward, terminated, _, info = game.step(E.PASS_ACTION)  # the lead is required (rule 2)
    assert terminated and reward == -1.0 and info["illegal_action"]
    assert game.match is before
    with pytest.raises(IllegalMoveError):
        game.step(int(np.flatnonzero(obs["action_mask"])[0]))  # the episode is over
    strict = BergenEnv(illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        strict.step(E.PASS_ACTION)


def test_bad_arguments() -> None:
    with pytest.raises(RulesError):
        BergenEnv(players=3, opponents=["greedy"])
    with pytest.raises(RulesError):
        BergenEnv(players=2, seat=2)
    with pytest.raises(BotError):
        BergenEnv(opponents="nobody")
    with pytest.raises(RulesError):
        BergenEnv(players=3, rules=PARTNERS)


@pytest.mark.parametrize("reward", [float("nan"), float("inf"), "x", True, [1.0]])
def test_an_illegal_reward_that_is_not_a_finite_number_is_refused(reward: object) -> None:
    # A NaN reward would be summed into every return silently; "x" failed only at the first
    # illegal action, with float()'s ValueError.
    with pytest.raises(ArgumentError, match="illegal_reward is a finite number or None"):
        BergenEnv(illegal_reward=reward)  # type: ignore[arg-type]


def test_a_finite_illegal_reward_of_any_number_type_is_used() -> None:
    env = BergenEnv(players=3, illegal_reward=np.float32(-2.5))
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(E.N_ACTIONS)  # no action has this id
    assert (reward, terminated, info["illegal_action"]) == (-2.5, True, True)


@pytest.mark.parametrize("opponents", [None, 3])
def test_opponents_that_are_no_specs_are_refused(opponents: object) -> None:
    with pytest.raises(RulesError, match="opponents is a bot spec or a sequence of them"):
        BergenEnv(opponents=opponents)  # type: ignore[arg-type]


def test_render_ansi() -> None:
    game = BergenEnv(players=3, render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert text is not None and "target 10" in text
