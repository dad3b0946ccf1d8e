"""Arena speed: plain playouts, the in-process arena and the isolated arena (each bot a protocol
process), the same bots and seed, in one run.

Run from the repository root: ``python benchmarks/arena.py [--games N] [--isolated-games M]
[--pairing-games G] [--pairing-only]``.
Every figure is games (matches to the target, two seats, ``classic``) per second of wall
clock in one process (``workers=1``), the best of ``--repeat`` runs:

- ``plain``: the matches of the arena played by a bare loop over the public API
  (``legal_moves``, a uniformly random choice, ``apply``), no bot and no view;
- ``in-process``: ``run_arena(..., in_process=True)``, which gives the bot to move the seat's
  ``PlayerView`` (``RoundState.view``) at every decision;
- ``isolated``: ``run_arena(...)`` (the default), each bot a ``bergen bot serve`` process;
  its figure includes starting the processes (a few per arena, reused across deals).

First, issue 28's figures: the CPU a ``bergen bot serve greedy`` process takes from its start
to its ``hello`` reply, and ``greedy`` against ``random`` over ``--pairing-games`` games (200)
at one worker, in-process, isolated with each bot process started afresh, isolated with each
a fork of a warm fork server (the default), and so with four games in flight, in turn in the
same run, wall clock and CPU
time (the arena's and its bot processes'), with their ratios; and the CPU a fork of a warm
``greedy`` server takes to its ``hello``.

Besides, the time ``RoundState.view`` takes, averaged over the decisions of a few matches (the
part of ``in-process`` that ``plain`` does not pay).
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

import bergen
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


def cpu_of(run: Callable[[], object]) -> tuple[float, float, float]:
    """Wall-clock seconds and CPU seconds of one run: this process's, and its children's (the
    bot processes, once reaped)."""
    before = os.times()
    t0 = time.perf_counter()
    run()
    wall = time.perf_counter() - t0
    after = os.times()
    own = after[0] - before[0] + after[1] - before[1]  # user, system
    children = after[2] - before[2] + after[3] - before[3]
    return wall, own, children


MODES = ("in-process", "isolated, started", "isolated, forked", "forked, 4 in flight")
"""The modes of the pairing: in-process, and isolated (protocol version 2) with each bot
process a new Python (``fork_server=False``), a fork of a warm fork server per bot (the
default), and forks with four games in flight (``in_flight=4``)."""


def run_mode(mode: str, games: int, seed: int) -> None:
    """One arena of ``greedy`` against ``random`` in ``mode`` (see :data:`MODES`)."""
    run_arena(
        ["greedy", "random"],
        games,
        2,
        seed,
        in_process=mode == "in-process",
        fork_server=mode != "isolated, started",
        in_flight=4 if mode == "forked, 4 in flight" else 1,
    )


def pairing(games: int, seed: int, repeat: int) -> list[tuple[str, float, float, float]]:
    """The figures of issue 28: ``greedy`` against ``random`` over ``games`` games at one
    worker, in each of :data:`MODES` one after the other, ``repeat`` times; per mode the best
    wall clock, and the arena's and its bot processes' CPU time of the run with the least CPU
    time in all."""
    runs: dict[str, list[tuple[float, float, float]]] = {mode: [] for mode in MODES}
    for _ in range(repeat):
        for mode in MODES:
            runs[mode].append(
                cpu_of(lambda mode=mode: run_mode(mode, games, seed))  # type: ignore[misc]
            )
    out = []
    for mode, r in runs.items():
        _, own, children = min(r, key=lambda x: x[1] + x[2])
        out.append((mode, min(w for w, _, _ in r), own, children))
    return out


def decisions(games: int, seed: int) -> int:
    """How many decisions the bots of the pairing are asked (moves with a choice)."""
    from bergen.arena import _play

    count = 0
    decide = _play._Seats.decide

    def counted(self: _play._Seats, *args: object) -> object:
        nonlocal count
        count += 1
        return decide(self, *args)  # type: ignore[arg-type]

    _play._Seats.decide = counted  # type: ignore[assignment, method-assign]
    try:
        run_arena(["greedy", "random"], games, 2, seed, in_process=True)
    finally:
        _play._Seats.decide = decide  # type: ignore[method-assign]
    return count


def messages(seed: int, repeat: int) -> list[tuple[str, float, float, float]]:
    """Per decision message of ``greedy`` against ``random`` (20 games' decisions), in protocol
    versions 1 and 2: its bytes, the caller's CPU to write it (building and encoding) and the
    bot's to read it into a view (parsing, and in version 2 laying it on the last view), in
    microseconds, the best of ``repeat``; one process, nothing else between the calls.

    Version 2 sends a seat's first decision of a round whole (as version 1) and the others as
    a ``next``; its figures are the average over all decisions.
    """
    from bergen.bots import GreedyBot, RandomBot
    from bergen.protocol import (
        Decide,
        advance_view,
        decide_request,
        encode,
        next_request,
        parse_request,
    )

    bots: list[GreedyBot | RandomBot] = [GreedyBot(seed=1), RandomBot(seed=2)]
    decisions = []
    for task in schedule(["a", "b"], 20, 2, seed):
        match = MatchState.new(2, CLASSIC, seed=task.deal_seed)
        last: dict[int, object] = {}
        while not match.is_over:
            rnd = match.round
            assert rnd is not None
            legal = rnd.legal_moves()
            if len(legal) > 1:
                view = rnd.view(rnd.to_move)
                decisions.append((last.get(rnd.to_move), view, legal))
                last[rnd.to_move] = view
                move = bots[rnd.to_move].choose(view, legal)
            else:
                move = legal[0]
            match, _ = match.apply(move)

    def write_v1(previous: object, view: object, legal: object) -> bytes:
        return encode(decide_request(view, legal, 1.0))  # type: ignore[arg-type]

    def write_v2(previous: object, view: object, legal: object) -> bytes:
        message = next_request(previous, view, legal, 1.0)  # type: ignore[arg-type]
        return encode(message or decide_request(view, legal, 1.0))  # type: ignore[arg-type]

    def read(previous: object, line: bytes) -> object:
        request = parse_request(line)
        if isinstance(request, Decide):
            return request.view
        return advance_view(previous, request)  # type: ignore[arg-type]

    out = []
    for name, write in (("version 1", write_v1), ("version 2", write_v2)):
        lines = [write(*d) for d in decisions]
        times_w, times_r = [], []
        for _ in range(repeat):
            t0 = time.process_time()
            for d in decisions:
                write(*d)
            times_w.append(time.process_time() - t0)
            t0 = time.process_time()
            for (previous, _, _), line in zip(decisions, lines, strict=True):
                read(previous, line)
            times_r.append(time.process_time() - t0)
        n = len(decisions)
        size = sum(map(len, lines)) / n
        out.append((name, size, min(times_w) / n * 1e6, min(times_r) / n * 1e6))
    return out


def handshake_cpu(spec: str, repeat: int) -> float:
    """CPU milliseconds of a ``bergen bot serve SPEC`` process from its start to its ``hello``
    reply (it is sent ``quit`` at once and reaped), the best of ``repeat``."""
    best_ms = float("inf")
    for _ in range(repeat):
        proc = subprocess.Popen(
            [sys.executable, "-m", "bergen", "bot", "serve", spec],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(b'{"type": "hello", "protocol": 1}\n')
        proc.stdin.flush()
        assert b'"hello"' in proc.stdout.readline()
        proc.stdin.write(b'{"type": "quit"}\n')
        proc.stdin.close()
        _, _, usage = os.wait4(proc.pid, 0)
        proc.stdout.close()
        best_ms = min(best_ms, (usage.ru_utime + usage.ru_stime) * 1000)
    return best_ms


def fork_cpu(spec: str, forks: int, repeat: int) -> tuple[float, float]:
    """CPU milliseconds of a fork server of ``spec`` (the arena's, under the default memory
    limit) from its start to its exit with no fork, and per bot process forked from it, to its
    ``hello`` reply, ``quit`` and reaping (the server's work and the fork's, from the
    difference between a server that forks ``forks`` processes and one that forks none), the
    best of ``repeat``. A server's forks are its children: their CPU reaches this process's
    children's times when the server is reaped."""
    from bergen.arena._processes import launched
    from bergen.protocol import DEFAULT_MEMORY_LIMIT, ProtocolBot, python_bot_command
    from bergen.protocol._forks import ForkServer, fork_server_command
    from bergen.protocol.client import _limited_command

    def server_cpu(n: int) -> float:
        command = _limited_command(
            launched(fork_server_command(spec, os.getpid()), None), DEFAULT_MEMORY_LIMIT
        )
        before = os.times()
        server = ForkServer(command, env=None, stderr=None, start_time=30.0)
        server.ask(b"peek 1")  # started and warm
        for _ in range(n):
            bot = ProtocolBot(python_bot_command(spec))
            bot._fork_server = (server, spec)
            bot.start()
            bot.close()
        server.close()
        after = os.times()
        return (after[2] - before[2] + after[3] - before[3]) * 1000

    alone = min(server_cpu(0) for _ in range(repeat))
    with_forks = min(server_cpu(forks) for _ in range(repeat))
    return alone, (with_forks - alone) / forks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games in-process (default 200)")
    parser.add_argument(
        "--isolated-games", type=int, default=40, help="games isolated (default 40)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pairing-games",
        type=int,
        default=200,
        help="games of greedy against random, in-process and isolated (default 200; 0: skip)",
    )
    parser.add_argument(
        "--pairing-only",
        action="store_true",
        help="print the handshake and the pairing only (issue 28's figures)",
    )
    args = parser.parse_args()
    n, m, r, seed = args.games, args.isolated_games, args.repeat, args.seed
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    # A bot process imports bergen afresh: from cached bytecode, as an installed package has it
    # (pip compiles it), not compiled from source at every start (which PYTHONDONTWRITEBYTECODE
    # in a checkout would give, about 50 ms more per start).
    compileall.compile_dir(os.path.dirname(bergen.__file__), quiet=1)
    print("bergen's bytecode compiled first, as an installed package has it")
    print(
        f"bergen bot serve greedy: {handshake_cpu('greedy', 5):.0f} ms CPU to its hello (best of 5)"
    )
    server, fork = fork_cpu("greedy", 20, 3)
    print(
        f"a fork server of greedy: {server:.0f} ms CPU to start and end; a bot process forked "
        f"from it: {fork:.1f} ms CPU to its hello and exit (20 forks, best of 3)"
    )
    print("per decision message, greedy vs random (one process, hot):")
    for name, size, write_us, read_us in messages(seed, r):
        print(
            f"  {name}: {size:5.0f} bytes, caller writes it in {write_us:5.1f} us, "
            f"bot reads it in {read_us:5.1f} us"
        )
    if args.pairing_games:
        g = args.pairing_games
        pairs = pairing(g, seed, r)
        print(f"greedy vs random, {g} games, workers=1, best of {r}, each mode in turn:")
        for mode, wall, own, children in pairs:
            print(
                f"  {mode:<17} wall {wall:6.2f} s  CPU {own + children:6.2f} s "
                f"(arena {own:.2f}, bot processes {children:.2f})"
            )
        (_, w_in, own_in, children_in), *others = pairs
        for mode, w_iso, own, children in others:
            print(
                f"  {mode}/in-process speed: wall {w_in / w_iso:.2f}, "
                f"CPU {(own_in + children_in) / (own + children):.2f}"
            )
        n = decisions(g, seed)
        print(f"  {n} decisions; CPU per decision beyond the in-process arena's:")
        for mode, _, own, children in others:
            print(
                f"  {mode:<17} arena {(own - own_in) / n * 1e6:4.0f} us, "
                f"bot processes {children / n * 1e6:4.0f} us (their starts included)"
            )

    if args.pairing_only:
        print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return
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
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
