"""Rounds are counted from 0 wherever bergen shows them, as seats are and as records, their
error messages and the vectors count them (docs/api/cli.md, docs/records.md). ``bergen simulate``
and ``bergen play`` once printed "Round 1" for the round that records and errors call round 0.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import re
from pathlib import Path

import pytest

from bergen import RecordError, loads, replay
from bergen.cli import main
from bergen.cli.options import add_rules_arguments
from bergen.cli.play import play_match


def _simulated(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["simulate", "--players", "2", "--seed", "1", *extra]) == 0
    return capsys.readouterr().out


def test_simulate_replay_and_errors_count_rounds_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = _simulated(capsys)
    record = _simulated(capsys, "--json")
    rounds = len(json.loads(record)["rounds"])
    assert rounds >= 2  # a two-seat match to 15 takes more than one round
    headings = re.findall(r"^Round (\d+) \(dealer seat \d\)$", text, flags=re.MULTILINE)
    assert headings == [str(i) for i in range(rounds)]

    path = tmp_path / "match.json"
    path.write_text(record, "utf-8")
    assert main(["replay", str(path)]) == 0
    replayed = re.findall(r"^Round (\d+) ", capsys.readouterr().out, flags=re.MULTILINE)
    assert replayed == headings

    # An error in the second round of the record names it as round 1, as its field does.
    doc = json.loads(record)
    doc["rounds"][1]["actions"][0] = "6-6" if doc["rounds"][1]["actions"][0] != "6-6" else "0-0"
    with pytest.raises(RecordError) as info:
        replay(loads(json.dumps(doc)))
    assert info.value.round == 1
    assert str(info.value).startswith("round 1, action 0")


def test_play_counts_rounds_from_0() -> None:
    parser = argparse.ArgumentParser()
    add_rules_arguments(parser)
    answers = itertools.cycle(["", *(str(n) for n in range(1, 12)), "l", "r"])
    out = io.StringIO()
    assert play_match(2, 0, ["greedy"], 5, parser.parse_args([]), lambda _: next(answers), out) == 0
    headings = re.findall(r"^=== Round (\d+) \(dealer: ", out.getvalue(), flags=re.MULTILINE)
    assert len(headings) >= 2
    assert headings == [str(i) for i in range(len(headings))]
