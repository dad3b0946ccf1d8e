"""ProtocolBot: protocol programs played through the Bot interface; failures are forfeits.

Each test starts few processes (a Python start costs about 0.05 s bare, 0.3 s with bergen).
The misbehaving programs are small Python scripts that speak just enough of the protocol.
"""

from __future__ import annotations

import gc
import os
import select
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import attrs
import pytest

from bergen import CLASSIC, MatchState
from bergen.protocol import (
    BotFailure,
    FailureReason,
    ProtocolBot,
    ProtocolError,
    _limit,
    python_bot_command,
)
from bergen.protocol.client import _limited_command

ROOT = Path(__file__).resolve().parents[2]
GREEDY_JS = ROOT / "examples" / "bots" / "greedy.js"

# A program that answers the handshake and new_game, then does BEHAVIOUR at its first decide.
_SCRIPT = """
import json, os, sys, time
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    r = json.loads(line)
    if r["type"] == "hello":
        send({"type": "hello", "protocol": 1, "name": "script", "author": None, "options": {}})
    elif r["type"] == "new_game":
        send({"type": "ready"})
    elif r["type"] == "decide":
        legal = r["legal_moves"]
BEHAVIOUR
    elif r["type"] == "quit":
        break
"""


def script(behaviour: str) -> list[str]:
    body = "\n".join("        " + line for line in behaviour.strip().splitlines())
    return [sys.executable, "-S", "-c", _SCRIPT.replace("BEHAVIOUR", body)]


def _decision():
    """A classic two-seat match at its first real decision: (match, view, legal moves)."""
    match = MatchState.new(2, CLASSIC, seed=3)
    while len(match.round.legal_moves()) == 1:
        match, _ = match.apply(match.round.legal_moves()[0])
    rnd = match.round
    return rnd.view(rnd.to_move), rnd.legal_moves(), rnd.to_move


def _failure(command, *, move_time=2.0, **kwargs) -> BotFailure:
    view, legal, seat = _decision()
    bot = ProtocolBot(command, move_time=move_time, **kwargs)
    try:
        bot.new_game(CLASSIC, players=2, seat=seat, partnerships=False)
        with pytest.raises(BotFailure) as info:
            bot.choose(view, legal)
        assert not bot.running
        return info.value
    finally:
        bot.close()


def _gone(pid: int) -> bool:
    """Whether ``pid`` is no running process (gone, or a zombie another parent will reap)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def play_match(bots, seed: int, seats: int = 2) -> MatchState:
    match = MatchState.new(seats, CLASSIC, seed=seed)
    for seat, bot in enumerate(bots):
        bot.new_game(CLASSIC, players=seats, seat=seat, partnerships=False, seed=seed)
    while not match.is_over:
        rnd = match.round
        legal = rnd.legal_moves()
        move = (
            legal[0] if len(legal) == 1 else bots[rnd.to_move].choose(rnd.view(rnd.to_move), legal)
        )
        assert move in legal
        match, _ = match.apply(move)
    return match


def test_node_greedy_and_served_python_bots_play_whole_matches():
    node = shutil.which("node")
    assert node is not None, "node (Node.js) is needed for the JavaScript example bot"
    with (
        ProtocolBot([node, str(GREEDY_JS)], move_time=2.0) as js,
        ProtocolBot(python_bot_command("search[playouts=20]"), move_time=5.0) as py,
    ):
        assert js.handshake.name == "greedy.js"
        assert py.name == "search"
        assert [o.name for o in py.handshake.options] == ["playouts", "rollouts", "policy"]
        assert py.handshake.option("playouts").default == 20
        for seed in range(3):
            match = play_match([js, py] if seed % 2 else [py, js], seed)
            assert max(match.scores) >= 15  # a whole match, to the two-seat target (rule 9)
        # the same bots at three seats, the Node.js bot twice
        with ProtocolBot([node, str(GREEDY_JS)], move_time=2.0) as js2:
            match = play_match([js, py, js2], 5, seats=3)
            assert max(match.scores) >= 10


def test_served_bot_prints_go_to_stderr_and_options_reach_it(tmp_path):
    log = tmp_path / "stderr.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "tests"))
    view, legal, seat = _decision()
    with ProtocolBot(
        python_bot_command("protocol.noisy:NoisyBot"),
        env=env,
        options={"shout": "HEY"},
        stderr=log,
    ) as bot:
        bot.new_game(CLASSIC, players=2, seat=seat, partnerships=False)
        assert bot.choose(view, legal) == legal[-1]
    text = log.read_text()
    assert "HEY from print" in text and "junk on descriptor 1" in text and "more junk" in text


def test_a_failure_reads_its_last_words_back_from_the_stderr_file(tmp_path):
    log = tmp_path / "stderr.txt"
    log.write_text("an earlier program's line\n")
    behaviour = "sys.stderr.write('about to fail\\nfor a reason\\n'); sys.exit(3)"
    failure = _failure(script(behaviour), stderr=log)
    assert failure.reason == "exited"
    assert failure.last_words() == "about to fail\nfor a reason"  # this program's lines only
    assert log.read_text().endswith("about to fail\nfor a reason\n")


def test_the_last_words_are_read_through_the_open_file_not_the_path_again(tmp_path):
    # A program that replaces its stderr file by a symbolic link to another file before it
    # fails: its failure must not report (leak) that other file's end.
    log, secret = tmp_path / "stderr.txt", tmp_path / "secret.txt"
    secret.write_text("the operator's secret\n")
    behaviour = (
        f"sys.stderr.write('my own words\\n'); sys.stderr.flush(); "
        f"os.unlink({str(log)!r}); os.symlink({str(secret)!r}, {str(log)!r}); sys.exit(3)"
    )
    failure = _failure(script(behaviour), stderr=log)
    assert failure.reason == "exited"
    assert failure.last_words() == "my own words"
    assert secret.read_text() == "the operator's secret\n"


def test_stderr_may_be_an_open_file_descriptor_that_the_caller_keeps(tmp_path):
    path = tmp_path / "stderr.txt"
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        behaviour = "sys.stderr.write('said through the descriptor\\n'); sys.exit(3)"
        failure = _failure(script(behaviour), stderr=fd)
        assert failure.last_words() == "said through the descriptor"
        os.fstat(fd)  # still open: the caller's to close
    finally:
        os.close(fd)
    assert path.read_text() == "said through the descriptor\n"


def test_a_late_reply_is_a_timeout_and_the_program_is_killed():
    t0 = time.monotonic()
    failure = _failure(script("time.sleep(30)"), move_time=0.3)
    assert failure.reason == "timeout"
    assert "0.3 s" in str(failure)
    assert time.monotonic() - t0 < 5


def test_junk_is_a_protocol_failure():
    failure = _failure(script("print('I think 5-4L is nice'); sys.stdout.flush()"))
    assert failure.reason == "protocol"
    assert "not JSON" in str(failure)


def test_a_long_line_without_newline_is_capped():
    failure = _failure(script("while True: sys.stdout.write('x' * 65536); sys.stdout.flush()"))
    assert failure.reason == "protocol"
    assert "65,536 bytes" in str(failure)


def test_an_illegal_move_is_named():
    failure = _failure(script("send({'type': 'move', 'move': 'pass'})"))
    assert failure.reason == "illegal"
    assert "played pass" in str(failure)


def test_an_exit_gives_the_status_and_the_end_of_stderr():
    failure = _failure(script("sys.stderr.write('dying now'); sys.exit(3)"))
    assert failure.reason == "exited"
    assert "exited with status 3" in str(failure)
    assert failure.stderr.endswith("dying now")


def test_a_killed_bot_names_the_signal():
    failure = _failure(script("os.kill(os.getpid(), 9)"))
    assert failure.reason == "exited"
    assert "SIGKILL" in str(failure)


def test_closed_stdout_is_a_failure():
    failure = _failure(script("os.close(1); time.sleep(30)"), move_time=3.0)
    assert failure.reason == "exited"
    assert "closed its standard output" in str(failure)


def test_memory_beyond_the_limit_is_a_memory_failure():
    failure = _failure(script("x = bytearray(400 << 20)"), memory_limit=200 << 20)
    assert failure.reason == "memory"
    assert "MemoryError" in failure.stderr


def test_served_python_bot_failures_are_reported():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "tests"))
    failure = _failure(python_bot_command("protocol.noisy:RaisingBot"), env=env, move_time=10)
    assert failure.reason == "error"
    assert "Nasty" in str(failure)


def test_a_served_python_bot_that_raises_is_reported_with_its_traceback():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "tests"))
    failure = _failure(python_bot_command("protocol.noisy:KeyErrorBot"), env=env, move_time=10)
    assert failure.reason == "error"
    # The reply names the exception and where it was raised: noisy.py, in _index.
    assert "the bot raised KeyError: 'missing' (at noisy.py:" in str(failure)
    assert str(failure).endswith(", in _index)")
    # Its standard error holds the traceback, both frames of the bot, then the line.
    words = failure.last_words()
    assert "Traceback (most recent call last):" in words
    assert "in choose" in words and "in _index" in words
    assert 'return self.table["missing"]' in words
    assert words.splitlines()[-1].startswith("bergen bot serve: the bot raised KeyError")


def test_a_bot_that_cannot_start_is_reported_with_more_than_its_last_line(tmp_path: Path):
    # Node run from outside the checkout: the reason comes lines before the last one, which
    # only gives Node's version.
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    bot = ProtocolBot(["node", "examples/bots/greedy.js"], cwd=str(tmp_path))
    with pytest.raises(BotFailure) as info:
        bot.start()
    words = info.value.last_words()
    assert "Cannot find module" in words
    assert words.splitlines()[-1].startswith("Node.js v")
    assert len(words.splitlines()) <= 20


def test_last_words_are_the_last_lines_bounded_in_size():
    said = "".join(f"line {i}\n\n" for i in range(100))  # blank lines are not counted
    failure = BotFailure("bot x exited", reason=FailureReason.EXITED, stderr=said)
    assert failure.last_words().splitlines() == [f"line {i}" for i in range(80, 100)]
    assert failure.last_words(lines=3) == "line 97\nline 98\nline 99"
    # At most `chars` characters, whole lines; a single longer line keeps its end.
    assert failure.last_words(chars=16) == "line 98\nline 99"
    long = BotFailure("x", reason=FailureReason.EXITED, stderr="a" * 5000 + "END\n")
    assert long.last_words(chars=100) == "..." + ("a" * 97 + "END")
    assert BotFailure("x", reason=FailureReason.EXITED).last_words() == ""


def _until(condition, seconds: float = 10.0) -> bool:
    """Poll ``condition`` every 10 ms until it holds or ``seconds`` pass; whether it held.

    Processes are waited for this way, never by a fixed sleep: a busy machine can take far
    longer than usual to start, write or end one.
    """
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
    return True


def test_close_leaves_no_process_behind_even_a_grandchild():
    command = script("")  # never answers a decide
    command[-1] = command[-1].replace(
        'send({"type": "ready"})',
        'import subprocess; p = subprocess.Popen(["sleep", "60"]); '
        'sys.stderr.write(f"{p.pid}\\n"); sys.stderr.flush(); send({"type": "ready"})',
    )
    bot = ProtocolBot(command)
    bot.new_game(CLASSIC, players=2, seat=0, partnerships=False)
    proc = bot._proc

    def pid_written() -> bool:
        bot._drain_stderr()
        return bot._tail.endswith(b"\n")

    assert _until(pid_written), f"no pid on the bot's standard error: {bot._tail!r}"
    grandchild = int(bot._tail.decode())
    assert not _gone(grandchild)
    bot.close()
    bot.close()  # idempotent
    assert proc.returncode is not None  # reaped: no zombie of ours
    assert _gone(proc.pid)
    assert _until(lambda: _gone(grandchild), 5)


def test_a_failed_bot_restarts_for_the_next_game():
    view, legal, seat = _decision()
    bot = ProtocolBot(script("sys.exit(1)"))
    try:
        bot.new_game(CLASSIC, players=2, seat=seat, partnerships=False)
        first = bot._proc.pid
        with pytest.raises(BotFailure):
            bot.choose(view, legal)
        with pytest.raises(BotFailure) as info:
            bot.choose(view, legal)  # not running
        assert info.value.reason == "exited"
        bot.new_game(CLASSIC, players=2, seat=seat, partnerships=False)
        assert bot.running and bot._proc.pid != first
    finally:
        bot.close()


def test_a_missing_program_cannot_start():
    with pytest.raises(BotFailure) as info:
        ProtocolBot(["/no/such/bot"]).start()
    assert info.value.reason == "start"


# ------------------------------------------------------------------ the memory limit's wrapper


def test_the_memory_limit_holds_for_a_program_in_any_language():
    # sh (dash or bash, a C program) reports its own address space limit in KiB.
    limited = _limited_command(["sh", "-c", "ulimit -v"], 200 << 20)
    done = subprocess.run(limited, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stdout.strip() == str(200 << 10)
    unlimited = subprocess.run(["sh", "-c", "ulimit -v"], capture_output=True, text=True)
    assert unlimited.stdout.strip() != str(200 << 10)


def test_a_program_the_wrapper_cannot_run_is_a_start_failure():
    done = subprocess.run(
        _limited_command(["/no/such/bot", "x"], 1 << 30), capture_output=True, text=True
    )
    assert done.returncode == 127
    assert done.stderr.startswith("cannot start /no/such/bot: [Errno 2] No such file")
    with pytest.raises(BotFailure) as info:
        ProtocolBot(["no-such-bot-anywhere"], memory_limit=1 << 30).start()
    assert info.value.reason == "start" and "No such file" in str(info.value)


def test_the_wrapper_refuses_bad_arguments():
    for argv in ([], ["100"], ["100", "true"], ["x", "--", "true"], ["0", "--", "true"]):
        assert _limit.main(argv) == 2  # refused before any limit is set in this process


def test_bots_start_without_code_between_fork_and_exec(monkeypatch):
    seen = []
    real = subprocess.Popen

    def spy(command, **kwargs):
        seen.append((list(command), kwargs))
        return real(command, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", spy)
    for limit in (200 << 20, None):
        with ProtocolBot(script(""), memory_limit=limit) as bot:
            bot.start()
    (limited, kwargs), (plain, plain_kwargs) = seen
    assert kwargs.get("preexec_fn") is None and plain_kwargs.get("preexec_fn") is None
    assert limited == _limited_command(script(""), 200 << 20) and plain == script("")


def test_bots_with_a_memory_limit_start_from_many_threads_at_once():
    bots = [ProtocolBot(script(""), memory_limit=200 << 20) for _ in range(6)]
    threads = [threading.Thread(target=b.start) for b in bots]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert all(b.running and b.handshake is not None for b in bots)
    finally:
        for b in bots:
            b.close()


def test_bad_arguments_are_protocol_errors():
    with pytest.raises(ProtocolError):
        ProtocolBot("node greedy.js")  # a string, not a list
    with pytest.raises(ProtocolError):
        ProtocolBot(["node"], move_time=0)
    with pytest.raises(ProtocolError):
        ProtocolBot(["node"], memory_limit=-1)


def test_an_unknown_option_is_the_callers_error():
    node = shutil.which("node")
    assert node is not None
    bot = ProtocolBot([node, str(GREEDY_JS)], options={"depth": 3})
    with pytest.raises(ProtocolError) as info:
        bot.start()
    assert info.value.field == "options.depth"
    assert not bot.running


def test_the_callers_mistakes_are_protocol_errors_and_the_bot_plays_on():
    view, legal, seat = _decision()
    other = 1 - seat
    with ProtocolBot(script("send({'type': 'move', 'move': legal[0]})")) as bot:
        bot.new_game(CLASSIC, players=2, seat=seat, partnerships=False)
        with pytest.raises(ProtocolError) as info:
            bot.choose(attrs.evolve(view, seat=other), legal)  # a seat not to move
        assert info.value.field == "view.to_move"
        with pytest.raises(ProtocolError) as info:
            bot.choose(attrs.evolve(view, seat=other, to_move=other), legal)  # not its seat
        assert info.value.field == "view.seat"
        with pytest.raises(ProtocolError) as info:
            bot.choose(view, [])
        assert info.value.field == "legal_moves"
        assert bot.running
        assert bot.choose(view, legal) == legal[0]


def test_a_bot_dropped_without_close_is_killed_when_collected():
    bot = ProtocolBot(script(""))
    bot.start()
    pid = bot._proc.pid
    del bot
    gc.collect()
    assert _gone(pid)


def test_a_second_reply_is_not_taken_for_the_next_answer():
    view, legal, seat = _decision()
    twice = "send({'type': 'move', 'move': legal[0]}); send({'type': 'move', 'move': legal[0]})"
    bot = ProtocolBot(script(twice), move_time=2.0)
    try:
        bot.new_game(CLASSIC, players=2, seat=seat, partnerships=False)
        assert bot.choose(view, legal) == legal[0]
        # Wait (10 s at most) until the second line has arrived: read with the first into the
        # bot's buffer, or waiting in the pipe (polled without reading it).
        stdout = bot._proc.stdout

        def arrived() -> bool:
            return bool(bot._buffer) or bool(select.select([stdout], [], [], 0)[0])

        assert _until(arrived), "no second line in 10 s"
        with pytest.raises(BotFailure) as info:
            bot.choose(view, legal)
        assert info.value.reason == "protocol"
        assert "nobody asked for" in str(info.value)
    finally:
        bot.close()
