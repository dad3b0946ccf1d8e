"""The docs' layout at 1280 px (issue 27, item 7): shell blocks that fit the content column, the
rules page's header figures drawn large, the API pages' sidebar without a title over an entry,
and the docs extra able to format signatures. The pages were looked at in headless Chromium at
1280x900 before and after (the issue's report).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

CODE_COLUMN = 84
"""Characters of a code block that fit between the sidebars of a 1280 px window: about 690 px
inside the block's padding, at about 8.1 px per character of the theme's code font."""


def _shell_lines(page: Path) -> list[tuple[int, str]]:
    """The lines of a page's shell blocks (```sh, ```bash, ```console), with their numbers."""
    out: list[tuple[int, str]] = []
    lang: str | None = None
    for number, line in enumerate(page.read_text("utf-8").splitlines(), 1):
        stripped = line.lstrip()
        if stripped.startswith("```"):
            lang = None if lang is not None else (stripped[3:].strip() or "text")
            continue
        if lang in ("sh", "bash", "console", "shell"):
            out.append((number, line))
    return out


def test_shell_blocks_fit_the_content_column() -> None:
    # The performance page's "Reproduce" block was cut off on the right (its comments at the
    # ends of 94-character lines).
    pages = sorted(DOCS.rglob("*.md"))
    assert DOCS / "performance.md" in pages
    too_long = [
        f"{page.relative_to(ROOT)}:{number} ({len(line)} characters)"
        for page in pages
        for number, line in _shell_lines(page)
        if len(line) > CODE_COLUMN
    ]
    assert too_long == []
    assert any("bench.py --compiled" in line for _, line in _shell_lines(DOCS / "performance.md"))


def test_the_rules_pages_header_figures_are_drawn_large() -> None:
    marks = re.findall(r"<!-- bergen-svg line (.+?) -->", (DOCS / "rules.md").read_text("utf-8"))
    assert len(marks) == 5  # rule 5's headers and triple headers
    for mark in marks:
        size = re.search(r"\bsize=(\d+)", mark)
        assert size is not None and int(size.group(1)) >= 36, mark  # the default is 24 px


def test_the_api_sidebar_has_no_title_over_its_entries() -> None:
    css = (DOCS / "stylesheets" / "layout.css").read_text("utf-8")
    assert re.search(
        r"@media screen and \(min-width: 76\.25em\)\s*\{\s*\.md-nav--primary > \.md-nav__title"
        r"\s*\{\s*display: none;",
        css,
    )
    assert "stylesheets/layout.css" in (ROOT / "mkdocs.yml").read_text("utf-8")


def test_the_docs_extra_can_format_signatures() -> None:
    # mkdocstrings-python formats separate signatures with Ruff or Black, and warns without.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    docs = project["optional-dependencies"]["docs"]
    assert any(re.match(r"(ruff|black)\b", requirement) for requirement in docs)
