"""The built-in rule components: small frozen values, one per published variant.

Each names the rule text it implements (docs/rules.md, "Presets and switches"). They satisfy
the protocols in :mod:`bergen.rules.protocols`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from bergen.errors import _MAX_POINTS, RulesError, _brief
from bergen.tiles import Tile

__all__ = [
    "DrawWhen",
    "FewestDoublesThenPips",
    "FewestPips",
    "FixedReserve",
    "FixedTarget",
    "HandSizes",
    "HighestDouble",
    "LeadTile",
    "LowestDouble",
    "MatchEnd",
    "NearTargetReduction",
    "NoDouble",
    "NoDoubleFirst",
    "NoDoubleFirstNonDoublePips",
    "NoReduction",
    "PartnershipBlock",
    "Points",
    "TargetByTable",
]


MAX_RULE_NUMBER = 10**15
"""The largest number a built-in component takes: a target, a point value, a hand size or a
reserve (the engine plays a match to a trillion points; the command line's ``--target`` is
bounded tighter, by :data:`bergen.cli.options.MAX_CLI_TARGET`)."""


def _non_negative(inst: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= MAX_RULE_NUMBER:
        name = f"{type(inst).__name__}.{attribute.name}"
        raise RulesError(
            f"{name} must be an int in 0..{MAX_RULE_NUMBER:,}, got {_brief(value)}",
            fields=(name,),
        )


def _positive(inst: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_RULE_NUMBER:
        name = f"{type(inst).__name__}.{attribute.name}"
        raise RulesError(
            f"{name} must be an int in 1..{MAX_RULE_NUMBER:,}, got {_brief(value)}",
            fields=(name,),
        )


def _seats(method: str, seats: object) -> int:
    if type(seats) is not int or not 2 <= seats <= 4:
        raise RulesError(
            f"{method}: Bergen is played by 2, 3 or 4 seats, not {_brief(seats)}",
            fields=("seats",),
        )
    return seats


def _points(method: str, name: str, value: object, low: int = 0) -> int:
    if type(value) is not int or not low <= value <= _MAX_POINTS:
        raise RulesError(
            f"{method}: {name} is an int in {low}..10**18 (points), got {_brief(value)}",
            fields=(name,),
        )
    return value


def _table(method: str, seats: object, partnerships: object) -> None:
    _seats(method, seats)
    if type(partnerships) is not bool:
        raise RulesError(
            f"{method}: partnerships is True or False, got {_brief(partnerships)}",
            fields=("partnerships",),
        )
    if partnerships and seats != 4:
        raise RulesError(
            f"{method}: partnerships are played by four seats, not {seats}",
            fields=("partnerships",),
        )


def _doubles(method: str, doubles: object) -> Sequence[Tile]:
    if (
        not isinstance(doubles, list | tuple)
        or not doubles
        or not all(isinstance(t, Tile) and t.is_double for t in doubles)
    ):
        raise RulesError(
            f"{method}: doubles is a non-empty list or tuple of doubles (Tile values), "
            f"got {_brief(doubles)}",
            fields=("doubles",),
        )
    return doubles


def _sides(method: str, sides: object) -> Sequence[Sequence[Tile]]:
    held: list[object] = []
    ok = isinstance(sides, list | tuple) and 2 <= len(sides) <= 4
    for side in sides if ok and isinstance(sides, list | tuple) else ():
        if not isinstance(side, list | tuple):
            ok = False
            break
        held.extend(side)
    if not ok or not all(isinstance(t, Tile) for t in held) or len(set(held)) != len(held):
        raise RulesError(
            f"{method}: sides is a list or tuple of 2..4 sides, each a list or tuple of its "
            f"tiles (Tile values, none twice), got {_brief(sides)}",
            fields=("sides",),
        )
    return sides  # type: ignore[return-value]


@attrs.frozen
class HandSizes:
    """Tiles dealt to each seat, by table size.

    ``HandSizes(6, 6, 5)`` is the Swedish/German text (rule 1); ``HandSizes(6, 5, 5)`` the
    English page (``EN``).

    Args:
        two: Tiles each with two seats.
        three: Tiles each with three seats.
        four: Tiles each with four seats.

    A size need only fit the 28 tiles at the tables that are played: ``HandSizes(6, 6, 8)``
    is a value, and :meth:`bergen.Rules.for_table` refuses four seats with it (32 tiles).
    Hands that take every tile, or leave only the reserve, are games without draws.

    Raises:
        RulesError: when a size is not an int of at least 1.
    """

    two: int = attrs.field(validator=_positive)
    three: int = attrs.field(validator=_positive)
    four: int = attrs.field(validator=_positive)

    def hand_size(self, seats: int) -> int:
        """Tiles dealt to each of ``seats`` seats (2, 3 or 4).

        Raises:
            RulesError: for another number of seats, or one that is not an int.
        """
        seats = _seats("HandSizes.hand_size", seats)
        if seats == 2:
            return self.two
        if seats == 3:
            return self.three
        return self.four


@attrs.frozen
class LowestDouble:
    """The lowest double held leads (``SV``, ``DE``, ``EN``; pagat)."""

    def choose(self, doubles: Sequence[Tile]) -> Tile:
        """Return the lowest of the doubles held at the table (the
        :class:`~bergen.rules.protocols.LeadRule` protocol: ``doubles`` is never empty).

        Raises:
            RulesError: when ``doubles`` is not a non-empty list or tuple of doubles.
        """
        doubles = _doubles("LowestDouble.choose", doubles)
        return min(doubles)


@attrs.frozen
class HighestDouble:
    """The highest double held leads (domino-games.com, onlinedominogames)."""

    def choose(self, doubles: Sequence[Tile]) -> Tile:
        """Return the highest of the doubles held at the table (the
        :class:`~bergen.rules.protocols.LeadRule` protocol: ``doubles`` is never empty).

        Raises:
            RulesError: when ``doubles`` is not a non-empty list or tuple of doubles.
        """
        doubles = _doubles("HighestDouble.choose", doubles)
        return max(doubles)


class NoDouble(enum.Enum):
    """What happens when nobody is dealt a double (docs/rules.md, rule 2 and "no double dealt")."""

    REDEAL = "redeal"
    """Shuffle and deal again, same dealer (``SV``, ``DE``)."""
    DRAW_IN_TURN = "draw"
    """Starting left of the dealer, each seat in turn draws one tile until somebody holds a
    double, and that seat leads it (``EN``). This drawing is part of the deal: it ignores the
    reserve and the drawing switch."""

    def __repr__(self) -> str:
        """Valid Python: ``NoDouble.REDEAL``."""
        return f"NoDouble.{self.name}"


class LeadTile(enum.Enum):
    """What the seat holding the required double leads (docs/rules.md, rule 2)."""

    DOUBLE = "double"
    """That double (``SV``, ``DE``, ``EN``; pagat, domino-games.com, puzzle-place)."""
    ANY = "any"
    """Any tile of its hand (onlinedominogames: "Turn can be started with any tile"). A tile
    that is not a double is laid with its higher number at the left end and scores nothing."""

    def __repr__(self) -> str:
        """Valid Python: ``LeadTile.DOUBLE``."""
        return f"LeadTile.{self.name}"


class DrawWhen(enum.Enum):
    """When a seat may draw from the boneyard (docs/rules.md, rule 4, "when to draw")."""

    NOTHING_FITS = "nothing-fits"
    """Only while it holds no tile that fits, one tile at a time until one fits (``SV``, ``DE``,
    ``EN``, pagat, Celko, domino-games.com, onlinedominogames)."""
    ANY_TIME = "any-time"
    """Also while it holds a tile that fits (puzzle-place: "Players draw from the surplus and
    play in the same way as for Muggins", and its Muggins page: "It is permissible to draw even
    though the player holds a piece which would play"). A draw keeps the turn: the seat then
    plays, or draws again while tiles above the reserve remain."""

    def __repr__(self) -> str:
        """Valid Python: ``DrawWhen.ANY_TIME``."""
        return f"DrawWhen.{self.name}"


class MatchEnd(enum.Enum):
    """When the target ends the match (docs/rules.md, rule 9)."""

    INSTANT = "instant"
    """The instant a side reaches the target, in the middle of a round if need be (``SV``:
    "Matchen tar slut i samma ögonblick som målet nås")."""
    ROUND_END = "round"
    """Only when a round ends: the round is played out, and then the highest score at or above
    the target wins; when two sides share it, another round is dealt (onlinedominogames:
    "Player scoring 15 or more after end of a round wins the game")."""

    def __repr__(self) -> str:
        """Valid Python: ``MatchEnd.INSTANT``."""
        return f"MatchEnd.{self.name}"


class PartnershipBlock(enum.Enum):
    """What a partnership is judged on in a blocked hand (docs/rules.md, rules 8 and 10)."""

    TOGETHER = "together"
    """Its two hands together, as if one hand (``SV``/``DE``: the side, "sidan", holds the
    doubles and pips)."""
    BEST_HAND = "best-hand"
    """Its best single hand: the seat with the best hand wins for its side; seats of both
    sides level on the best hand score nothing (the rule of Caribbean domino apps)."""

    def __repr__(self) -> str:
        """Valid Python: ``PartnershipBlock.TOGETHER``."""
        return f"PartnershipBlock.{self.name}"


@attrs.frozen
class Points:
    """The four point values (docs/rules.md, rules 5, 7, 8 and "points").

    Args:
        double_header: Points for a double header (2).
        triple_header: Points for a triple header (3).
        going_out: Points for going out (2; 1 in some published rules).
        blocked_hand: Points for winning a blocked hand (2; 1 in some published rules).

    Raises:
        RulesError: when a value is negative.
    """

    double_header: int = attrs.field(default=2, validator=_non_negative)
    triple_header: int = attrs.field(default=3, validator=_non_negative)
    going_out: int = attrs.field(default=2, validator=_non_negative)
    blocked_hand: int = attrs.field(default=2, validator=_non_negative)


@attrs.frozen
class NearTargetReduction:
    """Headers are reduced near the target (rule 6; ``SV``, Celko).

    With ``need = target - score`` before the play: ``need <= 2`` makes every header worth 1;
    ``need == 3`` caps a header at 2. Going out and blocks are never reduced.
    """

    def reduce(self, base: int, score: int, target: int) -> int:
        """Return the points a header worth ``base`` scores for a side at ``score`` in a match to
        ``target`` (all in points; the :class:`~bergen.rules.protocols.HeaderReduction`
        protocol).

        Raises:
            RulesError: when ``base`` or ``score`` is not an int in 0..10**18, or ``target`` not
                one in 1..10**18.
        """
        _points("NearTargetReduction.reduce", "base", base)
        _points("NearTargetReduction.reduce", "score", score)
        _points("NearTargetReduction.reduce", "target", target, 1)
        need = target - score
        if need <= 2:
            return min(base, 1)
        if need == 3:
            return min(base, 2)
        return base


@attrs.frozen
class NoReduction:
    """Headers keep their value up to the target (``EN``)."""

    def reduce(self, base: int, score: int, target: int) -> int:
        """Return ``base`` unchanged, in points (the
        :class:`~bergen.rules.protocols.HeaderReduction` protocol).

        Raises:
            RulesError: when ``base`` or ``score`` is not an int in 0..10**18, or ``target`` not
                one in 1..10**18.
        """
        _points("NoReduction.reduce", "base", base)
        _points("NoReduction.reduce", "score", score)
        _points("NoReduction.reduce", "target", target, 1)
        return base


def _sides_min(keys: Sequence[tuple[int, ...]]) -> int | None:
    best = min(keys)
    winners = [i for i, k in enumerate(keys) if k == best]
    return winners[0] if len(winners) == 1 else None


@attrs.frozen
class FewestDoublesThenPips:
    """The side with the fewest doubles wins; fewer pips decide between sides level on doubles;
    a complete tie scores nothing (rule 8; the "German rule" of ``SV``/``DE``).
    """

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        """Return the winning side index, or ``None`` on a tie for the best count.

        ``sides`` holds each side's tiles (the :class:`~bergen.rules.protocols.BlockedHandJudge`
        protocol).

        Raises:
            RulesError: when ``sides`` is not a list or tuple of 2..4 sides, each a list or
                tuple of tiles, no tile held twice.
        """
        sides = _sides("FewestDoublesThenPips.winner", sides)
        return _sides_min([(sum(t.is_double for t in s), sum(t.pips for t in s)) for s in sides])


@attrs.frozen
class FewestPips:
    """Fewest pips wins; a tie for fewest scores nothing (``EN``; onlinedominogames)."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        """Return the winning side index, or ``None`` on a tie for fewest pips.

        ``sides`` holds each side's tiles (the :class:`~bergen.rules.protocols.BlockedHandJudge`
        protocol).

        Raises:
            RulesError: when ``sides`` is not a list or tuple of 2..4 sides, each a list or
                tuple of tiles, no tile held twice.
        """
        sides = _sides("FewestPips.winner", sides)
        return _sides_min([(sum(t.pips for t in s),) for s in sides])


@attrs.frozen
class NoDoubleFirst:
    """A hand holding no double beats any hand holding one; then fewer pips
    (``EN`` "Doubles decide a blocked hand"; puzzle-place).
    """

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        """Return the winning side index, or ``None`` on a tie.

        ``sides`` holds each side's tiles (the :class:`~bergen.rules.protocols.BlockedHandJudge`
        protocol).

        Raises:
            RulesError: when ``sides`` is not a list or tuple of 2..4 sides, each a list or
                tuple of tiles, no tile held twice.
        """
        sides = _sides("NoDoubleFirst.winner", sides)
        return _sides_min(
            [(int(any(t.is_double for t in s)), sum(t.pips for t in s)) for s in sides]
        )


@attrs.frozen
class NoDoubleFirstNonDoublePips:
    """A hand holding no double wins; between hands level on that, the pips of non-double
    tiles only decide (puzzle-place: "if all hold doubles, only the pips of non-double tiles
    count").
    """

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        """Return the winning side index, or ``None`` on a tie.

        ``sides`` holds each side's tiles (the :class:`~bergen.rules.protocols.BlockedHandJudge`
        protocol).

        Raises:
            RulesError: when ``sides`` is not a list or tuple of 2..4 sides, each a list or
                tuple of tiles, no tile held twice.
        """
        sides = _sides("NoDoubleFirstNonDoublePips.winner", sides)
        return _sides_min(
            [
                (int(any(t.is_double for t in s)), sum(t.pips for t in s if not t.is_double))
                for s in sides
            ]
        )


@attrs.frozen
class FixedReserve:
    """A fixed number of boneyard tiles that are never drawn (rule 4: 2; ``EN``: 0).

    Args:
        count: The reserve, in tiles.

    Raises:
        RulesError: when the count is negative.
    """

    count: int = attrs.field(validator=_non_negative)

    def reserve(self, seats: int, boneyard_size: int) -> int:
        """Return ``count``, in tiles, whatever the table (the
        :class:`~bergen.rules.protocols.ReserveRule` protocol).

        Raises:
            RulesError: when ``seats`` is not 2, 3 or 4, or ``boneyard_size`` not an int in
                0..28.
        """
        _seats("FixedReserve.reserve", seats)
        if type(boneyard_size) is not int or not 0 <= boneyard_size <= 28:
            raise RulesError(
                f"FixedReserve.reserve: boneyard_size is an int in 0..28 (tiles), "
                f"got {_brief(boneyard_size)}",
                fields=("boneyard_size",),
            )
        return self.count


@attrs.frozen
class TargetByTable:
    """The target by table size (rule 9): 15 for two seats or two partnerships, 10 for three or
    four individuals.

    Args:
        two: Target with two seats.
        three: Target with three seats.
        four: Target with four individuals.
        partnerships: Target for two partnerships.

    Raises:
        RulesError: when a target is below 1.
    """

    two: int = attrs.field(default=15, validator=_positive)
    three: int = attrs.field(default=10, validator=_positive)
    four: int = attrs.field(default=10, validator=_positive)
    partnerships: int = attrs.field(default=15, validator=_positive)

    def target(self, seats: int, partnerships: bool) -> int:
        """Return the target for the table, in points: ``partnerships`` when partnerships are
        on, else the field for the number of seats (the
        :class:`~bergen.rules.protocols.TargetRule` protocol).

        Raises:
            RulesError: when ``seats`` is not 2, 3 or 4, ``partnerships`` not a bool, or
                partnerships are asked of a table of other than four seats.
        """
        _table("TargetByTable.target", seats, partnerships)
        if partnerships:
            return self.partnerships
        return {2: self.two, 3: self.three}.get(seats, self.four)


@attrs.frozen
class FixedTarget:
    """One target for every table (``EN`` "Fifteen for every table": 15).

    Args:
        points: The target, in points.

    Raises:
        RulesError: when the target is below 1.
    """

    points: int = attrs.field(validator=_positive)

    def target(self, seats: int, partnerships: bool) -> int:
        """Return ``points`` whatever the table (the :class:`~bergen.rules.protocols.TargetRule`
        protocol).

        Raises:
            RulesError: when ``seats`` is not 2, 3 or 4, ``partnerships`` not a bool, or
                partnerships are asked of a table of other than four seats.
        """
        _table("FixedTarget.target", seats, partnerships)
        return self.points
