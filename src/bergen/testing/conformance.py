"""Random playouts with every invariant checked, and :func:`check_rules` for custom rulesets."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from bergen.errors import RulesError
from bergen.match import MatchState
from bergen.rules import Rules
from bergen.testing.checks import InvariantViolation
from bergen.testing.match_checks import MatchChecker
from bergen.testing.model import ALL_MOVES
from bergen.testing.strategies import Table, tables
from bergen.testing.view_checks import check_views

__all__ = ["ConformanceReport", "PlayoutStats", "check_playouts", "check_rules"]


@attrs.frozen
class PlayoutStats:
    """What a run of random playouts played.

    Attributes:
        matches: Matches begun.
        rounds: Rounds played to their end.
        moves: Legal moves made (each checked).
        rejected: Illegal moves tried (each checked to be rejected).
        events: Score events awarded.
        views: Pairs of views compared (see :func:`~bergen.testing.check_views`).
    """

    matches: int = 0
    rounds: int = 0
    moves: int = 0
    rejected: int = 0
    events: int = 0
    views: int = 0

    def __add__(self, other: PlayoutStats) -> PlayoutStats:
        """Add two runs' counts."""
        return PlayoutStats(
            self.matches + other.matches,
            self.rounds + other.rounds,
            self.moves + other.moves,
            self.rejected + other.rejected,
            self.events + other.events,
            self.views + other.views,
        )


def check_playouts(
    table: Table,
    seed: int,
    *,
    rounds: int = 10,
    illegal_rate: float = 0.1,
    view_rate: float = 0.02,
    deep: bool = False,
) -> PlayoutStats:
    """Play seeded matches at ``table`` with random legal moves, checking every invariant.

    Matches (each dealt from a seed, with a random first dealer) are played until ``rounds``
    rounds have ended; every move is checked by a :class:`~bergen.testing.MatchChecker`, and
    now and then an illegal move is tried and must be rejected. Everything random comes from
    ``random.Random(seed)``, so the same arguments replay the same games.

    Args:
        table: The seats and the rules.
        seed: Any int.
        rounds: Rounds to play, in all.
        illegal_rate: The chance, per move, of also trying an illegal move.
        view_rate: The chance, per move, of also checking that every seat's view hides what
            it must (:func:`~bergen.testing.check_views`).
        deep: Also compare each state with a deep copy taken before every move (slower).

    Returns:
        The counts of what was played.

    Raises:
        InvariantViolation: at the first invariant that does not hold; a note on it gives the
            call that replays the failure.
    """
    rng = random.Random(seed)
    matches = moves = rejected = events = done = views = 0
    try:
        while done < rounds:
            match = MatchState.new(
                table.seats,
                table.rules,
                seed=rng.randrange(2**32),
                dealer=rng.randrange(table.seats),
            )
            checker = MatchChecker(match, deep=deep)
            matches += 1
            before = done
            while not checker.match.is_over and done < rounds:
                legal = checker.match.legal_moves()
                if rng.random() < illegal_rate:
                    probe = rng.choice(ALL_MOVES)
                    if probe not in legal:
                        checker.reject(probe)
                        rejected += 1
                rnd = checker.match.round
                if rng.random() < view_rate and rnd is not None and rnd.line.lead is not None:
                    views += check_views(rnd, rng)
                events += len(checker.apply(rng.choice(legal)))
                moves += 1
                done = before + checker.rounds
            if checker.match.is_over:
                checker.reject(legal[0])  # no move is taken once the match is over
                rejected += 1
    except InvariantViolation as e:
        e.add_note(
            f"replay: bergen.testing.check_playouts({table!r}, seed={seed!r}, rounds={rounds!r}, "
            f"illegal_rate={illegal_rate!r}, view_rate={view_rate!r})"
        )
        raise
    return PlayoutStats(matches, done, moves, rejected, events, views)


@attrs.frozen
class ConformanceReport:
    """The result of :func:`check_rules` when every invariant held.

    Attributes:
        rules: The ruleset checked.
        seats: The table sizes it was played at.
        examples: Hypothesis examples run (one table and one seed each).
        stats: What was played in all.
    """

    rules: Rules
    seats: tuple[int, ...]
    examples: int
    stats: PlayoutStats

    def __str__(self) -> str:
        """One line: ``rules custom: 120 rounds, 3141 moves at 2, 3, 4 seats; all invariants
        held``.
        """
        return (
            f"rules {self.rules.label}: {self.stats.rounds} rounds, {self.stats.moves} moves "
            f"at {', '.join(map(str, self.seats))} seats; all invariants held"
        )


def check_rules(
    rules: Rules,
    *,
    seats: int | Sequence[int] | None = None,
    max_examples: int = 50,
    rounds: int = 5,
    seed: int | None = None,
    deep: bool = False,
) -> ConformanceReport:
    """Check a ruleset (for example one with a component of your own) by random playouts.

    Hypothesis draws ``max_examples`` (table size, seed) pairs; for each, seeded matches are
    played with random legal moves until ``rounds`` rounds have ended, and after every move
    every invariant of :data:`~bergen.testing.INVARIANTS` is checked against the reference
    model (:func:`check_playouts`). A failure is shrunk to a small example and raised; the
    exception's notes hold the call that replays it. Do not call this from inside another
    Hypothesis test.

    Example::

        from bergen import CLASSIC
        from bergen.testing import check_rules

        report = check_rules(CLASSIC.replace(blocked=MyJudge()), seats=(2, 4))
        print(report)

    Args:
        rules: The ruleset to check.
        seats: The table sizes to play at (default every size the rules allow of 2, 3, 4).
        max_examples: Hypothesis examples to run.
        rounds: Rounds played per example.
        seed: Seed Hypothesis for a reproducible run (default: random).
        deep: Also compare each state with a deep copy before every move (slower).

    Returns:
        A :class:`ConformanceReport` when every invariant held.

    Raises:
        InvariantViolation: for the first (shrunk) failure: the invariant's name, what was
            wrong, the move and the state; a custom component that raises, or returns a value
            the engine refuses, is reported as invariant ``engine-error``.
        RulesError: when the rules are valid at none of the table sizes asked for.
    """
    sizes: tuple[int, ...]
    if seats is None:
        sizes = (2, 3, 4)
    elif isinstance(seats, int):
        sizes = (seats,)
    else:
        sizes = tuple(seats)
    valid: list[int] = []
    first_error: RulesError | None = None
    for n in sizes:
        try:
            rules.for_table(n)
        except RulesError as e:
            first_error = first_error or e
            continue
        valid.append(n)
    if not valid:
        if first_error is not None:
            raise first_error
        raise RulesError("no table size to check", fields=("seats",))
    totals = [PlayoutStats()]
    examples = [0]

    @settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        print_blob=True,
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(table=tables(seats=tuple(valid), rules=rules), game_seed=st.integers(0, 2**32 - 1))
    def run(table: Table, game_seed: int) -> None:
        try:
            stats = check_playouts(table, game_seed, rounds=rounds, deep=deep)
        except InvariantViolation:
            raise
        except Exception as e:
            err = InvariantViolation("engine-error", f"the engine raised {e!r} during legal play")
            err.add_note(
                f"replay: bergen.testing.check_playouts({table!r}, seed={game_seed!r}, "
                f"rounds={rounds!r})"
            )
            raise err from e
        totals[0] = totals[0] + stats
        examples[0] += 1

    test = hypothesis_seed(seed)(run) if seed is not None else run
    test()
    return ConformanceReport(rules, tuple(valid), examples[0], totals[0])
