"""A player-view record (what ``bergen play --save`` writes) given where a game record is read
is named as such, with where to read it; ``bergen replay`` of a saved game said only "not a
bergen record"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bergen import MatchState, RecordError, RecordReason, loads
from bergen.cli import main
from bergen.records.view import dumps_view, record_view


def _view_record() -> str:
    match = MatchState.new(3, seed=5)
    for _ in range(6):
        match, _ = match.apply(match.legal_moves()[0])
    return dumps_view(record_view(match, 0))


def test_loads_names_a_player_view_record() -> None:
    with pytest.raises(RecordError) as info:
        loads(_view_record())
    assert info.value.reason is RecordReason.FORMAT
    message = str(info.value)
    assert "'bergen-view-record/1' is a player-view record" in message
    assert "bergen.records.view.load_view" in message


def test_replay_names_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.json"
    path.write_text(_view_record(), "utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "player-view record (what bergen play --save writes)" in err
    assert err.rstrip().endswith("[format]")
