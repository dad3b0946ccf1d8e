"""What a user of the commands types wrong, and files that cannot be written: each gets a
message naming it, never a traceback, and a save path is checked before the game, not found
out with the game played (``bergen keep --save``, ``bergen play --save``, the output)."""

from __future__ import annotations

import errno
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bergen.cli import main

KEEP = ["keep", "--names", "Ann,Bob,Cy", "--input", "-"]


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_keep_refuses_a_save_path_in_a_missing_folder_before_the_first_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "gone" / "game.json"
    _stdin(monkeypatch, "Ann 0-0\n")
    assert main([*KEEP, "--save", str(save)]) == 2
    captured = capsys.readouterr()
    assert "Ann: 0-0" not in captured.out  # nothing was entered
    assert str(save) in captured.err and "does not exist" in captured.err


def test_keep_never_replaces_a_path_that_is_not_a_regular_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The game is written beside the path and moved over it: over a device (/dev/null, as
    # root) or a pipe, that would replace the device itself.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _stdin(monkeypatch, "Ann 0-0\n")
    assert main([*KEEP, "--save", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert fifo.is_fifo()
    assert main([*KEEP, "--save", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err


def test_keep_reports_a_save_that_fails_during_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def full(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("bergen.cli.keep.tempfile.mkstemp", full)
    _stdin(monkeypatch, "Ann 0-0\n")
    assert main([*KEEP, "--save", str(tmp_path / "game.json")]) == 1
    err = capsys.readouterr().err
    assert "cannot save to" in err and "No space left on device" in err
    assert list(tmp_path.iterdir()) == []


def test_keep_scores_that_are_not_numbers_name_the_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*KEEP, "--scores", "2,x,3"]) == 2
    err = capsys.readouterr().err
    assert "--scores" in err and "'x'" in err and "invalid literal" not in err


@pytest.mark.parametrize("name", ["draw", "Pass", "undo", "q", "none", "1-1", "6-4R"])
def test_keep_refuses_a_name_that_is_a_command_or_a_move(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # A player named 'undo' or 'draw' could not be told from the command or the move.
    assert main(["keep", "--names", f"Ann,{name},Cy", "--input", "-"]) == 2
    assert f"--names: {name!r} is a command or a move" in capsys.readouterr().err


def test_keep_refuses_undo_with_an_argument(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'undo 3' used to take back one entry, silently ignoring the 3.
    _stdin(monkeypatch, "Ann 0-0\nBob 0-6R\nundo 2\n")
    assert main(KEEP) == 1
    captured = capsys.readouterr()
    assert "line 3: undo 2: undo takes no argument" in captured.err
    assert "undone" not in captured.out


def test_keep_names_a_player_it_does_not_know(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, "Zed 0-0\n")
    assert main(KEEP) == 1
    err = capsys.readouterr().err
    assert "'Zed' is no player here: Ann, Bob, Cy, or a seat number 0 to 2" in err


def test_play_refuses_a_save_path_in_a_missing_folder_before_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "gone" / "mine.json"
    _stdin(monkeypatch, "q\n")
    assert main(["play", "--seed", "3", "--players", "2", "--save", str(save)]) == 2
    captured = capsys.readouterr()
    assert "Bergen: you are seat" not in captured.out  # the match did not start
    assert str(save) in captured.err and "does not exist" in captured.err


def test_play_reports_a_record_it_cannot_write_when_the_match_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    save = folder / "mine.json"

    class Leave(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # the folder goes during the match
            shutil.rmtree(folder, ignore_errors=True)
            return "q\n"

    monkeypatch.setattr("sys.stdin", Leave())
    assert main(["play", "--seed", "3", "--players", "2", "--save", str(save)]) == 1
    captured = capsys.readouterr()
    assert "You left the match" in captured.out
    assert f"bergen play: cannot save to {str(save)!r}: No such file or directory" in captured.err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_a_message_not_a_traceback() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "bergen", "simulate", "--json", "--players", "2"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1
    assert done.stderr == ("bergen simulate: input or output failed: No space left on device\n"), (
        done.stderr
    )


def test_keep_reads_an_entries_file_saved_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Windows editors start a UTF-8 file with a byte order mark and end lines with CR LF: the
    # first entry read '\ufeffAnn' as a player's name.
    moves = tmp_path / "moves.txt"
    moves.write_bytes("\ufeffAnn 0-0\r\nBob 0-6R\r\n".encode())
    assert main(["keep", "--names", "Ann,Bob,Cy", "--input", str(moves)]) == 0
    out = capsys.readouterr().out
    assert "Ann: 0-0" in out and "Bob: 0-6R" in out


def test_keep_refuses_an_entry_that_is_not_utf8_text_by_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_bytes(b"Ann 0-0\n\xff\xfe\n")
    assert main(["keep", "--names", "Ann,Bob,Cy", "--input", str(moves)]) == 1
    assert "bergen keep: line 2: " in capsys.readouterr().err  # was a UnicodeDecodeError


@pytest.mark.parametrize("name", ["B\x1b[2Jb", "B\tb", "B\u202eb"])
def test_keep_refuses_a_name_that_is_not_printable(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Such a name reached the screen as it was, and a public record refuses it: the first save
    # was a traceback.
    _stdin(monkeypatch, "Ann 0-0\n")
    args = ["keep", "--names", f"Ann,{name},Cy", "--save", str(tmp_path / "g.json")]
    assert main([*args, "--input", "-"]) == 2
    assert "each a word of printable characters" in capsys.readouterr().err
