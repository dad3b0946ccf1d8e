"""A custom ruleset's ``base`` in a record is ``null`` or a preset's name: any other name is a
RecordError naming the field and the presets, on reading and on writing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bergen import CLASSIC, PRESETS, SIMPLE, RecordError, Rules, loads, replay
from bergen.records import record_schema, rules_from_json, rules_to_json

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"


def error_of(doc: object) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(loads(json.dumps(doc)))
    return info.value


def custom_rules_json() -> dict[str, Any]:
    return rules_to_json(SIMPLE.replace(lead_scores=True))


@pytest.mark.parametrize("base", ["house", "Classic", ""])
def test_an_unknown_base_is_refused(base: str) -> None:
    obj = custom_rules_json()
    assert obj["base"] == "simple"
    obj["base"] = base
    with pytest.raises(RecordError) as info:
        rules_from_json(obj)
    message = str(info.value)
    assert message.startswith("rules.base: ")
    assert repr(base) in message and "classic, simple" in message
    assert info.value.reason == "rules"


def test_an_unknown_base_in_a_record() -> None:
    doc: dict[str, Any] = json.loads(WORKED.read_text())
    doc["rules"] = custom_rules_json()
    doc["rules"]["base"] = "house"
    e = error_of(doc)
    assert e.reason == "rules" and "rules.base" in str(e)


@pytest.mark.parametrize("base", ["classic", "simple", None])
def test_a_preset_base_or_null_is_read(base: str | None) -> None:
    obj = custom_rules_json()
    obj["base"] = base
    assert rules_from_json(obj).base == base


def test_an_absent_base_is_a_missing_field() -> None:
    # Every field of a custom ruleset is required (docs/records.md, "Rules"): null, not absent.
    obj = custom_rules_json()
    del obj["base"]
    with pytest.raises(RecordError, match="missing 'base'") as info:
        rules_from_json(obj)
    assert info.value.reason == "rules"


def test_rules_whose_base_is_not_a_preset_are_not_written() -> None:
    with pytest.raises(RecordError, match="base 'house' is not a preset") as info:
        rules_to_json(CLASSIC.replace(lead_scores=False, base="house"))
    assert info.value.reason == "rules"


def test_a_named_custom_ruleset_is_written_with_its_base() -> None:
    # A name that is not a preset's is not a base: the preset it came from is.
    house = CLASSIC.replace(lead_scores=False, name="house", version="1")
    assert house.base == "classic"
    assert rules_to_json(house)["base"] == "classic"
    assert rules_to_json(Rules(name="house"))["base"] is None
    assert rules_from_json(rules_to_json(Rules(name="house"))) == Rules()


def test_the_schema_names_the_same_bases() -> None:
    # The JSON Schema for other languages refuses what the reader refuses.
    custom = record_schema()["$defs"]["custom_rules"]["properties"]["base"]
    assert custom == {"enum": [*PRESETS, None]}
