"""Rules: presets, components, and the numbers for each table (docs/rules.md, "Presets and
switches")."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from bergen import (
    CLASSIC,
    PRESETS,
    SIMPLE,
    BlockedHandJudge,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
    LowestDouble,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    Points,
    Rules,
    RulesError,
    TableRules,
    TargetByTable,
    Tile,
)


def test_classic_preset_fields():
    assert CLASSIC.hand_sizes == HandSizes(6, 6, 5)
    assert CLASSIC.lead == LowestDouble()
    assert CLASSIC.no_double is NoDouble.REDEAL
    assert CLASSIC.lead_scores is True
    assert CLASSIC.points == Points(2, 3, 2, 2)
    assert CLASSIC.reduction == NearTargetReduction()
    assert CLASSIC.blocked == FewestDoublesThenPips()
    assert CLASSIC.reserve == FixedReserve(2)
    assert CLASSIC.drawing is True
    assert CLASSIC.target == TargetByTable(15, 10, 10, 15)
    assert CLASSIC.partnerships is False
    assert CLASSIC.name == "classic"
    assert CLASSIC.label == f"classic v{CLASSIC.version}"


def test_simple_preset_fields():
    assert SIMPLE.hand_sizes == HandSizes(6, 5, 5)
    assert SIMPLE.no_double is NoDouble.DRAW_IN_TURN
    assert SIMPLE.lead_scores is False
    assert SIMPLE.reduction == NoReduction()
    assert SIMPLE.blocked == FewestPips()
    assert SIMPLE.reserve == FixedReserve(0)
    assert SIMPLE.name == "simple"


def test_presets_by_name():
    # docs/rules.md, "Presets and switches": the two presets of the rule texts, then one per
    # published page.
    assert list(PRESETS) == [
        "classic",
        "simple",
        "pagat",
        "celko",
        "domino-games.com",
        "onlinedominogames",
        "puzzle-place",
    ]
    assert PRESETS["classic"] is CLASSIC and PRESETS["simple"] is SIMPLE
    # Every preset is at version 1 but puzzle-place, version 2 since it draws "as for Muggins".
    versions = {name: rules.version for name, rules in PRESETS.items()}
    assert versions == {name: "2" if name == "puzzle-place" else "1" for name in PRESETS}
    assert all(rules.name == name for name, rules in PRESETS.items())


def test_default_rules_are_classic_but_unnamed():
    assert (
        attrs.evolve(Rules(), name="classic", version=CLASSIC.version, source=CLASSIC.source)
        == CLASSIC
    )


@pytest.mark.parametrize(
    ("rules", "seats", "table"),
    [
        (CLASSIC, 2, TableRules(2, 6, 16, 2, 15, 2)),
        (CLASSIC, 3, TableRules(3, 6, 10, 2, 10, 3)),
        (CLASSIC, 4, TableRules(4, 5, 8, 2, 10, 4)),
        (CLASSIC.replace(partnerships=True), 4, TableRules(4, 5, 8, 2, 15, 2)),
        (SIMPLE, 2, TableRules(2, 6, 16, 0, 15, 2)),
        (SIMPLE, 3, TableRules(3, 5, 13, 0, 10, 3)),
        (SIMPLE, 4, TableRules(4, 5, 8, 0, 10, 4)),
    ],
)
def test_for_table(rules, seats, table):
    assert rules.for_table(seats) == table


@pytest.mark.parametrize("seats", [1, 5, 0, "3", 3.0])
def test_for_table_rejects_bad_seat_counts(seats):
    with pytest.raises(RulesError):
        CLASSIC.for_table(seats)


def test_partnerships_only_at_four_seats():
    rules = CLASSIC.replace(partnerships=True)
    for seats in (2, 3):
        with pytest.raises(RulesError) as info:
            rules.for_table(seats)
        assert "partnerships" in info.value.fields


def test_replace_gives_an_unnamed_ruleset_remembering_its_base():
    custom = CLASSIC.replace(target=FixedTarget(15))
    assert custom.name is None and custom.version is None
    assert custom.base == "classic"
    assert custom.label == "custom (based on classic)"
    assert custom.target == FixedTarget(15)
    assert custom.for_table(3).target == 15
    assert custom.replace(drawing=False).base == "classic"
    assert CLASSIC.target == TargetByTable()  # unchanged


def test_replace_unknown_field():
    with pytest.raises(RulesError, match="colour") as info:
        CLASSIC.replace(colour="red")
    assert info.value.fields == ("colour",)


def test_fixed_target_for_every_table():
    rules = CLASSIC.replace(target=FixedTarget(15))
    assert [rules.for_table(n).target for n in (2, 3, 4)] == [15, 15, 15]


def test_a_reserve_the_boneyard_cannot_fill_means_no_draws():
    # docs/rules.md, rule 4: a reserve of any count; one at least as large as the boneyard
    # only means that nothing is drawn. Boneyards: 16 at two seats, 10 at three, 8 at four.
    rules = CLASSIC.replace(reserve=FixedReserve(20))
    assert [rules.for_table(n).reserve for n in (2, 3, 4)] == [16, 10, 8]


def test_a_reserve_larger_than_some_boneyards_leaves_the_others_drawable():
    rules = CLASSIC.replace(reserve=FixedReserve(9))  # boneyards 16 / 10 / 8
    assert rules.for_table(2).reserve == 9
    assert rules.for_table(3).reserve == 9
    assert rules.for_table(4).reserve == 8  # the whole boneyard: no draws


def test_block_bergen_may_keep_the_whole_boneyard():
    rules = CLASSIC.replace(drawing=False, reserve=FixedReserve(8))
    assert rules.for_table(4).reserve == 8


@pytest.mark.parametrize(
    "make",
    [
        lambda: CLASSIC.replace(hand_sizes=HandSizes(15, 10, 8)),  # fits no table
        lambda: HandSizes(0, 6, 5),
        lambda: Points(-1, 3, 2, 2),
        lambda: Points(2, 3, 2, "2"),
        lambda: FixedReserve(-1),
        lambda: FixedTarget(0),
        lambda: TargetByTable(two=0),
        lambda: CLASSIC.replace(blocked=object()),
        lambda: CLASSIC.replace(lead="lowest"),
        lambda: CLASSIC.replace(lead_scores="yes"),
        lambda: CLASSIC.replace(drawing=1),
        lambda: CLASSIC.replace(no_double="redeal"),
        lambda: CLASSIC.replace(points=(2, 3, 2, 2)),
    ],
)
def test_inconsistent_rules_raise(make):
    with pytest.raises(RulesError):
        make()


def test_rules_error_is_a_value_error():
    with pytest.raises(ValueError):
        FixedTarget(0)


def test_hand_sizes_by_table():
    sizes = HandSizes(6, 5, 4)
    assert [sizes.hand_size(n) for n in (2, 3, 4)] == [6, 5, 4]
    with pytest.raises(RulesError):
        sizes.hand_size(5)


def test_target_by_table():
    t = TargetByTable()
    assert t.target(2, False) == 15
    assert t.target(3, False) == 10
    assert t.target(4, False) == 10
    assert t.target(4, True) == 15


def test_lead_rules():
    doubles = [Tile(3, 3), Tile(1, 1), Tile(5, 5)]
    assert LowestDouble().choose(doubles) == Tile(1, 1)
    assert HighestDouble().choose(doubles) == Tile(5, 5)


@pytest.mark.parametrize("score", [0, 4, 11])
def test_reduction_far_from_the_target_keeps_the_value(score):
    # Target 15: need is 15, 11 and 4.
    assert NearTargetReduction().reduce(2, score, 15) == 2
    assert NearTargetReduction().reduce(3, score, 15) == 3


def test_reduction_at_target_15():
    r = NearTargetReduction()
    assert [r.reduce(3, s, 15) for s in (11, 12, 13, 14)] == [3, 2, 1, 1]
    assert [r.reduce(2, s, 15) for s in (11, 12, 13, 14)] == [2, 2, 1, 1]


def test_reduction_of_a_zero_point_header_stays_zero():
    assert NearTargetReduction().reduce(0, 9, 10) == 0


def test_no_reduction():
    assert [NoReduction().reduce(3, s, 10) for s in (5, 7, 8, 9)] == [3, 3, 3, 3]


def test_a_user_supplied_blocked_hand_judge():
    class MostPips:
        """A judge of my own: most pips wins."""

        def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
            totals = [sum(t.pips for t in s) for s in sides]
            return totals.index(max(totals))

    judge = MostPips()
    assert isinstance(judge, BlockedHandJudge)
    rules = CLASSIC.replace(blocked=judge)
    assert rules.blocked is judge


@pytest.mark.parametrize(
    "judge", [FewestPips(), FewestDoublesThenPips(), NoDoubleFirst(), NoDoubleFirstNonDoublePips()]
)
def test_built_in_judges_meet_the_protocol(judge):
    assert isinstance(judge, BlockedHandJudge)


def test_judges_with_three_sides_and_a_two_way_tie_for_best():
    # Sides 0 and 1 tie for fewest pips (3 each): nobody scores, even though side 2 is worse.
    sides = [[Tile(2, 1)], [Tile(3, 0)], [Tile(6, 6)]]
    assert FewestPips().winner(sides) is None
    assert FewestDoublesThenPips().winner(sides) is None


@pytest.mark.parametrize(
    "value",
    [
        CLASSIC,
        SIMPLE,
        CLASSIC.replace(target=FixedTarget(12), partnerships=True),
        HandSizes(6, 6, 5),
        LowestDouble(),
        HighestDouble(),
        NoDouble.DRAW_IN_TURN,
        Points(2, 3, 1, 1),
        NearTargetReduction(),
        NoReduction(),
        FewestPips(),
        FewestDoublesThenPips(),
        NoDoubleFirst(),
        NoDoubleFirstNonDoublePips(),
        FixedReserve(2),
        TargetByTable(),
        FixedTarget(15),
        TableRules(3, 6, 10, 2, 10, 3),
    ],
)
def test_repr_is_valid_python(value, ns):
    assert eval(repr(value), ns) == value


def test_rules_and_components_are_frozen():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.partnerships = True  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Points().going_out = 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        FixedReserve(2).count = 0  # type: ignore[misc]
    assert CLASSIC.partnerships is False


def test_rules_hash_and_equality():
    assert CLASSIC.replace(drawing=False) == CLASSIC.replace(drawing=False)
    assert hash(CLASSIC.replace(drawing=False)) == hash(CLASSIC.replace(drawing=False))
    assert CLASSIC != SIMPLE
