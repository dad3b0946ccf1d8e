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
import sys
import types
from typing import TYPE_CHECKING, Any

from bergen._lazy import lazy_names
from bergen.errors import RecordError, RecordReason, _brief

if TYPE_CHECKING:
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

_EXPORTS: dict[str, str] = {
    "load": "bergen.records.codec",
    "loads": "bergen.records.codec",
    "record_from_json": "bergen.records.codec",
    "MAX_RECORD_BYTES": "bergen.records.model",
    "RECORD_FORMAT": "bergen.records.model",
    "RECORD_FORMATS": "bergen.records.model",
    "Position": "bergen.records.model",
    "Record": "bergen.records.model",
    "RecordedAction": "bergen.records.model",
    "RecordedEvent": "bergen.records.model",
    "RoundRecord": "bergen.records.model",
    "perft": "bergen.records.perft",
    "perft_counts": "bergen.records.perft",
    "ReplayResult": "bergen.records.replay",
    "ReplayStep": "bergen.records.replay",
    "RoundReplay": "bergen.records.replay",
    "record_match": "bergen.records.replay",
    "replay": "bergen.records.replay",
    "rules_from_json": "bergen.records.rules_json",
    "rules_to_json": "bergen.records.rules_json",
    "dump": "bergen.records.write",
    "dumps": "bergen.records.write",
    "format_json": "bergen.records.write",
    "record_to_json": "bergen.records.write",
}
"""Each public name and the module it comes from, imported when the name is first read (PEP
562), so that importing the package stays cheap (``bergen bot serve`` starts fast)."""

__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())


class _Records(types.ModuleType):
    """This package's module type: the functions :func:`replay` and :func:`perft` share their
    names with the submodules that define them, and importing a submodule sets the package's
    attribute of its name to the module. The functions stay the package's attributes (as
    when the package imported them eagerly): a submodule is not set over a public name.
    """

    def __setattr__(self, name: str, value: object) -> None:
        """Set an attribute, unless it is a submodule named like a public function."""
        if isinstance(value, types.ModuleType) and name in _EXPORTS:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Records


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
    from importlib.resources import files  # here: the package itself imports fast

    resource = SCHEMA_RESOURCE.format(version=version)
    text = files("bergen").joinpath(resource).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
