"""The protocols a user implements to plug a rule of their own into :class:`bergen.Rules`.

Each protocol is one axis on which the published rule texts differ (rules brief, "Variants").
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
    "TargetRule",
]


@runtime_checkable
class HandSizeRule(Protocol):
    """How many tiles each seat is dealt (rules brief, rule 1 and "hand sizes")."""

    def hand_size(self, seats: int) -> int:
        """Return the number of tiles dealt to each of ``seats`` (2..4) seats."""
        ...


@runtime_checkable
class LeadRule(Protocol):
    """Which double must lead (rules brief, rule 2 and "lead double")."""

    def choose(self, doubles: Sequence[Tile]) -> Tile:
        """Return the double that must lead, given every double held at the table (non-empty)."""
        ...


@runtime_checkable
class HeaderReduction(Protocol):
    """The value of a header near the target (rules brief, rule 6)."""

    def reduce(self, base: int, score: int, target: int) -> int:
        """Return the points a header worth ``base`` points scores for a side whose score before
        the play is ``score``, in a match played to ``target`` (all in points).
        """
        ...


@runtime_checkable
class BlockedHandJudge(Protocol):
    """Who wins a blocked hand (rules brief, rule 8 and "blocked-hand rule")."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        """Return the index of the side that wins, given the tiles each side holds (a
        partnership's two hands together), or ``None`` when nobody scores.
        """
        ...


@runtime_checkable
class ReserveRule(Protocol):
    """How many boneyard tiles are never drawn (rules brief, rule 4 and "boneyard reserve")."""

    def reserve(self, seats: int, boneyard_size: int) -> int:
        """Return the reserve, in tiles, for a table of ``seats`` seats whose boneyard starts with
        ``boneyard_size`` tiles.
        """
        ...


@runtime_checkable
class TargetRule(Protocol):
    """The score that ends the match (rules brief, rule 9 and "target")."""

    def target(self, seats: int, partnerships: bool) -> int:
        """Return the target, in points, for ``seats`` seats, with or without partnerships."""
        ...
