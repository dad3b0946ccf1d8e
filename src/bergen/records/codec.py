"""Reading records from JSON (``"format": "bergen-record/1"`` or ``/2``); writing is in
:mod:`bergen.records.write`.

The reader checks everything by hand (the core library has no JSON Schema dependency) and is at
least as strict as the schema file shipped in ``bergen/schema/``: every record it accepts
validates against that schema. Any problem raises :class:`bergen.RecordError` with the JSON path
of the offending value; nothing else escapes.
"""

from __future__ import annotations

import json
import os
import re
from typing import IO, Any

from bergen.deal import Deal
from bergen.errors import (
    BergenError,
    NotationError,
    PositionError,
    RecordError,
    RecordReason,
    _brief,
)
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.line import LineOfPlay
from bergen.moves import Draw, parse_move
from bergen.records.model import (
    MAX_RECORD_BYTES,
    RECORD_FORMAT,
    RECORD_FORMATS,
    Position,
    Record,
    RecordedAction,
    RecordedEvent,
    RoundRecord,
)
from bergen.records.rules_json import _kind, _no_duplicates, _reject_constant, rules_from_json
from bergen.tiles import Tile

__all__ = ["MAX_RECORD_ROUNDS", "MAX_ROUND_ACTIONS", "load", "loads", "record_from_json"]

MAX_ROUND_ACTIONS = 1_000
"""The most actions a record's round may list: a round has 28 tiles to play or draw, and a pass
needs a play or a draw between two turns of the same seat, so real rounds stay far below."""

MAX_RECORD_ROUNDS = 100_000
"""The most rounds one record may hold."""

_TILE_RE = re.compile(r"[0-6]-[0-6]")
_TILE_OF_TEXT = {f"{a}-{b}": Tile(a, b) for a in range(7) for b in range(7)}
"""Every tile as a record writes it, ``"6-4"``, and in the other order, ``"4-6"``."""
_MOVE_RE = re.compile(r"[0-6]-[0-6][LR]?|draw|pass")


# ---------------------------------------------------------------------------------- reading


def _path_text(path: str | os.PathLike[str]) -> str:
    """A path for a message: as written, cut short past 200 characters."""
    text = str(os.fspath(path))
    return text if len(text) <= 200 else f"{text[:200]}... ({len(text):,} characters)"


def _show(text: str) -> str:
    """The text itself when it is printable on one line, else its repr."""
    return text if text.isprintable() else repr(text)


class _Ctx:
    """Where in the record a value sits, for error messages."""

    def __init__(self, round: int | None = None, action_index: int | None = None) -> None:
        self.round = round
        self.action_index = action_index
        self.action: str | None = None

    def err(
        self, where: str, message: str, reason: RecordReason = RecordReason.SCHEMA
    ) -> RecordError:
        loc = []
        if self.round is not None:
            loc.append(f"round {self.round}")
        if self.action_index is not None:
            text = f" ({_show(self.action)})" if self.action is not None else ""
            loc.append(f"action {self.action_index}{text}")
        head = ", ".join(loc)
        return RecordError(
            f"{head + ': ' if head else ''}{where}: {message}",
            reason=reason,
            round=self.round,
            action_index=self.action_index,
            action=self.action,
        )


def _obj(
    value: object, where: str, ctx: _Ctx, required: tuple[str, ...], optional: tuple[str, ...]
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ctx.err(where, f"expected an object, got {_kind(value)}")
    for k in required:
        if k not in value:
            raise ctx.err(where, f"missing field {_brief(k)}")
    for k in value:
        if k not in required and k not in optional:
            raise ctx.err(where, f"unknown field {_brief(k)}")
    return value


def _list(value: object, where: str, ctx: _Ctx) -> list[Any]:
    if not isinstance(value, list):
        raise ctx.err(where, f"expected an array, got {_kind(value)}")
    return value


def _int(value: object, where: str, ctx: _Ctx, minimum: int = 0) -> int:
    if type(value) is not int:
        raise ctx.err(where, f"expected an integer, got {_kind(value)} {_brief(value)}")
    if value < minimum:
        raise ctx.err(where, f"expected an integer >= {minimum}, got {value}")
    return value


def _str(value: object, where: str, ctx: _Ctx) -> str:
    if not isinstance(value, str):
        raise ctx.err(where, f"expected a string, got {_kind(value)}")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, "\\ud800": valid JSON, not text
            raise ctx.err(where, "not Unicode text (a lone surrogate escape)") from None
    return value


# The record formats bergen writes, by the start of their "format": what it is, what writes
# one and what reads it. A reader given another kind says so (``bergen replay`` of a file that
# ``bergen keep`` saved) instead of naming the first field that kind lacks.
_FORMAT_KINDS = (
    (
        "bergen-record/",
        "a game record (what bergen simulate --json and record_match write)",
        "bergen replay or bergen.records.load",
    ),
    (
        "bergen-public-record/",
        "a public record (what bergen keep --save writes)",
        "bergen keep --resume or bergen.records.public.load_public",
    ),
    (
        "bergen-view-record/",
        "a player-view record (what bergen play --save writes)",
        "bergen.records.view.load_view and replay_view",
    ),
)


def _other_format(fmt: object, wanted: str) -> str | None:
    """The message for a record of format ``fmt`` given to the reader of ``wanted`` records
    (``"game"``, ``"public"``, ``"player-view"``): ``"'bergen-view-record/1' is a player-view
    record (what bergen play --save writes), not a game record: read it with ..."``; ``None``
    for a format bergen does not write, or one of the kind wanted.
    """
    for prefix, kind, reader in _FORMAT_KINDS:
        if isinstance(fmt, str) and fmt.startswith(prefix) and not kind.startswith(f"a {wanted}"):
            return f"{_brief(fmt)} is {kind}, not a {wanted} record: read it with {reader}"
    return None


def _check_format(obj: object, expected: str, wanted: str, ctx: _Ctx) -> None:
    """Refuse a JSON object whose ``format`` is not ``expected`` (the format string of the
    ``wanted`` kind of record: ``"public"``, ``"player-view"``), naming the reader to use when it
    is another record bergen writes (:func:`_other_format`). Anything not a JSON object is left
    to the shape check that follows.

    Raises:
        RecordError: ``reason`` ``"format"``, at the path ``format``.
    """
    if isinstance(obj, dict) and obj.get("format") != expected:
        hint = _other_format(obj.get("format"), wanted)
        raise ctx.err(
            "format",
            hint or f"expected {expected!r}, got {_brief(obj.get('format'))}",
            RecordReason.FORMAT,
        )


def _name(value: object, where: str, ctx: _Ctx) -> str:
    """A player's name: a string of printable characters (a newline or an escape sequence in a
    name would forge lines or move the cursor where the name is shown).
    """
    text = _str(value, where, ctx)
    if not text.isprintable():
        raise ctx.err(where, f"a name of printable characters, got {_brief(text)}")
    return text


def _tile(value: object, where: str, ctx: _Ctx) -> Tile:
    tile = _TILE_OF_TEXT.get(value) if type(value) is str else None
    if tile is not None:
        return tile
    text = _str(value, where, ctx)
    if not _TILE_RE.fullmatch(text):
        raise ctx.err(
            where, f"{_brief(text)} is not a tile of the double-six set (written like '6-4')"
        )
    return Tile.parse(text)


def _tile_list(value: object, where: str, ctx: _Ctx) -> tuple[Tile, ...]:
    tiles = []
    for i, v in enumerate(_list(value, where, ctx)):
        tile = _TILE_OF_TEXT.get(v) if type(v) is str else None
        # The place is written out only for a value that is not a tile (the error names it).
        tiles.append(tile if tile is not None else _tile(v, f"{where}[{i}]", ctx))
    return tuple(tiles)


def _scores(value: object, where: str, ctx: _Ctx) -> tuple[int, ...]:
    items = _list(value, where, ctx)
    return tuple(_int(v, f"{where}[{i}]", ctx) for i, v in enumerate(items))


def _hands(value: object, where: str, ctx: _Ctx, seats: int) -> tuple[tuple[Tile, ...], ...]:
    items = _list(value, where, ctx)
    if len(items) != seats:
        raise ctx.err(where, f"{len(items)} hands for {seats} seats")
    return tuple(_tile_list(h, f"{where}[{i}]", ctx) for i, h in enumerate(items))


def _deal(value: object, where: str, ctx: _Ctx, seats: int) -> Deal:
    obj = _obj(value, where, ctx, ("hands", "boneyard"), ())
    hands = _hands(obj["hands"], f"{where}.hands", ctx, seats)
    boneyard = _tile_list(obj["boneyard"], f"{where}.boneyard", ctx)
    try:
        return Deal(hands, boneyard)
    except BergenError as e:
        raise ctx.err(where, f"not a deal of the 28 distinct tiles: {e}", RecordReason.DEAL) from e


def _position(value: object, where: str, ctx: _Ctx, seats: int) -> Position:
    obj = _obj(value, where, ctx, ("hands", "boneyard", "line", "to_move"), ("scores",))
    hands = _hands(obj["hands"], f"{where}.hands", ctx, seats)
    boneyard = _tile_list(obj["boneyard"], f"{where}.boneyard", ctx)
    text = _str(obj["line"], f"{where}.line", ctx)
    try:
        line = LineOfPlay.parse(text)
    except NotationError as e:  # not in canonical notation, like any other tile of a record
        raise ctx.err(f"{where}.line", str(e), RecordReason.SCHEMA) from e
    except BergenError as e:  # well written, but neighbours that do not match, a repeat
        raise ctx.err(f"{where}.line", str(e), RecordReason.DEAL) from e
    to_move = _int(obj["to_move"], f"{where}.to_move", ctx)
    scores = _scores(obj["scores"], f"{where}.scores", ctx) if "scores" in obj else None
    return Position(hands, boneyard, line, to_move, scores)


def _action(value: object, where: str, ctx: _Ctx) -> RecordedAction:
    tile: Tile | None = None
    if isinstance(value, dict):
        ctx.action = str(value.get("move")) if isinstance(value.get("move"), str) else None
        obj = _obj(value, where, ctx, ("move",), ("tile",))
        text = _str(obj["move"], f"{where}.move", ctx)
        if "tile" in obj:
            tile = _tile(obj["tile"], f"{where}.tile", ctx)
            ctx.action = f"{text} {obj['tile']}"
    elif isinstance(value, str):
        text = ctx.action = value
    else:
        raise ctx.err(where, f"an action is a move string or an object, got {_kind(value)}")
    if not _MOVE_RE.fullmatch(text):
        raise ctx.err(
            where,
            f"{_brief(text)} is not a move in canonical notation ('1-1', '5-4L', '5-4R', "
            "'draw', 'pass')",
        )
    move = parse_move(text)
    if tile is not None and not isinstance(move, Draw):
        raise ctx.err(where, f"only a draw names the tile drawn; {_brief(text)} names {tile}")
    return RecordedAction(move, tile)


_KINDS = {k.value: k for k in EventKind}
_OUTCOMES = {k.value: k for k in OutcomeKind}


def _event(value: object, where: str, ctx: _Ctx) -> RecordedEvent:
    obj = _obj(
        value, where, ctx, ("action", "kind", "seat", "side", "points"), ("base_points", "tile")
    )
    index = _int(obj["action"], f"{where}.action", ctx)
    kind_text = obj["kind"]
    if not isinstance(kind_text, str) or kind_text not in _KINDS:
        raise ctx.err(
            f"{where}.kind", f"expected one of {', '.join(_KINDS)}, got {_brief(kind_text)}"
        )
    kind = _KINDS[kind_text]
    seat = _int(obj["seat"], f"{where}.seat", ctx)
    side = _int(obj["side"], f"{where}.side", ctx)
    points = _int(obj["points"], f"{where}.points", ctx)
    base = _int(obj["base_points"], f"{where}.base_points", ctx) if "base_points" in obj else points
    tile: Tile | None = None
    if kind is EventKind.BLOCKED_HAND:
        if obj.get("tile") is not None:
            raise ctx.err(f"{where}.tile", "a blocked hand names no tile")
    else:
        if "tile" not in obj:
            raise ctx.err(where, f"a {kind_text} event names the tile played ('tile')")
        tile = _tile(obj["tile"], f"{where}.tile", ctx)
    try:
        event = ScoreEvent(kind, seat, side, points, base, tile)
    except PositionError as e:  # a seat or side past 3: no replay gives such an event
        raise ctx.err(where, str(e), RecordReason.EVENTS) from e
    return RecordedEvent(index, event)


def _opt_int(value: object, where: str, ctx: _Ctx) -> int | None:
    return None if value is None else _int(value, where, ctx)


def _round(value: object, where: str, ctx: _Ctx, seats: int) -> RoundRecord:
    obj = _obj(
        value,
        where,
        ctx,
        ("actions", "events"),
        ("dealer", "redeals", "deal", "position", "result"),
    )
    if ("deal" in obj) == ("position" in obj):
        raise ctx.err(where, "a round starts from either a 'deal' or a 'position' (one of them)")
    dealer = _int(obj["dealer"], f"{where}.dealer", ctx) if "dealer" in obj else None
    redeals: tuple[Deal, ...] = ()
    if "redeals" in obj:
        items = _list(obj["redeals"], f"{where}.redeals", ctx)
        redeals = tuple(_deal(d, f"{where}.redeals[{i}]", ctx, seats) for i, d in enumerate(items))
    deal = _deal(obj["deal"], f"{where}.deal", ctx, seats) if "deal" in obj else None
    position = (
        _position(obj["position"], f"{where}.position", ctx, seats) if "position" in obj else None
    )
    if position is not None and redeals:
        raise ctx.err(where, "a round from a set-up position has no redeals")
    actions: list[RecordedAction] = []
    items = _list(obj["actions"], f"{where}.actions", ctx)
    if len(items) > MAX_ROUND_ACTIONS:
        raise ctx.err(
            f"{where}.actions",
            f"{len(items):,} actions; a round has at most {MAX_ROUND_ACTIONS:,} (28 tiles played "
            "or drawn and the passes between)",
        )
    for i, a in enumerate(items):
        actx = _Ctx(ctx.round, i)
        actions.append(_action(a, f"{where}.actions[{i}]", actx))
    events = tuple(
        _event(e, f"{where}.events[{i}]", ctx)
        for i, e in enumerate(_list(obj["events"], f"{where}.events", ctx))
    )
    outcome: Outcome | None = None
    scores: tuple[int, ...] | None = None
    if "result" in obj:
        at = f"{where}.result"
        res = _obj(obj["result"], at, ctx, ("outcome", "seat", "side"), ("scores",))
        kind = res["outcome"]
        if not isinstance(kind, str) or kind not in _OUTCOMES:
            raise ctx.err(
                f"{at}.outcome", f"expected one of {', '.join(_OUTCOMES)}, got {_brief(kind)}"
            )
        seat = _opt_int(res["seat"], f"{at}.seat", ctx)
        side = _opt_int(res["side"], f"{at}.side", ctx)
        try:
            outcome = Outcome(_OUTCOMES[kind], seat, side)
        except PositionError as e:  # a seat or side past 3: no replay gives such a result
            raise ctx.err(at, str(e), RecordReason.RESULT) from e
        if "scores" in res:
            scores = _scores(res["scores"], f"{at}.scores", ctx)
    return RoundRecord(
        dealer=dealer,
        deal=deal,
        position=position,
        actions=tuple(actions),
        events=events,
        redeals=redeals,
        outcome=outcome,
        scores=scores,
    )


def record_from_json(obj: object) -> Record:
    """Read a record from its parsed JSON value, checking its shape.

    The rules themselves (legal moves, events) are checked by :func:`bergen.records.replay`.

    Args:
        obj: The value ``json.loads`` returned.

    Returns:
        The record.

    Raises:
        RecordError: for a value that is not a ``bergen-record/1`` record: a missing or unknown
            field, a wrong type, a tile outside the double-six set (``reason`` ``"schema"``), an
            unknown format version (``"format"``), bad rules (``"rules"``), a deal that is not
            the 28 distinct tiles (``"deal"``), ...; the message gives the JSON path.
    """
    ctx = _Ctx()
    if not isinstance(obj, dict):
        raise ctx.err("record", f"expected a JSON object, got {_kind(obj)}")
    fmt = obj.get("format")
    if fmt not in RECORD_FORMATS:
        if isinstance(fmt, str) and fmt.startswith("bergen-record/"):
            raise ctx.err(
                "format",
                f"unsupported format version {_brief(fmt)}; this library reads "
                f"{' and '.join(RECORD_FORMATS)}",
                RecordReason.FORMAT,
            )
        hint = _other_format(fmt, "game")
        if hint is not None:
            raise ctx.err("format", hint, RecordReason.FORMAT)
        raise ctx.err(
            "format",
            f"not a bergen record: expected {_brief(RECORD_FORMAT)} (or an earlier version), "
            f"got {_brief(fmt)}",
            RecordReason.FORMAT,
        )
    obj = _obj(
        obj,
        "record",
        ctx,
        ("format", "rules", "seats", "rounds"),
        ("seed", "meta", "start_scores", "scores")
        + (("shuffles",) if fmt != RECORD_FORMATS[0] else ()),
    )
    rules = rules_from_json(obj["rules"])
    seat_items = _list(obj["seats"], "seats", ctx)
    if not 2 <= len(seat_items) <= 4:
        raise ctx.err("seats", f"a record has 2, 3 or 4 seats, got {len(seat_items)}")
    names: list[str | None] = []
    for i, s in enumerate(seat_items):
        seat = _obj(s, f"seats[{i}]", ctx, (), ("name",))
        names.append(_name(seat["name"], f"seats[{i}].name", ctx) if "name" in seat else None)
    seed = obj.get("seed")
    if seed is not None and (type(seed) is not int or seed.bit_length() > 64):
        raise ctx.err("seed", f"expected an integer or null, got {_kind(seed)}")
    shuffles: int | None = None
    if "shuffles" in obj:
        shuffles = _int(obj["shuffles"], "shuffles", ctx)
        if seed is None:
            raise ctx.err("shuffles", "the index of the seed's next shuffle needs a 'seed'")
    meta: list[tuple[str, str]] = []
    if "meta" in obj:
        m = obj["meta"]
        if not isinstance(m, dict):
            raise ctx.err("meta", f"expected an object of strings, got {_kind(m)}")
        meta = [
            (_str(k, f"meta[{_brief(k)}]", ctx), _str(v, f"meta[{_brief(k)}]", ctx))
            for k, v in m.items()
        ]
    start = _scores(obj["start_scores"], "start_scores", ctx) if "start_scores" in obj else None
    final = _scores(obj["scores"], "scores", ctx) if "scores" in obj else None
    round_items = _list(obj["rounds"], "rounds", ctx)
    if len(round_items) > MAX_RECORD_ROUNDS:
        raise ctx.err(
            "rounds", f"{len(round_items):,} rounds; a record holds at most {MAX_RECORD_ROUNDS:,}"
        )
    rounds = tuple(
        _round(r, f"rounds[{i}]", _Ctx(i), len(names)) for i, r in enumerate(round_items)
    )
    for i, r in enumerate(rounds):
        if i > 0 and r.position is not None:
            raise RecordError(
                f"round {i}: rounds[{i}]: only the first round may start from a set-up position",
                reason=RecordReason.SCHEMA,
                round=i,
            )
    return Record(
        rules=rules,
        names=tuple(names),
        rounds=rounds,
        start_scores=start,
        scores=final,
        seed=seed,
        meta=tuple(meta),
        shuffles=shuffles,
    )


def loads(text: str | bytes) -> Record:
    """Read a record from JSON text (or UTF-8 bytes), checking its shape.

    Args:
        text: The JSON document, at most :data:`MAX_RECORD_BYTES` long.

    Returns:
        The record (not yet replayed: see :func:`bergen.records.replay`).

    Raises:
        RecordError: for oversized input (``reason`` ``"read"``), text that is not UTF-8,
            malformed JSON (the message gives the line and column), a repeated key,
            ``NaN``/``Infinity`` (``"json"``), ``text`` that is neither ``str`` nor ``bytes``
            (``"argument"``), or a value that is not a record (see :func:`record_from_json`).
    """
    return record_from_json(_parse_json(text, "record"))


def _parse_json(text: object, what: str) -> Any:
    """The JSON value of a record's text (``str``, or UTF-8 ``bytes``) of the kind ``what``
    (``"record"``, ``"view record"``, ...), parsed as every record is: at most
    :data:`MAX_RECORD_BYTES` of UTF-8, no repeated key, no ``NaN`` or ``Infinity``, nesting
    too deep for the parser refused.

    Raises:
        RecordError: ``reason`` ``"argument"`` when ``text`` is neither ``str`` nor ``bytes``,
            ``"read"`` when it is oversized, ``"json"`` when it is not UTF-8 or not such JSON
            (the message gives the line and column).
    """
    if not isinstance(text, str | bytes):
        raise RecordError(
            f"a {what} is JSON text, got {type(text).__name__}", reason=RecordReason.ARGUMENT
        )
    # The limit is in bytes of UTF-8: a str has at most as many characters as bytes, so one
    # longer than the limit is refused before it is encoded to count them.
    size = len(text)
    if size <= MAX_RECORD_BYTES and isinstance(text, str) and not text.isascii():
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            f"the {what} is over {MAX_RECORD_BYTES:,} bytes of UTF-8 (10 MiB), the limit of "
            "a record",
            reason=RecordReason.READ,
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(
                f"the {what} is not UTF-8 text: {e}", reason=RecordReason.JSON
            ) from None
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise RecordError(
            f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}",
            reason=RecordReason.JSON,
        ) from None
    except (ValueError, RecursionError) as e:
        raise RecordError(f"malformed JSON: {e}", reason=RecordReason.JSON) from None


def load(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> Record:
    """Read a record from a JSON file (a path or an open file), checking its shape.

    Args:
        source: A path, or a file open for reading (text or binary).

    Returns:
        The record (not yet replayed: see :func:`bergen.records.replay`).

    Raises:
        RecordError: when the file is larger than :data:`MAX_RECORD_BYTES` (10 MiB) or cannot
            be read (``reason`` ``"read"``), ``source`` is neither a path nor an object with a
            ``read`` method (``"argument"``), or the file does not hold a valid record (see
            :func:`loads`).
    """
    return loads(_read_source(source, "load", "record"))


def _read_source(source: object, function: str, what: str) -> str | bytes:
    """The text of a record (of the kind ``what``) that ``function`` (``"load"``,
    ``"load_view"``, ...) reads from ``source``: a path (read in binary, at most
    :data:`MAX_RECORD_BYTES` and one byte more, so that :func:`_parse_json` refuses a longer
    file) or a file open for reading (text or binary; read as far).

    Raises:
        RecordError: ``reason`` ``"read"`` when the file is larger than
            :data:`MAX_RECORD_BYTES` or cannot be read (closed, open for writing only),
            ``"argument"`` when ``source`` is neither a path nor an object with a ``read``
            method (or is a path with a NUL character), ``"json"`` when a text file holds no
            UTF-8 text.
    """
    if isinstance(source, str | os.PathLike):
        try:
            size = os.stat(source).st_size
            if size > MAX_RECORD_BYTES:
                raise RecordError(
                    f"{_path_text(source)} is {size:,} bytes; records are limited to "
                    f"{MAX_RECORD_BYTES:,} bytes (10 MiB)",
                    reason=RecordReason.READ,
                )
            with open(source, "rb") as f:
                return f.read(MAX_RECORD_BYTES + 1)
        except OSError as e:
            raise RecordError(
                f"cannot read {_path_text(source)}: {e.strerror or e}",
                reason=RecordReason.READ,
            ) from None
        except RecordError:
            raise
        except ValueError as e:  # a path with a NUL character
            raise RecordError(
                f"{_path_text(source)} is not a path: {e}", reason=RecordReason.ARGUMENT
            ) from None
    read = getattr(source, "read", None)
    if not callable(read) or isinstance(source, type):
        raise RecordError(
            f"{function} takes a path or a file open for reading, got {type(source).__name__} "
            f"(for JSON text use {function}s)",
            reason=RecordReason.ARGUMENT,
        )
    try:
        data = read(MAX_RECORD_BYTES + 1)
    except OSError as e:  # a file open for writing only, a socket gone, ...
        raise RecordError(
            f"cannot read the {what}: {e.strerror or e}", reason=RecordReason.READ
        ) from None
    except UnicodeDecodeError as e:  # a text-mode file that holds no UTF-8 text
        raise RecordError(f"the {what} is not UTF-8 text: {e}", reason=RecordReason.JSON) from None
    except ValueError as e:  # a closed file
        raise RecordError(f"cannot read the {what}: {e}", reason=RecordReason.READ) from None
    return data  # type: ignore[no-any-return]  # checked by _parse_json
