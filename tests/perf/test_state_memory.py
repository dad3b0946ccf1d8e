"""A state costs the same memory and work at any move of its round: the history is shared with
the state it was made from (one link per move), never copied, and the legal moves are worked
out once per state.
"""

from __future__ import annotations

import gc
import itertools
import random
import tracemalloc

import pytest

import bergen
import bergen.kernel.play
from bergen import CLASSIC, Deal, MatchState, RoundState


def _long_round() -> list[RoundState]:
    # A two-seat round with a big boneyard, played with the first legal move: many draws,
    # so a long history. The states are kept, in order.
    for seed in range(200):
        deal = Deal.from_seed(seed, 2, 6)
        if not deal.has_double:
            continue
        state = RoundState.start(deal, CLASSIC)
        states = [state]
        while state.outcome is None:
            state, _ = state.apply(state.legal_moves()[0])
            states.append(state)
        if len(states) > 30:
            return states
    raise AssertionError("no long round found")  # pragma: no cover


def _bytes_of_next(state: RoundState) -> int:
    # The memory that stays allocated for the state apply makes (the state kept alive).
    move = state.legal_moves()[0]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        after, _ = state.apply(move)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert after is not None
    return kept


def test_a_states_memory_does_not_grow_with_its_history() -> None:
    # O(1) memory per move: the state made at the 30th move of a round costs no more than
    # the one made at the 1st (a copied history added 8 bytes per earlier move, a tuple of
    # (seat, action) pairs per state).
    states = _long_round()
    early = [_bytes_of_next(s) for s in states[1:6]]
    late = [_bytes_of_next(s) for s in states[-7:-2]]  # the round's last move makes more
    assert len(states[-3].history) >= 28
    assert max(late) <= max(early) + 16, (early, late)
    assert max(late) <= 800, late


def test_a_match_keeps_one_link_per_move() -> None:
    # A whole seeded match kept state by state: the bytes per state stay flat from the first
    # rounds to the last (the match's finished rounds and redeals are shared tuples, the
    # round's history links).
    match = MatchState.new(2, CLASSIC, seed=3)
    rng = random.Random(3)
    kept: list[MatchState] = [match]
    gc.collect()
    tracemalloc.start()
    try:
        marks = [tracemalloc.get_traced_memory()[0]]
        while not match.is_over:
            legal = match.legal_moves()
            match, _ = match.apply(legal[int(rng.random() * len(legal))])
            kept.append(match)
            marks.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    per_move = [b - a for a, b in itertools.pairwise(marks)]
    assert len(per_move) > 40
    half = len(per_move) // 2
    first = sorted(per_move[:half])[half // 2]
    second = sorted(per_move[half:])[len(per_move[half:]) // 2]
    assert second <= first + 64, (first, second)


@pytest.mark.skipif(
    bergen.COMPILED,
    reason="the compiled states call the compiled kernel directly: a patched kernel is not seen",
)
def test_legal_moves_are_worked_out_once_per_state(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = bergen.kernel.play.legal_actions

    def counting(*args: object) -> tuple[int, ...]:
        calls.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bergen.kernel.play, "legal_actions", counting)
    state = MatchState.new(3, CLASSIC, seed=8).round
    assert state is not None
    first = state.legal_moves()
    assert state.legal_moves() == first
    assert all(state.is_legal(m) for m in first)
    after, _ = state.apply(first[0])
    assert len(calls) == 1
    after.legal_moves()
    after.legal_moves()
    assert len(calls) == 2
