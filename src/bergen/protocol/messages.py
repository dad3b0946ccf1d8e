"""The messages of the bot protocol as values: the requests, the replies, their limits and
:class:`ProtocolError`.

Each message is a frozen attrs class that checks its fields when built (:class:`Hello`,
:class:`NewGame`, :class:`Decide`, :class:`Next`, :class:`Quit` from the caller;
:class:`Handshake`, :class:`Ready`, :class:`MoveReply`, :class:`ErrorReply` from the bot).
:mod:`bergen.protocol.codec` writes and reads them as JSON lines and is where they are
imported from.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from bergen.errors import (
    _MAX_POINTS,
    BergenError,
    _as_tuple,
    _bad,
    _brief,
    _is_int,
)
from bergen.moves import Action, Draw, Lead, Move, Pass, Play
from bergen.playerview import PlayerView
from bergen.records.rules_json import _kind
from bergen.rules import Rules
from bergen.tiles import TILES, Tile

__all__ = [
    "MAX_REPLY_BYTES",
    "MAX_REQUEST_BYTES",
    "PROTOCOL_VERSION",
    "PROTOCOL_VERSIONS",
    "BotOption",
    "Decide",
    "ErrorReply",
    "Handshake",
    "Hello",
    "MoveReply",
    "NewGame",
    "Next",
    "ProtocolError",
    "Quit",
    "Ready",
    "Reply",
    "Request",
]

PROTOCOL_VERSION = 2
"""The newest version of the protocol this library speaks (it speaks each of
:data:`PROTOCOL_VERSIONS`)."""

PROTOCOL_VERSIONS = (1, 2)
"""The versions of the protocol this library speaks: 1, every decision a whole view; 2, the
first decision of a round a whole view and each later one the actions since the last."""

_MAX_VERSION = 1000
"""The highest version number a ``hello`` may offer (versions this library does not know are
passed over)."""

MAX_REQUEST_BYTES = 1 << 20
"""The longest request line a bot served by ``bergen bot serve`` reads, in bytes (1 MiB)."""

MAX_REPLY_BYTES = 1 << 16
"""The longest reply line the client reads from a bot, in bytes (64 KiB); a longer line is
the bot's forfeit."""

_TOTAL_TILES = len(TILES)
_OPTION_TYPES = {"int": int, "float": float, "bool": bool, "string": str}


class ProtocolError(BergenError, ValueError):
    """A protocol message that is not what the protocol allows.

    Attributes:
        field: Where the fault is: ``"line"`` for the text itself (not UTF-8, not JSON, too
            long), else a path into the message such as ``"type"``, ``"view.hand[2]"`` or
            ``"legal_moves"``.
    """

    def __init__(self, message: str, *, field: str) -> None:
        """Store the message and the field."""
        super().__init__(message)
        self.field = field


def _moves_arg(legal_moves: object) -> Sequence[Move]:
    """``decide_request``'s moves: a sequence (not a string), else a ``ProtocolError``."""
    if isinstance(legal_moves, str | bytes) or not isinstance(legal_moves, Sequence):
        raise ProtocolError(
            f"legal_moves: a sequence of moves, got {_brief(legal_moves)}", field="legal_moves"
        )
    return legal_moves


def _refused(owner: str, field: str, wanted: str, value: object) -> ProtocolError:
    """The error for a message built with an argument of the wrong kind (``field`` is the
    argument's name).
    """
    return ProtocolError(_bad(owner, field, wanted, value), field=field)


def _option_pairs(value: object) -> object:
    """The converter of ``NewGame.options``: a list of pairs, each a list or a tuple, becomes
    a tuple of tuples; anything else is left for the check.
    """
    if isinstance(value, list | tuple):
        return tuple(tuple(p) if isinstance(p, list) else p for p in value)
    return value


def _show(value: object) -> str:
    # A value for a message, cut short; never raises (a hostile repr, an int of 5,000 digits).
    return _brief(value, 60)


_OPTION_INT = 2**63
"""Option ints are 64-bit, as JSON numbers are read in most languages."""


def _option_value(value: object, kind: str, field: str) -> int | float | bool | str:
    if not isinstance(field, str):
        raise ProtocolError(
            f"field: a path such as 'options.depth', got {_brief(field)}", field="field"
        )
    in_range = type(value) is not int or -_OPTION_INT <= value < _OPTION_INT
    if kind == "float" and type(value) is int and in_range:
        return float(value)
    expected = _OPTION_TYPES[kind]
    if (
        type(value) is not expected
        or not in_range
        or (kind == "float" and not math.isfinite(value))  # type: ignore[arg-type]
    ):
        raise ProtocolError(
            f"{field}: the option is {'an' if kind == 'int' else 'a'} {kind}, "
            f"got {_kind(value)} {_show(value)}",
            field=field,
        )
    return value  # type: ignore[return-value]


@attrs.frozen
class BotOption:
    """An option a bot accepts, as its handshake declares it.

    Args:
        name: The option's name.
        type: ``"int"``, ``"float"``, ``"bool"`` or ``"string"``.
        default: The value the bot uses when the option is not set, of that type.

    Raises:
        ProtocolError: when ``name`` is not a string, ``type`` not one of the four, or
            ``default`` not of that type (``field`` names the argument).
    """

    name: str
    type: str
    default: int | float | bool | str

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not isinstance(self.name, str):
            raise _refused("BotOption", "name", "a string", self.name)
        if not isinstance(self.type, str) or self.type not in _OPTION_TYPES:
            raise _refused("BotOption", "type", "'int', 'float', 'bool' or 'string'", self.type)
        d = self.default
        if type(d) is not _OPTION_TYPES[self.type] or not (
            (type(d) is int and -(2**63) <= d < 2**63)
            or (type(d) is float and math.isfinite(d))
            or type(d) is bool
            or (type(d) is str and len(d) <= 1000)
        ):
            raise _refused("BotOption", "default", f"a {self.type} (finite, of at most 64 bits)", d)

    def check(self, value: object, field: str) -> int | float | bool | str:
        """Check a value for this option.

        Args:
            value: The value to set.
            field: Where the value is, for the error message.

        Returns:
            The value (an int is accepted for a ``float`` option and returned as a float).

        Raises:
            ProtocolError: when the value is not of the option's type (an int out of the
                64-bit range, a float not finite), or ``field`` is not a string.
        """
        return _option_value(value, self.type, field)


@attrs.frozen
class Handshake:
    """What a bot says of itself in its ``hello`` reply.

    Args:
        protocol: The protocol version it speaks with this caller (1 or 2: one the caller
            offered).
        name: The bot's name.
        author: Its author, or ``None``.
        options: The options it accepts (a list is copied to a tuple).

    Raises:
        ProtocolError: when ``protocol`` is not an int >= 0, ``name`` not a string,
            ``author`` neither a string nor ``None``, or ``options`` not :class:`BotOption`
            values (``field`` names the argument).
    """

    protocol: int
    name: str
    author: str | None
    options: tuple[BotOption, ...] = attrs.field(default=(), converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not _is_int(self.protocol):
            raise _refused("Handshake", "protocol", "an int >= 0", self.protocol)
        if not isinstance(self.name, str):
            raise _refused("Handshake", "name", "a string", self.name)
        if self.author is not None and not isinstance(self.author, str):
            raise _refused("Handshake", "author", "a string or None", self.author)
        if type(self.options) is not tuple or not all(
            isinstance(o, BotOption) for o in self.options
        ):
            raise _refused("Handshake", "options", "a tuple of BotOption", self.options)

    def option(self, name: str) -> BotOption | None:
        """The option called ``name``, or ``None`` when the bot has none by that name."""
        return next((o for o in self.options if o.name == name), None)


@attrs.frozen
class Hello:
    """The caller's first request: the version of the ``hello`` message (1) and the versions
    the caller speaks, of which the bot picks one.

    Args:
        protocol: The version of this message, 1 (every bot reads it).
        versions: The versions the caller can speak, 1 among them (a list is copied to a
            tuple); ``(1,)``, the default, is a version 1 caller's ``hello``.

    Raises:
        ProtocolError: when ``protocol`` is not an int >= 0 or ``versions`` not a tuple of
            distinct ints 1..1000 holding 1.
    """

    protocol: int = 1
    versions: tuple[int, ...] = attrs.field(default=(1,), converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check the version and the versions."""
        if not _is_int(self.protocol):
            raise _refused("Hello", "protocol", "an int >= 0", self.protocol)
        v = self.versions
        if (
            type(v) is not tuple
            or not all(_is_int(n, 1, _MAX_VERSION) for n in v)
            or 1 not in v
            or len(set(v)) != len(v)
        ):
            raise _refused("Hello", "versions", f"distinct ints 1..{_MAX_VERSION}, 1 among them", v)

    @property
    def spoken(self) -> int:
        """The version a bot of this library speaks with this caller: the newest one both
        speak.
        """
        return max(n for n in self.versions if n in PROTOCOL_VERSIONS)


@attrs.frozen
class NewGame:
    """A new game (a match to the target) begins.

    Args:
        rules: The ruleset.
        players: The number of seats, 2..4.
        partnerships: Whether seats 0+2 play against 1+3 (rule 10).
        seat: The bot's seat, 0..players-1.
        target: The match target, in points (rule 9).
        seed: A seed for the bot's own generator (an int of at most 64 bits), or ``None``.
        options: Values of options the bot declared in its handshake, as ``(name, value)``
            pairs (lists are copied to tuples).

    Raises:
        ProtocolError: when a field is not of its type or out of range: ``rules`` not a
            :class:`~bergen.rules.Rules`, ``players`` not 2..4, ``partnerships`` not a bool,
            ``seat`` not a seat 0..players-1, ``target`` not an int >= 1, ``seed`` neither an
            int of at most 64 bits nor ``None``, ``options`` not pairs of a string and an int,
            float, bool or string (``field`` names the argument).
    """

    rules: Rules
    players: int
    partnerships: bool
    seat: int
    target: int
    seed: int | None = None
    options: tuple[tuple[str, int | float | bool | str], ...] = attrs.field(
        default=(), converter=_option_pairs
    )

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not isinstance(self.rules, Rules):
            raise _refused("NewGame", "rules", "a Rules", self.rules)
        if not _is_int(self.players, 2, 4):
            raise _refused("NewGame", "players", "an int 2..4", self.players)
        if type(self.partnerships) is not bool:
            raise _refused("NewGame", "partnerships", "a bool", self.partnerships)
        if not _is_int(self.seat, 0, self.players - 1):
            raise _refused("NewGame", "seat", f"a seat 0..{self.players - 1}", self.seat)
        if not _is_int(self.target, 1):
            raise _refused("NewGame", "target", "an int >= 1", self.target)
        if self.seed is not None and not _is_int(self.seed, -(2**63), 2**64 - 1):
            raise _refused("NewGame", "seed", "an int of at most 64 bits or None", self.seed)
        if type(self.options) is not tuple or not all(
            type(p) is tuple
            and len(p) == 2
            and isinstance(p[0], str)
            and type(p[1]) in (int, float, bool, str)
            for p in self.options
        ):
            raise _refused(
                "NewGame", "options", "(name, value) pairs of a string and a value", self.options
            )


@attrs.frozen
class Decide:
    """A decision request: the seat's view, its legal moves and its time.

    Args:
        view: What the bot's seat may know.
        legal_moves: The legal moves, in the engine's order (a list is copied to a tuple).
        time: The time for this move, in seconds (``None``: no limit).

    Raises:
        ProtocolError: when ``view`` is not a :class:`~bergen.view.PlayerView`,
            ``legal_moves`` not a tuple of moves, or ``time`` neither a finite number >= 0
            nor ``None`` (``field`` names the argument).
    """

    view: PlayerView
    legal_moves: tuple[Move, ...] = attrs.field(converter=_as_tuple)
    time: float | None

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not isinstance(self.view, PlayerView):
            raise _refused("Decide", "view", "a PlayerView", self.view)
        if type(self.legal_moves) is not tuple or not all(
            isinstance(m, Lead | Play | Draw | Pass) for m in self.legal_moves
        ):
            raise _refused("Decide", "legal_moves", "a tuple of moves", self.legal_moves)
        t = self.time
        if t is not None and not (
            (type(t) is int and 0 <= t <= 10**9)
            or (type(t) is float and math.isfinite(t) and 0 <= t <= 10**9)
        ):
            raise _refused("Decide", "time", "a finite number of seconds >= 0 or None", t)


@attrs.frozen
class Next:
    """A decision request of version 2: the actions since the bot's last ``decide`` or
    ``next`` of this round, instead of the whole view (see :mod:`bergen.protocol.delta`).

    Args:
        start: How many actions of the round's history the bot has been sent before (its last
            view's ``history`` length): the first action here is the history's entry ``start``.
        actions: The public actions since, oldest first (another seat's draw is only a draw;
            a list is copied to a tuple).
        drawn: The tiles this seat drew in ``actions``, in order (its own draws, which its view
            names; a list is copied to a tuple).
        scores: The match scores now, per side (a list is copied to a tuple).
        legal_moves: The legal moves, in the engine's order (a list is copied to a tuple).
        time: The time for this move, in seconds (``None``: no limit).

    Raises:
        ProtocolError: when a field is not of its type or out of range (``field`` names the
            argument): ``start`` not an int 0..10**6, ``actions`` not a tuple of
            :class:`~bergen.moves.Action` without a drawn tile, ``drawn`` not tiles,
            ``scores`` not 1..4 ints >= 0, ``legal_moves`` not a non-empty tuple of moves,
            ``time`` neither a finite number of seconds >= 0 nor ``None``.
    """

    start: int
    actions: tuple[Action, ...] = attrs.field(converter=_as_tuple)
    drawn: tuple[Tile, ...] = attrs.field(converter=_as_tuple)
    scores: tuple[int, ...] = attrs.field(converter=_as_tuple)
    legal_moves: tuple[Move, ...] = attrs.field(converter=_as_tuple)
    time: float | None

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not _is_int(self.start, 0, _MAX_HISTORY):
            raise _refused("Next", "start", f"an int 0..{_MAX_HISTORY}", self.start)
        if type(self.actions) is not tuple or not all(
            type(a) is Action and a.drawn is None for a in self.actions
        ):
            raise _refused("Next", "actions", "a tuple of Action without drawn", self.actions)
        if type(self.drawn) is not tuple or not all(type(t) is Tile for t in self.drawn):
            raise _refused("Next", "drawn", "a tuple of Tile", self.drawn)
        if (
            type(self.scores) is not tuple
            or not 1 <= len(self.scores) <= 4
            or not all(_is_int(n, 0, _MAX_POINTS) for n in self.scores)
        ):
            raise _refused("Next", "scores", "1..4 ints >= 0, one per side", self.scores)
        if (
            type(self.legal_moves) is not tuple
            or not self.legal_moves
            or not all(isinstance(m, Lead | Play | Draw | Pass) for m in self.legal_moves)
        ):
            raise _refused("Next", "legal_moves", "a non-empty tuple of moves", self.legal_moves)
        t = self.time
        if t is not None and not (
            (type(t) is int and 0 <= t <= 10**9)
            or (type(t) is float and math.isfinite(t) and 0 <= t <= 10**9)
        ):
            raise _refused("Next", "time", "a finite number of seconds >= 0 or None", t)


_MAX_HISTORY = 10**6
"""The largest ``from`` of a ``next`` request (a round's history is far shorter)."""


@attrs.frozen
class Quit:
    """The caller is done: the bot exits."""


Request = Hello | NewGame | Decide | Next | Quit
"""A message from the caller to the bot."""


@attrs.frozen
class Ready:
    """The bot's answer to ``new_game``."""


@attrs.frozen
class MoveReply:
    """The bot's answer to ``decide``.

    Args:
        move: The move chosen, in canonical notation.

    Raises:
        ProtocolError: when ``move`` is not a move.
    """

    move: Move

    def __attrs_post_init__(self) -> None:
        """Check the move."""
        if not isinstance(self.move, Lead | Play | Draw | Pass):
            raise _refused("MoveReply", "move", "a move", self.move)


@attrs.frozen
class ErrorReply:
    """The bot gives up (its own failure: an exception, no memory, no move).

    Args:
        kind: ``"exception"``, ``"memory"``, ``"illegal"`` (it has no legal move to give) or
            ``"protocol"`` (it could not read a request).
        message: What went wrong.

    Raises:
        ProtocolError: when ``kind`` is not one of the four or ``message`` not a string.
    """

    kind: str
    message: str

    def __attrs_post_init__(self) -> None:
        """Check the fields."""
        if not isinstance(self.kind, str) or self.kind not in ERROR_KINDS:
            raise _refused("ErrorReply", "kind", f"one of {', '.join(ERROR_KINDS)}", self.kind)
        if not isinstance(self.message, str):
            raise _refused("ErrorReply", "message", "a string", self.message)


Reply = Handshake | Ready | MoveReply | ErrorReply
"""A message from the bot to the caller."""

ERROR_KINDS = ("exception", "memory", "illegal", "protocol")
"""The kinds of an ``error`` reply."""
