"""``bergen replay FILE [--json]``: the actions with their ends, the events, the scores; an
invalid record exits 1 with one line naming the round, the action index and text, the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bergen.cli import main

ROOT = Path(__file__).resolve().parents[2]
WORKED = str(ROOT / "examples" / "worked-hand.json")
STRICT = str(ROOT / "examples" / "worked-hand-strict.json")


def test_replay_prints_the_worked_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", WORKED]) == 0
    out = capsys.readouterr().out
    # EN: "Alice 7, Ben 3, Cara 2"; "the totals are Alice 9, Ben 9 and Cara 5".
    assert "points this round: Alice 7, Ben 3, Cara 2" in out
    assert "totals: Alice 9, Ben 9, Cara 5" in out
    lines = out.splitlines()
    # Each action with the ends after it: "Alice plays the 5-4 against the five ... both ends
    # show a four"; Ben's 3-6 leaves a six and the double six.
    assert any("Alice (seat 0): 5-4L" in ln and ln.endswith("ends 4|4") for ln in lines)
    assert any("Ben (seat 1): 6-3L" in ln and ln.endswith("ends 6|6d") for ln in lines)
    assert any("Cara (seat 2): draw 6-2" in ln for ln in lines)
    assert "triple header: 3 to Ben (seat 1)" in out
    assert "going out: 2 to Alice (seat 0)" in out


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", WORKED, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (rnd,) = doc["rounds"]
    assert rnd["points"] == [7, 3, 2]
    assert doc["scores"] == [9, 9, 5]
    first = rnd["actions"][0]
    assert first["move"] == "4-1R" and first["seat"] == 1
    assert first["ends"] == {"left": 1, "right": 4, "left_double": True, "right_double": False}
    last = rnd["actions"][-1]
    assert [e["kind"] for e in last["events"]] == ["triple_header", "going_out"]


def test_an_invalid_record_exits_1_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", STRICT]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert "round 0" in line and "action 0" in line and "(1-1)" in line
    assert "Alice (seat 0) holds 0-0, the lowest double" in line
    assert "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", ["malformed JSON"]),
        ('{"format": "bergen-record/9"}', ["bergen-record/9"]),
        ("", ["malformed JSON"]),
    ],
)
def test_bad_files_exit_1_with_one_line(
    content: str, words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    for w in words:
        assert w in line


def test_a_missing_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "cannot read" in line


def test_the_readme_shows_both_replay_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "bergen replay examples/worked-hand.json" in readme
    assert "bergen replay examples/worked-hand-strict.json" in readme
