"""Playing games: the seats of a game (bots in processes of their own, or called in this
process), one game, a batch of games, and the workers of the arena's own pool.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Sequence

from bergen.arena._games import Forfeit, GameResult, GameTask
from bergen.arena._guard import die_with_parent, set_not_dumpable
from bergen.arena._processes import PROGRAM_PREFIX, _failure_text, _Processes, _start_quietly
from bergen.bots import (
    Bot,
    BotError,
    _exception_text,
    _raised_at,
    _safe_repr,
    load_bot,
    move_seconds,
    takes_seconds,
)
from bergen.errors import BergenError, _brief
from bergen.match import MatchState
from bergen.moves import Move
from bergen.protocol import BotFailure, ProtocolBot
from bergen.round import RoundState

_KINDS = {"timeout": "time", "illegal": "illegal move", "error": "exception"}
"""Forfeit kinds for the protocol client's failure reasons (others keep their reason)."""


_WORKER_PROCESSES: _Processes | None = None
"""The bot processes of a worker of the arena's own pool, kept between its jobs (set by the
pool's initializer; killed when the worker exits or is stopped)."""


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

    def _start_all(self, asking: int) -> None:
        """Take a process for every isolated seat still without one, and start those not
        running side by side (a failure to start shows again at that seat's ``new_game``).
        A process that cannot even be made (its ``--bot-stderr`` file) raises for the
        ``asking`` seat only: another seat meets its own failure at its own turn.
        """
        new: list[ProtocolBot] = []
        for seat, isolated in enumerate(self.isolated):
            if isolated and self.remote[seat] is None:
                try:
                    held = self.remote[seat] = self.processes.take(self.task, seat)
                except BergenError:
                    if seat == asking:
                        raise
                    continue
                if not held[0].running:
                    new.append(held[0])
        threads = [threading.Thread(target=_start_quietly, args=(b,), daemon=True) for b in new]
        pairs = list(zip(threads, new, strict=True))
        self.processes.started(pairs, done=False)
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if threads:
            self.processes.started(pairs, done=True)

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
                self._start_all(seat)
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
            return None, "exception", _exception_text(e) + _raised_at(e)
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
    moves: list[str] = []
    seats = _Seats(task, processes)
    try:
        while not match.is_over:
            rnd = match.round
            assert rnd is not None  # seeded matches always have a round in play
            legal = rnd.legal_moves()
            seat = rnd.to_move
            if len(legal) == 1:
                match, _ = match.apply(legal[0])
                moves.append(str(legal[0]))
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
            moves.append(str(move))
    finally:
        seats.close()
    return game_result(task, match, forfeit, " ".join(moves))


def game_result(
    task: GameTask, match: MatchState, forfeit: Forfeit | None, moves: str
) -> GameResult:
    """The result of ``task``'s game, played to ``match``: its winner, or with a forfeit the
    other side with the most points (the lower side on a tie). Rounds count a round cut short.
    """
    scores = match.scores
    if forfeit is None:
        winner = match.winner
    else:
        lost = forfeit.seat % 2 if task.rules.partnerships else forfeit.seat
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
        partnerships=task.rules.partnerships,
        moves=moves,
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


def _worker_init(parent: int) -> None:
    """Set up a worker process of the arena's own pool: Ctrl-C is the parent's business (the
    parent stops the workers); the worker keeps its bot processes between jobs and kills them
    when it exits, when the parent stops it (SIGTERM), or when the parent, the arena's process
    ``parent``, dies by any signal (the parent-death signal on Linux, and a thread that looks).
    """
    global _WORKER_PROCESSES
    set_not_dumpable()  # it holds hands and seeds, as the main process does
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stop)
    # The arena's main process may die by a signal it cannot catch (kill -9): the kernel
    # then sends SIGTERM (Linux), and a thread looks every half second all the same.
    die_with_parent(signal.SIGTERM, parent)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    _WORKER_PROCESSES = _Processes()
    import multiprocessing.util  # loaded already in a pool's worker

    multiprocessing.util.Finalize(None, _WORKER_PROCESSES.close, exitpriority=10)


def _watch_parent(parent: int) -> None:
    """In a worker: stop it (killing its bot processes) once the arena's process is gone."""
    while os.getppid() == parent:
        time.sleep(0.5)
    _worker_stop(signal.SIGTERM, None)


def _worker_stop(signum: int, frame: object) -> None:
    if _WORKER_PROCESSES is not None:
        with contextlib.suppress(Exception):
            _WORKER_PROCESSES.kill()
    os._exit(128 + signum)
