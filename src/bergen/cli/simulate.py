"""``bergen simulate``: play one whole match between built-in random players and print it.

Rounds are numbered from 0, as seats are and as records count them (docs/records.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from bergen.cli._format import ends_text, event_json
from bergen.cli.options import add_rules_arguments, rules_from_args, seed_arg
from bergen.errors import RulesError
from bergen.match import MatchState
from bergen.moves import Draw
from bergen.records import RECORD_FORMAT, dumps, record_match

__all__ = ["register", "run", "simulate"]


def simulate(args: argparse.Namespace) -> dict[str, Any]:
    """Play one seeded match between random players; return it as a JSON-ready dict."""
    return _simulate(args)[0]


def _simulate(args: argparse.Namespace) -> tuple[dict[str, Any], MatchState]:
    """Play one seeded match; return the dict the text output is printed from, and the match."""
    rules = rules_from_args(args)
    seed = args.seed
    match = MatchState.new(args.players, rules, seed=seed)
    chooser = random.Random(seed + 1)  # the players' own generator, apart from the deals
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    while not match.is_over:
        rnd = match.round
        assert rnd is not None  # seeded matches always have a round in play
        if current is None:
            deal = rnd.deal
            assert deal is not None
            current = {
                "dealer": rnd.dealer,
                "deal": {
                    "hands": [[str(t) for t in h] for h in deal.hands],
                    "boneyard": [str(t) for t in deal.boneyard],
                },
                "redeals_before": len(match.redeals) - sum(r["redeals_before"] for r in rounds),
                "lead_draws": [{"seat": a.seat, "tile": str(a.drawn)} for a in rnd.lead_draws],
                "actions": [],
            }
        move = chooser.choice(rnd.legal_moves())
        seat = rnd.to_move
        drawn = rnd.boneyard.tiles[0] if isinstance(move, Draw) else None
        finished = len(match.rounds)
        match, events = match.apply(move)
        ended = len(match.rounds) > finished
        after = match.rounds[-1] if ended else match.round
        assert after is not None
        action: dict[str, Any] = {"seat": seat, "move": str(move)}
        if drawn is not None:
            action["drawn"] = str(drawn)
        action["ends"] = ends_text(after)
        action["events"] = [event_json(e) for e in events]
        current["actions"].append(action)
        if ended:
            outcome = after.outcome
            assert outcome is not None
            current["outcome"] = {"kind": outcome.kind.value, "side": outcome.side}
            current["scores"] = list(after.scores)
            rounds.append(current)
            current = None
    return {
        "seed": seed,
        "players": args.players,
        "rules": {
            "name": rules.name,
            "version": rules.version,
            "label": rules.label,
            "partnerships": rules.partnerships,
        },
        "target": match.target,
        "rounds": rounds,
        "scores": list(match.scores),
        "winner": match.winner,
    }, match


LEGEND = """\
Key: 3-0L, 2-0R  a play: the tile, then the end it goes on, L left or R right (rule 3)
     draw 4-1    a draw from the boneyard, with the tile drawn (rule 4)
     ends 3|0d   the open ends after the move, left|right; d: a double lies at that end, so
                 a play making the other end show its number is a triple header (rule 5)
     1 (reduced from 2)  a header's points cut near the target (rule 6), then its full value"""
"""The key printed under the heading of ``bergen simulate``'s transcript."""


def _print_text(doc: dict[str, Any], out: Any) -> None:
    sides = doc["rules"]["partnerships"]

    def name(side: int) -> str:
        return f"seats {side}+{side + 2}" if sides else f"seat {side}"

    print(
        f"Bergen: {doc['players']} players, rules {doc['rules']['label']}"
        f"{', partnerships' if sides else ''}, target {doc['target']}, seed {doc['seed']}",
        file=out,
    )
    print(LEGEND, file=out)
    # Rounds counted from 0, as records, replay and error messages count them.
    for i, r in enumerate(doc["rounds"]):
        print(f"\nRound {i} (dealer seat {r['dealer']})", file=out)
        if r["redeals_before"]:
            print(f"  (redealt {r['redeals_before']} time(s): nobody held a double)", file=out)
        for s, hand in enumerate(r["deal"]["hands"]):
            print(f"  seat {s}: {' '.join(hand)}", file=out)
        print(f"  boneyard: {' '.join(r['deal']['boneyard'])}", file=out)
        for d in r["lead_draws"]:
            print(f"  seat {d['seat']} draws {d['tile']} for a double", file=out)
        for a in r["actions"]:
            drawn = f" {a['drawn']}" if "drawn" in a else ""  # draw 6-2, as records write it
            line = f"  seat {a['seat']}: {a['move']}{drawn}".ljust(24) + f"ends {a['ends']}"
            print(line, file=out)
            for e in a["events"]:
                pts = (
                    e["points"]
                    if e["points"] == e["base_points"]
                    else f"{e['points']} (reduced from {e['base_points']})"
                )
                print(f"      {e['kind'].replace('_', ' ')}: {pts} to {name(e['side'])}", file=out)
        oc = r["outcome"]
        how = {"went_out": "went out", "blocked": "blocked", "target_reached": "target reached"}[
            oc["kind"]
        ]
        who = f", won by {name(oc['side'])}" if oc["side"] is not None else ", nobody scores"
        print(f"  round over: {how}{who}; scores {r['scores']}", file=out)
    print(
        f"\nFinal scores: {', '.join(f'{name(s)} {p}' for s, p in enumerate(doc['scores']))}",
        file=out,
    )
    print(f"Winner: {name(doc['winner'])}", file=out)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` subcommand to the ``bergen`` parser."""
    sim = sub.add_parser("simulate", help="play one match between random players and print it")
    sim.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=3, help="number of seats (default 3)"
    )
    sim.add_argument(
        "--seed", type=seed_arg, default=0, help="seed of the deals and the players (default 0)"
    )
    sim.add_argument(
        "--json",
        action="store_true",
        help=f"print the match as a game record ({RECORD_FORMAT}, what bergen replay reads)",
    )
    add_rules_arguments(sim)
    sim.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``bergen simulate``; return the exit status (1 for inconsistent rules)."""
    if args.partnerships and args.players != 4:
        print("bergen simulate: --partnerships needs --players 4", file=sys.stderr)
        return 2
    try:
        doc, match = _simulate(args)
    except RulesError as e:
        print(f"bergen simulate: {e}", file=sys.stderr)
        return 1
    if args.json:  # a game record (RECORD_FORMAT; bergen replay reads it)
        meta = (("generator", "bergen simulate"), ("players", "random legal moves"))
        sys.stdout.write(dumps(record_match(match, meta=meta)))
    else:
        _print_text(doc, sys.stdout)
    return 0
