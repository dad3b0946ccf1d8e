"""How much the inference from the other seats' play (bergen.bots.inference) knows about the
hidden tiles, against uniform sampling (every consistent world alike).

Run from the repository root::

    python benchmarks/inference.py --games 60 --worlds 200

Seeded matches are played at 2 seats by ``--players`` (the observer, seat 0's bot, then the
opponent's); at each decision of the observer after the opponent has made at least one choice
this round, ``--worlds`` worlds are drawn uniformly and weighted by the model. Printed, over
those decisions:

- *truth percentile*: the share of the sampled worlds strictly more likely than the true world
  (its own likelihood worked out on the true deal), half the ties counted: 0.5 is what uniform
  sampling gives (every world alike); the lower, the more the model singles the truth out.
  *Top decile*: how often the truth is among the 10% most likely (uniform: 10%).
- *belief on the truth*: for each hidden tile, the weighted share of worlds that put it where it
  really is (the opponent's hand or the boneyard), averaged; uniform sampling's figure beside it.
- *effective worlds*: the importance sample's effective size ``(sum w)^2 / sum w^2``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bergen import CLASSIC, MatchState
from bergen.bots import load_bot
from bergen.bots.inference import OpponentModel, replay_likelihood, weighted_worlds
from bergen.moves import action_of
from bergen.view import sampler_for


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--worlds", type=int, default=200)
    p.add_argument("--players", nargs=2, default=["greedy", "greedy"], help="seat 0, seat 1")
    p.add_argument("--policy", default="greedy")
    p.add_argument("--temperature", type=float, default=0.5)
    p.add_argument("--epsilon", type=float, default=0.1)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    model = OpponentModel(args.policy, args.temperature, args.epsilon)
    uniform = OpponentModel(args.policy, args.temperature, 1.0)
    rng = random.Random(args.seed)
    pct: list[float] = []
    top: list[float] = []
    belief_m: list[float] = []
    belief_u: list[float] = []
    ess: list[float] = []
    t0 = time.perf_counter()
    for g in range(args.games):
        match = MatchState.new(2, CLASSIC, seed=args.seed * 100_000 + g)
        bots = [load_bot(args.players[0], g), load_bot(args.players[1], g + 1)]
        while not match.is_over:
            state = match.round
            assert state is not None
            seat = state.to_move
            view = state.view(seat)
            legal = state.legal_moves()
            if (
                seat == 0
                and len(legal) > 1
                and any(a.seat == 1 and _had_choice(state, i) for i, a in enumerate(view.history))
            ):
                _measure(
                    state, view, model, uniform, args.worlds, rng, pct, top, belief_m, belief_u, ess
                )
            match, _ = match.apply(bots[seat].choose(view, legal))
    n = len(pct)
    print(
        f"Command: python benchmarks/inference.py --games {args.games} --worlds {args.worlds} "
        f"--players {' '.join(args.players)} --policy {args.policy} "
        f"--temperature {args.temperature:g} --epsilon {args.epsilon:g}"
    )
    print(
        f"{n} decisions of seat 0 ({args.players[0]}) against {args.players[1]}, "
        f"model {model!r}, {time.perf_counter() - t0:.0f} s"
    )
    print()
    print("| measure | model | uniform |")
    print("|---|---:|---:|")
    print(f"| truth percentile (median) | {statistics.median(pct):.3f} | 0.500 |")
    print(f"| truth percentile (mean) | {statistics.fmean(pct):.3f} | 0.500 |")
    print(f"| truth in the top decile | {statistics.fmean(top):.3f} | 0.100 |")
    print(
        f"| belief on the truth, per hidden tile | {statistics.fmean(belief_m):.3f} | "
        f"{statistics.fmean(belief_u):.3f} |"
    )
    print(f"| effective worlds of {args.worlds} | {statistics.fmean(ess):.1f} | {args.worlds} |")


def _had_choice(state: object, i: int) -> bool:
    return True  # refined by the likelihood itself: a forced move weighs every world alike


def _measure(state, view, model, uniform, n, rng, pct, top, belief_m, belief_u, ess):  # type: ignore[no-untyped-def]
    sampler = sampler_for(view)
    worlds = weighted_worlds(view, n, rng, model, sampler)
    history = [(a.seat, action_of(a.move)) for a in view.history]
    truth = replay_likelihood(model, state.start_state, history, 0).likelihood
    ls = [w.likelihood for w in worlds]
    if max(ls) == min(ls) == truth:
        return  # no choice of the opponent told anything
    above = sum(1 for x in ls if x > truth) + 0.5 * sum(1 for x in ls if x == truth)
    pct.append(above / len(ls))
    top.append(float(above / len(ls) < 0.1))
    total = sum(ls)
    ess.append(total * total / sum(x * x for x in ls))
    true_opp = state._position[0][1]
    hidden = [t for t in range(28) if not (view.hand.mask >> t) & 1]
    line = 0
    for pl in view.line.tiles:
        line |= pl.tile.mask
    hidden = [t for t in hidden if not (line >> t) & 1]
    bm = []
    bu = []
    for t in hidden:
        in_opp = bool(true_opp >> t & 1)
        wm = sum(w.likelihood for w in worlds if bool(w.position[0][1] >> t & 1) == in_opp)
        wu = sum(1 for w in worlds if bool(w.position[0][1] >> t & 1) == in_opp)
        bm.append(wm / total)
        bu.append(wu / len(worlds))
    belief_m.append(statistics.fmean(bm))
    belief_u.append(statistics.fmean(bu))


if __name__ == "__main__":
    main()
