"""The conformance vectors in src/bergen/vectors/ (shipped in the package): every record replays
(and validates against the JSON Schema), every invalid record fails where it says, the set covers
every preset and switch, every vector carries its feature tags, and the perft counts are
recomputed."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

from bergen import (
    CLASSIC,
    Deal,
    EventKind,
    LeadTile,
    MatchEnd,
    OutcomeKind,
    PartnershipBlock,
    RecordError,
    RoundState,
    Tile,
    dumps,
    load,
    perft,
    perft_counts,
    replay,
)
from bergen.records import record_schema, rules_from_json
from bergen.records.rules_json import COMPONENT_TYPES

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "src" / "bergen" / "vectors"
RECORDS = sorted(p for p in VECTORS.glob("*.json") if p.name != "perft.json")
INVALID = sorted((VECTORS / "invalid").glob("*.json"))
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
PERFT: dict[str, Any] = json.loads((VECTORS / "perft.json").read_text())


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_there_are_vectors() -> None:
    assert len(RECORDS) >= 50 and len(INVALID) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_vector_replays(path: Path, validator: jsonschema.Draft202012Validator) -> None:
    validator.validate(json.loads(path.read_text()))
    record = load(path)
    replay(record)
    assert dumps(record) == path.read_text()  # written in the canonical layout


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_every_invalid_vector_fails_where_it_says(
    path: Path, validator: jsonschema.Draft202012Validator
) -> None:
    validator.validate(json.loads(path.read_text()))  # well formed: the rules reject it
    record = load(path)
    expect = dict(record.meta)["expect_error"]  # e.g. "round 0, action 0: wrong_lead"
    where, _, _ = expect.partition(":")
    with pytest.raises(RecordError) as info:
        replay(record)
    err = info.value
    assert f"round {err.round}, action {err.action_index}" == where


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_examples_validate_against_the_schema(
    path: Path, validator: jsonschema.Draft202012Validator
) -> None:
    validator.validate(json.loads(path.read_text()))


def all_records() -> list[Any]:
    return [load(p) for p in RECORDS]


def test_the_vectors_cover_every_preset_and_switch() -> None:
    records = all_records()
    docs = [json.loads(p.read_text())["rules"] for p in RECORDS]
    assert {"classic", "simple"} <= {d.get("preset") for d in docs}
    rules = [r.rules for r in records]
    # Every built-in component of every pluggable axis, and both values of every switch.
    for field, types in COMPONENT_TYPES.items():
        seen = {type(getattr(r, field)) for r in rules}
        assert set(types) <= seen, field
    for field in ("lead_scores", "drawing", "partnerships"):
        assert {getattr(r, field) for r in rules} == {True, False}, field
    # The switches of docs/rules.md, rules 2, 8 and 9: every value.
    assert {r.lead_tile for r in rules} == set(LeadTile)
    assert {r.match_end for r in rules} == set(MatchEnd)
    assert {r.partnership_block for r in rules if r.partnerships} == set(PartnershipBlock)
    assert len({r.no_double for r in rules}) == 2
    assert {r.reserve.reserve(2, 16) for r in rules} >= {0, 2, 5}  # type: ignore[attr-defined]
    assert {r.points for r in rules} >= {CLASSIC.points, CLASSIC.points.__class__(2, 3, 1, 1)}
    sizes = {(r.hand_sizes.hand_size(2), r.hand_sizes.hand_size(3)) for r in rules}
    assert {(6, 6), (6, 5), (7, 5)} <= sizes


def test_the_vectors_show_every_kind_of_event_and_ending() -> None:
    results = [replay(r) for r in all_records()]
    events = [e for res in results for rnd in res.rounds for e in rnd.events]
    assert {e.kind for e in events} == set(EventKind)
    assert any(e.points < e.base_points for e in events)  # rule 6 reduced a header
    endings = {
        rnd.final.outcome.kind
        for res in results
        for rnd in res.rounds
        if rnd.final.outcome is not None
    }
    assert endings == set(OutcomeKind)
    assert any(rnd.redeals for res in results for rnd in res.rounds)
    assert any(rnd.start.lead_draws for res in results for rnd in res.rounds)
    assert any(rnd.from_position for res in results for rnd in res.rounds)


def test_the_random_and_hand_built_vectors_regenerate_identically() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import make_vectors
    finally:
        sys.path.pop(0)
    for name, record in make_vectors.random_vectors() + make_vectors.hand_built():
        assert dumps(make_vectors.tagged(record)) == (VECTORS / f"{name}.json").read_text(), name


# ------------------------------------------------------------------ feature tags

TAG = re.compile(r"preset:\S+|seats:[234]|partnerships|switch:[a-z_]+|rule:(?:[1-9]|10)")


def features(path: Path) -> list[str]:
    return str(json.loads(path.read_text())["meta"]["features"]).split()


@pytest.mark.parametrize("path", RECORDS + INVALID, ids=lambda p: p.stem)
def test_every_vector_carries_its_feature_tags(path: Path) -> None:
    from bergen import PRESETS, Rules

    record = load(path)
    tags = features(path)
    assert all(TAG.fullmatch(t) for t in tags), tags
    preset = record.rules.base or record.rules.name
    assert tags[:2] == [f"preset:{preset}", f"seats:{record.seats}"]
    assert ("partnerships" in tags) is record.rules.partnerships
    switches = {t.removeprefix("switch:") for t in tags if t.startswith("switch:")}
    fields = {f.name for f in attrs.fields(Rules)}
    assert switches <= fields
    base = PRESETS[preset]
    for field in fields - {"name", "version", "source", "url", "base", "partnerships"}:
        assert (field in switches) is (getattr(record.rules, field) != getattr(base, field))
    assert any(t.startswith("rule:") for t in tags)


def test_perft_cases_carry_their_feature_tags() -> None:
    tags = {case["name"]: case["features"].split() for case in PERFT["cases"]}
    assert tags["classic-2p"] == ["preset:classic", "seats:2", "rule:2", "rule:3", "rule:4"]
    assert tags["classic-no-draw-3p"][:3] == ["preset:classic", "seats:3", "switch:drawing"]
    assert tags["simple-hand-sizes-754-2p"][:3] == ["preset:simple", "seats:2", "switch:hand_sizes"]


def rule_tags(name: str) -> set[int]:
    path = VECTORS / f"{name}.json"
    if not path.exists():
        path = VECTORS / "invalid" / f"{name}.json"
    return {int(t[5:]) for t in features(path) if t.startswith("rule:")}


def test_rule_tags_worked_by_hand() -> None:
    # Position vectors start from a set-up line: no deal (rule 1) and, with a line laid, no
    # lead (rule 2). The 4-1 on the 4 end of 4-3 *3-3 3-1: a play (3) and a double header (5).
    assert rule_tags("position-header-4-1-L") == {3, 5}
    # Score 8 of target 10, need 2: the double header is reduced to 1 (rule 6).
    assert rule_tags("position-reduction-8-double") == {3, 5, 6}
    # The lead double at 8 of 10 is worth 1: the lead (2), a header (5) reduced (6).
    assert rule_tags("position-reduction-lead") == {2, 5, 6}
    # Drawing off, a block decided by the blocked-hand rule (8), no header.
    assert rule_tags("position-block-b-fewest-doubles") == {3, 8}
    # A seeded match at four seats in partnerships: dealt (1, 2), played to the target (9).
    assert {1, 2, 3, 9, 10} <= rule_tags("classic-partnerships")
    # Invalid records: the rules they break.
    assert rule_tags("must-play") == {4}
    assert rule_tags("no-matching-end") == {3}


def test_the_docs_table_of_hand_built_vectors_agrees_with_their_tags() -> None:
    # docs/records.md lists, for each hand-built vector of the newer switches, the rules it
    # checks (worked out by hand); each is among the vector's rule tags.
    text = (ROOT / "docs" / "records.md").read_text("utf-8")
    rows = re.findall(r"^\s*\| `([a-z0-9-]+)` \|.*\| ([0-9, ]+) \|$", text, flags=re.MULTILINE)
    assert len(rows) >= 10
    for name, numbers in rows:
        assert {int(n) for n in numbers.split(",")} <= rule_tags(name), name


# ------------------------------------------------------------------ perft


def case_state(case: dict[str, Any]) -> RoundState:
    deal = Deal(
        [[Tile.parse(t) for t in h] for h in case["deal"]["hands"]],
        [Tile.parse(t) for t in case["deal"]["boneyard"]],
    )
    return RoundState.start(deal, rules_from_json(case["rules"]), dealer=case["dealer"])


@pytest.mark.parametrize("case", PERFT["cases"], ids=lambda c: c["name"])
def test_perft_counts_are_reproduced(case: dict[str, Any]) -> None:
    state = case_state(case)
    assert list(perft_counts(state, len(case["counts"]))) == case["counts"]


def test_perft_counts_worked_by_hand() -> None:
    # classic-2p: seat 0 holds 3-1 1-1 3-2 6-0 6-1 2-0, seat 1 holds 4-4 5-3 5-1 3-0 5-5 6-4.
    case = next(c for c in PERFT["cases"] if c["name"] == "classic-2p")
    state = case_state(case)
    # Depth 1: the lowest double, 1-1, must lead (rule 2): one sequence.
    # Depth 2: seat 1's only tile with a 1 is the 5-1, on either side of the 1-1: two.
    # Depth 3: the ends read 5 and 1 (or 1 and 5); seat 0 holds no 5 and two tiles with a 1,
    #   3-1 and 6-1, each fitting only the 1 end: 2 * 2 = 4.
    # Depth 4: after 3-1 the ends read 5 and 3: seat 1 has 5-3 (on either end), 5-5 and 3-0:
    #   four plays; after 6-1 the ends read 5 and 6: 5-3, 5-5 and 6-4: three. (4 + 3) * 2 = 14.
    assert [perft(state, d) for d in range(5)] == [1, 1, 2, 4, 14]
    assert case["counts"][:4] == [1, 2, 4, 14]


def test_perft_rejects_a_bad_depth() -> None:
    from bergen import PositionError

    state = case_state(PERFT["cases"][0])
    with pytest.raises(PositionError):
        perft(state, -1)
    with pytest.raises(PositionError):
        perft_counts(state, 0)
