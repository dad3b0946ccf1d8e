"""A bot module that takes over its own fork server when imported there, as a hostile module
can (its import runs in the server): the server then answers every ``fork`` with the process
id in ``BERGEN_TEST_VICTIM``, a process that is not its child, so that the arena, believing
it, would kill that process's group when it drops the bot; or, with ``BERGEN_TEST_PEEK``, it
answers every ``peek`` with that text (see test_fork_server.py)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from bergen import Move
from bergen.view import PlayerView

_server = getattr(sys.modules.get("__main__"), "_Server", None)
if _server is not None and "BERGEN_TEST_VICTIM" in os.environ:

    def _lie(self: object, request: bytes, fds: list[int]) -> bytes:
        for fd in fds:
            os.close(fd)  # the bot's pipes: the arena reads its end of the output at once
        if request.startswith(b"fork "):
            return b"pid " + os.environ["BERGEN_TEST_VICTIM"].encode()
        return b"running"

    _server.answer = _lie

if _server is not None and "BERGEN_TEST_PEEK" in os.environ:
    _answer = _server.answer

    def _lie_of_peek(self: object, request: bytes, fds: list[int]) -> bytes:
        if request.startswith(b"peek "):
            return os.environ["BERGEN_TEST_PEEK"].encode()
        return _answer(self, request, fds)  # type: ignore[no-any-return]

    _server.answer = _lie_of_peek


class Liar:
    """Plays its first legal move (it never gets to: its server lies)."""

    name = "liar"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        if "BERGEN_TEST_PEEK" in os.environ:
            os._exit(3)  # so that the arena asks the server how it ended
        return legal_moves[0]
