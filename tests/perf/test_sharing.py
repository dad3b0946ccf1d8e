"""A state made by apply shares structure with its parent instead of copying it.

Checked by identity: the round's context (rules, deal, boneyard order, the first line), the
history (a linked list: each state's history is one link to its parent's), and, for a pass,
the whole position. The parent is never changed. A state keeps the kernel's compact position
(one tile mask per seat, the ends, the tiles drawn) and builds the public values when read.
"""

from __future__ import annotations

import random

from bergen import CLASSIC, COMPILED, DRAW, PASS, Draw, End, MatchState, Pass, Play, RoundState


def states_with(kind: type, count: int = 20) -> list[tuple[RoundState, object]]:
    """(state, move) pairs from seeded playouts where the chosen move is of ``kind``."""
    found: list[tuple[RoundState, object]] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = MatchState.new(2 + seed % 3, CLASSIC, seed=seed).round
        assert state is not None
        while state.outcome is None and len(found) < count:
            legal = state.legal_moves()
            move = legal[int(rng.random() * len(legal))]
            if isinstance(move, kind) and state.line.lead is not None:
                found.append((state, move))
            state, _ = state.apply(move)
        seed += 1
    return found


def test_a_play_shares_the_context_and_the_history() -> None:
    for old, move in states_with(Play, 60):
        seat = old.to_move
        before = repr(old)
        new, _ = old.apply(move)  # type: ignore[arg-type]
        assert repr(old) == before  # the parent is unchanged
        for k in range(old.seats):
            if k != seat:
                assert new.hands[k] == old.hands[k]
        assert new.hands[seat] != old.hands[seat]
        assert new._context is old._context
        assert new.rules is old.rules
        assert new.deal is old.deal
        assert new.lead_draws is old.lead_draws
        if new.outcome is None:
            assert new.boneyard == old.boneyard
        assert new._trail[:-1] == old._trail
        assert new._log[2] is old._log  # a link to the parent's history, not a copy
        assert new.history[:-1] == old.history


def test_a_play_lays_one_tile_on_the_side_it_was_played() -> None:
    for old, move in states_with(Play, 60):
        assert isinstance(move, Play)
        new, _ = old.apply(move)
        a, b = old.line, new.line
        if move.end is End.LEFT:
            assert b.tiles[1:] == a.tiles
        else:
            assert b.tiles[:-1] == a.tiles
        assert b.lead == a.lead
        assert len(b) == len(a) + 1


def test_a_draw_shares_the_context_and_the_other_hands() -> None:
    for old, move in states_with(Draw, 30):
        assert move is DRAW
        new, _ = old.apply(move)
        assert new.line == old.line
        assert new._context is old._context
        for k in range(old.seats):
            if k != old.to_move:
                assert new.hands[k] == old.hands[k]
        assert new.boneyard.tiles == old.boneyard.tiles[1:]
        assert new._trail[:-1] == old._trail
        assert new._log[2] is old._log


def test_a_pass_shares_everything_but_the_seat_to_move() -> None:
    for old, move in states_with(Pass, 10):
        assert move is PASS
        new, _ = old.apply(move)
        assert new._position == old._position
        # mypyc keeps a position (a fixed-length tuple) unboxed, so the compiled kernel hands
        # back an equal tuple, not the same one.
        if not COMPILED:
            assert new._position is old._position
        assert new._context is old._context
        assert new.hands == old.hands
        assert new.line == old.line
        assert new.boneyard == old.boneyard
        assert new.scores is old.scores
        assert new.to_move == (old.to_move + 1) % old.seats


def test_the_first_position_holds_the_deals_boneyard() -> None:
    match = MatchState.new(3, CLASSIC, seed=4)
    state = match.round
    assert state is not None and state.deal is not None
    if not state.lead_draws:
        assert state.boneyard.tiles == state.deal.boneyard


def test_a_match_step_shares_the_finished_rounds_and_the_rules() -> None:
    match = MatchState.new(2, CLASSIC, seed=9)
    rng = random.Random(9)
    while not match.is_over:
        legal = match.legal_moves()
        new, _ = match.apply(legal[int(rng.random() * len(legal))])
        assert new.rules is match.rules
        if new.round is not None and len(new.rounds) == len(match.rounds):
            assert new.rounds is match.rounds
            assert new.redeals is match.redeals
        match = new
