"""Public records (issue 26): a game kept from public information written, loaded and
replayed; a record that breaks what the table could see is refused with the place named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bergen import SIMPLE, PublicMatch, RecordError, RecordReason
from bergen.records.public import (
    dumps_public,
    load_public,
    loads_public,
    public_record_to_json,
    record_public,
)

ROOT = Path(__file__).resolve().parents[2]
WORKED = [
    (0, "1-1"),
    (None, "4-1R"),
    (None, "5-1L"),
    (None, "5-4L"),
    (None, "6-4R"),
    (None, "6-6R"),
    (None, "4-3L"),
    (None, "6-3L"),
    (None, "draw"),
    (None, "6-2L"),
    (None, "2-2L"),
    (None, "6-0R"),
    (None, "2-0L"),
    (None, "0-0L"),
]


def _worked_match() -> PublicMatch:
    match = PublicMatch.start(SIMPLE, 3, scores=(2, 6, 3))
    for seat, move in WORKED:
        match, _ = match.apply(move, seat)
    return match


def test_the_shipped_public_record_of_the_worked_hand_replays() -> None:
    record = load_public(ROOT / "examples" / "public" / "worked-hand.json")
    assert record.names == ("Alice", "Ben", "Cara")
    assert record.match.scores == (9, 9, 5)
    first = record.match.rounds[0]
    assert first.points == (7, 3, 2)
    assert first.outcome is not None and first.outcome.seat == 0


def test_a_record_round_trips() -> None:
    record = record_public(_worked_match(), ["Alice", "Ben", "Cara"])
    text = dumps_public(record)
    again = loads_public(text)
    assert again.match.scores == (9, 9, 5) and again.match.dealer == 1
    assert public_record_to_json(again) == json.loads(text)


def test_a_settled_block_and_a_round_in_play_round_trip() -> None:
    match = PublicMatch.start(SIMPLE, 2, hand_size=14)
    match, _ = match.apply("6-6", 0)
    match, _ = match.apply("pass")
    match, events = match.settle(0)  # nothing to draw: the table says side 0 won the block
    assert [str(e) for e in events] == ["blocked_hand seat=0 side=0 points=2"]
    match, _ = match.apply("5-5", 1)  # round 1, dealt by seat 1
    obj = public_record_to_json(record_public(match))
    assert obj["rounds"][0]["end"] == {"settle": 0}
    assert obj["rounds"][1]["actions"] == [{"move": "5-5", "seat": 1}]
    again = loads_public(json.dumps(obj)).match
    assert again.scores == (2, 0) and again.dealer == 1
    assert again.round.line.ends == (5, 5) and again.round.to_move == 0


def _record(**changes: object) -> dict[str, object]:
    obj = public_record_to_json(record_public(_worked_match(), ["Alice", "Ben", "Cara"]))
    obj.update(changes)
    return obj


def _actions(obj: dict[str, object]) -> list[object]:
    return obj["rounds"][0]["actions"]  # type: ignore[index,no-any-return]


def test_a_tile_played_twice_is_named_in_the_record() -> None:
    obj = _record()
    _actions(obj)[2] = "4-1L"  # Cara plays Ben's 4-1 again
    with pytest.raises(RecordError) as error:
        loads_public(json.dumps(obj))
    assert error.value.reason is RecordReason.SEQUENCE
    assert error.value.round == 0 and error.value.action_index == 2
    assert "4-1 is already on the line" in str(error.value)


def test_stated_events_and_results_are_checked() -> None:
    obj = _record()
    obj["rounds"][0]["events"][0]["points"] = 3  # type: ignore[index]
    with pytest.raises(RecordError) as error:
        loads_public(json.dumps(obj))
    assert error.value.reason is RecordReason.EVENTS
    obj = _record(scores=[9, 9, 6])
    with pytest.raises(RecordError) as error:
        loads_public(json.dumps(obj))
    assert error.value.reason is RecordReason.RESULT


def test_a_lead_without_its_seat_is_refused() -> None:
    obj = _record()
    _actions(obj)[0] = "1-1"
    with pytest.raises(RecordError, match="names its seat") as error:
        loads_public(json.dumps(obj))
    assert error.value.action_index == 0


def test_not_a_public_record() -> None:
    with pytest.raises(RecordError) as error:
        loads_public('{"format": "bergen-record/2"}')
    assert error.value.reason in (RecordReason.SCHEMA, RecordReason.FORMAT)
    with pytest.raises(RecordError) as error:
        loads_public(json.dumps(_record(format="bergen-record/2")))
    assert error.value.reason is RecordReason.FORMAT
