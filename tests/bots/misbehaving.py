"""Bots that break the rules, for the arena's forfeit tests (loaded as bots.misbehaving:...)."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Sequence

from bergen import PASS, Move
from bergen.view import PlayerView


class CrashBot:
    """Raises on its first real decision."""

    name = "crash"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        raise RuntimeError("boom")


class IllegalBot:
    """Passes when it must play."""

    name = "illegal"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        return PASS


class SlowBot:
    """Takes ``delay`` seconds per decision, then plays the first legal move."""

    name = "slow"

    def __init__(self, seed: int | None = None, delay: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.delay = delay

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        time.sleep(self.delay)
        return legal_moves[0]


class FirstBot:
    """Plays the first legal move (a well-behaved custom bot)."""

    name = "first"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        return legal_moves[0]


class StubbornBot:
    """Sleeps ``delay`` seconds in small steps, swallowing every ``Exception`` on the way."""

    name = "stubborn"

    def __init__(self, seed: int | None = None, delay: float = 2.0) -> None:
        self.rng = random.Random(seed)
        self.delay = delay

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        end = time.monotonic() + self.delay
        while time.monotonic() < end:
            with contextlib.suppress(Exception):  # a careless bot: must still be stopped
                time.sleep(0.02)
        return legal_moves[0]
