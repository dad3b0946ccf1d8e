"""Text and JSON pieces shared by the subcommands' output."""

from __future__ import annotations

from typing import Any

from bergen.bots import BUILTIN_BOTS
from bergen.events import ScoreEvent
from bergen.round import RoundState

__all__ = ["bot_names", "ends_text", "event_json"]


def bot_names() -> str:
    """The built-in bots' names for a help text, from the registry itself
    (:data:`bergen.bots.BUILTIN_BOTS`), so that no help can leave one out: ``random, greedy,
    search, pimc, strategy, ismcts``.
    """
    return ", ".join(BUILTIN_BOTS)


def ends_text(state: RoundState) -> str:
    """The open ends as ``left|right``, a ``d`` marking an end that is a double (``5d|4``);
    ``-`` before the lead.
    """
    line = state.line
    if line.lead is None:
        return "-"
    left = f"{line.left}{'d' if line.left_double else ''}"
    right = f"{line.right}{'d' if line.right_double else ''}"
    return f"{left}|{right}"


def event_json(e: ScoreEvent) -> dict[str, Any]:
    """A score event as a JSON object with every field (points and base points in points)."""
    return {
        "kind": e.kind.value,
        "seat": e.seat,
        "side": e.side,
        "points": e.points,
        "base_points": e.base_points,
        "tile": None if e.tile is None else str(e.tile),
    }
