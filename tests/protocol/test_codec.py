"""The player view as JSON and the protocol's messages: exact round trips, strict reading.

The fuzz targets at the end feed the parsers arbitrary lines and requests with any value
replaced, and accept only a ``ProtocolError``. A long run (docs/guides/protocol.md, "Fuzzing
the parser")::

    FUZZ_EXAMPLES=20000 python -m pytest tests/protocol/test_codec.py -k fuzz
    python tests/fuzz.py protocol         # coverage-guided, with atheris installed
"""

from __future__ import annotations

import contextlib
import copy
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import CLASSIC, SIMPLE, Hand
from bergen.protocol import (
    Decide,
    Handshake,
    MoveReply,
    NewGame,
    ProtocolError,
    decide_request,
    encode,
    new_game_request,
    parse_reply,
    parse_request,
    view_from_json,
    view_to_json,
)
from bergen.testing.strategies import round_states
from conftest import build_position


@given(round_states(), st.data())
def test_every_seat_view_round_trips_through_json_text(state, data):
    seat = data.draw(st.integers(0, state.seats - 1))
    view = state.view(seat)
    text = json.dumps(view_to_json(view))
    assert view_from_json(json.loads(text)) == view


@given(round_states())
def test_decide_request_round_trips(state):
    view = state.view(state.to_move)
    request = parse_request(encode(decide_request(view, state.legal_moves(), 0.5)))
    assert request == Decide(view, state.legal_moves(), 0.5)


def _view_json():
    """A hand-written view: classic, three seats, seat 1 to move after the lead 1-1 and 1-4R."""
    return {
        "seat": 1,
        "rules": {"preset": "classic", "version": "1"},
        "hand": ["3-1", "4-0", "5-4", "5-5", "6-0", "6-1"],  # lowest index first
        "line": {"tiles": ["1-1", "1-4"], "lead": 0, "ends": [1, 4], "doubles": [True, False]},
        "tile_counts": [5, 6, 6],
        "boneyard_size": 9,
        "drawable": 7,
        "scores": [2, 0, 0],
        "target": 10,
        "to_move": 1,
        "dealer": 2,
        "outcome": None,
        "history": [{"seat": 0, "move": "1-1"}, {"seat": 2, "move": "4-1R"}],
        "lead_draws": [],
        "own_draws": [],
        "from_deal": True,
    }


def test_a_hand_written_view_reads_as_the_seat_knows_it():
    view = view_from_json(_view_json())
    assert view.hand == Hand.parse("5-5 5-4 6-1 3-1 4-0 6-0")
    assert str(view.line) == "*1-1 1-4"
    assert view.line.ends == (1, 4)
    assert view.rules == CLASSIC
    assert view.seats == 3 and view.sides == 3
    assert [str(a.move) for a in view.history] == ["1-1", "4-1R"]
    assert view_to_json(view) == _view_json()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda v: v["hand"].append("5-5"), "view.hand"),  # held twice
        (lambda v: v["hand"].__setitem__(0, "4-5"), "view.hand[0]"),  # not high first
        (lambda v: v["hand"].__setitem__(0, "1-4"), "view.hand[0]"),
        (lambda v: v["line"].__setitem__("ends", [1, 5]), "view.line.ends"),
        (lambda v: v["line"].__setitem__("doubles", [False, False]), "view.line.doubles"),
        (lambda v: v["line"].__setitem__("tiles", ["1-1", "2-4"]), "view.line.tiles"),
        (lambda v: v["line"].__setitem__("lead", 2), "view.line.lead"),
        (lambda v: v.__setitem__("drawable", 9), "view.drawable"),  # the reserve is 2
        (lambda v: v.__setitem__("boneyard_size", 10), "view.boneyard_size"),
        (lambda v: v.__setitem__("scores", [2, 0]), "view.scores"),
        (lambda v: v.__setitem__("target", 15), "view.target"),  # 10 for three seats
        (lambda v: v.__setitem__("seat", 3), "view.seat"),
        (lambda v: v.__setitem__("seat", True), "view.seat"),
        (lambda v: v.__setitem__("to_move", -1), "view.to_move"),
        (lambda v: v["history"][1].__setitem__("move", "4-1r"), "view.history[1].move"),
        (lambda v: v["history"][1].__setitem__("seat", 7), "view.history[1].seat"),
        (lambda v: v["history"][1].__setitem__("drawn", "6-6"), "view.history[1].drawn"),
        (lambda v: v.__setitem__("outcome", {"kind": "won"}), "view.outcome.seat"),
        (lambda v: v.__setitem__("rules", {"preset": "classic", "version": "9"}), "view.rules"),
        (lambda v: v.__setitem__("spy", 1), "view.spy"),
        (lambda v: v.pop("from_deal"), "view.from_deal"),
        (lambda v: v.__setitem__("tile_counts", [5, 6, 6, 0, 0]), "view.tile_counts"),
    ],
)
def test_a_bad_view_is_a_protocol_error_naming_the_field(change, field):
    view = _view_json()
    change(view)
    with pytest.raises(ProtocolError) as info:
        view_from_json(view)
    assert info.value.field == field, str(info.value)


def _decide_json():
    return {"type": "decide", "view": _view_json(), "legal_moves": ["5-4R", "6-1L"], "time": 1}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r.__setitem__("legal_moves", []), "legal_moves"),
        (lambda r: r.__setitem__("legal_moves", ["5-4R", "5-4R"]), "legal_moves"),
        (lambda r: r.__setitem__("legal_moves", ["4-5R"]), "legal_moves[0]"),
        (lambda r: r.__setitem__("time", 0), "time"),
        (lambda r: r.__setitem__("time", "1s"), "time"),
        (lambda r: r.__setitem__("type", "decided"), "type"),
        (lambda r: r.pop("type"), "type"),
        (lambda r: r["view"].__setitem__("to_move", 2), "view.to_move"),
    ],
)
def test_a_bad_request_is_a_protocol_error_naming_the_field(change, field):
    request = _decide_json()
    change(request)
    with pytest.raises(ProtocolError) as info:
        parse_request(json.dumps(request))
    assert info.value.field == field, str(info.value)


def test_new_game_round_trips_and_checks_the_table():
    game = NewGame(SIMPLE, 4, False, 3, 10, 7, (("playouts", 50),))
    assert parse_request(encode(new_game_request(game))) == game
    bad = new_game_request(game) | {"target": 15}
    with pytest.raises(ProtocolError) as info:
        parse_request(json.dumps(bad))
    assert info.value.field == "target"
    bad = new_game_request(game) | {"partnerships": True}
    with pytest.raises(ProtocolError) as info:
        parse_request(json.dumps(bad))
    assert info.value.field == "partnerships"


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (b"", "line"),
        (b"\xff\xfe", "line"),
        (b"move 5-4L", "line"),
        (b"[]", "line"),
        (b'{"move": "5-4L"}', "type"),
        (b'{"type": "move", "move": "5-4L", "type": "move"}', "line"),  # a key twice
        (b'{"type": "move", "move": NaN}', "line"),
        (b'{"type": "move", "move": "5-4l"}', "move"),  # canonical: 5-4L
        (b'{"type": "move", "move": "4-5L"}', "move"),
        (b'{"type": "move"}', "move"),
        (
            b'{"type": "hello", "protocol": 3, "name": "x", "author": null, "options": {}}',
            "protocol",
        ),
        (b'{"type": "hello", "protocol": 1, "name": "", "author": null, "options": {}}', "name"),
        (
            b'{"type": "hello", "protocol": 1, "name": "x", "author": null,'
            b' "options": {"depth": {"type": "int", "default": 1.5}}}',
            "options.depth.default",
        ),
        (b'{"type": "error", "kind": "sulk", "message": ""}', "kind"),
        (b"x" * 70000, "line"),
    ],
)
def test_a_bad_reply_is_a_protocol_error_naming_the_field(line, field):
    with pytest.raises(ProtocolError) as info:
        parse_reply(line)
    assert info.value.field == field, str(info.value)


def test_good_replies():
    assert parse_reply(b'{"type":"move","move":"5-4L"}') == MoveReply(
        parse_reply(b'{"type":"move","move":"5-4L"}').move
    )
    assert str(parse_reply('{"type":"move","move":"draw"}').move) == "draw"
    hello = parse_reply(
        '{"type":"hello","protocol":1,"name":"x","author":"me",'
        '"options":{"depth":{"type":"float","default":2}}}'
    )
    assert isinstance(hello, Handshake)
    assert hello.option("depth").default == 2.0


# ---------------------------------------------------------------------------------- fuzzing

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
_keys = st.sampled_from(
    [
        "type",
        "move",
        "protocol",
        "name",
        "author",
        "options",
        "kind",
        "message",
        "view",
        "legal_moves",
        "time",
        "rules",
        "players",
        "seat",
        "target",
        "seed",
        "partnerships",
    ]
)
_messages = st.dictionaries(_keys, _json, max_size=8).map(json.dumps)


FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))


def fuzz_target(line: str | bytes) -> None:
    """The fuzz target: both parsers read the line; only a ProtocolError may escape."""
    for parse in (parse_reply, parse_request):
        with contextlib.suppress(ProtocolError):
            parse(line)


@settings(max_examples=FUZZ_EXAMPLES)
@given(st.binary(max_size=300) | st.text(max_size=300) | _messages)
def test_fuzzed_lines_give_only_protocol_errors(line):
    fuzz_target(line)


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*prefix, i))


_DECIDE = _decide_json()
_PATHS = [p for p in _paths(_DECIDE) if p]


@settings(max_examples=FUZZ_EXAMPLES)
@given(st.sampled_from(_PATHS), _json)
def test_fuzzed_decide_request_with_any_value_replaced_reads_or_is_a_protocol_error(path, value):
    request = copy.deepcopy(_DECIDE)
    node = request
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    try:
        parsed = parse_request(json.dumps(request))
    except ProtocolError:
        return
    assert isinstance(parsed, Decide)


@given(st.sampled_from(["5-1 *1-1 1-4", "*3-3 3-5", "5-3 *3-3", ""]), st.data())
def test_set_up_positions_round_trip_through_play(line, data):
    # A position set up mid-round, played on by random legal moves: every seat's view reads
    # back equal, its history taken back from the line's ends.
    state = build_position(["6-6 0-0 2-1", "6-1 4-2 4-0"], line, to_move=0)
    for _ in range(data.draw(st.integers(0, 8))):
        legal = state.legal_moves()
        state, _ = state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
        if state.is_over:
            break
    for seat in range(state.seats):
        view = state.view(seat)
        assert view_from_json(json.loads(json.dumps(view_to_json(view)))) == view


def test_a_history_that_does_not_build_the_line_is_refused():
    view = _view_json()
    view["history"][1]["move"] = "4-1L"  # the 1-4 is on the right
    with pytest.raises(ProtocolError) as info:
        view_from_json(view)
    assert info.value.field == "view.history"
    view = _view_json()
    view["history"][1]["move"] = "6-5R"  # fits no end
    with pytest.raises(ProtocolError) as info:
        view_from_json(view)
    assert info.value.field == "view.history[1].move"
    view = _view_json() | {"from_deal": False, "history": [{"seat": 0, "move": "4-1L"}]}
    view["history"] = [{"seat": 2, "move": "4-1L"}]  # set up: the left end is the lead
    with pytest.raises(ProtocolError) as info:
        view_from_json(view)
    assert info.value.field == "view.history[0].move"
