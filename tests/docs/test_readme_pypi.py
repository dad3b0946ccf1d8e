"""README.md is the package's page on PyPI: its links must work there, and it says how to
install the released package.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text("utf-8")


def test_readme_links_are_absolute() -> None:
    # A relative link (docs/rules.md, LICENSE) points nowhere on PyPI.
    targets = re.findall(r"\]\(([^)]*)\)", README) + re.findall(r"<a\s+href=\"([^\"]*)\"", README)
    targets += re.findall(r"^\[[^\]]+\]:\s*(\S+)", README, flags=re.MULTILINE)
    relative = [t for t in targets if not re.match(r"https?://", t)]
    assert relative == []


def test_readme_says_pip_install_bergen() -> None:
    assert re.search(r"^pip install bergen\b", README, flags=re.MULTILINE)


def test_readme_first_set_up_commands_are_from_a_checkout() -> None:
    blocks = re.findall(r"```sh\n(.*?)```", README, flags=re.DOTALL)
    first = blocks[0].splitlines()
    assert first[0].endswith("pip install . && bergen simulate --players 3 --seed 1")
    assert first[1].endswith("pip install -e '.[test]' && python -m pytest -n auto")


def test_ci_runs_the_readme_test_command() -> None:
    # .ci/run must run the README's test command (its first pass), not another one.
    blocks = re.findall(r"```sh\n(.*?)```", README, flags=re.DOTALL)
    command = blocks[0].splitlines()[1].rsplit("&& ", 1)[1]
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert re.search(rf"^BERGEN_EXPECT_COMPILED=0 {re.escape(command)} </dev/null$", ci, re.M)
