"""Hostile input found in the review of the kernel rewrite: every one a bergen error or a
refusal, never a silent wrong move, and no round able to change another's rules.
"""

from __future__ import annotations

import math
import random

import attrs
import pytest

from bergen import (
    CLASSIC,
    BergenError,
    Deal,
    End,
    IllegalMoveError,
    LineOfPlay,
    MatchState,
    Play,
    PositionError,
    Reason,
    RoundState,
    Tile,
)
from bergen.rollout import rollout


def second_move() -> RoundState:
    # Seat 0 leads the 1-1 (seed 1, three seats); seat 2 then holds the 3-1, which fits both
    # ends: its legal moves are 3-1L and 3-1R.
    state = MatchState.new(3, seed=1).round
    assert state is not None
    state, _ = state.apply(state.legal_moves()[0])
    return state


class AlwaysEqual:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


class RaisingEqual:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__


@pytest.mark.parametrize("hostile", [AlwaysEqual(), RaisingEqual()])
def test_an_object_that_is_no_move_is_refused_whatever_its_eq_says(hostile: object) -> None:
    state = second_move()
    before = repr(state)
    assert not state.is_legal(hostile)  # type: ignore[arg-type]
    for call in (state.apply, state.check):
        with pytest.raises(IllegalMoveError) as info:
            call(hostile)  # type: ignore[arg-type]
        assert info.value.reason is Reason.NOT_A_MOVE
    assert repr(state) == before


def test_a_play_subclass_plays_as_the_play_it_is() -> None:
    class MyPlay(Play):
        pass

    state = second_move()
    tile = state.legal_moves()[0].tile  # type: ignore[union-attr]
    after, _ = state.apply(MyPlay(tile, End.RIGHT))
    assert after.history[-1].move == Play(tile, End.RIGHT)


@attrs.frozen
class Always:
    side: object

    def winner(self, sides: object) -> object:
        return self.side


def one_play_from_a_block(judge: object) -> RoundState:
    # Block Bergen (drawing off), line 3-3: seat 0's 3-0 on the right leaves ends 3 and 0,
    # which none of the 6-6, 5-5 and 4-4 left in hand fits: the hand blocks at once.
    rules = CLASSIC.replace(blocked=judge, drawing=False)
    held = {Tile(3, 3), Tile(3, 0), Tile(6, 6), Tile(5, 5), Tile(4, 4)}
    rest = [t for t in (Tile(a, b) for a in range(7) for b in range(a + 1)) if t not in held]
    hands = [[Tile(3, 0), Tile(6, 6)], [Tile(5, 5), Tile(4, 4)]]
    return RoundState.from_position(hands, rest, LineOfPlay.parse("3-3"), 0, rules)


def blocked_result(judge: object) -> object:
    state = one_play_from_a_block(judge)
    try:
        after, events = state.apply(Play(Tile(3, 0), End.RIGHT))
    except PositionError as e:
        return "refused" if "not a side" in str(e) else str(e)
    return after.scores, [str(e) for e in events]


@pytest.mark.parametrize("first", [True, 1])
def test_equal_rules_with_different_components_each_keep_their_own_judge(first: object) -> None:
    # Always(True) == Always(1) (True == 1): rules equal as values, judges that answer apart.
    assert CLASSIC.replace(blocked=Always(True)) == CLASSIC.replace(blocked=Always(1))
    results = {}
    for side in (first, 1 if first is True else True):
        results[side is True] = blocked_result(Always(side))
    assert results[True] == "refused"  # True is not a side
    assert results[False] == ((0, 2), ["blocked_hand seat=1 side=1 points=2"])


def test_no_round_can_change_the_table_its_rules_share() -> None:
    # The rounds of one ruleset object share its kernel table (kept by kernel_table), so
    # no round may be able to change it: a change would reach the other rounds.
    first = MatchState.new(3, seed=1).round
    second = MatchState.new(3, seed=2).round
    assert first is not None and second is not None
    table = first._context.table
    assert table is second._context.table
    for change in (
        lambda: setattr(table, "target", 1000),
        lambda: object.__setattr__(table, "target", 1000),
    ):
        with pytest.raises(AttributeError):
            change()
    assert table.target == 10 and second._context.table.target == 10


class LeadNobody:
    def choose(self, doubles: object) -> Tile:
        return Tile(3, 0)  # not a double


def test_a_lead_rule_that_names_no_double_held_is_a_bergen_error() -> None:
    with pytest.raises(PositionError, match="not one of the doubles held"):
        RoundState.start(Deal.from_seed(5, 2, 6), CLASSIC.replace(lead=LeadNobody()))


class Fixed:
    def __init__(self, value: object) -> None:
        self.value = value

    def random(self) -> object:
        return self.value


@pytest.mark.parametrize("value", [math.inf, None, "0.5", 1.0, -0.5, math.nan, 2])
def test_rollout_with_a_generator_of_no_number_in_0_1_is_a_bergen_error(value: object) -> None:
    state = second_move()
    with pytest.raises(BergenError, match=r"\[0, 1\)"):
        rollout(state, "random", Fixed(value))  # type: ignore[arg-type]


def test_a_view_that_no_round_gives_is_a_position_error() -> None:
    from bergen import sample_world

    state = second_move()
    # The view's constructor refuses the seat now (issue 18); sample_world never sees it.
    with pytest.raises(PositionError, match=r"^PlayerView\.to_move must be a seat 0\.\.2, got 9$"):
        sample_world(attrs.evolve(state.view(0), to_move=9), random.Random(0))
