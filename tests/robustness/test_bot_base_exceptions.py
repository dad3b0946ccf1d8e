"""A bot that raises a BaseException that is not an Exception (GeneratorExit, a class of its
own deriving from BaseException, a bare sys.exit()) fails like a bot that raises an exception:
``bergen arena`` (one worker or several) records a forfeit and goes on, ``bergen play`` says
so and plays the bot's first legal move. Only Ctrl-C (KeyboardInterrupt) ends either."""

from __future__ import annotations

import io
import itertools
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from bergen.arena import run_arena
from bergen.bots import BotError, load_bot
from bergen.cli import build_parser, main
from bergen.cli.play import play_match

BOTS = """
import sys


class Custom(BaseException):
    pass


class ClosesItself:
    def __init__(self, seed=None):
        pass

    def choose(self, view, legal_moves):
        raise GeneratorExit


class RaisesCustom(ClosesItself):
    def choose(self, view, legal_moves):
        raise Custom("custom failure")


class ExitsQuietly(ClosesItself):
    def choose(self, view, legal_moves):
        sys.exit()


class Interrupted(ClosesItself):
    def choose(self, view, legal_moves):
        raise KeyboardInterrupt


class CustomOnInit:
    def __init__(self, seed=None):
        raise Custom("no build")

    def choose(self, view, legal_moves):
        return legal_moves[0]
"""


@pytest.fixture
def bots_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "base_bots.py").write_text(textwrap.dedent(BOTS))
    (tmp_path / "base_module.py").write_text("raise GeneratorExit('at import')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("in_process", [True, False])
@pytest.mark.parametrize(
    ("cls", "detail"),
    [("ClosesItself", "GeneratorExit"), ("RaisesCustom", "Custom: custom failure")],
)
def test_an_arena_bot_raising_a_base_exception_forfeits(
    bots_dir: Path, cls: str, detail: str, in_process: bool
) -> None:
    # The report says where the bot raised: its `raise`, the line after its `def choose`, in
    # base_bots.py (BOTS; splitlines counts from 0, files from 1).
    lines = BOTS.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"class {cls}"))
    define = lines.index("    def choose(self, view, legal_moves):", start)
    detail += f" (at base_bots.py:{define + 2}, in choose)"
    spec = f"base_bots:{cls}"
    result = run_arena([spec, "greedy"], games=2, players=2, move_time=None, in_process=in_process)
    assert len(result.games) == 2
    for game in result.games:
        forfeit = game.forfeit
        assert forfeit is not None and forfeit.bot == spec and forfeit.entrant == 0
        assert forfeit.kind == "exception"
        if in_process:
            assert forfeit.detail == detail
        else:
            assert forfeit.detail.endswith(f"the bot raised {detail}")
        assert game.winner == game.side_of(game.entrants.index(1))  # greedy's side wins
    failing, greedy = result.stats()
    assert (failing.wins, failing.forfeits, greedy.wins) == (0, 2, 2)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_bergen_arena_goes_on(bots_dir: Path, workers: str) -> None:
    # Before: the GeneratorExit came out of play_game and ended the command with a traceback.
    args = ["arena", "base_bots:RaisesCustom", "greedy", "--games", "2", "--workers", workers]
    out = subprocess.run(
        [sys.executable, "-m", "bergen", *args, "--no-progress"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(bots_dir)},
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert "Forfeits (2):" in out.stdout
    assert "forfeits, exception: " in out.stdout
    assert "Custom: custom failure" in out.stdout


def test_a_base_exception_while_building_a_bot(
    bots_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(BotError, match=r"could not be built: Custom: no build$"):
        load_bot("base_bots:CustomOnInit", 0)
    with pytest.raises(BotError, match=r"cannot import module 'base_module' \(GeneratorExit: at"):
        load_bot("base_module:Bot", 0)
    args = ["arena", "base_bots:CustomOnInit", "greedy", "--workers", "1"]
    assert main([*args, "--in-process"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.endswith("could not be built: Custom: no build")
    assert main(args) == 2
    line, *said = capsys.readouterr().err.strip().splitlines()
    assert "the bot cannot be built: Custom: no build (at base_bots.py:" in line
    assert said[0] == "    Traceback (most recent call last):"  # its standard error's end


def _answers(limit: int = 400) -> Callable[[str], str]:
    """Answers to every prompt of ``bergen play``: tile numbers and ends in turn (a wrong one is
    asked again), then the end of input, which leaves the match."""
    cycle = itertools.cycle(["1", "l", "2", "r", "3", "l", "4", "r", "5", "l", "6", "r", "7"])
    count = itertools.count()

    def ask(prompt: str) -> str:
        if next(count) >= limit:
            raise EOFError
        return next(cycle)

    return ask


def _play(spec: str) -> tuple[int, str]:
    """``bergen play --seed 1 --bots SPEC`` at seat 0 of two: the exit status and the output."""
    args = build_parser().parse_args(["play", "--seed", "1", "--bots", spec])
    out = io.StringIO()
    status = play_match(2, 0, [spec], 1, args, ask=_answers(), out=out)
    return status, out.getvalue()


@pytest.mark.parametrize(
    ("cls", "said"),
    [
        ("ClosesItself", "failed (GeneratorExit); it plays "),
        ("RaisesCustom", "failed (Custom: custom failure); it plays "),
        # Before: "failed (SystemExit: )".
        ("ExitsQuietly", "failed (SystemExit: exit status None); it plays "),
    ],
)
def test_bergen_play_goes_on_when_a_bot_fails(bots_dir: Path, cls: str, said: str) -> None:
    status, out = _play(f"base_bots:{cls}")
    assert status == 0
    assert f"seat 1 (base_bots:{cls}) {said}" in out


def test_ctrl_c_in_a_bot_still_ends_bergen_play(
    bots_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(KeyboardInterrupt):
        _play("base_bots:Interrupted")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nl\n" * 50))
    assert main(["play", "--seed", "1", "--bots", "base_bots:Interrupted"]) == 130
    captured = capsys.readouterr()
    assert "failed (" not in captured.out
    assert captured.err == "\nbergen play: interrupted\n"
