"""An arena too short for every lineup: games_for_all_lineups says how many games are needed,
and ``bergen arena`` warns on standard error when --games is fewer."""

from __future__ import annotations

import itertools

import pytest

from bergen import CLASSIC
from bergen.arena import games_for_all_lineups, schedule
from bergen.bots import BotError
from bergen.cli import main
from bergen.cli.arena import _lineup_warning


@pytest.mark.parametrize(
    ("entrants", "players", "games"),
    [
        (2, 2, 2),  # one lineup (A-B), two rotations
        (3, 2, 6),  # A-B, A-C, B-C: 3 lineups x 2 games
        (4, 2, 12),  # 6 pairs x 2 games
        (3, 3, 3),  # one lineup, three rotations
        (5, 3, 30),  # 10 triples x 3 games
        (4, 4, 4),  # one lineup, four rotations
        (2, 4, 4),  # fewer bots than seats: A B A B round the table, four rotations
        (3, 4, 4),  # A B C A round the table
    ],
)
def test_games_for_all_lineups(entrants: int, players: int, games: int) -> None:
    assert games_for_all_lineups(entrants, players) == games


@pytest.mark.parametrize(("entrants", "players"), [(3, 2), (4, 2), (4, 3), (5, 4)])
def test_that_many_games_play_every_lineup_and_fewer_do_not(entrants: int, players: int) -> None:
    specs = [f"bot{i}" for i in range(entrants)]
    every = set(itertools.combinations(range(entrants), players))
    needed = games_for_all_lineups(entrants, players)
    played = {tuple(sorted(t.entrants)) for t in schedule(specs, needed, players, 0)}
    assert played == every
    short = {tuple(sorted(t.entrants)) for t in schedule(specs, needed - players, players, 0)}
    assert short < every


@pytest.mark.parametrize(("entrants", "players"), [(1, 2), (0, 2), ("3", 2), (3, 1), (3, 5)])
def test_games_for_all_lineups_refuses_bad_counts(entrants: object, players: object) -> None:
    with pytest.raises(BotError):
        games_for_all_lineups(entrants, players)  # type: ignore[arg-type]


def test_the_warning_names_who_never_plays() -> None:
    assert _lineup_warning(["A", "B", "C"], 2, 2, CLASSIC) == (
        "2 games cover 1 of 3 lineups; C never plays: use --games 6 or more"
    )
    assert _lineup_warning(["A", "B", "C", "D"], 2, 2, CLASSIC) == (
        "2 games cover 1 of 6 lineups; C and D never play: use --games 12 or more"
    )
    # A-B and A-C play, B-C does not: every bot plays, not every lineup.
    assert _lineup_warning(["A", "B", "C"], 4, 2, CLASSIC) == (
        "4 games cover 2 of 3 lineups: use --games 6 or more"
    )
    assert _lineup_warning(["A", "B", "A"], 2, 2, CLASSIC) == (
        "2 games cover 1 of 3 lineups; A (entrant 2) never plays: use --games 6 or more"
    )
    assert _lineup_warning(["A", "B", "C"], 6, 2, CLASSIC) is None
    assert _lineup_warning(["A", "B"], 2, 2, CLASSIC) is None


def test_bergen_arena_warns(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "random", "greedy", "search", "--games", "2", "--players", "2", "--seed", "1"]
    assert main([*args, "--workers", "1", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        "bergen arena: 2 games cover 1 of 3 lineups; search never plays: use --games 6 or more\n"
    )
    assert "Arena: 2 games" in captured.out


def test_bergen_arena_does_not_warn_when_every_lineup_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "random", "greedy", "--games", "2", "--workers", "1", "--seed", "1"]) == 0
    assert capsys.readouterr().err == ""
