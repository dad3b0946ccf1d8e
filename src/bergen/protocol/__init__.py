"""The bot protocol: bots as separate programs, in any language, over JSON lines.

A protocol bot is a program that reads requests on its standard input and writes replies on
its standard output, one JSON object per line (version 1; ``docs/guides/protocol.md``).
:class:`ProtocolBot` plays such a program through bergen's :class:`~bergen.bots.Bot`
interface, in the spirit of python-chess's ``chess.engine``: it starts the program, enforces
the clock on the wall clock and kills the program when it fails. ``bergen bot serve SPEC``
(:func:`serve_stdio`) runs any Python bot as such a program.
"""

from __future__ import annotations

from bergen.protocol.client import (
    DEFAULT_MEMORY_LIMIT,
    QUIT_TIME,
    BotFailure,
    FailureReason,
    ProtocolBot,
    python_bot_command,
)
from bergen.protocol.codec import (
    MAX_REPLY_BYTES,
    MAX_REQUEST_BYTES,
    PROTOCOL_VERSION,
    BotOption,
    Decide,
    ErrorReply,
    Handshake,
    Hello,
    MoveReply,
    NewGame,
    ProtocolError,
    Quit,
    Ready,
    Reply,
    Request,
    decide_request,
    encode,
    hello_reply,
    hello_request,
    new_game_request,
    parse_reply,
    parse_request,
    view_from_json,
    view_to_json,
)
from bergen.protocol.server import bot_options, serve, serve_stdio

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "MAX_REPLY_BYTES",
    "MAX_REQUEST_BYTES",
    "PROTOCOL_VERSION",
    "QUIT_TIME",
    "BotFailure",
    "BotOption",
    "Decide",
    "ErrorReply",
    "FailureReason",
    "Handshake",
    "Hello",
    "MoveReply",
    "NewGame",
    "ProtocolBot",
    "ProtocolError",
    "Quit",
    "Ready",
    "Reply",
    "Request",
    "bot_options",
    "decide_request",
    "encode",
    "hello_reply",
    "hello_request",
    "new_game_request",
    "parse_reply",
    "parse_request",
    "python_bot_command",
    "serve",
    "serve_stdio",
    "view_from_json",
    "view_to_json",
]
