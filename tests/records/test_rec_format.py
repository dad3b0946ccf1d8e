"""The record format bergen-record/1: load/dump round trips, the rules object, and a clear
RecordError (and nothing else) for every kind of bad input (issue: "Bad input gets a clear
error and nothing else")."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import (
    CLASSIC,
    PRESETS,
    SIMPLE,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
    MatchState,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    Points,
    RecordError,
    Rules,
    Tile,
    dump,
    dumps,
    load,
    loads,
    record_match,
    replay,
)
from bergen.records import MAX_RECORD_BYTES, rules_from_json, rules_to_json

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"
STRICT = ROOT / "examples" / "worked-hand-strict.json"


def worked_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(WORKED.read_text())
    return doc


def strict_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(STRICT.read_text())
    return doc


def load_doc(doc: object) -> None:
    replay(loads(json.dumps(doc)))


# ------------------------------------------------------------------ round trips


def test_dump_then_load_gives_the_same_record(tmp_path: Path) -> None:
    record = load(WORKED)
    assert loads(dumps(record)) == record
    path = tmp_path / "again.json"
    dump(record, path)
    assert load(path) == record
    buf = io.StringIO()
    dump(record, buf)
    assert loads(buf.getvalue()) == record
    assert load(io.BytesIO(buf.getvalue().encode())) == record


def test_the_worked_hand_loads_with_its_names_and_position() -> None:
    record = load(WORKED)
    assert record.names == ("Alice", "Ben", "Cara")
    assert record.rules is SIMPLE or record.rules == SIMPLE
    (rnd,) = record.rounds
    assert rnd.position is not None and rnd.deal is None
    assert str(rnd.position.line) == "*1-1"
    assert rnd.position.scores == (2, 6, 3)
    assert rnd.actions[7].tile == Tile(6, 2)  # Cara draws the 6-2


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_is_written_by_name_and_version(name: str) -> None:
    version = "2" if name == "puzzle-place" else "1"  # puzzle-place changed how it draws
    assert rules_to_json(PRESETS[name]) == {"preset": name, "version": version}
    assert rules_from_json({"preset": name, "version": version}) is PRESETS[name]


SWITCHED = [
    CLASSIC.replace(lead_scores=False),
    CLASSIC.replace(target=FixedTarget(15)),
    CLASSIC.replace(reserve=FixedReserve(0)),
    CLASSIC.replace(drawing=False),
    CLASSIC.replace(blocked=FewestPips()),
    CLASSIC.replace(blocked=NoDoubleFirst()),
    CLASSIC.replace(blocked=NoDoubleFirstNonDoublePips()),
    CLASSIC.replace(no_double=NoDouble.DRAW_IN_TURN),
    CLASSIC.replace(hand_sizes=HandSizes(7, 5, 4)),
    CLASSIC.replace(lead=HighestDouble()),
    CLASSIC.replace(points=Points(2, 3, 1, 1)),
    CLASSIC.replace(reduction=NoReduction()),
    CLASSIC.replace(partnerships=True),
    SIMPLE.replace(lead_scores=True, reserve=FixedReserve(2)),
    Rules(),  # built from scratch: no name, no base
]


@pytest.mark.parametrize("rules", SWITCHED, ids=lambda r: repr(r)[:60])
def test_a_custom_ruleset_round_trips_field_by_field(rules: Rules) -> None:
    obj = rules_to_json(rules)
    assert "preset" not in obj
    assert rules_from_json(json.loads(json.dumps(obj))) == rules


def test_every_component_is_written_with_its_type_and_fields() -> None:
    obj = rules_to_json(CLASSIC.replace(reserve=FixedReserve(3), target=FixedTarget(15)))
    assert obj["reserve"] == {"type": "FixedReserve", "count": 3}
    assert obj["target"] == {"type": "FixedTarget", "points": 15}
    assert obj["hand_sizes"] == {"type": "HandSizes", "two": 6, "three": 6, "four": 5}
    assert obj["no_double"] == "redeal"
    assert obj["base"] == "classic"


class MyJudge:
    """A user-supplied blocked-hand judge: side 0 always wins."""

    def winner(self, sides: object) -> int | None:
        return 0


def test_a_user_component_cannot_be_written() -> None:
    rules = CLASSIC.replace(blocked=MyJudge())
    with pytest.raises(RecordError) as info:
        rules_to_json(rules)
    assert "blocked" in str(info.value) and "MyJudge" in str(info.value)


# ------------------------------------------------------------------ bad input


def expect_error(doc_or_text: object, *words: str) -> RecordError:
    text = doc_or_text if isinstance(doc_or_text, str | bytes) else json.dumps(doc_or_text)
    with pytest.raises(RecordError) as info:
        replay(loads(text))
    message = str(info.value)
    assert "\n" not in message
    for w in words:
        assert w in message, (w, message)
    return info.value


def test_malformed_json_names_line_and_column() -> None:
    expect_error('{"format": "bergen-record/1",\n "rules": }', "malformed JSON", "line 2")


def test_not_utf8_bytes() -> None:
    expect_error(b'{"format": "\xff"}', "UTF-8")


def test_nan_and_repeated_keys_are_rejected() -> None:
    expect_error('{"format": NaN}', "NaN")
    expect_error('{"format": "bergen-record/1", "format": "bergen-record/1"}', "twice")


def test_deep_nesting_is_rejected_cleanly() -> None:
    expect_error("[" * 100_000 + "]" * 100_000, "malformed JSON")


def test_not_an_object() -> None:
    expect_error([1, 2], "expected a JSON object")


def test_unknown_format_version() -> None:
    doc = worked_doc()
    doc["format"] = "bergen-record/3"
    expect_error(doc, "unsupported format version", "bergen-record/3")
    doc["format"] = "chess-pgn"
    expect_error(doc, "not a bergen record")


def test_wrong_types_name_the_path() -> None:
    doc = worked_doc()
    doc["seats"] = "three"
    expect_error(doc, "seats", "expected an array")
    doc = worked_doc()
    doc["rounds"][0]["position"]["to_move"] = "1"
    expect_error(doc, "rounds[0].position.to_move", "expected an integer")
    doc = worked_doc()
    doc["rounds"][0]["position"]["to_move"] = True  # a bool is not a seat
    expect_error(doc, "to_move")
    doc = worked_doc()
    doc["rounds"][0]["events"][0]["points"] = 2.0
    expect_error(doc, "events[0].points")


def test_unknown_and_missing_fields() -> None:
    doc = worked_doc()
    doc["colour"] = "blue"
    expect_error(doc, "unknown field 'colour'")
    doc = worked_doc()
    del doc["rounds"][0]["events"]
    expect_error(doc, "missing field 'events'")


def test_a_tile_outside_the_set() -> None:
    doc = worked_doc()
    doc["rounds"][0]["position"]["hands"][0][0] = "7-1"
    expect_error(doc, "rounds[0].position.hands[0][0]", "'7-1'", "double-six")


def test_a_move_not_in_canonical_notation() -> None:
    doc = worked_doc()
    doc["rounds"][0]["actions"][0] = "4-1 left"
    err = expect_error(doc, "canonical notation")
    assert (err.round, err.action_index, err.action) == (0, 0, "4-1 left")


def test_duplicate_tiles_in_a_deal() -> None:
    doc = strict_doc()
    doc["rounds"][0]["deal"]["boneyard"][1] = "6-2"  # the 6-2 is already the top tile
    expect_error(doc, "6-2", "twice")


def test_a_deal_that_is_not_the_28_tiles() -> None:
    doc = strict_doc()
    doc["rounds"][0]["deal"]["boneyard"].pop()
    expect_error(doc, "28", "missing 6-5")


def test_a_position_with_a_tile_twice() -> None:
    doc = worked_doc()
    doc["rounds"][0]["position"]["hands"][1][0] = "5-4"  # Alice holds the 5-4
    expect_error(doc, "5-4", "twice")


def test_an_unknown_preset_or_version() -> None:
    doc = worked_doc()
    doc["rules"] = {"preset": "texas", "version": "1"}
    expect_error(doc, "unknown preset 'texas'")
    doc["rules"] = {"preset": "simple", "version": "2"}
    expect_error(doc, "simple version '2'", "version '1'")


def test_inconsistent_custom_rules() -> None:
    doc = worked_doc()
    rules = rules_to_json(SIMPLE.replace(reserve=FixedReserve(2)))
    rules["reserve"]["count"] = 100
    doc["rules"] = rules
    expect_error(doc, "reserve")


def test_only_a_draw_names_a_tile() -> None:
    doc = worked_doc()
    doc["rounds"][0]["actions"][0] = {"move": "4-1R", "tile": "4-1"}
    expect_error(doc, "only a draw")


def test_a_blocked_hand_names_no_tile_and_a_header_names_one() -> None:
    doc = worked_doc()
    doc["rounds"][0]["events"][0]["kind"] = "blocked_hand"
    expect_error(doc, "names no tile")
    doc = worked_doc()
    del doc["rounds"][0]["events"][0]["tile"]
    expect_error(doc, "names the tile")


def test_a_set_up_position_only_in_the_first_round() -> None:
    doc = worked_doc()
    doc["rounds"].append(copy.deepcopy(doc["rounds"][0]))
    expect_error(doc, "round 1", "only the first round")


def test_a_round_starts_one_way() -> None:
    doc = strict_doc()
    doc["rounds"][0]["position"] = worked_doc()["rounds"][0]["position"]
    expect_error(doc, "either a 'deal' or a 'position'")


def test_an_oversized_file(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: no 10 MiB written
    with pytest.raises(RecordError) as info:
        load(path)
    assert "10 MiB" in str(info.value) and "big.json" in str(info.value)
    with pytest.raises(RecordError, match="10 MiB"):
        loads(" " * (MAX_RECORD_BYTES + 1))


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "nope.json")


def test_loads_takes_text() -> None:
    with pytest.raises(RecordError):
        loads(42)  # type: ignore[arg-type]


# ------------------------------------------------------------------ property: round trips

RULESETS = [CLASSIC, SIMPLE, *SWITCHED[:-1]]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rules_index=st.integers(0, len(RULESETS) - 1),
    seats=st.integers(2, 4),
    moves=st.integers(0, 150),
)
def test_records_of_random_matches_round_trip(
    seed: int, rules_index: int, seats: int, moves: int
) -> None:
    rules = RULESETS[rules_index]
    if rules.partnerships:
        seats = 4
    match = MatchState.new(seats, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match, _ = match.apply(rng.choice(match.legal_moves()))
    record = record_match(match, names=["Ann", None, "Cy", "Di"][:seats])
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text
    result = replay(again)
    assert result.scores == match.scores
    assert result.match.round == match.round
