"""bergen analyse and bergen.analysis: every decision of a record valued by the solver."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bergen.analysis import analyse
from bergen.cli import main
from bergen.errors import RecordError
from bergen.records import load

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"


def test_the_worked_hand_is_annotated() -> None:
    analysis = analyse(load(WORKED))
    # 13 actions after the lead, every one a decision (docs/rules.md, the worked hand).
    assert [d.action for d in analysis.decisions] == list(range(13))
    by_action = {d.action: d for d in analysis.decisions}
    # Alice's 4-3L (action 5) was her only legal move: forced, not solved.
    assert by_action[5].forced and not by_action[5].solved and by_action[5].loss == 0
    # Action 12, Alice's last tile: 0-0 on either blank end is a triple header (3) and going
    # out (2), 5 points for her and none for the others: 5 - mean(0, 0) = 5 (rules 5, 7).
    last = by_action[12]
    assert [(str(v.move), v.value) for v in last.values] == [("0-0L", 5.0), ("0-0R", 5.0)]
    assert not last.mistake
    # Action 11, Cara's 2-0L: a double header, 2 for her, then Alice's 5: 2 - (5 + 0) / 2.
    cara = by_action[11]
    assert cara.value == -0.5 and cara.seat == 2
    assert cara.mistake and cara.loss > 0 and "2-0L" not in [str(m) for m in cara.best_moves]
    assert analysis.mistakes and all(d.loss > 0 for d in analysis.mistakes)
    assert analysis.lost(2) >= cara.loss


def test_one_seats_decisions() -> None:
    analysis = analyse(load(WORKED), seat=0)
    assert {d.seat for d in analysis.decisions} == {0}
    assert [d.action for d in analysis.decisions] == [2, 5, 9, 12]
    with pytest.raises(RecordError, match="seat"):
        analyse(load(WORKED), seat=3)
    with pytest.raises(RecordError, match="Record"):
        analyse("worked-hand.json")  # type: ignore[arg-type]


def test_bergen_analyse_prints_an_annotated_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(WORKED)]) == 0
    out = capsys.readouterr().out
    assert "Round 0 (from a set-up position)" in out
    assert "Alice (seat 0)  0-0L" in out and "forced" in out and "LOST" in out
    assert "Moves that lost points:" in out
    assert main(["analyse", str(WORKED), "--json", "--seat", "2"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [d["action"] for d in doc["decisions"]] == [1, 4, 7, 8, 11]
    assert doc["decisions"][-1]["value"] == -0.5 and doc["decisions"][-1]["mistake"] is True


def test_bergen_analyse_rejects_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["analyse", str(bad)]) == 1
    assert "bergen analyse" in capsys.readouterr().err


def test_a_search_limit_leaves_a_decision_unsolved() -> None:
    analysis = analyse(load(WORKED), max_nodes=1)
    unsolved = [d for d in analysis.decisions if not d.forced and not d.solved]
    assert unsolved and all(d.values == () and d.loss == 0 for d in unsolved)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--seat", "3"], f"bergen analyse: --seat 3: {WORKED} has seats 0..2"),
        (["--seat", "-1"], f"bergen analyse: --seat -1: {WORKED} has seats 0..2"),
        (["--max-nodes", "0"], "bergen analyse: --max-nodes is 1 or more, got 0"),
        (["--seconds", "nan"], "bergen analyse: --seconds is a number of seconds above 0"),
        (["--seconds", "-1"], "bergen analyse: --seconds is a number of seconds above 0"),
    ],
)
def test_a_bad_option_is_named_with_exit_status_2(
    options: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The record is fine: the option is what was wrong (it used to be blamed on the file,
    # with the status of a rejected record, 1).
    assert main(["analyse", str(WORKED), *options]) == 2
    assert capsys.readouterr().err.startswith(said)
