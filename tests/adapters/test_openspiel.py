"""The OpenSpiel game python_bergen: OpenSpiel's own checks, ids, bots, and replay in bergen."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from bergen import TILES, ArgumentError, MatchState, RulesError, replay
from bergen.adapters import encoding as E
from bergen.adapters.openspiel import BergenBot, BergenGame
from bergen.moves import move_of

CONFIGS = [
    {},
    {"players": 3},
    {"players": 4, "partnerships": True},
    {"players": 4, "preset": "simple"},
    {"players": 3, "preset": "simple", "drawing": False},
    {"players": 4, "no_double": "draw"},
    {"rewards": "terminal", "target": 5},
]


@pytest.mark.parametrize("params", CONFIGS, ids=str)
def test_random_sim_test(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_bergen", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_random_sim_test_with_serialization() -> None:
    game = pyspiel.load_game("python_bergen", {"players": 3, "target": 6})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def play(game: pyspiel.Game, seed: int) -> tuple[pyspiel.State, list[tuple[int, int, list[float]]]]:
    """A random game: (final state, [(player, action, rewards after it)] for each decision)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps: list[tuple[int, int, list[float]]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            tile = rng.choice([a for a, _ in outcomes])
            drawing = steps and steps[-1][1] == E.DRAW_ACTION and state.round is not None
            if drawing:  # the tiles left in the boneyard, and the one chance picks is drawn
                assert sorted(a for a, _ in outcomes) == sorted(
                    t.index for t in state.round.boneyard.tiles
                )
            state.apply_action(tile)
            if drawing:
                rnd = state.round or state.match.rounds[-1]
                assert rnd.history[-1].drawn == TILES[tile]
            if steps:
                steps[-1] = (steps[-1][0], steps[-1][1], state.rewards())
            continue
        player = state.current_player()
        rnd = state.round
        assert rnd is not None and rnd.to_move == player
        legal = state.legal_actions()
        # The ids are bergen's: the same moves, in the same (ascending) order.
        assert legal == [E.action_of(m) for m in rnd.legal_moves()]
        assert [state.action_to_string(player, a) for a in legal] == [
            str(m) for m in rnd.legal_moves()
        ]
        action = rng.choice(legal)
        state.apply_action(action)
        steps.append((player, action, state.rewards()))
    return state, steps


@pytest.mark.parametrize(
    "params",
    [{}, {"players": 4, "partnerships": True}, {"players": 3, "preset": "simple"}],
    ids=str,
)
def test_a_game_replays_as_a_bergen_record(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_bergen", params)
    rules = game.rules
    for seed in range(3):
        state, steps = play(game, seed)
        record = state.record()
        result = replay(record)
        side = (lambda p: p % 2) if rules.partnerships else (lambda p: p)
        assert state.returns() == [float(result.scores[side(p)]) for p in range(game.num_players())]
        assert max(result.scores) >= state.match.target
        # The native engine, driven by the deals chance made and the same actions, scores the
        # same points at the same actions.
        native = MatchState.new(game.num_players(), rules)
        moves = iter(steps)
        for rr in record.rounds:
            for redeal in rr.redeals:
                native = native.start_round(redeal)
            assert rr.deal is not None
            native = native.start_round(rr.deal)
            while native.round is not None:
                player, action, rewards = next(moves)
                assert native.round.to_move == player
                native, events = native.apply(move_of(action))
                gained = [0.0] * game.num_players()
                for e in events:
                    for p in range(game.num_players()):
                        if side(p) == e.side:
                            gained[p] += e.points
                # A draw's points (a block found after it) come with its chance node.
                assert gained == rewards
        assert next(moves, None) is None
        assert native.scores == result.scores
        events = [e for r in result.rounds for e in r.events]
        assert [(e.kind, e.side, e.points) for e in events] == [
            (e.event.kind, e.event.side, e.event.points) for rr in record.rounds for e in rr.events
        ]


def test_serialize_round_trip() -> None:
    game = pyspiel.load_game("python_bergen", {"players": 3})
    rng = random.Random(4)
    state = game.new_initial_state()
    for _ in range(40):
        actions = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(actions))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()
    assert state2.information_state_string(1) == state.information_state_string(1)


def test_observations_hide_the_other_hands() -> None:
    game = pyspiel.load_game("python_bergen")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    rnd = state.round
    assert rnd is not None
    for p in (0, 1):
        tensor = state.observation_tensor(p)
        assert tensor == pytest.approx(E.observation(rnd.view(p)))
        assert [t for t in range(28) if tensor[t]] == [t.index for t in rnd.hands[p]]
        text = state.information_state_string(p)
        other = rnd.hands[1 - p]
        assert all(str(t) not in text for t in other)
        assert all(str(t) in text for t in rnd.hands[p])


def test_mcts_and_a_bergen_bot_play_whole_matches() -> None:
    game = pyspiel.load_game("python_bergen", {"rewards": "terminal", "target": 4})
    for i in range(2):
        bot = mcts.MCTSBot(
            game,
            uct_c=4.0,
            max_simulations=8,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
            random_state=np.random.RandomState(i),
        )
        greedy = BergenBot("greedy", 1 - i, seed=i)
        bots = [bot, greedy] if i == 0 else [greedy, bot]
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(i))
        assert max(returns) >= 4  # a side reached the target (rule 9)
        assert all(0 <= r <= game.max_utility() for r in returns)


def test_bad_parameters_are_refused() -> None:
    for bad in ({"players": 5}, {"players": 3, "partnerships": True}, {"rewards": "win"}):
        with pytest.raises(RulesError):
            BergenGame(bad)
    with pytest.raises(RulesError):
        BergenGame({"colour": "red"})
    with pytest.raises(RulesError):
        BergenGame({"players": "2"})


def test_a_chance_outcome_that_is_no_tile_left_is_a_bergen_error() -> None:
    # OpenSpiel calls apply_action with any int a program gives it: an outcome that is no tile
    # left to deal is an ArgumentError (a ValueError) naming it, not a bare ValueError.
    state = BergenGame({}).new_initial_state()
    assert state.is_chance_node()
    dealt = state.chance_outcomes()[0][0]
    state.apply_action(dealt)
    for outcome in (dealt, len(TILES), 10**9):
        with pytest.raises(ArgumentError, match=f"chance outcome {outcome} is not a tile left"):
            state.clone().apply_action(outcome)


def test_the_observer_takes_no_parameters() -> None:
    with pytest.raises(ArgumentError, match="the python_bergen observer takes no parameters"):
        BergenGame({}).make_py_observer(None, {"x": 1})
