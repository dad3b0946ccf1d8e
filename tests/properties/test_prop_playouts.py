"""Random playouts: thousands of rounds at 2-4 seats and in partnerships, under both presets
and random combinations of every switch, with every invariant checked after every step
(bergen.testing.INVARIANTS; issue 2's random playouts and issue 6's invariants).

Each example plays several whole rounds (seeded matches, random legal moves, now and then an
illegal move that must be rejected) through bergen.testing.check_playouts, which follows the
engine with the reference model and raises InvariantViolation at the first broken invariant.
Under the "ci" profile this plays about 3,500 rounds.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import CLASSIC, PRESETS, SIMPLE, Rules
from bergen.testing import INVARIANTS, PlayoutStats, Table, check_playouts, tables

_BUDGET = settings.default.max_examples  # 100 under the "ci" profile
SEEDS = st.integers(0, 2**32 - 1)

PRESET_TABLES = [
    pytest.param(Table(seats, rules), id=f"{name}-{seats}")
    for name, rules in PRESETS.items()
    for seats in (2, 3, 4)
] + [
    pytest.param(Table(4, CLASSIC.replace(partnerships=True)), id="classic-partnerships"),
    pytest.param(Table(4, SIMPLE.replace(partnerships=True)), id="simple-partnerships"),
]


@pytest.mark.parametrize("table", PRESET_TABLES)
@settings(max_examples=max(5, _BUDGET // 5))
@given(seed=SEEDS)
def test_preset_playouts_keep_every_invariant(table: Table, seed: int) -> None:
    stats = check_playouts(table, seed, rounds=10)
    assert stats.rounds == 10
    assert stats.moves >= 10


@settings(max_examples=_BUDGET)
@given(table=tables(), seed=SEEDS)
def test_random_switch_playouts_keep_every_invariant(table: Table, seed: int) -> None:
    stats = check_playouts(table, seed, rounds=12)
    assert stats.rounds == 12


@settings(max_examples=max(5, _BUDGET // 4))
@given(table=tables(seats=4), seed=SEEDS)
def test_four_seat_playouts_with_and_without_partnerships(table: Table, seed: int) -> None:
    stats = check_playouts(table, seed, rounds=8, deep=True)
    assert stats.rounds == 8


def test_playouts_are_replayable_from_their_arguments() -> None:
    table = Table(3, CLASSIC)
    assert check_playouts(table, 7, rounds=3) == check_playouts(table, 7, rounds=3)


def test_every_invariant_is_named_and_described() -> None:
    assert {
        "tiles",
        "line",
        "legal-moves",
        "reserve",
        "turn-order",
        "round-end",
        "events",
        "header-cap",
        "match-end",
        "purity",
        "determinism",
        "model",
        "view",
    } <= set(INVARIANTS)
    assert all(isinstance(v, str) and v for v in INVARIANTS.values())


def test_stats_add_up() -> None:
    total = PlayoutStats(1, 2, 3, 4, 5, 6) + PlayoutStats(1, 1, 1, 1, 1, 1)
    assert total == PlayoutStats(2, 3, 4, 5, 6, 7)


def test_rules_of_every_table_drawn_are_valid_there() -> None:
    @settings(max_examples=200, database=None)
    @given(table=tables())
    def check(table: Table) -> None:
        numbers = table.rules.for_table(table.seats)
        assert isinstance(table.rules, Rules)
        assert numbers.sides == (2 if table.rules.partnerships else table.seats)
        assert not table.rules.partnerships or table.seats == 4

    check()
