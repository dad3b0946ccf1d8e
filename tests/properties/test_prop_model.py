"""The reference model of bergen.testing against the examples of docs/rules.md.

The checkers trust the model, so the model is pinned here to values worked out by hand in the
docs/rules.md (rules 5, 6 and 8), independently of the engine.
"""

from __future__ import annotations

import pytest

from bergen import (
    CLASSIC,
    SIMPLE,
    TILES,
    Deal,
    End,
    EventKind,
    FewestDoublesThenPips,
    FewestPips,
    Lead,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    Play,
    Tile,
)
from bergen.testing import RoundModel
from bergen.testing.model import model_blocked_winner, model_reduce


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


JUDGES = {
    "pips": FewestPips(),
    "doubles": FewestDoublesThenPips(),
    "no double first": NoDoubleFirst(),
    "non-double pips": NoDoubleFirstNonDoublePips(),
}

# docs/rules.md, rule 8: winner by rule (fewest pips / fewest doubles / no double first /
# non-double pips); sides are A=0, B=1, C=2.
BLOCK_VECTORS = [
    (["6-6", "5-4 3-2", "1-1 2-2"], (2, 1, 1, 1)),
    (["0-0 6-5", "1-1 2-2"], (1, 0, 1, 1)),
    (["0-0 1-2", "3-3 4-4 0-1"], (0, 0, 0, 1)),
    (["2-3", "1-4"], (None, None, None, None)),
]


@pytest.mark.parametrize(("hands", "winners"), BLOCK_VECTORS)
def test_model_blocked_hand_judges_match_the_rules(
    hands: list[str], winners: tuple[int | None, ...]
) -> None:
    sides = [tiles(h) for h in hands]
    for judge, expected in zip(JUDGES.values(), winners, strict=True):
        assert model_blocked_winner(CLASSIC.replace(blocked=judge), sides) == expected


@pytest.mark.parametrize(
    ("score", "double", "triple"), [(5, 2, 3), (6, 2, 3), (7, 2, 2), (8, 1, 1), (9, 1, 1)]
)
def test_model_reduction_near_target_10(score: int, double: int, triple: int) -> None:
    # docs/rules.md, rule 6: target 10 under classic.
    assert model_reduce(CLASSIC, 2, score, 10) == double
    assert model_reduce(CLASSIC, 3, score, 10) == triple
    # simple has no reduction near the target.
    assert model_reduce(SIMPLE, 3, score, 10) == 3


def model_with_line(line: list[tuple[str, int, int]], hand0: str, rules=CLASSIC) -> RoundModel:
    placed = [(Tile.parse(t), a, b) for t, a, b in line]
    h0 = set(tiles(hand0))
    used = {p[0] for p in placed} | h0
    rest = [t for t in TILES if t not in used]
    return RoundModel(
        rules=rules,
        seats=2,
        hands=[h0, set(rest[:5])],
        boneyard=rest[5:],
        line=placed,
        scores=[0, 0],
        to_move=0,
        reserve=2,
        target=15,
    )


@pytest.mark.parametrize("end", [End.LEFT, End.RIGHT])
def test_model_double_header_on_ends_4_and_1(end: End) -> None:
    # docs/rules.md: ends 4 and 1, the 4-1 makes a double header on either end.
    model = model_with_line([("4-2", 4, 2), ("2-1", 2, 1)], "4-1 6-6")
    (event,) = model.apply(Play(Tile(4, 1), end))
    assert (event.kind, event.points) == (EventKind.DOUBLE_HEADER, 2)


def test_model_triple_and_double_header_on_a_double_six_end() -> None:
    # docs/rules.md: ends 4 and a double six; 4-6 on the 4 gives a triple header (3), on the
    # double six a double header (2).
    # The line 4-3 3-6 *6-6 shows a 4 at the left and the double six at the right.
    line = [("4-3", 4, 3), ("3-6", 3, 6), ("6-6", 6, 6)]
    on_four = model_with_line(line, "6-4 0-0")
    (event,) = on_four.apply(Play(Tile(6, 4), End.LEFT))
    assert (event.kind, event.points) == (EventKind.TRIPLE_HEADER, 3)
    on_six = model_with_line(line, "6-4 0-0")
    (event,) = on_six.apply(Play(Tile(6, 4), End.RIGHT))
    assert (event.kind, event.points) == (EventKind.DOUBLE_HEADER, 2)


def test_model_lead_3_3_sequence_ends_in_a_triple_header() -> None:
    # docs/rules.md: lead 3-3, 3-5 on one side, 5-6 on the 5, then 6-3 on the 6: triple header.
    model = model_with_line([("3-3", 3, 3)], "3-5 5-6 6-3 0-0")
    assert model.apply(Play(Tile(5, 3), End.RIGHT)) == []
    model.to_move = 0
    assert model.apply(Play(Tile(6, 5), End.RIGHT)) == []
    model.to_move = 0
    (event,) = model.apply(Play(Tile(6, 3), End.RIGHT))
    assert (event.kind, event.points) == (EventKind.TRIPLE_HEADER, 3)


@pytest.mark.parametrize(("seats", "drawable"), [(2, 14), (3, 8), (4, 6)])
def test_model_drawable_tiles_under_reserve_2(seats: int, drawable: int) -> None:
    # docs/rules.md: drawable tiles under reserve 2: 14 with two players, 8 with three, 6 with
    # four (classic hand sizes 6, 6, 5).
    size = {2: 6, 3: 6, 4: 5}[seats]
    order = list(TILES)
    deal = Deal([order[i * size : (i + 1) * size] for i in range(seats)], order[seats * size :])
    model = RoundModel.from_deal(deal, CLASSIC)
    assert model.drawable() == drawable


def test_model_lead_draws_in_turn_under_simple() -> None:
    # simple (EN): nobody holds a double, so the seats left of the dealer draw in turn until
    # one draws a double, and that seat leads it; the lead scores nothing.
    plain = [t for t in TILES if not t.is_double]
    doubles = [t for t in TILES if t.is_double]
    hands = [plain[0:6], plain[6:12]]
    boneyard = [plain[12], plain[13], doubles[4], *plain[14:], *doubles[:4], *doubles[5:]]
    model = RoundModel.from_deal(Deal(hands, boneyard), SIMPLE, dealer=0)
    assert model.lead_draws == [(1, plain[12]), (0, plain[13]), (1, doubles[4])]
    assert model.to_move == 1
    assert model.legal_moves() == {Lead(Tile(4, 4))}
    assert model.apply(Lead(Tile(4, 4))) == []
