"""The docs' tables fit a 1280 px wide window and never break an identifier mid-word.

At 1280 px the theme leaves about 720 px between the two sidebars. The presets table of
docs/rules.md once had seven columns: its sources column was cut off past the edge, and code such
as ``hand_sizes`` was broken as ``hand_size`` over ``s``. docs/stylesheets/tables.css keeps the
code of a table whole (``white-space: nowrap``) and the cells narrower; so a long code span now
widens its column, and a table fits only if its unbreakable pieces do.

The width is estimated from the Markdown (the longest code span and the longest word of each
column, at the sizes of the theme's table font); the pages were checked in headless Chromium at
1280x900, and this estimate agrees with what it showed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

COLUMN = 720  # px of content between the sidebars in a 1280 px window
CODE_PX = 6.6  # px per character of code in a table (monospace at 0.85 x 12.8 px)
TEXT_PX = 6.4  # px per character of a word of text (12.8 px, bold headers included)
CELL_PADDING = 2 * 0.75 * 12.8 + 1  # tables.css: 0.75em either side, and a border
CODE_PADDING = 5  # the code span's own padding


def _cells(line: str) -> list[str]:
    """The cells of one table row; a ``|`` inside a code span does not split."""
    cells, cell, in_code = [], "", False
    for ch in line.strip()[1:-1]:
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append(cell)
            cell = ""
        else:
            cell += ch
    cells.append(cell)
    return cells


def _tables(page: Path) -> Iterator[tuple[int, list[list[str]]]]:
    """Each Markdown table of ``page``: its first line's number and its rows of cells."""
    lines = page.read_text("utf-8").splitlines()
    i = 0
    while i < len(lines) - 1:
        if lines[i].startswith("|") and re.fullmatch(r"\|[-:| ]+\|\s*", lines[i + 1]):
            j = i
            rows = []
            while j < len(lines) and lines[j].startswith("|"):
                if j != i + 1:
                    rows.append(_cells(lines[j]))
                j += 1
            yield i + 1, rows
            i = j
        else:
            i += 1


def _narrowest(cell: str) -> float:
    """The least width ``cell`` can take, in px: its longest code span or word."""
    spans = re.findall(r"`([^`]+)`", cell)
    text = re.sub(r"`[^`]+`", " ", cell)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link shows its text
    words = re.split(r"[\s/-]+", text)
    return max([len(s) * CODE_PX + CODE_PADDING for s in spans] + [len(w) * TEXT_PX for w in words])


def _narrowest_table(rows: list[list[str]]) -> float:
    columns = max(len(r) for r in rows)
    return sum(
        max(_narrowest(r[c]) for r in rows if c < len(r)) + CELL_PADDING for c in range(columns)
    )


def test_every_docs_table_fits_the_column_at_1280_px() -> None:
    too_wide = [
        f"{page.relative_to(ROOT)}:{line}: about {_narrowest_table(rows):.0f} px"
        for page in sorted(DOCS.rglob("*.md"))
        for line, rows in _tables(page)
        if _narrowest_table(rows) > COLUMN
    ]
    assert too_wide == []


def test_the_old_presets_table_would_not_fit() -> None:
    # The seven-column table as it was: the estimate must see that it is cut off.
    row = (
        "| Blocked-hand rule | fewest doubles, then pips | fewest pips | `blocked` | "
        "`FewestDoublesThenPips()`, `FewestPips()`, `NoDoubleFirst()`, "
        "`NoDoubleFirstNonDoublePips()`, or a `BlockedHandJudge` | "
        "`--block-rule {fewest-doubles,fewest-pips,no-double-first,non-double-pips}` | "
        "`SV` / `EN` / puzzle-place |"
    )
    assert _narrowest_table([_cells(row)]) > COLUMN


def test_the_table_stylesheet_keeps_code_whole() -> None:
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    assert re.search(r"^extra_css:\n  - stylesheets/tables\.css$", config, flags=re.MULTILINE)
    css = (DOCS / "stylesheets" / "tables.css").read_text("utf-8")
    rule = re.search(r"\.md-typeset table:not\(\[class\]\) code \{([^}]*)\}", css)
    assert rule is not None
    assert "white-space: nowrap" in rule[1] and "word-break: normal" in rule[1]
    assert re.search(r"table:not\(\[class\]\) th \{[^}]*min-width: 0", css)


def test_the_presets_table_is_two_tables_of_four_columns() -> None:
    page = (DOCS / "rules.md").read_text("utf-8")
    section = page.split("## Presets and switches", 1)[1].split("\n## ", 1)[0]
    headers = [line for line in section.splitlines() if line.startswith("| Switch |")]
    assert headers == [
        "| Switch | `classic` | `simple` | Sources |",
        "| Switch | `Rules` field | Values (components) | CLI flag |",
    ]
