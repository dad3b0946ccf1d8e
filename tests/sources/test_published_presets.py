"""The presets of the published pages and the switches they need, with values from the pages.

Each test quotes the page (docs/rules.md, "Published pages") or the rule it checks.
"""

from __future__ import annotations

import pytest

from bergen import (
    CELKO,
    CLASSIC,
    DOMINO_GAMES,
    ONLINEDOMINOGAMES,
    PAGAT,
    PRESETS,
    PUZZLE_PLACE,
    EventKind,
    FewestPips,
    FixedReserve,
    HandSizes,
    LeadTile,
    LineOfPlay,
    MatchEnd,
    MatchState,
    NoDoubleFirstNonDoublePips,
    OutcomeKind,
    PartnershipBlock,
    PositionError,
    RoundState,
    Tile,
    parse_move,
)
from bergen.cli import main
from bergen.records.rules_json import rules_from_json, rules_to_json
from bergen.tiles import TILES


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def rest(*used: list[Tile]) -> list[Tile]:
    taken = {t for group in used for t in group}
    return [t for t in TILES if t not in taken]


def test_each_published_page_is_a_preset_with_its_address() -> None:
    urls = {name: rules.url for name, rules in PRESETS.items()}
    assert urls == {
        "classic": None,
        "simple": None,
        "pagat": "https://www.pagat.com/domino/line/bergen.html",
        "celko": "http://gamecabinet.com/rules/Bergen.html",
        "domino-games.com": "http://domino-games.com/domino-rules/bergen-rules.html",
        "onlinedominogames": "https://onlinedominogames.com/bergen-dominoes",
        "puzzle-place": "http://www.puzzle-place.net/bergen.htm",
    }


def test_pagat_deals_six_six_five_and_never_draws_the_two_reserved_tiles() -> None:
    # pagat: "2 players get six tile each, leaving a boneyard of 16 tiles ... 4 players get
    # five tiles each, leaving a boneyard of 8 tiles"; "Two of the tiles in the boneyard are
    # reserved and can never be drawn"; "The player with the lowest double plays first".
    assert [PAGAT.for_table(n).boneyard_size for n in (2, 3, 4)] == [16, 10, 8]
    assert [PAGAT.for_table(n).reserve for n in (2, 3, 4)] == [2, 2, 2]
    hands = [tiles("5-5 1-1 6-4"), tiles("3-3 6-2 0-1")]
    state = RoundState.from_position(hands, rest(*hands), LineOfPlay.empty(), 0, PAGAT)
    assert [str(m) for m in state.legal_moves()] == ["1-1"]
    with pytest.raises(PositionError, match="seat 0 holds 1-1"):
        RoundState.from_position(hands, rest(*hands), LineOfPlay.empty(), 1, PAGAT)


def test_celko_reduces_headers_within_two_and_three_of_winning() -> None:
    # Celko: "A player within 2 points of winning scores only 1 point for a double header or
    # a triple header. A player within 3 points of winning scores only 2"; "A game is 15
    # points for 2 players and 10 points for 3 or 4 players".
    assert [CELKO.for_table(n).target for n in (2, 3, 4)] == [15, 10, 10]
    assert CELKO.reduction.reduce(3, 8, 10) == 1  # within 2 of winning
    assert CELKO.reduction.reduce(3, 7, 10) == 2  # within 3
    assert (CELKO.points.going_out, CELKO.points.blocked_hand) == (2, 2)


def test_domino_games_worked_example_scores_the_lead_then_a_double_and_a_triple_header() -> None:
    # domino-games.com: "a double-six started the game, scoring 2 points ... A 6-2 and 6-4
    # were then played on either side of the 6-6 ... The 4-2 was then connected to the open
    # four, leaving an open 2 both on the left and right, thus earning 2 points ... A 2-2 was
    # then played onto the open 2 on the right. This scored three points". The lightest hand
    # (the one that went out) "wins one point".
    hands = [tiles("6-6 6-4 2-2"), tiles("6-2 4-2 0-0")]
    state = RoundState.from_position(hands, rest(*hands), LineOfPlay.empty(), 0, DOMINO_GAMES)
    scored = []
    for text in ("6-6", "6-2L", "6-4R", "4-2R", "2-2R"):
        state, events = state.apply(parse_move(text))
        scored.append([(e.kind, e.points) for e in events])
    assert scored == [
        [(EventKind.DOUBLE_HEADER, 2)],
        [],
        [],
        [(EventKind.DOUBLE_HEADER, 2)],
        [(EventKind.TRIPLE_HEADER, 3), (EventKind.GOING_OUT, 1)],
    ]
    assert state.scores == (6, 2)
    assert [DOMINO_GAMES.for_table(n).target for n in (2, 3, 4)] == [15, 15, 15]


def test_onlinedominogames_the_highest_double_holder_leads_any_tile() -> None:
    # onlinedominogames: "Player with highest double starts first turn"; "Turn can be started
    # with any tile".
    hands = [tiles("5-5 1-0 6-4"), tiles("3-3 6-2 0-2")]
    state = RoundState.from_position(hands, rest(*hands), LineOfPlay.empty(), 0, ONLINEDOMINOGAMES)
    assert sorted(str(m) for m in state.legal_moves()) == ["1-0", "5-5", "6-4"]
    state, events = state.apply(parse_move("6-4"))
    assert events == () and state.line.ends == (6, 4)
    with pytest.raises(PositionError, match="seat 0 holds 5-5"):
        RoundState.from_position(hands, rest(*hands), LineOfPlay.empty(), 1, ONLINEDOMINOGAMES)


def test_onlinedominogames_the_match_is_won_only_after_the_end_of_a_round() -> None:
    # onlinedominogames: "Player scoring 15 or more after end of a round wins the game"; a
    # header that reaches 15 mid-round does not end the round. Ends 4 and 1: the 4-1 makes a
    # double header (2) for seat 0 at 13.
    hands = [tiles("4-1 6-6"), tiles("5-5 1-3")]
    line = LineOfPlay.parse("4-0 0-0 0-1")
    used = [p.tile for p in line.tiles]
    rules = ONLINEDOMINOGAMES.replace(drawing=False)
    state = RoundState.from_position(hands, rest(*hands, used), line, 0, rules, scores=(13, 0))
    match = MatchState.from_round(state)
    match, events = match.apply(parse_move("4-1L"))
    assert [(e.kind, e.points) for e in events] == [(EventKind.DOUBLE_HEADER, 2)]
    assert match.scores == (15, 0) and match.round is not None and not match.is_over
    # Seat 1 lays the 1-3; then nobody can play: the block goes to seat 1 (10 pips against
    # 12) for 1, and after the round seat 0 has 15 against 1.
    match, events = match.apply(match.legal_moves()[0])
    assert [(e.kind, e.side, e.points) for e in events] == [(EventKind.BLOCKED_HAND, 1, 1)]
    assert match.scores == (15, 1) and match.is_over and match.winner == 0


def test_a_tie_at_the_target_after_a_round_plays_another_round() -> None:
    # docs/rules.md, rule 9 (MatchEnd.ROUND_END): the highest score wins; sides level on it
    # play another round. Seat 0 at 14 goes out with the 4-1 on ends 4 and 1: a double header
    # (2) and going out (1): 17; seat 1 stands at 17.
    rules = ONLINEDOMINOGAMES.replace(drawing=False)
    hands = [tiles("4-1"), tiles("5-5 2-3")]
    line = LineOfPlay.parse("4-0 0-0 0-1")
    used = [p.tile for p in line.tiles]
    state = RoundState.from_position(hands, rest(*hands, used), line, 0, rules, scores=(14, 17))
    match = MatchState.from_round(state)
    match, _ = match.apply(parse_move("4-1L"))
    assert match.scores == (17, 17)
    assert not match.is_over and match.winner is None and match.awaiting_deal


def test_puzzle_place_six_each_and_a_hand_without_a_double_wins_the_block() -> None:
    # puzzle-place: "Each player draws six pieces"; "Players going domino score one point";
    # "the lowest hand is the one with the lowest number of spots which does not contain a
    # double"; "Fifteen points is game".
    assert [PUZZLE_PLACE.for_table(n).hand_size for n in (2, 3, 4)] == [6, 6, 6]
    assert PUZZLE_PLACE.blocked == NoDoubleFirstNonDoublePips()
    assert PUZZLE_PLACE.blocked.winner([tiles("6-6 0-1"), tiles("6-5 5-4")]) == 1
    assert PUZZLE_PLACE.blocked.winner([tiles("6-6 0-1"), tiles("1-1 5-4")]) == 0
    assert (PUZZLE_PLACE.points.going_out, PUZZLE_PLACE.points.blocked_hand) == (1, 1)
    assert PUZZLE_PLACE.for_table(3).target == 15


def _blocked_partnership(mode: PartnershipBlock) -> tuple[int, ...]:
    # Line 3-3 3-4, ends 3 and 4; seat 0 lays the 4-4 and nobody holds a 3 or a 4: blocked.
    # Side 0 holds 6-6 6-5 (23 pips) and 0-1 (1); side 1 holds 2-2 (4) and 2-0 (2).
    hands = [tiles("6-6 6-5 4-4"), tiles("2-2"), tiles("0-1"), tiles("2-0")]
    line = LineOfPlay.parse("*3-3 3-4")
    used = [p.tile for p in line.tiles]
    rules = CLASSIC.replace(
        partnerships=True, blocked=FewestPips(), drawing=False, partnership_block=mode
    )
    state = RoundState.from_position(hands, rest(*hands, used), line, 0, rules)
    state, events = state.apply(parse_move("4-4R"))
    assert state.outcome is not None and state.outcome.kind is OutcomeKind.BLOCKED
    return tuple(e.side for e in events if e.kind is EventKind.BLOCKED_HAND)


def test_a_partnership_block_on_the_two_hands_together() -> None:
    # SV: the side ("sidan") with the fewest counts wins; together 24 pips against 6.
    assert _blocked_partnership(PartnershipBlock.TOGETHER) == (1,)


def test_a_partnership_block_on_each_sides_best_hand() -> None:
    # The best single hand: seat 2's 0-1 (1 pip) beats seat 3's 2-0 (2 pips).
    assert _blocked_partnership(PartnershipBlock.BEST_HAND) == (0,)


@pytest.mark.parametrize(
    ("seats", "rules"),
    [
        (2, CLASSIC.replace(reserve=FixedReserve(16))),  # the whole 16-tile boneyard
        (3, CLASSIC.replace(reserve=FixedReserve(10))),  # the whole 10-tile boneyard
        (2, CLASSIC.replace(hand_sizes=HandSizes(13, 6, 5))),  # 2 tiles left: the reserve
        (4, CLASSIC.replace(hand_sizes=HandSizes(6, 6, 7))),  # all 28 tiles dealt
    ],
)
def test_combinations_that_only_mean_no_draws_are_played(seats: int, rules: object) -> None:
    # docs/rules.md, rule 4: the reserve may be any count; such games have no draws.
    match = MatchState.new(seats, rules, seed=3)  # type: ignore[arg-type]
    assert match.round is not None and match.round.drawable == 0
    while not match.is_over:
        match, _ = match.apply(match.legal_moves()[0])
    assert all(r.drawable == 0 for r in match.rounds)


def test_records_name_the_presets_and_the_new_switches() -> None:
    assert rules_to_json(ONLINEDOMINOGAMES) == {"preset": "onlinedominogames", "version": "1"}
    assert rules_from_json({"preset": "puzzle-place", "version": "2"}) is PUZZLE_PLACE
    custom = CLASSIC.replace(
        lead_tile=LeadTile.ANY,
        match_end=MatchEnd.ROUND_END,
        partnership_block=PartnershipBlock.BEST_HAND,
    )
    obj = rules_to_json(custom)
    assert (obj["lead_tile"], obj["match_end"], obj["partnership_block"]) == (
        "any",
        "round",
        "best-hand",
    )
    assert rules_from_json(obj) == custom
    assert "match_end" not in rules_to_json(CLASSIC.replace(drawing=False))


@pytest.mark.parametrize("name", list(PRESETS))
def test_bergen_simulate_plays_every_preset(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", name, "--players", "3", "--seed", "1"]) == 0
    assert "Winner:" in capsys.readouterr().out
