"""Strict replay: the worked hand of the English rule page (EN), records written by
``bergen simulate --json``, and every way a record can disagree with the rules."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bergen import (
    CLASSIC,
    SIMPLE,
    Deal,
    EventKind,
    IllegalMoveError,
    MatchState,
    Reason,
    RecordError,
    Rules,
    ScoreEvent,
    Tile,
    dumps,
    load,
    loads,
    record_match,
    replay,
)
from bergen.cli import main

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "worked-hand.json"
STRICT = ROOT / "examples" / "worked-hand-strict.json"

# Two hands of six with no double among them (rule 2: redeal, or draw in turn under simple).


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


NO_DOUBLE = Deal(
    [tiles("1-0 2-0 2-1 3-0 3-1 3-2"), tiles("4-0 4-1 4-2 4-3 5-0 5-1")],
    tiles("5-2 5-3 5-4 6-0 6-1 6-2 6-3 6-4 6-5 0-0 1-1 2-2 3-3 4-4 5-5 6-6"),
)


def replay_doc(doc: object) -> Any:
    return replay(loads(json.dumps(doc)))


def fails(doc: object, *words: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay_doc(doc)
    for w in words:
        assert w in str(info.value), (w, str(info.value))
    return info.value


# ------------------------------------------------------------------ the seed's worked hand


def test_the_worked_hand_replays_to_the_seed_totals() -> None:
    # EN "A worked hand": "Alice 7, Ben 3, Cara 2"; "the totals are Alice 9, Ben 9 and Cara 5".
    result = replay(load(WORKED))
    (rnd,) = result.rounds
    assert rnd.scores_before == (2, 6, 3)
    assert rnd.points == (7, 3, 2)
    assert result.scores == (9, 9, 5)
    assert result.winner is None  # playing to 10: "the next header may decide the game"


def test_the_worked_hand_scores_as_the_text_says() -> None:
    result = replay(load(WORKED))
    scored = [
        (s.seat, str(s.move), [(e.kind, e.points) for e in s.events])
        for s in result.rounds[0].steps
        if s.events
    ]
    assert scored == [
        (0, "5-4L", [(EventKind.DOUBLE_HEADER, 2)]),  # "Alice plays 5-4 ... Double header, 2"
        (1, "6-3L", [(EventKind.TRIPLE_HEADER, 3)]),  # "Ben plays 3-6 ... Triple header, 3"
        (2, "2-0L", [(EventKind.DOUBLE_HEADER, 2)]),  # "Cara plays 2-0 ... Double header, 2"
        # "Alice plays 0-0 ... Triple header, 3" and "The 0-0 was Alice's last tile: 2".
        (0, "0-0L", [(EventKind.TRIPLE_HEADER, 3), (EventKind.GOING_OUT, 2)]),
    ]


def test_the_worked_hand_ends_read_as_the_text_says() -> None:
    steps = replay(load(WORKED)).rounds[0].steps
    ends = [s.state.line.ends for s in steps]
    assert ends[1] == (5, 4)  # "so the ends read five and four"
    assert ends[2] == (4, 4)  # "both ends show a four"
    assert ends[6] == (6, 6) and steps[6].state.line.right_double  # "one of them is a double"
    assert steps[7].drawn is not None and str(steps[7].drawn) == "6-2"  # "draws the 6-2"
    assert ends[10] == (2, 0) and steps[10].state.line.left_double  # "the double two and a blank"
    assert ends[11] == (0, 0)  # "both ends are blank"


def test_the_strict_worked_hand_fails_at_the_lead_naming_the_0_0() -> None:
    with pytest.raises(RecordError) as info:
        replay(load(STRICT))
    err = info.value
    assert (err.round, err.action_index, err.action) == (0, 0, "1-1")
    message = str(err)
    assert "Alice (seat 0) holds 0-0, the lowest double" in message
    assert "1-1" in message
    cause = err.__cause__
    assert isinstance(cause, IllegalMoveError) and cause.reason is Reason.WRONG_LEAD


# ------------------------------------------------------------------ simulate --json, replayed


def simulate_record(argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    assert main(["simulate", *argv, "--json"]) == 0
    path = tmp_path / "m.json"
    path.write_text(capsys.readouterr().out)
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "4", "--partnerships", "--seed", "3"],
        ["--players", "4", "--partnerships", "--seed", "3", "--rules", "simple"],
        ["--players", "3", "--seed", "3", "--rules", "simple"],
        ["--players", "2", "--seed", "8", "--no-draw", "--block-rule", "fewest-pips"],
    ],
)
def test_simulate_json_replays(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = simulate_record(argv, capsys, tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Final scores:" in out
    result = replay(load(path))
    assert result.is_over  # simulate plays to the target (rule 9)
    doc = json.loads(path.read_text())
    assert doc["format"] == "bergen-record/2"  # seeded: the deal stream is kept
    stated = [e for r in doc["rounds"] for e in r["events"]]
    assert len(stated) == sum(len(r.events) for r in result.rounds)


def test_record_match_keeps_the_events_the_match_produced() -> None:
    # The events stored are the ones MatchState.apply returned while playing, in order.
    for rules, seats in ((CLASSIC, 3), (SIMPLE, 4), (CLASSIC.replace(partnerships=True), 4)):
        match = MatchState.new(seats, rules, seed=21)
        rng = random.Random(5)
        played: list[ScoreEvent] = []
        while not match.is_over:
            match, events = match.apply(rng.choice(match.legal_moves()))
            played.extend(events)
        record = record_match(match)
        stated = [e.event for r in record.rounds for e in r.events]
        assert stated == played
        assert replay(record).scores == match.scores


def test_record_match_of_a_match_in_progress_and_with_redeals() -> None:
    # Seed 13 at two seats under classic deals a round without a double (see the vectors).
    match = MatchState.new(2, CLASSIC, seed=13)
    rng = random.Random(0)
    for _ in range(200):
        if match.is_over:
            break
        match, _ = match.apply(rng.choice(match.legal_moves()))
    assert match.redeals  # the property below is not vacuous
    record = record_match(match, names=["Ann", "Bo"])
    assert sum(len(r.redeals) for r in record.rounds) == len(match.redeals)
    assert all(not d.has_double for r in record.rounds for d in r.redeals)
    result = replay(loads(dumps(record)))
    assert result.scores == match.scores
    assert result.match.redeals == match.redeals


def test_record_match_needs_a_seed_to_place_redeals() -> None:
    match = MatchState.new(2, CLASSIC)
    match = match.start_round(NO_DOUBLE)
    assert match.redeals == (NO_DOUBLE,)
    with pytest.raises(RecordError, match="seed"):
        record_match(match)


# ------------------------------------------------------------------ strictness


def worked() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(WORKED.read_text())
    return doc


def test_a_wrong_event_fails_at_its_action() -> None:
    doc = worked()
    doc["rounds"][0]["events"][1]["points"] = 2  # Ben's triple header is worth 3
    err = fails(doc, "triple_header", "points=2", "points=3")
    assert (err.round, err.action_index, err.action) == (0, 6, "6-3L")


def test_a_missing_event_fails() -> None:
    doc = worked()
    del doc["rounds"][0]["events"][4]  # Alice's going out
    err = fails(doc, "going_out")
    assert err.action_index == 12


def test_an_event_for_an_action_that_scored_nothing_fails() -> None:
    doc = worked()
    doc["rounds"][0]["events"][0]["action"] = 1
    err = fails(doc)
    assert err.action_index == 1


def test_events_out_of_order_fail() -> None:
    doc = worked()
    events = doc["rounds"][0]["events"]
    events[0], events[1] = events[1], events[0]
    fails(doc, "order")


def test_an_event_beyond_the_actions_fails() -> None:
    doc = worked()
    doc["rounds"][0]["events"][4]["action"] = 13
    fails(doc, "13 actions")


def test_a_draw_naming_another_tile_fails() -> None:
    doc = worked()
    doc["rounds"][0]["actions"][7] = {"move": "draw", "tile": "1-0"}
    err = fails(doc, "Cara (seat 2) draws 1-0", "top of the boneyard is 6-2")
    assert (err.action_index, err.action) == (7, "draw 1-0")


def test_a_plain_draw_is_accepted() -> None:
    doc = worked()
    doc["rounds"][0]["actions"][7] = "draw"
    assert replay_doc(doc).scores == (9, 9, 5)


def test_an_illegal_play_names_the_seat_the_move_and_the_reason() -> None:
    doc = worked()
    doc["rounds"][0]["actions"][0] = "5-3R"  # the right end shows 1 (the 1-1)
    err = fails(doc, "Ben (seat 1)", "5-3", "no_matching_end")
    assert (err.round, err.action_index, err.action) == (0, 0, "5-3R")


def test_an_action_after_the_round_ended_fails() -> None:
    doc = worked()
    doc["rounds"][0]["actions"].append("pass")
    fails(doc, "action 13", "round is over")


def test_an_action_after_the_match_ended_fails() -> None:
    doc = worked()
    doc["rounds"][0]["position"]["scores"] = [4, 6, 3]  # Alice's 0-0 then reaches 10
    doc["rounds"][0]["events"] = doc["rounds"][0]["events"][:4]
    doc["rounds"][0]["events"][3]["points"] = 3
    del doc["rounds"][0]["result"]
    del doc["scores"]
    # 4 + 2 (5-4) = 6, + 3 (0-0) = 9: not yet. Start Alice at 5: 5 + 2 + 3 = 10 at the 0-0.
    doc["rounds"][0]["position"]["scores"] = [5, 6, 3]
    doc["rounds"][0]["actions"].append("pass")
    err = fails(doc, "match is over", "Alice (seat 0) reached the target 10")
    assert err.action_index == 13


def test_a_stated_result_that_differs_fails() -> None:
    doc = worked()
    doc["rounds"][0]["result"]["scores"] = [9, 9, 6]
    fails(doc, "result", "[9, 9, 6]", "[9, 9, 5]")
    doc = worked()
    doc["rounds"][0]["result"]["outcome"] = "blocked"
    fails(doc, "result", "blocked", "went_out")


def test_a_result_for_an_unfinished_round_fails() -> None:
    doc = worked()
    doc["rounds"][0]["actions"].pop()
    doc["rounds"][0]["events"] = doc["rounds"][0]["events"][:3]
    fails(doc, "ended", "Alice (seat 0) is to move")


def test_final_scores_that_differ_fail() -> None:
    doc = worked()
    doc["scores"] = [9, 9, 4]
    fails(doc, "final scores")


def test_a_record_may_stop_mid_round() -> None:
    doc = worked()
    doc["rounds"][0]["actions"] = doc["rounds"][0]["actions"][:5]
    doc["rounds"][0]["events"] = doc["rounds"][0]["events"][:1]
    del doc["rounds"][0]["result"]
    del doc["scores"]
    result = replay_doc(doc)
    assert result.scores == (4, 6, 3)  # Alice's double header only
    assert result.rounds[0].final.outcome is None


def two_round_doc() -> dict[str, Any]:
    match = MatchState.new(3, CLASSIC, seed=2)
    rng = random.Random(2)
    while len(match.rounds) < 2:
        match, _ = match.apply(rng.choice(match.legal_moves()))
    doc: dict[str, Any] = json.loads(dumps(record_match(match)))
    return doc


def test_an_unfinished_round_cannot_be_followed() -> None:
    doc = two_round_doc()
    doc["rounds"][0]["actions"].pop()
    doc["rounds"][0]["events"] = [
        e for e in doc["rounds"][0]["events"] if e["action"] < len(doc["rounds"][0]["actions"])
    ]
    del doc["rounds"][0]["result"]
    err = fails(doc, "not finished")
    assert err.round == 0


def test_the_deal_passes_left() -> None:
    doc = two_round_doc()
    assert doc["rounds"][1]["dealer"] == 1  # rule: the deal passes left each round
    doc["rounds"][1]["dealer"] = 2
    err = fails(doc, "passes left")
    assert err.round == 1


def _unseeded(doc: dict[str, Any]) -> dict[str, Any]:
    # Deals of another origin than the seed: a record with a seed must hold the seed's deals.
    doc.pop("seed", None)
    doc.pop("shuffles", None)
    doc["format"] = "bergen-record/1"
    return doc


def test_a_redeal_must_hold_no_double() -> None:
    doc = _unseeded(two_round_doc())
    doc["rounds"][0]["redeals"] = [copy.deepcopy(doc["rounds"][1]["deal"])]
    fails(doc, "redeals[0]", "thrown in only when nobody holds a double")


def test_a_deal_without_a_double_must_be_redealt_under_classic() -> None:
    doc = _unseeded(two_round_doc())
    no_double = NO_DOUBLE
    doc["seats"] = [{}, {}]
    doc["rounds"] = [
        {
            "deal": {
                "hands": [[str(t) for t in h] for h in no_double.hands],
                "boneyard": [str(t) for t in no_double.boneyard],
            },
            "actions": [],
            "events": [],
        }
    ]
    del doc["scores"]
    fails(doc, "nobody holds a double", "redeals")


def test_redeals_under_rules_that_draw_in_turn_fail() -> None:
    no_double = NO_DOUBLE
    deal = {
        "hands": [[str(t) for t in h] for h in no_double.hands],
        "boneyard": [str(t) for t in no_double.boneyard],
    }
    doc = {
        "format": "bergen-record/1",
        "rules": {"preset": "simple", "version": "1"},
        "seats": [{}, {}],
        "rounds": [{"redeals": [deal], "deal": deal, "actions": [], "events": []}],
    }
    fails(doc, "never redeal")
    del doc["rounds"][0]["redeals"]  # simple draws in turn: the deal itself is fine
    result = replay_doc(doc)
    # EN: seats draw in turn from left of the dealer (seat 0), so seat 1 draws first; the
    # boneyard's 5-2 5-3 5-4 6-0 6-1 6-2 6-3 6-4 6-5 hold no double, then 0-0 comes up.
    draws = [(a.seat, str(a.drawn)) for a in result.rounds[0].start.lead_draws]
    assert draws[0] == (1, "5-2") and draws[-1] == (0, "0-0") and len(draws) == 10


def test_start_scores_are_checked() -> None:
    strict = json.loads((ROOT / "examples" / "worked-hand-strict.json").read_text())
    strict["start_scores"] = [2, 6]
    fails(strict, "start_scores", "3 sides")
    strict["start_scores"] = [10, 6, 3]
    fails(strict, "start_scores", "target")


def test_replay_takes_a_record() -> None:
    with pytest.raises(RecordError):
        replay({"format": "bergen-record/1"})  # type: ignore[arg-type]


def test_rules_that_do_not_fit_the_table_fail() -> None:
    doc = worked()
    doc["rules"] = {"preset": "classic", "version": "1"}
    doc["seats"].append({"name": "Dan"})  # 4 seats; the position has 3 hands
    fails(doc, "hands for 4 seats")
    doc = worked()
    from bergen.records import rules_to_json

    doc["rules"] = rules_to_json(Rules(partnerships=True))  # partnerships need four seats
    fails(doc, "rules")
