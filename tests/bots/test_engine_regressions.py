"""Engine regressions found while building the bots (docs/rules.md, rule 4)."""

from __future__ import annotations

import random

from bergen import CLASSIC, DRAW, PASS, SIMPLE, TILES, LineOfPlay, MatchState, RoundState, Tile


def test_a_draw_never_takes_the_reserve() -> None:
    # Rule 4, reserve 2: with three tiles face down, one can be drawn; after it, two remain
    # and nothing more may be drawn. Seat 0 holds no 6 (the ends show 6 and 6).
    bone = [Tile(3, 2), Tile(3, 0), Tile(2, 0)]
    sixes = [t for t in TILES if t.has(6) and t != Tile(6, 6)]
    seat0 = [t for t in TILES if not t.has(6) and t not in bone]
    state = RoundState.from_position([seat0, sixes], bone, LineOfPlay.parse("6-6"), 0, CLASSIC)
    assert state.drawable == 1
    assert state.legal_moves() == (DRAW,)
    state, _ = state.apply(DRAW)
    assert len(state.boneyard) == 2
    assert state.drawable == 0
    assert state.legal_moves() == (PASS,)


def test_simple_rules_never_draw_from_an_empty_boneyard() -> None:
    # simple: reserve 0, so every tile can be drawn, and then none: random play at four seats
    # (seed 1 drew the boneyard dry) ends every round without error.
    rng = random.Random(1)
    for seed in range(20):
        match = MatchState.new(4, SIMPLE, seed=seed)
        while not match.is_over:
            match, _ = match.apply(rng.choice(match.legal_moves()))
