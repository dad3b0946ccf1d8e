"""Every ```python block in README.md and docs/**/*.md runs, as the reader would run it.

The blocks of one page run in order in one namespace (a page reads top to bottom, so a later
block may use names from an earlier one), in a fresh temporary working directory. The namespace
is a module registered in ``sys.modules`` while the page runs, so that classes defined on a page
can be named by ``module:Class`` (as the arena loads bots).

Two markers, each an HTML comment on the line just before a block's opening fence:

- ``<!-- docs-test: skip -->``: the block is intentionally not runnable (say on the page why).
  Use it sparingly.
- ``<!-- docs-test: requires MODULE[, MODULE] -->``: the block needs an optional package (for
  example ``distributed``, from the ``dask`` extra); it runs when the modules import and is left
  out otherwise. CI installs the extras, so there it always runs.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP_MARKER = "<!-- docs-test: skip -->"
_REQUIRES = re.compile(r"^<!-- docs-test: requires ([\w., ]+) -->$")
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<lang>[\w+-]*)")


def markdown_pages() -> list[Path]:
    """README.md and every Markdown page of the documentation site."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return [p for p in pages if p.is_file()]


def python_blocks(text: str) -> list[tuple[int, str, tuple[str, ...]]]:
    """The ```python blocks of a Markdown text: (line of the first code line, code, requires).

    Blocks preceded by the skip marker are left out; ``requires`` lists the modules named by a
    requires marker. Indented blocks (inside a list item or an admonition) are dedented by the
    indentation of their opening fence.
    """
    lines = text.splitlines()
    blocks: list[tuple[int, str, tuple[str, ...]]] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m["indent"], m["fence"], m["lang"].lower()
        prev = next((ln.strip() for ln in reversed(lines[:i]) if ln.strip()), "")
        start = i + 1
        j = start
        while j < len(lines) and not (
            lines[j].strip().startswith(fence[0] * len(fence))
            and lines[j].strip().strip(fence[0]) == ""
        ):
            j += 1
        if lang in ("python", "py") and prev != SKIP_MARKER:
            body = [ln[len(indent) :] if ln.startswith(indent) else ln for ln in lines[start:j]]
            req = _REQUIRES.match(prev)
            requires = tuple(r.strip() for r in req.group(1).split(",")) if req else ()
            blocks.append((start + 1, "\n".join(body) + "\n", requires))
        i = j + 1
    return blocks


def test_the_extractor_finds_blocks_and_honours_the_markers() -> None:
    text = "\n".join(
        [
            "# Page",  # line 1
            "```python",  # 2
            "x = 1",  # 3
            "```",  # 4
            "<!-- docs-test: skip -->",  # 5
            "```python",  # 6
            "not python at all",  # 7
            "```",  # 8
            "```sh",  # 9
            "bergen simulate",  # 10
            "```",  # 11
            "- item",  # 12
            "    ```python",  # 13
            "    y = x + 1",  # 14
            "    ```",  # 15
            "<!-- docs-test: requires distributed, numpy -->",  # 16
            "```python",  # 17
            "import distributed",  # 18
            "```",  # 19
        ]
    )
    assert python_blocks(text) == [
        (3, "x = 1\n", ()),
        (14, "y = x + 1\n", ()),
        (18, "import distributed\n", ("distributed", "numpy")),
    ]


def test_the_docs_have_examples() -> None:
    pages_with_code = [p for p in markdown_pages() if python_blocks(p.read_text("utf-8"))]
    names = {p.relative_to(ROOT).as_posix() for p in pages_with_code}
    assert {"README.md", "docs/index.md", "docs/rules.md"} <= names


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    slug = re.sub(r"\W", "_", page.relative_to(ROOT).with_suffix("").as_posix())
    module = types.ModuleType(f"docs_example_{slug}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for line, code, requires in python_blocks(page.read_text("utf-8")):
        if not all(_importable(r) for r in requires):
            continue
        # Pad so that tracebacks point at the page's own line numbers.
        compiled = compile("\n" * (line - 1) + code, str(page), "exec")
        exec(compiled, module.__dict__)
