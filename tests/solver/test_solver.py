"""bergen.solver.solve against values worked out by hand and against plain exhaustive search."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import CLASSIC, SIMPLE, BergenError, MatchState, PositionError, RoundState, parse_move
from bergen.errors import SearchLimitError
from bergen.solver import MoveValue, Solution, solve

Builder = Callable[..., RoundState]

RULES = {
    "classic": CLASSIC,
    "simple": SIMPLE,
    "block": CLASSIC.replace(drawing=False),
    "partners": CLASSIC.replace(partnerships=True),
}


# ------------------------------------------------------------------ values worked out by hand


def test_a_last_tile_worth_a_triple_header_or_a_double_header(position: Builder) -> None:
    # Ends 4 and 6d; seat 0 holds only the 6-4. On the 4 (left) it makes both ends 6, one of
    # them the double six: a triple header, 3, and going out, 2 (rules 5 and 7): 5 points. On the
    # 6-6 (right) the ends read 4 and 4, no double: a double header, 2, and going out: 4.
    state = position(["6-4", "5-5 5-0 2-1 3-0 1-0 2-2"], "4-3 *3-3 3-6 6-6")
    solution = solve(state)
    assert solution.values == (
        MoveValue(parse_move("6-4L"), 5.0),
        MoveValue(parse_move("6-4R"), 4.0),
    )
    assert solution.value == 5.0
    assert solution.best == parse_move("6-4L")
    assert solution.line == (parse_move("6-4L"),)
    assert solution.method == "minimax" and solution.seat == 0 and solution.side == 0


def test_scoring_stops_at_the_target(position: Builder) -> None:
    # The same last tile with seat 0 at 14 of 15: any header is worth 1 (rule 6) and reaches
    # the target, so going out is not scored (rule 9): both plays are worth 1.
    state = position(["6-4", "5-5 5-0 2-1 3-0 1-0 2-2"], "4-3 *3-3 3-6 6-6", scores=(14, 0))
    assert [mv.value for mv in solve(state).values] == [1.0, 1.0]


def test_the_other_side_to_move_sees_its_own_points(position: Builder) -> None:
    # Seat 1 to move holds 6-1 and 1-0 at ends 6 and 1; seat 0 holds the 5-5, which fits
    # nothing, and nobody draws ("Block Bergen", drawing off). 6-1 on the 6
    # (ends 1 and 1): a double header, 2; then seat 0 passes and seat 1 goes out with the 1-0:
    # 2 more, 4 in all. 1-0 on the 1 (ends 6 and 0): nothing; seat 0 passes; 6-1 on the 6 makes
    # ends 1 and 0, nothing, and going out: 2. The 6-1 on the 1 end (ends 6 and 6): a double
    # header, 2, then the 1-0 fits neither 6: seat 1 cannot play, nobody can: blocked. Seat 0
    # holds a double, seat 1 none: seat 1 wins the block, 2 more (rule 8): 4.
    state = position(
        ["5-5", "6-1 1-0"],
        "6-4 4-4 4-1",
        to_move=1,
        rules=CLASSIC.replace(drawing=False),
    )
    solution = solve(state)
    assert [(str(mv.move), mv.value) for mv in solution.values] == [
        ("1-0R", 2.0),
        ("6-1L", 4.0),
        ("6-1R", 4.0),
    ]
    assert solution.side == 1
    assert [str(m) for m in solution.line] == ["6-1L", "pass", "1-0L"]


# ------------------------------------------------------------------ against exhaustive search


def _exhaustive(state: RoundState, root: int) -> Fraction:
    """Plain minimax through the public API, no pruning and no table: the root side's score
    minus the mean of the other sides' scores at the end of the round, the root side
    maximizing and every other side minimizing (minimax at two sides, paranoid at more).
    """
    if state.outcome is not None:
        scores = state.scores
        others = [s for i, s in enumerate(scores) if i != root]
        return scores[root] - Fraction(sum(others), len(others))
    values = [_exhaustive(state.apply(m)[0], root) for m in state.legal_moves()]
    return max(values) if state.side_of(state.to_move) == root else min(values)


def _small_position(
    seed: int, players: int, rules_name: str, left: int, scores: list[int]
) -> RoundState | None:
    """A random position of a random round with at most ``left`` tiles in the hands and to
    draw, with the given scores before it (each below the target), or ``None``.
    """
    rules = RULES[rules_name]
    if rules_name == "partners":
        players = 4
    for k in range(50):  # the rounds that end before they are that small are skipped
        state = MatchState.new(players, rules, seed=seed + k).round
        assert state is not None
        state = state.replace(scores=tuple(s % state.target for s in scores[: state.sides]))
        rng = random.Random(seed + k)
        while state.outcome is None:
            if sum(len(h) for h in state.hands) + state.drawable <= left:
                return state
            state, _ = state.apply(rng.choice(state.legal_moves()))
    return None


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    players=st.sampled_from([2, 3, 4]),
    rules_name=st.sampled_from(sorted(RULES)),
    left=st.integers(2, 9),
    scores=st.lists(st.integers(0, 20), min_size=4, max_size=4),
)
def test_the_solver_agrees_with_exhaustive_search(
    seed: int, players: int, rules_name: str, left: int, scores: list[int]
) -> None:
    state = _small_position(seed, players, rules_name, left, scores)
    if state is None:
        return
    solution = solve(state)
    root = state.side_of(state.to_move)
    sides = state.sides
    assert solution.method == ("minimax" if sides == 2 else "paranoid")
    base = state.scores[root] - Fraction(
        sum(s for i, s in enumerate(state.scores) if i != root), sides - 1
    )
    exact = [_exhaustive(state.apply(m)[0], root) - base for m in state.legal_moves()]
    assert [mv.move for mv in solution.values] == list(state.legal_moves())
    assert [mv.value for mv in solution.values] == pytest.approx([float(v) for v in exact])
    assert solution.value == pytest.approx(float(max(exact)))
    # The line is legal, ends the round, and scores what the value says.
    end, _ = state.play_out(solution.line)
    assert end.outcome is not None
    others = [end.scores[i] - state.scores[i] for i in range(sides) if i != root]
    gained = end.scores[root] - state.scores[root] - Fraction(sum(others), len(others))
    assert float(gained) == pytest.approx(solution.value)
    assert solution.best == solution.line[0]
    assert solution.value_of(solution.best) == solution.value


# ------------------------------------------------------------------ limits and bad input


def test_a_node_limit_stops_the_search_with_a_clear_error() -> None:
    state = MatchState.new(2, CLASSIC, seed=0).round
    assert state is not None
    with pytest.raises(SearchLimitError, match="max_nodes") as info:
        solve(state, max_nodes=50)
    assert info.value.nodes == 51
    with pytest.raises(SearchLimitError):
        solve(state, max_nodes=None, seconds=1e-9)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_nodes": 0},
        {"max_nodes": True},
        {"max_nodes": 2.5},
        {"seconds": 0},
        {"seconds": float("nan")},
        {"seconds": "1"},
    ],
)
def test_bad_limits_are_refused(kwargs: dict[str, object]) -> None:
    state = MatchState.new(2, CLASSIC, seed=0).round
    assert state is not None
    with pytest.raises(BergenError):
        solve(state, **kwargs)  # type: ignore[arg-type]


def test_only_a_round_in_play_is_solved(position: Builder) -> None:
    with pytest.raises(PositionError):
        solve("6-4")  # type: ignore[arg-type]
    state = position(["6-4", "5-5 5-0 2-1 3-0 1-0 2-2"], "4-3 *3-3 3-6 6-6")
    over, _ = state.apply(parse_move("6-4L"))
    with pytest.raises(PositionError, match="over"):
        solve(over)
    solution = solve(state)
    assert isinstance(solution, Solution)
    with pytest.raises(PositionError):
        solution.value_of(parse_move("5-5L"))


def test_the_solver_is_importable_from_bergen() -> None:
    import bergen
    import bergen.solver

    assert bergen.solve is bergen.solver.solve
    assert bergen.Solution is bergen.solver.Solution
    assert bergen.MoveValue is bergen.solver.MoveValue
    assert {"solve", "Solution", "MoveValue"} <= set(bergen.__all__)
