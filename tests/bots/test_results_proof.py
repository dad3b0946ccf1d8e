"""A results file that proves itself (issue 28): each game's line carries its moves, and
--resume replays every line and refuses one whose result does not follow, naming the line."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from bergen.arena import ResultsFileError, play_game, run_arena, schedule
from bergen.cli import main
from bergen.moves import Move

Line = dict[str, Any]


class Forfeiter:
    """An in-process bot that returns something that is no move at its third decision."""

    def __init__(self, seed: int | None = None) -> None:
        self.decisions = 0

    def choose(self, view: object, legal_moves: Sequence[Move]) -> object:
        self.decisions += 1
        return "no move" if self.decisions == 3 else legal_moves[0]


SPECS = [f"{__name__}:Forfeiter", "greedy"]
ARGS: dict[str, Any] = {"seed": 3, "in_process": True}


@pytest.fixture
def honest(tmp_path: Path) -> Path:
    """The results file of a whole arena of 4 games, each a forfeit of Forfeiter's."""
    path = tmp_path / "honest.jsonl"
    result = run_arena(SPECS, 4, 2, results=path, **ARGS)
    assert len(result.forfeits) == 4
    return path


def _lines(path: Path) -> list[Line]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _forged(honest: Path, edit: Callable[[list[Line]], None]) -> Path:
    lines = _lines(honest)
    edit(lines)
    path = honest.with_name("forged.jsonl")
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _refused(path: Path, line: int, *words: str) -> None:
    with pytest.raises(ResultsFileError) as caught:
        run_arena(SPECS, 4, 2, results=path, resume=True, **ARGS)
    message = str(caught.value)
    assert caught.value.line == line and f"line {line}:" in message, message
    for word in words:
        assert word in message, message


def _no_forfeit(lines: list[Line]) -> Line:
    """A line of a game played to the end (made from game 1's task with greedy bots)."""
    task = schedule(["greedy", "greedy"], 4, 2, 3, in_process=True)[1]
    line = json.loads(json.dumps(_result_json(task)))
    assert line["forfeit"] is None
    return line


def _result_json(task: Any) -> Line:
    from bergen.arena import result_to_json

    return result_to_json(play_game(task))


def test_an_honest_file_resumes_to_the_table_of_an_uninterrupted_arena(honest: Path) -> None:
    whole = run_arena(SPECS, 4, 2, **ARGS)
    lines = honest.read_text().splitlines(keepends=True)
    assert all(json.loads(line)["moves"] for line in lines[1:])
    cut = honest.with_name("cut.jsonl")
    cut.write_text("".join(lines[:3]) + lines[3][:40])  # two games, a third cut short
    assert run_arena(SPECS, 4, 2, results=cut, resume=True, **ARGS) == whole
    assert _lines(cut)[1:] == _lines(honest)[1:]  # the same lines, written again


@pytest.mark.parametrize(
    ("edit", "line", "words"),
    [
        # the winner flipped, the scores unchanged
        (lambda ls: ls[2].update(winner=1 - ls[2]["winner"]), 3, ("winner: ",)),
        (
            lambda ls: ls[1].update(scores=[10**12, 0]),
            2,
            ("scores: (1000000000000, 0) in the file",),
        ),
        (lambda ls: ls[1].update(winner=None), 2, ("winner: None in the file",)),
        (lambda ls: ls[4].update(rounds=ls[4]["rounds"] + 1), 5, ("rounds: ",)),
        (lambda ls: ls.append(dict(ls[2])), 6, ("game 1 is listed twice",)),
        (lambda ls: ls[1].update(game=999), 2, ("game 999", "is not a game of this arena")),
        (lambda ls: ls[1].update(entrants=[0, 5]), 2, ("is not a game of this arena",)),
        (lambda ls: ls[1]["forfeit"].update(game=999), 2, ("its forfeit names game 999",)),
        (lambda ls: ls[1]["forfeit"].update(bot="nobody"), 2, ("names entrant 0 (nobody)",)),
        (lambda ls: ls[1]["forfeit"].update(seat=1 - ls[1]["forfeit"]["seat"]), 2, ("seat",)),
        (lambda ls: ls[1]["forfeit"].update(round=5), 2, ("its forfeit is in round 5",)),
        # no forfeit, where the moves stop short of the match's end
        (lambda ls: ls[1].update(forfeit=None), 2, ("do not finish the match",)),
        # a made-up forfeit in a game played to its end
        (
            lambda ls: ls.__setitem__(
                2, {**_no_forfeit(ls), "forfeit": {**ls[1]["forfeit"], "game": 1}}
            ),
            3,
            ("it has a forfeit, but its moves finish the match",),
        ),
        (lambda ls: ls[1].update(moves="6-6 " + ls[1]["moves"]), 2, ("move",)),
        (lambda ls: ls[1].update(moves=ls[1]["moves"].split(" ", 1)[1]), 2, ("move",)),
    ],
)
def test_a_forged_line_is_refused(
    honest: Path, edit: Callable[[list[Line]], None], line: int, words: tuple[str, ...]
) -> None:
    _refused(_forged(honest, edit), line, *words)


def test_bergen_arena_resume_refuses_a_forged_file_with_status_2(
    honest: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = _forged(honest, lambda ls: ls[2].update(winner=1 - ls[2]["winner"]))
    args = ["arena", *SPECS, "--games", "4", "--seed", "3", "--in-process", "--workers", "1"]
    assert main([*args, "--results", str(forged), "--resume", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bergen arena: results file {forged}, line 3: game 1: winner: ")


def test_a_results_path_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    zero = tmp_path / "zero"
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        for resume in (False, True):
            with pytest.raises(ResultsFileError, match="is not a regular file"):
                run_arena(SPECS, 4, 2, results=path, resume=resume, **ARGS)


def test_what_is_read_is_bounded(honest: Path) -> None:
    with honest.open("a") as f:
        f.write('{"game": 2, "moves": "' + "x" * (5 << 20) + '"}\n')
    _refused(honest, 6, "longer than 4,194,304 bytes")


def test_a_file_of_version_1_is_refused(honest: Path) -> None:
    lines = _lines(honest)
    lines[0]["version"] = 1
    old = _forged(honest, lambda ls: ls.__setitem__(0, lines[0]))
    with pytest.raises(ResultsFileError, match="of version 1, whose games cannot be checked"):
        run_arena(SPECS, 4, 2, results=old, resume=True, **ARGS)


def test_a_line_that_is_no_json_says_so(honest: Path) -> None:
    # Only json's own words were shown ("Expecting value: line 1 column 1 (char 0)"), whose
    # "line 1" is not the file's line.
    lines = honest.read_text().splitlines()
    lines[2] = "\x1b[2J not json"
    forged = honest.with_name("forged.jsonl")
    forged.write_text("\n".join(lines) + "\n")
    _refused(forged, 3, "line 3: not a line of JSON (Expecting value")
