"""The isolated arena: the same games as in-process, program bots, the results file
and --resume, Ctrl-C, the arguments, and the views given in the in-process mode."""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import pytest

from bergen import (
    CLASSIC,
    SIMPLE,
    Action,
    End,
    Lead,
    LineOfPlay,
    MatchState,
    Move,
    Play,
    PlayerView,
    PositionError,
    RoundState,
    Tile,
)
from bergen.arena import (
    ArenaInterrupted,
    ResultsFileError,
    bot_command,
    result_from_json,
    result_to_json,
    run_arena,
)
from bergen.bots import BotError
from bergen.cli import main
from conftest import PROCESS_MARK, processes_left

ROOT = Path(__file__).resolve().parents[2]
GREEDY_JS = ROOT / "examples" / "bots" / "greedy.js"


def test_isolated_bots_play_the_games_they_play_in_process() -> None:
    specs = ["search[playouts=8]", "greedy"]
    in_process = run_arena(specs, 4, 2, seed=5, in_process=True)
    isolated = run_arena(specs, 4, 2, seed=5)
    assert isolated == in_process and not isolated.forfeits
    assert run_arena(specs, 4, 2, seed=5, workers=2) == in_process


def test_a_program_bot_plays_a_whole_arena() -> None:
    assert shutil.which("node") is not None, "node (Node.js) runs the example bot"
    spec = f"cmd:node {GREEDY_JS}"
    result = run_arena([spec, "random"], 4, 2, seed=2)
    assert len(result.games) == 4 and not result.forfeits
    js, rnd = result.stats()
    assert js.bot == spec and js.games == rnd.games == 4
    assert js.wins + rnd.wins == 4
    # cmd: bots are processes in the in-process mode too.
    assert run_arena([spec, "random"], 4, 2, seed=2, in_process=True) == result


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("cmd:", "names no program"),
        ("cmd:   ", "names no program"),
        ("cmd:no-such-program-13b --x", "not found"),
        ("cmd:node 'unbalanced", "quotation"),
    ],
)
def test_bad_program_specs(spec: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(BotError, match=said):
        bot_command(spec)
    with pytest.raises(BotError, match=said):
        run_arena([spec, "random"], 2, 2)
    assert main(["arena", spec, "random", "--games", "2", "--workers", "1"]) == 2
    assert said in capsys.readouterr().err


def test_bot_command() -> None:
    assert bot_command("cmd:node 'my bot.js' --fast") == ["node", "my bot.js", "--fast"]
    assert bot_command("greedy")[-3:] == ["bot", "serve", "greedy"]


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"workers": 0}, "workers must be an int in 1..256"),
        ({"workers": 1.5}, "workers must be an int in 1..256"),
        ({"memory_limit": 0}, "memory_limit must be bytes"),
        ({"memory_limit": "1G"}, "memory_limit must be bytes"),
        ({"in_process": "yes"}, "in_process must be True or False"),
        ({"resume": 1}, "resume must be True or False"),
        ({"resume": True}, "needs the results file"),
        ({"chunk": 0}, "chunk must be an int in 1..1,000,000"),
    ],
)
def test_run_arena_refuses_bad_arguments(kwargs: dict[str, object], said: str) -> None:
    with pytest.raises(BotError, match=said):
        run_arena(["random", "greedy"], 2, 2, **kwargs)  # type: ignore[arg-type]


def test_workers_and_an_executor_are_one_or_the_other() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool, pytest.raises(BotError, match="not both"):
        run_arena(["random", "greedy"], 2, 2, workers=2, executor=pool)


# ---------------------------------------------------------------------------- results file


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def test_games_stream_to_the_results_file_and_resume_gives_the_same_table(
    tmp_path: Path,
) -> None:
    specs = ["random", "greedy", "bots.misbehaving:CrashBot"]
    whole = run_arena(specs, 12, 2, seed=3, in_process=True)
    path = tmp_path / "games.jsonl"
    assert run_arena(specs, 12, 2, seed=3, in_process=True, results=path) == whole
    lines = _lines(path)
    header = json.loads(lines[0])
    assert header["format"] == "bergen-arena-results" and header["specs"] == specs
    assert [json.loads(line)["game"] for line in lines[1:]] == list(range(12))
    assert [result_from_json(json.loads(line)) for line in lines[1:]] == list(whole.games)
    # Interrupted after five games, in the middle of writing the sixth.
    path.write_text("\n".join(lines[:6]) + "\n" + lines[6][:17])
    seen: list[int] = []
    resumed = run_arena(
        specs, 12, 2, seed=3, in_process=True, results=path, resume=True, progress=seen.append
    )
    assert resumed == whole and resumed.report() == whole.report()
    assert seen[0] == 5 and sum(seen) == 12
    assert _lines(path) == lines[:6] + lines[6:]  # the cut line dropped, the rest appended
    # Resuming a finished arena plays nothing more.
    assert run_arena(specs, 12, 2, seed=3, in_process=True, results=path, resume=True) == whole
    assert len(_lines(path)) == 13


def test_a_results_file_that_cannot_be_used(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    specs = ["random", "greedy"]
    run_arena(specs, 2, 2, seed=1, in_process=True, results=path)
    text = path.read_text()
    with pytest.raises(ResultsFileError, match="already has results: continue it with --resume"):
        run_arena(specs, 2, 2, seed=1, in_process=True, results=path)
    for change, said in [({"seed": 2}, "its seed is 1"), ({"games": 4}, "its games is 2")]:
        kwargs = {"seed": 1, "games": 2, **change}
        with pytest.raises(ResultsFileError, match=said):
            run_arena(specs, players=2, in_process=True, results=path, resume=True, **kwargs)
    assert path.read_text() == text  # a refused file is left as it was
    path.write_text(text.replace('"rounds"', '"round"', 1))
    with pytest.raises(ResultsFileError, match="line 2") as info:
        run_arena(specs, 2, 2, seed=1, in_process=True, results=path, resume=True)
    assert info.value.line == 2 and info.value.path == str(path)
    path.write_text("not json\n")
    with pytest.raises(ResultsFileError, match="not the results of an arena"):
        run_arena(specs, 2, 2, seed=1, in_process=True, results=path, resume=True)


def test_a_result_round_trips_through_json() -> None:
    result = run_arena(["bots.misbehaving:CrashBot", "greedy"], 2, 2, in_process=True)
    for game in result.games:
        assert result_from_json(json.loads(json.dumps(result_to_json(game)))) == game
    with pytest.raises(ValueError, match="game must be an int"):
        result_from_json({**result_to_json(result.games[0]), "game": -1})


# ---------------------------------------------------------------------------- Ctrl-C


def _sigint_as_at_a_terminal() -> None:
    """Ctrl-C's default action in the arena: a suite started in the background (``cmd &``)
    passes SIGINT on ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(args: list[str], results: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``bergen arena ARGS``, send SIGINT once a game is in ``results``; return the
    finished process and the seconds from the signal to its exit."""
    mark = uuid.uuid4().hex
    env = {**os.environ, PROCESS_MARK: mark, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "bergen", "arena", *args, "--results", str(results)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(_lines(results) if results.exists() else []) < 2:
        time.sleep(0.05)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    took = time.monotonic() - sent
    # Its bots are gone soon after the arena (polled, 5 s at most: never a fixed sleep).
    assert processes_left(mark, 5.0) == []
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), took


@pytest.mark.parametrize("workers", ["1", "2", "1-in-flight"])
def test_ctrl_c_ends_the_arena_with_the_games_finished(tmp_path: Path, workers: str) -> None:
    # The bound: the arena exits within 2 s of Ctrl-C, counted from the signal (the
    # interpreter's start and the first games are not counted). A machine shared by several
    # test runs can stall one attempt past it, so a slow attempt is tried once more before
    # the test fails: an arena that is slow to stop fails both.
    more = ["--in-flight", "4"] if workers.endswith("in-flight") else []
    args = ["search", "greedy", "--games", "200", "--workers", workers[0], *more, "--no-progress"]
    took: list[float] = []
    for attempt in range(2):
        results = tmp_path / f"games-{attempt}.jsonl"
        done, seconds = _interrupt(args, results)
        assert done.returncode == 130, done.stderr
        finished = len(_lines(results)) - 1
        assert finished >= 1
        assert done.stdout.startswith(f"Arena: {finished} games, 2 players")
        assert f"interrupted after {finished} of 200 games; continue with --resume" in done.stderr
        assert "Traceback" not in done.stderr
        took.append(seconds)
        if seconds < 2.0:
            break
    assert min(took) < 2.0, f"{', '.join(f'{t:.2f}' for t in took)} s from Ctrl-C to the exit"


@pytest.mark.parametrize("play", [["--workers", "2"], ["--workers", "1", "--in-flight", "4"]])
def test_resume_after_ctrl_c_gives_the_uninterrupted_table(tmp_path: Path, play: list[str]) -> None:
    results = tmp_path / "games.jsonl"
    args = ["random", "greedy", "--games", "16", *play, "--no-progress"]
    done, _ = _interrupt(args, results)
    assert done.returncode in (0, 130)
    resumed = subprocess.run(
        [sys.executable, "-m", "bergen", "arena", *args, "--results", str(results), "--resume"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    # No --seed: the arena drew a secret one, kept in the file, and --resume went on with it.
    seed = json.loads(_lines(results)[0])["seed"]
    assert seed >= 2**128 and f"--seed {seed}" in resumed.stderr
    whole = run_arena(["random", "greedy"], 16, 2, seed=seed, in_process=True)
    assert resumed.stdout == whole.report() + "\n"


def test_run_arena_interrupted_carries_the_games_finished() -> None:
    calls: list[int] = []

    def progress(n: int) -> None:
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(ArenaInterrupted) as info:
        run_arena(["random", "greedy"], 10, 2, seed=4, in_process=True, progress=progress)
    partial = info.value.result
    assert info.value.planned == 10 and len(partial.games) == 3
    whole = run_arena(["random", "greedy"], 10, 2, seed=4, in_process=True)
    assert partial.games == whole.games[:3]
    assert isinstance(info.value, KeyboardInterrupt)


# ------------------------------------------------------------------ the in-process view


def _view_by_hand(state: RoundState, seat: int) -> PlayerView:
    """The seat's view built from the state's public parts by their definitions: the line
    laid tile after tile from the history, the history with every draw's tile left out, the
    seat's own draws (its lead draws first).
    """
    line = LineOfPlay.empty()
    for a in state.history:
        if isinstance(a.move, Lead):
            line = line.start(a.move.tile)
        elif isinstance(a.move, Play):
            line = line.place(a.move.tile, a.move.end)
    own = [a.drawn for a in (*state.lead_draws, *state.history) if a.seat == seat and a.drawn]
    return PlayerView(
        seat=seat,
        rules=state.rules,
        hand=state.hands[seat],
        line=line,
        tile_counts=tuple(len(h) for h in state.hands),
        boneyard_size=len(state.boneyard.tiles),
        drawable=state.drawable,
        scores=state.scores,
        target=state.target,
        to_move=state.to_move,
        dealer=state.dealer,
        outcome=state.outcome,
        history=tuple(Action(a.seat, a.move) for a in state.history),
        lead_draws=tuple(a.seat for a in state.lead_draws),
        own_draws=tuple(own),
        from_deal=True,
    )


def test_the_view_is_built_as_its_definition_says() -> None:
    rng = random.Random(3)
    checked = drew = 0
    for seats, rules in itertools.product((2, 3, 4), (CLASSIC, SIMPLE)):
        match = MatchState.new(seats, rules, seed=seats)
        for _ in range(60):
            if match.is_over:
                break
            state = match.round
            assert state is not None
            for seat in range(seats):
                view = state.view(seat)
                assert type(view) is PlayerView and view == _view_by_hand(state, seat)
                assert view.line == state.line
                drew += bool(view.own_draws)
            legal = state.legal_moves()
            match, _ = match.apply(legal[int(rng.random() * len(legal))])
            checked += 1
    assert checked > 200 and drew > 50  # positions of six matches, 2-4 seats, some draws


class _Recorder:
    """A bot that keeps the type of every view it is given (for the test below only)."""

    name = "recorder"
    types: ClassVar[list[type]] = []

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        _Recorder.types.append(type(view))
        return legal_moves[0]


def test_an_in_process_bot_is_given_a_plain_player_view() -> None:
    _Recorder.types.clear()
    result = run_arena([f"{__name__}:_Recorder", "random"], 2, 2, seed=1, in_process=True)
    assert not result.forfeits and _Recorder.types
    assert set(_Recorder.types) == {PlayerView}


def test_an_in_process_bot_that_takes_seconds_is_told_its_move_time() -> None:
    from protocol.noisy import ClockedBot  # tests/ is on the path

    spec = "protocol.noisy:ClockedBot"
    ClockedBot.given.clear()
    result = run_arena([spec, "random"], 2, 2, seed=1, in_process=True, move_time=2.0)
    assert not result.forfeits and ClockedBot.given
    assert all(s == pytest.approx(2.0 * 0.9 - 0.02) for s in ClockedBot.given)
    ClockedBot.given.clear()
    run_arena([spec, "random"], 2, 2, seed=1, in_process=True, move_time=None)
    assert ClockedBot.given and set(ClockedBot.given) == {None}


def test_a_line_laid_at_once_checks_its_tiles() -> None:
    def play(tile: Tile, end: End) -> int:  # the kernel's action id (bergen.kernel.actions)
        return 2 * tile.index + (end is End.RIGHT)

    line = LineOfPlay.parse("*6-6 6-4")
    laid = line._laid([play(Tile(6, 5), End.LEFT), 84, 85, play(Tile(4, 4), End.RIGHT)])
    assert laid == line.place(Tile(6, 5), End.LEFT).place(Tile(4, 4), End.RIGHT)
    assert str(laid) == "5-6 *6-6 6-4 4-4" and laid.size == 4
    led = LineOfPlay.empty()._laid([56 + Tile(3, 3).index, play(Tile(3, 1), End.RIGHT)])
    assert str(led) == "*3-3 3-1" and (led.left_double, led.right_double) == (True, False)
    with pytest.raises(PositionError, match="does not match the right end, which shows 4"):
        line._laid([play(Tile(5, 5), End.RIGHT)])
    with pytest.raises(PositionError, match="only an empty line takes a lead"):
        line._laid([56 + Tile(5, 5).index])
    with pytest.raises(PositionError, match="the line is empty"):
        LineOfPlay.empty()._laid([play(Tile(5, 5), End.LEFT)])
