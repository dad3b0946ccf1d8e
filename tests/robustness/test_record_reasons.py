"""RecordError.reason: the engine's Reason for an illegal action in replay, else a documented
code naming what is wrong with the record; and a custom ruleset's ``base`` must be a preset."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bergen import (
    CLASSIC,
    IllegalMoveError,
    MatchState,
    Reason,
    RecordError,
    RecordReason,
    dumps,
    load,
    loads,
    record_match,
    replay,
)
from bergen.cli import main
from bergen.records import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"
STRICT = ROOT / "examples" / "worked-hand-strict.json"
INVALID = ROOT / "src" / "bergen" / "vectors" / "invalid"

CODES = {
    "read",
    "write",
    "json",
    "format",
    "schema",
    "rules",
    "deal",
    "sequence",
    "draw",
    "events",
    "result",
    "argument",
    "match",
    "other",
}
"""The codes documented in RecordError's docstring and docs/records.md."""


def worked_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(WORKED.read_text())
    return doc


def error_of(doc_or_text: object) -> RecordError:
    text = doc_or_text if isinstance(doc_or_text, str | bytes) else json.dumps(doc_or_text)
    with pytest.raises(RecordError) as info:
        replay(loads(text))
    return info.value


def test_the_codes_are_documented() -> None:
    assert {r.value for r in RecordReason} == CODES
    doc = RecordError.__doc__ or ""
    page = (ROOT / "docs" / "records.md").read_text()
    for code in CODES:
        assert f'``"{code}"``' in doc
        assert f"| `{code}` |" in page
        assert RecordReason(code) == code


def test_a_record_reason_repr_is_valid_python() -> None:
    for r in RecordReason:
        assert eval(repr(r), {"RecordReason": RecordReason}) is r


def test_a_record_error_made_without_a_reason() -> None:
    assert RecordError("anything").reason is RecordReason.OTHER


# ------------------------------------------------------------------ illegal actions


def test_the_worked_hand_from_the_deal_is_a_wrong_lead() -> None:
    # docs/rules.md, rule 2 and the rules page: Alice holds the 0-0, the lowest double, and must
    # lead it; the English rule page has her lead the 1-1.
    with pytest.raises(RecordError) as info:
        replay(load(STRICT))
    e = info.value
    assert e.reason is Reason.WRONG_LEAD
    assert (e.round, e.action_index, e.action) == (0, 0, "1-1")
    assert isinstance(e.__cause__, IllegalMoveError)
    assert e.__cause__.reason is Reason.WRONG_LEAD
    assert str(e) == (
        "round 0, action 0 (1-1): Alice (seat 0) holds 0-0, the lowest double, which must lead "
        "(rule 2), not 1-1 [wrong_lead]"
    )


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        # Each invalid vector says in its meta what is wrong with it (docs/records.md).
        ("must-play.json", Reason.MUST_PLAY),
        ("no-matching-end.json", Reason.NO_MATCHING_END),
        ("worked-hand-003-strict.json", Reason.WRONG_LEAD),
        ("wrong-drawn-tile.json", "draw"),
        ("missing-event.json", "events"),
        ("wrong-event-points.json", "events"),
        ("action-after-match.json", "sequence"),
    ],
)
def test_each_invalid_vector_gives_its_reason(name: str, reason: Reason | str) -> None:
    with pytest.raises(RecordError) as info:
        replay(load(INVALID / name))
    assert info.value.reason == reason
    assert isinstance(info.value.reason, Reason | RecordReason)
    assert str(info.value).startswith("round 0, action ")


@pytest.mark.parametrize("path", sorted(INVALID.glob("*.json")), ids=lambda p: p.name)
def test_each_invalid_vector_names_where_and_why_in_its_meta(path: Path) -> None:
    # meta.expect_error is "round R, action A: <reason>" (docs/records.md): replay must fail at
    # that round and action, with RecordError.reason of that value.
    record = load(path)
    expected = dict(record.meta)["expect_error"]
    where, why = expected.split(": ")
    with pytest.raises(RecordError) as info:
        replay(record)
    assert str(info.value).startswith(where + " ") or str(info.value).startswith(where + ":")
    assert info.value.reason is not None and info.value.reason.value == why


# ------------------------------------------------------------------ bad records


def set_at(doc: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("path", "value", "reason", "words"),
    [
        (("seats",), "three", "schema", "seats: expected an array"),
        (("rounds", 0, "actions", 0), "1-1X", "schema", "not a move in canonical notation"),
        (("rounds", 0, "position", "to_move"), -1, "schema", "expected an integer >= 0"),
        (("format",), "bergen-record/3", "format", "unsupported format version"),
        (("rules",), {"preset": "chess", "version": "1"}, "rules", "unknown preset 'chess'"),
        (("rules",), {"preset": "simple", "version": "9"}, "rules", "version '9'"),
        (("rounds", 0, "position", "line"), "1-2 *1-1", "deal", "position.line"),
        (("rounds", 0, "position", "to_move"), 5, "deal", "position"),
        (("rounds", 0, "result", "scores"), [9, 9, 6], "result", "result: the record's scores"),
        (("scores",), [0, 0, 0], "result", "final scores"),
        (("start_scores",), [2, 6], "result", "start_scores"),
        (("rounds", 0, "events", 0, "points"), 3, "events", "the record lists"),
    ],
)
def test_a_bad_field_gives_its_code(
    path: tuple[str | int, ...], value: object, reason: str, words: str
) -> None:
    e = error_of(set_at(worked_doc(), path, value))
    assert e.reason == reason
    assert words in str(e)


def test_an_action_after_the_round_is_a_sequence_error() -> None:
    doc = worked_doc()
    doc["rounds"][0]["actions"].append("pass")
    e = error_of(doc)
    assert e.reason == "sequence" and e.action_index == len(doc["rounds"][0]["actions"]) - 1


def test_a_deal_that_repeats_a_tile_is_a_deal_error() -> None:
    doc = json.loads((ROOT / "src" / "bergen" / "vectors" / "deal-redeal.json").read_text())
    hands = doc["rounds"][0]["deal"]["hands"]
    hands[0][0] = hands[1][0]
    e = error_of(doc)
    assert e.reason == "deal" and "28 distinct tiles" in str(e)


def test_text_and_files_that_are_not_records(tmp_path: Path) -> None:
    assert error_of("{not json").reason == "json"
    assert error_of(b'{"format": "\xff"}').reason == "json"
    assert error_of('{"format": NaN}').reason == "json"
    assert error_of(" " * (MAX_RECORD_BYTES + 1)).reason == "read"
    with pytest.raises(RecordError) as info:
        load(tmp_path / "nope.json")
    assert info.value.reason == "read"


def test_python_arguments_of_the_wrong_kind() -> None:
    for call in (
        lambda: loads(5),  # type: ignore[arg-type]
        lambda: replay("a record"),  # type: ignore[arg-type]
        lambda: dumps("a record"),  # type: ignore[arg-type]
        lambda: record_match(None),  # type: ignore[arg-type]
        lambda: record_match(MatchState.new(2, seed=1), names=["Ann"]),
    ):
        with pytest.raises(RecordError) as info:
            call()
        assert info.value.reason == "argument"


def test_a_match_that_cannot_be_recorded() -> None:
    # Started from 0-0, so replaying it from 3-0 cannot give its scores.
    match = MatchState.new(2, CLASSIC, seed=4)
    match, _ = match.apply(match.legal_moves()[0])
    with pytest.raises(RecordError, match="start_scores") as info:
        record_match(match, start_scores=[3, 0])
    assert info.value.reason == "match"


def test_bergen_replay_prints_the_same_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(STRICT)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"bergen replay: {STRICT}: round 0, action 0 (1-1): Alice (seat 0) holds 0-0, the "
        "lowest double, which must lead (rule 2), not 1-1 [wrong_lead]\n"
    )
