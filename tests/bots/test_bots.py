"""The bot protocol, the built-in bots and bot loading (issue 5, item 3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bergen import (
    CLASSIC,
    DRAW,
    PRESETS,
    SIMPLE,
    End,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    Lead,
    LeadTile,
    MatchEnd,
    MatchState,
    PartnershipBlock,
    Play,
    RoundState,
    Rules,
    Tile,
    parse_move,
)
from bergen.bots import (
    Bot,
    BotError,
    GreedyBot,
    RandomBot,
    SearchBot,
    greedy_key,
    greedy_rollout,
    load_bot,
    move_seconds,
    parse_bot_spec,
    points_now,
    takes_seconds,
)
from bergen.bots.base import _decision_seconds
from bergen.rollout import rollout

T = Tile.parse


def _choose(bot: Bot, state, seat: int | None = None):  # type: ignore[no-untyped-def]
    seat = state.to_move if seat is None else seat
    return bot.choose(state.view(seat), state.legal_moves())


# ------------------------------------------------------------------ greedy (docs/rules.md values)


def test_greedy_takes_the_double_header(position) -> None:  # type: ignore[no-untyped-def]
    # docs/rules.md: ends 4 and 1, the 4-1 makes a double header on either end (2 points).
    state = position(["4-1 4-3 6-6", "5-5 0-0"], "4-2 *2-2 2-1")
    view = state.view(0)
    assert points_now(view, parse_move("4-1L")) == 2
    assert points_now(view, parse_move("4-1R")) == 2
    assert points_now(view, parse_move("4-3L")) == 0
    move = _choose(GreedyBot(seed=1), state)
    assert move.tile == T("4-1")


def test_greedy_prefers_the_triple_header(position) -> None:  # type: ignore[no-untyped-def]
    # docs/rules.md: ends 4 and a double six; 4-6 on the 4 is a triple header (3), on the double
    # six a double header (2).
    state = position(["6-4 3-3 1-0", "5-5 0-0"], "4-2 *2-2 2-6 6-6")
    view = state.view(0)
    assert points_now(view, parse_move("6-4L")) == 3
    assert points_now(view, parse_move("6-4R")) == 2
    assert _choose(GreedyBot(seed=1), state) == parse_move("6-4L")


def test_greedy_counts_going_out_and_the_reduction(position) -> None:  # type: ignore[no-untyped-def]
    # The last tile: triple header 3 + going out 2 (rule 7). At 13 of 15 (need 2) the header
    # is worth 1 (rule 6) and going out still 2.
    state = position(["6-4", "5-5 0-0"], "4-2 *2-2 2-6 6-6")
    assert points_now(state.view(0), parse_move("6-4L")) == 5
    near = position(["6-4", "5-5 0-0"], "4-2 *2-2 2-6 6-6", scores=(13, 0))
    assert points_now(near.view(0), parse_move("6-4L")) == 3
    assert points_now(near.view(0), DRAW) == 0


def test_greedy_leaves_ends_whose_connecting_tile_is_seen(position) -> None:  # type: ignore[no-untyped-def]
    # Ends 5 and 3, nothing scores. 6-5 on the 5 leaves 6 and 3 (the 6-3 is unseen); 3-0 on the
    # 3 leaves 5 and 0, and the 5-0 is on the line: the safe play, though lighter.
    state = position(["6-5 3-0", "1-1 4-4"], "5-0 0-2 *2-2 2-3")
    view = state.view(0)
    assert greedy_key(view, parse_move("3-0R"))[2] == 1
    assert greedy_key(view, parse_move("6-5L"))[2] == 0
    assert _choose(GreedyBot(seed=1), state) == parse_move("3-0R")


def test_greedy_plays_heavy_when_nothing_scores(position) -> None:  # type: ignore[no-untyped-def]
    # Ends 5 and 3; 6-5 leaves 6 and 3 (6-3 unseen), 5-1 leaves 1 and 3 (3-1 unseen): both
    # unsafe, neither scores: the heavier 6-5 (11 pips against 6).
    state = position(["6-5 5-1", "1-1 4-4"], "5-0 0-2 *2-2 2-3")
    assert _choose(GreedyBot(seed=1), state) == parse_move("6-5L")


def test_greedy_lays_a_double_on_its_number(position) -> None:  # type: ignore[no-untyped-def]
    # Ends 3 and 3: the 3-3 makes a triple header (3); 3-6 scores nothing.
    state = position(["3-3 6-3", "1-1 4-4"], "3-0 *0-0 0-4 4-3")
    move = _choose(GreedyBot(seed=1), state)
    assert move.tile == T("3-3")
    assert greedy_key(state.view(0), move)[:2] == (3, 1)


# ------------------------------------------------------------------ random and search


def test_random_bot_is_seeded() -> None:
    match = MatchState.new(3, seed=5)
    rnd = match.round
    assert rnd is not None
    while len(rnd.legal_moves()) == 1:
        rnd, _ = rnd.apply(rnd.legal_moves()[0])
    picks = [_choose(RandomBot(seed=9), rnd) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    assert picks[0] in rnd.legal_moves()
    many = {_choose(RandomBot(seed=s), rnd) for s in range(40)}
    assert many == set(rnd.legal_moves())


def test_search_finds_the_bigger_score(position) -> None:  # type: ignore[no-untyped-def]
    # Its last tile: 6-4 on the 4 scores 3 + 2, on the double six 2 + 2; the round ends either
    # way, so every playout agrees.
    state = position(["6-4", "5-5 0-0 1-1"], "4-2 *2-2 2-6 6-6")
    assert _choose(SearchBot(seed=3, playouts=20), state) == parse_move("6-4L")


def test_search_is_deterministic_for_a_seed() -> None:
    match = MatchState.new(2, seed=11)
    rnd = match.round
    assert rnd is not None
    rng = random.Random(0)
    while len(rnd.legal_moves()) < 2:
        rnd, _ = rnd.apply(rng.choice(rnd.legal_moves()))
    a = _choose(SearchBot(seed=4, playouts=60), rnd)
    b = _choose(SearchBot(seed=4, playouts=60), rnd)
    assert a == b and a in rnd.legal_moves()


@pytest.mark.parametrize(
    "kwargs",
    [
        {"playouts": 0},
        {"playouts": 2.5},
        {"seconds": 0},
        {"seconds": -1.0},
        {"seconds": float("nan")},
        {"seconds": float("inf")},
        {"seconds": "fast"},
        {"seconds": True},
    ],
)
def test_search_rejects_a_bad_budget(kwargs: dict[str, object]) -> None:
    with pytest.raises(BotError):
        SearchBot(**kwargs)  # type: ignore[arg-type]


def test_search_budget_defaults() -> None:
    # 400 playouts without a clock; with seconds alone, no playout cap; both: both.
    assert (SearchBot().playouts, SearchBot().seconds) == (400, None)
    assert (SearchBot(seconds=0.1).playouts, SearchBot(seconds=0.1).seconds) == (None, 0.1)
    both = load_bot("search[seconds=0.5, playouts=100]", 1)
    assert isinstance(both, SearchBot) and (both.playouts, both.seconds) == (100, 0.5)


def _decision(players: int, seed: int):  # type: ignore[no-untyped-def]
    rnd = MatchState.new(players, seed=seed).round
    assert rnd is not None
    rng = random.Random(seed)
    while len(rnd.legal_moves()) < 2:
        rnd, _ = rnd.apply(rng.choice(rnd.legal_moves()))
    return rnd


def test_search_keeps_to_its_time_budget() -> None:
    # A generous bound only (timing is measured in benchmarks/budget.py): 0.05 s asked, the
    # decision ends well before the 1 s it would take to use a large playout count.
    import time

    rnd = _decision(2, 5)
    bot = SearchBot(seed=1, seconds=0.05, playouts=10**9)
    t0 = time.perf_counter()
    move = _choose(bot, rnd)
    assert time.perf_counter() - t0 < 0.5
    assert move in rnd.legal_moves()


def test_the_time_a_bot_is_given_for_a_move() -> None:
    assert move_seconds(1.0) == pytest.approx(0.88)  # 90% less 20 ms
    assert move_seconds(1.0, spent=0.3) == pytest.approx(0.58)
    assert move_seconds(0.02) == 0.001  # never nothing
    for bad in (0, -1, float("nan"), float("inf"), True, "1", None):
        with pytest.raises(BotError, match="time_for_move must be a number of seconds > 0"):
            move_seconds(bad)  # type: ignore[arg-type]
    with pytest.raises(BotError, match="spent must be a number of seconds >= 0"):
        move_seconds(1.0, -0.1)
    assert _decision_seconds(None, None) is None
    assert _decision_seconds(0.5, None) == 0.5
    assert _decision_seconds(None, 0.2) == 0.2
    assert _decision_seconds(0.5, 0.2) == 0.2 and _decision_seconds(0.1, 0.2) == 0.1
    for bad in (0, -1, float("nan"), float("inf"), True, "1"):
        with pytest.raises(BotError, match="seconds must be a number of seconds > 0"):
            _decision_seconds(None, bad)


class _KeywordsOnly:
    name = "kw"

    def choose(self, view, legal_moves, **kwargs):  # type: ignore[no-untyped-def]
        return legal_moves[0]


class _PositionalOnly:
    name = "pos"

    def choose(self, view, legal_moves, seconds=None, /):  # type: ignore[no-untyped-def]
        return legal_moves[0]


def test_which_bots_take_the_time_for_a_move() -> None:
    assert all(takes_seconds(load_bot(n)) for n in ("search", "ismcts", "pimc"))
    assert not any(takes_seconds(load_bot(n)) for n in ("random", "greedy", "strategy"))
    assert not takes_seconds(_KeywordsOnly()) and not takes_seconds(_PositionalOnly())
    assert not takes_seconds(object())


@pytest.mark.parametrize("spec", ["search[playouts=1000000000]", "ismcts[iterations=1000000000]"])
def test_a_search_bot_keeps_to_the_time_it_is_given_for_a_move(spec: str) -> None:
    # A generous bound only (timing is measured in benchmarks/budget.py): 0.05 s given to a
    # bot whose own budget (a billion playouts, no clock) would take hours.
    import time

    rnd = _decision(2, 5)
    bot = load_bot(spec, seed=1)
    t0 = time.perf_counter()
    move = bot.choose(rnd.view(rnd.to_move), rnd.legal_moves(), seconds=0.05)  # type: ignore[call-arg]
    assert time.perf_counter() - t0 < 0.5
    assert move in rnd.legal_moves()
    with pytest.raises(BotError, match="seconds"):
        bot.choose(rnd.view(rnd.to_move), rnd.legal_moves(), seconds=0)  # type: ignore[call-arg]


# ------------------------------------------------------------------ loading


def test_bot_specs() -> None:
    assert parse_bot_spec("greedy") == ("greedy", {})
    assert parse_bot_spec("search[playouts=800, rollouts=2]") == (
        "search",
        {"playouts": 800, "rollouts": 2},
    )
    assert parse_bot_spec("pkg.mod:Cls[a=1.5,b=true,c=x]") == (
        "pkg.mod:Cls",
        {"a": 1.5, "b": True, "c": "x"},
    )
    for bad in ("", "search[playouts=1", "search[=3]", "search[x]"):
        with pytest.raises(BotError):
            parse_bot_spec(bad)


def test_load_bot_by_name_and_by_path() -> None:
    assert isinstance(load_bot("random", 1), RandomBot)
    assert isinstance(load_bot("greedy", 1), GreedyBot)
    search = load_bot("search[playouts=50]", 1)
    assert isinstance(search, SearchBot) and search.playouts == 50
    custom = load_bot("bots.misbehaving:FirstBot", 1)
    assert custom.name == "first"
    assert isinstance(custom, Bot)


@pytest.mark.parametrize(
    "spec",
    [
        "nosuchbot",
        "no.such.module:Bot",
        "bots.misbehaving:NoSuchClass",
        "search[depth=3]",
        "bergen.tiles:Tile",
    ],
)
def test_load_bot_errors(spec: str) -> None:
    with pytest.raises(BotError):
        load_bot(spec, 0)


def test_points_now_a_lead_that_is_not_a_double_scores_nothing(position) -> None:  # type: ignore[no-untyped-def]
    # docs/rules.md, rule 2 with lead_tile any: the holder of the lowest double (3-3) may lead
    # any tile; only a double led scores, as a double header (rule 5): 2 under classic.
    rules = CLASSIC.replace(lead_tile=LeadTile.ANY)
    view = position(["3-3 6-5 4-0", "5-3 6-3 4-1"], rules=rules).view(0)
    assert points_now(view, parse_move("6-5")) == 0
    assert points_now(view, parse_move("3-3")) == 2


def test_points_now_going_out_scores_past_the_target_under_end_of_round_matches(position) -> None:  # type: ignore[no-untyped-def]
    # docs/rules.md, rule 9: simple, three seats, target 10, seat 0 at 8 with its last tile:
    # the 6-4 on the 4 makes a triple header (3). The match ends at the header by default; with
    # match_end round the round is played out and going out (2) scores too.
    hands, line = ["6-4", "6-5 2-2", "6-2 5-2"], "4-3 *3-3 3-6 6-6"
    instant = position(hands, line, rules=SIMPLE, scores=(8, 0, 0)).view(0)
    assert points_now(instant, parse_move("6-4L")) == 3
    rules = SIMPLE.replace(match_end=MatchEnd.ROUND_END)
    round_end = position(hands, line, rules=rules, scores=(8, 0, 0)).view(0)
    assert points_now(round_end, parse_move("6-4L")) == 5


# ------------------------------------------------------------------ greedy playouts


def _reference_greedy_playout(state, rng):  # type: ignore[no-untyped-def]
    """greedy_rollout's policy through the public API: the required double as the lead, a
    header play when there is one (the most points, left-end plays before right-end plays,
    lower tile first), else a random play from the left-end plays then the right-end plays,
    each by tile.
    """
    while state.outcome is None:
        legal = state.legal_moves()
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            if isinstance(legal[0], Lead):  # the required double (rule 2), whatever may lead
                double = state.rules.lead.choose([t for h in state.hands for t in h if t.is_double])
                state, _ = state.apply(next(m for m in legal if m.tile == double))
            else:
                state, _ = state.apply(legal[0])
            continue
        order = sorted(plays, key=lambda m: (m.end is End.RIGHT, m.tile.index))
        best, best_pts = None, 0
        line = state.line
        for m in order:
            mine, other, other_double = (
                (line.left, line.right, line.right_double)
                if m.end is End.LEFT
                else (line.right, line.left, line.left_double)
            )
            if m.tile.other(mine) == other:
                points = state.rules.points
                pts = (
                    points.triple_header
                    if m.tile.is_double or other_double
                    else points.double_header
                )
                if pts > best_pts:
                    best, best_pts = m, pts
        if best is None:
            best = order[int(rng.random() * len(order))]
        state, _ = state.apply(best)
    return state.scores


def test_greedy_rollout_scores_as_the_engine() -> None:
    rng = random.Random(0)
    variants = [
        CLASSIC,
        SIMPLE,
        CLASSIC.replace(drawing=False),
        SIMPLE.replace(reserve=FixedReserve(2), target=FixedTarget(6)),
        # rule 9's switch: the match ends at the end of the round, so scoring goes on
        SIMPLE.replace(target=FixedTarget(4), match_end=MatchEnd.ROUND_END),
    ]
    for g in range(120):
        players = rng.choice([2, 3, 4])
        rules = rng.choice(
            variants + ([CLASSIC.replace(partnerships=True)] if players == 4 else [])
        )
        state = MatchState.new(players, rules, seed=g).round
        assert state is not None
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            state, _ = state.apply(rng.choice(state.legal_moves()))
        seed = rng.randrange(10**9)
        expected = _reference_greedy_playout(state, random.Random(seed))
        assert greedy_rollout(state, random.Random(seed)) == expected


# ------------------------------------------------------------------ playouts under every switch


class _MostTilesWins:
    """A blocked-hand judge of one's own: the side holding the most tiles; a tie, nobody."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        counts = [len(s) for s in sides]
        best = max(counts)
        return counts.index(best) if counts.count(best) == 1 else None


class _SeatMostTilesWins(_MostTilesWins):
    """A SeatBlockedHandJudge: the seat holding the most tiles wins for its side; seats of two
    sides level on the most, nobody."""

    def winner_of_hands(self, hands: Sequence[Sequence[Tile]], sides: Sequence[int]) -> int | None:
        best = max(len(h) for h in hands)
        won = {sides[seat] for seat, h in enumerate(hands) if len(h) == best}
        return won.pop() if len(won) == 1 else None


def _switch_rulesets(seats: int) -> list[Rules]:
    """Every preset with every value of lead_tile and match_end (docs/rules.md, rules 2 and 9),
    at four seats also in partnerships with every partnership_block (rule 8); then the
    rulesets without draws (rule 4), and judges of one's own with partnerships."""
    out: list[Rules] = []
    for preset in PRESETS.values():
        for lead_tile in LeadTile:
            for match_end in MatchEnd:
                rules = preset.replace(lead_tile=lead_tile, match_end=match_end)
                out.append(rules)
                if seats == 4:
                    out.extend(
                        rules.replace(partnerships=True, partnership_block=block)
                        for block in PartnershipBlock
                    )
    for base in (CLASSIC, SIMPLE):
        out.append(base.replace(drawing=False, match_end=MatchEnd.ROUND_END))
        out.append(base.replace(reserve=FixedReserve(16), lead_tile=LeadTile.ANY))
        if seats == 4:
            out.append(base.replace(hand_sizes=HandSizes(6, 6, 7)))
            for judge in (_MostTilesWins(), _SeatMostTilesWins(), FewestPips()):
                for block in PartnershipBlock:
                    out.append(
                        base.replace(
                            partnerships=True,
                            partnership_block=block,
                            blocked=judge,
                            drawing=False,
                        )
                    )
    return out


def _rounds(rules: Rules, seats: int, count: int, rng: random.Random) -> list[RoundState]:
    """Rounds of seeded deals, some with scores near the target (under an end-of-round match
    also at or past it: docs/rules.md, rule 9), some a few moves in."""
    target = rules.for_table(seats).target
    sides = 2 if rules.partnerships else seats
    out: list[RoundState] = []
    for _ in range(count):
        first = MatchState.new(seats, rules, seed=rng.randrange(10**6)).round
        assert first is not None
        high = target + 3 if rules.match_end is MatchEnd.ROUND_END else target
        scores = [rng.randrange(max(0, target - 5), high) for _ in range(sides)]
        if rng.random() < 0.3:
            scores = [0] * sides
        assert first.deal is not None
        state = RoundState.start(first.deal, rules, dealer=first.dealer, scores=scores)
        for _ in range(rng.randrange(8)):
            if state.outcome is not None:
                break
            state, _ = state.apply(rng.choice(state.legal_moves()))
        out.append(state)
    return out


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_playouts_score_as_the_engine_under_every_switch(seats: int) -> None:
    # Both kernel playouts (random and greedy) against the engine's own playout of the same
    # moves (RoundState.apply), under every preset and switch value.
    rng = random.Random(seats)
    played = 0
    for rules in _switch_rulesets(seats):
        for state in _rounds(rules, seats, 4, rng):
            seed = rng.randrange(10**9)
            want = _reference_greedy_playout(state, random.Random(seed))
            assert greedy_rollout(state, random.Random(seed)) == want, rules
            want = _api_random_playout(state, random.Random(seed))
            assert rollout(state, "random", random.Random(seed)) == want, rules
            played += 1
    assert played >= 100


def _api_random_playout(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    """bergen.rollout.rollout's "random" policy through the public API: the legal move at
    index int(rng.random() * len(legal)), until the round is over."""
    while state.outcome is None:
        legal = state.legal_moves()
        state, _ = state.apply(legal[int(rng.random() * len(legal))])
    return state.scores
