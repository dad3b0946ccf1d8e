"""Player-view records: a game written from one seat's knowledge, replayed to its views."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import CLASSIC, SIMPLE, MatchState, Tile
from bergen.errors import RecordError
from bergen.moves import DRAW, Play
from bergen.records.model import RecordedAction
from bergen.records.view import (
    dumps_view,
    loads_view,
    record_view,
    replay_view,
    view_record_to_json,
)
from bergen.rules import Rules

TABLES = [
    (2, CLASSIC),
    (3, CLASSIC),
    (4, CLASSIC.replace(partnerships=True)),
    (3, SIMPLE),
    (4, SIMPLE),
]


def played(seats: int, rules: Rules, seed: int, moves: int) -> MatchState:
    match = MatchState.new(seats, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(1, 90), st.integers(0, 3))
def test_a_view_record_replays_to_the_seats_views(
    table: tuple[int, Rules], seed: int, moves: int, seat: int
) -> None:
    seats, rules = table
    match = played(seats, rules, seed, moves)
    seat %= seats
    record = loads_view(dumps_view(record_view(match, seat)))
    replayed = replay_view(record)
    finals = [*match.rounds, *([match.round] if match.round is not None else [])]
    assert len(replayed) == len(finals)
    for views, final in zip(replayed, finals, strict=True):
        state = final.start_state
        expected = [state.view(seat)]
        for a in final.history:
            state, _ = state.apply(a.move)
            expected.append(state.view(seat))
        assert list(views) == expected
    # The record names no tile the seat never saw: the boneyard's tiles never drawn.
    doc = view_record_to_json(record)
    for final, rnd in zip(finals, doc["rounds"], strict=True):
        text = json.dumps(rnd)
        for t in final.boneyard.tiles:
            assert str(t) not in text and f"{t.low}-{t.high}" not in text


def test_inconsistent_actions_are_refused() -> None:
    match = played(3, SIMPLE, 5, 6)
    record = record_view(match, 0)
    rnd = record.rounds[0]
    views = replay_view(record)[0]
    # Another seat plays a tile seat 0 holds: a tile in two places.
    step = next(i for i, a in enumerate(rnd.actions) if views[i].to_move != 0)
    mine = views[step].hand.tiles[0]
    bad = list(rnd.actions)
    bad[step] = RecordedAction(Play(mine, __import__("bergen").End.LEFT))
    import attrs

    broken = attrs.evolve(record, rounds=(attrs.evolve(rnd, actions=tuple(bad)),))
    with pytest.raises(RecordError, match="in seat 0's hand"):
        replay_view(broken)
    # Another seat's draw may not name its tile.
    named = attrs.evolve(rnd, actions=(*rnd.actions[:step], RecordedAction(DRAW, Tile(6, 6))))
    with pytest.raises(RecordError):
        replay_view(attrs.evolve(record, rounds=(named,)))
    with pytest.raises(RecordError, match="format"):
        loads_view('{"format": "bergen-record/2", "seat": 0, "seats": [], "rounds": []}')
