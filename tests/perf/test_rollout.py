"""rollout() gives exactly the scores of a playout through the public API (issue 8).

The reference is the loop the rollout module documents: ``legal_moves``, then ``apply`` of the
move at index ``int(rng.random() * len(legal))``, until the round is over. Both sides get a
``random.Random`` seeded alike, so the same random choices must give the same final scores,
under every preset, table size, partnerships and the variant switches of docs/rules.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bergen import (
    CLASSIC,
    SIMPLE,
    TILES,
    BergenError,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HighestDouble,
    LineOfPlay,
    MatchState,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    Points,
    PositionError,
    RoundState,
    Rules,
    Tile,
)
from bergen.rollout import rollout


class HalfHeaders:
    """A user-supplied reduction: headers are worth half, rounded down, within 4 of the target."""

    def reduce(self, base: int, score: int, target: int) -> int:
        return base // 2 if target - score <= 4 else base


class MostPipsWins:
    """A user-supplied blocked-hand judge: the side with the most pips wins; ties: nobody."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        pips = [sum(t.pips for t in s) for s in sides]
        best = max(pips)
        return pips.index(best) if pips.count(best) == 1 else None


CASES: list[tuple[str, Rules, int]] = [
    ("classic-2", CLASSIC, 2),
    ("classic-3", CLASSIC, 3),
    ("classic-4", CLASSIC, 4),
    ("simple-2", SIMPLE, 2),
    ("simple-3", SIMPLE, 3),
    ("simple-4", SIMPLE, 4),
    ("classic-partnerships", CLASSIC.replace(partnerships=True), 4),
    ("simple-partnerships", SIMPLE.replace(partnerships=True), 4),
    ("block-bergen", CLASSIC.replace(drawing=False), 3),
    ("highest-double", CLASSIC.replace(lead=HighestDouble()), 2),
    ("fewest-pips", CLASSIC.replace(blocked=FewestPips()), 4),
    ("no-double-first", CLASSIC.replace(blocked=NoDoubleFirst()), 3),
    ("non-double-pips", CLASSIC.replace(blocked=NoDoubleFirstNonDoublePips()), 2),
    ("reserve-0", CLASSIC.replace(reserve=FixedReserve(0)), 3),
    ("lead-unscored", CLASSIC.replace(lead_scores=False), 2),
    ("points-1-2-1-1", CLASSIC.replace(points=Points(1, 2, 1, 1)), 3),
    ("fixed-target-15", SIMPLE.replace(target=FixedTarget(15)), 3),
    ("draw-for-lead", CLASSIC.replace(no_double=NoDouble.DRAW_IN_TURN), 4),
    ("custom-reduction", CLASSIC.replace(reduction=HalfHeaders()), 2),
    ("custom-judge", CLASSIC.replace(blocked=MostPipsWins()), 3),
]


def api_playout(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    """The documented reference loop over the public API."""
    while state.outcome is None:
        legal = state.legal_moves()
        state, _ = state.apply(legal[int(rng.random() * len(legal))])
    return state.scores


def positions(rules: Rules, seats: int, count: int) -> list[RoundState]:
    """Round states of seeded matches: first positions and positions a few moves in, some
    rounds late in a match (scores near the target, where headers are reduced)."""
    out: list[RoundState] = []
    for seed in range(count):
        match = MatchState.new(seats, rules, seed=seed)
        walk = random.Random(10_000 + seed)
        steps = walk.randrange(0, 60)
        for _ in range(steps):
            if match.is_over:
                break
            legal = match.legal_moves()
            match, _ = match.apply(legal[int(walk.random() * len(legal))])
        if match.round is not None:
            out.append(match.round)
    return out


@pytest.mark.parametrize(("name", "rules", "seats"), CASES, ids=[c[0] for c in CASES])
def test_rollout_gives_the_scores_of_a_public_api_playout(
    name: str, rules: Rules, seats: int
) -> None:
    states = positions(rules, seats, 40)
    assert len(states) >= 20
    for i, state in enumerate(states):
        for k in range(3):
            seed = 1000 * i + k
            want = api_playout(state, random.Random(seed))
            assert rollout(state, "random", random.Random(seed)) == want, (name, i, k)


@pytest.mark.parametrize(("name", "rules", "seats"), CASES[:8], ids=[c[0] for c in CASES[:8]])
def test_rollout_leaves_the_generator_where_the_public_playout_does(
    name: str, rules: Rules, seats: int
) -> None:
    # One random() per move, forced moves included: afterwards both generators agree.
    for state in positions(rules, seats, 10):
        a, b = random.Random(5), random.Random(5)
        api_playout(state, a)
        rollout(state, "random", b)
        assert a.random() == b.random()


def test_policy_first_plays_the_first_legal_move() -> None:
    for state in positions(CLASSIC, 3, 30):
        s = state
        while s.outcome is None:
            s, _ = s.apply(s.legal_moves()[0])
        assert rollout(state, "first") == s.scores


def test_a_finished_round_keeps_its_scores() -> None:
    state = positions(CLASSIC, 2, 1)[0]
    while state.outcome is None:
        state, _ = state.apply(state.legal_moves()[0])
    assert rollout(state, "random", random.Random(1)) == state.scores


def worked_position() -> RoundState:
    # docs/rules.md, rule 5: ends 4 and a double six. Seat 0 holds only the 6-4.
    line = LineOfPlay.parse("4-2 2-6 *6-6")
    held = [[Tile(6, 4)], [Tile(1, 0), Tile(2, 0)]]
    placed = {p.tile for p in line.tiles}
    rest = [t for t in TILES if t not in placed and all(t not in h for h in held)]
    return RoundState.from_position(held, rest, line, 0, CLASSIC)


def test_a_worked_position_triple_header_then_going_out() -> None:
    # 6-4 on the left end (the 4) leaves 6 and the double six: a triple header, 3 (rule 5);
    # it was the last tile: going out, 2 (rule 7). "first" takes 6-4L (left before right).
    assert rollout(worked_position(), "first") == (5, 0)


def test_a_worked_position_either_end() -> None:
    # On the double six instead, the ends are 4 and 4: a double header, 2, then going out, 2.
    seen = {rollout(worked_position(), "random", random.Random(seed)) for seed in range(40)}
    assert seen == {(5, 0), (4, 0)}


def test_bad_arguments_raise_bergen_errors() -> None:
    state = positions(CLASSIC, 2, 1)[0]
    with pytest.raises(BergenError):
        rollout(state, "random")
    with pytest.raises(BergenError):
        rollout(state, "greedy", random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        rollout("not a state", "first")  # type: ignore[arg-type]
