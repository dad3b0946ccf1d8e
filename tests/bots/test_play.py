"""``bergen play`` driven by scripted standard input (issue 5, item 7)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bergen import LineOfPlay, MatchState, Tile
from bergen.cli import main
from bergen.cli.play import draw_line, draw_tile

# Answers cycled until the match ends: Enter (lead, draw, pass), every tile number, both
# ends, and some rubbish that must be asked again.
ANSWERS = ["", "x", *(str(n) for n in range(1, 29)), "l", "r", "0"]


def _script(repeats: int) -> str:
    return "\n".join(ANSWERS * repeats) + "\n"


def test_tiles_and_the_line_are_drawn_as_tiles() -> None:
    assert draw_tile(Tile(6, 4)) == "[6|4]"
    assert draw_tile(Tile(6, 4), 4) == "[4|6]"
    # A double with a colon, as print(state) writes it.
    assert draw_line(LineOfPlay.parse("5-1 *1-1 1-4")) == "[5|1][1:1][1|4]"
    assert draw_line(LineOfPlay.empty()) == "(empty)"


def test_a_scripted_match_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(_script(400)))
    assert main(["play", "--seed", "3", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "Match over. Final scores:" in out
    assert "You win!" in out or "wins." in out
    # Bad input was asked again, never a crash.
    assert "Type a number from 1 to" in out
    # Score events are announced.
    assert re.search(r"\*\* (Double header|Triple header|Going out|Blocked hand): \d", out)
    # The first screen shows the player's own dealt tiles, numbered, and only a count for the
    # other seat.
    first = MatchState.new(2, seed=3).round
    assert first is not None
    mine = "  ".join(f"{i}) {draw_tile(t)}" for i, t in enumerate(first.hands[0], 1))
    assert f"Your tiles: {mine}" in out
    assert "seat 1 (greedy): 6 tiles" in out
    # Nothing before the first list of the player's tiles shows the other seat's tiles.
    theirs = {draw_tile(t) for t in first.hands[1]} | {draw_tile(t, t.low) for t in first.hands[1]}
    screen = out.split("Your tiles")[0]
    assert not any(t in screen for t in theirs)


def test_end_of_input_leaves_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n2\n"))
    assert main(["play", "--seed", "3", "--players", "3", "--seat", "1"]) == 0
    assert "You left the match" in capsys.readouterr().out


def test_quit_leaves_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--seed", "1"]) == 0
    assert "You left the match" in capsys.readouterr().out


def test_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seat", "5"]) == 2
    assert main(["play", "--bots", "nosuchbot", "--seed", "1"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_a_hint_names_a_legal_move_and_asks_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Enter for the lead, draws and passes; at the first choice of a tile, ask for a hint.
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 3 + "h\n" * 2 + "q\n"))
    assert main(["play", "--seed", "3", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    hints = re.findall(r"Hint: the search bot would play (\S+)\.", out)
    assert hints and all(re.fullmatch(r"[0-6]-[0-6][LR]", h) for h in hints)
    assert "You left the match" in out


def test_play_saves_the_players_own_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from bergen.records.view import load_view, replay_view

    path = tmp_path / "mine.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(_script(40)))
    assert main(["play", "--seed", "3", "--players", "3", "--save", str(path)]) == 0
    assert f"Your record of the match is in {path}" in capsys.readouterr().out
    record = load_view(path)
    assert record.seat == 0 and record.names == ("you", "greedy", "greedy")
    views = replay_view(record)  # consistent with what seat 0 could see
    assert views and all(v.seat == 0 for rnd in views for v in rnd)
    assert "?" in record.rounds[0].start.to_text()  # the others' tiles are counts only


ROOT = Path(__file__).resolve().parents[2]


def test_a_program_bot_plays_as_in_the_arena(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `cmd:` names a program speaking the bot protocol, as `bergen arena` takes it; before,
    # play read `cmd` as Python's module of that name and refused it.
    import shutil

    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("sys.stdin", io.StringIO(_script(400)))
    spec = "cmd:node examples/bots/greedy.js"
    assert main(["play", "--seed", "3", "--bots", spec]) == 0
    out = capsys.readouterr().out
    assert "Match over. Final scores:" in out
    assert f"seat 1 ({spec})" in out
    assert "failed" not in out  # the program answered every decision


def test_a_program_bot_that_cannot_start_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.chdir(tmp_path)
    spec = f"cmd:{sys.executable} -c \"import sys; sys.exit('no protocol here')\""
    assert main(["play", "--seed", "3", "--bots", spec]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bergen play: bot 'cmd:") and "cannot be started" in err
    assert "    no protocol here" in err  # the end of its standard error, indented
