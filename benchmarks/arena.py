"""Arena speed: plain playouts, the in-process arena and the isolated arena (each bot a protocol
process), the same bots and seed, in one run.

Run from the repository root: ``python benchmarks/arena.py [--games N] [--isolated-games M]``.
Every figure is games (matches to the target, two seats, ``classic``) per second of wall
clock in one process (``workers=1``), the best of ``--repeat`` runs:

- ``plain``: the matches of the arena played by a bare loop over the public API
  (``legal_moves``, a uniformly random choice, ``apply``), no bot and no view;
- ``in-process``: ``run_arena(..., in_process=True)``, which gives the bot to move the seat's
  ``PlayerView`` (``RoundState.view``) at every decision;
- ``isolated``: ``run_arena(...)`` (the default), each bot a ``bergen bot serve`` process;
  its figure includes starting the processes (a few per arena, reused across deals).

Besides, the time ``RoundState.view`` takes, averaged over the decisions of a few matches (the
part of ``in-process`` that ``plain`` does not pay).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bergen import CLASSIC, MatchState, RoundState
from bergen.arena import run_arena, schedule


def plain(games: int, seed: int) -> None:
    """The arena's matches (same deal seeds) with random moves, no bots, no views."""
    rng = random.Random(seed)
    for task in schedule(["a", "b"], games, 2, seed):
        match = MatchState.new(2, CLASSIC, seed=task.deal_seed)
        while not match.is_over:
            rnd = match.round
            assert rnd is not None
            legal = rnd.legal_moves()
            match, _ = match.apply(legal[int(rng.random() * len(legal))])


def best(run: Callable[[], object], games: int, repeat: int) -> float:
    """Games per second, the best of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return games / min(times)


def view_time(seed: int, repeat: int) -> float:
    """Microseconds per ``RoundState.view`` of the seat to move, over three random matches."""
    rng = random.Random(seed)
    states: list[RoundState] = []
    for s in range(3):
        match = MatchState.new(2, CLASSIC, seed=seed + s)
        while not match.is_over:
            rnd = match.round
            assert rnd is not None
            states.append(rnd)
            legal = rnd.legal_moves()
            match, _ = match.apply(legal[int(rng.random() * len(legal))])
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(20):
            for state in states:
                state.view(state.to_move)
        times.append(time.perf_counter() - t0)
    return min(times) / (20 * len(states)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games in-process (default 200)")
    parser.add_argument(
        "--isolated-games", type=int, default=40, help="games isolated (default 40)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n, m, r, seed = args.games, args.isolated_games, args.repeat, args.seed

    rows: list[tuple[str, float, float, float]] = []
    base = best(lambda: plain(n, seed), n, r)
    for bot in ("random", "greedy"):

        def arena_of(games: int, in_process: bool, specs: list[str] = [bot, bot]) -> None:  # noqa: B006
            run_arena(specs, games, 2, seed, in_process=in_process)

        local = best(lambda: arena_of(n, True), n, r)
        isolated = best(lambda: arena_of(m, False), m, r)
        rows.append((bot, base, local, isolated))

    print(f"games/s, 2 seats, classic, workers=1, best of {r} ({n} games; isolated {m})")
    head = ("bots", "plain", "in-process", "isolated", "in-process/plain")
    print("{:<8} {:>8} {:>11} {:>9} {:>17}".format(*head), "isolated/in-process")
    for bot, b, local, iso in rows:
        print(
            f"{bot:<8} {b:>8.1f} {local:>11.1f} {iso:>9.1f} {local / b:>17.2f} {iso / local:>20.3f}"
        )
    print(f"RoundState.view: {view_time(seed, r):.1f} us per decision")


if __name__ == "__main__":
    main()
