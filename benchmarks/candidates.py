"""The benchmark's candidates, built on whichever build of ``bergen`` this process imports.

``bench.py`` runs sections 1 and 2 in worker processes (``_worker.py``), one per build of
bergen (interpreted, and compiled with ``--compiled PYTHON``); each worker imports this module
under its own interpreter, so the same code plays the same matches on either build. Sections 3
and 4 (``bench.py``, in its own process) use it too.

Every candidate counts two things: the *moves* (every action: leads, plays, draws and passes)
and the *placements* (the tiles laid on the line: leads and plays). A burst returns both; a
trace (untimed) returns ``(scores, moves, placements)`` per match or round, playing exactly
what the burst plays (the same seeds, the same players' generator consumed the same way), so
that ``bench.py`` cross-checks the very games it times.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bare import bare_deal, bare_match, bare_round
from shape import shape_match

import bergen
from bergen import CLASSIC, DRAW, PASS, Deal, MatchState, RoundState
from bergen.rollout import rollout

Counts = tuple[int, int]  # (moves, placements) of a burst
Trace = tuple[list[int], int, int | None]  # (scores, moves, placements or None if not known)
Burst = Callable[[], Counts]
MatchFn = Callable[[int, int, random.Random], tuple[list[int], int, int]]


def chooser_for(seed: int) -> random.Random:
    """The players' generator for a seed (apart from the deals' generator)."""
    return random.Random(seed * 7919 + 1)


# ---------------------------------------------------------------------------- whole matches


def api_round_match(seats: int, seed: int, chooser: random.Random) -> tuple[list[int], int, int]:
    """One classic match through the public round API: deals, start, legal_moves, apply."""
    rnd = chooser.random
    table = CLASSIC.for_table(seats)
    hand_size = table.hand_size
    target = table.target
    scores: tuple[int, ...] | None = None
    dealer = 0
    shuffle = 0
    moves = 0
    placed = 0
    while True:
        deal = Deal.from_seed(seed, seats, hand_size, shuffle)
        shuffle += 1
        if not deal.has_double:  # classic: redeal, same dealer (rule 2)
            continue
        state = RoundState.start(deal, CLASSIC, dealer=dealer, scores=scores)
        while state.outcome is None:
            legal = state.legal_moves()
            move = legal[int(rnd() * len(legal))]
            state, _events = state.apply(move)
            moves += 1
            if move is not DRAW and move is not PASS:
                placed += 1
        scores = state.scores
        if max(scores) >= target:
            return list(scores), moves, placed
        dealer = (dealer + 1) % seats


def api_match(seats: int, seed: int, chooser: random.Random) -> tuple[list[int], int, int]:
    """One classic match through ``MatchState``: new, legal_moves, apply."""
    rnd = chooser.random
    match = MatchState.new(seats, CLASSIC, seed=seed)
    moves = 0
    placed = 0
    while not match.is_over:
        legal = match.legal_moves()
        move = legal[int(rnd() * len(legal))]
        match, _events = match.apply(move)
        moves += 1
        if move is not DRAW and move is not PASS:
            placed += 1
    return list(match.scores), moves, placed


MATCH_CANDIDATES: dict[str, MatchFn] = {
    "bare loop": bare_match,
    "API shape (shape.py)": shape_match,
    "public API, RoundState": api_round_match,
    "public API, MatchState": api_match,
}


def match_burst(fn: MatchFn, seats: int, seeds: Sequence[int]) -> Burst:
    """A burst: the matches of ``seeds``, one players' generator for the whole burst."""

    def run() -> Counts:
        chooser = chooser_for(seats)  # one generator per burst, consumed alike by all
        moves = placed = 0
        for seed in seeds:
            _, m, p = fn(seats, seed, chooser)
            moves += m
            placed += p
        return moves, placed

    return run


def match_trace(fn: MatchFn, seats: int, seeds: Sequence[int]) -> list[Trace]:
    """What :func:`match_burst` plays, match by match."""
    chooser = chooser_for(seats)
    return [fn(seats, seed, chooser) for seed in seeds]


# ---------------------------------------------------------------------------- single rounds

Start = tuple[RoundState, list[int], list[int]]  # the state, the same deal as masks and indexes
ROUND_CANDIDATES = ("bare loop", "rollout()", "public API, RoundState")


def round_starts(seats: int, seeds: Sequence[int]) -> list[Start]:
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


class _Counting:
    """A generator's ``random`` that counts its calls (untimed traces of ``rollout()``)."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return self._random()


def _bare_rounds(starts: Sequence[Start], rnd: Callable[[], float]) -> list[Trace]:
    target = starts[0][0].target
    out: list[Trace] = []
    for _, hands, boneyard in starts:
        scores = [0] * len(hands)
        moves, placed = bare_round(list(hands), boneyard, scores, target, rnd)
        out.append((scores, moves, placed))
    return out


def _api_rounds(starts: Sequence[Start], rnd: Callable[[], float]) -> list[Trace]:
    out: list[Trace] = []
    for state, _, _ in starts:
        moves = placed = 0
        while state.outcome is None:
            legal = state.legal_moves()
            move = legal[int(rnd() * len(legal))]
            state, _events = state.apply(move)
            moves += 1
            if move is not DRAW and move is not PASS:
                placed += 1
        out.append((list(state.scores), moves, placed))
    return out


def round_trace(name: str, starts: Sequence[Start]) -> list[Trace]:
    """What :func:`round_burst` plays, round by round.

    ``rollout()`` returns only the scores: its moves are the number of ``random()`` calls it
    makes (one per move), and its placements are not known (``None``).
    """
    chooser = chooser_for(0)
    if name == "bare loop":
        return _bare_rounds(starts, chooser.random)
    if name == "public API, RoundState":
        return _api_rounds(starts, chooser.random)
    if name == "rollout()":
        counting = _Counting(chooser)
        out: list[Trace] = []
        for state, _, _ in starts:
            before = counting.calls
            scores = rollout(state, "random", counting)  # type: ignore[arg-type]
            out.append((list(scores), counting.calls - before, None))
        return out
    raise KeyError(name)


def round_burst(name: str, starts: Sequence[Start]) -> Burst:
    """A burst: every round of ``starts`` played out, one players' generator for the burst."""
    if name == "bare loop":
        target = starts[0][0].target

        def bare_run() -> Counts:
            rnd = chooser_for(0).random  # one generator per burst, consumed alike by all
            moves = placed = 0
            for _, hands, boneyard in starts:
                m, p = bare_round(list(hands), boneyard, [0] * len(hands), target, rnd)
                moves += m
                placed += p
            return moves, placed

        return bare_run
    if name == "public API, RoundState":

        def api_run() -> Counts:
            rnd = chooser_for(0).random
            moves = placed = 0
            for state, _, _ in starts:
                while state.outcome is None:
                    legal = state.legal_moves()
                    move = legal[int(rnd() * len(legal))]
                    state, _events = state.apply(move)
                    moves += 1
                    if move is not DRAW and move is not PASS:
                        placed += 1
            return moves, placed

        return api_run
    if name == "rollout()":
        # rollout() returns only the scores; its trace (checked against the bare loop's) shows
        # that it plays the bare loop's rounds, so a burst reports the bare loop's counts.
        bare = _bare_rounds(starts, chooser_for(0).random)
        counts = (sum(t[1] for t in bare), sum(t[2] or 0 for t in bare))

        def rollout_run() -> Counts:
            chooser = chooser_for(0)
            for state, _, _ in starts:
                rollout(state, "random", chooser)
            return counts

        return rollout_run
    raise KeyError(name)
