"""Which build of the kernel is running: compiled with mypyc, or pure Python.

The optional compiled build (README, "A compiled build") installs the kernel's modules,
``bergen/kernel/*.py``, as extension modules built by mypyc. This module is never compiled: it
looks at the file one kernel module was loaded from, a test that holds whether or not
``bergen/kernel/__init__.py`` is compiled too.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

import bergen.kernel.play

__all__ = ["COMPILED"]

COMPILED: Final[bool] = (bergen.kernel.play.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""``True`` when the kernel running is the one compiled with mypyc, ``False`` when it is the
pure-Python one.

A constant, fixed when bergen is imported by the build that is installed; ``bergen --version``
says the same.
"""
