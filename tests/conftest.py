"""Shared fixtures: a builder for set-up positions written in bergen's notation; finding the
processes a test's process left running."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from bergen import CLASSIC, TILES, Hand, LineOfPlay, RoundState, Rules, Tile

# Hypothesis profiles. "ci" is the default (locally and under CI=true): it keeps the property
# suite to a minute or two on two cores. "long" is for deeper runs (about a quarter of an hour):
#     HYPOTHESIS_PROFILE=long python -m pytest tests/properties tests/test_stateful.py
# Both print a replayable blob on failure (reproduce with @reproduce_failure).
_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
settings.register_profile(
    "ci",
    max_examples=100,
    stateful_step_count=40,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_OK,
)
settings.register_profile(
    "long",
    max_examples=1000,
    stateful_step_count=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_OK,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

Builder = Callable[..., RoundState]


def build_position(
    hands: Sequence[str],
    line: str = "",
    *,
    top: str = "",
    boneyard: str | None = None,
    to_move: int = 0,
    rules: Rules = CLASSIC,
    scores: Sequence[int] | None = None,
    dealer: int = 0,
) -> RoundState:
    """A position from text: hands ``"6-4 3-2"``, a line ``"5-1 *1-1 1-4"``.

    The boneyard is ``boneyard`` exactly when given; otherwise the tiles named in ``top`` (in
    that order) and then every tile not placed elsewhere, lowest index first.
    """
    parsed = [Hand.parse(h) for h in hands]
    lay = LineOfPlay.parse(line)
    if boneyard is not None:
        bone = [Tile.parse(t) for t in boneyard.split()]
    else:
        bone = [Tile.parse(t) for t in top.split()]
        placed = {t for h in parsed for t in h} | {p.tile for p in lay.tiles} | set(bone)
        bone += [t for t in TILES if t not in placed]
    return RoundState.from_position(parsed, bone, lay, to_move, rules, scores=scores, dealer=dealer)


@pytest.fixture
def position() -> Builder:
    """The :func:`build_position` builder."""
    return build_position


@pytest.fixture
def ns() -> dict[str, object]:
    """The namespace of ``from bergen import *``, for evaluating reprs."""
    namespace: dict[str, object] = {}
    exec("from bergen import *", namespace)
    return namespace


PROCESS_MARK = "BERGEN_TEST_MARK"
"""An environment variable for a test to give the process it starts, with a value of its own
(a fresh ``uuid4().hex``): every process started from that one inherits it, so the test can
find what is left running (Linux: read through ``/proc``)."""


def marked_processes(mark: str) -> list[str]:
    """The command lines of the live processes whose environment has ``PROCESS_MARK=mark`` (a
    zombie has no environment left, and is not counted)."""
    entry = f"{PROCESS_MARK}={mark}".encode()
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if entry in environ.split(b"\0"):
            found.append(cmdline.replace(b"\0", b" ").decode(errors="replace"))
    return found


def processes_left(mark: str, seconds: float) -> list[str]:
    """:func:`marked_processes`, polled until none is left or ``seconds`` have passed (never a
    fixed sleep): ``[]`` as soon as they are all gone, else those still running at the end."""
    deadline = time.monotonic() + seconds
    left = marked_processes(mark)
    while left and time.monotonic() < deadline:
        time.sleep(0.02)
        left = marked_processes(mark)
    return left
