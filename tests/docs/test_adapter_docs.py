"""The encoding page's observation table is the code's: every field, size and offset."""

from __future__ import annotations

import re
from pathlib import Path

from bergen.adapters import encoding as E

ROOT = Path(__file__).resolve().parents[2]


def test_the_observation_table_matches_the_fields() -> None:
    text = (ROOT / "docs" / "adapters" / "encoding.md").read_text("utf-8")
    rows = re.findall(r"^\| (\d+) \| `(\w+)` \| (\d+) \|", text, flags=re.MULTILINE)
    offset = 0
    expected = []
    for f in E.OBSERVATION_FIELDS:
        expected.append((str(offset), f.name, str(f.size)))
        offset += f.size
    assert rows == expected
    assert offset == E.OBSERVATION_SIZE


def test_the_action_table_matches_the_ids() -> None:
    text = (ROOT / "docs" / "adapters" / "encoding.md").read_text("utf-8")
    examples = re.findall(r"\| `(\S+)` is (\d+) \|", text)
    assert len(examples) == 3
    for move, action in examples:
        assert E.action_text(int(action)) == move
