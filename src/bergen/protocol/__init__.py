"""The bot protocol: bots as separate programs, in any language, over JSON lines.

A protocol bot is a program that reads requests on its standard input and writes replies on
its standard output, one JSON object per line (versions 1 and 2; ``docs/guides/protocol.md``).
:class:`ProtocolBot` plays such a program through bergen's :class:`~bergen.bots.Bot`
interface, in the spirit of python-chess's ``chess.engine``: it starts the program, enforces
the clock on the wall clock and kills the program when it fails. ``bergen bot serve SPEC``
(:func:`serve_stdio`) runs any Python bot as such a program.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bergen._lazy import lazy_names

if TYPE_CHECKING:
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
    from bergen.protocol.delta import advance_view, next_request
    from bergen.protocol.server import bot_options, serve, serve_stdio

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "MAX_REPLY_BYTES",
    "MAX_REQUEST_BYTES",
    "PROTOCOL_VERSION",
    "PROTOCOL_VERSIONS",
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
    "Next",
    "ProtocolBot",
    "ProtocolError",
    "Quit",
    "Ready",
    "Reply",
    "Request",
    "advance_view",
    "bot_options",
    "decide_request",
    "encode",
    "hello_reply",
    "hello_request",
    "new_game_request",
    "next_request",
    "parse_reply",
    "parse_request",
    "python_bot_command",
    "serve",
    "serve_stdio",
    "view_from_json",
    "view_to_json",
]

_EXPORTS: dict[str, str] = {
    "DEFAULT_MEMORY_LIMIT": "bergen.protocol.client",
    "QUIT_TIME": "bergen.protocol.client",
    "BotFailure": "bergen.protocol.client",
    "FailureReason": "bergen.protocol.client",
    "ProtocolBot": "bergen.protocol.client",
    "python_bot_command": "bergen.protocol.client",
    "MAX_REPLY_BYTES": "bergen.protocol.codec",
    "MAX_REQUEST_BYTES": "bergen.protocol.codec",
    "PROTOCOL_VERSION": "bergen.protocol.codec",
    "PROTOCOL_VERSIONS": "bergen.protocol.codec",
    "BotOption": "bergen.protocol.codec",
    "Decide": "bergen.protocol.codec",
    "ErrorReply": "bergen.protocol.codec",
    "Handshake": "bergen.protocol.codec",
    "Hello": "bergen.protocol.codec",
    "MoveReply": "bergen.protocol.codec",
    "NewGame": "bergen.protocol.codec",
    "Next": "bergen.protocol.codec",
    "ProtocolError": "bergen.protocol.codec",
    "Quit": "bergen.protocol.codec",
    "Ready": "bergen.protocol.codec",
    "Reply": "bergen.protocol.codec",
    "Request": "bergen.protocol.codec",
    "decide_request": "bergen.protocol.codec",
    "encode": "bergen.protocol.codec",
    "hello_reply": "bergen.protocol.codec",
    "hello_request": "bergen.protocol.codec",
    "new_game_request": "bergen.protocol.codec",
    "parse_reply": "bergen.protocol.codec",
    "parse_request": "bergen.protocol.codec",
    "view_from_json": "bergen.protocol.codec",
    "view_to_json": "bergen.protocol.codec",
    "advance_view": "bergen.protocol.delta",
    "next_request": "bergen.protocol.delta",
    "bot_options": "bergen.protocol.server",
    "serve": "bergen.protocol.server",
    "serve_stdio": "bergen.protocol.server",
}
"""Each public name and the module it comes from, imported when the name is first read (PEP
562), so that importing the package stays cheap (``bergen bot serve`` starts fast)."""

__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
