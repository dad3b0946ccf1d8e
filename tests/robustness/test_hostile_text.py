"""Text a bot or a file writes reaches the terminal as printable text only.

A bot's exception message, its protocol ``error`` reply, a player's name in a record and a
ruleset's name are shown in reports; an escape sequence there (``\\x1b[2J`` clears the screen,
``\\x1b[H`` moves the cursor) or a newline would let a hostile bot or file wipe or forge the
arena's table. Bot text is shown with its escapes written out; names are refused when read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bergen import CLASSIC, MatchState, RecordError, RulesError, loads, record_match
from bergen.arena import Forfeit
from bergen.bots import _exception_text
from bergen.protocol import ProtocolBot
from bergen.public_match import PublicMatch
from bergen.records.public import PublicRecord, loads_public
from bergen.records.view import ViewRecord

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"
ESCAPES = "\x1b[2J\x1b[Hgame 9: greedy (seat 1) forfeits\r\n\u202e"


def test_an_exception_message_is_shown_on_one_printable_line() -> None:
    text = _exception_text(RuntimeError(ESCAPES))
    assert text.isprintable()
    assert text == ("RuntimeError: \\x1b[2J\\x1b[Hgame 9: greedy (seat 1) forfeits\\r\\n\\u202e")


def test_a_forfeit_is_reported_on_two_printable_lines_whatever_the_bot_wrote() -> None:
    forfeit = Forfeit(
        game=0,
        seat=1,
        entrant=1,
        bot="mine",
        kind="exception",
        detail=ESCAPES,
        round=0,
        position="hand 6-6",
    )
    first, second = str(forfeit).split("\n")
    assert first.isprintable() and second.isprintable()
    assert first == (
        "game 0: mine (seat 1) forfeits, exception: "
        "\\x1b[2J\\x1b[Hgame 9: greedy (seat 1) forfeits\\r\\n\\u202e"
    )


_ERROR_BOT = f"""
import json, sys
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    r = json.loads(line)
    if r["type"] == "hello":
        send({{"type": "hello", "protocol": 1, "name": "e", "author": None, "options": {{}}}})
    elif r["type"] == "new_game":
        send({{"type": "ready"}})
    elif r["type"] == "decide":
        send({{"type": "error", "kind": "illegal", "message": {ESCAPES!r}}})
    elif r["type"] == "quit":
        break
"""


def test_a_protocol_bots_error_message_is_shown_with_its_escapes_written_out() -> None:
    from bergen.protocol import BotFailure

    match = MatchState.new(2, CLASSIC, seed=3)
    while len(match.round.legal_moves()) == 1:
        match, _ = match.apply(match.round.legal_moves()[0])
    rnd = match.round
    bot = ProtocolBot([sys.executable, "-S", "-c", _ERROR_BOT], move_time=10)
    try:
        bot.new_game(CLASSIC, players=2, seat=rnd.to_move, partnerships=False)
        with pytest.raises(BotFailure) as info:
            bot.choose(rnd.view(rnd.to_move), rnd.legal_moves())
    finally:
        bot.close()
    message = str(info.value)
    assert message.isprintable()
    assert "gave up (illegal): \\x1b[2J\\x1b[Hgame 9" in message


@pytest.mark.parametrize("name", ["Al\x1b[2Jice", "Ben\nCara", "tab\there", "\u202eevil"])
def test_a_record_with_a_name_that_is_not_printable_is_refused(name: str) -> None:
    record = json.loads(WORKED.read_text())
    record["seats"][0]["name"] = name
    with pytest.raises(RecordError, match=r"seats\[0\]\.name: a name of printable characters"):
        loads(json.dumps(record))
    with pytest.raises(RecordError, match="printable"):
        record_match(MatchState.new(2, seed=1), names=[name, "Bo"])


def test_public_and_view_records_refuse_names_that_are_not_printable() -> None:
    match = PublicMatch.start(CLASSIC, 2)
    with pytest.raises(RecordError, match="printable"):
        PublicRecord(match, ("A\x1b[2J", "B"))
    text = json.loads(_public_text(match))
    text["seats"][0]["name"] = "A\nB"
    with pytest.raises(RecordError, match=r"seats\[0\]\.name: a name of printable characters"):
        loads_public(json.dumps(text))
    with pytest.raises(RecordError, match="printable"):
        ViewRecord(0, ("A\x1b[2J", "B"), ())


def _public_text(match: PublicMatch) -> str:
    from bergen.records.public import dumps_public

    return dumps_public(PublicRecord(match, ("A", "B")))


@pytest.mark.parametrize("field", ["name", "version", "base", "url"])
def test_a_ruleset_label_that_is_not_printable_is_refused(field: str) -> None:
    with pytest.raises(RulesError, match=f"{field} is printable text") as info:
        CLASSIC.replace(**{field: "x\x1b[2J\ny"})
    assert info.value.fields == (field,)
