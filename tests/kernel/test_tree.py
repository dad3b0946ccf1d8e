"""The kernel's tree search (bergen.kernel.tree): rewards worked out by hand from the rules,
and the loop's budget."""

from __future__ import annotations

import math
import random

from bergen import CLASSIC, MatchState
from bergen.kernel.actions import DRAW
from bergen.kernel.rollout import greedy_rollout, ranked_action, rollout
from bergen.kernel.table import Table
from bergen.kernel.tree import DRAWN, SEAT, Determinization, Node, rewards, search
from bergen.moves import DRAW as DRAW_MOVE
from bergen.moves import action_of
from bergen.round import RoundState
from bergen.rules import DrawWhen
from bergen.view import PlayerView, WorldSampler, sampler_for


def _table(seats: int) -> Table:
    rnd = MatchState.new(seats, CLASSIC, seed=0).round
    assert rnd is not None
    return rnd._context.table


def test_points_rewards_by_hand() -> None:
    # Two sides from 3 and 5 to 7 and 6: gains 4 and 1, each side's gain less the other's.
    assert rewards(_table(2), (7, 6), (3, 5), 2, []) == [3.0, -3.0]
    # Three sides gain 4, 1 and 1: each less the mean of the other two.
    assert rewards(_table(3), (4, 1, 1), (0, 0, 0), 3, []) == [3.0, -1.5, -1.5]


def test_match_rewards_by_hand() -> None:
    table = _table(2)
    assert table.target == 15  # classic (rule 9)
    equity = [[(a + 1) / (a + b + 2) for b in range(15)] for a in range(15)]
    # A side at the target has won the match (rule 9): 1 and 0, whatever the table says.
    assert rewards(table, (15, 3), (10, 3), 2, equity) == [1.0, 0.0]
    assert rewards(table, (9, 16), (9, 12), 2, equity) == [0.0, 1.0]
    # Below it, the chance from the scores the round ends with, and its complement.
    got = rewards(table, (4, 6), (0, 0), 2, equity)
    assert got[0] == 5 / 12 and math.isclose(got[1], 7 / 12)


def test_three_sides_match_rewards_by_hand() -> None:
    table = _table(3)
    assert table.target == 10  # classic at three seats (rule 9)
    t = table.target
    equity = [[(a + 1) / (a + b + c + 3) for b in range(t) for c in range(t)] for a in range(t)]

    def f(a: int, b: int, c: int) -> float:
        return (a + 1) / (a + b + c + 3)

    # Below the target: each side's score read as equity[own][one * target + other].
    got = rewards(table, (4, 2, 7), (0, 0, 0), 3, equity)
    assert got == [f(4, 2, 7), f(2, 4, 7), f(7, 4, 2)]
    # Decided (rule 9): the winner 1; the others by points, half a point for each side below.
    assert rewards(table, (10, 3, 5), (8, 3, 5), 3, equity) == [1.0, 0.0, 0.5]
    assert rewards(table, (3, 10, 3), (3, 8, 3), 3, equity) == [0.25, 1.0, 0.25]


def _decision(seed: int) -> RoundState:
    rnd = MatchState.new(2, CLASSIC, seed=seed).round
    assert rnd is not None
    while len(rnd.legal_moves()) < 2:
        rnd, _ = rnd.apply(rnd.legal_moves()[0])
        assert rnd.outcome is None
    return rnd


def _true_world(state: RoundState) -> Determinization:
    ctx = state._context
    return ctx.table, ctx.boneyard, state._position, state.to_move, state.scores


def _visits(root: Node) -> int:
    return sum(child.visits for child in root.children.values())


def test_the_iteration_limit_counts_iterations() -> None:
    state = _decision(3)
    me = state.to_move
    root = search(
        me, lambda: _true_world(state), random.Random(1).random, state.scores, 2,
        4.0, greedy_rollout, [], 50, math.inf,
    )  # fmt: skip
    # Every iteration passes through one of the observer's moves at the root.
    assert _visits(root) == 50
    assert all(key // SEAT == me for key in root.children)
    assert len(root.children) == len(state.legal_moves())


def test_a_deadline_past_stops_after_one_iteration() -> None:
    state = _decision(4)
    root = search(
        state.to_move, lambda: _true_world(state), random.Random(2).random, state.scores, 2,
        4.0, rollout, [], -1, 0.0,
    )  # fmt: skip
    assert _visits(root) == 1


def test_ranked_seats_choose_greedys_moves_in_the_tree() -> None:
    # In the true world, after each of the observer's moves the other seat replies only with
    # a move the greedy ranking puts first (ranked_action's choices), never any other.
    checked = ruled_out = 0
    for seed in range(12):
        state = _decision(seed)
        me = state.to_move
        other = 1 - me
        root = search(
            me, lambda s=state: _true_world(s), random.Random(seed).random, state.scores, 2,
            4.0, greedy_rollout, [], 200, math.inf, 1 << other,
        )  # fmt: skip
        for move in state.legal_moves():
            after, _ = state.apply(move)
            child = root.children.get(me * SEAT + action_of(move))
            if after.outcome is not None or after.to_move != other or child is None:
                continue
            if len(after.legal_moves()) < 2:
                continue  # a forced move makes no node
            ctx = after._context
            firsts = {
                ranked_action(
                    ctx.table, ctx.boneyard, after._position, other, after.scores,
                    random.Random(k).random,
                )
                for k in range(40)
            }  # fmt: skip
            replies = {key - other * SEAT for key in child.children}
            assert replies and replies <= firsts
            checked += 1
            ruled_out += len(after.legal_moves()) > len(firsts)
    assert checked > 10 and ruled_out > 5  # the model ruled some legal replies out


def _walk(seed: int) -> list[RoundState]:
    """The decisions (two legal moves or more) of a round played at random."""
    rnd = MatchState.new(2, CLASSIC, seed=seed).round
    assert rnd is not None
    rng = random.Random(seed)
    decisions = []
    while rnd.outcome is None:
        legal = rnd.legal_moves()
        if len(legal) >= 2:
            decisions.append(rnd)
        rnd, _ = rnd.apply(rng.choice(legal))
    return decisions


def test_another_seats_draws_key_the_observers_later_nodes() -> None:
    # Rule 4: when the observer's move leaves the other seat no tile that fits, it draws, and
    # the observer sees it draw (not what): the node after the observer's move is that draw,
    # keyed other * SEAT + DRAW, and the other seat's later moves hang below it.
    checked = 0
    for seed in range(8):
        for state in _walk(seed):
            me = state.to_move
            other = 1 - me
            root = search(
                me, lambda s=state: _true_world(s), random.Random(seed).random, state.scores, 2,
                4.0, greedy_rollout, [], 300, math.inf,
            )  # fmt: skip
            for move in state.legal_moves():
                after, _ = state.apply(move)
                child = root.children.get(me * SEAT + action_of(move))
                if child is None or after.outcome is not None or child.visits < 2:
                    continue
                if after.to_move == other and after.legal_moves() == (DRAW_MOVE,):
                    assert set(child.children) == {other * SEAT + DRAW}
                    checked += 1
    assert checked >= 10


def test_the_observer_keeps_apart_worlds_where_the_other_seat_drew() -> None:
    # Over uniformly sampled worlds, the other seat must draw after one of the observer's moves
    # in some worlds and plays at once in others: the observer's later decisions are kept in
    # two different subtrees (it sees which happened), not fused in one.
    both = 0
    for seed in range(8):
        for state in _walk(seed)[:4]:
            me = state.to_move
            other = 1 - me
            view = state.view(me)
            sampler = sampler_for(view)
            rng = random.Random(seed)

            def world(
                v: PlayerView = view, s: WorldSampler = sampler, r: random.Random = rng
            ) -> Determinization:
                w = s.sample(r, history=False)
                ctx = w._context
                return ctx.table, ctx.boneyard, w._position, v.to_move, v.scores

            root = search(
                me, world, rng.random, state.scores, 2, 4.0, greedy_rollout, [], 400, math.inf
            )
            for child in root.children.values():
                keys = {key - other * SEAT for key in child.children if key // SEAT == other}
                if DRAW in keys and keys - {DRAW}:
                    both += 1
    assert both >= 5


def test_a_draw_chosen_at_any_time_is_keyed_by_the_tile_drawn() -> None:
    # Rule 4 with draws at any time: the observer may draw while a tile fits; the tile it
    # draws (the boneyard's next, in the true world) keys the node below its draw.
    rules = CLASSIC.replace(draw_when=DrawWhen.ANY_TIME)
    checked = 0
    for seed in range(6):
        rnd = MatchState.new(2, rules, seed=seed).round
        assert rnd is not None
        while rnd.outcome is None and DRAW_MOVE not in rnd.legal_moves():
            rnd, _ = rnd.apply(rnd.legal_moves()[0])
        if rnd.outcome is not None or len(rnd.legal_moves()) < 2:
            continue
        me = rnd.to_move
        root = search(
            me, lambda s=rnd: _true_world(s), random.Random(seed).random, rnd.scores, 2,
            4.0, greedy_rollout, [], 200, math.inf,
        )  # fmt: skip
        drew = root.children[me * SEAT + DRAW]
        tile = rnd._context.boneyard[rnd._position[4]]
        assert set(drew.children) == {me * SEAT + DRAWN + tile}
        checked += 1
    assert checked >= 3
