"""Bots named ``module:Class`` on the command line import from the current directory."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

__all__ = ["import_from_cwd"]


def import_from_cwd(specs: Iterable[str]) -> None:
    """Make modules in the current directory importable when a bot spec names a module.

    ``bergen arena mybots:HeavyFirst`` run from the directory that holds ``mybots.py`` finds it,
    as ``python -m`` would: the current directory joins ``sys.path`` (at the end, so it never
    shadows an installed package). Worker processes inherit the path. Nothing changes when no
    spec has a ``:`` or the directory is on the path already.

    Args:
        specs: Bot specs as typed (``greedy``, ``mybots:HeavyFirst[depth=2]``).
    """
    if not any(":" in spec.partition("[")[0] for spec in specs):
        return
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)
