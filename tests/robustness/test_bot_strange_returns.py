"""A bot that returns an object whose comparison or repr raises forfeits (arena) or is
replaced by the first legal move (``bergen play``), without a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bergen.arena import run_arena

BOTS = """
class Strange:
    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__

    def __repr__(self):
        raise RuntimeError("no printing me")


class ReturnsStrange:
    name = "strange"

    def __init__(self, seed=None):
        pass

    def choose(self, view, legal_moves):
        return Strange()
"""


@pytest.fixture
def bots_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "strange_bots.py").write_text(textwrap.dedent(BOTS))
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(
    ("in_process", "said"),
    [(True, "whose repr raises RuntimeError: no printing me"), (False, "whose repr raises")],
)
def test_arena_forfeits_a_move_that_cannot_be_compared(
    bots_dir: Path, in_process: bool, said: str
) -> None:
    # Before: the bot's __eq__ error ended the arena with a traceback.
    specs = ["strange_bots:ReturnsStrange", "greedy"]
    result = run_arena(specs, games=2, players=2, in_process=in_process)
    assert len(result.games) == 2
    kinds = {f.kind for f in result.forfeits}
    assert kinds == {"illegal move"}
    assert all(said in f.detail for f in result.forfeits)


def test_play_replaces_a_move_that_cannot_be_compared(bots_dir: Path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "bergen",
            "play",
            "--seed",
            "1",
            "--bots",
            "strange_bots:ReturnsStrange",
        ],
        input="1\nl\n1\nl\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(bots_dir)},
        timeout=60,
    )
    assert "Traceback" not in out.stderr
    assert "returned an illegal move <Strange whose repr raises" in out.stdout
