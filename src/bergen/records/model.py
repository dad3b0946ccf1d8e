"""The values a game record is made of: the record, its rounds, actions and events.

These mirror the JSON format ``bergen-record/1`` (see :mod:`bergen.records` and
``docs/records.md``) one to one. They are plain frozen values: building one checks the shape
(types and counts) but not the rules; :func:`bergen.records.replay` checks a record against the
rules.
"""

from __future__ import annotations

import attrs

from bergen.deal import MAX_SHUFFLE_INDEX, Deal
from bergen.errors import (
    BergenError,
    RecordError,
    RecordReason,
    _as_tuple,
    _bad,
    _brief,
    _is_int,
    _is_ints,
)
from bergen.events import Outcome, ScoreEvent
from bergen.line import LineOfPlay
from bergen.moves import Draw, Lead, Move, Pass, Play
from bergen.rules import Rules
from bergen.tiles import Tile

__all__ = [
    "MAX_RECORD_BYTES",
    "RECORD_FORMAT",
    "RECORD_FORMATS",
    "Position",
    "Record",
    "RecordedAction",
    "RecordedEvent",
    "RoundRecord",
]

RECORD_FORMAT = "bergen-record/2"
"""The newest value of a record's ``"format"`` field, which this library reads and writes."""

RECORD_FORMATS = ("bergen-record/1", "bergen-record/2")
"""Every format version this library reads. It writes the lowest that holds the record: version 1
unless the record uses a field version 2 added (``shuffles``)."""


def _is_name(value: object) -> bool:
    """Whether ``value`` is a player's name: text of printable characters only (no newline,
    tab or escape sequence, which would forge lines or move the cursor where a name is shown).
    """
    return _is_text(value) and str.isprintable(value)  # type: ignore[arg-type]


def _is_text(value: object) -> bool:
    """Whether ``value`` is a ``str`` that UTF-8 can encode (no lone surrogate, which a JSON
    escape can spell but no file can hold).
    """
    if not isinstance(value, str):
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _pairs(value: object) -> object:
    """The converter of ``Record.meta``: a list of pairs, each a list or a tuple, becomes a
    tuple of tuples; anything else is left for the check.
    """
    if isinstance(value, list | tuple):
        return tuple(tuple(p) if isinstance(p, list) else p for p in value)
    return value


def _hands(value: object) -> object:
    """The converter of ``Position.hands``: a list becomes a tuple, and so does each hand given
    as a list; anything else is left for the check.
    """
    if isinstance(value, list | tuple):
        return tuple(tuple(h) if isinstance(h, list) else h for h in value)
    return value


def _is_tiles(value: object) -> bool:
    """Whether ``value`` is a tuple of :class:`~bergen.tiles.Tile` values."""
    return type(value) is tuple and all(isinstance(t, Tile) for t in value)


def _argument(owner: str, field: str, wanted: str, value: object) -> RecordError:
    """The error for a record value built with an argument of the wrong kind."""
    return RecordError(_bad(owner, field, wanted, value), reason=RecordReason.ARGUMENT)


MAX_RECORD_BYTES = 10 * 1024 * 1024
"""The largest record file :func:`bergen.records.load` reads: 10 MiB. A long match is a few
hundred kilobytes."""


@attrs.frozen
class RecordedAction:
    """One action of a round, as written in the record.

    Args:
        move: The move, read from canonical notation (``"5-4L"``, ``"draw"``, ...).
        tile: For a draw, the tile the record says was drawn (checked against the top of the
            boneyard on replay), or ``None`` when the record does not name it.

    Raises:
        RecordError: when ``tile`` is given for a move that is not a draw.
    """

    move: Move
    tile: Tile | None = None

    def __attrs_post_init__(self) -> None:
        """Check that only a draw names a tile."""
        if not isinstance(self.move, Lead | Play | Draw | Pass):
            raise RecordError(
                f"RecordedAction.move is a move, got {_brief(self.move)}",
                reason=RecordReason.SCHEMA,
            )
        if self.tile is not None and not isinstance(self.tile, Tile):
            raise RecordError(
                f"RecordedAction.tile is a Tile or None, got {_brief(self.tile)}",
                reason=RecordReason.SCHEMA,
            )
        if self.tile is not None and not isinstance(self.move, Draw):
            raise RecordError(
                f"only a draw names the tile drawn; {self.move} names {self.tile}",
                reason=RecordReason.SCHEMA,
            )

    def __str__(self) -> str:
        """The action's text: ``5-4L``, or ``draw 6-2`` for a draw that names its tile."""
        return str(self.move) if self.tile is None else f"{self.move} {self.tile}"


@attrs.frozen
class RecordedEvent:
    """A score event as the record states it, with the action that caused it.

    Args:
        action: The 0-based index, within its round, of the action that caused the event.
        event: The event (kind, seat, side, points, base points, tile).

    Raises:
        RecordError: (reason ``"argument"``) when ``action`` is not an int >= 0 or ``event``
            not a :class:`~bergen.events.ScoreEvent`.
    """

    action: int
    event: ScoreEvent

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not _is_int(self.action):
            raise _argument("RecordedEvent", "action", "an int >= 0", self.action)
        if not isinstance(self.event, ScoreEvent):
            raise _argument("RecordedEvent", "event", "a ScoreEvent", self.event)


@attrs.frozen
class Position:
    """A set-up position a round starts from instead of a deal, as chess has FEN.

    See docs/records.md, "The record format".

    Args:
        hands: The tiles of each seat.
        boneyard: The undealt tiles in draw order, top first.
        line: The line of play (see :meth:`bergen.LineOfPlay.parse`).
        to_move: The seat to move.
        scores: Match points per side at the position, or ``None`` for the record's
            ``start_scores`` (all 0 by default).

    Lists are copied to tuples (the hands' too). Whether the tiles make the 28 and the seat
    is at the table is checked on replay, against the rules.

    Raises:
        RecordError: (reason ``"argument"``) when ``hands`` is not 2..4 tuples of
            :class:`~bergen.tiles.Tile`, ``boneyard`` not a tuple of tiles, ``line`` not a
            :class:`~bergen.line.LineOfPlay`, ``to_move`` not an int in 0..2**63, or ``scores``
            neither ints >= 0 nor ``None``.
    """

    hands: tuple[tuple[Tile, ...], ...] = attrs.field(converter=_hands)
    boneyard: tuple[Tile, ...] = attrs.field(converter=_as_tuple)
    line: LineOfPlay
    to_move: int
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check the fields' types."""
        hands = self.hands
        if (
            type(hands) is not tuple
            or not 2 <= len(hands) <= 4
            or not all(_is_tiles(h) for h in hands)
        ):
            raise _argument("Position", "hands", "2..4 tuples of Tile, one per seat", hands)
        if not _is_tiles(self.boneyard):
            raise _argument("Position", "boneyard", "a tuple of Tile", self.boneyard)
        if not isinstance(self.line, LineOfPlay):
            raise _argument("Position", "line", "a LineOfPlay", self.line)
        if not _is_int(self.to_move, 0, 2**63):  # the seat is checked on replay, as the rest
            raise _argument("Position", "to_move", "an int >= 0", self.to_move)
        if self.scores is not None and not _is_ints(self.scores):
            raise _argument("Position", "scores", "a tuple of ints >= 0 or None", self.scores)


@attrs.frozen
class RoundRecord:
    """One round of a record: how it starts, its actions and the events they scored.

    Exactly one of ``deal`` and ``position`` is given.

    Args:
        dealer: The dealing seat, or ``None`` to follow the match (0 for a record's first round,
            then passing left each round).
        deal: The explicit deal: each seat's tiles and the boneyard order.
        position: A set-up position (first round only).
        redeals: Deals thrown in before ``deal`` because nobody held a double (rule 2).
        actions: The actions in order. Draws for a lead double under "draw in turn" are part of
            the deal and are not actions.
        events: Every score event of the round, in award order, each with its action's index.
        outcome: How the round ended, when the record states it (checked on replay).
        scores: Match points per side after the round, when the record states them (checked).

    Raises:
        RecordError: when neither or both of ``deal`` and ``position`` are given, or (reason
            ``"schema"``) ``actions``, ``events`` or ``redeals`` is not a tuple of its values;
            (reason ``"argument"``) when ``dealer`` is neither an int in 0..2**63 nor ``None``,
            ``deal`` not a :class:`~bergen.deal.Deal`, ``position`` not a :class:`Position`,
            ``outcome`` neither an :class:`~bergen.events.Outcome` nor ``None``, or ``scores``
            neither ints >= 0 nor ``None``.
    """

    dealer: int | None
    deal: Deal | None
    position: Position | None
    actions: tuple[RecordedAction, ...] = attrs.field(converter=_as_tuple)
    events: tuple[RecordedEvent, ...] = attrs.field(converter=_as_tuple)
    redeals: tuple[Deal, ...] = attrs.field(default=(), converter=_as_tuple)
    outcome: Outcome | None = None
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check that the round starts one way and the shape of its fields."""
        for name, items, kind in (
            ("actions", self.actions, RecordedAction),
            ("events", self.events, RecordedEvent),
            ("redeals", self.redeals, Deal),
        ):
            if not isinstance(items, tuple) or not all(isinstance(x, kind) for x in items):
                raise RecordError(
                    f"RoundRecord.{name} is a tuple of {kind.__name__} values, got {_brief(items)}",
                    reason=RecordReason.SCHEMA,
                )
        if (self.deal is None) == (self.position is None):
            raise RecordError(
                "a round starts from either a deal or a position, not both/neither",
                reason=RecordReason.SCHEMA,
            )
        if self.dealer is not None and not _is_int(self.dealer, 0, 2**63):
            raise _argument("RoundRecord", "dealer", "an int >= 0 or None", self.dealer)
        if self.deal is not None and not isinstance(self.deal, Deal):
            raise _argument("RoundRecord", "deal", "a Deal or None", self.deal)
        if self.position is not None and not isinstance(self.position, Position):
            raise _argument("RoundRecord", "position", "a Position or None", self.position)
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise _argument("RoundRecord", "outcome", "an Outcome or None", self.outcome)
        if self.scores is not None and not _is_ints(self.scores):
            raise _argument("RoundRecord", "scores", "a tuple of ints >= 0 or None", self.scores)


def _check_deal_stream(record: Record) -> None:
    """A seeded record's deals must be its seed's shuffles in a row, ending where ``shuffles``
    says the stream stands (see :class:`Record`).
    """
    seed = record.seed
    assert seed is not None  # internal: called for seeded records
    seats = record.seats
    try:
        hand_size = record.rules.for_table(seats).hand_size
    except BergenError:
        return  # rules that do not allow the table: replay refuses them (reason "rules")
    # (round, label, deal) for each deal, each round's redeals before its deal.
    deals: list[tuple[int, str, Deal]] = []
    for r, rnd in enumerate(record.rounds):
        deals.extend((r, f"redeal {n}", d) for n, d in enumerate(rnd.redeals))
        if rnd.deal is not None:
            deals.append((r, "deal", rnd.deal))
    if any(d.seats != seats for _, _, d in deals):
        return  # the wrong number of hands: replay refuses it (reason "deal")

    def first_mismatch(from_seed: list[tuple[int, str, Deal]], start: int) -> int | None:
        # The index in ``from_seed`` of the first deal that is not the seed's shuffle
        # ``start + index``, or None when they all are.
        for i, (_, _, deal) in enumerate(from_seed):
            k = start + i
            if k > MAX_SHUFFLE_INDEX or deal != Deal.from_seed(seed, seats, hand_size, k):
                return i
        return None

    shuffles = record.shuffles
    # Where the stream starts: shuffle 0, or (format 2) as far back from ``shuffles`` as
    # the record has deals (a match begun further on in its stream).
    start = 0 if shuffles is None else shuffles - len(deals)
    miss = first_mismatch(deals, start) if start >= 0 else 0
    if miss is None:
        return
    first = record.rounds[0] if record.rounds else None
    if (
        first is not None
        and first.deal is not None
        and not first.redeals
        and first.deal != Deal.from_seed(seed, seats, hand_size, 0)
    ):
        # A first round dealt elsewhere (MatchState.from_round): the seed deals the rest, and
        # its next shuffle is not that first deal again.
        rest = deals[1:]
        after = 0 if shuffles is None else shuffles - len(rest)
        if (
            after >= 0
            and first_mismatch(rest, after) is None
            and (shuffles is None or first_mismatch(deals[:1], shuffles) is not None)
        ):
            return
    if start < 0:
        raise RecordError(
            f"shuffles: {shuffles}, but the record holds {len(deals)} deals from the seed: "
            "the next shuffle cannot come before them",
            reason=RecordReason.DEAL,
        )
    r, label, _ = deals[miss]
    raise RecordError(
        f"round {r}: the {label} is not the seed's shuffle {start + miss}: the seed {seed}"
        f"{'' if shuffles is None else f' with shuffles {shuffles}'} does not deal this "
        "record (a record's seed and shuffles are those its deals came from; leave them "
        "out for deals of another origin)",
        reason=RecordReason.DEAL,
        round=r,
    )


@attrs.frozen
class Record:
    """A game record: the rules, the seats and the rounds played.

    Args:
        rules: The ruleset (a preset, or a custom set of built-in components).
        names: One entry per seat: the player's name, or ``None``.
        rounds: The rounds, oldest first; every round but the last must be finished.
        start_scores: Match points per side before the first round, or ``None`` for all 0 (a
            record may join a match in progress).
        scores: The final match points per side, when the record states them (checked).
        seed: The seed the deals came from. Replay uses the explicit deals; with ``shuffles``
            the seed also deals the rounds after the record's last one.
        shuffles: With ``seed``, the index of the seed's next shuffle (how many shuffles the
            match had drawn, redeals included): :func:`bergen.records.replay` gives a match that
            deals on from there exactly as the original would (format version 2). ``None``:
            the record does not say, and the replayed match awaits explicit deals.
        meta: Free text about the record (source, date, players, ...), as ``(key, value)``
            pairs.

    A record with a seed must be what that seed dealt: its deals, each round's redeals before
    its deal, are the seed's shuffles in a row (:meth:`bergen.Deal.from_seed`), from shuffle
    0 or, with ``shuffles``, ending just before it, so that the match deals on from a shuffle
    it has not dealt. A first round from a set-up position deals nothing; a first round of a
    single deal from elsewhere (:meth:`bergen.MatchState.from_round`) may stand before them.

    Raises:
        RecordError: (``reason`` ``"schema"``) for a field of the wrong type or shape;
            (``"deal"``) when the seed does not deal the record's deals or ``shuffles`` is
            not their number.
    """

    rules: Rules
    names: tuple[str | None, ...] = attrs.field(converter=_as_tuple)
    rounds: tuple[RoundRecord, ...] = attrs.field(converter=_as_tuple)
    start_scores: tuple[int, ...] | None = attrs.field(default=None, converter=_as_tuple)
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_as_tuple)
    seed: int | None = None
    meta: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_pairs)
    shuffles: int | None = None

    def __attrs_post_init__(self) -> None:
        """Check the shape of every field (what :func:`bergen.records.dumps` writes,
        :func:`bergen.records.loads` reads back), that ``shuffles`` comes with a seed, and that
        a seed deals the record's deals (see the class).
        """

        def bad(message: str) -> RecordError:
            return RecordError(message, reason=RecordReason.SCHEMA)

        if not isinstance(self.rules, Rules):
            raise bad(f"Record.rules is a Rules value, got {_brief(self.rules)}")
        if not isinstance(self.names, tuple) or not 2 <= len(self.names) <= 4:
            raise bad(
                f"Record.names has one entry for each of 2, 3 or 4 seats, got {_brief(self.names)}"
            )
        for i, name in enumerate(self.names):
            if name is not None and not _is_name(name):
                raise bad(
                    f"Record.names[{i}] is a string of printable characters or None, got "
                    f"{_brief(name)}"
                )
        if not isinstance(self.rounds, tuple) or not all(
            isinstance(r, RoundRecord) for r in self.rounds
        ):
            raise bad(f"Record.rounds is a tuple of RoundRecord values, got {_brief(self.rounds)}")
        for field in ("start_scores", "scores"):
            value = getattr(self, field)
            if value is not None and (
                not isinstance(value, tuple) or not all(type(v) is int and v >= 0 for v in value)
            ):
                raise bad(f"Record.{field} is a tuple of ints >= 0 or None, got {_brief(value)}")
        if self.seed is not None and (type(self.seed) is not int or self.seed.bit_length() > 64):
            raise bad(f"Record.seed is an int of at most 64 bits or None, got {_brief(self.seed)}")
        if not isinstance(self.meta, tuple) or not all(
            isinstance(p, tuple) and len(p) == 2 and _is_text(p[0]) and _is_text(p[1])
            for p in self.meta
        ):
            raise bad(
                f"Record.meta is (key, value) pairs of strings (valid Unicode), got "
                f"{_brief(self.meta)}"
            )
        keys = [p[0] for p in self.meta]
        if len(set(keys)) != len(keys):
            raise bad("Record.meta names a key twice (a JSON object holds each key once)")
        if self.shuffles is not None and (
            self.seed is None or not _is_int(self.shuffles, 0, MAX_SHUFFLE_INDEX + 1)
        ):
            raise RecordError(
                f"shuffles ({_brief(self.shuffles)}) is an int in 0..{MAX_SHUFFLE_INDEX + 1:,} "
                "(one past bergen.deal.MAX_SHUFFLE_INDEX) and needs a seed",
                reason=RecordReason.SCHEMA,
            )
        if self.seed is not None:
            _check_deal_stream(self)

    @property
    def format(self) -> str:
        """The format version this record is written in: the lowest that holds it."""
        return RECORD_FORMATS[1] if self.shuffles is not None else RECORD_FORMATS[0]

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self.names)
