"""A round's position as text and as a picture (internal): the work of
:meth:`~bergen.round.RoundState.to_text`, :meth:`~bergen.round.RoundState.from_text`,
:meth:`~bergen.round.RoundState.to_svg` and ``str()``, apart from the states' module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bergen import svg
from bergen.display import _picture_status, table_text
from bergen.errors import ArgumentError, BergenError, _brief, _given
from bergen.moves import Lead, Play
from bergen.position_text import (
    FIELDS,
    PositionText,
    PositionTextError,
    all_tiles_count,
    field_starts,
    format_position,
    parse_position,
)
from bergen.tiles import TILES

if TYPE_CHECKING:
    from bergen.round import RoundState


def position_text(state: RoundState) -> str:
    """The full position notation of ``state`` (see :meth:`RoundState.to_text`).

    Raises:
        NotationError: when the rules are neither a preset nor a preset with boolean
            switches flipped.
    """
    return format_position(
        PositionText(
            rules=state.rules,
            hands=tuple([h.tiles for h in state.hands]),
            hidden=(0,) * state.seats,
            line=state.line,
            boneyard=state.boneyard.tiles,
            boneyard_hidden=0,
            scores=state.scores,
            dealer=state.dealer,
            to_move=state.to_move,
            outcome=state.outcome,
        )
    )


def position_from_text(
    from_position: Callable[..., RoundState], text: object, seed: object
) -> RoundState:
    """The position ``text`` gives, set up by ``from_position`` (see
    :meth:`RoundState.from_text`, which says what is raised).
    """
    source: Any = _given(text)  # checked by parse_position
    p = parse_position(source)
    starts = field_starts(source)

    def fail(field: str, message: str) -> PositionTextError:
        column = starts[FIELDS.index(field)] if field in FIELDS else len(source)
        return PositionTextError(message, text=source, field=field, column=column)

    if p.seat is not None:
        raise fail("text", "this is a seat's view; read it with PlayerView.from_text")
    if p.outcome is not None:
        raise fail("to move", "a finished round cannot be set up; give a round in play")
    if p.boneyard_hidden is not None:
        total = all_tiles_count(p)
        if total != len(TILES):
            raise fail("boneyard", f"the hands, line and boneyard hold {total} tiles, not 28")
    elif all_tiles_count(p) - p.seats == 0:  # pragma: no cover - '?' always fills to 28
        raise fail("boneyard", "no tiles left for the boneyard")
    given = sum(len(h) for h in p.hands) + sum(p.hidden) + len(p.line) + len(p.boneyard)
    if given > len(TILES):
        raise fail("hands", f"the text gives {given} tiles; the set has 28")
    try:
        table = p.rules.for_table(p.seats)
    except BergenError as e:
        raise fail("rules", str(e)) from e
    if len(p.scores) != table.sides:
        raise fail("scores", f"{len(p.scores)} scores for {table.sides} sides")
    for side, v in enumerate(p.scores):
        if v >= table.target:
            raise fail("scores", f"side {side} has {v} points, at the target {table.target}")
    if type(seed) is not int:
        raise ArgumentError(f"a seed is an int, got {_brief(seed)}")
    hands, boneyard = p.filled(seed)
    try:
        return from_position(
            hands, boneyard, p.line, p.to_move, p.rules, scores=p.scores, dealer=p.dealer
        )
    except BergenError as e:
        raise fail("text", str(e)) from e


def picture(
    state: RoundState,
    size: object,
    highlight_last: object,
    highlight_legal: object,
    orientation: object,
) -> str:
    """The SVG picture of ``state`` (see :meth:`RoundState.to_svg`, which says what is
    raised).
    """
    last = None
    if highlight_last:
        laid = [a.move for a in state.history if isinstance(a.move, Lead | Play)]
        last = laid[-1].tile if laid else None
    return svg.table_picture(
        title=f"{state.rules.label}, {state.seats} seats, dealer seat {state.dealer}",
        hands=[h.tiles for h in state.hands],
        ln=state.line,
        boneyard=len(state.boneyard),
        scores=state.scores,
        target=state.target,
        partnerships=state.rules.partnerships,
        to_move=state.to_move if state.outcome is None else None,
        status=_picture_status(state.outcome, state.to_move, state.rules),
        last=last,
        legal=[m.tile for m in state.legal_moves() if isinstance(m, Lead | Play)]
        if highlight_legal
        else (),
        size=_given(size),
        orientation=_given(orientation),
    )


def table_text_of(state: RoundState) -> str:
    """The readable lines of ``state`` (see ``RoundState.__str__``)."""
    return table_text(
        rules=state.rules,
        hands=[h.tiles for h in state.hands],
        line=state.line,
        boneyard=len(state.boneyard),
        drawable=state.drawable,
        scores=state.scores,
        target=state.target,
        dealer=state.dealer,
        to_move=state.to_move,
        outcome=state.outcome,
        title="round",
    )
