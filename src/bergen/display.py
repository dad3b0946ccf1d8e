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

from bergen.errors import PositionError, _brief
from bergen.events import Outcome, OutcomeKind
from bergen.line import LineOfPlay
from bergen.rules import Rules
from bergen.tiles import Tile

__all__ = ["line_text", "status_text", "table_text"]


def _tile_text(left: int, right: int) -> str:
    """A tile as people read it, ``[5|1]``, a double laid across the line ``[1:1]``: the one
    notation of ``str()`` of a position and of ``bergen play``.
    """
    return f"[{left}:{right}]" if left == right else f"[{left}|{right}]"


def line_text(line: LineOfPlay) -> str:
    """The line of play as tiles with its open ends: ``5 [5|1][1:1][1|4] 4``.

    Args:
        line: The line of play.

    Returns:
        ``(empty)`` before the lead; else each tile oriented as laid (``[5|1]``, a double
        ``[1:1]``) between the numbers of the left and right open ends, each followed by ``d``
        when the end is a double.

    Raises:
        PositionError: when ``line`` is not a :class:`~bergen.line.LineOfPlay`.
    """
    if not isinstance(line, LineOfPlay):
        raise PositionError(f"line_text takes a LineOfPlay, got {_brief(line)}")
    if line.lead is None:
        return "(empty)"
    tiles = "".join(_tile_text(p.left, p.right) for p in line.tiles)
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
    """``"seat 1 to move"``, or how the round ended: ``"over: seat 0 went out (seat 0)"``.

    Raises:
        PositionError: when ``outcome`` is neither an :class:`~bergen.events.Outcome` nor
            ``None``, ``to_move`` not a seat 0..3, or ``partnerships`` not a bool.
    """
    _check_status("status_text", outcome, to_move, partnerships)
    if outcome is None:
        return f"seat {to_move} to move"
    return _outcome_text(outcome, partnerships)


def _picture_status(outcome: Outcome | None, to_move: int, rules: Rules) -> str:
    """:func:`status_text` with, once the round is over, the points its end gave: ``"over:
    blocked, seat 2 won the count: 2 points for the blocked hand"`` (rules 7 and 8), for the
    pictures of :mod:`bergen.svg`.
    """
    text = status_text(outcome, to_move, rules.partnerships)
    if outcome is None or outcome.side is None:
        return text
    if outcome.kind is OutcomeKind.BLOCKED:
        points, what = rules.points.blocked_hand, "the blocked hand"
    elif outcome.kind is OutcomeKind.WENT_OUT:
        points, what = rules.points.going_out, "going out"
    else:  # the target was reached: the last score event said how much
        return text
    return f"{text}: {points} point{'s' if points != 1 else ''} for {what}"


def _check_status(taker: str, outcome: object, to_move: object, partnerships: object) -> None:
    if outcome is not None and not isinstance(outcome, Outcome):
        raise PositionError(f"{taker} takes outcome, an Outcome or None, got {_brief(outcome)}")
    if type(to_move) is not int or not 0 <= to_move <= 3:
        raise PositionError(f"{taker} takes to_move, a seat 0..3, got {_brief(to_move)}")
    if type(partnerships) is not bool:
        raise PositionError(f"{taker} takes partnerships, a bool, got {_brief(partnerships)}")


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

    Raises:
        PositionError: for a value not of its type: ``rules`` not a
            :class:`~bergen.rules.Rules`, ``hands`` not 2..4 sequences of tiles or counts
            0..28, ``line`` not a line of play, ``boneyard`` or ``drawable`` not 0..28,
            ``scores`` not 1..4 ints >= 0, ``target`` not an int >= 1, ``dealer`` or
            ``to_move`` not a seat, ``outcome`` neither an outcome nor ``None``, ``title`` not
            a string of at most 1,000 characters.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"table_text takes rules, a Rules, got {_brief(rules)}")
    _check_status("table_text", outcome, to_move, rules.partnerships)
    if (
        isinstance(hands, str | bytes)
        or not isinstance(hands, Sequence)
        or not 2 <= len(hands) <= 4
        or not all(
            (type(h) is int and 0 <= h <= 28)
            or (
                isinstance(h, Sequence)
                and not isinstance(h, str | bytes)
                and all(isinstance(t, Tile) for t in h)
            )
            for h in hands
        )
    ):
        raise PositionError(f"table_text takes hands, 2..4 hands, got {_brief(hands)}")
    if not isinstance(line, LineOfPlay):
        raise PositionError(f"table_text takes line, a LineOfPlay, got {_brief(line)}")
    for name, n in (("boneyard", boneyard), ("drawable", drawable)):
        if type(n) is not int or not 0 <= n <= 28:
            raise PositionError(f"table_text takes {name}, an int 0..28, got {_brief(n)}")
    if (
        isinstance(scores, str | bytes)
        or not isinstance(scores, Sequence)
        or not 1 <= len(scores) <= 4
        or not all(type(v) is int and 0 <= v <= 10**18 for v in scores)
    ):
        raise PositionError(f"table_text takes scores, 1..4 ints >= 0, got {_brief(scores)}")
    if type(target) is not int or not 1 <= target <= 10**18:
        raise PositionError(f"table_text takes target, an int >= 1, got {_brief(target)}")
    if type(dealer) is not int or not 0 <= dealer < len(hands):
        raise PositionError(f"table_text takes dealer, a seat, got {_brief(dealer)}")
    if not isinstance(title, str) or len(title) > 1000:
        raise PositionError(f"table_text takes title, a string, got {_brief(title)}")
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
