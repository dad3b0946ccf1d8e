"""The arena: duplicate scheduling, intervals, executors, forfeits, the command (items 4-6)."""

from __future__ import annotations

import importlib.util
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from bergen import CLASSIC
from bergen.arena import play_game, run_arena, schedule, wilson_interval
from bergen.bots import BotError
from bergen.cli import main


def test_wilson_interval_published_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table I: 81/263 -> 0.2553 to 0.3662;
    # 0/10 -> 0 to 0.2775; 1/29 -> 0.0061 to 0.1718.
    lo, hi = wilson_interval(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    lo, hi = wilson_interval(0, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.0, 0.2775)
    lo, hi = wilson_interval(1, 29)
    assert (round(lo, 4), round(hi, 4)) == (0.0061, 0.1718)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_schedule_is_duplicate_with_rotated_seats() -> None:
    tasks = schedule(["a", "b", "c"], 7, 2, seed=1)
    # Rounded up to whole groups of 2; lineups (a,b), (a,c), (b,c), (a,b).
    assert [t.index for t in tasks] == list(range(8))
    expected = [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1), (0, 1), (1, 0)]
    assert [t.entrants for t in tasks] == expected
    # The two games of a group share the deals; groups differ.
    assert tasks[0].deal_seed == tasks[1].deal_seed != tasks[2].deal_seed
    # Three seats, two bots: A B A, rotated.
    three = schedule(["a", "b"], 3, 3, seed=1)
    assert [t.entrants for t in three] == [(0, 1, 0), (0, 0, 1), (1, 0, 0)]
    assert len({t.deal_seed for t in three}) == 1
    # Seeds depend on the arena seed only, not on anything else.
    assert schedule(["a", "b"], 2, 2, seed=1) == schedule(["a", "b"], 2, 2, seed=1)
    assert (
        schedule(["a", "b"], 2, 2, seed=1)[0].deal_seed
        != schedule(["a", "b"], 2, 2, 2)[0].deal_seed
    )


def test_a_game_is_a_whole_match() -> None:
    task = schedule(["greedy", "random"], 2, 2, seed=5)[0]
    result = play_game(task)
    assert result.forfeit is None
    assert result.winner is not None
    assert result.scores[result.winner] >= 15  # rule 9: two players play to 15
    assert result.rounds >= 1
    assert play_game(task) == result  # seeded: the same game again


def test_results_do_not_depend_on_the_executor() -> None:
    specs = ["random", "greedy", "search[playouts=16]"]
    inline = run_arena(specs, 6, 2, seed=3, in_process=True)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = run_arena(specs, 6, 2, seed=3, executor=pool, chunk=1, in_process=True)
    with ProcessPoolExecutor(max_workers=2) as procs:
        forked = run_arena(specs, 6, 2, seed=3, executor=procs, in_process=True)
    own_pool = run_arena(specs, 6, 2, seed=3, workers=2, in_process=True)
    assert inline == threaded == forked == own_pool
    assert inline.report() == forked.report()
    assert [g.index for g in inline.games] == list(range(6))


def test_greedy_beats_random_in_a_small_arena() -> None:
    result = run_arena(["random", "greedy"], 60, 2, seed=1, in_process=True)
    random_stats, greedy_stats = result.stats()
    assert greedy_stats.games == random_stats.games == 60
    assert greedy_stats.wins + random_stats.wins == 60
    assert greedy_stats.wins > random_stats.wins


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        ("bots.misbehaving:CrashBot", "exception"),
        ("bots.misbehaving:IllegalBot", "illegal move"),
        ("bots.misbehaving:SlowBot[delay=2.0]", "time"),
        ("bots.misbehaving:StubbornBot[delay=2.0]", "time"),
    ],
)
def test_misbehaving_bots_forfeit_and_the_arena_goes_on(spec: str, kind: str) -> None:
    move_time = 0.2 if kind == "time" else 10.0
    games = 2 if kind == "time" else 4
    result = run_arena([spec, "greedy"], games, 2, seed=2, move_time=move_time, in_process=True)
    assert len(result.games) == games
    forfeits = result.forfeits
    assert len(forfeits) == games  # every game it played, it forfeited
    f = forfeits[0]
    assert f.bot == spec and f.kind == kind and f.game == 0
    # It misbehaves at its first decision: in the match's first round, round 0 (rounds are
    # counted from 0, as records, errors and the CLI count them); one round was played.
    assert f.round == 0 and result.games[0].rounds == 1
    assert "round 0;" in str(f)
    assert "hand " in f.position and "legal " in f.position
    assert spec in result.report() and "forfeits" in result.report()
    bad, good = result.stats()
    assert bad.wins == 0 and good.wins == games and bad.forfeits == games


def test_a_forfeit_costs_only_its_own_game() -> None:
    # Three entrants: the crashing bot's games are forfeited; the others' games are played.
    specs = ["bots.misbehaving:CrashBot", "random", "greedy"]
    result = run_arena(specs, 6, 2, seed=4, in_process=True)
    crash, rnd, greedy = result.stats()
    assert crash.forfeits == 4 and crash.wins == 0
    played = [g for g in result.games if 0 not in g.entrants]
    assert len(played) == 2 and all(g.forfeit is None for g in played)
    assert rnd.games == greedy.games == 4


def test_bad_specs_fail_before_any_game() -> None:
    with pytest.raises(BotError):
        run_arena(["greedy", "nosuchbot"], 2, 2)
    with pytest.raises(BotError):
        run_arena(["greedy"], 2, 2)


def test_arena_command_same_output_for_any_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "random", "greedy", "--games", "6", "--seed", "1", "--no-progress"]
    assert main([*args, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert one == two
    assert "random" in one and "greedy" in one and "95% CI" in one
    assert main(["arena", "greedy", "nosuchbot", "--games", "2"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_arena_command_rules_flags(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "arena",
            "random",
            "greedy",
            "--games",
            "2",
            "--players",
            "4",
            "--partnerships",
            "--workers",
            "1",
            "--no-progress",
            "--in-process",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "partnerships" in out


@pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None,
    reason="needs bergen-dominoes[dask] (distributed)",
)
def test_arena_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    specs = ["random", "greedy"]
    inline = run_arena(specs, 4, 2, seed=8)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = run_arena(specs, 4, 2, seed=8, executor=client.get_executor(), chunk=1)
    assert on_dask == inline
    assert on_dask.rules == CLASSIC


def test_search_ahead_of_greedy_in_a_small_arena() -> None:
    # A small version of the acceptance run (see the report for 600 games): search
    # with a small budget still wins more games and more points per round than greedy.
    result = run_arena(["search[playouts=60]", "greedy"], 40, 2, seed=0, in_process=True)
    search, greedy = result.stats()
    assert search.wins > greedy.wins
    assert search.points_per_round > greedy.points_per_round
