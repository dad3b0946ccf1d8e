"""Random playouts through each framework adapter beside bergen's native API.

Run from the repository root (needs the three extras: ``pip install -e '.[test]'``)::

    python benchmarks/adapters.py            # about half a minute
    python benchmarks/adapters.py --quick    # a few seconds

Every candidate plays whole ``classic`` matches at two seats with uniformly random legal
actions: the native API (``MatchState.new(2, seed=s)``, ``legal_moves``, ``apply``), the
OpenSpiel game (``python_bergen``, chance nodes sampled uniformly), the PettingZoo environment
(bare ``raw_env`` and wrapped ``env()``, reading each observation and its mask as an agent
would) and the Gymnasium environment (the agent's seat random, the other seat bergen's
``random`` bot). The candidates run in short bursts, interleaved, timed in CPU time; each figure
is the median over the bursts. Actions are every move made (leads, plays, draws and passes, the
bots' included); OpenSpiel's chance nodes are not counted as actions but their time is.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import bergen.adapters.openspiel  # noqa: F401 (registers python_bergen)
from bergen import MatchState
from bergen.adapters.gymnasium import BergenEnv
from bergen.adapters.pettingzoo import env, raw_env


def native(seed: int) -> int:
    rng = random.Random(seed)
    match = MatchState.new(2, seed=seed)
    n = 0
    while not match.is_over:
        match, _ = match.apply(rng.choice(match.legal_moves()))
        n += 1
    return n


_GAME = pyspiel.load_game("python_bergen")


def openspiel(seed: int) -> int:
    rng = random.Random(seed)
    state = _GAME.new_initial_state()
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
    return n


def pettingzoo_raw(seed: int) -> int:
    rng = np.random.default_rng(seed)
    game = raw_env()
    game.reset(seed=seed)
    n = 0
    while not any(game.terminations.values()):
        obs = game.observe(game.agent_selection)
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        n += 1
    return n


def pettingzoo_wrapped(seed: int) -> int:
    rng = np.random.default_rng(seed)
    game = env()
    game.reset(seed=seed)
    n = 0
    for _ in game.agent_iter():
        obs, _, termination, truncation, _ = game.last()
        if termination or truncation:
            break
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        n += 1
    return n


_GYM = BergenEnv(opponents="random")


def gymnasium(seed: int) -> int:
    rng = np.random.default_rng(seed)
    obs, _ = _GYM.reset(seed=seed)
    done = False
    while not done:
        obs, _, done, _, _ = _GYM.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    match = _GYM.match
    return sum(len(r.history) for r in match.rounds)


CANDIDATES: dict[str, Callable[[int], int]] = {
    "native MatchState": native,
    "OpenSpiel python_bergen": openspiel,
    "PettingZoo raw_env": pettingzoo_raw,
    "PettingZoo env() (wrapped)": pettingzoo_wrapped,
    "Gymnasium BergenEnv": gymnasium,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args()
    bursts, matches = (3, 5) if args.quick else (7, 20)
    per_match: dict[str, list[float]] = {k: [] for k in CANDIDATES}
    per_action: dict[str, list[float]] = {k: [] for k in CANDIDATES}
    for b in range(bursts):
        seeds = range(b * matches, (b + 1) * matches)
        for name, play in CANDIDATES.items():
            start = time.process_time()
            actions = sum(play(s) for s in seeds)
            spent = time.process_time() - start
            per_match[name].append(spent / matches)
            per_action[name].append(spent / actions)
    base = statistics.median(per_action["native MatchState"])
    print(f"random playouts of classic two-seat matches: {bursts} bursts of {matches} matches")
    print(f"{'candidate':28} {'ms/match':>9} {'us/action':>10} {'actions/s':>10} {'x native':>9}")
    for name in CANDIDATES:
        m = statistics.median(per_match[name]) * 1e3
        a = statistics.median(per_action[name])
        print(f"{name:28} {m:9.2f} {a * 1e6:10.1f} {1 / a:10.0f} {a / base:9.1f}")


if __name__ == "__main__":
    main()
