"""Bot processes: the command that runs a bot as a protocol program, and the processes an
arena keeps between games.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import secrets
import shlex
import shutil
import sys
import threading
import time
import weakref
from collections.abc import Sequence

from bergen.arena._games import GameTask
from bergen.bots import BotError, _exception_text, parse_bot_spec
from bergen.errors import _brief
from bergen.protocol import BotFailure, ProtocolBot, python_bot_command
from bergen.protocol._forks import BUILTIN, ForkServer, fork_server_command
from bergen.protocol.client import _has_exited, _limited_command, _memory_limit_for_child

PROGRAM_PREFIX = "cmd:"
"""The prefix of a bot spec that names a program: ``cmd:node examples/bots/greedy.js``."""


def bot_command(spec: str) -> list[str]:
    """The command that runs a bot as a protocol program (:mod:`bergen.protocol`).

    Args:
        spec: ``cmd:PROGRAM ARGS...`` for any program (split as a POSIX shell would, without
            running a shell), or a Python bot's spec (:func:`bergen.bots.load_bot`), run by
            :func:`bergen.protocol.python_bot_command`.

    Returns:
        The command, program first.

    Raises:
        BotError: when ``spec`` is not a string, a ``cmd:`` spec names no program, its
            quoting is unbalanced, or the program is not found (neither on ``PATH`` nor as a
            path).
    """
    if type(spec) is not str:
        raise BotError(f"a bot spec is a string, got {_brief(spec)}")
    if not spec.startswith(PROGRAM_PREFIX):
        return python_bot_command(spec)
    try:
        argv = shlex.split(spec[len(PROGRAM_PREFIX) :])
    except ValueError as e:
        raise BotError(f"bot {_brief(spec)}: {e}") from None
    if not argv:
        raise BotError(f"bot {_brief(spec)} names no program: write cmd:PROGRAM ARGS...")
    if "\0" in spec or shutil.which(argv[0]) is None:
        raise BotError(f"bot {_brief(spec)}: program {_brief(argv[0])} not found")
    return argv


Setting = tuple[float | None, int | None, str | None, tuple[str, ...], str | None, bool]
"""How a bot process is run: ``(move_time, memory_limit, bot_user, bot_prefix, bot_stderr,
fork_server)`` of a :class:`GameTask`; processes are kept and reused per spec and setting."""


def setting_of(task: GameTask) -> Setting:
    """The setting of ``task``'s bot processes."""
    return (
        task.move_time,
        task.memory_limit,
        task.bot_user,
        task.bot_prefix,
        task.bot_stderr,
        task.fork_server,
    )


def _is_builtin(spec: str) -> bool:
    """Whether ``spec`` names a built-in bot (bergen's own code: a name without ``:``)."""
    try:
        name, _ = parse_bot_spec(spec)
    except BotError:
        return False
    return ":" not in name


def forks(spec: str, setting: Setting) -> bool:
    """Whether the bot processes of ``spec`` are forks of a fork server
    (:mod:`bergen.protocol._forkserver`): a Python bot's, with ``fork_server`` set and no
    ``bot_prefix`` (a sandbox is started afresh around each bot process, as asked).
    """
    return setting[5] and not setting[3] and not spec.startswith(PROGRAM_PREFIX)


_LAUNCH_SCRIPT = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "protocol", "_launch.py"
)
"""The wrapper that starts every bot process of an arena (:mod:`bergen.protocol._launch`), run by
its path so that it imports nothing of bergen."""


def user_ids(name: str) -> tuple[int, int]:
    """The user id and group id of the user ``name`` (``--bot-user``).

    Raises:
        BotError: when there is no such user, or this process is not root (only root can
            start a process as another user).
    """
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        raise BotError(
            f"bot_user {_brief(name)}: running bots as another user needs the arena to run as "
            "root (it starts each bot process, then switches it to that user)"
        )
    try:
        entry = pwd.getpwnam(name)
    except (KeyError, ValueError):
        raise BotError(f"bot_user {_brief(name)}: no such user") from None
    if entry.pw_uid == 0:
        raise BotError(f"bot_user {_brief(name)} is root: give an unprivileged user")
    return entry.pw_uid, entry.pw_gid


def launch_command(spec: str, bot_user: str | None, bot_prefix: tuple[str, ...]) -> list[str]:
    """The command that starts a bot process of an arena: the launcher
    (:mod:`bergen.protocol._launch`: as ``bot_user`` when given), then ``bot_prefix`` (a sandbox
    such as bubblewrap), then :func:`bot_command`.

    Raises:
        BotError: for a bad spec (:func:`bot_command`) or user (:func:`user_ids`).
    """
    return launched([*bot_prefix, *bot_command(spec)], bot_user)


def launched(command: Sequence[str], bot_user: str | None) -> list[str]:
    """``command`` started through the launcher (:mod:`bergen.protocol._launch`), as
    ``bot_user`` when given.

    Raises:
        BotError: for a bad user (:func:`user_ids`).
    """
    head = [sys.executable, "-I", "-S", _LAUNCH_SCRIPT, str(os.getpid())]
    if bot_user is not None:
        uid, gid = user_ids(bot_user)
        head += ["--user", f"{uid}:{gid}"]
    return [*head, "--", *command]


def _child_env() -> dict[str, str]:
    """The environment of a bot process: this one's, with ``PYTHONPATH`` set to this process's
    import path, so that the bot imports what the arena can (a bot module beside the caller's).
    """
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}


class _Processes:
    """Bot processes kept between games, so that a bot is not started afresh for each game.

    A process is given a game only if it has not played the game's deal before: never two
    games of one duplicate group, in which it could remember the tiles another seat now holds.
    Each game starts with ``new_game``, which builds the bot afresh with the game's seed, so
    the results do not depend on which process plays which game. A process that failed is
    dead and never kept.
    """

    def __init__(self) -> None:
        """No process yet."""
        self.idle: dict[tuple[str, Setting], list[tuple[ProtocolBot, set[int]]]] = {}
        self.busy: set[ProtocolBot] = set()
        self.starting: list[tuple[threading.Thread, ProtocolBot]] = []
        self.servers: dict[tuple[str, Setting], ForkServer] = {}
        self.in_flight = 1  # games played at once with these processes
        # Seats are started from several threads, and games may be played in several.
        self.lock = threading.RLock()

    def take(self, task: GameTask, seat: int) -> tuple[ProtocolBot, set[int]]:
        """A process for ``seat`` of ``task``'s game: an idle one that has not seen its deal
        and is still there (one killed while idle, as a process of the same user can, or gone
        with its fork server, is closed, never given a game to forfeit), or a new one (not
        started yet). Its deals seen include this game's from now on.
        """
        dead: list[ProtocolBot] = []
        try:
            with self.lock:
                return self._take(task, seat, dead)
        finally:
            for bot in dead:
                bot.close()

    def _take(
        self, task: GameTask, seat: int, dead: list[ProtocolBot]
    ) -> tuple[ProtocolBot, set[int]]:
        spec = task.specs[seat]
        idle = self.idle.get((spec, setting_of(task)), [])
        for candidate, seen in list(idle):
            if task.deal_seed in seen:
                continue
            idle.remove((candidate, seen))
            proc = candidate._proc
            if proc is not None and _has_exited(proc):
                dead.append(candidate)
                continue
            bot = candidate
            break
        else:
            bot = self.new(spec, setting_of(task))
            seen = set()
        seen.add(task.deal_seed)
        self.busy.add(bot)
        return bot, seen

    def new(self, spec: str, setting: Setting) -> ProtocolBot:
        """A bot process for ``spec`` with these limits and this launch (not started yet);
        with a ``bot_stderr`` directory, its standard error goes to a new file of its own there
        (:func:`stderr_file`), closed when the bot is dropped. A Python bot's process is a
        fork of this spec's fork server when :func:`forks` says so (the server is started with
        the first).

        Raises:
            BotError: for a bad spec or user (:func:`launch_command`), or when the file
                cannot be made.
        """
        move_time, memory_limit, bot_user, bot_prefix, bot_stderr, _ = setting
        command = launch_command(spec, bot_user, bot_prefix)
        server = self.server(spec, setting) if forks(spec, setting) else None
        fd = None if bot_stderr is None else stderr_file(bot_stderr, spec)
        bot = ProtocolBot(
            command,
            name=spec,
            move_time=move_time,
            memory_limit=memory_limit,
            env=_child_env(),
            stderr=fd,
        )
        bot._fork_server = None if server is None else (server, spec)
        if fd is not None:
            weakref.finalize(bot, os.close, fd)
        return bot

    def server(self, spec: str, setting: Setting) -> ForkServer:
        """The fork server of ``spec``'s processes in ``setting`` (made, not started, at the
        first call): one per bot spec, except that the built-in bots (bergen's own code)
        share one; started through the launcher (:func:`launched`: as the ``bot_user``, with
        a watchdog), under the memory limit (its forks keep both), its own standard error in
        a file of the ``bot_stderr`` directory when there is one (``SPEC.server.PID-ID.log``,
        ``bergen.server.PID-ID.log`` for the built-in bots' server).
        """
        served = BUILTIN if _is_builtin(spec) else spec
        with self.lock:
            server = self.servers.get((served, setting))
            if server is None:
                _, memory_limit, bot_user, _, bot_stderr, _ = setting
                command = launched(fork_server_command(served, os.getpid()), bot_user)
                if memory_limit is not None:
                    command = _limited_command(command, _memory_limit_for_child(memory_limit))
                name = "bergen" if served == BUILTIN else spec
                fd = None if bot_stderr is None else stderr_file(bot_stderr, name, ".server")
                server = ForkServer(command, env=_child_env(), stderr=fd, start_time=10.0)
                if fd is not None:
                    weakref.finalize(server, os.close, fd)
                self.servers[(served, setting)] = server
            return server

    def keep(self, spec: str, setting: Setting, bot: ProtocolBot) -> None:
        """Keep a started process that has seen no deal, for the next game of ``spec``."""
        with self.lock:
            self.idle.setdefault((spec, setting), []).append((bot, set()))

    def give_back(self, task: GameTask, seat: int, bot: ProtocolBot, seen: set[int]) -> None:
        """Keep a process that is still running for a later game (a few per spec, and per
        game in flight, at most).
        """
        dropped: list[ProtocolBot] = []
        with self.lock:
            if any(b is bot and t.is_alive() for t, b in self.starting):
                return  # still being started (Ctrl-C): left busy, for kill() to find
            self.busy.discard(bot)
            if not bot.running:
                dropped.append(bot)
            else:
                idle = self.idle.setdefault((task.specs[seat], setting_of(task)), [])
                idle.append((bot, seen))
                while len(idle) > 2 * len(task.specs) * self.in_flight:
                    dropped.append(idle.pop(0)[0])
        for old in dropped:
            old.close()

    def started(self, pairs: list[tuple[threading.Thread, ProtocolBot]], done: bool) -> None:
        """Note that the processes of ``pairs`` are being started by their threads (``done``
        false), or are started (``done`` true): :meth:`kill` waits for those being started.
        """
        with self.lock:
            if not done:
                self.starting.extend(pairs)
            else:
                self.starting = [p for p in self.starting if all(p is not q for q in pairs)]

    def close(self) -> None:
        """Close every process (side by side, not one after the other)."""
        with self.lock:
            bots = [*self.busy, *(b for idle in self.idle.values() for b, _ in idle)]
            self.busy.clear()
            self.idle.clear()
            servers = list(self.servers.values())
            self.servers.clear()
        _close_all(bots)
        for server in servers:
            server.close()

    def kill(self) -> None:
        """Kill every process at once (the arena is stopping): first let a process being
        started come into being (0.3 s at most), so that it is killed too.
        """
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline and any(
            t.is_alive() and not b.running for t, b in list(self.starting)
        ):
            time.sleep(0.01)
        with self.lock:
            bots = [*self.busy, *(b for idle in self.idle.values() for b, _ in idle)]
            self.busy.clear()
            self.idle.clear()
            servers = list(self.servers.values())
        for bot in bots:
            with contextlib.suppress(Exception):
                bot._kill()  # SIGKILL to its process group, no quit and no waiting
        for server in servers:
            server.kill()


def _start_quietly(bot: ProtocolBot) -> None:
    """Start a bot process; a failure is left for the game to meet (the bot is then dead)."""
    with contextlib.suppress(Exception):
        bot.start()


def _failure_text(e: BaseException) -> str:
    """What a bot process's failure says (its message)."""
    text = _exception_text(e)
    prefix = f"{type(e).__name__}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


STDERR_NAME_CHARS = 80
"""The longest part of a bot's standard error file name taken from its spec."""


def stderr_file(directory: str, spec: str, kind: str = "") -> int:
    """A new file in ``directory`` for one bot process's standard error, open for appending
    and reading: ``SPEC.PID-ID.log`` (``SPEC.server.PID-ID.log`` with ``kind`` ``".server"``,
    for a fork server), the spec made a file name (each run of characters other
    than ASCII letters, digits, ``.``, ``_`` and ``-`` becomes ``-``, no ``.`` or ``-`` at
    either end, at most :data:`STDERR_NAME_CHARS` characters, ``bot`` if nothing is left: no
    ``/``, so never a file outside ``directory``), the id of the process starting the bot
    (the arena's or a worker's) and a random id.

    The file is made by this call alone (``O_CREAT | O_EXCL | O_NOFOLLOW``, mode 0600): a file
    or symbolic link already at that name (one a bot put there) is never opened or followed;
    another random id is tried instead.

    Returns:
        The open file descriptor (the caller closes it).

    Raises:
        BotError: when no file can be made there.
    """
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", spec, flags=re.ASCII)
    name = (name[:STDERR_NAME_CHARS].strip("-.") or "bot") + kind
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(100):
        path = os.path.join(directory, f"{name}.{os.getpid()}-{secrets.token_hex(4)}.log")
        try:
            return os.open(path, flags, 0o600)
        except FileExistsError:
            continue
        except OSError as e:
            message = f"bot {_brief(spec)}: cannot make its stderr file {path!r}: {e}"
            raise BotError(message) from None
    raise BotError(f"bot {_brief(spec)}: no new stderr file name left in {directory!r}")


def _start_failure(spec: str, e: BaseException) -> BotError:
    """The error for a bot that cannot be started: its failure, then the last lines of its
    standard error (:meth:`bergen.protocol.BotFailure.last_words`: a program often says why
    lines before its last one), indented.
    """
    words = e.last_words() if isinstance(e, BotFailure) else ""
    said = "".join(f"\n    {line}" for line in words.splitlines())
    tail = f"; its standard error ended:{said}" if said else ""
    return BotError(f"bot {spec!r} cannot be started: {_failure_text(e)}{tail}")


def _close_all(bots: Sequence[ProtocolBot]) -> None:
    """Close bot processes side by side (each may take :data:`bergen.protocol.QUIT_TIME` and a
    little more before it is killed).
    """
    threads = [threading.Thread(target=b.close, daemon=True) for b in bots[1:]]
    for t in threads:
        t.start()
    if bots:
        bots[0].close()
    for t in threads:
        t.join()
