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


def _public_record() -> str:
    from bergen import CLASSIC, PublicMatch
    from bergen.records.public import dumps_public, record_public

    match, _ = PublicMatch.start(CLASSIC, 2).apply("0-0", 0)
    return dumps_public(record_public(match, ["Ann", "Bob"]))


def _game_record() -> str:
    from bergen import dumps, record_match

    return dumps(record_match(MatchState.new(2, seed=1)))


@pytest.mark.parametrize(
    ("reader", "text", "said"),
    [
        (
            "game",
            _public_record,
            "format: 'bergen-public-record/1' is a public record (what bergen keep --save "
            "writes), not a game record: read it with bergen keep --resume",
        ),
        (
            "public",
            _game_record,
            "format: 'bergen-record/2' is a game record (what bergen simulate --json and "
            "record_match write), not a public record: read it with bergen replay",
        ),
        (
            "public",
            _view_record,
            "format: 'bergen-view-record/1' is a player-view record (what bergen play --save "
            "writes), not a public record: read it with bergen.records.view.load_view",
        ),
        (
            "view",
            _public_record,
            "format: 'bergen-public-record/1' is a public record (what bergen keep --save "
            "writes), not a player-view record",
        ),
    ],
)
def test_each_reader_names_the_other_kinds_of_record(reader: str, text, said: str) -> None:  # type: ignore[no-untyped-def]
    # The public and view readers named the first field the other kind lacks ("record:
    # missing field 'rules'"), the game reader said only "not a bergen record".
    from bergen.records.public import loads_public
    from bergen.records.view import loads_view

    read = {"game": loads, "public": loads_public, "view": loads_view}[reader]
    with pytest.raises(RecordError) as info:
        read(text())
    assert info.value.reason is RecordReason.FORMAT
    assert str(info.value).startswith(said)


def test_keep_resume_names_the_file_and_the_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.json"
    path.write_text(_view_record(), "utf-8")
    assert main(["keep", "--resume", str(path), "--input", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bergen keep: --resume {path}: format: 'bergen-view-record/1' is a")
