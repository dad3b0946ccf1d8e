"""CITATION.cff is a Citation File Format 1.2.0 file that names this package's version.

(Validated in full with ``cffconvert --validate``; this test keeps the required keys and the
version in step with pyproject.toml without a YAML parser.)
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def top_level(text: str) -> dict[str, str]:
    """The top-level ``key: value`` pairs of a simple YAML file (values unparsed)."""
    pairs = re.findall(r"^([a-z][\w-]*):[ \t]*(.*)$", text, flags=re.MULTILINE)
    return {k: v.strip() for k, v in pairs}


def test_citation_file_has_the_required_keys_and_the_package_version() -> None:
    keys = top_level((ROOT / "CITATION.cff").read_text("utf-8"))
    assert keys["cff-version"] == "1.2.0"
    assert {"message", "title", "authors"} <= keys.keys()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert keys["version"] == project["version"]
    assert keys["license"] == "MIT"
