"""The exceptions bergen raises.

Every error derives from :class:`BergenError`; those caused by bad input also derive from
``ValueError``. Exception classes and their ``reason`` values are public API; message text is
not (docs/guides/app.md, "Errors, with reasons").
"""

from __future__ import annotations

import enum
from typing import Any, TypeGuard

__all__ = [
    "AmbiguousMoveError",
    "ArgumentError",
    "BergenError",
    "IllegalMoveError",
    "MatchOverError",
    "NotationError",
    "PositionError",
    "Reason",
    "RecordError",
    "RecordReason",
    "RulesError",
    "SearchLimitError",
]


_MAX_SHOWN = 80
"""The most characters of an offending value an error message shows (:func:`_brief`)."""


def _printable(text: str) -> str:
    r"""``text`` with every character that is not printable written as its escape (``\x1b``,
    ``\n``, ``\u202e``): text a bot wrote (an exception's message, a protocol ``error``
    reply), shown in a report on one line, moves no cursor, clears no screen and starts no
    line of its own. Printable text, backslashes included, is returned as it is.
    """
    text = str.__str__(text)  # a plain str: a subclass's own methods could lie
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _brief(value: object, limit: int = _MAX_SHOWN) -> str:
    """``repr(value)`` for an error message, never longer than about ``limit`` characters.

    An int of any size, a huge string or a container of a million items is shown cut short
    (``'aaaa...' (1,000,000 characters)``, ``an int of 5,001 digits``), and a value whose
    ``repr`` fails or is not a string is shown by its type: formatting a message never raises.

    Args:
        value: Anything a caller passed.
        limit: The longest text kept, in characters.

    Returns:
        A one-line text.
    """
    if type(value) is int or type(value) is bool:
        if value.bit_length() > 3 * limit:  # str() of a 4,301-digit int raises
            return f"an int of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        text = repr(value)
    elif isinstance(value, str):
        if len(value) > limit:
            return f"{value[:limit]!r}... ({len(value):,} characters)"
        text = repr(value)
    elif isinstance(value, bytes | bytearray) and len(value) > limit:
        return f"{bytes(value[:limit])!r}... ({len(value):,} bytes)"
    else:
        try:
            text = repr(value)
        except Exception:  # a hostile __repr__, or one that cannot format
            return f"<{type(value).__name__} object>"
        if not isinstance(text, str):
            return f"<{type(value).__name__} object>"
    if len(text) > limit:
        return f"{text[:limit]}... ({type(value).__name__})"
    return text


class BergenError(Exception):
    """Base class of every error raised by bergen.

    Every bergen error pickles and unpickles with its message and its fields (``reason``,
    ``text``, ``move``, ...), so that an error raised in a worker process reaches the parent
    intact, whatever keyword-only arguments its class takes.
    """

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as the class, the message arguments and the fields, without calling
        ``__init__`` again (whose keyword-only arguments ``args`` does not hold).
        """
        return (_rebuild_error, (type(self), self.args, dict(self.__dict__)))


def _rebuild_error(
    cls: type[BergenError], args: tuple[object, ...], fields: dict[str, object]
) -> BergenError:
    """Rebuild a pickled :class:`BergenError`: its class, ``args`` and fields as they were."""
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(fields)
    return error


class NotationError(BergenError, ValueError):
    """Text that is not a tile, a move or a line in bergen's notation.

    Attributes:
        text: The offending input text.
    """

    def __init__(self, message: str, *, text: str) -> None:
        """Store the message and the offending text."""
        super().__init__(message)
        self.text = text


class Reason(enum.Enum):
    """Why a move was rejected (machine-readable; docs/rules.md, rules 2-4)."""

    NOT_YOUR_TURN = "not_your_turn"
    """The move was made for a seat that is not the seat to move."""
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    """The tile is not in the hand of the seat to move."""
    NO_MATCHING_END = "no_matching_end"
    """The tile does not carry the number shown at the chosen open end."""
    MUST_PLAY = "must_play"
    """A draw or a pass while holding a tile that fits (rule 4)."""
    MUST_DRAW = "must_draw"
    """A pass while tiles above the reserve can still be drawn (rule 4)."""
    CANNOT_DRAW = "cannot_draw"
    """A draw while nothing can be drawn (the reserve, or drawing off)."""
    WRONG_LEAD = "wrong_lead"
    """A lead that is not the required double, or a play before the lead (rule 2)."""
    NOT_A_LEAD = "not_a_lead"
    """A lead made when the line of play already has tiles."""
    ROUND_OVER = "round_over"
    """Any move after the round (or the match) has ended."""
    NOT_A_MOVE = "not_a_move"
    """Something that is not a :class:`~bergen.moves.Lead`, ``Play``, ``Draw`` or ``Pass``."""
    TILE_SEEN = "tile_seen"
    """Public play (:class:`~bergen.public.PublicRound`): the tile is already on the line, or
    was shown in another seat's hand."""
    KNOWN_VOID = "known_void"
    """Public play: the tile carries a number the seat is known not to hold (it drew or
    passed while an end showed it, rule 4, and has kept no unseen tile since)."""

    def __repr__(self) -> str:
        """Valid Python: ``Reason.MUST_PLAY``."""
        return f"Reason.{self.name}"


class IllegalMoveError(BergenError, ValueError):
    """A move the rules do not allow in this state; the state is unchanged.

    Attributes:
        move: The rejected move (a :class:`~bergen.moves.Lead`, ``Play``, ``Draw`` or
            ``Pass``, or whatever object was offered as one).
        seat: The seat that was to move (or named as moving).
        reason: A :class:`Reason`.
    """

    def __init__(self, message: str, *, move: object, seat: int, reason: Reason) -> None:
        """Store the message, the move, the seat and the reason."""
        super().__init__(message)
        self.move = move
        self.seat = seat
        self.reason = reason


class AmbiguousMoveError(NotationError):
    """A short-form move that has two readings in this position.

    Attributes:
        readings: The canonical texts of the possible moves.
    """

    def __init__(self, message: str, *, text: str, readings: tuple[str, ...]) -> None:
        """Store the message, the text and its readings."""
        super().__init__(message, text=text)
        self.readings = readings


class RulesError(BergenError, ValueError):
    """An inconsistent combination of rules.

    Attributes:
        fields: The names of the rule fields involved.
    """

    def __init__(self, message: str, *, fields: tuple[str, ...] = ()) -> None:
        """Store the message and the fields involved."""
        super().__init__(message)
        self.fields = fields


class PositionError(BergenError, ValueError):
    """A deal or a set-up position that breaks the rules (tiles missing or repeated, a line
    that does not connect, a seat out of range, ...).
    """


class ArgumentError(BergenError, ValueError):
    """An argument that is neither a move, a position, rules nor a record, of the wrong kind
    or out of range: a seed that is not an int of at most 64 bits, a seat that is not a seat
    number (``apply(move, seat="0")``). The message names the argument and shows the value.
    """


class MatchOverError(BergenError, ValueError):
    """An action asked of a match that has already ended."""


class SearchLimitError(BergenError, RuntimeError):
    """A search stopped at the limit its caller set (a node count or a time), before it had an
    answer: :func:`bergen.solver.solve` past its ``max_nodes`` or ``seconds``.

    Attributes:
        nodes: The positions visited when it stopped.
    """

    def __init__(self, message: str, *, nodes: int) -> None:
        """Store the message and the positions visited."""
        super().__init__(message)
        self.nodes = nodes


class RecordReason(enum.StrEnum):
    """What is wrong with a record when it is not an illegal action (:attr:`RecordError.reason`).

    The values are stable strings (a ``StrEnum``: ``RecordReason.SCHEMA == "schema"``).
    """

    READ = "read"
    """The file cannot be read, or it is larger than :data:`bergen.records.MAX_RECORD_BYTES`."""
    WRITE = "write"
    """:func:`bergen.records.dump` cannot write the file (a missing directory, no permission,
    a full disk, a file open for reading only)."""
    JSON = "json"
    """The text is not UTF-8, or not JSON bergen reads (a syntax error, a key repeated in one
    object, ``NaN`` or ``Infinity``)."""
    FORMAT = "format"
    """The ``format`` field is missing or names another format or version."""
    SCHEMA = "schema"
    """A value of the wrong shape: a missing or unknown field, a wrong type, an integer out of
    range, a tile, move or line of play not in canonical notation (``garbage``, ``5-7``, two
    leads marked ``*``), the wrong number of seats or hands, a round with both or neither of
    ``deal`` and ``position``, a set-up position after the first round, a tile named by an
    action that is not a draw."""
    RULES = "rules"
    """The ``rules`` object: an unknown preset, preset version, ``base`` or component, a wrong
    field, an inconsistent combination, rules that do not allow the record's seats; or, when
    writing, rules a record cannot hold (a user-supplied component, a ``base`` that is not a
    preset)."""
    DEAL = "deal"
    """A deal that is not the 28 distinct tiles; a set-up position the rules reject (a line of
    play whose neighbouring tiles do not match or that repeats a tile, a seat to move that is
    not at the table, scores with the wrong number of sides or a side already at the target); a
    stated dealer other than the one the deal passes to, a deal without a double that the rules
    redeal, a listed redeal the rules do not make (rule 2); a ``seed`` that does not deal the
    record's deals, or ``shuffles`` that is not their number."""
    SEQUENCE = "sequence"
    """An action or a round where none can follow: after the round or the match ended, or a
    round after one that is not finished."""
    DRAW = "draw"
    """A draw that names a tile other than the top of the boneyard (rule 4)."""
    EVENTS = "events"
    """Score events that differ from the replay's (in any field, in order, or missing), or that
    belong to an action the round does not have or are out of order."""
    RESULT = "result"
    """A stated result or score that the replay does not give (a round's outcome or scores, the
    final scores, a position's scores that differ from ``start_scores``), or ``start_scores``
    that do not fit the table (the wrong number of sides, a side already at the target; under
    ``MatchEnd.ROUND_END`` one side alone on the highest score at or above it, rule 9)."""
    ARGUMENT = "argument"
    """A Python argument of the wrong kind (``replay`` of something that is not a ``Record``,
    ``loads`` of something that is not text, ``load`` of something that is neither a path nor a
    file open for reading, ``record_match`` names that do not fit)."""
    MATCH = "match"
    """``record_match`` cannot record the match (a round after the first from a set-up
    position, redeals without a seed, scores that need ``start_scores``)."""
    OTHER = "other"
    """The default of a ``RecordError`` made without a reason; bergen itself always gives one of
    the codes above."""

    def __repr__(self) -> str:
        """Valid Python: ``RecordReason.SCHEMA``."""
        return f"RecordReason.{self.name}"


class RecordError(BergenError, ValueError):
    """A game record that cannot be loaded, replayed or written.

    The ``reason`` says what is wrong, for apps to act on without reading the message. When
    replay meets an action the rules do not allow it is the engine's :class:`Reason` (for
    example ``Reason.WRONG_LEAD``; the :class:`IllegalMoveError` is the ``__cause__``);
    otherwise it is a :class:`RecordReason`, a stable string code:

    - ``"read"``: the file cannot be read, or it is larger than
      :data:`bergen.records.MAX_RECORD_BYTES` (10 MiB).
    - ``"write"``: :func:`bergen.records.dump` cannot write the file.
    - ``"json"``: the text is not UTF-8, or not JSON bergen reads.
    - ``"format"``: the ``format`` field is missing or names another format or version.
    - ``"schema"``: a value of the wrong shape (a missing or unknown field, a wrong type, a
      tile, move or line of play not in canonical notation, ...).
    - ``"rules"``: the ``rules`` object (an unknown preset, version, ``base`` or component, an
      inconsistent combination), rules that do not allow the record's seats, or rules a record
      cannot hold.
    - ``"deal"``: a deal, set-up position (its scores included), dealer or redeal the rules
      reject (rule 2); a seed that does not deal the record's deals, or ``shuffles`` that is
      not their number.
    - ``"sequence"``: an action or a round after the round or the match ended, or a round
      after an unfinished one.
    - ``"draw"``: a draw that names a tile other than the top of the boneyard.
    - ``"events"``: score events that differ from the replay's, are missing or out of order.
    - ``"result"``: a stated result or score the replay does not give, or start scores that do
      not fit the table.
    - ``"argument"``: a Python argument of the wrong kind.
    - ``"match"``: :func:`~bergen.records.record_match` cannot record the match.
    - ``"other"``: the default for a ``RecordError`` made without a reason; bergen itself
      always gives one of the codes above.

    Attributes:
        reason: A :class:`Reason` (an illegal action in replay) or a :class:`RecordReason`.
        round: The 0-based round index, when known.
        action_index: The 0-based action index within the round, when known.
        action: The action text, when known.
    """

    def __init__(
        self,
        message: str,
        *,
        reason: Reason | RecordReason = RecordReason.OTHER,
        round: int | None = None,
        action_index: int | None = None,
        action: str | None = None,
    ) -> None:
        """Store the message, the reason and where in the record it happened."""
        super().__init__(message)
        self.reason = reason
        self.round = round
        self.action_index = action_index
        self.action = action


def _as_tuple(value: Any) -> Any:
    """An attrs converter: a ``list`` becomes a ``tuple`` (a value must not keep a list its
    caller can change afterwards); anything else is left for the class's own checks.
    """
    return tuple(value) if isinstance(value, list) else value


_MAX_POINTS = 10**18
"""The most points (or positions, or any count) a value checked by :func:`_is_int` holds by
default: beyond any match (targets and rule numbers are at most 10**15), and small enough that
a message shows it in full."""


_MYPYC = False
"""``False``; ``True`` only to the mypy that mypyc runs for the compiled build (the hook's
``--always-true=_MYPYC`` in pyproject.toml; ``always_false`` in its ``[tool.mypy]``)."""

if not _MYPYC:
    _Int = int
    _OptInt = int | None
    _Ints = tuple[int, ...]
    _Str = str
    _Bool = bool
else:  # pragma: no cover - read by mypy for the compiled build only
    # mypyc checks an argument's type at the call when it is annotated int, str or bool, and
    # raises TypeError there; the compiled states' public methods take these instead, so that
    # their own checks refuse a bad value with the bergen error the pure build raises.
    _Int = object
    _OptInt = object
    _Ints = object
    _Str = object
    _Bool = object


def _given(value: object) -> Any:
    """``value`` as it was given, typed ``Any``: an argument of a compiled state's method (see
    ``_Int``) passed on to a function that checks it and raises the bergen error.
    """
    return value


def _is_int(value: object, low: int = 0, high: int = _MAX_POINTS) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` (not a ``bool``) in ``low .. high``."""
    return type(value) is int and low <= value <= high


def _is_tuple_of(value: object, kind: type) -> bool:
    """Whether ``value`` is a ``tuple`` whose items are all of class ``kind`` exactly (no
    subclass; the classes checked this way are bergen's own values).
    """
    return type(value) is tuple and set(map(type, value)) <= {kind}


def _is_ints(value: object, low: int = 0, high: int = _MAX_POINTS) -> TypeGuard[tuple[int, ...]]:
    """Whether ``value`` is a ``tuple`` of ints (not bools) each in ``low .. high``."""
    if type(value) is not tuple:
        return False
    if not value:
        return True
    return set(map(type, value)) <= {int} and low <= min(value) and max(value) <= high


def _bad(owner: str, field: str, wanted: str, value: object) -> str:
    """The message for a constructor argument that is not what it should be:
    ``"ScoreEvent.seat must be a seat 0..3, got None"`` (the value cut short, :func:`_brief`).
    """
    return f"{owner}.{field} must be {wanted}, got {_brief(value)}"
