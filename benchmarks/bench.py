"""bergen's benchmark: the engine beside a bare loop and beside other domino libraries.

Run from the repository root::

    python benchmarks/bench.py            # the default run, about a minute
    python benchmarks/bench.py --quick    # a smoke run of a few seconds
    python benchmarks/bench.py --compiled /path/to/venv/bin/python   # both builds, one run

Candidates that are compared run in short bursts, interleaved (candidate A, B, C, then A, B,
C again, ...), so that drift of the machine (other processes, frequency changes) hits them
alike; each figure is the median over the bursts, and each ratio is the median of the
per-burst ratios against the bare loop measured in the same round of bursts.

Sections 1 and 2 run in worker processes (``benchmarks/_worker.py``), one per build of bergen,
each started once and kept for the whole run: the interpreted build under this Python, and,
with ``--compiled PYTHON``, the compiled build under that interpreter (one process cannot
import two builds of ``bergen``). Each worker checks that its bergen is the build it is to
measure, and refuses otherwise. This process sends the workers their bursts one at a time, in
one rotating order over every candidate of both builds, so that drift hits both builds alike;
every ratio is to the *interpreted* bare loop of the same round of bursts. Without
``--compiled`` only the interpreted worker runs. Sections 3 and 4 run in this process, on the
interpreted build.

Sections:

1. Random playouts of whole ``classic`` matches at 2, 3 and 4 seats, the same seeds for every
   candidate: the bare loop (``benchmarks/bare.py``), the bare loop's rules behind an API of
   the public API's shape with nothing else (``benchmarks/shape.py``: the ceiling of such an
   API), the public API at the round level (``Deal.from_seed``, ``RoundState.start``,
   ``legal_moves`` and ``apply`` with its events) and at the match level (``MatchState.new`` /
   ``legal_moves`` / ``apply``); the two public-API candidates in both builds.
2. Random playouts of single rounds from their first position: the bare loop, the rollout
   function for search bots (:func:`bergen.rollout.rollout`) and the public API, the last two
   in both builds.
3. Single operations on mid-round states: ``legal_moves`` (computed on every call), ``apply``,
   ``view`` and ``sample_world``.
4. Peers: random playouts with the ``dominoes`` package (4 players, 7 tiles each, no
   boneyard) and OpenSpiel's Python block dominoes (2 players), when installed
   (``pip install -e '.[bench]'``). Their games have other rules, so only rates compare:
   moves per second, then tiles placed per second against ``dominoes`` (the issue's peer
   target: bergen's public API at least twice as fast per tile placed, interpreted); with
   ``--compiled``, the public API's tiles placed in the compiled build too, its bursts run by
   the compiled worker (timed there) in turn with the others.
5. The states themselves (interpreted build, this process; ``benchmarks/states.py``):
   ``RoundState.start`` beside a seeded match's own start, the cost per tile placed in early and
   late rounds of one long match, the bytes a state keeps per move, and ``replay`` beside
   applying the same moves.

Sections 1 and 2 count both the actions (every move: leads, plays, draws, passes) and the tile
placements (the tiles laid on the line: leads and plays). Before timing, every candidate of
every build is cross-checked to play exactly the matches (rounds) it is timed on: the same
final scores, the same number of actions and of placements as the bare loop, match by match
(``rollout()`` returns only scores: it is checked on the scores and on its number of
``random()`` calls, one per action); in every burst, the counts are checked again.

Bursts are timed in CPU time of the process that runs them (``time.process_time``), which
other processes on the machine disturb less than wall time; ``--wall`` times them in wall time
instead.

The players choose the move at index ``int(rng.random() * len(legal))`` of the legal moves, one
``random()`` per move, forced moves included.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _worker import build_of
from bare import bare_match
from candidates import ROUND_CANDIDATES, api_match, api_round_match, match_burst
from states import run as states_section

import bergen
from bergen import CLASSIC, MatchState, RoundState

Work = Callable[[], int]  # runs one burst in this process, returns the number of operations
CLOCK = time.process_time  # CPU time of this process: other processes on the machine add less
WORKER = Path(__file__).resolve().parent / "_worker.py"
BARE = "bare loop"
# The candidates measured in both builds (the others do not depend on the build).
BOTH_BUILDS = ("rollout()", "public API, RoundState", "public API, MatchState")

# ---------------------------------------------------------------------------- workers


class Worker:
    """A worker process for one build (``_worker.py``), answering one JSON line per request."""

    def __init__(self, python: str, build: str, wall: bool) -> None:
        self.build = build
        cmd = [python, str(WORKER), "--build", build] + (["--wall"] if wall else [])
        try:
            self.proc = subprocess.Popen(
                cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
            )
        except OSError as exc:
            raise SystemExit(f"cannot start the {build} worker under {python}: {exc}") from exc
        self.info = self._read()

    def _read(self) -> dict[str, Any]:
        stdout: IO[str] | None = self.proc.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            self.proc.wait()
            raise SystemExit(
                f"the {self.build} worker stopped (exit code {self.proc.returncode}); "
                "see its messages above"
            )
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise SystemExit(f"the {self.build} worker: {answer['error']}")
        return answer

    def ask(self, **request: Any) -> dict[str, Any]:
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        return self._read()

    def close(self) -> None:
        """Ask the worker to stop (it stops too when its stdin closes) and wait for it."""
        stdin = self.proc.stdin
        if stdin is not None and self.proc.poll() is None:
            try:
                stdin.write(json.dumps({"op": "quit"}) + "\n")
                stdin.close()
            except (BrokenPipeError, ValueError):  # already gone
                pass
        self.proc.wait()


class Entry:
    """One candidate of one build, as a row of a table."""

    def __init__(self, worker: Worker, name: str) -> None:
        self.worker = worker
        self.name = name
        self.build = worker.build
        self.key = (name, worker.build)


def section_entries(workers: Sequence[Worker], names: Sequence[str]) -> list[Entry]:
    """The interpreted worker runs every candidate; the others only the build-dependent ones."""
    out = []
    for name in names:
        for w in workers:
            if w.build == "interpreted" or name in BOTH_BUILDS:
                out.append(Entry(w, name))
    return out


def cross_check(
    entries: Sequence[Entry], kind: str, seats: int, seeds: Sequence[int], what: str
) -> None:
    """Fail loudly unless every entry plays, item by item, what the interpreted bare loop plays."""
    a, b = seeds[0], seeds[-1] + 1
    want = None
    for e in entries:  # the interpreted bare loop comes first
        trace = e.worker.ask(op="trace", kind=kind, candidate=e.name, seats=seats, seeds=[a, b])
        got = trace["trace"]
        if want is None:
            assert e.key == (BARE, "interpreted")
            want = got
            continue
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            same = g[0] == w[0] and g[1] == w[1] and (g[2] is None or g[2] == w[2])
            if not same:
                raise SystemExit(
                    f"cross-check failed: {e.name} ({e.build}) at {seats} seats, {what} {i} "
                    f"of seeds {a}..{b - 1}: {g} (scores, actions, placements) but the bare "
                    f"loop gives {w}"
                )


def interleave_workers(
    entries: Sequence[Entry], kind: str, seats: int, seeds: Sequence[int], bursts: int
) -> dict[tuple[str, str], list[tuple[float, int, int]]]:
    """Bursts of every entry, in a rotating order, one round after another.

    Returns:
        Per entry: ``(seconds, actions, placements)`` per burst, every burst's counts checked
        against the interpreted bare loop's in the same round.
    """
    a, b = seeds[0], seeds[-1] + 1
    out: dict[tuple[str, str], list[tuple[float, int, int]]] = {e.key: [] for e in entries}
    for r in range(bursts):
        order = list(entries[r % len(entries) :]) + list(entries[: r % len(entries)])
        for e in order:
            res = e.worker.ask(op="run", kind=kind, candidate=e.name, seats=seats, seeds=[a, b])
            out[e.key].append((res["seconds"], res["moves"], res["placements"]))
        base = out[(BARE, "interpreted")][-1][1:]
        for e in entries:
            if out[e.key][-1][1:] != base:
                raise SystemExit(
                    f"cross-check failed: {e.name} ({e.build}) made {out[e.key][-1][1:]} "
                    f"(actions, placements) in a burst, the bare loop {base}"
                )
    return out


def worker_medians(
    samples: dict[tuple[str, str], list[tuple[float, int, int]]], per_burst_items: int
) -> dict[tuple[str, str], tuple[float, float, float, float]]:
    """Per entry: median actions/s, placements/s, items/s and ratio to the interpreted bare loop."""
    base = samples[(BARE, "interpreted")]
    res = {}
    for key, runs in samples.items():
        ratio = statistics.median(
            (n / dt) / (bn / bdt) for (dt, n, _), (bdt, bn, _) in zip(runs, base, strict=True)
        )
        res[key] = (
            statistics.median(n / dt for dt, n, _ in runs),
            statistics.median(p / dt for dt, _, p in runs),
            statistics.median(per_burst_items / dt for dt, _, _ in runs),
            ratio,
        )
    return res


def speedups(
    samples: dict[tuple[str, str], list[tuple[float, int, int]]],
) -> dict[str, float]:
    """Per candidate in both builds: median per-burst rate of compiled over interpreted."""
    out = {}
    for (name, build), runs in samples.items():
        if build == "compiled" and (name, "interpreted") in samples:
            interp = samples[(name, "interpreted")]
            out[name] = statistics.median(
                idt / dt for (dt, _, _), (idt, _, _) in zip(runs, interp, strict=True)
            )
    return out


def print_table(
    entries: Sequence[Entry],
    seats: int,
    res: dict[tuple[str, str], tuple[float, float, float, float]],
) -> None:
    for e in entries:
        acts, places, items, ratio = res[e.key]
        print(
            f"   {seats:<6}{e.name:<26}{e.build:<13}{acts:>12,.0f}{places:>13,.0f}"
            f"{items:>11,.0f}{ratio:8.2f}"
        )


def table_header(unit: str) -> None:
    print(
        f"   {'seats':<6}{'candidate':<26}{'build':<13}{'actions/s':>12}{'placements/s':>13}"
        f"{unit:>11}{'ratio':>8}"
    )


# ---------------------------------------------------------------------------- peers


def dominoes_work(games: int, seed: int, placements: bool = False) -> Work | None:
    """Random playouts of ``games`` dominoes games; each burst counts its moves (plays and the
    passes the game records), or with ``placements`` the tiles laid on the board."""
    try:
        import dominoes  # type: ignore[import-not-found]
    except ImportError:
        return None

    def laid() -> int:
        random.seed(seed)
        rnd = random.Random(seed).random
        tiles = 0
        for _ in range(games):
            game = dominoes.Game.new()
            while game.result is None:
                valid = game.valid_moves
                game.make_move(*valid[int(rnd() * len(valid))])
            tiles += len(game.board)
        return tiles

    if placements:
        return laid

    def run() -> int:
        random.seed(seed)  # dominoes deals with the global generator
        rnd = random.Random(seed).random
        moves = 0
        for _ in range(games):
            game = dominoes.Game.new()
            while game.result is None:
                valid = game.valid_moves
                game.make_move(*valid[int(rnd() * len(valid))])
            moves += len(game.moves)  # plays and the passes it records
        return moves

    return run


def openspiel_work(games: int, seed: int) -> Work | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.games import block_dominoes  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")

    def run() -> int:
        rnd = random.Random(seed).random
        moves = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rnd() * len(legal))])
                    moves += 1
        return moves

    return run


# ---------------------------------------------------------------------------- operations


def mid_round_states(count: int) -> list[RoundState]:
    """Mid-round states of seeded classic matches at 2, 3 and 4 seats (a few moves in)."""
    out: list[RoundState] = []
    seed = 0
    while len(out) < count:
        seats = 2 + seed % 3
        rng = random.Random(seed)
        state = MatchState.new(seats, CLASSIC, seed=seed).round
        assert state is not None
        for _ in range(4 + seed % 7):
            legal = state.legal_moves()
            nxt, _ = state.apply(legal[int(rng.random() * len(legal))])
            if nxt.outcome is not None:
                break
            state = nxt
        out.append(state)
        seed += 1
    return out


def op_works(states: Sequence[RoundState]) -> dict[str, tuple[Work, Callable[[], None] | None]]:
    """Per-operation bursts; each returns the number of operations made."""
    moves = [s.legal_moves()[0] for s in states]

    def legal_run() -> int:
        for s in states:
            s.legal_moves()
        return len(states)

    def apply_run() -> int:
        for s, m in zip(states, moves, strict=True):
            s.apply(m)
        return len(states)

    works: dict[str, tuple[Work, Callable[[], None] | None]] = {
        "legal_moves": (legal_run, None),
        "apply (events included)": (apply_run, None),
    }
    view_fn, sample_fn = _view_api()
    if view_fn is not None:
        seats = [s.to_move for s in states]

        def view_run() -> int:
            for s, seat in zip(states, seats, strict=True):
                view_fn(s, seat)
            return len(states)

        works["view"] = (view_run, None)
        if sample_fn is not None:
            # A search bot samples many worlds per view: 10 each from 20 views a burst (the
            # first sample of a view includes setting up its sampler, if the module caches one).
            views = [view_fn(s, seat) for s, seat in zip(states, seats, strict=True)][:20]
            rng = random.Random(1)

            def sample_run() -> int:
                for v in views:
                    for _ in range(10):
                        sample_fn(v, rng)
                return 10 * len(views)

            works["sample_world (10 per view)"] = (sample_run, None)
            try:
                import bergen.view as view_mod

                has_history = "history" in inspect.signature(view_mod.sample_world).parameters
            except (ImportError, AttributeError, TypeError, ValueError):
                has_history = False
            if has_history:

                def position_run() -> int:
                    for v in views:
                        for _ in range(10):
                            view_mod.sample_world(v, rng, history=False)
                    return 10 * len(views)

                works["sample_world history=False"] = (position_run, None)
    return works


def _view_api() -> tuple[
    Callable[[RoundState, int], Any] | None, Callable[[Any, random.Random], Any] | None
]:
    """Find ``view`` and ``sample_world`` if another module has landed them; else ``None``."""
    if not hasattr(RoundState, "view"):
        return None, None

    def view_fn(s: RoundState, seat: int) -> Any:
        return s.view(seat)

    sample_fn: Callable[[Any, random.Random], Any] | None = None
    view_mod: Any
    try:
        import bergen.view as view_mod
    except ImportError:
        view_mod = None
    fn = getattr(view_mod, "sample_world", None) if view_mod is not None else None
    if fn is not None:
        params = list(inspect.signature(fn).parameters)
        if len(params) >= 2:
            sample_fn = lambda v, rng: fn(v, rng)  # noqa: E731
    elif view_mod is not None:
        probe = mid_round_states(1)[0].view(0)
        if hasattr(probe, "sample_world"):
            sample_fn = lambda v, rng: v.sample_world(rng)  # noqa: E731
    return view_fn, sample_fn


# ---------------------------------------------------------------------------- timing


def interleave(
    works: dict[str, Work],
    bursts: int,
    fixed_moves: int | None = None,
    before: dict[str, Callable[[], None] | None] | None = None,
) -> dict[str, list[tuple[float, int]]]:
    """Run each work once per round of bursts, in a rotating order; return (seconds, count)."""
    names = list(works)
    out: dict[str, list[tuple[float, int]]] = {n: [] for n in names}
    for b in range(bursts):
        order = names[b % len(names) :] + names[: b % len(names)]
        for name in order:
            prep = (before or {}).get(name)
            if prep is not None:
                prep()
            gc.collect()
            t0 = CLOCK()
            n = works[name]()
            dt = CLOCK() - t0
            if isinstance(n, tuple):  # timed by the worker process that ran it
                dt, n = n
            out[name].append((dt, n if fixed_moves is None or n else fixed_moves))
    return out


def medians(
    samples: dict[str, list[tuple[float, int]]], base: str | None, per_burst_items: int = 1
) -> dict[str, tuple[float, float, float | None]]:
    """Per candidate: median rate (count/s), median items/s, median ratio of rates to ``base``."""
    res: dict[str, tuple[float, float, float | None]] = {}
    for name, runs in samples.items():
        rates = [n / dt for dt, n in runs]
        items = [per_burst_items / dt for dt, _ in runs]
        ratio = None
        if base is not None and base in samples:
            ratio = statistics.median(
                (n / dt) / (bn / bdt)
                for (dt, n), (bdt, bn) in zip(runs, samples[base], strict=True)
            )
        res[name] = (statistics.median(rates), statistics.median(items), ratio)
    return res


def fmt_rate(x: float) -> str:
    return f"{x:>12,.0f}"


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}, nproc {os.cpu_count()}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), bergen {bergen.__version__}, {platform.system()}"
    )


# ---------------------------------------------------------------------------- main


def start_workers(args: argparse.Namespace) -> list[Worker]:
    """The interpreted worker (this Python), and the compiled one with ``--compiled``."""
    compiled, how = build_of()
    if compiled:
        raise SystemExit(
            f"this Python imports a compiled bergen ({how}); run bench.py under the interpreted "
            "build and name the compiled one's Python with --compiled"
        )
    workers = [Worker(sys.executable, "interpreted", args.wall)]
    if args.compiled:
        try:
            workers.append(Worker(args.compiled, "compiled", args.wall))
        except SystemExit:
            workers[0].close()
            raise
    for w in workers:
        i = w.info
        print(
            f"{w.build} build: {i['executable']} (Python {i['python']}, {i['implementation']}), "
            f"bergen {i['bergen']} from {Path(i['bergen_file']).parent}; {i['detected']}"
        )
    if len(workers) == 2:
        a, b = workers[0].info, workers[1].info
        if (a["python"], a["implementation"]) != (b["python"], b["implementation"]):
            print(
                "   warning: the two builds run under different Pythons; the ratios mix the "
                "interpreter's speed with the build's"
            )
    return workers


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bursts", type=int, default=21, help="rounds of interleaved bursts")
    p.add_argument("--matches", type=int, default=40, help="matches per burst and table size")
    p.add_argument("--rounds", type=int, default=300, help="rounds per burst (section 2)")
    p.add_argument("--states", type=int, default=600, help="states per burst (section 3)")
    p.add_argument("--games", type=int, default=100, help="peer games per burst (section 4)")
    p.add_argument("--quick", action="store_true", help="a smoke run: few, small bursts")
    p.add_argument("--wall", action="store_true", help="time bursts in wall time, not CPU time")
    p.add_argument(
        "--compiled",
        metavar="PYTHON",
        help="the python of an environment with a compiled bergen: sections 1 and 2 then "
        "measure both builds, interleaved",
    )
    args = p.parse_args(argv)
    if args.wall:
        global CLOCK
        CLOCK = time.perf_counter
    if args.quick:
        args.bursts, args.matches, args.rounds, args.states, args.games = 3, 5, 30, 60, 10
    started = time.perf_counter()
    print(f"machine: {machine()}")
    given = " ".join(argv if argv is not None else sys.argv[1:])
    print(f"command: python benchmarks/bench.py {given}".rstrip())
    clock = "wall" if args.wall else "CPU"
    print(
        f"bursts: {args.bursts} interleaved rounds, timed in {clock} time; figures are medians "
        "over bursts, ratios are medians of per-burst ratios to the interpreted bare loop"
    )
    workers = start_workers(args)
    try:
        return run(args, workers, started)
    finally:
        for w in workers:
            w.close()


def run(args: argparse.Namespace, workers: list[Worker], started: float) -> int:
    verdicts: list[tuple[str, float, float]] = []
    peer_verdicts: list[tuple[str, float]] = []
    shape_ratios: dict[int, float] = {}
    gains: list[tuple[str, int, float]] = []

    # 1. whole matches
    print("\n1. random playouts of classic matches (same seeds, cross-checked)")
    table_header("matches/s")
    entries = section_entries(workers, list(MATCH_NAMES))
    for seats in (2, 3, 4):
        extra = range(1000 * seats, 1000 * seats + 25)
        cross_check(entries, "matches", seats, extra, "match")
        seeds = range(seats * 100_000, seats * 100_000 + args.matches)
        cross_check(entries, "matches", seats, seeds, "match")
        samples = interleave_workers(entries, "matches", seats, seeds, args.bursts)
        res = worker_medians(samples, args.matches)
        print_table(entries, seats, res)
        for e in entries:
            ratio = res[e.key][3]
            if e.name.startswith("public API"):
                goal = GOALS[(e.name.removeprefix("public API, "), e.build)]
                verdicts.append((f"{e.name} ({e.build}), {seats} seats", ratio, goal))
            if e.name.startswith("API shape"):
                shape_ratios[seats] = ratio
        gains += [(name, seats, g) for name, g in speedups(samples).items()]

    # 2. single rounds
    print("\n2. random playouts of single classic rounds from their first position")
    table_header("rounds/s")
    entries = section_entries(workers, ROUND_CANDIDATES)
    for seats in (2, 3, 4):
        seeds = range(seats * 7_000, seats * 7_000 + args.rounds)
        cross_check(entries, "rounds", seats, seeds, "round")
        samples = interleave_workers(entries, "rounds", seats, seeds, args.bursts)
        res = worker_medians(samples, args.rounds)
        print_table(entries, seats, res)
        for e in entries:
            if e.name == "rollout()":
                ratio = res[e.key][3]
                goal = GOALS[("rollout()", e.build)]
                verdicts.append((f"rollout() ({e.build}), {seats} seats", ratio, goal))
        gains += [(f"{name}, single rounds", seats, g) for name, g in speedups(samples).items()]
    if gains:
        print("\n   compiled over interpreted, same bursts (median per-burst ratio of rates):")
        for name, seats, g in gains:
            print(f"   {seats:<6}{name:<48}{g:6.2f}x")

    # 3. operations
    print("\n3. operations on mid-round states (2-4 seats, classic; interpreted build)")
    states = mid_round_states(args.states)
    ops = op_works(states)
    samples_ops = interleave(
        {k: v[0] for k, v in ops.items()}, args.bursts, before={k: v[1] for k, v in ops.items()}
    )
    for name, (rate, _, _) in medians(samples_ops, None).items():
        print(f"   {name:<34}{fmt_rate(rate)} /s")
    if "view" not in ops:
        print("   view, sample_world: skipped (bergen.view has not landed)")
    elif not any(k.startswith("sample_world") for k in ops):
        print("   sample_world: skipped (not found in bergen.view)")

    # 4. peers
    print("\n4. peers: random playouts, moves/s (other games: only the rates compare)")
    print("   (interpreted build, in this process; tiles placed also in the compiled worker)")
    peer_works: dict[str, Work] = {
        "bergen bare loop, 4 seats": actions_of(match_burst(bare_match, 4, range(args.games // 4)))
    }
    peer_works["bergen public API, 4 seats"] = actions_of(
        match_burst(api_round_match, 4, range(args.games // 4))
    )
    dw = dominoes_work(args.games, 1)
    if dw is not None:
        peer_works["dominoes (PyPI)"] = dw
    ow = openspiel_work(args.games, 1)
    if ow is not None:
        peer_works["OpenSpiel python_block_dominoes"] = ow
    res4 = medians(interleave(peer_works, args.bursts), "bergen bare loop, 4 seats")
    for name, (rate, _, peer_ratio) in res4.items():
        print(f"   {name:<34}{fmt_rate(rate)} moves/s   ratio to bare loop {peer_ratio:6.2f}")
    if dw is None:
        print("   dominoes: not installed (pip install -e '.[bench]')")
    if ow is None:
        print("   OpenSpiel: not installed (pip install open_spiel)")
    dp = dominoes_work(args.games, 1, placements=True)
    if dp is not None:
        # The peer target: tiles laid per second, bergen's public API over dominoes.
        print("   tiles placed per second, 4 seats (bergen: leads and plays; dominoes: its board)")
        placed_works: dict[str, Work] = {
            "dominoes (PyPI)": dp,
            "bergen public API, RoundState": placements_of(
                match_burst(api_round_match, 4, range(args.games // 4))
            ),
            "bergen public API, MatchState": placements_of(
                match_burst(api_match, 4, range(args.games // 4))
            ),
            "bergen bare loop": placements_of(match_burst(bare_match, 4, range(args.games // 4))),
        }
        for w in workers:
            if w.build == "compiled":  # the same matches in the compiled worker, timed there
                placed_works["bergen public API, RoundState (compiled)"] = worker_placements(
                    w, "public API, RoundState", args.games // 4
                )
                placed_works["bergen public API, MatchState (compiled)"] = worker_placements(
                    w, "public API, MatchState", args.games // 4
                )
        res4b = medians(interleave(placed_works, args.bursts), "dominoes (PyPI)")
        for name, (rate, _, over) in res4b.items():
            print(f"   {name:<42}{fmt_rate(rate)} tiles/s   ratio to dominoes {over:6.2f}")
            if name == "bergen public API, RoundState" and over is not None:
                peer_verdicts.append(("public API per tile placed over dominoes, 4 seats", over))

    # 5. the states themselves
    states_section(args.bursts, args.quick)

    # targets
    print("\ntargets, ratios to the interpreted bare loop measured above in this run:")
    ok = True
    for name, ratio, goal in verdicts:
        met = ratio >= goal
        ok &= met
        print(f"   {'met ' if met else 'MISS'}  {name:<56} {ratio:5.2f} (>= {goal})")
    for name, ratio in peer_verdicts:
        met = ratio >= PEER_GOAL
        ok &= met
        print(f"   {'met ' if met else 'MISS'}  {name:<56} {ratio:5.2f} (>= {PEER_GOAL})")
    if shape_ratios:
        print("for reference, the ceiling of any API of this shape (benchmarks/shape.py):")
        for seats, ratio in shape_ratios.items():
            print(f"         {'API shape / bare loop, ' + str(seats) + ' seats':<56} {ratio:5.2f}")
    print(f"\ntotal time {time.perf_counter() - started:.0f} s")
    return 0 if ok else 1


# The targets (docs/performance.md, "Fast states"), as ratios to the interpreted bare loop, by
# candidate and build.
GOALS = {
    ("rollout()", "compiled"): 2.5,
    ("RoundState", "compiled"): 1.0,
    ("MatchState", "compiled"): 0.8,
    ("rollout()", "interpreted"): 0.75,
    ("RoundState", "interpreted"): 0.40,
    ("MatchState", "interpreted"): 0.30,
}


def actions_of(burst: Callable[[], tuple[int, int]]) -> Work:
    """A burst of ``candidates`` as a :data:`Work`: its number of actions."""
    return lambda: burst()[0]


def placements_of(burst: Callable[[], tuple[int, int]]) -> Work:
    """A burst of ``candidates`` as a :data:`Work`: its number of tiles placed."""
    return lambda: burst()[1]


def worker_placements(worker: Worker, candidate: str, matches: int) -> Callable[[], Any]:
    """A burst of 4-seat matches ``0..matches-1`` of ``candidate`` run by ``worker``: its
    ``(seconds, tiles placed)``, timed in the worker's process (``interleave`` takes a tuple
    as the burst's own time).
    """

    def run() -> tuple[float, int]:
        res = worker.ask(op="run", kind="matches", candidate=candidate, seats=4, seeds=[0, matches])
        return res["seconds"], res["placements"]

    return run


# The peer target: bergen's public API ahead of dominoes per tile placed, interpreted.
PEER_GOAL = 2.0


MATCH_NAMES = (BARE, "API shape (shape.py)", "public API, RoundState", "public API, MatchState")

if __name__ == "__main__":
    raise SystemExit(main())
