"""Fuzz targets for loads and replay (issue 18): mutated records and arbitrary JSON give a
``RecordError`` or a replay, never another exception. A short run is part of the suite; for a
long run set ``HYPOTHESIS_PROFILE=long`` (ten times the examples) or raise ``FUZZ_EXAMPLES``::

    FUZZ_EXAMPLES=20000 python -m pytest tests/records/test_rec_fuzz.py

With atheris installed, ``python tests/fuzz.py records`` runs the same target coverage-guided
until stopped.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bergen import RecordError, loads, replay
from bergen.records.model import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "src" / "bergen" / "vectors"
SEEDS = [
    (ROOT / "examples" / "worked-hand.json").read_text("utf-8"),
    *(p.read_text("utf-8") for p in sorted(VECTORS.glob("classic-*.json"))),
]
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))


def target(data: str | bytes) -> None:
    """The fuzz target: load and replay; only a RecordError may escape."""
    try:
        record = loads(data)
        replay(record)
    except RecordError:
        pass


def _mutate(value: Any, path: list[int], new: Any) -> Any:
    """``value`` with the item that ``path`` picks (indexes taken modulo each container's size)
    replaced by ``new``.
    """
    if not path or not isinstance(value, dict | list) or not value:
        return new
    if isinstance(value, dict):
        keys = list(value)
        k = keys[path[0] % len(keys)]
        return {**value, k: _mutate(value[k], path[1:], new)}
    i = path[0] % len(value)
    return [*value[:i], _mutate(value[i], path[1:], new), *value[i + 1 :]]


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(
        ["draw", "pass", "6-4", "6-4L", "1-1", "\ud800", "classic", "bergen-record/1"]
    ),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.sampled_from(SEEDS),
    path=st.lists(st.integers(0, 40), max_size=7),
    new=JSON_VALUES,
)
def test_a_mutated_record_loads_and_replays_or_is_a_record_error(
    seed: str, path: list[int], new: Any
) -> None:
    target(json.dumps(_mutate(json.loads(seed), path, new)))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.binary(max_size=200) | st.text(max_size=200))
def test_arbitrary_bytes_and_text(data: str | bytes) -> None:
    target(data)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.sampled_from(SEEDS), cut=st.integers(0, 10**6), junk=st.text(max_size=4))
def test_a_truncated_or_spliced_record(seed: str, cut: int, junk: str) -> None:
    cut %= len(seed)
    target(seed[:cut] + junk + seed[cut:])


def test_a_lone_surrogate_in_a_seat_name_is_refused() -> None:
    record = json.loads(SEEDS[0])
    record["seats"][0]["name"] = "\ud800"
    text = json.dumps(record)  # "\\ud800": valid JSON
    try:
        loads(text)
    except RecordError as e:
        assert "seats[0].name" in str(e)
        assert "surrogate" in str(e)
    else:
        raise AssertionError("a lone surrogate in a name was accepted")


def test_the_size_limit_counts_bytes_not_characters() -> None:
    # 4 million "é" are 4 M characters but 8 M bytes of UTF-8, with the record around them:
    # below the limit counted in characters, above it in bytes.
    text = SEEDS[0].replace(
        '"format"', '"x": "' + "é" * (MAX_RECORD_BYTES // 2 + 1) + '", "format"', 1
    )
    assert len(text) < MAX_RECORD_BYTES < len(text.encode("utf-8"))
    try:
        loads(text)
    except RecordError as e:
        assert e.reason == "read"
    else:
        raise AssertionError("an oversized record was read")


def test_a_million_draws_are_refused_before_they_are_read() -> None:
    record = json.loads(SEEDS[0])
    record["rounds"][0]["actions"] = ["draw"] * 1_000_000
    try:
        loads(json.dumps(record))
    except RecordError as e:
        assert e.reason == "schema"
        assert "1,000,000 actions" in str(e)
    else:
        raise AssertionError("a million draws were read")
