"""``bergen conformance [DIR]``: replay every conformance vector and recount every perft case.

Each record in ``DIR`` (default ``vectors``) must replay; each record in ``DIR/invalid`` must
fail exactly where its ``meta.expect_error`` says (``"round R, action I: reason"``, rounds and
actions counted from 0, as every bergen message counts them); each case of ``DIR/perft.json``
must give its counts again. Prints one row per check and exits 0 only when every check passes
(docs/records.md, "Conformance vectors").
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bergen.deal import Deal
from bergen.errors import BergenError, RecordError
from bergen.records import load, perft_counts, replay, rules_from_json
from bergen.round import RoundState
from bergen.tiles import Tile

__all__ = ["check_directory", "error_text", "register", "run"]


def error_text(error: RecordError) -> str:
    """The place and reason of a failed replay, as vectors write ``meta.expect_error``:
    ``"round 0, action 1: sequence"`` (0-based round and action; the reason's code).
    """
    where = f"round {error.round}, action {error.action_index}"
    return f"{where}: {error.reason.value}"


def _record_row(path: Path, kind: str) -> dict[str, Any]:
    expected = "replays"
    try:
        record = load(path)
        if kind == "invalid":
            meta = dict(record.meta)
            expected = str(meta.get("expect_error", "an error (meta.expect_error is missing)"))
        replay(record)
        got = "replays"
    except RecordError as e:
        got = error_text(e)
    return {
        "kind": kind,
        "name": path.name,
        "expected": expected,
        "got": got,
        "ok": got == expected,
    }


def _perft_rows(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    try:
        data = json.loads(path.read_text("utf-8"))
        cases = data["cases"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        return [
            {"kind": "perft", "name": path.name, "expected": "cases", "got": str(e), "ok": False}
        ]
    for case in cases:
        name = str(case.get("name", "?")) if isinstance(case, dict) else "?"
        try:
            deal = Deal(
                [[Tile.parse(t) for t in h] for h in case["deal"]["hands"]],
                [Tile.parse(t) for t in case["deal"]["boneyard"]],
            )
            state = RoundState.start(deal, rules_from_json(case["rules"]), dealer=case["dealer"])
            expected = [int(c) for c in case["counts"]]
            got = list(perft_counts(state, len(expected)))
            text = " ".join(map(str, got))
            ok = got == expected
            want = " ".join(map(str, expected))
        except (BergenError, KeyError, TypeError, ValueError) as e:
            text, ok, want = f"error: {e}", False, "counts"
        rows.append({"kind": "perft", "name": name, "expected": want, "got": text, "ok": ok})
    return rows


def check_directory(directory: Path) -> list[dict[str, Any]]:
    """Every check of a vectors directory, one row each.

    Returns:
        Rows ``{"kind": "record" | "invalid" | "perft", "name", "expected", "got", "ok"}``.
    """
    rows = [
        _record_row(p, "record") for p in sorted(directory.glob("*.json")) if p.name != "perft.json"
    ]
    rows += [_record_row(p, "invalid") for p in sorted((directory / "invalid").glob("*.json"))]
    if (directory / "perft.json").exists():
        rows += _perft_rows(directory / "perft.json")
    return rows


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``conformance`` subcommand to the ``bergen`` parser."""
    p = sub.add_parser(
        "conformance",
        help="replay every conformance vector and recount every perft case",
        description="Replay the records of DIR (each must replay), the records of DIR/invalid "
        "(each must fail where its meta.expect_error says) and the cases of DIR/perft.json. "
        "Exit 0 only if every check passes.",
    )
    p.add_argument("dir", nargs="?", default="vectors", metavar="DIR", help="default: vectors")
    p.add_argument("--json", action="store_true", help="print the rows as one JSON document")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``bergen conformance``; return 0 when every check passes, else 1."""
    directory = Path(args.dir)
    if not directory.is_dir():
        print(f"bergen conformance: {args.dir}: not a directory", file=sys.stderr)
        return 1
    rows = check_directory(directory)
    failed = sum(1 for r in rows if not r["ok"])
    if args.json:
        doc = {"format": "bergen-conformance/1", "passed": len(rows) - failed, "failed": failed}
        json.dump({**doc, "checks": rows}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        width = max([len(r["name"]) for r in rows] + [4])
        for r in rows:
            mark = "ok  " if r["ok"] else "FAIL"
            line = f"{mark} {r['kind']:<7} {r['name']:<{width}}  {r['got']}"
            if not r["ok"]:
                line += f"  (expected {r['expected']})"
            print(line)
        print(f"\n{len(rows) - failed} passed, {failed} failed")
    return 0 if failed == 0 and rows else 1
