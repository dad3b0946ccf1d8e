"""Tiles drawn in the docs are drawn as ``bergen play`` and ``print(state)`` draw them: a double
across as ``[1:1]``, any other tile ``[5|1]`` (the README once showed the line as
``[5|1][1|1][1|4]``)."""

from __future__ import annotations

import re
from pathlib import Path

from bergen import LineOfPlay
from bergen.cli.play import draw_line

ROOT = Path(__file__).resolve().parents[2]
# A drawn line in a code span: one tile or more, [a|b] or [a:a].
DRAWN = re.compile(r"`((?:\[[0-6][|:][0-6]\])+)`")
TILE = re.compile(r"\[([0-6])([|:])([0-6])\]")


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_every_drawn_tile_in_the_docs_is_drawn_as_bergen_draws_it() -> None:
    wrong = [
        f"{page.relative_to(ROOT)}:{n}: {drawn}"
        for page in _pages()
        for n, text in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for drawn in DRAWN.findall(text)
        for a, mark, b in TILE.findall(drawn)
        if (mark == ":") != (a == b)
    ]
    assert wrong == []


def test_the_readme_line_is_the_one_bergen_play_draws() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    drawn = [d for d in DRAWN.findall(readme) if len(TILE.findall(d)) > 1]
    assert drawn == ["[5|1][1:1][1|4]"]
    assert draw_line(LineOfPlay.parse("5-1 *1-1 1-4")) == drawn[0]
