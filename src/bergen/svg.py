"""Pictures of tiles, hands, the line of play and the whole table, as plain SVG text.

Like ``chess.svg``, every function returns an SVG document (a ``str`` starting with ``<svg``)
that a browser, a notebook or a docs page shows as it is; nothing beyond the standard library
is needed. Rounds and views show themselves in Jupyter through ``_repr_svg_``.

- :func:`tile`: one tile, either way up, face up or face down.
- :func:`hand`: a row of tiles, some highlighted (the legal plays).
- :func:`line`: the line of play as laid, each tile oriented as played and doubles across the
  line (docs/rules.md, "Equipment and terms"), the last tile laid highlighted if asked.
- :func:`table`: a whole round from a state or from one seat's view (other seats' tiles face
  down), with the scores and the seat to move: ``table(state)`` is ``state.to_svg()``.

Sizes are in pixels: ``size`` is the side of a tile's square half (a tile is ``size`` by
``2 * size``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Protocol

from bergen.errors import PositionError, _brief
from bergen.line import LineOfPlay
from bergen.tiles import Tile

__all__ = [
    "HIGHLIGHT_LAST",
    "HIGHLIGHT_LEGAL",
    "Drawable",
    "hand",
    "line",
    "table",
    "table_picture",
    "tile",
]

HIGHLIGHT_LAST = "#e07000"
"""The outline colour of the last tile laid."""

HIGHLIGHT_LEGAL = "#1a8f3a"
"""The outline colour of a tile that can be played now."""

_FACE = "#fffdf5"
_BACK = "#34495e"
_INK = "#1b1b1b"
_ORIENTATIONS = ("horizontal", "vertical")

# Pip centres in a square half, as fractions of its side (x, y), for 0..6.
_PIPS: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((0.5, 0.5),),
    ((0.27, 0.27), (0.73, 0.73)),
    ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    ((0.27, 0.25), (0.27, 0.5), (0.27, 0.75), (0.73, 0.25), (0.73, 0.5), (0.73, 0.75)),
)


class Drawable(Protocol):
    """A round state or a view: anything with ``to_svg(**options)``."""

    def to_svg(
        self,
        *,
        size: int = ...,
        highlight_last: bool = ...,
        highlight_legal: bool = ...,
        orientation: str = ...,
    ) -> str:
        """The table as SVG."""
        ...


def _check(size: object, orientation: object) -> int:
    if type(size) is not int or not 4 <= size <= 400:
        raise PositionError(f"size is an int of pixels 4..400, got {_brief(size)}")
    if not isinstance(orientation, str) or orientation not in _ORIENTATIONS:
        raise PositionError(f"orientation is 'horizontal' or 'vertical', got {_brief(orientation)}")
    return size


_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,30}")


def _check_flag(name: str, value: object) -> None:
    if type(value) is not bool:
        raise PositionError(f"{name} is True or False, got {_brief(value)}")


def _tiles(taker: str, name: str, items: object) -> list[Tile]:
    """The tiles of an iterable argument, checked (a ``PositionError`` naming it)."""
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise PositionError(f"{taker} takes {name}, an iterable of tiles, got {_brief(items)}")
    out = list(items)
    if len(out) > 28 or not all(isinstance(t, Tile) for t in out):
        raise PositionError(f"{taker} takes {name}, at most 28 tiles, got {_brief(out)}")
    return out


def _check_table(
    title: object,
    hands: object,
    ln: object,
    boneyard: object,
    scores: object,
    target: object,
    partnerships: object,
    to_move: object,
    status: object,
    last: object,
) -> None:
    """Check :func:`table_picture`'s values (a ``PositionError`` naming the argument)."""
    for name, text in (("title", title), ("status", status)):
        if not isinstance(text, str) or len(text) > 1000:
            raise PositionError(f"table_picture takes {name}, a string, got {_brief(text)}")
    if (
        isinstance(hands, str | bytes)
        or not isinstance(hands, Sequence)
        or not 2 <= len(hands) <= 4
    ):
        raise PositionError(f"table_picture takes hands, 2..4 hands, got {_brief(hands)}")
    for h in hands:
        if not (type(h) is int and 0 <= h <= 28):
            _tiles("table_picture", "hands", h)
    if not isinstance(ln, LineOfPlay):
        raise PositionError(f"table_picture takes ln, a LineOfPlay, got {_brief(ln)}")
    if type(boneyard) is not int or not 0 <= boneyard <= 28:
        raise PositionError(f"table_picture takes boneyard, an int 0..28, got {_brief(boneyard)}")
    if (
        isinstance(scores, str | bytes)
        or not isinstance(scores, Sequence)
        or not 1 <= len(scores) <= 4
        or not all(type(v) is int and 0 <= v <= 10**18 for v in scores)
    ):
        raise PositionError(f"table_picture takes scores, 1..4 ints >= 0, got {_brief(scores)}")
    if type(target) is not int or not 1 <= target <= 10**18:
        raise PositionError(f"table_picture takes target, an int >= 1, got {_brief(target)}")
    _check_flag("partnerships", partnerships)
    if to_move is not None and (type(to_move) is not int or not 0 <= to_move < len(hands)):
        raise PositionError(f"table_picture takes to_move, a seat or None, got {_brief(to_move)}")
    if last is not None and not isinstance(last, Tile):
        raise PositionError(f"table_picture takes last, a Tile or None, got {_brief(last)}")


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _attribute(text: str) -> str:
    """``text`` for a double-quoted XML attribute: ``&``, ``<``, ``>`` and ``"`` escaped."""
    return escape(text, quote=False).replace('"', "&quot;")


def _document(width: float, height: float, body: Iterable[str], title: str) -> str:
    w, h = _num(width), _num(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img" aria-label="{_attribute(title)}">'
        f"<title>{escape(title, quote=False)}</title>" + "".join(body) + "</svg>\n"
    )


def _tile_parts(
    x: float,
    y: float,
    a: int,
    b: int,
    u: int,
    vertical: bool,
    face_down: bool = False,
    outline: str | None = None,
) -> list[str]:
    """The SVG elements of one tile at (x, y): ``a`` on the left (or top), ``b`` right."""
    w, h = (u, 2 * u) if vertical else (2 * u, u)
    stroke = outline or _INK
    width = max(1.0, u / 12) * (2.5 if outline else 1)
    out = [
        f'<rect x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" width="{_num(w - 1)}" '
        f'height="{_num(h - 1)}" rx="{_num(u / 8)}" fill="{_BACK if face_down else _FACE}" '
        f'stroke="{stroke}" stroke-width="{_num(width)}"/>'
    ]
    if face_down:
        return out
    if vertical:
        out.append(
            f'<line x1="{_num(x + u * 0.15)}" y1="{_num(y + u)}" x2="{_num(x + u * 0.85)}" '
            f'y2="{_num(y + u)}" stroke="{_INK}" stroke-width="{_num(max(1.0, u / 16))}"/>'
        )
    else:
        out.append(
            f'<line x1="{_num(x + u)}" y1="{_num(y + u * 0.15)}" x2="{_num(x + u)}" '
            f'y2="{_num(y + u * 0.85)}" stroke="{_INK}" stroke-width="{_num(max(1.0, u / 16))}"/>'
        )
    r = u * 0.09
    for k, n in enumerate((a, b)):
        ox, oy = (x, y + k * u) if vertical else (x + k * u, y)
        for px, py in _PIPS[n]:
            if not vertical:  # rows of three along the tile's length
                px, py = py, px
            out.append(
                f'<circle cx="{_num(ox + px * u)}" cy="{_num(oy + py * u)}" r="{_num(r)}" '
                f'fill="{_INK}"/>'
            )
    return out


def _text(x: float, y: float, text: str, u: int, anchor: str = "start", bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-family="sans-serif" '
        f'font-size="{_num(max(8.0, u * 0.55))}" text-anchor="{anchor}" fill="{_INK}"{weight}>'
        f"{escape(text, quote=False)}</text>"
    )


def tile(
    t: Tile,
    *,
    size: int = 30,
    orientation: str = "horizontal",
    first: int | None = None,
    face_down: bool = False,
    highlight: str | None = None,
) -> str:
    """Draw one tile.

    Args:
        t: The tile.
        size: The side of each square half, in pixels (4..400).
        orientation: ``"horizontal"`` (the halves side by side) or ``"vertical"`` (one above
            the other).
        first: The number drawn on the left (or top) half; default the tile's higher number.
        face_down: Draw the back instead.
        highlight: An outline colour (for example :data:`HIGHLIGHT_LEGAL`), or ``None``.

    Returns:
        An SVG document.

    Raises:
        PositionError: when ``highlight`` is not a colour (``#d62728``, ``red``) or
            ``None``, or ``face_down`` not a bool.
        PositionError: for a value that is not a :class:`~bergen.Tile`, a ``first`` it does
            not carry, a bad size or orientation.
    """
    u = _check(size, orientation)
    if not isinstance(t, Tile):
        raise PositionError(f"tile takes a Tile, got {_brief(t)}")
    _check_flag("face_down", face_down)
    if highlight is not None and (
        not isinstance(highlight, str) or not _COLOUR.fullmatch(highlight)
    ):
        raise PositionError(
            f"highlight is a colour such as '#d62728' or 'red', or None, got {_brief(highlight)}"
        )
    if first is not None and (type(first) is not int or not t.has(first)):
        raise PositionError(f"{t} does not carry the number {_brief(first)}")
    a = t.high if first is None else first
    vertical = orientation == "vertical"
    w, h = (u, 2 * u) if vertical else (2 * u, u)
    name = "a face-down tile" if face_down else f"the tile {t}"
    return _document(
        w, h, _tile_parts(0, 0, a, t.other(a), u, vertical, face_down, highlight), name
    )


def _hand_parts(
    x: float, y: float, tiles: Sequence[Tile], u: int, highlight: set[Tile], face_down: bool
) -> list[str]:
    out: list[str] = []
    for i, t in enumerate(tiles):
        colour = HIGHLIGHT_LEGAL if t in highlight else None
        out += _tile_parts(x + i * (u + u // 4), y, t.high, t.low, u, True, face_down, colour)
    return out


def hand(
    tiles: Iterable[Tile],
    *,
    size: int = 30,
    highlight: Iterable[Tile] = (),
    face_down: bool = False,
) -> str:
    """Draw a hand: its tiles upright in a row, higher number on top.

    Args:
        tiles: The tiles (a :class:`~bergen.Hand` or any iterable of tiles).
        size: The side of each square half, in pixels.
        highlight: Tiles to outline (for example the legal plays), in :data:`HIGHLIGHT_LEGAL`.
        face_down: Draw every tile's back (a hand one may not see).

    Returns:
        An SVG document.

    Raises:
        PositionError: when ``tiles`` or ``highlight`` is not an iterable of at most 28
            tiles, or ``face_down`` not a bool.
        PositionError: for an item that is not a tile, or a bad size.
    """
    u = _check(size, "horizontal")
    items = _tiles("hand", "tiles", tiles)
    marks = set(_tiles("hand", "highlight", highlight))
    _check_flag("face_down", face_down)
    width = max(1, len(items)) * (u + u // 4)
    body = _hand_parts(0, 0, items, u, marks, face_down)
    return _document(width, 2 * u, body, "a hand: " + (" ".join(map(str, items)) or "empty"))


_LINE_ROW = 24
"""The longest row of the line of play in a picture, in tiles' square halves (720 pixels at the
default size of 30): a longer line turns back in a snake, row under row (or column beside
column when the line runs down the page)."""


def _rows(ln: LineOfPlay, u: int) -> list[list[tuple[int, int, float]]]:
    """The line's tiles in rows of at most ``_LINE_ROW`` halves: per tile its left and
    right number as laid and its length along the line, in pixels.
    """
    rows: list[list[tuple[int, int, float]]] = [[]]
    along = 0.0
    gap = u / 10
    for p in ln.tiles:
        length = float(u if p.left == p.right else 2 * u)
        if rows[-1] and along + length > _LINE_ROW * u:
            rows.append([])
            along = 0.0
        rows[-1].append((p.left, p.right, length))
        along += length + gap
    return rows


def _line_parts(
    x: float, y: float, ln: LineOfPlay, u: int, vertical: bool, last: Tile | None
) -> tuple[list[str], float, float, tuple[float, float, bool]]:
    """The line's tiles from (x, y), as laid, in a snake of rows of at most ``_LINE_ROW``
    halves: the first row from the left (or top), the next back under it, and so on, each
    tile's numbers facing its neighbours, a thin line joining a row's end to the next row.

    Returns:
        The parts, the width and the height, and where the right end's label goes: its along
        and across position and whether the last row runs backwards.
    """
    out: list[str] = []
    gap = u / 10
    row_gap = u * 0.7
    rows = _rows(ln, u)
    extent = max(sum(t[2] for t in r) + gap * (len(r) - 1) for r in rows)
    laid = iter(ln.tiles)

    def at(along: float, across: float) -> tuple[float, float]:
        return (x + across, y + along) if vertical else (x + along, y + across)

    end = (0.0, 0.0, False)
    for r, row in enumerate(rows):
        back = r % 2 == 1
        across = r * (2 * u + row_gap)
        along = extent if back else 0.0
        for left, right, length in row:
            p = next(laid)
            double = left == right
            colour = HIGHLIGHT_LAST if p.tile == last else None
            start = along - length if back else along
            a, b = (right, left) if back else (left, right)  # the numbers face their neighbours
            # A double lies across the line; any other tile along it.
            upright = vertical != double
            px, py = at(start, across + (0 if double else u / 2))
            out += _tile_parts(px, py, a, b, u, upright, False, colour)
            along = start - gap if back else start + length + gap
        finish = along + gap if back else along - gap
        end = (finish, across + u, back)
        if r + 1 < len(rows):  # the turn to the next row
            side = finish + (-u * 0.35 if back else u * 0.35)
            x1, y1 = at(side, across + u)
            x2, y2 = at(side, across + 3 * u + row_gap)
            out.append(
                f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
                f'stroke="#7a7a7a" stroke-width="{_num(max(1.0, u / 12))}"/>'
            )
    depth = len(rows) * 2 * u + (len(rows) - 1) * row_gap
    return (out, depth, extent, end) if vertical else (out, extent, depth, end)


def _line_with_ends(
    x: float, y: float, ln: LineOfPlay, u: int, vertical: bool, last: Tile | None
) -> tuple[list[str], float, float]:
    """The line with each open end's number beside it (``6d``: the end is a double)."""
    if ln.lead is None:
        return [_text(x, y + u * 1.15, "the line is empty: the lead is to come", u)], 12 * u, 2 * u
    pad = u * 1.1
    left = _end(ln.left, ln.left_double)
    right = _end(ln.right, ln.right_double)
    if vertical:
        parts, w, h, (along, across, back) = _line_parts(x, y + pad, ln, u, True, last)
        parts.append(_text(x + u, y + pad * 0.7, left, u, "middle", bold=True))
        label_y = y + pad + along + (-pad * 0.35 if back else pad * 0.75)
        parts.append(_text(x + across, label_y, right, u, "middle", bold=True))
        return parts, w, h + 2 * pad
    parts, w, h, (along, across, back) = _line_parts(x + pad, y, ln, u, False, last)
    parts.append(_text(x + pad * 0.45, y + u * 1.2, left, u, "middle", bold=True))
    label_x = x + pad + along + (-pad * 0.45 if back else pad * 0.55)
    parts.append(_text(label_x, y + across + u * 0.2, right, u, "middle", bold=True))
    return parts, w + 2 * pad, h


def line(
    ln: LineOfPlay, *, size: int = 30, orientation: str = "horizontal", last: Tile | None = None
) -> str:
    """Draw the line of play as laid: each tile with the number it shows each way, doubles
    across the line, and the open ends' numbers at both ends (``6d`` when the end is a double).

    Args:
        ln: The line of play.
        size: The side of each square half, in pixels.
        orientation: ``"horizontal"`` (left end on the left) or ``"vertical"`` (left end at
            the top).
        last: A tile of the line to outline in :data:`HIGHLIGHT_LAST` (the last one laid).

    Returns:
        An SVG document (a short note while the line is empty).

    Raises:
        PositionError: when ``last`` is neither a tile nor ``None``.
        PositionError: for a value that is not a line of play, or a bad size or orientation.
    """
    u = _check(size, orientation)
    if not isinstance(ln, LineOfPlay):
        raise PositionError(f"line takes a LineOfPlay, got {_brief(ln)}")
    if last is not None and not isinstance(last, Tile):
        raise PositionError(f"line takes last, a Tile or None, got {_brief(last)}")
    body, w, h = _line_with_ends(0, 0, ln, u, orientation == "vertical", last)
    return _document(w, h, body, f"the line of play: {ln or 'empty'}")


def _end(n: int | None, double: bool) -> str:
    return f"{n}{'d' if double else ''}"


def table_picture(
    *,
    title: str,
    hands: Sequence[Sequence[Tile] | int],
    ln: LineOfPlay,
    boneyard: int,
    scores: Sequence[int],
    target: int,
    partnerships: bool,
    to_move: int | None,
    status: str,
    last: Tile | None,
    legal: Iterable[Tile],
    size: int = 30,
    orientation: str = "horizontal",
) -> str:
    """Draw a whole table from plain values (what :meth:`bergen.RoundState.to_svg` and
    :meth:`bergen.PlayerView.to_svg` call).

    Args:
        title: The heading (rules, who is to move).
        hands: Per seat, its tiles, or how many it holds when they are hidden (face down).
        ln: The line of play.
        boneyard: Tiles in the boneyard.
        scores: Match points per side.
        target: The target, in points.
        partnerships: Whether sides are partnerships (seats 0+2, 1+3).
        to_move: The seat to move, or ``None`` once the round is over.
        status: A line under the heading (the outcome, or whose turn it is).
        last: The last tile laid, outlined, or ``None``.
        legal: Tiles the seat to move can play now, outlined.
        size: The side of each square half, in pixels.
        orientation: How the line runs: ``"horizontal"`` or ``"vertical"`` (down the left
            side, the hands to its right).

    Returns:
        An SVG document.

    Raises:
        PositionError: for a bad size or orientation, or any value not of its type: a title or
            status that is not a string of at most 1,000 characters, hands that are not 2..4
            sequences of tiles or counts 0..28, a line that is not a
            :class:`~bergen.line.LineOfPlay`, a boneyard not 0..28, scores not 1..4 ints >= 0,
            a target not an int >= 1, ``partnerships`` not a bool, ``to_move`` not a seat or
            ``None``, ``last`` not a tile or ``None``, ``legal`` not tiles.
    """
    u = _check(size, orientation)
    _check_table(title, hands, ln, boneyard, scores, target, partnerships, to_move, status, last)
    legal = _tiles("table_picture", "legal", legal)
    vertical = orientation == "vertical"
    margin = u * 0.5
    row = u * 0.9
    body: list[str] = [_text(margin, margin + row * 0.8, title, u, bold=True)]
    body.append(_text(margin, margin + row * 1.8, status, u))
    top = margin + row * 2.4
    if vertical:
        parts, lw, lh = _line_with_ends(margin, top, ln, u, True, last)
        body += parts
        left = margin + lw + u
        y = top
    else:
        parts, lw, lh = _line_with_ends(margin, top, ln, u, False, last)
        body += parts
        left = margin
        y = top + lh + u * 0.6
    width = margin * 2 + (lw if not vertical else lw + u)
    marks = set(legal)
    step = u + u // 4
    for seat, h in enumerate(hands):
        label = f"seat {seat}" + (" - to move" if seat == to_move else "")
        body.append(_text(left, y + row * 0.8, label, u, bold=seat == to_move))
        y += row
        if isinstance(h, int):
            tiles_w = max(1, h) * step
            for i in range(h):
                body += _tile_parts(left + i * step, y, 0, 0, u, True, face_down=True)
        else:
            tiles_w = max(1, len(h)) * step
            body += _hand_parts(left, y, h, u, marks if seat == to_move else set(), False)
        if (isinstance(h, int) and h == 0) or (not isinstance(h, int) and not h):
            body.append(_text(left, y + u * 1.1, "(no tiles)", u))
        width = max(width, left + tiles_w + margin + 4 * u)
        y += 2 * u + u * 0.5
    points = ", ".join(
        (f"seats {s}+{s + 2}: {v}" if partnerships else f"seat {s}: {v}")
        for s, v in enumerate(scores)
    )
    score_line = f"scores {points} (target {target})"
    body.append(_text(left, y + row * 0.8, f"boneyard: {boneyard} tiles", u))
    body.append(_text(left, y + row * 1.8, score_line, u))
    y += row * 2
    # A key to the outlines drawn: orange for the last tile laid, green for the legal plays.
    key: list[tuple[str, str]] = []
    if last is not None and any(p.tile == last for p in ln.tiles):
        key.append((HIGHLIGHT_LAST, "outlined orange: the last tile laid"))
    if legal and to_move is not None and not isinstance(hands[to_move], int):
        key.append((HIGHLIGHT_LEGAL, f"outlined green: the tiles seat {to_move} can play now"))
    for colour, text in key:
        body.append(
            f'<rect x="{_num(left + 0.5)}" y="{_num(y + row * 0.25)}" width="{_num(u * 0.9)}" '
            f'height="{_num(u * 0.5)}" fill="{_FACE}" stroke="{colour}" '
            f'stroke-width="{_num(max(1.0, u / 12) * 2.5)}"/>'
        )
        body.append(_text(left + u * 1.3, y + row * 0.8, text, u))
        width = max(width, left + u * 1.3 + u * 0.34 * len(text) + margin)
        y += row
    height = max(y + row * 0.4 + margin, top + lh + margin)
    # Text is about a third of a half's side per character wide (a font of 0.55 of it).
    width = max(
        width,
        left + u * 0.34 * len(score_line) + margin,
        margin + u * 0.36 * max(len(title), len(status)),
    )
    background = '<rect width="100%" height="100%" fill="#eef3ea"/>'
    return _document(width, height, [background, *body], title)


def table(position: Drawable, **options: object) -> str:
    """Draw a whole table from a round state or a view: ``position.to_svg(**options)``.

    Args:
        position: A :class:`~bergen.RoundState` (every hand face up) or a
            :class:`~bergen.PlayerView` (the other seats' tiles face down).
        options: ``size``, ``highlight_last``, ``highlight_legal``, ``orientation`` (see
            :meth:`bergen.RoundState.to_svg`).

    Returns:
        An SVG document.

    Raises:
        PositionError: when ``position`` is neither, or for a bad option.
    """
    draw = getattr(position, "to_svg", None)
    if not callable(draw) or isinstance(position, type):
        raise PositionError(f"table takes a RoundState or a PlayerView, got {_brief(position)}")
    try:
        result = draw(**options)
    except TypeError as e:
        raise PositionError(f"table: {e}") from None
    if not isinstance(result, str):
        raise PositionError(f"table takes a RoundState or a PlayerView, got {_brief(position)}")
    return result
