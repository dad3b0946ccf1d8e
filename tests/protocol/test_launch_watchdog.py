"""The launcher's watchdog (bergen/protocol/_launch.py) without a pidfd (Linux before 5.3, or
where ``pidfd_open`` fails): it looks every second whether the arena's process is there, and
an arena of another user (the bot runs as ``--bot-user``) is there, not gone."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import bergen.protocol

LAUNCH = Path(bergen.protocol.__file__).parent / "_launch.py"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and process groups")

# A bot process that leaves the watchdog with no pidfd, where every look at the arena's
# process is refused as for another user's (PermissionError); it waits until the watchdog has
# looked three times (told through a pipe), then exits 0, unless the watchdog killed its group.
SCRIPT = """
import os, sys, runpy
launch = runpy.run_path({launch!r})
read, write = os.pipe()
real_kill = os.kill

def refused(pid, sig):
    if sig == 0:
        os.write(write, b"x")
        raise PermissionError(1, "Operation not permitted")
    return real_kill(pid, sig)

os.kill = refused
os.setsid()
held_in, held_out = os.pipe()  # the bot's input, held open: no hang-up for the watchdog
os.dup2(held_in, 0)
launch["_leave_watchdog"].__globals__["os"].kill = refused
launch["_leave_watchdog"](os.getppid(), -1)
seen = b""
while len(seen) < 3:
    seen += os.read(read, 1)
print("alive after", len(seen), "looks")
"""


def test_an_arena_of_another_user_is_not_taken_for_gone() -> None:
    code = textwrap.dedent(SCRIPT.format(launch=str(LAUNCH)))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=30)
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stdout == b"alive after 3 looks\n"
