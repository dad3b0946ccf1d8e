"""A match kept from public information: :class:`PublicRound` after :class:`PublicRound` to the
target, the deal passing to the left (docs/rules.md, rule 9 and "Details both presets share").
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bergen.errors import MatchOverError
from bergen.events import ScoreEvent
from bergen.hands import Hand
from bergen.moves import Move
from bergen.public import PublicRound
from bergen.rules import Rules
from bergen.tiles import Tile

__all__ = ["PublicMatch"]


@attrs.frozen(kw_only=True, repr=False)
class PublicMatch:
    """A match followed from public information; immutable.

    Build one with :meth:`start`. Each round is a :class:`PublicRound`; when one ends and no
    side has won the match (rule 9), the next round starts at once, dealt by the seat to the
    left of the last dealer, with the scores carried over. A redeal (nobody holding a double
    under rules that redeal, rule 2) enters nothing: the same dealer deals again.

    Attributes:
        round: The round in play, or the last round once the match is over.
        rounds: The rounds played to their end, oldest first (:attr:`round` among them once
            the match is over).
        hand_size: The hand size given to :meth:`start` (``None``: the rules').
    """

    round: PublicRound
    rounds: tuple[PublicRound, ...] = ()
    hand_size: int | None = None

    @classmethod
    def start(
        cls,
        rules: Rules,
        seats: int,
        *,
        scores: Sequence[int] | None = None,
        dealer: int = 0,
        hand_size: int | None = None,
    ) -> PublicMatch:
        """A match (or the rest of one, from ``scores``) ready for its first round's lead.

        Args:
            rules: The ruleset.
            seats: The number of seats, 2..4.
            scores: Match points per side so far (default all 0).
            dealer: The first round's dealer.
            hand_size: Tiles dealt to each seat (default: what the rules deal).

        Raises:
            RulesError: when the rules do not allow ``seats`` seats.
            PositionError: see :meth:`PublicRound.start`.
        """
        first = PublicRound.start(rules, seats, scores=scores, dealer=dealer, hand_size=hand_size)
        return cls(round=first, hand_size=hand_size)

    @property
    def rules(self) -> Rules:
        """The ruleset."""
        return self.round.rules

    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.round.seats

    @property
    def target(self) -> int:
        """The match target, in points (rule 9)."""
        return self.round.target

    @property
    def scores(self) -> tuple[int, ...]:
        """Match points per side."""
        return self.round.scores

    @property
    def dealer(self) -> int:
        """The dealer of the round in play."""
        return self.round.dealer

    @property
    def winner(self) -> int | None:
        """The side that won the match (rule 9), or ``None``."""
        return self.round.winner

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match."""
        return self.round.winner is not None

    def apply(
        self, move: Move | str, seat: int | None = None, *, drawn: Tile | None = None
    ) -> tuple[PublicMatch, tuple[ScoreEvent, ...]]:
        """Enter a move of the round in play: see :meth:`PublicRound.apply`.

        Returns:
            ``(next_match, events)``; when the move ends the round and not the match, the
            next match holds the next round, not yet led.

        Raises:
            MatchOverError: when the match is over.
            IllegalMoveError, NotationError, PositionError: see :meth:`PublicRound.apply`.
        """
        self._check_going()
        nxt, events = self.round.apply(move, seat, drawn=drawn)
        return self._after(nxt), events

    def reveal(
        self, hands: Sequence[Hand | Sequence[Tile] | str]
    ) -> tuple[PublicMatch, tuple[ScoreEvent, ...]]:
        """Settle the blocked hand of the round in play from the hands turned over: see
        :meth:`PublicRound.reveal`.

        Raises:
            MatchOverError: when the match is over.
            PositionError, IllegalMoveError: see :meth:`PublicRound.reveal`.
        """
        self._check_going()
        nxt, events = self.round.reveal(hands)
        return self._after(nxt), events

    def settle(self, winner: int | None) -> tuple[PublicMatch, tuple[ScoreEvent, ...]]:
        """Settle the blocked hand of the round in play with the table's result: see
        :meth:`PublicRound.settle`.

        Raises:
            MatchOverError: when the match is over.
            PositionError, IllegalMoveError: see :meth:`PublicRound.settle`.
        """
        self._check_going()
        nxt, events = self.round.settle(winner)
        return self._after(nxt), events

    def _check_going(self) -> None:
        if self.is_over:
            raise MatchOverError(
                f"the match is over: side {self.winner} won with {self.scores} (rule 9)"
            )

    def _after(self, nxt: PublicRound) -> PublicMatch:
        """This match with ``nxt`` as its round, and the next round started when it ended."""
        if nxt.outcome is None:
            return attrs.evolve(self, round=nxt)
        rounds = (*self.rounds, nxt)
        if nxt.winner is not None:
            return attrs.evolve(self, round=nxt, rounds=rounds)
        following = PublicRound.start(
            nxt.rules,
            nxt.seats,
            scores=nxt.scores,
            dealer=(nxt.dealer + 1) % nxt.seats,
            hand_size=self.hand_size,
        )
        return attrs.evolve(self, round=following, rounds=rounds)

    def __str__(self) -> str:
        """The round in play and the match's scores."""
        over = "" if self.winner is None else f"\nmatch over: side {self.winner} wins"
        number = len(self.rounds) - 1 if self.is_over else len(self.rounds)
        head = f"round {number}, dealer seat {self.dealer}, target {self.target}"
        return f"{head}\n{self.round}{over}"

    def __repr__(self) -> str:
        """A short summary."""
        return f"PublicMatch(rounds={len(self.rounds)}, scores={self.scores}, round={self.round!r})"
