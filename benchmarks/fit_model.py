"""The opponent model of ``bayes`` (:class:`bergen.bots.inference.OpponentModel`) fitted by
likelihood to how a bot really plays: its temperature and share of random moves that make the
bot's recorded choices most likely.

Run from the repository root::

    python benchmarks/fit_model.py --games 200 --bots greedy strategy

For each bot of ``--bots``, ``--games`` seeded 2-seat ``classic`` matches of the bot against
itself are played; at each decision with two legal moves or more, the legal moves and the one
chosen are kept (the record of the match, with each seat's view). Each model of a grid (policy
``greedy`` or ``points``, temperature, epsilon) is then scored by the mean log-likelihood of
the chosen moves per decision (:meth:`OpponentModel.move_probabilities` on the chooser's view:
exactly what the inference multiplies), and the best model per policy is printed with the
share of decisions where the model's most likely moves include the one chosen.
"""

from __future__ import annotations

import argparse
import math
import time

from bergen import CLASSIC, MatchState, PlayerView
from bergen.bots import load_bot
from bergen.bots.inference import OpponentModel
from bergen.moves import Move

TEMPERATURES = (0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
EPSILONS = (0.0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5)


def record(spec: str, games: int, seed: int) -> list[tuple[PlayerView, list[Move], int]]:
    """The decisions of ``games`` matches of ``spec`` against itself: (view, legal, chosen)."""
    out: list[tuple[PlayerView, list[Move], int]] = []
    for g in range(games):
        match = MatchState.new(2, CLASSIC, seed=seed * 100_000 + g)
        bots = [load_bot(spec, 2 * g), load_bot(spec, 2 * g + 1)]
        while not match.is_over:
            state = match.round
            assert state is not None
            view = state.view(state.to_move)
            legal = list(state.legal_moves())
            move = bots[state.to_move].choose(view, legal)
            if len(legal) > 1:
                out.append((view, legal, legal.index(move)))
            match, _ = match.apply(move)
    return out


def log_likelihood(
    model: OpponentModel, decisions: list[tuple[PlayerView, list[Move], int]]
) -> tuple[float, float]:
    """Mean log-likelihood per decision and the share of decisions whose choice is among the
    model's most likely moves."""
    total = 0.0
    top = 0
    for view, legal, chosen in decisions:
        p = model.move_probabilities(view, legal)
        total += math.log(p[chosen]) if p[chosen] > 0 else -math.inf
        top += p[chosen] == max(p)
    return total / len(decisions), top / len(decisions)


def main() -> None:
    """Fit and print, as markdown."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--bots", nargs="+", default=["greedy", "strategy"])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(
        f"Command: python benchmarks/fit_model.py --games {args.games} "
        f"--bots {' '.join(args.bots)} --seed {args.seed}"
    )
    print()
    print("| bot | decisions | policy | temperature | epsilon | log-likelihood per decision "
          "| choice among the most likely | uniform's log-likelihood |")  # fmt: skip
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for spec in args.bots:
        t0 = time.perf_counter()
        decisions = record(spec, args.games, args.seed)
        uniform = sum(-math.log(len(legal)) for _, legal, _ in decisions) / len(decisions)
        for policy in ("greedy", "points"):
            best: tuple[float, float, float, float] | None = None
            for t in TEMPERATURES:
                for e in EPSILONS:
                    ll, top = log_likelihood(OpponentModel(policy, t, e), decisions)
                    if best is None or ll > best[0]:
                        best = (ll, t, e, top)
            assert best is not None
            ll, t, e, top = best
            print(
                f"| `{spec}` | {len(decisions)} | {policy} | {t:g} | {e:g} | {ll:.4f} | "
                f"{top:.3f} | {uniform:.4f} |"
            )
        print(f"<!-- {spec}: {time.perf_counter() - t0:.0f} s -->")


if __name__ == "__main__":
    main()
