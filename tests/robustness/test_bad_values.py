"""Every public callable given bad values raises a bergen error, never another exception, and
never runs on (issue 18). The callables are listed by hand below, one entry per argument that
takes the bad value; the rest of each call is valid. A call that accepts a value (a bad value
can be a valid one: ``0`` for a seat) must give a result whose ``repr``, ``str`` and ``hash``
work. Each call is bounded by a wall-clock alarm.

Add the callables of a new public module at the end of ``CALLS``.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import random
import signal
import tempfile
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bergen
from bergen import (
    CLASSIC,
    DRAW,
    PASS,
    Action,
    Boneyard,
    Deal,
    End,
    FixedReserve,
    FixedTarget,
    GreedyBot,
    Hand,
    HandSizes,
    LineOfPlay,
    MatchState,
    PlacedTile,
    PlayerView,
    Points,
    RandomBot,
    Record,
    RecordedAction,
    RoundRecord,
    RoundState,
    Rules,
    SearchBot,
    TargetByTable,
    Tile,
    WorldSampler,
    arena,
    dump,
    dumps,
    load,
    load_bot,
    loads,
    parse_move,
    parse_short,
    perft,
    perft_counts,
    record_match,
    replay,
    sample_world,
    short,
    shuffled_tiles,
    voids,
)
from bergen.errors import BergenError
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent

SECONDS = 20  # no call may take longer (the slowest valid one, a 2-game arena, takes < 1 s)

MATCH = MatchState.new(2, seed=1)
STATE = MATCH.round
assert STATE is not None
VIEW = STATE.view(STATE.to_move)
LEGAL = STATE.legal_moves()
LINE = LineOfPlay.parse("*1-1 1-0")


def _near_end(state: RoundState, left: int) -> RoundState:
    # The state ``left`` actions before the end of a line of first legal moves: perft from it
    # is cheap at any depth.
    states = [state]
    while not states[-1].is_over:
        states.append(states[-1].apply(states[-1].legal_moves()[0])[0])
    return states[max(0, len(states) - 1 - left)]


NEAR_END = _near_end(STATE, 4)
RECORD = record_match(MATCH)
TEXT = dumps(RECORD)
DEAL = STATE.deal
assert DEAL is not None


class _Hostile:
    """An object whose repr and str fail (shown in a message as its type)."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __str__(self) -> str:
        raise RuntimeError("no str")


FIXED: list[object] = [
    None,
    True,
    False,
    -1,
    0,
    7,
    2**63,
    10**5000,  # str() of it raises ValueError: "Exceeds the limit (4300 digits)"
    -(10**5000),
    1.5,
    math.nan,
    math.inf,
    "",
    "x",
    "\x00",
    "\ud800",  # a lone surrogate: valid JSON, not UTF-8
    "a" * 100_000,
    "6-4",
    b"\x00\xff",
    [],
    [None],
    [Tile(1, 1), Tile(1, 1)],
    (),
    {},
    {"a": 1},
    set(),
    object(),
    _Hostile(),
    Tile(6, 6),
    End.LEFT,
    CLASSIC,
    io.BytesIO(),
    range(10**6),
]

VALUES = st.one_of(
    st.sampled_from(FIXED),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=6),
    st.lists(st.integers(-2, 30), max_size=4),
    st.tuples(st.integers(-2, 8), st.integers(-2, 8)),
)


ARENA_SPECS = ("random", "random")
ARENA_TMP = tempfile.mkdtemp(prefix="bergen-bad-values-")
ARENA_VALID: dict[str, object] = {
    "specs": ARENA_SPECS,
    "games": 2,
    "players": 2,
    "seed": 0,
    "rules": CLASSIC,
    "executor": None,
    "workers": 1,
    "move_time": 10.0,
    "in_process": True,
    "memory_limit": None,
    "results": None,
    "resume": False,
    "chunk": None,
    "progress": None,
}
ARENA_ARGS = list(ARENA_VALID)


def _arena_path(v: object) -> object:
    # A string is a file name: kept (NUL, surrogates, 100,000 characters and all) but put in a
    # fresh directory of its own, so that a valid one writes nowhere else.
    if isinstance(v, str) and "/" not in v:
        return os.path.join(tempfile.mkdtemp(dir=ARENA_TMP), v or "empty")
    return v


def _arena_call(name: str) -> Callable[[Any], object]:
    def call(v: object) -> object:
        if name == "results":
            v = _arena_path(v)
        kwargs = {**ARENA_VALID, name: v}
        if name == "in_process" and v is False:
            kwargs["games"] = 2  # two real bot processes: about a second
        if name == "resume" and v is True:
            kwargs["results"] = _arena_path("r.jsonl")
        return bergen.run_arena(**kwargs)  # type: ignore[arg-type]

    return call


TASK = arena.schedule(ARENA_SPECS, 2, 2, 0, in_process=True, memory_limit=None)[0]


def attrs_fields(cls: type) -> list[str]:
    return [f.name for f in bergen.rules.attrs.fields(cls)]


def _task_call(name: str) -> Callable[[Any], object]:
    return lambda v: bergen.rules.attrs.evolve(TASK, **{name: v})


RESULT_JSON = arena.result_to_json(arena.play_game(TASK))


def _rules(field: str) -> Callable[[Any], object]:
    return lambda v: Rules(**{field: v})


def _fields(sample: object, name: str) -> dict[str, Callable[[Any], object]]:
    # One entry per constructor argument of an attrs class: ``sample`` with that argument
    # replaced (attrs.evolve calls the constructor with every other argument valid).
    def entry(alias: str) -> Callable[[Any], object]:
        return lambda v: bergen.rules.attrs.evolve(sample, **{alias: v})

    return {
        f"{name}({f.alias}=v)": entry(f.alias)
        for f in bergen.rules.attrs.fields(type(sample))
        if f.init
    }


EVENT = ScoreEvent(EventKind.DOUBLE_HEADER, 0, 0, 2, 2, Tile(1, 1))
OUTCOME = Outcome(OutcomeKind.WENT_OUT, 1, 1)
ACTION = Action(1, DRAW, Tile(6, 2))
PLACED = PlacedTile(Tile(4, 1), 4, 1)
CONTEXT = STATE._context


CALLS: dict[str, Callable[[Any], object]] = {
    # tiles, hands, lines, moves, notation
    "Tile(v, 1)": lambda v: Tile(v, 1),
    "Tile(1, v)": lambda v: Tile(1, v),
    "Tile.parse(v)": lambda v: Tile.parse(v),
    "Tile.from_index(v)": lambda v: Tile.from_index(v),
    "Hand(v)": lambda v: Hand(v),
    "Hand.of(v)": lambda v: Hand.of(v),
    "Hand.parse(v)": lambda v: Hand.parse(v),
    "Boneyard(v)": lambda v: Boneyard(v),
    "Boneyard((), v)": lambda v: Boneyard((), v),
    "LineOfPlay.parse(v)": lambda v: LineOfPlay.parse(v),
    "line.place(v, R)": lambda v: LINE.place(v, End.RIGHT),
    "line.place(t, v)": lambda v: LINE.place(Tile(1, 2), v),
    "parse_move(v)": lambda v: parse_move(v),
    "parse_short(v, state)": lambda v: parse_short(v, STATE),
    "parse_short('1-1', v)": lambda v: parse_short("1-1", v),
    "short(v, state)": lambda v: short(v, STATE),
    "short(move, v)": lambda v: short(LEGAL[0], v),
    # deals
    "Deal(v, boneyard)": lambda v: Deal(v, DEAL.boneyard),
    "Deal(hands, v)": lambda v: Deal(DEAL.hands, v),
    "Deal.from_seed(v, 2, 6)": lambda v: Deal.from_seed(v, 2, 6),
    "Deal.from_seed(1, v, 6)": lambda v: Deal.from_seed(1, v, 6),
    "Deal.from_seed(1, 2, v)": lambda v: Deal.from_seed(1, 2, v),
    "Deal.from_seed(1, 2, 6, v)": lambda v: Deal.from_seed(1, 2, 6, v),
    "shuffled_tiles(v)": lambda v: shuffled_tiles(v),
    "shuffled_tiles(1, v)": lambda v: shuffled_tiles(1, v),
    # rules
    **{f"Rules({f}=v)": _rules(f) for f in bergen.rules.attrs.fields_dict(Rules)},
    "CLASSIC.replace(reserve=v)": lambda v: CLASSIC.replace(reserve=v),
    "CLASSIC.replace(v=1)": lambda v: CLASSIC.replace(**{_shown(v)[:50]: 1}),
    "Points(v, 3, 2, 2)": lambda v: Points(v, 3, 2, 2),
    "HandSizes(v, 6, 5)": lambda v: HandSizes(v, 6, 5),
    "FixedReserve(v)": lambda v: FixedReserve(v),
    "FixedTarget(v)": lambda v: FixedTarget(v),
    "TargetByTable(v)": lambda v: TargetByTable(v),
    "CLASSIC.for_table(v)": lambda v: CLASSIC.for_table(v),
    # rounds
    "RoundState.start(v)": lambda v: RoundState.start(v),
    "RoundState.start(deal, v)": lambda v: RoundState.start(DEAL, v),
    "RoundState.start(deal, dealer=v)": lambda v: RoundState.start(DEAL, dealer=v),
    "RoundState.start(deal, scores=v)": lambda v: RoundState.start(DEAL, scores=v),
    "from_position(v, ...)": lambda v: RoundState.from_position(v, (), LINE, 0),
    "from_position(hands, v, ...)": lambda v: RoundState.from_position(DEAL.hands, v, LINE, 0),
    "from_position(..., v, 0)": lambda v: RoundState.from_position(DEAL.hands, DEAL.boneyard, v, 0),
    "from_position(..., to_move=v)": lambda v: RoundState.from_position(
        DEAL.hands, DEAL.boneyard, LineOfPlay.empty(), v
    ),
    "state.apply(v)": lambda v: STATE.apply(v),
    "state.apply(move, v)": lambda v: STATE.apply(LEGAL[0], v),
    "state.check(v)": lambda v: STATE.check(v),
    "state.is_legal(v)": lambda v: STATE.is_legal(v),
    "state.view(v)": lambda v: STATE.view(v),
    "state.side_of(v)": lambda v: STATE.side_of(v),
    "state.play_out(v)": lambda v: STATE.play_out(v),
    "RoundState.from_text(v)": lambda v: RoundState.from_text(v),
    # matches
    "MatchState.new(v)": lambda v: MatchState.new(v),
    "MatchState.new(2, v)": lambda v: MatchState.new(2, v),
    "MatchState.new(2, seed=v)": lambda v: MatchState.new(2, seed=v),
    "match.apply(v)": lambda v: MATCH.apply(v),
    "match.start_round(v)": lambda v: MatchState.new(2).start_round(v),
    # views and sampling
    "PlayerView.of(v, 0)": lambda v: PlayerView.of(v, 0),
    "PlayerView.of(state, v)": lambda v: PlayerView.of(STATE, v),
    "sample_world(v, rng)": lambda v: sample_world(v, random.Random(0)),
    "sample_world(view, v)": lambda v: sample_world(VIEW, v),
    "sample_world(evolve(view, to_move=v))": lambda v: sample_world(
        bergen.rules.attrs.evolve(VIEW, to_move=v), random.Random(0)
    ),
    "sample_world(evolve(view, tile_counts=v))": lambda v: sample_world(
        bergen.rules.attrs.evolve(VIEW, tile_counts=v), random.Random(0)
    ),
    "WorldSampler(v)": lambda v: WorldSampler(v),
    "voids(v)": lambda v: voids(v),
    # bots
    "RandomBot(v)": lambda v: RandomBot(v),
    "GreedyBot(v)": lambda v: GreedyBot(v),
    "SearchBot(v)": lambda v: SearchBot(v, playouts=20),
    "SearchBot(0, playouts=v)": lambda v: SearchBot(0, playouts=v),
    "GreedyBot(0).choose(v, legal)": lambda v: GreedyBot(0).choose(v, LEGAL),
    "GreedyBot(0).choose(view, v)": lambda v: GreedyBot(0).choose(VIEW, v),
    "RandomBot(0).choose(view, v)": lambda v: RandomBot(0).choose(VIEW, v),
    "SearchBot(0).choose(view, v)": lambda v: SearchBot(0, playouts=20).choose(VIEW, v),
    "load_bot(v)": lambda v: load_bot(v),
    "load_bot('greedy', v)": lambda v: load_bot("greedy", v),
    # records
    "loads(v)": lambda v: loads(v),
    "load(v)": lambda v: load(v),
    "load(StringIO(v))": lambda v: load(io.StringIO(v if isinstance(v, str) else _shown(v))),
    "dumps(v)": lambda v: dumps(v),
    "dump(record, v)": lambda v: dump(RECORD, v if not isinstance(v, str) or not v else os.devnull),
    "replay(v)": lambda v: replay(v),
    "record_match(v)": lambda v: record_match(v),
    "record_match(match, names=v)": lambda v: record_match(MATCH, names=v),
    "record_match(match, meta=v)": lambda v: record_match(MATCH, meta=v),
    "Record(rules=v)": lambda v: Record(rules=v, names=(None, None), rounds=()),
    "Record(names=v)": lambda v: Record(rules=CLASSIC, names=v, rounds=()),
    "Record(rounds=v)": lambda v: Record(rules=CLASSIC, names=(None, None), rounds=v),
    "Record(meta=v)": lambda v: Record(rules=CLASSIC, names=(None, None), rounds=(), meta=v),
    "Record(seed=v)": lambda v: Record(rules=CLASSIC, names=(None, None), rounds=(), seed=v),
    "dumps(Record(names=v))": lambda v: dumps(Record(rules=CLASSIC, names=v, rounds=())),
    "dumps(Record(meta=v))": lambda v: dumps(
        Record(rules=CLASSIC, names=(None, None), rounds=(), meta=v)
    ),
    "RoundRecord(actions=v)": lambda v: RoundRecord(
        dealer=None, deal=DEAL, position=None, actions=v, events=()
    ),
    "RecordedAction(DRAW, v)": lambda v: RecordedAction(DRAW, v),
    "RecordedAction(PASS, v)": lambda v: RecordedAction(PASS, v),
    "perft(v, 1)": lambda v: perft(v, 1),
    "perft(state, v)": lambda v: perft(NEAR_END, v),
    "perft_counts(state, v)": lambda v: perft_counts(NEAR_END, v),
    # ---- issue 18, constructors: every argument of each checked class, the others valid
    **_fields(EVENT, "ScoreEvent"),
    **_fields(OUTCOME, "Outcome"),
    **_fields(ACTION, "Action"),
    **_fields(PLACED, "PlacedTile"),
    **_fields(VIEW, "PlayerView"),
    **_fields(CONTEXT, "RoundContext"),
    # arenas (in-process random bots: a valid call is a couple of quick games)
    **{f"run_arena({k}=v)": _arena_call(k) for k in ARENA_ARGS},
    "schedule(v, ...)": lambda v: arena.schedule(v, 2, 2, 0),
    "schedule(specs, v, ...)": lambda v: arena.schedule(ARENA_SPECS, v, 2, 0),
    "schedule(specs, 2, v, 0)": lambda v: arena.schedule(ARENA_SPECS, 2, v, 0),
    "schedule(specs, 2, 2, v)": lambda v: arena.schedule(ARENA_SPECS, 2, 2, v),
    "schedule(..., rules=v)": lambda v: arena.schedule(ARENA_SPECS, 2, 2, 0, v),
    "schedule(..., move_time=v)": lambda v: arena.schedule(ARENA_SPECS, 2, 2, 0, move_time=v),
    "games_for_all_lineups(v, 2)": lambda v: arena.games_for_all_lineups(v, 2),
    "games_for_all_lineups(2, v)": lambda v: arena.games_for_all_lineups(2, v),
    "games_for_all_lineups(4, 4, partnerships=v)": lambda v: arena.games_for_all_lineups(
        4, 4, partnerships=v
    ),
    **{f"GameTask({k}=v)": _task_call(k) for k in attrs_fields(arena.GameTask)},
    "play_game(v)": lambda v: arena.play_game(v),
    "play_games(v)": lambda v: arena.play_games(v),
    "play_games([v])": lambda v: arena.play_games([v]),
    "result_from_json(v)": lambda v: arena.result_from_json(v),
    "result_from_json({..., field: v})": lambda v: [
        arena.result_from_json({**RESULT_JSON, k: v}) for k in RESULT_JSON
    ],
    "bot_command(v)": lambda v: arena.bot_command(v),
    "wilson_interval(v, 10)": lambda v: arena.wilson_interval(v, 10),
    "wilson_interval(3, v)": lambda v: arena.wilson_interval(3, v),
    "wilson_interval(3, 10, v)": lambda v: arena.wilson_interval(3, 10, v),
}


WRITES_FILES = {"dump(record, v)"}


class _Timeout(BaseException):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


def _call(name: str, value: object) -> None:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        try:
            result = CALLS[name](value)
        except BergenError:
            return
        except OSError:
            # A file system's refusal is OSError, as documented, for calls that write files.
            if name not in WRITES_FILES:
                raise
            return
        # Accepted: the result must be a value that can be shown and hashed (or refuses it).
        for show in (repr, str):
            show(result)
        assert result == result  # __eq__ must work
        with contextlib.suppress(TypeError):  # unhashable (a list, a bot): allowed
            hash(result)
    except _Timeout:
        pytest.fail(f"{name} with {_shown(value)} ran for more than {SECONDS} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _shown(value: object) -> str:
    return bergen.errors._brief(value)


@pytest.mark.parametrize("name", list(CALLS))
def test_fixed_battery(name: str) -> None:
    for value in FIXED:
        try:
            _call(name, value)
        except BergenError:
            raise
        except Exception as e:
            raise AssertionError(f"{name} with {_shown(value)}: {type(e).__name__}: {e}") from e


# Valid values of these make real work (an arena of 50,000 games): fixed values only.
WORK_GROWS: set[str] = {
    "run_arena(games=v)",  # a million games
    "run_arena(workers=v)",  # a pool of 256 processes
    "run_arena(chunk=v)",
    "schedule(specs, v, ...)",  # a million tasks
}


@pytest.mark.parametrize("name", [n for n in CALLS if n not in WORK_GROWS])
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=VALUES)
def test_generated_values(name: str, value: object) -> None:
    _call(name, value)
