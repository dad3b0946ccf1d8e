"""``bergen conformance`` and the failures of ``bergen replay`` (docs/records.md)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from bergen.cli import main

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "src" / "bergen" / "vectors"


def test_conformance_passes_on_the_shipped_vectors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", str(VECTORS), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    kinds = {r["kind"] for r in doc["checks"]}
    assert kinds == {"record", "invalid", "perft"} and doc["failed"] == 0
    # Each invalid vector is reported with its reason code, as its meta says.
    invalid = {r["name"]: r["got"] for r in doc["checks"] if r["kind"] == "invalid"}
    assert invalid["must-play.json"] == "round 0, action 0: must_play"
    assert invalid["wrong-drawn-tile.json"] == "round 0, action 0: draw"


def test_conformance_with_no_argument_runs_the_shipped_vectors_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # From an empty directory, as after `pip install bergen-dominoes`: the vectors ship in the
    # package (bergen/vectors), the same files as the source's.
    monkeypatch.chdir(tmp_path)
    assert main(["conformance", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["failed"] == 0 and doc["skipped"] == 0
    records = sorted(p.name for p in VECTORS.glob("*.json") if p.name != "perft.json")
    assert sorted(r["name"] for r in doc["checks"] if r["kind"] == "record") == records
    assert main(["conformance", "--where"]) == 0
    shipped = Path(capsys.readouterr().out.strip())
    assert (shipped / "perft.json").is_file() and (shipped / "invalid").is_dir()
    import bergen

    assert shipped == Path(bergen.__file__).resolve().parent / "vectors"


def test_conformance_vectors_option_runs_another_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(VECTORS / "classic-2p.json", tmp_path / "classic-2p.json")
    assert main(["conformance", "--vectors", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "ok    record  classic-2p.json" in out and "1 passed, 0 failed" in out
    assert main(["conformance", str(tmp_path), "--vectors", str(tmp_path)]) == 2


def test_conformance_features_run_a_subset(capsys: pytest.CaptureFixture[str]) -> None:
    # The classic preset at any table, every rule, no switch and no partnerships.
    args = ["conformance", "--json", "--features", "preset:classic,seats:*", "--features", "rule:*"]
    assert main(args) == 0
    checks = {r["id"]: r["status"] for r in json.loads(capsys.readouterr().out)["checks"]}
    assert checks["classic-2p.json"] == "pass"
    assert checks["invalid/must-play.json"] == "pass"
    assert checks["perft.json#classic-3p"] == "pass"
    assert checks["classic-partnerships.json"] == "skip"  # partnerships
    assert checks["simple-2p.json"] == "skip"  # another preset
    assert checks["switch-reserve-5.json"] == "skip"  # a switch
    assert checks["perft.json#classic-no-draw-3p"] == "skip"
    # Rules 1-5 only: the reduction (rule 6) and the match (rule 9) are left out.
    assert main(["conformance", "--json", "--features", "preset:* seats:* rule:[1-5]"]) == 0
    checks = {r["id"]: r["status"] for r in json.loads(capsys.readouterr().out)["checks"]}
    assert checks["position-header-4-1-L.json"] == "pass"  # rules 3 and 5
    assert checks["position-reduction-8-double.json"] == "skip"  # rule 6
    assert checks["classic-2p.json"] == "skip"  # played to the target: rule 9


def test_conformance_features_typo_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--features", "seat:2,preset:*,rule:*"]) == 1
    assert "'seat:2' matches no feature tag" in capsys.readouterr().err


def _broken_copy(tmp_path: Path) -> Path:
    """A vectors directory of two records, the second with a wrong event (its points)."""
    tmp_path.mkdir()
    shutil.copy(VECTORS / "classic-2p.json", tmp_path / "classic-2p.json")
    doc = json.loads((VECTORS / "position-header-4-1-L.json").read_text())
    doc["rounds"][0]["events"][0]["points"] = 3  # a double header is worth 2 (rule 5)
    (tmp_path / "header.json").write_text(json.dumps(doc))
    return tmp_path


def test_expected_failures_are_reported_and_do_not_fail_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vectors = _broken_copy(tmp_path / "v")
    assert main(["conformance", "--vectors", str(vectors)]) == 1
    assert "FAIL  record  header.json" in capsys.readouterr().out
    known = tmp_path / "known.txt"
    known.write_text("# our reduction is not done yet\nheader.json  # rule 5\n\n")
    assert main(["conformance", "--vectors", str(vectors), "--expected-failures", str(known)]) == 0
    out = capsys.readouterr().out
    assert "xfail record  header.json" in out
    assert out.rstrip().endswith("1 passed, 0 failed, 1 expected failures")
    # A listed check that passes fails the run, so that the list is kept up to date.
    known.write_text("header.json\nclassic-2p.json\n")
    assert main(["conformance", "--vectors", str(vectors), "--expected-failures", str(known)]) == 1
    assert "XPASS record  classic-2p.json" in capsys.readouterr().out
    # A name that is no check is a typo, not a silent no-op.
    known.write_text("header.json\nheader\n")
    assert main(["conformance", "--vectors", str(vectors), "--expected-failures", str(known)]) == 1
    assert "names no check: 'header'" in capsys.readouterr().err
    missing = tmp_path / "none.txt"
    assert main(["conformance", "--expected-failures", str(missing)]) == 2


def test_conformance_list_shows_ids_and_tags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--list", "--features", "preset:*,seats:*,rule:*"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(line for line in lines if "classic-2p.json" in line).split()
    assert first[0] == "classic-2p.json" and first[1:3] == ["preset:classic", "seats:2"]
    skipped = next(line for line in lines if "classic-partnerships.json" in line).split()
    assert skipped[0] == "skip" and "partnerships" in skipped


def test_conformance_fails_when_an_invalid_vector_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "invalid").mkdir()
    # A valid record filed as invalid: it replays, so the check fails.
    shutil.copy(VECTORS / "classic-2p.json", tmp_path / "invalid" / "classic-2p.json")
    assert main(["conformance", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  invalid" in out and "0 passed, 1 failed" in out


def test_conformance_of_a_missing_directory_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "no/such/dir"]) == 1
    assert "not a directory" in capsys.readouterr().err


def test_replay_prints_the_reason_code_and_an_error_object(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = VECTORS / "invalid" / "must-play.json"
    assert main(["replay", str(path), "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.err.rstrip().endswith("[must_play]")
    error = json.loads(captured.out)
    assert (error["reason"], error["round"], error["action_index"]) == ("must_play", 0, 0)


def test_replay_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (VECTORS / "classic-2p.json").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["replay", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "bergen-replay/1"


def _checks(directory: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, object]]:
    assert main(["conformance", "--vectors", str(directory), "--json"]) == 1
    return {r["id"]: r for r in json.loads(capsys.readouterr().out)["checks"]}


def test_a_vector_that_is_no_record_says_why_not_round_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "invalid").mkdir()
    (tmp_path / "broken.json").write_text("{\n")
    (tmp_path / "invalid" / "bare.json").write_text('{"format": "bergen-record/1"}')
    checks = _checks(tmp_path, capsys)
    assert checks["broken.json"]["got"] == (
        "json: malformed JSON at line 2, column 1: Expecting property name enclosed in double "
        "quotes"
    )
    # An invalid vector expects an error even when it cannot be read.
    assert checks["invalid/bare.json"]["got"] == "schema: record: missing field 'rules'"
    assert checks["invalid/bare.json"]["expected"] == "an error (meta.expect_error is missing)"


def test_a_malformed_perft_file_or_case_names_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = json.loads((VECTORS / "perft.json").read_text())["cases"][0]
    cases = []
    for name, change in [
        ("deal-a-list", {"deal": [1]}),
        ("hands-a-number", {"deal": {"hands": 5, "boneyard": []}}),
        ("counts-a-string", {"counts": "123"}),
        ("counts-negative", {"counts": [-1]}),
    ]:
        cases.append({**good, "name": name, **change})
    cases.append([1, 2])
    (tmp_path / "perft.json").write_text(json.dumps({"cases": cases}))
    checks = _checks(tmp_path, capsys)
    got = {key.split("#", 1)[1]: check["got"] for key, check in checks.items()}
    assert got == {
        "deal-a-list": 'error: deal: expected an object with "hands" and "boneyard", got [1]',
        "hands-a-number": "error: hands: expected a list of hands, each a list of tiles, got 5",
        # The string's digits were read as the counts 1, 2, 3.
        "counts-a-string": "error: counts: expected a list of counts, one per depth, got '123'",
        "counts-negative": "error: counts: expected counts of 0 or more, one per depth, got [-1]",
        "?": "error: a case is an object (name, rules, dealer, deal, counts), got [1, 2]",
    }
    (tmp_path / "perft.json").write_text("[]")
    checks = _checks(tmp_path, capsys)
    assert checks["perft.json"]["got"] == (
        'not a perft file: an object whose "cases" is a list of cases, got []'
    )


def test_replay_names_standard_input_in_a_read_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Too large to read: the message names the source "-" like every other failure (the "-"
    # of "UTF-8" in the message was taken for the source already named).
    monkeypatch.setattr("sys.stdin", io.StringIO(" " * (10 * 2**20 + 1)))
    assert main(["replay", "-"]) == 1
    assert capsys.readouterr().err.startswith("bergen replay: -: the record is over")
