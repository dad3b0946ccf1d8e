"""The escapes of issue 28 (part 5): each bad value found by trying the library as a hostile
user would now gets a bergen error naming what was wrong, instead of a Python exception or a
silent acceptance. Each test failed before its fix."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from bergen import (
    CLASSIC,
    BergenError,
    Deal,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
    LineOfPlay,
    LowestDouble,
    MatchState,
    NearTargetReduction,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    PositionError,
    RecordError,
    RecordReason,
    RoundState,
    RulesError,
    ScoreEvent,
    TargetByTable,
    Tile,
    dump,
    dumps,
    loads,
    record_match,
    replay,
)
from bergen.protocol import (
    NewGame,
    ProtocolError,
    decide_request,
    encode,
    hello_request,
    new_game_request,
    view_from_json,
    view_to_json,
)
from bergen.records import RecordedEvent
from bergen.records import view as rview

ROOT = Path(__file__).resolve().parents[2]


def _played(seats: int, seed: int, rounds: int) -> MatchState:
    match = MatchState.new(seats, CLASSIC, seed=seed)
    rng = random.Random(seed)
    while len(match.rounds) < rounds and not match.is_over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    return match


# ------------------------------------------------------------------ the protocol


def _decision() -> tuple[object, tuple[object, ...]]:
    match = MatchState.new(2, CLASSIC, seed=11)
    rnd = match.round
    assert rnd is not None
    return rnd.view(rnd.to_move), rnd.legal_moves()


def test_a_view_with_a_score_past_10_to_the_18_is_a_protocol_error() -> None:
    view, _ = _decision()
    obj = view_to_json(view)  # type: ignore[arg-type]
    obj["scores"] = [10**18 + 1, 0]
    with pytest.raises(ProtocolError) as info:
        view_from_json(obj)
    assert info.value.field == "view.scores[0]"
    obj["scores"] = [10**18, 0]  # the largest score a view holds
    assert view_from_json(obj).scores == (10**18, 0)


def test_bot_serve_answers_a_score_past_10_to_the_18_with_an_error_reply() -> None:
    view, legal = _decision()
    decide = decide_request(view, legal, None)  # type: ignore[arg-type]
    decide["view"]["scores"] = [10**18 + 1, 0]
    game = NewGame(CLASSIC, 2, False, view.seat, 15, 1)  # type: ignore[attr-defined]
    lines = b"".join([encode(hello_request()), encode(new_game_request(game)), encode(decide)])
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "bergen", "bot", "serve", "greedy"],
        input=lines,
        capture_output=True,
        timeout=60,
        env=env,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["type"] for r in replies] == ["hello", "ready", "error"]
    assert replies[-1]["kind"] == "protocol"
    assert "view.scores[0]" in replies[-1]["message"]
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr


# ------------------------------------------------------------------ view records


def _view_record_with_event(change: dict[str, int]) -> rview.ViewRecord:
    match = MatchState.new(2, CLASSIC, seed=3)
    while not match.rounds:
        match, _ = match.apply(match.legal_moves()[0])
    record = rview.record_view(match, 0)
    rnd = record.rounds[0]
    first = rnd.events[0]
    # Seat 0 leads the 1-1: a double header of 2 points for side 0 (rules 2 and 5).
    assert (first.event.seat, first.event.side, first.event.points) == (0, 0, 2)
    fields = {f: getattr(first.event, f) for f in ScoreEvent.__match_args__}
    bad = RecordedEvent(first.action, ScoreEvent(**{**fields, **change}))
    return attrs.evolve(record, rounds=(attrs.evolve(rnd, events=(bad, *rnd.events[1:])),))


@pytest.mark.parametrize("side", [3, 1])
def test_replay_view_refuses_an_event_credited_to_another_side(side: int) -> None:
    # side 3 is no side at a two-seat table (IndexError before); side 1 is the other seat's.
    with pytest.raises(RecordError) as info:
        rview.replay_view(_view_record_with_event({"side": side}))
    assert info.value.round == 0 and info.value.action_index == 0
    assert f"credits side {side}, not side 0" in str(info.value)


# ------------------------------------------------------------------ records and their seed


def _doc(match: MatchState) -> dict[str, object]:
    doc: dict[str, object] = json.loads(dumps(record_match(match)))
    return doc


def _refused(doc: dict[str, object]) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(json.dumps(doc))  # refused when loaded, before any replay
    return info.value


def test_a_record_whose_seed_does_not_deal_it_is_refused() -> None:
    doc = _doc(_played(3, 2, 2))
    assert doc["seed"] == 2 and doc["shuffles"] == 3  # three deals: rounds 0, 1 and 2
    error = _refused({**doc, "seed": 3})
    assert error.reason is RecordReason.DEAL and error.round == 0
    assert "shuffle 0" in str(error)
    old = {k: v for k, v in doc.items() if k != "shuffles"} | {"format": "bergen-record/1"}
    assert replay(loads(json.dumps(old))).scores == replay(loads(json.dumps(doc))).scores
    assert _refused({**old, "seed": 3}).reason is RecordReason.DEAL


@pytest.mark.parametrize("shuffles", [0, 1, 2, 4, 50])
def test_shuffles_other_than_the_number_of_deals_are_refused(shuffles: int) -> None:
    # shuffles 0..2 would deal a deal of the record again; 4 and 50 skip deals never dealt.
    doc = _doc(_played(3, 2, 2))
    error = _refused({**doc, "shuffles": shuffles})
    assert error.reason is RecordReason.DEAL


def test_shuffles_past_the_deal_streams_bound_are_refused_when_loaded() -> None:
    doc = _doc(_played(2, 5, 1))
    error = _refused({**doc, "shuffles": 10**9})
    assert "shuffles" in str(error) and "1,000,001" in str(error)


def test_a_resumed_match_never_deals_a_deal_it_dealt() -> None:
    match = _played(3, 2, 2)
    assert not match.is_over
    again = replay(loads(dumps(record_match(match)))).match
    assert again == match
    dealt = [r.deal for r in match.rounds]
    assert again.round is not None and again.round.deal not in dealt
    # The issue's case: shuffles 0 made the resumed match deal round 0's deal again.
    assert _refused({**_doc(match), "shuffles": 0}).reason is RecordReason.DEAL


def test_a_first_round_dealt_elsewhere_still_records_and_replays() -> None:
    # MatchState.from_round: round 0 from a deal of another origin, then the seed's stream.
    state = RoundState.start(Deal.from_seed(99, 2, 6), CLASSIC)
    match = MatchState.from_round(state, seed=5)
    rng = random.Random(1)
    while len(match.rounds) < 2:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    record = record_match(match)
    assert record.shuffles == 2
    assert replay(loads(dumps(record))).match == match
    doc = _doc(match)
    assert _refused({**doc, "seed": 6}).reason is RecordReason.DEAL
    assert _refused({**doc, "shuffles": 1}).reason is RecordReason.DEAL


# ------------------------------------------------------------------ values and methods


def test_line_of_play_start_takes_a_tile() -> None:
    with pytest.raises(PositionError, match="start takes a Tile"):
        LineOfPlay.empty().start("6-4")  # type: ignore[arg-type]


def test_line_of_play_called_directly_checks_its_fields() -> None:
    line = LineOfPlay.parse("5-1 *1-1 1-4 4-4")
    fields = [getattr(line, f.name) for f in attrs.fields(LineOfPlay)]
    assert LineOfPlay(*fields) == line
    assert LineOfPlay() == LineOfPlay.empty()
    assert str(LineOfPlay(Tile(6, 4))) == "*6-4"
    for bad in (
        (1, 2, 3),
        (Tile(6, 6), 6, 6, True, False),  # the 6-6 makes both ends doubles
        (Tile(6, 6), 6, 6, True, True, ((27, 6),)),  # the 6-6 twice
        (Tile(6, 6), 6, 6, True, True, ((2, 1),)),  # 1-1 does not match the 6
        (Tile(6, 6), 6, 6, True, True, (), (), 2),  # one tile, not two
        (Tile(6, 4), 7),
        (None, None, None, False, False, ((27, 6),)),
    ):
        with pytest.raises(PositionError):
            LineOfPlay(*bad)  # type: ignore[arg-type]


def test_play_out_takes_a_list_of_moves() -> None:
    match = MatchState.new(2, seed=1)
    with pytest.raises(PositionError, match="play_out takes a list or tuple"):
        match.play_out(-1)  # type: ignore[arg-type]
    assert match.play_out([])[0] == match


def test_record_match_checks_start_scores() -> None:
    match = MatchState.new(2, seed=1)
    for bad in (-1, [1], [1, -1], ["a", 0], (True, 0)):
        with pytest.raises(RecordError) as info:
            record_match(match, start_scores=bad)  # type: ignore[arg-type]
        assert info.value.reason is RecordReason.ARGUMENT


JUDGES = (FewestDoublesThenPips(), FewestPips(), NoDoubleFirst(), NoDoubleFirstNonDoublePips())


@pytest.mark.parametrize("judge", JUDGES)
def test_a_blocked_hand_judge_checks_the_sides(judge: object) -> None:
    # Side 0 holds the 6-6 (a double, 12 pips), side 1 the 1-0 (no double, 1 pip): side 1
    # wins under every judge (rule 8 and its variants).
    assert judge.winner([[Tile(6, 6)], [Tile(1, 0)]]) == 1  # type: ignore[attr-defined]
    for bad in ("6-4", [], [[Tile(6, 6)]], [["6-6"], [Tile(1, 0)]], [[Tile(1, 0)], [Tile(1, 0)]]):
        with pytest.raises(RulesError):
            judge.winner(bad)  # type: ignore[attr-defined]


def test_the_lead_rules_check_the_doubles() -> None:
    doubles = [Tile(6, 6), Tile(2, 2)]
    assert LowestDouble().choose(doubles) == Tile(2, 2)  # rule 2: the lowest double leads
    assert HighestDouble().choose(doubles) == Tile(6, 6)
    for rule in (LowestDouble(), HighestDouble()):
        for bad in ([], "6-6", [Tile(6, 4)], [None], 5):
            with pytest.raises(RulesError):
                rule.choose(bad)  # type: ignore[arg-type]


def test_the_other_components_check_their_arguments() -> None:
    # Rule 6: two points from the target, a triple header (3) is worth 1.
    assert NearTargetReduction().reduce(3, 13, 15) == 1
    assert NoReduction().reduce(3, 13, 15) == 3
    assert FixedReserve(2).reserve(2, 16) == 2
    assert TargetByTable().target(4, True) == 15 and FixedTarget(15).target(3, False) == 15
    assert HandSizes(6, 6, 5).hand_size(4) == 5
    calls = [
        lambda: NearTargetReduction().reduce("3", 13, 15),
        lambda: NearTargetReduction().reduce(3, -1, 15),
        lambda: NoReduction().reduce(3, 13, 0),
        lambda: FixedReserve(2).reserve(5, 16),
        lambda: FixedReserve(2).reserve(2, 29),
        lambda: TargetByTable().target(2, True),
        lambda: TargetByTable().target(2, "no"),
        lambda: FixedTarget(15).target(2.0, False),
        lambda: HandSizes(6, 6, 5).hand_size(2.0),
    ]
    for call in calls:
        with pytest.raises(RulesError):
            call()


def test_a_tile_orders_only_against_a_tile() -> None:
    assert Tile(6, 4) > Tile(1, 0) and Tile(1, 0) <= Tile(1, 0) and not Tile(6, 4) < Tile(1, 0)
    for compare in (
        lambda: Tile(6, 4) < 5,
        lambda: Tile(6, 4) <= "6-4",
        lambda: Tile(6, 4) > None,
        lambda: Tile(6, 4) >= (6, 4),
    ):
        with pytest.raises(PositionError, match="ordered only against a tile"):
            compare()
    with pytest.raises(PositionError):
        Tile(6, 4).other(3)


def test_dump_wraps_what_the_file_system_refuses(tmp_path: Path) -> None:
    record = record_match(MatchState.new(2, seed=1))
    with pytest.raises(RecordError) as info:
        dump(record, tmp_path / "no-such-directory" / "r.json")
    assert info.value.reason is RecordReason.WRITE
    assert isinstance(info.value.__cause__, FileNotFoundError)
    path = tmp_path / "r.json"
    path.write_text("")
    with open(path) as for_reading, pytest.raises(RecordError) as info:
        dump(record, for_reading)  # io.UnsupportedOperation before
    assert info.value.reason is RecordReason.WRITE
    dump(record, path)
    assert loads(path.read_text()) == record
    assert isinstance(info.value, BergenError)
