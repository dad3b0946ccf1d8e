"""``bergen play``'s screen and prompts (issue 18, newcomer friction): the double end marked,
tiles chosen by number or name (``6-4R``), backing out of the l/r question, draws without
Enter, no line over 100 characters, a round's winner named.
"""

from __future__ import annotations

import argparse
import io
import itertools
import re

from bergen import TILES, End, LineOfPlay, MatchState, Play, RoundState, Tile
from bergen.cli.options import add_rules_arguments
from bergen.cli.play import WIDTH, _Table, draw_ends, play_match, wrap_pieces


def _rules_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_rules_arguments(parser)
    return parser.parse_args([])


def test_a_double_at_an_end_is_marked() -> None:
    # After the lead 4-4 and 4-0 on the right, the left end is the double (rule 6).
    assert draw_ends(LineOfPlay.parse("*4-4 4-0")) == "ends 4 (double) | 0"
    assert draw_ends(LineOfPlay.parse("3-4 *4-4 4-0")) == "ends 3 | 0"
    assert draw_ends(LineOfPlay.empty()) == ""


def _position() -> RoundState:
    # The 4-4 led; seat 0 holds 6-4 (fits both ends, 4 | 4), 0-1 and 0-2.
    line = LineOfPlay.parse("*4-4")
    mine = [Tile(6, 4), Tile(1, 0), Tile(2, 0)]
    rest = [t for t in TILES if t not in mine and t != Tile(4, 4)]
    return RoundState.from_position([mine, rest[:6]], rest[6:], line, 0)


def _table(answers: list[str]) -> tuple[_Table, io.StringIO]:
    out = io.StringIO()
    it = iter(answers)
    match = MatchState.new(2, seed=1)
    table = _Table(match, 0, {}, {1: "greedy"}, lambda prompt: next(it), out)
    return table, out


def test_a_tile_by_name_with_an_end() -> None:
    state = _position()
    table, _ = _table(["6-4R"])
    assert table.human_move(state) == Play(Tile(6, 4), End.RIGHT)
    table, _ = _table(["4-6 l"])
    assert table.human_move(state) == Play(Tile(6, 4), End.LEFT)
    table, _ = _table(["3r"])  # the hand is listed 1-0, 2-0, 6-4
    assert table.human_move(state) == Play(Tile(6, 4), End.RIGHT)


def test_backing_out_of_the_end_question() -> None:
    state = _position()
    # 6-4 fits both ends: asked l or r; "b" goes back to the choice of a tile.
    table, out = _table(["6-4", "b", "3", "l"])
    assert table.human_move(state) == Play(Tile(6, 4), End.LEFT)
    text = out.getvalue()
    assert "tile number" not in text


def test_a_tile_not_held_or_not_fitting_is_asked_again() -> None:
    state = _position()
    table, out = _table(["5-5", "0-1", "6-4r"])
    assert table.human_move(state) == Play(Tile(6, 4), End.RIGHT)
    text = out.getvalue()
    assert "You do not hold [5:5]." in text
    assert "[1|0] fits neither end (ends 4 (double) | 4 (double))." in text


def test_a_whole_match_draws_without_enter_and_fits_100_columns() -> None:
    prompts: list[str] = []
    answers = itertools.cycle(["", "x", *(str(n) for n in range(1, 12)), "l", "r", "b", "6-4R"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    seats = 4
    assert play_match(seats, 0, ["greedy", "random"], 5, _rules_args(), ask=ask, out=out) == 0
    text = out.getvalue()
    assert "Match over." in text
    assert "You draw [" in text  # the player drew ...
    # ... and was never asked to press Enter for it (a pass says "nothing can be drawn").
    assert not any(re.search(r"\bdraws?\b", p) for p in prompts)
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert all(len(p) <= WIDTH - 10 for p in prompts)
    assert "(none)" not in text
    assert "went out." in text and "played every tile." in text


def test_the_prompt_for_a_last_tile_does_not_read_as_a_domino() -> None:
    # "1 to 1" reads as the domino 1-1: a last tile is offered by its number and its name.
    line = LineOfPlay.parse("*4-4")
    mine = [Tile(6, 4)]
    rest = [t for t in TILES if t not in mine and t != Tile(4, 4)]
    state = RoundState.from_position([mine, rest[:6]], rest[6:], line, 0)
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "1r"

    table = _Table(MatchState.new(2, seed=1), 0, {}, {1: "greedy"}, ask, io.StringIO())
    assert table.human_move(state) == Play(Tile(6, 4), End.RIGHT)
    (prompt,) = prompts
    assert "1 to 1" not in prompt
    assert prompt.startswith("Your move: 1 or 6-4 (your only tile);")


def test_a_long_line_of_play_and_hand_wrap_between_tiles() -> None:
    # 21 tiles on the line: "Line: " and 21 x 5 characters do not fit 100 columns.
    text = "*0-0 0-1 1-1 1-2 2-2 2-3 3-3 3-4 4-4 4-5 5-5 5-6 6-6 6-0 0-2 2-4 4-6 6-1 1-3 3-5 5-0"
    line = LineOfPlay.parse(text)
    rest = [t for t in TILES if t not in {p.tile for p in line.tiles}]  # 7 tiles
    state = RoundState.from_position([rest[:5], rest[5:6]], rest[6:], line, 0)
    table, out = _table([])
    table.show(state)
    lines = out.getvalue().splitlines()
    assert all(len(ln) <= WIDTH for ln in lines)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Line: "))
    shown = lines[at] + lines[at + 1]
    assert lines[at + 1].startswith("    [")  # continued between tiles, indented
    tiles = re.findall(r"\[(\d)[|:](\d)\]", shown)
    assert [f"{a}-{b}" for a, b in tiles] == [f"{p.left}-{p.right}" for p in line.tiles]
    assert shown.endswith("ends 0 (double) | 0")  # the ends never split over two lines
    assert "Line: [0:0][0|1]" in lines[at]


def test_wrap_pieces_breaks_only_between_pieces() -> None:
    pieces = [f"{i}) [6|6]" for i in range(1, 21)]
    lines = wrap_pieces("Your tiles: ", pieces, "  ")
    assert all(len(ln) <= WIDTH for ln in lines) and len(lines) == 3
    assert " ".join(lines).split() == ("Your tiles: " + "  ".join(pieces)).split()
    assert all(re.fullmatch(r"(Your tiles: |    )\d+\) \[6\|6\].*", ln) for ln in lines)
