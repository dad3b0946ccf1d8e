"""Hypothesis mutates valid records (change, delete or insert a value at a random JSON path) and
checks that loading and replaying raise only RecordError, never anything else; and that any
mutated record still accepted validates against the JSON Schema (the hand-written checks are at
least as strict as the schema)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bergen import Reason, RecordError, RecordReason, loads, replay
from bergen.records import record_schema

ROOT = Path(__file__).resolve().parents[2]
BASES: list[Any] = [
    json.loads((ROOT / p).read_text())
    for p in (
        "examples/worked-hand.json",
        "examples/worked-hand-strict.json",
        "src/bergen/vectors/deal-redeal.json",
        "src/bergen/vectors/deal-lead-draws.json",
        "src/bergen/vectors/position-block-partnerships.json",
        "src/bergen/vectors/switch-no-draw.json",
        "src/bergen/vectors/switch-reserve-2-simple.json",
    )
]
VALIDATOR = jsonschema.Draft202012Validator(record_schema())

Path_ = tuple[str | int, ...]


def paths(node: Any, here: Path_ = ()) -> list[Path_]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(paths(v, (*here, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(paths(v, (*here, i)))
    return out


INTERESTING = st.sampled_from(
    [
        "6-2",
        "7-1",
        "6-6",
        "0-0",
        "1-1",
        "5-4L",
        "5-4R",
        "4-1R",
        "draw",
        "pass",
        "DRAW",
        "bergen-record/1",
        "bergen-record/2",
        "classic",
        "simple",
        "1",
        "2",
        "redeal",
        "double_header",
        "triple_header",
        "going_out",
        "blocked_hand",
        "went_out",
        "blocked",
        "target_reached",
        "*1-1",
        "5-1 *1-1 1-4",
        "",
        "LowestDouble",
        "FixedReserve",
        "FixedTarget",
        "HandSizes",
        "NoReduction",
    ]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    INTERESTING,
    st.text(max_size=8),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def mutate(doc: Any, data: st.DataObject) -> Any:
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        all_paths = paths(doc)
        path = data.draw(st.sampled_from(all_paths), label="path")
        op = data.draw(st.sampled_from(["replace", "delete", "insert"]), label="op")
        if not path:
            if op == "replace":
                doc = data.draw(VALUES, label="new document")
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        if op == "replace":
            parent[key] = data.draw(st.one_of(VALUES, SCALARS), label="value")
        elif op == "delete":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(int(key), data.draw(VALUES, label="inserted"))
        else:
            parent[data.draw(st.text(max_size=8), label="new key")] = data.draw(VALUES)
    return doc


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(base=st.sampled_from(BASES), data=st.data())
def test_mutated_records_raise_only_record_error(base: Any, data: st.DataObject) -> None:
    doc = mutate(base, data)
    text = json.dumps(doc)
    try:
        replay(loads(text))
    except RecordError as e:
        message = str(e)
        assert message and "\n" not in message
        # A reason bergen documents: the engine's, or a record code other than the default.
        assert isinstance(e.reason, Reason) or e.reason in set(RecordReason) - {RecordReason.OTHER}
        return
    VALIDATOR.validate(doc)  # accepted by the library: the schema accepts it too
