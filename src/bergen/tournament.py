"""Tournament statistics over arena results: who played whom, a crosstable of every pair with
its 95% interval, ratings for 2-4 seats and partnerships, and the sequential probability ratio
test (SPRT) that stops a two-bot match once it is decided.

Everything here is a pure function of the games' results (:class:`GameOutcome`: anything with
the fields of :class:`bergen.arena.GameResult`), in the order of their game index, so the same
results give the same tables whatever ran them. The duplicate format of the arena
(:func:`bergen.arena.schedule`) plays each deal as a *group* of ``players`` games, the seats
rotated: games ``g * players`` to ``g * players + players - 1`` are group ``g``.

A game is judged side against side (rule 10: a partnership is one side): the side that won the
match (rule 9) ranks first, the others by their match points, equal points sharing a rank. For a
pair of entrants on different sides of a game, the first scores 1 when its side ranks above the
other's, 0 below and 1/2 level. At two seats this is the win rate.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs

from bergen.bots.base import BotError
from bergen.errors import _brief

__all__ = [
    "GameOutcome",
    "PairStats",
    "Rating",
    "SPRTState",
    "SPRTTest",
    "crosstable",
    "crosstable_text",
    "elo_of_score",
    "gauntlet_lineups",
    "group_scores",
    "lineup_count",
    "pair_score",
    "ratings",
    "round_robin_lineups",
    "score_of_elo",
    "side_ranks",
    "wilson_interval",
]

_Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (95% two-sided)."""


class GameOutcome(Protocol):
    """What the statistics read of a game's result (:class:`bergen.arena.GameResult` has it).

    Attributes:
        index: The game index (group ``index // players``).
        entrants: The entrant of each seat.
        scores: Final match points per side.
        winner: The winning side, or ``None``.
        partnerships: Whether seats 0+2 and 1+3 are sides (rule 10).
    """

    @property
    def index(self) -> int:
        """The game index."""
        ...

    @property
    def entrants(self) -> tuple[int, ...]:
        """The entrant of each seat."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Final match points per side."""
        ...

    @property
    def winner(self) -> int | None:
        """The winning side, or ``None``."""
        ...

    @property
    def partnerships(self) -> bool:
        """Whether sides are partnerships."""
        ...


def wilson_interval(wins: float, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson, 1927), 95% by default.

    Args:
        wins: Successes, ``0 <= wins <= n``; a half counts a level result.
        n: Trials.
        z: The normal quantile (1.96 for 95%).

    Returns:
        ``(low, high)`` within [0, 1]; ``(0.0, 1.0)`` when ``n`` is 0.

    Raises:
        BotError: when ``n`` is not an int in 0..10**15, ``wins`` not a number in 0..n, or
            ``z`` not a number in (0, 100].
    """
    if type(n) is not int or not 0 <= n <= 10**15:
        raise BotError(f"wilson_interval: n must be an int in 0..10**15 (trials), got {_brief(n)}")
    if isinstance(wins, bool) or not isinstance(wins, int | float) or not 0 <= wins <= n:
        raise BotError(f"wilson_interval: wins must be a number in 0..n={n}, got {_brief(wins)}")
    if isinstance(z, bool) or not isinstance(z, int | float) or not 0 < z <= 100:
        raise BotError(f"wilson_interval: z must be a number in (0, 100], got {_brief(z)}")
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, center - half), min(1.0, center + half))


# ---------------------------------------------------------------------------------- schedules


def _check_lineup_args(
    n: object, players: object, partnerships: object, limit: object = None
) -> None:
    if type(n) is not int or not 2 <= n <= 1_000:
        raise BotError(f"entrants must be an int in 2..1,000, got {_brief(n)}")
    if type(players) is not int or players not in (2, 3, 4):
        raise BotError(f"players must be 2, 3 or 4 seats, got {_brief(players)}")
    if not isinstance(partnerships, bool):
        raise BotError(f"partnerships must be True or False, got {_brief(partnerships)}")
    if partnerships and players != 4:
        raise BotError(f"partnerships need 4 seats, got players={players}")
    if limit is not None and (type(limit) is not int or not 1 <= limit <= 10**12):
        raise BotError(f"limit must be an int in 1..10**12 or None, got {_brief(limit)}")


def round_robin_lineups(
    n: int, players: int, *, partnerships: bool = False, limit: int | None = None
) -> list[tuple[int, ...]]:
    """Every lineup of a round robin of ``n`` entrants: every choice of ``players`` of them
    in index order, so every pair meets. With partnerships (four seats, rule 10) and fewer
    than four entrants, every pair ``(a, b)`` as ``a b a b`` (each bot partnering a copy of
    itself); with fewer entrants than seats otherwise, the entrants round the table.

    Args:
        n: The number of entrants, 2..1,000.
        players: Seats per game, 2..4.
        partnerships: Whether the games are played in partnerships.
        limit: Only the first ``limit`` lineups (an int in 1..10**12), or all (``None``): 1,000
            entrants have billions of lineups.

    Returns:
        The lineups, the entrant of each seat.

    Raises:
        BotError: when an argument is out of range.
    """
    _check_lineup_args(n, players, partnerships, limit)
    if n >= players:
        return list(itertools.islice(itertools.combinations(range(n), players), limit))
    if partnerships:
        pairs = itertools.islice(itertools.combinations(range(n), 2), limit)
        return [(a, b, a, b) for a, b in pairs]
    return [tuple(i % n for i in range(players))]


def gauntlet_lineups(
    n: int, players: int, *, partnerships: bool = False, limit: int | None = None
) -> list[tuple[int, ...]]:
    """Every lineup of a gauntlet: entrant 0 (the bot on test) against the others, never the
    others among themselves. At two seats, ``(0, k)`` for every other entrant ``k``; at three
    or four, entrant 0 with every choice of ``players - 1`` others (the others round the table
    when there are too few); with partnerships (rule 10), ``0 k 0 k``: the bot on test
    partners a copy of itself against a copy of each opponent.

    Args:
        n: The number of entrants, 2..1,000 (entrant 0 runs the gauntlet).
        players: Seats per game, 2..4.
        partnerships: Whether the games are played in partnerships.
        limit: Only the first ``limit`` lineups (an int in 1..10**12), or all (``None``).

    Returns:
        The lineups, the entrant of each seat.

    Raises:
        BotError: when an argument is out of range.
    """
    _check_lineup_args(n, players, partnerships, limit)
    if partnerships:
        return [(0, k, 0, k) for k in itertools.islice(range(1, n), limit)]
    others = n - 1
    if others >= players - 1:
        combos = itertools.combinations(range(1, n), players - 1)
        return [(0, *c) for c in itertools.islice(combos, limit)]
    return [(0, *(1 + i % others for i in range(players - 1)))]


def lineup_count(n: int, players: int, *, partnerships: bool = False, kind: str) -> int:
    """How many lineups :func:`round_robin_lineups` (``kind="round-robin"``) or
    :func:`gauntlet_lineups` (``kind="gauntlet"``) give in all.

    Raises:
        BotError: when an argument is out of range or ``kind`` is neither.
    """
    _check_lineup_args(n, players, partnerships)
    if kind == "round-robin":
        if n >= players:
            return math.comb(n, players)
        return math.comb(n, 2) if partnerships else 1
    if kind == "gauntlet":
        if partnerships:
            return n - 1
        return math.comb(n - 1, players - 1) if n - 1 >= players - 1 else 1
    raise BotError(f"lineups are 'round-robin' or 'gauntlet', got {_brief(kind)}")


# ---------------------------------------------------------------------------------- pairs


def side_ranks(game: GameOutcome) -> tuple[int, ...]:
    """Each side's rank in a game, 0 best: the winner first (rule 9), then by match points,
    equal points sharing a rank.

    Args:
        game: A game's result.

    Returns:
        One rank per side.

    Raises:
        BotError: when ``game`` is not a game's result.
    """
    _check_games([game])
    scores = game.scores
    keys = [(game.winner == s, scores[s]) for s in range(len(scores))]
    return tuple(sum(1 for other in keys if other > key) for key in keys)


def _check_games(games: object, entrants: int | None = None) -> list[GameOutcome]:
    """The games as a list, each checked to have the fields of a game's result (entrants
    below ``entrants`` when it is given).

    Raises:
        BotError: naming the first game that does not.
    """
    if isinstance(games, str | bytes) or not isinstance(games, Iterable):
        raise BotError(f"games must be an iterable of game results, got {_brief(games)}")
    out: list[GameOutcome] = []
    for i, g in enumerate(games):
        try:
            index, seats, scores = g.index, g.entrants, g.scores
            winner, partnerships = g.winner, g.partnerships
        except AttributeError:
            raise BotError(
                f"games[{i}] must be a game result (index, entrants, scores, winner, "
                f"partnerships), got {_brief(g)}"
            ) from None
        high = 10**6 if entrants is None else entrants - 1
        ok = (
            type(index) is int
            and index >= 0
            and isinstance(partnerships, bool)
            and isinstance(seats, tuple)
            and 2 <= len(seats) <= 4
            and all(type(e) is int and 0 <= e <= high for e in seats)
            and (not partnerships or len(seats) == 4)
            and isinstance(scores, tuple)
            and len(scores) == (2 if partnerships else len(seats))
            and all(type(x) is int and x >= 0 for x in scores)
            and (winner is None or (type(winner) is int and 0 <= winner < len(scores)))
        )
        if not ok:
            raise BotError(
                f"games[{i}] is not a consistent game result"
                f"{'' if entrants is None else f' of {entrants} entrants'}: {_brief(g)}"
            )
        out.append(g)
    return out


def _check_entrants(entrants: object) -> int:
    if type(entrants) is not int or not 2 <= entrants <= 1_000:
        raise BotError(f"entrants must be an int in 2..1,000, got {_brief(entrants)}")
    return entrants


def _sides_of(game: GameOutcome) -> list[int]:
    n = len(game.entrants)
    return [s % 2 if game.partnerships else s for s in range(n)]


def pair_score(game: GameOutcome, a: int, b: int) -> float | None:
    """Entrant ``a``'s score against entrant ``b`` in one game: 1 when a side of ``a`` ranks
    above a side of ``b`` (:func:`side_ranks`), 0 below, 1/2 level, averaged over the sides
    each sits on; ``None`` when they never sit on different sides.

    Args:
        game: A game's result.
        a: An entrant index.
        b: Another entrant index.

    Returns:
        The score in [0, 1], or ``None``.

    Raises:
        BotError: when ``game`` is not a game's result or ``a``, ``b`` not entrant indexes.
    """
    _check_games([game])
    for name, e in (("a", a), ("b", b)):
        if type(e) is not int or not 0 <= e < 1_000:
            raise BotError(f"{name} must be an entrant index, got {_brief(e)}")
    sides = _sides_of(game)
    a_sides = {sides[s] for s, e in enumerate(game.entrants) if e == a}
    b_sides = {sides[s] for s, e in enumerate(game.entrants) if e == b}
    ranks = side_ranks(game)
    total = 0.0
    count = 0
    for sa in a_sides:
        for sb in b_sides:
            if sa == sb:
                continue
            count += 1
            total += 1.0 if ranks[sa] < ranks[sb] else 0.5 if ranks[sa] == ranks[sb] else 0.0
    return total / count if count else None


@attrs.frozen
class PairStats:
    """One pair of the crosstable, from the first entrant's side.

    Attributes:
        a: The first entrant.
        b: The second entrant.
        games: Games in which they sat on different sides.
        score: ``a``'s score against ``b`` (:func:`pair_score` summed: wins, halves for level).
    """

    a: int
    b: int
    games: int
    score: float

    @property
    def rate(self) -> float:
        """``a``'s score per game against ``b``, 0..1 (the win rate at two seats)."""
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`rate`."""
        return wilson_interval(self.score, self.games)


def crosstable(games: Iterable[GameOutcome], entrants: int) -> dict[tuple[int, int], PairStats]:
    """The crosstable: every ordered pair of entrants that met, with ``a``'s score against
    ``b`` and its 95% interval (``(a, b)`` and ``(b, a)`` are both given, mirror images).

    Args:
        games: The games' results.
        entrants: The number of entrants.

    Returns:
        ``{(a, b): PairStats}`` for every ``a != b`` that met on different sides.

    Raises:
        BotError: when ``entrants`` is not an int >= 2 or a game names an entrant beyond it.
    """
    _check_entrants(entrants)
    count: dict[tuple[int, int], int] = {}
    score: dict[tuple[int, int], float] = {}
    for g in _check_games(games, entrants):
        present = sorted(set(g.entrants))
        for a, b in itertools.permutations(present, 2):
            s = pair_score(g, a, b)
            if s is None:
                continue
            count[a, b] = count.get((a, b), 0) + 1
            score[a, b] = score.get((a, b), 0.0) + s
    return {k: PairStats(k[0], k[1], count[k], score[k]) for k in sorted(count)}


def crosstable_text(table: dict[tuple[int, int], PairStats], specs: Sequence[str]) -> str:
    """The crosstable as a markdown table: one row per entrant, one column per opponent, each
    cell the row's score per game against the column with its 95% interval and the games
    (``-`` on the diagonal, empty for a pair that never met).

    Args:
        table: :func:`crosstable`'s result.
        specs: The entrants' names, by index.

    Returns:
        The table's text.

    Raises:
        BotError: when ``table`` is not a crosstable or ``specs`` not a sequence of names
            naming every entrant in it.
    """
    if (
        isinstance(specs, str | bytes)
        or not isinstance(specs, Sequence)
        or not all(isinstance(x, str) for x in specs)
    ):
        raise BotError(f"specs must be a sequence of names, got {_brief(specs)}")
    if not isinstance(table, dict) or not all(
        isinstance(p, PairStats) and p.a < len(specs) and p.b < len(specs) for p in table.values()
    ):
        raise BotError(
            f"table must be a crosstable of {len(specs)} entrants (crosstable()), got "
            f"{_brief(table)}"
        )
    names = [f"`{s}`" for s in specs]
    lines = [
        "| | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for a, name in enumerate(names):
        cells = []
        for b in range(len(names)):
            p = table.get((a, b))
            if p is None:
                cells.append("-" if a == b else "")
                continue
            lo, hi = p.interval
            cells.append(f"{p.rate:.3f} [{lo:.3f}, {hi:.3f}] ({p.games})")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------- ratings


@attrs.frozen
class Rating:
    """An entrant's rating (Weng and Lin's Bayesian rating, the Plackett-Luce model of
    ``openskill``).

    Attributes:
        entrant: The entrant index.
        mu: The rating's mean (25 at the start).
        sigma: Its standard deviation (25/3 at the start).
    """

    entrant: int
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a rating the entrant is very likely above (how ``openskill``
        orders players).
        """
        return self.mu - 3 * self.sigma


def ratings(games: Iterable[GameOutcome], entrants: int) -> tuple[Rating, ...]:
    """Fit ratings to the games, in game order, with ``openskill``'s Plackett-Luce model:
    each game is one match of its sides ranked by :func:`side_ranks`, a side a team of its
    distinct entrants (a bot partnering a copy of itself is one player). A game in which one
    entrant sits on two sides (fewer bots than seats) says nothing about it against itself and
    is left out.

    Needs the optional extra ``bergen-dominoes[ratings]``
    (``pip install 'bergen-dominoes[ratings]'``).

    Args:
        games: The games' results.
        entrants: The number of entrants.

    Returns:
        One :class:`Rating` per entrant, in entrant order.

    Raises:
        BotError: when ``openskill`` is not installed, or ``entrants`` is not an int >= 2 or a
            game names an entrant beyond it.
    """
    _check_entrants(entrants)
    checked = _check_games(games, entrants)
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise BotError(
            "ratings need the optional package openskill: pip install 'bergen-dominoes[ratings]'"
        ) from None
    model = PlackettLuce()
    current = [model.rating(name=str(e)) for e in range(entrants)]
    for g in checked:
        sides = _sides_of(g)
        n_sides = len(g.scores)
        teams: list[list[int]] = [[] for _ in range(n_sides)]
        for seat, e in enumerate(g.entrants):
            if e not in teams[sides[seat]]:
                teams[sides[seat]].append(e)
        flat = [e for t in teams for e in t]
        if len(flat) != len(set(flat)):
            continue
        ranks = side_ranks(g)
        rated = model.rate([[current[e] for e in t] for t in teams], ranks=list(ranks))
        for t, new in zip(teams, rated, strict=True):
            for e, r in zip(t, new, strict=True):
                current[e] = r
    return tuple(Rating(e, float(r.mu), float(r.sigma)) for e, r in enumerate(current))


# ---------------------------------------------------------------------------------- SPRT


def score_of_elo(elo: float) -> float:
    """The expected score of a player ``elo`` logistic Elo points stronger:
    ``1 / (1 + 10 ** (-elo / 400))``.

    Raises:
        BotError: when ``elo`` is not a number in -10,000..10,000.
    """
    if isinstance(elo, bool) or not isinstance(elo, int | float) or not abs(elo) <= 10_000:
        raise BotError(f"elo must be a number in -10,000..10,000, got {_brief(elo)}")
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of_score(score: float) -> float:
    """The logistic Elo difference of an expected score, ``-400 log10(1/score - 1)``;
    ``±inf`` at 1 and 0.

    Raises:
        BotError: when ``score`` is not a number in [0, 1].
    """
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
        raise BotError(f"score must be a number in [0, 1], got {_brief(score)}")
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def group_scores(games: Iterable[GameOutcome], players: int, a: int, b: int) -> list[float]:
    """Entrant ``a``'s mean score against ``b`` (:func:`pair_score`) in each duplicate group
    (games ``g * players`` .. ``g * players + players - 1``) in which they met, groups in order;
    only whole groups count (a group still being played is left out).

    Args:
        games: The games' results.
        players: Seats per game (the games per group).
        a: The first entrant.
        b: The second entrant.

    Returns:
        One score in [0, 1] per finished group.

    Raises:
        BotError: when ``games`` are not game results, ``players`` not 2..4 or ``a``, ``b``
            not entrant indexes.
    """
    if type(players) is not int or players not in (2, 3, 4):
        raise BotError(f"players must be 2, 3 or 4 seats, got {_brief(players)}")
    for name, e in (("a", a), ("b", b)):
        if type(e) is not int or not 0 <= e < 1_000:
            raise BotError(f"{name} must be an entrant index, got {_brief(e)}")
    by_group: dict[int, list[float | None]] = {}
    for g in _check_games(games):
        by_group.setdefault(g.index // players, []).append(pair_score(g, a, b))
    out = []
    for key in sorted(by_group):
        scores = by_group[key]
        met = [s for s in scores if s is not None]
        if len(scores) == players and met:
            out.append(sum(met) / len(met))
    return out


def _check_scores(scores: object) -> None:
    if (
        isinstance(scores, str | bytes)
        or not isinstance(scores, Sequence)
        or not all(
            not isinstance(x, bool) and isinstance(x, int | float) and 0 <= x <= 1 for x in scores
        )
    ):
        raise BotError(f"scores must be a sequence of numbers in [0, 1], got {_brief(scores)}")


@attrs.frozen
class SPRTTest:
    """A sequential probability ratio test of a two-bot match, as chess engines are tested
    (fishtest, cutechess-cli's ``-sprt``): H0 "the first bot is ``elo0`` logistic Elo stronger
    than the second", H1 "it is ``elo1`` stronger", with error rates ``alpha`` (accepting H1
    when H0 holds) and ``beta`` (accepting H0 when H1 holds).

    The observations are the duplicate groups' scores (:func:`group_scores`): the luck of the
    deal cancels within a group, so they vary less than single games. The log-likelihood ratio
    is the generalized SPRT's normal approximation (M. Van den Bergh, as fishtest computes it),
    ``N (s1 - s0) (2 m - s0 - s1) / (2 v)``, with ``s0``, ``s1`` the scores of ``elo0``,
    ``elo1`` (:func:`score_of_elo`) and ``m``, ``v`` the mean and variance of the group
    scores, both taken with half a pseudo-observation at 0, 1/2 and 1 (so that a handful of
    equal results does not read as certainty). The test stops at H1 when the ratio reaches
    ``log((1 - beta) / alpha)`` and at H0 when it falls to ``log(beta / (1 - alpha))``
    (Wald's bounds).

    Attributes:
        elo0: Elo of H0.
        elo1: Elo of H1, above ``elo0``.
        alpha: The false positive rate, in (0, 0.5).
        beta: The false negative rate, in (0, 0.5).

    Raises:
        BotError: when a bound is not a finite number, ``elo1 <= elo0``, or an error rate is
            outside (0, 0.5).
    """

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        for name in ("elo0", "elo1", "alpha", "beta"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int | float) or not abs(v) <= 2000:
                raise BotError(f"SPRTTest.{name} must be a number in -2000..2000, got {_brief(v)}")
        if not self.elo1 > self.elo0:
            raise BotError(f"SPRTTest: elo1 ({self.elo1}) must be above elo0 ({self.elo0})")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                raise BotError(f"SPRTTest.{name} must be in (0, 0.5), got {getattr(self, name)}")

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's bounds ``(lower, upper)`` on the log-likelihood ratio."""
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 against H0 after the group ``scores`` (each in
        [0, 1]); 0 with none.

        Raises:
            BotError: when ``scores`` is not a sequence of numbers in [0, 1].
        """
        _check_scores(scores)
        n = len(scores)
        if not n:
            return 0.0
        prior = (0.0, 0.5, 1.0)
        w = 0.5
        total = n + w * len(prior)
        mean = (sum(scores) + w * sum(prior)) / total
        var = (
            sum((x - mean) ** 2 for x in scores) + w * sum((x - mean) ** 2 for x in prior)
        ) / total
        s0 = score_of_elo(self.elo0)
        s1 = score_of_elo(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def state(self, scores: Sequence[float]) -> SPRTState:
        """Where the test stands after the group ``scores``.

        Args:
            scores: The duplicate groups' scores of the first bot, in order.

        Returns:
            The :class:`SPRTState`.

        Raises:
            BotError: when ``scores`` is not a sequence of numbers in [0, 1].
        """
        llr = self.llr(scores)
        lower, upper = self.bounds
        decision = "H1" if llr >= upper else "H0" if llr <= lower else None
        n = len(scores)
        mean = sum(scores) / n if n else 0.5
        return SPRTState(self, n, mean, llr, decision)


@attrs.frozen
class SPRTState:
    """A :class:`SPRTTest` after some duplicate groups.

    Attributes:
        test: The test.
        groups: The duplicate groups seen.
        mean: The first bot's mean group score (0.5 with none).
        llr: The log-likelihood ratio of H1 against H0.
        decision: ``"H1"`` (the first bot is ``elo1`` stronger, or more), ``"H0"`` (``elo0``,
            or less), or ``None`` (go on).
    """

    test: SPRTTest
    groups: int
    mean: float
    llr: float
    decision: str | None

    def __str__(self) -> str:
        """One line: the test, the ratio against its bounds and the decision."""
        lower, upper = self.test.bounds
        t = self.test
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[self.decision]
        return (
            f"SPRT elo0={t.elo0:g} elo1={t.elo1:g} alpha={t.alpha:g} beta={t.beta:g}: "
            f"LLR {self.llr:.2f} in [{lower:.2f}, {upper:.2f}] after {self.groups} duplicate "
            f"groups (mean score {self.mean:.3f}, Elo {elo_of_score(self.mean):+.0f}): {verdict}"
        )
