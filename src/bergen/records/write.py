"""Writing records as JSON (``"format": "bergen-record/1"`` or ``/2``), in a readable layout.

The layout is canonical: ``dumps`` of a record gives the same text every time, so records can be
compared as files (the conformance vectors are checked that way).
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from typing import IO, Any

from bergen.errors import RecordError, RecordReason, _brief
from bergen.events import ScoreEvent
from bergen.records.model import Record, RoundRecord
from bergen.records.rules_json import rules_to_json
from bergen.tiles import Tile

__all__ = ["dump", "dumps", "format_json", "record_to_json"]

_WIDTH = 100
_PACK = 40  # array items whose JSON is at most this long are packed several to a line


def _tiles(tiles: tuple[Tile, ...]) -> list[str]:
    return [str(t) for t in tiles]


def _event_json(index: int, e: ScoreEvent) -> dict[str, Any]:
    out: dict[str, Any] = {
        "action": index,
        "kind": e.kind.value,
        "seat": e.seat,
        "side": e.side,
        "points": e.points,
    }
    if e.base_points != e.points:
        out["base_points"] = e.base_points
    if e.tile is not None:
        out["tile"] = str(e.tile)
    return out


def _round_json(rnd: RoundRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if rnd.dealer is not None:
        out["dealer"] = rnd.dealer
    if rnd.redeals:
        out["redeals"] = [
            {"hands": [_tiles(h) for h in d.hands], "boneyard": _tiles(d.boneyard)}
            for d in rnd.redeals
        ]
    if rnd.deal is not None:
        out["deal"] = {
            "hands": [_tiles(h) for h in rnd.deal.hands],
            "boneyard": _tiles(rnd.deal.boneyard),
        }
    if rnd.position is not None:
        p = rnd.position
        pos: dict[str, Any] = {
            "hands": [_tiles(h) for h in p.hands],
            "boneyard": _tiles(p.boneyard),
            "line": str(p.line),
            "to_move": p.to_move,
        }
        if p.scores is not None:
            pos["scores"] = list(p.scores)
        out["position"] = pos
    out["actions"] = [
        str(a.move) if a.tile is None else {"move": str(a.move), "tile": str(a.tile)}
        for a in rnd.actions
    ]
    out["events"] = [_event_json(e.action, e.event) for e in rnd.events]
    if rnd.outcome is not None:
        result: dict[str, Any] = {
            "outcome": rnd.outcome.kind.value,
            "seat": rnd.outcome.seat,
            "side": rnd.outcome.side,
        }
        if rnd.scores is not None:
            result["scores"] = list(rnd.scores)
        out["result"] = result
    return out


def record_to_json(record: Record) -> dict[str, Any]:
    """Turn a record into its JSON object, in the lowest format version that holds it
    (``"bergen-record/1"``, or ``"bergen-record/2"`` for a record with ``shuffles``).

    Args:
        record: The record.

    Returns:
        A dict of JSON values, ready for ``json.dumps``.

    Raises:
        RecordError: (``reason`` ``"rules"``) when the rules hold a user-supplied component or
            a ``base`` that is not a preset (see :func:`bergen.records.rules_json.rules_to_json`);
            (``reason`` ``"argument"``) when ``record`` is not a :class:`Record`.
    """
    if not isinstance(record, Record):
        raise RecordError(
            f"expected a Record (see record_match), got {_brief(record)}",
            reason=RecordReason.ARGUMENT,
        )
    out: dict[str, Any] = {
        "format": record.format,
        "rules": rules_to_json(record.rules),
        "seats": [{} if n is None else {"name": n} for n in record.names],
    }
    if record.seed is not None:
        out["seed"] = record.seed
    if record.shuffles is not None:
        out["shuffles"] = record.shuffles
    if record.meta:
        out["meta"] = dict(record.meta)
    if record.start_scores is not None:
        out["start_scores"] = list(record.start_scores)
    out["rounds"] = [_round_json(r) for r in record.rounds]
    if record.scores is not None:
        out["scores"] = list(record.scores)
    return out


def _format(value: Any, indent: int, lead: int = 0) -> Iterator[str]:
    """Pretty JSON: a container goes on one line when it fits; arrays of short items (tiles,
    actions) are filled several to a line; anything else takes one line per item.
    """
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or indent + lead + len(flat) <= _WIDTH or not value:
        yield flat
        return
    pad = " " * (indent + 2)
    items = [json.dumps(v, ensure_ascii=False) for v in value] if isinstance(value, list) else []
    if isinstance(value, list) and all(
        not isinstance(v, list) and len(t) <= _PACK for v, t in zip(value, items, strict=True)
    ):
        line = ""
        rows: list[str] = []
        for item in items:
            piece = item if not line else f"{line}, {item}"
            if len(pad) + len(piece) + 1 > _WIDTH and line:
                rows.append(line + ",")
                line = item
            else:
                line = piece
        rows.append(line)
        yield "["
        for row in rows:
            yield pad + row
        yield " " * indent + "]"
        return
    if isinstance(value, dict):
        entries = list(value.items())
        yield "{"
        for i, (k, v) in enumerate(entries):
            comma = "," if i < len(entries) - 1 else ""
            prefix = f"{pad}{json.dumps(k)}: "
            lines = list(_format(v, indent + 2, len(prefix) - len(pad)))
            yield prefix + lines[0] + ("" if len(lines) > 1 else comma)
            yield from lines[1:-1]
            if len(lines) > 1:
                yield lines[-1] + comma
        yield " " * indent + "}"
        return
    yield "["
    for i, v in enumerate(value):
        comma = "," if i < len(value) - 1 else ""
        lines = list(_format(v, indent + 2))
        yield pad + lines[0] + ("" if len(lines) > 1 else comma)
        yield from lines[1:-1]
        if len(lines) > 1:
            yield lines[-1] + comma
    yield " " * indent + "]"


def dumps(record: Record) -> str:
    """Write a record as JSON text (readable: short arrays on one line), ending in a newline.

    Raises:
        RecordError: when the rules cannot be written (a user-supplied component, a ``base``
            that is not a preset: ``reason`` ``"rules"``), or ``record`` is not a
            :class:`Record` (``"argument"``).
    """
    if not isinstance(record, Record):
        raise RecordError(
            f"dumps takes a Record, got {_brief(record)}", reason=RecordReason.ARGUMENT
        )
    return "\n".join(_format(record_to_json(record), 0)) + "\n"


def dump(record: Record, target: str | os.PathLike[str] | IO[str]) -> None:
    """Write a record as JSON to a path or an open text file.

    Raises:
        RecordError: when the rules cannot be written (a user-supplied component, a ``base``
            that is not a preset: ``reason`` ``"rules"``), ``record`` is not a
            :class:`Record`, ``target`` is neither a path nor a file open for writing text
            (``"argument"``), or the file cannot be written: a missing directory, no
            permission, a full disk, a file open for reading only (``"write"``; the
            ``OSError`` is the error's ``__cause__``).
    """
    text = dumps(record)
    if isinstance(target, str | os.PathLike):
        try:
            with open(target, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise RecordError(
                f"dump: cannot write {_brief(str(os.fspath(target)))}: {e.strerror or e}",
                reason=RecordReason.WRITE,
            ) from e
        except ValueError as e:  # a path with a NUL character
            raise RecordError(
                f"dump: {_brief(target)} is not a path: {e}", reason=RecordReason.ARGUMENT
            ) from None
        return
    write = getattr(target, "write", None)
    if not callable(write) or isinstance(target, io.RawIOBase | io.BufferedIOBase):
        raise RecordError(
            f"dump writes to a path or a file open for writing text, got {_brief(target)} "
            "(for a binary file write dumps(record).encode())",
            reason=RecordReason.ARGUMENT,
        )
    try:
        write(text)
    except TypeError as e:  # a binary file of another kind
        raise RecordError(
            f"dump writes text; the target refused it: {e}", reason=RecordReason.ARGUMENT
        ) from None
    except OSError as e:  # io.UnsupportedOperation: a file open for reading only; a full disk
        raise RecordError(
            f"dump: cannot write the record: {e.strerror or e}", reason=RecordReason.WRITE
        ) from e
    except ValueError as e:  # a closed file
        raise RecordError(
            f"dump: cannot write the record: {e}", reason=RecordReason.WRITE
        ) from None


def format_json(value: Any) -> str:
    """Lay out any JSON value as :func:`dumps` lays out a record, ending in a newline.

    Args:
        value: A JSON value (dicts, lists, strings, numbers, booleans, ``None``).

    Returns:
        The JSON text: a container on one line when it fits in 100 characters, arrays of short
        items filled several to a line, anything else one item per line.

    Raises:
        RecordError: (``reason`` ``"argument"``) when ``value`` is not a JSON value (a set, a
            NaN, an int of more than 4,300 digits, a container nested too deep).
    """
    try:
        return "\n".join(_format(value, 0)) + "\n"
    except (TypeError, ValueError, RecursionError) as e:  # not JSON; an int past 4,300 digits
        raise RecordError(
            f"format_json takes a JSON value, got {_brief(value)}: {_brief(str(e))}",
            reason=RecordReason.ARGUMENT,
        ) from None
    return "\n".join(_format(value, 0)) + "\n"
