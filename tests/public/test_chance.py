"""ChanceRound and ChanceDeal: known hands, an unordered boneyard, each draw naming its tile.
A full round replayed with the tiles its draws took gives the same events, views and end;
views sample and records replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import (
    CLASSIC,
    SIMPLE,
    ChanceDeal,
    ChanceRound,
    Draw,
    IllegalMoveError,
    NoDouble,
    PositionError,
    Reason,
    RoundState,
    Tile,
    sample_world,
)
from bergen.records import dumps, loads, record_match, replay
from bergen.testing import Table, deals, tables

_BUDGET = settings.default.max_examples


@settings(max_examples=max(30, _BUDGET))
@given(data=st.data(), table=tables())
def test_a_full_round_replays_with_its_draws_named(data: st.DataObject, table: Table) -> None:
    numbers = table.numbers
    redeal = table.rules.no_double is NoDouble.REDEAL
    deal = data.draw(deals(table.seats, numbers.hand_size, no_double=False if redeal else None))
    dealer = data.draw(st.integers(0, table.seats - 1))
    state = RoundState.start(deal, table.rules, dealer=dealer)
    chance = ChanceRound.start(deal.hands, table.rules, dealer=dealer)
    for action in state.lead_draws:
        chance, events = chance.apply(Draw(), action.seat, drawn=action.drawn)
        assert events == ()
    assert chance.state is not None and chance.to_move == state.to_move
    while not state.is_over:
        move = data.draw(st.sampled_from(state.legal_moves()))
        seat = state.to_move
        state, events = state.apply(move)
        drawn = state.history[-1].drawn if isinstance(move, Draw) else None
        chance, chance_events = chance.apply(move, seat, drawn=drawn)
        assert chance_events == events
        assert chance.state.hands == state.hands and chance.state.line == state.line
        assert chance.view(seat) == state.view(seat)
    assert chance.outcome == state.outcome and chance.scores == state.scores


def test_a_draw_names_a_tile_of_the_boneyard() -> None:
    # Two seats; seat 0 holds the 3-3 and leads it; seat 1 holds no 3.
    hands = ["3-3 6-0 1-0 2-0 4-0 5-0", "6-6 6-5 6-4 5-4 5-2 4-2"]
    chance = ChanceRound.start(hands, CLASSIC)
    chance, events = chance.apply("3-3", 0)
    assert [str(e) for e in events] == ["double_header seat=0 side=0 points=2 tile=3-3"]
    with pytest.raises(IllegalMoveError) as error:
        chance.apply("draw")
    assert "names the tile drawn" in str(error.value)
    with pytest.raises(IllegalMoveError) as error:
        chance.apply("draw 6-6")  # in seat 1's own hand
    assert error.value.reason is Reason.TILE_SEEN and "in seat 1's hand" in str(error.value)
    with pytest.raises(IllegalMoveError) as error:
        chance.apply("draw 3-3")
    assert error.value.reason is Reason.TILE_SEEN and "on the line" in str(error.value)
    chance, _ = chance.apply("draw 6-1")
    assert Tile(6, 1) not in chance.boneyard and len(chance.boneyard) == 15
    with pytest.raises(IllegalMoveError) as error:
        chance.apply("draw 6-1")
    assert error.value.reason is Reason.TILE_SEEN
    chance, _ = chance.apply("draw 3-1")  # fits: seat 1 must play now
    with pytest.raises(IllegalMoveError) as error:
        chance.apply("draw 6-0")
    assert error.value.reason is Reason.MUST_PLAY
    chance, _ = chance.apply("3-1L")
    assert chance.state.line.ends == (1, 3)
    # The view is seat 1's: its two draws named, seat 0's tiles hidden; worlds can be sampled.
    view = chance.view(1)
    assert view.own_draws == (Tile(6, 1), Tile(3, 1)) and view.boneyard_size == 14
    world = sample_world(view, random.Random(1))
    assert world.hands[1] == chance.state.hands[1]
    # Records: the round as a match, with its boneyard in the order drawn.
    again = replay(loads(dumps(record_match(chance.match())))).match
    assert again.round.hands == chance.state.hands and again.scores == chance.scores


def test_a_deal_in_pieces() -> None:
    deal = ChanceDeal.start(SIMPLE, 3, dealer=2)
    deal = deal.give(1, "1-4 4-6 3-6 6-0 5-3")
    with pytest.raises(PositionError, match="given by seat 1"):
        deal.give(0, "1-1 5-4 4-3 2-2 6-0")
    with pytest.raises(PositionError, match="the rules deal 5"):
        deal.give(0, "1-1 5-4")
    deal = deal.give(0, "1-1 5-4 4-3 2-2 0-0")
    assert deal.missing == (2,)
    with pytest.raises(PositionError, match="seats 2 have not given"):
        deal.round()
    chance = deal.give(2, "1-5 6-6 2-0 3-1 4-2").round()
    assert chance.to_move == 0 and chance.legal_moves()[0].tile == Tile(0, 0)  # rule 2


def test_draws_in_turn_for_a_lead_double() -> None:
    # simple: nobody dealt a double, the seats draw in turn from the dealer's left (rule 2).
    hands = ["1-0 2-0 2-1 3-0 3-1", "3-2 4-0 4-1 4-2 4-3", "5-0 5-1 5-2 5-3 5-4"]
    chance = ChanceRound.start(hands, SIMPLE, dealer=0)
    assert chance.state is None and chance.to_move == 1
    with pytest.raises(IllegalMoveError) as error:
        chance.apply("draw 6-0", seat=2)
    assert error.value.reason is Reason.NOT_YOUR_TURN
    chance, _ = chance.apply("draw 6-0")
    chance, _ = chance.apply("draw 6-6")  # seat 2 draws a double and leads it
    assert chance.state is not None and chance.to_move == 2
    assert [a.seat for a in chance.state.lead_draws] == [1, 2]
    chance, events = chance.apply("6-6", 2)
    assert events == () and chance.state.line.ends == (6, 6)  # simple: the lead scores nothing
