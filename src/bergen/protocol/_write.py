"""Writing the bot protocol's messages: :func:`encode` and the request builders, and the
player view as JSON (:func:`view_to_json`). Imported from :mod:`bergen.protocol.codec`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bergen.errors import RecordError, _brief
from bergen.moves import MOVES, Move
from bergen.playerview import PlayerView
from bergen.protocol.messages import (
    Decide,
    Handshake,
    Hello,
    NewGame,
    ProtocolError,
    _moves_arg,
)
from bergen.records.rules_json import rules_to_json
from bergen.rules import Rules

__all__ = [
    "decide_request",
    "encode",
    "hello_reply",
    "hello_request",
    "new_game_request",
    "view_to_json",
]

_TEXT_OF_MOVE: dict[Move, str] = {m: str(m) for m in MOVES}
"""Each move's canonical text (``"6-4L"``, ``"draw"``)."""


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
