"""The protocols a user implements to plug a rule of their own into :class:`bergen.Rules`.

Each protocol is one axis on which the published rule texts differ (docs/rules.md, "Presets and
switches").
Built-in implementations are small frozen values; any object with the right method works.
A rule object must be immutable and deterministic: the engine may call it any number of times.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from bergen.tiles import Tile

__all__ = [
    "BlockedHandJudge",
    "HandSizeRule",
    "HeaderReduction",
    "LeadRule",
    "ReserveRule",
    "SeatBlockedHandJudge",
    "TargetRule",
]


@runtime_checkable
class HandSizeRule(Protocol):
    """How many tiles each seat is dealt (docs/rules.md, rule 1 and "hand sizes")."""

    def hand_size(self, seats: int) -> int:
        """Return the number of tiles dealt to each seat.

        Args:
            seats: The number of seats at the table, 2, 3 or 4.

        Returns:
            Tiles per seat, at least 1; ``seats`` hands must fit in the 28 tiles, or
            :meth:`bergen.Rules.for_table` raises ``RulesError`` (field ``hand_sizes``).
        """
        ...


@runtime_checkable
class LeadRule(Protocol):
    """Which double must lead (docs/rules.md, rule 2 and "lead double")."""

    def choose(self, doubles: Sequence[Tile]) -> Tile:
        """Return the double that must lead.

        Args:
            doubles: Every double held in the seats' hands at the lead, lowest first; never
                empty (a deal with no double is redealt or drawn to first, rule 2).

        Returns:
            One of ``doubles``: the seat holding it leads it.
        """
        ...


@runtime_checkable
class HeaderReduction(Protocol):
    """The value of a header near the target (docs/rules.md, rule 6)."""

    def reduce(self, base: int, score: int, target: int) -> int:
        """Return the points a header actually scores (rule 6).

        Called for every header, the lead double's too when the lead scores; never for going
        out or a blocked hand, which are not reduced.

        Args:
            base: The header's value before the reduction, in points (``Points.double_header``
                or ``Points.triple_header``).
            score: The scoring side's match points before the play.
            target: The match target, in points.

        Returns:
            The points awarded, an int ``>= 0``.
        """
        ...


@runtime_checkable
class BlockedHandJudge(Protocol):
    """Who wins a blocked hand (docs/rules.md, rule 8 and "blocked-hand rule")."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        """Return the side that wins a blocked hand (rule 8).

        Args:
            sides: The tiles each side holds when the round blocks, indexed by side: one
                hand per seat, or with partnerships a partnership's two hands together (side
                0 is seats 0 and 2).

        Returns:
            The winning side's index (``0 .. len(sides) - 1``), which scores
            ``Points.blocked_hand``; or ``None`` when nobody scores. Any other value makes the
            engine raise ``PositionError``.
        """
        ...


@runtime_checkable
class SeatBlockedHandJudge(BlockedHandJudge, Protocol):
    """A blocked-hand judge that sees each seat's hand (docs/rules.md, rule 8).

    A judge with only :meth:`~BlockedHandJudge.winner` is given each side's tiles: with
    partnerships the two hands together, or, with ``partnership_block`` set to
    ``PartnershipBlock.BEST_HAND``, it is asked first which partner's hand is better and then
    which side's best hand wins. A judge that also has :meth:`winner_of_hands` is asked that
    instead, with every seat's hand, and decides on its own how partners count (the
    ``partnership_block`` switch is not consulted).
    """

    def winner_of_hands(self, hands: Sequence[Sequence[Tile]], sides: Sequence[int]) -> int | None:
        """Return the side that wins a blocked hand (rule 8).

        Args:
            hands: The tiles each seat holds when the round blocks, indexed by seat.
            sides: The side of each seat (``sides[seat]``): the seat itself, or with
                partnerships ``seat % 2``.

        Returns:
            The winning side's index, which scores ``Points.blocked_hand``; or ``None`` when
            nobody scores. Any other value makes the engine raise ``PositionError``.
        """
        ...


@runtime_checkable
class ReserveRule(Protocol):
    """How many boneyard tiles are never drawn (docs/rules.md, rule 4 and "boneyard reserve")."""

    def reserve(self, seats: int, boneyard_size: int) -> int:
        """Return how many boneyard tiles are never drawn (rule 4).

        Args:
            seats: The number of seats, 2..4.
            boneyard_size: Tiles in the boneyard after the deal.

        Returns:
            The reserve, in tiles, ``>= 0``; with drawing on it must leave at least one tile to
            draw, or :meth:`bergen.Rules.for_table` raises ``RulesError`` (field ``reserve``).
        """
        ...


@runtime_checkable
class TargetRule(Protocol):
    """The score that ends the match (docs/rules.md, rule 9 and "target")."""

    def target(self, seats: int, partnerships: bool) -> int:
        """Return the score that ends the match (rule 9).

        Args:
            seats: The number of seats, 2..4.
            partnerships: Whether the four seats play as two partnerships.

        Returns:
            The target, in points, ``>= 1``.
        """
        ...
