"""The bot protocol and the errors and texts shared by the bots, the arena and ``bergen play``.

A bot receives a :class:`~bergen.view.PlayerView` and the legal moves and returns one of them.
Its randomness comes from its own seeded ``random.Random``, so that a bot given the same seed
and the same views makes the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from bergen.errors import BergenError
from bergen.moves import Move
from bergen.view import PlayerView

__all__ = ["Bot", "BotError"]


class BotError(BergenError, ValueError):
    """A bot that cannot be loaded: an unknown name, a bad ``module:Class`` or bad arguments."""


@runtime_checkable
class Bot(Protocol):
    """What a bot implements (docs/guides/bots.md, "What a seat may see: the view").

    A bot is built with a ``seed`` keyword (an int, or ``None`` for an unseeded generator) and
    keeps its own ``random.Random``. It must not keep the views it is given for anything but
    its own decisions, and may not look at anything but the view.

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


def _exception_text(e: BaseException) -> str:
    """``"ValueError: bad"``; the class name alone when the message is empty
    (``"GeneratorExit"``); ``"SystemExit: exit status None"`` for a bare ``sys.exit()``.
    """
    text = str(e)
    if not text and isinstance(e, SystemExit):
        text = f"exit status {e.code!r}"
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


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
        return repr(value)
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return f"<{type(value).__name__} whose repr raises {_exception_text(e)}>"


def _failure(e: BaseException) -> str:
    """``"ValueError: bad"``; ``"SystemExit(2)"`` for ``sys.exit(2)``."""
    if isinstance(e, SystemExit):
        return f"SystemExit({e.code!r})"
    return _exception_text(e)
