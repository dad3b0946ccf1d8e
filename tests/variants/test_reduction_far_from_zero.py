"""Header reduction (rule 6) in matches to a large target, where scores pass the engine's tables.

The engine and :func:`bergen.rollout.rollout` tabulate the built-in reductions for the first
scores of a match and ask the reduction itself beyond; these positions put a side at 600, 997
and 998 points in a match to 1000, and one match to a target of a trillion points. The values
come from the docs/rules.md, rule 6: with ``need = target - score`` before the play, ``need <= 2``
makes every header worth 1 and ``need == 3`` caps a header at 2; otherwise a double header is
worth 2 and a triple header 3 (rule 5).
"""

from __future__ import annotations

import random

import pytest

from bergen import (
    CLASSIC,
    TILES,
    End,
    EventKind,
    FixedTarget,
    LineOfPlay,
    MatchState,
    Play,
    RoundState,
    Tile,
)
from bergen.rollout import rollout

TO_1000 = CLASSIC.replace(target=FixedTarget(1000))


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def position(line: str, score: int) -> RoundState:
    """Two seats; seat 0 to move holds 3-2, which makes both ends show 2 when played on the
    right end (the line's right end shows 3, its left end 2)."""
    hands = [tiles("3-2 6-6 6-5"), tiles("6-4 6-3 5-5")]
    placed = {t for t in tiles(line.replace("*", ""))} | {t for h in hands for t in h}
    boneyard = [t for t in TILES if t not in placed]
    return RoundState.from_position(
        hands, boneyard, LineOfPlay.parse(line), 0, TO_1000, scores=[score, 0]
    )


PLAY_3_2_RIGHT = Play(Tile(3, 2), End.RIGHT)


@pytest.mark.parametrize(
    ("score", "points"),
    [(600, 2), (997, 2), (998, 1)],  # need 400: full; need 3: capped at 2; need 2: 1
)
def test_double_header_far_from_zero(score: int, points: int) -> None:
    # Outer tiles 2-1 (left) and 3-2 (played): no double, a double header (rule 5).
    state = position("2-1 *1-1 1-3", score)
    after, events = state.apply(PLAY_3_2_RIGHT)
    assert [(e.kind, e.points, e.base_points) for e in events] == [
        (EventKind.DOUBLE_HEADER, points, 2)
    ]
    assert after.scores == (score + points, 0)


@pytest.mark.parametrize(
    ("score", "points"),
    [(600, 3), (997, 2), (998, 1)],  # need 400: full; need 3: capped at 2; need 2: 1
)
def test_triple_header_far_from_zero(score: int, points: int) -> None:
    # The left end's outer tile is the double 2-2: a triple header (rule 5).
    state = position("2-2 2-1 *1-1 1-3", score)
    after, events = state.apply(PLAY_3_2_RIGHT)
    assert [(e.kind, e.points, e.base_points) for e in events] == [
        (EventKind.TRIPLE_HEADER, points, 3)
    ]
    assert after.scores == (score + points, 0)


def api_playout(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    while state.outcome is None:
        legal = state.legal_moves()
        state, _ = state.apply(legal[int(rng.random() * len(legal))])
    return state.scores


@pytest.mark.parametrize("score", [600, 997, 998])
def test_rollout_agrees_far_from_zero(score: int) -> None:
    for line in ("2-1 *1-1 1-3", "2-2 2-1 *1-1 1-3"):
        state = position(line, score)
        for seed in range(20):
            want = api_playout(state, random.Random(seed))
            assert rollout(state, "random", random.Random(seed)) == want


def test_a_match_to_a_trillion_points_plays_and_rolls_out() -> None:
    # Before: rollout tabulated the reduction for every score below the target, and never
    # finished for such a target.
    rules = CLASSIC.replace(target=FixedTarget(10**12))
    match = MatchState.new(3, rules, seed=4)
    state = match.round
    assert state is not None and state.target == 10**12
    for seed in range(5):
        assert rollout(state, "random", random.Random(seed)) == api_playout(
            state, random.Random(seed)
        )
