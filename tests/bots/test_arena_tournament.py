"""The arena's tournament tools: gauntlet schedules, SPRT early stopping (resumable), and the
crosstable, SPRT verdict and ratings of ``bergen arena``."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bergen import CLASSIC
from bergen.arena import games_for_all_lineups, run_arena, schedule
from bergen.bots import BotError
from bergen.cli import main
from bergen.tournament import SPRTTest, group_scores


def test_gauntlet_schedule_meets_only_the_first_bot() -> None:
    tasks = schedule(["a", "b", "c", "d"], 12, 2, 0, lineups="gauntlet")
    assert [t.entrants for t in tasks[::2]] == [(0, 1), (0, 2), (0, 3), (0, 1), (0, 2), (0, 3)]
    assert all(0 in t.entrants for t in tasks)
    assert games_for_all_lineups(4, 2, lineups="gauntlet") == 6
    assert games_for_all_lineups(4, 3, lineups="gauntlet") == 9  # (0,1,2), (0,1,3), (0,2,3)
    part = schedule(
        ["a", "b", "c"], 8, 4, 0, CLASSIC.replace(partnerships=True), lineups="gauntlet"
    )
    assert {t.entrants for t in part} == {(0, 1, 0, 1), (1, 0, 1, 0), (0, 2, 0, 2), (2, 0, 2, 0)}
    with pytest.raises(BotError):
        schedule(["a", "b"], 2, 2, 0, lineups="swiss")


def test_sprt_stops_a_decided_match_early() -> None:
    test = SPRTTest(0, 200)
    res = run_arena(["greedy", "random"], 400, 2, 3, move_time=None, in_process=True, sprt=test)
    n = len(res.games)
    assert n < 400 and n % 2 == 0
    state = test.state(group_scores(res.games, 2, 0, 1))
    assert state.decision == "H1"
    # One group fewer was not yet decided: it stopped at the first decided group.
    assert test.state(group_scores(res.games[:-2], 2, 0, 1)).decision is None
    # The same games kept whatever the executor.
    with ThreadPoolExecutor(2) as ex:
        again = run_arena(
            ["greedy", "random"],
            400,
            2,
            3,
            move_time=None,
            in_process=True,
            sprt=test,
            executor=ex,
        )
    assert again.games == res.games


def test_sprt_match_resumes_from_its_file(tmp_path: Path) -> None:
    path = tmp_path / "sprt.jsonl"
    test = SPRTTest(0, 200)
    first = run_arena(
        ["greedy", "random"],
        400,
        2,
        3,
        move_time=None,
        in_process=True,
        sprt=test,
        results=path,
    )
    header = json.loads(path.read_text().splitlines()[0])
    assert header["sprt"] == {"elo0": 0, "elo1": 200, "alpha": 0.05, "beta": 0.05}
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[: len(lines) // 2]) + "\n")  # cut short
    resumed = run_arena(
        ["greedy", "random"],
        400,
        2,
        3,
        move_time=None,
        in_process=True,
        sprt=test,
        results=path,
        resume=True,
    )
    assert resumed.games == first.games
    with pytest.raises(BotError):
        run_arena(["greedy", "random", "random"], 6, 2, 0, in_process=True, sprt=test)
    with pytest.raises(BotError):
        run_arena(["greedy", "random"], 6, 2, 0, in_process=True, sprt="0,5")  # type: ignore[arg-type]


def test_arena_command_prints_the_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "greedy", "random", "strategy", "--games", "12", "--in-process", "--seed", "0"]
    assert main([*args, "--workers", "1", "--no-progress", "--gauntlet", "--ratings"]) == 0
    out = capsys.readouterr().out
    assert "Crosstable" in out and "| `greedy` | - |" in out
    # A gauntlet: random never meets strategy.
    row = next(line for line in out.splitlines() if line.startswith("| `random`"))
    assert row.rstrip().endswith("|  |")
    assert "Ratings" in out
    assert (
        main(
            [
                "arena",
                "greedy",
                "random",
                "--games",
                "400",
                "--in-process",
                "--workers",
                "1",
                "--no-progress",
                "--sprt",
                "0,200",
                "--seed",
                "0",
            ]
        )
        == 0
    )
    assert "H1 accepted" in capsys.readouterr().out
    for bad in ("0", "5,0", "0,50,0.7,0.05", "a,b"):
        assert main(["arena", "greedy", "random", "--sprt", bad, "--no-progress"]) == 2
    assert main(["arena", "greedy", "random", "strategy", "--sprt", "0,50"]) == 2
