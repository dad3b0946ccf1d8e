"""The benchmark's bare loop plays the same classic matches as the engine (issue 8).

``benchmarks/bare.py`` is the pure-Python limit the engine is measured against; it is only a
fair yardstick while it implements the same rules. The benchmark cross-checks it on every run;
this keeps a few seeds in the test suite so that a rules change that leaves it behind shows.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from bergen import CLASSIC, Lead, MatchState, Play

BARE = Path(__file__).resolve().parents[2] / "benchmarks" / "bare.py"


def load_bare() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bergen_bench_bare", BARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_bare_loop_plays_the_engines_matches(seats: int) -> None:
    bare = load_bare()
    for seed in range(12):
        match = MatchState.new(seats, CLASSIC, seed=seed)
        rng = random.Random(seed)
        moves = placements = 0
        while not match.is_over:
            legal = match.legal_moves()
            move = legal[int(rng.random() * len(legal))]
            match, _ = match.apply(move)
            moves += 1
            placements += isinstance(move, Lead | Play)  # a tile laid on the line
        expected = (list(match.scores), moves, placements)
        assert bare.bare_match(seats, seed, random.Random(seed)) == expected
