"""bergen.svg: pictures parse as XML and draw what the position holds (issue 16). The pictures
were also looked at in headless Chromium (see the issue's report)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bergen import CLASSIC, Hand, LineOfPlay, RoundState, Tile, parse_move, svg
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
