"""``bergen simulate`` plays whole matches to the target of rule 9 (and the variants' targets)."""

import json
import re

import pytest

from bergen.cli import main


def final_scores(out: str) -> list[int]:
    line = next(ln for ln in out.splitlines() if ln.startswith("Final scores:"))
    return [int(n) for n in re.findall(r" (\d+)(?:,|$)", line)]


@pytest.mark.parametrize(
    ("argv", "target"),
    [
        (["--players", "3", "--seed", "1"], 10),  # rule 9: 10 with three
        (["--players", "2", "--seed", "1"], 15),  # 15 with two
        (["--players", "4", "--seed", "1"], 10),  # 10 with four individuals
        (["--players", "4", "--partnerships", "--seed", "1"], 15),  # 15 for two partnerships
        (["--rules", "simple", "--players", "3", "--seed", "2"], 10),  # EN: 10 at three
        (["--players", "3", "--target", "15", "--seed", "4"], 15),  # fifteen for every table
    ],
)
def test_simulate_plays_to_the_target(
    argv: list[str], target: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 0
    out = capsys.readouterr().out
    scores = final_scores(out)
    assert max(scores) >= target
    assert sorted(scores)[-2] < target  # exactly one side reached it: the match stopped there
    assert f"target {target}" in out
    assert "Winner:" in out


def test_simulate_partnerships_report_sides(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "4", "--partnerships", "--seed", "1"])
    out = capsys.readouterr().out
    assert len(final_scores(out)) == 2
    assert re.search(r"Winner: seats [01]\+[23]", out)


def test_simulate_json_parses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--seed", "7", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert isinstance(doc, dict)


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "3", "--seed", "5"])
    first = capsys.readouterr().out
    main(["simulate", "--players", "3", "--seed", "5"])
    assert capsys.readouterr().out == first


def test_inconsistent_rules_exit_1_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # 3 hands of 10 need 30 tiles; the set has 28 (docs/rules.md, rule 1).
    assert main(["simulate", "--players", "3", "--hand-sizes", "6,10,5"]) == 1
    err = capsys.readouterr().err
    assert "hand size 10" in err and len(err.strip().splitlines()) == 1


def test_partnerships_need_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--partnerships"]) == 2
    assert "--players 4" in capsys.readouterr().err


def test_a_closed_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    import contextlib
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone away, like `| head -1`
    closed = open(write_end, "w")  # noqa: SIM115 - closed below
    monkeypatch.setattr("sys.stdout", closed)
    try:
        assert main(["simulate", "--players", "3", "--seed", "1"]) == 141
    finally:
        monkeypatch.undo()
        with contextlib.suppress(OSError):
            closed.close()


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_seed_past_64_bits_is_an_argument_error_not_a_traceback(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--seed", str(2**64)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed: a seed is an integer of at most 64 bits" in err
    assert "Traceback" not in err


def test_the_largest_seeds_are_taken(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (2**64 - 1, -(2**64) + 1):
        assert main(["simulate", "--players", "2", "--seed", str(seed)]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("--reserve=-1", "--reserve: FixedReserve.count must be an int in 0.."),
        ("--hand-sizes=0,0,0", "--hand-sizes: HandSizes.two must be an int in 1.."),
        ("--points=-1,2,2,2", "--points: Points.double_header must be an int in 0.."),
    ],
)
def test_a_bad_rules_value_names_its_option(
    option: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", option]) == 1
    assert capsys.readouterr().err.startswith(f"bergen simulate: {said}")


def test_the_points_example_has_four_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--points", "a,b,c,d"])
    assert "expected 4 integers like 2,3,2,2, got 'a,b,c,d'" in capsys.readouterr().err
