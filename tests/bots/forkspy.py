"""A bot that looks around its own process, as a hostile bot would, and says what it found
(served as ``bots.forkspy:ForkSpy`` with tests/ on the path; see test_fork_server.py)."""

from __future__ import annotations

import ctypes
import json
import os
import random
import resource
import signal
from collections.abc import Sequence

from bergen import Move
from bergen.view import PlayerView

_PR_GET_DUMPABLE = 3


def _pipes_of(pid: int) -> int | str:
    """How many pipes process ``pid`` (the parent) holds, or why it cannot be known."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
        return sum(os.readlink(f"/proc/{pid}/fd/{fd}").startswith("pipe:") for fd in fds)
    except OSError as e:
        return type(e).__name__


def _descriptors() -> dict[int, str]:
    """Every descriptor open in this process and what it is: ``/dev/null``, ``pipe A``,
    ``pipe B``, ... (one letter per pipe, in the order met: the same letter, the same pipe),
    ``socket``, ``anon_inode:[pidfd]``..."""
    out: dict[int, str] = {}
    pipes: dict[str, str] = {}
    for fd in range(1024):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("pipe:"):
            target = "pipe " + pipes.setdefault(target, "ABCDEFGHIJKLMNOP"[len(pipes) % 16])
        elif target.startswith("socket:"):
            target = "socket"
        out[fd] = target
    return out


class ForkSpy:
    """Raises, on its first decision, an exception whose message is what it found (JSON)."""

    name = "forkspy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        parent = os.getppid()
        with open(f"/proc/{parent}/cmdline", "rb") as f:
            parent_command = f.read().replace(b"\0", b" ").decode()
        found = {
            "open": _descriptors(),
            "group": os.getpgid(0) == os.getpid() == os.getsid(0),
            "memory": resource.getrlimit(resource.RLIMIT_AS)[0],
            "dumpable": ctypes.CDLL(None).prctl(_PR_GET_DUMPABLE, 0, 0, 0, 0),
            # Whether its parent is this spec's fork server (a long command line would not fit).
            "forked": "-m bergen.protocol._forkserver " in parent_command
            and parent_command.endswith(" -- bots.forkspy:ForkSpy "),
            "random": random.getrandbits(32),
            "uid": os.getuid(),
            "parent_pipes": _pipes_of(parent),
        }
        raise RuntimeError("FOUND" + json.dumps(found, separators=(",", ":")) + "END")


class ServerKiller:
    """Kills its fork server (its parent, when that is one) at its first decision, as a bot
    would to make the other bot of its spec fail to start; then plays its first legal move."""

    name = "serverkiller"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        parent = os.getppid()
        with open(f"/proc/{parent}/cmdline", "rb") as f:
            if b"bergen.protocol._forkserver" in f.read():
                os.kill(parent, signal.SIGKILL)
        return legal_moves[0]


class Escaper:
    """Leaves a process in a session of its own (``setsid``, so out of its bot process's group)
    at its first decision, as a bot would to keep running after its arena; then plays its
    first legal move."""

    name = "escaper"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.left = False

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        if not self.left and os.fork() == 0:
            os.setsid()
            os.execv("/bin/sh", ["sh", "-c", "sleep 60"])
        self.left = True
        return legal_moves[0]


class BuiltinServerKiller:
    """Kills the built-in bots' fork server (a process of the same user, found by its command
    line) once in its arena: at the first decision of any of its processes after the first
    ``BERGEN_TEST_AFTER`` of them all, the one that makes the file ``BERGEN_TEST_ONCE``; as a
    bot would to make its built-in opponents fail. It plays its first legal move."""

    name = "builtinserverkiller"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        count = os.environ["BERGEN_TEST_ONCE"] + ".decisions"
        with open(count, "ab") as f:  # one byte a decision, of all its processes
            f.write(b".")
        if os.path.getsize(count) <= int(os.environ.get("BERGEN_TEST_AFTER", "0")):
            return legal_moves[0]
        try:
            os.close(os.open(os.environ["BERGEN_TEST_ONCE"], os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return legal_moves[0]
        for pid in os.listdir("/proc"):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    words = f.read().split(b"\0")
            except OSError:
                continue
            if b"bergen.protocol._forkserver" in words and b"--builtin" in words:
                os.kill(int(pid), signal.SIGKILL)
        return legal_moves[0]
