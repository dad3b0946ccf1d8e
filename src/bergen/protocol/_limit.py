"""Start a program under a limit on its address space: ``python _limit.py BYTES -- PROGRAM ARGS``.

:class:`~bergen.protocol.ProtocolBot` starts a bot program through this tiny wrapper when it
has a memory limit: the wrapper sets ``RLIMIT_AS`` on itself (soft and hard limit ``BYTES``)
and replaces itself by the program (``os.execvp``, which searches ``PATH``), which keeps the
limit whatever language it is written in. Setting the limit here, after the bot's process has
started, rather than in a ``preexec_fn`` between ``fork`` and ``exec`` keeps the parent safe
when it has threads (the arena starts bots from several threads at once); see the warning on
``preexec_fn`` in the documentation of :mod:`subprocess`.

It imports only the standard library (never bergen), so that it starts in a few milliseconds
when run by its path with ``python -I -S``; ``python -m bergen.protocol._limit`` works too.
When the program cannot be run, it writes ``cannot start PROGRAM: REASON`` to standard error
and exits with status 127, as a shell does.
"""

from __future__ import annotations

import os
import resource
import sys

USAGE = "usage: python -m bergen.protocol._limit BYTES -- PROGRAM [ARGS...]"
CANNOT_START = 127
"""The exit status when the program cannot be run (a shell's "command not found")."""


def main(argv: list[str]) -> int:
    """Set the limit and run the program: returns only when it cannot.

    Args:
        argv: ``[BYTES, "--", PROGRAM, ARGS...]``; ``BYTES`` an int above 0.

    Returns:
        2 for bad arguments, :data:`CANNOT_START` when the limit cannot be set or the program
        cannot be run (the reason written to standard error).
    """
    if len(argv) < 3 or argv[1] != "--" or not argv[0].isdigit() or int(argv[0]) < 1:
        sys.stderr.write(USAGE + "\n")
        return 2
    limit = int(argv[0])
    program = argv[2:]
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.execvp(program[0], program)
    except (OSError, ValueError) as e:
        sys.stderr.write(f"cannot start {program[0]}: {e}\n")
        sys.stderr.flush()
    return CANNOT_START


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
