"""An arena's results: per-entrant statistics with Wilson intervals, and the table."""

from __future__ import annotations

import attrs

from bergen.arena._games import (
    _MAX_COUNT,
    MAX_ARENA_ENTRANTS,
    Forfeit,
    GameResult,
    _check_arena_seed,
    _check_int,
    _check_rules_arg,
    _check_specs_arg,
    _check_str,
)
from bergen.bots import BotError
from bergen.errors import _as_tuple, _brief
from bergen.rules import Rules
from bergen.tournament import _Z95
from bergen.tournament import wilson_interval as _wilson_interval


def wilson_interval(wins: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson, 1927), 95% by default.

    Args:
        wins: Successes, ``0 <= wins <= n``.
        n: Trials.
        z: The normal quantile (1.96 for 95%).

    Returns:
        ``(low, high)`` within [0, 1]; ``(0.0, 1.0)`` when ``n`` is 0.

    Raises:
        BotError: when ``n`` is not an int in 0..10**15, ``wins`` not an int in 0..n, or ``z``
            not a number in (0, 100].
    """
    # Games won count whole here; bergen.tournament's interval, which checks the rest and does
    # the sums, also takes half points for level games.
    if isinstance(wins, float):
        raise BotError(f"wilson_interval: wins must be an int in 0..n={n}, got {_brief(wins)}")
    return _wilson_interval(wins, n, z)


@attrs.frozen
class EntrantStats:
    """One entrant's results.

    Attributes:
        entrant: The entrant index.
        bot: The bot spec.
        games: Games played, once per side it sat on: a bot that is its own partner
            (partnerships, ``A B A B``) counts once; a bot seated on two sides of one game (fewer
            bots than seats, no partnerships) counts once per side.
        wins: Of those, sides that won.
        points: Match points its sides scored (per side counted in ``games``).
        rounds: Rounds played (per side counted in ``games``).
        forfeits: Games it forfeited.
    """

    entrant: int
    bot: str
    games: int
    wins: int
    points: int
    rounds: int
    forfeits: int

    def __attrs_post_init__(self) -> None:
        """Check the fields.

        Raises:
            BotError: naming a field of the wrong type or out of range (``entrant`` an entrant
                index, ``bot`` a string, the others counts >= 0).
        """
        _check_int("EntrantStats", "entrant", self.entrant, 0, MAX_ARENA_ENTRANTS - 1)
        _check_str("EntrantStats", "bot", self.bot)
        for name in ("games", "wins", "points", "rounds", "forfeits"):
            _check_int("EntrantStats", name, getattr(self, name), 0, _MAX_COUNT)

    @property
    def win_rate(self) -> float:
        """Wins per game, 0..1."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def points_per_round(self) -> float:
        """Mean match points scored per round."""
        return self.points / self.rounds if self.rounds else 0.0


@attrs.frozen
class ArenaResult:
    """The results of an arena.

    Attributes:
        specs: The entrants' bot specs.
        players: Seats per game.
        seed: The arena seed.
        rules: The ruleset.
        games: Every game's result, game index ascending.
    """

    specs: tuple[str, ...] = attrs.field(converter=_as_tuple)
    players: int
    seed: int
    rules: Rules
    games: tuple[GameResult, ...] = attrs.field(converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check the fields (lists are copied to tuples first).

        Raises:
            BotError: naming a field of the wrong type or out of range: those of
                :func:`schedule` for ``specs``, ``players``, ``seed`` and ``rules``, and
                ``games`` :class:`GameResult` values of ``players`` seats whose entrants are
                entrants of ``specs``.
            RulesError: when the rules do not allow ``players`` seats.
        """
        _check_specs_arg(self.specs, "ArenaResult.specs")
        _check_int("ArenaResult", "players", self.players, 2, 4)
        _check_arena_seed("ArenaResult.seed", self.seed)
        _check_rules_arg(self.rules, self.players, "ArenaResult.rules")
        n = len(self.specs)
        if not isinstance(self.games, tuple):
            raise BotError(f"ArenaResult.games must be GameResult values, got {_brief(self.games)}")
        for i, g in enumerate(self.games):
            if (
                not isinstance(g, GameResult)
                or len(g.entrants) != self.players
                or any(e >= n for e in g.entrants)
            ):
                raise BotError(
                    f"ArenaResult.games[{i}] must be a GameResult of {self.players} seats of "
                    f"the {n} entrants, got {_brief(g)}"
                )

    @property
    def forfeits(self) -> tuple[Forfeit, ...]:
        """Every forfeit, in game order."""
        return tuple(g.forfeit for g in self.games if g.forfeit is not None)

    def stats(self) -> tuple[EntrantStats, ...]:
        """Per-entrant results, in entrant order."""
        n = len(self.specs)
        games = [0] * n
        wins = [0] * n
        points = [0] * n
        rounds = [0] * n
        forfeits = [0] * n
        for g in self.games:
            # Once per side an entrant sat on: partners that are the same bot are one player.
            for e, side in dict.fromkeys((e, g.side_of(seat)) for seat, e in enumerate(g.entrants)):
                games[e] += 1
                wins[e] += g.winner == side
                points[e] += g.scores[side]
                rounds[e] += g.rounds
            if g.forfeit is not None:
                forfeits[g.forfeit.entrant] += 1
        return tuple(
            EntrantStats(e, self.specs[e], games[e], wins[e], points[e], rounds[e], forfeits[e])
            for e in range(n)
        )

    def report(self) -> str:
        """The results as text: a table of win rates with 95% intervals and points per round,
        then the forfeits. The same for the same results, whatever ran them.
        """
        stats = self.stats()
        width = max(5, *(len(s.bot) for s in stats))
        lines = [
            f"Arena: {len(self.games)} games, {self.players} players, rules {self.rules.label}"
            f"{', partnerships' if self.rules.partnerships else ''}, seed {self.seed}",
            f"(duplicate: each deal played {self.players} times, seats rotated)",
            "",
            f"{'bot':<{width}}  {'games':>5}  {'wins':>5}  {'win rate':>8}  "
            f"{'95% CI':>15}  {'points/round':>12}  {'forfeits':>8}",
        ]
        for s in stats:
            lo, hi = s.interval
            lines.append(
                f"{s.bot:<{width}}  {s.games:>5}  {s.wins:>5}  {s.win_rate:>8.3f}  "
                f"{f'[{lo:.3f}, {hi:.3f}]':>15}  {s.points_per_round:>12.2f}  {s.forfeits:>8}"
            )
        forfeits = self.forfeits
        lines.append("")
        if forfeits:
            lines.append(f"Forfeits ({len(forfeits)}):")
            lines.extend(f"  {f}" for f in forfeits)
        else:
            lines.append("Forfeits: none")
        return "\n".join(lines)


class ArenaInterrupted(KeyboardInterrupt):
    """Ctrl-C (``KeyboardInterrupt``) during :func:`run_arena`, with what was finished.

    A ``KeyboardInterrupt``, so that code that does not look for it stops as on any Ctrl-C.

    Attributes:
        result: The results of the games finished before the interruption (those of the
            results file too, when resuming), game index ascending.
        planned: The games the arena was to play.
    """

    def __init__(self, result: ArenaResult, planned: int) -> None:
        """Keep the partial result and the number of games planned."""
        super().__init__(f"arena interrupted after {len(result.games)} of {planned} games")
        self.result = result
        self.planned = planned

    def __reduce__(self) -> tuple[type[ArenaInterrupted], tuple[ArenaResult, int]]:
        """Pickle with both arguments."""
        return (type(self), (self.result, self.planned))
