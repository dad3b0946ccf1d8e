"""The table of limits in docs/records.md ("Limits") says the error each limit raises: the
rows checked here said ``PositionError`` for a seed past 64 bits (it is ``ArgumentError``) and
64 bits for an arena seed (secret seeds go to 2**256)."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from bergen import MatchState, record_match, run_arena
from bergen.deal import shuffled_tiles

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "records.md").read_text("utf-8")


def _row(what: str) -> tuple[str, str]:
    """The limit and error cells of the row that starts with ``what``."""
    for line in PAGE.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells and cells[0].startswith(what):
            return cells[1], cells[2]
    raise AssertionError(f"no row {what!r} in docs/records.md")


def _raised(call: object) -> str:
    with pytest.raises(Exception) as info:
        call()  # type: ignore[operator]
    return type(info.value).__name__


def test_the_seed_row_names_the_errors_raised() -> None:
    _, error = _row("A seed (")
    named = re.findall(r"`(\w+Error)`", error)
    record = record_match(MatchState.new(2, seed=1))
    raised = {
        _raised(lambda: MatchState.new(2, seed=2**64)),
        _raised(lambda: shuffled_tiles(2**64)),
        _raised(lambda: attrs.evolve(record, seed=2**64)),
    }
    assert raised == set(named)


def test_the_arena_seed_row_gives_the_largest_seed() -> None:
    limit, error = _row("An arena seed")
    assert "2**256" in limit and error == "`BotError`"
    run_arena(["random", "random"], 1, 2, seed=2**255, in_process=True)  # a secret seed
    assert _raised(lambda: run_arena(["random", "random"], 1, 2, seed=2**256)) == "BotError"
