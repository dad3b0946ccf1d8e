"""The shared encoding: fixed action ids, masks, the observation fields, rules switches."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest

from bergen import CLASSIC, SIMPLE, IllegalMoveError, PositionError, RoundState, RulesError, Tile
from bergen.adapters import encoding as E
from bergen.moves import End, Play, parse_move
from bergen.rules import FixedReserve, FixedTarget, NoDouble


def test_ids_are_the_fixed_table() -> None:
    # docs/adapters/encoding.md: 2*t + end, 56 + t, 84, 85; tile index high*(high+1)//2 + low.
    assert E.action_of(parse_move("5-4L")) == 2 * (5 * 6 // 2 + 4) == 38
    assert E.action_of(parse_move("5-4R")) == 39
    assert E.action_of(parse_move("0-0L")) == 0
    assert E.action_of(parse_move("6-6R")) == 55
    assert E.action_of(parse_move("1-1")) == 56 + 2 == 58
    assert E.action_of(parse_move("6-6")) == 83
    assert E.action_of(parse_move("draw")) == E.DRAW_ACTION == 84
    assert E.action_of(parse_move("pass")) == E.PASS_ACTION == 85
    assert E.N_ACTIONS == 86
    assert [E.action_text(a) for a in (38, 39, 58, 84, 85)] == [
        "5-4L",
        "5-4R",
        "1-1",
        "draw",
        "pass",
    ]


def test_a_tile_on_equal_ends_is_two_actions_that_score_differently(
    position: Callable[..., RoundState],
) -> None:
    # Ends 4 (plain) and 6 (the double 6-6): the 6-4 on the 4 leaves 6 and the double 6, a triple
    # header (3); on the 6-6 it leaves 4 and 4, a double header (2) (docs/rules.md, rule 5).
    state = position(["6-4 5-0", "2-2 2-1"], "4-3 *3-3 3-6 6-6")
    t = Tile(6, 4).index
    assert E.legal_actions(state) == [2 * t, 2 * t + 1]
    mask = E.action_mask(state)
    assert sum(mask) == 2 and mask[2 * t] == mask[2 * t + 1] == 1
    _, left = state.apply(E.move_for(state, 2 * t))
    _, right = state.apply(E.move_for(state, 2 * t + 1))
    assert [e.points for e in left] == [3]
    assert [e.points for e in right] == [2]


def test_equal_ends_keep_both_placements(position: Callable[..., RoundState]) -> None:
    # Both ends show 3, the left one the double 3-3: the 3-1 on either end is its own action, and
    # the lines differ (the double stays at one end or the other).
    state = position(["3-1 6-6", "2-2 2-1"], "*3-3 3-6 6-5 5-3")
    assert state.line.ends == (3, 3)
    t = Tile(3, 1).index
    assert E.legal_actions(state) == [2 * t, 2 * t + 1]
    a, _ = state.apply(E.move_for(state, 2 * t))
    b, _ = state.apply(E.move_for(state, 2 * t + 1))
    assert (a.line.left_double, a.line.right_double) == (False, False)
    assert (b.line.left_double, b.line.right_double) == (True, False)


def test_move_for_refuses_what_is_not_a_legal_id(position: Callable[..., RoundState]) -> None:
    state = position(["6-4 5-0", "2-2 2-1"], "4-3 *3-3 3-6 6-6")
    for bad in (-1, 86, "38", 3.0, True, None):
        with pytest.raises(IllegalMoveError):
            E.move_for(state, bad)
    with pytest.raises(IllegalMoveError):
        E.move_for(state, E.DRAW_ACTION)  # a tile fits: no draw (rule 4)
    with pytest.raises(PositionError):
        E.legal_actions("not a state")  # type: ignore[arg-type]
    assert E.move_for(state, 2 * Tile(6, 4).index) == Play(Tile(6, 4), End.LEFT)


def test_observation_fields_of_a_position(position: Callable[..., RoundState]) -> None:
    # Seat 0 holds 6-4 and 5-0; the line 4-3 *3-3 3-6 6-6: ends 4 (plain) and 6 (a double).
    state = position(["6-4 5-0", "2-2 2-1 1-0"], "4-3 *3-3 3-6 6-6", scores=(7, 12), to_move=0)
    obs = E.observation(state.view(0))
    assert len(obs) == E.OBSERVATION_SIZE == 94
    at = {}
    i = 0
    for f in E.OBSERVATION_FIELDS:
        at[f.name] = obs[i : i + f.size]
        i += f.size
    held = [t for t in range(28) if at["hand"][t]]
    assert held == sorted([Tile(6, 4).index, Tile(5, 0).index])
    on_line = {t for t in range(28) if at["line"][t]}
    assert on_line == {Tile(4, 3).index, Tile(3, 3).index, Tile(6, 3).index, Tile(6, 6).index}
    assert at["left_end"] == [0, 0, 0, 0, 1, 0, 0]
    assert at["right_end"] == [0, 0, 0, 0, 0, 0, 1]
    assert at["left_double"] == [0] and at["right_double"] == [1]
    assert at["tile_counts"] == [2, 3, 0, 0]
    # 28 - 4 on the line - 5 in hands = 19 in the boneyard; the reserve of 2 is never drawn.
    assert at["boneyard"] == [19] and at["drawable"] == [17]
    assert at["scores"] == [7, 12, 0, 0]
    assert at["need"] == [15 - 7, 15 - 12, 0, 0]  # two seats play to 15 (rule 9)
    assert at["to_move"] == [1, 0, 0, 0] and at["seat"] == [1, 0, 0, 0]
    # Seat 1's observation holds its own tiles, never seat 0's.
    other = E.observation(state.view(1))
    assert [t for t in range(28) if other[t]] == sorted(
        [Tile(2, 2).index, Tile(2, 1).index, Tile(1, 0).index]
    )
    assert other[90:94] == [0, 1, 0, 0]
    high = E.observation_high(CLASSIC, 2)
    assert all(0 <= v <= h for v, h in zip(obs, high, strict=True))
    assert E.max_score(CLASSIC, 2) == 15 - 1 + 3


def test_rules_from_switches() -> None:
    assert E.rules_from() is CLASSIC
    assert E.rules_from("simple") is SIMPLE
    r = E.rules_from(
        "classic", partnerships=True, target=7, drawing=False, reserve=0, no_double="draw"
    )
    assert r.partnerships and not r.drawing
    assert r.target == FixedTarget(7) and r.reserve == FixedReserve(0)
    assert r.no_double is NoDouble.DRAW_IN_TURN and r.base == "classic"
    for bad in (
        {"preset": "chess"},
        {"target": -1},
        {"reserve": -2},
        {"no_double": "sometimes"},
        {"partnerships": 1},
    ):
        with pytest.raises(RulesError):
            E.rules_from(**bad)  # type: ignore[arg-type]


def test_import_bergen_imports_no_framework() -> None:
    code = (
        "import sys, bergen, bergen.adapters, bergen.adapters.encoding\n"
        "bad = [m for m in ('pyspiel', 'pettingzoo', 'gymnasium', 'numpy') if m in sys.modules]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
