"""Python bots for the protocol tests (served as ``protocol.noisy:...`` with tests/ on the path)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import ClassVar

from bergen import Move
from bergen.view import PlayerView


class NoisyBot:
    """Prints to stdout, writes to file descriptor 1 and reads stdin, then plays the first move."""

    name = "noisy"

    def __init__(self, seed: int | None = None, *, shout: str = "hello") -> None:
        self.shout = shout

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        print(self.shout, "from print")
        os.write(1, b"junk on descriptor 1\n")
        sys.stdout.write("more junk\n")
        assert sys.stdin.read() == ""  # the protocol's input is out of reach
        return legal_moves[-1]


class RaisingBot:
    """Raises an exception whose __str__ raises."""

    name = "raising"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        class Nasty(Exception):
            def __str__(self) -> str:
                raise RuntimeError("no message for you")

        raise Nasty


class KeyErrorBot:
    """A bot with a bug: looks up a key that is not there (two calls deep)."""

    name = "key-error"

    def __init__(self, seed: int | None = None) -> None:
        self.table: dict[str, int] = {}

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        return legal_moves[self._index()]

    def _index(self) -> int:
        return self.table["missing"]


class RecursingBot:
    """Recurses without end (a RecursionError, with a thousand frames)."""

    name = "recursing"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        return self.deeper(0, legal_moves)

    def deeper(self, n: int, legal_moves: Sequence[Move]) -> Move:
        return self.deeper(n + 1, legal_moves)


class BrokenBot:
    """Cannot be built: its constructor divides by zero."""

    name = "broken"

    def __init__(self, seed: int | None = None) -> None:
        self.ratio = 1 / 0

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        return legal_moves[0]


class NotAMoveBot:
    """Returns text instead of a move."""

    name = "not-a-move"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        return "5-4L"  # type: ignore[return-value]


class ClockedBot:
    """Plays the first move and keeps the ``seconds`` each ``choose`` was given (the tests of
    the clock read :attr:`given`)."""

    name = "clocked"
    given: ClassVar[list[float | None]] = []

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(
        self, view: PlayerView, legal_moves: Sequence[Move], *, seconds: float | None = None
    ) -> Move:
        ClockedBot.given.append(seconds)
        return legal_moves[0]
