"""``bergen bot serve``: a Python bot behind the protocol, run in-process on byte streams."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bergen import CLASSIC, GreedyBot, MatchState
from bergen.bots import BotError, bot_factory, load_bot
from bergen.protocol import NewGame, decide_request, encode, hello_request, new_game_request
from bergen.protocol.server import serve

from .noisy import ClockedBot


def _run(spec: str, lines: list[bytes]) -> tuple[int, list[dict]]:
    out = io.BytesIO()
    log = io.StringIO()
    status = serve(spec, io.BytesIO(b"".join(lines)), out, log)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    return status, replies


def _decision():
    match = MatchState.new(3, CLASSIC, seed=11)
    while len(match.round.legal_moves()) == 1:
        match, _ = match.apply(match.round.legal_moves()[0])
    rnd = match.round
    return rnd.view(rnd.to_move), rnd.legal_moves()


def test_a_session_plays_the_bots_own_move():
    view, legal = _decision()
    game = NewGame(CLASSIC, 3, False, view.seat, 10, 5)
    status, replies = _run(
        "greedy",
        [
            encode(hello_request()),
            encode(new_game_request(game)),
            encode(decide_request(view, legal, 1.0)),
            encode({"type": "quit"}),
        ],
    )
    assert status == 0
    assert replies[0] == {
        "type": "hello",
        "protocol": 1,
        "name": "greedy",
        "author": None,
        "options": {},
    }
    assert replies[1] == {"type": "ready"}
    # the served bot is GreedyBot with the game's seed: it makes the same choice in-process
    assert replies[2] == {"type": "move", "move": str(GreedyBot(seed=5).choose(view, legal))}
    assert len(replies) == 3


def test_options_of_a_python_bot_come_from_its_signature():
    status, replies = _run("search[playouts=30]", [encode(hello_request())])
    assert status == 0
    assert replies[0]["options"] == {
        "playouts": {"type": "int", "default": 30},
        "rollouts": {"type": "int", "default": 1},
        "policy": {"type": "string", "default": "greedy"},
    }


def test_a_bad_option_value_is_reported():
    game = NewGame(CLASSIC, 2, False, 0, 15, None, (("playouts", "many"),))
    status, replies = _run("search", [encode(hello_request()), encode(new_game_request(game))])
    assert status == 2
    assert replies[-1]["type"] == "error" and replies[-1]["kind"] == "protocol"
    assert "options.playouts" in replies[-1]["message"]


def test_an_unknown_bot_exits_2_before_any_reply():
    status, replies = _run("no_such_bot", [encode(hello_request())])
    assert (status, replies) == (2, [])


def test_an_option_the_bot_does_not_have_exits_2_before_any_reply_naming_it():
    out, log = io.BytesIO(), io.StringIO()
    status = serve("greedy[foo=1]", io.BytesIO(encode(hello_request())), out, log)
    assert (status, out.getvalue()) == (2, b"")
    assert log.getvalue() == (
        "bergen bot serve: bot 'greedy[foo=1]': greedy has no option 'foo' (it takes seed)\n"
    )


def test_an_unknown_option_is_refused_before_the_bot_is_built():
    with pytest.raises(BotError, match=r"search has no option 'play_outs' \(it takes seed, "):
        bot_factory("search[play_outs=30]")
    with pytest.raises(BotError, match="greedy has no option 'foo'"):
        load_bot("greedy[foo=1]")
    _, given = bot_factory("search[playouts=30]")  # a known one still passes
    assert given == {"playouts": 30}


def test_decide_before_new_game_is_a_protocol_error():
    view, legal = _decision()
    status, replies = _run("greedy", [encode(decide_request(view, legal, None))])
    assert status == 2
    assert replies == [{"type": "error", "kind": "protocol", "message": "decide before new_game"}]


@given(st.binary(max_size=200))
def test_fuzzed_input_gets_protocol_lines_only(data):
    status, replies = _run("random", [encode(hello_request()), data])
    assert status in (0, 2)
    assert replies[0]["type"] == "hello"
    for reply in replies[1:]:
        assert reply["type"] == "error" and reply["kind"] == "protocol"


# ------------------------------------------------------------------ the clock


def test_a_served_bot_that_takes_seconds_is_told_the_time_for_each_move():
    view, legal = _decision()
    game = NewGame(CLASSIC, 3, False, view.seat, 10, 5)
    ClockedBot.given.clear()
    status, replies = _run(
        "protocol.noisy:ClockedBot",
        [
            encode(hello_request()),
            encode(new_game_request(game)),
            encode(decide_request(view, legal, 1.0)),
            encode(decide_request(view, legal, None)),
            encode(decide_request(view, legal, 0.01)),
            encode({"type": "quit"}),
        ],
    )
    assert status == 0 and [r["type"] for r in replies] == ["hello", "ready", *["move"] * 3]
    one_second, no_clock, too_short = ClockedBot.given
    # 1 s: 90% of it less 20 ms for the way back (0.88 s), less the moment spent decoding
    assert 0.5 < one_second <= 0.88
    assert no_clock is None  # no time, no keyword: the bot's own default
    assert too_short == 0.001  # never nothing: an anytime bot still does one step


def test_a_bot_without_seconds_is_served_as_before():
    view, legal = _decision()
    game = NewGame(CLASSIC, 3, False, view.seat, 10, 5)
    status, replies = _run(
        "greedy",
        [
            encode(hello_request()),
            encode(new_game_request(game)),
            encode(decide_request(view, legal, 0.5)),
        ],
    )
    assert status == 0
    assert replies[2] == {"type": "move", "move": str(GreedyBot(seed=5).choose(view, legal))}


def _run_with_log(spec: str, lines: list[bytes]) -> tuple[int, list[dict], str]:
    out = io.BytesIO()
    log = io.StringIO()
    status = serve(spec, io.BytesIO(b"".join(lines)), out, log)
    return status, [json.loads(line) for line in out.getvalue().splitlines()], log.getvalue()


def test_a_bot_that_raises_is_reported_with_its_traceback():
    view, legal = _decision()
    game = NewGame(CLASSIC, 3, False, view.seat, 10, 5)
    requests = [hello_request(), new_game_request(game), decide_request(view, legal, 1.0)]
    status, replies, log = _run_with_log(
        "protocol.noisy:KeyErrorBot", [encode(r) for r in requests]
    )
    assert status == 1
    # The reply names the exception and the innermost frame, in the bot's _index.
    message = replies[-1]["message"]
    assert replies[-1]["kind"] == "exception"
    assert message.startswith("the bot raised KeyError: 'missing' (at noisy.py:")
    assert message.endswith(", in _index)")
    # The log (the process's standard error) has the traceback, then that line.
    assert log.startswith("Traceback (most recent call last):\n")
    assert "in choose" in log and 'return self.table["missing"]' in log
    assert log.splitlines()[-1] == f"bergen bot serve: {message}"


def test_a_deep_traceback_is_bounded():
    # A recursion error: 1000 frames, cut to the innermost 20 and 3000 characters.
    view, legal = _decision()
    game = NewGame(CLASSIC, 3, False, view.seat, 10, 5)
    requests = [hello_request(), new_game_request(game), decide_request(view, legal, 1.0)]
    status, replies, log = _run_with_log(
        "protocol.noisy:RecursingBot", [encode(r) for r in requests]
    )
    assert status == 1
    assert replies[-1]["message"].startswith("the bot raised RecursionError")
    assert len(log) < 3200
    assert log.count("in deeper") <= 20
    assert log.splitlines()[-1].startswith("bergen bot serve: the bot raised RecursionError")


def test_a_bot_that_cannot_be_built_is_reported_with_its_traceback():
    view, _ = _decision()
    game = NewGame(CLASSIC, 3, False, view.seat, 10, 5)
    status, replies, log = _run_with_log(
        "protocol.noisy:BrokenBot", [encode(hello_request()), encode(new_game_request(game))]
    )
    assert status == 1
    assert replies[-1]["message"].startswith("the bot cannot be built: ZeroDivisionError")
    assert "in __init__" in log and log.startswith("Traceback (most recent call last):\n")
