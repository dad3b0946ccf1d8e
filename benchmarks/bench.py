"""bergen's benchmark: the engine beside a bare loop and beside other domino libraries.

Run from the repository root::

    python benchmarks/bench.py            # the default run, under two minutes
    python benchmarks/bench.py --quick    # a smoke run of a few seconds

Every figure is measured in this one process. Candidates that are compared run in short
bursts, interleaved (candidate A, B, C, then A, B, C again, ...), so that drift of the machine
(other processes, frequency changes) hits them alike; each figure is the median over the
bursts, and each ratio is the median of the per-burst ratios against the bare loop measured in
the same round of bursts.

Sections:

1. Random playouts of whole ``classic`` matches at 2, 3 and 4 seats, the same seeds for every
   candidate: the bare loop (``benchmarks/bare.py``), the bare loop's rules behind an API of
   the public API's shape with nothing else (``benchmarks/shape.py``: the ceiling of such an
   API), the public API at the round level (``Deal.from_seed``, ``RoundState.start``,
   ``legal_moves`` and ``apply`` with its events) and at the match level (``MatchState.new`` /
   ``legal_moves`` / ``apply``). All are cross-checked to play the same matches: same final
   scores and same number of moves.
2. Random playouts of single rounds from their first position: the bare loop, the rollout
   function for search bots (:func:`bergen.rollout.rollout`) and the public API, cross-checked
   the same way.
3. Single operations on mid-round states: ``legal_moves`` (first call on a state), ``apply``,
   and, once :mod:`bergen.view` exists, ``view`` and ``sample_world``.
4. Peers: random playouts with the ``dominoes`` package (4 players, 7 tiles each, no
   boneyard) and OpenSpiel's Python block dominoes (2 players), when installed
   (``pip install -e '.[bench]'``). Their games have other rules, so only moves per second
   compare.

Bursts are timed in CPU time of this process (``time.process_time``), which other processes on
the machine disturb less than wall time; ``--wall`` times them in wall time instead.

The players choose the move at index ``int(rng.random() * len(legal))`` of the legal moves, one
``random()`` per move, forced moves included.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bare import bare_deal, bare_match, bare_round
from shape import shape_match

import bergen
from bergen import CLASSIC, Deal, MatchState, RoundState

try:
    from bergen.rollout import rollout
except ImportError:  # pragma: no cover - before the rollout module exists
    rollout = None  # type: ignore[assignment]

Work = Callable[[], int]  # runs one burst, returns the number of moves made
CLOCK = time.process_time  # CPU time of this process: other processes on the machine add less

# ---------------------------------------------------------------------------- candidates


def api_round_match(seats: int, seed: int, chooser: random.Random) -> tuple[list[int], int]:
    """One classic match through the public round API: deals, start, legal_moves, apply."""
    rnd = chooser.random
    table = CLASSIC.for_table(seats)
    hand_size = table.hand_size
    target = table.target
    scores: tuple[int, ...] | None = None
    dealer = 0
    shuffle = 0
    moves = 0
    while True:
        deal = Deal.from_seed(seed, seats, hand_size, shuffle)
        shuffle += 1
        if not deal.has_double:  # classic: redeal, same dealer (rule 2)
            continue
        state = RoundState.start(deal, CLASSIC, dealer=dealer, scores=scores)
        while state.outcome is None:
            legal = state.legal_moves()
            state, _events = state.apply(legal[int(rnd() * len(legal))])
            moves += 1
        scores = state.scores
        if max(scores) >= target:
            return list(scores), moves
        dealer = (dealer + 1) % seats


def api_match(seats: int, seed: int, chooser: random.Random) -> tuple[list[int], int]:
    """One classic match through ``MatchState``: new, legal_moves, apply."""
    rnd = chooser.random
    match = MatchState.new(seats, CLASSIC, seed=seed)
    moves = 0
    while not match.is_over:
        legal = match.legal_moves()
        match, _events = match.apply(legal[int(rnd() * len(legal))])
        moves += 1
    return list(match.scores), moves


MATCH_CANDIDATES: dict[str, Callable[[int, int, random.Random], tuple[list[int], int]]] = {
    "bare loop": bare_match,
    "API shape (shape.py)": shape_match,
    "public API, RoundState": api_round_match,
    "public API, MatchState": api_match,
}


def chooser_for(seed: int) -> random.Random:
    """The players' generator for a seed (apart from the deals' generator)."""
    return random.Random(seed * 7919 + 1)


def cross_check_matches(seats: int, seeds: Sequence[int]) -> None:
    """Fail loudly unless every candidate plays the same matches as the bare loop."""
    for seed in seeds:
        want = bare_match(seats, seed, chooser_for(seed))
        for name, fn in MATCH_CANDIDATES.items():
            got = fn(seats, seed, chooser_for(seed))
            if got != want:
                raise SystemExit(
                    f"cross-check failed: {name} at {seats} seats, seed {seed}: "
                    f"{got} (scores, moves) but the bare loop gives {want}"
                )


def match_work(
    fn: Callable[[int, int, random.Random], tuple[list[int], int]], seats: int, seeds: Sequence[int]
) -> Work:
    def run() -> int:
        chooser = chooser_for(seats)  # one generator per burst, consumed alike by all
        moves = 0
        for seed in seeds:
            moves += fn(seats, seed, chooser)[1]
        return moves

    return run


# Rounds from their first position -------------------------------------------------------


def round_starts(seats: int, seeds: Sequence[int]) -> list[tuple[RoundState, list[int], list[int]]]:
    """First positions of classic rounds, with the same deal as bitmasks and indexes."""
    out = []
    for seed in seeds:
        hands, boneyard = bare_deal(random.Random(seed).random, seats)
        deal = Deal(
            [bergen.tiles.tiles_of_mask(m) for m in hands],
            [bergen.TILES[t] for t in boneyard],
        )
        out.append((RoundState.start(deal, CLASSIC), hands, boneyard))
    return out


def bare_rounds(starts: Sequence[tuple[RoundState, list[int], list[int]]]) -> Work:
    target = starts[0][0].target

    def run() -> int:
        rnd = chooser_for(0).random  # one generator per burst, consumed alike by all
        moves = 0
        for _, hands, boneyard in starts:
            moves += bare_round(list(hands), boneyard, [0] * len(hands), target, rnd)
        return moves

    return run


def rollout_rounds(starts: Sequence[tuple[RoundState, list[int], list[int]]]) -> Work:
    assert rollout is not None

    def run() -> int:
        chooser = chooser_for(0)
        for state, _, _ in starts:
            rollout(state, "random", chooser)
        return 0  # same rounds as the bare loop: its move count is used

    return run


def api_rounds(starts: Sequence[tuple[RoundState, list[int], list[int]]]) -> Work:
    def run() -> int:
        rnd = chooser_for(0).random
        moves = 0
        for state, _, _ in starts:
            while state.outcome is None:
                legal = state.legal_moves()
                state, _events = state.apply(legal[int(rnd() * len(legal))])
                moves += 1
        return moves

    return run


def cross_check_rounds(starts: Sequence[tuple[RoundState, list[int], list[int]]]) -> None:
    for i, (state, hands, boneyard) in enumerate(starts):
        scores = [0] * len(hands)
        n = bare_round(list(hands), boneyard, scores, state.target, chooser_for(i).random)
        rnd = chooser_for(i).random
        s = state
        moves = 0
        while s.outcome is None:
            legal = s.legal_moves()
            s, _ = s.apply(legal[int(rnd() * len(legal))])
            moves += 1
        if (list(s.scores), moves) != (scores, n):
            raise SystemExit(f"cross-check failed: round {i}: API {s.scores} bare {scores}")
        if rollout is not None:
            got = rollout(state, "random", chooser_for(i))
            if list(got) != scores:
                raise SystemExit(f"cross-check failed: round {i}: rollout {got} bare {scores}")


# ---------------------------------------------------------------------------- peers


def dominoes_work(games: int, seed: int) -> Work | None:
    try:
        import dominoes  # type: ignore[import-not-found]
    except ImportError:
        return None

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
    set_legal = object.__setattr__

    def clear_legal() -> None:  # so that legal_moves is timed on its first call on a state
        for s in states:
            set_legal(s, "_legal", None)

    def legal_run() -> int:
        for s in states:
            s.legal_moves()
        return len(states)

    def apply_run() -> int:
        for s, m in zip(states, moves, strict=True):
            s.apply(m)
        return len(states)

    works: dict[str, tuple[Work, Callable[[], None] | None]] = {
        "legal_moves (first call)": (legal_run, clear_legal),
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
                import bergen.view as view_mod  # type: ignore[import-not-found]

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
        return s.view(seat)  # type: ignore[attr-defined]

    sample_fn: Callable[[Any, random.Random], Any] | None = None
    try:
        import bergen.view as view_mod  # type: ignore[import-not-found]
    except ImportError:
        view_mod = None
    fn = getattr(view_mod, "sample_world", None) if view_mod is not None else None
    if fn is not None:
        params = list(inspect.signature(fn).parameters)
        if len(params) >= 2:
            sample_fn = lambda v, rng: fn(v, rng)  # noqa: E731
    elif view_mod is not None:
        probe = mid_round_states(1)[0].view(0)  # type: ignore[attr-defined]
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


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bursts", type=int, default=21, help="rounds of interleaved bursts")
    p.add_argument("--matches", type=int, default=40, help="matches per burst and table size")
    p.add_argument("--rounds", type=int, default=300, help="rounds per burst (section 2)")
    p.add_argument("--states", type=int, default=600, help="states per burst (section 3)")
    p.add_argument("--games", type=int, default=100, help="peer games per burst (section 4)")
    p.add_argument("--quick", action="store_true", help="a smoke run: few, small bursts")
    p.add_argument("--wall", action="store_true", help="time bursts in wall time, not CPU time")
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
        "over bursts, ratios are medians of per-burst ratios to the bare loop"
    )
    verdicts: list[tuple[str, float, float]] = []
    shape_ratios: dict[int, float] = {}

    # 1. whole matches
    print("\n1. random playouts of classic matches (same seeds, cross-checked)")
    print(f"   {'seats':<6}{'candidate':<28}{'moves/s':>12}{'matches/s':>12}{'ratio':>8}")
    bare_rates: dict[int, float] = {}
    for seats in (2, 3, 4):
        cross_check_matches(seats, range(1000 * seats, 1000 * seats + 25))
        seeds = range(seats * 100_000, seats * 100_000 + args.matches)
        works = {n: match_work(fn, seats, seeds) for n, fn in MATCH_CANDIDATES.items()}
        samples = interleave(works, args.bursts)
        for name, runs in samples.items():  # same matches: the same moves in every burst
            if [n for _, n in runs] != [n for _, n in samples["bare loop"]]:
                raise SystemExit(f"cross-check failed: {name} made other moves than the bare loop")
        res = medians(samples, "bare loop", args.matches)
        bare_rates[seats] = res["bare loop"][0]
        for name, (rate, items, ratio) in res.items():
            r = "" if ratio is None else f"{ratio:8.2f}"
            print(f"   {seats:<6}{name:<28}{fmt_rate(rate)}{items:>12,.0f}{r}")
            if name.startswith("public API") and ratio is not None:
                verdicts.append((f"{name} / bare loop, {seats} seats", ratio, 0.5))
            if name.startswith("API shape") and ratio is not None:
                shape_ratios[seats] = ratio

    # 2. single rounds
    print("\n2. random playouts of single classic rounds from their first position")
    print(f"   {'seats':<6}{'candidate':<28}{'moves/s':>12}{'rounds/s':>12}{'ratio':>8}")
    for seats in (2, 3, 4):
        starts = round_starts(seats, range(seats * 7_000, seats * 7_000 + args.rounds))
        cross_check_rounds(starts)
        works = {"bare loop": bare_rounds(starts)}
        if rollout is not None:
            works["rollout()"] = rollout_rounds(starts)
        works["public API, RoundState"] = api_rounds(starts)
        samples = interleave(works, args.bursts)
        for name, runs in samples.items():  # all candidates make the bare loop's moves
            if name != "bare loop":
                samples[name] = [
                    (dt, b[1]) for (dt, _), b in zip(runs, samples["bare loop"], strict=True)
                ]
        res = medians(samples, "bare loop", len(starts))
        for name, (rate, items, ratio) in res.items():
            r = "" if ratio is None else f"{ratio:8.2f}"
            print(f"   {seats:<6}{name:<28}{fmt_rate(rate)}{items:>12,.0f}{r}")
            if name == "rollout()" and ratio is not None:
                verdicts.append((f"rollout() / bare loop, {seats} seats", ratio, 0.9))

    # 3. operations
    print("\n3. operations on mid-round states (2-4 seats, classic)")
    states = mid_round_states(args.states)
    ops = op_works(states)
    samples = interleave(
        {k: v[0] for k, v in ops.items()}, args.bursts, before={k: v[1] for k, v in ops.items()}
    )
    for name, (rate, _, _) in medians(samples, None).items():
        print(f"   {name:<34}{fmt_rate(rate)} /s")
    if "view" not in ops:
        print("   view, sample_world: skipped (bergen.view has not landed)")
    elif not any(k.startswith("sample_world") for k in ops):
        print("   sample_world: skipped (not found in bergen.view)")

    # 4. peers
    print("\n4. peers: random playouts, moves/s (other games: only the rates compare)")
    peer_works: dict[str, Work] = {
        "bergen bare loop, 4 seats": match_work(bare_match, 4, range(args.games // 4))
    }
    peer_works["bergen public API, 4 seats"] = match_work(
        api_round_match, 4, range(args.games // 4)
    )
    dw = dominoes_work(args.games, 1)
    if dw is not None:
        peer_works["dominoes (PyPI)"] = dw
    ow = openspiel_work(args.games, 1)
    if ow is not None:
        peer_works["OpenSpiel python_block_dominoes"] = ow
    res = medians(interleave(peer_works, args.bursts), "bergen bare loop, 4 seats")
    for name, (rate, _, ratio) in res.items():
        print(f"   {name:<34}{fmt_rate(rate)} moves/s   ratio to bare loop {ratio:6.2f}")
    if dw is None:
        print("   dominoes: not installed (pip install -e '.[bench]')")
    if ow is None:
        print("   OpenSpiel: not installed (pip install open_spiel)")

    # targets
    print("\ntargets (issue 8), ratios measured above in this run:")
    ok = True
    for name, ratio, goal in verdicts:
        met = ratio >= goal
        ok &= met
        print(f"   {'met ' if met else 'MISS'}  {name:<48} {ratio:5.2f} (>= {goal})")
    if shape_ratios:
        print("for reference, the ceiling of any API of this shape (benchmarks/shape.py):")
        for seats, ratio in shape_ratios.items():
            print(f"         {'API shape / bare loop, ' + str(seats) + ' seats':<48} {ratio:5.2f}")
    print(f"\ntotal time {time.perf_counter() - started:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
