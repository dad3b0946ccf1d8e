"""``bergen arena --bot-stderr DIR`` keeps every bot process's standard error, one file each
(issue 27: before, only the last line of a bot that could not start was ever shown)."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import attrs
import pytest

from bergen.arena import _processes, play_game, run_arena, schedule
from bergen.arena._processes import stderr_file
from bergen.bots import BotError
from bergen.cli import main


def test_each_bot_process_writes_its_standard_error_to_a_file_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "logs" / "stderr"  # made, parents too
    args = ["arena", "protocol.noisy:KeyErrorBot", "greedy", "--games", "2"]
    assert main([*args, "--bot-stderr", str(logs), "--no-progress"]) == 0
    out = capsys.readouterr().out
    # The forfeit says where the bot raised; its file keeps the whole traceback.
    assert "the bot raised KeyError: 'missing' (at noisy.py:" in out
    files = sorted(p.name for p in logs.iterdir())
    assert all(
        re.fullmatch(
            r"(protocol\.noisy-KeyErrorBot|greedy|bergen)(\.server)?\.\d+-[0-9a-f]{8}\.log", f
        )
        for f in files
    )
    # A file for each fork server (what a bot's module wrote when imported: the bot's own, and
    # one for the built-in bots) and for each bot process (a fork of one).
    servers = [f for f in files if ".server." in f]
    assert {f.split(".server.")[0] for f in servers} == {"bergen", "protocol.noisy-KeyErrorBot"}
    raising = [
        logs / f for f in files if f.startswith("protocol.noisy-KeyErrorBot") and f not in servers
    ]
    texts = [p.read_text() for p in raising]
    crashed = [t for t in texts if "Traceback (most recent call last):" in t]
    assert crashed, texts
    assert all('return self.table["missing"]' in t for t in crashed)
    assert all(t.splitlines()[-1].startswith("bergen bot serve: the bot raised") for t in crashed)


def test_a_bad_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BotError, match="bot_stderr must be a directory's path"):
        run_arena(["greedy", "random"], 2, 2, bot_stderr="a\0b")
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(BotError, match="bot_stderr: cannot make the directory"):
        run_arena(["greedy", "random"], 2, 2, bot_stderr=blocker / "sub")


def test_a_cmd_spec_full_of_slashes_and_dots_names_a_file_inside_the_directory(
    tmp_path: Path,
) -> None:
    logs = tmp_path / "logs"
    spec = "cmd:sh -c ../../../tmp/../x"  # sh cannot find that program: the bot fails
    with pytest.raises(BotError, match="cannot be started"):
        run_arena([spec, "random"], 2, 2, bot_stderr=logs)
    (made,) = list(logs.iterdir())
    assert made.parent == logs and made.is_file()
    assert re.fullmatch(r"cmd-sh--c-\.\.-\.\.-\.\.-tmp-\.\.-x\.\d+-[0-9a-f]{8}\.log", made.name)
    assert "../../../tmp/../x" in made.read_text()  # sh's complaint, kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs"]


@pytest.mark.parametrize(
    ("spec", "stem"),
    [
        ("..", "bot"),
        ("/", "bot"),
        ("cmd:../../etc/passwd", "cmd-..-..-etc-passwd"),
        ("-rf x", "rf-x"),
        ("é\N{RIGHT-TO-LEFT OVERRIDE}x\0y\n", "x-y"),
        ("a" * 300, "a" * 80),
    ],
)
def test_a_file_name_is_the_spec_made_harmless(tmp_path: Path, spec: str, stem: str) -> None:
    os.close(stderr_file(str(tmp_path), spec))
    (made,) = list(tmp_path.iterdir())
    assert re.fullmatch(rf"{re.escape(stem)}\.{os.getpid()}-[0-9a-f]{{8}}\.log", made.name)


def test_a_link_a_bot_put_in_the_directory_is_never_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logs, outside = tmp_path / "logs", tmp_path / "outside"
    logs.mkdir()
    outside.mkdir()
    kept = outside / "kept.txt"
    kept.write_text("the operator's file\n")
    # The names the next files would have, taken first by a bot: a link to a file, a link
    # to no file yet (a plain O_CREAT would make it), and a file of its own.
    ids = iter(["aaaaaaaa", "bbbbbbbb", "cccccccc", "dddddddd"])
    monkeypatch.setattr(_processes.secrets, "token_hex", lambda n: next(ids))
    pid = os.getpid()
    (logs / f"greedy.{pid}-aaaaaaaa.log").symlink_to(kept)
    (logs / f"greedy.{pid}-bbbbbbbb.log").symlink_to(outside / "made.txt")
    (logs / f"greedy.{pid}-cccccccc.log").write_text("the bot's own file\n")
    fd = stderr_file(str(logs), "greedy")
    try:
        os.write(fd, b"written\n")
    finally:
        os.close(fd)
    made = logs / f"greedy.{pid}-dddddddd.log"
    assert made.read_text() == "written\n"
    assert not made.is_symlink() and stat.S_IMODE(made.stat().st_mode) == 0o600
    assert kept.read_text() == "the operator's file\n"
    assert sorted(p.name for p in outside.iterdir()) == ["kept.txt"]
    assert (logs / f"greedy.{pid}-cccccccc.log").read_text() == "the bot's own file\n"


def test_a_directory_where_no_file_can_be_made_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BotError, match=r"bot 'greedy': cannot make its stderr file '.*missing"):
        stderr_file(str(tmp_path / "missing"), "greedy")


def test_a_file_that_cannot_be_made_forfeits_its_own_seat_not_the_one_to_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _processes.stderr_file

    def fails_for_greedy(directory: str, spec: str, kind: str = "") -> int:
        if spec == "greedy":  # its fork server's file, or its process's
            raise BotError(f"bot {spec!r}: cannot make its stderr file (the disk is full)")
        return made(directory, spec, kind)

    monkeypatch.setattr(_processes, "stderr_file", fails_for_greedy)
    for task in schedule(["greedy", "random"], 2, 2, seed=1):
        result = play_game(attrs.evolve(task, bot_stderr=str(tmp_path)))
        forfeit = result.forfeit
        assert forfeit is not None and forfeit.kind == "exited"
        assert forfeit.bot == "greedy" and "bot 'greedy': cannot make" in forfeit.detail
        assert task.specs[forfeit.seat] == "greedy"
