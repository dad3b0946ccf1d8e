"""A bot that calls sys.exit() forfeits its game like a bot that raises; the arena goes on.
Ctrl-C (KeyboardInterrupt) still ends the arena."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bergen.arena import play_game, run_arena, schedule
from bergen.bots import BotError, load_bot
from bergen.cli import main

BOTS = """
import sys


class Exits:
    def __init__(self, seed=None):
        pass

    def choose(self, view, legal_moves):
        sys.exit(3)


class ExitsQuietly(Exits):
    def choose(self, view, legal_moves):
        sys.exit()


class ExitsOnInit:
    def __init__(self, seed=None):
        sys.exit("no thanks")

    def choose(self, view, legal_moves):
        return legal_moves[0]


class Interrupted(Exits):
    def choose(self, view, legal_moves):
        raise KeyboardInterrupt
"""


@pytest.fixture
def bots_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "exiting_bots.py").write_text(textwrap.dedent(BOTS))
    (tmp_path / "exiting_module.py").write_text("import sys\nsys.exit(4)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("in_process", [True, False])
@pytest.mark.parametrize(("cls", "code"), [("Exits", "3"), ("ExitsQuietly", "None")])
def test_sys_exit_in_a_bot_forfeits_its_games(
    bots_dir: Path, cls: str, code: str, in_process: bool
) -> None:
    spec = f"exiting_bots:{cls}"
    result = run_arena([spec, "greedy"], games=2, players=2, move_time=None, in_process=in_process)
    assert len(result.games) == 2
    for game in result.games:
        forfeit = game.forfeit
        assert forfeit is not None and forfeit.bot == spec and forfeit.entrant == 0
        assert forfeit.kind == "exception"
        if in_process:
            assert forfeit.detail == f"SystemExit({code}): a bot may not end the arena"
        else:  # in its own process, sys.exit() ends only that process's bot
            assert "the bot raised SystemExit" in forfeit.detail
        assert game.winner == game.side_of(game.entrants.index(1))  # greedy's side wins
    exiting, greedy = result.stats()
    assert (exiting.wins, exiting.forfeits, greedy.wins) == (0, 2, 2)


def test_bergen_arena_goes_on_in_worker_processes(bots_dir: Path) -> None:
    # Before: the worker's SystemExit came back through the process pool and ended the whole
    # command, with the bot's exit status and no report.
    args = ["arena", "exiting_bots:Exits", "greedy", "--games", "2", "--workers", "2"]
    args.append("--in-process")
    out = subprocess.run(
        [sys.executable, "-m", "bergen", *args, "--no-progress"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(bots_dir)},
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "Forfeits (2):" in out.stdout
    assert "SystemExit(3): a bot may not end the arena" in out.stdout
    assert "Traceback" not in out.stderr


def test_sys_exit_while_building_a_bot(bots_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(BotError, match=r"could not be built: SystemExit\('no thanks'\)"):
        load_bot("exiting_bots:ExitsOnInit", 0)
    with pytest.raises(
        BotError, match=r"cannot import module 'exiting_module' \(SystemExit\(4\)\)"
    ):
        load_bot("exiting_module:Bot", 0)
    args = ["arena", "exiting_bots:ExitsOnInit", "greedy", "--workers", "1"]
    assert main([*args, "--in-process"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "SystemExit('no thanks')" in line
    assert main(args) == 2  # isolated: the bot is started, and built, once before any game
    line, *said = capsys.readouterr().err.strip().splitlines()
    assert "cannot be started" in line and "SystemExit: no thanks" in line
    # Then the end of the bot's standard error, indented: the traceback of its constructor.
    assert said[0] == "    Traceback (most recent call last):"
    assert any("in __init__" in s for s in said) and said[-1].startswith("    bergen bot serve:")


def test_ctrl_c_in_a_bot_still_ends_the_arena(bots_dir: Path) -> None:
    specs = ["exiting_bots:Interrupted", "greedy"]
    (task, _) = schedule(specs, 2, 2, 0, move_time=None, in_process=True)
    with pytest.raises(KeyboardInterrupt):
        play_game(task)
    with pytest.raises(KeyboardInterrupt):
        run_arena(specs, games=2, players=2, move_time=None, in_process=True)


def test_a_keyboard_interrupt_raised_by_an_isolated_bot_is_its_own_failure(
    bots_dir: Path,
) -> None:
    # In a process of its own, the bot's KeyboardInterrupt ends only that process: a forfeit.
    result = run_arena(["exiting_bots:Interrupted", "greedy"], games=2, players=2)
    assert [f.kind for f in result.forfeits] == ["exited", "exited"]
    assert [g.winner for g in result.games] == [1, 0]  # greedy's side, seat 1 then seat 0
