"""Mid-round states from bergen.testing.round_states, and the strategies themselves.

Every legal move of a drawn state is checked (purity, determinism, events, the model); a
position set up again with RoundState.from_position plays on exactly the same; and the rules
strategy reaches every value of every switch of docs/rules.md, "Presets and switches".
"""

from __future__ import annotations

import copy

from hypothesis import find, given, settings
from hypothesis import strategies as st

from bergen import (
    TILES,
    FewestDoublesThenPips,
    FewestPips,
    FixedTarget,
    Hand,
    HighestDouble,
    IllegalMoveError,
    LowestDouble,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    RoundState,
    Rules,
    TargetByTable,
    Tile,
)
from bergen.testing import (
    ALL_MOVES,
    RoundChecker,
    check_round_state,
    deals,
    hands,
    round_states,
    rules,
    tables,
    tiles,
)

_BUDGET = settings.default.max_examples


@settings(max_examples=_BUDGET)
@given(state=round_states())
def test_every_legal_move_of_a_mid_round_state_keeps_every_invariant(state: RoundState) -> None:
    assert not state.is_over
    check_round_state(state)
    for move in state.legal_moves():
        RoundChecker(state, deep=True).apply(move)


@settings(max_examples=_BUDGET)
@given(state=round_states(), data=st.data())
def test_illegal_moves_are_rejected_and_change_nothing(
    state: RoundState, data: st.DataObject
) -> None:
    snapshot = copy.deepcopy(state)
    illegal = [m for m in ALL_MOVES if m not in state.legal_moves()]
    for move in data.draw(st.lists(st.sampled_from(illegal), max_size=8)):
        checker = RoundChecker(state)
        err = checker.reject(move)
        assert isinstance(err, IllegalMoveError)
    assert state == snapshot


@settings(max_examples=_BUDGET)
@given(state=round_states())
def test_a_position_set_up_again_plays_on_the_same(state: RoundState) -> None:
    if state.line.lead is None:
        return
    again = RoundState.from_position(
        state.hands,
        state.boneyard.tiles,
        state.line,
        state.to_move,
        state.rules,
        scores=state.scores,
        dealer=state.dealer,
    )
    assert again.legal_moves() == state.legal_moves()
    for move in state.legal_moves():
        a, events_a = state.apply(move)
        b, events_b = again.apply(move)
        assert (a.hands, a.boneyard, a.line, a.scores, a.to_move, a.outcome) == (
            b.hands,
            b.boneyard,
            b.line,
            b.scores,
            b.to_move,
            b.outcome,
        )
        assert [(e.kind, e.side, e.points, e.base_points, e.tile) for e in events_a] == [
            (e.kind, e.side, e.points, e.base_points, e.tile) for e in events_b
        ]


@settings(max_examples=_BUDGET)
@given(data=st.data())
def test_deals_hold_the_28_tiles_and_respect_no_double(data: st.DataObject) -> None:
    seats = data.draw(st.sampled_from((2, 3, 4)))
    size = data.draw(st.integers(1, 21 // seats))
    no_double = data.draw(st.sampled_from((True, False, None)))
    deal = data.draw(deals(seats, size, no_double=no_double))
    placed = [t for h in deal.hands for t in h] + list(deal.boneyard)
    assert sorted(placed) == sorted(TILES)
    assert all(len(h) == size for h in deal.hands)
    if no_double is not None:
        assert deal.has_double is not no_double


@given(hand=hands(min_size=2, max_size=9), tile=tiles())
def test_hands_and_tiles(hand: Hand, tile: Tile) -> None:
    assert 2 <= len(hand) <= 9
    assert Hand.of(hand.tiles) == hand
    assert tile in TILES


SWITCH_VALUES = [
    ("lead highest", lambda r: isinstance(r.lead, HighestDouble)),
    ("lead lowest", lambda r: isinstance(r.lead, LowestDouble)),
    ("draw in turn", lambda r: r.no_double is NoDouble.DRAW_IN_TURN),
    ("redeal", lambda r: r.no_double is NoDouble.REDEAL),
    ("lead scores nothing", lambda r: not r.lead_scores),
    ("going out 1", lambda r: r.points.going_out == 1 and r.points.blocked_hand == 1),
    ("no reduction", lambda r: isinstance(r.reduction, NoReduction)),
    ("reduction", lambda r: isinstance(r.reduction, NearTargetReduction)),
    ("fewest doubles", lambda r: type(r.blocked) is FewestDoublesThenPips),
    ("fewest pips", lambda r: type(r.blocked) is FewestPips),
    ("no double first", lambda r: type(r.blocked) is NoDoubleFirst),
    ("non-double pips", lambda r: type(r.blocked) is NoDoubleFirstNonDoublePips),
    ("reserve 0", lambda r: r.reserve.reserve(3, 10) == 0),
    ("reserve 3", lambda r: r.reserve.reserve(3, 10) == 3),
    ("drawing off", lambda r: not r.drawing),
    ("target fixed", lambda r: isinstance(r.target, FixedTarget)),
    ("target by table", lambda r: isinstance(r.target, TargetByTable)),
    ("partnerships", lambda r: r.partnerships),
    ("hand sizes 6/5/5", lambda r: r.hand_sizes.hand_size(3) == 5),
    ("odd hand size", lambda r: r.hand_sizes.hand_size(2) not in (5, 6)),
]


def test_the_rules_strategy_reaches_every_switch_value() -> None:
    seen: set[str] = set()

    @settings(max_examples=400, database=None, derandomize=True)
    @given(drawn=rules())
    def collect(drawn: Rules) -> None:
        seen.update(name for name, predicate in SWITCH_VALUES if predicate(drawn))

    collect()
    assert seen == {name for name, _ in SWITCH_VALUES}


def test_tables_for_a_fixed_ruleset_use_only_valid_sizes() -> None:
    partnership_rules = Rules(partnerships=True)
    table = find(tables(rules=partnership_rules), lambda t: True, settings=settings(database=None))
    assert table.seats == 4
