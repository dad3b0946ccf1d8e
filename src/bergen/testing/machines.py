"""Hypothesis state machines that play rounds and matches and check the engine at every step.

:class:`RoundMachine` plays rounds from random deals (often with scores near the target) and
:class:`MatchMachine` plays whole matches, seeded or from explicit deals. Each step is a legal
move chosen by Hypothesis, an illegal move that must be rejected, or (for rounds) a position
set up again with :meth:`RoundState.from_position` that must play on the same. The engine is
checked against the reference model of :mod:`bergen.testing.model` by the checkers of
:mod:`bergen.testing.checks`.

Run one under pytest with ``TestRounds = RoundMachine.TestCase``. To check a ruleset of your
own, subclass and set :attr:`RoundMachine.table_strategy`::

    class MyRounds(RoundMachine):
        table_strategy = tables(rules=my_rules)

    TestMyRounds = MyRounds.TestCase
"""

from __future__ import annotations

import random
from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from bergen.errors import PositionError
from bergen.match import MatchState
from bergen.moves import Move
from bergen.round import RoundState
from bergen.rules import NoDouble
from bergen.testing.checks import InvariantViolation, _event_key
from bergen.testing.match_checks import MatchChecker
from bergen.testing.model import ALL_MOVES
from bergen.testing.round_checks import RoundChecker
from bergen.testing.strategies import Table, deals, tables
from bergen.testing.view_checks import check_views

__all__ = ["MatchMachine", "RoundMachine"]

_CHOICE = st.integers(0, 255)
_CHOICES = st.lists(_CHOICE, min_size=1, max_size=8)


def _pick(legal: tuple[Move, ...], choice: int) -> Move:
    return legal[choice % len(legal)]


class RoundMachine(RuleBasedStateMachine):
    """Rounds from random deals at random tables, checked after every step.

    Class attributes:
        table_strategy: The tables to draw (default :func:`~bergen.testing.tables`).
        deep: Compare each state with a deep copy taken before every move.
    """

    table_strategy: ClassVar[st.SearchStrategy[Table]] = tables()
    deep: ClassVar[bool] = True

    def __init__(self) -> None:
        """Start with no round; the initialize rule deals one."""
        super().__init__()
        self._checker: RoundChecker | None = None

    @property
    def checker(self) -> RoundChecker:
        """The checker following the current round."""
        if self._checker is None:  # pragma: no cover - initialize always runs first
            raise RuntimeError("no round yet")
        return self._checker

    @property
    def state(self) -> RoundState:
        """The current round state."""
        return self.checker.state

    def _over(self) -> bool:
        return self.state.is_over

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        """Draw a table, a deal, a dealer and scores (often near the target); start a round."""
        table = data.draw(self.table_strategy, label="table")
        numbers = table.numbers
        redeal = table.rules.no_double is NoDouble.REDEAL
        deal = data.draw(
            deals(table.seats, numbers.hand_size, no_double=False if redeal else None),
            label="deal",
        )
        dealer = data.draw(st.integers(0, table.seats - 1), label="dealer")
        low = data.draw(st.sampled_from((0, max(0, numbers.target - 5))), label="lowest score")
        scores = data.draw(
            st.lists(
                st.integers(low, numbers.target - 1),
                min_size=numbers.sides,
                max_size=numbers.sides,
            ),
            label="scores",
        )
        self._checker = RoundChecker.start(
            deal, table.rules, dealer=dealer, scores=scores, deep=self.deep
        )

    def _advance(self, choice: int) -> None:
        if not self._over():
            self.checker.apply(_pick(self.state.legal_moves(), choice))

    @precondition(lambda self: not self._over())
    @rule(choices=_CHOICES)
    def play(self, choices: list[int]) -> None:
        """Make one to eight legal moves (each the ``choice``-th, modulo their number)."""
        for choice in choices:
            self._advance(choice)

    @rule(move=st.sampled_from(ALL_MOVES), then=_CHOICE)
    def try_move(self, move: Move, then: int) -> None:
        """Make ``move`` if legal; else check that the engine rejects it and make the
        ``then``-th legal move.
        """
        if move in self.state.legal_moves():
            self.checker.apply(move)
        else:
            self.checker.reject(move)
            self._advance(then)

    @precondition(lambda self: not self._over() and self.state.line.lead is not None)
    @rule(then=_CHOICE)
    def set_up_again(self, then: int) -> None:
        """Set the position up again from its public facts; it must play on the same, and
        each seat's view must not change when the tiles hidden from it are dealt anew. Then
        make the ``then``-th legal move.
        """
        self._check_set_up_again()
        check_views(self.state, random.Random(then))
        self._advance(then)

    def _check_set_up_again(self) -> None:
        state = self.state
        try:
            again = RoundState.from_position(
                state.hands,
                state.boneyard.tiles,
                state.line,
                state.to_move,
                state.rules,
                scores=state.scores,
                dealer=state.dealer,
            )
        except PositionError as e:
            raise InvariantViolation(
                "determinism",
                f"from_position refused a position reached in play: {e}",
                state=state,
            ) from e
        if again.legal_moves() != state.legal_moves():
            raise InvariantViolation(
                "determinism", "the set-up position has other legal moves", state=state
            )
        rules = state.rules
        for move in state.legal_moves():
            a, ea = state.apply(move)
            b, eb = again.apply(move)
            same = (
                a.hands == b.hands
                and a.boneyard == b.boneyard
                and a.line == b.line
                and a.to_move == b.to_move
                and a.scores == b.scores
                and a.outcome == b.outcome
                and [_event_key(e, rules) for e in ea] == [_event_key(e, rules) for e in eb]
            )
            if not same:
                raise InvariantViolation(
                    "determinism",
                    "the set-up position plays on differently from the one reached in play",
                    move=move,
                    state=state,
                )

    @precondition(lambda self: self._over())
    @rule(data=st.data())
    def next_round(self, data: st.DataObject) -> None:
        """Deal a fresh round once this one is over."""
        self.deal(data)


class MatchMachine(RuleBasedStateMachine):
    """Whole matches, seeded or from explicit deals, checked after every step.

    Class attributes:
        table_strategy: The tables to draw (default :func:`~bergen.testing.tables`).
        deep: Compare each state with a deep copy taken before every move.
    """

    table_strategy: ClassVar[st.SearchStrategy[Table]] = tables()
    deep: ClassVar[bool] = False

    def __init__(self) -> None:
        """Start with no match; the initialize rule begins one."""
        super().__init__()
        self._checker: MatchChecker | None = None
        self._table: Table | None = None

    @property
    def checker(self) -> MatchChecker:
        """The checker following the current match."""
        if self._checker is None:  # pragma: no cover - initialize always runs first
            raise RuntimeError("no match yet")
        return self._checker

    @property
    def match(self) -> MatchState:
        """The current match."""
        return self.checker.match

    @initialize(data=st.data())
    def new_match(self, data: st.DataObject) -> None:
        """Draw a table and begin a match, seeded (dealt by bergen) or with explicit deals."""
        table = data.draw(self.table_strategy, label="table")
        seeded = data.draw(st.booleans(), label="seeded")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed") if seeded else None
        dealer = data.draw(st.integers(0, table.seats - 1), label="dealer")
        self._table = table
        self._checker = MatchChecker(
            MatchState.new(table.seats, table.rules, seed=seed, dealer=dealer), deep=self.deep
        )

    @precondition(lambda self: self.match.awaiting_deal)
    @rule(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        """Give the next deal explicitly (sometimes one with no double: rule 2)."""
        match = self.match
        self.checker.start_round(data.draw(deals(match.seats, match.hand_size), label="deal"))

    def _advance(self, choice: int) -> None:
        if self.match.round is not None:
            self.checker.apply(_pick(self.match.legal_moves(), choice))

    @precondition(lambda self: self.match.round is not None)
    @rule(choices=_CHOICES)
    def play(self, choices: list[int]) -> None:
        """Make one to eight legal moves (each the ``choice``-th, modulo their number)."""
        for choice in choices:
            self._advance(choice)

    @rule(move=st.sampled_from(ALL_MOVES), then=_CHOICE)
    def try_move(self, move: Move, then: int) -> None:
        """Make ``move`` if legal; else check that the match rejects it and make the
        ``then``-th legal move.
        """
        if move in self.match.legal_moves():
            self.checker.apply(move)
        else:
            self.checker.reject(move)
            self._advance(then)

    @precondition(lambda self: self.match.is_over)
    @rule(data=st.data())
    def another_match(self, data: st.DataObject) -> None:
        """Begin another match once this one is over."""
        self.new_match(data)
