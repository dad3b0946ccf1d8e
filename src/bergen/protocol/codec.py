"""The messages of the bot protocol, versions 1 and 2, and the player view as JSON.

Every message is one JSON object on one line, with a ``"type"``. The caller sends ``hello``,
``new_game``, ``decide`` and ``quit``, and in version 2 also ``next``; the bot answers
``hello`` with ``hello``, ``new_game`` with ``ready`` and ``decide`` or ``next`` with ``move``
(or ``error``, giving up). The caller's ``hello`` may offer version 2 (``"versions": [1,
2]``); the bot's ``hello`` says the version the session speaks. The page
``docs/guides/protocol.md`` describes every field, with a full example session.

Reading is strict: the text must be UTF-8 JSON without repeated keys, ``NaN`` or
``Infinity``; every object has exactly the fields of its message, of the right types and in
range; tiles and moves are in canonical notation (``6-4``, ``5-4L``, ``draw``). Anything else
raises :class:`ProtocolError`, whose ``field`` names where the fault is (``view.hand[2]``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from bergen.errors import (
    _MAX_POINTS,
    BergenError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
    _as_tuple,
    _bad,
    _brief,
    _is_int,
)
from bergen.events import Outcome, OutcomeKind
from bergen.hands import Hand
from bergen.line import LineOfPlay
from bergen.moves import MOVES, Action, Draw, End, Lead, Move, Pass, Play, action_of, parse_move
from bergen.playerview import PlayerView
from bergen.records.rules_json import (
    _kind,
    _no_duplicates,
    _reject_constant,
    rules_from_json,
    rules_to_json,
)
from bergen.rules import Rules, TableRules
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
    "decide_request",
    "encode",
    "hello_reply",
    "hello_request",
    "new_game_request",
    "parse_reply",
    "parse_request",
    "view_from_json",
    "view_to_json",
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


# ---------------------------------------------------------------------------------- messages


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


# ---------------------------------------------------------------------------------- writing


def encode(message: Mapping[str, Any]) -> bytes:
    """One protocol line: the message as compact ASCII JSON and a newline.

    Args:
        message: A JSON object with a ``"type"``.

    Returns:
        The bytes to write.

    Raises:
        ProtocolError: (``field`` ``"line"``) when the value is not JSON (``NaN``, a set, ...).
    """
    try:
        text = json.dumps(message, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as e:
        raise ProtocolError(f"the message is not JSON: {e}", field="line") from None
    return text.encode("ascii") + b"\n"


def hello_request(versions: Sequence[int] = (1,)) -> dict[str, Any]:
    """The ``hello`` request: ``{"type": "hello", "protocol": 1}``, a version 1 caller's;
    with more ``versions`` it offers them too: ``{"type": "hello", "protocol": 1, "versions":
    [1, 2]}``.

    Args:
        versions: The versions the caller speaks, 1 among them.

    Raises:
        ProtocolError: when ``versions`` is not a sequence of distinct ints 1..1000 holding 1.
    """
    hello = Hello(1, tuple(_sequence_arg(versions, "versions")))
    if hello.versions == (1,):
        return {"type": "hello", "protocol": 1}
    return {"type": "hello", "protocol": 1, "versions": list(hello.versions)}


def _sequence_arg(value: object, field: str) -> Sequence[Any]:
    """A sequence argument (not a string), else a ``ProtocolError`` naming ``field``."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ProtocolError(f"{field}: a sequence, got {_brief(value)}", field=field)
    return value


def hello_reply(handshake: Handshake) -> dict[str, Any]:
    """The ``hello`` reply of a bot that says ``handshake`` of itself.

    Raises:
        ProtocolError: when ``handshake`` is not a :class:`Handshake`.
    """
    if not isinstance(handshake, Handshake):
        raise ProtocolError(f"hello_reply takes a Handshake, got {_brief(handshake)}", field="line")
    return {
        "type": "hello",
        "protocol": handshake.protocol,
        "name": handshake.name,
        "author": handshake.author,
        "options": {o.name: {"type": o.type, "default": o.default} for o in handshake.options},
    }


def new_game_request(game: NewGame) -> dict[str, Any]:
    """The ``new_game`` request.

    Raises:
        ProtocolError: when ``game`` is not a :class:`NewGame`.
        ProtocolError: (``field`` ``"rules"``) when the rules hold a component a record cannot
            hold (a user-supplied rule; see :func:`bergen.records.rules_json.rules_to_json`).
    """
    if not isinstance(game, NewGame):
        raise ProtocolError(f"new_game_request takes a NewGame, got {_brief(game)}", field="line")
    return {
        "type": "new_game",
        "rules": _rules_out(game.rules),
        "players": game.players,
        "partnerships": game.partnerships,
        "seat": game.seat,
        "target": game.target,
        "seed": game.seed,
        "options": dict(game.options),
    }


def decide_request(
    view: PlayerView, legal_moves: Sequence[Move], time: float | None
) -> dict[str, Any]:
    """The ``decide`` request for the seat of ``view``.

    Args:
        view: The view of the seat to move.
        legal_moves: Its legal moves.
        time: Its time for the move, in seconds, or ``None``.

    Returns:
        ``{"type": "decide", "view": ..., "legal_moves": [...], "time": ...}``.

    Raises:
        ProtocolError: (``field`` naming the argument) when ``view`` is not a view,
            ``legal_moves`` not a sequence of moves, or ``time`` neither a number of seconds
            >= 0 nor ``None`` (the checks of :class:`Decide`).
        ProtocolError: when the rules cannot be written (see :func:`view_to_json`).
    """
    Decide(view, tuple(_moves_arg(legal_moves)), time)  # checks each argument
    return {
        "type": "decide",
        "view": view_to_json(view),
        "legal_moves": [str(m) for m in legal_moves],
        "time": time,
    }


def _rules_out(rules: Rules) -> dict[str, Any]:
    try:
        return rules_to_json(rules)
    except RecordError as e:
        raise ProtocolError(f"the rules cannot be sent to a bot: {e}", field="rules") from None


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """A player view as a JSON object (the ``view`` of a ``decide`` request).

    Only what the seat may know: its hand, the other seats' tile counts, the line of play
    with its open ends, the boneyard's size, the scores and the public history (a draw is
    only a count; the seat's own drawn tiles are in ``own_draws``).
    :func:`view_from_json` reads it back: ``view_from_json(view_to_json(v)) == v``.

    Args:
        view: A player view.

    Returns:
        The object, of JSON types only (see ``docs/guides/protocol.md``).

    Raises:
        ProtocolError: (``field`` ``"view"``) when ``view`` is not a
            :class:`~bergen.view.PlayerView`.
        ProtocolError: (``field`` ``"rules"``) when the rules hold a user-supplied component.
    """
    if not isinstance(view, PlayerView):
        raise ProtocolError(f"view_to_json takes a PlayerView, got {_brief(view)}", field="view")
    line = view.line
    placed, lead = line._written()
    outcome = view.outcome
    return {
        "seat": view.seat,
        "rules": _rules_out(view.rules),
        "hand": [str(t) for t in view.hand],
        "line": {
            "tiles": placed,
            "lead": lead,
            "ends": None if line.ends is None else list(line.ends),
            "doubles": [line.left_double, line.right_double],
        },
        "tile_counts": list(view.tile_counts),
        "boneyard_size": view.boneyard_size,
        "drawable": view.drawable,
        "scores": list(view.scores),
        "target": view.target,
        "to_move": view.to_move,
        "dealer": view.dealer,
        "outcome": None
        if outcome is None
        else {"kind": outcome.kind.value, "seat": outcome.seat, "side": outcome.side},
        "history": [{"seat": a.seat, "move": _TEXT_OF_MOVE[a.move]} for a in view.history],
        "lead_draws": list(view.lead_draws),
        "own_draws": [str(t) for t in view.own_draws],
        "from_deal": view.from_deal,
    }


# ---------------------------------------------------------------------------------- reading


def _show(value: object) -> str:
    # A value for a message, cut short; never raises (a hostile repr, an int of 5,000 digits).
    return _brief(value, 60)


def _message(line: object, limit: int) -> tuple[str, dict[str, Any]]:
    """Read one line as a message object: ``(type, object)``."""
    if not isinstance(line, bytes | str):
        raise ProtocolError(f"a message is a line of text, got {_kind(line)}", field="line")
    if len(line) > limit:
        raise ProtocolError(
            f"the line is {len(line):,} bytes long; the limit is {limit:,}", field="line"
        )
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ProtocolError(f"the line is not UTF-8 text: {e}", field="line") from None
    if not line.strip():
        raise ProtocolError("an empty line is no message", field="line")
    try:
        obj = json.loads(line, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise ProtocolError(
            f"not JSON at column {e.colno}: {e.msg} in {_show(line)}", field="line"
        ) from None
    except (ValueError, RecursionError) as e:
        raise ProtocolError(f"not JSON: {e}", field="line") from None
    if not isinstance(obj, dict):
        raise ProtocolError(f"a message is a JSON object, got {_kind(obj)}", field="line")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(
            f'a message has a "type" string, got {_kind(kind)} {_show(kind)}', field="type"
        )
    return kind, obj


def _fields(obj: dict[str, Any], required: tuple[str, ...], where: str) -> None:
    if len(obj) == len(required) and all(k in obj for k in required):
        return  # the common case, checked without building a message
    missing = [k for k in required if k not in obj]
    if missing:
        raise ProtocolError(
            f"{where or 'the message'}: missing field {missing[0]!r}",
            field=_at(where, missing[0]),
        )
    for k in obj:
        if k not in required:
            raise ProtocolError(
                f"{where or 'the message'}: unknown field {_show(k)} "
                f"(the fields are {', '.join(required)})",
                field=_at(where, str(k)),
            )


def _at(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _int(value: object, field: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int:
        raise ProtocolError(f"{field}: expected an integer, got {_kind(value)}", field=field)
    if value < low or (high is not None and value > high):
        top = "" if high is None else f"..{high}"
        raise ProtocolError(
            f"{field}: {_brief(value)} is out of range (expected {low}{top or ' or more'})",
            field=field,
        )
    return value


def _bool(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise ProtocolError(f"{field}: expected true or false, got {_kind(value)}", field=field)
    return value


def _str(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"{field}: expected a string, got {_kind(value)}", field=field)
    return value


def _list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProtocolError(f"{field}: expected an array, got {_kind(value)}", field=field)
    return value


def _obj(value: object, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError(f"{field}: expected an object, got {_kind(value)}", field=field)
    return value


_TILE_OF_TEXT: dict[str, Tile] = {str(t): t for t in TILES}
"""Each tile by its canonical text (``"6-4"``): the common case, read without parsing."""
_MOVE_OF_TEXT: dict[str, Move] = {str(m): m for m in MOVES}
"""Each move by its canonical text (``"6-4L"``, ``"draw"``)."""
_TEXT_OF_MOVE: dict[Move, str] = {m: text for text, m in _MOVE_OF_TEXT.items()}

_ACTIONS: dict[tuple[int, str], Action] = {
    (seat, text): Action(seat, move) for seat in range(4) for text, move in _MOVE_OF_TEXT.items()
}
"""A history entry by its seat and its move's text: read by table lookup (entries are values)."""


def _tile(value: object, field: str) -> Tile:
    if type(value) is str:
        known = _TILE_OF_TEXT.get(value)
        if known is not None:
            return known
    text = _str(value, field)
    try:
        tile = Tile.parse(text)
    except NotationError:
        tile = None
    if tile is None or str(tile) != text:
        raise ProtocolError(
            f"{field}: a tile is written high number first, like '6-4', got {_show(text)}",
            field=field,
        )
    return tile


def _move(value: object, field: str) -> Move:
    if type(value) is str:
        known = _MOVE_OF_TEXT.get(value)
        if known is not None:
            return known
    text = _str(value, field)
    try:
        move = parse_move(text)
    except NotationError:
        move = None
    if move is None or str(move) != text:
        hint = f" (canonical: {str(move)!r})" if move is not None else ""
        raise ProtocolError(
            f"{field}: a move in canonical notation is a lead '1-1', a play '5-4L' or '5-4R', "
            f"'draw' or 'pass'; got {_show(text)}{hint}",
            field=field,
        )
    return move


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


def _rules_in(value: object, field: str) -> Rules:
    try:
        return rules_from_json(value, field)
    except RecordError as e:
        raise ProtocolError(str(e), field=field) from None


def _table(rules: Rules, players: int, field: str) -> TableRules:
    try:
        return rules.for_table(players)
    except RulesError as e:
        raise ProtocolError(f"{field}: {e}", field=field) from None


def view_from_json(obj: object, where: str = "view") -> PlayerView:
    """Read a player view written by :func:`view_to_json`, checking everything.

    Args:
        obj: The parsed JSON value.
        where: The path of the value, used in ``ProtocolError.field`` (``"view"``).

    Returns:
        The view.

    Raises:
        ProtocolError: (``field`` ``"view"``) when ``where`` is not a string of at most 200
            characters.
        ProtocolError: for a missing or unknown field, a value of the wrong type or out of
            range, a tile or move not in canonical notation, a line of play that does not
            connect or whose ends are not those stated, tiles held twice or both held and on
            the line, tile counts, a boneyard or a drawable count that do not add up to the 28
            tiles under the rules, or rules that do not allow the table; ``field`` names the
            value.
    """
    if not isinstance(where, str) or len(where) > 200:
        raise ProtocolError(f"where: a path such as 'view', got {_brief(where)}", field="view")
    v = _obj(obj, where or "view")
    _fields(v, _VIEW_FIELDS, where)

    def at(key: str) -> str:
        return _at(where, key)

    rules = _rules_in(v["rules"], at("rules"))
    counts_raw = _list(v["tile_counts"], at("tile_counts"))
    if not 2 <= len(counts_raw) <= 4:
        raise ProtocolError(
            f"{at('tile_counts')}: one count per seat, 2..4 seats, got {len(counts_raw)}",
            field=at("tile_counts"),
        )
    seats = len(counts_raw)
    counts = tuple(
        _int(c, _at(at("tile_counts"), i), 0, _TOTAL_TILES) for i, c in enumerate(counts_raw)
    )
    table = _table(rules, seats, at("tile_counts"))
    seat = _int(v["seat"], at("seat"), 0, seats - 1)
    hand_raw = _list(v["hand"], at("hand"))
    hand_tiles = [_tile(t, _at(at("hand"), i)) for i, t in enumerate(hand_raw)]
    if len(set(hand_tiles)) != len(hand_tiles):
        raise ProtocolError(f"{at('hand')}: a tile is held twice", field=at("hand"))
    hand = Hand.of(hand_tiles)
    if len(hand) != counts[seat]:
        raise ProtocolError(
            f"{at('hand')}: {len(hand)} tiles, but tile_counts[{seat}] is {counts[seat]}",
            field=at("hand"),
        )
    line = _line(v["line"], at("line"))
    on_line = {t for t, _ in line.placements()} | ({line.lead} if line.lead is not None else set())
    both = [t for t in hand_tiles if t in on_line]
    if both:
        raise ProtocolError(
            f"{at('hand')}: {both[0]} is both in the hand and on the line", field=at("hand")
        )
    boneyard = _int(v["boneyard_size"], at("boneyard_size"), 0, _TOTAL_TILES)
    if sum(counts) + len(line) + boneyard != _TOTAL_TILES:
        raise ProtocolError(
            f"{at('boneyard_size')}: the hands ({sum(counts)}), the line ({len(line)}) and the "
            f"boneyard ({boneyard}) hold {sum(counts) + len(line) + boneyard} tiles, not 28",
            field=at("boneyard_size"),
        )
    drawable = _int(v["drawable"], at("drawable"), 0, _TOTAL_TILES)
    expected = boneyard - table.reserve if rules.drawing and boneyard > table.reserve else 0
    if drawable != expected:
        raise ProtocolError(
            f"{at('drawable')}: {drawable}, but a boneyard of {boneyard} under these rules "
            f"(reserve {table.reserve}, drawing {'on' if rules.drawing else 'off'}) leaves "
            f"{expected} to draw",
            field=at("drawable"),
        )
    scores_raw = _list(v["scores"], at("scores"))
    if len(scores_raw) != table.sides:
        raise ProtocolError(
            f"{at('scores')}: one score per side, {table.sides} sides, got {len(scores_raw)}",
            field=at("scores"),
        )
    scores = tuple(_int(s, _at(at("scores"), i), 0, _MAX_POINTS) for i, s in enumerate(scores_raw))
    target = _int(v["target"], at("target"), 1, _MAX_POINTS)
    if target != table.target:
        raise ProtocolError(
            f"{at('target')}: {_brief(target)}, but the rules give {table.target} at this table",
            field=at("target"),
        )
    to_move = _int(v["to_move"], at("to_move"), 0, seats - 1)
    dealer = _int(v["dealer"], at("dealer"), 0, seats - 1)
    outcome = _outcome(v["outcome"], at("outcome"), seats, table.sides)
    history_raw = _list(v["history"], at("history"))
    history = []
    for i, a in enumerate(history_raw):
        # The common case first, without building a path for messages; else the checks below.
        if type(a) is dict and len(a) == 2:
            seat_of, move_of = a.get("seat"), a.get("move")
            if type(seat_of) is int and 0 <= seat_of < seats and type(move_of) is str:
                known = _ACTIONS.get((seat_of, move_of))
                if known is not None:
                    history.append(known)
                    continue
        here = _at(at("history"), i)
        entry = _obj(a, here)
        _fields(entry, ("seat", "move"), here)
        history.append(
            Action(
                _int(entry["seat"], f"{here}.seat", 0, seats - 1),
                _move(entry["move"], f"{here}.move"),
            )
        )
    from_deal = _bool(v["from_deal"], at("from_deal"))
    _check_history(line, history, from_deal, at("history"))
    lead_draws = tuple(
        _int(s, _at(at("lead_draws"), i), 0, seats - 1)
        for i, s in enumerate(_list(v["lead_draws"], at("lead_draws")))
    )
    own = tuple(
        _tile(t, _at(at("own_draws"), i))
        for i, t in enumerate(_list(v["own_draws"], at("own_draws")))
    )
    if len(set(own)) != len(own):
        raise ProtocolError(f"{at('own_draws')}: a tile is drawn twice", field=at("own_draws"))
    try:
        return PlayerView(
            seat=seat,
            rules=rules,
            hand=hand,
            line=line,
            tile_counts=counts,
            boneyard_size=boneyard,
            drawable=drawable,
            scores=scores,
            target=target,
            to_move=to_move,
            dealer=dealer,
            outcome=outcome,
            history=tuple(history),
            lead_draws=lead_draws,
            own_draws=own,
            from_deal=from_deal,
        )
    except BergenError as e:  # what PlayerView itself refuses, beyond the checks above
        raise ProtocolError(f"{where or 'view'}: {e}", field=where or "view") from None


_VIEW_FIELDS = (
    "seat",
    "rules",
    "hand",
    "line",
    "tile_counts",
    "boneyard_size",
    "drawable",
    "scores",
    "target",
    "to_move",
    "dealer",
    "outcome",
    "history",
    "lead_draws",
    "own_draws",
    "from_deal",
)


def _line(value: object, where: str) -> LineOfPlay:
    obj = _obj(value, where)
    _fields(obj, ("tiles", "lead", "ends", "doubles"), where)
    tiles = _list(obj["tiles"], f"{where}.tiles")
    texts: list[str] = []
    for i, t in enumerate(tiles):
        here = f"{where}.tiles[{i}]"
        text = _str(t, here)
        if len(text) != 3 or text[1] != "-" or text[0] not in "0123456" or text[2] not in "0123456":
            raise ProtocolError(
                f"{here}: a tile on the line is written with the number facing left first, "
                f"like '5-1', got {_show(text)}",
                field=here,
            )
        texts.append(text)
    if obj["lead"] is None:
        if texts:
            raise ProtocolError(
                f"{where}.lead: null, but the line holds tiles", field=f"{where}.lead"
            )
        line = LineOfPlay.empty()
    else:
        if not texts:
            raise ProtocolError(
                f"{where}.lead: the empty line has no lead (null), got {_show(obj['lead'])}",
                field=f"{where}.lead",
            )
        lead = _int(obj["lead"], f"{where}.lead", 0, len(texts) - 1)
        texts[lead] = "*" + texts[lead]
        try:
            line = LineOfPlay.parse(" ".join(texts))
        except (NotationError, PositionError) as e:
            raise ProtocolError(f"{where}.tiles: {e}", field=f"{where}.tiles") from None
    ends = obj["ends"]
    if ends is not None:
        ends_list = _list(ends, f"{where}.ends")
        if len(ends_list) != 2:
            raise ProtocolError(f"{where}.ends: two numbers, left and right", field=f"{where}.ends")
        ends = tuple(_int(n, f"{where}.ends[{i}]", 0, 6) for i, n in enumerate(ends_list))
    if ends != line.ends:
        raise ProtocolError(
            f"{where}.ends: {_show(obj['ends'])}, but the tiles show "
            f"{None if line.ends is None else list(line.ends)}",
            field=f"{where}.ends",
        )
    doubles = _list(obj["doubles"], f"{where}.doubles")
    if len(doubles) != 2:
        raise ProtocolError(
            f"{where}.doubles: two booleans, left and right", field=f"{where}.doubles"
        )
    flags = (_bool(doubles[0], f"{where}.doubles[0]"), _bool(doubles[1], f"{where}.doubles[1]"))
    if flags != (line.left_double, line.right_double):
        raise ProtocolError(
            f"{where}.doubles: {_show(doubles)}, but the tiles give "
            f"{[line.left_double, line.right_double]}",
            field=f"{where}.doubles",
        )
    return line


def _check_history(line: LineOfPlay, history: list[Action], from_deal: bool, where: str) -> None:
    """The leads and plays of the history must be the line's tiles, laid where they are.

    From a deal (or with a lead in the history) they build the line from empty; in a position
    set up mid-round, taking them back from the line's ends, last first, must be possible.
    """
    if from_deal or any(isinstance(a.move, Lead) for a in history):
        try:  # laid in one pass; when a tile does not fit, again move by move to name it
            built = LineOfPlay.empty()._laid(
                [action_of(a.move) for a in history if isinstance(a.move, Lead | Play)]
            )
        except PositionError:
            built = LineOfPlay.empty()
            for i, a in enumerate(history):
                move = a.move
                try:
                    if isinstance(move, Lead):
                        built = built.start(move.tile)
                    elif isinstance(move, Play):
                        built = built.place(move.tile, move.end)
                except PositionError as e:
                    raise ProtocolError(
                        f"{where}[{i}].move: {e}", field=f"{where}[{i}].move"
                    ) from None
        if built != line:
            raise ProtocolError(
                f"{where}: the leads and plays build the line {str(built) or '(empty)'}, "
                f"not {str(line) or '(empty)'}",
                field=where,
            )
        return
    placed = [p.tile for p in line.tiles]
    lead_at = placed.index(line.lead) if line.lead is not None else -1
    for i in range(len(history) - 1, -1, -1):
        move = history[i].move
        if not isinstance(move, Play):
            continue
        left = move.end is End.LEFT
        at_end = 0 if left else len(placed) - 1
        if not placed or at_end == lead_at or placed[at_end] != move.tile:
            raise ProtocolError(
                f"{where}[{i}].move: {move} is not the tile at the {'left' if left else 'right'} "
                f"end of the line once the later plays are taken back",
                field=f"{where}[{i}].move",
            )
        placed.pop(at_end)
        if left:
            lead_at -= 1


def _outcome(value: object, where: str, seats: int, sides: int) -> Outcome | None:
    if value is None:
        return None
    obj = _obj(value, where)
    _fields(obj, ("kind", "seat", "side"), where)
    kinds = {k.value: k for k in OutcomeKind}
    kind = obj["kind"]
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError(
            f"{where}.kind: one of {', '.join(kinds)}, got {_show(kind)}", field=f"{where}.kind"
        )
    seat = None if obj["seat"] is None else _int(obj["seat"], f"{where}.seat", 0, seats - 1)
    side = None if obj["side"] is None else _int(obj["side"], f"{where}.side", 0, sides - 1)
    return Outcome(kinds[kind], seat, side)


def parse_request(line: bytes | str) -> Request:
    """Read one request line (what ``bergen bot serve`` reads on its standard input).

    Args:
        line: The line, with or without its newline, at most :data:`MAX_REQUEST_BYTES`.

    Returns:
        A :class:`Hello`, :class:`NewGame`, :class:`Decide`, :class:`Next` or :class:`Quit`.

    Raises:
        ProtocolError: for anything that is not a request of version 1 or 2; ``field`` names
            where. A ``next`` is read on its own here; that it follows the bot's last view is
            :func:`bergen.protocol.delta.advance_view`'s to check.
    """
    kind, obj = _message(line, MAX_REQUEST_BYTES)
    if kind == "next":
        return _next(obj)
    if kind == "hello":
        _fields(obj, ("type", "protocol", "versions") if "versions" in obj else _HELLO, "")
        protocol = _int(obj["protocol"], "protocol", 1)
        if protocol != 1:
            raise ProtocolError(
                f"protocol: a hello is of version 1 (it offers more in versions), got {protocol}",
                field="protocol",
            )
        if "versions" not in obj:
            return Hello(1)
        offered = _list(obj["versions"], "versions")
        versions = tuple(
            _int(n, f"versions[{i}]", 1, _MAX_VERSION) for i, n in enumerate(offered[:100])
        )
        if len(offered) > 100 or 1 not in versions or len(set(versions)) != len(versions):
            raise ProtocolError(
                f"versions: distinct versions, 1 among them, at most 100, got {_show(offered)}",
                field="versions",
            )
        return Hello(1, versions)
    if kind == "new_game":
        _fields(
            obj,
            ("type", "rules", "players", "partnerships", "seat", "target", "seed", "options"),
            "",
        )
        rules = _rules_in(obj["rules"], "rules")
        players = _int(obj["players"], "players", 2, 4)
        partnerships = _bool(obj["partnerships"], "partnerships")
        if partnerships != rules.partnerships:
            raise ProtocolError(
                f"partnerships: {str(partnerships).lower()}, but the rules say "
                f"{str(rules.partnerships).lower()}",
                field="partnerships",
            )
        table = _table(rules, players, "players")
        seat = _int(obj["seat"], "seat", 0, players - 1)
        target = _int(obj["target"], "target", 1)
        if target != table.target:
            raise ProtocolError(
                f"target: {_brief(target)}, but the rules give {table.target} at this table",
                field="target",
            )
        seed = obj["seed"]
        if seed is not None and type(seed) is not int:
            raise ProtocolError(f"seed: an integer or null, got {_kind(seed)}", field="seed")
        options = _obj(obj["options"], "options")
        for name, value in options.items():
            if type(value) not in (int, float, bool, str):
                raise ProtocolError(
                    f"options.{name}: an option value is a number, a boolean or a string, "
                    f"got {_kind(value)}",
                    field=f"options.{name}",
                )
        return NewGame(rules, players, partnerships, seat, target, seed, tuple(options.items()))
    if kind == "decide":
        _fields(obj, ("type", "view", "legal_moves", "time"), "")
        view = view_from_json(obj["view"], "view")
        legal, t = _legal_and_time(obj)
        if view.outcome is not None or view.to_move != view.seat:
            raise ProtocolError(
                "view: a decision is asked of the seat to move in a round that goes on",
                field="view.to_move",
            )
        return Decide(view, legal, t)
    if kind == "quit":
        _fields(obj, ("type",), "")
        return Quit()
    raise ProtocolError(
        f"type: unknown request {_show(kind)} (hello, new_game, decide, next or quit)",
        field="type",
    )


_HELLO = ("type", "protocol")
_NEXT = ("type", "from", "actions", "drawn", "scores", "legal_moves", "time")


def _next(obj: dict[str, Any]) -> Next:
    """A ``next`` request (version 2), read from its object."""
    _fields(obj, _NEXT, "")
    start = _int(obj["from"], "from", 0, _MAX_HISTORY)
    actions = []
    for i, a in enumerate(_list(obj["actions"], "actions")):
        if type(a) is list and len(a) == 2:
            seat, text = a
            if type(seat) is int and type(text) is str:
                action = _ACTIONS.get((seat, text))
                if action is not None:
                    actions.append(action)
                    continue
        raise ProtocolError(
            f'actions[{i}]: a pair [seat 0..3, move] such as [0, "6-2L"], got {_show(a)}',
            field=f"actions[{i}]",
        )
    drawn = tuple(_tile(t, f"drawn[{i}]") for i, t in enumerate(_list(obj["drawn"], "drawn")))
    scores_raw = _list(obj["scores"], "scores")
    if not 1 <= len(scores_raw) <= 4:
        raise ProtocolError(
            f"scores: one score per side, 1..4 of them, got {len(scores_raw)}", field="scores"
        )
    scores = tuple(_int(n, f"scores[{i}]", 0, _MAX_POINTS) for i, n in enumerate(scores_raw))
    legal, time = _legal_and_time(obj)
    return Next(start, tuple(actions), drawn, scores, legal, time)


def _legal_and_time(obj: dict[str, Any]) -> tuple[tuple[Move, ...], float | None]:
    """The ``legal_moves`` and ``time`` of a ``decide`` or ``next``, checked."""
    legal_raw = _list(obj["legal_moves"], "legal_moves")
    if not legal_raw:
        raise ProtocolError("legal_moves: the list is empty", field="legal_moves")
    legal = tuple(_move(m, f"legal_moves[{i}]") for i, m in enumerate(legal_raw))
    if len(set(legal)) != len(legal):
        raise ProtocolError("legal_moves: a move is listed twice", field="legal_moves")
    t = obj["time"]
    if t is not None and (type(t) not in (int, float) or not t > 0 or not math.isfinite(t)):
        raise ProtocolError(
            f"time: seconds for the move, a number above 0 or null, got {_show(t)}",
            field="time",
        )
    return legal, None if t is None else float(t)


def parse_reply(line: bytes | str) -> Reply:
    """Read one reply line of a bot (what the client reads on the bot's standard output).

    Args:
        line: The line, with or without its newline, at most :data:`MAX_REPLY_BYTES`.

    Returns:
        A :class:`Handshake` (``hello``), :class:`Ready`, :class:`MoveReply` or
        :class:`ErrorReply`.

    Raises:
        ProtocolError: for anything that is not a reply of version 1 or 2 (they are the same);
            ``field`` names where.
    """
    kind, obj = _message(line, MAX_REPLY_BYTES)
    if kind == "hello":
        _fields(obj, ("type", "protocol", "name", "author", "options"), "")
        protocol = _int(obj["protocol"], "protocol", 1)
        if protocol not in PROTOCOL_VERSIONS:
            raise ProtocolError(
                f"protocol: the bot speaks version {protocol}; this client speaks versions "
                f"{', '.join(map(str, PROTOCOL_VERSIONS))}",
                field="protocol",
            )
        name = _str(obj["name"], "name").strip()
        if not name or len(name) > 100 or not name.isprintable():
            raise ProtocolError(
                f"name: 1 to 100 printable characters, got {_show(obj['name'])}", field="name"
            )
        author = obj["author"]
        if author is not None:
            author = _str(author, "author")
        options = []
        for key, spec in _obj(obj["options"], "options").items():
            here = f"options.{key}"
            spec_obj = _obj(spec, here)
            _fields(spec_obj, ("type", "default"), here)
            kind_text = spec_obj["type"]
            if not isinstance(kind_text, str) or kind_text not in _OPTION_TYPES:
                raise ProtocolError(
                    f"{here}.type: one of int, float, bool, string; got {_show(kind_text)}",
                    field=f"{here}.type",
                )
            default = _option_value(spec_obj["default"], kind_text, f"{here}.default")
            options.append(BotOption(key, kind_text, default))
        return Handshake(protocol, name, author, tuple(options))
    if kind == "ready":
        _fields(obj, ("type",), "")
        return Ready()
    if kind == "move":
        _fields(obj, ("type", "move"), "")
        return MoveReply(_move(obj["move"], "move"))
    if kind == "error":
        _fields(obj, ("type", "kind", "message"), "")
        error_kind = obj["kind"]
        if error_kind not in ERROR_KINDS:
            raise ProtocolError(
                f"kind: one of {', '.join(ERROR_KINDS)}, got {_show(error_kind)}", field="kind"
            )
        return ErrorReply(error_kind, _str(obj["message"], "message"))
    raise ProtocolError(
        f"type: unknown reply {_show(kind)} (hello, ready, move or error)", field="type"
    )
