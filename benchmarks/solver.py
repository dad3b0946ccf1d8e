"""Perfect-information solver times: ``bergen.solver.solve`` now against the search before issue 24.

Run from the repository root::

    python benchmarks/solver.py                          # 2 seats, 200 deals from the lead
    python benchmarks/solver.py --deals 20               # a quick look
    python benchmarks/solver.py --seats 3 --deals 40     # 3 seats
    python benchmarks/solver.py --sizes 8,12,16,20       # positions with N tiles left
    /path/to/compiled/venv/bin/python benchmarks/solver.py --no-before   # the compiled build

Positions: for each deal ``i``, the round dealt by ``MatchState.new(seats, CLASSIC, seed=i)``
(``classic``, scores 0), from its first position (``lead``) or, with ``--sizes``, played with
random legal moves (``random.Random(i)``) until at most N tiles are left in the hands and to
draw (rounds that end before are skipped). Each position is solved by the solver of this build
(``bergen.solver.solve``'s kernel, :func:`bergen.kernel.solve.solve`) and by the search as it was
before issue 24 (``benchmarks/_solver_before.py``, a copy kept for this comparison only, run
interpreted), one after the other on the same position, the order alternating between deals;
both give every legal move's value, and the run stops if they disagree. Times are CPU times
(``time.process_time``); each solve has a node limit (``--max-nodes``, default the solver's
2,000,000), and a solve that hits it is counted as failed, with its time so far. The table
gives, per solver, the median, 90th and 99th percentile and largest time in milliseconds, the
largest number of positions and the solves that failed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import bergen
from bergen import CLASSIC, MatchState, RoundState
from bergen.kernel import solve as now
from bergen.solver import DEFAULT_MAX_NODES

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _solver_before as before


def position(seats: int, seed: int, left: int | None) -> RoundState | None:
    """The first state of the round of deal ``seed`` with at most ``left`` tiles in hands and
    to draw (``None``: the round's first position), or ``None`` when the round ends before.
    """
    state = MatchState.new(seats, CLASSIC, seed=seed).round
    assert state is not None
    if left is None:
        return state
    rng = random.Random(seed)
    while state.outcome is None:
        if sum(len(h) for h in state.hands) + state.drawable <= left:
            return state
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return None


def run(module: object, state: RoundState, max_nodes: int) -> tuple[float, int, object]:
    """Solve ``state`` with the kernel search of ``module``: (CPU seconds, positions, values),
    values ``None`` when the node limit stopped it."""
    context = state._context
    start = time.process_time()
    try:
        out = module.solve(  # type: ignore[attr-defined]
            context.table,
            context.boneyard,
            state._position,
            state.to_move,
            state.scores,
            max_nodes,
            0.0,
        )
    except module.NodeLimit as e:  # type: ignore[attr-defined]
        return time.process_time() - start, e.args[0], None
    return time.process_time() - start, out[4], out[1]


def pct(times: list[float], p: float) -> float:
    """The ``p`` quantile of ``times`` (nearest rank), in milliseconds."""
    ordered = sorted(times)
    return 1000 * ordered[min(len(ordered) - 1, max(0, round(p * len(ordered)) - 1))]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seats", type=int, default=2, help="2, 3 or 4 (default 2)")
    p.add_argument("--deals", type=int, default=200, help="deals per row (default 200)")
    p.add_argument("--first", type=int, default=0, help="the first deal's seed (default 0)")
    p.add_argument("--sizes", default="lead", help="tiles left, comma-separated, or 'lead'")
    p.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES, help="node limit per solve")
    p.add_argument("--no-before", action="store_true", help="time this build's solver only")
    p.add_argument("--verbose", action="store_true", help="print each deal's times")
    args = p.parse_args()
    sizes: list[int | None] = [None if s == "lead" else int(s) for s in args.sizes.split(",") if s]
    build = "compiled" if bergen.COMPILED else "interpreted"
    solvers: list[tuple[str, object]] = [("now", now)]
    if not args.no_before:
        solvers.append(("before", before))
    print(
        f"bergen {bergen.__version__} ({build}), Python {sys.version.split()[0]}; {args.seats} "
        f"seats, classic, deals {args.first}..{args.first + args.deals - 1}, CPU time, node "
        f"limit {args.max_nodes:,}; 'before' runs interpreted"
    )
    print()
    print(
        "| solver | tiles left | positions | median ms | 90% ms | 99% ms | max ms "
        "| max nodes | over the limit |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for left in sizes:
        times: dict[str, list[float]] = {name: [] for name, _ in solvers}
        nodes: dict[str, list[int]] = {name: [] for name, _ in solvers}
        failed: dict[str, int] = {name: 0 for name, _ in solvers}
        for seed in range(args.first, args.first + args.deals):
            state = position(args.seats, seed, left)
            if state is None:
                continue
            order = solvers if seed % 2 == 0 else solvers[::-1]
            values: dict[str, object] = {}
            for name, module in order:
                seconds, count, got = run(module, state, args.max_nodes)
                times[name].append(seconds)
                nodes[name].append(count)
                if got is None:
                    failed[name] += 1
                else:
                    values[name] = got
            if len(set(map(repr, values.values()))) > 1:
                print(f"deal {seed}: the solvers disagree: {values}", file=sys.stderr)
                return 1
            if args.verbose:
                cells = "  ".join(
                    f"{name} {1000 * times[name][-1]:,.1f} ms {nodes[name][-1]:,}"
                    for name, _ in solvers
                )
                print(f"deal {seed}: {cells}", file=sys.stderr, flush=True)
        for name, _ in solvers:
            t = times[name]
            print(
                f"| {name} | {'lead' if left is None else left} | {len(t)} "
                f"| {1000 * statistics.median(t):,.1f} | {pct(t, 0.9):,.1f} | {pct(t, 0.99):,.1f} "
                f"| {1000 * max(t):,.1f} | {max(nodes[name]):,} | {failed[name]} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
