"""The strength ladder of the built-in bots: duplicate arenas at 2, 3 and 4 seats and in
partnerships, printed as markdown tables.

Run from the repository root::

    python benchmarks/ladder.py                       # the docs' run (see docs/ladder.md)
    python benchmarks/ladder.py --games 20 --multi-games 0 --workers 2   # a few minutes

Every bot has a stated budget per decision (``--bots`` takes any specs; the default list is
below). At 2 seats every pair of bots plays ``--games`` duplicate games (each deal twice, the
seats swapped; ``--cheap-games`` between bots that do not search). At 3 and 4 seats and in
partnerships all the bots play one arena of ``--multi-games`` games (raised so that every
lineup plays once: :func:`bergen.arena.games_for_all_lineups`). The tables give each bot's
win rate with its 95% Wilson interval and its points per round. Seconds per move are
measured apart, on the same ``--decisions`` positions for every bot (decisions with two legal
moves or more, from seeded matches at 2, 3 and 4 seats), as the median wall-clock time of
``choose``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from bergen import CLASSIC, MatchState, RoundState
from bergen.arena import ArenaResult, games_for_all_lineups, run_arena
from bergen.bots import BUILTIN_BOTS, load_bot

DEFAULT_BOTS = [
    "random",
    "greedy",
    "strategy",
    "search",  # today's search: 400 playouts per decision
    "ismcts[seconds=0.05]",
    "pimc[seconds=0.05]",
]

CHEAP = {"random", "greedy", "strategy"}
"""The bots that do not search: their pairs play ``--cheap-games``."""


def decisions(n: int, seed: int = 0) -> list[RoundState]:
    """``n`` decisions (two legal moves or more), at 2, 3 and 4 seats in turn."""
    out: list[RoundState] = []
    rng = random.Random(seed)
    game = 0
    while len(out) < n:
        players = 2 + len(out) % 3
        rnd = MatchState.new(players, seed=seed * 1000 + game).round
        game += 1
        assert rnd is not None
        steps = rng.randrange(1, 10)
        while rnd.outcome is None and steps:
            rnd, _ = rnd.apply(rng.choice(rnd.legal_moves()))
            if rnd.outcome is None and len(rnd.legal_moves()) > 1:
                steps -= 1
        if rnd.outcome is None and len(rnd.legal_moves()) > 1:
            out.append(rnd)
    return out


def seconds_per_move(spec: str, states: list[RoundState]) -> float:
    """The median seconds of ``choose`` of ``spec`` over ``states``."""
    bot = load_bot(spec, 1)
    times: list[float] = []
    for st in states:
        view, legal = st.view(st.to_move), st.legal_moves()
        t0 = time.perf_counter()
        bot.choose(view, legal)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _arena(
    specs: list[str], games: int, players: int, partnerships: bool, seed: int, ex: Executor | None
) -> ArenaResult:
    rules = CLASSIC.replace(partnerships=True) if partnerships else CLASSIC
    return run_arena(specs, games, players, seed, rules, executor=ex, move_time=None)


def main() -> None:
    """Run the ladder and print the tables."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bots", nargs="+", default=DEFAULT_BOTS, help="bot specs")
    p.add_argument("--games", type=int, default=100, help="games per pair at 2 seats")
    p.add_argument(
        "--cheap-games",
        type=int,
        default=1000,
        help="games per pair at 2 seats between bots that do not search (random, greedy, "
        "strategy: milliseconds a game)",
    )
    p.add_argument(
        "--multi-games", type=int, default=60, help="games per multi-seat arena (0: none)"
    )
    p.add_argument("--decisions", type=int, default=30, help="positions timed per bot")
    p.add_argument("--workers", type=int, default=1, help="processes (1: this one)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    bots = [b for b in args.bots if b.partition("[")[0] in BUILTIN_BOTS or ":" in b]
    for b in args.bots:
        if b not in bots:
            print(f"note: {b} is not a built-in bot here; left out", file=sys.stderr)
    ex: Executor | None = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    t_start = time.perf_counter()
    states = decisions(args.decisions)
    spm = {b: seconds_per_move(b, states) for b in bots}
    print(f"Command: python benchmarks/ladder.py {' '.join(sys.argv[1:])}".rstrip())
    print()
    print("Seconds per move: the median over the same", len(states), "decisions (2-4 seats).")
    print()
    print("| bot | s/move |")
    print("|---|---:|")
    for b in bots:
        print(f"| `{b}` | {spm[b]:.4f} |")
    print()
    print(
        f"## 2 seats: every pair, {args.games} duplicate games each "
        f"({args.cheap_games} between {', '.join(sorted(CHEAP))}; classic rules)"
    )
    print()
    print("| bot | opponent | games | win rate | 95% CI | points/round | opp. points/round |")
    print("|---|---|---:|---:|---|---:|---:|")
    for a, b in itertools.combinations(bots, 2):
        cheap = a.partition("[")[0] in CHEAP and b.partition("[")[0] in CHEAP
        res = _arena([a, b], args.cheap_games if cheap else args.games, 2, False, args.seed, ex)
        sa, sb = res.stats()
        for x, y in ((sa, sb), (sb, sa)):
            lo, hi = x.interval
            print(
                f"| `{x.bot}` | `{y.bot}` | {x.games} | {x.win_rate:.3f} | [{lo:.3f}, {hi:.3f}] "
                f"| {x.points_per_round:.2f} | {y.points_per_round:.2f} |"
            )
        sys.stdout.flush()
    if args.multi_games > 0:
        for players, partners, title in (
            (3, False, "3 seats"),
            (4, False, "4 seats"),
            (4, True, "4 seats, partnerships"),
        ):
            n = max(
                args.multi_games, games_for_all_lineups(len(bots), players, partnerships=partners)
            )
            res = _arena(bots, n, players, partners, args.seed, ex)
            print()
            print(f"## {title}: all the bots, {len(res.games)} duplicate games")
            print()
            print("| bot | games | win rate | 95% CI | points/round |")
            print("|---|---:|---:|---|---:|")
            for s in res.stats():
                lo, hi = s.interval
                print(
                    f"| `{s.bot}` | {s.games} | {s.win_rate:.3f} | [{lo:.3f}, {hi:.3f}] "
                    f"| {s.points_per_round:.2f} |"
                )
            sys.stdout.flush()
    print()
    print(f"Wall time: {time.perf_counter() - t_start:.0f} s, {args.workers} worker(s).")
    if ex is not None:
        ex.shutdown()


if __name__ == "__main__":
    main()
