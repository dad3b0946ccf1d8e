"""A state made by apply shares structure with its parent instead of copying it (issue 8).

Checked by identity: the hands of seats that did not move, the rules, the deal, the side of the
line that was not played on (its persistent chain), the history trail, and, for a pass or a
draw, whatever the move did not touch. The parent is never changed.

A state keeps its hands as one tile mask per seat (``_masks``) and builds the public
:class:`Hand` values on first access; the masks of the seats that did not move are shared, and
so are their :class:`Hand` values when the parent had built its own before the move.
"""

from __future__ import annotations

import random

from bergen import CLASSIC, DRAW, PASS, Draw, End, MatchState, Pass, Play, RoundState


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


def test_a_play_shares_the_other_hands_the_rules_the_deal_and_the_history() -> None:
    for old, move in states_with(Play, 60):
        seat = old.to_move
        before = repr(old)
        new, _ = old.apply(move)  # type: ignore[arg-type]
        assert repr(old) == before  # the parent is unchanged
        for k in range(old.seats):
            if k != seat:
                assert new._masks[k] is old._masks[k]
                assert new.hands[k] is old.hands[k]  # repr(old) built the parent's hands
        assert new.hands[seat] is not old.hands[seat]
        assert new.rules is old.rules
        assert new.deal is old.deal
        assert new.lead_draws is old.lead_draws
        if new.outcome is None:
            assert new.boneyard is old.boneyard
        # The history is a persistent list: the new entry points at the parent's.
        assert new._trail is not None and new._trail[1] is old._trail
        assert new.history[:-1] == old.history


def test_a_play_shares_the_line_side_it_was_not_laid_on() -> None:
    for old, move in states_with(Play, 60):
        assert isinstance(move, Play)
        new, _ = old.apply(move)
        a, b = old.line, new.line
        if move.end is End.LEFT:
            assert b._right_chain is a._right_chain
            assert b._left_chain is not None and b._left_chain[2] is a._left_chain
        else:
            assert b._left_chain is a._left_chain
            assert b._right_chain is not None and b._right_chain[2] is a._right_chain
        assert b.lead is a.lead
        assert len(b) == len(a) + 1


def test_a_draw_shares_the_line_and_the_other_hands() -> None:
    for old, move in states_with(Draw, 30):
        assert move is DRAW
        new, _ = old.apply(move)
        assert new.line is old.line  # states_with read the parent's line
        assert new.rules is old.rules
        for k in range(old.seats):
            if k != old.to_move:
                assert new._masks[k] is old._masks[k]
                assert new.hands[k] == old.hands[k]
        # Once the parent has built its hands, a child shares their Hand values.
        twin, _ = old.apply(move)
        for k in range(old.seats):
            if k != old.to_move:
                assert twin.hands[k] is old.hands[k]
        assert new.boneyard.tiles == old.boneyard.tiles[1:]
        assert new._trail is not None and new._trail[1] is old._trail


def test_a_pass_shares_everything_but_the_seat_to_move() -> None:
    for old, move in states_with(Pass, 10):
        assert move is PASS
        new, _ = old.apply(move)
        assert new._masks is old._masks
        assert new.hands == old.hands
        assert new.line is old.line
        assert new.boneyard is old.boneyard
        assert new.scores is old.scores
        assert new.to_move == (old.to_move + 1) % old.seats
        twin, _ = old.apply(move)  # the parent's hands are built now: shared as they are
        assert twin.hands is old.hands


def test_the_first_position_shares_the_deals_boneyard() -> None:
    match = MatchState.new(3, CLASSIC, seed=4)
    state = match.round
    assert state is not None and state.deal is not None
    if not state.lead_draws:
        assert state.boneyard.tiles is state.deal.boneyard


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
