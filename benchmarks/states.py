"""Section 5 of ``bench.py``: the costs of the states themselves (interpreted build, this
process): ``RoundState.start`` (checked) beside a seeded match's own start of a round, the
cost per tile placed in early and late rounds of a long match, the bytes a state keeps per
move, and ``replay`` beside playing the same moves.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from bergen import CLASSIC, DRAW, PASS, Deal, MatchState, RoundState
from bergen.records import record_match, replay

CLOCK = time.process_time


def _best(fn: Callable[[], int], bursts: int) -> float:
    """Median seconds per operation over ``bursts`` runs of ``fn`` (which returns its count)."""
    per: list[float] = []
    for _ in range(bursts):
        gc.collect()
        t0 = CLOCK()
        n = fn()
        per.append((CLOCK() - t0) / n)
    return statistics.median(per)


def start_costs(bursts: int) -> tuple[float, float]:
    """Seconds per ``RoundState.start`` (checked) and per round a seeded match deals itself
    (``MatchState.new``: the deal from the stream and the trusted start)."""
    deals = [d for d in (Deal.from_seed(s, 2, 6) for s in range(400)) if d.has_double][:200]

    def checked() -> int:
        for d in deals:
            RoundState.start(d, CLASSIC)
        return len(deals)

    def seeded() -> int:
        for s in range(200):
            MatchState.new(2, CLASSIC, seed=s)
        return 200

    a, b = [], []
    for _ in range(bursts):
        a.append(_best(checked, 1))
        b.append(_best(seeded, 1))
    return statistics.median(a), statistics.median(b)


def long_match(rounds: tuple[range, ...], target: int = 3000) -> list[float]:
    """Seconds per tile placed in each range of rounds of one long random two-seat match
    through ``MatchState`` (classic with the target raised to ``target``)."""
    rules = CLASSIC.replace(target=target)
    rng = random.Random(5)
    match = MatchState.new(2, rules, seed=11)
    last = max(r.stop for r in rounds)
    spent = [0.0] * len(rounds)
    placed = [0] * len(rounds)
    while not match.is_over and len(match.rounds) < last:
        k = len(match.rounds)
        slot = next((i for i, r in enumerate(rounds) if k in r), -1)
        t0 = CLOCK()
        n = 0
        while len(match.rounds) == k and not match.is_over:
            legal = match.legal_moves()
            move = legal[int(rng.random() * len(legal))]
            match, _ = match.apply(move)
            if move is not DRAW and move is not PASS:
                n += 1
        dt = CLOCK() - t0
        if slot >= 0:
            spent[slot] += dt
            placed[slot] += n
    return [s / p if p else float("nan") for s, p in zip(spent, placed, strict=True)]


def bytes_per_state(rounds: int = 30) -> float:
    """Bytes kept per state made by ``apply`` when every state of a round is kept (two seats,
    classic, random moves; tracemalloc)."""
    rng = random.Random(2)
    total = moves = 0
    for seed in range(rounds):
        state = MatchState.new(2, CLASSIC, seed=seed).round
        assert state is not None
        kept = [state]
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        while state.outcome is None:
            legal = state.legal_moves()
            state, _ = state.apply(legal[int(rng.random() * len(legal))])
            kept.append(state)
        total += tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        moves += len(kept) - 1
    return total / moves


def replay_over_play(matches: int, bursts: int) -> float:
    """Median per-burst ratio of ``replay(record)`` to applying the same moves to a new match."""
    games = []
    for seed in range(matches):
        rng = random.Random(seed)
        match = MatchState.new(2, CLASSIC, seed=seed)
        moves = []
        while not match.is_over:
            legal = match.legal_moves()
            move = legal[int(rng.random() * len(legal))]
            match, _ = match.apply(move)
            moves.append(move)
        games.append((seed, moves, record_match(match)))

    def rep() -> int:
        for _, _, rec in games:
            replay(rec)
        return 1

    def play() -> int:
        for seed, moves, _ in games:
            m = MatchState.new(2, CLASSIC, seed=seed)
            for move in moves:
                m, _ = m.apply(move)
        return 1

    ratios = []
    for _ in range(bursts):
        ratios.append(_best(rep, 1) / _best(play, 1))
    return statistics.median(ratios)


def run(bursts: int, quick: bool) -> None:
    """Print section 5."""
    print("\n5. the states (interpreted build, this process)")
    checked, seeded = start_costs(bursts)
    print(f"   RoundState.start (checked)            {checked * 1e6:8.1f} us")
    print(f"   MatchState.new (deal + trusted start) {seeded * 1e6:8.1f} us")
    spans = (
        (range(0, 50), range(450, 500))
        if quick
        else (range(0, 50), range(450, 500), range(1950, 2000))
    )
    per = long_match(spans, target=3000 if quick else 30_000)
    for span, cost in zip(spans, per, strict=True):
        print(f"   per placement, rounds {span.start}-{span.stop - 1:<14}{cost * 1e6:8.2f} us")
    if per[0] == per[0]:
        print(f"   late over early rounds                 {per[-1] / per[0]:8.2f}x")
    print(f"   bytes kept per state (tracemalloc)     {bytes_per_state(10 if quick else 40):8.0f}")
    ratio = replay_over_play(5 if quick else 20, bursts)
    print(f"   replay / play, same moves              {ratio:8.2f}x")
