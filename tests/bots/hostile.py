"""Hostile bots, for the arena's isolation tests (loaded as ``bots.hostile:...``).

Each plays like ``greedy`` (a :class:`~bergen.bots.GreedyBot` with the same seed) when its
attack does nothing, so that an arena with it gives the same games as one with ``greedy``. The
spies raise ``RuntimeError("saw hidden tiles: ...")`` when they find a tile their seat may not
see (another seat's hand, the boneyard): in a process of their own they must find nothing; in
the trusting in-process mode they do.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable, Sequence

import bergen
from bergen.bots import GreedyBot
from bergen.match import MatchState
from bergen.moves import Move
from bergen.round import RoundState
from bergen.tiles import Tile
from bergen.view import PlayerView


class _Greedy:
    """Plays as ``greedy`` with its seed; subclasses attack first."""

    name = "hostile"

    def __init__(self, seed: int | None = None) -> None:
        self.greedy = GreedyBot(seed=seed)

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        return None

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        answer = self.attack(view, legal_moves)
        if answer is not None:
            return answer  # type: ignore[return-value]
        return self.greedy.choose(view, legal_moves)


def _hidden_tiles(found: Iterable[object], view: PlayerView) -> set[Tile]:
    """The tiles the view's seat may not see, in any round or match state among ``found``."""
    hidden: set[Tile] = set()
    for obj in found:
        states: list[RoundState] = []
        if isinstance(obj, MatchState):
            states.extend(r for r in (*obj.rounds, obj.round) if r is not None)
        elif isinstance(obj, RoundState):
            states.append(obj)
        for state in states:
            if state.seats != view.seats:
                continue
            for seat, hand in enumerate(state.hands):
                if seat != view.seat:
                    hidden.update(hand)
            hidden.update(state.boneyard.tiles)
    return hidden - set(view.hand)


def _report(hidden: set[Tile]) -> None:
    if hidden:
        raise RuntimeError(f"saw hidden tiles: {' '.join(sorted(map(str, hidden)))}")


class SpyFrames(_Greedy):
    """Walks its callers' frames (``sys._getframe``) for the game's state."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        found: list[object] = []
        frame = sys._getframe(1)
        while frame is not None:
            found.extend(frame.f_locals.values())
            for value in frame.f_locals.values():  # the state behind a lazy view, a task
                found.extend(getattr(value, "__dict__", {}).values())
                for slot in getattr(type(value), "__slots__", ()):
                    found.append(getattr(value, slot, None))
            frame = frame.f_back  # type: ignore[assignment]
        _report(_hidden_tiles(found, view))
        return None


class SpyGc(_Greedy):
    """Walks every object the garbage collector knows for a ``RoundState`` or ``MatchState``."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        _report(_hidden_tiles(gc.get_objects(), view))
        return None


class SpyGlobals(_Greedy):
    """Reads every module global of bergen for a game state, then replaces a global: every
    deal from a seed becomes the deal of seed 0 (in the arena's process this would choose the
    next rounds' deals).
    """

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        found: list[object] = []
        for name, module in list(sys.modules.items()):
            if name == "bergen" or name.startswith("bergen."):
                found.extend(vars(module).values())
        _report(_hidden_tiles(found, view))
        deal = bergen.Deal
        original = deal.from_seed.__func__  # type: ignore[attr-defined]
        if not getattr(deal.from_seed, "hostile", False):

            def rigged(cls: type, seed: int, *args: object, **kwargs: object) -> object:
                return original(cls, 0, *args, **kwargs)

            rigged.hostile = True  # type: ignore[attr-defined]
            deal.from_seed = classmethod(rigged)  # type: ignore[method-assign,assignment]
        # A match's deal stream starts where bergen.deal.stream_at winds the generator to.
        stream_at = bergen.deal.stream_at
        if not getattr(stream_at, "hostile", False):

            def rigged_stream(seed: int, index: int) -> object:
                return stream_at(0, index)

            rigged_stream.hostile = True  # type: ignore[attr-defined]
            bergen.deal.stream_at = rigged_stream  # type: ignore[assignment]
        return None


class Exits(_Greedy):
    """``os._exit(7)``: ends its process at once, no cleanup."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        os._exit(7)


class KillsItself(_Greedy):
    """SIGKILL to its own process."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(5)
        return None


class IgnoresSignals(_Greedy):
    """Ignores SIGALRM, SIGTERM and SIGINT, cancels any timer, and sleeps."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        for sig in (signal.SIGALRM, signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, signal.SIG_IGN)
        signal.setitimer(signal.ITIMER_REAL, 0)
        time.sleep(60)
        return None


class SwallowsEverything(_Greedy):
    """Catches every ``BaseException`` in a loop, for ever."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        while True:
            with contextlib.suppress(BaseException):
                time.sleep(0.01)


class LeavesAThread(_Greedy):
    """Plays well, but leaves a non-daemon thread running for ever (its process cannot exit
    by itself)."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        if not any(t.name == "hostile-forever" for t in threading.enumerate()):
            threading.Thread(target=_forever, name="hostile-forever", daemon=False).start()
        return None


def _forever() -> None:
    while True:
        time.sleep(0.05)


class BusyLoop(_Greedy):
    """Spins for ever."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        n = 0
        while True:
            n += 1


class SleepsForever(_Greedy):
    """Sleeps for ever."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        while True:
            time.sleep(3600)


class Allocates(_Greedy):
    """Allocates memory without bound, in blocks past the test's 96 MiB limit: the address space
    limit refuses the first block at once. (Blocks of 16 MiB were written to, page by page,
    before the limit was reached: on a loaded machine that took longer than the 0.5 s move time,
    and the forfeit said "time" instead of "memory".)"""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        hoard = []
        while True:
            hoard.append(bytearray(256 << 20))


class PrintsJunk(_Greedy):
    """Writes junk to its standard output (``print``, ``sys.__stdout__``, file descriptor 1),
    then plays well."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        print("junk {not json")
        if sys.__stdout__ is not None:
            sys.__stdout__.write("more junk\n")
            sys.__stdout__.flush()
        os.write(1, b'{"type": "move", "move": "pass"}\n')
        return None


class CorruptsTheProtocol(_Greedy):
    """Finds every writable file of its process and writes junk to each (the protocol's pipe
    among them, wherever it was moved)."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        for fd in range(3, 256):
            with contextlib.suppress(OSError):
                os.write(fd, b"junk {not json\n")
        return None


class ClosesStdout(_Greedy):
    """Closes its standard output (``sys.stdout``, file descriptor 1 and every other
    descriptor above 2), then plays."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        with contextlib.suppress(Exception):
            sys.stdout.close()
        for fd in [1, *range(3, 256)]:
            with contextlib.suppress(OSError):
                os.close(fd)
        return None


class _BadStr(Exception):
    def __str__(self) -> str:
        raise ValueError("no reading me")


class RaisesBadStr(_Greedy):
    """Raises an exception whose ``__str__`` raises."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        raise _BadStr()


class _EqualOnce:
    """Equal to anything the first time it is compared; raises after."""

    def __init__(self) -> None:
        self.compared = False

    def __eq__(self, other: object) -> bool:
        if self.compared:
            raise RuntimeError("compared twice")
        self.compared = True
        return True

    __hash__ = object.__hash__


class EqualOnce(_Greedy):
    """Returns an object that is equal once, then raises."""

    def attack(self, view: PlayerView, legal_moves: Sequence[Move]) -> object:
        return _EqualOnce()
