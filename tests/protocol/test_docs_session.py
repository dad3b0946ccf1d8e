"""The example session of docs/guides/protocol.md is what a served greedy bot really says."""

from __future__ import annotations

import io
import json
from pathlib import Path

from bergen.protocol import parse_reply, parse_request, serve

PAGE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "protocol.md"


def _session(heading: str = "## A full session") -> list[str]:
    text = PAGE.read_text("utf-8")
    block = text.split(heading, 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return block.strip().splitlines()


def test_the_session_on_the_page_replays():
    lines = _session()
    requests = [line[3:] for line in lines if line.startswith("-> ")]
    shown = [line[3:] for line in lines if line.startswith("<- ")]
    assert len(requests) + len(shown) == len(lines)
    assert [json.loads(r)["type"] for r in requests] == [
        "hello",
        "new_game",
        "decide",
        "decide",
        "quit",
    ]
    for r in requests:
        parse_request(r)
    for r in shown:
        parse_reply(r)
    out = io.BytesIO()
    data = "".join(r + "\n" for r in requests).encode()
    assert serve("greedy", io.BytesIO(data), out, io.StringIO()) == 0
    assert out.getvalue().decode().splitlines() == shown


def test_the_version_2_session_on_the_page_replays():
    lines = _session("## A version 2 session")
    requests = [line[3:] for line in lines if line.startswith("-> ")]
    shown = [line[3:] for line in lines if line.startswith("<- ")]
    assert len(requests) + len(shown) == len(lines)
    assert [json.loads(r)["type"] for r in requests] == [
        "hello",
        "new_game",
        "decide",
        "next",
        "next",
        "quit",
    ]
    assert json.loads(shown[0])["protocol"] == 2
    out = io.BytesIO()
    data = "".join(r + "\n" for r in requests).encode()
    assert serve("greedy", io.BytesIO(data), out, io.StringIO()) == 0
    assert out.getvalue().decode().splitlines() == shown
