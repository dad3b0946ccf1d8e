"""The worked hand of docs/rules.md tells the same game as examples/worked-hand.json.

The page's table of tiles, its table of the play (moves, ends, score events, running points),
its prose totals, its runnable example and the pictures drawn at build time are each compared
with the record replayed by bergen; the record's own points are checked in
tests/records/test_rec_replay.py from the rule text. (They once differed: the page gave Cara the
4-0 and ended with ``0-0R``, the record the 4-2 and ``0-0L``.)
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from bergen import Draw, EventKind, RoundState, Tile, load, parse_move, replay
from bergen.records import RoundReplay

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "rules.md").read_text("utf-8")
SECTION = PAGE.split("## The English page's worked hand, step by step", 1)[1]
RECORD = replay(load(ROOT / "examples" / "worked-hand.json"))
NAMES = {"Alice": 0, "Ben": 1, "Cara": 2}
KINDS = {
    "double header": EventKind.DOUBLE_HEADER,
    "triple header": EventKind.TRIPLE_HEADER,
    "going out": EventKind.GOING_OUT,
    "blocked hand": EventKind.BLOCKED_HAND,
}


def _round() -> RoundReplay:
    (rnd,) = RECORD.rounds
    return rnd


def _table(after: str) -> list[list[str]]:
    """The rows (cells, stripped) of the first table after the heading ``after``."""
    text = SECTION.split(after, 1)[1]
    block: list[str] = []
    for ln in text.splitlines():
        if ln.startswith("|"):
            block.append(ln)
        elif block:
            break
    assert block
    return [
        [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", ln.strip())[1:-1]]
        for ln in block[2:]
    ]


def _ends(state: RoundState) -> str:
    line = state.line
    return (
        f"{line.left}{'d' if line.left_double else ''} | "
        f"{line.right}{'d' if line.right_double else ''}"
    )


def _tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in re.findall(r"[0-6]-[0-6]", text)]


def test_the_play_table_is_the_record_step_by_step() -> None:
    rows = _table("### The play")
    rnd = _round()
    # Row 0 is Alice's lead of the 1-1, which the record's position starts after.
    number, seat, move, _, ends, scores, totals = rows[0]
    assert (number, seat, move, ends) == ("0", "Alice", "lead 1-1", "1d | 1d")
    assert str(rnd.start.line) == "*1-1" and rnd.start.to_move == NAMES["Ben"]
    assert totals == "0 / 0 / 0"
    assert len(rows[1:]) == len(rnd.steps)
    for row, step in zip(rows[1:], rnd.steps, strict=True):
        number, seat, move, _, ends, scores, totals = row
        assert int(number) == step.index + 1, row
        assert NAMES[seat] == step.seat, row
        written = move.strip("`")
        if isinstance(step.move, Draw):
            assert written == f"draw {step.drawn}", row  # as records and bergen replay write it
        else:
            assert parse_move(written) == step.move, row
        assert ends == _ends(step.state), row
        events = [
            (KINDS[kind], int(points)) for kind, points in re.findall(r"(\w+ \w+), (\d+)", scores)
        ]
        assert events == [(e.kind, e.points) for e in step.events], row
        points = tuple(s - b for s, b in zip(step.state.scores, rnd.scores_before, strict=True))
        assert totals == " / ".join(map(str, points)), row


def test_the_tiles_table_is_the_records_deal() -> None:
    rows = _table("### The tiles")
    rnd = _round()
    hands = {seat.split(" (")[0]: set(_tiles(tiles)) for seat, tiles, _ in rows[:3]}
    # Alice's 1-1 is the lead, on the line in the record's position.
    assert hands["Alice"] == set(rnd.start.hands[0].tiles) | {Tile(1, 1)}
    assert hands["Ben"] == set(rnd.start.hands[1].tiles)
    assert hands["Cara"] == set(rnd.start.hands[2].tiles)
    boneyard = rows[3]
    assert boneyard[0] == "Boneyard"
    assert boneyard[1] == f"{rnd.start.boneyard.tiles[0]} on top, then the other 13 tiles"
    assert len(rnd.start.boneyard.tiles) == 14 - 1


def test_the_prose_totals_are_the_records() -> None:
    rnd = _round()
    alice, ben, cara = rnd.points
    assert f"**Alice {alice}, Ben {ben}, Cara {cara}**" in SECTION
    alice, ben, cara = RECORD.scores
    assert f"**Alice {alice}, Ben {ben}, Cara {cara}**" in SECTION
    assert f"The hand is worth {sum(rnd.points)} points in all" in SECTION


def test_the_runnable_example_plays_the_records_tiles_and_moves() -> None:
    rnd = _round()
    named = dict(re.findall(r'^(alice|ben|cara|boneyard) = tiles\("([^"]+)"\)$', SECTION, re.M))
    assert set(_tiles(named["alice"])) == set(rnd.start.hands[0].tiles) | {Tile(1, 1)}
    assert set(_tiles(named["ben"])) == set(rnd.start.hands[1].tiles)
    assert set(_tiles(named["cara"])) == set(rnd.start.hands[2].tiles)
    assert _tiles(named["boneyard"]) == list(rnd.start.boneyard.tiles)
    steps = re.findall(
        r'^    \((ALICE|BEN|CARA), "([^"]+)", "([^"]+)", \((\d+), (\d+), (\d+)\)\),$',
        SECTION,
        re.M,
    )
    assert len(steps) == len(rnd.steps)
    for (seat, move, ends, *points), step in zip(steps, rnd.steps, strict=True):
        assert NAMES[seat.capitalize()] == step.seat
        assert parse_move(move) == step.move
        assert ends == _ends(step.state)
        assert tuple(int(p) for p in points) == tuple(
            s - b for s, b in zip(step.state.scores, rnd.scores_before, strict=True)
        )


def test_the_pictures_show_the_records_position_and_moves() -> None:
    rnd = _round()
    pictures = re.findall(r"^<!-- bergen-svg table (.+?) -->$", SECTION, re.M)
    assert len(pictures) == 3
    actions = [step.move for step in rnd.steps]
    for args in pictures:
        words = shlex.split(args)
        options = dict(w.split("=", 1) for w in words[1:])
        start = RoundState.from_text(words[0])
        assert start.hands == rnd.start.hands
        assert start.boneyard == rnd.start.boneyard
        assert start.line == rnd.start.line and start.to_move == rnd.start.to_move
        moves = [parse_move(m) for m in options.get("moves", "").split()]
        assert moves == actions[: len(moves)]
    assert len(moves) == len(actions)  # the last picture is the end of the hand
