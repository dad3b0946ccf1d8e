"""Nothing left running (issue 28): when the arena's main process dies by a signal it cannot
catch (SIGKILL), its workers and every bot process (Python and program bots) end within 5 s."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from conftest import PROCESS_MARK, marked_processes, processes_left

ROOT = Path(__file__).resolve().parents[2]
GREEDY_JS = ROOT / "examples" / "bots" / "greedy.js"

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="counts processes through /proc"
)


def _games(results: Path) -> int:
    return max(0, len(results.read_text().splitlines()) - 1) if results.exists() else 0


@pytest.mark.parametrize(
    ("workers", "forks", "in_flight"),
    [("1", True, "1"), ("2", True, "1"), ("1", False, "1"), ("1", True, "3")],
    ids=["1", "2", "1-no-forks", "1-in-flight"],
)
def test_kill_9_of_the_arena_leaves_no_process(
    tmp_path: Path, workers: str, forks: bool, in_flight: str
) -> None:
    if shutil.which("node") is None:
        pytest.skip("the program bot is examples/bots/greedy.js, on node")
    mark = uuid.uuid4().hex
    results = tmp_path / "games.jsonl"
    bots = ["greedy", f"cmd:node {GREEDY_JS}"]
    args = [*bots, "--games", "400", "--workers", workers, "--seed", "1", "--no-progress"]
    args += ["--in-flight", in_flight] + ([] if forks else ["--no-fork-server"])
    arena = subprocess.Popen(
        [sys.executable, "-m", "bergen", "arena", *args, "--results", str(results)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, PROCESS_MARK: mark, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _games(results) < 2 * int(workers):
            time.sleep(0.05)
        running = marked_processes(mark)
        assert _games(results) >= 2 and arena.poll() is None, running
        # The main process, the workers, and bots of both kinds are there: the Python bot's
        # processes are forks of the built-in bots' fork server (and show its command line).
        python_bot = "_forkserver" if forks else "bot serve greedy"
        assert sum(python_bot in c for c in running) >= 2, running
        assert sum("greedy.js" in c for c in running) >= 1, running
        arena.send_signal(signal.SIGKILL)
        arena.wait()
        left = processes_left(mark, 5.0)
        assert left == [], f"{len(left)} processes left 5 s after kill -9: {left}"
    finally:
        arena.kill()
        for line in marked_processes(mark):  # pragma: no cover - only when the test fails
            print("left:", line)
