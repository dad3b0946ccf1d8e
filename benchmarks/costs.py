"""Where the time of one public-API move goes: each piece of ``legal_moves`` + ``apply``.

Run from the repository root (``python benchmarks/costs.py``); under a compiled install the
kernel's pieces are the compiled ones. Every figure is the fastest of 9 passes over the same
2,000-odd (state, move) pairs of seeded ``classic`` playouts at three seats, in microseconds
per move, beside the interpreted bare loop's whole move on the same rounds.
"""

from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bare import bare_round

import bergen
from bergen import CLASSIC, Deal, RoundState
from bergen.kernel import play as K
from bergen.moves import action_of
from bergen.round import _made


@attrs.frozen(kw_only=True)
class SixFrozen:
    """An attrs frozen value of six fields, as RoundState has."""

    a: int
    b: int
    c: int
    d: int
    e: int
    f: int


class SixPlain:
    """A plain slotted object of six fields (the floor of any object per move)."""

    __slots__ = ("a", "b", "c", "d", "e", "f")

    def __init__(self, a: int, b: int, c: int, d: int, e: int, f: int) -> None:
        self.a, self.b, self.c, self.d, self.e, self.f = a, b, c, d, e, f


def main() -> None:
    rng = random.Random(2)
    pairs = []
    starts = []
    for seed in range(100):
        deal = Deal.from_seed(seed, 3, 6)
        if not deal.has_double:
            continue
        state = RoundState.start(deal, CLASSIC)
        starts.append(state)
        while state.outcome is None:
            legal = state.legal_moves()
            move = legal[int(rng.random() * len(legal))]
            pairs.append((state, move, action_of(move)))
            state, _ = state.apply(move)
    n = len(pairs)

    def per_move(f: object) -> float:
        return min(timeit.repeat(f, number=1, repeat=9)) / n * 1e6  # type: ignore[arg-type]

    def bare() -> None:
        rnd = random.Random(1).random
        for s in starts:
            masks = [h.mask for h in s.hands]
            bare_round(masks, [t.index for t in s.boneyard.tiles], [0, 0, 0], 10, rnd)

    moves_bare = sum(
        bare_round(
            [h.mask for h in s.hands],
            [t.index for t in s.boneyard.tiles],
            [0, 0, 0],
            10,
            random.Random(1).random,
        )[0]
        for s in starts
    )
    ctx = [(s._context, s._position) for s, _, _ in pairs]
    figures = {
        "bare loop, a whole move": min(timeit.repeat(bare, number=1, repeat=9)) / moves_bare * 1e6,
        "legal_moves()": per_move(lambda: [s.legal_moves() for s, _, _ in pairs]),
        "apply(move)": per_move(lambda: [s.apply(m) for s, m, _ in pairs]),
        "  kernel legal_actions": per_move(
            lambda: [
                K.legal_actions(c.table, c.boneyard, p, s.to_move)
                for (s, _, _), (c, p) in zip(pairs, ctx, strict=True)
            ]
        ),
        "  kernel is_legal": per_move(
            lambda: [
                K.is_legal(c.table, c.boneyard, p, s.to_move, a)
                for (s, _, a), (c, p) in zip(pairs, ctx, strict=True)
            ]
        ),
        "  kernel step": per_move(
            lambda: [
                K.step(c.table, c.boneyard, p, s.to_move, s.scores, a)
                for (s, _, a), (c, p) in zip(pairs, ctx, strict=True)
            ]
        ),
        "  the new state, as apply makes it": per_move(
            lambda: [
                _made(1, s.scores, None, c, p, ())
                for (s, _, _), (c, p) in zip(pairs, ctx, strict=True)
            ]
        ),
        "  RoundState(...), the checked constructor": per_move(
            lambda: [
                RoundState(to_move=1, scores=s.scores, context=c, position=p, trail=())
                for (s, _, _), (c, p) in zip(pairs, ctx, strict=True)
            ]
        ),
        "  any attrs frozen value of 6 fields": per_move(
            lambda: [SixFrozen(a=1, b=2, c=3, d=4, e=5, f=6) for _ in pairs]
        ),
        "  a plain slotted object of 6 fields": per_move(
            lambda: [SixPlain(1, 2, 3, 4, 5, 6) for _ in pairs]
        ),
    }
    build = "compiled" if getattr(bergen, "COMPILED", False) else "pure Python"
    print(f"bergen {bergen.__version__} ({build}), Python {sys.version.split()[0]}, {n} moves")
    for name, us in figures.items():
        print(f"   {name:<46}{us:6.2f} us")


if __name__ == "__main__":
    main()
