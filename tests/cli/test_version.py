"""``bergen --version`` prints the version and which build is running, as ``bergen.COMPILED``."""

import subprocess
import sys

import pytest

import bergen
from bergen.cli import main


def expected() -> str:
    build = "compiled with mypyc" if bergen.COMPILED else "pure Python"
    return f"bergen {bergen.__version__} ({build})"


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == expected() + "\n"


def test_the_command_agrees_with_compiled() -> None:
    # The command as a user runs it, in a fresh interpreter of the environment under test.
    done = subprocess.run(
        [sys.executable, "-m", "bergen", "--version"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout == expected() + "\n"
    assert ("compiled with mypyc" in done.stdout) is bergen.COMPILED
    assert ("pure Python" in done.stdout) is not bergen.COMPILED


def test_the_installed_metadata_has_the_version_of_the_source() -> None:
    # The build reads the version from src/bergen/_version.py (pyproject.toml,
    # [tool.hatch.version]); bergen.__version__ reads the same file, not the metadata.
    from importlib.metadata import version

    assert version("bergen-dominoes") == bergen.__version__
