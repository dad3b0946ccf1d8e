"""The strength ladder of the built-in bots: duplicate arenas with count budgets, a crosstable of
every pair with 95% Wilson intervals, ratings, SPRT matches and the perfect-information cheater's
bound, printed as markdown.

Run from the repository root (each part resumes from its results files in ``--results``)::

    python benchmarks/ladder.py --games 400                       # 2 seats, every pair
    python benchmarks/ladder.py --games 0 --multi-games 400       # 3 seats, partnerships
    python benchmarks/ladder.py --games 0 --sprt 'best' 'ismcts[iterations=1500]'
    python benchmarks/ladder.py --games 0 --cheater-games 400     # the bound, not a fair bot

Every bot has a count budget (playouts, iterations, worlds), so that the games, and so the
figures, are the same on any machine and under any load; seconds per move are measured apart
(``--decisions``, median CPU seconds of ``choose`` on the same decisions for every bot).

- *2 seats*: every pair of ``--bots`` plays ``--games`` duplicate games (each deal twice, the
  seats swapped; an arena of its own per pair, ``results/2-<i>-<j>.jsonl``); the crosstable
  gives each bot's win rate against each other with its 95% Wilson interval
  (:func:`bergen.tournament.crosstable`), then the ratings over all those games
  (:func:`bergen.tournament.ratings`, needs ``bergen-dominoes[ratings]``).
- *3 seats and partnerships* (``--multi-games``): the first bot against two copies of
  ``--versus`` at 3 seats (``A B B``, seats rotated), and a partnership of two copies of it
  against two of ``--versus`` (``A B A B``); its score against ``--versus`` per game
  (:func:`bergen.tournament.pair_score`: 1 when its side ranks above, 1/2 level).
- *SPRT* (``--sprt A B``): a match of ``A`` against ``B`` stopped by
  :class:`bergen.tournament.SPRTTest` (``--elo0``, ``--elo1``, alpha = beta = 0.05) on the
  duplicate groups, in chunks of ``--chunk`` games, at most ``--sprt-games``.
- *Perfect inference* (``--peek-games``): ``bayes[iterations=--peek-iterations]``'s search
  with every world the true one (the other hands known; the tiles not yet drawn shuffled anew
  each iteration, their order being unknowable) against ``--versus``, in duplicate pairs: what
  an inference that always found the true hands would give that search. Not a fair bot.
- *The cheater* (``--cheater-games``): a player that sees every tile and the boneyard's order
  and plays the exact solver's move (:func:`bergen.solver.solve`; past ``--cheater-nodes``
  positions, the greedy move) against ``--versus``, in duplicate pairs: the upper bound of what
  any bot could reach. It is not a fair bot (it reads the state, not its view) and is not
  offered anywhere but here.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence

import attrs

from bergen import CLASSIC, MatchState, RoundState
from bergen.arena import GameResult, run_arena
from bergen.bots import BayesBot, GreedyBot, load_bot
from bergen.bots.ismcts import _most_visited
from bergen.errors import SearchLimitError
from bergen.kernel.rollout import greedy_rollout
from bergen.kernel.tree import Determinization, search
from bergen.moves import Move
from bergen.rules import Rules
from bergen.solver import solve
from bergen.tournament import (
    SPRTTest,
    crosstable,
    crosstable_text,
    group_scores,
    pair_score,
    ratings,
    wilson_interval,
)

DEFAULT_BOTS = [
    "random",
    "greedy",
    "strategy",
    "search",  # 400 playouts
    "ismcts[iterations=1500]",  # about 0.1 s of CPU a decision, interpreted
    "pimc",  # 16 worlds
    "bayes[iterations=1500]",
]


def decisions(n: int, seed: int = 0) -> list[RoundState]:
    """``n`` decisions (two legal moves or more), at 2, 3 and 4 seats in turn."""
    out: list[RoundState] = []
    rng = random.Random(seed)
    game = 0
    while len(out) < n:
        players = 2 + len(out) % 3
        rnd = MatchState.new(players, seed=seed * 1000 + game).round
        game += 1
        assert rnd is not None
        steps = rng.randrange(1, 10)
        while rnd.outcome is None and steps:
            rnd, _ = rnd.apply(rng.choice(rnd.legal_moves()))
            if rnd.outcome is None and len(rnd.legal_moves()) > 1:
                steps -= 1
        if rnd.outcome is None and len(rnd.legal_moves()) > 1:
            out.append(rnd)
    return out


def cpu_per_move(spec: str, states: list[RoundState]) -> float:
    """The median CPU seconds of ``choose`` of ``spec`` over ``states``."""
    bot = load_bot(spec, 1)
    times: list[float] = []
    for st in states:
        view, legal = st.view(st.to_move), st.legal_moves()
        t0 = time.process_time()
        bot.choose(view, legal)
        times.append(time.process_time() - t0)
    return statistics.median(times)


def _file(results: str, name: str) -> str:
    os.makedirs(results, exist_ok=True)
    return os.path.join(results, name)


def _arena(
    specs: list[str], games: int, players: int, rules: Rules, seed: int, path: str, workers: int
) -> tuple[GameResult, ...]:
    res = run_arena(
        specs,
        games,
        players,
        seed,
        rules,
        move_time=None,
        in_process=True,
        workers=workers,
        results=path,
        resume=os.path.exists(path),
    )
    return res.games


def _cell(score: float, n: int) -> str:
    lo, hi = wilson_interval(score, n)
    return f"{score / n:.3f} [{lo:.3f}, {hi:.3f}]"


def two_seats(bots: list[str], args: argparse.Namespace) -> None:
    """Every pair at 2 seats: crosstable, ratings."""
    merged: list[GameResult] = []
    offset = 0
    for i, j in itertools.combinations(range(len(bots)), 2):
        games = _arena(
            [bots[i], bots[j]],
            args.games,
            2,
            CLASSIC,
            args.seed,
            _file(args.results, f"2-{i}-{j}.jsonl"),
            args.workers,
        )
        for g in games:
            merged.append(
                attrs.evolve(
                    g, index=offset + g.index, entrants=tuple((i, j)[e] for e in g.entrants)
                )
            )
        offset += len(games) + len(games) % 2
        print(f"  pair {bots[i]} - {bots[j]}: {len(games)} games", file=sys.stderr, flush=True)
    table = crosstable(merged, len(bots))
    print(f"### 2 seats: every pair, {args.games} duplicate games (classic)")
    print()
    print("Each cell: the row's win rate against the column [95% Wilson interval] (games).")
    print()
    print(crosstable_text(table, bots))
    print()
    try:
        rated = ratings(merged, len(bots))
    except Exception as e:  # openskill missing
        print(f"(ratings: {e})")
        return
    print("Ratings (openskill, Plackett-Luce, over all the 2-seat games in game order):")
    print()
    print("| bot | mu | sigma | ordinal (mu - 3 sigma) |")
    print("|---|---:|---:|---:|")
    for r in sorted(rated, key=lambda r: -r.ordinal):
        print(f"| `{bots[r.entrant]}` | {r.mu:.2f} | {r.sigma:.2f} | {r.ordinal:.2f} |")
    print()


def multi_seats(bot: str, versus: str, args: argparse.Namespace) -> None:
    """``bot`` against copies of ``versus`` at 3 seats and in partnerships."""
    print(f"### 3 seats and partnerships: `{bot}` against `{versus}`, {args.multi_games} games")
    print()
    print("| table | lineup | games | score against the other bot [95% Wilson] |")
    print("|---|---|---:|---|")
    for players, rules, lineup, name in (
        (3, CLASSIC, [bot, versus, versus], "3 seats"),
        (4, CLASSIC.replace(partnerships=True), [bot, versus, bot, versus], "partnerships"),
    ):
        if name not in args.tables:
            continue
        # Two entrants; the lineup fills the seats round the table: A B A at three seats would
        # seat A twice, so the 3-seat lineup is A B B: entrants (0, 1) with B in two seats.
        specs = [bot, versus]
        path = _file(args.results, f"{players}{'p' if rules.partnerships else ''}.jsonl")
        games = _multi(specs, args.multi_games, players, rules, args.seed, path, args.workers)
        scores = [s for g in games if (s := pair_score(g, 0, 1)) is not None]
        shown = " ".join("A" if s == bot else "B" for s in lineup)
        print(f"| {name} | {shown} | {len(scores)} | {_cell(sum(scores), len(scores))} |")
        sys.stdout.flush()
    print()


def _multi(
    specs: list[str], games: int, players: int, rules: Rules, seed: int, path: str, workers: int
) -> tuple[GameResult, ...]:
    """An arena of two entrants at 3 seats (the second in two seats: A B B) or in
    partnerships (A B A B), seats rotated."""
    if players == 3:
        # The arena seats fewer entrants than seats round the table (A B A); to seat the
        # second bot twice, list it twice and count its two copies as one entrant.
        res = _arena([specs[0], specs[1], specs[1]], games, 3, rules, seed, path, workers)
        return tuple(attrs.evolve(g, entrants=tuple(min(e, 1) for e in g.entrants)) for g in res)
    return _arena(specs, games, players, rules, seed, path, workers)


def sprt_match(a: str, b: str, args: argparse.Namespace) -> None:
    """An SPRT match of ``a`` against ``b`` in chunks until decided."""
    test = SPRTTest(args.elo0, args.elo1, 0.05, 0.05)
    games: list[GameResult] = []
    k = 0
    state = test.state([])
    while len(games) < args.sprt_games:
        chunk = _arena(
            [a, b],
            args.chunk,
            2,
            CLASSIC,
            args.seed + 1000 + k,
            _file(args.results, f"sprt-{k}.jsonl"),
            args.workers,
        )
        offset = len(games)
        games.extend(attrs.evolve(g, index=offset + g.index) for g in chunk)
        k += 1
        state = test.state(group_scores(games, 2, 0, 1))
        print(f"  {len(games)} games: {state}", file=sys.stderr, flush=True)
        if state.decision is not None:
            break
    table = crosstable(games, 2)[0, 1]
    print(f"### SPRT: `{a}` against `{b}`")
    print()
    print(f"{table.games} games: win rate {_cell(table.score, table.games)}. {state}")
    print()


def _cheater_move(state: RoundState, nodes: int, fallback: GreedyBot) -> tuple[object, bool]:
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0], True
    try:
        solution = solve(state, max_nodes=nodes)
    except SearchLimitError:
        return fallback.choose(state.view(state.to_move), legal), False
    return solution.line[0], True


def _peek_move(state: RoundState, bot: BayesBot, rng: random.Random) -> Move:
    """``bot``'s search, its worlds all the true one: the other hands known, the order of the
    tiles not yet drawn shuffled anew each iteration (perfect inference, no more)."""
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    view = state.view(state.to_move)
    ctx = state._context
    pos = state._position
    drawn = pos[4]

    def world() -> Determinization:
        rest = list(ctx.boneyard[drawn:])
        rng.shuffle(rest)
        return ctx.table, ctx.boneyard[:drawn] + tuple(rest), pos, state.to_move, state.scores

    equity = bot._equity_for(view)
    root = search(
        view.seat,
        world,
        rng.random,
        view.scores,
        view.sides,
        bot.exploration,
        greedy_rollout,
        [] if equity is None else equity._table,
        bot.iterations or 1000,
        math.inf,
    )
    return _most_visited(view, legal, root)


def peeker(versus: str, args: argparse.Namespace) -> None:
    """``bayes``'s search given the true hands (not the boneyard's order) against ``versus``
    in duplicate pairs: the bound of what perfect inference would give that search."""
    wins = 0
    played = 0
    rng = random.Random(args.seed)
    seeds = [rng.randrange(2**62) for _ in range(-(-args.peek_games // 2))]
    for g, seed in enumerate(seeds):
        for peek_seat in (0, 1):
            match = MatchState.new(2, CLASSIC, seed=seed)
            other = load_bot(versus, seed + 7)
            bot = BayesBot(seed + 11, iterations=args.peek_iterations)
            own = random.Random(seed + 13)
            while not match.is_over:
                state = match.round
                assert state is not None
                if state.to_move == peek_seat:
                    move = _peek_move(state, bot, own)
                else:
                    move = other.choose(state.view(state.to_move), state.legal_moves())
                match, _ = match.apply(move)
            played += 1
            wins += match.winner == peek_seat
        if g % 20 == 19:
            print(f"  peeker: {played} games, {wins} wins", file=sys.stderr, flush=True)
    print(f"### Perfect inference (not a fair bot): against `{versus}`")
    print()
    print(
        f"{played} games (duplicate pairs): `bayes[iterations={args.peek_iterations}]`'s search "
        f"with every hand known (the boneyard's order not): win rate {_cell(wins, played)}."
    )
    print()


def cheater(versus: str, args: argparse.Namespace) -> None:
    """The perfect-information cheater against ``versus`` in duplicate pairs."""
    wins = 0
    played = 0
    solved = 0
    decided = 0
    rng = random.Random(args.seed)
    seeds = [rng.randrange(2**62) for _ in range(-(-args.cheater_games // 2))]
    for g, seed in enumerate(seeds):
        for cheat_seat in (0, 1):
            match = MatchState.new(2, CLASSIC, seed=seed)
            other = load_bot(versus, seed + 7)
            fallback = GreedyBot(seed + 11)
            while not match.is_over:
                state = match.round
                assert state is not None
                if state.to_move == cheat_seat:
                    move, exact = _cheater_move(state, args.cheater_nodes, fallback)
                    if len(state.legal_moves()) > 1:
                        decided += 1
                        solved += exact
                else:
                    move = other.choose(state.view(state.to_move), state.legal_moves())
                match, _ = match.apply(move)  # type: ignore[arg-type]
            played += 1
            wins += match.winner == cheat_seat
        if g % 20 == 19:
            print(f"  cheater: {played} games, {wins} wins", file=sys.stderr, flush=True)
    print(f"### The cheater's bound (not a fair bot): against `{versus}`")
    print()
    print(
        f"{played} games (duplicate pairs): win rate {_cell(wins, played)}; the solver's exact "
        f"move at {solved} of {decided} decisions with a choice, greedy's at the others "
        f"(past {args.cheater_nodes:,} positions)."
    )
    print()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the parts asked for and print their tables."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bots", nargs="+", default=DEFAULT_BOTS, help="bot specs")
    p.add_argument("--games", type=int, default=400, help="games per pair at 2 seats (0: none)")
    p.add_argument(
        "--multi-games",
        type=int,
        default=0,
        help="games at 3 seats and in partnerships, the first bot against --versus (0: none)",
    )
    p.add_argument(
        "--tables",
        nargs="+",
        choices=["3 seats", "partnerships"],
        default=["3 seats", "partnerships"],
        help="which tables --multi-games plays",
    )
    p.add_argument("--versus", default="greedy")
    p.add_argument("--sprt", nargs=2, metavar=("A", "B"), help="an SPRT match of A against B")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=35.0)
    p.add_argument("--sprt-games", type=int, default=2000, help="most games of the SPRT match")
    p.add_argument("--chunk", type=int, default=100, help="games per SPRT step")
    p.add_argument("--cheater-games", type=int, default=0)
    p.add_argument("--cheater-nodes", type=int, default=200_000)
    p.add_argument("--peek-games", type=int, default=0)
    p.add_argument("--peek-iterations", type=int, default=1000)
    p.add_argument("--decisions", type=int, default=0, help="positions timed per bot (0: none)")
    p.add_argument("--workers", type=int, default=1, help="processes per arena (1: this one)")
    p.add_argument("--results", default="ladder-results", help="directory of results files")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    print(f"Command: python benchmarks/ladder.py {' '.join(sys.argv[1:])}".rstrip())
    print()
    if args.decisions:
        states = decisions(args.decisions)
        print(
            f"CPU seconds per move: the median over the same {len(states)} decisions (2-4 seats)."
        )
        print()
        print("| bot | CPU s/move |")
        print("|---|---:|")
        for b in args.bots:
            print(f"| `{b}` | {cpu_per_move(b, states):.4f} |")
        print()
    if args.games:
        two_seats(list(args.bots), args)
    if args.multi_games:
        multi_seats(args.bots[0], args.versus, args)
    if args.sprt:
        sprt_match(args.sprt[0], args.sprt[1], args)
    if args.cheater_games:
        cheater(args.versus, args)
    if args.peek_games:
        peeker(args.versus, args)
    print(f"Wall time: {time.perf_counter() - t0:.0f} s; load average {os.getloadavg()[0]:.1f}.")


if __name__ == "__main__":
    main()
