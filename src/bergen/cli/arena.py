"""``bergen arena``: a tournament between bots, with win rates and their 95% intervals."""

from __future__ import annotations

import argparse
import importlib
import math
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import TextIO

from bergen.arena import (
    MAX_ARENA_GAMES,
    MAX_ARENA_WORKERS,
    MAX_MOVE_TIME,
    PROGRAM_PREFIX,
    ArenaInterrupted,
    GameResult,
    ResultsFileError,
    bot_command,
    games_for_all_lineups,
    run_arena,
    schedule,
)
from bergen.bots import BUILTIN_BOTS, BotError, load_bot, parse_bot_spec
from bergen.cli._format import bot_names
from bergen.cli._modules import import_from_cwd
from bergen.cli.options import add_rules_arguments, rules_from_args
from bergen.errors import RulesError
from bergen.protocol import DEFAULT_MEMORY_LIMIT
from bergen.rules import Rules
from bergen.tournament import (
    SPRTTest,
    crosstable,
    crosstable_text,
    group_scores,
    ratings,
)

__all__ = ["MAX_WORKERS", "register", "run"]

MAX_WORKERS = MAX_ARENA_WORKERS
"""The most worker processes ``bergen arena --workers`` starts
(:data:`bergen.arena.MAX_ARENA_WORKERS`)."""


@contextmanager
def _plain_progress(total: int, stream: TextIO) -> Iterator[Callable[[int], None]]:
    """A progress line, ``games 120/400 (30%)``, rewritten in place on ``stream`` at most
    twice a second, and cleared at the end.
    """
    done = 0
    shown = -1.0

    def advance(n: int) -> None:
        nonlocal done, shown
        done += n
        now = time.monotonic()
        if now - shown >= 0.5 or done >= total:
            shown = now
            stream.write(f"\rgames {done}/{total} ({100 * done // max(total, 1)}%)")
            stream.flush()

    try:
        yield advance
    finally:
        if shown >= 0:
            stream.write("\r\x1b[K")
            stream.flush()


@contextmanager
def progress_bar(
    total: int, enabled: bool = True, stream: TextIO | None = None
) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error: rich if installed, else tqdm, else a plain line.

    Both libraries are optional (the ``cli`` extra installs rich); without them the line
    ``games 120/400 (30%)`` is rewritten in place.

    Args:
        total: The number of steps (games).
        enabled: ``False`` for no bar.
        stream: Where the plain line goes (default: standard error).

    Yields:
        A function to call with the number of steps just done.
    """
    if not enabled:
        yield lambda n: None
        return
    try:
        rich_progress = importlib.import_module("rich.progress")
        rich_console = importlib.import_module("rich.console")
    except ImportError:
        rich_progress = None
    if rich_progress is not None:
        console = rich_console.Console(file=sys.stderr)
        with rich_progress.Progress(transient=True, console=console) as bar:
            task = bar.add_task("games", total=total)
            yield lambda n: bar.advance(task, n)
        return
    try:
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:
        tqdm = None
    if tqdm is not None:
        with tqdm(total=total, unit="game", file=sys.stderr, leave=False) as t:
            yield t.update
        return
    with _plain_progress(total, sys.stderr if stream is None else stream) as advance:
        yield advance


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The Dask executor of ``--dask``, or ``None``: the arena's own pool of ``--workers``."""
    if args.dask:
        try:
            distributed = importlib.import_module("distributed")
        except ImportError:
            raise SystemExit(
                "bergen arena: --dask needs the dask extra: pip install 'bergen-dominoes[dask]'"
            ) from None
        if args.dask == "local":
            with (
                distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1) as cluster,
                distributed.Client(cluster) as client,
            ):
                yield client.get_executor()
        else:
            with distributed.Client(args.dask) as client:
                yield client.get_executor()
        return
    yield None


def _words(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _lineup_warning(
    bots: list[str], games: int, players: int, rules: Rules, lineups: str = "round-robin"
) -> str | None:
    """The warning for an arena too short for every lineup to play, or ``None``.

    Args:
        bots: The entrants' specs.
        games: The games that will be played (whole duplicate groups).
        players: Seats per game.
        rules: The ruleset.
        lineups: ``"round-robin"`` or ``"gauntlet"``.

    Returns:
        For example ``"2 games cover 1 of 3 lineups; C never plays: use --games 6 or more"``
        (see :func:`bergen.arena.games_for_all_lineups`; with partnerships and fewer than four
        bots each pair of bots is a lineup), or ``None`` when every lineup plays.
    """
    needed = games_for_all_lineups(
        len(bots), players, partnerships=rules.partnerships, lineups=lineups
    )
    if games >= needed:
        return None
    tasks = schedule(bots, games, players, 0, rules, lineups=lineups)
    covered = len({tuple(sorted(t.entrants)) for t in tasks})
    playing = {e for t in tasks for e in t.entrants}
    named = [b if bots.count(b) == 1 else f"{b} (entrant {i})" for i, b in enumerate(bots)]
    idle = [named[i] for i in range(len(bots)) if i not in playing]
    text = f"{games} games cover {covered} of {needed // players} lineups"
    if idle:
        text += f"; {_words(idle)} never {'plays' if len(idle) == 1 else 'play'}"
    return f"{text}: use --games {needed} or more"


def _check_spec(spec: str, in_process: bool) -> None:
    """Refuse a spec that cannot work, without running an isolated bot's code here: in-process
    bots are loaded; otherwise the spec is parsed and a built-in name or ``cmd:`` program
    checked (the arena starts each bot once before the games).

    Raises:
        BotError: for a bad spec.
    """
    if spec.startswith(PROGRAM_PREFIX):
        bot_command(spec)
    elif in_process:
        load_bot(spec, 0)
    else:
        name, _ = parse_bot_spec(spec)
        if ":" not in name and name not in BUILTIN_BOTS:
            load_bot(spec, 0)  # the error for an unknown name


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand to the ``bergen`` parser."""
    p = sub.add_parser(
        "arena",
        help="play bots against each other and report win rates",
        description=(
            "Play matches between bots in the duplicate format (each deal replayed with the "
            "seats rotated) and report each bot's win rate with a 95% Wilson interval and "
            "its mean points per round. The same seed prints the same results whatever the "
            "number of workers."
        ),
    )
    p.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help=f"a built-in bot ({bot_names()}) or package.module:Class; arguments in brackets, "
        "e.g. 'search[playouts=800]'; or 'cmd:PROGRAM ARGS' for a program speaking the bot "
        "protocol, e.g. 'cmd:node examples/bots/greedy.js'",
    )
    p.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help="matches (default 100); with more bots than seats (or, with --partnerships, fewer "
        "than four bots: each pair of bots) each lineup of bots is a group of --players "
        "matches, played in turn (a warning says when N is too few for all)",
    )
    p.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help="seats per match (default 2)"
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="arena seed, to reproduce an arena exactly. Default: a fresh secret seed of 128 "
        "random bits (printed at the end, and kept in --results FILE for --resume). A bot "
        "that can guess the seed can rebuild every deal (the other hands, the boneyard's "
        "order): a contest leaves --seed out",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        metavar="W",
        help="worker processes (default: the number of CPUs; 1 plays in this process)",
    )
    p.add_argument(
        "--move-time",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="time budget per decision, wall clock; a bot over it forfeits the game (and an "
        "isolated bot is killed) (default 10; 0 for no limit)",
    )
    p.add_argument(
        "--in-process",
        action="store_true",
        help="call Python bots in the worker process instead of a process of their own: "
        "faster, but it trusts the bots (they can read hidden tiles, change bergen, or end or "
        "hang the arena)",
    )
    p.add_argument(
        "--memory-limit",
        type=int,
        default=DEFAULT_MEMORY_LIMIT // 2**20 if DEFAULT_MEMORY_LIMIT else 0,
        metavar="MB",
        help="memory limit of each bot process in MiB (address space); a bot over it forfeits "
        "the game (default %(default)s; 0 for no limit)",
    )
    p.add_argument(
        "--results",
        metavar="FILE",
        help="write every finished game to FILE (JSON lines) as it finishes",
    )
    p.add_argument(
        "--bot-stderr",
        metavar="DIR",
        help="keep the standard error of every bot process (what it printed, its tracebacks) "
        "in DIR, made if missing, one new file each (mode 0600, never through a file or link "
        "a bot put there; give a DIR the bots cannot write to): SPEC.PID-ID.log, the spec "
        "with each run of other characters than letters, digits, '.', '_', '-' made '-' "
        "(default: only the end of it, in a failure's report; in-process bots write to the "
        "arena's own)",
    )
    p.add_argument(
        "--in-flight",
        type=int,
        default=1,
        metavar="N",
        help="with one worker, play N games at once (each in a thread, with bot processes of "
        "its own): the arena works on one game while the bots of others think, which "
        "shortens the wall clock of isolated bots (default %(default)s)",
    )
    p.add_argument(
        "--no-fork-server",
        dest="fork_server",
        action="store_false",
        help="start each Python bot process as a new Python instead of a fork of one warm "
        "server per bot (about 100 ms more CPU per process; for a bot whose module starts "
        "threads when imported)",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="continue the interrupted arena of --results FILE: play only the games it lacks "
        "(the same table as an uninterrupted run)",
    )
    p.add_argument(
        "--dask",
        metavar="SCHEDULER",
        help="run on a Dask cluster: a scheduler address, or 'local' for a local cluster of "
        "--workers processes (needs bergen-dominoes[dask])",
    )
    p.add_argument(
        "--gauntlet",
        action="store_true",
        help="the first bot against each of the others (never the others among themselves) "
        "instead of a round robin of every lineup",
    )
    p.add_argument(
        "--sprt",
        metavar="ELO0,ELO1[,ALPHA,BETA]",
        help="two bots: stop as soon as a sequential probability ratio test on the duplicate "
        "groups decides between 'the first bot is ELO0 logistic Elo stronger' and 'ELO1 "
        "stronger' (error rates ALPHA and BETA, default 0.05), --games being the most to play; "
        "e.g. --sprt 0,50",
    )
    p.add_argument(
        "--ratings",
        action="store_true",
        help="also print openskill ratings of the bots over the games (needs "
        "bergen-dominoes[ratings])",
    )
    p.add_argument(
        "--bot-user",
        metavar="NAME",
        help="run every bot process as user NAME (the arena must run as root): the bots "
        "cannot then read your files, the results file or the arena's memory",
    )
    p.add_argument(
        "--bot-prefix",
        metavar="COMMAND",
        help="put COMMAND before every bot's command, e.g. an OS sandbox: "
        "--bot-prefix 'bwrap --ro-bind /usr /usr ...' (see the bots guide, 'Fair play')",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_rules_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``bergen arena``; return the exit status (2 for bad arguments or bots)."""
    if len(args.bots) < 2:
        print("bergen arena: give two bots or more (the same bot twice is fine)", file=sys.stderr)
        return 2
    for option, value, most in (
        ("--games", args.games, MAX_ARENA_GAMES),
        ("--workers", args.workers, MAX_WORKERS),
    ):
        if not 1 <= value <= most:
            print(f"bergen arena: {option} must be 1..{most:,}, got {value}", file=sys.stderr)
            return 2
    if args.partnerships and args.players != 4:
        print("bergen arena: --partnerships needs --players 4", file=sys.stderr)
        return 2
    if args.resume and not args.results:
        print(
            "bergen arena: --resume needs --results FILE (the arena to continue)", file=sys.stderr
        )
        return 2
    if args.memory_limit < 0:
        print(
            f"bergen arena: --memory-limit must be MiB >= 0 (0 for no limit), got "
            f"{args.memory_limit}",
            file=sys.stderr,
        )
        return 2
    if args.dask and args.in_process:
        print(
            "bergen arena: --in-process plays in this machine's processes; drop --dask or it",
            file=sys.stderr,
        )
        return 2
    if not (0 <= args.move_time <= MAX_MOVE_TIME or args.move_time == math.inf):  # and nan
        print(
            f"bergen arena: --move-time must be seconds in 0..{MAX_MOVE_TIME:,.0f} "
            f"(0 for no limit), got {args.move_time}",
            file=sys.stderr,
        )
        return 2
    try:
        rules = rules_from_args(args)
        rules.for_table(args.players)
    except RulesError as e:
        print(f"bergen arena: {e}", file=sys.stderr)
        return 2
    sprt: SPRTTest | None = None
    if args.sprt is not None:
        parsed = _sprt_test(args.sprt)
        if isinstance(parsed, str):
            print(f"bergen arena: --sprt {parsed}", file=sys.stderr)
            return 2
        sprt = parsed
        if len(args.bots) != 2:
            print("bergen arena: --sprt judges a match of two bots", file=sys.stderr)
            return 2
    lineups = "gauntlet" if args.gauntlet else "round-robin"
    import_from_cwd(args.bots)
    try:
        for spec in args.bots:
            _check_spec(spec, args.in_process)  # a bad spec is reported before the notes
    except BotError as e:
        print(f"bergen arena: {e}", file=sys.stderr)
        return 2
    try:
        prefix = shlex.split(args.bot_prefix or "")
    except ValueError as e:
        print(f"bergen arena: --bot-prefix: {e}", file=sys.stderr)
        return 2
    groups = -(-args.games // args.players)
    total = groups * args.players
    if total != args.games:
        print(
            f"bergen arena: playing {total} games (whole duplicate groups of {args.players})",
            file=sys.stderr,
        )
    warning = _lineup_warning(args.bots, total, args.players, rules, lineups)
    if warning is not None:
        print(f"bergen arena: {warning}", file=sys.stderr)
    try:
        with (
            _executor(args) as executor,
            progress_bar(total, enabled=not args.no_progress and sys.stderr.isatty()) as bar,
        ):
            result = run_arena(
                args.bots,
                args.games,
                args.players,
                args.seed,
                rules,
                executor=executor,
                workers=1 if executor is not None else args.workers,
                move_time=args.move_time if 0 < args.move_time < math.inf else None,
                in_process=args.in_process,
                memory_limit=args.memory_limit * 2**20 or None,
                results=args.results,
                resume=args.resume,
                progress=bar,
                lineups=lineups,
                sprt=sprt,
                bot_user=args.bot_user,
                bot_prefix=prefix,
                bot_stderr=args.bot_stderr,
                fork_server=args.fork_server,
                in_flight=args.in_flight,
            )
    except ArenaInterrupted as e:
        print(e.result.report())
        note = f"; continue with --resume --results {args.results}" if args.results else ""
        print(
            f"bergen arena: interrupted after {len(e.result.games)} of {e.planned} games{note}",
            file=sys.stderr,
        )
        _say_seed(args, e.result.seed)
        return 130
    except (BotError, ResultsFileError) as e:
        print(f"bergen arena: {e}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as e:  # --dask: a bad address, or no scheduler there
        if not args.dask:
            raise
        print(f"bergen arena: --dask {args.dask}: {e}", file=sys.stderr)
        return 1
    print(result.report())
    _print_tournament(result.games, args, sprt)
    _say_seed(args, result.seed)
    return 0


def _sprt_test(text: str) -> SPRTTest | str:
    """The test of ``--sprt ELO0,ELO1[,ALPHA,BETA]``, or what is wrong with it."""
    parts = text.split(",")
    try:
        values = [float(x) for x in parts]
    except ValueError:
        values = []
    if len(values) not in (2, 4):
        return f"takes ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (numbers), got {text!r}"
    try:
        return SPRTTest(*values)
    except BotError as e:
        return str(e)


def _print_tournament(
    games: tuple[GameResult, ...], args: argparse.Namespace, sprt: SPRTTest | None
) -> None:
    """The crosstable (three bots or more), the SPRT's verdict and the ratings, as asked."""
    if len(args.bots) > 2:
        print()
        print("Crosstable: the row's score per game against the column [95% Wilson] (games)")
        print(crosstable_text(crosstable(games, len(args.bots)), args.bots))
    if sprt is not None:
        print()
        print(sprt.state(group_scores(games, args.players, 0, 1)))
    if args.ratings:
        print()
        try:
            rated = ratings(games, len(args.bots))
        except BotError as e:
            print(f"ratings: {e}")
            return
        print("Ratings (openskill Plackett-Luce; ordinal = mu - 3 sigma):")
        width = max(3, *(len(b) for b in args.bots))
        for r in sorted(rated, key=lambda r: -r.ordinal):
            print(
                f"  {args.bots[r.entrant]:<{width}}  mu {r.mu:6.2f}  sigma {r.sigma:5.2f}  "
                f"ordinal {r.ordinal:6.2f}"
            )


def _say_seed(args: argparse.Namespace, seed: int) -> None:
    """Tell how to reproduce an arena whose seed was drawn in secret (no ``--seed``)."""
    if args.seed is None:
        kept = f" (kept in {args.results})" if args.results else ""
        print(
            f"bergen arena: the seed was drawn in secret{kept}; this arena again: --seed {seed}",
            file=sys.stderr,
        )
