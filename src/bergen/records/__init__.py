"""Game records: the JSON format ``bergen-record/1``, load/dump, strict replay, perft counts.

A record holds the rules (a preset by name and version, or every field of a custom set), the
seats (names optional) and, for each round, its explicit deal (hands and boneyard order) or a
set-up position, its actions in canonical notation and the score events they caused. Replay is
strict: every stated event must be reproduced exactly (design.md, "Records"). The JSON Schema
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

from bergen.records.codec import load, loads, record_from_json
from bergen.records.model import (
    MAX_RECORD_BYTES,
    RECORD_FORMAT,
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

SCHEMA_RESOURCE = "schema/bergen-record-1.schema.json"
"""Where the JSON Schema (draft 2020-12) of ``bergen-record/1`` sits inside the package."""


def record_schema() -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of the ``bergen-record/1`` format.

    The schema file ships inside the package (``bergen/schema/bergen-record-1.schema.json``)
    for validators in other languages. It checks the shape of a record; the rules (28 distinct
    tiles, legal actions, events) are checked only by :func:`replay`.

    Returns:
        The schema as a JSON object.
    """
    text = files("bergen").joinpath(SCHEMA_RESOURCE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
