"""``bergen bot serve`` starts fast (issue 28): it imports what a bot needs (the view, the
protocol's codec, the bot) and nothing of the arena, the records' replay, the states, the
pictures, the search bots or the command line's other subcommands. The time it takes is
measured in ``benchmarks/arena.py``; here, which modules it loads."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

NOT_NEEDED = (
    "argparse",
    "bergen.analysis",
    "bergen.arena",
    "bergen.cli.arena",
    "bergen.cli.play",
    "bergen.display",
    "bergen.match",
    "bergen.position_text",
    "bergen.protocol.client",
    "bergen.records.codec",
    "bergen.records.replay",
    "bergen.round",
    "bergen.sampling",
    "bergen.solver",
    "bergen.svg",
    "bergen.bots.ismcts",
    "bergen.bots.pimc",
    "bergen.bots.search",
)

# Serve greedy for one hello, then write the modules loaded to standard error (descriptor 2,
# which serving leaves alone).
SCRIPT = """
import sys
from bergen.cli import main
status = main(["bot", "serve", "greedy"])
print("MODULES " + " ".join(sorted(sys.modules)), file=sys.stderr)
sys.exit(status)
"""


def test_bot_serve_loads_only_what_a_bot_needs() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        input=b'{"type": "hello", "protocol": 1}\n{"type": "quit"}\n',
        capture_output=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["name"] == "greedy"
    line = next(s for s in done.stderr.decode().splitlines() if s.startswith("MODULES "))
    loaded = set(line.split()[1:])
    assert "bergen.bots.simple" in loaded and "bergen.protocol.server" in loaded
    assert sorted(loaded & set(NOT_NEEDED)) == []


@pytest.mark.parametrize("package", ["bergen", "bergen.bots", "bergen.protocol", "bergen.records"])
def test_every_public_name_of_a_lazy_package_is_there(package: str) -> None:
    # The packages import a module when one of its names is first read (PEP 562).
    module = importlib.import_module(package)
    for name in module.__all__:
        assert getattr(module, name) is not None, name
        assert name in dir(module)
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018


def test_replay_and_perft_stay_functions_when_their_modules_are_imported() -> None:
    # bergen.records.replay and .perft are both submodules and the functions they define.
    importlib.import_module("bergen.records.replay")
    importlib.import_module("bergen.records.perft")
    records = importlib.import_module("bergen.records")
    assert callable(records.replay) and records.replay.__name__ == "replay"
    assert callable(records.perft) and records.perft.__name__ == "perft"
