"""The arena's guards on Linux, by ``prctl`` (through :mod:`ctypes`, no dependency): processes
that a bot running as the same user cannot read (not dumpable), and worker processes that end
with the arena's main process (the parent-death signal). Elsewhere they do nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
from collections.abc import Iterator

_PR_SET_PDEATHSIG = 1
_PR_GET_DUMPABLE = 3
_PR_SET_DUMPABLE = 4


def _prctl(option: int, arg: int) -> int | None:
    """``prctl(option, arg, 0, 0, 0)``: its result, or ``None`` off Linux or on failure."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    result = int(prctl(option, arg, 0, 0, 0))
    return None if result < 0 else result


def is_dumpable() -> bool | None:
    """Whether this process is dumpable (``None`` off Linux)."""
    state = _prctl(_PR_GET_DUMPABLE, 0)
    return None if state is None else state != 0


def set_not_dumpable() -> None:
    """Make this process not dumpable (``PR_SET_DUMPABLE`` 0): no core dump, and a process of
    the same user (a bot) can neither attach to it (``ptrace``) nor read its memory, its
    environment or its open files through ``/proc/PID``. Children started by ``fork`` keep it;
    a program started by ``exec`` is dumpable again.
    """
    _prctl(_PR_SET_DUMPABLE, 0)


@contextlib.contextmanager
def not_dumpable() -> Iterator[None]:
    """Keep this process not dumpable for the ``with`` block (the arena's time: it holds the
    seed and every hand), then as it was.
    """
    before = _prctl(_PR_GET_DUMPABLE, 0)
    if before:
        set_not_dumpable()
    try:
        yield
    finally:
        if before:
            _prctl(_PR_SET_DUMPABLE, before)


def die_with_parent(signal_number: int, parent: int) -> None:
    """Have the kernel send ``signal_number`` to this process when its parent (the thread that
    started it) ends (``PR_SET_PDEATHSIG``); and send it now if the parent, ``parent``, is gone
    already.
    """
    _prctl(_PR_SET_PDEATHSIG, signal_number)
    if os.getppid() != parent:
        os.kill(os.getpid(), signal_number)
