"""Perfect-information solver times by tiles left: ``bergen.solver.solve`` on known rounds.

Run from the repository root::

    python benchmarks/solver.py                 # about two minutes interpreted
    python benchmarks/solver.py --quick         # seconds
    /path/to/compiled/venv/bin/python benchmarks/solver.py   # the compiled build

Positions: for each table (2, 3 and 4 seats, and 4 seats in partnerships, ``classic``) and
each size, ``--positions`` rounds dealt by ``MatchState.new(seats, rules, seed=i)`` and played
with random legal moves (``random.Random(i)``) until at most that many tiles are left in the
hands and to draw (the state from which the solve starts); ``lead`` is the round's first
position, before the lead. Rounds that end before they get that small are skipped. Each
position is solved once with ``max_nodes=None``, timed in CPU time (``time.process_time``);
the table gives the median, 90th percentile and largest time in milliseconds, and the median
and largest number of positions searched.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import bergen
from bergen import CLASSIC, MatchState, RoundState
from bergen.solver import solve

TABLES = [
    ("2 seats", 2, CLASSIC),
    ("3 seats", 3, CLASSIC),
    ("4 seats", 4, CLASSIC),
    ("4 seats, partnerships", 4, CLASSIC.replace(partnerships=True)),
]


def position(seats: int, rules: object, seed: int, left: int | None) -> RoundState | None:
    """The first state of a random round with at most ``left`` tiles in hands and to draw
    (``None``: the round's first position), or ``None`` when the round ends before.
    """
    state = MatchState.new(seats, rules, seed=seed).round  # type: ignore[arg-type]
    assert state is not None
    if left is None:
        return state
    rng = random.Random(seed)
    while state.outcome is None:
        if sum(len(h) for h in state.hands) + state.drawable <= left:
            return state
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=20, help="positions per table and size")
    p.add_argument("--quick", action="store_true", help="a smoke run: few, small positions")
    p.add_argument(
        "--sizes", default="8,12,16,20,lead", help="tiles left (comma-separated; 'lead')"
    )
    p.add_argument("--tables", default="2,3,4,4p", help="tables: 2, 3, 4, 4p (partnerships)")
    args = p.parse_args()
    sizes: list[int | None] = [None if s == "lead" else int(s) for s in args.sizes.split(",") if s]
    if args.quick:
        args.positions = 3
        sizes = [8, 12]
    wanted = args.tables.split(",")
    build = "compiled" if bergen.COMPILED else "interpreted"
    print(
        f"bergen {bergen.__version__} ({build}), Python {sys.version.split()[0]}; "
        f"{args.positions} positions per row, CPU time"
    )
    print()
    print(
        "| table | tiles left | positions | median ms | 90% ms | max ms "
        "| median nodes | max nodes |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    keys = {"2 seats": "2", "3 seats": "3", "4 seats": "4", "4 seats, partnerships": "4p"}
    for name, seats, rules in TABLES:
        if keys[name] not in wanted:
            continue
        for left in sizes:
            times: list[float] = []
            nodes: list[int] = []
            seed = 0
            while len(times) < args.positions and seed < 50 * args.positions:
                state = position(seats, rules, seed, left)
                seed += 1
                if state is None:
                    continue
                start = time.process_time()
                solution = solve(state, max_nodes=None)
                times.append(time.process_time() - start)
                nodes.append(solution.nodes)
            times.sort()
            p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
            print(
                f"| {name} | {'lead' if left is None else left} | {len(times)} "
                f"| {1000 * statistics.median(times):,.1f} | {1000 * p90:,.1f} "
                f"| {1000 * times[-1]:,.1f} "
                f"| {statistics.median(nodes):,.0f} | {max(nodes):,} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
