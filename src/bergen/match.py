"""A match: rounds played until a side reaches the target (docs/rules.md, rule 9).

A :class:`MatchState` deals each round from its seed (or takes explicit deals), redeals when
nobody holds a double and the rules say so (the dealer stays), passes the deal to the left
after each round, and stops the instant a side reaches the target (or, under
``MatchEnd.ROUND_END``, when a round ends with one side alone highest at or above it).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bergen._setup import _rules
from bergen.deal import Deal, _SeedStream
from bergen.errors import (
    ArgumentError,
    IllegalMoveError,
    MatchOverError,
    PositionError,
    Reason,
    _as_tuple,
    _brief,
)
from bergen.events import ScoreEvent
from bergen.kernel.table import match_winner
from bergen.moves import Move
from bergen.round import RoundState
from bergen.rules import CLASSIC, MatchEnd, NoDouble, Rules

__all__ = ["MatchState"]

_MAX_REDEALS = 10_000


def _start_scores(
    scores: Sequence[int] | None, sides: int, target: int, round_end: bool
) -> tuple[int, ...]:
    """The match's starting scores, checked: one int >= 0 per side, and no match won yet
    between rounds (docs/rules.md, rule 9): each below the target, or with ``round_end``
    (``MatchEnd.ROUND_END``) no side alone on the highest score at or above it.
    """
    if scores is None:
        return (0,) * sides
    if isinstance(scores, str) or not isinstance(scores, Sequence):
        raise PositionError(f"scores are one int per side, got {_brief(scores)}")
    out = tuple(scores)
    if len(out) != sides:
        raise PositionError(f"scores: {len(out)} entries for {sides} sides")
    for side, v in enumerate(out):
        if type(v) is not int or v < 0:
            raise PositionError(f"scores[{side}]: points are an int >= 0, got {_brief(v)}")
        if v >= target and not round_end:
            raise PositionError(
                f"scores[{side}]: {v} points is at the target {target}: the match would be over"
            )
    won = match_winner(out, target, round_end, True)
    if won >= 0:
        raise PositionError(
            f"scores[{won}]: {out[won]} points, alone the highest at or above the target "
            f"{target} after a round: the match would be over (rule 9)"
        )
    return out


@attrs.frozen(kw_only=True)
class MatchState:
    """The state of a match.

    Build one with :meth:`new`. With a seed, every round is dealt from it; without one,
    :meth:`start_round` takes each deal explicitly (for records and tests). The constructor
    itself (and so ``attrs.evolve``) is unchecked, on purpose: :meth:`apply` makes a new
    match state on every move (the engine's hot path), from values the round has just worked
    out, and a check there would cost every move. A match made by hand is only as consistent
    as the values given (the round's scores and target are the round's own); bergen itself
    builds one only through :meth:`new`, :meth:`start_round` and :meth:`apply` (records and
    the protocol too), which check what they take.

    Attributes:
        rules: The ruleset.
        seats: The number of seats, 2..4.
        seed: The seed of the deals, or ``None`` for explicit deals.
        shuffles: How many shuffles have been drawn from the seed (redeals included).
        dealer: The dealer of the current (or next) round.
        scores: Match points per side.
        target: The target, in points.
        round: The round in play; ``None`` while waiting for an explicit deal or once the match
            is over.
        rounds: The finished rounds, as their final states, oldest first.
        redeals: Deals thrown in because nobody held a double (rule 2), oldest first.
        is_over: Whether a side has reached the target (worked out from ``scores`` and
            ``target``; not a constructor argument).
    """

    rules: Rules
    seats: int
    seed: int | None
    shuffles: int
    dealer: int
    scores: tuple[int, ...] = attrs.field(converter=_as_tuple)
    target: int
    round: RoundState | None = None
    rounds: tuple[RoundState, ...] = attrs.field(default=(), converter=_as_tuple)
    redeals: tuple[Deal, ...] = attrs.field(default=(), converter=_as_tuple)
    # The seed's deal stream at ``shuffles`` (the generator carried forward from the last deal,
    # shared by the match's states), or None: then the next deal replays the seed's stream from
    # its start. Not a field users see: not compared, not shown.
    _stream: _SeedStream | None = attrs.field(default=None, eq=False, repr=False, alias="stream")

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match (rule 9; see :attr:`winner`)."""
        return self.winner is not None

    @classmethod
    def new(
        cls,
        seats: int,
        rules: Rules = CLASSIC,
        *,
        seed: int | None = None,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        shuffles: int = 0,
    ) -> MatchState:
        """Start a match, dealing the first round when a seed is given.

        Args:
            seats: 2, 3 or 4.
            rules: The ruleset (default ``classic``).
            seed: Any int for seeded deals (see :mod:`bergen.deal`), or ``None`` to give each
                deal with :meth:`start_round`.
            dealer: The first dealer.
            scores: Match points per side to start from (a match joined in progress, between
                two rounds); default all 0. They may not have won the match (docs/rules.md,
                rule 9): each is below the target; under ``MatchEnd.ROUND_END``, where the
                target is judged when a round ends, sides may stand at or past it as long as
                no side has the highest score alone (sides level on it play another round).
                A match resumed in the middle of a round, where any score can stand under
                ``MatchEnd.ROUND_END``, starts from that round: :meth:`from_round`.
            shuffles: Where the seed's deal stream starts: the index of the first shuffle to
                deal from (default 0, the first); with ``seed=None`` it must be 0.

        Raises:
            RulesError: when the rules do not allow this table.
            PositionError: for a bad dealer, shuffle index or scores.
            ArgumentError: for a seed that is not an int of at most 64 bits.
        """
        table = _rules(rules).for_table(seats)
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {_brief(dealer)}")
        if seed is not None and (type(seed) is not int or seed.bit_length() > 64):
            raise ArgumentError(
                f"a seed is an int of at most 64 bits (|seed| < 2**64) or None, got {_brief(seed)}"
            )
        if type(shuffles) is not int or shuffles < 0 or (seed is None and shuffles != 0):
            raise PositionError(
                f"shuffles is the index (an int >= 0) of the seed's next shuffle, and 0 without "
                f"a seed; got {_brief(shuffles)}"
            )
        start = _start_scores(
            scores, table.sides, table.target, rules.match_end is MatchEnd.ROUND_END
        )
        state = cls(
            rules=rules,
            seats=seats,
            seed=seed,
            shuffles=shuffles,
            dealer=dealer,
            scores=start,
            target=table.target,
        )
        return state._deal_from_seed() if seed is not None else state

    @classmethod
    def from_round(
        cls, state: RoundState, *, seed: int | None = None, shuffles: int = 0
    ) -> MatchState:
        """A match whose current round is ``state``: a set-up position
        (:meth:`RoundState.from_position`, :meth:`RoundState.from_text`) or any round.

        The match's scores, dealer, rules and target are the round's. When the round ends and
        no side has reached the target, the deal passes left (rule 9) and, with a seed, the
        next round is dealt from the seed's stream at ``shuffles``; without one the match
        awaits :meth:`start_round`.

        Args:
            state: The round in play (not over).
            seed: Any int for the deals after this round, or ``None``.
            shuffles: The index of the seed's next shuffle (0 without a seed).

        Raises:
            PositionError: when ``state`` is not a RoundState, is over, or the shuffle index
                is bad.
            ArgumentError: for a seed that is not an int of at most 64 bits.
        """
        if not isinstance(state, RoundState):
            raise PositionError(f"from_round takes a RoundState, got {_brief(state)}")
        if state.outcome is not None:
            raise PositionError("from_round takes a round in play; this one is over")
        if seed is not None and (type(seed) is not int or seed.bit_length() > 64):
            raise ArgumentError(
                f"a seed is an int of at most 64 bits (|seed| < 2**64) or None, got {_brief(seed)}"
            )
        if type(shuffles) is not int or shuffles < 0 or (seed is None and shuffles != 0):
            raise PositionError(
                f"shuffles is the index (an int >= 0) of the seed's next shuffle, and 0 without "
                f"a seed; got {_brief(shuffles)}"
            )
        return cls(
            rules=state.rules,
            seats=state.seats,
            seed=seed,
            shuffles=shuffles,
            dealer=state.dealer,
            scores=state.scores,
            target=state.target,
            round=state,
        )

    def __str__(self) -> str:
        """A few readable lines: the match's rules, scores, target and rounds played, then the
        round in play as ``str(round)`` shows it (or that the match awaits a deal, or is over).
        """
        side = "seats {0}+{1}" if self.rules.partnerships else "seat {0}"
        points = ", ".join(f"{side.format(s, s + 2)} {v}" for s, v in enumerate(self.scores))
        head = (
            f"match ({self.rules.label}), {self.seats} seats, target {self.target}: "
            f"{points}; {len(self.rounds)} round{'s' if len(self.rounds) != 1 else ''} played"
        )
        if self.is_over:
            return f"{head}\nover: {side.format(self.winner, (self.winner or 0) + 2)} won"
        if self.round is None:
            return f"{head}\nawaiting the deal of seat {self.dealer} (start_round)"
        return f"{head}\n{self.round}"

    # ------------------------------------------------------------------ facts

    @property
    def winner(self) -> int | None:
        """The side that has won, or ``None`` while the match goes on (rule 9): the side that
        reached the target; under ``MatchEnd.ROUND_END``, once no round is in play, the one
        side with the highest score at or above the target.
        """
        won = match_winner(self.scores, self.target, self._round_end, self.round is None)
        return won if won >= 0 else None

    @property
    def _round_end(self) -> bool:
        return self.rules.match_end is MatchEnd.ROUND_END

    @property
    def awaiting_deal(self) -> bool:
        """Whether the match needs :meth:`start_round` (explicit deals only)."""
        return self.round is None and not self.is_over

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each seat at this table."""
        return self.rules.for_table(self.seats).hand_size

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in the current round; empty when no round is in play."""
        rnd = self.round
        if rnd is None:
            return ()
        return rnd.legal_moves()

    # ------------------------------------------------------------------ transitions

    def start_round(self, deal: Deal) -> MatchState:
        """Begin the next round from an explicit deal.

        When nobody holds a double and the rules redeal, the deal is recorded in
        :attr:`redeals` and the match still awaits a deal (same dealer).

        Raises:
            MatchOverError: when the match is over.
            PositionError: when a round is in play, or the deal does not fit the table.
        """
        if self.is_over:
            raise MatchOverError(f"the match is over: side {self.winner} reached {self.target}")
        if self.round is not None:
            raise PositionError("a round is in play; finish it before dealing another")
        if not isinstance(deal, Deal):
            raise PositionError(f"start_round takes a Deal, got {_brief(deal)}")
        if deal.seats != self.seats:
            raise PositionError(
                f"the deal has {deal.seats} hands; this match has {self.seats} seats"
            )
        if not deal.has_double and self.rules.no_double is NoDouble.REDEAL:
            return attrs.evolve(self, redeals=(*self.redeals, deal))
        rnd = RoundState.start(deal, self.rules, dealer=self.dealer, scores=self.scores)
        return attrs.evolve(self, round=rnd)

    def _deal_from_seed(self) -> MatchState:
        return self._dealt(self.rounds, self.scores, self.dealer)

    def _dealt(
        self, rounds: tuple[RoundState, ...], scores: tuple[int, ...], dealer: int
    ) -> MatchState:
        # This (seeded, not over) match with these finished rounds, scores and dealer, and the
        # next round dealt from the seed: as start_round does for each deal of the seed's
        # stream in turn (redeals recorded, rule 2), built once.
        seed = self.seed
        assert seed is not None  # internal: only called for seeded matches
        rules = self.rules
        seats = self.seats
        hand_size = rules.for_table(seats).hand_size
        redeal = rules.no_double is NoDouble.REDEAL
        redeals = self.redeals
        stream = self._stream
        if stream is None or stream.seed != seed or stream.index != self.shuffles:
            stream = _SeedStream.at(seed, self.shuffles)
        for _ in range(_MAX_REDEALS):
            deal, stream = stream.deal(seats, hand_size)
            if redeal and not deal.has_double:
                redeals = (*redeals, deal)
                continue
            return MatchState(
                rules=rules,
                seats=seats,
                seed=seed,
                shuffles=stream.index,
                dealer=dealer,
                scores=scores,
                target=self.target,
                round=RoundState.start(deal, rules, dealer=dealer, scores=scores),
                rounds=rounds,
                redeals=redeals,
                stream=stream,
            )
        raise PositionError(f"no double in {_MAX_REDEALS} deals")  # pragma: no cover

    def apply(
        self, move: Move, seat: int | None = None
    ) -> tuple[MatchState, tuple[ScoreEvent, ...]]:
        """Make a move in the current round.

        When the round ends and no side has reached the target, the deal passes left and, for a
        seeded match, the next round is dealt at once.

        Args:
            move: A legal move of the current round.
            seat: Optionally, the seat making it (checked).

        Returns:
            ``(next_state, events)``.

        Raises:
            MatchOverError: when the match is over.
            IllegalMoveError: when no round is in play or the move is illegal; this state is
                unchanged.
            ArgumentError: when ``seat`` is given but is not a seat number.
        """
        if self.is_over:
            raise MatchOverError(
                f"{move}: the match is over: side {self.winner} reached {self.target}"
            )
        rnd = self.round
        if rnd is None:
            raise IllegalMoveError(
                f"{move}: no round is in play; deal one with start_round",
                move=move,
                seat=-1 if seat is None else seat,
                reason=Reason.ROUND_OVER,
            )
        rnd, events = rnd.apply(move, seat)
        if rnd.outcome is None:  # the round goes on
            return (
                MatchState(
                    rules=self.rules,
                    seats=self.seats,
                    seed=self.seed,
                    shuffles=self.shuffles,
                    dealer=self.dealer,
                    scores=rnd.scores,
                    target=self.target,
                    round=rnd,
                    rounds=self.rounds,
                    redeals=self.redeals,
                    stream=self._stream,
                ),
                events,
            )
        rounds = (*self.rounds, rnd)
        scores = rnd.scores
        dealer = (self.dealer + 1) % self.seats
        decided = match_winner(scores, self.target, self._round_end, True) >= 0
        if not decided and self.seed is not None:  # deal the next round now
            return self._dealt(rounds, scores, dealer), events
        state = attrs.evolve(self, round=None, rounds=rounds, scores=scores)
        if state.is_over:
            return state, events
        return attrs.evolve(state, dealer=dealer), events

    def play_out(self, moves: Sequence[Move]) -> tuple[MatchState, tuple[ScoreEvent, ...]]:
        """Apply several moves in order (seeded matches deal between rounds).

        Raises:
            IllegalMoveError, MatchOverError: at the first move that fails.
        """
        state = self
        out: list[ScoreEvent] = []
        for m in moves:
            state, ev = state.apply(m)
            out.extend(ev)
        return state, tuple(out)
