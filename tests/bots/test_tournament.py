"""The tournament statistics (bergen.tournament): schedules, crosstable, ratings, SPRT.

Values are worked out by hand from the definitions in the module's docstrings.
"""

from __future__ import annotations

import math
import random

import attrs
import pytest

from bergen.bots import BotError
from bergen.tournament import (
    SPRTTest,
    crosstable,
    crosstable_text,
    elo_of_score,
    gauntlet_lineups,
    group_scores,
    pair_score,
    ratings,
    round_robin_lineups,
    score_of_elo,
    side_ranks,
    wilson_interval,
)


@attrs.frozen
class G:
    index: int
    entrants: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None
    partnerships: bool = False


def test_wilson_known_values() -> None:
    # 8 of 10: the textbook 95% Wilson interval (0.490, 0.943).
    lo, hi = wilson_interval(8, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.490, 0.943)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # Halves count: 4.5 of 9 is centred on one half.
    lo, hi = wilson_interval(4.5, 9)
    assert math.isclose(lo + hi, 1.0)
    for bad in ((11, 10), (-1, 10), (1, -1), (1, 1.5), (True, 2)):
        with pytest.raises(BotError):
            wilson_interval(*bad)  # type: ignore[arg-type]


def test_round_robin_lineups() -> None:
    assert round_robin_lineups(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert round_robin_lineups(2, 3) == [(0, 1, 0)]
    assert round_robin_lineups(3, 4, partnerships=True) == [
        (0, 1, 0, 1),
        (0, 2, 0, 2),
        (1, 2, 1, 2),
    ]


def test_gauntlet_lineups() -> None:
    assert gauntlet_lineups(3, 2) == [(0, 1), (0, 2)]
    assert gauntlet_lineups(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3)]
    assert gauntlet_lineups(2, 3) == [(0, 1, 1)]
    assert gauntlet_lineups(3, 4, partnerships=True) == [(0, 1, 0, 1), (0, 2, 0, 2)]
    assert gauntlet_lineups(5, 4, partnerships=True)[-1] == (0, 4, 0, 4)
    for bad in ((1, 2), (3, 5), (3, 2, True)):
        with pytest.raises(BotError):
            gauntlet_lineups(bad[0], bad[1], partnerships=bool(bad[2:]))


def test_side_ranks_winner_first_then_points() -> None:
    assert side_ranks(G(0, (0, 1), (10, 4), 0)) == (0, 1)
    # The winner ranks first even with fewer points than... (it reached the target first).
    assert side_ranks(G(0, (0, 1, 2), (5, 10, 5), 1)) == (1, 0, 1)
    assert side_ranks(G(0, (0, 1, 2), (3, 10, 7), 1)) == (2, 0, 1)


def test_pair_score_partnerships_and_multi_seat() -> None:
    g = G(0, (0, 1, 0, 1), (6, 10), 1, partnerships=True)
    assert pair_score(g, 0, 1) == 0.0
    assert pair_score(g, 1, 0) == 1.0
    three = G(0, (0, 1, 2), (3, 10, 3), 1)
    assert pair_score(three, 0, 2) == 0.5
    assert pair_score(three, 2, 1) == 0.0
    # Entrant 0 on two sides (A B A at three seats): it is compared from both.
    twice = G(0, (0, 1, 0), (10, 4, 6), 0)
    assert pair_score(twice, 0, 1) == 1.0
    assert pair_score(twice, 1, 0) == 0.0
    assert pair_score(G(0, (0, 1), (10, 2), 0), 0, 2) is None


def test_crosstable_counts_and_mirrors() -> None:
    games = [
        G(0, (0, 1), (10, 3), 0),
        G(1, (1, 0), (10, 8), 0),  # entrant 1 (seat 0) wins
        G(2, (0, 2), (10, 0), 0),
        G(3, (2, 0), (2, 10), 1),
    ]
    t = crosstable(games, 3)
    assert set(t) == {(0, 1), (1, 0), (0, 2), (2, 0)}
    assert (t[0, 1].games, t[0, 1].score) == (2, 1.0)
    assert t[0, 2].rate == 1.0 and t[2, 0].rate == 0.0
    assert t[1, 0].interval == wilson_interval(1, 2)
    text = crosstable_text(t, ["a", "b", "c"])
    assert "| `a` | - | 0.500 [0.095, 0.905] (2) | 1.000" in text
    assert "| `b` | 0.500 [0.095, 0.905] (2) | - |  |" in text
    with pytest.raises(BotError):
        crosstable(games, 2)


def test_group_scores_whole_groups_only() -> None:
    games = [
        G(0, (0, 1), (10, 3), 0),
        G(1, (1, 0), (10, 8), 0),
        G(2, (0, 1), (10, 3), 0),
        G(3, (1, 0), (4, 10), 1),
        G(4, (0, 1), (10, 3), 0),  # group 2 not finished
    ]
    assert group_scores(games, 2, 0, 1) == [0.5, 1.0]
    assert group_scores(games, 2, 1, 0) == [0.5, 0.0]


def test_elo_and_score() -> None:
    assert score_of_elo(0) == 0.5
    # 400 Elo: ten to one.
    assert math.isclose(score_of_elo(400), 10 / 11)
    assert math.isclose(elo_of_score(10 / 11), 400)
    assert elo_of_score(1.0) == math.inf and elo_of_score(0.0) == -math.inf


def test_sprt_bounds_and_llr_by_hand() -> None:
    t = SPRTTest(0, 50, 0.05, 0.05)
    lo, hi = t.bounds
    assert math.isclose(lo, math.log(0.05 / 0.95)) and math.isclose(hi, -lo)
    # Scores 1 and 0, with half a pseudo-observation at 0, 1/2 and 1: mean 1.75/3.5 = 0.5,
    # variance (0.25 + 0.25 + 0.5 * 0.5) / 3.5 = 0.75 / 3.5; s0 = 0.5, s1 = 1/(1+10^-0.125).
    s1 = 1 / (1 + 10**-0.125)
    want = 2 * (s1 - 0.5) * (1.0 - 0.5 - s1) / (2 * 0.75 / 3.5)
    assert math.isclose(t.llr([1.0, 0.0]), want)
    assert t.llr([]) == 0.0
    assert t.state([]).decision is None


def test_sprt_decides_both_ways() -> None:
    t = SPRTTest(0, 50)
    assert t.state([1.0] * 60).decision == "H1"
    assert t.state([0.0] * 60).decision == "H0"
    assert t.state([1.0, 0.5]).decision is None
    assert "H1 accepted" in str(t.state([1.0] * 60))
    for bad in ({"elo1": -1.0}, {"alpha": 0.0}, {"beta": 0.6}, {"elo0": math.nan}):
        with pytest.raises(BotError):
            SPRTTest(**bad)  # type: ignore[arg-type]


def _run(t: SPRTTest, p_group: tuple[float, float, float], rng: random.Random) -> str:
    # Groups of two games: score 0, 1/2, 1 with the given probabilities.
    scores: list[float] = []
    while True:
        r = rng.random()
        scores.append(0.0 if r < p_group[0] else 0.5 if r < p_group[0] + p_group[1] else 1.0)
        d = t.state(scores).decision
        if d is not None:
            return d


def test_sprt_error_rates_on_simulated_matches() -> None:
    # Elo 0 against elo 200 (score 0.76): each game won independently with probability p.
    t = SPRTTest(0, 200, 0.05, 0.05)
    rng = random.Random(7)

    def groups(p: float) -> tuple[float, float, float]:
        return ((1 - p) ** 2, 2 * p * (1 - p), p * p)

    runs = 400
    false_h1 = sum(_run(t, groups(0.5), rng) == "H1" for _ in range(runs))
    false_h0 = sum(_run(t, groups(score_of_elo(200)), rng) == "H0" for _ in range(runs))
    # Wald's bounds keep each error at most near its rate (0.05): 20 of 400, and 32 is 2.7
    # standard deviations above.
    assert false_h1 <= 32 and false_h0 <= 32


def test_ratings_order_the_winner_first() -> None:
    pytest.importorskip("openskill")
    games = [G(i, (i % 2, 1 - i % 2), (10, 2) if i % 2 == 0 else (2, 10), i % 2) for i in range(8)]
    # Seat 0 is entrant 0 in even games and wins; seat 1 is entrant 0 in odd games and wins:
    # entrant 0 wins all eight.
    r = ratings(games, 2)
    assert r[0].mu > 25 > r[1].mu
    assert r[0].sigma < 25 / 3
    part = [G(0, (0, 1, 0, 1), (10, 3), 0, partnerships=True)]
    r = ratings(part, 2)
    assert r[0].mu > r[1].mu
    four = [G(0, (0, 1, 2, 3), (10, 3), 0, partnerships=True)]
    r = ratings(four, 4)
    assert r[0].mu == r[2].mu > r[1].mu == r[3].mu
    # A game with one entrant on two sides is left out.
    assert ratings([G(0, (0, 1, 0), (10, 2, 3), 0)], 2)[0].mu == 25
