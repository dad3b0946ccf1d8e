"""How a round moves on: the states after a draw, a pass or a lead, and how a move ends.

The engine's transitions other than a plain play (which :meth:`bergen.RoundState.apply` writes
out itself, being most of the moves of a round): a draw and a pass (rule 4), the lead (rule 2),
and the end of a lead or a play: headers (rules 5-6), going out (rule 7), a block judged by the
rules' blocked-hand judge (rule 8), scoring stopping at the target (rule 9). States are built
without attrs' ``__init__`` (see :mod:`bergen._fastbuild`) from the engine's data (see
:mod:`bergen._store`). Nothing here is public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bergen._fastbuild import builder
from bergen._store import _LEFT, _outer_double, _Round, _with
from bergen._tables import (
    _BOTH,
    _BOTH_SAME,
    _DRAW_ONLY,
    _LEFT_ONLY,
    _PASS_ONLY,
    _RIGHT_ONLY,
    _both_ends,
)
from bergen.errors import PositionError
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.hands import Hand
from bergen.moves import Lead
from bergen.round import _DRAW_ACTIONS, _LEAD_ACTIONS, _PASS_ACTIONS, RoundState, _StateBuilder
from bergen.tiles import BIT, FIT, IS_DOUBLE, TILES, Tile

if TYPE_CHECKING:
    from bergen.round import Action

_GOING_OUT = EventKind.GOING_OUT
_DOUBLE_HEADER = EventKind.DOUBLE_HEADER
_TRIPLE_HEADER = EventKind.TRIPLE_HEADER
_TARGET_REACHED = OutcomeKind.TARGET_REACHED
_WENT_OUT = OutcomeKind.WENT_OUT
_EventBuilder = builder(ScoreEvent)
_OutcomeBuilder = builder(Outcome)


def _child(
    parent: RoundState,
    masks: tuple[int, ...],
    rnd: _Round,
    left: int | None,
    right: int | None,
    ndraw: int,
    top: int,
    to_move: int,
    scores: tuple[int, ...],
    outcome: Outcome | None,
    action: Action,
) -> RoundState:
    # The state after a move on `parent`, built without attrs' __init__ (see bergen._fastbuild).
    new = _StateBuilder()
    new._round = rnd
    new.to_move = to_move
    new.scores = scores
    new.outcome = outcome
    new._legal = None if outcome is None else ()
    new._masks = masks
    new._left = left
    new._right = right
    new._ndraw = ndraw
    new._top = top
    new._parent = parent
    new._action = action
    new._cache = None
    new.__class__ = RoundState
    return new  # type: ignore[no-any-return]


def _ended(state: RoundState, scores: tuple[int, ...], outcome: Outcome) -> RoundState:
    # `state` with the round over (a block): the same history, new scores and outcome.
    new = _StateBuilder()
    new._round = state._round
    new.to_move = state.to_move
    new.scores = scores
    new.outcome = outcome
    new._legal = ()
    new._masks = state._masks
    new._left = state._left
    new._right = state._right
    new._ndraw = state._ndraw
    new._top = state._top
    new._parent = state._parent
    new._action = state._action
    new._cache = state._cache
    new.__class__ = RoundState
    return new  # type: ignore[no-any-return]


def _pass(state: RoundState) -> RoundState:
    # Rule 4: nothing fits and nothing can be drawn; the next seat moves.
    seat = state.to_move
    nxt = seat + 1
    if nxt == len(state._masks):
        nxt = 0
    return _child(
        state,
        state._masks,
        state._round,
        state._left,
        state._right,
        state._ndraw,
        state._top,
        nxt,
        state.scores,
        None,
        _PASS_ACTIONS[seat],
    )


def _draw(state: RoundState) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
    # Rule 4: the top tile of the boneyard goes to the seat to move, which moves again.
    seat = state.to_move
    rnd = state._round
    top = state._top
    t = rnd.tiles[top].index
    masks = state._masks
    mask = masks[seat] | BIT[t]
    new_masks = _with(masks, seat, mask)
    ndraw = state._ndraw - 1
    left: int = state._left  # type: ignore[assignment]
    right: int = state._right  # type: ignore[assignment]
    action = _DRAW_ACTIONS[seat][t]
    if not ndraw:
        ends = FIT[left] | FIT[right]
        for other in new_masks:
            if other & ends:
                break
        else:  # rule 8
            return _block(
                _child(
                    state, new_masks, rnd, left, right, 0, top + 1, seat, state.scores, None, action
                )
            )
    new = _StateBuilder()
    new._round = rnd
    new.to_move = seat
    new.scores = state.scores
    new.outcome = None
    new._masks = new_masks
    new._left = left
    new._right = right
    new._ndraw = ndraw
    new._top = top + 1
    new._parent = state
    new._action = action
    new._cache = None
    fl = mask & FIT[left]
    fr = mask & FIT[right]
    if fl:
        if not fr:
            new._legal = _LEFT_ONLY[fl]
        elif left == right:
            new._legal = _BOTH_SAME[fl]
        else:
            by_right = _BOTH.get(fl)
            legal = None if by_right is None else by_right.get(fr)
            new._legal = _both_ends(fl, fr) if legal is None else legal
    elif fr:
        new._legal = _RIGHT_ONLY[fr]
    else:
        new._legal = _DRAW_ONLY if ndraw else _PASS_ONLY
    new.__class__ = RoundState
    return new, ()


def _lead_tile(state: RoundState, t: int) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
    # Rule 2: the lead. The states from here on share a _Round that knows the lead tile.
    seat = state.to_move
    tile = TILES[t]
    old = state._round
    rnd = _Round(
        old.rules,
        old.target,
        old.dealer,
        old.lead_draws,
        old.deal,
        tile,
        old.tiles,
        old.reserve,
    )
    masks = _with(state._masks, seat, state._masks[seat] ^ BIT[t])
    return _finish(state, t, masks, rnd, tile.high, tile.low, _LEAD_ACTIONS[seat][t])


def _finish(
    state: RoundState,
    t: int,
    masks: tuple[int, ...],
    rnd: _Round,
    left: int,
    right: int,
    action: Action,
) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
    # The general end of a lead or a play: a header (rules 5-6; the lead double counts as a
    # double header when the rules score the lead), going out (rule 7), a block (rule 8);
    # scoring stops at the first event that reaches the target (rule 9).
    seat = state.to_move
    rules = rnd.rules
    header: EventKind | None = None
    if action.move.__class__ is Lead:
        if rules.lead_scores:
            header = _DOUBLE_HEADER
    elif left == right:
        on_left = action.move.end is _LEFT  # type: ignore[union-attr]
        if IS_DOUBLE[t] or _outer_double(state, not on_left):
            header = _TRIPLE_HEADER
        else:
            header = _DOUBLE_HEADER
    scores = state.scores
    events: tuple[ScoreEvent, ...] = ()
    outcome: Outcome | None = None
    mask = masks[seat]
    if header is not None or not mask:
        side = seat % 2 if rules.partnerships else seat
        target = rnd.target
        found: list[ScoreEvent] = []
        if header is not None:
            points = rules.points
            base = points.triple_header if header is _TRIPLE_HEADER else points.double_header
            pts = rules.reduction.reduce(base, scores[side], target)
            scores = _add(scores, side, pts)
            found.append(_make_event(header, seat, side, pts, base, TILES[t]))
            if scores[side] >= target:
                outcome = _make_outcome(_TARGET_REACHED, seat, side)
        if outcome is None and not mask:
            base = rules.points.going_out
            scores = _add(scores, side, base)
            found.append(_make_event(_GOING_OUT, seat, side, base, base, TILES[t]))
            outcome = _make_outcome(_WENT_OUT, seat, side)
        events = tuple(found)
    ndraw = state._ndraw
    top = state._top
    if outcome is not None:
        ended = _child(state, masks, rnd, left, right, ndraw, top, seat, scores, outcome, action)
        return ended, events
    if not ndraw:
        ends = FIT[left] | FIT[right]
        for m in masks:
            if m & ends:
                break
        else:
            # Rule 8; once the round is over, to_move is the seat that moved last.
            blocked, block_events = _block(
                _child(state, masks, rnd, left, right, 0, top, seat, scores, None, action)
            )
            return blocked, (*events, *block_events)
    nxt = seat + 1
    if nxt == len(masks):
        nxt = 0
    new = _child(state, masks, rnd, left, right, ndraw, top, nxt, scores, None, action)
    return new, events


def _block(state: RoundState) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
    """Rule 8: judge the blocked hand and end the round."""
    rules = state._round.rules
    n_sides = len(state.scores)
    side_masks = [0] * n_sides
    for seat, m in enumerate(state._masks):
        side_masks[seat % 2 if rules.partnerships else seat] |= m
    winner = rules.blocked.winner([Hand(m).tiles for m in side_masks])
    if winner is None:
        return _ended(state, state.scores, Outcome(OutcomeKind.BLOCKED, None, None)), ()
    if type(winner) is not int or not 0 <= winner < n_sides:
        raise PositionError(
            f"the blocked-hand judge {rules.blocked!r} returned {winner!r}, not a side"
        )
    pts = rules.points.blocked_hand
    scores = _add(state.scores, winner, pts)
    event = ScoreEvent(EventKind.BLOCKED_HAND, winner, winner, pts, pts, None)
    return _ended(state, scores, Outcome(OutcomeKind.BLOCKED, winner, winner)), (event,)


def _add(scores: tuple[int, ...], side: int, pts: int) -> tuple[int, ...]:
    s = list(scores)
    s[side] += pts
    return tuple(s)


def _make_event(
    kind: EventKind, seat: int, side: int, points: int, base_points: int, tile: Tile | None
) -> ScoreEvent:
    event = _EventBuilder()
    event.kind = kind
    event.seat = seat
    event.side = side
    event.points = points
    event.base_points = base_points
    event.tile = tile
    event.__class__ = ScoreEvent
    return event  # type: ignore[no-any-return]


def _make_outcome(kind: OutcomeKind, seat: int | None, side: int | None) -> Outcome:
    outcome = _OutcomeBuilder()
    outcome.kind = kind
    outcome.seat = seat
    outcome.side = side
    outcome.__class__ = Outcome
    return outcome  # type: ignore[no-any-return]
