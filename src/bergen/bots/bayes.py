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
3. *Evaluation*: a playout's end is valued as the chance of winning the match from the scores
   it reaches (:class:`MatchEquity`; ``evaluation="match"``, the default, with two sides),
   rather than the round's points difference (``evaluation="points"``, always used with three
   or four sides).
"""

from __future__ import annotations

import bisect
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
    """The chance that each of two sides wins the match from given scores, rounds apart.

    A model, not an exact value: the points the two sides score in a round are a pair drawn from
    ``gains`` (``{(points of one side, points of the other): probability}``), independently from
    round to round and of the scores. From those, ``V(a, b)``, the chance that the side at ``a``
    beats the side at ``b``, is worked out exactly by dynamic programming over the rounds (rule
    9: the first to the target wins; when both pass it in one round the model cannot tell who
    was first and counts one half; with ``round_end`` (``MatchEnd.ROUND_END``) the higher score
    wins, level scores one half). :meth:`for_rules` takes ``gains`` from playouts.

    Args:
        gains: The distribution of a round's points, each pair of ints >= 0 with a probability
            > 0, the probabilities summing to 1.
        target: The match target, an int >= 1 (rule 9).
        round_end: Whether the target is judged only at the end of a round.

    Raises:
        BotError: when an argument is not as described.
    """

    def __init__(self, gains: dict[tuple[int, int], float], target: int, round_end: bool) -> None:
        """Work out the table of chances."""
        if type(target) is not int or not 1 <= target <= 1_000:
            raise BotError(f"target must be an int in 1..1,000, got {_brief(target)}")
        if not isinstance(round_end, bool):
            raise BotError(f"round_end must be True or False, got {_brief(round_end)}")
        if (
            not isinstance(gains, dict)
            or not gains
            or not all(
                isinstance(k, tuple)
                and len(k) == 2
                and all(type(x) is int and 0 <= x <= 1_000 for x in k)
                and isinstance(p, float | int)
                and not isinstance(p, bool)
                and 0 < p <= 1
                for k, p in gains.items()
            )
            or not math.isclose(sum(gains.values()), 1.0)
            or gains.get((0, 0), 0.0) >= 1.0
        ):
            raise BotError(
                "gains must map pairs of points (ints >= 0) to probabilities > 0 summing to 1, "
                f"not all on (0, 0); got {_brief(gains)}"
            )
        self.gains = {k: float(p) for k, p in sorted(gains.items())}
        self.target = target
        self.round_end = round_end
        self._table = self._solve()

    @classmethod
    def for_rules(cls, rules: Rules, seats: int, rounds: int = 400) -> MatchEquity:
        """The model for a table of two sides, its round points taken from ``greedy``
        playouts (:func:`bergen.kernel.rollout.greedy_rollout`) of ``rounds`` seeded first
        rounds (rules 1-8), both orders of each pair counted alike (the seat that leads is
        not remembered between rounds); the reduction near the target (rule 6) is left out.

        Args:
            rules: The rules.
            seats: The seats at the table (two, or four in partnerships).
            rounds: How many playout rounds, an int in 1..100,000.

        Returns:
            The :class:`MatchEquity`.

        Raises:
            BotError: when the table does not have two sides or ``rounds`` is out of range.
        """
        if type(rounds) is not int or not 1 <= rounds <= 100_000:
            raise BotError(f"rounds must be an int in 1..100,000, got {_brief(rounds)}")
        if not isinstance(rules, Rules):
            raise BotError(f"rules must be a Rules, got {_brief(rules)}")
        if type(seats) is not int or seats not in (2, 3, 4):
            raise BotError(f"seats must be 2, 3 or 4, got {_brief(seats)}")
        if (2 if rules.partnerships and seats == 4 else seats) != 2:
            raise BotError("MatchEquity is for two sides: two seats, or four in partnerships")
        rng = random.Random(0)
        counts: dict[tuple[int, int], int] = {}
        table: Table | None = None
        for i in range(rounds):
            rnd = MatchState.new(seats, rules, seed=i).round
            assert rnd is not None  # a new match with a seed has its first round dealt
            context = rnd._context
            table = context.table
            final = greedy_rollout(
                table, context.boneyard, rnd._position, rnd.to_move, rnd.scores, rng.random
            )
            g = (final[0] - rnd.scores[0], final[1] - rnd.scores[1])
            for key in (g, (g[1], g[0])):
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

    def chance(self, mine: int, theirs: int) -> float:
        """The chance that the side at ``mine`` points wins against the side at ``theirs``,
        between rounds (a side at the target or past it has won, rule 9).

        Args:
            mine: The side's match points, an int >= 0.
            theirs: The other side's, an int >= 0.

        Returns:
            A probability.

        Raises:
            BotError: when a score is not an int >= 0.
        """
        for name, x in (("mine", mine), ("theirs", theirs)):
            if type(x) is not int or x < 0:
                raise BotError(f"{name} must be an int >= 0 (points), got {_brief(x)}")
        return self._after(self._table, mine, theirs)


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
        evaluation: ``"match"`` (the chance of winning the match, :class:`MatchEquity`, with
            two sides; the points difference with more) or ``"points"`` (the round's points
            difference, as ``ismcts``).
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
        self._equity: dict[tuple[Rules, int], MatchEquity] = {}

    def _equity_for(self, view: PlayerView) -> MatchEquity | None:
        if self.evaluation != "match" or view.sides != 2:
            return None
        key = (view.rules, view.seats)
        equity = self._equity.get(key)
        if equity is None:
            equity = self._equity[key] = MatchEquity.for_rules(view.rules, view.seats)
        return equity

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
