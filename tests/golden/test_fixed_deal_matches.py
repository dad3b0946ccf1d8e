"""Whole matches from fixed deals and fixed moves, scored by hand (classic rules).

Each move is listed with the events it must cause, worked out by hand from docs/rules.md; the
comments give the open ends after the move (``D`` marks an end whose outermost tile is a
double) and the running scores. Nothing here was copied from the engine's output.
"""

from __future__ import annotations

import pytest

from bergen import (
    CLASSIC,
    Deal,
    EventKind,
    Hand,
    MatchOverError,
    MatchState,
    OutcomeKind,
    ScoreEvent,
    Tile,
    parse_move,
)

DH = EventKind.DOUBLE_HEADER
TH = EventKind.TRIPLE_HEADER
OUT = EventKind.GOING_OUT


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def ev(kind, seat, side, points, base, tile):
    return ScoreEvent(kind, seat, side, points, base, Tile.parse(tile))


def play(match: MatchState, script):
    """Apply (move text, seat, expected events) steps, checking each step."""
    for text, seat, expected in script:
        assert match.round is not None
        assert match.round.to_move == seat, f"{text}: seat {match.round.to_move} is to move"
        match, events = match.apply(parse_move(text), seat=seat)
        assert list(events) == expected, text
    return match


# ======================================================================== three players
#
# Classic, three seats: six tiles each, ten in the boneyard (two of them the reserve), target
# 10. Headers are reduced near the target (rule 6).

R1_DEAL = Deal(
    [
        tiles("1-1 2-1 5-3 6-0 4-0 6-3"),  # seat 0
        tiles("4-1 5-1 5-5 5-0 6-4 6-6"),  # seat 1
        tiles("4-2 3-1 2-0 2-2 3-2 6-1"),  # seat 2
    ],
    tiles("0-0 6-5 1-0 3-0 3-3 4-3 4-4 5-2 5-4 6-2"),
)

# Round 1, dealer 0. Nobody holds the 0-0 (it is the top of the boneyard), so the 1-1 is the
# lowest double held and seat 0 leads it.
R1_SCRIPT = [
    # ends 1D 1D; the lead is a double header: seat 0 has 0 -> 2.          (2, 0, 0)
    ("1-1", 0, [ev(DH, 0, 0, 2, 2, "1-1")]),
    # 4-1 on the right: ends 1D 4.
    ("4-1R", 1, []),
    # 4-2 on the 4: ends 1D 2.
    ("4-2R", 2, []),
    # 2-1 on the 2: ends 1D 1, one a double: triple header 3 (seat 0 had 2, need 8). (5, 0, 0)
    ("2-1R", 0, [ev(TH, 0, 0, 3, 3, "2-1")]),
    # 5-1 on the 1-1 at the left: ends 5 1.
    ("5-1L", 1, []),
    # 3-1 on the right 1: ends 5 3.
    ("3-1R", 2, []),
    # 5-3 on the 3: ends 5 5, neither a double: double header, seat 0 had 5 (need 5): 2. (7,0,0)
    ("5-3R", 0, [ev(DH, 0, 0, 2, 2, "5-3")]),
    # 5-5 on the left 5: ends 5D 5: triple header 3 for seat 1.                       (7, 3, 0)
    ("5-5L", 1, [ev(TH, 1, 1, 3, 3, "5-5")]),
    # Seat 2 (2-0 2-2 3-2 6-1) has no five: draws 0-0, still no five, draws 6-5 and must play it.
    ("draw", 2, []),
    ("draw", 2, []),
    # 6-5 on the right 5: ends 5D 6.
    ("6-5R", 2, []),
    # 6-0 on the 6: ends 5D 0.
    ("6-0R", 0, []),
    # 5-0 on the 5-5: ends 0 0, neither a double: double header, seat 1 had 3 (need 7): 2.
    ("5-0L", 1, [ev(DH, 1, 1, 2, 2, "5-0")]),  #                                      (7, 5, 0)
    # The drawn 0-0 on the left 0: ends 0D 0: triple header 3 for seat 2.             (7, 5, 3)
    ("0-0L", 2, [ev(TH, 2, 2, 3, 3, "0-0")]),
    # 4-0 on the right 0: ends 0D 4.
    ("4-0R", 0, []),
    # 6-4 on the 4: ends 0D 6.
    ("6-4R", 1, []),
    # 2-0 on the 0-0: ends 2 6.
    ("2-0L", 2, []),
    # Seat 0's last tile, 6-3 on the 6: ends 2 3, no header; going out 2 (7 -> 9).    (9, 5, 3)
    ("6-3R", 0, [ev(OUT, 0, 0, 2, 2, "6-3")]),
]

# Before round 2 a deal with no double at all is thrown in: a redeal, same dealer (rule 2).
R2_NO_DOUBLE = Deal(
    [
        tiles("1-0 2-0 2-1 3-0 3-1 3-2"),
        tiles("4-0 4-1 4-2 4-3 5-0 5-1"),
        tiles("5-2 5-3 5-4 6-0 6-1 6-2"),
    ],
    tiles("0-0 1-1 2-2 3-3 4-4 5-5 6-6 6-3 6-4 6-5"),
)

R2_DEAL = Deal(
    [
        tiles("5-3 1-0 3-3 4-2 5-5 6-5"),  # seat 0
        tiles("0-0 2-2 4-1 5-2 6-4 6-6"),  # seat 1
        tiles("5-0 6-1 1-1 2-1 3-2 4-4"),  # seat 2
    ],
    tiles("6-3 2-0 3-0 3-1 4-0 4-3 5-1 5-4 6-0 6-2"),
)

# Round 2, dealer 1; scores (9, 5, 3). Seat 1 holds the 0-0 and leads it.
R2_SCRIPT = [
    # The lead: double header; seat 1 had 5 (need 5): 2.                              (9, 7, 3)
    ("0-0", 1, [ev(DH, 1, 1, 2, 2, "0-0")]),
    # 5-0 on the right: ends 0D 5.
    ("5-0R", 2, []),
    # 5-3 on the 5: ends 0D 3.
    ("5-3R", 0, []),
    # Seat 1 (2-2 4-1 5-2 6-4 6-6) has no 0 or 3: draws 6-3, which fits the 3.
    ("draw", 1, []),
    # 6-3 on the 3: ends 0D 6.
    ("6-3R", 1, []),
    # 6-1 on the 6: ends 0D 1.
    ("6-1R", 2, []),
    # 1-0 on the 0-0: ends 1 1, a double header; seat 0 had 9 (need 1): worth 1, and 10 is the
    # target: the match ends here, in the middle of the round.                        (10, 7, 3)
    ("1-0L", 0, [ev(DH, 0, 0, 1, 2, "1-0")]),
]


@pytest.fixture
def three_player_match():
    return MatchState.new(3, CLASSIC, seed=None, dealer=0)


def test_three_player_deals_are_classic(three_player_match):
    assert three_player_match.target == 10
    for deal in (R1_DEAL, R2_NO_DOUBLE, R2_DEAL):
        assert [len(h) for h in deal.hands] == [6, 6, 6]
    assert not R2_NO_DOUBLE.has_double


def test_three_player_round_1(three_player_match):
    match = three_player_match.start_round(R1_DEAL)
    assert match.round.to_move == 0
    match = play(match, R1_SCRIPT)
    assert match.scores == (9, 5, 3)
    assert match.round is None and match.awaiting_deal
    assert not match.is_over
    assert match.dealer == 1
    (r1,) = match.rounds
    assert r1.outcome.kind is OutcomeKind.WENT_OUT
    assert (r1.outcome.seat, r1.outcome.side) == (0, 0)
    assert r1.hands[1] == Hand.parse("6-6")
    assert r1.hands[2] == Hand.parse("2-2 3-2 6-1")
    assert len(r1.boneyard) == 8


def test_three_player_redeal_before_round_2(three_player_match):
    match = play(three_player_match.start_round(R1_DEAL), R1_SCRIPT)
    match = match.start_round(R2_NO_DOUBLE)
    assert match.redeals == (R2_NO_DOUBLE,)
    assert match.awaiting_deal
    assert match.dealer == 1
    assert match.scores == (9, 5, 3)


def test_three_player_match(three_player_match):
    match = play(three_player_match.start_round(R1_DEAL), R1_SCRIPT)
    match = match.start_round(R2_NO_DOUBLE).start_round(R2_DEAL)
    assert match.round.dealer == 1
    assert match.round.to_move == 1
    assert match.round.scores == (9, 5, 3)
    match = play(match, R2_SCRIPT)
    assert match.scores == (10, 7, 3)
    assert match.is_over
    assert match.winner == 0
    assert match.round is None
    assert len(match.rounds) == 2
    r2 = match.rounds[1]
    assert r2.outcome.kind is OutcomeKind.TARGET_REACHED
    assert (r2.outcome.seat, r2.outcome.side) == (0, 0)
    assert len(r2.hands[0]) == 4  # seat 0 still held tiles: the match ended mid-round
    assert str(r2.line) == "1-0 *0-0 0-5 5-3 3-6 6-1"
    with pytest.raises(MatchOverError):
        match.apply(parse_move("pass"))
    with pytest.raises(MatchOverError):
        match.start_round(R2_DEAL)


# ======================================================================== partnerships
#
# Classic with partnerships: four seats, five tiles each, eight in the boneyard (two of them the
# reserve); side 0 is seats 0 and 2, side 1 is seats 1 and 3; target 15.

PARTNERS = CLASSIC.replace(partnerships=True)

P1_DEAL = Deal(
    [
        tiles("2-5 6-4 5-3 4-3 5-5"),  # seat 0
        tiles("6-5 4-4 3-1 6-3 2-1"),  # seat 1
        tiles("6-2 4-1 3-0 6-0 4-2"),  # seat 2
        tiles("2-2 6-6 6-1 5-0 1-0"),  # seat 3
    ],
    tiles("0-0 1-1 2-0 3-2 3-3 4-0 5-1 5-4"),
)

# Round 1, dealer 0. The 0-0 and 1-1 are in the boneyard; seat 3's 2-2 is the lowest double
# held, so seat 3 leads. Scores are (side 0, side 1).
P1_SCRIPT = [
    # The lead: a double header, 2 to side 1.                                           (0, 2)
    ("2-2", 3, [ev(DH, 3, 1, 2, 2, "2-2")]),
    # 2-5 on the right: ends 2D 5.
    ("5-2R", 0, []),
    # 5-6 on the 5: ends 2D 6.
    ("6-5R", 1, []),
    # 2-6 on the 2-2 at the left: ends 6 6, neither a double: double header 2 to side 0. (2, 2)
    ("6-2L", 2, [ev(DH, 2, 0, 2, 2, "6-2")]),
    # 6-6 on the left 6: ends 6D 6: triple header 3 to side 1.                           (2, 5)
    ("6-6L", 3, [ev(TH, 3, 1, 3, 3, "6-6")]),
    # 6-4 on the right 6: ends 6D 4.
    ("6-4R", 0, []),
    # 4-4 on the 4: ends 6D 4D, not equal: nothing.
    ("4-4R", 1, []),
    # 4-1 on the 4-4: ends 6D 1.
    ("4-1R", 2, []),
    # 6-1 on the 6-6: ends 1 1, neither a double: double header; side 1 had 5 (need 10): 2.
    ("6-1L", 3, [ev(DH, 3, 1, 2, 2, "6-1")]),  #                                         (2, 7)
    # Seat 0 (5-3 4-3 5-5) has no one: draws 0-0 (no one), then 1-1, which fits both ends.
    ("draw", 0, []),
    ("draw", 0, []),
    # 1-1 on the right 1: ends 1 1D: triple header 3 to side 0.                          (5, 7)
    ("1-1R", 0, [ev(TH, 0, 0, 3, 3, "1-1")]),
    # 3-1 on the left 1: ends 3 1D.
    ("3-1L", 1, []),
    # 3-0 on the 3: ends 0 1D.
    ("3-0L", 2, []),
    # 5-0 on the 0: ends 5 1D.
    ("5-0L", 3, []),
    # 5-3 on the 5: ends 3 1D.
    ("5-3L", 0, []),
    # 6-3 on the 3: ends 6 1D.
    ("6-3L", 1, []),
    # 6-0 on the 6: ends 0 1D.
    ("6-0L", 2, []),
    # Seat 3's last tile, 1-0 on the 0: ends 1 1D, a triple header; side 1 had 7 (need 8): 3,
    # then going out 2: header first.                                                   (5, 12)
    ("1-0L", 3, [ev(TH, 3, 1, 3, 3, "1-0"), ev(OUT, 3, 1, 2, 2, "1-0")]),
]

P2_DEAL = Deal(
    [
        tiles("5-0 1-1 3-2 2-2 6-6"),  # seat 0
        tiles("5-3 6-1 4-2 5-5 6-5"),  # seat 1
        tiles("0-0 3-3 6-3 4-4 5-4"),  # seat 2
        tiles("3-0 3-1 4-3 6-0 1-0"),  # seat 3
    ],
    tiles("2-0 2-1 4-0 4-1 5-1 5-2 6-2 6-4"),
)

# Round 2, dealer 1; scores (5, 12). Seat 2 holds the 0-0 and leads it.
P2_SCRIPT = [
    # The lead: double header; side 0 had 5 (need 10): 2.                                (7, 12)
    ("0-0", 2, [ev(DH, 2, 0, 2, 2, "0-0")]),
    # 3-0 on the left: ends 3 0D.
    ("3-0L", 3, []),
    # 5-0 on the right 0-0: ends 3 5.
    ("5-0R", 0, []),
    # 5-3 on the 5: ends 3 3, neither a double: double header; side 1 had 12 (need 3): at most
    # 2, so 2.                                                                          (7, 14)
    ("5-3R", 1, [ev(DH, 1, 1, 2, 2, "5-3")]),
    # 3-3 on the left 3: ends 3D 3: triple header; side 0 had 7 (need 8): 3.           (10, 14)
    ("3-3L", 2, [ev(TH, 2, 0, 3, 3, "3-3")]),
    # 3-1 on the right 3: ends 3D 1.
    ("3-1R", 3, []),
    # 1-1 on the 1: ends 3D 1D, not equal: nothing.
    ("1-1R", 0, []),
    # 6-1 on the 1-1: ends 3D 6.
    ("6-1R", 1, []),
    # 6-3 on the 6: ends 3D 3: triple header; side 0 had 10 (need 5): 3.               (13, 14)
    ("6-3R", 2, [ev(TH, 2, 0, 3, 3, "6-3")]),
    # 4-3 on the 3-3: ends 4 3.
    ("4-3L", 3, []),
    # 3-2 on the right 3: ends 4 2.
    ("3-2R", 0, []),
    # 4-2 on the 2: ends 4 4, a double header; side 1 had 14 (need 1): worth 1, reaching 15:
    # the match ends mid-round and side 1 wins.                                         (13, 15)
    ("4-2R", 1, [ev(DH, 1, 1, 1, 2, "4-2")]),
]


@pytest.fixture
def partnership_match():
    return MatchState.new(4, PARTNERS, seed=None, dealer=0)


def test_partnership_deals_are_classic(partnership_match):
    assert partnership_match.target == 15
    assert partnership_match.scores == (0, 0)
    for deal in (P1_DEAL, P2_DEAL):
        assert [len(h) for h in deal.hands] == [5, 5, 5, 5]


def test_partnership_round_1(partnership_match):
    match = partnership_match.start_round(P1_DEAL)
    assert match.round.to_move == 3
    match = play(match, P1_SCRIPT)
    assert match.scores == (5, 12)
    assert not match.is_over
    assert match.awaiting_deal
    assert match.dealer == 1
    (r1,) = match.rounds
    assert r1.outcome.kind is OutcomeKind.WENT_OUT
    assert (r1.outcome.seat, r1.outcome.side) == (3, 1)
    # Rule 10: the round ends when one player goes out; seat 3's partner still holds a tile.
    assert [len(h) for h in r1.hands] == [3, 1, 1, 0]
    assert str(r1.line) == "1-0 0-6 6-3 3-5 5-0 0-3 3-1 1-6 6-6 6-2 *2-2 2-5 5-6 6-4 4-4 4-1 1-1"


def test_partnership_match(partnership_match):
    match = play(partnership_match.start_round(P1_DEAL), P1_SCRIPT)
    match = match.start_round(P2_DEAL)
    assert match.round.dealer == 1
    assert match.round.to_move == 2
    match = play(match, P2_SCRIPT)
    assert match.scores == (13, 15)
    assert match.is_over
    assert match.winner == 1
    assert len(match.rounds) == 2
    r2 = match.rounds[1]
    assert r2.outcome.kind is OutcomeKind.TARGET_REACHED
    assert (r2.outcome.seat, r2.outcome.side) == (1, 1)
    assert str(r2.line) == "4-3 3-3 3-0 *0-0 0-5 5-3 3-1 1-1 1-6 6-3 3-2 2-4"
    with pytest.raises(MatchOverError):
        match.apply(parse_move("pass"))


def test_partnership_events_add_up_to_the_scores(partnership_match):
    match = partnership_match.start_round(P1_DEAL)
    totals = [0, 0]
    for text, seat, _ in P1_SCRIPT:
        match, events = match.apply(parse_move(text), seat=seat)
        for e in events:
            totals[e.side] += e.points
    match = match.start_round(P2_DEAL)
    for text, seat, _ in P2_SCRIPT:
        match, events = match.apply(parse_move(text), seat=seat)
        for e in events:
            totals[e.side] += e.points
    assert tuple(totals) == match.scores == (13, 15)
