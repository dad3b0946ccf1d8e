"""The client: play a protocol program through bergen's :class:`~bergen.bots.Bot` interface.

:class:`ProtocolBot` starts the program in a process group of its own (with a limit on its
address space), speaks the protocol with it over its standard input and output, and enforces
the clock by the wall clock in the parent: a reply that is late, malformed, too long or
illegal, and a program that exits, raise :class:`BotFailure` and the program is killed. All
reading and writing goes through one ``poll`` loop with a deadline; no signal and no
thread is used in the caller. The memory limit is set by a small wrapper the program is started
through (:mod:`bergen.protocol._limit`), not by Python code run between ``fork`` and ``exec``,
so that starting bots is safe in a caller with threads. POSIX only (``start_new_session``,
``killpg``, ``setrlimit``).
"""

from __future__ import annotations

import contextlib
import enum
import os
import resource
import select
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import IO, Any

from bergen.errors import BergenError, _brief, _printable
from bergen.moves import Move
from bergen.playerview import PlayerView
from bergen.protocol._forks import ForkedProcess, ForkServer
from bergen.protocol._read import _MOVE_OF_TEXT
from bergen.protocol.codec import (
    MAX_REPLY_BYTES,
    PROTOCOL_VERSION,
    PROTOCOL_VERSIONS,
    ErrorReply,
    Handshake,
    MoveReply,
    NewGame,
    ProtocolError,
    Ready,
    Reply,
    decide_request,
    encode,
    hello_request,
    new_game_request,
    parse_reply,
)
from bergen.protocol.delta import _next_message
from bergen.rules import Rules

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "QUIT_TIME",
    "BotFailure",
    "FailureReason",
    "ProtocolBot",
    "python_bot_command",
]

_MAX_SECONDS = 1_000_000
"""The longest ``move_time`` or ``start_time`` a :class:`ProtocolBot` takes, in seconds."""

DEFAULT_MEMORY_LIMIT = 2 << 30
"""The default limit on a bot process's address space, in bytes (2 GiB, ``RLIMIT_AS``).

It is virtual memory, not resident memory: Node.js reserves about 1 GiB of address space to
start, a Python bot about 30 MiB."""

QUIT_TIME = 0.5
"""Seconds :meth:`ProtocolBot.close` waits for a bot to exit after ``quit`` before it sends
``SIGTERM`` (and, 0.2 s later, ``SIGKILL``) to the bot's process group."""

_STDERR_TAIL = 4096
"""The most bytes of a bot's standard error a :class:`ProtocolBot` keeps (the end)."""


class FailureReason(enum.StrEnum):
    """Why a bot failed (:attr:`BotFailure.reason`); stable strings."""

    START = "start"
    """The program could not be started (not found, not executable, a bad limit)."""
    TIMEOUT = "timeout"
    """No reply in time: the handshake and ``ready`` within ``start_time``, a move within
    ``move_time``."""
    EXITED = "exited"
    """The program exited, was killed by a signal, or closed its standard output."""
    PROTOCOL = "protocol"
    """A reply that is not the protocol's: junk, malformed JSON, a wrong type or field, a line
    over :data:`~bergen.protocol.codec.MAX_REPLY_BYTES`, a move not in canonical notation."""
    ILLEGAL = "illegal"
    """A move that is not one of the legal moves (or the bot said it has none to give)."""
    MEMORY = "memory"
    """The bot ran out of memory under its limit (it said so, or its standard error did)."""
    ERROR = "error"
    """The bot reported a failure of its own (an exception) with an ``error`` reply."""

    def __repr__(self) -> str:
        """Valid Python: ``FailureReason.TIMEOUT``."""
        return f"FailureReason.{self.name}"


class BotFailure(BergenError):
    """A protocol bot failed; its process has been killed.

    Attributes:
        reason: A :class:`FailureReason` (a ``str``: ``"timeout"``, ``"exited"``,
            ``"protocol"``, ``"illegal"``, ``"memory"``, ``"error"``, ``"start"``).
        bot: The bot's name.
        stderr: The end of what the bot wrote on its standard error (its last 4096 bytes,
            decoded; read back from the file when it went to one). :meth:`last_words` gives
            its last lines.
    """

    def __init__(
        self, message: str, *, reason: FailureReason, bot: str = "", stderr: str = ""
    ) -> None:
        """Store the message, the reason, the bot's name and its last standard error."""
        super().__init__(message)
        self.reason = reason
        self.bot = bot
        self.stderr = stderr

    def last_words(self, lines: int = 20, chars: int = 2000) -> str:
        """The end of the bot's standard error, for a report: its last ``lines`` lines that
        are not blank, at most ``chars`` characters (whole lines; a longer last line keeps its
        end), joined by newlines; ``""`` when it wrote nothing.

        A program that cannot start often says why well before its last line (Node.js ends
        with its version, after "Cannot find module ..."; Python with the exception, after
        the traceback), so a report shows these lines, not only the last one.
        """
        said = [line.rstrip() for line in self.stderr.splitlines() if line.strip()][-lines:]
        kept: list[str] = []
        size = 0
        for line in reversed(said):
            if kept and size + len(line) + 1 > chars:
                break
            kept.append(line if len(line) <= chars else "..." + line[-chars:])
            size += len(line) + 1
        return "\n".join(reversed(kept))


def python_bot_command(spec: str) -> list[str]:
    """The command that serves a Python bot over the protocol (``bergen bot serve``).

    Args:
        spec: A bot spec for :func:`bergen.bots.load_bot`: ``greedy``, ``search[playouts=50]``,
            ``package.module:Class``.

    Returns:
        ``[sys.executable, "-m", "bergen", "bot", "serve", spec]``.

    Raises:
        ProtocolError: (``field`` ``"spec"``) when ``spec`` is not a non-empty string of at
            most 10,000 characters.
    """
    if not isinstance(spec, str) or not spec.strip() or len(spec) > 10_000:
        raise ProtocolError(f"spec: a bot spec such as 'greedy', got {_brief(spec)}", field="spec")
    return [sys.executable, "-m", "bergen", "bot", "serve", spec]


_LIMIT_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_limit.py")
"""The wrapper that sets the memory limit and runs the bot program (:mod:`bergen.protocol._limit`),
run by its path so that it imports nothing of bergen."""


def _limited_command(command: Sequence[str], limit: int) -> list[str]:
    """``command`` run under an address space limit of ``limit`` bytes (``RLIMIT_AS``).

    The command starts a tiny Python wrapper (:mod:`bergen.protocol._limit`, by its path, with
    ``-I -S``: no site packages, no environment variables read, a few milliseconds) that sets
    the limit on itself and replaces itself by ``command`` (``os.execvp``, searching the
    ``PATH`` of its environment), so the limit holds for a program in any language. Unlike a
    ``preexec_fn``, nothing runs in the caller's forked child before ``exec``, which is safe
    in a caller with threads. When the program cannot be run, the wrapper exits with status
    127 after writing ``cannot start PROGRAM: REASON`` to standard error.

    Args:
        command: The program and its arguments.
        limit: Bytes, an int above 0.

    Returns:
        ``[sys.executable, "-I", "-S", ".../bergen/protocol/_limit.py", str(limit), "--",
        *command]``.
    """
    return [sys.executable, "-I", "-S", _LIMIT_SCRIPT, str(limit), "--", *command]


def _memory_limit_for_child(limit: int) -> int:
    """``limit``, lowered to the hard limit of this process (a child cannot raise it)."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    return limit if hard == resource.RLIM_INFINITY else min(limit, hard)


_MOVE_HEAD = b'{"type":"move","move":"'
"""How the common reply, a move written as compact JSON, begins."""

_CANNOT_START = 127
"""The exit status of the memory limit's wrapper when it cannot run the program."""

_Process = subprocess.Popen[bytes] | ForkedProcess
"""A bot's process: one started by :class:`ProtocolBot`, or a fork server's."""


_MEMORY_WORDS = ("MemoryError", "out of memory", "bad_alloc", "Cannot allocate memory")


class ProtocolBot:
    """A bot that is a separate program speaking the bot protocol (version 1 or 2).

    The program is started by :meth:`start` (or the first :meth:`new_game`); :meth:`choose`
    sends the view and waits for the move on the wall clock. Any failure raises
    :class:`BotFailure` and kills the program (its whole process group); the next
    :meth:`start` or :meth:`new_game` starts a fresh one. Use it as a context manager, or call
    :meth:`close`, so that no process is left behind.

    Args:
        command: The program and its arguments, for example ``["node", "greedy.js"]`` or
            :func:`python_bot_command` ``("greedy")``.
        name: The name for reports; default the name the bot gives in its handshake.
        move_time: Seconds per move, wall clock, from the request's sending to the reply's
            end (``None``: no limit). The bot is told it in each ``decide``.
        start_time: Seconds for the process start and handshake, and for each ``ready``.
        memory_limit: The child's address space limit in bytes (``RLIMIT_AS``, set by a
            wrapper that then runs the program: :func:`_limited_command`; default
            :data:`DEFAULT_MEMORY_LIMIT`), ``None`` for none.
        cwd: The program's working directory (default the caller's).
        env: The program's whole environment (default the caller's).
        options: Values for options the bot declares in its handshake, sent with each
            ``new_game``.
        stderr: Where the bot's standard error goes: a file path (opened for appending,
            made if missing, at each start), or an open file descriptor (an int, such as
            ``os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o600)``: the
            caller made it as safely as it needs, and closes it). A failure's
            :attr:`BotFailure.stderr` is read back from it (through the open file, never by
            the path again; a descriptor open for writing only gives none). Default ``None``
            keeps the last 4096 bytes for :attr:`BotFailure.stderr` and drops the rest.
        protocol: The newest protocol version to offer in the handshake (default
            :data:`~bergen.protocol.PROTOCOL_VERSION`, 2): the bot answers with the version
            the session speaks. In version 2 a decision that follows the bot's last one in
            the same round is sent as the actions since (``next``,
            :mod:`bergen.protocol.delta`). ``1`` sends the plain version 1 ``hello``, for a
            bot that refuses a ``hello`` with a field it does not know.

    Raises:
        BotFailure: never from the constructor; see the methods.
        ValueError: (a :class:`ProtocolError`) when ``command`` is not a non-empty list of
            strings or a time is not above 0.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        name: str | None = None,
        move_time: float | None = None,
        start_time: float = 10.0,
        memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        options: Mapping[str, int | float | bool | str] | None = None,
        stderr: str | os.PathLike[str] | int | None = None,
        protocol: int = PROTOCOL_VERSION,
    ) -> None:
        """Store the command and the limits; nothing is started yet.

        Raises:
            ProtocolError: (``field`` naming the argument) when ``command`` is not a
                non-empty sequence of strings, ``name`` neither a string nor ``None``,
                ``move_time`` or ``start_time`` not a number of seconds above 0 and at most
                1,000,000 (about 11 days) (``move_time`` may be ``None``), ``memory_limit`` not an
                int above 0 or ``None``, ``cwd`` neither a path nor ``None``, ``stderr``
                neither a path, an open file descriptor (an int of at least 0) nor ``None``,
                ``env`` not a mapping of strings to strings, or ``options`` not a mapping of
                strings to ints, floats, bools or strings, or ``protocol`` not a version
                this library speaks (1 or 2).
        """
        if (
            isinstance(command, str | bytes)
            or not isinstance(command, Sequence)
            or not command
            or not all(isinstance(c, str) for c in command)
        ):
            raise ProtocolError(
                f"command: a bot command is a non-empty list of strings, got {_brief(command)}",
                field="command",
            )
        if name is not None and not isinstance(name, str):
            raise ProtocolError(f"name: a string or None, got {_brief(name)}", field="name")
        if start_time is None:
            raise ProtocolError("start_time: seconds above 0, got None", field="start_time")
        for label, value in (("move_time", move_time), ("start_time", start_time)):
            if value is not None and (
                type(value) not in (int, float) or not 0 < value <= _MAX_SECONDS
            ):
                raise ProtocolError(
                    f"{label}: seconds above 0 and at most {_MAX_SECONDS:,}, got {_brief(value)}",
                    field=label,
                )
        if memory_limit is not None and (type(memory_limit) is not int or memory_limit < 1):
            raise ProtocolError(
                f"memory_limit: bytes, an int above 0 or None, got {_brief(memory_limit)}",
                field="memory_limit",
            )
        if cwd is not None and not isinstance(cwd, str | os.PathLike):
            raise ProtocolError(f"cwd: a path or None, got {_brief(cwd)}", field="cwd")
        if not (
            stderr is None
            or isinstance(stderr, str | os.PathLike)
            or (type(stderr) is int and stderr >= 0)
        ):
            raise ProtocolError(
                f"stderr: a path, an open file descriptor or None, got {_brief(stderr)}",
                field="stderr",
            )
        if env is not None and (
            not isinstance(env, Mapping)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())
        ):
            raise ProtocolError(
                f"env: a mapping of strings to strings or None, got {_brief(env)}", field="env"
            )
        if options is not None and (
            not isinstance(options, Mapping)
            or not all(
                isinstance(k, str) and type(v) in (int, float, bool, str)
                for k, v in options.items()
            )
        ):
            raise ProtocolError(
                f"options: a mapping of names to ints, floats, bools or strings, got "
                f"{_brief(options)}",
                field="options",
            )
        if type(protocol) is not int or protocol not in PROTOCOL_VERSIONS:
            raise ProtocolError(
                f"protocol: a version this library speaks "
                f"({', '.join(map(str, PROTOCOL_VERSIONS))}), got {_brief(protocol)}",
                field="protocol",
            )
        self.protocol = protocol
        self.command = list(command)
        self._name = name
        self.move_time = move_time
        self.start_time = float(start_time)
        self.memory_limit = memory_limit
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.options = dict(options or {})
        self.stderr_path = stderr
        self.handshake: Handshake | None = None
        self._proc: _Process | None = None
        # Set by the arena for a Python bot: the fork server its processes are forks of, and
        # the spec it serves in them.
        self._fork_server: tuple[ForkServer, str] | None = None
        self._stderr_file: IO[bytes] | None = None
        self._stderr_fd: int | None = None
        self._stderr_start = 0
        self._buffer = b""
        self._tail = b""
        self._seat: int | None = None
        self._sent: PlayerView | None = None  # the view of the last decision (version 2)
        self._poll: Any = None  # a select.poll on the bot's output, made at its start
        self._finalizer: weakref.finalize[[_Process], ProtocolBot] | None = None

    # ------------------------------------------------------------------ the Bot interface

    @property
    def name(self) -> str:
        """The name given, else the handshake's, else the program's file name."""
        if self._name is not None:
            return self._name
        if self.handshake is not None:
            return self.handshake.name
        return os.path.basename(self.command[0])

    @property
    def running(self) -> bool:
        """Whether the program has been started and has not failed or been closed."""
        return self._proc is not None

    def start(self) -> Handshake:
        """Start the program and do the handshake; return it at once when already running.

        Returns:
            What the bot said of itself.

        Raises:
            BotFailure: ``"start"`` when the program cannot be started; ``"timeout"``,
                ``"exited"`` or ``"protocol"`` when the handshake does not come in
                ``start_time`` seconds or is not a ``hello`` of a version offered. The program
                is killed. A bot that answers the offer of version 2 with an ``error`` of kind
                ``protocol`` (a version 1 bot that refuses the field ``versions``) is started
                again and greeted in version 1 alone.
            ProtocolError: when :attr:`options` names an option the bot does not declare or
                has a value of the wrong type (the caller's mistake; the program is closed).
        """
        if self._proc is not None and self.handshake is not None:
            return self.handshake
        self._spawn()
        offered = tuple(range(1, self.protocol + 1))
        what = "the handshake"
        line = self._round_trip(encode(hello_request(offered)), self.start_time, what)
        if len(offered) > 1 and _refuses(line):
            # A version 1 bot that refuses a hello with a field it does not know (the offer):
            # started again and greeted in version 1 alone.
            self._spawn()
            offered = (1,)
            line = self._round_trip(
                encode(hello_request(offered)), self.start_time, "the handshake"
            )
        reply = self._judge(line)
        if not isinstance(reply, Handshake):
            raise self._fail(
                FailureReason.PROTOCOL,
                f"answered the handshake with {_reply_name(reply)}, not hello",
            )
        if reply.protocol not in offered:
            raise self._fail(
                FailureReason.PROTOCOL,
                f"answered the handshake with version {reply.protocol}, which was not offered "
                f"(versions {', '.join(map(str, offered))})",
            )
        self.handshake = reply
        try:
            self._checked_options()
        except ProtocolError:
            self.close()
            raise
        return reply

    def new_game(
        self,
        rules: Rules,
        *,
        players: int,
        seat: int,
        partnerships: bool,
        seed: int | None = None,
    ) -> None:
        """Tell the bot a new game (a match to the target) begins, and wait for ``ready``.

        Starts the program first if it is not running (after a failure, a fresh one).

        Args:
            rules: The ruleset (a preset, or built-in components only).
            players: The number of seats, 2..4.
            seat: The bot's seat.
            partnerships: Whether seats 0+2 play against 1+3 (rule 10); must be
                ``rules.partnerships``.
            seed: A seed for the bot's own generator, or ``None``.

        Raises:
            BotFailure: when the program fails to start or to answer ``ready`` in
                ``start_time`` seconds (see :meth:`start`).
            ProtocolError: when ``rules`` is not a :class:`~bergen.Rules`, ``partnerships`` not a
                bool, the table is not one the rules allow, the seat is not at the table, or
                the rules cannot be sent (a user-supplied component).
        """
        if not isinstance(rules, Rules):
            raise ProtocolError(f"rules: a Rules value, got {_brief(rules)}", field="rules")
        if type(partnerships) is not bool:
            raise ProtocolError(
                f"partnerships: True or False, got {_brief(partnerships)}", field="partnerships"
            )
        if partnerships != rules.partnerships:
            raise ProtocolError(
                f"partnerships: {partnerships}, but the rules say {rules.partnerships}",
                field="partnerships",
            )
        try:
            table = rules.for_table(players)
        except BergenError as e:
            raise ProtocolError(f"players: {e}", field="players") from None
        if type(seat) is not int or not 0 <= seat < players:
            raise ProtocolError(f"seat: a seat 0..{players - 1}, got {_brief(seat)}", field="seat")
        if seed is not None and type(seed) is not int:
            raise ProtocolError(f"seed: an int or None, got {_brief(seed)}", field="seed")
        handshake = self.start()
        game = NewGame(
            rules=rules,
            players=players,
            partnerships=partnerships,
            seat=seat,
            target=table.target,
            seed=seed,
            options=tuple(self._checked_options(handshake).items()),
        )
        self._seat = None
        self._sent = None
        reply = self._exchange(encode(new_game_request(game)), self.start_time, "new_game")
        if not isinstance(reply, Ready):
            raise self._fail(
                FailureReason.PROTOCOL, f"answered new_game with {_reply_name(reply)}, not ready"
            )
        self._seat = seat

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Ask the bot for its move and wait for it, ``move_time`` seconds at most.

        Args:
            view: The view of the seat to move (all the bot is sent, with the moves).
            legal_moves: The legal moves.

        Returns:
            One of ``legal_moves``.

        Raises:
            BotFailure: ``"timeout"``, ``"exited"``, ``"protocol"``, ``"illegal"``,
                ``"memory"`` or ``"error"`` (see :class:`FailureReason`); the program has
                been killed. Also when the bot is not running (never started, or failed).
            ProtocolError: when the view is not of the seat to move in a round that goes on, not
                of the seat given to :meth:`new_game`, ``legal_moves`` is empty, or the view's
                rules cannot be sent (a user-supplied component): the caller's mistakes, which
                are not the bot's forfeit.
        """
        if not isinstance(view, PlayerView):
            raise ProtocolError(f"view: a PlayerView, got {type(view).__name__}", field="view")
        if view.outcome is not None or view.to_move != view.seat:
            raise ProtocolError(
                f"view: a decision is asked of the seat to move in a round that goes on; "
                f"seat {view.seat} is not to move (seat {view.to_move} is)"
                if view.outcome is None
                else "view: the round is over; no decision is asked",
                field="view.to_move",
            )
        if self._seat is not None and view.seat != self._seat:
            raise ProtocolError(
                f"view: the view of seat {view.seat}, but the bot plays seat {self._seat} "
                "in this game (new_game)",
                field="view.seat",
            )
        if not legal_moves:
            raise ProtocolError("legal_moves: the list is empty", field="legal_moves")
        if self._proc is None:
            raise BotFailure(
                f"bot {_brief(self.name)} is not running: start it (or new_game) first",
                reason=FailureReason.EXITED,
                bot=self.name,
            )
        message = None
        if self._sent is not None and self.handshake is not None and self.handshake.protocol >= 2:
            message = _next_message(self._sent, view, legal_moves, self.move_time)
        if message is None:
            message = decide_request(view, legal_moves, self.move_time)
        line = self._round_trip(encode(message), self.move_time, "its move")
        if line.startswith(_MOVE_HEAD) and line.endswith(b'"}'):
            # The common reply, {"type":"move","move":"5-4R"}, read without the JSON decoder.
            known = _MOVE_OF_TEXT.get(line[len(_MOVE_HEAD) : -2].decode("ascii", "replace"))
            if known is not None:
                for m in legal_moves:
                    if m == known:
                        self._sent = view
                        return m
        reply = self._judge(line)
        if not isinstance(reply, MoveReply):
            raise self._fail(
                FailureReason.PROTOCOL, f"answered decide with {_reply_name(reply)}, not move"
            )
        for m in legal_moves:
            if m == reply.move:
                self._sent = view
                return m
        raise self._fail(
            FailureReason.ILLEGAL,
            f"played {reply.move}, which is not legal here "
            f"(legal: {' '.join(map(str, legal_moves))})",
        )

    def close(self) -> None:
        """Send ``quit``, wait :data:`QUIT_TIME` seconds for the program to exit, then
        ``SIGTERM`` and ``SIGKILL`` its process group; reap it. Safe to call again.
        """
        proc = self._proc
        if proc is None:
            return
        try:
            self._write_quietly(encode({"type": "quit"}))
            if proc.stdin is not None:
                proc.stdin.close()
            if not self._wait_exit(QUIT_TIME):
                _signal_group(proc, signal.SIGTERM)
                self._wait_exit(0.2)
        finally:
            self._kill()

    def __enter__(self) -> ProtocolBot:
        """Start the bot; return it."""
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Close the bot."""
        self.close()

    def __repr__(self) -> str:
        """``ProtocolBot(['node', 'greedy.js'], running)``."""
        return f"ProtocolBot({_brief(self.command)}, {'running' if self.running else 'stopped'})"

    # ------------------------------------------------------------------ the process

    def _checked_options(self, handshake: Handshake | None = None) -> dict[str, Any]:
        handshake = handshake or self.handshake
        assert handshake is not None
        out: dict[str, Any] = {}
        for key, value in self.options.items():
            option = handshake.option(key)
            if option is None:
                known = ", ".join(o.name for o in handshake.options) or "none"
                raise ProtocolError(
                    f"options.{key}: bot {_brief(self.name)} has no option {_brief(key)} "
                    f"(it has {known})",
                    field=f"options.{key}",
                )
            out[key] = option.check(value, f"options.{key}")
        return out

    def _spawn(self) -> None:
        self._kill()
        self.handshake = None
        self._buffer = b""
        self._tail = b""
        command = self.command
        if self.memory_limit is not None:
            command = _limited_command(command, _memory_limit_for_child(self.memory_limit))
        stderr: int = subprocess.PIPE
        if self.stderr_path is not None:
            try:
                stderr = self._open_stderr()
            except OSError as e:
                raise BotFailure(
                    f"bot {_brief(self.name)}: cannot open its stderr file "
                    f"{_brief(self.stderr_path)}: {e}",
                    reason=FailureReason.START,
                    bot=self.name,
                ) from None
        try:
            proc: _Process
            if self._fork_server is not None:
                server, spec = self._fork_server
                proc = server.spawn(stderr, spec)
            else:
                proc = subprocess.Popen(
                    command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=stderr,
                    cwd=self.cwd,
                    env=self.env,
                    start_new_session=True,
                    close_fds=True,
                )
        except (OSError, subprocess.SubprocessError, ValueError) as e:
            self._close_stderr_file()
            what = (
                "no process of it can be forked"
                if self._fork_server is not None
                else f"cannot start {_brief(self.command)}"
            )
            raise BotFailure(
                f"bot {_brief(self.name)}: {what}: {e}",
                reason=FailureReason.START,
                bot=self.name,
            ) from None
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                os.set_blocking(stream.fileno(), False)
        self._proc = proc
        self._poll = select.poll()
        self._poll.register(proc.stdout.fileno(), select.POLLIN)  # type: ignore[union-attr]
        if proc.stderr is not None:
            self._poll.register(proc.stderr.fileno(), select.POLLIN)
        # A bot dropped without close() is still killed when it is collected, or at exit.
        self._finalizer = weakref.finalize(self, _kill_group, proc)

    def _exchange(self, request: bytes, seconds: float | None, what: str) -> Reply:
        """Write ``request``, read one reply line by the deadline and parse it."""
        return self._judge(self._round_trip(request, seconds, what))

    def _judge(self, line: bytes) -> Reply:
        """Parse a reply line; an ``error`` reply or a bad line is the bot's failure."""
        try:
            reply = parse_reply(line)
        except ProtocolError as e:
            raise self._fail(FailureReason.PROTOCOL, f"sent a bad reply: {e}") from None
        if isinstance(reply, ErrorReply):
            reason = {
                "memory": FailureReason.MEMORY,
                "illegal": FailureReason.ILLEGAL,
                "protocol": FailureReason.PROTOCOL,
            }.get(reply.kind, FailureReason.ERROR)
            raise self._fail(reason, f"gave up ({reply.kind}): {_printable(reply.message[:500])}")
        return reply

    def _round_trip(self, request: bytes, seconds: float | None, what: str) -> bytes:
        """Write ``request`` and read one reply line within ``seconds`` (``None``: no limit),
        draining the bot's standard error meanwhile; the bot's failure when it does not come.

        The request is written at once when the pipe takes it (it nearly always does: a
        request is far smaller than a pipe's buffer), then one ``poll`` on the bot's output,
        made at its start, waits for the reply; the rest of the request is written as the
        pipe drains.
        """
        proc = self._proc
        poll = self._poll
        assert proc is not None and proc.stdin and proc.stdout and poll is not None
        # Output before the request is output nobody asked for (a second reply, a log line):
        # read what is there already, so that it is not taken for the answer to this request.
        data = self._read(proc.stdout)
        if data:
            self._buffer += data
        if self._buffer:
            shown = self._buffer[:80].decode("utf-8", "replace")
            raise self._fail(
                FailureReason.PROTOCOL,
                f"wrote output nobody asked for before {what} was asked: {_brief(shown)}",
            )
        deadline = None if seconds is None else time.monotonic() + seconds
        in_fd, out_fd = proc.stdin.fileno(), proc.stdout.fileno()
        pending = self._write_some(in_fd, request, what)
        if pending:
            poll.register(in_fd, select.POLLOUT)
        try:
            while True:
                if b"\n" in self._buffer:
                    line, _, self._buffer = self._buffer.partition(b"\n")
                    if len(line) > MAX_REPLY_BYTES:
                        raise self._too_long(len(line))
                    return line
                if len(self._buffer) > MAX_REPLY_BYTES:
                    raise self._too_long(len(self._buffer))
                timeout = None
                if deadline is not None:
                    timeout = (deadline - time.monotonic()) * 1000
                    if timeout <= 0:
                        raise self._fail(
                            FailureReason.TIMEOUT,
                            f"did not answer with {what} within {seconds:g} s",
                        )
                for fd, _ in poll.poll(timeout):
                    if fd == in_fd:
                        pending = self._write_some(in_fd, pending, what)
                        if not pending:
                            poll.unregister(in_fd)
                    elif fd == out_fd:
                        data = self._read(proc.stdout)
                        if data is None:
                            continue
                        if not data:
                            raise self._exited(f"before it sent {what}")
                        self._buffer += data
                    else:
                        assert proc.stderr is not None
                        data = self._read(proc.stderr)
                        if data == b"":
                            poll.unregister(fd)
                        elif data:
                            self._tail = (self._tail + data)[-_STDERR_TAIL:]
        finally:
            if pending and self._poll is poll:
                with contextlib.suppress(KeyError, ValueError):
                    poll.unregister(in_fd)

    def _write_some(self, fd: int, data: bytes, what: str) -> bytes:
        """Write what the pipe takes of ``data`` now; return the rest."""
        try:
            n = os.write(fd, data)
        except BlockingIOError:
            return data
        except OSError:  # BrokenPipeError: the bot has closed its input or exited
            raise self._exited(f"while {what} was asked") from None
        return data[n:]

    @staticmethod
    def _read(stream: IO[bytes]) -> bytes | None:
        try:
            return os.read(stream.fileno(), 65536)
        except BlockingIOError:
            return None
        except OSError:
            return b""

    def _too_long(self, size: int) -> BotFailure:
        return self._fail(
            FailureReason.PROTOCOL,
            f"sent a line of more than {MAX_REPLY_BYTES:,} bytes ({size:,} without a newline "
            "so far); the limit is the protocol's",
        )

    def _exited(self, when: str) -> BotFailure:
        proc = self._proc
        assert proc is not None
        self._wait_exit(0.5)
        self._drain_stderr()
        status = _status_of(proc)
        tail = self._tail.decode("utf-8", "replace")
        if status == f"exited with status {_CANNOT_START}" and tail.startswith("cannot start "):
            # The memory limit's wrapper could not run the program (not found, not executable).
            reason = tail.strip().splitlines()[-1].split(": ", 1)[-1]
            return self._fail(FailureReason.START, f"cannot start {self.command!r}: {reason}")
        if any(w in tail for w in _MEMORY_WORDS):
            return self._fail(FailureReason.MEMORY, f"ran out of memory and {status} {when}")
        return self._fail(FailureReason.EXITED, f"{status} {when}")

    def _fail(self, reason: FailureReason, detail: str) -> BotFailure:
        """Kill the program; the failure to raise."""
        name = self.name
        self._drain_stderr()
        tail = self._tail.decode("utf-8", "replace")
        self._kill()
        return BotFailure(f"bot {_brief(name)} {detail}", reason=reason, bot=name, stderr=tail)

    def _drain_stderr(self) -> None:
        proc = self._proc
        if proc is not None and self._stderr_fd is not None:
            self._tail = self._file_tail()
            return
        if proc is None or proc.stderr is None:
            return
        for _ in range(64):
            data = self._read(proc.stderr)
            if not data:
                return
            self._tail = (self._tail + data)[-_STDERR_TAIL:]

    def _open_stderr(self) -> int:
        """The ``stderr`` file for a start (a path's opened for appending, and for reading
        back its end; the caller's descriptor as it is); notes where this start's text begins.
        """
        target = self.stderr_path
        assert target is not None
        if isinstance(target, int):
            self._stderr_fd = target
        else:
            try:
                self._stderr_file = open(target, "a+b")  # noqa: SIM115 - closed in _kill
            except PermissionError:  # a file we may write but not read: no tail then
                self._stderr_file = open(target, "ab")  # noqa: SIM115 - closed in _kill
            self._stderr_fd = self._stderr_file.fileno()
        self._stderr_start = os.fstat(self._stderr_fd).st_size
        return target if isinstance(target, int) else self._stderr_fd

    def _file_tail(self) -> bytes:
        """The end of what this program wrote to its ``stderr`` file since it started, read
        through the open file (the path may name another file by now).
        """
        fd = self._stderr_fd
        assert fd is not None
        try:
            size = os.fstat(fd).st_size
            start = max(self._stderr_start, size - _STDERR_TAIL)
            return os.pread(fd, max(0, size - start), start)
        except OSError:
            return self._tail

    def _write_quietly(self, data: bytes) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdin.closed:
            return
        with contextlib.suppress(OSError):
            os.write(proc.stdin.fileno(), data)

    def _wait_exit(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the program to exit, without reaping it (so that its
        process group id stays taken until :meth:`_kill`); drain its output meanwhile.
        """
        proc = self._proc
        assert proc is not None
        deadline = time.monotonic() + seconds
        while True:
            if _has_exited(proc):
                return True
            if time.monotonic() >= deadline:
                return False
            if proc.stdout is not None:
                self._read(proc.stdout)
            self._drain_stderr()
            time.sleep(0.005)

    def _kill(self) -> None:
        """SIGKILL the process group, reap the program, close the pipes."""
        proc = self._proc
        self._proc = None
        self._poll = None
        self._sent = None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if proc is not None:
            _signal_group(proc, signal.SIGKILL)
            proc.wait()
            for stream in (proc.stdin, proc.stdout, proc.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        self._close_stderr_file()

    def _close_stderr_file(self) -> None:
        self._stderr_fd = None
        if self._stderr_file is not None:
            self._stderr_file.close()
            self._stderr_file = None


def _refuses(line: bytes) -> bool:
    """Whether a reply line is an ``error`` of kind ``protocol`` (a request refused)."""
    try:
        reply = parse_reply(line)
    except ProtocolError:
        return False
    return isinstance(reply, ErrorReply) and reply.kind == "protocol"


def _exit_info(proc: _Process) -> tuple[int, int] | None:
    """``(si_code, si_status)`` of the program's exit, or ``None`` while it runs; without
    reaping it (``waitid`` with ``WNOWAIT``; a fork server's process: the server's answer).
    """
    if isinstance(proc, ForkedProcess):
        return proc.peek()
    code = proc.returncode
    if code is not None:
        return (os.CLD_EXITED, code) if code >= 0 else (os.CLD_KILLED, -code)
    if hasattr(os, "waitid"):
        try:
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return (os.CLD_EXITED, 0)
        return None if info is None else (info.si_code, info.si_status)
    code = proc.poll()  # pragma: no cover - systems without waitid
    if code is None:  # pragma: no cover
        return None
    return (os.CLD_EXITED, code) if code >= 0 else (os.CLD_KILLED, -code)  # pragma: no cover


def _has_exited(proc: _Process) -> bool:
    """Whether the program has exited, without reaping it."""
    return _exit_info(proc) is not None


def _signal_group(proc: _Process, sig: signal.Signals) -> None:
    """Send ``sig`` to the program's process group (its pid: it leads a session; a fork
    server's process: only while it is the server's child, :meth:`ForkedProcess.signal_group`).
    """
    if isinstance(proc, ForkedProcess):
        proc.signal_group(sig)
        return
    if proc.returncode is not None:
        # Reaped already: the group id may have been reused; signal only the program's
        # children that are left, which a reaped leader cannot name. Nothing to do.
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, sig)


def _kill_group(proc: _Process) -> None:
    """SIGKILL a bot's process group and reap it (the finalizer of a bot never closed)."""
    _signal_group(proc, signal.SIGKILL)
    with contextlib.suppress(OSError):
        proc.wait()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def _status_of(proc: _Process) -> str:
    """``"exited with status 1"``, ``"was killed by SIGKILL"``, or ``"closed its output"``."""
    info = _exit_info(proc)
    if info is None:
        return "closed its standard output"
    code, status = info
    if code == os.CLD_EXITED:
        return f"exited with status {status}"
    try:
        return f"was killed by {signal.Signals(status).name}"
    except ValueError:
        return f"was killed by signal {status}"


def _reply_name(reply: Reply) -> str:
    return {Handshake: "hello", Ready: "ready", MoveReply: "move", ErrorReply: "error"}[type(reply)]
