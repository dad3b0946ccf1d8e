"""Inference from the other seats' play (bergen.bots.inference): the weights follow from the
opponent model exactly."""

from __future__ import annotations

import math
import random

import pytest

from bergen import CLASSIC, End, Hand, LineOfPlay, MatchState, Play, RoundState, Tile
from bergen.bots import BotError, GreedyBot, greedy_key
from bergen.bots.inference import OpponentModel, weighted_worlds
from bergen.tiles import TILES


def test_softmax_and_noise_by_hand() -> None:
    m = OpponentModel("points", temperature=1.0, epsilon=0.0)
    p = m.from_utilities([2.0, 0.0])
    assert math.isclose(p[0], math.e**2 / (math.e**2 + 1))
    m = OpponentModel("points", temperature=0.0, epsilon=0.3)
    # The best of three with probability 0.7 + 0.1, the others 0.1 each.
    assert [round(x, 12) for x in m.from_utilities([2, 0, 0])] == [0.8, 0.1, 0.1]
    assert m.from_utilities([1, 1]) == [0.5, 0.5]
    for bad in ({"policy": "x"}, {"temperature": -1}, {"epsilon": 1.5}, {"epsilon": True}):
        with pytest.raises(BotError):
            OpponentModel(**bad)  # type: ignore[arg-type]
    with pytest.raises(BotError):
        m.from_utilities([])


def _position() -> tuple[RoundState, Tile]:
    # Line 5-6 *6-6 6-2: open ends 5 and 2, no double at an end. Seat 1 to move plays the 2-0
    # on the right (ends 5 and 0, no header). Only the 5-2 would have made a header there (on
    # either end: ends 2-2 or 5-5, rule 5), worth 2.
    line = LineOfPlay.parse("5-6 *6-6 6-2")
    mine = Hand.parse("4-4 4-3 3-1 1-0 0-0 3-3")
    theirs = Hand.parse("2-0 5-1 4-2 3-2 6-4 5-2")
    used = {t for t in (*mine.tiles, *theirs.tiles)} | {p.tile for p in line.tiles}
    boneyard = [t for t in TILES if t not in used]
    state = RoundState.from_position([mine, theirs], boneyard, line, 1, CLASSIC)
    state, _ = state.apply(Play(Tile(2, 0), End.RIGHT))
    return state, Tile(5, 2)


def test_weights_follow_the_points_model_exactly() -> None:
    state, header_tile = _position()
    view = state.view(0)
    eps = 0.2
    model = OpponentModel("points", temperature=0.0, epsilon=eps)
    worlds = weighted_worlds(view, 300, random.Random(1), model)
    seen = {True: 0, False: 0}
    for w in worlds:
        before = w.position[0][1] | Tile(2, 0).mask  # seat 1's hand before its play
        # Its legal moves (rule 3): one per end each tile fits, ends 5 and 2.
        k = sum((5 in (t.high, t.low)) + (2 in (t.high, t.low)) for t in Hand(before).tiles)
        held = bool(before & header_tile.mask)
        # Holding the 5-2 it would have scored 2 with probability 1 - eps: it played the 2-0
        # only by the noise, eps / k; otherwise every move scored 0, each 1 / k.
        want = eps / k if held else 1 / k
        assert math.isclose(w.likelihood, want), (Hand(before), k)
        seen[held] += 1
    assert seen[True] and seen[False]  # both kinds of world came up


def test_kernel_ranking_is_greedys_on_the_view() -> None:
    # The replay works greedy's ranking out on the kernel; on real positions it must give the
    # probabilities of the view-level definition (greedy_key on each seat's view).
    model = OpponentModel("greedy", temperature=0.7, epsilon=0.05)
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        match = MatchState.new(2 + seed % 3, CLASSIC.replace(partnerships=False), seed=seed)
        state = match.round
        assert state is not None
        bots = [GreedyBot(seed=s) for s in range(state.seats)]
        while state.outcome is None:
            legal = state.legal_moves()
            view = state.view(state.to_move)
            if len(legal) > 1:
                want = model.move_probabilities(view, legal)
                ctx = state._context
                got = model.kernel_probabilities(
                    ctx.table,
                    ctx.boneyard,
                    state._position,
                    state.to_move,
                    state.scores,
                    [a for a in (_action(m) for m in legal)],
                )
                assert [round(x, 12) for x in got] == [round(x, 12) for x in want]
                checked += 1
            move = legal[int(rng.random() * len(legal))] if rng.random() < 0.3 else None
            state, _ = state.apply(move or bots[state.to_move].choose(view, legal))
    assert checked > 100


def _action(move: object) -> int:
    from bergen.moves import action_of

    return action_of(move)  # type: ignore[arg-type]


def test_greedy_model_at_zero_temperature_is_greedy() -> None:
    # T = 0, epsilon = 0: the moves greedy ranks first share all the probability.
    before = RoundState.from_position(
        [Hand.parse("4-4 4-3 3-1 1-0 0-0 3-3"), Hand.parse("2-0 5-1 4-2 3-2 6-4 5-2")],
        [
            t
            for t in TILES
            if t
            not in Hand.parse("4-4 4-3 3-1 1-0 0-0 3-3 2-0 5-1 4-2 3-2 6-4 5-2 5-6 6-6 6-2").tiles
        ],
        LineOfPlay.parse("5-6 *6-6 6-2"),
        1,
        CLASSIC,
    )
    view = before.view(1)
    legal = before.legal_moves()
    probs = OpponentModel("greedy", 0.0, 0.0).move_probabilities(view, legal)
    keys = [greedy_key(view, m) for m in legal]
    top = max(keys)
    assert probs == [1 / keys.count(top) if k == top else 0.0 for k in keys]
    # Only the 5-2 makes a header (2 points): its two plays share greedy's choice.
    assert [m.tile for m, p in zip(legal, probs, strict=True) if p] == [Tile(5, 2)] * 2


def test_weighted_worlds_arguments() -> None:
    state, _ = _position()
    view = state.view(0)
    for n in (0, -1, 1.5, True):
        with pytest.raises(BotError):
            weighted_worlds(view, n, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(BotError):
        weighted_worlds(view, 1, random.Random(0), model="greedy")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3])
def test_weights_are_the_models_product_over_the_others_choices(players: int) -> None:
    # Each world's weight is the product, over the other seats' decisions of the round with two
    # legal moves or more, of the model's probability of the move made, worked out here on the
    # world's own states and views (RoundState.apply, move_probabilities), not by the replay.
    from bergen.view import WorldSampler

    model = OpponentModel("greedy", temperature=0.5, epsilon=0.1)
    checked = 0
    for seed in range(6):
        state = MatchState.new(players, CLASSIC, seed=seed).round
        assert state is not None
        bots = [GreedyBot(seed=s) for s in range(players)]
        for _ in range(3 * players):
            if state.outcome is not None:
                break
            view = state.view(state.to_move)
            state, _ = state.apply(bots[state.to_move].choose(view, state.legal_moves()))
        if state.outcome is not None:
            continue
        view = state.view(0)
        worlds = weighted_worlds(view, 12, random.Random(seed), model)
        rng = random.Random(seed)
        sampler = WorldSampler(view)
        starts = [sampler.sample_start(rng) for _ in range(12)]
        for world, start in zip(worlds, starts, strict=True):
            want = 1.0
            replay = start
            for entry in view.history:
                legal = list(replay.legal_moves())
                if entry.seat != 0 and len(legal) > 1:
                    probs = model.move_probabilities(replay.view(entry.seat), legal)
                    want *= probs[legal.index(entry.move)]
                replay, _ = replay.apply(entry.move)
            assert math.isclose(world.likelihood, want, rel_tol=1e-12)
            assert world.position == replay._position
            checked += want < 1.0
    assert checked > 20
