"""The ``strategy`` and ``ismcts`` bots and the kernel's greedy playout."""

from __future__ import annotations

import random
import time

import pytest

from bergen import MatchState, parse_move
from bergen.bots import BotError, ISMCTSBot, StrategyBot, load_bot
from bergen.kernel.actions import DRAW, PASS
from bergen.kernel.play import DOUBLE_HEADER, IN_PLAY, TRIPLE_HEADER, legal_actions, step
from bergen.kernel.rollout import greedy_rollout
from bergen.round import RoundState


def _decision(players: int, seed: int, partnerships: bool = False) -> RoundState:
    from bergen import CLASSIC

    rules = CLASSIC.replace(partnerships=True) if partnerships else CLASSIC
    rnd = MatchState.new(players, rules, seed=seed).round
    assert rnd is not None
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 6)):
        rnd, _ = rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.outcome is not None:
            return _decision(players, seed + 100, partnerships)
    while len(rnd.legal_moves()) < 2:
        rnd, _ = rnd.apply(rnd.legal_moves()[0])
        if rnd.outcome is not None:
            return _decision(players, seed + 100, partnerships)
    return rnd


# ------------------------------------------------------------------ strategy (docs/rules.md values)


def test_strategy_takes_the_triple_header(position) -> None:  # type: ignore[no-untyped-def]
    # Ends 4 and a double six: 6-4 on the 4 leaves six and the double six, a triple header
    # (rule 5: 3 points); on the double six it leaves 4 and 4, a double header (2).
    state = position(["6-4 3-3 1-0", "5-5 0-0"], "4-2 *2-2 2-6 6-6")
    bot = StrategyBot(seed=1)
    view = state.view(0)
    assert bot.terms(view, parse_move("6-4L"))["header"] == 3.0
    assert bot.terms(view, parse_move("6-4R"))["header"] == 2.0
    assert bot.choose(view, state.legal_moves()) == parse_move("6-4L")


def test_strategy_weighs_the_connecting_tile(position) -> None:  # type: ignore[no-untyped-def]
    # Ends 5 and 3, nothing scores. 6-5 on the 5 leaves 6 and 3: the 6-3 is unseen (22 tiles
    # unseen: 28 less 5 on the line less the 3-0 kept), and the next seat holds 2 of them, so
    # it holds the 6-3 with chance 2/22 and would score a double header (2). 3-0 on the 3
    # leaves 5 and 0, and the 5-0 is on the line: no exposure.
    state = position(["6-5 3-0", "1-1 4-4"], "5-0 0-2 *2-2 2-3")
    bot = StrategyBot(seed=1)
    view = state.view(0)
    assert bot.terms(view, parse_move("6-5L"))["exposure"] == pytest.approx(-2 * 2 / 22)
    assert bot.terms(view, parse_move("3-0R"))["exposure"] == 0.0
    # The heavy term is the pips of a play that scores nothing; ends counts the kept tiles
    # fitting an end (the 3-0 fits the 3 left by 6-5).
    assert bot.terms(view, parse_move("6-5L"))["heavy"] == 11.0
    assert bot.terms(view, parse_move("6-5L"))["ends"] == 1.0


def test_strategy_holds_a_double_without_a_triple(position) -> None:  # type: ignore[no-untyped-def]
    # Ends 5 and 3: the 5-5 on the 5 scores nothing and the bot holds no 5-3 to make the
    # triple next turn ("an invitation"); the 3-3 on the 3 with the 5-3 in hand is not.
    state = position(["5-5 3-3 5-3", "1-1 4-4"], "5-0 0-2 *2-2 2-3")
    bot = StrategyBot(seed=1)
    view = state.view(0)
    assert bot.terms(view, parse_move("5-5L"))["double"] == 0.0  # holds the 5-3
    lone = position(["5-5 6-1", "1-1 4-4"], "5-0 0-2 *2-2 2-3")
    assert bot.terms(lone.view(0), parse_move("5-5L"))["double"] == -1.0
    assert bot.terms(lone.view(0), parse_move("5-5L"))["setup"] == 0.0
    # With the 5-3 in hand after 5-5 on the 5, the bot holds the connecting tile: setup is the
    # triple header it could make (3).
    assert bot.terms(view, parse_move("5-5L"))["setup"] == 3.0


def test_strategy_watches_a_seat_close_to_going_out(position) -> None:  # type: ignore[no-untyped-def]
    # Seat 1 holds one tile. 6-5 on the 5 leaves 6 and 3: of the 22 unseen tiles, those
    # carrying a 6 or a 3 (13 of the set, less the 6-5, 2-3 on the line and the 3-0 kept: 10)
    # fit; going out is worth 2 (rule 7), so watch is -2 * 10/22.
    state = position(["6-5 3-0", "1-1"], "5-0 0-2 *2-2 2-3")
    bot = StrategyBot(seed=1)
    view = state.view(0)
    assert bot.terms(view, parse_move("6-5L"))["watch"] == pytest.approx(-2 * 10 / 22)


def test_strategy_weights_and_spec() -> None:
    bot = load_bot("strategy[exposure=2, heavy=0]", 3)
    assert isinstance(bot, StrategyBot)
    assert bot.weights["exposure"] == 2.0 and bot.weights["heavy"] == 0.0
    for bad in ("x", float("nan"), float("inf"), True):
        with pytest.raises(BotError):
            StrategyBot(setup=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strategy_plays_legal_moves(players: int) -> None:
    for seed in range(5):
        state = _decision(players, seed)
        move = StrategyBot(seed=seed).choose(state.view(state.to_move), state.legal_moves())
        assert move in state.legal_moves()


# ------------------------------------------------------------------ ismcts


@pytest.mark.parametrize(("players", "partnerships"), [(2, False), (3, False), (4, True)])
def test_ismcts_returns_a_legal_move_for_a_seed(players: int, partnerships: bool) -> None:
    state = _decision(players, 4, partnerships)
    view, legal = state.view(state.to_move), state.legal_moves()
    a = ISMCTSBot(seed=7, iterations=60).choose(view, legal)
    b = ISMCTSBot(seed=7, iterations=60).choose(view, legal)
    assert a in legal and a == b


def test_ismcts_finds_the_bigger_score(position) -> None:  # type: ignore[no-untyped-def]
    # Its last tile: 6-4 on the 4 scores a triple header and going out (3 + 2, rules 5 and 7),
    # on the double six a double header and going out (2 + 2); the round ends either way.
    state = position(["6-4", "5-5 0-0 1-1"], "4-2 *2-2 2-6 6-6")
    bot = ISMCTSBot(seed=3, iterations=40, policy="random")
    assert bot.choose(state.view(0), state.legal_moves()) == parse_move("6-4L")


def test_ismcts_budget() -> None:
    assert (ISMCTSBot().iterations, ISMCTSBot().seconds) == (1000, None)
    timed = load_bot("ismcts[seconds=0.05, exploration=1.5]", 1)
    assert isinstance(timed, ISMCTSBot)
    assert (timed.iterations, timed.seconds, timed.exploration) == (None, 0.05, 1.5)
    state = _decision(2, 9)
    t0 = time.perf_counter()
    move = ISMCTSBot(seed=1, seconds=0.05, iterations=10**9).choose(
        state.view(state.to_move), state.legal_moves()
    )
    assert time.perf_counter() - t0 < 0.5  # a generous bound; benchmarks/budget.py measures
    assert move in state.legal_moves()
    for kwargs in ({"iterations": 0}, {"seconds": -1}, {"exploration": -1}, {"policy": "x"}):
        with pytest.raises(BotError):
            ISMCTSBot(**kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the kernel's greedy playout


def _reference_greedy(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    """The greedy policy through legal_actions and step: the header worth most (by its score
    event's base points; the left end's plays first, by tile, then the right end's), else the
    play at ``int(rng.random() * n)`` in that order; forced moves take no number.
    """
    context = state._context
    table, bone = context.table, context.boneyard
    pos, seat, scores = state._position, state.to_move, state.scores
    outcome = IN_PLAY if state.outcome is None else 0
    while outcome == IN_PLAY:
        legal = legal_actions(table, bone, pos, seat)
        plays = [a for a in legal if a < 56 and a % 2 == 0] + [
            a for a in legal if a < 56 and a % 2 == 1
        ]
        if not plays:
            action = legal[0]
            assert action >= 56 or action in (DRAW, PASS)
        else:
            best, best_base = -1, 0
            for a in plays:
                events = step(table, bone, pos, seat, scores, a)[5]
                base = max(
                    (e[4] for e in events if e[0] in (DOUBLE_HEADER, TRIPLE_HEADER)), default=0
                )
                if base > best_base:
                    best, best_base = a, base
            action = best if best >= 0 else plays[int(rng.random() * len(plays))]
        pos, seat, scores, outcome, _, _ = step(table, bone, pos, seat, scores, action)
    return scores


def test_kernel_greedy_rollout_is_the_greedy_policy() -> None:
    rng = random.Random(2)
    checked = 0
    for g in range(150):
        players = 2 + g % 3
        state = MatchState.new(players, seed=g).round
        assert state is not None
        for _ in range(rng.randrange(0, 15)):
            if state.outcome is not None:
                break
            state, _ = state.apply(rng.choice(state.legal_moves()))
        seed = rng.randrange(10**6)
        context = state._context
        got = (
            greedy_rollout(
                context.table,
                context.boneyard,
                state._position,
                state.to_move,
                state.scores,
                random.Random(seed).random,
            )
            if state.outcome is None
            else state.scores
        )
        assert got == _reference_greedy(state, random.Random(seed))
        checked += 1
    assert checked == 150
