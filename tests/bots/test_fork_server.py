"""The fork server (issue 28): a Python bot's processes are forks of one warm server per spec,
and a fork inherits nothing of the server or of the other bots; tried as a hostile bot would
(tests/bots/forkspy.py looks around its own process and reports)."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

import bergen
from bergen.arena import ArenaResult, run_arena
from bergen.bots import BotError
from conftest import PROCESS_MARK, marked_processes, processes_left

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="looks through /proc and prctl"
)

SPY = "bots.forkspy:ForkSpy"
NEW_PYTHON = {
    "0": "/dev/null",
    "1": "pipe A",  # standard error, where what the bot prints goes
    "2": "pipe A",
    "3": "pipe B",  # the protocol's input
    "4": "pipe C",  # and output
    "5": "/dev/null",  # sys.stdin
}
"""The descriptors of a bot process of ``bergen bot serve`` with no ``bot_stderr``: JSON's
string keys."""
TESTS = Path(__file__).resolve().parents[1]


def _findings(result: ArenaResult) -> list[dict[str, Any]]:
    """What the spy found in each game (each game is its forfeit)."""
    out = []
    for forfeit in result.forfeits:
        assert forfeit.bot == SPY and "FOUND" in forfeit.detail, forfeit.detail
        out.append(json.loads(forfeit.detail.split("FOUND", 1)[1].split("END", 1)[0]))
    return out


def test_a_fork_inherits_no_descriptor_and_keeps_every_limit() -> None:
    result = run_arena([SPY, "random"], 4, 2, seed=1, memory_limit=1 << 30)
    found = _findings(result)
    assert len(found) == 4  # a new process each game: the last one forfeited
    for f in found:
        assert f["forked"] is True  # a fork of the spy's own fork server
        # Its protocol's pipes (moved to 3 and 4 by the protocol server; 0 is /dev/null and 1
        # is standard error from there on) and nothing else: not the server's socket, nor its
        # pidfd, nor any other bot's pipe; as a new Python process has.
        assert f["open"] == NEW_PYTHON
        assert f["group"] is True  # leads a session and process group of its own
        assert f["memory"] == 1 << 30
        assert f["dumpable"] == 0  # no bot of the same user can read its memory
        # The server holds no bot's pipe (root reads its descriptors; anyone else is refused).
        assert f["parent_pipes"] in (0, "PermissionError")
    assert len({f["random"] for f in found}) == 4  # Python's random is reseeded in each fork


def test_without_the_fork_server_each_process_is_a_new_python() -> None:
    found = _findings(run_arena([SPY, "random"], 2, 2, seed=1, fork_server=False))
    assert len(found) == 2
    assert all(f["forked"] is False and f["open"] == NEW_PYTHON for f in found)


def test_fork_server_must_be_a_bool() -> None:
    with pytest.raises(bergen.BotError, match="fork_server must be a bool, got 1"):
        run_arena(["greedy", "random"], 2, 2, seed=1, fork_server=1)  # type: ignore[arg-type]


def _readable_by_all(path: Path) -> bool:
    """Whether every directory down to ``path`` can be searched, and ``path`` read, by any
    user."""
    for p in [*reversed(path.parents), path]:
        mode = os.stat(p).st_mode
        if not mode & stat.S_IXOTH or (p == path and not mode & stat.S_IROTH):
            return False
    return True


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("useradd") is None,
    reason="running bots as another user needs root, and a user made by useradd",
)
def test_with_bot_user_the_server_and_its_forks_run_as_that_user() -> None:
    import attrs

    from bots.test_fair_play import _bot_user

    needed = [Path(m.__file__).parent for m in (bergen, attrs, os)]  # type: ignore[arg-type]
    if not all(_readable_by_all(p) for p in [*needed, TESTS / "bots", Path(sys.executable)]):
        pytest.skip("the bot user cannot read bergen, the tests or Python's library here")
    user = _bot_user()
    found = _findings(run_arena([SPY, "random"], 2, 2, seed=1, bot_user=user))
    assert len(found) == 2
    uid = pwd.getpwnam(user).pw_uid
    assert all(f["uid"] == uid and f["forked"] is True for f in found)


def test_a_bot_that_kills_its_fork_server_forfeits_its_own_games_and_leaves_nothing() -> None:
    mark = uuid.uuid4().hex
    args = ["bots.forkspy:ServerKiller", "random", "--games", "6", "--seed", "1", "--workers"]
    done = subprocess.run(
        [sys.executable, "-m", "bergen", "arena", *args, "1", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, PROCESS_MARK: mark, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert done.returncode == 0, done.stderr
    table = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line}
    # Each of its processes dies with the server it killed (PR_SET_PDEATHSIG), and the server,
    # started again for its next game, is killed again: each of its games is its forfeit, and
    # the other bot forfeits none.
    assert table["bots.forkspy:ServerKiller"][-1] == "6", done.stdout
    assert table["random"][-1] == "0", done.stdout
    assert processes_left(mark, 5.0) == []


def test_the_built_in_bots_server_forks_built_in_bots_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from bergen.protocol import _forkserver

    warmed: list[str | None] = []
    monkeypatch.setattr(_forkserver, "_warm", warmed.append)
    shared = object.__new__(_forkserver._Server)  # its state only: no socket, no fork
    shared.spec, shared.warm = "--builtin", {"--builtin"}
    assert shared.serves("greedy") and shared.serves("search[playouts=3]")
    assert shared.serves("greedy")  # imported once
    assert warmed == ["greedy", "search[playouts=3]"]
    assert not shared.serves(SPY)  # a bot of one's own never runs in the shared server
    own = object.__new__(_forkserver._Server)
    own.spec, own.warm = SPY, {SPY}
    assert own.serves(SPY) and not own.serves("greedy") and not own.serves("random")


def test_a_request_longer_than_the_server_reads_is_refused_not_cut_short() -> None:
    from bergen.arena._processes import _child_env, launched
    from bergen.protocol._forks import BUILTIN, ForkServer, fork_server_command

    command = launched(fork_server_command(BUILTIN, os.getpid()), None)
    server = ForkServer(command, env=_child_env(), stderr=None, start_time=30.0)
    read, write = os.pipe()
    try:
        # Longer than any request (a spec is at most 40,000 bytes): cut short, it would name
        # another spec (here "greedy" and spaces, which reads as greedy).
        request = b"fork greedy" + b" " * 70_000 + b"[seed=1]"
        assert server.ask(request, [read, write, write]) == b"bad"
        assert server.ask(b"peek 1") == b"bad"  # still there, answering
    finally:
        server.close()
        os.close(read)
        os.close(write)


def _gone(proc: subprocess.Popen[bytes], seconds: float) -> bool:
    """Whether ``proc`` has exited within ``seconds`` (polled)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return True
        time.sleep(0.02)
    return proc.poll() is not None


def test_a_fork_server_that_names_a_process_not_its_child_gets_nothing_killed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bot's module runs in its own server and can make it answer anything: here the id
    # of a process (in a process group of its own) that the server never forked. The arena
    # must not signal that group (as root, with --bot-user, it could be anyone's).
    victim = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        monkeypatch.setenv("BERGEN_TEST_VICTIM", str(victim.pid))
        with pytest.raises(BotError, match="cannot be started"):
            run_arena(["bots.forkliar:Liar", "random"], 2, 2, seed=1)
        assert not _gone(victim, 1.0), "the arena killed a process its fork server named"
    finally:
        victim.kill()
        victim.wait()


def test_a_forked_process_is_signalled_only_while_it_is_the_servers_child() -> None:
    # After the spawn, the server may reap its fork early (and so free its id for any other
    # process): the arena signals the group only while the id is the server's child's.
    from bergen.protocol._forks import ForkedProcess, ForkServer

    victim = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        server = ForkServer(["true"], env=None, stderr=None, start_time=1.0)
        server.proc = subprocess.Popen(["sleep", "60"])  # a "server" that is not its parent
        read, write = os.pipe()
        with open(write, "wb") as to_bot, open(read, "rb") as from_bot:
            process = ForkedProcess(server, victim.pid, to_bot, from_bot, None)
        process.signal_group(signal.SIGKILL)
        assert not _gone(victim, 0.5), "the arena killed a process its fork server had not"
        server.proc.kill()
        server.proc.wait()
        # With this process (its parent) as the server that forked it, it is signalled.
        process.parent = os.getpid()
        process.signal_group(signal.SIGKILL)
        assert _gone(victim, 5.0)
    finally:
        victim.kill()
        victim.wait()


def test_a_process_a_bot_leaves_in_a_session_of_its_own_ends_with_its_fork_server() -> None:
    # A new session is out of reach of the kill of its bot process's group; the fork server
    # adopts it (a subreaper) once its bot process is gone, and kills it when it ends.
    mark = uuid.uuid4().hex
    args = ["bots.forkspy:Escaper", "random", "--games", "2", "--seed", "1", "--workers", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "bergen", "arena", *args, "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, PROCESS_MARK: mark, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert done.returncode == 0, done.stderr
    assert processes_left(mark, 5.0) == []


def _sigint_as_at_a_terminal() -> None:
    """Ctrl-C's default action in the arena (a suite run in the background passes it on
    ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
def test_a_process_a_bot_leaves_in_a_session_of_its_own_ends_with_the_arena(
    tmp_path: Path, sig: signal.Signals
) -> None:
    mark = uuid.uuid4().hex
    results = tmp_path / "games.jsonl"
    args = ["bots.forkspy:Escaper", "random", "--games", "400", "--seed", "1", "--workers", "1"]
    arena = subprocess.Popen(
        [sys.executable, "-m", "bergen", "arena", *args, "--no-progress", "--results", results],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, PROCESS_MARK: mark, "PYTHONPATH": os.pathsep.join(sys.path)},
        preexec_fn=_sigint_as_at_a_terminal,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (
            results.exists() and len(results.read_text().splitlines()) > 2
        ):
            time.sleep(0.05)
        assert arena.poll() is None and any("sleep 60" in c for c in marked_processes(mark))
        arena.send_signal(sig)
        arena.wait(30)
        left = processes_left(mark, 5.0)
        assert left == [], f"{len(left)} processes left 5 s after {sig.name}: {left}"
    finally:
        arena.kill()


@pytest.mark.parametrize("after", [0, 40], ids=["first-game", "later"])
def test_a_killed_fork_server_is_started_again_for_the_next_game(
    tmp_path: Path, after: int
) -> None:
    # A bot that kills the built-in bots' server once costs its opponent the game in play (its
    # process dies with the server), not every later game; later in the arena, the processes
    # of the opponent kept idle for later games die with it too, and are not given a game.
    mark = uuid.uuid4().hex
    once = tmp_path / "killed"
    args = ["bots.forkspy:BuiltinServerKiller", "greedy", "--games", "6", "--seed", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "bergen", "arena", *args, "--workers", "1", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **os.environ,
            PROCESS_MARK: mark,
            "PYTHONPATH": os.pathsep.join(sys.path),
            "BERGEN_TEST_ONCE": str(once),
            "BERGEN_TEST_AFTER": str(after),
        },
    )
    assert done.returncode == 0, done.stderr
    assert once.exists()
    table = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line}
    assert table["greedy"][-1] == "1", done.stdout
    assert table["bots.forkspy:BuiltinServerKiller"][-1] == "0", done.stdout
    assert processes_left(mark, 5.0) == []


@pytest.mark.parametrize("reply", ["exit x y", "exit 1 99999999999999999999", "running 1", "z"])
def test_a_fork_servers_bad_word_on_its_process_costs_only_its_bot(
    monkeypatch: pytest.MonkeyPatch, reply: str
) -> None:
    # Its process exits at its first decision; the server, asked how, answers nonsense.
    monkeypatch.setenv("BERGEN_TEST_PEEK", reply)
    result = run_arena(["bots.forkliar:Liar", "random"], 2, 2, seed=1)
    assert [f.bot for f in result.forfeits] == ["bots.forkliar:Liar"] * 2


def test_a_fork_server_a_bot_reniced_or_pinned_is_replaced_for_the_later_forks() -> None:
    # A fork inherits its server's nice value and CPU affinity, which a process of the same
    # user can worsen: a server so slowed forks no more (a new one does), and the forks of the
    # old one are still reaped through it.
    from bergen.arena._processes import _child_env, launched
    from bergen.protocol._forks import BUILTIN, ForkServer, fork_server_command

    command = launched(fork_server_command(BUILTIN, os.getpid()), None)
    server = ForkServer(command, env=_child_env(), stderr=None, start_time=30.0)
    nice, cpus = os.getpriority(os.PRIO_PROCESS, 0), os.sched_getaffinity(0)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        first = server.spawn(null, "random")
        slowed = server.pid
        assert slowed is not None and os.getpriority(os.PRIO_PROCESS, first.pid) == nice
        os.setpriority(os.PRIO_PROCESS, slowed, min(nice + 5, 19))
        if len(cpus) > 1:
            os.sched_setaffinity(slowed, {min(cpus)})
        second = server.spawn(null, "random")
        assert server.pid != slowed
        assert os.getpriority(os.PRIO_PROCESS, second.pid) == nice
        assert os.sched_getaffinity(second.pid) == cpus
        assert first.peek() is None  # still there, asked through its own server
        for process in (first, second):
            assert process.wait() == -signal.SIGKILL
            for stream in (process.stdin, process.stdout):
                assert stream is not None
                stream.close()
    finally:
        server.close()
        os.close(null)
