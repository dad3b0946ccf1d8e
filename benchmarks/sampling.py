"""Hidden-world sampling speed: samples per second from a fresh view and from a prepared sampler.

Run from the repository root::

    python benchmarks/sampling.py                       # the interpreted build, about a minute
    python benchmarks/sampling.py --quick               # a smoke run of seconds
    python benchmarks/sampling.py --compiled /path/to/venv/bin/python   # both builds

With ``--before SRC`` a third process runs the interpreted sources in ``SRC`` (for example
``git archive`` of an older commit, its ``src/``), for a before/after in the same run.

The views are those of the seat to move in mid-round ``classic`` states (the same states for
every candidate and build: random legal moves from ``MatchState.new(seats, CLASSIC, seed=i)``,
between 1 and 24 of them, the state before the round's end if it ended). Candidates:

- *fresh view*: ``sample_world(view, rng, history=False)``: a new sampler per call, as a search
  bot that sees each view once does;
- *fresh view, history*: ``sample_world(view, rng)``: the whole round, its history replayed;
- *prepared*: ``sampler.sample(rng, history=False)`` on a ``sampler_for(view)`` made before;
- *prepared, masks*: ``sampler.sample_masks(rng)``: the kernel's hand masks and boneyard,
  no ``RoundState``.

Each burst runs every view once per candidate (prepared: ``--per`` samples per view); it is
timed in CPU time (``time.process_time``) and the figure is the median over ``--bursts``
bursts. With ``--compiled PYTHON`` the same bursts run in a second process under that
interpreter (which must import the compiled build: ``bergen.COMPILED``), interleaved with
this one's, and the table shows both builds side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import bergen
from bergen import CLASSIC, MatchState
from bergen.view import PlayerView, sample_world, sampler_for

CANDIDATES = ["fresh view", "fresh view, history", "prepared", "prepared, masks"]


def views(seats: int, n: int) -> list[PlayerView]:
    """The views of the seat to move in ``n`` mid-round states (see the module docstring)."""
    out: list[PlayerView] = []
    rng = random.Random(seats)
    for i in range(n):
        state = MatchState.new(seats, CLASSIC, seed=i).round
        assert state is not None
        prev = state
        for _ in range(rng.randrange(1, 25)):
            if state.outcome is not None:
                break
            prev = state
            state, _ = state.apply(rng.choice(state.legal_moves()))
        if state.outcome is not None:
            state = prev
        out.append(state.view(state.to_move))
    return out


def burst(candidate: str, vs: list[PlayerView], per: int, seed: int) -> float:
    """Samples per second (CPU time) of one burst of ``candidate`` over ``vs``."""
    rng = random.Random(seed)
    run: Callable[[], None]
    if candidate == "fresh view":

        def run() -> None:
            for v in vs:
                sample_world(v, rng, history=False)

        count = len(vs)
    elif candidate == "fresh view, history":

        def run() -> None:
            for v in vs:
                sample_world(v, rng)

        count = len(vs)
    else:
        samplers = [sampler_for(v) for v in vs]
        masks = candidate == "prepared, masks"
        if masks and not hasattr(samplers[0], "sample_masks"):  # a build before it
            return float("nan")

        def run() -> None:
            for s in samplers:
                for _ in range(per):
                    if masks:
                        s.sample_masks(rng)
                    else:
                        s.sample(rng, history=False)

        count = len(vs) * per
    start = time.process_time()
    run()
    return count / (time.process_time() - start)


def worker() -> None:
    """Serve bursts: read ``[candidate, seats, n, per, seed]`` lines, print the rate."""
    cache: dict[tuple[int, int], list[PlayerView]] = {}
    print(json.dumps({"compiled": bergen.COMPILED}), flush=True)
    for line in sys.stdin:
        candidate, seats, n, per, seed = json.loads(line)
        vs = cache.get((seats, n))
        if vs is None:
            vs = cache[(seats, n)] = views(seats, n)
        print(json.dumps(burst(candidate, vs, per, seed)), flush=True)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bursts", type=int, default=7, help="bursts per figure")
    p.add_argument("--views", type=int, default=200, help="views per burst and table size")
    p.add_argument("--per", type=int, default=10, help="samples per prepared sampler")
    p.add_argument("--quick", action="store_true", help="a smoke run: few, small bursts")
    p.add_argument("--compiled", metavar="PYTHON", help="also run the compiled build there")
    p.add_argument(
        "--before",
        metavar="SRC",
        help="also run the interpreted sources in SRC (a checkout's src/), for a before/after",
    )
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker()
        return 0
    if args.quick:
        args.bursts, args.views, args.per = 2, 30, 3
    builds = [("interpreted", sys.executable)]
    if args.compiled:
        builds.append(("compiled", args.compiled))
    if args.before:
        builds.append(("before", sys.executable))
    procs = []
    for name, python in builds:
        env = dict(os.environ)
        if name == "before":
            env["PYTHONPATH"] = str(Path(args.before).resolve())
        proc = subprocess.Popen(
            [python, str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdout is not None and proc.stdin is not None
        hello = json.loads(proc.stdout.readline())
        if hello["compiled"] != (name == "compiled"):
            print(
                f"{python} runs the {'compiled' if hello['compiled'] else 'interpreted'} "
                f"build, not the {name} one",
                file=sys.stderr,
            )
            return 2
        procs.append(proc)
    print(
        f"bergen {bergen.__version__}, Python {sys.version.split()[0]}; "
        f"{args.views} views per table size, {args.bursts} bursts, CPU time, median"
    )
    print()
    header = "| seats | candidate | " + " | ".join(f"{b} samples/s" for b, _ in builds) + " |"
    print(header)
    print("|---|---|" + "---:|" * len(builds))
    for seats in (2, 3, 4):
        rates: dict[tuple[str, int], list[float]] = {}
        for b in range(args.bursts):
            for candidate in CANDIDATES:
                for k, proc in enumerate(procs):
                    assert proc.stdin is not None and proc.stdout is not None
                    proc.stdin.write(json.dumps([candidate, seats, args.views, args.per, b]) + "\n")
                    proc.stdin.flush()
                    rates.setdefault((candidate, k), []).append(json.loads(proc.stdout.readline()))
        for candidate in CANDIDATES:
            medians = [statistics.median(rates[(candidate, k)]) for k in range(len(procs))]
            figures = ["n/a" if m != m else f"{m:,.0f}" for m in medians]  # nan: not in that build
            print(f"| {seats} | {candidate} | " + " | ".join(figures) + " |")
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
