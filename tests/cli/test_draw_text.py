"""A draw is written ``draw 6-2`` everywhere, as records write it (issue 18): ``bergen simulate``
printed ``draw (6-2)`` while ``bergen replay`` and the records say ``draw 6-2``."""

from __future__ import annotations

import re

import pytest

from bergen.cli import main


def test_simulate_writes_a_draw_as_records_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r": draw [0-6]-[0-6] ", out)
    assert "draw (" not in out
