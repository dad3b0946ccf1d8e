"""The ``bergen`` command: one subcommand per module of this package.

The CLI sits on top of the pure engine; the engine never imports it (the layers in
pyproject.toml, ``[tool.importlinter]``).
Each subcommand module has ``register(subparsers)``, which adds its parser and sets ``run``,
a function taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from bergen import COMPILED, __version__
from bergen.cli import analyse, arena, bot, conformance, keep, play, replay, simulate

__all__ = ["build_parser", "main"]

_SUBCOMMANDS = (simulate, replay, analyse, arena, play, keep, bot, conformance)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``bergen`` command, every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="bergen", description="Bergen, the domino line game scored during play."
    )
    build = "compiled with mypyc" if COMPILED else "pure Python"
    parser.add_argument(
        "--version",
        action="version",
        version=f"bergen {__version__} ({build})",
        help="print the version and which build is running (compiled with mypyc or pure Python)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in _SUBCOMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bergen`` command with ``argv`` (default ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 1 when the input was rejected, 2 for bad arguments,
        141 when the output was closed early (``bergen arena ... | head``), 130 when
        interrupted (Ctrl-C).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away: stop quietly, as Unix tools do (Python docs, "Note on SIGPIPE").
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print(f"\nbergen {args.command}: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
