"""``bergen keep`` (issue 26): the worked hand typed move by move, undo, save and resume, and
entries from a file or standard input for scripts."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bergen.cli import main

WORKED = """\
# The English page's worked hand (docs/rules.md), from public information
Alice 1-1
4-1R
5-1L
5-4L
6-4R
6-6R
4-3L
6-3L
draw      # Cara holds no six
6-2L
2-2L
6-0R
2-0L
0-0L
"""
ARGS = ["keep", "--rules", "simple", "--names", "Alice,Ben,Cara", "--scores", "2,6,3"]


def test_the_worked_hand_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text(WORKED)
    save = tmp_path / "game.json"
    assert main([*ARGS, "--input", str(moves), "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "** Alice: double header, 2 points" in out
    assert "** Ben: triple header, 3 points" in out
    assert "** Cara: double header, 2 points" in out
    assert "** Alice: triple header, 3 points" in out
    assert "** Alice: going out, 2 points" in out
    assert "scores: Alice 9  Ben 9  Cara 5   (target 10)" in out
    assert "round 0 over: Alice went out" in out
    assert "round 1: Ben deals" in out
    saved = json.loads(save.read_text())
    assert saved["format"] == "bergen-public-record/1" and saved["scores"] == [9, 9, 5]


def test_a_refused_entry_stops_a_script_with_its_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Alice 1-1\n4-1R\n4-1L\n"))
    assert main([*ARGS, "--input", "-"]) == 1
    err = capsys.readouterr().err
    assert "line 3: 4-1L" in err and "4-1 is already on the line" in err


def test_undo_and_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    half = "\n".join(WORKED.splitlines()[:9])  # up to Ben's triple header
    monkeypatch.setattr("sys.stdin", io.StringIO(half + "\n4-3L\nundo\n"))
    # 4-3L again: Alice's 4-3 is on the line, refused; the script stops there.
    assert main([*ARGS, "--input", "-", "--save", str(save)]) == 1
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("undo\n6-3L\n"))
    assert main(["keep", "--resume", str(save), "--input", "-"]) == 0
    out = capsys.readouterr().out
    assert "undone; Ben to move; ends 3 | 6d" in out
    assert "** Ben: triple header, 3 points" in out
    rest = "\n".join(WORKED.splitlines()[9:])
    monkeypatch.setattr("sys.stdin", io.StringIO(rest + "\n"))
    assert main(["keep", "--resume", str(save), "--input", "-"]) == 0
    out = capsys.readouterr().out
    assert "scores: Alice 9  Ben 9  Cara 5" in out
    assert json.loads(save.read_text())["scores"] == [9, 9, 5]


def test_a_blocked_hand_is_settled(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    entries = "Ann 6-6\npass\nsettle Bob\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(entries))
    argv = ["keep", "--rules", "simple", "--names", "Ann,Bob", "--hand-size", "14", "--input", "-"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "** Bob: blocked hand, 2 points" in out
    assert "round 0 over: blocked, Bob wins it" in out


def test_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["keep", "--names", "Ann,Ann", "--input", "-"]) == 2
    assert "distinct names" in capsys.readouterr().err
    assert main(["keep", "--players", "2", "--names", "A,B,C", "--input", "-"]) == 2
