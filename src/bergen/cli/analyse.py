"""``bergen analyse RECORD``: every decision of a record, each legal move valued by the solver.

Prints, round by round, each decision with the move played, its value, the best value and the
other moves' values, marking the moves that lost points against the best (see
:mod:`bergen.analysis`); ``--json`` prints the same as one JSON document. ``--seat N``
analyses one seat's decisions. An invalid record exits 1 with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bergen.analysis import Analysis, Decision, analyse
from bergen.errors import BergenError
from bergen.records import load
from bergen.records.replay import seat_label

__all__ = ["analysis_json", "register", "report", "run"]


def _points(v: float) -> str:
    text = f"{v:+.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text


def _verdict(d: Decision) -> str:
    if d.forced:
        return "forced"
    if not d.solved:
        return f"not solved (the solver stopped after {d.nodes} positions)"
    others = ", ".join(f"{v.move} {_points(v.value)}" for v in d.values)
    if not d.mistake:
        return f"best  [{others}]"
    best = " or ".join(str(m) for m in d.best_moves)
    lost = _points(d.loss).lstrip("+")
    return f"LOST {lost} against {best} ({_points(d.best or 0)})  [{others}]"


def report(analysis: Analysis, source: str) -> str:
    """The readable report of an analysis.

    Args:
        analysis: What :func:`bergen.analysis.analyse` returned.
        source: Where the record came from (a file name), for the heading.

    Returns:
        The report's lines joined by newlines.
    """
    rec = analysis.result.record
    sides = analysis.result.match.scores
    how = (
        "the side's points minus the other side's"
        if len(sides) == 2
        else "the side's points minus the mean of the others', the others playing together"
    )
    out = [
        f"Analysis of {source} ({rec.rules.label}) by the solver: each value is in points for "
        f"the side to move, from that decision to the end of the round ({how}).",
    ]
    by_round: dict[int, list[Decision]] = {}
    for d in analysis.decisions:
        by_round.setdefault(d.round, []).append(d)
    width = max([len(seat_label(rec, s)) for s in range(rec.seats)] + [4])
    for rnd in analysis.result.rounds:
        decisions = by_round.get(rnd.index, [])
        start = "from a set-up position" if rnd.from_position else "dealt"
        out.append("")
        out.append(f"Round {rnd.index} ({start})")
        for d in decisions:
            value = "" if d.value is None else _points(d.value)
            out.append(
                f"  {d.action:>3}  {seat_label(rec, d.seat):<{width}}  {d.played!s:<5} "
                f"{value:>6}  {_verdict(d)}"
            )
    out.append("")
    mistakes = analysis.mistakes
    out.append(f"Moves that lost points: {len(mistakes)}")
    for s in range(rec.seats):
        if analysis.seat is not None and s != analysis.seat:
            continue
        lost = analysis.lost(s)
        mine = [d for d in mistakes if d.seat == s]
        if mine:
            where = ", ".join(f"round {d.round} action {d.action} ({d.played})" for d in mine)
            out.append(f"  {seat_label(rec, s)}: {_points(lost).lstrip('+')} points, at {where}")
        else:
            out.append(f"  {seat_label(rec, s)}: none")
    return "\n".join(out)


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The analysis as a JSON object: every decision with its values, and the points lost."""
    rec = analysis.result.record
    decisions = []
    for d in analysis.decisions:
        decisions.append(
            {
                "round": d.round,
                "action": d.action,
                "seat": d.seat,
                "played": str(d.played),
                "forced": d.forced,
                "solved": d.solved,
                "values": [{"move": str(v.move), "value": v.value} for v in d.values],
                "value": d.value,
                "best": d.best,
                "best_moves": [str(m) for m in d.best_moves],
                "loss": d.loss,
                "mistake": d.mistake,
                "nodes": d.nodes,
            }
        )
    seats = [s for s in range(rec.seats) if analysis.seat is None or s == analysis.seat]
    return {
        "rules": rec.rules.label,
        "seat": analysis.seat,
        "decisions": decisions,
        "lost": {str(s): analysis.lost(s) for s in seats},
    }


def run(args: argparse.Namespace) -> int:
    """Analyse the record named by ``args.record``; print the report (or JSON).

    Returns:
        0; 1 when the record cannot be read or replayed; 2 for a bad option (``--seat`` not a
        seat of the record, ``--max-nodes`` below 1, ``--seconds`` not a number of seconds
        above 0), named in the message.
    """
    if args.max_nodes < 1:
        print(f"bergen analyse: --max-nodes is 1 or more, got {args.max_nodes}", file=sys.stderr)
        return 2
    if args.seconds is not None and not 0 < args.seconds <= 1_000_000:  # NaN fails too
        print(
            f"bergen analyse: --seconds is a number of seconds above 0 (at most 1,000,000), "
            f"got {args.seconds}",
            file=sys.stderr,
        )
        return 2
    try:
        record = load(args.record)
    except BergenError as e:
        print(f"bergen analyse: {args.record}: {e}", file=sys.stderr)
        return 1
    if args.seat is not None and not 0 <= args.seat < record.seats:
        print(
            f"bergen analyse: --seat {args.seat}: {args.record} has seats 0..{record.seats - 1}",
            file=sys.stderr,
        )
        return 2
    try:
        analysis = analyse(record, seat=args.seat, max_nodes=args.max_nodes, seconds=args.seconds)
    except BergenError as e:
        print(f"bergen analyse: {args.record}: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(analysis_json(analysis), indent=2))
    else:
        print(report(analysis, args.record))
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyse`` subcommand."""
    p = sub.add_parser(
        "analyse",
        help="value every move of a game record with the solver and mark the moves that lost "
        "points",
        description="Value every decision of a game record with the solver. Round by round, "
        "each decision shows the move played, its value, the best value and the other moves' "
        "values, in points, and marks the moves that lost points against the best. --json "
        "prints the same as one JSON document; --seat N analyses one seat's decisions. An "
        "invalid record exits 1 with one line on standard error.",
    )
    p.add_argument("record", help="a game record (JSON, bergen-record/1 or /2)")
    p.add_argument("--seat", type=int, default=None, help="analyse only this seat's decisions")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument(
        "--max-nodes",
        type=int,
        default=2_000_000,
        help="the solver's limit of positions per decision (default 2000000)",
    )
    p.add_argument(
        "--seconds", type=float, default=None, help="the solver's time limit per decision"
    )
    p.set_defaults(run=run)
