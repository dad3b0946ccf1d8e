"""How closely the search bots keep to their time budget (``seconds=``, per decision).

Run from the repository root::

    python benchmarks/budget.py                     # search and ismcts, 0.01/0.05/0.1 s
    python benchmarks/budget.py --decisions 20 --bots 'search' 'pimc'

For each bot and budget, the bot decides in the same positions (decisions with two legal moves
or more, from seeded matches of random play at 2, 3 and 4 seats) and the wall-clock time of
each ``choose`` is measured with ``time.perf_counter``. The figures are the overshoot past the
budget: median, 95th percentile and maximum, in milliseconds (negative: it answered early).
The machine's other load shows in the maximum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bergen import MatchState, RoundState
from bergen.bots import load_bot


def positions(n: int, seed: int = 0) -> list[RoundState]:
    """``n`` decisions (two legal moves or more) at 2, 3 and 4 seats, in turn."""
    out: list[RoundState] = []
    rng = random.Random(seed)
    game = 0
    while len(out) < n:
        players = 2 + len(out) % 3
        match = MatchState.new(players, seed=seed * 1000 + game)
        game += 1
        rnd = match.round
        assert rnd is not None
        steps = rng.randrange(1, 12)
        while rnd.outcome is None and steps:
            rnd, _ = rnd.apply(rng.choice(rnd.legal_moves()))
            if len(rnd.legal_moves()) > 1:
                steps -= 1
        if rnd.outcome is None and len(rnd.legal_moves()) > 1:
            out.append(rnd)
    return out


def main() -> None:
    """Print the overshoot table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--decisions", type=int, default=30)
    p.add_argument("--bots", nargs="+", default=["search", "ismcts"])
    p.add_argument("--seconds", nargs="+", type=float, default=[0.01, 0.05, 0.1])
    args = p.parse_args()
    states = positions(args.decisions)
    print(f"{len(states)} decisions at 2, 3 and 4 seats; overshoot past the budget, in ms")
    print()
    print("| bot | budget (s) | median | 95th pct | max |")
    print("|---|---:|---:|---:|---:|")
    for name in args.bots:
        for secs in args.seconds:
            bot = load_bot(f"{name}[seconds={secs}]", 1)
            over: list[float] = []
            for st in states:
                view = st.view(st.to_move)
                legal = st.legal_moves()
                t0 = time.perf_counter()
                bot.choose(view, legal)
                over.append((time.perf_counter() - t0 - secs) * 1000)
            over.sort()
            p95 = over[min(len(over) - 1, int(0.95 * len(over)))]
            print(
                f"| {name} | {secs:g} | {statistics.median(over):+.1f} | {p95:+.1f} "
                f"| {over[-1]:+.1f} |"
            )


if __name__ == "__main__":
    main()
