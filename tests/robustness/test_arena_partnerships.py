"""Partnership arenas: an entrant never sits on both sides (rule 10: seats 0 and 2 against
seats 1 and 3), however few bots there are, and every pair of bots meets."""

from __future__ import annotations

import itertools

import pytest

from bergen import CLASSIC
from bergen.arena import GameTask, games_for_all_lineups, run_arena, schedule
from bergen.bots import BotError
from bergen.cli import main
from bergen.cli.arena import _lineup_warning

PARTNERS = CLASSIC.replace(partnerships=True)


def sides_of(task: GameTask) -> dict[int, set[int]]:
    """The sides each entrant of a game sits on (rule 10: a seat's side is seat % 2)."""
    sides: dict[int, set[int]] = {}
    for seat, entrant in enumerate(task.entrants):
        sides.setdefault(entrant, set()).add(seat % 2)
    return sides


@pytest.mark.parametrize("entrants", [2, 3, 4, 5])
def test_no_entrant_is_ever_on_both_sides(entrants: int) -> None:
    specs = [f"bot{i}" for i in range(entrants)]
    games = games_for_all_lineups(entrants, 4, partnerships=True)
    tasks = schedule(specs, games, 4, 0, PARTNERS)
    assert len(tasks) == games
    for task in tasks:
        for entrant, sides in sides_of(task).items():
            assert len(sides) == 1, (task.index, task.entrants, entrant)


def test_three_bots_at_four_seats_every_pair_meets_as_opponents() -> None:
    specs = ["A", "B", "C"]
    tasks = schedule(specs, 12, 4, 0, PARTNERS)
    met = set()
    for task in tasks:
        sides = sides_of(task)
        assert len(sides) == 2  # a bot and its copy against another bot and its copy
        (a, side_a), (b, side_b) = sorted(sides.items())
        assert side_a != side_b
        met.add((a, b))
    assert met == {(0, 1), (0, 2), (1, 2)}


def test_three_bots_at_four_seats_lineups_and_rotations() -> None:
    # Pairs in turn, each a duplicate group of four games on one deal seed, seats rotated one
    # place per game: A B A B, then B A B A (the sides swapped), and so on.
    tasks = schedule(["A", "B", "C"], 12, 4, 0, PARTNERS)
    assert [t.entrants for t in tasks[:4]] == [(0, 1, 0, 1), (1, 0, 1, 0)] * 2
    assert [t.entrants for t in tasks[4:8]] == [(0, 2, 0, 2), (2, 0, 2, 0)] * 2
    assert [t.entrants for t in tasks[8:]] == [(1, 2, 1, 2), (2, 1, 2, 1)] * 2
    for group in (tasks[:4], tasks[4:8], tasks[8:]):
        assert len({t.deal_seed for t in group}) == 1


@pytest.mark.parametrize(
    ("entrants", "games"),
    [
        (2, 4),  # one pair, A B A B: four rotations
        (3, 12),  # pairs A-B, A-C, B-C: 3 lineups x 4 games
        (4, 4),  # one choice of four different bots, four rotations
        (5, 20),  # comb(5, 4) = 5 lineups x 4 games
    ],
)
def test_games_for_all_lineups_with_partnerships(entrants: int, games: int) -> None:
    assert games_for_all_lineups(entrants, 4, partnerships=True) == games


def test_games_for_all_lineups_without_partnerships_is_unchanged() -> None:
    # Three bots round four separate seats: one lineup A B C A, four rotations.
    assert games_for_all_lineups(3, 4) == 4
    assert games_for_all_lineups(3, 4, partnerships=False) == 4
    assert schedule(["A", "B", "C"], 4, 4, 0)[0].entrants == (0, 1, 2, 0)


@pytest.mark.parametrize(("players", "partnerships"), [(2, True), (3, True), (4, "yes"), (4, 1)])
def test_games_for_all_lineups_refuses_bad_partnerships(players: int, partnerships: object) -> None:
    with pytest.raises(BotError):
        games_for_all_lineups(3, players, partnerships=partnerships)  # type: ignore[arg-type]


def test_the_warning_counts_pairs_with_partnerships() -> None:
    assert _lineup_warning(["A", "B", "C"], 8, 4, PARTNERS) == (
        "8 games cover 2 of 3 lineups: use --games 12 or more"
    )
    assert _lineup_warning(["A", "B", "C"], 4, 4, PARTNERS) == (
        "4 games cover 1 of 3 lineups; C never plays: use --games 12 or more"
    )
    assert _lineup_warning(["A", "B", "C"], 12, 4, PARTNERS) is None
    assert _lineup_warning(["A", "B"], 4, 4, PARTNERS) is None


def test_a_partnership_arena_never_puts_a_bot_on_the_winning_and_losing_side() -> None:
    result = run_arena(
        ["random", "greedy", "random"], 12, 4, seed=1, rules=PARTNERS, in_process=True
    )
    assert len(result.games) == 12
    for game in result.games:
        winners = {e for s, e in enumerate(game.entrants) if game.side_of(s) == game.winner}
        losers = {e for s, e in enumerate(game.entrants) if game.side_of(s) != game.winner}
        assert winners and losers and not winners & losers
    # Each bot plays the eight games of the two pairs it is in, at two seats of one side: it
    # counts once per game.
    assert [s.games for s in result.stats()] == [8, 8, 8]


def test_bergen_arena_with_partnerships(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "random", "greedy", "random", "--players", "4", "--partnerships"]
    args += ["--in-process", "--seed", "1"]
    assert main([*args, "--games", "8", "--workers", "1", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert err == "bergen arena: 8 games cover 2 of 3 lineups: use --games 12 or more\n"
    assert main([*args, "--games", "12", "--workers", "1", "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_pairs_in_every_order_of_entrants() -> None:
    # Whatever the number of bots below four, each pair is one lineup, in entrant order.
    for n in (2, 3):
        tasks = schedule([str(i) for i in range(n)], 4 * n * (n - 1) // 2, 4, 0, PARTNERS)
        pairs = [tuple(sorted(set(t.entrants))) for t in tasks[::4]]
        assert pairs == list(itertools.combinations(range(n), 2))


def test_a_bot_that_is_its_own_partner_counts_once_per_game() -> None:
    # Before: seats were counted, so a bot seated A B A B counted each game twice (wins too),
    # and its Wilson interval treated the two seats as independent games.
    from bergen.arena import ArenaResult, GameResult

    def game(index: int, entrants: tuple[int, ...], winner: int) -> GameResult:
        scores = (15, 4) if winner == 0 else (4, 15)
        return GameResult(index, entrants, scores, winner, 3, None, True)

    result = ArenaResult(
        ("random", "greedy"),
        4,
        1,
        CLASSIC.replace(partnerships=True),
        (game(0, (0, 1, 0, 1), 0), game(1, (1, 0, 1, 0), 0)),
    )
    a, b = result.stats()
    # Game 0: bot 0 is side 0 and wins; game 1: bot 0 is side 1 and loses.
    assert (a.games, a.wins, a.points, a.rounds) == (2, 1, 15 + 4, 6)
    assert (b.games, b.wins, b.points, b.rounds) == (2, 1, 4 + 15, 6)
