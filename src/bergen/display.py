"""Readable text of a position: the few lines ``str()`` of a round, a view or a match shows.

The line of play is drawn as tiles left to right, ``[5|1][1:1][1|4]``: a double, laid across
the line, is written with a colon, and each open end's number stands outside the line, with
``d`` when the tile there is a double (docs/rules.md, "Equipment and terms"). Then one line
per seat (its tiles, or only their count in a view), the boneyard's size, the scores and who is
to move. These are for people; the position notation (:mod:`bergen.position_text`) is the text
for programs.
"""

from __future__ import annotations

from collections.abc import Sequence

from bergen.events import Outcome, OutcomeKind
from bergen.line import LineOfPlay
from bergen.rules import Rules
from bergen.tiles import Tile

__all__ = ["line_text", "status_text", "table_text"]


def line_text(line: LineOfPlay) -> str:
    """The line of play as tiles with its open ends: ``5 [5|1][1:1][1|4] 4``.

    Args:
        line: The line of play.

    Returns:
        ``(empty)`` before the lead; else each tile oriented as laid (``[5|1]``, a double
        ``[1:1]``) between the numbers of the left and right open ends, each followed by ``d``
        when the end is a double.
    """
    if line.lead is None:
        return "(empty)"
    tiles = "".join(
        f"[{p.left}:{p.right}]" if p.left == p.right else f"[{p.left}|{p.right}]"
        for p in line.tiles
    )
    left = f"{line.left}{'d' if line.left_double else ''}"
    right = f"{line.right}{'d' if line.right_double else ''}"
    return f"{left} {tiles} {right}"


def _outcome_text(outcome: Outcome, partnerships: bool) -> str:
    side = "nobody" if outcome.side is None else _side(outcome.side, partnerships)
    if outcome.kind is OutcomeKind.WENT_OUT:
        return f"over: seat {outcome.seat} went out ({side})"
    if outcome.kind is OutcomeKind.BLOCKED:
        return f"over: blocked, {side} won the count"
    return f"over: {side} reached the target"


def status_text(outcome: Outcome | None, to_move: int, partnerships: bool) -> str:
    """``"seat 1 to move"``, or how the round ended: ``"over: seat 0 went out (seat 0)"``."""
    if outcome is None:
        return f"seat {to_move} to move"
    return _outcome_text(outcome, partnerships)


def _side(side: int, partnerships: bool) -> str:
    return f"seats {side}+{side + 2}" if partnerships else f"seat {side}"


def table_text(
    *,
    rules: Rules,
    hands: Sequence[Sequence[Tile] | int],
    line: LineOfPlay,
    boneyard: int,
    drawable: int,
    scores: Sequence[int],
    target: int,
    dealer: int,
    to_move: int,
    outcome: Outcome | None,
    title: str,
) -> str:
    """A position in a few lines, for ``str()`` of rounds and views.

    Args:
        rules: The ruleset (its label is shown).
        hands: Per seat, its tiles, or how many it holds when they are hidden.
        line: The line of play.
        boneyard: Tiles in the boneyard.
        drawable: How many of them can be drawn (rule 4).
        scores: Match points per side.
        target: The target, in points (rule 9).
        dealer: The dealing seat.
        to_move: The seat to move.
        outcome: How the round ended, or ``None``.
        title: The first words, ``"round"`` or ``"seat 1's view"``.

    Returns:
        The lines joined by newlines (no trailing newline).
    """
    seats = len(hands)
    turn = (
        _outcome_text(outcome, rules.partnerships)
        if outcome is not None
        else f"seat {to_move} to move"
    )
    out = [f"{title} ({rules.label}), {seats} seats, dealer seat {dealer}: {turn}"]
    out.append(f"line: {line_text(line)}")
    for seat, hand in enumerate(hands):
        mark = "  <- to move" if outcome is None and seat == to_move else ""
        if isinstance(hand, int):
            out.append(f"seat {seat}: {hand} tile{'s' if hand != 1 else ''} (hidden){mark}")
        else:
            tiles = " ".join(str(t) for t in hand) or "(none)"
            out.append(f"seat {seat}: {tiles}{mark}")
    out.append(f"boneyard: {boneyard} tiles, {drawable} to draw")
    points = ", ".join(f"{_side(s, rules.partnerships)} {v}" for s, v in enumerate(scores))
    out.append(f"scores: {points} (target {target})")
    return "\n".join(out)
