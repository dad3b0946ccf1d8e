"""Game records: the JSON format ``bergen-record/2`` (and ``/1``), load/dump, strict replay,
perft counts.

A record holds the rules (a preset by name and version, or every field of a custom set), the
seats (names optional) and, for each round, its explicit deal (hands and boneyard order) or a
set-up position, its actions in canonical notation and the score events they caused. Replay is
strict: every stated event must be reproduced exactly (docs/records.md, "Replay"). The JSON Schema
of the format ships with the package (:func:`record_schema`) for apps in other languages; this
library checks records by hand and does not need a schema validator.

Typical use::

    from bergen.records import load, replay
    result = replay(load("examples/worked-hand.json"))
    result.scores   # (9, 9, 5)
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from bergen.errors import RecordError, RecordReason, _brief
from bergen.records.codec import load, loads, record_from_json
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
from bergen.records.perft import perft, perft_counts
from bergen.records.replay import ReplayResult, ReplayStep, RoundReplay, record_match, replay
from bergen.records.rules_json import rules_from_json, rules_to_json
from bergen.records.write import dump, dumps, format_json, record_to_json

__all__ = [
    "MAX_RECORD_BYTES",
    "RECORD_FORMAT",
    "RECORD_FORMATS",
    "Position",
    "Record",
    "RecordedAction",
    "RecordedEvent",
    "ReplayResult",
    "ReplayStep",
    "RoundRecord",
    "RoundReplay",
    "dump",
    "dumps",
    "format_json",
    "load",
    "loads",
    "perft",
    "perft_counts",
    "record_from_json",
    "record_match",
    "record_schema",
    "record_to_json",
    "replay",
    "rules_from_json",
    "rules_to_json",
]

SCHEMA_RESOURCE = "schema/bergen-record-{version}.schema.json"
"""Where the JSON Schema (draft 2020-12) of ``bergen-record/N`` sits inside the package."""


def record_schema(version: int = 2) -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of the ``bergen-record/N`` format.

    The schema files ship inside the package (``bergen/schema/bergen-record-2.schema.json``,
    and ``-1`` for version 1) for validators in other languages. They check the shape of a
    record; the rules (28 distinct tiles, legal actions, events) are checked only by
    :func:`replay`. The version 2 schema also accepts every version 1 record.

    Args:
        version: 1 or 2 (the default, the newest).

    Returns:
        The schema as a JSON object.

    Raises:
        RecordError: (``reason`` ``"argument"``) for another version.
    """
    if version not in (1, 2) or type(version) is not int:
        raise RecordError(
            f"record_schema: versions 1 and 2 exist, got {_brief(version)}",
            reason=RecordReason.ARGUMENT,
        )
    resource = SCHEMA_RESOURCE.format(version=version)
    text = files("bergen").joinpath(resource).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
