"""The PettingZoo AEC environment: PettingZoo's own tests, seeding, and replay in bergen."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from bergen import CLASSIC, SIMPLE, IllegalMoveError, MatchState, record_match, replay
from bergen.adapters import encoding as E
from bergen.adapters.pettingzoo import env, raw_env
from bergen.moves import move_of

PARTNERS = CLASSIC.replace(partnerships=True)


@pytest.mark.parametrize(
    ("players", "rules"), [(2, CLASSIC), (3, SIMPLE), (4, PARTNERS)], ids=["2", "3s", "4p"]
)
def test_api_test(players: int, rules: object) -> None:
    api_test(env(players=players, rules=rules), num_cycles=300)
    api_test(raw_env(players=players, rules=rules), num_cycles=300)


def test_seed_test() -> None:
    seed_test(lambda: env(players=3), num_cycles=300)


@pytest.mark.parametrize(("players", "rules"), [(2, CLASSIC), (4, PARTNERS), (3, SIMPLE)])
def test_a_seeded_game_replays_as_the_native_engine_plays_it(players: int, rules: object) -> None:
    for seed in (1, 2):
        game = raw_env(players=players, rules=rules)
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        native = MatchState.new(players, rules, seed=seed)  # type: ignore[arg-type]
        totals = dict.fromkeys(game.possible_agents, 0.0)
        while not any(game.terminations.values()):
            agent = game.agent_selection
            obs = game.observe(agent)
            rnd = native.round
            assert rnd is not None and agent == f"seat_{rnd.to_move}"
            assert np.flatnonzero(obs["action_mask"]).tolist() == E.legal_actions(rnd)
            for other in game.possible_agents:
                if other != agent:
                    assert not game.observe(other)["action_mask"].any()
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            game.step(action)
            native, events = native.apply(move_of(action))
            points = E.side_points(events, players, rules.partnerships)  # type: ignore[attr-defined]
            assert [game.rewards[a] for a in game.possible_agents] == points
            for a in game.possible_agents:
                totals[a] += game.rewards[a]
        assert native.is_over and game.match.scores == native.scores
        result = replay(record_match(game.match))
        assert result.scores == native.scores
        side = (lambda s: s % 2) if rules.partnerships else (lambda s: s)  # type: ignore[attr-defined]
        assert [totals[f"seat_{s}"] for s in range(players)] == [
            float(native.scores[side(s)]) for s in range(players)
        ]


def test_reset_without_a_seed_follows_the_seeded_stream() -> None:
    a, b = raw_env(), raw_env()
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.match.round == b.match.round
    a.reset(seed=5)
    assert a.match.round == MatchState.new(2, seed=5).round


def test_illegal_actions() -> None:
    bare = raw_env()
    bare.reset(seed=1)
    rnd = bare.match.round
    assert rnd is not None
    with pytest.raises(IllegalMoveError):
        bare.step(E.PASS_ACTION)  # the required double must lead (rule 2)
    assert bare.match.round is rnd
    wrapped = env()
    wrapped.reset(seed=1)
    mover = wrapped.agent_selection
    wrapped.step(E.PASS_ACTION)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[mover] == -1


def test_render_ansi() -> None:
    game = raw_env(players=3, render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert text is not None and "scores 0 0 0" in text and "seat" in text
    assert raw_env().render() is None
