"""An MkDocs hook: pictures of the line and the table, drawn by bergen itself at build time.

A page asks for a picture with an HTML comment on a line of its own::

    <!-- bergen-svg line "1-4 4-3 *3-3 3-1" last=4-1 caption="..." -->
    <!-- bergen-svg table "POSITION TEXT" moves="4-1R 5-1L" view=1 caption="..." -->

``line`` draws a line of play (:func:`bergen.svg.line`); ``table`` sets up a position from its
text (docs/records.md, "The position notation"), plays the moves and draws the table
(:meth:`bergen.RoundState.to_svg`), or one seat's view of it. The comment is replaced by the
SVG in a ``<figure>``. A bad comment stops the build, so a picture can never go stale silently.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

from bergen import RoundState, Tile, parse_move, svg
from bergen.line import LineOfPlay

_MARK = re.compile(r"^<!-- bergen-svg (line|table) (.+?) -->$", re.MULTILINE)


def _picture(kind: str, args: str) -> str:
    words = shlex.split(args)
    subject, options = words[0], dict(w.split("=", 1) for w in words[1:])
    caption = options.pop("caption", "")
    size = int(options.pop("size", "24"))
    if kind == "line":
        last = options.pop("last", None)
        picture = svg.line(
            LineOfPlay.parse(subject), size=size, last=Tile.parse(last) if last else None
        )
    else:
        state = RoundState.from_text(subject)
        moves = options.pop("moves", "").split()
        state, _ = state.play_out([parse_move(m) for m in moves])
        view = options.pop("view", None)
        shown = state if view is None else state.view(int(view))
        picture = shown.to_svg(size=size, orientation=options.pop("orientation", "horizontal"))
    if options:
        raise ValueError(f"bergen-svg: unknown options {sorted(options)}")
    text = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f'\n<figure class="bergen-svg">{picture.strip()}{text}</figure>\n'


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace every ``bergen-svg`` comment of a page by the picture it asks for."""
    return _MARK.sub(lambda m: _picture(m.group(1), m.group(2)), markdown)
