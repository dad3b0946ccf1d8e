"""``bergen bot serve``, its server: any Python bot as a protocol program on stdin and stdout.

:func:`serve` reads requests line by line, decodes each ``decide`` into a real
:class:`~bergen.view.PlayerView` and calls the bot's ``choose(view, legal_moves)``, with
``seconds=`` the move's time (:func:`bergen.bots.move_seconds` of the request's ``time``) when
the bot's ``choose`` takes that keyword and the request has a time. Nothing but
protocol lines reach the real standard output: :func:`serve_stdio` moves the process's file
descriptors 0 and 1 aside first, so that the bot's ``print`` (and anything a library or a
child process writes to descriptor 1) goes to standard error, and reading standard input
gets nothing.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import os
import sys
import time
import traceback
from typing import IO, Any

from bergen.bots import Bot, BotError, _raised_at, bot_factory, move_seconds, takes_seconds
from bergen.bots.loading import _takes_seed
from bergen.errors import BergenError, _brief
from bergen.moves import Draw, Lead, Pass, Play
from bergen.playerview import PlayerView
from bergen.protocol._write import _TEXT_OF_MOVE
from bergen.protocol.codec import (
    MAX_REQUEST_BYTES,
    BotOption,
    Decide,
    Handshake,
    Hello,
    NewGame,
    Next,
    ProtocolError,
    Quit,
    encode,
    hello_reply,
    parse_request,
)
from bergen.protocol.delta import advance_view

__all__ = ["bot_options", "serve", "serve_stdio"]

_MOVE_TYPES = (Lead, Play, Draw, Pass)

_OPTION_KINDS: dict[type, str] = {bool: "bool", int: "int", float: "float", str: "string"}


def bot_options(spec: str) -> tuple[BotOption, ...]:
    """The options a Python bot accepts: its keyword arguments other than ``seed`` whose
    defaults are an int, float, bool or str; a value given in the spec is the default.

    Args:
        spec: A bot spec (see :func:`bergen.bots.load_bot`).

    Returns:
        The options, in the order of the bot's signature.

    Raises:
        BotError: when the spec cannot be resolved (see :func:`bergen.bots.bot_factory`).
    """
    factory, given = bot_factory(spec)
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return ()
    out = []
    for p in params:
        if p.name == "seed" or p.kind not in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD):
            continue
        default = given.get(p.name, p.default)
        kind = _OPTION_KINDS.get(type(default))
        if kind is not None:
            out.append(BotOption(p.name, kind, default))
    return tuple(out)


def _read_line(stream: IO[bytes]) -> bytes | None:
    """One request line without its newline; ``None`` at the end of input.

    Raises:
        ProtocolError: when the line is longer than :data:`MAX_REQUEST_BYTES`.
    """
    line = stream.readline(MAX_REQUEST_BYTES + 1)
    if not line:
        return None
    if len(line) > MAX_REQUEST_BYTES and not line.endswith(b"\n"):
        raise ProtocolError(f"a request line is at most {MAX_REQUEST_BYTES:,} bytes", field="line")
    return line.rstrip(b"\r\n")


def _send(stream: IO[bytes], message: dict[str, Any]) -> None:
    stream.write(encode(message))
    stream.flush()


def _error(stream: IO[bytes], kind: str, message: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        _send(stream, {"type": "error", "kind": kind, "message": message[:2000]})


def _text(e: BaseException) -> str:
    try:
        text = str(e)
    except Exception:  # an exception whose __str__ raises
        text = "(its message cannot be read)"
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


_TRACEBACK_FRAMES = 20
"""The innermost frames of a bot's traceback that ``bergen bot serve`` writes to standard error."""

_TRACEBACK_CHARS = 3000
"""The most characters of a traceback written to standard error (its end is kept)."""


def _traceback(e: BaseException) -> str:
    """``e``'s traceback: its innermost 20 frames, at most 3000 characters (the start cut),
    ending in a newline.
    """
    try:
        text = "".join(traceback.format_exception(e, limit=-_TRACEBACK_FRAMES))
    except Exception:  # a traceback that cannot be formatted (a __str__ that raises, ...)
        text = f"{_text(e)}\n"
    if len(text) > _TRACEBACK_CHARS:
        text = "...\n" + text[-_TRACEBACK_CHARS:].split("\n", 1)[-1]
    return text


def _report(log: IO[str], what: str, e: BaseException) -> str:
    """Write ``e``'s traceback and a line saying ``what`` happened to ``log``; return the
    line's text (for the ``error`` reply): ``"the bot raised KeyError: 'x' (at b.py:3, in
    choose)"``.
    """
    line = f"{what} {_text(e)}{_raised_at(e)}"
    with contextlib.suppress(OSError, ValueError):
        log.write(_traceback(e))
        print(f"bergen bot serve: {line}", file=log)
        log.flush()
    return line


def serve(spec: str, stdin: IO[bytes], stdout: IO[bytes], log: IO[str] | None = None) -> int:
    """Serve the bot ``spec`` over the protocol until ``quit`` or the end of input.

    Each ``new_game`` builds the bot afresh, with the game's seed and the options it sets
    (over those of the spec). A bot whose ``choose`` takes a keyword ``seconds``
    (:func:`bergen.bots.takes_seconds`) is given the time for each move:
    :func:`bergen.bots.move_seconds` of the request's ``time`` less the time spent reading and
    decoding the request; no ``seconds`` when ``time`` is ``null``. A request that is not the
    protocol's, a bot that cannot be built, and a bot whose ``choose`` raises or returns no
    move each get an ``error`` reply (``kind`` ``protocol``, ``exception``, ``memory`` or
    ``illegal``) and end the serving; an exception's reply names where it was raised
    (``"the bot raised KeyError: 'x' (at mybot.py:12, in choose)"``), and its traceback (the
    innermost 20 frames, at most 3000 characters) is written to ``log`` before that line.

    Args:
        spec: A bot spec (see :func:`bergen.bots.load_bot`).
        stdin: Where requests come from (bytes).
        stdout: Where replies go (bytes); nothing else is written there.
        log: Where to say what went wrong (default ``sys.stderr``).

    Returns:
        The exit status: 0 after ``quit`` or the end of input, 1 when the bot failed, 2 for
        a bad request or a spec that cannot be loaded.

    Raises:
        BotError: when ``stdin`` is not a binary stream to read, ``stdout`` not a binary
            stream to write, or ``log`` neither a text stream nor ``None`` (a bad ``spec`` is
            answered on ``stdout`` and ``log``, exit status 2).
    """
    if not callable(getattr(stdin, "readline", None)) or isinstance(stdin, io.TextIOBase):
        raise BotError(f"serve takes stdin, a binary stream to read, got {_brief(stdin)}")
    if not callable(getattr(stdout, "write", None)) or isinstance(stdout, io.TextIOBase):
        raise BotError(f"serve takes stdout, a binary stream to write, got {_brief(stdout)}")
    if log is not None and (
        not callable(getattr(log, "write", None))
        or isinstance(log, io.BufferedIOBase | io.RawIOBase)
    ):
        raise BotError(f"serve takes log, a text stream to write or None, got {_brief(log)}")
    log = log or sys.stderr
    try:
        options = bot_options(spec)
        bot: Bot | None = None
        timed = False
        name = getattr(bot_factory(spec)[0], "name", None)
        if not isinstance(name, str) or not name.strip():
            name = spec
    except BotError as e:
        print(f"bergen bot serve: {e}", file=log)
        return 2
    name = name.strip()[:100]
    option_names = {o.name: o for o in options}
    version = 1
    last: PlayerView | None = None  # the view of the last decide or next (version 2)
    while True:
        try:
            line = _read_line(stdin)
            if line is None:
                return 0
            read_at = time.perf_counter()
            request = parse_request(line)
            if isinstance(request, Next):
                if version < 2 or last is None:
                    raise ProtocolError(
                        "next: a request of version 2, after a decide of this game"
                        if version >= 2
                        else "next: a request of version 2; this session speaks version 1",
                        field="type",
                    )
                request = Decide(advance_view(last, request), request.legal_moves, request.time)
        except ProtocolError as e:
            print(f"bergen bot serve: bad request: {e}", file=log)
            _error(stdout, "protocol", str(e))
            return 2
        except (BergenError, ValueError, TypeError, RecursionError) as e:
            # parse_request raises only ProtocolError; should a check of the values it builds
            # still let another error out, the client gets its answer all the same.
            print(f"bergen bot serve: bad request: {_text(e)}", file=log)
            _error(stdout, "protocol", _text(e))
            return 2
        if isinstance(request, Hello):
            version = request.spoken
            _send(stdout, hello_reply(Handshake(version, name, None, options)))
        elif isinstance(request, NewGame):
            kwargs: dict[str, Any] = {}
            for key, value in request.options:
                option = option_names.get(key)
                if option is None:
                    _error(
                        stdout,
                        "protocol",
                        f"options.{key}: {_brief(name)} has no option {_brief(key)}",
                    )
                    return 2
                try:
                    kwargs[key] = option.check(value, f"options.{key}")
                except ProtocolError as e:
                    _error(stdout, "protocol", str(e))
                    return 2
            try:
                bot = _build(spec, request.seed, kwargs)
                timed = takes_seconds(bot)
            except KeyboardInterrupt:
                raise
            except BaseException as e:
                _error(stdout, "exception", _report(log, "the bot cannot be built:", e))
                return 1
            last = None
            _send(stdout, {"type": "ready"})
        elif isinstance(request, Decide):
            if bot is None:
                _error(stdout, "protocol", "decide before new_game")
                return 2
            last = request.view
            try:
                if timed and request.time is not None:
                    seconds = move_seconds(request.time, time.perf_counter() - read_at)
                    move = bot.choose(  # type: ignore[call-arg]
                        request.view, request.legal_moves, seconds=seconds
                    )
                else:
                    move = bot.choose(request.view, request.legal_moves)
                text = str(move) if isinstance(move, Lead | Play | Draw | Pass) else None
            except KeyboardInterrupt:
                raise
            except MemoryError:
                _error(stdout, "memory", "MemoryError")
                return 1
            except BaseException as e:
                _error(stdout, "exception", _report(log, "the bot raised", e))
                return 1
            if text is None:
                _error(stdout, "illegal", f"the bot returned {_safe_repr(move)}, not a move")
                return 1
            known = _TEXT_OF_MOVE.get(move) if type(move) in _MOVE_TYPES else None
            if known is not None:  # the common case, written without the JSON encoder
                stdout.write(b'{"type":"move","move":"%s"}\n' % known.encode())
                stdout.flush()
            else:
                _send(stdout, {"type": "move", "move": text})
        elif isinstance(request, Quit):
            return 0


def _safe_repr(value: object) -> str:
    try:
        return repr(value)[:200]
    except Exception:
        return f"a {type(value).__name__} whose repr raises"


def _build(spec: str, seed: int | None, kwargs: dict[str, Any]) -> Bot:
    factory, given = bot_factory(spec)
    args = {**given, **kwargs}
    # A class without a seed parameter is built without one (as load_bot does).
    bot: Bot = factory(seed=seed, **args) if _takes_seed(factory) else factory(**args)
    if not callable(getattr(bot, "choose", None)):
        raise BotError(f"bot {_brief(spec)} has no choose(view, legal_moves) method")
    return bot


def serve_stdio(spec: str) -> int:
    """Serve ``spec`` on this process's real standard input and output (``bergen bot serve``).

    File descriptors 0 and 1 are duplicated for the protocol, then descriptor 1 is pointed at
    standard error and descriptor 0 at ``/dev/null`` (with ``sys.stdout`` = ``sys.stderr``),
    so that whatever the bot prints cannot corrupt the protocol.

    Args:
        spec: A bot spec.

    Returns:
        The exit status of :func:`serve`.
    """
    sys.stdout.flush()
    proto_in = os.fdopen(os.dup(0), "rb")
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdout = sys.stderr
    sys.stdin = open(os.devnull)  # noqa: SIM115 - the process's stdin from now on
    try:
        with proto_in, proto_out:
            return serve(spec, proto_in, proto_out)
    except BrokenPipeError:
        return 0
