"""bergen.svg: pictures parse as XML and draw what the position holds (issue 16). The pictures
were also looked at in headless Chromium (see the issue's report)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bergen import CLASSIC, TILES, Hand, LineOfPlay, RoundState, Tile, parse_move, svg
from bergen.errors import PositionError

NS = "{http://www.w3.org/2000/svg}"
WORKED = (
    "simple/1 0-0,2-2,4-3,5-4/4-1,5-3,6-0,6-3,6-4/2-0,3-1,4-2,5-1,6-6 *1-1 "
    "6-2,1-0,2-1,3-0,3-2,3-3,4-0,4-4,5-0,5-2,5-5,6-1,6-5 2,6,3 0 1"
)
NINE = ["4-1R", "5-1L", "5-4L", "6-4R", "6-6R", "4-3L", "6-3L", "draw", "6-2L"]


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def tiles_of(root: ET.Element) -> list[ET.Element]:
    return [r for r in root.iter(f"{NS}rect") if r.get("rx") is not None]


def pips(root: ET.Element) -> int:
    return len(list(root.iter(f"{NS}circle")))


def test_a_tile_has_its_pips_and_its_shape() -> None:
    root = parse(svg.tile(Tile(6, 5), size=20))
    assert pips(root) == 11  # six and five
    assert len(tiles_of(root)) == 1
    assert (root.get("width"), root.get("height")) == ("40", "20")
    up = parse(svg.tile(Tile(6, 5), size=20, orientation="vertical"))
    assert (up.get("width"), up.get("height")) == ("20", "40")
    back = parse(svg.tile(Tile(6, 5), face_down=True))
    assert pips(back) == 0 and len(tiles_of(back)) == 1
    assert pips(parse(svg.tile(Tile(0, 0)))) == 0


def test_a_hand_highlights_the_tiles_asked() -> None:
    hand = Hand.parse("0-0 2-2 4-3 5-4")
    root = parse(svg.hand(hand, highlight=[Tile(2, 2)]))
    rects = tiles_of(root)
    assert len(rects) == 4 and pips(root) == 0 + 4 + 7 + 9
    assert [r.get("stroke") for r in rects].count(svg.HIGHLIGHT_LEGAL) == 1


def test_the_line_lays_doubles_across() -> None:
    # Ends 2 and the double six: 2-6 6-3 3-4 4-5 5-1 *1-1 1-4 4-6 6-6.
    line = LineOfPlay.parse("2-6 6-3 3-4 4-5 5-1 *1-1 1-4 4-6 6-6")
    root = parse(svg.line(line, size=10, last=Tile(6, 2)))
    rects = tiles_of(root)
    assert len(rects) == 9
    upright = [r for r in rects if float(r.get("height", 0)) > float(r.get("width", 0))]
    assert len(upright) == 2  # the 1-1 and the 6-6, across the line
    assert [r.get("stroke") for r in rects].count(svg.HIGHLIGHT_LAST) == 1
    assert rects[0].get("stroke") == svg.HIGHLIGHT_LAST  # the 2-6 at the left end
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts == ["2", "6d"]
    vertical = parse(svg.line(line, orientation="vertical", size=10))
    across = [r for r in tiles_of(vertical) if float(r.get("width", 0)) > float(r.get("height", 0))]
    assert len(across) == 2
    assert "empty" in svg.line(LineOfPlay.empty())


def test_a_table_from_a_state_and_from_a_view() -> None:
    state, _ = RoundState.from_text(WORKED).play_out([parse_move(m) for m in NINE])
    root = parse(state.to_svg())
    # 9 tiles on the line, 2 + 2 + 3 in the hands: all face up.
    assert len(tiles_of(root)) == 9 + 7
    strokes = [r.get("stroke") for r in tiles_of(root)]
    assert strokes.count(svg.HIGHLIGHT_LAST) == 1  # the 6-2 Cara just laid
    assert strokes.count(svg.HIGHLIGHT_LEGAL) == 1  # Alice's 2-2 fits the 2 (rule 3)
    assert state._repr_svg_() == state.to_svg()
    view = parse(state.view(1).to_svg())
    backs = [r for r in tiles_of(view) if r.get("fill") == "#34495e"]
    assert len(backs) == 2 + 3  # Alice's and Cara's tiles, face down
    assert not [r for r in tiles_of(view) if r.get("stroke") == svg.HIGHLIGHT_LEGAL]
    assert svg.table(state.view(1)) == state.view(1).to_svg()
    plain = parse(state.to_svg(highlight_last=False, highlight_legal=False))
    assert {r.get("stroke") for r in tiles_of(plain)} == {"#1b1b1b"}
    title = next(root.iter(f"{NS}title")).text
    assert title == "simple v1, 3 seats, dealer seat 0"


def test_bad_arguments_raise_bergen_errors() -> None:
    with pytest.raises(PositionError, match="size"):
        svg.tile(Tile(1, 1), size=0)
    with pytest.raises(PositionError, match="orientation"):
        svg.line(LineOfPlay.empty(), orientation="diagonal")
    with pytest.raises(PositionError, match="does not carry"):
        svg.tile(Tile(1, 1), first=3)
    with pytest.raises(PositionError, match="tiles"):
        svg.hand(["6-6"])  # type: ignore[list-item]
    with pytest.raises(PositionError, match="RoundState or a PlayerView"):
        svg.table(CLASSIC)  # type: ignore[arg-type]


# ----------------------------------------------------------------- issue 27, item 7

LONG = "*0-0 0-1 1-1 1-2 2-2 2-3 3-3 3-4 4-4 4-5 5-5 5-6 6-6 6-0 0-2 2-4 4-6 6-1"


def _box(r: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(r.get("x", 0)), float(r.get("y", 0))
    return x, y, x + float(r.get("width", 0)), y + float(r.get("height", 0))


def test_a_long_line_turns_back_in_a_snake_within_720_pixels() -> None:
    line = LineOfPlay.parse(LONG)
    assert len(line.tiles) == 18
    root = parse(svg.line(line))
    assert float(root.get("width", 0)) <= 24 * 30 + 2 * 33 + 1  # a row of 24 halves, two labels
    rects = tiles_of(root)
    assert len(rects) == 18
    rows = sorted({round((_box(r)[1] + _box(r)[3]) / 2) for r in rects})
    assert len(rows) == 2  # the 18 tiles in two rows
    first = [r for r in rects if round((_box(r)[1] + _box(r)[3]) / 2) == rows[0]]
    second = [r for r in rects if round((_box(r)[1] + _box(r)[3]) / 2) == rows[1]]
    # The second row runs back from the right: its first tile (the 6-0, after the 6-6 that
    # ends the first row) is the rightmost, under the end of the first row.
    assert max(_box(r)[2] for r in second) == pytest.approx(max(_box(r)[2] for r in first), abs=31)
    # ... and the right end's label (1) stands left of the second row.
    texts = {t.text: float(t.get("x", 0)) for t in root.iter(f"{NS}text")}
    assert texts["1"] < min(_box(r)[0] for r in second)
    assert texts["0d"] < min(_box(r)[0] for r in first)
    # Every tile's pips are drawn: 18 tiles, both numbers of each.
    assert pips(root) == sum(p.left + p.right for p in line.tiles)


def test_a_tile_on_a_row_running_back_shows_its_numbers_toward_its_neighbours() -> None:
    # The 6-0 ends the first row; the second row starts under it, at the right, with the 0-2:
    # its 0 faces the 6-0's 0 (right), its 2 the 2-4 (left), so its two pips are on the left.
    line = LineOfPlay.parse(LONG)
    root = parse(svg.line(line))
    rects = tiles_of(root)
    o_two = rects[14]  # the 15th tile laid, left to right: the 0-2
    x0, y0, x1, y1 = _box(o_two)
    assert x1 == max(_box(r)[2] for r in rects[14:])  # the rightmost of the second row
    inside = [
        float(c.get("cx", 0))
        for c in root.iter(f"{NS}circle")
        if x0 <= float(c.get("cx", 0)) <= x1 and y0 <= float(c.get("cy", 0)) <= y1
    ]
    assert len(inside) == 2 and all(cx < (x0 + x1) / 2 for cx in inside)


def test_the_outlines_have_a_key() -> None:
    state, _ = RoundState.from_text(WORKED).play_out([parse_move(m) for m in NINE])
    texts = [t.text or "" for t in parse(state.to_svg()).iter(f"{NS}text")]
    assert "outlined orange: the last tile laid" in texts
    assert "outlined green: the tiles seat 0 can play now" in texts
    plain = [t.text or "" for t in parse(state.to_svg(highlight_last=False)).iter(f"{NS}text")]
    assert not any("orange" in t for t in plain)  # no key for an outline not drawn


def test_the_end_of_a_blocked_round_says_what_the_block_scored() -> None:
    # Seat 0 lays the 4-4 on the 4 and nobody holds a 3 or a 4: blocked; seat 2's 0-1 holds the
    # fewest pips (no doubles) and wins the count, 2 points (rule 8).
    hands = [[Tile(6, 6), Tile(4, 4)], [Tile(2, 2)], [Tile(1, 0)]]
    line = LineOfPlay.parse("*3-3 3-4")
    used = [p.tile for p in line.tiles] + [t for h in hands for t in h]
    rest = [t for t in TILES if t not in used]
    state = RoundState.from_position(hands, rest, line, 0, CLASSIC.replace(drawing=False))
    state, _ = state.apply(parse_move("4-4R"))
    texts = [t.text or "" for t in parse(state.to_svg()).iter(f"{NS}text")]
    assert "over: blocked, seat 2 won the count: 2 points for the blocked hand" in texts
    texts = [t.text or "" for t in parse(state.view(0).to_svg()).iter(f"{NS}text")]
    assert "over: blocked, seat 2 won the count: 2 points for the blocked hand" in texts
