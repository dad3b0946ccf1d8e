"""The built-in ``bayes`` bot: information-set Monte Carlo tree search over worlds weighted by
inference from the other seats' play, valuing the chance of winning the match.

Three parts, each documented where it lives:

1. *Inference* (:mod:`bergen.bots.inference`): ``worlds`` hidden worlds are drawn uniformly
   among those consistent with the view and each is weighted by the likelihood of the other
   seats' moves of this round under an :class:`~bergen.bots.inference.OpponentModel` (by
   default: they play like ``greedy``, with some noise).
2. *Search*: single-observer ISMCTS (Cowling, Powley and Whitehouse 2012), the tree loop of
   :class:`~bergen.bots.ISMCTSBot` (:func:`bergen.kernel.tree.search`), each iteration's
   determinization one of those worlds drawn in proportion to its weight, its boneyard still
   to draw shuffled anew (the order of the tiles not yet drawn is independent of everything
   seen, so each iteration's draws are fresh chance events).
3. *Evaluation*: a playout's end is valued as the side's expected match score from the scores
   it reaches (:class:`MatchEquity`; ``evaluation="match"``, the default, with two or three
   sides: the share of the other sides it finishes the match above, with two sides the chance
   of winning the match), rather than the round's points difference (``evaluation="points"``,
   always used with four sides).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
import time
from collections.abc import Sequence

from bergen.bots.base import BotError, _check_choice, _decision_seconds, _seeded, check_budget
from bergen.bots.inference import OpponentModel, World, weighted_worlds
from bergen.bots.ismcts import _most_visited
from bergen.errors import _brief
from bergen.kernel.rollout import greedy_rollout, ranked_rollout
from bergen.kernel.table import Table
from bergen.kernel.tree import Determinization, Playout, search
from bergen.match import MatchState
from bergen.moves import Move
from bergen.rules import Rules
from bergen.view import PlayerView, sampler_for

__all__ = ["BayesBot", "MatchEquity"]

_PLAYOUTS: dict[str, Playout] = {"greedy": greedy_rollout, "ranked": ranked_rollout}


class MatchEquity:
    """Each side's expected match score from given scores, rounds apart, at a table of two or
    three sides: the share of the other sides it finishes the match above (rule 9: the winner
    above all, the rest by match points), a level one counting 1/2. With two sides that is the
    chance of winning the match.

    A model, not an exact value: the points the sides score in a round are a tuple drawn from
    ``gains`` (``{(points of each side): probability}``), independently from round to round
    and of the scores. From those, ``V(a, b)`` (two sides: the chance that the side at ``a``
    beats the side at ``b``) or ``V(a, b, c)`` (three: the score of the side at ``a`` against
    the sides at ``b`` and ``c``) is worked out exactly by dynamic programming over the rounds
    (rule 9: the first to the target wins; when several pass it in one round the model cannot
    tell who was first and ranks them level; with ``round_end`` (``MatchEnd.ROUND_END``) the
    highest score wins, level scores level). :meth:`for_rules` takes ``gains`` from playouts.

    Args:
        gains: The distribution of a round's points, each a pair or a triple (one length for
            all) of ints >= 0 with a probability > 0, the probabilities summing to 1.
        target: The match target, an int >= 1 (rule 9; at most 1,000 for two sides, 100 for
            three).
        round_end: Whether the target is judged only at the end of a round.

    Raises:
        BotError: when an argument is not as described.
    """

    def __init__(self, gains: dict[tuple[int, ...], float], target: int, round_end: bool) -> None:
        """Work out the table of scores."""
        if type(target) is not int or not 1 <= target <= 1_000:
            raise BotError(f"target must be an int in 1..1,000, got {_brief(target)}")
        if not isinstance(round_end, bool):
            raise BotError(f"round_end must be True or False, got {_brief(round_end)}")
        sides = len(next(iter(gains))) if isinstance(gains, dict) and gains else 0
        if (
            not isinstance(gains, dict)
            or sides not in (2, 3)
            or not all(
                isinstance(k, tuple)
                and len(k) == sides
                and all(type(x) is int and 0 <= x <= 1_000 for x in k)
                and isinstance(p, float | int)
                and not isinstance(p, bool)
                and 0 < p <= 1
                for k, p in gains.items()
            )
            or not math.isclose(sum(gains.values()), 1.0)
            or gains.get((0,) * sides, 0.0) >= 1.0
        ):
            raise BotError(
                "gains must map pairs or triples of points (ints >= 0, one length) to "
                f"probabilities > 0 summing to 1, not all on no points; got {_brief(gains)}"
            )
        if sides == 3 and target > 100:
            raise BotError(f"target must be at most 100 for three sides, got {target}")
        self.sides = sides
        self.gains = {k: float(p) for k, p in sorted(gains.items())}
        self.target = target
        self.round_end = round_end
        self._table = self._solve() if sides == 2 else self._solve3()

    @classmethod
    def for_rules(cls, rules: Rules, seats: int, rounds: int = 400) -> MatchEquity:
        """The model for a table of two or three sides, its round points taken from
        ``greedy`` playouts (:func:`bergen.kernel.rollout.greedy_rollout`) of ``rounds``
        seeded first rounds (rules 1-8), every order of the sides counted alike (the seat
        that leads is not remembered between rounds); the reduction near the target (rule 6)
        is left out.

        Args:
            rules: The rules.
            seats: The seats at the table (two or three, or four in partnerships).
            rounds: How many playout rounds, an int in 1..100,000.

        Returns:
            The :class:`MatchEquity`.

        Raises:
            BotError: when the table has four sides or ``rounds`` is out of range.
        """
        if type(rounds) is not int or not 1 <= rounds <= 100_000:
            raise BotError(f"rounds must be an int in 1..100,000, got {_brief(rounds)}")
        if not isinstance(rules, Rules):
            raise BotError(f"rules must be a Rules, got {_brief(rules)}")
        if type(seats) is not int or seats not in (2, 3, 4):
            raise BotError(f"seats must be 2, 3 or 4, got {_brief(seats)}")
        sides = 2 if rules.partnerships and seats == 4 else seats
        if sides == 4:
            raise BotError(
                "MatchEquity is for two or three sides: two or three seats, or four in partnerships"
            )
        rng = random.Random(0)
        counts: dict[tuple[int, ...], int] = {}
        table: Table | None = None
        for i in range(rounds):
            rnd = MatchState.new(seats, rules, seed=i).round
            assert rnd is not None  # a new match with a seed has its first round dealt
            context = rnd._context
            table = context.table
            final = greedy_rollout(
                table, context.boneyard, rnd._position, rnd.to_move, rnd.scores, rng.random
            )
            g = tuple(final[s] - rnd.scores[s] for s in range(sides))
            for key in itertools.permutations(g):
                counts[key] = counts.get(key, 0) + 1
        assert table is not None
        total = sum(counts.values())
        return cls({k: v / total for k, v in counts.items()}, table.target, table.round_end)

    def _solve(self) -> list[list[float]]:
        target = self.target
        v = [[0.5] * target for _ in range(target)]
        stay = self.gains.get((0, 0), 0.0)
        for a in range(target - 1, -1, -1):
            for b in range(target - 1, -1, -1):
                acc = 0.0
                for (ga, gb), p in self.gains.items():
                    if ga == 0 and gb == 0:
                        continue
                    acc += p * self._after(v, a + ga, b + gb)
                v[a][b] = acc / (1 - stay) if stay < 1 else 0.5
        return v

    def _after(self, v: list[list[float]], a: int, b: int) -> float:
        target = self.target
        if a >= target or b >= target:
            if a >= target and b >= target:
                if self.round_end:
                    return 1.0 if a > b else 0.0 if b > a else 0.5
                return 0.5
            return 1.0 if a >= target else 0.0
        return v[a][b]

    def _solve3(self) -> list[list[float]]:
        """``v[a][b * target + c]``: the score of the side at ``a`` against ``b`` and ``c``."""
        target = self.target
        v = [[0.5] * (target * target) for _ in range(target)]
        stay = self.gains.get((0, 0, 0), 0.0)
        moves = [(g, p) for g, p in self.gains.items() if any(g)]
        for a in range(target - 1, -1, -1):
            for b in range(target - 1, -1, -1):
                for c in range(target - 1, -1, -1):
                    acc = 0.0
                    for (ga, gb, gc), p in moves:
                        na, nb, nc = a + ga, b + gb, c + gc
                        if na < target and nb < target and nc < target:
                            acc += p * v[na][nb * target + nc]
                        else:
                            acc += p * self._decided((na, nb, nc))
                    v[a][b * target + c] = acc / (1 - stay)
        return v

    def _decided(self, scores: tuple[int, ...]) -> float:
        """The score of side 0 at a match decided with ``scores`` (one at the target at
        least): the winners (the highest score with ``round_end``, else every side past the
        target) above the rest and level among themselves, the rest by points.
        """
        top = max(scores)
        won = [s == top if self.round_end else s >= self.target for s in scores]
        total = 0.0
        for j in range(1, len(scores)):
            if won[0] or won[j]:
                total += 0.5 if won[0] and won[j] else 1.0 if won[0] else 0.0
            else:
                total += 1.0 if scores[0] > scores[j] else 0.5 if scores[0] == scores[j] else 0.0
        return total / (len(scores) - 1)

    def chance(self, mine: int, *theirs: int) -> float:
        """The expected match score of the side at ``mine`` points against the other sides at
        ``theirs``, between rounds: with two sides its chance of winning the match (a side at
        the target or past it has won, rule 9).

        Args:
            mine: The side's match points, an int >= 0.
            theirs: The other sides' (one for two sides, two for three), each an int >= 0.

        Returns:
            A probability (two sides) or an expected score in [0, 1].

        Raises:
            BotError: when a score is not an int >= 0, or not one for each other side.
        """
        if len(theirs) != self.sides - 1:
            raise BotError(f"the model has {self.sides} sides: give {self.sides - 1} others")
        for name, x in (("mine", mine), *(("theirs", t) for t in theirs)):
            if type(x) is not int or x < 0:
                raise BotError(f"{name} must be an int >= 0 (points), got {_brief(x)}")
        if self.sides == 2:
            return self._after(self._table, mine, theirs[0])
        b, c = theirs
        target = self.target
        if max(mine, b, c) >= target:
            return self._decided((mine, b, c))
        return self._table[mine][b * target + c]


class BayesBot:
    """ISMCTS over worlds weighted by inference from the other seats' play, valuing the match
    (see :mod:`bergen.bots.bayes`).

    Args:
        seed: Seed of the bot's own generator.
        iterations: Search iterations per decision (one determinization, one path, one
            playout each). Default 1000 without ``seconds``; with ``seconds`` and no
            ``iterations``, only the clock stops it.
        seconds: The time budget per decision, in seconds of wall clock (``None``: none); the
            worlds are drawn first, then the search stops before an iteration that the last
            one's time says would end past the clock (the convention of
            :func:`bergen.bots.base.check_budget`), after one at least.
        worlds: Worlds drawn and weighted per decision, an int >= 1 (default 48).
        policy, temperature, epsilon: The :class:`~bergen.bots.inference.OpponentModel`
            (default ``"greedy"``, 0.5, 0.1); ``epsilon=1`` weighs every world alike (no
            inference).
        evaluation: ``"match"`` (the expected match score, :class:`MatchEquity`: with two
            sides the chance of winning the match; with three the share of the other sides
            finished above; the points difference with four) or ``"points"`` (the round's
            points difference, as ``ismcts``).
        exploration: The UCB exploration constant, in the evaluation's unit (default 0.4 for
            ``"match"``, 4.0 points for ``"points"``).
        playout: How the search plays a round out past its tree: ``"greedy"`` (the header worth
            most, else a play at random: :func:`bergen.kernel.rollout.greedy_rollout`) or
            ``"ranked"`` (every seat as the ``greedy`` bot ranks its moves:
            :func:`bergen.kernel.rollout.ranked_rollout`).
        others: How the seats of the other sides choose in the search's tree: ``"search"``
            (by UCB, each looking for its own best reply, as in ``ismcts``) or ``"greedy"``
            (as the ``greedy`` bot ranks their moves: :func:`bergen.kernel.rollout.ranked_action`;
            the tree then searches the bot's own moves against that model of theirs).

    Raises:
        BotError: when an argument is not as described.
    """

    name = "bayes"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        worlds: int = 48,
        policy: str = "greedy",
        temperature: float = 0.5,
        epsilon: float = 0.1,
        evaluation: str = "match",
        exploration: float | None = None,
        playout: str = "greedy",
        others: str = "search",
    ) -> None:
        """Make the bot with its own generator and budget."""
        self.iterations, self.seconds = check_budget(
            iterations, seconds, default=1000, unit="iterations"
        )
        if type(worlds) is not int or not 1 <= worlds <= 100_000:
            raise BotError(f"worlds must be an int in 1..100,000, got {_brief(worlds)}")
        if not isinstance(evaluation, str) or evaluation not in ("match", "points"):
            raise BotError(f"evaluation is 'match' or 'points', got {_brief(evaluation)}")
        if exploration is None:
            exploration = 0.4 if evaluation == "match" else 4.0
        if (
            not isinstance(exploration, int | float)
            or isinstance(exploration, bool)
            or not 0 <= exploration <= 1e9
        ):
            raise BotError(f"exploration must be a number in 0..1e9, got {_brief(exploration)}")
        if not isinstance(playout, str) or playout not in _PLAYOUTS:
            raise BotError(f"playout is 'greedy' or 'ranked', got {_brief(playout)}")
        if not isinstance(others, str) or others not in ("search", "greedy"):
            raise BotError(f"others is 'search' or 'greedy', got {_brief(others)}")
        self.model = OpponentModel(policy, temperature, epsilon)
        self.playout = playout
        self.others = others
        self.worlds = worlds
        self.evaluation = evaluation
        self.exploration = float(exploration)
        self.rng = _seeded(seed)

    def _equity_for(self, view: PlayerView) -> MatchEquity | None:
        if self.evaluation != "match" or view.sides > 3:
            return None
        return _equity(view.rules, view.seats)

    def choose(
        self, view: PlayerView, legal_moves: Sequence[Move], *, seconds: float | None = None
    ) -> Move:
        """Return the legal move whose root child was visited most (ties: the greedy ranking).

        Args:
            view: The view of the seat to move.
            legal_moves: Its legal moves.
            seconds: The caller's time for this move, in seconds: the search stops at the
                earlier of it and the bot's own budget. ``None``: the bot's own budget only.

        Raises:
            BotError: when ``seconds`` is not a number > 0, ``view`` not a view or
                ``legal_moves`` not a non-empty sequence of moves.
        """
        _check_choice(view, legal_moves)
        budget = _decision_seconds(self.seconds, seconds)
        if len(legal_moves) == 1:
            return legal_moves[0]
        deadline = math.inf if budget is None else time.perf_counter() + budget
        equity = self._equity_for(view)
        rng = self.rng
        particles = weighted_worlds(view, self.worlds, rng, self.model, sampler_for(view))
        cumulative: list[float] = []
        acc = 0.0
        for w in particles:
            acc += w.likelihood
            cumulative.append(acc)
        root = search(
            view.seat,
            lambda: _determinize(particles, cumulative, rng),
            rng.random,
            view.scores,
            view.sides,
            self.exploration,
            _PLAYOUTS[self.playout],
            [] if equity is None else equity._table,
            -1 if self.iterations is None else self.iterations,
            deadline,
            self._ranked_seats(view),
        )
        return _most_visited(view, legal_moves, root)

    def _ranked_seats(self, view: PlayerView) -> int:
        """The mask of the seats that choose by the greedy ranking in the tree (``others``)."""
        if self.others != "greedy":
            return 0
        mask = 0
        for s in range(view.seats):
            if view.side_of(s) != view.side:
                mask |= 1 << s
        return mask


@functools.lru_cache(maxsize=16)
def _equity(rules: Rules, seats: int) -> MatchEquity:
    """:meth:`MatchEquity.for_rules` with its default rounds, worked out once per rules and
    seats (it is the same every time: its playouts are seeded; each bot reads it, none changes
    it), since the arena makes a bot for every game.
    """
    return MatchEquity.for_rules(rules, seats)


def _determinize(
    particles: list[World], cumulative: list[float], rng: random.Random
) -> Determinization:
    """One of the worlds, drawn in proportion to its weight (``cumulative``: the running sums
    of the weights), its boneyard still to draw shuffled anew (its order is independent of
    everything seen).
    """
    world = particles[
        min(bisect.bisect_right(cumulative, rng.random() * cumulative[-1]), len(particles) - 1)
    ]
    pos = world.position
    drawn = pos[4]
    rest = list(world.boneyard[drawn:])
    rng.shuffle(rest)
    return world.table, world.boneyard[:drawn] + tuple(rest), pos, world.to_move, world.scores
