"""Several games in flight (``run_arena(..., in_flight=N)``, ``bergen arena --in-flight N``):
with one worker, the arena plays N games at once in threads, each with bot processes of its
own; the results are those of one game at a time, and no process plays two games of one
duplicate group."""

from __future__ import annotations

import threading

import pytest

from bergen.arena import MAX_IN_FLIGHT, GameTask, run_arena
from bergen.arena import _processes as processes_module
from bergen.bots import BotError
from bergen.protocol import ProtocolBot


def _games(result: object) -> list[tuple[object, ...]]:
    return [(g.index, g.entrants, g.scores, g.winner, g.forfeit, g.moves) for g in result.games]  # type: ignore[attr-defined]


def test_games_in_flight_give_the_results_of_one_game_at_a_time() -> None:
    specs = ["greedy", "random", "strategy"]
    alone = run_arena(specs, 12, 2, seed=5)
    at_once = run_arena(specs, 12, 2, seed=5, in_flight=4)
    assert _games(at_once) == _games(alone)
    assert at_once.report() == alone.report()


def test_no_process_plays_two_games_of_a_duplicate_group_in_flight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    taken: list[tuple[int, int, str]] = []  # (the process's id, the deal's seed, thread)
    take = processes_module._Processes.take

    def noting(
        self: processes_module._Processes, task: GameTask, seat: int
    ) -> tuple[ProtocolBot, set[int]]:
        held = take(self, task, seat)
        taken.append((id(held[0]), task.deal_seed, threading.current_thread().name))
        return held

    monkeypatch.setattr(processes_module._Processes, "take", noting)
    # Three at once: the second game of a group often starts when a process that played the
    # first is idle (an odd number in flight keeps the games of a group out of step).
    run_arena(["greedy", "random"], 40, 2, seed=3, in_flight=3)
    assert len(taken) == 40 * 2
    # Played in several threads at once, processes kept from game to game...
    assert len({thread for _, _, thread in taken}) > 1
    assert len({bot for bot, _, _ in taken}) < len(taken)
    # ...but never a process twice on one deal (the two games of a duplicate group).
    pairs = [(bot, deal) for bot, deal, _ in taken]
    assert len(set(pairs)) == len(pairs)


@pytest.mark.parametrize("bad", [0, MAX_IN_FLIGHT + 1, True, 2.0, "2", None])
def test_in_flight_must_be_an_int_in_range(bad: object) -> None:
    with pytest.raises(BotError, match=rf"in_flight must be an int in 1\.\.{MAX_IN_FLIGHT}"):
        run_arena(["greedy", "random"], 2, 2, seed=1, in_flight=bad)  # type: ignore[arg-type]
