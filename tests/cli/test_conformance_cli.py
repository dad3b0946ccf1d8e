"""``bergen conformance`` and the failures of ``bergen replay`` (docs/records.md)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from bergen.cli import main

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors"


def test_conformance_passes_on_the_shipped_vectors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", str(VECTORS), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    kinds = {r["kind"] for r in doc["checks"]}
    assert kinds == {"record", "invalid", "perft"} and doc["failed"] == 0
    # Each invalid vector is reported with its reason code, as its meta says.
    invalid = {r["name"]: r["got"] for r in doc["checks"] if r["kind"] == "invalid"}
    assert invalid["must-play.json"] == "round 0, action 0: must_play"
    assert invalid["wrong-drawn-tile.json"] == "round 0, action 0: draw"


def test_conformance_fails_when_an_invalid_vector_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "invalid").mkdir()
    # A valid record filed as invalid: it replays, so the check fails.
    shutil.copy(VECTORS / "classic-2p.json", tmp_path / "invalid" / "classic-2p.json")
    assert main(["conformance", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL invalid" in out and "0 passed, 1 failed" in out


def test_conformance_of_a_missing_directory_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "no/such/dir"]) == 1
    assert "not a directory" in capsys.readouterr().err


def test_replay_prints_the_reason_code_and_an_error_object(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = VECTORS / "invalid" / "must-play.json"
    assert main(["replay", str(path), "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.err.rstrip().endswith("[must_play]")
    error = json.loads(captured.out)
    assert (error["reason"], error["round"], error["action_index"]) == ("must_play", 0, 0)


def test_replay_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (VECTORS / "classic-2p.json").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["replay", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "bergen-replay/1"
