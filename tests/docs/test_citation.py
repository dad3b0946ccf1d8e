"""CITATION.cff is a Citation File Format 1.2.0 file that names this package's version.

(Validated in full with ``cffconvert --validate``; this test keeps the required keys and the
version in step with src/bergen/_version.py, which pyproject.toml reads, without a YAML
parser.)
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import bergen
import bergen._version

ROOT = Path(__file__).resolve().parents[2]


def top_level(text: str) -> dict[str, str]:
    """The top-level ``key: value`` pairs of a simple YAML file (values unparsed)."""
    pairs = re.findall(r"^([a-z][\w-]*):[ \t]*(.*)$", text, flags=re.MULTILINE)
    return {k: v.strip() for k, v in pairs}


def test_citation_file_has_the_required_keys_and_the_package_version() -> None:
    keys = top_level((ROOT / "CITATION.cff").read_text("utf-8"))
    assert keys["cff-version"] == "1.2.0"
    assert {"message", "title", "authors"} <= keys.keys()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["dynamic"] == ["version"]  # read from the file below
    assert project["tool"]["hatch"]["version"]["path"] == "src/bergen/_version.py"
    assert keys["version"] == bergen._version.__version__ == bergen.__version__
    assert keys["license"] == "MIT"


def test_citation_names_the_release_date_and_every_presets_rules_version() -> None:
    from bergen import PRESETS

    text = (ROOT / "CITATION.cff").read_text("utf-8")
    keys = top_level(text)
    assert keys["date-released"] == '"2026-12-02"'
    assert "repository-code" not in keys  # no public address is known: none is made up
    flat = " ".join(text.split())
    for name, rules in PRESETS.items():
        assert f"{name} {rules.version}" in flat
        if rules.url:
            assert f'url: "{rules.url}"' in text


def test_citation_names_the_distribution_and_its_pypi_page() -> None:
    # The package is cited by the name it is installed by; its address is its PyPI page (the
    # distribution's, not PyPI's unrelated "bergen").
    text = (ROOT / "CITATION.cff").read_text("utf-8")
    name = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["name"]
    page = f"https://pypi.org/project/{name}/"
    assert top_level(text)["url"] == f'"{page}"'
    assert f'website: "{page}"' in text
    assert f"The {name} developers" in text
    assert "the bergen developers" not in text


def test_citation_date_agrees_with_the_changelog() -> None:
    # Once the release has its dated CHANGELOG section, CITATION.cff gives the same date.
    keys = top_level((ROOT / "CITATION.cff").read_text("utf-8"))
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    dated = re.search(rf"^## \[{re.escape(keys['version'])}\] - (\S+)$", changelog, re.M)
    if dated is not None:
        assert keys["date-released"] == f'"{dated.group(1)}"'
