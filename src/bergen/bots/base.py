"""The bot protocol and the errors and texts shared by the bots, the arena and ``bergen play``.

A bot receives a :class:`~bergen.view.PlayerView` and the legal moves and returns one of them.
Its randomness comes from its own seeded ``random.Random``, so that a bot given the same seed
and the same views makes the same moves.
"""

from __future__ import annotations

import os
import random
import traceback
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from bergen.errors import BergenError, _brief, _printable
from bergen.moves import Draw, Lead, Move, Pass, Play
from bergen.playerview import PlayerView

__all__ = ["Bot", "BotError", "move_seconds"]


class BotError(BergenError, ValueError):
    """A bot that cannot be loaded: an unknown name, a bad ``module:Class`` or bad arguments."""


@runtime_checkable
class Bot(Protocol):
    """What a bot implements (docs/guides/bots.md, "What a seat may see: the view").

    A bot is built with a ``seed`` keyword (an int, or ``None`` for an unseeded generator) and
    keeps its own ``random.Random``. It must not keep the views it is given for anything but
    its own decisions, and may not look at anything but the view.

    A bot whose ``choose`` also takes a keyword argument ``seconds`` is told the time it has
    for each move when the caller has a clock: ``bergen bot serve`` passes the protocol's
    ``time`` and the in-process arena its ``move_time``, both through :func:`move_seconds`
    (the built-in search bots stop at the earlier of that and their own budget).

    Attributes:
        name: A short name for reports.
    """

    name: str

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return one of ``legal_moves`` for the seat of ``view``, which is to move.

        Args:
            view: What the bot's seat may know.
            legal_moves: The legal moves, in the engine's order (never empty).

        Returns:
            One of the legal moves; anything else forfeits the game in the arena.
        """
        ...


def _seeded(seed: int | None) -> random.Random:
    """A built-in bot's own generator, ``random.Random(seed)``.

    Raises:
        BotError: when ``seed`` is neither an int nor ``None``.
    """
    if seed is not None and type(seed) is not int:
        raise BotError(f"a bot's seed is an int or None, got {_brief(seed)}")
    return random.Random(seed)


def _check_choice(view: object, legal_moves: object) -> None:
    """Check a built-in bot's ``choose`` arguments.

    Raises:
        BotError: when ``view`` is not a :class:`~bergen.view.PlayerView` or ``legal_moves``
            is not a non-empty sequence of moves.
    """
    if not isinstance(view, PlayerView):
        raise BotError(f"choose takes a PlayerView, got {_brief(view)}")
    if (
        isinstance(legal_moves, str | bytes)
        or not isinstance(legal_moves, Sequence)
        or not legal_moves
        or not all(isinstance(m, Lead | Play | Draw | Pass) for m in legal_moves)
    ):
        raise BotError(
            f"choose takes the legal moves, a non-empty sequence of moves, got "
            f"{_brief(legal_moves)}"
        )


def _exception_text(e: BaseException) -> str:
    """``"ValueError: bad"``; the class name alone when the message is empty
    (``"GeneratorExit"``); ``"SystemExit: exit status None"`` for a bare ``sys.exit()``;
    ``"E (str() raised ValueError)"`` when the exception's own ``__str__`` raises (a bot's
    exception is hostile input too: nothing it raises may escape).
    """
    try:
        text = str(e)
    except BaseException as inner:  # even a KeyboardInterrupt raised by a bot's __str__
        return _printable(f"{type(e).__name__} (str() raised {type(inner).__name__})")
    if not text and isinstance(e, SystemExit):
        text = f"exit status {_brief(e.code)}"
    # One line of printable text: a message with escape sequences or newlines would move the
    # cursor or forge lines in the report that shows it.
    return _printable(f"{type(e).__name__}: {text}" if text else type(e).__name__)


def _raised_at(e: BaseException) -> str:
    """Where ``e`` was raised, the innermost frame of its traceback, for a report:
    ``" (at mybot.py:12, in choose)"``; ``""`` when it has no traceback.
    """
    try:
        frame = traceback.extract_tb(e.__traceback__)[-1]
        where = f"{os.path.basename(frame.filename)}:{frame.lineno}, in {frame.name}"
        return f" (at {_printable(where)})"
    except Exception:  # no traceback (IndexError), or one that cannot be read
        return ""


def _is_legal_choice(move: object, legal: Sequence[Move]) -> bool:
    """Whether a bot's ``move`` is one of ``legal``; ``False`` when comparing it raises (a
    returned object whose ``__eq__`` fails is no legal move). ``KeyboardInterrupt`` passes.
    """
    try:
        return move in legal
    except KeyboardInterrupt:
        raise
    except BaseException:
        return False


def _safe_repr(value: object) -> str:
    """``repr(value)``, or a description when its ``__repr__`` raises (a bot's return value)."""
    try:
        text = repr(value)
        return text if len(text) <= 200 else f"{text[:200]}... ({type(value).__name__})"
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return f"<{type(value).__name__} whose repr raises {_exception_text(e)}>"


def _failure(e: BaseException) -> str:
    """``"ValueError: bad"``; ``"SystemExit(2)"`` for ``sys.exit(2)``."""
    if isinstance(e, SystemExit):
        return f"SystemExit({_brief(e.code)})"
    return _exception_text(e)


CLOCK_SHARE = 0.9
"""The share of a move's time a bot is given (:func:`move_seconds`)."""
CLOCK_MARGIN = 0.02
"""Seconds kept back from a move's time for the answer's way back (:func:`move_seconds`)."""


def move_seconds(time_for_move: float, spent: float = 0.0) -> float:
    """The seconds a bot is given to choose a move that must be answered within
    ``time_for_move`` seconds, of which ``spent`` are gone already: :data:`CLOCK_SHARE` of the
    time less :data:`CLOCK_MARGIN` and less ``spent``, at least 0.001 (so that an anytime bot
    still does its one unit of work). The margin covers the bot's own overshoot (a few
    milliseconds for the search bots, docs/guides/bots.md, "Time budgets") and, for a served
    bot, writing the reply and its way back through the pipe.

    Args:
        time_for_move: The caller's time for the move, in seconds (> 0).
        spent: Seconds already gone (reading and decoding the request).

    Returns:
        Seconds, at least 0.001.

    Raises:
        BotError: when ``time_for_move`` is not a number > 0 or ``spent`` not a number >= 0,
            each at most 1,000,000.
    """
    if (
        isinstance(time_for_move, bool)
        or not isinstance(time_for_move, int | float)
        or not 0 < time_for_move <= 1_000_000  # NaN fails too; 10**400 is no float
    ):
        raise BotError(
            f"time_for_move must be a number of seconds > 0, got {_brief(time_for_move)}"
        )
    if isinstance(spent, bool) or not isinstance(spent, int | float) or not 0 <= spent <= 1_000_000:
        raise BotError(f"spent must be a number of seconds >= 0, got {_brief(spent)}")
    return max(0.001, time_for_move * CLOCK_SHARE - CLOCK_MARGIN - spent)


def _decision_seconds(own: float | None, seconds: object) -> float | None:
    """The time budget of one decision of a search bot: its own ``seconds`` budget, or the
    time the caller gives the move (``choose(..., seconds=...)``) when that is shorter.

    Args:
        own: The bot's own budget per decision, in seconds, or ``None``.
        seconds: The caller's time for this move, in seconds, or ``None``.

    Returns:
        Seconds, or ``None`` for no clock.

    Raises:
        BotError: when ``seconds`` is neither ``None`` nor a number > 0 and at most
            1,000,000.
    """
    if seconds is None:
        return own
    if (
        not isinstance(seconds, int | float)
        or isinstance(seconds, bool)
        or not 0 < seconds <= 1_000_000  # NaN fails too; 10**400 is no float
    ):
        raise BotError(f"choose's seconds must be a number of seconds > 0, got {_brief(seconds)}")
    return float(seconds) if own is None else min(own, float(seconds))


def check_budget(
    playouts: object, seconds: object, *, default: int, unit: str = "playouts"
) -> tuple[int | None, float | None]:
    """Check a search bot's budget per decision and return ``(playouts, seconds)``.

    The convention of every built-in search bot (``search``, ``ismcts``, ``pimc``): a bot
    takes a count budget (``playouts``, ``iterations``, ``worlds``: named by ``unit``) and a
    time budget ``seconds`` (wall clock per decision, read with ``time.perf_counter``), and
    stops at whichever runs out first; it is *anytime*, so it always answers with the best move
    found so far, after at least one unit of work. Without ``seconds`` the count defaults to
    ``default``; with ``seconds`` and no count, only the clock stops it.

    Args:
        playouts: The count, an int >= 1, or ``None``.
        seconds: Seconds per decision, a finite number > 0, or ``None``.
        default: The count when neither is given.
        unit: The count's name, for the error message.

    Returns:
        ``(count or None for no cap, seconds or None for no clock)``.

    Raises:
        BotError: when the count is not an int >= 1 or ``seconds`` not a number > 0 and at
            most 1,000,000.
    """
    if playouts is not None and (type(playouts) is not int or playouts < 1):
        raise BotError(f"{unit} must be an int >= 1, got {_brief(playouts)}")
    count = playouts if isinstance(playouts, int) else None
    if seconds is None:
        return (default if count is None else count), None
    if not isinstance(seconds, int | float) or isinstance(seconds, bool):
        raise BotError(f"seconds must be a number of seconds > 0, got {_brief(seconds)}")
    if not 0 < seconds <= 1_000_000:  # NaN fails too; 10**400 is no float
        raise BotError(
            f"seconds must be a number of seconds > 0 and at most 1,000,000, got {_brief(seconds)}"
        )
    return count, float(seconds)
