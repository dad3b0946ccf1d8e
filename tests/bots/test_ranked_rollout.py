"""The kernel's ranked playout (bergen.kernel.rollout.ranked_rollout): every seat plays as the
``greedy`` bot ranks its moves (bergen.bots.greedy_key, on each seat's own view)."""

from __future__ import annotations

import random

from bergen import CLASSIC, MatchState, RoundState
from bergen.bots import greedy_key
from bergen.kernel.rollout import ranked_plays, ranked_rollout
from bergen.kernel.tiles import FULL_MASK
from bergen.moves import Play, action_of


def _positions(count: int, seed: int) -> list[RoundState]:
    """Rounds in play at 2, 3 and 4 seats (and partnerships), after some random moves."""
    rng = random.Random(seed)
    out: list[RoundState] = []
    g = 0
    while len(out) < count:
        players = 2 + g % 3
        rules = CLASSIC.replace(partnerships=players == 4 and g % 2 == 0)
        state = MatchState.new(players, rules, seed=seed * 1000 + g).round
        g += 1
        assert state is not None
        for _ in range(rng.randrange(0, 15)):
            if state.outcome is not None:
                break
            state, _ = state.apply(rng.choice(state.legal_moves()))
        if state.outcome is None:
            out.append(state)
    return out


def _greedy_first(state: RoundState) -> list[int]:
    """The plays with greedy's highest rank, on the view of the seat to move."""
    view = state.view(state.to_move)
    plays = [m for m in state.legal_moves() if isinstance(m, Play)]
    top = max(greedy_key(view, m) for m in plays)
    return [action_of(m) for m in plays if greedy_key(view, m) == top]


def test_ranked_plays_are_greedys_first_choices() -> None:
    checked = 0
    for state in _positions(300, 1):
        if not any(isinstance(m, Play) for m in state.legal_moves()):
            continue
        ctx = state._context
        masks, left, right, doubles, drawn = state._position
        line = FULL_MASK
        for h in masks:
            line &= ~h
        for t in ctx.boneyard[drawn:]:
            line &= ~(1 << t)
        side = state.to_move & 1 if ctx.table.partnerships else state.to_move
        got = ranked_plays(
            ctx.table, masks[state.to_move], left, right, bool(doubles & 1), bool(doubles & 2),
            line, state.scores[side],
        )  # fmt: skip
        assert sorted(got) == sorted(_greedy_first(state))
        checked += 1
    assert checked > 200


def _reference(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    """The round played out through RoundState.apply, each seat choosing among greedy's first
    plays (left end first, by tile) with ``int(rng.random() * n)`` when there are two or more;
    forced moves take no number."""
    while state.outcome is None:
        legal = state.legal_moves()
        if any(isinstance(m, Play) for m in legal):
            best = sorted(_greedy_first(state), key=lambda a: (a & 1, a >> 1))
            a = best[0] if len(best) == 1 else best[int(rng.random() * len(best))]
            move = next(m for m in legal if action_of(m) == a)
        else:
            assert len(legal) == 1
            move = legal[0]
        state, _ = state.apply(move)
    return state.scores


def test_ranked_rollout_plays_greedys_moves_to_the_end() -> None:
    for i, state in enumerate(_positions(120, 2)):
        ctx = state._context
        got = ranked_rollout(
            ctx.table, ctx.boneyard, state._position, state.to_move, state.scores,
            random.Random(i).random,
        )  # fmt: skip
        assert got == _reference(state, random.Random(i))
