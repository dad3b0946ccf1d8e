"""Code spans in the docs never hold an escaped pipe.

Inside a Markdown table, ``\\|`` in a code span is printed as a backslash and a bar (the docs once
showed ``--lead lowest\\|highest`` and ``int \\| None`` that way); the docs write the choices as
``{lowest,highest}``. The pages, README.md and the docstrings the API pages are built from are
checked.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CODE_SPAN = re.compile(r"`[^`\n]+`")


def _sources() -> list[Path]:
    return [
        *sorted(DOCS.rglob("*.md")),
        ROOT / "README.md",
        *sorted((ROOT / "src" / "bergen").rglob("*.py")),
    ]


def test_no_code_span_in_the_docs_holds_an_escaped_pipe() -> None:
    found = [
        f"{page.relative_to(ROOT)}:{n}: {span}"
        for page in _sources()
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for span in CODE_SPAN.findall(line)
        if "\\|" in span
    ]
    assert found == []
