"""Fair play (issue 28): deals no bot can rebuild, processes a bot cannot read, and a real
boundary (another user, an OS sandbox) for the operator who wants one."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from bergen.arena import run_arena, schedule
from bergen.arena._guard import is_dumpable
from bergen.bots import BotError
from bergen.cli import main

ROOT = Path(__file__).resolve().parents[2]
GREEDY_JS = ROOT / "examples" / "bots" / "greedy.js"
GAMES = 4

# A bot that tries every way issue 28 names to learn the deals, as a bot writer outside bergen
# would: it hashes guessed arena seeds (the derivation copied from bergen) until one gives its
# own seed, and matches its hand against the first deals of guessed arena seeds. The guesses
# are those an operator might use: every seed below 2**15 (2**12 for the deals, whose search
# costs more) and every Unix time of the last half hour, in seconds; the tables are built once
# per process (about 0.2 s), then each game looks itself up. Its dealt hand matches one of the
# 12,000 guessed deals by chance now and then (in 2 of 600 unseeded games played in-process),
# so, as a real spy would, it keeps a deal only while the public history of round 0 follows
# from it (the other seat lays only tiles the deal gave it or it drew, and its own draws are
# the deal's boneyard's): none of those 600 was left. It speaks only the protocol (it runs as
# `bergen bot serve spy:Spy`, in a process of its own) and appends what it has found after
# each decision to REPORT; the last line of each game counts.
SPY = """
import hashlib
import json
import os
import time
from pathlib import Path

from bergen.deal import Deal
from bergen.moves import Draw
from bergen.rules import CLASSIC

REPORT = Path({report!r})
NOW = int(time.time())
CLOCK = range(NOW - 1800, NOW + 60)
SEED_GUESSES = [*range(-10, 2**15), *CLOCK]
DEAL_GUESSES = [*range(-10, 2**12), *CLOCK]
_BASE = hashlib.blake2b(b"bergen-arena:", digest_size=8)
_TABLES = {{}}
HAND = CLASSIC.for_table(2).hand_size


def derive(*parts):
    h = _BASE.copy()
    h.update(":".join(str(p) for p in parts).encode())
    return int.from_bytes(h.digest(), "big") >> 1


def tables(seat):
    # {{bot seed: guess}} for this seat in every game, {{dealt hand: (guess, group)}}.
    if seat not in _TABLES:
        seeds = {{
            derive(guess, "bot", game, seat): guess
            for guess in SEED_GUESSES
            for game in range({games})
        }}
        hands = {{
            frozenset(Deal.from_seed(derive(guess, "deal", group), 2, HAND).hands[seat]): (
                guess,
                group,
            )
            for guess in DEAL_GUESSES
            for group in range({games} // 2)
        }}
        _TABLES[seat] = seeds, hands
    return _TABLES[seat]


def follows(view, guess, group):
    # Whether round 0's public history so far follows from the guessed deal.
    deal = Deal.from_seed(derive(guess, "deal", group), 2, HAND)
    other = 1 - view.seat
    holds = set(deal.hands[other])
    boneyard = list(deal.boneyard)
    own = list(view.own_draws)
    for action in view.history:
        if isinstance(action.move, Draw):
            tile = boneyard.pop(0) if boneyard else None
            if action.seat == other:
                holds.add(tile)
            elif not own or own.pop(0) != tile:
                return False
        elif hasattr(action.move, "tile") and action.seat == other:
            if action.move.tile not in holds:
                return False
            holds.discard(action.move.tile)
    return True


class Spy:
    def __init__(self, seed=None):
        self.seed = seed
        self.found = None  # what it found, once it has looked
        self.deals = []  # the guessed deals that still follow round 0
        self.round0 = None  # (history length, lead) at its last decision of round 0
        self.name = f"{{os.getpid()}}-{{id(self)}}"

    def choose(self, view, legal_moves):
        if self.found is None:  # its first decision of the game: round 0
            self.look(view)
            self.round0 = (len(view.history), view.line.lead)
        elif self.round0 is not None:
            seen, lead = self.round0
            if len(view.history) > seen and lead in (None, view.line.lead):  # round 0 still
                self.deals = [d for d in self.deals if follows(view, *d)]
                self.round0 = (len(view.history), view.line.lead)
            else:
                self.round0 = None
        found = self.found + [["deal", guess] for guess, _ in self.deals]
        with REPORT.open("a") as f:
            f.write(json.dumps({{"spy": self.name, "found": found}}) + "\\n")
        return legal_moves[0]

    def look(self, view):
        self.found = []
        seeds, hands = tables(view.seat)
        if self.seed in seeds:
            self.found.append(["bot seed", seeds[self.seed]])
        # Its dealt hand, unless it has laid or drawn a tile already: then it cannot tell.
        if len(view.hand) == HAND and not view.own_draws:
            guess = hands.get(frozenset(view.hand))
            if guess is not None and follows(view, *guess):
                self.deals = [guess]
"""


@pytest.fixture
def spy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The spy's module on the import path (the bot processes get it too); its report."""
    report = tmp_path / "report.jsonl"
    (tmp_path / "spy.py").write_text(SPY.format(report=str(report), games=GAMES))
    monkeypatch.syspath_prepend(str(tmp_path))
    return report


def _reports(report: Path) -> list[list[list[object]]]:
    """What each game's spy found: its last line."""
    last: dict[str, list[list[object]]] = {}
    for line in report.read_text().splitlines():
        entry = json.loads(line)
        last[entry["spy"]] = entry["found"]
    return list(last.values())


def test_a_spy_rebuilds_the_deals_of_a_seeded_arena(spy: Path) -> None:
    # Guessable seeds: a small one and the clock's. The spy finds the arena seed from its own
    # seed and from its hand, in every game (so the spy works, and the unseeded test below
    # can fail).
    for seed in (7, int(time.time()) - 60):
        spy.unlink(missing_ok=True)
        result = run_arena(["spy:Spy", "random"], GAMES, 2, seed=seed)
        assert result.seed == seed and not result.forfeits
        reports = _reports(spy)
        assert len(reports) == GAMES
        assert all(["bot seed", seed] in found for found in reports), reports
        assert any(["deal", seed] in found for found in reports), reports


def test_a_spy_finds_nothing_in_an_unseeded_arena(
    spy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["arena", "spy:Spy", "random", "--games", str(GAMES), "--workers", "1"])
    out, err = capsys.readouterr()
    assert status == 0, err
    reports = _reports(spy)
    assert reports == [[]] * GAMES
    seed = int(err.split("--seed ")[-1])
    assert seed.bit_length() == 129  # 2**128 + 128 random bits
    assert f"seed {seed}" in out


def test_a_secret_seed_reproduces_its_arena() -> None:
    first = run_arena(["greedy", "random"], 4, 2, in_process=True)
    second = run_arena(["greedy", "random"], 4, 2, in_process=True)
    assert first.seed != second.seed and first.seed >= 2**128 and second.seed >= 2**128
    assert run_arena(["greedy", "random"], 4, 2, seed=first.seed, in_process=True) == first


def test_an_explicit_seed_gives_the_seeds_it_always_gave() -> None:
    # Worked out by hand from the derivation bergen has always used: blake2b (8 bytes) of
    # "bergen-arena:0:deal:0" and "bergen-arena:0:bot:0:1", shifted right one bit.
    import hashlib

    def derive(text: str) -> int:
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1

    task = schedule(["greedy", "random"], 2, 2, 0)[0]
    assert task.deal_seed == derive("bergen-arena:0:deal:0")
    assert task.bot_seeds[1] == derive("bergen-arena:0:bot:0:1")
    secret = schedule(["greedy", "random"], 2, 2, 2**128 + 5)[0]
    assert secret.deal_seed != derive(f"bergen-arena:{2**128 + 5}:deal:0")
    assert secret.bot_seeds[1] != derive(f"bergen-arena:{2**128 + 5}:bot:0:1")


def test_the_secret_seed_is_kept_in_the_results_file_for_resume(tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    first = run_arena(["greedy", "random"], 2, 2, in_process=True, results=results)
    assert stat.S_IMODE(results.stat().st_mode) == 0o600
    header = json.loads(results.read_text().splitlines()[0])
    assert header["seed"] == first.seed >= 2**128
    # Resume with no seed: the file's seed; every game is there, so nothing is played.
    again = run_arena(["greedy", "random"], 2, 2, in_process=True, results=results, resume=True)
    assert again == first


def test_help_says_a_guessable_seed_gives_the_deals_away(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "can guess the seed can rebuild every deal" in text
    assert "--bot-user" in text and "--bot-prefix" in text


class _DumpableProbe:
    """An in-process bot that notes whether the process it runs in is dumpable."""

    seen: ClassVar[list[bool | None]] = []

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: object, legal_moves: list[object]) -> object:
        _DumpableProbe.seen.append(is_dumpable())
        return legal_moves[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux only")
def test_the_arena_process_is_not_dumpable_while_it_plays() -> None:
    assert is_dumpable() is True
    _DumpableProbe.seen = []
    run_arena([f"{__name__}:_DumpableProbe", "random"], 2, 2, seed=1, in_process=True)
    assert _DumpableProbe.seen and set(_DumpableProbe.seen) == {False}
    assert is_dumpable() is True  # as it was, once the arena is over


# -------------------------------------------------------------- another user, a sandbox

# A protocol bot for the system's Python, bergen not needed: on hello it notes its user,
# whether it can read the results file and whether it can see the arena's process.
PROBE = r"""
import json, os, sys

def probe():
    try:
        open({results!r}).read()
        results = "read"
    except OSError as e:
        results = type(e).__name__
    seen = os.path.exists("/proc/{arena}/cmdline")
    with open({report!r}, "a") as f:
        f.write(json.dumps({{"uid": os.getuid(), "results": results, "arena": seen}}) + "\n")

for line in sys.stdin:
    request = json.loads(line)
    kind = request["type"]
    if kind == "hello":
        probe()
        reply = {{"type": "hello", "protocol": 1, "name": "probe", "author": "t", "options": {{}}}}
    elif kind == "new_game":
        reply = {{"type": "ready"}}
    elif kind == "decide":
        reply = {{"type": "move", "move": request["legal_moves"][0]}}
    else:
        break
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
"""


@pytest.fixture
def probe() -> Iterator[tuple[str, Path, Path]]:
    """The probe's spec, its report and a results file, in a directory every user can reach
    (pytest's own are the test user's alone)."""
    if not Path("/usr/bin/python3").exists():
        pytest.skip("the probe bot runs on /usr/bin/python3")
    top = Path(tempfile.mkdtemp(prefix="bergen-fair-"))
    try:
        top.chmod(0o755)
        shared = top / "shared"
        shared.mkdir(mode=0o777)
        shared.chmod(0o777)
        private = top / "private"
        private.mkdir()
        report, results = shared / "report.jsonl", private / "games.jsonl"
        script = top / "probe.py"
        script.write_text(PROBE.format(results=str(results), report=str(report), arena=os.getpid()))
        script.chmod(0o644)
        yield f"cmd:/usr/bin/python3 -I {script}", report, results
    finally:
        shutil.rmtree(top)


def _bot_user() -> str:
    """An unprivileged user for the bots, made here (the tests run as root)."""
    name = "bergen-bot-test"
    try:
        pwd.getpwnam(name)
    except KeyError:
        made = subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            capture_output=True,
            text=True,
        )
        if made.returncode not in (0, 9):  # 9: the user is there already
            pytest.skip(f"useradd cannot make a user here: {made.stderr.strip()}")
    return name


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("useradd") is None,
    reason="running bots as another user needs root, and a user made by useradd",
)
def test_bots_run_as_the_bot_user_and_cannot_read_the_results(
    probe: tuple[str, Path, Path],
) -> None:
    spec, report, results = probe
    if shutil.which("node") is None:
        pytest.skip("the other bot is examples/bots/greedy.js, on node")
    user = _bot_user()
    # The bot user may not reach the checkout (a clone under a 0700 directory of mktemp -d):
    # its program goes in the shared directory the probe bot writes to.
    greedy = report.parent / "greedy.js"
    shutil.copyfile(GREEDY_JS, greedy)
    greedy.chmod(0o644)
    result = run_arena([spec, f"cmd:node {greedy}"], 2, 2, seed=3, results=results, bot_user=user)
    assert not result.forfeits
    seen = [json.loads(line) for line in report.read_text().splitlines()]
    assert seen and all(s["uid"] == pwd.getpwnam(user).pw_uid for s in seen)
    assert {s["results"] for s in seen} == {"PermissionError"}


def test_bot_user_is_refused_when_it_cannot_work() -> None:
    with pytest.raises(BotError, match=r"no such user|needs the arena to run as root"):
        run_arena(["greedy", "random"], 2, 2, seed=1, bot_user="no-such-user-13b")
    with pytest.raises(BotError, match="bot_prefix: program 'no-such-sandbox-13b' not found"):
        run_arena(["greedy", "random"], 2, 2, seed=1, bot_prefix=["no-such-sandbox-13b"])
    with pytest.raises(BotError, match="bot_prefix must be a command"):
        run_arena(["greedy", "random"], 2, 2, seed=1, bot_prefix="bwrap")  # type: ignore[arg-type]


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_a_sandbox_prefix_hides_the_results_and_the_arena(probe: tuple[str, Path, Path]) -> None:
    spec, report, results = probe
    shared = report.parent
    sandbox = [
        "bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--unshare-pid", "--proc", "/proc",
        "--tmpfs", str(results.parent), "--bind", str(shared), str(shared),
    ]  # fmt: skip
    # No --die-with-parent: its parent-death signal comes when the *thread* that started the
    # bot ends, and the arena starts bots from short-lived threads.
    check = subprocess.run([*sandbox, "true"], capture_output=True, text=True)
    if check.returncode != 0:
        pytest.skip(f"bwrap cannot make a sandbox here: {check.stderr.strip()}")
    result = run_arena([spec, "random"], 2, 2, seed=3, results=results, bot_prefix=sandbox)
    assert not result.forfeits
    seen = [json.loads(line) for line in report.read_text().splitlines()]
    assert seen and {s["results"] for s in seen} == {"FileNotFoundError"}
    assert {s["arena"] for s in seen} == {False}
    # Without the sandbox the same bot, the same user, reads both.
    report.unlink()
    results.unlink()
    run_arena([spec, "random"], 2, 2, seed=3, results=results)
    seen = [json.loads(line) for line in report.read_text().splitlines()]
    assert {s["results"] for s in seen} == {"read"} and {s["arena"] for s in seen} == {True}
