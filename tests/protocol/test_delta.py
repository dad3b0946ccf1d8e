"""Protocol version 2: a decision sent as the actions since the seat's last one.

The bot must see exactly the caller's view (``advance_view`` of the ``next`` on the last view
is the view), a ``next`` carries nothing the seat may not see, and a ``next`` that does not
follow, or garbage from either side, is refused: the server never builds a view that is not
a position, and the caller never takes a move that is not legal.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys

import pytest

from bergen import CLASSIC, MatchState, RoundState
from bergen.moves import Lead
from bergen.playerview import PlayerView
from bergen.protocol import (
    BotFailure,
    FailureReason,
    Hello,
    NewGame,
    Next,
    ProtocolBot,
    ProtocolError,
    advance_view,
    decide_request,
    encode,
    hello_request,
    new_game_request,
    next_request,
    parse_request,
    python_bot_command,
)
from bergen.protocol.server import serve
from bergen.rules import PRESETS
from bergen.tiles import TILES, Tile


def _decisions(preset: str, seats: int, seed: int) -> list[tuple[int, RoundState]]:
    """Every decision of a random match: (round number, state), the seat to move deciding."""
    rules = PRESETS[preset]
    rng = random.Random(seed)
    match = MatchState.new(seats, rules, seed=seed)
    out = []
    while not match.is_over:
        rnd = match.round
        assert rnd is not None
        legal = rnd.legal_moves()
        if len(legal) > 1:
            out.append((len(match.rounds), rnd))
        match, _ = match.apply(legal[rng.randrange(len(legal))])
    return out


def _tables(preset: str) -> list[int]:
    rules = PRESETS[preset]
    out = []
    for seats in (2, 3, 4):
        try:
            rules.for_table(seats)
        except Exception:
            continue
        if rules.partnerships and seats != 4:
            continue
        out.append(seats)
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_bot_rebuilds_exactly_the_callers_view(preset: str) -> None:
    # Through the wire: next_request -> encode -> parse_request -> advance_view gives the
    # caller's own view, decision after decision of each seat, in every preset and table.
    sent = 0
    for seats in _tables(preset):
        for seed in range(3):
            last: dict[int, tuple[int, PlayerView]] = {}
            for number, rnd in _decisions(preset, seats, seed):
                seat = rnd.to_move
                view, legal = rnd.view(seat), rnd.legal_moves()
                before = last.get(seat)
                message = next_request(before and before[1], view, legal, 1.0)
                if before is not None and before[0] == number:
                    assert message is not None, "a later decision of the round is a next"
                if message is not None:
                    sent += 1
                    request = parse_request(encode(message))
                    assert isinstance(request, Next)
                    assert request.legal_moves == tuple(legal)
                    assert before is not None
                    assert advance_view(before[1], request) == view
                last[seat] = (number, view)
    assert sent > 50


def test_a_new_round_or_game_is_sent_whole() -> None:
    decisions = _decisions("classic", 2, 5)
    (n0, first), later = decisions[0], [d for d in decisions if d[0] > decisions[0][0]]
    seat = first.to_move
    view = first.view(seat)
    n1, other = next((n, r) for n, r in later if r.to_move == seat)
    assert n1 != n0
    assert next_request(view, other.view(seat), other.legal_moves(), None) is None
    assert next_request(None, view, first.legal_moves(), None) is None
    # another seat's view, or the same view changed by hand, does not follow either
    import attrs

    legal = first.legal_moves()
    assert next_request(view, attrs.evolve(view, dealer=1 - view.dealer), legal, None) is None
    assert next_request(view, attrs.evolve(view, drawable=view.drawable - 1), legal, None) is None


def test_a_next_names_no_tile_the_seat_does_not_see() -> None:
    # Every tile a next names is on the line or in the seat's hand at that decision: never a
    # tile another seat drew (its draw is only "draw"), nor the boneyard.
    checked = 0
    for preset, seats in (("classic", 2), ("classic", 3), ("simple", 2), ("pagat", 4)):
        if seats not in _tables(preset):
            continue
        for seed in range(4):
            last: dict[int, PlayerView] = {}
            for _, rnd in _decisions(preset, seats, seed):
                seat = rnd.to_move
                view = rnd.view(seat)
                message = next_request(last.get(seat), view, rnd.legal_moves(), None)
                last[seat] = view
                if message is None:
                    continue
                named = {Tile(int(a), int(b)) for a, b in re.findall(r"(\d)-(\d)", str(message))}
                seen = set(view.hand) | {p.tile for p in view.line.tiles}
                assert named <= seen, (named - seen, message)
                hidden = set(TILES) - seen
                assert not named & hidden
                own = [a for a in message["actions"] if a[0] == seat and a[1] == "draw"]
                assert len(message["drawn"]) == len(own)
                checked += 1
    assert checked > 20


def _follow() -> tuple[PlayerView, RoundState, PlayerView]:
    """A seat's view, a later state of the same round with that seat to move, its view."""
    decisions = _decisions("classic", 2, 3)
    for i, (n, rnd) in enumerate(decisions):
        for m, later in decisions[i + 1 :]:
            if m == n and later.to_move == rnd.to_move and len(later.history) > len(rnd.history):
                seat = rnd.to_move
                return rnd.view(seat), later, later.view(seat)
    raise AssertionError("no two decisions of one seat in a round")


def _next(message: dict) -> Next:
    request = parse_request(json.dumps(message))
    assert isinstance(request, Next)
    return request


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda m: {**m, "from": m["from"] + 1}, "from"),  # an action left out
        (lambda m: {**m, "from": m["from"] - 1}, "from"),  # an action sent twice
        (lambda m: {**m, "actions": [[5 % 4 + 2, "draw"], *m["actions"]]}, "actions[0]"),
        (lambda m: {**m, "scores": [0] * len(m["scores"])}, "scores"),
        (lambda m: {**m, "scores": [*m["scores"], 0]}, "scores"),
        (lambda m: {**m, "drawn": [*m["drawn"], "6-6"]}, "drawn"),
    ],
)
def test_a_next_that_does_not_follow_is_refused(change, field) -> None:
    before, later, view = _follow()
    message = next_request(before, view, later.legal_moves(), 1.0)
    assert message is not None
    bad = change(message)
    with pytest.raises(ProtocolError) as info:
        advance_view(before, _next(bad))
    assert info.value.field == field


def test_tiles_laid_twice_held_by_the_bot_or_drawn_from_nothing_are_refused() -> None:
    before, _, _ = _follow()
    seat = before.seat
    other = 1 - seat
    start = len(before.history)
    mine = before.hand.tiles[0]
    laid = before.line.tiles[0].tile if before.line.tiles else None
    scores = list(before.scores)

    def refused(actions: list, drawn: list[str] | None = None) -> ProtocolError:
        request = _next(
            {
                "type": "next",
                "from": start,
                "actions": actions,
                "drawn": drawn or [],
                "scores": scores,
                "legal_moves": ["draw"],
                "time": None,
            }
        )
        with pytest.raises(ProtocolError) as info:
            advance_view(before, request)
        return info.value

    # another seat plays a tile the bot holds: it would see its own tile in two places
    e = refused([[other, f"{mine.high}-{mine.low}L"]])
    assert "own hand" in str(e) and e.field == "actions[0]"
    if laid is not None:
        assert "on the line" in str(refused([[other, f"{laid.high}-{laid.low}R"]]))
    # the bot draws a tile it holds; draws more than it is told, or fewer
    assert refused([[seat, "draw"]], [str(mine)]).field == "drawn[0]"
    assert refused([[seat, "draw"]]).field == "drawn"
    assert refused([], ["0-0"]).field == "drawn"
    # a lead on a laid line, a seat not at the table
    if laid is not None:
        on_line = {p.tile for p in before.line.tiles}
        free = next(t for t in TILES if t not in before.hand and t not in on_line)
        assert refused([[other, str(Lead(free))]]).field in ("actions", "actions[0]")
    assert refused([[3, "pass"]]).field == "actions[0]"
    # drawing from a boneyard with nothing to draw
    empty = _empty_boneyard_view()
    with pytest.raises(ProtocolError) as info:
        advance_view(
            empty,
            _next(
                {
                    "type": "next",
                    "from": len(empty.history),
                    "actions": [[1 - empty.seat, "draw"]],
                    "drawn": [],
                    "scores": list(empty.scores),
                    "legal_moves": ["pass"],
                    "time": None,
                }
            ),
        )
    assert "no tile can be drawn" in str(info.value)


def _empty_boneyard_view() -> PlayerView:
    for seed in range(200):
        for _, rnd in _decisions("classic", 2, seed):
            view = rnd.view(rnd.to_move)
            if view.drawable == 0:
                return view
    raise AssertionError("no decision with nothing to draw")


def test_next_garbage_is_a_protocol_error_naming_the_field() -> None:
    good = {
        "type": "next",
        "from": 0,
        "actions": [[0, "6-6"]],
        "drawn": [],
        "scores": [0, 0],
        "legal_moves": ["6-5L"],
        "time": 1.0,
    }
    assert isinstance(parse_request(json.dumps(good)), Next)
    for bad, field in [
        ({**good, "from": -1}, "from"),
        ({**good, "from": "3"}, "from"),
        ({**good, "actions": [[0, "6-6", 1]]}, "actions[0]"),
        ({**good, "actions": [[4, "6-6"]]}, "actions[0]"),
        ({**good, "actions": [["0", "6-6"]]}, "actions[0]"),
        ({**good, "actions": [[0, "6-7"]]}, "actions[0]"),
        ({**good, "actions": {"0": "6-6"}}, "actions"),
        ({**good, "drawn": ["7-7"]}, "drawn[0]"),
        ({**good, "scores": []}, "scores"),
        ({**good, "scores": [-1, 0]}, "scores[0]"),
        ({**good, "legal_moves": []}, "legal_moves"),
        ({**good, "legal_moves": ["draw", "draw"]}, "legal_moves"),
        ({**good, "time": 0}, "time"),
        ({k: v for k, v in good.items() if k != "drawn"}, "drawn"),
        ({**good, "extra": 1}, "extra"),
    ]:
        with pytest.raises(ProtocolError) as info:
            parse_request(json.dumps(bad))
        assert info.value.field == field, (bad, info.value)


# ------------------------------------------------------------------ the handshake


def _serve(lines: list[bytes]) -> tuple[int, list[dict]]:
    out = io.BytesIO()
    status = serve("greedy", io.BytesIO(b"".join(lines)), out, io.StringIO())
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_version_is_the_newest_both_sides_speak() -> None:
    assert hello_request() == {"type": "hello", "protocol": 1}
    assert hello_request((1, 2)) == {"type": "hello", "protocol": 1, "versions": [1, 2]}
    for hello, spoken in [
        (b'{"type":"hello","protocol":1}\n', 1),
        (b'{"type":"hello","protocol":1,"versions":[1]}\n', 1),
        (b'{"type":"hello","protocol":1,"versions":[1,2]}\n', 2),
        (b'{"type":"hello","protocol":1,"versions":[2,1,7]}\n', 2),
    ]:
        status, replies = _serve([hello])
        assert status == 0 and replies[0]["protocol"] == spoken
    for hello in [
        b'{"type":"hello","protocol":2}\n',
        b'{"type":"hello","protocol":1,"versions":[2]}\n',
        b'{"type":"hello","protocol":1,"versions":[1,1]}\n',
        b'{"type":"hello","protocol":1,"versions":"1,2"}\n',
    ]:
        status, replies = _serve([hello])
        assert status == 2 and replies[0]["type"] == "error" and replies[0]["kind"] == "protocol"
    with pytest.raises(ProtocolError):
        Hello(1, (2,))


def _session(version: int) -> list[bytes]:
    before, later, view = _follow()
    game = NewGame(CLASSIC, 2, False, before.seat, 15, 1)
    hello = hello_request(tuple(range(1, version + 1)))
    first = decide_request(before, [m for m in _legal_of(before)], 1.0)
    message = next_request(before, view, later.legal_moves(), 1.0)
    assert message is not None
    return [encode(hello), encode(new_game_request(game)), encode(first), encode(message)]


def _legal_of(view: PlayerView) -> list:
    for seed in (3,):
        for _, rnd in _decisions("classic", 2, seed):
            if rnd.view(rnd.to_move) == view:
                return list(rnd.legal_moves())
    raise AssertionError


def test_a_server_plays_a_next_in_version_2_and_refuses_it_in_version_1() -> None:
    status, replies = _serve(_session(2))
    assert status == 0 and [r["type"] for r in replies] == ["hello", "ready", "move", "move"]
    status, replies = _serve(_session(1))
    assert status == 2 and replies[-1]["type"] == "error" and replies[-1]["kind"] == "protocol"
    assert "version 1" in replies[-1]["message"]
    # a next with no decide before it in the game
    lines = _session(2)
    status, replies = _serve([lines[0], lines[1], lines[3]])
    assert status == 2 and replies[-1]["kind"] == "protocol"


# ------------------------------------------------------------------ the caller's side

# A bot that claims version 2 and then misbehaves: BEHAVIOUR answers its second decision (the
# first is answered with the first legal move).
_LIAR = """
import json, sys
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
n = 0
for line in sys.stdin:
    r = json.loads(line)
    if r["type"] == "hello":
        send({"type": "hello", "protocol": VERSION, "name": "liar", "author": None, "options": {}})
    elif r["type"] == "new_game":
        send({"type": "ready"})
    elif r["type"] in ("decide", "next"):
        n += 1
        legal = r["legal_moves"]
        if n == 1:
            send({"type": "move", "move": legal[0]})
        else:
BEHAVIOUR
    elif r["type"] == "quit":
        break
"""


def _liar(behaviour: str, version: int = 2) -> list[str]:
    body = "\n".join("            " + line for line in behaviour.strip().splitlines())
    text = _LIAR.replace("BEHAVIOUR", body).replace("VERSION", str(version))
    return [sys.executable, "-S", "-c", text]


def _two_decisions(bot: ProtocolBot) -> Exception | None:
    before, later, view = _follow()
    bot.new_game(CLASSIC, players=2, seat=before.seat, partnerships=False, seed=1)
    bot.choose(before, _legal_of(before))
    try:
        move = bot.choose(view, later.legal_moves())
    except BotFailure as e:
        return e
    assert move in later.legal_moves()
    return None


@pytest.mark.parametrize(
    ("behaviour", "reason"),
    [
        ('sys.stdout.write("\\x00garbage\\n"); sys.stdout.flush()', FailureReason.PROTOCOL),
        ('send({"type": "move", "move": "6-6", "extra": 1})', FailureReason.PROTOCOL),
        ('send({"type": "move", "move": "0-0"})', FailureReason.ILLEGAL),  # a lead, laid line
        ('send({"type": "error", "kind": "sulk", "message": ""})', FailureReason.PROTOCOL),
        ('send({"type": "ready"})', FailureReason.PROTOCOL),
        ('send({"type": "move", "move": "6-6L"}); send({"type": "move", "move": "6-6L"})', None),
    ],
)
def test_a_bot_claiming_version_2_and_sending_garbage_is_a_failure(behaviour, reason) -> None:
    with ProtocolBot(_liar(behaviour), move_time=5.0) as bot:
        assert bot.handshake is not None and bot.handshake.protocol == 2
        failure = _two_decisions(bot)
    if reason is None:  # 6-6L, legal or not here: never taken when it is not legal
        _, later, _ = _follow()
        legal = [str(m) for m in later.legal_moves()]
        if "6-6L" in legal:
            assert failure is None
        else:
            assert isinstance(failure, BotFailure) and failure.reason is FailureReason.ILLEGAL
    else:
        assert isinstance(failure, BotFailure) and failure.reason is reason


def test_a_bot_that_answers_a_version_it_was_not_offered_fails_its_handshake() -> None:
    bot = ProtocolBot(_liar('send({"type": "move", "move": legal[0]})'), protocol=1)
    with pytest.raises(BotFailure) as info:
        bot.start()
    assert info.value.reason is FailureReason.PROTOCOL
    assert "not offered" in str(info.value)
    with pytest.raises(ProtocolError):
        ProtocolBot(["x"], protocol=3)


def test_version_1_and_2_sessions_play_the_same_moves() -> None:
    moves = {}
    for version in (1, 2):
        with (
            ProtocolBot(python_bot_command("greedy"), protocol=version) as a,
            ProtocolBot(python_bot_command("random"), protocol=version) as b,
        ):
            assert a.handshake is not None and a.handshake.protocol == version
            played = []
            bots = [a, b]
            for game in range(2):
                match = MatchState.new(2, CLASSIC, seed=game)
                for seat, bot in enumerate(bots):
                    bot.new_game(CLASSIC, players=2, seat=seat, partnerships=False, seed=seat)
                while not match.is_over:
                    rnd = match.round
                    legal = rnd.legal_moves()
                    seat = rnd.to_move
                    ask = bots[seat].choose
                    move = legal[0] if len(legal) == 1 else ask(rnd.view(seat), legal)
                    played.append(str(move))
                    match, _ = match.apply(move)
            moves[version] = played
    assert moves[1] == moves[2] and len(moves[1]) > 40


_STRICT_V1 = """
import json, sys
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    r = json.loads(line)
    if r["type"] == "hello":
        if set(r) != {"type", "protocol"}:
            send({"type": "error", "kind": "protocol", "message": "unknown field"})
            sys.exit(2)
        send({"type": "hello", "protocol": 1, "name": "strict", "author": None, "options": {}})
    elif r["type"] == "new_game":
        send({"type": "ready"})
    elif r["type"] == "decide":
        send({"type": "move", "move": r["legal_moves"][0]})
    else:
        break
"""


def test_a_strict_version_1_bot_that_refuses_the_offer_is_greeted_in_version_1() -> None:
    with ProtocolBot([sys.executable, "-S", "-c", _STRICT_V1], move_time=5.0) as bot:
        assert bot.handshake is not None and bot.handshake.protocol == 1
        assert _two_decisions(bot) is None  # both decisions sent whole


# A served greedy bot that writes down every request line it reads (for the arena test below).
_RECORDER = """
import sys
from bergen.protocol.server import serve

class Tee:
    def __init__(self, stream, log):
        self.stream, self.log = stream, log
    def readline(self, limit=-1):
        line = self.stream.readline(limit)
        self.log.write(line)
        self.log.flush()
        return line

with open(sys.argv[1], "ab") as log:
    sys.exit(serve("greedy", Tee(sys.stdin.buffer, log), sys.stdout.buffer))
"""


def test_the_arena_sends_nexts_that_name_only_tiles_the_seat_sees(tmp_path) -> None:
    from bergen.arena import run_arena

    script = tmp_path / "recorder.py"
    script.write_text(_RECORDER)
    log = tmp_path / "requests.jsonl"
    spec = f"cmd:{sys.executable} {script} {log}"
    result = run_arena([spec, "random"], 4, 2, seed=5)
    assert not result.forfeits
    nexts = 0
    views: dict[int, PlayerView] = {}
    for line in log.read_bytes().splitlines():
        request = parse_request(line)
        if isinstance(request, NewGame):
            views.clear()
        elif not isinstance(request, Next):
            if hasattr(request, "view"):
                views[0] = request.view
            continue
        else:
            nexts += 1
            before = views[0]
            after = advance_view(before, request)
            seen = set(after.hand) | {p.tile for p in after.line.tiles}
            named = {Tile(int(a), int(b)) for a, b in re.findall(rb"(\d)-(\d)", line)}
            assert named <= seen, (named - seen, line)
            # its drawn tiles are its own draws, named in its view
            assert set(request.drawn) <= set(after.own_draws)
            views[0] = after
    assert nexts > 20
