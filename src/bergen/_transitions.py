"""How a round moves on: the next state, the lead, and how a move scores or ends the round.

:meth:`bergen.RoundState.apply` writes out a plain play and a draw itself (most of the moves of
a round); here are the rest: the next state with its legal moves (`_child`, which a pass also
uses), the lead (rule 2), and a lead or play that scores or ends the round: headers
(rules 5-6), going out (rule 7), a block judged by the rules' blocked-hand judge (rule 8),
scoring stopping at the target (rule 9). States are built
without attrs' ``__init__`` (see :mod:`bergen._fastbuild`) from the engine's data (see
:mod:`bergen._store`). Nothing here is public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bergen._fastbuild import builder
from bergen._store import _LEFT, _outer_double, _Round, _with
from bergen._tables import (
    _FITLR,
    _SPREAD,
    _legal_by_key,
)
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.moves import LEADS, Lead, Move
from bergen.round import RoundState, _StateBuilder
from bergen.tiles import BIT, FIT, IS_DOUBLE, TILES

if TYPE_CHECKING:
    pass

_GOING_OUT = EventKind.GOING_OUT
_DOUBLE_HEADER = EventKind.DOUBLE_HEADER
_TRIPLE_HEADER = EventKind.TRIPLE_HEADER
_BLOCKED_HAND = EventKind.BLOCKED_HAND
_TARGET_REACHED = OutcomeKind.TARGET_REACHED
_WENT_OUT = OutcomeKind.WENT_OUT
_BLOCKED = OutcomeKind.BLOCKED
_EventBuilder = builder(ScoreEvent)
_OutcomeBuilder = builder(Outcome)


def _child(
    parent: RoundState,
    masks: tuple[int, ...],
    rnd: _Round,
    left: int,
    right: int,
    ndraw: int,
    to_move: int,
    scores: tuple[int, ...],
    outcome: Outcome | None,
    move: Move,
) -> RoundState:
    # The state after a move on `parent`, built without attrs' __init__ (see bergen._fastbuild),
    # its legal moves worked out now (the ends may be equal: after a header).
    new = _StateBuilder()
    new._round = rnd
    new.to_move = to_move
    new.scores = scores
    new.outcome = outcome
    new._masks = masks
    new._left = left
    new._right = right
    new._ndraw = ndraw
    new._parent = parent
    new._move = move
    new._cache = None
    if outcome is not None:
        new._legal = ()
    else:
        new._legal = _legal_by_key(masks[to_move] * _SPREAD & _FITLR[left][right], ndraw)
    new.__class__ = RoundState
    return new  # type: ignore[no-any-return]


def _lead(state: RoundState, t: int) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
    # Rule 2: the lead. RoundState.start knows the lead tile already; a state made by the
    # constructor before the lead gets a _Round that knows it.
    seat = state.to_move
    tile = TILES[t]
    rnd = state._round
    if rnd.lead is not tile:
        rnd = rnd.with_lead(tile)
    masks = _with(state._masks, seat, state._masks[seat] ^ BIT[t])
    return _scored(state, t, masks, rnd, tile.high, tile.low, LEADS[t])


def _scored(
    state: RoundState,
    t: int,
    masks: tuple[int, ...],
    rnd: _Round,
    left: int,
    right: int,
    move: Move,
) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
    # The end of a lead or of a play that may score or end the round: a header (rules 5-6; the
    # lead double counts as a double header when the rules score the lead), going out
    # (rule 7), a block (rule 8); scoring stops at the first event that reaches the target
    # (rule 9).
    seat = state.to_move
    kit = rnd.kit
    triple: bool | None = None  # None: no header
    if move.__class__ is Lead:
        if kit.lead_scores:
            triple = False
    elif left == right:
        triple = IS_DOUBLE[t] or _outer_double(state, move.end is not _LEFT)  # type: ignore[union-attr]
    scores = state.scores
    ndraw = state._ndraw
    events: tuple[ScoreEvent, ...] = ()
    mask = masks[seat]
    if triple is not None:
        side = rnd.side[seat]
        s = scores[side]
        if triple:
            base = kit.triple_header
            pts = kit.triple_points.get(s)
        else:
            base = kit.double_header
            pts = kit.double_points.get(s)
        if pts is None:  # a user-supplied reduction, or a score past the tables
            pts = kit.header_points(base, s)
        scores = _add(scores, side, pts)
        events = (_event(_TRIPLE_HEADER if triple else _DOUBLE_HEADER, seat, side, pts, base, t),)
        if s + pts >= rnd.target:
            outcome = _make_outcome(_TARGET_REACHED, seat, side)
            ended = _child(state, masks, rnd, left, right, ndraw, seat, scores, outcome, move)
            return ended, events
    if not mask:
        side = rnd.side[seat]
        base = kit.going_out
        scores = _add(scores, side, base)
        events = (*events, _event(_GOING_OUT, seat, side, base, base, t))
        outcome = _make_outcome(_WENT_OUT, seat, side)
        ended = _child(state, masks, rnd, left, right, ndraw, seat, scores, outcome, move)
        return ended, events
    if not ndraw:
        ends = FIT[left] | FIT[right]
        for m in masks:
            if m & ends:
                break
        else:  # rule 8; once the round is over, to_move is the seat that moved last
            return _block(state, masks, rnd, left, right, seat, scores, move, events)
    nxt = rnd.next_seat[seat]
    return _child(state, masks, rnd, left, right, ndraw, nxt, scores, None, move), events


def _block(
    parent: RoundState,
    masks: tuple[int, ...],
    rnd: _Round,
    left: int,
    right: int,
    seat: int,
    scores: tuple[int, ...],
    move: Move,
    events: tuple[ScoreEvent, ...],
) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
    """Rule 8: judge the blocked hand and end the round (``events``: those of the move so far)."""
    kit = rnd.kit
    winner = kit.blocked_winner(masks)
    if winner is None:
        outcome = _make_outcome(_BLOCKED, None, None)
    else:
        pts = kit.blocked_hand
        scores = _add(scores, winner, pts)
        events = (*events, _event(_BLOCKED_HAND, winner, winner, pts, pts, None))
        outcome = _make_outcome(_BLOCKED, winner, winner)
    return _child(parent, masks, rnd, left, right, 0, seat, scores, outcome, move), events


def _add(scores: tuple[int, ...], side: int, pts: int) -> tuple[int, ...]:
    s = list(scores)
    s[side] += pts
    return tuple(s)


def _event(
    kind: EventKind, seat: int, side: int, points: int, base_points: int, t: int | None
) -> ScoreEvent:
    # A score event, shared between rounds: events are immutable values, and the same few
    # come up again and again (bounded).
    key = (kind, seat, side, points, base_points, t)
    event = _EVENTS.get(key)
    if event is None:
        event = _EventBuilder()
        event.kind = kind
        event.seat = seat
        event.side = side
        event.points = points
        event.base_points = base_points
        event.tile = None if t is None else TILES[t]
        event.__class__ = ScoreEvent
        if len(_EVENTS) >= _EVENTS_MAX:
            _EVENTS.clear()
        _EVENTS[key] = event
    return event


_EVENTS: dict[tuple[EventKind, int, int, int, int, int | None], ScoreEvent] = {}
_EVENTS_MAX = 1 << 14


def _make_outcome(kind: OutcomeKind, seat: int | None, side: int | None) -> Outcome:
    outcome = _OutcomeBuilder()
    outcome.kind = kind
    outcome.seat = seat
    outcome.side = side
    outcome.__class__ = Outcome
    return outcome  # type: ignore[no-any-return]
