"""Public records: a game written from what the table saw, replayed by :class:`PublicMatch`.

A public record (``"format": "bergen-public-record/1"``, docs/records.md, "Public records")
is a player-view-like record with no hand: the rules, the seats, and for each round its dealer
and its actions in canonical notation (the lead naming its seat, ``{"move": "1-1", "seat":
0}``; a draw whose tile was shown as ``{"move": "draw", "tile": "6-2"}``), then, for a blocked
hand, how it was settled (``"end": {"reveal": [hands]}`` or ``{"settle": side or null}``), the
score events as announced and the result. Loading replays it through
:class:`~bergen.public_match.PublicMatch`, which checks every action against what public
information can check, and compares the events and the result stated.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import IO, Any

import attrs

from bergen.errors import BergenError, RecordError, RecordReason, _as_tuple, _brief
from bergen.moves import Lead
from bergen.public import PublicRound
from bergen.public_match import PublicMatch
from bergen.records.codec import (
    _check_format,
    _Ctx,
    _int,
    _list,
    _name,
    _obj,
    _parse_json,
    _read_source,
    _scores,
    _str,
    _tile,
)
from bergen.records.model import _is_name
from bergen.records.rules_json import rules_from_json, rules_to_json
from bergen.records.write import _event_json, format_json

__all__ = [
    "PUBLIC_RECORD_FORMAT",
    "PublicRecord",
    "dumps_public",
    "load_public",
    "loads_public",
    "public_record_to_json",
    "record_public",
]

PUBLIC_RECORD_FORMAT = "bergen-public-record/1"
"""The ``"format"`` of a public record."""


@attrs.frozen
class PublicRecord:
    """A game kept from public information, with the players' names.

    Args:
        match: The match as entered (its rounds, their actions, how each blocked hand was
            settled).
        names: One name per seat, or ``None``.

    Raises:
        RecordError: (reason ``"argument"``) when ``match`` is not a
            :class:`~bergen.public_match.PublicMatch` or ``names`` not one ``str`` or ``None``
            per seat.
    """

    match: PublicMatch
    names: tuple[str | None, ...] = attrs.field(converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not isinstance(self.match, PublicMatch):
            raise RecordError(
                f"PublicRecord: match must be a PublicMatch, got {_brief(self.match)}",
                reason=RecordReason.ARGUMENT,
            )
        if (
            not isinstance(self.names, tuple)
            or len(self.names) != self.match.seats
            or not all(n is None or _is_name(n) for n in self.names)
        ):
            raise RecordError(
                f"PublicRecord: names must be one str of printable characters or None per seat "
                f"({self.match.seats}), got {_brief(self.names)}",
                reason=RecordReason.ARGUMENT,
            )


def record_public(match: PublicMatch, names: Sequence[str | None] | None = None) -> PublicRecord:
    """The record of ``match`` with the players' ``names`` (default none).

    Raises:
        RecordError: (reason ``"argument"``) as :class:`PublicRecord`.
    """
    if not isinstance(match, PublicMatch):
        raise RecordError(
            f"record_public takes a PublicMatch, got {_brief(match)}",
            reason=RecordReason.ARGUMENT,
        )
    if names is None:
        names = (None,) * match.seats
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise RecordError(
            f"names must be a sequence of names, got {_brief(names)}",
            reason=RecordReason.ARGUMENT,
        )
    return PublicRecord(match, tuple(names))


def _played_rounds(match: PublicMatch) -> tuple[PublicRound, ...]:
    """The rounds of ``match`` worth writing: those ended, and the round in play once it has
    an action.
    """
    rounds = match.rounds
    current = match.round
    if current.outcome is None and (current.history or current.lead_draws or not rounds):
        rounds = (*rounds, current)
    return rounds


def _round_json(rnd: PublicRound) -> dict[str, Any]:
    actions: list[Any] = []
    for a in rnd.lead_draws:
        actions.append("draw" if a.drawn is None else {"move": "draw", "tile": str(a.drawn)})
    events: list[dict[str, Any]] = []
    for a in rnd.history:
        if a.drawn is not None:
            actions.append({"move": "draw", "tile": str(a.drawn)})
        elif isinstance(a.move, Lead):
            actions.append({"move": str(a.move), "seat": a.seat})
        else:
            actions.append(str(a.move))
    obj: dict[str, Any] = {"dealer": rnd.dealer, "actions": actions}
    outcome = rnd.outcome
    if outcome is not None and outcome.kind.value == "blocked":
        if rnd.hands is not None:
            obj["end"] = {"reveal": [[str(t) for t in h] for h in rnd.hands]}
        else:
            obj["end"] = {"settle": outcome.side}
    for i, e in rnd.scored:
        events.append(_event_json(i, e))
    obj["events"] = events
    if outcome is not None:
        obj["result"] = {
            "outcome": outcome.kind.value,
            "seat": outcome.seat,
            "side": outcome.side,
            "scores": list(rnd.scores),
        }
    return obj


def public_record_to_json(record: PublicRecord) -> dict[str, Any]:
    """The JSON object of a public record (``"format": "bergen-public-record/1"``).

    Raises:
        RecordError: (reason ``"argument"``) when ``record`` is not a :class:`PublicRecord`.
    """
    if not isinstance(record, PublicRecord):
        raise RecordError(
            f"public_record_to_json takes a PublicRecord, got {_brief(record)}",
            reason=RecordReason.ARGUMENT,
        )
    match = record.match
    rounds = _played_rounds(match)
    first = rounds[0] if rounds else match.round
    out: dict[str, Any] = {
        "format": PUBLIC_RECORD_FORMAT,
        "rules": rules_to_json(match.rules),
        "seats": [{} if n is None else {"name": n} for n in record.names],
    }
    if match.hand_size is not None:
        out["hand_size"] = match.hand_size
    if any(first.start_scores):
        out["start_scores"] = list(first.start_scores)
    out["rounds"] = [_round_json(r) for r in rounds]
    out["scores"] = list(match.scores)
    return out


def dumps_public(record: PublicRecord) -> str:
    """A public record as JSON text, laid out as records are.

    Raises:
        RecordError: (reason ``"argument"``) when ``record`` is not a :class:`PublicRecord`.
    """
    return format_json(public_record_to_json(record))


# ---------------------------------------------------------------------------------- reading


def _entry(value: object, where: str, ctx: _Ctx) -> tuple[str, int | None]:
    """An action of a public record: the move's text and the seat named, if any."""
    if isinstance(value, str):
        ctx.action = value
        return value, None
    obj = _obj(value, where, ctx, ("move",), ("tile", "seat"))
    text = _str(obj["move"], f"{where}.move", ctx)
    if "tile" in obj:
        tile = _tile(obj["tile"], f"{where}.tile", ctx)
        if text != "draw":
            raise ctx.err(where, f"only a draw names the tile drawn; {_brief(text)} names {tile}")
        text = f"draw {tile}"
    ctx.action = text
    seat = _int(obj["seat"], f"{where}.seat", ctx) if "seat" in obj else None
    return text, seat


def _end(match: PublicMatch, value: object, where: str, ctx: _Ctx) -> PublicMatch:
    """Settle a blocked hand as the record's ``end`` says."""
    obj = _obj(value, where, ctx, (), ("reveal", "settle"))
    if len(obj) != 1:
        raise ctx.err(where, "an end is {'reveal': hands} or {'settle': side or null}")
    try:
        if "reveal" in obj:
            hands = [
                [_tile(t, f"{where}.reveal[{i}]", ctx) for t in _list(h, f"{where}.reveal", ctx)]
                for i, h in enumerate(_list(obj["reveal"], f"{where}.reveal", ctx))
            ]
            match, _ = match.reveal(hands)
        else:
            side = obj["settle"]
            match, _ = match.settle(None if side is None else _int(side, f"{where}.settle", ctx))
    except RecordError:
        raise
    except BergenError as e:
        raise ctx.err(where, str(e), RecordReason.SEQUENCE) from e
    return match


def _check_round(rnd: PublicRound, obj: dict[str, Any], where: str, ctx: _Ctx) -> None:
    """Compare the events and the result a record states with those of the replay."""
    got = [_event_json(i, e) for i, e in rnd.scored]
    if "events" in obj:
        stated = _list(obj["events"], f"{where}.events", ctx)
        for e in stated:
            if isinstance(e, dict) and "base_points" in e and e.get("points") == e["base_points"]:
                e.pop("base_points")
        if stated != got:
            raise ctx.err(
                f"{where}.events",
                f"the record states {json.dumps(stated)}, the replay gives {json.dumps(got)}",
                RecordReason.EVENTS,
            )
    if "result" in obj:
        res = _obj(obj["result"], f"{where}.result", ctx, ("outcome",), ("seat", "side", "scores"))
        o = rnd.outcome
        mine: dict[str, Any] = {"outcome": None if o is None else o.kind.value}
        if o is not None:
            mine.update(seat=o.seat, side=o.side, scores=list(rnd.scores))
        for key, value in res.items():
            if mine.get(key) != value:
                raise ctx.err(
                    f"{where}.result.{key}",
                    f"the record states {_brief(value)}, the replay gives {_brief(mine.get(key))}",
                    RecordReason.RESULT,
                )


def _replay_round(match: PublicMatch, value: object, r: int) -> PublicMatch:
    """Replay round ``r`` of a record on ``match``."""
    ctx = _Ctx(r)
    where = f"rounds[{r}]"
    obj = _obj(value, where, ctx, ("actions",), ("dealer", "end", "events", "result"))
    if "dealer" in obj and _int(obj["dealer"], f"{where}.dealer", ctx) != match.dealer:
        raise ctx.err(
            f"{where}.dealer",
            f"round {r} is dealt by seat {match.dealer} (the deal passes left), not "
            f"{obj['dealer']}",
            RecordReason.MATCH,
        )
    played = len(match.rounds)
    for i, a in enumerate(_list(obj["actions"], f"{where}.actions", ctx)):
        actx = _Ctx(r, i)
        text, seat = _entry(a, f"{where}.actions[{i}]", actx)
        if len(match.rounds) != played or match.is_over:
            raise actx.err(f"{where}.actions[{i}]", "the round is over", RecordReason.SEQUENCE)
        try:
            match, _ = match.apply(text, seat)
        except BergenError as e:
            raise actx.err(f"{where}.actions[{i}]", str(e), RecordReason.SEQUENCE) from e
    if "end" in obj:
        match = _end(match, obj["end"], f"{where}.end", ctx)
    rnd = match.rounds[-1] if len(match.rounds) > played else match.round
    _check_round(rnd, obj, where, ctx)
    return match


def loads_public(text: str | bytes) -> PublicRecord:
    """Read a public record from JSON text and replay it (see the module's docstring).

    Returns:
        The record, its match as replayed.

    Raises:
        RecordError: for text that is not a public record (the message gives the JSON path),
            with ``reason`` ``"sequence"`` for an action the public checks refuse (round and
            action named), ``"events"`` or ``"result"`` when the replay disagrees with what
            the record states, ``"match"`` for a round after the match ended or a wrong
            dealer.
        RecordError: read as :func:`bergen.records.loads` reads JSON: ``reason`` ``"read"`` for
            text over :data:`~bergen.records.MAX_RECORD_BYTES` (10 MiB of UTF-8), ``"json"``
            for text that is not UTF-8 or malformed JSON (a repeated key, ``NaN``, nesting
            deeper than the parser goes), ``"argument"`` for neither ``str`` nor ``bytes``.
    """
    obj = _parse_json(text, "public record")
    ctx = _Ctx()
    _check_format(obj, PUBLIC_RECORD_FORMAT, "public", ctx)
    obj = _obj(
        obj,
        "record",
        ctx,
        ("format", "rules", "seats", "rounds"),
        ("hand_size", "start_scores", "scores", "meta"),
    )
    if obj["format"] != PUBLIC_RECORD_FORMAT:
        raise ctx.err(
            "format",
            f"expected {PUBLIC_RECORD_FORMAT!r}, got {_brief(obj['format'])}",
            RecordReason.FORMAT,
        )
    if "meta" in obj:
        meta = _obj(
            obj["meta"],
            "meta",
            ctx,
            (),
            tuple(obj["meta"]) if isinstance(obj["meta"], dict) else (),
        )
        for key, value in meta.items():
            _str(value, f"meta.{key}", ctx)
    rules = rules_from_json(obj["rules"])
    names: list[str | None] = []
    for i, s in enumerate(_list(obj["seats"], "seats", ctx)):
        entry = _obj(s, f"seats[{i}]", ctx, (), ("name",))
        names.append(_name(entry["name"], f"seats[{i}].name", ctx) if "name" in entry else None)
    hand_size = _int(obj["hand_size"], "hand_size", ctx, 1) if "hand_size" in obj else None
    scores = _scores(obj["start_scores"], "start_scores", ctx) if "start_scores" in obj else None
    rounds = _list(obj["rounds"], "rounds", ctx)
    dealer = 0
    if rounds and isinstance(rounds[0], dict) and "dealer" in rounds[0]:
        dealer = _int(rounds[0]["dealer"], "rounds[0].dealer", ctx)
    try:
        match = PublicMatch.start(
            rules, len(names), scores=scores, dealer=dealer, hand_size=hand_size
        )
    except BergenError as e:
        raise ctx.err("record", str(e), RecordReason.RULES) from e
    for r, value in enumerate(rounds):
        if len(match.rounds) != r:
            why = "the match is over" if match.is_over else f"round {r - 1} has not ended"
            raise _Ctx(r).err(f"rounds[{r}]", why, RecordReason.MATCH)
        match = _replay_round(match, value, r)
    if "scores" in obj and _scores(obj["scores"], "scores", ctx) != match.scores:
        raise ctx.err(
            "scores",
            f"the record states {obj['scores']}, the replay gives {list(match.scores)}",
            RecordReason.RESULT,
        )
    return PublicRecord(match, tuple(names))


def load_public(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> PublicRecord:
    """Read a public record from a path or an open file, text or binary (see :func:`loads_public`).

    Raises:
        RecordError: (``reason`` ``"argument"``) when ``source`` is neither a path nor a file
            open for reading; (``"read"``) when it cannot be read or is larger than
            :data:`~bergen.records.MAX_RECORD_BYTES` (10 MiB); (``"json"``) when it is not
            UTF-8; as :func:`loads_public` for its content.
    """
    return loads_public(_read_source(source, "load_public", "public record"))
