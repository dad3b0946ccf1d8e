"""The arena's side of the fork server (:mod:`bergen.protocol._forkserver`): bot processes of a
Python bot that are forks of one warm server instead of new Pythons.

:class:`ForkServer` starts the server (once, at the first bot asked of it) and asks it for each
bot process; :class:`ForkedProcess` is such a process as a
:class:`~bergen.protocol.ProtocolBot` uses it: the same pipes, process group and limits as a
process it starts itself, with the server, its parent, telling whether it has exited and
reaping it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from typing import IO

__all__ = ["ForkServer", "ForkedProcess", "fork_server_command"]

_REPLY_BYTES = 64
_PROC = "/proc"

BUILTIN = "--builtin"
"""The fork server's argument in place of a spec: it serves every built-in bot (bergen's own
code, :data:`bergen.bots.BUILTIN_BOTS`), and only those."""


def fork_server_command(spec: str, parent: int) -> list[str]:
    """The command of a fork server for the Python bot ``spec`` (or for every built-in bot:
    ``spec`` :data:`BUILTIN`) whose bot processes play for the process ``parent`` (the
    arena's or a worker's; it is started through the launcher, :mod:`bergen.protocol._launch`,
    which checks the parent and switches the user first): ``[sys.executable, "-m",
    "bergen.protocol._forkserver", PARENT, "--", SPEC]``.
    """
    return [sys.executable, "-m", "bergen.protocol._forkserver", str(parent), "--", spec]


def _parent_of(pid: int) -> int | None:
    """The parent's process id of process ``pid`` (from ``/proc/PID/stat``), or ``None`` when
    there is no such process.
    """
    try:
        with open(f"{_PROC}/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return None
    fields = stat[stat.rfind(b")") + 1 :].split()  # after the command's name, which may be odd
    try:
        return int(fields[1])
    except (IndexError, ValueError):
        return None


def _can_see_parents() -> bool:
    """Whether a process's parent can be read here (``/proc``, as on Linux)."""
    return os.path.isdir(f"{_PROC}/self")


class ForkedProcess:
    """A bot process forked by a :class:`ForkServer`: what a ``ProtocolBot`` uses of a
    :class:`subprocess.Popen` (its id, which is its process group's, its pipes, its exit).

    Args:
        server: The server that forked it (its parent, which reaps it).
        pid: Its process id.
        stdin: The pipe to its standard input (write end).
        stdout: The pipe from its standard output (read end).
        stderr: The pipe from its standard error, or ``None`` when it writes to a file.
    """

    def __init__(
        self,
        server: ForkServer,
        pid: int,
        stdin: IO[bytes],
        stdout: IO[bytes],
        stderr: IO[bytes] | None,
    ) -> None:
        """Hold the process's id and pipes; it is running."""
        self.server = server
        self.parent = server.pid  # the server that forked it (a new one may follow)
        self.via = server.control  # and its socket
        self.pid = pid
        self.stdin: IO[bytes] | None = stdin
        self.stdout: IO[bytes] | None = stdout
        self.stderr: IO[bytes] | None = stderr
        self.returncode: int | None = None

    def peek(self) -> tuple[int, int] | None:
        """``(si_code, si_status)`` of its exit (``os.CLD_EXITED`` and the status, or
        ``os.CLD_KILLED`` and the signal), or ``None`` while it runs; it is not reaped. A
        server that is gone, or answers anything else (it runs the bot's own code), counts as
        the process killed.
        """
        code = self.returncode
        if code is not None:
            return (os.CLD_EXITED, code) if code >= 0 else (os.CLD_KILLED, -code)
        try:
            words = self.server.ask(b"peek %d" % self.pid, via=self.via).split()
        except OSError:
            return (os.CLD_KILLED, signal.SIGKILL)
        if words == [b"running"]:
            return None
        if len(words) == 3 and words[0] == b"exit" and words[1].isdigit() and words[2].isdigit():
            return int(words[1]), int(words[2])
        return (os.CLD_KILLED, signal.SIGKILL)  # gone, or a server that says nonsense

    def poll(self) -> int | None:
        """The exit status once reaped (a signal as its negative number), else ``None``."""
        return self.returncode

    def signal_group(self, sig: int) -> None:
        """Send ``sig`` to its process group, unless process ``pid`` is there and is not the
        server's child: the server runs the bot's own code and its answers are not trusted, nor
        is an id the server may have reaped (and so freed) already. A group whose leader is
        gone is still signalled: its id cannot be reused while any process of it is left.
        """
        if self.returncode is not None:
            return
        if _can_see_parents():
            parent = _parent_of(self.pid)
            if parent is not None and parent != self.parent:
                return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)

    def wait(self, timeout: float | None = None) -> int:
        """Kill its process group and have the server reap it; return its exit status
        (``-9`` when the server is gone). Only called once the arena is done with it.
        """
        if self.returncode is None:
            self.signal_group(signal.SIGKILL)
            try:
                words = self.server.ask(b"reap %d" % self.pid, via=self.via).split()
                self.returncode = int(words[1]) if words[0] == b"reaped" else -signal.SIGKILL
            except (OSError, IndexError, ValueError):
                self.returncode = -signal.SIGKILL
            self.server.reaped(self.via)
        return self.returncode


class ForkServer:
    """One warm Python bot server that forks the bot processes of one spec and setting.

    It is started at the first :meth:`spawn`, and again when it is found gone (killed). A
    fork inherits the server's nice value and CPU affinity, which a process of the same user
    can worsen: a server found with either changed forks no more; a new one is started for the
    next fork, and the old one ends once its forks are reaped. :meth:`close` ends it for good
    (it kills every bot process it forked that is still there), :meth:`kill` ends it at once.

    Args:
        command: Its command (:func:`fork_server_command`, through the launcher and under the
            memory limit's wrapper when there is a limit: its forks keep the limit and user).
        env: Its environment.
        stderr: Where its own standard error goes (an open descriptor), ``None`` for nowhere.
        start_time: Seconds to wait for it to answer the first request (its start) and any
            later one.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        env: Mapping[str, str] | None,
        stderr: int | None,
        start_time: float,
    ) -> None:
        """Store how to start it; nothing is started yet."""
        self.command = list(command)
        self.env = dict(env) if env is not None else None
        self.stderr = stderr
        self.start_time = start_time
        self.proc: subprocess.Popen[bytes] | None = None
        self.control: socket.socket | None = None
        self.closed = False  # by close() or kill(): never started again
        self.nice = 0  # the nice value and CPU affinity it was started with
        self.cpus: frozenset[int] = frozenset()
        # Servers found slowed, kept for their forks: (process, socket, forks not reaped).
        self.retired: list[tuple[subprocess.Popen[bytes], socket.socket]] = []
        self.forks: dict[socket.socket, int] = {}
        self.lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        """The server's process id, ``None`` before it is started."""
        return None if self.proc is None else self.proc.pid

    def _start(self) -> socket.socket:
        self.nice = os.getpriority(os.PRIO_PROCESS, 0)
        self.cpus = _affinity(0)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = subprocess.Popen(
                self.command,
                stdin=theirs.fileno(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL if self.stderr is None else self.stderr,
                env=self.env,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.settimeout(self.start_time)
        self.control = ours
        return ours

    def ask(
        self, request: bytes, fds: Sequence[int] = (), via: socket.socket | None = None
    ) -> bytes:
        """Send one request (with ``fds``) and return the reply, starting the server first.
        A server found gone (killed, as a bot of the same user can) is started again and
        asked once more, so that it costs the games in play only, not every later one; one
        found slowed is asked for no more forks (a new one is started).

        Args:
            request: The request.
            fds: Descriptors sent with it (a fork's).
            via: The socket of the server that forked the process the request is about
                (``None``: the current server); a server that is gone or ended answers
                nothing.

        Raises:
            OSError: when the server cannot be started, does not answer in time, is gone
                twice, or is closed.
        """
        with self.lock:
            if via is not None and via is not self.control:
                if all(c is not via for _, c in self.retired):
                    raise OSError("its fork server is gone")
                via.sendall(request)
                reply = via.recv(_REPLY_BYTES)
                if not reply:
                    raise OSError("its fork server is gone")
                return reply
            if fds and self.proc is not None and self.control is not None and self._slowed():
                self.retired.append((self.proc, self.control))
                self.proc = self.control = None
            for attempt in (1, 2):
                control = self.control
                if control is None:
                    if self.closed:
                        raise OSError("its fork server is stopped")
                    control = self._start()
                try:
                    if fds:
                        socket.send_fds(control, [request], list(fds))
                    else:
                        control.sendall(request)
                    reply = control.recv(_REPLY_BYTES)
                except TimeoutError:
                    self._stop_locked()
                    raise
                except OSError:
                    self._stop_locked()
                    if attempt == 2:
                        raise
                    continue
                if reply:
                    if fds:
                        self.forks[control] = self.forks.get(control, 0) + 1
                    return reply
                self._stop_locked()
            raise OSError(
                "its fork server has exited (its standard error is kept with --bot-stderr; "
                "--no-fork-server starts each process afresh)"
            )

    def _slowed(self) -> bool:
        """Whether the running server's nice value or CPU affinity is not what it was started
        with (changed by a process of its user; its forks would inherit it).
        """
        if self.proc is None:
            return False
        try:
            pid = self.proc.pid
            return os.getpriority(os.PRIO_PROCESS, pid) != self.nice or _affinity(pid) != self.cpus
        except OSError:
            return False  # gone: found so when asked

    def reaped(self, via: socket.socket | None) -> None:
        """Note that a process forked by the server of socket ``via`` is reaped: a slowed server
        with no fork left ends.
        """
        with self.lock:
            if via is None or via not in self.forks:
                return
            self.forks[via] -= 1
            if self.forks[via] > 0:
                return
            del self.forks[via]
            for i, (proc, control) in enumerate(self.retired):
                if control is via:
                    del self.retired[i]
                    _end(proc, control, 0.2)
                    return

    def spawn(self, stderr: int, spec: str) -> ForkedProcess:
        """A new bot process serving ``spec`` (one the server serves), with new pipes for its
        input and output; its standard error goes to ``stderr``: an open descriptor, or
        ``subprocess.PIPE`` for a new pipe.

        Raises:
            OSError: when the server cannot fork it (see :meth:`ask`), or does not serve
                ``spec``.
        """
        to_bot = os.pipe()
        from_bot = os.pipe()
        err = os.pipe() if stderr == subprocess.PIPE else None
        theirs = [to_bot[0], from_bot[1], err[1] if err is not None else stderr]
        ours = [to_bot[1], from_bot[0], *([err[0]] if err is not None else [])]
        try:
            words = self.ask(b"fork " + spec.encode("utf-8", "surrogateescape"), theirs).split()
            if len(words) != 2 or words[0] != b"pid" or not words[1].isdigit():
                raise OSError(f"the fork server answered {b' '.join(words)!r}")
            if _can_see_parents() and _parent_of(int(words[1])) != self.pid:
                # The server runs the bot's module: it may name any process, which the arena
                # (root, with a bot user) would signal. A fork is its child until reaped.
                raise OSError(f"the fork server named process {int(words[1])}, not its child")
        except BaseException:
            for fd in ours:
                os.close(fd)
            raise
        finally:
            for fd in theirs if err is not None else theirs[:2]:
                os.close(fd)  # the bot's ends: the server has its copies
        return ForkedProcess(
            self,
            int(words[1]),
            open(to_bot[1], "wb", buffering=0),  # closed by the ProtocolBot
            open(from_bot[0], "rb", buffering=0),
            open(err[0], "rb", buffering=0) if err is not None else None,
        )

    def close(self) -> None:
        """End the server: close its socket (it kills the bot processes it forked that are
        left, and exits); kill it if it is still there a second later.
        """
        with self.lock:
            self.closed = True
            for _, control in self.retired:
                control.close()  # each ends at once, side by side
            for proc, control in self.retired:
                _end(proc, control, 1.0)
            self.retired.clear()
            self._stop_locked(grace=1.0)

    def kill(self) -> None:
        """End the server at once (the arena is stopping): shut its socket down, so that it
        kills every bot process it forked and every process it adopted, and exits (the
        :meth:`close` that follows kills it if it is still there a second later). Killing it
        instead would leave what it adopted to ``init``, running.
        """
        self.closed = True
        for control in [self.control, *(c for _, c in list(self.retired))]:
            if control is not None:
                with contextlib.suppress(OSError):
                    control.shutdown(socket.SHUT_RDWR)

    def _stop_locked(self, grace: float = 0.0) -> None:
        control, self.control = self.control, None
        _end(self.proc, control, grace)


def _affinity(pid: int) -> frozenset[int]:
    """The CPUs process ``pid`` may run on (none known where the system does not say)."""
    if not hasattr(os, "sched_getaffinity"):
        return frozenset()
    return frozenset(os.sched_getaffinity(pid))


def _end(proc: subprocess.Popen[bytes] | None, control: socket.socket | None, grace: float) -> None:
    """End a server: close its socket (it kills what it forked and adopted, and exits); kill
    it if it is still there ``grace`` seconds later.
    """
    if control is not None:
        control.close()
    if proc is None or proc.returncode is not None:
        return
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
