"""bergen.solver.solve against a plain exhaustive search over RoundState.apply (issue 24).

The engine is the reference: :func:`exhaustive` walks every legal move with
``RoundState.apply`` to the end of the round, no pruning, no table, and values the final scores
as :mod:`bergen.solver` documents (the root side's points minus the other side's, or minus the
mean of the others' at three or four sides, the root side maximizing and every other side
minimizing). The property draws its rules from every switch of docs/rules.md (round-end
matches included) and small positions, at the lead too, so that it runs in a few seconds.
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import bergen.kernel.solve
import bergen.solver
from bergen import (
    CLASSIC,
    SIMPLE,
    DrawWhen,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
    LeadTile,
    LineOfPlay,
    LowestDouble,
    MatchEnd,
    MatchState,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    PartnershipBlock,
    Points,
    RoundState,
    Rules,
    Tile,
    parse_move,
)
from bergen.solver import solve

# ------------------------------------------------------------------ user-supplied components


class HalfHeadersNear:
    """A reduction of our own: a header is worth half (rounded down) within 4 of the target."""

    def reduce(self, base: int, score: int, target: int) -> int:
        return base // 2 if target - score <= 4 else base


class MostPipsWins:
    """A blocked-hand judge of our own: the most pips wins; a tie: nobody."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        pips = [sum(t.pips for t in s) for s in sides]
        best = max(pips)
        return pips.index(best) if pips.count(best) == 1 else None


class LastSeatWins:
    """A seat judge of our own: the highest seat holding the fewest tiles wins for its side."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        return None

    def winner_of_hands(self, hands: Sequence[Sequence[Tile]], sides: Sequence[int]) -> int | None:
        fewest = min(len(h) for h in hands)
        seat = max(i for i, h in enumerate(hands) if len(h) == fewest)
        return sides[seat]


class MiddleDouble:
    """A lead rule of our own: the middle double held (the lower of the two middles) leads."""

    def choose(self, doubles: Sequence[Tile]) -> Tile:
        return doubles[(len(doubles) - 1) // 2]


class LeaveToDraw:
    """A reserve of our own: all but ``count`` boneyard tiles are never drawn."""

    def __init__(self, count: int) -> None:
        self.count = count

    def reserve(self, seats: int, boneyard_size: int) -> int:
        return max(0, boneyard_size - self.count)


# ------------------------------------------------------------------ the reference


Memo = dict[tuple[object, ...], Fraction]


def exhaustive(state: RoundState, root: int, memo: Memo) -> Fraction:
    """The value of ``state`` for side ``root`` by plain minimax over ``RoundState.apply``: the
    root side's final score minus the mean of the other sides' final scores, the root side
    maximizing and every other side minimizing (minimax at two sides, paranoid at more). Every
    move is searched, no bound cuts anything; ``memo`` keeps the value of each state met by the
    whole of what the rules read there (the hands, the open ends and whether each is a double,
    the boneyard, the seat to move and the scores), so that a state met again is not searched
    again.
    """
    if state.outcome is not None:
        scores = state.scores
        others = [s for i, s in enumerate(scores) if i != root]
        return scores[root] - Fraction(sum(others), len(others))
    line = state.line
    key = (
        state.hands,
        line.ends,
        line.left_double,
        line.right_double,
        state.boneyard.tiles,
        state.to_move,
        state.scores,
    )
    known = memo.get(key)
    if known is not None:
        return known
    values = [exhaustive(state.apply(m)[0], root, memo) for m in state.legal_moves()]
    value = max(values) if state.side_of(state.to_move) == root else min(values)
    memo[key] = value
    return value


def exact_values(state: RoundState) -> list[Fraction]:
    """Every legal move's value by :func:`exhaustive`, as :mod:`bergen.solver` counts it: the
    points from ``state`` on (the root side's minus the others' mean)."""
    root = state.side_of(state.to_move)
    scores = state.scores
    others = [s for i, s in enumerate(scores) if i != root]
    base = scores[root] - Fraction(sum(others), len(others))
    memo: Memo = {}
    return [exhaustive(state.apply(m)[0], root, memo) - base for m in state.legal_moves()]


def check(state: RoundState) -> None:
    """Assert that :func:`solve` gives every legal move of ``state`` its exhaustive value and a
    line that scores the position's value."""
    solution = solve(state)
    exact = exact_values(state)
    assert [mv.move for mv in solution.values] == list(state.legal_moves())
    assert [mv.value for mv in solution.values] == pytest.approx([float(v) for v in exact])
    assert solution.value == pytest.approx(float(max(exact)))
    root = state.side_of(state.to_move)
    end, _ = state.play_out(solution.line)
    assert end.outcome is not None
    others = [end.scores[i] - state.scores[i] for i in range(state.sides) if i != root]
    gained = end.scores[root] - state.scores[root] - Fraction(sum(others), len(others))
    assert float(gained) == pytest.approx(solution.value)
    assert solution.best == solution.line[0]


# ------------------------------------------------------------------ the reproductions


def _tiles(text: str) -> list[Tile]:
    return [Tile.parse(x) for x in text.split()]


ROUND_END = SIMPLE.replace(match_end=MatchEnd.ROUND_END)


def test_round_end_the_round_goes_on_past_the_target() -> None:
    # Issue 24's first reproduction: side 1 at 14 of 15; the round goes on after it reaches the
    # target (rule 9, MatchEnd.ROUND_END), so the points after it count. Before the fix the
    # solver gave 3-2L -2 and 4-4R -3; the exhaustive search gives 4-4R 0.
    state = RoundState.from_position(
        [_tiles("5-6 2-3 4-4"), _tiles("3-4 1-1 1-5")],
        _tiles("4-5 0-6 3-5 0-5 3-3 5-5 2-2 1-2 0-4 2-6 2-4 1-4 3-6 1-3 2-5 0-2"),
        LineOfPlay.parse("3-0 0-0 0-1 1-6 6-6 6-4"),
        0,
        ROUND_END,
        scores=(6, 14),
    )
    solution = solve(state)
    assert [(str(mv.move), mv.value) for mv in solution.values] == [("3-2L", -2.0), ("4-4R", 0.0)]
    assert [float(v) for v in exact_values(state)] == [-2.0, 0.0]
    assert solution.best == parse_move("4-4R")
    end, _ = state.play_out(solution.line)
    assert end.outcome is not None
    assert (end.scores[0] - 6) - (end.scores[1] - 14) == 0


def test_round_end_a_forced_move_past_the_target_is_valued() -> None:
    # Issue 24's second reproduction: it raised RuntimeError ("no child has the position's
    # value"). Seat 1's only move, 5-3L, is worth -2 (the exhaustive search's value). The issue
    # gives no boneyard order; with this one the old solver raised.
    state = RoundState.from_position(
        [_tiles("3-4 4-5 4-4"), _tiles("3-5 2-2 0-2")],
        _tiles("5-1 6-4 3-3 1-0 5-0 3-0 3-1 6-0 6-3 4-1 4-2 3-2 0-0 4-0 6-5 6-2"),
        LineOfPlay.parse("5-5 5-2 2-1 1-1 1-6 6-6"),
        1,
        ROUND_END,
        scores=(7, 12),
    )
    solution = solve(state)
    assert [(str(mv.move), mv.value) for mv in solution.values] == [("5-3L", -2.0)]
    assert [float(v) for v in exact_values(state)] == [-2.0]
    assert solution.line[0] == parse_move("5-3L")
    end, _ = state.play_out(solution.line)
    assert (end.scores[1] - 12) - (end.scores[0] - 7) == -2


# ------------------------------------------------------------------ the property

REDUCTIONS = [NearTargetReduction(), NoReduction(), HalfHeadersNear()]
JUDGES = [
    FewestDoublesThenPips(),
    FewestPips(),
    NoDoubleFirst(),
    NoDoubleFirstNonDoublePips(),
    MostPipsWins(),
    LastSeatWins(),
]
LEADS = [LowestDouble(), HighestDouble(), MiddleDouble()]


@st.composite
def rules_and_seats(draw: st.DrawFn) -> tuple[Rules, int]:
    """Rules drawn from every switch, and a table they allow: small hands and few tiles to
    draw, so that a round is small enough to search exhaustively."""
    seats = draw(st.sampled_from([2, 3, 4]))
    partnerships = seats == 4 and draw(st.booleans())
    size = draw(st.integers(1, 6 if seats == 2 else 4 if seats == 3 else 3))
    drawing = draw(st.booleans())
    reserve = draw(
        st.one_of(
            st.builds(LeaveToDraw, st.integers(1, 3)),
            st.builds(FixedReserve, st.integers(28 - seats * size - 3, 28 - seats * size)),
        )
    )
    rules = draw(st.sampled_from([CLASSIC, SIMPLE])).replace(
        hand_sizes=HandSizes(size, size, size),
        lead=draw(st.sampled_from(LEADS)),
        no_double=draw(st.sampled_from(list(NoDouble))),
        lead_scores=draw(st.booleans()),
        points=Points(*[draw(st.integers(0, 4)) for _ in range(3)], draw(st.integers(1, 4))),
        reduction=draw(st.sampled_from(REDUCTIONS)),
        blocked=draw(st.sampled_from(JUDGES)),
        reserve=reserve,
        drawing=drawing,
        draw_when=draw(st.sampled_from(list(DrawWhen))),
        target=FixedTarget(draw(st.integers(1, 12))),
        partnerships=partnerships,
        lead_tile=draw(st.sampled_from(list(LeadTile))),
        match_end=draw(st.sampled_from(list(MatchEnd))),
        partnership_block=draw(st.sampled_from(list(PartnershipBlock))),
    )
    return rules, seats


def small_position(
    rules: Rules, seats: int, seed: int, scores: list[int], moves: int
) -> RoundState:
    """The round of a match started at ``scores`` (made valid for rule 9), ``moves`` random
    legal moves in (fewer when the round would end)."""
    table = rules.for_table(seats)
    sides = table.sides
    target = table.target
    start = [s % (target + 3) for s in scores[:sides]]
    if rules.match_end is MatchEnd.INSTANT:
        start = [min(s, target - 1) for s in start]
    while max(start) >= target and start.count(max(start)) == 1:
        start[start.index(max(start))] = target - 1
    state = MatchState.new(seats, rules, seed=seed, scores=start).round
    assert state is not None
    rng = random.Random(seed)
    for _ in range(moves):
        nxt, _ = state.apply(rng.choice(state.legal_moves()))
        if nxt.outcome is not None:
            break
        state = nxt
    return state


def check_case(case: tuple[Rules, int], seed: int, scores: list[int], moves: int) -> None:
    """The property: :func:`check` of the position drawn."""
    rules, seats = case
    check(small_position(rules, seats, seed, scores, moves))


DRAWN = {
    "case": rules_and_seats(),
    "seed": st.integers(0, 2**32),
    "scores": st.lists(st.integers(0, 20), min_size=4, max_size=4),
    "moves": st.integers(0, 6),
}

test_every_move_value_is_the_exhaustive_searchs = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)(given(**DRAWN)(check_case))


# ------------------------------------------------------------------ a test of the test

# Faults planted in the kernel's search (bergen/kernel/solve.py), each a one-line change of the
# kind a solver bug is: the property above must fail with each of them.
FAULTS = {
    # A fail-low result equal to alpha stored as exact, not as an upper bound.
    "bounds off by one": ("if best <= a0:  # an upper bound", "if best < a0:  # an upper bound"),
    # The upper bound stored for the lower one too: a bound taken for the exact value.
    "wrong transposition entry": ("self.tt[key] = (lo, hi, ", "self.tt[key] = (hi, hi, "),
    # The search stops at the target under round-end matches too (the old bug, rule 9).
    "round-end cut-off": (
        "over = self.instant and sc + pts >= self.target",
        "over = sc + pts >= self.target",
    ),
}


def faulty_solve(fault: str) -> Callable[..., object]:
    """The kernel's ``solve`` from its source with the fault ``fault`` planted."""
    source = Path(bergen.kernel.solve.__file__).with_name("solve.py")
    if not source.exists():  # an installed compiled build may ship no source
        pytest.skip("no source of bergen/kernel/solve.py to plant a fault in")
    text = source.read_text(encoding="utf-8")
    old, new = FAULTS[fault]
    assert text.count(old) == 1, f"the fault's line is not in the kernel: {old!r}"
    module = types.ModuleType(f"faulty_solve_{fault.replace(' ', '_')}")
    exec(compile(text.replace(old, new), str(source), "exec"), module.__dict__)
    return module.solve  # type: ignore[no-any-return]


# No shrinking and a fixed sequence of examples: the run stops at the first failure.
hunt = settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.generate],
    report_multiple_bugs=False,
    suppress_health_check=list(HealthCheck),
)(given(**DRAWN)(check_case))


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_the_property_fails_with_a_planted_fault(
    fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bergen.solver, "_kernel_solve", faulty_solve(fault))
    with pytest.raises(AssertionError):
        hunt()
