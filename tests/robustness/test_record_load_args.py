"""bergen.records.load of something that is neither a path nor a readable file is a RecordError
with reason "argument", as for loads; and ``bergen replay`` names the file once in its
message."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bergen import RecordError, RecordReason, load, loads
from bergen.cli import main
from bergen.records import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"


@pytest.mark.parametrize("bad", [5, None, 2.5, b"/tmp/record.json", ["a.json"], object()])
def test_load_of_something_that_is_not_a_file(bad: object) -> None:
    # Before: AttributeError ('int' object has no attribute 'read').
    with pytest.raises(RecordError) as info:
        load(bad)  # type: ignore[arg-type]
    assert info.value.reason is RecordReason.ARGUMENT
    assert f"got {type(bad).__name__}" in str(info.value)


def test_loads_gives_the_same_reason() -> None:
    with pytest.raises(RecordError) as info:
        loads(5)  # type: ignore[arg-type]
    assert info.value.reason is RecordReason.ARGUMENT


def test_a_file_open_for_writing_cannot_be_read(tmp_path: Path) -> None:
    with open(tmp_path / "out.json", "w") as f, pytest.raises(RecordError) as info:
        load(f)
    assert info.value.reason is RecordReason.READ


def test_paths_and_open_files_still_load() -> None:
    text = WORKED.read_text()
    expected = loads(text)
    assert load(WORKED) == expected
    assert load(str(WORKED)) == expected
    assert load(io.StringIO(text)) == expected
    assert load(io.BytesIO(text.encode())) == expected
    with open(WORKED, "rb") as f:
        assert load(f) == expected


def replay_error(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


def test_bergen_replay_names_a_missing_file_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: "bergen replay: /x/missing.json: cannot read /x/missing.json: No such file ...".
    path = tmp_path / "missing.json"
    err = replay_error(path, capsys)
    assert err.startswith(f"bergen replay: cannot read {path}: ")
    assert err.count(str(path)) == 1


def test_bergen_replay_names_a_directory_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = replay_error(tmp_path, capsys)
    assert err.startswith(f"bergen replay: cannot read {tmp_path}: ")
    assert err.count(str(tmp_path)) == 1


def test_bergen_replay_names_an_oversized_file_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing is written
    err = replay_error(path, capsys)
    assert err == (
        f"bergen replay: {path} is {MAX_RECORD_BYTES + 1:,} bytes; records are limited to "
        f"{MAX_RECORD_BYTES:,} bytes (10 MiB) [read]\n"  # every failure ends with its code
    )


def test_bergen_replay_still_names_a_file_with_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("garbage")
    err = replay_error(path, capsys)
    assert err == (
        f"bergen replay: {path}: malformed JSON at line 1, column 1: Expecting value [json]\n"
    )
