"""Nothing a user reads points to a document the repository does not hold.

The rules are cited as "docs/rules.md, rule N" (docs/rules.md, "The sources"): never as the
project's internal briefs, design notes, issue numbers or the file names of the rule texts it
was specified from. This test reads every file under ``src/`` and ``docs/``, ``README.md``,
``CHANGELOG.md`` (rendered into the docs), the example records, the conformance vectors, and
the help of ``bergen`` and of each of its subcommands.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from bergen.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]

OUTSIDE = re.compile(
    r"rules[ -]brief|design\.md|shared/|seeds?/|\bissues? #?\d+|\bPR #?\d+"
    r"|\b\d{3}_[0-9a-f]{6,}",
    re.IGNORECASE,
)


def _texts() -> list[tuple[str, str]]:
    """Every (name, text) pair this test checks: repository files, then CLI help screens."""
    files = [
        *sorted((ROOT / "src").rglob("*")),
        *sorted((ROOT / "docs").rglob("*")),
        *sorted((ROOT / "examples").rglob("*")),
        ROOT / "README.md",
        ROOT / "CHANGELOG.md",
        ROOT / "CITATION.cff",
    ]
    out = []
    for path in files:
        if not path.is_file() or path.suffix in {".pyc", ".so", ".png", ".svg"}:
            continue
        out.append((str(path.relative_to(ROOT)), path.read_text("utf-8")))
    parser = build_parser()
    out.append(("bergen --help", parser.format_help()))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out.append((f"bergen {name} --help", sub.format_help()))
    return out


TEXTS = _texts()


def test_the_check_reads_the_help_of_every_subcommand() -> None:
    names = {name for name, _ in TEXTS}
    for command in ("simulate", "replay", "arena", "play"):
        assert f"bergen {command} --help" in names


@pytest.mark.parametrize(
    "sample",
    [
        "see the rules brief, rule 4",
        "design.md, principle 2",
        "/work/shared/rules.md",
        "seeds/003_653ceedb069cf6e0.txt",
        "seed 003_653ceedb069cf6e0.txt",
        "(issue 8)",
        "issue #12",
    ],
)
def test_the_pattern_catches_each_kind_of_outside_reference(sample: str) -> None:
    assert OUTSIDE.search(sample)


def test_the_pattern_lets_citations_of_the_repository_through() -> None:
    assert not OUTSIDE.search('docs/rules.md, rule 8; docs/records.md, "Replay"; seed 7')


def test_no_text_refers_to_a_document_outside_the_repository() -> None:
    found = []
    for name, text in TEXTS:
        for number, line in enumerate(text.splitlines(), 1):
            match = OUTSIDE.search(line)
            if match:
                found.append(f"{name}:{number}: {match.group(0)!r} in {line.strip()!r}")
    assert not found, "\n".join(found)
