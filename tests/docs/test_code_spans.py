"""Code spans in the docs never hold an escaped pipe.

Inside a Markdown table, ``\\|`` in a code span is printed as a backslash and a bar (the docs once
showed ``--lead lowest\\|highest`` that way); the docs write the choices as ``{lowest,highest}``.
"""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"
CODE_SPAN = re.compile(r"`[^`\n]+`")


def test_no_code_span_in_the_docs_holds_an_escaped_pipe() -> None:
    found = [
        f"{page.relative_to(DOCS)}:{n}: {span}"
        for page in sorted(DOCS.rglob("*.md"))
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for span in CODE_SPAN.findall(line)
        if "\\|" in span
    ]
    assert found == []
