"""Bad input at the public boundary: a bergen error naming what was wrong, never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bergen import (
    CLASSIC,
    TILES,
    BergenError,
    Deal,
    End,
    Lead,
    LineOfPlay,
    MatchState,
    NotationError,
    Play,
    PositionError,
    RecordError,
    RoundState,
    RulesError,
    Tile,
    dumps,
    record_match,
)
from bergen.bots import BotError, load_bot
from bergen.cli import main

# --------------------------------------------------------------------------- CLI


def test_points_all_zero_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # Before: the match could never end and `bergen simulate` ran forever.
    assert main(["simulate", "--points", "0,0,0,0"]) == 1
    err = capsys.readouterr().err
    assert "--points" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("value", ["-1", "nan", "-inf"])
def test_arena_move_time_refused(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "random", "greedy", "--games", "2", "--workers", "1"]
    assert main([*args, f"--move-time={value}"]) == 2
    assert "--move-time" in capsys.readouterr().err


def test_arena_move_time_inf_is_no_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # Before: every game was forfeited with "OverflowError: timestamp out of range".
    args = ["arena", "random", "greedy", "--games", "2", "--workers", "1", "--move-time=inf"]
    assert main(args) == 0
    assert "Forfeits: none" in capsys.readouterr().out


def test_arena_help_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "95% Wilson" in out


@pytest.fixture
def bot_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "robust_bots.py").write_text(
        textwrap.dedent(
            """
            class BadInit:
                def __init__(self, seed=None):
                    raise ValueError("bad init")

                def choose(self, view, legal_moves):
                    return legal_moves[0]


            class Raises:
                name = "raises"

                def __init__(self, seed=None):
                    pass

                def choose(self, view, legal_moves):
                    raise RuntimeError("boom")


            class Exits:
                name = "exits"

                def __init__(self, seed=None):
                    pass

                def choose(self, view, legal_moves):
                    import sys

                    sys.exit(3)
            """
        )
    )
    (tmp_path / "robust_broken.py").write_text("raise RuntimeError('broken at import')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__("robust_bots")
    return "robust_bots"


@pytest.mark.parametrize(
    "spec, words",
    [
        (":", "cannot import"),
        (".rel:Bot", "cannot import"),
        ("robust_broken:Bot", "broken at import"),
        ("robust_bots:BadInit", "bad init"),
    ],
)
def test_bad_bot_specs(
    bot_module: str, spec: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(BotError, match=words):
        load_bot(spec, 0)
    assert main(["arena", spec, "greedy", "--games", "2", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    # One line of bergen's, then only the end of the bot's standard error, indented.
    first, *said = err.strip().splitlines()
    assert first.startswith("bergen arena: ") and words in err
    assert all(line.startswith("    ") for line in said)
    assert main(["play", "--bots", spec, "--seed", "1"]) == 2


@pytest.mark.parametrize(
    ("bot", "said"),
    [("Raises", "failed (RuntimeError: boom)"), ("Exits", "failed (SystemExit: 3)")],
)
def test_play_bot_that_raises(bot_module: str, bot: str, said: str) -> None:
    # Before: the bot's exception ended `bergen play` with a traceback; a bot calling
    # sys.exit() ended it with the bot's exit status.
    path = str(Path(sys.modules[bot_module].__file__ or "").parent)
    out = subprocess.run(
        [sys.executable, "-m", "bergen", "play", "--seed", "1", "--bots", f"{bot_module}:{bot}"],
        input="1\nl\n1\nl\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert said in out.stdout


def test_play_too_many_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", "--bots", "greedy", "random"]) == 2
    assert "bots" in capsys.readouterr().err


def _sigint_as_at_a_terminal() -> None:
    """Ctrl-C's default action in the child: a suite started in the background (``cmd &``)
    passes SIGINT on ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_until_blocked(pid: int, deadline: float = 10.0) -> None:
    """Wait (polling, up to ``deadline`` s) until the process sleeps, as in its read of a move.

    A SIGINT that arrives after input() has written its prompt but before its read() begins is
    only noted, and the read then blocks with it pending (CPython checks for signals between
    bytecodes): on a loaded machine the test, which sends the signal as soon as it reads the
    prompt, hit that gap. Where there is no /proc, it sends the signal at once.
    """
    stat = f"/proc/{pid}/stat"
    if not os.path.exists(stat):
        return
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        with open(stat) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        if state == "S":
            return
        time.sleep(0.01)


def test_play_interrupted_exits_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bergen", "play", "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    assert proc.stdout is not None
    seen = ""
    while not seen.endswith("Your move"):
        char = proc.stdout.read(1)
        assert char, "bergen play ended before asking for a move"
        seen += char
    _wait_until_blocked(proc.pid)
    proc.send_signal(signal.SIGINT)
    # Wait with its input still open: communicate() would close it at once, and a process that
    # read the end of input before the signal was handled left the match normally (status 0).
    proc.wait(timeout=30)
    assert proc.stdin is not None and proc.stderr is not None
    err = proc.stderr.read()
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        pipe.close()
    assert proc.returncode == 130
    assert "Traceback" not in err and "interrupted" in err


# --------------------------------------------------------------------------- library


def test_rules_replace_unknown_field() -> None:
    with pytest.raises(RulesError, match="unknown") as info:
        CLASSIC.replace(unknown=1)
    assert info.value.fields == ("unknown",)


@pytest.mark.parametrize("rules", [None, "classic", 15])
def test_rules_must_be_rules(rules: object) -> None:
    with pytest.raises(RulesError, match="rules must be a Rules"):
        MatchState.new(3, rules, seed=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rules must be a Rules"):
        RoundState.start(Deal.from_seed(1, 2, 6), rules)  # type: ignore[arg-type]
    line = LineOfPlay.parse("*1-1")
    rest = [t for t in TILES if t != Tile(1, 1)]
    with pytest.raises(RulesError, match="rules must be a Rules"):
        RoundState.from_position([rest[:6], rest[6:12]], rest[12:], line, 0, rules)  # type: ignore[arg-type]


def test_from_position_bad_containers() -> None:
    line = LineOfPlay.parse("*1-1")
    rest = [t for t in TILES if t != Tile(1, 1)]
    with pytest.raises(PositionError, match="hands"):
        RoundState.from_position(None, rest, line, 0, CLASSIC)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="scores"):
        RoundState.from_position(
            [rest[:6], rest[6:12]],
            rest[12:],
            line,
            0,
            CLASSIC,
            scores=5,  # type: ignore[arg-type]
        )


def test_start_round_needs_a_deal() -> None:
    with pytest.raises(PositionError, match="Deal"):
        MatchState.new(3).start_round(None)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="Deal"):  # was AttributeError
        RoundState.start(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Play(None, None),  # type: ignore[arg-type]
        lambda: Play(Tile(1, 1), "L"),  # type: ignore[arg-type]
        lambda: Lead(None),  # type: ignore[arg-type]
        lambda: Lead("1-1"),  # type: ignore[arg-type]
    ],
)
def test_moves_check_their_fields(make: object) -> None:
    # Before: built fine, then apply() and str() raised AttributeError.
    with pytest.raises(NotationError):
        make()  # type: ignore[operator]
    assert str(Play(Tile(5, 4), End.LEFT)) == "5-4L"


def test_record_match_and_dumps_check_their_arguments() -> None:
    match = MatchState.new(3, seed=1)
    with pytest.raises(RecordError, match="MatchState"):
        record_match(None)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="names"):
        record_match(match, names=5)  # type: ignore[arg-type]
    # Before: written into the record, which loads() then refused.
    with pytest.raises(RecordError, match=r"names\[0\]"):
        record_match(match, names=[1, 2, 3])  # type: ignore[list-item]
    bad: object
    for bad in (None, {}):
        with pytest.raises(RecordError, match="Record"):
            dumps(bad)  # type: ignore[arg-type]


def test_errors_are_bergen_errors() -> None:
    assert issubclass(BotError, BergenError)


@pytest.mark.parametrize("junk", [None, "5-4L", 3, Tile(5, 4)])
def test_apply_of_something_that_is_not_a_move_says_so(junk: object) -> None:
    import bergen

    state = bergen.MatchState.new(3, bergen.CLASSIC, seed=1).round
    assert state is not None
    before = repr(state)
    with pytest.raises(bergen.IllegalMoveError) as err:
        state.apply(junk)  # type: ignore[arg-type]
    assert err.value.reason is bergen.Reason.NOT_A_MOVE
    assert repr(state) == before


@pytest.mark.parametrize("seat", [1.0, True, "1", None])
def test_apply_checks_that_the_seat_is_a_seat_number(seat: object) -> None:
    # Before: seat=1.0 (== 1) was taken as seat 1.
    import bergen

    # Seat 1 holds 1-1 and 0-0 nowhere: seat 1 leads (rule 2, lowest double held).
    def tiles(text: str) -> list[Tile]:
        return [Tile.parse(t) for t in text.split()]

    state = RoundState.from_position(
        [tiles("6-5 6-4 6-3 6-2 6-1 6-0"), tiles("1-1 5-4 5-3 5-2 5-1 5-0")],
        tiles("0-0 1-0 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-5 6-6"),
        LineOfPlay.empty(),
        to_move=1,
        rules=CLASSIC,
    )
    lead = Lead(Tile(1, 1))
    if seat is None:  # no seat given: not checked
        assert state.apply(lead)[0].line.lead == Tile(1, 1)
        return
    before = repr(state)
    # A seat that is no seat number is a bad argument, not a turn error (issue 27).
    with pytest.raises(bergen.ArgumentError, match="seat must be a seat number"):
        state.apply(lead, seat)  # type: ignore[arg-type]
    assert repr(state) == before
    assert state.apply(lead, 1)[0].to_move == 0


def test_a_set_up_line_must_lead_with_a_double() -> None:
    # rule 2: the lead is always a double
    import bergen

    hands = [[Tile(6, 6)], [Tile(5, 5)]]
    line = bergen.LineOfPlay.parse("*1-2")
    placed = {Tile(6, 6), Tile(5, 5), Tile(2, 1)}
    boneyard = [t for t in bergen.TILES if t not in placed]
    with pytest.raises(bergen.PositionError, match="not a double"):
        bergen.RoundState.from_position(hands, boneyard, line, 0)


@pytest.mark.parametrize("budget", [-1.0, 0, float("nan"), "1"])
def test_run_arena_refuses_a_budget_that_is_not_positive_seconds(budget: object) -> None:
    import bergen

    with pytest.raises(bergen.BergenError, match="move_time"):
        bergen.run_arena(["random", "greedy"], 2, 2, move_time=budget)  # type: ignore[arg-type]


def test_run_arena_with_an_infinite_budget_plays_without_forfeits() -> None:
    import bergen

    result = bergen.run_arena(["random", "greedy"], 2, 2, seed=1, move_time=float("inf"))
    assert not result.forfeits
