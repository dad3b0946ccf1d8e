"""Every kind of record reads its text the same way (bergen.records.loads's rules): view and
public records were read by copies of their own that let a deep nesting raise RecursionError,
took a repeated key or NaN, had no size limit, and (load_view) reported malformed JSON in a
file as a file that cannot be read."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bergen import RecordError
from bergen.records import MAX_RECORD_BYTES, load, loads
from bergen.records.public import load_public, loads_public
from bergen.records.view import load_view, loads_view

LOADS: dict[str, Callable[[Any], object]] = {
    "loads": loads,
    "loads_view": loads_view,
    "loads_public": loads_public,
}
LOAD: dict[str, Callable[[Any], object]] = {
    "load": load,
    "load_view": load_view,
    "load_public": load_public,
}


@pytest.mark.parametrize("name", LOADS)
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "malformed JSON"),  # deeper than the parser goes
        ('{"format": 1, "format": 2}', "appears twice"),
        ('{"seat": NaN}', "NaN"),
        (b'{"seat": "\xff"}', "not UTF-8"),
        ("{not json", "malformed JSON at line 1, column 2"),
    ],
)
def test_text_that_is_no_json_record_is_a_json_error(name: str, text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words) as info:
        LOADS[name](text)
    assert info.value.reason == "json"


@pytest.mark.parametrize("name", LOADS)
def test_text_over_the_size_limit_is_refused_before_it_is_parsed(name: str) -> None:
    with pytest.raises(RecordError, match="10 MiB") as info:
        LOADS[name](" " * (MAX_RECORD_BYTES + 1))
    assert info.value.reason == "read"


@pytest.mark.parametrize("name", LOAD)
def test_a_file_of_malformed_json_is_a_json_error_not_an_unreadable_file(
    name: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    for source in (path, str(path), io.StringIO("{not json"), io.BytesIO(b"{not json")):
        with pytest.raises(RecordError, match="malformed JSON at line 1, column 2") as info:
            LOAD[name](source)
        assert info.value.reason == "json", source


@pytest.mark.parametrize("name", LOAD)
def test_a_file_over_the_size_limit_is_not_read(name: str, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing written
    with pytest.raises(RecordError, match="limited to 10,485,760 bytes") as info:
        LOAD[name](path)
    assert info.value.reason == "read"
    assert os.path.getsize(path) == MAX_RECORD_BYTES + 1


@pytest.mark.parametrize("name", LOAD)
@pytest.mark.parametrize("source", [42, io.StringIO, "a\0b"])
def test_a_source_that_is_no_file_is_an_argument_error(name: str, source: object) -> None:
    with pytest.raises(RecordError) as info:
        LOAD[name](source)
    assert info.value.reason == "argument"


def test_a_view_record_still_loads_from_a_path_and_a_binary_file(tmp_path: Path) -> None:
    from bergen import MatchState
    from bergen.records.view import dumps_view, record_view

    match = MatchState.new(2, seed=3)
    while not match.is_over:
        match, _ = match.apply(match.round.legal_moves()[0])
    text = dumps_view(record_view(match, 1))
    path = tmp_path / "view.json"
    path.write_text(text)
    assert load_view(path) == load_view(io.BytesIO(text.encode())) == loads_view(text)
    assert json.loads(text)["seat"] == 1
