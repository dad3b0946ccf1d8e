"""The reason codes of a set-up position's line and scores agree with docs/records.md: a line
not in canonical notation is ``schema`` like any other badly written tile; a line the rules
reject and a position's scores that do not fit the table are ``deal`` (the set-up position is
rejected); stated scores the replay does not give and start_scores that do not fit the table
are ``result``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bergen import RecordError, RecordReason, loads, replay

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"
"""Three seats (target 10 under classic), round 0 from a set-up position with line *1-1."""


def reason_of(change: dict[str, Any]) -> RecordReason:
    doc: dict[str, Any] = json.loads(WORKED.read_text())
    position = doc["rounds"][0]["position"]
    for key, value in change.items():
        if key == "start_scores":
            doc[key] = value
        else:
            position[key] = value
    with pytest.raises(RecordError) as info:
        replay(loads(json.dumps(doc)))
    reason = info.value.reason
    assert isinstance(reason, RecordReason)
    return reason


@pytest.mark.parametrize(
    "line",
    [
        "garbage",  # not tiles at all
        "5-7",  # not a tile of the double-six set
        "*1-1 *1-4",  # two leads marked
    ],
)
def test_a_line_not_in_canonical_notation_is_schema(line: str) -> None:
    # Before: "deal", though a badly written tile anywhere else in a record is "schema".
    assert reason_of({"line": line}) is RecordReason.SCHEMA


@pytest.mark.parametrize(
    "line",
    [
        "5-1 6-6",  # 6-6 does not match the 1 of 5-1
        "*1-1 1-1",  # 1-1 twice
    ],
)
def test_a_well_written_line_the_rules_reject_is_deal(line: str) -> None:
    assert reason_of({"line": line}) is RecordReason.DEAL


@pytest.mark.parametrize(
    "scores",
    [
        [2, 6],  # two sides at a table of three
        [2, 6, 3, 0],  # four sides
        [10, 0, 0],  # side 0 already at the target 10 (rule 9)
    ],
)
def test_a_position_whose_scores_do_not_fit_the_table_is_deal(scores: list[int]) -> None:
    assert reason_of({"scores": scores}) is RecordReason.DEAL


@pytest.mark.parametrize("start", [[2, 6], [10, 0, 0]])
def test_start_scores_that_do_not_fit_the_table_are_result(start: list[int]) -> None:
    assert reason_of({"start_scores": start}) is RecordReason.RESULT


def test_a_position_whose_scores_differ_from_start_scores_is_result() -> None:
    # The worked hand's position says [2, 6, 3]; start_scores say the match began at 0-0-0.
    assert reason_of({"start_scores": [0, 0, 0]}) is RecordReason.RESULT


def doc_rows() -> dict[str, str]:
    """The reason-code table of docs/records.md: code -> what is wrong."""
    rows: dict[str, str] = {}
    page = (ROOT / "docs" / "records.md").read_text()
    table = page[page.index("| Code | What is wrong |") :]
    for line in table.splitlines()[2:]:
        if not line.startswith("| `"):
            break
        code, what = line.strip("|").split("|", 1)
        rows[code.strip().strip("`")] = what
    return rows


def test_the_docs_say_the_same() -> None:
    rows = doc_rows()
    assert "line of play not in canonical notation" in rows["schema"]
    assert "scores with the wrong number of sides or a side already at the target" in rows["deal"]
    assert "a position's scores that differ from `start_scores`" in rows["result"]
    assert "`start_scores` that do not fit the table" in rows["result"]
