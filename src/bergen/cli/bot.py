"""``bergen bot serve SPEC``: run a Python bot as a bot-protocol program (stdin/stdout).

The served bot reads protocol requests (JSON lines, version 1; docs/guides/protocol.md) on
standard input and answers on standard output; whatever the bot itself prints goes to standard
error. Any client of the protocol can then play it: :class:`bergen.protocol.ProtocolBot`,
another language's driver, or a person typing JSON.
"""

from __future__ import annotations

import argparse

from bergen.cli._format import bot_names
from bergen.protocol import serve_stdio

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bot`` subcommand, with its ``serve`` subcommand, to the ``bergen`` parser."""
    bot = sub.add_parser(
        "bot",
        help="bots as separate programs: serve a Python bot over the bot protocol",
        description="Bots as programs speaking the bot protocol (JSON lines on stdin/stdout).",
    )
    actions = bot.add_subparsers(dest="bot_command", required=True, metavar="ACTION")
    serve = actions.add_parser(
        "serve",
        help="run a Python bot as a protocol program on standard input and output",
        description="Run a Python bot as a bot-protocol program: requests on standard input, "
        "replies on standard output, the bot's own output on standard error. The exit status "
        "is 0 after quit or the end of input, 1 when the bot failed, 2 for a bad request or a "
        "bot that cannot be loaded.",
    )
    serve.add_argument(
        "spec",
        metavar="BOT",
        help=f"a built-in bot ({bot_names()}) or package.module:Class; arguments in brackets, "
        "e.g. 'search[playouts=50]'",
    )
    serve.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``bergen bot serve``; return its exit status (see :func:`bergen.protocol.serve`)."""
    return serve_stdio(args.spec)
