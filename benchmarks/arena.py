"""Arena speed: plain playouts, the in-process arena (eager views as before, lazy views now) and
the isolated arena (each bot a protocol process), the same bots and seed, in one run.

Run from the repository root: ``python benchmarks/arena.py [--games N] [--isolated-games M]``.
Every figure is games (matches to the target, two seats, ``classic``) per second of wall
clock in one process (``workers=1``), the best of ``--repeat`` runs:

- ``plain``: the matches of the arena played by a bare loop over the public API
  (``legal_moves``, a uniformly random choice, ``apply``), no bot and no view;
- ``in-process, eager view``: the arena as it was before the lazy views (every decision builds
  the seat's whole ``PlayerView``), emulated by building it in place of the lazy one;
- ``in-process, lazy view``: ``run_arena(..., in_process=True)`` today;
- ``isolated``: ``run_arena(...)`` (the default), each bot a ``bergen bot serve`` process;
  its figure includes starting the processes (a few per arena, reused across deals).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import bergen.arena as arena
from bergen import CLASSIC, MatchState
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

    lazy = arena._LazyView
    rows: list[tuple[str, float, float, float, float]] = []
    base = best(lambda: plain(n, seed), n, r)
    for bot in ("random", "greedy"):

        def arena_of(games: int, in_process: bool, specs: list[str] = [bot, bot]) -> None:  # noqa: B006
            run_arena(specs, games, 2, seed, in_process=in_process)

        arena._LazyView = lambda state, seat: state.view(seat)  # type: ignore[assignment,misc]
        try:
            eager = best(lambda: arena_of(n, True), n, r)
        finally:
            arena._LazyView = lazy  # type: ignore[misc]
        now = best(lambda: arena_of(n, True), n, r)
        isolated = best(lambda: arena_of(m, False), m, r)
        rows.append((bot, base, eager, now, isolated))

    print(f"games/s, 2 seats, classic, workers=1, best of {r} ({n} games; isolated {m})")
    head = ("bots", "plain", "eager view", "lazy view", "isolated", "lazy/eager", "lazy/plain")
    print("{:<8} {:>8} {:>11} {:>10} {:>9} {:>11} {:>11}".format(*head), "isolated/lazy")
    for bot, b, eager, now, iso in rows:
        print(
            f"{bot:<8} {b:>8.1f} {eager:>11.1f} {now:>10.1f} {iso:>9.1f} "
            f"{now / eager:>11.2f} {now / b:>11.2f} {iso / now:>13.3f}"
        )


if __name__ == "__main__":
    main()
