"""The fork server of the arena's Python bots: ``python -m bergen.protocol._forkserver PARENT
-- SPEC`` (one bot's), or ``PARENT -- --builtin`` (bergen's own bots).

Starting a Python bot process (``bergen bot serve SPEC``) costs 100 to 150 ms of CPU, nearly
all of it Python's start and the import of bergen and of the bot's module; a fork of a process
that has done both costs about 2 ms. So the arena starts one such process per bot spec and
setting, this server, and each bot process of that spec is a fork of it; the built-in bots,
whose code is bergen's, share one server per setting (it imports each one's module when first
asked for it)
(:class:`bergen.protocol._forks.ForkServer` is the arena's side). It is started as a bot
process is, through the memory limit's wrapper (:mod:`bergen.protocol._limit`) and the
launcher (:mod:`bergen.protocol._launch`), which switches to the ``--bot-user`` before this
module, or anything else on the import path, is even imported. The server:

1. checks that its parent is still the arena's process ``PARENT`` (else it exits at once) and
   keeps a pidfd of it;
2. makes itself not dumpable (``PR_SET_DUMPABLE`` 0, which its forks keep): a bot, running as
   the same user, can neither attach to the server or to another bot process nor read their
   memory or open files through ``/proc``;
3. imports the bot's module and the protocol's server (``bergen bot serve``'s code), and builds
   nothing: no game, seed or view is ever in its memory; then moves all it has loaded out of
   the garbage collector's sight (``gc.freeze``), so that its forks do not copy it;
4. reads requests on its standard input, a Unix socket the arena alone holds the other end of:
   ``fork SPEC`` (its spec, or a built-in bot's for the built-in server) with three file
   descriptors (the new bot's standard input, output and error, passed
   as ``SCM_RIGHTS``), answered ``pid N``; ``peek N`` (has bot process ``N`` exited? without
   reaping it); ``reap N`` (kill its process group and reap it, so that its id is not reused
   while the arena may still signal it). It closes its copies of a bot's descriptors at once,
   so it never holds a pipe of a bot it has forked;
5. is a subreaper (``PR_SET_CHILD_SUBREAPER``): a process that a bot process left in a session
   of its own, out of reach of the kill of that bot process's group, becomes the server's
   child once the bot process is gone, and the server kills it when it reaps the bot process;
   it kills its launcher's watchdog once warm (it watches the arena itself, and the watchdog
   would kill it before it has ended what it forked and adopted);
6. ends when the arena closes the socket or the arena's process is gone, killing the process
   group of every bot process it forked first, then every child it has or adopts.

A forked bot process, before any of the bot's code runs: leaves the server's socket (its
descriptor 0 becomes the bot's input) and closes every other descriptor of the server; asks
the kernel to kill it when the server ends (``PR_SET_PDEATHSIG``); starts a session and process
group of its own; leaves the same watchdog as the launcher (:mod:`bergen.protocol._launch`) in
its group, which kills the group once the arena's process is gone or the bot's input is closed
for good; then serves the bot (:func:`bergen.protocol.serve_stdio`) and exits. It keeps the
server's limit on its address space (``RLIMIT_AS``, set by the memory limit's wrapper the
server is started through) and its user.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import select
import signal
import socket
import sys
import time
import traceback

USAGE = "usage: python -m bergen.protocol._forkserver PARENT -- SPEC"

_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_PR_SET_CHILD_SUBREAPER = 36
_SWEEP_SECONDS = 5.0
"""How long the server goes on killing what it adopted when it ends, at most."""
_REQUEST_BYTES = 65_536
"""The longest request the server reads (``fork SPEC``, ``peek N``, ``reap N``; a spec is at
most 10,000 characters, 40,000 bytes of UTF-8); a longer one is refused, never cut short."""
_BUILTIN = "--builtin"
"""The argument in place of a spec for the server of every built-in bot."""


def _prctl(option: int, arg: int) -> None:
    """``prctl(option, arg)`` on Linux; nothing elsewhere or on failure."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(option, arg, 0, 0, 0)


def _children() -> list[int]:
    """The ids of this process's children (read in ``/proc``: none where there is none)."""
    me = os.getpid()
    found = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 1 :].split()
        if len(fields) > 1 and fields[1] == b"%d" % me:
            found.append(int(name))
    return found


def _arguments(argv: list[str]) -> tuple[int, str] | None:
    """``(PARENT, SPEC)`` from ``argv``, or ``None`` when they are bad."""
    if len(argv) != 3 or argv[1] != "--" or not argv[0].isdigit():
        return None
    return int(argv[0]), argv[2]


def _warm(spec: str | None) -> None:
    """Import what serving ``spec`` needs (bergen's protocol server and the bot's module;
    ``None``: the protocol server alone), so that a fork has it loaded; a spec that cannot be
    loaded is left for each fork to report, as ``bergen bot serve`` does.
    """
    from bergen.protocol import server

    if spec is not None:
        with contextlib.suppress(Exception):
            server.bot_options(spec)
    # What is loaded now is never collected: kept out of the collector's sight, a fork neither
    # walks it at each full collection nor copies its pages by writing the objects' headers.
    gc.collect()
    gc.freeze()


class _Server:
    """The server's loop and the bot processes it has forked and not reaped."""

    def __init__(self, parent: int, handle: int, spec: str) -> None:
        """Serve ``spec`` (:data:`_BUILTIN`: every built-in bot) on descriptor 0 for the
        arena's process ``parent`` (pidfd ``handle``, or -1).
        """
        self.parent = parent
        self.handle = handle
        self.spec = spec
        self.warm: set[str] = {spec}
        self.control = socket.socket(fileno=0)
        self.children: set[int] = set()

    def serves(self, spec: str) -> bool:
        """Whether a fork may serve ``spec``: this server's own, or for the built-in server
        any spec of a built-in bot (a name without ``:``), imported first when new.
        """
        if self.spec != _BUILTIN:
            return spec == self.spec
        from bergen.bots import BotError, parse_bot_spec

        try:
            name, _ = parse_bot_spec(spec)
        except BotError:
            return True  # refused by the fork's own server, as bergen bot serve refuses it
        if ":" in name:
            return False
        if spec not in self.warm:
            self.warm.add(spec)
            _warm(spec)
        return True

    def run(self) -> None:
        """Answer requests until the arena closes the socket or is gone; then kill every bot
        process's group and reap them.
        """
        poller = select.poll()
        poller.register(0, select.POLLIN)
        if self.handle >= 0:
            poller.register(self.handle, select.POLLIN)
        try:
            while True:
                events = poller.poll(None if self.handle >= 0 else 1000)
                if not events:
                    # No pidfd: ProcessLookupError once it is gone; PermissionError while it is
                    # there as another user (the server runs as the --bot-user).
                    with contextlib.suppress(PermissionError):
                        os.kill(self.parent, 0)
                    continue
                if any(fd == self.handle for fd, _ in events):
                    return  # the arena's process is gone
                data, fds, flags, _ = socket.recv_fds(self.control, _REQUEST_BYTES, 3)
                if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                    for fd in fds:
                        os.close(fd)
                    self.control.sendall(b"bad")  # cut short: never served as another spec
                    continue
                if not data:
                    for fd in fds:
                        os.close(fd)
                    return
                reply = self.answer(data, fds)
                self.control.sendall(reply)
        except OSError:
            return
        finally:
            for pid in self.children:
                with contextlib.suppress(OSError):
                    os.killpg(pid, signal.SIGKILL)
            self.end_all()

    def end_all(self) -> None:
        """Kill and reap every child, the processes adopted once their bot process is gone
        too, until none is left (:data:`_SWEEP_SECONDS` at most).
        """
        deadline = time.monotonic() + _SWEEP_SECONDS
        while time.monotonic() < deadline:
            for pid in _children():
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            try:
                while os.waitpid(-1, os.WNOHANG)[0] > 0:
                    pass
            except ChildProcessError:
                return  # none left
            time.sleep(0.005)

    def end_adopted(self) -> None:
        """Kill and reap the processes adopted while serving: a process a bot process left in a
        session of its own (out of reach of its group's kill) comes here once that bot process
        is gone (this server is a subreaper).
        """
        for pid in _children():
            if pid not in self.children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)

    def answer(self, request: bytes, fds: list[int]) -> bytes:
        """The reply to one request (its descriptors are closed here, whatever it is)."""
        words = request.split()
        try:
            if request.startswith(b"fork ") and len(fds) == 3:
                spec = request[5:].decode("utf-8", "surrogateescape")
                try:
                    served = self.serves(spec)
                except Exception:  # a spec that cannot even be read: no fork for it
                    served = False
                if not served:
                    return b"bad"
                pid = os.fork()
                if pid == 0:
                    self.become_bot(fds, spec)  # never returns
                self.children.add(pid)
                return b"pid %d" % pid
        finally:
            for fd in fds:
                os.close(fd)
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) not in self.children:
            return b"bad"
        pid = int(words[1])
        if words[0] == b"peek":
            info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            return b"running" if info is None else b"exit %d %d" % (info.si_code, info.si_status)
        if words[0] == b"reap":
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            self.children.discard(pid)
            self.end_adopted()
            return b"reaped %d" % os.waitstatus_to_exitcode(status)
        return b"bad"

    def become_bot(self, fds: list[int], spec: str) -> None:
        """In a forked child: become a bot process on ``fds`` (input, output, error) and
        serve ``spec``; exits, never returns.
        """
        code = 1
        try:
            server = os.getppid()
            self.control.detach()  # descriptor 0 is the bot's input from here on
            _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != server:
                os._exit(1)
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
            keep = self.handle
            if keep >= 3:
                os.closerange(3, keep)
                os.closerange(keep + 1, _max_fd())
            else:
                os.closerange(3, _max_fd())
            os.setsid()
            from bergen.protocol._launch import _leave_watchdog

            _leave_watchdog(self.parent, keep)
            from bergen.protocol.server import serve_stdio

            code = serve_stdio(spec)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        except BaseException:
            with contextlib.suppress(BaseException):
                traceback.print_exc()
        finally:
            with contextlib.suppress(BaseException):
                sys.stderr.flush()
            os._exit(code)


def _max_fd() -> int:
    """One more than the highest descriptor this process may have open."""
    try:
        return int(os.sysconf("SC_OPEN_MAX"))
    except (OSError, ValueError):  # pragma: no cover - a system without the limit
        return 1024


def main(argv: list[str]) -> int:
    """Check the parent, warm up and serve forks until the arena is done.

    Args:
        argv: ``[PARENT, "--", SPEC]``.

    Returns:
        0 when the arena closed the socket or is gone, 1 when the arena was gone at the start,
        2 for bad arguments.
    """
    parsed = _arguments(argv)
    if parsed is None:
        sys.stderr.write(USAGE + "\n")
        return 2
    parent, spec = parsed
    from bergen.protocol._launch import _arena_handle

    try:
        handle = _arena_handle(parent)
    except SystemExit:
        return 1
    _prctl(_PR_SET_DUMPABLE, 0)
    # What a bot process leaves in a session of its own is adopted here, not by init, once
    # the bot process is gone: the server kills it (when it reaps the bot process, and ends).
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)
    _warm(None if spec == _BUILTIN else spec)
    # The launcher's watchdog, this process's child, would kill the server's group the moment
    # the arena is gone, before the server has ended what it forked and adopted; the server
    # watches the arena itself. It goes, with anything the bot's module started when imported.
    for pid in _children():
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    _Server(parent, handle, spec).run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
