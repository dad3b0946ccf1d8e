"""The kernel's rule functions against values worked out by hand from docs/rules.md.

Tiles are indexes (``high * (high + 1) // 2 + low``), hands are masks; every expected value
below comes from the rules page's test vectors, not from the code.
"""

from __future__ import annotations

import random

import attrs
import pytest

from bergen import CLASSIC, SIMPLE, MatchState, RulesError
from bergen.kernel import actions as A
from bergen.kernel import play as K
from bergen.kernel import table as T
from bergen.kernel.deal import draws_for_lead, highest_double, lowest_double
from bergen.kernel.tiles import FIT, PIPS, mask_of, mask_pips, tile_index
from bergen.rules.table import kernel_table


def t(a: int, b: int) -> int:
    return tile_index(a, b)


def hand(*tiles: tuple[int, int]) -> int:
    return mask_of([t(a, b) for a, b in tiles])


def test_tile_tables_follow_the_numbering() -> None:
    assert t(0, 0) == 0 and t(1, 0) == 1 and t(6, 6) == 27 and t(4, 6) == t(6, 4) == 25
    assert PIPS[t(6, 6)] == 12
    assert mask_pips(hand((6, 6), (5, 4))) == 21
    # The 6 fits an end showing 6: the seven tiles carrying a 6.
    assert FIT[6] == hand((6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (6, 6))


@pytest.mark.parametrize(
    ("score", "double", "triple"),
    [(0, 2, 3), (5, 2, 3), (6, 2, 3), (7, 2, 2), (8, 1, 1), (9, 1, 1)],
)
def test_rule_6_near_the_target_of_10(score: int, double: int, triple: int) -> None:
    assert T.near_target_points(2, score, 10) == double
    assert T.near_target_points(3, score, 10) == triple


# docs/rules.md, rule 8: the four blocked hands, winner by rule
# (fewest pips / fewest doubles / no double first / non-double pips).
BLOCKS = [
    ([hand((6, 6)), hand((5, 4), (3, 2)), hand((1, 1), (2, 2))], (2, 1, 1, 1)),
    ([hand((0, 0), (6, 5)), hand((1, 1), (2, 2))], (1, 0, 1, 1)),
    ([hand((0, 0), (1, 2)), hand((3, 3), (4, 4), (0, 1))], (0, 0, 0, 1)),
    ([hand((2, 3)), hand((1, 4))], (-1, -1, -1, -1)),
]


@pytest.mark.parametrize(("sides", "winners"), BLOCKS)
def test_rule_8_blocked_hand_judges(sides: list[int], winners: tuple[int, ...]) -> None:
    masks = tuple(sides)
    assert T.fewest_pips(masks) == winners[0]
    assert T.fewest_doubles_then_pips(masks) == winners[1]
    assert T.no_double_first(masks) == winners[2]
    assert T.no_double_first_non_double_pips(masks) == winners[3]


@pytest.mark.parametrize(("seats", "drawable"), [(2, 14), (3, 8), (4, 6)])
def test_rule_4_drawable_tiles_under_reserve_2(seats: int, drawable: int) -> None:
    table = kernel_table(CLASSIC, seats)
    assert T.drawable(table, 28 - seats * table.hand_size) == drawable


def test_rule_5_headers_from_the_rules_page() -> None:
    table = kernel_table(CLASSIC, 2)
    others = hand((1, 0), (4, 0), (6, 0))  # the other seat can answer every end: no block
    # Ends 4 and 1: the 4-1 makes a double header on either end (2 points).
    for action in (A.play_id(t(4, 1), A.LEFT), A.play_id(t(4, 1), A.RIGHT)):
        pos: K.Position = ((hand((4, 1), (5, 5)), others), 4, 1, 0, 0)
        after = K.step(table, (), pos, 0, (0, 0), action)
        assert after[5] == ((K.DOUBLE_HEADER, 0, 0, 2, 2, t(4, 1)),)
    # Ends 4 and the double six: the 4-6 on the 4 is a triple header, on the 6-6 a double.
    pos = ((hand((4, 6), (5, 5)), others), 4, 6, K.RIGHT_DOUBLE, 0)
    on_four = K.step(table, (), pos, 0, (0, 0), A.play_id(t(4, 6), A.LEFT))
    assert on_four[5] == ((K.TRIPLE_HEADER, 0, 0, 3, 3, t(4, 6)),)
    on_six = K.step(table, (), pos, 0, (0, 0), A.play_id(t(4, 6), A.RIGHT))
    assert on_six[5] == ((K.DOUBLE_HEADER, 0, 0, 2, 2, t(4, 6)),)


def test_rule_7_and_9_a_last_tile_header_that_reaches_the_target_scores_no_going_out() -> None:
    table = kernel_table(CLASSIC, 2)  # target 15, header reduction near the target
    pos: K.Position = ((hand((5, 4)), hand((0, 0))), 5, 4, 0, 0)
    # Score 13 (need 2): the header is worth 1 and takes the side to 14; going out adds 2.
    after = K.step(table, (), pos, 0, (13, 0), A.play_id(t(5, 4), A.LEFT))
    assert after[2] == (16, 0) and after[3] == K.WENT_OUT
    assert [e[0] for e in after[5]] == [K.DOUBLE_HEADER, K.GOING_OUT]
    # Without the reduction (simple), the 2-point header reaches 15: no going out.
    simple = kernel_table(SIMPLE.replace(target=CLASSIC.target), 2)
    after = K.step(simple, (), pos, 0, (13, 0), A.play_id(t(5, 4), A.LEFT))
    assert after[2] == (15, 0) and after[3] == K.TARGET_REACHED
    assert [e[0] for e in after[5]] == [K.DOUBLE_HEADER]


def test_rule_2_the_lead_and_the_draws_for_one() -> None:
    doubles = hand((2, 2), (5, 5))
    assert lowest_double(doubles) == t(2, 2)
    assert highest_double(doubles) == t(5, 5)
    # Nobody holds a double: seats left of dealer 1 draw in turn until a double comes.
    masks = (hand((1, 0)), hand((2, 0)), hand((2, 1)))
    boneyard = (t(3, 0), t(3, 1), t(4, 4), t(6, 6))
    after, left, draws = draws_for_lead(masks, boneyard, 1)
    assert draws == ((2, t(3, 0)), (0, t(3, 1)), (1, t(4, 4)))
    assert left == (t(6, 6),)
    assert after[1] == hand((2, 0), (4, 4))


def test_is_legal_agrees_with_the_listed_actions_everywhere() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        match = MatchState.new(2 + seed % 3, CLASSIC if seed % 2 else SIMPLE, seed=seed)
        while not match.is_over and match.round is not None:
            state = match.round
            context = state._context
            args = (context.table, context.boneyard, state._position, state.to_move)
            listed = set(K.legal_actions(*args))
            for action in range(-2, A.N_ACTIONS + 2):  # and ids that name no action
                assert K.is_legal(*args, action) == (action in listed)
            checked += 1
            legal = match.legal_moves()
            match, _ = match.apply(legal[int(rng.random() * len(legal))])
    assert checked > 1000


@attrs.frozen
class _SideJudge:
    """A blocked-hand judge naming one side; ``side`` takes no part in ``==``, so two judges
    of different sides are equal values that judge differently.
    """

    side: int = attrs.field(eq=False)

    def winner(self, sides: object) -> int:
        return self.side


def test_kernel_table_is_kept_per_ruleset_object_and_seats() -> None:
    assert kernel_table(CLASSIC, 3) is kernel_table(CLASSIC, 3)
    assert kernel_table(CLASSIC, 3) is not kernel_table(CLASSIC, 2)
    # Equal rulesets whose components judge differently each get their own table (kept by
    # the ruleset's identity, not by equality): each judge decides its own blocked hands.
    first = CLASSIC.replace(blocked=_SideJudge(0))
    second = CLASSIC.replace(blocked=_SideJudge(1))
    assert first == second
    masks = (hand((6, 6)), hand((5, 5)))
    assert kernel_table(first, 2).judge(masks) == 0
    assert kernel_table(second, 2).judge(masks) == 1
    assert kernel_table(first, 2).judge(masks) == 0


def test_kernel_table_refuses_seats_that_are_not_an_int_after_keeping_a_table() -> None:
    kernel_table(CLASSIC, 2)
    for seats in (2.0, True):
        with pytest.raises(RulesError, match="2, 3 or 4 seats"):
            kernel_table(CLASSIC, seats)  # type: ignore[arg-type]
