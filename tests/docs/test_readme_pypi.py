"""README.md is the package's page on PyPI: its links must work there, and it says how to
install the released package.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text("utf-8")


def test_readme_links_are_absolute() -> None:
    # A relative link (docs/rules.md, LICENSE) points nowhere on PyPI.
    targets = re.findall(r"\]\(([^)]*)\)", README) + re.findall(r"<a\s+href=\"([^\"]*)\"", README)
    targets += re.findall(r"^\[[^\]]+\]:\s*(\S+)", README, flags=re.MULTILINE)
    relative = [t for t in targets if not re.match(r"https?://", t)]
    assert relative == []


def distribution_name() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["name"])


def test_the_distribution_is_not_pypis_bergen() -> None:
    # PyPI's "bergen" is an unrelated project (a client for the Arnheim Framework): installing
    # it by that name gets somebody else's code. The import name and the command stay bergen.
    assert distribution_name() == "bergen-dominoes"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["scripts"] == {"bergen": "bergen.cli:main"}


def test_readme_says_pip_install_and_why_the_names_differ() -> None:
    assert re.search(r"^pip install bergen-dominoes\b", README, flags=re.MULTILINE)
    assert "PyPI's `bergen` is an unrelated project" in README


def shipped_texts() -> list[Path]:
    """Every file a user reads an install line in: README, docs, sources, CHANGELOG's new part."""
    files = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / ".ci" / "run"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    files += sorted((ROOT / "src" / "bergen").rglob("*.py"))
    return files


def test_every_install_line_and_extra_names_the_distribution() -> None:
    # `pip install bergen`, `bergen[EXTRA]` and the build's file names bergen-*.whl would all
    # fetch or look for PyPI's other "bergen".
    wrong = re.compile(r"pip install '?bergen\b(?!-dominoes)|(?<![\w.-])bergen\[|bergen-\*")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in shipped_texts()
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if wrong.search(line)
    ]
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    unreleased = changelog.split("## [Unreleased]", 1)[1].split("\n## [", 1)[0]
    found += [line for line in unreleased.splitlines() if wrong.search(line)]
    assert found == []


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


def test_readme_says_how_long_the_suite_takes_on_two_cores() -> None:
    # A newcomer on a busy machine waited 14 minutes, not knowing what to expect.
    text = " ".join(README.split())
    assert re.search(r"take about \d+ minutes on two cores \(`-n 2`\)", text)
