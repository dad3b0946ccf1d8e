"""Running an arena: check the bots, play the schedule on an executor, write and resume the
results file, stop cleanly on Ctrl-C.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import IO, TYPE_CHECKING

import attrs

from bergen.arena._games import (
    MAX_ARENA_GAMES,
    MAX_ARENA_WORKERS,
    MAX_IN_FLIGHT,
    GameResult,
    GameTask,
    _check_launch_args,
    _is_path,
    secret_seed,
)
from bergen.arena._guard import not_dumpable
from bergen.arena._play import _play_game, _worker_init, play_games
from bergen.arena._processes import (
    PROGRAM_PREFIX,
    _close_all,
    _Processes,
    _start_failure,
    bot_command,
    setting_of,
    user_ids,
)
from bergen.arena._results import _header, _open_results, _stored_seed, result_to_json
from bergen.arena._schedule import _check_arena_args, schedule
from bergen.arena._stats import ArenaInterrupted, ArenaResult
from bergen.bots import BotError, load_bot, parse_bot_spec
from bergen.errors import BergenError, _brief
from bergen.protocol import DEFAULT_MEMORY_LIMIT, ProtocolBot
from bergen.rules import CLASSIC, Rules
from bergen.tournament import SPRTTest, group_scores

if TYPE_CHECKING:  # imported where the pool is made: multiprocessing is slow to import
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the arena's own worker processes at once: SIGTERM (each kills its bot processes
    and exits), SIGKILL for any left after a second.
    """
    processes = list(getattr(pool, "_processes", {}).values())
    for p in processes:
        with contextlib.suppress(Exception):
            p.terminate()
    deadline = time.monotonic() + 1.0
    for p in processes:
        p.join(max(0.0, deadline - time.monotonic()))
    for p in processes:
        if p.is_alive():
            p.kill()
            p.join(1.0)
    pool.shutdown(wait=True)


def _check_specs(specs: Sequence[str], first: GameTask, processes: _Processes | None) -> None:
    """Fail early on a bad spec. In-process, and for a built-in bot (bergen's own code), the
    bot is loaded here. Otherwise none of the bot's code runs here: the spec is parsed, and the
    bot is started as a protocol program and given a game (``new_game`` builds it), all such
    bots side by side; each process is then kept in ``processes`` for a first game (closed
    when that is ``None``).

    Raises:
        BotError: when a bot cannot be loaded, started or built (the first in spec order).
    """
    maker = processes if processes is not None else _Processes()
    try:
        _start_specs(specs, first, processes, maker)
    finally:
        if processes is None:
            maker.close()  # its fork servers


def _start_specs(
    specs: Sequence[str], first: GameTask, processes: _Processes | None, maker: _Processes
) -> None:
    """:func:`_check_specs`, making the bot processes with ``maker``."""
    rules, players, setting = first.rules, len(first.specs), setting_of(first)
    started: list[tuple[str, ProtocolBot]] = []
    for spec in dict.fromkeys(specs):
        if not isinstance(spec, str):
            raise BotError(f"a bot spec is a string, got {spec!r}")
        if spec.startswith(PROGRAM_PREFIX):
            bot_command(spec)
        else:
            name, _ = parse_bot_spec(spec)
            if first.in_process or ":" not in name:
                load_bot(spec, 0)
                continue
        started.append((spec, maker.new(spec, setting)))
    failures: dict[str, BaseException] = {}

    def check(spec: str, bot: ProtocolBot) -> None:
        try:
            bot.new_game(rules, players=players, seat=0, partnerships=rules.partnerships, seed=0)
        except BaseException as e:  # reported below, in spec order
            failures[spec] = e

    threads = [threading.Thread(target=check, args=pair, daemon=True) for pair in started]
    kept = False
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        kept = not failures and processes is not None
    finally:
        if not kept:
            _close_all([bot for _, bot in started])
    for spec, _ in started:
        e = failures.get(spec)
        if isinstance(e, BergenError):  # BotFailure; ProtocolError when rules cannot be sent
            raise _start_failure(spec, e)
        if e is not None:
            raise e
    if processes is not None:
        for spec, bot in started:
            processes.keep(spec, setting, bot)


def run_arena(
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int | None = None,
    rules: Rules = CLASSIC,
    *,
    executor: Executor | None = None,
    workers: int = 1,
    move_time: float | None = 10.0,
    in_process: bool = False,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
    results: str | os.PathLike[str] | None = None,
    resume: bool = False,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
    lineups: str = "round-robin",
    sprt: SPRTTest | None = None,
    bot_user: str | None = None,
    bot_prefix: Sequence[str] = (),
    bot_stderr: str | os.PathLike[str] | None = None,
    fork_server: bool = True,
    in_flight: int = 1,
) -> ArenaResult:
    """Play an arena between bots (see :func:`schedule` for the games).

    Each bot runs in a process of its own by default (see the module's notes and
    :func:`play_game`); ``in_process=True`` calls Python bots in the playing process instead,
    faster but trusting them.

    Args:
        specs: The entrants' bot specs: built-in names or ``package.module:Class``, each
            optionally with ``[key=value,...]`` (see :func:`bergen.bots.load_bot`), or
            ``cmd:PROGRAM ARGS...`` for a program speaking the bot protocol.
        games: The number of games (matches to the target), rounded up to whole duplicate
            groups of ``players`` games; at least :func:`games_for_all_lineups` (with
            ``partnerships=rules.partnerships``) for every lineup to play.
        players: Seats per game, 2..4.
        seed: The arena seed: the same seed gives the same results. ``None`` (the default)
            draws a fresh secret seed of 128 random bits (when resuming: the seed of the
            results file), which no bot can guess. A seed a bot can guess (such as a small
            int) lets it rebuild every deal, the other hands and the boneyard's order, so a
            contest leaves the seed out or gives a long random one. Seeds of up to 64 bits
            give the games they always gave; larger ones (up to 2**256) are keys of a keyed
            hash (:attr:`ArenaResult.seed` holds the seed used).
        rules: The ruleset.
        executor: Where to play: ``None`` for this process (or its own pool, ``workers``), or
            any ``concurrent.futures.Executor`` (a process pool, a Dask client's executor).
        workers: With no ``executor``: 1 plays in this process; more start a pool of that many
            worker processes, which Ctrl-C stops at once (with their bot processes).
        move_time: Time budget per decision, in seconds (``None`` for no limit), wall clock.
        in_process: Call Python bots in the playing process (trusting them) instead of
            running each as a protocol process; ``cmd:`` bots are processes either way.
        memory_limit: The memory limit of each bot process, in bytes (address space;
            ``None`` for none; default :data:`bergen.protocol.DEFAULT_MEMORY_LIMIT`).
        results: A file to write every finished game to, one JSON line each, as it finishes
            (the first line describes the arena).
        resume: Continue the arena of ``results``: play only the games it lacks (a last line
            cut short is dropped); the same results as an arena never interrupted. A file
            that does not exist yet is started.
        chunk: Games per executor job (default: one duplicate group).
        progress: Called with the number of games just finished, as they finish (once at the
            start with the games of the results file, when resuming).
        lineups: ``"round-robin"`` (every choice of entrants, the default) or ``"gauntlet"``
            (the first entrant against the others): see :func:`schedule`.
        sprt: Stop a match of two entrants as soon as this sequential test
            (:class:`bergen.tournament.SPRTTest`) is decided on the duplicate groups finished
            so far (:func:`bergen.tournament.group_scores`), ``games`` being the most to play.
            Groups are judged in index order, so the games kept (those of the groups up to the
            decision) are the same whatever the executor; a resumed arena decides from its
            file's games. ``None`` plays every game.
        bot_user: Run every bot process as this user (its name), with no supplementary
            groups: the bots then cannot read the operator's files, the results file or the
            arena's memory. The arena must run as root, and the user must be able to run the
            bots' programs.
        bot_prefix: A command put before every bot's command (after the user switch): an OS
            sandbox such as ``["bwrap", "--ro-bind", "/usr", "/usr", ...]``. The
            docs/guides/bots.md section "Fair play" says what each mode stops.
        bot_stderr: A directory (made if missing) to keep the standard error of every bot
            process in, one new file each (``SPEC.PID-ID.log``, mode 0600; the spec made a
            file name, so never a path outside the directory): what a bot printed, its
            tracebacks. Each file is made with ``O_EXCL | O_NOFOLLOW``, so a file or symbolic
            link a bot put in the directory is never written through; the directory should
            still not be one the bots can write to. ``None`` keeps only the end of it, for a
            failure's report. In-process bots write to this process's standard error.
        fork_server: Start each Python bot's processes as forks of one warm server per spec
            and setting (one for all the built-in bots; started with the arena, under the same
            user and memory limit), which costs 5 to 10 ms of CPU a process against 100 to
            150 ms for a new Python. ``False``
            starts each process afresh, for a bot whose module cannot be forked once imported
            (one that starts threads when imported). Never with ``bot_prefix`` (each process
            gets a sandbox of its own) or for ``cmd:`` bots. The docs/guides/bots.md section
            "Fair play" says why a fork shares nothing with the other bots.
        in_flight: With one worker and no ``executor``, the games played at once, each in a
            thread of this process with processes of its own (up to
            :data:`MAX_IN_FLIGHT`): the arena then works on one game while the bots of others
            think, which shortens the wall clock (not the CPU time) of isolated bots. The
            results are the same; the results file gets them in the order they finish.
            Ignored with ``in_process=True`` (nothing to wait for).

    Returns:
        The results, game index ascending.

    Raises:
        ArenaInterrupted: on Ctrl-C (a ``KeyboardInterrupt``), with the games finished; every
            bot process and the arena's own workers are stopped first.
        BotError: naming the argument that is of the wrong type or out of range (those of
            :func:`schedule`; ``executor`` not a ``concurrent.futures.Executor`` or ``None``;
            ``workers`` not an int in 1..:data:`MAX_ARENA_WORKERS`, or above 1 with an
            ``executor``; ``results`` not a path or ``None``; ``resume`` not a bool, or true
            without ``results``; ``chunk`` not an int in 1..:data:`MAX_ARENA_GAMES` or
            ``None``; ``progress`` not callable or ``None``; ``lineups`` not one of
            :data:`LINEUPS`; ``sprt`` not an :class:`~bergen.tournament.SPRTTest` or ``None``,
            or given with other than two entrants; ``bot_user`` not a user of this system,
            or given when the arena does not run as root; ``fork_server`` not a bool;
            ``in_flight`` not an int in 1..:data:`MAX_IN_FLIGHT`;
            ``bot_prefix`` not a sequence of
            strings whose first is a program found on ``PATH``; ``bot_stderr`` not a path or
            ``None``, or a directory that cannot be made), or when a spec cannot be loaded or
            started (each is tried once here, before any game).
        ResultsFileError: when ``results`` has results and ``resume`` is false, or is not the
            results of this arena.
        RulesError: when the rules do not allow ``players`` seats.
    """
    specs = _check_arena_args(
        specs,
        games,
        players,
        0 if seed is None else seed,
        rules,
        move_time,
        in_process,
        memory_limit,
    )
    _check_run_args(executor, workers, results, resume, chunk, progress)
    if sprt is not None and not isinstance(sprt, SPRTTest):
        raise BotError(f"sprt must be a bergen.tournament.SPRTTest or None, got {_brief(sprt)}")
    if sprt is not None and len(specs) != 2:
        raise BotError(f"sprt judges a match of two entrants, got {len(specs)}")
    _check_launch(bot_user, bot_prefix)
    if type(fork_server) is not bool:
        raise BotError(f"fork_server must be a bool, got {_brief(fork_server)}")
    if type(in_flight) is not int or not 1 <= in_flight <= MAX_IN_FLIGHT:
        raise BotError(f"in_flight must be an int in 1..{MAX_IN_FLIGHT}, got {_brief(in_flight)}")
    if seed is None:
        if resume and results is not None:
            seed = _stored_seed(os.fspath(results))
        if seed is None:
            seed = secret_seed()
    if move_time is not None and math.isinf(move_time):
        move_time = None  # an infinite budget is no limit
    tasks = schedule(
        specs,
        games,
        players,
        seed,
        rules,
        move_time=move_time,
        in_process=in_process,
        memory_limit=memory_limit,
        lineups=lineups,
        bot_user=bot_user,
        bot_prefix=bot_prefix,
    )
    if bot_stderr is not None:
        directory = _stderr_directory(bot_stderr)
        tasks = [attrs.evolve(t, bot_stderr=directory) for t in tasks]
    if not fork_server:
        tasks = [attrs.evolve(t, fork_server=False) for t in tasks]
    sink = _Finished(progress)
    if sprt is not None:
        sink.judge = _SPRTJudge(sprt, players)
    if results is not None:
        header = _header(tasks, specs, players, seed)
        if lineups != "round-robin":
            header["lineups"] = lineups
        if sprt is not None:
            header["sprt"] = attrs.asdict(sprt)
        sink.out, sink.done = _open_results(os.fspath(results), header, resume, tasks)
    try:
        with not_dumpable():
            _play_all(tasks, specs, executor, workers, chunk or players, sink, in_flight)
    except KeyboardInterrupt:
        partial = ArenaResult(specs, players, seed, rules, sink.in_order())
        raise ArenaInterrupted(partial, len(tasks)) from None
    finally:
        sink.close()
    return ArenaResult(specs, players, seed, rules, sink.in_order())


class _SPRTJudge:
    """The sequential test of a two-entrant arena over its duplicate groups, in index order."""

    def __init__(self, test: SPRTTest, players: int) -> None:
        """No group judged yet."""
        self.test = test
        self.players = players
        self.scores: list[float] = []
        self.groups = 0  # groups judged, in index order
        self.decided: int | None = None  # groups up to the decision

    def update(self, done: dict[int, GameResult]) -> bool:
        """Judge the groups finished in index order since the last call; whether decided."""
        players = self.players
        while self.decided is None:
            g = self.groups
            members = [done.get(g * players + r) for r in range(players)]
            if any(m is None for m in members):
                break
            self.scores.extend(group_scores([m for m in members if m is not None], players, 0, 1))
            self.groups += 1
            if self.test.state(self.scores).decision is not None:
                self.decided = self.groups
        return self.decided is not None


def _stderr_directory(path: object) -> str:
    """``run_arena``'s ``bot_stderr``, checked and made: an absolute directory path (so that
    workers elsewhere in the tree write to the same place).

    Raises:
        BotError: when it is not a path, or the directory cannot be made.
    """
    text = os.fspath(path) if isinstance(path, str | os.PathLike) else None
    if not isinstance(text, str) or not _is_path(text):
        raise BotError(
            f"bot_stderr must be a directory's path (a str, no NUL) or None, got {_brief(path)}"
        )
    try:
        os.makedirs(text, exist_ok=True)
    except (OSError, ValueError) as e:
        raise BotError(f"bot_stderr: cannot make the directory {_brief(text)}: {e}") from None
    return os.path.abspath(text)


def _check_run_args(
    executor: object,
    workers: object,
    results: object,
    resume: object,
    chunk: object,
    progress: object,
) -> None:
    """The checks of :func:`run_arena`'s own arguments (those it does not share with
    :func:`schedule`).
    """
    if executor is not None and not isinstance(executor, Executor):
        raise BotError(
            "executor must be a concurrent.futures.Executor (such as a ProcessPoolExecutor or "
            f"a Dask client's get_executor()) or None, got {_brief(executor)}"
        )
    if type(workers) is not int or not 1 <= workers <= MAX_ARENA_WORKERS:
        raise BotError(f"workers must be an int in 1..{MAX_ARENA_WORKERS}, got {_brief(workers)}")
    if workers > 1 and executor is not None:
        raise BotError(f"give workers={workers} or an executor, not both")
    if results is not None:
        path = os.fspath(results) if isinstance(results, str | os.PathLike) else None
        if not isinstance(path, str) or "\0" in path:
            raise BotError(
                f"results must be a file's path (a str, no NUL) or None, got {_brief(results)}"
            )
    if not isinstance(resume, bool):
        raise BotError(f"resume must be True or False, got {_brief(resume)}")
    if resume and results is None:
        raise BotError("resume=True needs the results file to continue (results=FILE)")
    if chunk is not None and (type(chunk) is not int or not 1 <= chunk <= MAX_ARENA_GAMES):
        raise BotError(
            f"chunk must be an int in 1..{MAX_ARENA_GAMES:,} or None, got {_brief(chunk)}"
        )
    if progress is not None and not callable(progress):
        raise BotError(f"progress must be a callable or None, got {_brief(progress)}")


def _check_launch(bot_user: object, bot_prefix: object) -> None:
    """Check ``bot_user`` (a user of this system; the arena runs as root) and ``bot_prefix``
    (a command whose program is found), before any bot starts.
    """
    if isinstance(bot_prefix, str | bytes) or not isinstance(bot_prefix, Sequence):
        raise BotError(
            f"bot_prefix must be a command as a sequence of strings (such as "
            f"['bwrap', '--ro-bind', '/', '/']), got {_brief(bot_prefix)}"
        )
    prefix = tuple(bot_prefix)
    _check_launch_args(bot_user, prefix)
    if prefix and shutil.which(prefix[0]) is None:
        raise BotError(f"bot_prefix: program {_brief(prefix[0])} not found")
    if bot_user is not None:
        user_ids(str(bot_user))


class _Finished:
    """Where finished games go: by game index, to the results file (when there is one) as they
    finish, and to the progress callback.
    """

    def __init__(self, progress: Callable[[int], None] | None) -> None:
        """No game finished yet, no file."""
        self.progress = progress
        self.out: IO[str] | None = None
        self.done: dict[int, GameResult] = {}
        self.judge: _SPRTJudge | None = None

    def stopped(self) -> bool:
        """Whether the arena's sequential test (if any) is decided by the games so far."""
        return self.judge is not None and self.judge.update(self.done)

    def add(self, batch: Sequence[GameResult]) -> None:
        """Take the results of games just finished; write them to the file."""
        for r in batch:
            if self.out is not None:
                self.out.write(json.dumps(result_to_json(r)) + "\n")
            self.done[r.index] = attrs.evolve(r, moves="")  # kept in the file only
        if self.out is not None:
            self.out.flush()
        if self.progress is not None:
            self.progress(len(batch))

    def in_order(self) -> tuple[GameResult, ...]:
        """The results so far, game index ascending (with a decided sequential test, those of
        the groups up to its decision).
        """
        keep = sorted(self.done)
        judge = self.judge
        if judge is not None and judge.decided is not None:
            keep = [i for i in keep if i < judge.decided * judge.players]
        return tuple(self.done[i] for i in keep)

    def close(self) -> None:
        """Close the results file (again is fine)."""
        if self.out is not None:
            self.out.close()
            self.out = None


def _play_all(
    tasks: Sequence[GameTask],
    specs: tuple[str, ...],
    executor: Executor | None,
    workers: int,
    size: int,
    sink: _Finished,
    in_flight: int = 1,
) -> None:
    """Check the bots, then play the games ``sink`` lacks (in jobs of ``size`` games on an
    executor; with none and one worker, ``in_flight`` games at once in threads of this
    process); on Ctrl-C stop every worker, game and bot process, close the file and re-raise.
    """
    first = tasks[0]
    todo = [t for t in tasks if t.index not in sink.done]
    chunks = [todo[i : i + size] for i in range(0, len(todo), size)]
    pool: ProcessPoolExecutor | None = None
    threads: ThreadPoolExecutor | None = None
    futures: list[Future[list[GameResult]]] = []
    processes = _Processes()
    try:
        keep = processes if executor is None and workers == 1 else None
        _check_specs(specs, first, keep)
        if sink.done and sink.progress is not None:
            sink.progress(len(sink.done))
        if sink.stopped():
            todo, chunks = [], []
        if executor is None and workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            pool = executor = ProcessPoolExecutor(
                max_workers=workers, initializer=_worker_init, initargs=(os.getpid(),)
            )
        if executor is None and in_flight > 1 and not first.in_process:
            from concurrent.futures import ThreadPoolExecutor

            processes.in_flight = in_flight
            threads = ThreadPoolExecutor(in_flight, thread_name_prefix="bergen-arena-game")
            futures = [threads.submit(_play_one, task, processes) for task in todo]
            _collect(futures, sink)
        elif executor is None:
            for task in todo:
                sink.add([_play_game(task, processes)])
                if sink.stopped():
                    break
        else:
            futures = [executor.submit(play_games, c) for c in chunks]
            _collect(futures, sink)
    except KeyboardInterrupt:
        with _ignoring_ctrl_c():
            if pool is not None:
                _stop_pool(pool)  # its pending futures fail as the pool breaks
                pool = None
            else:
                for fut in futures:
                    fut.cancel()
            processes.kill()
            sink.close()
        raise
    finally:
        if threads is not None:  # its games end soon once their processes are killed
            threads.shutdown(wait=True, cancel_futures=True)
        processes.close()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _collect(futures: Sequence[Future[list[GameResult]]], sink: _Finished) -> None:
    """Give ``sink`` each batch of results as its future finishes, in the order they finish;
    once ``sink`` has stopped (the arena's sequential test is decided), cancel the futures
    not yet begun and return.
    """
    for fut in as_completed(futures):
        sink.add(fut.result())
        if sink.stopped():
            for other in futures:
                other.cancel()
            return


def _play_one(task: GameTask, processes: _Processes) -> list[GameResult]:
    """One game, in a thread of the arena's process (``in_flight``): its result as a job's."""
    return [_play_game(task, processes)]


@contextlib.contextmanager
def _ignoring_ctrl_c() -> Iterator[None]:
    """Ignore a second Ctrl-C while the arena stops (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
