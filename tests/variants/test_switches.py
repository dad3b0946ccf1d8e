"""Each variant switch of docs/rules.md, "Presets and switches" changes play as its source says.

Values come from docs/rules.md and the rule texts it quotes; each test names its source.
"""

from collections.abc import Callable, Sequence

import pytest

from bergen import (
    CLASSIC,
    DRAW,
    PASS,
    SIMPLE,
    Deal,
    EventKind,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
    IllegalMoveError,
    LineOfPlay,
    MatchState,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoReduction,
    OutcomeKind,
    Points,
    Reason,
    RoundState,
    Rules,
    RulesError,
    TargetByTable,
    Tile,
    parse_move,
)


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def rest(*used: Sequence[Tile]) -> list[Tile]:
    """The tiles not in ``used``, in index order (a boneyard for hand-built positions)."""
    taken = {t for group in used for t in group}
    from bergen import TILES

    return [t for t in TILES if t not in taken]


# --------------------------------------------------------------------------- presets


def test_presets_carry_name_version_and_source() -> None:
    assert (CLASSIC.name, CLASSIC.version) == ("classic", "1")
    assert (SIMPLE.name, SIMPLE.version) == ("simple", "1")
    assert "SV" in (CLASSIC.source or "")
    assert "EN" in (SIMPLE.source or "")


def test_changing_a_field_gives_an_unnamed_ruleset_that_remembers_its_base() -> None:
    custom = SIMPLE.replace(target=FixedTarget(15))
    assert custom.name is None and custom.version is None
    assert custom.base == "simple"
    assert custom.replace(drawing=False).base == "simple"
    assert custom.label == "custom (based on simple)"
    assert SIMPLE.target == TargetByTable()  # the preset itself is unchanged


def test_simple_preset_fields_match_the_english_page() -> None:
    # docs/rules.md, "Presets and switches" (EN): 6 tiles with two players, 5 with three or four;
    # draw in turn for a double; reserve 0; lead scores nothing; no reduction; fewest pips.
    assert SIMPLE.for_table(2).hand_size == 6
    assert SIMPLE.for_table(3).hand_size == 5
    assert SIMPLE.for_table(4).hand_size == 5
    assert SIMPLE.no_double is NoDouble.DRAW_IN_TURN
    assert SIMPLE.for_table(3).reserve == 0
    assert SIMPLE.lead_scores is False
    assert SIMPLE.reduction == NoReduction()
    assert SIMPLE.blocked == FewestPips()
    assert CLASSIC.for_table(3).hand_size == 6  # classic: 6 with two or three


def test_reprs_of_rules_are_valid_python() -> None:
    import bergen

    namespace = {name: getattr(bergen, name) for name in bergen.__all__}
    for rules in (CLASSIC, SIMPLE, SIMPLE.replace(target=FixedTarget(15), blocked=NoDoubleFirst())):
        assert eval(repr(rules), namespace) == rules


# --------------------------------------------------------------------------- no double dealt

NO_DOUBLE_HANDS = [
    tiles("1-0 2-0 2-1 3-0 3-1"),
    tiles("3-2 4-0 4-1 4-2 4-3"),
    tiles("5-0 5-1 5-2 5-3 5-4"),
]
# Boneyard: two non-doubles on top, then the 3-3.
NO_DOUBLE_BONEYARD = tiles("6-5 6-4 3-3") + rest(*NO_DOUBLE_HANDS, tiles("6-5 6-4 3-3"))


def test_nobody_holds_a_double_draw_in_turn_left_of_the_dealer() -> None:
    # EN: "if nobody holds a double at all, everybody draws until one appears"; docs/rules.md:
    # one tile each in turn, starting left of the dealer, and that player leads it.
    deal = Deal(NO_DOUBLE_HANDS, NO_DOUBLE_BONEYARD)
    assert not deal.has_double
    state = RoundState.start(deal, SIMPLE, dealer=0)
    # seat 1 draws 6-5, seat 2 draws 6-4, seat 0 draws 3-3 and leads it
    assert [(a.seat, str(a.drawn)) for a in state.lead_draws] == [
        (1, "6-5"),
        (2, "6-4"),
        (0, "3-3"),
    ]
    assert state.to_move == 0
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert [str(m) for m in state.legal_moves()] == ["3-3"]
    assert len(state.boneyard) == 28 - 15 - 3


def test_drawing_for_a_double_starts_left_of_the_dealer() -> None:
    deal = Deal(NO_DOUBLE_HANDS, NO_DOUBLE_BONEYARD)
    state = RoundState.start(deal, SIMPLE, dealer=1)
    # seat 2 draws 6-5, seat 0 draws 6-4, seat 1 draws 3-3
    assert [a.seat for a in state.lead_draws] == [2, 0, 1]
    assert state.to_move == 1


def test_drawing_for_a_double_ignores_the_reserve_and_the_drawing_switch() -> None:
    # docs/rules.md, "Details both presets share": drawing for a lead double is part of the deal.
    rules = SIMPLE.replace(reserve=FixedReserve(12), drawing=False)
    boneyard = tiles("6-5 6-4 6-3 6-2 6-1 6-0 5-5 4-4 3-3 2-2 1-1 0-0 6-6")
    state = RoundState.start(Deal(NO_DOUBLE_HANDS, boneyard), rules, dealer=2)
    assert [str(a.drawn) for a in state.lead_draws] == [
        "6-5",
        "6-4",
        "6-3",
        "6-2",
        "6-1",
        "6-0",
        "5-5",
    ]
    assert state.to_move == 0  # seats 0,1,2,0,1,2,0: the seventh draw is seat 0's


def test_classic_redeals_when_nobody_holds_a_double() -> None:
    # SV: "om ingen har någon dubbel delas brickorna ut igen" (redealt); same dealer.
    hands = [
        tiles("1-0 2-0 2-1 3-0 3-1 3-2"),
        tiles("4-0 4-1 4-2 4-3 5-0 5-1"),
        tiles("5-2 5-3 5-4 6-0 6-1 6-2"),
    ]
    deal = Deal(hands, rest(*hands))
    with pytest.raises(Exception, match="redeal"):
        RoundState.start(deal, CLASSIC)
    match = MatchState.new(3, CLASSIC, dealer=2).start_round(deal)
    assert match.round is None and match.redeals == (deal,) and match.dealer == 2


# --------------------------------------------------------------------------- lead double


def test_highest_double_leads_when_switched() -> None:
    # domino-games.com, onlinedominogames: the highest double leads.
    hands = [
        tiles("1-1 2-0 3-0 4-0 5-0 6-0"),
        tiles("5-5 2-1 3-1 4-1 5-1 6-1"),
        tiles("3-3 3-2 4-2 5-2 6-2 6-3"),
    ]
    deal = Deal(hands, rest(*hands))
    assert RoundState.start(deal, CLASSIC).to_move == 0  # 1-1, the lowest
    high = RoundState.start(deal, CLASSIC.replace(lead=HighestDouble()))
    assert high.to_move == 1 and [str(m) for m in high.legal_moves()] == ["5-5"]
    with pytest.raises(IllegalMoveError) as err:
        high.apply(parse_move("1-1"))
    assert err.value.reason is Reason.TILE_NOT_IN_HAND


# --------------------------------------------------------------------------- lead scoring


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        (CLASSIC, 2),
        (SIMPLE, 0),
        (SIMPLE.replace(lead_scores=True), 2),
        (CLASSIC.replace(lead_scores=False), 0),
    ],
)
def test_lead_scoring_switch(rules: Rules, points: int) -> None:
    # SV: "Den inledande dubbeln räknas som en dubbelträff"; EN "Scoring the lead".
    hands = [
        tiles("0-0 1-0 2-0 3-0 4-0"),
        tiles("1-1 2-1 3-1 4-1 5-1"),
        tiles("2-2 3-2 4-2 5-2 6-2"),
    ]
    rules = rules.replace(hand_sizes=HandSizes(6, 5, 5))
    state = RoundState.start(Deal(hands, rest(*hands)), rules)
    state, events = state.apply(parse_move("0-0"))
    assert state.scores[0] == points
    assert [e.kind for e in events] == ([EventKind.DOUBLE_HEADER] if points else [])


# --------------------------------------------------------------------------- target


def test_fifteen_for_every_table() -> None:
    # EN "Fifteen for every table": 15 however many are at the table.
    rules = SIMPLE.replace(target=FixedTarget(15))
    assert [rules.for_table(n).target for n in (2, 3, 4)] == [15, 15, 15]
    assert [SIMPLE.for_table(n).target for n in (2, 3, 4)] == [15, 10, 10]
    assert CLASSIC.replace(partnerships=True).for_table(4).target == 15


def test_fixed_target_lets_a_three_player_match_run_past_ten() -> None:
    match = MatchState.new(3, SIMPLE.replace(target=FixedTarget(15)), seed=2)
    import random

    rng = random.Random(5)
    while not match.is_over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert max(match.scores) >= 15
    assert match.target == 15


# --------------------------------------------------------------------------- reserve and drawing


def reserve_position(rules: Rules) -> RoundState:
    """Two seats, ends 3 and 3; seat 0 holds 6-6 5-5 (no three); the boneyard is 6-5 2-2 1-1
    (6-5 on top); seat 1 holds every other tile.
    """
    line_tiles = tiles("3-4 4-4 4-2 2-3")
    hand0 = tiles("6-6 5-5")
    boneyard = tiles("6-5 2-2 1-1")
    hand1 = rest(line_tiles, hand0, boneyard)
    return RoundState.from_position(
        [hand0, hand1], boneyard, LineOfPlay.parse("3-4 *4-4 4-2 2-3"), 0, rules
    )


def test_the_last_two_tiles_are_never_drawn() -> None:
    # SV: "de två sista brickorna dras aldrig"; EN "Leaving the last two": "draws until they
    # can or until only two tiles remain, then passes".
    state = reserve_position(CLASSIC)
    assert state.drawable == 1
    assert state.legal_moves() == (DRAW,)
    state, _ = state.apply(DRAW)
    assert Tile(6, 5) in state.hands[0]
    assert state.to_move == 0
    assert state.legal_moves() == (PASS,)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(DRAW)
    assert err.value.reason is Reason.CANNOT_DRAW
    assert len(state.boneyard) == 2


def test_reserve_zero_draws_to_the_last_tile() -> None:
    # EN: "Unable to play, draw from the boneyard until you can; once it is empty, pass."
    state = reserve_position(SIMPLE)
    assert state.drawable == 3
    for _ in range(3):
        assert state.legal_moves() == (DRAW,)
        state, _ = state.apply(DRAW)
    assert len(state.boneyard) == 0
    assert state.legal_moves() == (PASS,)


def test_any_reserve_count() -> None:
    state = reserve_position(SIMPLE.replace(reserve=FixedReserve(1)))
    assert state.drawable == 2
    state, _ = state.apply(DRAW)
    state, _ = state.apply(DRAW)
    assert state.legal_moves() == (PASS,)
    assert [t for t in state.boneyard.tiles] == [Tile(1, 1)]


def test_block_bergen_passes_without_drawing() -> None:
    # EN "Block Bergen": "The boneyard is never touched. A player who cannot match either end
    # knocks and passes".
    state = reserve_position(CLASSIC.replace(drawing=False))
    assert len(state.boneyard) == 3
    assert state.drawable == 0
    assert state.legal_moves() == (PASS,)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(DRAW)
    assert err.value.reason is Reason.CANNOT_DRAW
    state, _ = state.apply(PASS)
    assert state.to_move == 1 and len(state.boneyard) == 3


def test_block_bergen_blocks_as_soon_as_nobody_can_play() -> None:
    # EN "Block Bergen": "the hand blocks as soon as nobody can play", with tiles still in
    # the boneyard.
    hand0 = tiles("6-6 5-5 4-4 6-5")  # no blank, no one
    hand1 = tiles("1-0 3-3 2-2")  # the only blank or one outside the boneyard is the 1-0
    line = LineOfPlay.parse("*1-1")
    boneyard = rest(hand0, hand1, [Tile(1, 1)])
    state = RoundState.from_position(
        [hand0, hand1], boneyard, line, 1, CLASSIC.replace(drawing=False)
    )
    state, events = state.apply(parse_move("1-0L"))  # ends 0 and the double one
    assert state.outcome is not None and state.outcome.kind is OutcomeKind.BLOCKED
    assert len(state.boneyard) == 28 - 8
    # classic judge: seat 0 holds 3 doubles, seat 1 holds 2: seat 1 wins 2 (rule 8)
    assert [(e.kind, e.side, e.points) for e in events] == [(EventKind.BLOCKED_HAND, 1, 2)]
    # with drawing on, the same play does not block: seat 0 draws
    on = RoundState.from_position([hand0, hand1], boneyard, line, 1, CLASSIC)
    on, _ = on.apply(parse_move("1-0L"))
    assert not on.is_over and on.legal_moves() == (DRAW,)


# --------------------------------------------------------------------------- blocked-hand rule


BLOCK_TABLE = [
    # docs/rules.md, rule 8: winner by (fewest pips, fewest doubles, no double first,
    # non-double pips)
    (["6-6", "5-4 3-2", "1-1 2-2"], (2, 1, 1, 1)),
    (["0-0 6-5", "1-1 2-2"], (1, 0, 1, 1)),
    (["0-0 1-2", "3-3 4-4 0-1"], (0, 0, 0, 1)),
    (["2-3", "1-4"], (None, None, None, None)),
]


@pytest.mark.parametrize(("sides", "winners"), BLOCK_TABLE)
def test_blocked_hand_table(sides: list[str], winners: tuple[int | None, ...]) -> None:
    from bergen import FewestDoublesThenPips, NoDoubleFirstNonDoublePips

    judges = (FewestPips(), FewestDoublesThenPips(), NoDoubleFirst(), NoDoubleFirstNonDoublePips())
    hands = [tiles(s) for s in sides]
    assert tuple(j.winner(hands) for j in judges) == winners


# --------------------------------------------------------------------------- points and reduction


def header_position(rules: Rules, scores: tuple[int, int]) -> RoundState:
    """Two seats; seat 0 to play 4-6 with ends 4 and the double six (docs/rules.md vector)."""
    hands = [tiles("6-4 0-0"), tiles("1-0")]
    line = LineOfPlay.parse("4-5 *5-5 5-6 6-6")
    used = [*hands[0], *hands[1], *tiles("4-5 5-5 5-6 6-6")]
    hands[1] = hands[1] + rest(used)[:10]
    boneyard = rest(used)[10:]
    return RoundState.from_position(hands, boneyard, line, 0, rules, scores=scores)


def test_points_switch_changes_header_values() -> None:
    rules = CLASSIC.replace(
        points=Points(double_header=1, triple_header=5, going_out=1, blocked_hand=1)
    )
    _, events = header_position(rules, (0, 0)).apply(parse_move("6-4L"))
    assert [(e.kind, e.points) for e in events] == [(EventKind.TRIPLE_HEADER, 5)]
    _, events = header_position(rules, (0, 0)).apply(parse_move("6-4R"))
    assert [(e.kind, e.points) for e in events] == [(EventKind.DOUBLE_HEADER, 1)]


def test_going_out_worth_one_in_some_published_rules() -> None:
    # domino-games.com: going out 1.
    rules = CLASSIC.replace(points=Points(going_out=1))
    hands = [tiles("3-0"), tiles("6-6 6-5")]
    line = LineOfPlay.parse("0-1 *1-1 1-2")
    used = [*hands[0], *hands[1], *tiles("0-1 1-1 1-2")]
    hands[1] = hands[1] + rest(used)[:8]
    state = RoundState.from_position(hands, rest(used)[8:], line, 0, rules)
    state, events = state.apply(parse_move("3-0L"))
    assert [(e.kind, e.points) for e in events] == [(EventKind.GOING_OUT, 1)]


@pytest.mark.parametrize(("score", "reduced", "full"), [(5, 3, 3), (7, 2, 3), (8, 1, 3), (9, 1, 3)])
def test_reduction_switch(score: int, reduced: int, full: int) -> None:
    # rule 6 (SV, Celko) versus EN (no reduction): the triple header of the vector.
    rules = CLASSIC.replace(target=FixedTarget(10))
    _, events = header_position(rules, (score, 0)).apply(parse_move("6-4L"))
    assert (events[0].points, events[0].base_points) == (reduced, 3)
    _, events = header_position(rules.replace(reduction=NoReduction()), (score, 0)).apply(
        parse_move("6-4L")
    )
    assert events[0].points == full


def test_reduction_component_values() -> None:
    r = NearTargetReduction()
    # docs/rules.md vector: target 10; 5 or 6 -> 2 and 3; 7 -> 2 and 2; 8 or 9 -> 1 and 1
    assert [(r.reduce(2, s, 10), r.reduce(3, s, 10)) for s in (5, 6, 7, 8, 9)] == [
        (2, 3),
        (2, 3),
        (2, 2),
        (1, 1),
        (1, 1),
    ]


# ------------------------------------------------------------------ user-written components


class LightestDoubleWins:
    """A user's own blocked-hand rule: the side holding the lowest double wins."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        best = None
        for i, s in enumerate(sides):
            for t in s:
                if t.is_double and (best is None or t < best[1]):
                    best = (i, t)
        return None if best is None else best[0]


class TwelvePlusSeats:
    """A user's own target: 12 plus one per seat."""

    def target(self, seats: int, partnerships: bool) -> int:
        return 12 + seats


def test_user_written_target() -> None:
    rules = CLASSIC.replace(target=TwelvePlusSeats())
    assert [rules.for_table(n).target for n in (2, 3, 4)] == [14, 15, 16]
    assert MatchState.new(3, rules, seed=1).target == 15


def test_user_written_blocked_hand_judge() -> None:
    hand0 = tiles("6-5 4-4")  # 1 double, 15 pips
    hand1 = tiles("2-2 6-6 5-5")  # 3 doubles, holds the lowest double left
    hand2 = tiles("1-0 3-2")  # no double
    line = LineOfPlay.parse("*1-1")
    boneyard = rest(hand0, hand1, hand2, [Tile(1, 1)])
    hands = [hand0, hand1, hand2]
    mine = CLASSIC.replace(blocked=LightestDoubleWins(), drawing=False)
    state = RoundState.from_position(hands, boneyard, line, 2, mine)
    state, events = state.apply(parse_move("1-0L"))  # ends 0 and 1: nobody holds a 0 or a 1
    assert state.outcome is not None and state.outcome.kind is OutcomeKind.BLOCKED
    assert [(e.kind, e.side, e.points) for e in events] == [(EventKind.BLOCKED_HAND, 1, 2)]
    # the classic judge gives the same block to seat 2 (no double: fewest doubles)
    state = RoundState.from_position(hands, boneyard, line, 2, CLASSIC.replace(drawing=False))
    _, events = state.apply(parse_move("1-0L"))
    assert [(e.side, e.points) for e in events] == [(2, 2)]


# --------------------------------------------------------------------------- bad combinations


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda: {"target": TargetByTable(three=0)}, "TargetByTable.three"),
        (lambda: {"target": FixedTarget(0)}, "FixedTarget.points"),
        (lambda: {"points": Points(double_header=-1)}, "Points.double_header"),
        (lambda: {"reserve": FixedReserve(-1)}, "FixedReserve.count"),
    ],
)
def test_bad_combinations_raise_a_rules_error_naming_the_field(
    change: Callable[[], dict[str, object]], field: str
) -> None:
    with pytest.raises(RulesError) as err:
        CLASSIC.replace(**change())
    assert field in err.value.fields


def test_hand_sizes_that_do_not_fit_28_tiles() -> None:
    # docs/rules.md, rule 1: sizes need only fit the tables that are played.
    rules = CLASSIC.replace(hand_sizes=HandSizes(6, 10, 5))
    assert rules.for_table(2).hand_size == 6 and rules.for_table(4).hand_size == 5
    with pytest.raises(RulesError) as err:
        rules.for_table(3)  # 30 tiles
    assert "hand_sizes" in err.value.fields
    with pytest.raises(RulesError) as err:
        MatchState.new(3, rules, seed=1)
    assert "hand_sizes" in err.value.fields


def test_partnerships_only_at_four_seats() -> None:
    rules = CLASSIC.replace(partnerships=True)
    with pytest.raises(RulesError) as err:
        MatchState.new(3, rules, seed=1)
    assert "partnerships" in err.value.fields


def test_a_reserve_that_leaves_nothing_drawable_at_this_table() -> None:
    # docs/rules.md, rule 4: a reserve of 10 at three seats keeps the whole 10-tile boneyard:
    # a game without draws, like Block Bergen.
    rules = CLASSIC.replace(reserve=FixedReserve(10))
    assert rules.for_table(2).reserve == 10
    assert rules.for_table(3).reserve == 10
    state = MatchState.new(3, rules, seed=4).round
    assert state is not None and state.drawable == 0


def test_a_component_that_is_not_a_rule_is_rejected() -> None:
    with pytest.raises(RulesError) as err:
        CLASSIC.replace(blocked="fewest pips")
    assert err.value.fields == ("blocked",)


def test_no_double_switch_values() -> None:
    assert CLASSIC.replace(no_double=NoDouble.DRAW_IN_TURN).no_double is NoDouble.DRAW_IN_TURN
    with pytest.raises(RulesError):
        CLASSIC.replace(no_double="draw")
