"""Tournaments between bots: isolated in processes of their own by default, on any executor.

Games are matches played to the target (rule 9). They come in *duplicate* groups: every deal
of a group's seed is played once per rotation of the seats, so that each bot plays each hand
from each seat and the luck of the deal mostly cancels out. Each game's deal seed and bot seeds
are worked out from the arena seed and the game's index alone, and results are gathered in
game order, so a seed gives the same results whatever executor or number of workers runs it.

Isolation (the default): each seat's bot is a program of its own speaking the bot protocol
(:mod:`bergen.protocol`), started for the game and killed at its end. A Python bot runs as
``python -m bergen bot serve SPEC`` (:func:`bergen.protocol.python_bot_command`), any other
program from a ``cmd:`` spec (``cmd:node examples/bots/greedy.js``). The process that plays the
game sends each bot only its seat's view, keeps the clock (wall clock; a bot over its budget is
killed) and a memory limit on the bot's process. A bot process that dies, hangs, breaks the
protocol, prints junk, runs out of memory or returns an illegal move forfeits that game; the
next game starts it afresh, and no other game is touched.

In-process mode (``in_process=True``, ``bergen arena --in-process``) calls Python bots in the
process that plays the game: several times faster for cheap bots, but it trusts them (a bot can
read the whole game state, change bergen's modules, or end or hang its process). Program bots
(``cmd:``) run as processes in both modes.

Executors: ``None`` plays in the calling process (``workers=N`` starts a pool of N worker
processes that Ctrl-C stops cleanly); any ``concurrent.futures.Executor`` may be given instead,
such as a Dask ``distributed.Client(...).get_executor()`` (the ``bergen[dask]`` extra), whose
workers then run the games and start the bots as their own child processes. A custom bot's
module must be importable there.

Nothing is lost: with ``results=FILE`` every finished game is written to a JSON lines file as
it finishes, and ``resume=True`` plays only the games the file lacks. Ctrl-C ends the arena
with :class:`ArenaInterrupted`, which carries the results of the games finished.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import os
import shlex
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import attrs

from bergen.bots import (
    Bot,
    BotError,
    _exception_text,
    _safe_repr,
    load_bot,
    move_seconds,
    parse_bot_spec,
    takes_seconds,
)
from bergen.errors import BergenError, _as_tuple, _bad, _brief, _is_int, _is_ints
from bergen.match import MatchState
from bergen.moves import Move
from bergen.protocol import DEFAULT_MEMORY_LIMIT, BotFailure, ProtocolBot, python_bot_command
from bergen.records import rules_to_json
from bergen.round import RoundState
from bergen.rules import CLASSIC, Rules

if TYPE_CHECKING:  # imported where the pool is made: multiprocessing is slow to import
    from concurrent.futures import ProcessPoolExecutor

__all__ = [
    "MAX_ARENA_ENTRANTS",
    "MAX_ARENA_GAMES",
    "MAX_ARENA_WORKERS",
    "MAX_MOVE_TIME",
    "PROGRAM_PREFIX",
    "ArenaInterrupted",
    "ArenaResult",
    "EntrantStats",
    "Forfeit",
    "GameResult",
    "GameTask",
    "ResultsFileError",
    "bot_command",
    "games_for_all_lineups",
    "play_game",
    "play_games",
    "result_from_json",
    "result_to_json",
    "run_arena",
    "schedule",
    "wilson_interval",
]

MAX_ARENA_GAMES = 1_000_000
"""The most games an arena plays (:func:`run_arena`, :func:`schedule`; ``bergen arena --games``)."""

MAX_ARENA_ENTRANTS = 1_000
"""The most entrants (bot specs) an arena takes."""

MAX_ARENA_WORKERS = 256
"""The most worker processes of an arena's own pool (``workers``; ``bergen arena --workers``)."""

MAX_MOVE_TIME = 1_000_000.0
"""The longest time budget per decision, in seconds (about 11.6 days); ``math.inf`` or
``None`` mean no limit."""

_Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (95% two-sided)."""


def wilson_interval(wins: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson, 1927), 95% by default.

    Args:
        wins: Successes, ``0 <= wins <= n``.
        n: Trials.
        z: The normal quantile (1.96 for 95%).

    Returns:
        ``(low, high)`` within [0, 1]; ``(0.0, 1.0)`` when ``n`` is 0.

    Raises:
        BotError: when ``n`` is not an int in 0..10**15, ``wins`` not an int in 0..n, or ``z``
            not a number in (0, 100].
    """
    if type(n) is not int or not 0 <= n <= 10**15:
        raise BotError(f"wilson_interval: n must be an int in 0..10**15 (trials), got {_brief(n)}")
    if type(wins) is not int or not 0 <= wins <= n:
        raise BotError(f"wilson_interval: wins must be an int in 0..n={n}, got {_brief(wins)}")
    if isinstance(z, bool) or not isinstance(z, int | float) or not 0 < z <= 100:
        raise BotError(f"wilson_interval: z must be a number in (0, 100], got {_brief(z)}")
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, center - half), min(1.0, center + half))


def _derive(*parts: object) -> int:
    """A 63-bit seed from the parts, the same on every platform and Python version."""
    text = ":".join(str(p) for p in ("bergen-arena", *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


_MAX_COUNT = 10**15
"""The largest count (points, rounds, games) an arena's values hold."""

_SEED_BOUND = 2**64
"""Seeds are ints of at most 64 bits: ``-_SEED_BOUND < seed < _SEED_BOUND``."""


def _check_int(owner: str, name: str, value: object, low: int, high: int) -> None:
    """Raise BotError unless ``value`` is an int in ``low..high``."""
    if not _is_int(value, low, high):
        raise BotError(_bad(owner, name, f"an int in {low}..{high:,}", value))


def _check_seed(name: str, value: object) -> None:
    """Raise BotError unless ``value`` is a seed: an int of at most 64 bits."""
    if not _is_int(value, 1 - _SEED_BOUND, _SEED_BOUND - 1):
        raise BotError(
            f"{name} must be an int of at most 64 bits (|seed| < 2**64), got {_brief(value)}"
        )


def _check_str(owner: str, name: str, value: object) -> None:
    """Raise BotError unless ``value`` is a str."""
    if type(value) is not str:
        raise BotError(_bad(owner, name, "a string", value))


@attrs.frozen
class GameTask:
    """One game to play: everything a worker needs, picklable.

    Attributes:
        index: The game's index in the arena, 0-based.
        specs: The bot spec of each seat.
        entrants: The entrant (index into the arena's bot list) of each seat.
        deal_seed: The seed of the match's deals (shared by the games of a duplicate group).
        bot_seeds: The seed of each seat's bot.
        rules: The ruleset.
        move_time: The time budget per decision, in seconds (``None``: no limit).
        in_process: Whether Python bots are called in the playing process (trusting them)
            rather than run as protocol processes of their own.
        memory_limit: The memory limit of each bot process, in bytes (``None``: none).
    """

    index: int
    specs: tuple[str, ...] = attrs.field(converter=_as_tuple)
    entrants: tuple[int, ...] = attrs.field(converter=_as_tuple)
    deal_seed: int
    bot_seeds: tuple[int, ...] = attrs.field(converter=_as_tuple)
    rules: Rules
    move_time: float | None
    in_process: bool = False
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT

    def __attrs_post_init__(self) -> None:
        """Check the fields (lists are copied to tuples first).

        Raises:
            BotError: naming the field that is of the wrong type or out of range (the checks of
                :func:`schedule`, and ``index`` a game index below :data:`MAX_ARENA_GAMES`,
                ``entrants`` entrant indexes, ``deal_seed`` and ``bot_seeds`` ints of at most
                64 bits, one per seat).
        """
        if type(self.index) is not int or not 0 <= self.index < MAX_ARENA_GAMES:
            raise BotError(
                f"GameTask.index must be an int in 0..{MAX_ARENA_GAMES - 1:,}, "
                f"got {_brief(self.index)}"
            )
        _check_specs_arg(self.specs, "GameTask.specs", seats=True)
        n = len(self.specs)
        for name, value in (("entrants", self.entrants), ("bot_seeds", self.bot_seeds)):
            low = 0 if name == "entrants" else 1 - _SEED_BOUND
            if not _is_ints(value, low, _SEED_BOUND - 1) or len(value) != n:
                raise BotError(
                    f"GameTask.{name} must be {n} ints (one per seat), got {_brief(value)}"
                )
        _check_seed("GameTask.deal_seed", self.deal_seed)
        _check_rules_arg(self.rules, n, "GameTask.rules")
        _check_move_time(self.move_time, "GameTask.move_time", allow_inf=False)
        _check_process_args(self.in_process, self.memory_limit, "GameTask.")


@attrs.frozen
class Forfeit:
    """A bot's misbehaviour, which lost it the game.

    Attributes:
        game: The game index.
        seat: The seat of the bot.
        entrant: The entrant index of the bot.
        bot: The bot's spec.
        kind: ``"illegal move"``, ``"exception"`` or ``"time"``; for a bot in a process of its
            own also what the protocol client found (:class:`bergen.protocol.BotFailure`'s
            ``reason``, such as ``"exited"`` or ``"protocol"``).
        detail: What went wrong (the move returned, the exception, the time taken, how the
            bot's process failed).
        round: The round of the match, counted from 0 (as records, errors and the CLI count).
        position: The position as the bot saw it: its hand, the line, the seats' tile counts,
            the scores and the legal moves.
    """

    game: int
    seat: int
    entrant: int
    bot: str
    kind: str
    detail: str
    round: int
    position: str

    def __attrs_post_init__(self) -> None:
        """Check the fields.

        Raises:
            BotError: naming a field of the wrong type or out of range (``game`` a game index,
                ``seat`` 0..3, ``entrant`` an entrant index, ``round`` a count, the others
                strings).
        """
        _check_int("Forfeit", "game", self.game, 0, MAX_ARENA_GAMES - 1)
        _check_int("Forfeit", "seat", self.seat, 0, 3)
        _check_int("Forfeit", "entrant", self.entrant, 0, MAX_ARENA_ENTRANTS - 1)
        _check_int("Forfeit", "round", self.round, 0, _MAX_COUNT)
        for name in ("bot", "kind", "detail", "position"):
            _check_str("Forfeit", name, getattr(self, name))

    def __str__(self) -> str:
        """One paragraph for reports."""
        return (
            f"game {self.game}: {self.bot} (seat {self.seat}) forfeits, {self.kind}: "
            f"{self.detail}\n    round {self.round}; {self.position}"
        )


@attrs.frozen
class GameResult:
    """The result of one game.

    Attributes:
        index: The game index.
        entrants: The entrant of each seat.
        scores: Final match points per side.
        winner: The winning side (``None`` only if nobody won, which a finished match avoids).
        rounds: Rounds played (a round cut short by a forfeit counts).
        forfeit: The forfeit that ended the game early, if any.
        partnerships: Whether sides are partnerships (seats 0+2, 1+3).
    """

    index: int
    entrants: tuple[int, ...] = attrs.field(converter=_as_tuple)
    scores: tuple[int, ...] = attrs.field(converter=_as_tuple)
    winner: int | None
    rounds: int
    forfeit: Forfeit | None
    partnerships: bool

    def __attrs_post_init__(self) -> None:
        """Check the fields (lists are copied to tuples first).

        Raises:
            BotError: naming a field of the wrong type or out of range: ``index`` a game index,
                ``entrants`` 2..4 entrant indexes, ``scores`` one count of points per side (two
                with ``partnerships``, four seats), ``winner`` a side or ``None``, ``rounds`` a
                count, ``forfeit`` a :class:`Forfeit` or ``None``, ``partnerships`` a bool.
        """
        _check_int("GameResult", "index", self.index, 0, MAX_ARENA_GAMES - 1)
        if not isinstance(self.partnerships, bool):
            raise BotError(
                f"GameResult.partnerships must be True or False, got {_brief(self.partnerships)}"
            )
        entrants = self.entrants
        if (
            not _is_ints(entrants, 0, MAX_ARENA_ENTRANTS - 1)
            or not 2 <= len(entrants) <= 4
            or (self.partnerships and len(entrants) != 4)
        ):
            raise BotError(
                "GameResult.entrants must be 2..4 entrant indexes (4 with partnerships), "
                f"got {_brief(entrants)}"
            )
        sides = 2 if self.partnerships else len(entrants)
        if not _is_ints(self.scores, 0, _MAX_COUNT) or len(self.scores) != sides:
            raise BotError(
                f"GameResult.scores must be {sides} counts of points (one per side), "
                f"got {_brief(self.scores)}"
            )
        if self.winner is not None:
            _check_int("GameResult", "winner", self.winner, 0, sides - 1)
        _check_int("GameResult", "rounds", self.rounds, 0, _MAX_COUNT)
        if self.forfeit is not None and not isinstance(self.forfeit, Forfeit):
            raise BotError(
                f"GameResult.forfeit must be a Forfeit or None, got {_brief(self.forfeit)}"
            )

    def side_of(self, seat: int) -> int:
        """The side of a seat (rule 10: seats 0 and 2 against 1 and 3 in partnerships).

        Args:
            seat: A seat of the game, 0-based.

        Returns:
            Its side: ``seat % 2`` in partnerships, else the seat itself.

        Raises:
            BotError: when ``seat`` is not a seat of the game.
        """
        _check_int("GameResult.side_of", "seat", seat, 0, len(self.entrants) - 1)
        return seat % 2 if self.partnerships else seat


PROGRAM_PREFIX = "cmd:"
"""The prefix of a bot spec that names a program: ``cmd:node examples/bots/greedy.js``."""

_KINDS = {"timeout": "time", "illegal": "illegal move", "error": "exception"}
"""Forfeit kinds for the protocol client's failure reasons (others keep their reason)."""

_WORKER_PROCESSES: _Processes | None = None
"""The bot processes of a worker of the arena's own pool, kept between its jobs (set by the
pool's initializer; killed when the worker exits or is stopped)."""


def bot_command(spec: str) -> list[str]:
    """The command that runs a bot as a protocol program (:mod:`bergen.protocol`).

    Args:
        spec: ``cmd:PROGRAM ARGS...`` for any program (split as a POSIX shell would, without
            running a shell), or a Python bot's spec (:func:`bergen.bots.load_bot`), run by
            :func:`bergen.protocol.python_bot_command`.

    Returns:
        The command, program first.

    Raises:
        BotError: when ``spec`` is not a string, a ``cmd:`` spec names no program, its
            quoting is unbalanced, or the program is not found (neither on ``PATH`` nor as a
            path).
    """
    if type(spec) is not str:
        raise BotError(f"a bot spec is a string, got {_brief(spec)}")
    if not spec.startswith(PROGRAM_PREFIX):
        return python_bot_command(spec)
    try:
        argv = shlex.split(spec[len(PROGRAM_PREFIX) :])
    except ValueError as e:
        raise BotError(f"bot {_brief(spec)}: {e}") from None
    if not argv:
        raise BotError(f"bot {_brief(spec)} names no program: write cmd:PROGRAM ARGS...")
    if "\0" in spec or shutil.which(argv[0]) is None:
        raise BotError(f"bot {_brief(spec)}: program {_brief(argv[0])} not found")
    return argv


def _child_env() -> dict[str, str]:
    """The environment of a bot process: this one's, with ``PYTHONPATH`` set to this process's
    import path, so that the bot imports what the arena can (a bot module beside the caller's).
    """
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}


class _Timeout(BaseException):
    """Raised in a bot over its time budget; a BaseException so that a bot's own
    ``except Exception`` cannot swallow it.
    """


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


def _position_text(match: MatchState, seat: int, legal: Sequence[Move]) -> str:
    rnd = match.round
    assert rnd is not None
    view = rnd.view(seat)
    return (
        f"hand {view.hand}; line {view.line or '(empty)'}; tiles {list(view.tile_counts)}; "
        f"boneyard {view.boneyard_size}; scores {list(view.scores)}; "
        f"legal {' '.join(map(str, legal))}"
    )


def _legal_choice(move: object, legal: Sequence[Move]) -> Move | None:
    """The legal move equal to a bot's ``move``, or ``None``.

    Only the legal moves' own ``__eq__`` is called (which is false for anything but a move
    value of the same class), never a method of the bot's object: an object that claims to be
    equal, or is equal once and then raises, is no legal move.
    """
    for m in legal:
        try:
            if m.__eq__(move) is True:
                return m
        except Exception:  # a move value made without its constructor
            return None
    return None


class _Processes:
    """Bot processes kept between games, so that a bot is not started afresh for each game.

    A process is given a game only if it has not played the game's deal before: never two
    games of one duplicate group, in which it could remember the tiles another seat now holds.
    Each game starts with ``new_game``, which builds the bot afresh with the game's seed, so
    the results do not depend on which process plays which game. A process that failed is
    dead and never kept.
    """

    def __init__(self) -> None:
        """No process yet."""
        self.idle: dict[tuple[str, float | None, int | None], list[tuple[ProtocolBot, set[int]]]]
        self.idle = {}
        self.busy: set[ProtocolBot] = set()
        self.starting: list[tuple[threading.Thread, ProtocolBot]] = []

    def take(self, task: GameTask, seat: int) -> tuple[ProtocolBot, set[int]]:
        """A process for ``seat`` of ``task``'s game: an idle one that has not seen its deal,
        or a new one (not started yet). Its deals seen include this game's from now on.
        """
        spec = task.specs[seat]
        idle = self.idle.get((spec, task.move_time, task.memory_limit), [])
        for i, (candidate, seen) in enumerate(idle):
            if task.deal_seed not in seen:
                del idle[i]
                bot = candidate
                break
        else:
            bot = self.new(spec, task.move_time, task.memory_limit)
            seen = set()
        seen.add(task.deal_seed)
        self.busy.add(bot)
        return bot, seen

    @staticmethod
    def new(spec: str, move_time: float | None, memory_limit: int | None) -> ProtocolBot:
        """A bot process for ``spec`` with these limits (not started yet)."""
        return ProtocolBot(
            bot_command(spec),
            name=spec,
            move_time=move_time,
            memory_limit=memory_limit,
            env=_child_env(),
        )

    def keep(
        self, spec: str, move_time: float | None, memory_limit: int | None, bot: ProtocolBot
    ) -> None:
        """Keep a started process that has seen no deal, for the next game of ``spec``."""
        self.idle.setdefault((spec, move_time, memory_limit), []).append((bot, set()))

    def give_back(self, task: GameTask, seat: int, bot: ProtocolBot, seen: set[int]) -> None:
        """Keep a process that is still running for a later game (a few per spec at most)."""
        if any(b is bot and t.is_alive() for t, b in self.starting):
            return  # still being started (Ctrl-C): left busy, for kill() to find
        self.busy.discard(bot)
        if not bot.running:
            bot.close()
            return
        idle = self.idle.setdefault((task.specs[seat], task.move_time, task.memory_limit), [])
        idle.append((bot, seen))
        while len(idle) > 2 * len(task.specs):
            idle.pop(0)[0].close()

    def close(self) -> None:
        """Close every process (side by side, not one after the other)."""
        bots = [*self.busy, *(b for idle in self.idle.values() for b, _ in idle)]
        self.busy.clear()
        self.idle.clear()
        _close_all(bots)

    def kill(self) -> None:
        """Kill every process at once (the arena is stopping): first let a process being
        started come into being (0.3 s at most), so that it is killed too.
        """
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline and any(
            t.is_alive() and not b.running for t, b in self.starting
        ):
            time.sleep(0.01)
        for bot in [*self.busy, *(b for idle in self.idle.values() for b, _ in idle)]:
            with contextlib.suppress(Exception):
                bot._kill()  # SIGKILL to its process group, no quit and no waiting
        self.busy.clear()
        self.idle.clear()


def _start_quietly(bot: ProtocolBot) -> None:
    """Start a bot process; a failure is left for the game to meet (the bot is then dead)."""
    with contextlib.suppress(Exception):
        bot.start()


def _failure_text(e: BaseException) -> str:
    """What a bot process's failure says (its message)."""
    text = _exception_text(e)
    prefix = f"{type(e).__name__}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


def _close_all(bots: Sequence[ProtocolBot]) -> None:
    """Close bot processes side by side (each may take :data:`bergen.protocol.QUIT_TIME` and a
    little more before it is killed).
    """
    threads = [threading.Thread(target=b.close, daemon=True) for b in bots[1:]]
    for t in threads:
        t.start()
    if bots:
        bots[0].close()
    for t in threads:
        t.join()


class _Seats:
    """The bots of one game, by seat: built, or given a process, on their first decision, and
    let go at the end (:meth:`close`).
    """

    def __init__(self, task: GameTask, processes: _Processes) -> None:
        """Prepare the seats of ``task``'s game; no bot is built or started yet."""
        self.task = task
        self.processes = processes
        seats = len(task.specs)
        self.local: list[Bot | None] = [None] * seats
        self.timed = [False] * seats  # whether the seat's bot is told its time (seconds=)
        self.remote: list[tuple[ProtocolBot, set[int]] | None] = [None] * seats
        self.in_game = [False] * seats
        self.isolated = [
            not task.in_process or spec.startswith(PROGRAM_PREFIX) for spec in task.specs
        ]
        self.use_alarm = (
            task.move_time is not None
            and not all(self.isolated)
            and hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
        )
        self.old_handler = signal.signal(signal.SIGALRM, _alarm) if self.use_alarm else None

    def _start_all(self) -> None:
        """Take a process for every isolated seat still without one, and start those not
        running side by side (a failure to start shows again at that seat's ``new_game``).
        """
        new: list[ProtocolBot] = []
        for seat, isolated in enumerate(self.isolated):
            if isolated and self.remote[seat] is None:
                held = self.remote[seat] = self.processes.take(self.task, seat)
                if not held[0].running:
                    new.append(held[0])
        threads = [threading.Thread(target=_start_quietly, args=(b,), daemon=True) for b in new]
        starting = self.processes.starting
        starting.extend(zip(threads, new, strict=True))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if threads:
            del starting[-len(threads) :]

    def close(self) -> None:
        """Give the bot processes back for later games; restore the alarm's handler."""
        for seat, held in enumerate(self.remote):
            if held is not None:
                self.processes.give_back(self.task, seat, *held)
                self.remote[seat] = None
        if self.use_alarm:
            signal.signal(signal.SIGALRM, self.old_handler)

    def decide(
        self, seat: int, rnd: RoundState, legal: Sequence[Move]
    ) -> tuple[Move | None, str, str]:
        """The seat's move, or ``(None, kind, detail)`` for a forfeit."""
        if self.isolated[seat]:
            return self._remote(seat, rnd, legal)
        return self._local(seat, rnd, legal)

    def _remote(
        self, seat: int, rnd: RoundState, legal: Sequence[Move]
    ) -> tuple[Move | None, str, str]:
        task = self.task
        try:
            held = self.remote[seat]
            if held is None:
                self._start_all()
                held = self.remote[seat]
                assert held is not None
            bot = held[0]
            if not self.in_game[seat]:
                self.in_game[seat] = True
                bot.new_game(
                    task.rules,
                    players=len(task.specs),
                    seat=seat,
                    partnerships=task.rules.partnerships,
                    seed=task.bot_seeds[seat],
                )
            move: object = bot.choose(rnd.view(seat), legal)
        except BotFailure as e:
            reason = str(e.reason)
            return None, _KINDS.get(reason, reason), _failure_text(e)
        except (BergenError, OSError) as e:  # the program cannot be started
            return None, "exited", f"cannot start the bot: {_exception_text(e)}"
        chosen = _legal_choice(move, legal)
        if chosen is None:
            return None, "illegal move", f"returned {_safe_repr(move)}"
        return chosen, "", ""

    def _local(
        self, seat: int, rnd: RoundState, legal: Sequence[Move]
    ) -> tuple[Move | None, str, str]:
        task = self.task
        move: object = None
        t0 = time.perf_counter()
        try:
            bot = self.local[seat]
            if bot is None:
                bot = self.local[seat] = load_bot(task.specs[seat], task.bot_seeds[seat])
                self.timed[seat] = task.move_time is not None and takes_seconds(bot)
            if self.use_alarm:
                signal.setitimer(signal.ITIMER_REAL, task.move_time + 0.5)  # type: ignore[operator]
            try:
                time_for_move = task.move_time
                if self.timed[seat] and time_for_move is not None:
                    move = bot.choose(  # type: ignore[call-arg]
                        rnd.view(seat), legal, seconds=move_seconds(time_for_move)
                    )
                else:
                    move = bot.choose(rnd.view(seat), legal)
            finally:
                if self.use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, 0)
        except _Timeout:
            return None, "time", f"interrupted after {time.perf_counter() - t0:.1f} s"
        except BotError as e:
            return None, "exception", f"cannot load the bot: {e}"
        except KeyboardInterrupt:  # Ctrl-C ends the arena, even inside a bot
            raise
        except SystemExit as e:  # sys.exit() in a bot ends its game, not the arena
            return (
                None,
                "exception",
                f"SystemExit({_safe_repr(e.code)}): a bot may not end the arena",
            )
        except BaseException as e:  # a bot's own bug (any exception): never fatal
            return None, "exception", _exception_text(e)
        took = time.perf_counter() - t0
        if task.move_time is not None and took > task.move_time:
            return None, "time", f"took {took:.2f} s (budget {task.move_time:g} s)"
        chosen = _legal_choice(move, legal)
        if chosen is None:
            return None, "illegal move", f"returned {_safe_repr(move)}"
        return chosen, "", ""


def play_game(task: GameTask) -> GameResult:
    """Play one game (a match to the target) between the task's bots.

    Forced moves (a lone legal move) are made without asking the bot. A seat forfeits the game
    for its side (the other side wins; with more than two sides, the other side with the most
    points, the lower side on a tie) when its bot returns something that is not a legal move,
    or takes longer than ``task.move_time``, or:

    - isolated (the default): its process cannot start, dies, hangs, breaks the protocol or
      exceeds its memory limit (:class:`bergen.protocol.BotFailure`); the clock is the wall
      clock, kept by this process, which kills a bot over its budget;
    - in-process (``task.in_process``): its decision raises (any exception: ``SystemExit``
      from ``sys.exit()`` and other ``BaseException`` subclasses such as ``GeneratorExit``
      too, all but ``KeyboardInterrupt``; a bot that cannot be built counts the same). In the
      main thread of a process on a system with ``SIGALRM``, a bot over its budget is
      interrupted; elsewhere the time is checked when it returns.

    Every bot process of the game is killed when the game ends, however it ends.

    Args:
        task: The game.

    Returns:
        The result.

    Raises:
        BotError: when ``task`` is not a :class:`GameTask`.
        KeyboardInterrupt: when interrupted (Ctrl-C), even inside an in-process bot: it ends
            the arena.
    """
    if not isinstance(task, GameTask):
        raise BotError(f"play_game takes a GameTask (see schedule), got {_brief(task)}")
    processes = _Processes()
    try:
        return _play_game(task, processes)
    finally:
        processes.close()


def _play_game(task: GameTask, processes: _Processes) -> GameResult:
    """:func:`play_game`, taking the bot processes from ``processes``."""
    rules = task.rules
    match = MatchState.new(len(task.specs), rules, seed=task.deal_seed)
    forfeit: Forfeit | None = None
    seats = _Seats(task, processes)
    try:
        while not match.is_over:
            rnd = match.round
            assert rnd is not None  # seeded matches always have a round in play
            legal = rnd.legal_moves()
            seat = rnd.to_move
            if len(legal) == 1:
                match, _ = match.apply(legal[0])
                continue
            move, kind, detail = seats.decide(seat, rnd, legal)
            if move is None:
                forfeit = Forfeit(
                    game=task.index,
                    seat=seat,
                    entrant=task.entrants[seat],
                    bot=task.specs[seat],
                    kind=kind,
                    detail=detail,
                    round=len(match.rounds),
                    position=_position_text(match, seat, legal),
                )
                break
            match, _ = match.apply(move)
    finally:
        seats.close()
    scores = match.scores
    if forfeit is None:
        winner = match.winner
    else:
        lost = forfeit.seat % 2 if rules.partnerships else forfeit.seat
        others = [s for s in range(len(scores)) if s != lost]
        winner = max(others, key=lambda s: (scores[s], -s))
    rounds = len(match.rounds) + (1 if match.round is not None else 0)
    return GameResult(
        index=task.index,
        entrants=task.entrants,
        scores=scores,
        winner=winner,
        rounds=rounds,
        forfeit=forfeit,
        partnerships=rules.partnerships,
    )


def play_games(tasks: Sequence[GameTask]) -> list[GameResult]:
    """Play several games in order (one executor job); bot processes are kept from one game
    to the next (see :func:`play_game`) and closed at the end, except in a worker of the
    arena's own pool, which keeps them for its next jobs.

    Args:
        tasks: The games, played in the order given.

    Returns:
        Their results, in the same order.

    Raises:
        BotError: when ``tasks`` is not a sequence of :class:`GameTask`.
        KeyboardInterrupt: when interrupted (Ctrl-C), as :func:`play_game`.
    """
    if (
        isinstance(tasks, str | bytes)
        or not isinstance(tasks, Sequence)
        or not all(isinstance(t, GameTask) for t in tasks)
    ):
        raise BotError(f"play_games takes a sequence of GameTask, got {_brief(tasks)}")
    if _WORKER_PROCESSES is not None:
        return [_play_game(t, _WORKER_PROCESSES) for t in tasks]
    processes = _Processes()
    try:
        return [_play_game(t, processes) for t in tasks]
    finally:
        processes.close()


def _worker_init() -> None:
    """Set up a worker process of the arena's own pool: Ctrl-C is the parent's business (the
    parent stops the workers); the worker keeps its bot processes between jobs and kills them
    when it exits, or when the parent stops it (SIGTERM).
    """
    global _WORKER_PROCESSES
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stop)
    _WORKER_PROCESSES = _Processes()
    import multiprocessing.util  # loaded already in a pool's worker

    multiprocessing.util.Finalize(None, _WORKER_PROCESSES.close, exitpriority=10)


def _worker_stop(signum: int, frame: object) -> None:
    if _WORKER_PROCESSES is not None:
        with contextlib.suppress(Exception):
            _WORKER_PROCESSES.kill()
    os._exit(128 + signum)


def _check_specs_arg(specs: object, name: str, *, seats: bool = False) -> None:
    """Raise BotError unless ``specs`` is a tuple of 2.. bot specs (strings); ``seats``: 2..4."""
    most = 4 if seats else MAX_ARENA_ENTRANTS
    if not isinstance(specs, tuple) or not all(type(s) is str for s in specs):
        raise BotError(f"{name} must be a sequence of bot specs (strings), got {_brief(specs)}")
    if not 2 <= len(specs) <= most:
        what = "seats" if seats else "entrants"
        raise BotError(f"{name}: an arena needs 2..{most:,} {what}, got {len(specs):,}")


def _check_rules_arg(rules: object, players: int, name: str = "rules") -> None:
    """Raise BotError unless ``rules`` is a Rules; RulesError unless it allows ``players``."""
    if not isinstance(rules, Rules):
        raise BotError(f"{name} must be a Rules (such as bergen.CLASSIC), got {_brief(rules)}")
    rules.for_table(players)


def _check_move_time(move_time: object, name: str = "move_time", *, allow_inf: bool = True) -> None:
    """Raise BotError unless ``move_time`` is ``None`` or seconds in (0, MAX_MOVE_TIME] (or
    ``math.inf`` when ``allow_inf``).
    """
    if move_time is None:
        return
    if (
        not isinstance(move_time, int | float)
        or isinstance(move_time, bool)
        or not (0 < move_time <= MAX_MOVE_TIME or (allow_inf and move_time == math.inf))
    ):  # NaN fails too
        raise BotError(
            f"{name} must be seconds in (0, {MAX_MOVE_TIME:,.0f}], "
            f"{'math.inf or ' if allow_inf else ''}None, got {_brief(move_time)}"
        )


def _check_process_args(in_process: object, memory_limit: object, prefix: str = "") -> None:
    """Raise BotError unless ``in_process`` is a bool and ``memory_limit`` bytes or ``None``."""
    if not isinstance(in_process, bool):
        raise BotError(f"{prefix}in_process must be True or False, got {_brief(in_process)}")
    if memory_limit is not None and (
        type(memory_limit) is not int or not 1 <= memory_limit < 2**63
    ):
        raise BotError(
            f"{prefix}memory_limit must be bytes (an int in 1..2**63-1) or None, "
            f"got {_brief(memory_limit)}"
        )


def _check_arena_args(
    specs: object,
    games: object,
    players: object,
    seed: object,
    rules: object,
    move_time: object,
    in_process: object,
    memory_limit: object,
) -> tuple[str, ...]:
    """The checks :func:`schedule` and :func:`run_arena` share; the specs as a tuple."""
    if isinstance(specs, str | bytes) or not isinstance(specs, Sequence):
        raise BotError(f"specs must be a sequence of bot specs (strings), got {_brief(specs)}")
    specs = tuple(specs)
    _check_specs_arg(specs, "specs")
    if type(games) is not int or not 1 <= games <= MAX_ARENA_GAMES:
        raise BotError(f"games must be an int in 1..{MAX_ARENA_GAMES:,}, got {_brief(games)}")
    if type(players) is not int or players not in (2, 3, 4):
        raise BotError(f"players must be 2, 3 or 4 seats, got {_brief(players)}")
    _check_seed("seed", seed)
    _check_rules_arg(rules, players)
    _check_move_time(move_time)
    _check_process_args(in_process, memory_limit)
    return specs


def _lineups(
    n: int, players: int, partnerships: bool = False, limit: int | None = None
) -> list[tuple[int, ...]]:
    """The lineups of ``n`` entrants at ``players`` seats, in the order :func:`schedule` plays
    them, seat by seat; only the first ``limit`` of them when it is given (an arena never plays
    more lineups than it has duplicate groups, and 1,000 entrants have billions of lineups).

    Without partnerships: every choice of ``players`` entrants, or the entrants round the table
    when there are too few (``A B C A``). With partnerships (four seats; seats 0 and 2 against
    1 and 3, rule 10) an entrant must never sit on both sides: with four entrants or more, every
    choice of four (all different); with fewer, every pair of entrants ``(a, b)`` as
    ``a b a b``, each bot partnering a copy of itself. Rotating a lineup by whole seats keeps
    each entrant on one side (one seat swaps the two sides).
    """
    if n >= players:
        return list(itertools.islice(itertools.combinations(range(n), players), limit))
    if partnerships and players == 4:
        pairs = itertools.islice(itertools.combinations(range(n), 2), limit)
        return [(a, b, a, b) for a, b in pairs]
    return [tuple(i % n for i in range(players))]


def _lineup_count(n: int, players: int, partnerships: bool = False) -> int:
    """How many lineups :func:`_lineups` has in all."""
    if n >= players:
        return math.comb(n, players)
    if partnerships and players == 4:
        return math.comb(n, 2)
    return 1


def games_for_all_lineups(entrants: int, players: int, *, partnerships: bool = False) -> int:
    """The fewest games in which every lineup of :func:`schedule` plays once.

    Each lineup is a duplicate group of ``players`` games. The lineups are every choice of
    ``players`` of the entrants, so this is ``comb(entrants, players) * players``: 6 for three
    bots at two seats (lineups A-B, A-C, B-C). With fewer entrants than seats and no
    partnerships there is one lineup (the entrants round the table, ``A B C A``), so
    ``players`` games. With partnerships and fewer than four entrants, every pair of entrants
    is a lineup (``A B A B``: each bot partners a copy of itself, so no bot sits on both sides,
    rule 10), so ``comb(entrants, 2) * 4``: 4 for two bots, 12 for three (A-B, A-C, B-C). With
    fewer games some lineups never play, and with more entrants than seats some entrants may
    never play at all.

    Args:
        entrants: The number of entrants (bot specs), 2 or more.
        players: Seats per game, 2..4.
        partnerships: Whether the games are played in partnerships (four seats only, rule 10).

    Returns:
        The number of games.

    Raises:
        BotError: when ``entrants`` is not an int in 2..:data:`MAX_ARENA_ENTRANTS`, ``players``
            is not 2, 3 or 4, or
            ``partnerships`` is not a bool or is true with other than four seats.
    """
    if type(entrants) is not int or not 2 <= entrants <= MAX_ARENA_ENTRANTS:
        raise BotError(
            f"entrants must be an int in 2..{MAX_ARENA_ENTRANTS:,} (the number of bots), "
            f"got {_brief(entrants)}"
        )
    if type(players) is not int or players not in (2, 3, 4):
        raise BotError(f"players must be 2, 3 or 4 seats, got {_brief(players)}")
    if not isinstance(partnerships, bool):
        raise BotError(f"partnerships must be True or False, got {_brief(partnerships)}")
    if partnerships and players != 4:
        raise BotError(f"partnerships need 4 seats, got players={players}")
    return _lineup_count(entrants, players, partnerships) * players


def schedule(
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int,
    rules: Rules = CLASSIC,
    *,
    move_time: float | None = 10.0,
    in_process: bool = False,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
) -> list[GameTask]:
    """The games of an arena, in order (the duplicate format).

    The lineups are every choice of ``players`` entrants when there are at least that many
    (taken in turn). With fewer entrants than seats they are, without partnerships, the
    entrants repeated round the table (one lineup: ``A B C A`` for three bots at four seats);
    with partnerships (``rules.partnerships``; rule 10: seats 0 and 2 against 1 and 3), every
    pair of entrants ``(a, b)`` as ``a b a b``, each bot partnering a copy of itself, so that
    no entrant ever sits on both sides. Each lineup is played as a group of ``players`` games
    on the same deals, the seats rotated one place each game (with partnerships this swaps the
    sides, never splits one). ``games`` is rounded up to whole groups. Lineups are played in
    turn, so with fewer than :func:`games_for_all_lineups` games the last lineups never play
    (and an entrant may never play at all).

    Args:
        specs: The entrants' bot specs (two or more).
        games: The number of games wanted.
        players: Seats per game, 2..4.
        seed: The arena seed.
        rules: The ruleset; with ``rules.partnerships`` the lineups keep partners together.
        move_time: Time budget per decision, in seconds, or ``None``.
        in_process: Whether Python bots are called in the playing process (see
            :func:`run_arena`).
        memory_limit: The memory limit of each bot process, in bytes, or ``None``.

    Returns:
        The tasks, game index ascending.

    Raises:
        BotError: naming the argument that is of the wrong type or out of range: ``specs``
            not a sequence of 2..:data:`MAX_ARENA_ENTRANTS` strings, ``games`` not an int in
            1..:data:`MAX_ARENA_GAMES`, ``players`` not 2, 3 or 4, ``seed`` not an int of at
            most 64 bits, ``rules`` not a :class:`~bergen.rules.Rules`, ``move_time`` not
            ``None``, ``math.inf`` or seconds in (0, :data:`MAX_MOVE_TIME`], ``in_process`` not
            a bool, ``memory_limit`` not ``None`` or an int in 1..2**63-1.
        RulesError: when the rules do not allow ``players`` seats.
    """
    specs = _check_arena_args(
        specs, games, players, seed, rules, move_time, in_process, memory_limit
    )
    if move_time is not None and math.isinf(move_time):
        move_time = None  # an infinite budget is no limit
    groups = -(-games // players)
    lineups = _lineups(len(specs), players, rules.partnerships, limit=groups)
    tasks: list[GameTask] = []
    for g in range(groups):
        lineup = lineups[g % len(lineups)]
        deal_seed = _derive(seed, "deal", g)
        for r in range(players):
            index = g * players + r
            entrants = tuple(lineup[(s - r) % players] for s in range(players))
            tasks.append(
                GameTask(
                    index=index,
                    specs=tuple(specs[e] for e in entrants),
                    entrants=entrants,
                    deal_seed=deal_seed,
                    bot_seeds=tuple(_derive(seed, "bot", index, s) for s in range(players)),
                    rules=rules,
                    move_time=move_time,
                    in_process=in_process,
                    memory_limit=memory_limit,
                )
            )
    return tasks


@attrs.frozen
class EntrantStats:
    """One entrant's results.

    Attributes:
        entrant: The entrant index.
        bot: The bot spec.
        games: Games played, once per side it sat on: a bot that is its own partner
            (partnerships, ``A B A B``) counts once; a bot seated on two sides of one game (fewer
            bots than seats, no partnerships) counts once per side.
        wins: Of those, sides that won.
        points: Match points its sides scored (per side counted in ``games``).
        rounds: Rounds played (per side counted in ``games``).
        forfeits: Games it forfeited.
    """

    entrant: int
    bot: str
    games: int
    wins: int
    points: int
    rounds: int
    forfeits: int

    def __attrs_post_init__(self) -> None:
        """Check the fields.

        Raises:
            BotError: naming a field of the wrong type or out of range (``entrant`` an entrant
                index, ``bot`` a string, the others counts >= 0).
        """
        _check_int("EntrantStats", "entrant", self.entrant, 0, MAX_ARENA_ENTRANTS - 1)
        _check_str("EntrantStats", "bot", self.bot)
        for name in ("games", "wins", "points", "rounds", "forfeits"):
            _check_int("EntrantStats", name, getattr(self, name), 0, _MAX_COUNT)

    @property
    def win_rate(self) -> float:
        """Wins per game, 0..1."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def points_per_round(self) -> float:
        """Mean match points scored per round."""
        return self.points / self.rounds if self.rounds else 0.0


@attrs.frozen
class ArenaResult:
    """The results of an arena.

    Attributes:
        specs: The entrants' bot specs.
        players: Seats per game.
        seed: The arena seed.
        rules: The ruleset.
        games: Every game's result, game index ascending.
    """

    specs: tuple[str, ...] = attrs.field(converter=_as_tuple)
    players: int
    seed: int
    rules: Rules
    games: tuple[GameResult, ...] = attrs.field(converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check the fields (lists are copied to tuples first).

        Raises:
            BotError: naming a field of the wrong type or out of range: those of
                :func:`schedule` for ``specs``, ``players``, ``seed`` and ``rules``, and
                ``games`` :class:`GameResult` values of ``players`` seats whose entrants are
                entrants of ``specs``.
            RulesError: when the rules do not allow ``players`` seats.
        """
        _check_specs_arg(self.specs, "ArenaResult.specs")
        _check_int("ArenaResult", "players", self.players, 2, 4)
        _check_seed("ArenaResult.seed", self.seed)
        _check_rules_arg(self.rules, self.players, "ArenaResult.rules")
        n = len(self.specs)
        if not isinstance(self.games, tuple):
            raise BotError(f"ArenaResult.games must be GameResult values, got {_brief(self.games)}")
        for i, g in enumerate(self.games):
            if (
                not isinstance(g, GameResult)
                or len(g.entrants) != self.players
                or any(e >= n for e in g.entrants)
            ):
                raise BotError(
                    f"ArenaResult.games[{i}] must be a GameResult of {self.players} seats of "
                    f"the {n} entrants, got {_brief(g)}"
                )

    @property
    def forfeits(self) -> tuple[Forfeit, ...]:
        """Every forfeit, in game order."""
        return tuple(g.forfeit for g in self.games if g.forfeit is not None)

    def stats(self) -> tuple[EntrantStats, ...]:
        """Per-entrant results, in entrant order."""
        n = len(self.specs)
        games = [0] * n
        wins = [0] * n
        points = [0] * n
        rounds = [0] * n
        forfeits = [0] * n
        for g in self.games:
            # Once per side an entrant sat on: partners that are the same bot are one player.
            for e, side in dict.fromkeys((e, g.side_of(seat)) for seat, e in enumerate(g.entrants)):
                games[e] += 1
                wins[e] += g.winner == side
                points[e] += g.scores[side]
                rounds[e] += g.rounds
            if g.forfeit is not None:
                forfeits[g.forfeit.entrant] += 1
        return tuple(
            EntrantStats(e, self.specs[e], games[e], wins[e], points[e], rounds[e], forfeits[e])
            for e in range(n)
        )

    def report(self) -> str:
        """The results as text: a table of win rates with 95% intervals and points per round,
        then the forfeits. The same for the same results, whatever ran them.
        """
        stats = self.stats()
        width = max(5, *(len(s.bot) for s in stats))
        lines = [
            f"Arena: {len(self.games)} games, {self.players} players, rules {self.rules.label}"
            f"{', partnerships' if self.rules.partnerships else ''}, seed {self.seed}",
            f"(duplicate: each deal played {self.players} times, seats rotated)",
            "",
            f"{'bot':<{width}}  {'games':>5}  {'wins':>5}  {'win rate':>8}  "
            f"{'95% CI':>15}  {'points/round':>12}  {'forfeits':>8}",
        ]
        for s in stats:
            lo, hi = s.interval
            lines.append(
                f"{s.bot:<{width}}  {s.games:>5}  {s.wins:>5}  {s.win_rate:>8.3f}  "
                f"{f'[{lo:.3f}, {hi:.3f}]':>15}  {s.points_per_round:>12.2f}  {s.forfeits:>8}"
            )
        forfeits = self.forfeits
        lines.append("")
        if forfeits:
            lines.append(f"Forfeits ({len(forfeits)}):")
            lines.extend(f"  {f}" for f in forfeits)
        else:
            lines.append("Forfeits: none")
        return "\n".join(lines)


class ArenaInterrupted(KeyboardInterrupt):
    """Ctrl-C (``KeyboardInterrupt``) during :func:`run_arena`, with what was finished.

    A ``KeyboardInterrupt``, so that code that does not look for it stops as on any Ctrl-C.

    Attributes:
        result: The results of the games finished before the interruption (those of the
            results file too, when resuming), game index ascending.
        planned: The games the arena was to play.
    """

    def __init__(self, result: ArenaResult, planned: int) -> None:
        """Keep the partial result and the number of games planned."""
        super().__init__(f"arena interrupted after {len(result.games)} of {planned} games")
        self.result = result
        self.planned = planned

    def __reduce__(self) -> tuple[type[ArenaInterrupted], tuple[ArenaResult, int]]:
        """Pickle with both arguments."""
        return (type(self), (self.result, self.planned))


class ResultsFileError(BergenError, ValueError):
    """A results file that cannot be used: not an arena's results, another arena's, already
    there without ``resume``, or a line that is not a game's result.

    Attributes:
        path: The file (``""`` when the result was not read from a file).
        line: The line at fault, 1-based (0 for the file as a whole).
    """

    def __init__(self, message: str, path: str = "", line: int = 0) -> None:
        """Store the message, the file (``""`` for a result not read from a file, as
        :func:`result_from_json` gives) and the line.
        """
        super().__init__(message)
        self.path = path
        self.line = line


_FORMAT = "bergen-arena-results"
_CHECKED = ("specs", "players", "seed", "games", "rules", "move_time")
"""The header fields a resumed arena must share with the file: they decide the games."""


def _header(
    tasks: Sequence[GameTask], specs: Sequence[str], players: int, seed: int
) -> dict[str, Any]:
    first = tasks[0]
    return {
        "format": _FORMAT,
        "version": 1,
        "specs": list(specs),
        "players": players,
        "seed": seed,
        "games": len(tasks),
        "rules": rules_to_json(first.rules),
        "move_time": first.move_time,
        "in_process": first.in_process,
        "memory_limit": first.memory_limit,
    }


def result_to_json(result: GameResult) -> dict[str, Any]:
    """A game's result as a JSON object (a line of a results file).

    Args:
        result: The result.

    Returns:
        ``{"game", "entrants", "scores", "winner", "rounds", "partnerships", "forfeit"}``,
        the forfeit an object of :class:`Forfeit`'s fields or ``null``.

    Raises:
        BotError: when ``result`` is not a :class:`GameResult`.
    """
    if not isinstance(result, GameResult):
        raise BotError(f"result_to_json takes a GameResult, got {_brief(result)}")
    return {
        "game": result.index,
        "entrants": list(result.entrants),
        "scores": list(result.scores),
        "winner": result.winner,
        "rounds": result.rounds,
        "partnerships": result.partnerships,
        "forfeit": None if result.forfeit is None else attrs.asdict(result.forfeit),
    }


def _ints(value: object, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise ResultsFileError(f"{field} must be a list of ints, got {_brief(value)}")
    return tuple(value)


def result_from_json(obj: object) -> GameResult:
    """The game's result of a JSON object written by :func:`result_to_json`.

    Args:
        obj: The decoded object.

    Returns:
        The result.

    Raises:
        ResultsFileError: naming the field that is missing or of the wrong type (a
            ``ValueError``; its ``path`` is ``""``).
    """
    if not isinstance(obj, dict):
        raise ResultsFileError(f"a game's result is a JSON object, got {_brief(obj)}")
    names = {"game", "entrants", "scores", "winner", "rounds", "partnerships", "forfeit"}
    if set(obj) != names:
        raise ResultsFileError(
            f"a game's result has the fields {sorted(names)}, got {_brief(list(obj))}"
        )
    index, winner, rounds, partnerships = (
        obj["game"],
        obj["winner"],
        obj["rounds"],
        obj["partnerships"],
    )
    if type(index) is not int or index < 0:
        raise ResultsFileError(f"game must be an int >= 0, got {_brief(index)}")
    if winner is not None and type(winner) is not int:
        raise ResultsFileError(f"winner must be an int or null, got {_brief(winner)}")
    if type(rounds) is not int or type(partnerships) is not bool:
        raise ResultsFileError("rounds must be an int and partnerships true or false")
    raw = obj["forfeit"]
    forfeit = None
    if raw is not None:
        fields = [f.name for f in attrs.fields(Forfeit)]
        if not isinstance(raw, dict) or set(raw) != set(fields):
            raise ResultsFileError(
                f"forfeit must be null or an object of {sorted(fields)}, got {_brief(raw)}"
            )
        for name, value in raw.items():
            if type(value) is not (int if name in ("game", "seat", "entrant", "round") else str):
                raise ResultsFileError(f"forfeit {name} has the wrong type: {_brief(value)}")
    try:
        if raw is not None:
            forfeit = Forfeit(**raw)
        return GameResult(
            index=index,
            entrants=_ints(obj["entrants"], "entrants"),
            scores=_ints(obj["scores"], "scores"),
            winner=winner,
            rounds=rounds,
            forfeit=forfeit,
            partnerships=partnerships,
        )
    except BotError as e:  # a value out of range (GameResult's and Forfeit's checks)
        raise ResultsFileError(str(e)) from None


def _open_results(
    path: str, header: dict[str, Any], resume: bool, tasks: Sequence[GameTask]
) -> tuple[IO[str], dict[int, GameResult]]:
    """Open a results file for appending, and read the games it has when resuming.

    A last line cut short (the arena was stopped while writing it) is dropped from the file.
    A file that cannot be read, created or written is a :class:`ResultsFileError`.
    """
    try:
        return _open_results_file(path, header, resume, tasks)
    except (OSError, UnicodeError) as e:
        raise ResultsFileError(
            f"results file {_brief(path)}: cannot open it ({_brief(str(e))})", path
        ) from None


def _open_results_file(
    path: str, header: dict[str, Any], resume: bool, tasks: Sequence[GameTask]
) -> tuple[IO[str], dict[int, GameResult]]:
    """:func:`_open_results`, letting the file system's errors through."""
    file = Path(path)
    done: dict[int, GameResult] = {}
    text = ""
    if file.exists():
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ResultsFileError(f"results file {path}: cannot read it ({e})", path) from None
    if text and not resume:
        raise ResultsFileError(
            f"results file {path} already has results: continue it with --resume "
            "(resume=True) or give another file",
            path,
        )
    if not text:
        out = file.open("w", encoding="utf-8")
        out.write(json.dumps(header) + "\n")
        out.flush()
        return out, done
    lines = text.split("\n")
    keep = len(text)
    if lines[-1]:  # no newline at the end: the last line was cut short
        keep -= len(lines[-1])
    lines = lines[:-1]
    try:
        found = json.loads(lines[0]) if lines else None
    except ValueError:
        found = None
    if not isinstance(found, dict) or found.get("format") != _FORMAT:
        raise ResultsFileError(f"results file {path} is not the results of an arena", path, 1)
    for name in _CHECKED:
        if found.get(name) != header[name]:
            raise ResultsFileError(
                f"results file {path} is of another arena: its {name} is {found.get(name)!r}, "
                f"this arena's {header[name]!r}",
                path,
                1,
            )
    for number, line in enumerate(lines[1:], start=2):
        try:
            result = result_from_json(json.loads(line))
        except ValueError as e:
            raise ResultsFileError(
                f"results file {path}, line {number}: {e}", path, number
            ) from None
        if result.index >= len(tasks) or result.entrants != tasks[result.index].entrants:
            raise ResultsFileError(
                f"results file {path}, line {number}: game {result.index} is not a game of "
                "this arena",
                path,
                number,
            )
        done[result.index] = result
    out = file.open("r+", encoding="utf-8")
    out.seek(len(text[:keep].encode("utf-8")))
    out.truncate()
    return out, done


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


def _check_specs(
    specs: Sequence[str],
    rules: Rules,
    players: int,
    move_time: float | None,
    in_process: bool,
    memory_limit: int | None,
    processes: _Processes | None,
) -> None:
    """Fail early on a bad spec. In-process, and for a built-in bot (bergen's own code), the
    bot is loaded here. Otherwise none of the bot's code runs here: the spec is parsed, and the
    bot is started as a protocol program and given a game (``new_game`` builds it), all such
    bots side by side; each process is then kept in ``processes`` for a first game (closed
    when that is ``None``).

    Raises:
        BotError: when a bot cannot be loaded, started or built (the first in spec order).
    """
    started: list[tuple[str, ProtocolBot]] = []
    for spec in dict.fromkeys(specs):
        if not isinstance(spec, str):
            raise BotError(f"a bot spec is a string, got {spec!r}")
        if spec.startswith(PROGRAM_PREFIX):
            bot_command(spec)
        else:
            name, _ = parse_bot_spec(spec)
            if in_process or ":" not in name:
                load_bot(spec, 0)
                continue
        started.append((spec, _Processes.new(spec, move_time, memory_limit)))
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
            said = getattr(e, "stderr", "").strip().splitlines()
            tail = f" (its last words: {said[-1]})" if said else ""
            raise BotError(f"bot {spec!r} cannot be started: {_failure_text(e)}{tail}")
        if e is not None:
            raise e
    if processes is not None:
        for spec, bot in started:
            processes.keep(spec, move_time, memory_limit, bot)


def run_arena(
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
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
        seed: The arena seed: the same seed gives the same results.
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
            ``None``; ``progress`` not callable or ``None``), or when a spec cannot be loaded
            or started (each is tried once here, before any game).
        ResultsFileError: when ``results`` has results and ``resume`` is false, or is not the
            results of this arena.
        RulesError: when the rules do not allow ``players`` seats.
    """
    specs = _check_arena_args(
        specs, games, players, seed, rules, move_time, in_process, memory_limit
    )
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
    )
    out: IO[str] | None = None
    done: dict[int, GameResult] = {}
    if results is not None:
        out, done = _open_results(
            os.fspath(results), _header(tasks, specs, players, seed), resume, tasks
        )

    def finished(batch: Sequence[GameResult]) -> None:
        for r in batch:
            done[r.index] = r
            if out is not None:
                out.write(json.dumps(result_to_json(r)) + "\n")
        if out is not None:
            out.flush()
        if progress is not None:
            progress(len(batch))

    todo = [t for t in tasks if t.index not in done]
    size = chunk or players
    chunks = [todo[i : i + size] for i in range(0, len(todo), size)]
    pool: ProcessPoolExecutor | None = None
    futures: list[Future[list[GameResult]]] = []
    processes = _Processes()
    try:
        keep = processes if executor is None and workers == 1 else None
        _check_specs(specs, rules, players, move_time, in_process, memory_limit, keep)
        if done and progress is not None:
            progress(len(done))
        if executor is None and workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            pool = executor = ProcessPoolExecutor(max_workers=workers, initializer=_worker_init)
        if executor is None:
            for task in todo:
                finished([_play_game(task, processes)])
        else:
            futures = [executor.submit(play_games, c) for c in chunks]
            for fut in as_completed(futures):
                finished(fut.result())
    except KeyboardInterrupt:
        with _ignoring_ctrl_c():
            if pool is not None:
                _stop_pool(pool)  # its pending futures fail as the pool breaks
                pool = None
            else:
                for fut in futures:
                    fut.cancel()
            processes.kill()
            if out is not None:
                out.close()
                out = None
        partial = tuple(done[i] for i in sorted(done))
        raise ArenaInterrupted(
            ArenaResult(specs, players, seed, rules, partial), len(tasks)
        ) from None
    finally:
        processes.close()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        if out is not None:
            out.close()
    return ArenaResult(specs, players, seed, rules, tuple(done[i] for i in sorted(done)))


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
