"""The newcomer friction of issue 18, each item as a test."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bergen import CLASSIC, FixedReserve, FixedTarget, Points, Rules, RulesError, load_bot
from bergen.cli.arena import progress_bar

MYBOTS = textwrap.dedent(
    """
    from bergen import Play

    class HeavyFirst:
        '''Plays the tile with the most pips; takes a seed.'''

        def __init__(self, seed=None):
            self.seed = seed

        def choose(self, view, legal):
            return max(legal, key=lambda m: m.tile.pips if isinstance(m, Play) else -1)

    class NoSeed:
        '''Takes no arguments at all.'''

        def choose(self, view, legal):
            return legal[0]
    """
)


def _bergen(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # -P: the current directory is NOT put on sys.path (as with the installed bergen script).
    code = "import sys; from bergen.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-P", "-c", code, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_arena_imports_a_bot_module_from_the_current_directory(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(MYBOTS, "utf-8")
    args = ["arena", "mybots:HeavyFirst", "mybots:NoSeed", "--games", "2", "--no-progress"]
    done = _bergen([*args, "--workers", "2"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "mybots:HeavyFirst" in done.stdout
    assert "cannot import" not in done.stderr


def test_a_bot_class_without_a_seed_parameter_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "friction_seedless.py").write_text(MYBOTS, "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    bot = load_bot("friction_seedless:NoSeed", 7)
    assert type(bot).__name__ == "NoSeed"
    # A class that takes a seed still gets it.
    assert load_bot("friction_seedless:HeavyFirst", 7).seed == 7  # type: ignore[attr-defined]


def test_plain_progress_line_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("rich", "rich.progress", "rich.console", "tqdm"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails: not installed
    out = io.StringIO()
    with progress_bar(40, stream=out) as advance:
        for _ in range(40):
            advance(1)
    text = out.getvalue()
    assert "games 1/40 (2%)" in text
    assert "games 40/40 (100%)" in text
    assert "\n" not in text  # one line, rewritten in place


def test_reserve_and_target_take_numbers_as_the_cli_does() -> None:
    assert CLASSIC.replace(reserve=3).reserve == FixedReserve(3)
    assert CLASSIC.replace(target=7).target == FixedTarget(7)
    with pytest.raises(RulesError):
        CLASSIC.replace(reserve=True)
    with pytest.raises(RulesError):
        CLASSIC.replace(reserve=-1)


def test_all_zero_points_are_refused() -> None:
    # Nothing would ever score: no match could reach a target (rules 5-9).
    with pytest.raises(RulesError) as info:
        Rules(points=Points(0, 0, 0, 0))
    assert info.value.fields == ("points",)


def test_import_bergen_testing_without_hypothesis_says_what_to_install() -> None:
    code = "import sys; sys.modules['hypothesis'] = None; import bergen.testing"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: bergen.testing needs Hypothesis")
    assert "pip install 'bergen-dominoes[testing]'" in last
