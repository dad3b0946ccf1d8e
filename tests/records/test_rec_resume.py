"""Resuming a match from its record: play k moves, save, load, play on; the same as playing on
without saving (issue 16). The record keeps the seed and where its deal stream stands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import CLASSIC, SIMPLE, MatchState, RoundState, Tile
from bergen.errors import PositionError, RecordError
from bergen.line import LineOfPlay
from bergen.records import dumps, loads, record_match, replay
from bergen.rules import ONLINEDOMINOGAMES, Rules

TABLES = [
    (2, CLASSIC),
    (3, CLASSIC),
    (4, CLASSIC),
    (4, CLASSIC.replace(partnerships=True)),
    (2, SIMPLE),
    (3, SIMPLE),
    (4, SIMPLE),
    (4, SIMPLE.replace(partnerships=True)),
]


def play(match: MatchState, moves: int, rng: random.Random) -> MatchState:
    for _ in range(moves):
        if match.is_over:
            break
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


def resumed(match: MatchState) -> MatchState:
    return replay(loads(dumps(record_match(match)))).match


@settings(max_examples=60, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    k=st.integers(0, 120),
    choices=st.integers(0, 2**32),
)
def test_a_saved_match_plays_on_as_the_original(
    table: tuple[int, Rules], seed: int, dealer: int, k: int, choices: int
) -> None:
    seats, rules = table
    match = MatchState.new(seats, rules, seed=seed, dealer=dealer % seats)
    match = play(match, k, random.Random(choices))
    again = resumed(match)
    assert again == match
    # Play on both with the same choices, to the end of the match.
    a, b = random.Random(choices + 1), random.Random(choices + 1)
    while not match.is_over:
        legal = match.legal_moves()
        assert again.legal_moves() == legal  # the resumed match deals the same rounds
        i = a.randrange(len(legal))
        assert b.randrange(len(legal)) == i
        match, ev1 = match.apply(legal[i])
        again, ev2 = again.apply(legal[i])
        assert ev1 == ev2
        assert again == match
    assert again.scores == match.scores and again.winner == match.winner


@settings(max_examples=30, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32),
    k=st.integers(0, 60),
    choices=st.integers(0, 2**32),
)
def test_a_match_from_scores_and_a_set_up_round_resumes(
    table: tuple[int, Rules], seed: int, k: int, choices: int
) -> None:
    seats, rules = table
    sides = rules.for_table(seats).sides
    start = tuple(range(1, sides + 1))  # starting scores, below every target
    match = MatchState.new(seats, rules, seed=seed, dealer=seats - 1, scores=start)
    assert match.scores == start and match.dealer == seats - 1
    # The round in play, set up again as a position mid-round: a match from a set-up position.
    match = play(match, 3, random.Random(choices))
    rnd = match.round
    if rnd is None or rnd.line.lead is None:
        return
    setup = RoundState.from_position(
        [h.tiles for h in rnd.hands],
        rnd.boneyard.tiles,
        rnd.line,
        rnd.to_move,
        rules,
        scores=rnd.scores,
        dealer=rnd.dealer,
    )
    m = MatchState.from_round(setup, seed=seed + 1)
    m = play(m, k, random.Random(choices))
    record = record_match(m)
    assert record.rounds[0].position is not None
    assert resumed(m) == m
    a, b = play(m, 400, random.Random(choices)), play(resumed(m), 400, random.Random(choices))
    assert a == b


def test_the_issue_example_deals_on() -> None:
    # The example from issue 16: a saved match stopped dealing when its round ended.
    rng = random.Random(0)
    m = play(MatchState.new(3, seed=9), 25, rng)
    m2 = resumed(m)
    assert m2.seed == 9 and m2 == m
    assert m2.shuffles == m.shuffles


def test_old_records_load_and_await_deals() -> None:
    # A version 1 record keeps its seed for information; its replay awaits explicit deals.
    doc = dumps(record_match(play(MatchState.new(2, seed=4), 1, random.Random(0))))
    old = doc.replace('"bergen-record/2"', '"bergen-record/1"').replace('"shuffles": 1,', "")
    assert '"shuffles"' not in old
    result = replay(loads(old))
    assert result.match.seed is None and result.match.round is not None
    with pytest.raises(RecordError, match="unknown field 'shuffles'"):
        loads(doc.replace('"bergen-record/2"', '"bergen-record/1"'))


def test_new_checks_its_starting_scores_and_shuffles() -> None:
    with pytest.raises(PositionError, match="scores: 3 entries for 2 sides"):
        MatchState.new(2, scores=(0, 0, 0))
    with pytest.raises(PositionError, match="at the target 15"):
        MatchState.new(2, scores=(15, 0))  # classic two seats play to 15 (rule 9)
    with pytest.raises(PositionError, match="shuffles"):
        MatchState.new(2, shuffles=3)
    m = MatchState.new(2, seed=1, shuffles=5)
    assert m.shuffles >= 6  # dealt from the sixth shuffle on


def test_new_under_end_of_round_matches_takes_sides_level_at_or_past_the_target() -> None:
    # docs/rules.md, rule 9 with match_end round (onlinedominogames, 15 at every table): the
    # target is judged when a round ends; the one highest score at or above it wins, and sides
    # level on it play another round. Between two rounds sides may so stand level at or past
    # the target, and the match goes on with the next deal.
    rules = ONLINEDOMINOGAMES
    m = MatchState.new(2, rules, seed=3, scores=(15, 15))
    assert not m.is_over and m.round is not None and m.round.scores == (15, 15)
    waiting = MatchState.new(3, rules, scores=(16, 16, 2))
    assert not waiting.is_over and waiting.awaiting_deal
    assert not MatchState.new(2, rules, scores=(14, 14)).is_over
    # One side alone on the highest score at or above the target after a round has won.
    for scores in [(15, 14), (16, 15), (20, 0)]:
        with pytest.raises(PositionError, match=r"alone the highest .* target 15"):
            MatchState.new(2, rules, scores=scores)
    with pytest.raises(PositionError, match="alone the highest"):
        MatchState.new(3, rules, scores=(17, 16, 16))
    # Under the default the match ends the instant a side reaches the target: none may stand
    # at it (rule 9).
    with pytest.raises(PositionError, match="at the target 15"):
        MatchState.new(2, CLASSIC, scores=(15, 15))
    # Played on from 15 and 15, every event scores; once the round is over the match is won
    # by the one side on the highest score, or goes on if the sides are level.
    rng = random.Random(1)
    while m.round is not None and not m.rounds:
        m, _ = m.apply(rng.choice(m.legal_moves()))
    final = m.rounds[0].scores
    assert min(final) >= 15
    assert m.is_over == (final[0] != final[1])


def test_a_record_of_an_end_of_round_match_may_start_level_past_the_target() -> None:
    # rule 9, match_end round: start_scores level at or past the target replay; a side alone
    # on the highest score at or above it has already won, and the record is refused.
    m = play(MatchState.new(2, ONLINEDOMINOGAMES, seed=3, scores=(16, 16)), 6, random.Random(2))
    doc = dumps(record_match(m))
    assert '"start_scores": [16, 16]' in doc
    assert replay(loads(doc)).match == m
    with pytest.raises(RecordError, match="alone the highest") as info:
        replay(loads(doc.replace('"start_scores": [16, 16]', '"start_scores": [16, 15]')))
    assert info.value.reason == "result"


def test_from_round_takes_a_round_in_play() -> None:
    line = LineOfPlay.parse("*6-6")
    hands = [[Tile(6, 5)], [Tile(5, 5)]]
    rest = [t for t in __import__("bergen").TILES if t not in (Tile(6, 6), Tile(6, 5), Tile(5, 5))]
    state = RoundState.from_position(hands, rest, line, 0, CLASSIC)
    m = MatchState.from_round(state)
    assert m.round is state and m.scores == (0, 0)
    with pytest.raises(PositionError, match="RoundState"):
        MatchState.from_round("x")  # type: ignore[arg-type]
