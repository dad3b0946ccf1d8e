"""The ``bayes`` bot (``best``) and its match evaluation."""

from __future__ import annotations

import math

import pytest

from bergen import CLASSIC, MatchState
from bergen.bots import BEST, BUILTIN_BOTS, BayesBot, BotError, MatchEquity, load_bot


def test_best_names_the_bayes_bot() -> None:
    assert BEST == "bayes"
    assert BUILTIN_BOTS["best"] is BUILTIN_BOTS[BEST] is BayesBot
    bot = load_bot("best[iterations=10]", 1)
    assert isinstance(bot, BayesBot) and bot.name == "bayes"


def test_equity_by_hand_one_point_a_round() -> None:
    # Each round one side scores 1 (even chances); target 2.
    m = MatchEquity({(1, 0): 0.5, (0, 1): 0.5}, 2, False)
    assert m.chance(1, 1) == 0.5
    assert m.chance(1, 0) == 0.75  # 1/2 win now, 1/2 to (1, 1)
    assert m.chance(0, 0) == 0.5
    assert m.chance(2, 1) == 1.0 and m.chance(0, 2) == 0.0


def test_equity_by_hand_uneven_rounds() -> None:
    # Half the rounds score nothing; a quarter give this side 2, a quarter the other side 1.
    m = MatchEquity({(2, 0): 0.25, (0, 0): 0.5, (0, 1): 0.25}, 2, False)
    # From (1, 1): win 1/4, lose 1/4, else again: 1/2. From (0, 1) the same.
    assert math.isclose(m.chance(1, 1), 0.5) and math.isclose(m.chance(0, 1), 0.5)
    # From (1, 0): win 1/4, to (1, 1) 1/4: (1/4 + 1/8) / (1/2) = 3/4; from (0, 0) the same.
    assert math.isclose(m.chance(1, 0), 0.75) and math.isclose(m.chance(0, 0), 0.75)


def test_equity_when_both_pass_the_target() -> None:
    first = MatchEquity({(1, 1): 1.0}, 1, False)
    assert first.chance(0, 0) == 0.5  # who got there first is unknown
    higher = MatchEquity({(2, 1): 0.5, (1, 2): 0.5}, 1, True)
    assert higher.chance(0, 0) == 0.5 and higher.chance(3, 1) == 1.0


def test_equity_refuses_bad_input() -> None:
    for gains in ({}, {(0, 0): 1.0}, {(1, 0): 0.7}, {(-1, 0): 1.0}, {(1,): 1.0}):
        with pytest.raises(BotError):
            MatchEquity(gains, 10, False)  # type: ignore[arg-type]
    with pytest.raises(BotError):
        MatchEquity.for_rules(CLASSIC, 4)  # four sides
    with pytest.raises(BotError):
        MatchEquity({(1, 0, 0): 0.5, (0, 1): 0.5}, 2, False)  # lengths differ
    with pytest.raises(BotError):
        MatchEquity({(1, 0, 0): 1.0}, 2, False).chance(1, 0)  # one other side of two
    with pytest.raises(BotError):
        MatchEquity({(1, 0): 1.0}, 2, False).chance(-1, 0)


def test_three_sides_by_hand() -> None:
    # Each round one of three sides scores 1 (even chances); target 2. A side's score: the share
    # of the other two it finishes above (the winner above all, the rest by points), level 1/2.
    third = 1 / 3
    m = MatchEquity({(1, 0, 0): third, (0, 1, 0): third, (0, 0, 1): third}, 2, False)
    # From (1, 1, 1) the next point wins; a loser stays level with the other loser: 1/4.
    assert math.isclose(m.chance(1, 1, 1), third * 1 + 2 * third * 0.25)  # 1/2
    # From (1, 1, 0): win 1/3; the second side wins 1/3 (this side above the third: 1/2); the
    # third side scores 1/3, to (1, 1, 1): 1/2.
    assert math.isclose(m.chance(1, 1, 0), third * (1 + 0.5 + 0.5))  # 2/3
    # From (1, 0, 0): win 1/3, else (1, 1, 0) or (1, 0, 1), 2/3 each: 7/9.
    assert math.isclose(m.chance(1, 0, 0), 7 / 9)
    # From (0, 1, 1): to (1, 1, 1) 1/3 (then 1/2), else the winner and the other above: 0.
    assert math.isclose(m.chance(0, 1, 1), third * 0.5)
    # Decided: the winner 1; below it, above the third side 1/2.
    assert m.chance(2, 0, 1) == 1.0 and m.chance(1, 2, 0) == 0.5 and m.chance(0, 2, 1) == 0.0


def test_three_sides_passing_the_target_together() -> None:
    # Two sides pass the target in one round: the model ranks them level (1/2 against each
    # other), above the third.
    m = MatchEquity({(1, 1, 0): 1.0}, 1, False)
    assert m.chance(0, 0, 0) == 0.75
    assert MatchEquity({(2, 1, 0): 1.0}, 1, True).chance(0, 0, 0) == 1.0  # the highest wins


def test_equity_for_three_seats() -> None:
    m = MatchEquity.for_rules(CLASSIC, 3)
    assert m.target == 10 and m.sides == 3  # classic at three seats (rule 9)
    assert math.isclose(m.chance(0, 0, 0), 0.5)  # every order of the sides alike
    assert math.isclose(m.chance(4, 2, 7), m.chance(4, 7, 2))
    ahead = [m.chance(a, 3, 3) for a in range(10)]
    assert ahead == sorted(ahead) and ahead[0] < 0.5 < ahead[9]


def test_equity_for_classic_rises_with_the_lead() -> None:
    m = MatchEquity.for_rules(CLASSIC, 2)
    assert m.target == 15
    assert math.isclose(m.chance(0, 0), 0.5)  # the gains are symmetric
    chances = [m.chance(a, 5) for a in range(15)]
    assert math.isclose(chances[5], 0.5)
    assert chances == sorted(chances) and chances[0] < 0.5 < chances[14]


@pytest.mark.parametrize(
    ("players", "partnerships", "evaluation"),
    [(2, False, "match"), (2, False, "points"), (3, False, "match"), (4, True, "match")],
)
@pytest.mark.parametrize(("playout", "others"), [("greedy", "search"), ("ranked", "greedy")])
def test_plays_legal_moves_and_repeats_with_its_seed(
    players: int, partnerships: bool, evaluation: str, playout: str, others: str
) -> None:
    rules = CLASSIC.replace(partnerships=partnerships)
    kwargs = {"iterations": 30, "worlds": 8, "evaluation": evaluation}
    kwargs |= {"playout": playout, "others": others}
    for seed in range(2):
        match = MatchState.new(players, rules, seed=seed)
        bots = [BayesBot(s, **kwargs) for s in range(4)]  # type: ignore[arg-type]
        twins = [BayesBot(s, **kwargs) for s in range(4)]  # type: ignore[arg-type]
        moves = 0
        while not match.is_over and moves < 60:
            state = match.round
            assert state is not None
            view = state.view(state.to_move)
            legal = state.legal_moves()
            move = bots[state.to_move].choose(view, legal)
            assert move in legal
            assert twins[state.to_move].choose(view, legal) == move
            match, _ = match.apply(move)
            moves += 1


def test_bad_arguments() -> None:
    for kwargs in (
        {"worlds": 0},
        {"iterations": 0},
        {"evaluation": "score"},
        {"exploration": -1},
        {"epsilon": 2},
        {"policy": "strategy"},
        {"seconds": 0},
        {"playout": "random"},
        {"others": "model"},
    ):
        with pytest.raises(BotError):
            BayesBot(0, **kwargs)  # type: ignore[arg-type]
