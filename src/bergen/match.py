"""A match: rounds played until a side reaches the target (docs/rules.md, rule 9).

A :class:`MatchState` deals each round from its seed (or takes explicit deals), redeals when
nobody holds a double and the rules say so (the dealer stays), passes the deal to the left
after each round, and stops the instant a side reaches the target (or, under
``MatchEnd.ROUND_END``, when a round ends with one side alone highest at or above it).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Final

from attrs.exceptions import FrozenInstanceError

from bergen._setup import _rules
from bergen.deal import MAX_SHUFFLE_INDEX, Deal, _SeedStream
from bergen.errors import (
    _MAX_POINTS,
    _MYPYC,
    ArgumentError,
    IllegalMoveError,
    MatchOverError,
    PositionError,
    Reason,
    _as_tuple,
    _bad,
    _brief,
    _given,
    _Int,
    _is_int,
    _is_ints,
    _OptInt,
)
from bergen.events import ScoreEvent
from bergen.kernel.deal import deal as deal_order
from bergen.kernel.table import match_winner
from bergen.kernel.table import sides as table_sides
from bergen.moves import Move
from bergen.round import RoundState, _dealt
from bergen.rules import CLASSIC, MatchEnd, NoDouble, Rules
from bergen.rules.table import kernel_table

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


_FIELDS = (
    "rules",
    "seats",
    "seed",
    "shuffles",
    "dealer",
    "scores",
    "target",
    "round",
    "rounds",
    "redeals",
)
"""The fields of a :class:`MatchState`, in the constructor's order."""


if TYPE_CHECKING:  # the annotations of arguments checked at run time (see errors._Int)
    if not _MYPYC:
        _Round = RoundState
        _OptRound = RoundState | None
    else:  # the compiled build's mypy (bergen.errors._MYPYC says why)
        _Round = object
        _OptRound = object


class MatchState:
    """The state of a match.

    Build one with :meth:`new`. With a seed, every round is dealt from it; without one,
    :meth:`start_round` takes each deal explicitly (for records and tests). The constructor
    (and so :meth:`replace`) checks each field's type and range, not that the fields agree: a
    match made by hand is only as consistent as the values given (the round's scores and
    target are the round's own). The match states :meth:`apply` makes on every move are built
    from the round's own values and are not checked again.

    A plain immutable value (``__slots__``, not an attrs class; a native class in the
    compiled build, with the same behaviour): assigning an attribute raises
    ``attrs.exceptions.FrozenInstanceError``; ``==`` and ``hash`` compare the fields below;
    it pickles and copies as those fields; :meth:`replace` takes the place of
    ``attrs.evolve``. A seeded match also carries its seed's generator from one deal to the
    next (not a field: not compared, not shown), so each deal costs the same at any round.

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

    __slots__ = (*_FIELDS, "_stream")

    rules: Rules
    seats: int
    seed: int | None
    shuffles: int
    dealer: int
    scores: tuple[int, ...]
    target: int
    round: RoundState | None
    rounds: tuple[RoundState, ...]
    redeals: tuple[Deal, ...]
    # The seed's deal stream at ``shuffles`` (the generator carried forward from the last deal,
    # shared by the match's states), or None: then the next deal replays the seed's stream from
    # its start. Not a field users see: not compared, not shown.
    _stream: _SeedStream | None

    def __init__(
        self,
        *,
        rules: Rules,
        seats: _Int,
        seed: _OptInt,
        shuffles: _Int,
        dealer: _Int,
        scores: Sequence[int],
        target: _Int,
        round: _OptRound = None,
        rounds: Sequence[RoundState] = (),
        redeals: Sequence[Deal] = (),
        stream: _SeedStream | None = None,
        _trusted: bool = False,
    ) -> None:
        """A match state of the fields given, each checked for its type and range (see the
        class's docstring); a list given for ``scores``, ``rounds`` or ``redeals`` is copied to
        a tuple. ``_trusted`` is the engine's own: its values are not checked again.

        Raises:
            PositionError: naming the field that is not what it should be.
            ArgumentError: for a seed that is not an int of at most 64 bits.
            RulesError: when the rules do not allow ``seats``.
        """
        if not _trusted:
            checked = _checked_fields(
                rules, seats, seed, shuffles, dealer, scores, target, round, rounds, redeals
            )
            rules, seats, seed, shuffles, dealer, scores, target, round, rounds, redeals = checked
            if stream is not None and not isinstance(stream, _SeedStream):
                raise PositionError(_bad("MatchState", "stream", "a seed stream or None", stream))
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "shuffles", shuffles)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "redeals", redeals)
        object.__setattr__(self, "_stream", stream)

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse: a match state is immutable."""
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        """Refuse: a match state is immutable."""
        raise FrozenInstanceError()

    def _fields(self) -> tuple[object, ...]:
        """The fields, in the constructor's order."""
        return (
            self.rules,
            self.seats,
            self.seed,
            self.shuffles,
            self.dealer,
            self.scores,
            self.target,
            self.round,
            self.rounds,
            self.redeals,
        )

    def __eq__(self, other: object) -> bool:
        """Equal when ``other`` is a MatchState with equal fields."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, MatchState)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        """The hash of the fields (equal states hash alike)."""
        return hash((MatchState, *self._fields()))

    def __repr__(self) -> str:
        """Valid Python that rebuilds an equal state: the constructor's fields."""
        pairs = zip(_FIELDS, self._fields(), strict=True)
        fields = ", ".join(f"{name}={value!r}" for name, value in pairs)
        return f"MatchState({fields})"

    def __copy__(self) -> MatchState:
        """An equal match state (its fields are immutable values)."""
        return _made(*self._fields(), self._stream)  # type: ignore[arg-type, call-arg]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle (and copy) as the fields and the seed's stream."""
        return (_match_state, (*self._fields(), self._stream))

    def replace(self, **changes: object) -> MatchState:
        """A copy of this match state with the fields named changed: what ``attrs.evolve`` did
        for the attrs class this was, with the constructor's checks of each field.

        Args:
            changes: Any of the constructor's fields (``rules``, ``seats``, ``seed``,
                ``shuffles``, ``dealer``, ``scores``, ``target``, ``round``, ``rounds``,
                ``redeals``).

        Raises:
            ArgumentError: for a name that is not a field, or a seed that is not an int of at
                most 64 bits.
            PositionError: for a value the constructor refuses (the field named).
            RulesError: when the rules do not allow the seats.
        """
        fields: dict[str, object] = dict(zip(_FIELDS, self._fields(), strict=True))
        for name in changes:
            if name not in fields:
                raise ArgumentError(
                    f"MatchState.replace: {_brief(name)} is not a field; the fields are "
                    f"{', '.join(_FIELDS)}"
                )
        fields.update(changes)
        return _made(*_checked_fields(*fields.values()), self._stream)

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match (rule 9; see :attr:`winner`)."""
        if max(self.scores) < self.target:  # no side has reached the target: nobody has won
            return False
        return self.winner is not None

    @classmethod
    def new(
        cls,
        seats: _Int,
        rules: Rules = CLASSIC,
        *,
        seed: _OptInt = None,
        dealer: _Int = 0,
        scores: Sequence[int] | None = None,
        shuffles: _Int = 0,
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
        table = _rules(rules).for_table(_given(seats))
        seats = table.seats
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {_brief(dealer)}")
        if seed is not None and (type(seed) is not int or seed.bit_length() > 64):
            raise ArgumentError(
                f"a seed is an int of at most 64 bits (|seed| < 2**64) or None, got {_brief(seed)}"
            )
        if not _is_int(shuffles, 0, MAX_SHUFFLE_INDEX + 1) or (seed is None and shuffles != 0):
            raise PositionError(
                f"shuffles is the index (an int in 0..{MAX_SHUFFLE_INDEX + 1:,}) of the seed's "
                f"next shuffle, and 0 without a seed; got {_brief(shuffles)}"
            )
        start = _start_scores(
            scores, table.sides, table.target, rules.match_end is MatchEnd.ROUND_END
        )
        if cls is MatchState:  # every field checked above
            state = _made(
                rules, seats, seed, shuffles, dealer, start, table.target, None, (), (), None
            )
        else:
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
    def from_round(cls, state: _Round, *, seed: _OptInt = None, shuffles: _Int = 0) -> MatchState:
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
        if not _is_int(shuffles, 0, MAX_SHUFFLE_INDEX + 1) or (seed is None and shuffles != 0):
            raise PositionError(
                f"shuffles is the index (an int in 0..{MAX_SHUFFLE_INDEX + 1:,}) of the seed's "
                f"next shuffle, and 0 without a seed; got {_brief(shuffles)}"
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
            return self._with(self.round, self.rounds, self.scores, (*self.redeals, deal))
        rnd = RoundState.start(deal, self.rules, dealer=self.dealer, scores=self.scores)
        return self._with(rnd, self.rounds, self.scores, self.redeals)

    def _with(
        self,
        round: RoundState | None,
        rounds: tuple[RoundState, ...],
        scores: tuple[int, ...],
        redeals: tuple[Deal, ...],
        dealer: int | None = None,
    ) -> MatchState:
        """This match with the round in play, the finished rounds, the scores, the redeals and
        (when given) the dealer changed: the engine's own values, not checked again.
        """
        return _made(
            self.rules,
            self.seats,
            self.seed,
            self.shuffles,
            self.dealer if dealer is None else dealer,
            scores,
            self.target,
            round,
            rounds,
            redeals,
            self._stream,
        )

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
        table = kernel_table(rules, seats)
        hand_size = table.hand_size
        redeals = self.redeals
        stream = self._stream
        if stream is None or stream.seed != seed or stream.index != self.shuffles:
            stream = _SeedStream.at(seed, self.shuffles)
        for _ in range(_MAX_REDEALS):
            deal, order, stream = stream.deal(seats, hand_size)
            # The trusted start: the deal is the table's, the dealer and scores the match's.
            masks, boneyard = deal_order(order, seats, hand_size)
            rnd = _dealt(deal, masks, boneyard, rules, table, dealer, scores)
            if rnd is None:  # nobody holds a double and the rules redeal (rule 2)
                redeals = (*redeals, deal)
                continue
            return _made(
                rules,
                seats,
                seed,
                stream.index,
                dealer,
                scores,
                self.target,
                rnd,
                rounds,
                redeals,
                stream,
            )
        raise PositionError(f"no double in {_MAX_REDEALS} deals")  # pragma: no cover

    def apply(self, move: Move, seat: _OptInt = None) -> tuple[MatchState, tuple[ScoreEvent, ...]]:
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
            ArgumentError: when ``seat`` is given but is not a seat number or is no seat of
                this match (0..seats-1).
        """
        rnd = self.round
        # Rule 9 (match_winner): no side has won while a round is in play below the target.
        if (rnd is None or rnd.outcome is not None or max(self.scores) >= self.target) and (
            self.is_over
        ):
            raise MatchOverError(
                f"{move}: the match is over: side {self.winner} reached {self.target}"
            )
        if rnd is None:
            raise IllegalMoveError(
                f"{move}: no round is in play; deal one with start_round",
                move=move,
                seat=-1 if seat is None else _given(seat),
                reason=Reason.ROUND_OVER,
            )
        rnd, events = rnd.apply(move, seat)
        if rnd.outcome is None:  # the round goes on
            return (
                _made(
                    self.rules,
                    self.seats,
                    self.seed,
                    self.shuffles,
                    self.dealer,
                    rnd.scores,
                    self.target,
                    rnd,
                    self.rounds,
                    self.redeals,
                    self._stream,
                ),
                events,
            )
        rounds = (*self.rounds, rnd)
        scores = rnd.scores
        dealer = (self.dealer + 1) % self.seats
        decided = match_winner(scores, self.target, self._round_end, True) >= 0
        if not decided and self.seed is not None:  # deal the next round now
            return self._dealt(rounds, scores, dealer), events
        state = self._with(None, rounds, scores, self.redeals)
        if state.is_over:
            return state, events
        return self._with(None, rounds, scores, self.redeals, dealer), events

    def play_out(self, moves: Sequence[Move]) -> tuple[MatchState, tuple[ScoreEvent, ...]]:
        """Apply several moves in order (seeded matches deal between rounds).

        Args:
            moves: The moves, a list or tuple.

        Returns:
            The match after the moves and their score events in order.

        Raises:
            IllegalMoveError, MatchOverError: at the first move that fails.
            PositionError: when ``moves`` is not a list or tuple.
        """
        if not isinstance(moves, list | tuple):
            raise PositionError(f"play_out takes a list or tuple of moves, got {_brief(moves)}")
        state = self
        out: list[ScoreEvent] = []
        for m in moves:
            state, ev = state.apply(m)
            out.extend(ev)
        return state, tuple(out)


def _made(
    rules: Rules,
    seats: int,
    seed: int | None,
    shuffles: int,
    dealer: int,
    scores: tuple[int, ...],
    target: int,
    round: RoundState | None,
    rounds: tuple[RoundState, ...],
    redeals: tuple[Deal, ...],
    stream: _SeedStream | None,
) -> MatchState:
    """A new match state of these fields (the engine's own values, tuples already; not
    checked again): the compiled build's constructor, or, interpreted, the slots filled
    directly (on every move).
    """
    if _NATIVE:
        return MatchState(
            rules=rules,
            seats=seats,
            seed=seed,
            shuffles=shuffles,
            dealer=dealer,
            scores=scores,
            target=target,
            round=round,
            rounds=rounds,
            redeals=redeals,
            stream=stream,
            _trusted=True,
        )
    state: MatchState = _new_state(MatchState)
    _SET_RULES(state, rules)
    _SET_SEATS(state, seats)
    _SET_SEED(state, seed)
    _SET_SHUFFLES(state, shuffles)
    _SET_DEALER(state, dealer)
    _SET_SCORES(state, scores)
    _SET_TARGET(state, target)
    _SET_ROUND(state, round)
    _SET_ROUNDS(state, rounds)
    _SET_REDEALS(state, redeals)
    _SET_STREAM(state, stream)
    return state


_NATIVE: Final = not isinstance(vars(MatchState)["rules"], MemberDescriptorType)
"""Whether MatchState is a native class (the compiled build), not a ``__slots__`` class."""
(
    _SET_RULES,
    _SET_SEATS,
    _SET_SEED,
    _SET_SHUFFLES,
    _SET_DEALER,
    _SET_SCORES,
    _SET_TARGET,
    _SET_ROUND,
    _SET_ROUNDS,
    _SET_REDEALS,
    _SET_STREAM,
) = tuple([vars(MatchState)[name].__set__ for name in (*_FIELDS, "_stream")])
"""The setters of MatchState's fields, which fill a new match state interpreted (its own
``__setattr__`` refusing every assignment)."""
_new_state = object.__new__


def _checked_fields(
    rules: object,
    seats: object,
    seed: object,
    shuffles: object,
    dealer: object,
    scores: object,
    target: object,
    round: object,
    rounds: object,
    redeals: object,
) -> tuple[
    Rules,
    int,
    int | None,
    int,
    int,
    tuple[int, ...],
    int,
    RoundState | None,
    tuple[RoundState, ...],
    tuple[Deal, ...],
]:
    """A match state's fields, in the constructor's order, checked for their type and range
    (lists copied to tuples): ``rules`` a :class:`~bergen.rules.Rules` allowing ``seats``
    (2..4), ``seed`` ``None`` or an int of at most 64 bits, ``shuffles`` a shuffle index (0
    without a seed), ``dealer`` a seat, ``scores`` one int >= 0 per side, ``target`` an int
    >= 1, ``round`` a :class:`RoundState` or ``None``, ``rounds`` a tuple of RoundState and
    ``redeals`` a tuple of :class:`~bergen.deal.Deal`.

    Raises:
        PositionError: naming the first field that is wrong.
        ArgumentError: for a bad seed.
        RulesError: when the rules do not allow the seats.
    """
    if not isinstance(rules, Rules):
        raise PositionError(_bad("MatchState", "rules", "a Rules", rules))
    if not _is_int(seats, 2, 4):
        raise PositionError(_bad("MatchState", "seats", "an int 2..4", seats))
    table = kernel_table(rules, seats)
    if seed is not None and (type(seed) is not int or seed.bit_length() > 64):
        raise ArgumentError(
            _bad("MatchState", "seed", "an int of at most 64 bits (|seed| < 2**64) or None", seed)
        )
    if not _is_int(shuffles, 0, MAX_SHUFFLE_INDEX + 1) or (seed is None and shuffles != 0):
        raise PositionError(
            _bad(
                "MatchState",
                "shuffles",
                f"a shuffle index 0..{MAX_SHUFFLE_INDEX + 1:,} (0 without a seed)",
                shuffles,
            )
        )
    if not _is_int(dealer, 0, table.seats - 1):
        raise PositionError(_bad("MatchState", "dealer", f"a seat 0..{table.seats - 1}", dealer))
    points: object = _as_tuple(scores)
    sides = table_sides(table)
    if not _is_ints(points, 0, _MAX_POINTS) or len(points) != sides:
        raise PositionError(_bad("MatchState", "scores", f"a tuple of {sides} ints >= 0", points))
    if not _is_int(target, 1):
        raise PositionError(_bad("MatchState", "target", "an int >= 1", target))
    if round is not None and not isinstance(round, RoundState):
        raise PositionError(_bad("MatchState", "round", "a RoundState or None", round))
    finished: object = _as_tuple(rounds)
    if type(finished) is not tuple or not all(isinstance(r, RoundState) for r in finished):
        raise PositionError(_bad("MatchState", "rounds", "a tuple of RoundState", finished))
    thrown: object = _as_tuple(redeals)
    if type(thrown) is not tuple or not all(isinstance(d, Deal) for d in thrown):
        raise PositionError(_bad("MatchState", "redeals", "a tuple of Deal", thrown))
    return (
        rules,
        seats,
        seed,
        shuffles,
        dealer,
        points,
        target,
        round,
        finished,
        thrown,
    )


def _match_state(
    rules: Rules,
    seats: int,
    seed: int | None,
    shuffles: int,
    dealer: int,
    scores: tuple[int, ...],
    target: int,
    round: RoundState | None,
    rounds: tuple[RoundState, ...],
    redeals: tuple[Deal, ...],
    stream: _SeedStream | None = None,
) -> MatchState:
    """A :class:`MatchState` from its fields in order (unpickling)."""
    return MatchState(
        rules=rules,
        seats=seats,
        seed=seed,
        shuffles=shuffles,
        dealer=dealer,
        scores=scores,
        target=target,
        round=round,
        rounds=rounds,
        redeals=redeals,
        stream=stream,
    )
