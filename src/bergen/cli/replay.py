"""``bergen replay FILE``: validate and replay a game record, printing every action.

Prints each action with the open ends after it and each score event, then the points of each
round and the scores. ``FILE`` may be ``-`` for standard input. An invalid record exits 1 with
one line on stderr naming the round, the action index (both counted from 0), the action text and
the reason, ending with the reason's code in brackets (``[must_play]``); with ``--json`` an error
object is written to standard output as well (docs/records.md, "Why a record is refused").
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from bergen.cli._format import ends_text, event_json
from bergen.errors import RecordError, RecordReason
from bergen.events import OutcomeKind, ScoreEvent
from bergen.records import ReplayResult, RoundReplay, load, replay, rules_to_json
from bergen.records.replay import seat_label, side_label
from bergen.round import RoundState

__all__ = ["error_json", "register", "replay_json", "run"]


def _short_side(result: ReplayResult, side: int) -> str:
    rec = result.record
    if rec.rules.partnerships:
        return f"seats {side}+{side + 2}"
    return rec.names[side] or f"seat {side}"


def _score_list(result: ReplayResult, scores: tuple[int, ...]) -> str:
    return ", ".join(f"{_short_side(result, s)} {p}" for s, p in enumerate(scores))


def _event_text(result: ReplayResult, e: ScoreEvent) -> str:
    pts = (
        str(e.points) if e.points == e.base_points else f"{e.points} (reduced from {e.base_points})"
    )
    who = side_label(result.record, e.side)
    if result.record.rules.partnerships and e.kind.value != "blocked_hand":
        who += f", played by {seat_label(result.record, e.seat)}"
    return f"{e.kind.value.replace('_', ' ')}: {pts} to {who}"


def _outcome_text(result: ReplayResult, rnd: RoundReplay) -> str:
    out = rnd.final.outcome
    rec = result.record
    if out is None:
        return f"round unfinished: {seat_label(rec, rnd.final.to_move)} is to move"
    if out.kind is OutcomeKind.WENT_OUT:
        return f"round over: {seat_label(rec, out.seat or 0)} went out"
    if out.kind is OutcomeKind.TARGET_REACHED:
        target = rnd.final.target
        return f"round over: {side_label(rec, out.side or 0)} reached the target {target}"
    if out.side is None:
        return "round over: blocked, nobody wins the count"
    return f"round over: blocked, {side_label(rec, out.side)} wins the count"


def _print_text(result: ReplayResult, path: str, out: TextIO) -> None:
    rec = result.record
    seats = ", ".join(seat_label(rec, s) for s in range(rec.seats))
    partnerships = ", partnerships 0+2 v 1+3" if rec.rules.partnerships else ""
    print(
        f"{path}: rules {rec.rules.label}{partnerships}, target {result.match.target}; {seats}",
        file=out,
    )
    for rnd in result.rounds:
        start = rnd.start
        how = "from a set-up position" if rnd.from_position else "dealt"
        print(f"\nRound {rnd.index} ({how}; dealer {seat_label(rec, rnd.dealer)})", file=out)
        if rnd.redeals:
            print(f"  redealt {len(rnd.redeals)} time(s): nobody held a double", file=out)
        hands = start.deal.hands if start.deal is not None else None
        for s in range(rec.seats):
            tiles = hands[s] if hands is not None else tuple(start.hands[s])
            print(f"  {seat_label(rec, s)}: {' '.join(map(str, tiles))}", file=out)
        boneyard = start.deal.boneyard if start.deal is not None else start.boneyard.tiles
        print(f"  boneyard: {' '.join(map(str, boneyard))}", file=out)
        for a in start.lead_draws:
            print(f"  {seat_label(rec, a.seat)} draws {a.drawn} for a double", file=out)
        if start.line.lead is not None:
            print(f"  line: {start.line}  (ends {ends_text(start)})", file=out)
        print(f"  scores: {_score_list(result, rnd.scores_before)}", file=out)
        for step in rnd.steps:
            drawn = f" {step.drawn}" if step.drawn is not None else ""
            head = f"  {step.index:>3}  {seat_label(rec, step.seat)}: {step.move}{drawn}"
            print(f"{head.ljust(40)} ends {ends_text(step.state)}", file=out)
            for e in step.events:
                print(f"         {_event_text(result, e)}", file=out)
        print(f"  {_outcome_text(result, rnd)}", file=out)
        print(f"  points this round: {_score_list(result, rnd.points)}", file=out)
        print(f"  totals: {_score_list(result, rnd.final.scores)}", file=out)
    m = result.match
    if m.winner is not None:
        tail = f"{side_label(rec, m.winner)} wins, reaching the target {m.target}"
    else:
        tail = f"no side has reached the target {m.target}"
    print(f"\nFinal scores: {_score_list(result, m.scores)} ({tail})", file=out)


def _ends_json(state: RoundState) -> dict[str, Any] | None:
    line = state.line
    if line.lead is None:
        return None
    return {
        "left": line.left,
        "right": line.right,
        "left_double": line.left_double,
        "right_double": line.right_double,
    }


def replay_json(result: ReplayResult) -> dict[str, Any]:
    """The replay as a JSON-ready dict: every action with the line and ends after it, its events
    and the scores after it; each round's outcome, points and scores; the final scores.

    Args:
        result: A successful replay.

    Returns:
        A dict of JSON values (``"format": "bergen-replay/1"``).
    """
    rec = result.record
    rounds: list[dict[str, Any]] = []
    for rnd in result.rounds:
        out = rnd.final.outcome
        rounds.append(
            {
                "index": rnd.index,
                "dealer": rnd.dealer,
                "redeals": len(rnd.redeals),
                "from_position": rnd.from_position,
                "lead_draws": [
                    {"seat": a.seat, "tile": str(a.drawn)} for a in rnd.start.lead_draws
                ],
                "start": {
                    "line": str(rnd.start.line),
                    "to_move": rnd.start.to_move,
                    "scores": list(rnd.scores_before),
                },
                "actions": [
                    {
                        "index": s.index,
                        "seat": s.seat,
                        "move": str(s.move),
                        "drawn": None if s.drawn is None else str(s.drawn),
                        "line": str(s.state.line),
                        "ends": _ends_json(s.state),
                        "events": [event_json(e) for e in s.events],
                        "scores": list(s.state.scores),
                    }
                    for s in rnd.steps
                ],
                "outcome": None
                if out is None
                else {"kind": out.kind.value, "seat": out.seat, "side": out.side},
                "points": list(rnd.points),
                "scores": list(rnd.final.scores),
            }
        )
    return {
        "format": "bergen-replay/1",
        "rules": {**rules_to_json(rec.rules), "label": rec.rules.label},
        "target": result.match.target,
        "seats": [{"seat": s, "name": n} for s, n in enumerate(rec.names)],
        "partnerships": rec.rules.partnerships,
        "rounds": rounds,
        "scores": list(result.scores),
        "winner": result.winner,
        "match_over": result.is_over,
    }


def error_json(error: RecordError, file: str) -> dict[str, Any]:
    """The JSON object ``bergen replay --json`` writes for a refused record: the file, the
    reason's code, the round and action index (0-based, ``null`` when not known), the action
    text and the message.
    """
    return {
        "format": "bergen-replay-error/1",
        "file": file,
        "reason": error.reason.value,
        "round": error.round,
        "action_index": error.action_index,
        "action": error.action,
        "message": " ".join(str(error).split()),
    }


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand to the ``bergen`` parser."""
    rep = sub.add_parser(
        "replay",
        help="validate and replay a game record (bergen-record/1 or /2)",
        description="Replay a record strictly: every stated score event must be reproduced. "
        "Prints each action with the open ends after it, each score event and the scores.",
    )
    rep.add_argument("file", metavar="FILE", help="the record, a JSON file ('-': standard input)")
    rep.add_argument("--json", action="store_true", help="print the replay as one JSON document")
    rep.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``bergen replay``; return 0, or 1 (one line on stderr) for an invalid record."""
    try:
        result = replay(load(sys.stdin if args.file == "-" else args.file))
    except RecordError as e:
        message = " ".join(str(e).split())
        # A file that cannot be read is named by the message itself: name it once.
        # ("-", standard input, is never in it: "UTF-8" holds a hyphen.)
        named = e.reason is RecordReason.READ and args.file != "-" and args.file in message
        code = f"[{e.reason.value}]"
        if not message.endswith(code):  # every failure ends with its reason's code
            message = f"{message} {code}"
        print(f"bergen replay: {'' if named else f'{args.file}: '}{message}", file=sys.stderr)
        if args.json:
            json.dump(error_json(e, args.file), sys.stdout, indent=2)
            sys.stdout.write("\n")
        return 1
    if args.json:
        json.dump(replay_json(result), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        _print_text(result, args.file, sys.stdout)
    return 0
