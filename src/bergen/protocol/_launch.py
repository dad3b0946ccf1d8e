"""Start a bot program for the arena: ``python _launch.py PARENT [--user UID:GID] -- PROGRAM ARGS``.

The arena starts each bot process through this tiny wrapper (run by its path with ``python -I
-S``; it imports only the standard library, never bergen, so it starts in a few milliseconds),
after the memory limit's wrapper (:mod:`bergen.protocol._limit`) and before any sandbox prefix
(``--bot-prefix``). It:

1. checks that its parent is still the arena's process ``PARENT`` (else it exits at once);
2. leaves a watchdog behind: a child process in the bot's process group that waits for the
   arena's process to end (a pidfd, Linux 5.3 and later; elsewhere it looks every second) or
   for the bot's standard input to be closed for good (the arena is gone), and then kills the
   whole process group, so that no bot outlives its arena, however the arena ends. It reads
   nothing of the bot's input and holds none of its output;
3. with ``--user UID:GID`` (``--bot-user``; the arena runs as root), drops every supplementary
   group and switches to that group and user for good, so the bot cannot read the operator's
   files, the arena's memory or the results file (mode 0600);
4. replaces itself by the program (``os.execvp``, which searches ``PATH``).

When the program cannot be run, it writes ``cannot start PROGRAM: REASON`` to standard error
and exits with status 127, as a shell does.
"""

from __future__ import annotations

import os
import select
import signal
import sys

USAGE = "usage: python _launch.py PARENT [--user UID:GID] -- PROGRAM [ARGS...]"
CANNOT_START = 127
"""The exit status when the program cannot be run (a shell's "command not found")."""


def _switch_user(ids: str) -> None:
    """Become user and group ``UID:GID`` for good, with no supplementary groups."""
    uid, gid = (int(x) for x in ids.split(":"))
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid or os.getegid() != gid:
        raise OSError(f"still user {os.geteuid()} after switching to {uid}")


def _arena_handle(parent: int) -> int:
    """A pidfd of the arena's process ``parent`` (-1 where there is none), opened while it is
    surely that process: this process's parent.
    """
    try:
        handle = os.pidfd_open(parent) if hasattr(os, "pidfd_open") else -1
    except OSError:
        handle = -1
    if os.getppid() != parent:
        raise SystemExit(1)  # the arena is gone already
    return handle


def _leave_watchdog(parent: int, handle: int) -> None:
    """Fork the watchdog; return in the process that goes on to be the bot."""
    if os.fork() != 0:
        if handle >= 0:
            os.close(handle)
        return
    try:
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 1)
        os.dup2(null, 2)
        poller = select.poll()
        poller.register(0, 0)  # only hang-up and error: it never reads the bot's input
        if handle >= 0:
            poller.register(handle, select.POLLIN)
        while not poller.poll(None if handle >= 0 else 1000):
            try:  # no pidfd: ProcessLookupError once the arena is gone
                os.kill(parent, 0)
            except PermissionError:  # there, as another user (the bot runs as --user)
                continue
    finally:  # whatever ended the wait, the group goes
        try:
            os.killpg(0, signal.SIGKILL)
        finally:
            os._exit(0)


def main(argv: list[str]) -> int:
    """Check the parent, switch the user, leave the watchdog, run the program: returns only
    when it cannot.

    Args:
        argv: ``[PARENT, "--user", "UID:GID", "--", PROGRAM, ARGS...]`` (``--user`` optional).

    Returns:
        2 for bad arguments, 1 when the arena is gone, :data:`CANNOT_START` when the user
        cannot be switched or the program cannot be run (the reason on standard error).
    """
    try:
        end = argv.index("--")
    except ValueError:
        end = -1
    head, program = argv[:end], argv[end + 1 :]
    if end < 1 or not program or not head[0].isdigit() or len(head) not in (1, 3):
        sys.stderr.write(USAGE + "\n")
        return 2
    if len(head) == 3 and (head[1] != "--user" or head[2].count(":") != 1):
        sys.stderr.write(USAGE + "\n")
        return 2
    parent = int(head[0])
    try:
        handle = _arena_handle(parent)
    except SystemExit:
        return 1
    try:
        os.get_exec_path()  # loads what execvp needs while the standard library is readable
        if len(head) == 3:
            _switch_user(head[2])
        _leave_watchdog(parent, handle)
        os.execvp(program[0], program)
    except (OSError, ValueError) as e:
        sys.stderr.write(f"cannot start {program[0]}: {e}\n")
        sys.stderr.flush()
    return CANNOT_START


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
