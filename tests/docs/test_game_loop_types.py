"""The game loop of docs/guides/app.md passes ``mypy --strict`` (issue 18: ``match.round`` may
be ``None`` for the type checker, and the loop used it unchecked)."""

from __future__ import annotations

import re
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_guides_game_loop_type_checks(tmp_path: Path) -> None:
    page = (ROOT / "docs" / "guides" / "app.md").read_text("utf-8")
    section = page.split("## A game loop", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert block is not None
    source = tmp_path / "game_loop.py"
    source.write_text("from bergen import CLASSIC, MatchState\n\n" + block[1], "utf-8")
    out, err, status = api.run(["--strict", "--no-incremental", str(source)])
    assert status == 0, out + err
