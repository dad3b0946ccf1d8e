"""Player-view records: a game written from one seat's knowledge, replayed to that seat's views.

A seat recording its own game knows its own tiles, the line, the counts and the public history,
but not the other hands, the boneyard order or the tiles the others drew. A view record
(``"format": "bergen-view-record/1"``, docs/records.md, "Player-view records") holds, for each
round, the seat's view at the round's first position in the public form of the position
notation (:meth:`bergen.PlayerView.to_text`), the actions (the seat's own draws name their
tile; the others' are bare), the score events as announced, and the result.

:func:`replay_view` plays the actions on the views and checks each against what the seat can
know: the seat to move, a tile laid by another seat neither in the viewer's hand nor on the
line and carrying no number that seat is known to be void in (:func:`bergen.playerview.voids`),
the tile fitting its end, the counts (no hand below zero, nothing drawn past the reserve), an
own draw naming an unseen tile; events credited to the seat that played, and the stated result.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import IO, Any

import attrs

from bergen.errors import (
    BergenError,
    PositionError,
    RecordError,
    RecordReason,
    _as_tuple,
    _brief,
    _is_int,
    _is_tuple_of,
)
from bergen.events import Outcome, OutcomeKind, ScoreEvent
from bergen.hands import Hand
from bergen.match import MatchState
from bergen.moves import DRAW, Action, Draw, Lead, Play
from bergen.playerview import PlayerView, voids
from bergen.records.codec import (
    _action,
    _check_format,
    _Ctx,
    _event,
    _int,
    _list,
    _name,
    _obj,
    _parse_json,
    _read_source,
    _str,
)
from bergen.records.model import RecordedAction, RecordedEvent, _argument, _is_name
from bergen.records.write import _event_json, format_json

__all__ = [
    "VIEW_RECORD_FORMAT",
    "ViewRecord",
    "ViewRound",
    "dumps_view",
    "load_view",
    "loads_view",
    "record_view",
    "replay_view",
    "view_record_to_json",
]

VIEW_RECORD_FORMAT = "bergen-view-record/1"
"""The ``"format"`` of a player-view record."""

_OUTCOMES = {"went_out", "blocked", "target_reached"}


@attrs.frozen
class ViewRound:
    """One round of a view record.

    Args:
        start: The seat's view at the round's first position.
        actions: The actions in order; the seat's own draws name their tile.
        events: The score events announced, each with its action's index.
        outcome: How the round ended, when it did.

    Raises:
        RecordError: (reason ``"argument"``) when ``start`` is not a
            :class:`~bergen.view.PlayerView`, ``actions`` not a tuple of
            :class:`~bergen.records.RecordedAction`, ``events`` not a tuple of
            :class:`~bergen.records.RecordedEvent` (lists are copied), or ``outcome`` neither
            an :class:`~bergen.events.Outcome` nor ``None``.
    """

    start: PlayerView
    actions: tuple[RecordedAction, ...] = attrs.field(converter=_as_tuple)
    events: tuple[RecordedEvent, ...] = attrs.field(converter=_as_tuple)
    outcome: Outcome | None = None

    def __attrs_post_init__(self) -> None:
        """Check each field's type."""
        if not isinstance(self.start, PlayerView):
            raise _argument("ViewRound", "start", "a PlayerView", self.start)
        if not _is_tuple_of(self.actions, RecordedAction):
            raise _argument("ViewRound", "actions", "a tuple of RecordedAction", self.actions)
        if not _is_tuple_of(self.events, RecordedEvent):
            raise _argument("ViewRound", "events", "a tuple of RecordedEvent", self.events)
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise _argument("ViewRound", "outcome", "an Outcome or None", self.outcome)


@attrs.frozen
class ViewRecord:
    """A game as one seat knew it.

    Args:
        seat: The seat whose record it is.
        names: One name (or ``None``) per seat.
        rounds: The rounds, oldest first.

    Raises:
        RecordError: (reason ``"argument"``) when ``names`` is not 2..4 strings (valid
            Unicode) or ``None``, ``seat`` not one of those seats, or ``rounds`` not a tuple
            of :class:`ViewRound` (lists are copied).
    """

    seat: int
    names: tuple[str | None, ...] = attrs.field(converter=_as_tuple)
    rounds: tuple[ViewRound, ...] = attrs.field(converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check each field's type."""
        names = self.names
        if (
            type(names) is not tuple
            or not 2 <= len(names) <= 4
            or not all(n is None or _is_name(n) for n in names)
        ):
            raise _argument(
                "ViewRecord", "names", "2..4 strings of printable characters or None", names
            )
        if not _is_int(self.seat, 0, len(names) - 1):
            raise _argument("ViewRecord", "seat", f"a seat 0..{len(names) - 1}", self.seat)
        if not _is_tuple_of(self.rounds, ViewRound):
            raise _argument("ViewRecord", "rounds", "a tuple of ViewRound", self.rounds)


def record_view(
    match: MatchState, seat: int, *, names: Sequence[str | None] | None = None
) -> ViewRecord:
    """The record of a match as ``seat`` knew it (what ``bergen play`` saves for the player).

    Args:
        match: The match, finished or not.
        seat: The seat whose knowledge to write.
        names: One name (or ``None``) per seat.

    Returns:
        The view record: each round's start as the seat's view, the public actions with the
        seat's own draws named, the events and the results.

    Raises:
        RecordError: (``reason`` ``"argument"``) for a bad match, seat or names.
    """
    if not isinstance(match, MatchState):
        raise RecordError(
            f"record_view takes a MatchState, got {_brief(match)}", reason=RecordReason.ARGUMENT
        )
    if type(seat) is not int or not 0 <= seat < match.seats:
        raise RecordError(
            f"seat: expected 0..{match.seats - 1}, got {_brief(seat)}", reason=RecordReason.ARGUMENT
        )
    if names is not None and (isinstance(names, str | bytes) or not isinstance(names, Sequence)):
        raise RecordError(
            f"names: one name or None per seat, got {_brief(names)}", reason=RecordReason.ARGUMENT
        )
    names = tuple(names) if names is not None else (None,) * match.seats
    if len(names) != match.seats:
        raise RecordError(
            f"names: {len(names)} for {match.seats} seats", reason=RecordReason.ARGUMENT
        )
    states = [*match.rounds, *([match.round] if match.round is not None else [])]
    rounds = []
    for final in states:
        state = final.start_state
        start = state.view(seat)
        actions: list[RecordedAction] = []
        events: list[RecordedEvent] = []
        for k, a in enumerate(final.history):
            state, evs = state.apply(a.move)
            tile = a.drawn if a.seat == seat else None
            actions.append(RecordedAction(a.move, tile))
            events.extend(RecordedEvent(k, e) for e in evs)
        rounds.append(ViewRound(start, tuple(actions), tuple(events), final.outcome))
    return ViewRecord(seat, names, tuple(rounds))


def _fail(r: int, i: int | None, message: str) -> RecordError:
    where = f"round {r}" + ("" if i is None else f", action {i}")
    return RecordError(f"{where}: {message}", reason=RecordReason.SEQUENCE, round=r, action_index=i)


def _step(
    view: PlayerView, act: RecordedAction, events: tuple[ScoreEvent, ...], r: int, i: int
) -> PlayerView:
    """The view after one action, checked against what the seat can know."""
    if view.outcome is not None:
        raise _fail(r, i, "the round is over; no action follows")
    mover = view.to_move
    me = view.seat
    counts = list(view.tile_counts)
    hand = view.hand
    line = view.line
    move = act.move
    seats = view.seats
    bone = view.boneyard_size
    own = view.own_draws
    if isinstance(move, Lead | Play):
        tile = move.tile
        if mover == me and tile not in hand:
            raise _fail(r, i, f"seat {me} does not hold {tile}")
        if mover != me:
            if tile in hand:
                raise _fail(r, i, f"seat {mover} plays {tile}, which is in seat {me}'s hand")
            known = voids(view)[mover]
            if known & {tile.high, tile.low}:
                raise _fail(
                    r,
                    i,
                    f"seat {mover} plays {tile}, but it showed it held no "
                    f"{' or '.join(map(str, sorted(known & {tile.high, tile.low})))}",
                )
        if counts[mover] == 0:
            raise _fail(r, i, f"seat {mover} holds no tile to play")
        try:
            line = line.start(tile) if isinstance(move, Lead) else line.place(tile, move.end)
        except BergenError as e:
            raise _fail(r, i, str(e)) from e
        counts[mover] -= 1
        if mover == me:
            hand = Hand(hand.mask & ~tile.mask)
        nxt = (mover + 1) % seats
    elif isinstance(move, Draw):
        if view.drawable == 0:
            raise _fail(r, i, "nothing can be drawn (rule 4)")
        if mover == me:
            if act.tile is None:
                raise _fail(r, i, f"seat {me}'s own draw names the tile drawn")
            if act.tile not in view.unseen:
                raise _fail(r, i, f"seat {me} draws {act.tile}, which it has seen elsewhere")
            hand = Hand(hand.mask | act.tile.mask)
            own = (*own, act.tile)
        elif act.tile is not None:
            raise _fail(r, i, f"seat {me} cannot know the tile seat {mover} drew")
        counts[mover] += 1
        bone -= 1
        nxt = mover
    else:  # a pass
        if view.drawable:
            raise _fail(r, i, f"seat {mover} passes while {view.drawable} tiles can be drawn")
        nxt = (mover + 1) % seats
    scores = list(view.scores)
    partnerships = view.rules.partnerships
    for event in events:
        if event.seat != mover and event.kind.value != "blocked_hand":
            raise _fail(r, i, f"an event of seat {event.seat} follows seat {mover}'s move")
        if event.seat >= seats:
            raise _fail(r, i, f"an event names seat {event.seat}; the table has {seats} seats")
        side = event.seat % 2 if partnerships else event.seat
        if event.side != side:
            raise _fail(
                r, i, f"an event of seat {event.seat} credits side {event.side}, not side {side}"
            )
        scores[side] += event.points
    table = view.rules.for_table(seats)
    drawable = 0 if not view.rules.drawing or bone <= table.reserve else bone - table.reserve
    history = (*view.history, Action(mover, DRAW if isinstance(move, Draw) else move))
    try:
        return attrs.evolve(
            view,
            hand=hand,
            line=line,
            tile_counts=tuple(counts),
            boneyard_size=bone,
            drawable=drawable,
            scores=tuple(scores),
            to_move=nxt,
            history=history,
            own_draws=own,
        )
    except PositionError as e:  # what a view refuses: a score past 10**18, ...
        raise _fail(r, i, str(e)) from e


def replay_view(record: ViewRecord) -> tuple[tuple[PlayerView, ...], ...]:
    """Replay a view record to the seat's views, checking every action (see the module).

    Args:
        record: The view record.

    Returns:
        Per round, the seat's view at the start and after each action.

    Raises:
        RecordError: at the first action the seat's knowledge rules out, naming the round and
            action; or when ``record`` is not a :class:`ViewRecord` (``"argument"``).
    """
    if not isinstance(record, ViewRecord):
        raise RecordError(
            f"replay_view takes a ViewRecord, got {_brief(record)}", reason=RecordReason.ARGUMENT
        )
    out = []
    for r, rnd in enumerate(record.rounds):
        view = rnd.start
        if view.seat != record.seat:
            raise _fail(r, None, f"the start is seat {view.seat}'s view, not seat {record.seat}'s")
        views = [view]
        by_action: dict[int, list[ScoreEvent]] = {}
        for ev in rnd.events:
            by_action.setdefault(ev.action, []).append(ev.event)
        for i, act in enumerate(rnd.actions):
            view = _step(view, act, tuple(by_action.get(i, ())), r, i)
            if i == len(rnd.actions) - 1 and rnd.outcome is not None:
                view = attrs.evolve(view, outcome=rnd.outcome, to_move=views[-1].to_move)
            views.append(view)
        if rnd.outcome is not None and not rnd.actions:
            raise _fail(r, None, "a round with a result has actions")
        out.append(tuple(views))
    return tuple(out)


# ---------------------------------------------------------------------------------- JSON


def view_record_to_json(record: ViewRecord) -> dict[str, Any]:
    """The JSON object of a view record (``"format": "bergen-view-record/1"``).

    Raises:
        RecordError: (``reason`` ``"argument"``) when ``record`` is not a :class:`ViewRecord`.
    """
    if not isinstance(record, ViewRecord):
        raise RecordError(
            f"view_record_to_json takes a ViewRecord, got {_brief(record)}",
            reason=RecordReason.ARGUMENT,
        )
    rounds = []
    for rnd in record.rounds:
        obj: dict[str, Any] = {
            "start": rnd.start.to_text(),
            "actions": [
                str(a.move) if a.tile is None else {"move": str(a.move), "tile": str(a.tile)}
                for a in rnd.actions
            ],
            "events": [_event_json(e.action, e.event) for e in rnd.events],
        }
        if rnd.outcome is not None:
            o = rnd.outcome
            obj["result"] = {"outcome": o.kind.value, "seat": o.seat, "side": o.side}
        rounds.append(obj)
    return {
        "format": VIEW_RECORD_FORMAT,
        "seat": record.seat,
        "seats": [{} if n is None else {"name": n} for n in record.names],
        "rounds": rounds,
    }


def dumps_view(record: ViewRecord) -> str:
    """A view record as JSON text, laid out as records are.

    Raises:
        RecordError: (``reason`` ``"argument"``) when ``record`` is not a :class:`ViewRecord`.
    """
    if not isinstance(record, ViewRecord):
        raise RecordError(
            f"dumps_view takes a ViewRecord, got {_brief(record)}",
            reason=RecordReason.ARGUMENT,
        )
    return format_json(view_record_to_json(record))


def loads_view(text: str | bytes) -> ViewRecord:
    """Read a view record from JSON text, checking its shape.

    Raises:
        RecordError: for text that is not a view record (the message gives the JSON path).
        RecordError: read as :func:`bergen.records.loads` reads JSON: ``reason`` ``"read"`` for
            text over :data:`~bergen.records.MAX_RECORD_BYTES` (10 MiB of UTF-8), ``"json"``
            for text that is not UTF-8 or malformed JSON (a repeated key, ``NaN``, nesting
            deeper than the parser goes), ``"argument"`` for neither ``str`` nor ``bytes``.
    """
    obj = _parse_json(text, "view record")
    ctx = _Ctx()
    _check_format(obj, VIEW_RECORD_FORMAT, "player-view", ctx)
    obj = _obj(obj, "record", ctx, ("format", "seat", "seats", "rounds"), ())
    if obj["format"] != VIEW_RECORD_FORMAT:
        raise ctx.err(
            "format",
            f"expected {VIEW_RECORD_FORMAT!r}, got {_brief(obj['format'])}",
            RecordReason.FORMAT,
        )
    seat = _int(obj["seat"], "seat", ctx)
    names: list[str | None] = []
    for i, s in enumerate(_list(obj["seats"], "seats", ctx)):
        entry = _obj(s, f"seats[{i}]", ctx, (), ("name",))
        names.append(_name(entry["name"], f"seats[{i}].name", ctx) if "name" in entry else None)
    rounds = []
    for r, value in enumerate(_list(obj["rounds"], "rounds", ctx)):
        rctx = _Ctx(r)
        where = f"rounds[{r}]"
        rnd = _obj(value, where, rctx, ("start", "actions", "events"), ("result",))
        try:
            start = PlayerView.from_text(_str(rnd["start"], f"{where}.start", rctx))
        except BergenError as e:
            raise rctx.err(f"{where}.start", str(e)) from e
        actions = tuple(
            _action(a, f"{where}.actions[{i}]", _Ctx(r, i))
            for i, a in enumerate(_list(rnd["actions"], f"{where}.actions", rctx))
        )
        events = tuple(
            _event(e, f"{where}.events[{i}]", rctx)
            for i, e in enumerate(_list(rnd["events"], f"{where}.events", rctx))
        )
        outcome = None
        if "result" in rnd:
            res = _obj(rnd["result"], f"{where}.result", rctx, ("outcome", "seat", "side"), ())
            if not isinstance(res["outcome"], str) or res["outcome"] not in _OUTCOMES:
                raise rctx.err(
                    f"{where}.result.outcome", f"unknown outcome {_brief(res['outcome'])}"
                )
            try:
                outcome = Outcome(OutcomeKind(res["outcome"]), res["seat"], res["side"])
            except PositionError as e:
                raise rctx.err(f"{where}.result", str(e)) from e
        rounds.append(ViewRound(start, actions, events, outcome))
    return ViewRecord(seat, tuple(names), tuple(rounds))


def load_view(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> ViewRecord:
    """Read a view record from a path or an open file, text or binary (see :func:`loads_view`).

    Raises:
        RecordError: (``reason`` ``"argument"``) when ``source`` is neither a path nor a file
            open for reading; (``"read"``) when it cannot be read or is larger than
            :data:`~bergen.records.MAX_RECORD_BYTES` (10 MiB); (``"json"``) when it is not
            UTF-8; as :func:`loads_view` for its content.
    """
    return loads_view(_read_source(source, "load_view", "view record"))
