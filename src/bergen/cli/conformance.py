"""``bergen conformance``: replay every conformance vector and recount every perft case.

With no argument it checks the vectors shipped in the package (:func:`shipped_vectors`);
``--vectors DIR`` checks others. Each record in the directory must replay; each record in
``DIR/invalid`` must fail exactly where its ``meta.expect_error`` says (``"round R, action I:
reason"``, rounds and actions counted from 0, as every bergen message counts them); each case
of ``DIR/perft.json`` must give its counts again. ``--features`` runs only the vectors whose
every feature tag is declared, and ``--expected-failures FILE`` names checks that are known to
fail. Prints one row per check and exits 0 only when every check run passes or fails as
expected (docs/records.md, "Conformance vectors").
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from bergen.deal import Deal
from bergen.errors import BergenError, RecordError, _brief, _printable
from bergen.records import load, perft_counts, replay, rules_from_json
from bergen.round import RoundState
from bergen.tiles import Tile

__all__ = [
    "check_directory",
    "error_text",
    "matches_features",
    "read_expected_failures",
    "register",
    "run",
    "shipped_vectors",
]


def shipped_vectors() -> Path:
    """The directory of the conformance vectors shipped in the package (``bergen/vectors``):
    ``*.json``, ``invalid/*.json`` and ``perft.json``.
    """
    return Path(__file__).resolve().parent.parent / "vectors"


def error_text(error: RecordError) -> str:
    """The place and reason of a failed replay, as vectors write ``meta.expect_error``:
    ``"round 0, action 1: sequence"`` (0-based round and action; the reason's code). A record
    that fails before any round (it cannot be read, or is not a record) has no place: its
    reason's code and the message, ``"json: malformed JSON at line 2, column 1: ..."``.
    """
    if error.round is None:
        return f"{error.reason.value}: {_printable(str(error))}"
    where = f"round {error.round}"
    if error.action_index is not None:
        where += f", action {error.action_index}"
    return f"{where}: {error.reason.value}"


def matches_features(tags: Sequence[str], declared: Sequence[str] | None) -> bool:
    """Whether a vector may run for an implementation that declares ``declared``.

    Args:
        tags: The vector's feature tags (``meta.features`` split on spaces): ``preset:NAME``,
            ``seats:N``, ``partnerships``, ``switch:FIELD``, ``rule:N`` (docs/records.md).
        declared: Shell-style patterns (``fnmatch``: ``rule:*``, ``seats:[23]``), or ``None``
            for every feature.

    Returns:
        ``True`` when every tag matches at least one pattern (a vector without tags always
        runs).
    """
    if declared is None:
        return True
    return all(any(fnmatch.fnmatchcase(tag, p) for p in declared) for tag in tags)


def read_expected_failures(path: Path) -> set[str]:
    """The check ids listed in an expected-failures file: one id per line (as ``--json`` and
    ``--list`` show them: ``classic-2p.json``, ``invalid/must-play.json``,
    ``perft.json#classic-2p``); blank lines and text after ``#`` are ignored.

    Raises:
        OSError: when the file cannot be read.
        UnicodeDecodeError: when it is not UTF-8.
    """
    ids: set[str] = set()
    for line in path.read_text("utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            ids.add(text)
    return ids


def _tags(text: object) -> list[str]:
    return text.split() if isinstance(text, str) else []


def _record_row(path: Path, kind: str, directory: Path) -> dict[str, Any]:
    expected = "replays" if kind != "invalid" else "an error (meta.expect_error is missing)"
    tags: list[str] = []
    try:
        record = load(path)
        meta = dict(record.meta)
        tags = _tags(meta.get("features"))
        if kind == "invalid":
            expected = str(meta.get("expect_error", "an error (meta.expect_error is missing)"))
        replay(record)
        got = "replays"
    except RecordError as e:
        got = error_text(e)
    return {
        "id": path.relative_to(directory).as_posix(),
        "kind": kind,
        "name": path.name,
        "features": tags,
        "expected": expected,
        "got": got,
        "ok": got == expected,
    }


def _perft_case(case: object) -> tuple[RoundState, list[int]]:
    """The start of a perft case and its expected counts (docs/records.md, "Perft").

    Raises:
        ValueError: naming the field that is missing or of the wrong shape.
        BergenError: for tiles, rules or a deal bergen refuses.
    """

    def field(obj: object, name: str, kind: type, what: str) -> Any:
        if not isinstance(obj, dict) or name not in obj:
            raise ValueError(f"the case has no field {name!r}")
        value = obj[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"{name}: expected {what}, got {_brief(value, 60)}")
        return value

    if not isinstance(case, dict):
        raise ValueError(
            f"a case is an object (name, rules, dealer, deal, counts), got {_brief(case, 60)}"
        )
    deal_obj = field(case, "deal", dict, 'an object with "hands" and "boneyard"')
    hands = field(deal_obj, "hands", list, "a list of hands, each a list of tiles")
    boneyard = field(deal_obj, "boneyard", list, "a list of tiles")
    if not all(isinstance(h, list) for h in hands):
        raise ValueError(
            f"hands: expected a list of hands, each a list of tiles, got {_brief(hands, 60)}"
        )
    deal = Deal([[Tile.parse(t) for t in h] for h in hands], [Tile.parse(t) for t in boneyard])
    rules = rules_from_json(field(case, "rules", dict, "a ruleset object"))
    dealer = field(case, "dealer", int, "a seat number")
    counts = field(case, "counts", list, "a list of counts, one per depth")
    if not counts or not all(type(c) is int and c >= 0 for c in counts):
        raise ValueError(
            f"counts: expected counts of 0 or more, one per depth, got {_brief(counts, 60)}"
        )
    return RoundState.start(deal, rules, dealer=dealer), counts


def _perft_rows(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    try:
        data = json.loads(path.read_text("utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
            raise ValueError(
                'not a perft file: an object whose "cases" is a list of cases, got '
                f"{_brief(data, 60)}"
            )
        cases = data["cases"]
    except (OSError, ValueError) as e:
        return [
            {
                "id": path.name,
                "kind": "perft",
                "name": path.name,
                "features": [],
                "expected": "cases",
                "got": _printable(str(e)),
                "ok": False,
            }
        ]
    for case in cases:
        name = str(case.get("name", "?")) if isinstance(case, dict) else "?"
        tags = _tags(case.get("features")) if isinstance(case, dict) else []
        try:
            state, expected = _perft_case(case)
            got = list(perft_counts(state, len(expected)))
            text = " ".join(map(str, got))
            ok = got == expected
            want = " ".join(map(str, expected))
        except (BergenError, ValueError) as e:
            text, ok, want = f"error: {_printable(str(e))}", False, "counts"
        rows.append(
            {
                "id": f"{path.name}#{name}",
                "kind": "perft",
                "name": name,
                "features": tags,
                "expected": want,
                "got": text,
                "ok": ok,
            }
        )
    return rows


def _vector_tags(path: Path) -> list[str]:
    """A record file's feature tags, read without replaying it ([] when unreadable)."""
    try:
        meta = json.loads(path.read_text("utf-8")).get("meta", {})
    except (OSError, ValueError, AttributeError):
        return []
    return _tags(meta.get("features")) if isinstance(meta, dict) else []


def _skipped(path: Path, kind: str, directory: Path, tags: list[str]) -> dict[str, Any]:
    return {
        "id": path.relative_to(directory).as_posix(),
        "kind": kind,
        "name": path.name,
        "features": tags,
        "expected": "",
        "got": "",
        "ok": None,
    }


def check_directory(
    directory: Path,
    features: Sequence[str] | None = None,
    expected_failures: Collection[str] = (),
) -> list[dict[str, Any]]:
    """Every check of a vectors directory, one row each.

    Args:
        directory: The vectors: ``*.json``, ``invalid/*.json`` and ``perft.json``.
        features: The feature patterns an implementation declares (:func:`matches_features`);
            a vector with a tag none matches is skipped. ``None`` runs every vector.
        expected_failures: Check ids (``row["id"]``) known to fail.

    Returns:
        Rows ``{"id", "kind": "record" | "invalid" | "perft", "name", "features", "expected",
        "got", "ok", "status"}``: ``ok`` is whether the check gave what the vector expects
        (``None`` when skipped); ``status`` is ``"pass"``, ``"fail"``, ``"skip"``,
        ``"xfail"`` (failed, as expected) or ``"xpass"`` (expected to fail, but passed).
    """
    files = [(p, "record") for p in sorted(directory.glob("*.json")) if p.name != "perft.json"] + [
        (p, "invalid") for p in sorted((directory / "invalid").glob("*.json"))
    ]
    rows: list[dict[str, Any]] = []
    for path, kind in files:
        tags = _vector_tags(path)
        if matches_features(tags, features):
            rows.append(_record_row(path, kind, directory))
        else:
            rows.append(_skipped(path, kind, directory, tags))
    if (directory / "perft.json").exists():
        for row in _perft_rows(directory / "perft.json"):
            if not matches_features(row["features"], features):
                row.update(expected="", got="", ok=None)
            rows.append(row)
    for row in rows:
        if row["ok"] is None:
            row["status"] = "skip"
        elif row["id"] in expected_failures:
            row["status"] = "xpass" if row["ok"] else "xfail"
        else:
            row["status"] = "pass" if row["ok"] else "fail"
    return rows


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``conformance`` subcommand to the ``bergen`` parser."""
    p = sub.add_parser(
        "conformance",
        help="replay the conformance vectors (shipped with bergen, or --vectors DIR)",
        description="Replay the conformance vectors: the records of DIR (each must replay), "
        "the records of DIR/invalid (each must fail where its meta.expect_error says) and the "
        "cases of DIR/perft.json. DIR is the vectors shipped with bergen unless --vectors is "
        "given (--where prints it). Exit 0 only if every check run passes or fails as "
        "expected. Feature tags (docs/records.md, 'Conformance vectors'): preset:NAME, "
        "seats:N, partnerships, switch:FIELD, rule:N.",
    )
    p.add_argument("dir", nargs="?", default=None, metavar="DIR", help="the same as --vectors")
    p.add_argument(
        "--vectors",
        metavar="DIR",
        default=None,
        help="check the vectors in DIR instead of those shipped with bergen",
    )
    p.add_argument(
        "--features",
        metavar="TAGS",
        action="append",
        default=None,
        help="run only the vectors whose every feature tag matches one of TAGS (comma- or "
        "space-separated, shell patterns allowed; repeatable), e.g. "
        "'preset:classic,seats:*,rule:*' for the classic preset without switches or "
        "partnerships; the others are skipped",
    )
    p.add_argument(
        "--expected-failures",
        metavar="FILE",
        default=None,
        help="a file of check ids known to fail, one per line (as --list shows them; # "
        "starts a comment): they are reported as xfail and do not fail the run; one that "
        "passes (xpass) does",
    )
    p.add_argument(
        "--list", action="store_true", help="list the checks with their feature tags; run none"
    )
    p.add_argument(
        "--where", action="store_true", help="print the directory of the shipped vectors"
    )
    p.add_argument("--json", action="store_true", help="print the rows as one JSON document")
    p.set_defaults(run=run)


def _declared(values: Sequence[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [t for v in values for t in re.split(r"[,\s]+", v) if t]


def run(args: argparse.Namespace) -> int:
    """Run ``bergen conformance``; return 0 when every check run passes (or fails as
    expected), 1 when one does not, 2 for bad arguments.
    """
    if args.where:
        print(shipped_vectors())
        return 0
    if args.dir is not None and args.vectors is not None:
        print("bergen conformance: give DIR or --vectors DIR, not both", file=sys.stderr)
        return 2
    given = args.vectors if args.vectors is not None else args.dir
    directory = shipped_vectors() if given is None else Path(given)
    if not directory.is_dir():
        where = "the shipped vectors" if given is None else given
        print(f"bergen conformance: {where}: not a directory ({directory})", file=sys.stderr)
        return 1
    expected: set[str] = set()
    if args.expected_failures is not None:
        try:
            expected = read_expected_failures(Path(args.expected_failures))
        except (OSError, UnicodeDecodeError) as e:
            print(f"bergen conformance: --expected-failures: {e}", file=sys.stderr)
            return 2
    declared = _declared(args.features)
    rows = check_directory(directory, declared, expected)
    problems = _check_arguments(rows, declared, expected)
    for problem in problems:
        print(f"bergen conformance: {problem}", file=sys.stderr)
    if args.list:
        return _list(rows, args.json)
    counts = {s: sum(1 for r in rows if r["status"] == s) for s in _STATUSES}
    failed = counts["fail"] + counts["xpass"]
    if args.json:
        doc = {
            "format": "bergen-conformance/1",
            "vectors": str(directory),
            "passed": counts["pass"],
            "failed": failed,
            "skipped": counts["skip"],
            "expected_failures": counts["xfail"],
        }
        json.dump({**doc, "checks": rows}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        _print_rows(rows, directory, counts, declared)
    ran = len(rows) - counts["skip"]
    return 0 if failed == 0 and ran and not problems else 1


_STATUSES = ("pass", "fail", "skip", "xfail", "xpass")
_MARKS = {"pass": "ok   ", "fail": "FAIL ", "skip": "skip ", "xfail": "xfail", "xpass": "XPASS"}


def _check_arguments(
    rows: list[dict[str, Any]], declared: list[str] | None, expected: set[str]
) -> list[str]:
    """Typos that would silently change what runs: an expected failure that names no check,
    a feature pattern that matches no tag of any vector.
    """
    problems = [
        f"--expected-failures names no check: {name!r} (the ids are those --list shows)"
        for name in sorted(expected - {r["id"] for r in rows})
    ]
    if declared is not None:
        tags = {t for r in rows for t in r["features"]}
        problems += [
            f"--features {p!r} matches no feature tag of these vectors"
            for p in declared
            if not any(fnmatch.fnmatchcase(t, p) for t in tags)
        ]
    return problems


def _list(rows: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        listed = [
            {"id": r["id"], "features": r["features"], "run": r["ok"] is not None} for r in rows
        ]
        json.dump(listed, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    width = max([len(r["id"]) for r in rows] + [4])
    for r in rows:
        mark = "     " if r["ok"] is not None else "skip "
        print(f"{mark}{r['id']:<{width}}  {' '.join(r['features'])}".rstrip())
    return 0


def _print_rows(
    rows: list[dict[str, Any]],
    directory: Path,
    counts: dict[str, int],
    declared: list[str] | None,
) -> None:
    print(f"vectors: {directory}")
    width = max([len(r["name"]) for r in rows] + [4])
    for r in rows:
        line = f"{_MARKS[r['status']]} {r['kind']:<7} {r['name']:<{width}}"
        if r["status"] == "skip":
            needs = [t for t in r["features"] if not matches_features([t], declared)]
            line += f"  (needs {' '.join(needs)})"
        else:
            line += f"  {r['got']}"
        if r["status"] in ("fail", "xfail"):
            line += f"  (expected {r['expected']})"
        if r["status"] == "xpass":
            line += "  (listed as an expected failure: remove it from the list)"
        print(line.rstrip())
    summary = f"{counts['pass']} passed, {counts['fail'] + counts['xpass']} failed"
    if counts["skip"]:
        summary += f", {counts['skip']} skipped (features)"
    if counts["xfail"]:
        summary += f", {counts['xfail']} expected failures"
    print(f"\n{summary}")
