"""Hostile bots (tests/bots/hostile.py) are contained by the isolated arena.

One arena plays every hostile bot against ``random``: with the entrants ``random, h1, h2, ...``
and two games per bot, the schedule plays exactly the lineups random-h1, random-h2, ... (in
turn, two games each, seats rotated). A bot whose attack does nothing plays as ``greedy``, so
its games must be the games of ``greedy`` against ``random`` on the same deals; a bot whose
attack breaks its process forfeits each game it plays, with the reason the parent saw, and no
other game changes. The spies also run in the trusting in-process mode, where they do see
hidden tiles (so the spying works and the isolated run's silence means something).
"""

from __future__ import annotations

import importlib.util

import pytest

from bergen.arena import ArenaResult, run_arena

H = "bots.hostile"
# bot -> the forfeit kinds it may get (empty: its attack does nothing; it plays as greedy)
HOSTILE: dict[str, tuple[str, ...]] = {
    "SpyFrames": (),
    "SpyGc": (),
    "SpyGlobals": (),
    "LeavesAThread": (),
    "PrintsJunk": (),
    "Exits": ("exited",),
    "KillsItself": ("exited",),
    "IgnoresSignals": ("time",),
    "SwallowsEverything": ("time",),
    "BusyLoop": ("time",),
    "SleepsForever": ("time",),
    "Allocates": ("memory",),
    "CorruptsTheProtocol": ("protocol",),
    "ClosesStdout": ("exited", "protocol"),
    "RaisesBadStr": ("exception",),
    "EqualOnce": ("illegal move",),
}
NAMES = list(HOSTILE)
SPECS = ["random", *(f"{H}:{n}" for n in NAMES)]
GAMES = 2 * len(NAMES)
SEED = 11
LIMITS = {"move_time": 0.5, "memory_limit": 96 << 20}


@pytest.fixture(scope="module")
def honest() -> ArenaResult:
    """The same arena with every hostile bot replaced by greedy (in-process: the same games)."""
    return run_arena(["random", *["greedy"] * len(NAMES)], GAMES, 2, seed=SEED, in_process=True)


def _check_contained(result: ArenaResult, honest: ArenaResult) -> None:
    assert len(result.games) == GAMES and [g.index for g in result.games] == list(range(GAMES))
    for i, name in enumerate(NAMES, start=1):
        games = [g for g in result.games if i in g.entrants]
        assert len(games) == 2 and all(0 in g.entrants for g in games)
        if not HOSTILE[name]:  # its attack did nothing: greedy's games, unchanged
            expected = [g for g in honest.games if g.index in {g.index for g in games}]
            assert games == expected, name
            continue
        for g in games:  # forfeited, with the reason seen, and random's side wins
            f = g.forfeit
            assert f is not None and f.entrant == i and f.bot == f"{H}:{name}", (name, f)
            assert f.kind in HOSTILE[name], (name, f.kind, f.detail)
            assert g.winner == g.side_of(g.entrants.index(0))
    stats = result.stats()
    assert stats[0].games == GAMES
    report = result.report()
    assert f"Forfeits ({sum(2 for n in NAMES if HOSTILE[n])}):" in report


@pytest.mark.parametrize("workers", [1, 2])
def test_every_hostile_bot_is_contained(workers: int, honest: ArenaResult) -> None:
    result = run_arena(SPECS, GAMES, 2, seed=SEED, workers=workers, **LIMITS)
    _check_contained(result, honest)
    assert "saw hidden tiles" not in result.report()


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="needs the dask extra")
def test_hostile_bots_on_a_dask_cluster() -> None:
    from distributed import Client, LocalCluster

    names = ["SpyGc", "Exits", "SleepsForever", "Allocates"]
    specs = ["random", *(f"{H}:{n}" for n in names)]
    with (
        LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        result = run_arena(
            specs, 2 * len(names), 2, seed=SEED, executor=client.get_executor(), **LIMITS
        )
    honest = run_arena(["random", *["greedy"] * len(names)], 8, 2, seed=SEED, in_process=True)
    spy, exits, sleeps, allocates = (result.stats()[i] for i in range(1, 5))
    assert spy.forfeits == 0 and [g for g in result.games if 1 in g.entrants] == [
        g for g in honest.games if 1 in g.entrants
    ]
    assert (exits.forfeits, sleeps.forfeits, allocates.forfeits) == (2, 2, 2)
    kinds = [f.kind for f in result.forfeits]
    assert kinds == ["exited", "exited", "time", "time", "memory", "memory"]


@pytest.mark.parametrize("name", ["SpyFrames", "SpyGc"])
def test_in_process_the_spies_see_hidden_tiles(name: str) -> None:
    # The trusting mode, documented as such: the spies find the real game state.
    result = run_arena([f"{H}:{name}", "random"], 2, 2, seed=SEED, in_process=True)
    assert len(result.forfeits) == 2
    assert all("saw hidden tiles" in f.detail for f in result.forfeits)


def test_in_process_a_global_replaced_by_a_bot_changes_the_deals() -> None:
    # In-process, SpyGlobals rigs every later deal of its process; isolated (above), nothing.
    import bergen

    original = bergen.Deal.from_seed
    stream_at = bergen.deal.stream_at
    try:
        rigged = run_arena([f"{H}:SpyGlobals", "random"], 4, 2, seed=SEED, in_process=True)
    finally:
        bergen.Deal.from_seed = original  # type: ignore[method-assign]
        bergen.deal.stream_at = stream_at
    honest = run_arena(["greedy", "random"], 4, 2, seed=SEED, in_process=True)
    assert rigged.games != honest.games


@pytest.mark.parametrize(
    ("name", "kind", "said"),
    [
        ("RaisesBadStr", "exception", "_BadStr (str() raised ValueError)"),
        ("EqualOnce", "illegal move", "returned <"),
    ],
)
def test_in_process_a_bad_exception_or_move_is_a_forfeit(name: str, kind: str, said: str) -> None:
    # Before: the exception's __str__ error escaped the forfeit handler, and the move that is
    # equal once got past the legality check and raised IllegalMoveError out of the arena.
    result = run_arena([f"{H}:{name}", "random"], 2, 2, seed=SEED, in_process=True)
    assert [(f.kind, f.entrant) for f in result.forfeits] == [(kind, 0), (kind, 0)]
    assert all(said in f.detail for f in result.forfeits)
