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
such as a Dask ``distributed.Client(...).get_executor()`` (the ``bergen-dominoes[dask]``
extra), whose workers then run the games and start the bots as their own child processes. A
custom bot's module must be importable there.

Nothing is lost: with ``results=FILE`` every finished game is written to a JSON lines file as
it finishes, and ``resume=True`` plays only the games the file lacks. Ctrl-C ends the arena
with :class:`ArenaInterrupted`, which carries the results of the games finished.

The package's modules, each a room of its own: ``_games`` (the values of a game: task, result,
forfeit, and the shared checks), ``_schedule`` (lineups and duplicate groups), ``_processes``
(bot commands and the processes kept between games), ``_play`` (the seats of a game, playing
games, the pool's workers), ``_results`` (the results file), ``_stats`` (statistics and the
table) and ``_run`` (:func:`run_arena`). Import from :mod:`bergen.arena` itself.
"""

from __future__ import annotations

from bergen.arena._games import (
    MAX_ARENA_ENTRANTS,
    MAX_ARENA_GAMES,
    MAX_ARENA_WORKERS,
    MAX_IN_FLIGHT,
    MAX_MOVE_TIME,
    Forfeit,
    GameResult,
    GameTask,
)
from bergen.arena._play import play_game, play_games
from bergen.arena._processes import PROGRAM_PREFIX, bot_command
from bergen.arena._results import ResultsFileError, result_from_json, result_to_json
from bergen.arena._run import run_arena
from bergen.arena._schedule import LINEUPS, games_for_all_lineups, schedule
from bergen.arena._stats import ArenaInterrupted, ArenaResult, EntrantStats, wilson_interval

__all__ = [
    "LINEUPS",
    "MAX_ARENA_ENTRANTS",
    "MAX_ARENA_GAMES",
    "MAX_ARENA_WORKERS",
    "MAX_IN_FLIGHT",
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
