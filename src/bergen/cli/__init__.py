"""The ``bergen`` command: one subcommand per module of this package.

The CLI sits on top of the pure engine; the engine never imports it (the layers in
pyproject.toml, ``[tool.importlinter]``).
Each subcommand module has ``register(subparsers)``, which adds its parser and sets ``run``,
a function taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

__all__ = ["build_parser", "main"]

_SUBCOMMANDS = ("simulate", "replay", "analyse", "arena", "play", "keep", "bot", "conformance")
"""The subcommands' modules (``bergen.cli.<name>``), imported when the parser is built."""


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``bergen`` command, every subcommand registered."""
    import argparse  # here, as the subcommands: `bergen bot serve SPEC` needs none of them

    from bergen import COMPILED, __version__

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
    for name in _SUBCOMMANDS:
        importlib.import_module(f"bergen.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bergen`` command with ``argv`` (default ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 1 when the input was rejected or a file or the output
        could not be written, 2 for bad arguments,
        141 when the output was closed early (``bergen arena ... | head``), 130 when
        interrupted (Ctrl-C).
    """
    words = sys.argv[1:] if argv is None else list(argv)
    if len(words) == 3 and words[:2] == ["bot", "serve"] and not words[2].startswith("-"):
        # A bot process the arena starts (`bergen bot serve SPEC`): straight to the server,
        # without building the parser of every subcommand (and importing their modules).
        from bergen.protocol.server import serve_stdio

        return serve_stdio(words[2])
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
    except OSError as e:
        # A file or the output that cannot be read or written (a full disk, a folder gone): a
        # message naming it, not a traceback; the output is dropped so that Python's own last
        # flush at exit does not fail again.
        where = repr(e.filename) if e.filename else "input or output failed"
        print(f"bergen {args.command}: {where}: {e.strerror or e}", file=sys.stderr)
        with contextlib.suppress(OSError, ValueError):  # an output with no file descriptor
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
