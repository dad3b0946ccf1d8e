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

from bergen.protocol._read import parse_reply, parse_request, view_from_json
from bergen.protocol._write import (
    decide_request,
    encode,
    hello_reply,
    hello_request,
    new_game_request,
    view_to_json,
)
from bergen.protocol.messages import (
    MAX_REPLY_BYTES,
    MAX_REQUEST_BYTES,
    PROTOCOL_VERSION,
    PROTOCOL_VERSIONS,
    BotOption,
    Decide,
    ErrorReply,
    Handshake,
    Hello,
    MoveReply,
    NewGame,
    Next,
    ProtocolError,
    Quit,
    Ready,
    Reply,
    Request,
)

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
