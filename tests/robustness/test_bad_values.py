"""Every public callable given bad values raises a bergen error, never another exception, and
never runs on (issue 18). The callables are listed by hand below, one entry per argument that
takes the bad value; the rest of each call is valid. A call that accepts a value (a bad value
can be a valid one: ``0`` for a seat) must give a result whose ``repr``, ``str`` and ``hash``
work. Each call is bounded by a wall-clock alarm.

Add the callables of a new public module at the end of ``CALLS``.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import math
import os
import random
import re
import signal
import tempfile
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bergen
import bergen.public
import bergen.records.public
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
    analysis,
    arena,
    display,
    dump,
    dumps,
    load,
    load_bot,
    loads,
    parse_move,
    parse_short,
    perft,
    perft_counts,
    position_text,
    protocol,
    record_match,
    records,
    replay,
    sample_world,
    short,
    shuffled_tiles,
    solver,
    svg,
    tournament,
    voids,
)
from bergen.adapters import encoding
from bergen.bots import BayesBot, ISMCTSBot, MatchEquity, OpponentModel, PIMCBot, StrategyBot
from bergen.errors import BergenError
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.protocol import codec, delta
from bergen.records import Position
from bergen.records import view as rview
from bergen.rollout import rollout

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
    "lineups": "round-robin",
    "sprt": None,
    "bot_user": None,
    "bot_prefix": (),
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


GAME_RESULT = arena.play_game(TASK)
EQUITY = MatchEquity({(1, 0): 0.5, (0, 1): 0.5}, 3, False)
RESULT_JSON = arena.result_to_json(GAME_RESULT)
ARENA_RESULT = bergen.run_arena(ARENA_SPECS, 2, 2, in_process=True, memory_limit=None)
FORFEIT = arena.Forfeit(0, 1, 1, "random", "time", "took 1.2 s", 0, "hand 6-6")


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


def _plain_fields(sample: Any, name: str, fields: tuple[str, ...]) -> dict[str, Any]:
    # As _fields, for the plain classes of the states (not attrs classes): ``sample`` rebuilt
    # by its constructor with one argument replaced.
    def entry(field: str) -> Callable[[Any], object]:
        return lambda v: type(sample)(**{**{f: getattr(sample, f) for f in fields}, field: v})

    return {f"{name}({f}=v)": entry(f) for f in fields}


def _replaced(receiver: str, sample: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    # One entry per field of a state's replace(): ``receiver.replace(field=v)``.
    def entry(field: str) -> Callable[[Any], object]:
        return lambda v: sample.replace(**{field: v})

    return {f"{receiver}.replace({f}=v)": entry(f) for f in fields}


EVENT = ScoreEvent(EventKind.DOUBLE_HEADER, 0, 0, 2, 2, Tile(1, 1))
OUTCOME = Outcome(OutcomeKind.WENT_OUT, 1, 1)
ACTION = Action(1, DRAW, Tile(6, 2))
PLACED = PlacedTile(Tile(4, 1), 4, 1)
CONTEXT = STATE._context


def _is_count(value: object) -> bool:
    return type(value) is int and value > 0


def _refused_or_none(call: Callable[[], object]) -> object:
    # One field of many: a bergen error for that field is the answer wanted; go on to the next.
    try:
        return call()
    except BergenError:
        return None


LINE_TILES = (Tile(6, 4), Tile(1, 1))


# ---- issue 18: the values the later modules' entries are built on
def _played(match: MatchState, moves: int) -> MatchState:
    for _ in range(moves):
        match = match.apply(match.legal_moves()[0])[0]
    return match


PLAYED = _played(MATCH, 12)  # a dozen moves into the first round
PLAYED_RECORD = record_match(PLAYED)
SOLVE_STATE = _near_end(STATE, 6)
SOLUTION = solver.solve(SOLVE_STATE)
VIEW_RECORD = rview.record_view(PLAYED, 0)
VIEW_TEXT = rview.dumps_view(VIEW_RECORD)
POSITION = position_text.parse_position(NEAR_END.to_text())
VIEW_POSITION = position_text.parse_position(PLAYED.round.view(0).to_text())  # type: ignore[union-attr]
HANDSHAKE = codec.Handshake(1, "b", None, (codec.BotOption("depth", "int", 1),))
NEW_GAME = codec.NewGame(CLASSIC, 2, False, 0, 15, 1, (("depth", 2),))
DECIDE = codec.Decide(VIEW, tuple(LEGAL), 1.0)
NEXT = codec.Next(len(VIEW.history), (), (), VIEW.scores, tuple(LEGAL), 1.0)
VIEW_JSON = codec.view_to_json(VIEW)
REPLAYED = replay(PLAYED_RECORD)
ANALYSIS = analysis.analyse(PLAYED_RECORD, seat=0, max_nodes=50)
DECISION = ANALYSIS.decisions[0]
POSITION_RECORD = Position(
    hands=tuple(h.tiles for h in NEAR_END.hands),
    boneyard=NEAR_END.boneyard.tiles,
    line=NEAR_END.line,
    to_move=NEAR_END.to_move,
    scores=NEAR_END.scores,
)
EVENTS = tuple(e for r in REPLAYED.rounds for e in r.events)
TABLE_KW: dict[str, Any] = {
    "title": "t",
    "hands": [STATE.hands[0].tiles, 6],
    "ln": LINE,
    "boneyard": 14,
    "scores": [0, 0],
    "target": 15,
    "partnerships": False,
    "to_move": 0,
    "status": "s",
    "last": None,
    "legal": (),
}
TEXT_KW: dict[str, Any] = {
    "rules": CLASSIC,
    "hands": [STATE.hands[0].tiles, 6],
    "line": LINE,
    "boneyard": 14,
    "drawable": 12,
    "scores": [0, 0],
    "target": 15,
    "dealer": 0,
    "to_move": 0,
    "outcome": None,
    "title": "t",
}


def _kw(call: Callable[..., object], base: dict[str, Any], key: str) -> Callable[[Any], object]:
    return lambda v: call(**{**base, key: v})


def _bot(cls: Callable[..., Any], **fixed: Any) -> dict[str, Callable[[Any], object]]:
    # A bot's constructor, one entry per argument, and its choose with a bad view or moves.
    name = getattr(cls, "__name__", "bot")
    params = [p for p in inspect.signature(cls).parameters if p not in fixed]

    def arg(key: str) -> Callable[[Any], object]:
        return lambda v: cls(**{**fixed, key: v})

    return {
        **{f"{name}({p}=v)": arg(p) for p in params},
        f"{name}().choose(v, legal)": lambda v: cls(**fixed).choose(v, LEGAL),
        f"{name}().choose(view, v)": lambda v: cls(**fixed).choose(VIEW, v),
    }


ARGS = ("base", "score", "target")
RED = (3, 13, 15)  # a triple header two points from the target of 15 (rule 6)


def _new_game(key: str) -> Callable[[Any], object]:
    # ProtocolBot.new_game with ``key`` bad; a valid call starts ``true``, which exits at once.
    valid = {"players": 2, "seat": 0, "partnerships": False}
    return lambda v: protocol.ProtocolBot(["true"]).new_game(CLASSIC, **{**valid, key: v})


def _reduce(cls: Callable[[], Any], at: int) -> Callable[[Any], object]:
    return lambda v: cls().reduce(*[v if at == j else a for j, a in enumerate(RED)])


def _winner(cls: Callable[[], Any]) -> Callable[[Any], object]:
    return lambda v: cls().winner(v)


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
    "RoundState.from_position(v, ...)": lambda v: RoundState.from_position(v, (), LINE, 0),
    "RoundState.from_position(hands, v, ...)": lambda v: RoundState.from_position(
        DEAL.hands, v, LINE, 0
    ),
    "RoundState.from_position(..., v, 0)": lambda v: RoundState.from_position(
        DEAL.hands, DEAL.boneyard, v, 0
    ),
    "RoundState.from_position(..., to_move=v)": lambda v: RoundState.from_position(
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
    # ---- issue 18: the modules added after the battery (solver, analysis, bots, protocol,
    # position text, pictures, view records, encodings) and the constructors, one entry per
    # argument (the others valid)
    **_plain_fields(EVENT, "ScoreEvent", ScoreEvent.__match_args__),
    **_plain_fields(OUTCOME, "Outcome", Outcome.__match_args__),
    **_replaced("state", STATE, ("to_move", "scores", "outcome", "context", "position", "trail")),
    **_replaced(
        "match",
        MATCH,
        (
            "rules",
            "seats",
            "seed",
            "shuffles",
            "dealer",
            "scores",
            "target",
            "round",
            "rounds",
            "redeals",
        ),
    ),
    **_fields(ACTION, "Action"),
    **_fields(PLACED, "PlacedTile"),
    **_fields(VIEW, "PlayerView"),
    **_fields(CONTEXT, "RoundContext"),
    **_fields(CLASSIC.for_table(2), "TableRules"),
    **_fields(POSITION_RECORD, "Position"),
    **_fields(PLAYED_RECORD.rounds[0].events[0], "RecordedEvent"),
    **_fields(PLAYED_RECORD.rounds[0], "RoundRecord"),
    **_fields(REPLAYED, "ReplayResult"),
    **_fields(REPLAYED.rounds[0], "RoundReplay"),
    **_fields(REPLAYED.rounds[0].steps[0], "ReplayStep"),
    **_fields(VIEW_RECORD, "ViewRecord"),
    **_fields(VIEW_RECORD.rounds[0], "ViewRound"),
    **_fields(SOLUTION, "Solution"),
    **_fields(SOLUTION.values[0], "MoveValue"),
    **_fields(ANALYSIS, "Analysis"),
    **_fields(DECISION, "Decision"),
    **_fields(POSITION, "PositionText"),
    **_fields(VIEW_POSITION.history[0], "TextAction"),
    **_fields(encoding.OBSERVATION_FIELDS[0], "encoding.Field"),
    **_fields(HANDSHAKE.options[0], "BotOption"),
    **_fields(HANDSHAKE, "Handshake"),
    **_fields(codec.Hello(), "Hello"),
    **_fields(NEW_GAME, "NewGame"),
    **_fields(DECIDE, "Decide"),
    **_fields(NEXT, "Next"),
    **_fields(codec.MoveReply(LEGAL[0]), "MoveReply"),
    **_fields(codec.ErrorReply("illegal", "no move"), "ErrorReply"),
    # tiles, moves, sampling, rollouts
    "Lead(v)": lambda v: bergen.Lead(v),
    "Play(v, End.LEFT)": lambda v: bergen.Play(v, End.LEFT),
    "Play(t, v)": lambda v: bergen.Play(Tile(6, 4), v),
    "tile_mask(v)": lambda v: bergen.tiles.tile_mask(v),
    "tiles_of_mask(v)": lambda v: bergen.tiles.tiles_of_mask(v),
    "moves.action_of(v)": lambda v: bergen.moves.action_of(v),
    "moves.move_of(v)": lambda v: bergen.moves.move_of(v),
    "sampler_for(v)": lambda v: bergen.sampling.sampler_for(v),
    "rollout(v)": lambda v: rollout(v),
    "rollout(state, v)": lambda v: rollout(STATE, v),
    "rollout(state, 'random', v)": lambda v: rollout(STATE, "random", v),
    # the solver and the analysis
    "solve(v)": lambda v: solver.solve(v),
    "solve(state, max_nodes=v)": lambda v: solver.solve(SOLVE_STATE, max_nodes=v),
    "solve(state, seconds=v)": lambda v: solver.solve(SOLVE_STATE, seconds=v),
    "solution.value_of(v)": lambda v: SOLUTION.value_of(v),
    "analyse(v)": lambda v: analysis.analyse(v, max_nodes=50),
    "analyse(record, seat=v)": lambda v: analysis.analyse(PLAYED_RECORD, seat=v, max_nodes=50),
    "analyse(record, max_nodes=v)": lambda v: analysis.analyse(
        REPLAYED, seat=0, max_nodes=v if not _is_count(v) else min(v, 50)
    ),
    "analyse(record, seconds=v)": lambda v: analysis.analyse(
        REPLAYED, seat=0, max_nodes=50, seconds=v
    ),
    "analysis.lost(v)": lambda v: ANALYSIS.lost(v),
    # bots
    **_bot(StrategyBot, seed=0),
    **_bot(ISMCTSBot, seed=0, iterations=20),
    **_bot(PIMCBot, seed=0, worlds=2, max_nodes=200),
    "ISMCTSBot().choose(view, legal, seconds=v)": lambda v: ISMCTSBot(0, iterations=20).choose(
        VIEW, LEGAL, seconds=v
    ),
    "PIMCBot().choose(view, legal, seconds=v)": lambda v: PIMCBot(
        0, worlds=2, max_nodes=200
    ).choose(VIEW, LEGAL, seconds=v),
    **_bot(BayesBot, seed=0, iterations=20, worlds=4),
    "BayesBot().choose(view, legal, seconds=v)": lambda v: BayesBot(
        0, iterations=20, worlds=4
    ).choose(VIEW, LEGAL, seconds=v),
    "OpponentModel(v)": lambda v: OpponentModel(v),
    "OpponentModel(temperature=v)": lambda v: OpponentModel(temperature=v),
    "OpponentModel(epsilon=v)": lambda v: OpponentModel(epsilon=v),
    "OpponentModel().from_utilities(v)": lambda v: OpponentModel().from_utilities(v),
    "OpponentModel().move_probabilities(v, legal)": lambda v: OpponentModel().move_probabilities(
        v, LEGAL
    ),
    "OpponentModel().move_probabilities(view, v)": lambda v: OpponentModel().move_probabilities(
        VIEW, v
    ),
    "weighted_worlds(v, 2, rng)": lambda v: bergen.bots.weighted_worlds(v, 2, random.Random(0)),
    "weighted_worlds(view, v, rng)": lambda v: bergen.bots.weighted_worlds(
        VIEW, v if not _is_count(v) else min(v, 4), random.Random(0)
    ),
    "weighted_worlds(view, 2, v)": lambda v: bergen.bots.weighted_worlds(VIEW, 2, v),
    "weighted_worlds(view, 2, rng, v)": lambda v: bergen.bots.weighted_worlds(
        VIEW, 2, random.Random(0), v
    ),
    "weighted_worlds(view, 2, rng, sampler=v)": lambda v: bergen.bots.weighted_worlds(
        VIEW, 2, random.Random(0), sampler=v
    ),
    "MatchEquity(v, 10, False)": lambda v: MatchEquity(v, 10, False),
    "MatchEquity(gains, v, False)": lambda v: MatchEquity({(1, 0): 1.0}, v, False),
    "MatchEquity(gains, 10, v)": lambda v: MatchEquity({(1, 0): 1.0}, 10, v),
    "MatchEquity.for_rules(v, 2)": lambda v: MatchEquity.for_rules(v, 2, rounds=5),
    "MatchEquity.for_rules(rules, v)": lambda v: MatchEquity.for_rules(CLASSIC, v, rounds=5),
    "MatchEquity.for_rules(rules, 2, v)": lambda v: MatchEquity.for_rules(
        CLASSIC, 2, v if not _is_count(v) else min(v, 5)
    ),
    "MatchEquity().chance(v, 0)": lambda v: EQUITY.chance(v, 0),
    "MatchEquity().chance(0, v)": lambda v: EQUITY.chance(0, v),
    "move_seconds(v)": lambda v: bergen.bots.move_seconds(v),
    "move_seconds(1.0, v)": lambda v: bergen.bots.move_seconds(1.0, v),
    "takes_seconds(v)": lambda v: bergen.bots.takes_seconds(v),
    "bot_factory(v)": lambda v: bergen.bots.bot_factory(v),
    "parse_bot_spec(v)": lambda v: bergen.bots.parse_bot_spec(v),
    "greedy_key(v, move)": lambda v: bergen.bots.greedy_key(v, LEGAL[0]),
    "greedy_key(view, v)": lambda v: bergen.bots.greedy_key(VIEW, v),
    "points_now(v, move)": lambda v: bergen.bots.points_now(v, LEGAL[0]),
    "points_now(view, v)": lambda v: bergen.bots.points_now(VIEW, v),
    "greedy_rollout(v, rng)": lambda v: bergen.bots.greedy_rollout(v, random.Random(0)),
    "greedy_rollout(state, v)": lambda v: bergen.bots.greedy_rollout(STATE, v),
    # the bot protocol (ProtocolBot starts no process until it is asked to move)
    "ProtocolBot(v)": lambda v: protocol.ProtocolBot(v),
    **{
        f"ProtocolBot(cmd, {k}=v)": _kw(protocol.ProtocolBot, {"command": ["true"]}, k)
        for k in ("name", "move_time", "start_time", "memory_limit", "cwd", "env", "options")
    },
    "ProtocolBot(cmd, stderr=v)": lambda v: protocol.ProtocolBot(
        ["true"], stderr=v if not isinstance(v, str) or not v else os.devnull
    ),
    "python_bot_command(v)": lambda v: protocol.python_bot_command(v),
    "bot_options(v)": lambda v: protocol.bot_options(v),
    "serve(v, stdin, stdout)": lambda v: protocol.serve(v, io.BytesIO(), io.BytesIO()),
    "serve(spec, v, stdout)": lambda v: protocol.serve("random", v, io.BytesIO()),
    "serve(spec, stdin, v)": lambda v: protocol.serve(
        "random", io.BytesIO(codec.encode(codec.hello_request())), v
    ),
    "serve(spec, stdin, stdout, v)": lambda v: protocol.serve(
        "random", io.BytesIO(b"junk\n"), io.BytesIO(), v
    ),
    "encode(v)": lambda v: codec.encode(v),
    "encode({type: v})": lambda v: codec.encode({"type": v}),
    "hello_reply(v)": lambda v: codec.hello_reply(v),
    "new_game_request(v)": lambda v: codec.new_game_request(v),
    "hello_request(v)": lambda v: codec.hello_request(v),
    "next_request(v, view, legal, t)": lambda v: delta.next_request(v, VIEW, LEGAL, 1.0),
    "next_request(previous, v, legal, t)": lambda v: delta.next_request(VIEW, v, LEGAL, 1.0),
    "next_request(previous, view, v, t)": lambda v: delta.next_request(VIEW, VIEW, v, 1.0),
    "next_request(previous, view, legal, v)": lambda v: delta.next_request(VIEW, VIEW, LEGAL, v),
    "advance_view(v, next)": lambda v: delta.advance_view(v, NEXT),
    "advance_view(view, v)": lambda v: delta.advance_view(VIEW, v),
    "decide_request(v, legal, t)": lambda v: codec.decide_request(v, LEGAL, 1.0),
    "decide_request(view, v, t)": lambda v: codec.decide_request(VIEW, v, 1.0),
    "decide_request(view, legal, v)": lambda v: codec.decide_request(VIEW, LEGAL, v),
    "parse_reply(v)": lambda v: codec.parse_reply(v),
    "parse_request(v)": lambda v: codec.parse_request(v),
    "view_from_json(v)": lambda v: codec.view_from_json(v),
    "view_from_json({..., field: v})": lambda v: [
        _refused_or_none(lambda k=k: codec.view_from_json({**VIEW_JSON, k: v})) for k in VIEW_JSON
    ],
    "view_from_json(obj, v)": lambda v: codec.view_from_json(VIEW_JSON, v),
    "view_to_json(v)": lambda v: codec.view_to_json(v),
    # the position notation
    "parse_position(v)": lambda v: position_text.parse_position(v),
    "format_position(v)": lambda v: position_text.format_position(v),
    "field_starts(v)": lambda v: position_text.field_starts(v),
    "PlayerView.from_text(v)": lambda v: PlayerView.from_text(v),
    "RoundState.from_text(text, seed=v)": lambda v: RoundState.from_text(
        NEAR_END.to_text(), seed=v
    ),
    # pictures and text
    "svg.tile(v)": lambda v: svg.tile(v),
    **{
        f"svg.tile(t, {k}=v)": _kw(svg.tile, {"t": Tile(6, 4)}, k)
        for k in ("size", "orientation", "first", "face_down", "highlight")
    },
    "svg.hand(v)": lambda v: svg.hand(v),
    **{
        f"svg.hand(tiles, {k}=v)": _kw(svg.hand, {"tiles": LINE_TILES}, k)
        for k in ("size", "highlight", "face_down")
    },
    "svg.line(v)": lambda v: svg.line(v),
    **{
        f"svg.line(ln, {k}=v)": _kw(svg.line, {"ln": LINE}, k)
        for k in ("size", "orientation", "last")
    },
    "svg.table(v)": lambda v: svg.table(v),
    **{
        f"svg.table(state, {k}=v)": _kw(svg.table, {"position": STATE}, k)
        for k in ("size", "highlight_last", "highlight_legal", "orientation", "colour")
    },
    **{
        f"svg.table_picture({k}=v)": _kw(svg.table_picture, TABLE_KW, k)
        for k in (*TABLE_KW, "size", "orientation")
    },
    "line_text(v)": lambda v: display.line_text(v),
    "status_text(v, 0, False)": lambda v: display.status_text(v, 0, False),
    "status_text(None, v, False)": lambda v: display.status_text(None, v, False),
    "status_text(None, 0, v)": lambda v: display.status_text(None, 0, v),
    **{f"table_text({k}=v)": _kw(display.table_text, TEXT_KW, k) for k in TEXT_KW},
    "state.to_svg(size=v)": lambda v: STATE.to_svg(size=v),
    "view.to_svg(orientation=v)": lambda v: VIEW.to_svg(orientation=v),
    # records: JSON helpers and player-view records
    "format_json(v)": lambda v: records.format_json(v),
    "record_from_json(v)": lambda v: records.record_from_json(v),
    "record_schema(v)": lambda v: records.record_schema(v),
    "record_to_json(v)": lambda v: records.record_to_json(v),
    "rules_from_json(v)": lambda v: records.rules_from_json(v),
    "rules_from_json(obj, v)": lambda v: records.rules_from_json({"preset": "classic"}, v),
    "rules_to_json(v)": lambda v: records.rules_to_json(v),
    "record_view(v, 0)": lambda v: rview.record_view(v, 0),
    "record_view(match, v)": lambda v: rview.record_view(PLAYED, v),
    "record_view(match, 0, names=v)": lambda v: rview.record_view(PLAYED, 0, names=v),
    "dumps_view(v)": lambda v: rview.dumps_view(v),
    "loads_view(v)": lambda v: rview.loads_view(v),
    "load_view(v)": lambda v: rview.load_view(v),
    "load_view(StringIO(v))": lambda v: rview.load_view(
        io.StringIO(v if isinstance(v, str) else _shown(v))
    ),
    "replay_view(v)": lambda v: rview.replay_view(v),
    "view_record_to_json(v)": lambda v: rview.view_record_to_json(v),
    # encodings for learning libraries
    "encoding.action_mask(v)": lambda v: encoding.action_mask(v),
    "encoding.action_of(v)": lambda v: encoding.action_of(v),
    "encoding.action_text(v)": lambda v: encoding.action_text(v),
    "encoding.between_rounds(v, scores, 15)": lambda v: encoding.between_rounds(v, (0, 0), 15),
    "encoding.between_rounds(0, v, 15)": lambda v: encoding.between_rounds(0, v, 15),
    "encoding.between_rounds(0, scores, v)": lambda v: encoding.between_rounds(0, (0, 0), v),
    "encoding.between_rounds(0, scores, 15, v)": lambda v: encoding.between_rounds(
        0, (0, 0), 15, v
    ),
    "encoding.legal_actions(v)": lambda v: encoding.legal_actions(v),
    "encoding.max_score(v, 2)": lambda v: encoding.max_score(v, 2),
    "encoding.max_score(rules, v)": lambda v: encoding.max_score(CLASSIC, v),
    "encoding.move_for(v, 0)": lambda v: encoding.move_for(v, 0),
    "encoding.move_for(state, v)": lambda v: encoding.move_for(STATE, v),
    "encoding.move_of(v)": lambda v: encoding.move_of(v),
    "encoding.observation(v)": lambda v: encoding.observation(v),
    "encoding.observation_high(v, 2)": lambda v: encoding.observation_high(v, 2),
    "encoding.observation_high(rules, v)": lambda v: encoding.observation_high(CLASSIC, v),
    "encoding.observation_text(v)": lambda v: encoding.observation_text(v),
    "encoding.render_text(v)": lambda v: encoding.render_text(v),
    "encoding.rules_from(v)": lambda v: encoding.rules_from(v),
    **{
        f"encoding.rules_from({k}=v)": _kw(encoding.rules_from, {}, k)
        for k in ("partnerships", "target", "drawing", "reserve", "no_double")
    },
    "encoding.side_points(v, 2, False)": lambda v: encoding.side_points(v, 2, False),
    "encoding.side_points(events, v, False)": lambda v: encoding.side_points(EVENTS, v, False),
    "encoding.side_points(events, 2, v)": lambda v: encoding.side_points(EVENTS, 2, v),
    # arenas (in-process random bots: a valid call is a couple of quick games)
    **{f"run_arena({k}=v)": _arena_call(k) for k in ARENA_ARGS},
    "schedule(v, ...)": lambda v: arena.schedule(v, 2, 2, 0),
    "schedule(specs, v, ...)": lambda v: arena.schedule(ARENA_SPECS, v, 2, 0),
    "schedule(specs, 2, v, 0)": lambda v: arena.schedule(ARENA_SPECS, 2, v, 0),
    "schedule(specs, 2, 2, v)": lambda v: arena.schedule(ARENA_SPECS, 2, 2, v),
    "schedule(..., rules=v)": lambda v: arena.schedule(ARENA_SPECS, 2, 2, 0, v),
    "schedule(..., move_time=v)": lambda v: arena.schedule(ARENA_SPECS, 2, 2, 0, move_time=v),
    "schedule(..., lineups=v)": lambda v: arena.schedule(ARENA_SPECS, 2, 2, 0, lineups=v),
    "games_for_all_lineups(2, 2, lineups=v)": lambda v: arena.games_for_all_lineups(
        2, 2, lineups=v
    ),
    "lineup_count(v, 2, kind=...)": lambda v: tournament.lineup_count(v, 2, kind="gauntlet"),
    "lineup_count(3, v, kind=...)": lambda v: tournament.lineup_count(3, v, kind="gauntlet"),
    "lineup_count(3, 2, kind=v)": lambda v: tournament.lineup_count(3, 2, kind=v),
    "lineup_count(4, 4, partnerships=v, kind=...)": lambda v: tournament.lineup_count(
        4, 4, partnerships=v, kind="round-robin"
    ),
    "round_robin_lineups(3, 2, limit=v)": lambda v: tournament.round_robin_lineups(3, 2, limit=v),
    "gauntlet_lineups(3, 2, limit=v)": lambda v: tournament.gauntlet_lineups(3, 2, limit=v),
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
    **_fields(ARENA_RESULT, "ArenaResult"),
    **_fields(ARENA_RESULT.games[0], "GameResult"),
    **_fields(FORFEIT, "Forfeit"),
    **_fields(ARENA_RESULT.stats()[0], "EntrantStats"),
    "GameResult.side_of(v)": lambda v: ARENA_RESULT.games[0].side_of(v),
    "result_to_json(v)": lambda v: arena.result_to_json(v),
    "bot_command(v)": lambda v: arena.bot_command(v),
    "arena.wilson_interval(v, 10)": lambda v: arena.wilson_interval(v, 10),
    "arena.wilson_interval(3, v)": lambda v: arena.wilson_interval(3, v),
    "arena.wilson_interval(3, 10, v)": lambda v: arena.wilson_interval(3, 10, v),
    # bergen.tournament
    "tournament.wilson_interval(v, 10)": lambda v: tournament.wilson_interval(v, 10),
    "tournament.wilson_interval(3, v)": lambda v: tournament.wilson_interval(3, v),
    "tournament.wilson_interval(3, 10, v)": lambda v: tournament.wilson_interval(3, 10, v),
    "round_robin_lineups(v, 2)": lambda v: tournament.round_robin_lineups(v, 2),
    "round_robin_lineups(3, v)": lambda v: tournament.round_robin_lineups(3, v),
    "round_robin_lineups(3, 4, partnerships=v)": lambda v: tournament.round_robin_lineups(
        3, 4, partnerships=v
    ),
    "gauntlet_lineups(v, 2)": lambda v: tournament.gauntlet_lineups(v, 2),
    "gauntlet_lineups(3, v)": lambda v: tournament.gauntlet_lineups(3, v),
    "gauntlet_lineups(3, 4, partnerships=v)": lambda v: tournament.gauntlet_lineups(
        3, 4, partnerships=v
    ),
    "side_ranks(v)": lambda v: tournament.side_ranks(v),
    "pair_score(v, 0, 1)": lambda v: tournament.pair_score(v, 0, 1),
    "pair_score(game, v, 1)": lambda v: tournament.pair_score(GAME_RESULT, v, 1),
    "pair_score(game, 0, v)": lambda v: tournament.pair_score(GAME_RESULT, 0, v),
    "crosstable(v, 2)": lambda v: tournament.crosstable(v, 2),
    "crosstable([v], 2)": lambda v: tournament.crosstable([v], 2),
    "crosstable(games, v)": lambda v: tournament.crosstable([GAME_RESULT], v),
    "crosstable_text(v, specs)": lambda v: tournament.crosstable_text(v, ARENA_SPECS),
    "crosstable_text(table, v)": lambda v: tournament.crosstable_text(
        tournament.crosstable([GAME_RESULT], 2), v
    ),
    "ratings(v, 2)": lambda v: tournament.ratings(v, 2),
    "ratings([v], 2)": lambda v: tournament.ratings([v], 2),
    "ratings(games, v)": lambda v: tournament.ratings([GAME_RESULT], v),
    "group_scores(v, 2, 0, 1)": lambda v: tournament.group_scores(v, 2, 0, 1),
    "group_scores(games, v, 0, 1)": lambda v: tournament.group_scores([GAME_RESULT], v, 0, 1),
    "group_scores(games, 2, v, 1)": lambda v: tournament.group_scores([GAME_RESULT], 2, v, 1),
    "group_scores(games, 2, 0, v)": lambda v: tournament.group_scores([GAME_RESULT], 2, 0, v),
    "score_of_elo(v)": lambda v: tournament.score_of_elo(v),
    "elo_of_score(v)": lambda v: tournament.elo_of_score(v),
    "SPRTTest(elo0=v)": lambda v: tournament.SPRTTest(elo0=v),
    "SPRTTest(elo1=v)": lambda v: tournament.SPRTTest(elo1=v),
    "SPRTTest(alpha=v)": lambda v: tournament.SPRTTest(alpha=v),
    "SPRTTest(beta=v)": lambda v: tournament.SPRTTest(beta=v),
    "SPRTTest().llr(v)": lambda v: tournament.SPRTTest().llr(v),
    "SPRTTest().state(v)": lambda v: tournament.SPRTTest().state(v),
    # scorekeeping from public information
    "PublicRound.start(v, 3)": lambda v: bergen.PublicRound.start(v, 3),
    "PublicRound.start(SIMPLE, v)": lambda v: bergen.PublicRound.start(bergen.SIMPLE, v),
    "PublicRound.start(SIMPLE, 3, scores=v)": lambda v: bergen.PublicRound.start(
        bergen.SIMPLE, 3, scores=v
    ),
    "PublicRound.start(SIMPLE, 3, dealer=v)": lambda v: bergen.PublicRound.start(
        bergen.SIMPLE, 3, dealer=v
    ),
    "PublicRound.start(SIMPLE, 3, hand_size=v)": lambda v: bergen.PublicRound.start(
        bergen.SIMPLE, 3, hand_size=v
    ),
    "public_round.apply(v, 0)": lambda v: PUBLIC.apply(v, 0),
    "public_round.apply('1-1', v)": lambda v: PUBLIC.apply("1-1", v),
    "public_round.apply(DRAW, 1, drawn=v)": lambda v: PUBLIC_LED.apply(DRAW, 1, drawn=v),
    "public_round.reveal(v)": lambda v: PUBLIC_DRY.reveal(v),
    "public_round.settle(v)": lambda v: PUBLIC_DRY.settle(v),
    "public_round.side_of(v)": lambda v: PUBLIC.side_of(v),
    "parse_public_move(v)": lambda v: bergen.public.parse_public_move(v),
    "PublicMatch.start(v, 3)": lambda v: bergen.PublicMatch.start(v, 3),
    "PublicMatch.start(SIMPLE, v)": lambda v: bergen.PublicMatch.start(bergen.SIMPLE, v),
    "PublicMatch.start(SIMPLE, 3, scores=v)": lambda v: bergen.PublicMatch.start(
        bergen.SIMPLE, 3, scores=v
    ),
    "public_match.apply(v, 0)": lambda v: bergen.PublicMatch.start(bergen.SIMPLE, 3).apply(v, 0),
    "public_match.reveal(v)": lambda v: bergen.PublicMatch.start(bergen.SIMPLE, 3).reveal(v),
    "public_match.settle(v)": lambda v: bergen.PublicMatch.start(bergen.SIMPLE, 3).settle(v),
    "loads_public(v)": lambda v: bergen.records.public.loads_public(v),
    "load_public(v)": lambda v: bergen.records.public.load_public(v),
    "dumps_public(v)": lambda v: bergen.records.public.dumps_public(v),
    "public_record_to_json(v)": lambda v: bergen.records.public.public_record_to_json(v),
    "record_public(v)": lambda v: bergen.records.public.record_public(v),
    "record_public(match, v)": lambda v: bergen.records.public.record_public(PUBLIC_MATCH, v),
    "PublicRecord(v, names)": lambda v: bergen.records.public.PublicRecord(v, ("A", "B", "C")),
    "PublicRecord(match, v)": lambda v: bergen.records.public.PublicRecord(PUBLIC_MATCH, v),
    # methods (issue 28): one entry per argument, the rest valid
    "LineOfPlay(v)": lambda v: LineOfPlay(v),
    "LineOfPlay(6-6, v)": lambda v: LineOfPlay(Tile(6, 6), v),
    "LineOfPlay(6-6, 6, v)": lambda v: LineOfPlay(Tile(6, 6), 6, v),
    "LineOfPlay(6-6, 6, 6, v)": lambda v: LineOfPlay(Tile(6, 6), 6, 6, v),
    "LineOfPlay(6-6, 6, 6, True, v)": lambda v: LineOfPlay(Tile(6, 6), 6, 6, True, v),
    "LineOfPlay(6-6, left_chain=v)": lambda v: LineOfPlay(Tile(6, 6), left_chain=v),
    "LineOfPlay(6-6, right_chain=v)": lambda v: LineOfPlay(Tile(6, 6), right_chain=v),
    "LineOfPlay(6-6, size=v)": lambda v: LineOfPlay(Tile(6, 6), size=v),
    "LineOfPlay.start(v)": lambda v: LineOfPlay.empty().start(v),
    "Tile.has(v)": lambda v: Tile(6, 4).has(v),
    "Tile.other(v)": lambda v: Tile(6, 4).other(v),
    "Tile < v": lambda v: Tile(6, 4) < v,
    "Tile >= v": lambda v: Tile(6, 4) >= v,
    "MatchState.from_round(v)": lambda v: MatchState.from_round(v),
    "MatchState.from_round(state, seed=v)": lambda v: MatchState.from_round(STATE, seed=v),
    "MatchState.from_round(state, shuffles=v)": lambda v: MatchState.from_round(
        STATE, seed=1, shuffles=v
    ),
    "match.play_out(v)": lambda v: MATCH.play_out(v),
    "view.side_of(v)": lambda v: VIEW.side_of(v),
    "PositionText.filled(v)": lambda v: POSITION.filled(v),
    "ProtocolBot.choose(v, legal)": lambda v: protocol.ProtocolBot(["true"]).choose(v, LEGAL),
    "ProtocolBot.choose(view, v)": lambda v: protocol.ProtocolBot(["true"]).choose(VIEW, v),
    "ProtocolBot.new_game(v, ...)": lambda v: protocol.ProtocolBot(["true"]).new_game(
        v, players=2, seat=0, partnerships=False
    ),
    **{
        f"ProtocolBot.new_game(rules, {k}=v)": _new_game(k)
        for k in ("players", "seat", "partnerships", "seed")
    },
    "BotOption.check(v, field)": lambda v: HANDSHAKE.options[0].check(v, "options.depth"),
    "BotOption.check(1, v)": lambda v: HANDSHAKE.options[0].check(1, v),
    "Handshake.option(v)": lambda v: HANDSHAKE.option(v),
    "StrategyBot().terms(v, move)": lambda v: StrategyBot(0).terms(v, LEGAL[0]),
    "StrategyBot().terms(view, v)": lambda v: StrategyBot(0).terms(VIEW, v),
    "StrategyBot().terms(view, move, v)": lambda v: StrategyBot(0).terms(VIEW, LEGAL[0], v),
    "StrategyBot().value(v, move)": lambda v: StrategyBot(0).value(v, LEGAL[0]),
    "StrategyBot().value(view, v)": lambda v: StrategyBot(0).value(VIEW, v),
    "StrategyBot().value(view, move, v)": lambda v: StrategyBot(0).value(VIEW, LEGAL[0], v),
    "RandomBot(0).choose(v, legal)": lambda v: RandomBot(0).choose(v, LEGAL),
    "SearchBot(0).choose(v, legal)": lambda v: SearchBot(0, playouts=20).choose(v, LEGAL),
    "WorldSampler(view).sample(v)": lambda v: WorldSampler(VIEW).sample(v),
    "WorldSampler(view).sample(rng, history=v)": lambda v: WorldSampler(VIEW).sample(
        random.Random(0), history=v
    ),
    "WorldSampler(view).sample(rng, max_tries=v)": lambda v: WorldSampler(VIEW).sample(
        random.Random(0), max_tries=v
    ),
    "WorldSampler(view).sample_start(v)": lambda v: WorldSampler(VIEW).sample_start(v),
    "WorldSampler(view).sample_start(rng, max_tries=v)": lambda v: WorldSampler(VIEW).sample_start(
        random.Random(0), max_tries=v
    ),
    "WorldSampler(view).sample_masks(v)": lambda v: WorldSampler(VIEW).sample_masks(v),
    "WorldSampler(view).sample_masks(rng, max_tries=v)": lambda v: WorldSampler(VIEW).sample_masks(
        random.Random(0), max_tries=v
    ),
    # the rules components' methods
    "HandSizes.hand_size(v)": lambda v: HandSizes(6, 6, 5).hand_size(v),
    "LowestDouble.choose(v)": lambda v: bergen.LowestDouble().choose(v),
    "HighestDouble.choose(v)": lambda v: bergen.HighestDouble().choose(v),
    **{
        f"{cls.__name__}.reduce({', '.join('v' if i == j else a for j, a in enumerate(ARGS))})": (
            _reduce(cls, i)
        )
        for cls in (bergen.NearTargetReduction, bergen.NoReduction)
        for i in range(3)
    },
    **{
        f"{cls.__name__}.winner(v)": _winner(cls)
        for cls in (
            bergen.FewestDoublesThenPips,
            bergen.FewestPips,
            bergen.NoDoubleFirst,
            bergen.NoDoubleFirstNonDoublePips,
        )
    },
    "FixedReserve.reserve(v, 16)": lambda v: FixedReserve(2).reserve(v, 16),
    "FixedReserve.reserve(2, v)": lambda v: FixedReserve(2).reserve(2, v),
    "TargetByTable.target(v, False)": lambda v: TargetByTable().target(v, False),
    "TargetByTable.target(4, v)": lambda v: TargetByTable().target(4, v),
    "FixedTarget.target(v, False)": lambda v: FixedTarget(15).target(v, False),
    "FixedTarget.target(4, v)": lambda v: FixedTarget(15).target(4, v),
}
PUBLIC_MATCH = bergen.PublicMatch.start(bergen.SIMPLE, 3)
CHANCE_HANDS = ["3-3 6-0 1-0 2-0 4-0 5-0", "6-6 6-5 6-4 5-4 5-2 4-2"]
CHANCE = bergen.ChanceRound.start(CHANCE_HANDS).apply("3-3", 0)[0]
CALLS.update(
    {
        "ChanceRound.start(v)": lambda v: bergen.ChanceRound.start(v),
        "ChanceRound.start(hands, v)": lambda v: bergen.ChanceRound.start(CHANCE_HANDS, v),
        "ChanceRound.start(hands, dealer=v)": lambda v: bergen.ChanceRound.start(
            CHANCE_HANDS, dealer=v
        ),
        "ChanceRound.start(hands, scores=v)": lambda v: bergen.ChanceRound.start(
            CHANCE_HANDS, scores=v
        ),
        "chance_round.apply(v, 1)": lambda v: CHANCE.apply(v, 1),
        "chance_round.apply('draw 6-1', v)": lambda v: CHANCE.apply("draw 6-1", v),
        "chance_round.apply(DRAW, 1, drawn=v)": lambda v: CHANCE.apply(DRAW, 1, drawn=v),
        "chance_round.view(v)": lambda v: CHANCE.view(v),
        "ChanceDeal.start(v, 3)": lambda v: bergen.ChanceDeal.start(v, 3),
        "ChanceDeal.start(SIMPLE, v)": lambda v: bergen.ChanceDeal.start(bergen.SIMPLE, v),
        "ChanceDeal.start(SIMPLE, 3, dealer=v)": lambda v: bergen.ChanceDeal.start(
            bergen.SIMPLE, 3, dealer=v
        ),
        "ChanceDeal.start(SIMPLE, 3, scores=v)": lambda v: bergen.ChanceDeal.start(
            bergen.SIMPLE, 3, scores=v
        ),
        "chance_deal.give(v, hand)": lambda v: bergen.ChanceDeal.start(bergen.SIMPLE, 3).give(
            v, "1-1 5-4 4-3 2-2 0-0"
        ),
        "chance_deal.give(0, v)": lambda v: bergen.ChanceDeal.start(bergen.SIMPLE, 3).give(0, v),
    }
)

PUBLIC = bergen.PublicRound.start(bergen.SIMPLE, 3)
PUBLIC_LED = PUBLIC.apply("1-1", 0)[0]
# Two seats of 14 tiles: nothing to draw after the lead, a block may be revealed or settled.
PUBLIC_DRY = bergen.PublicRound.start(bergen.SIMPLE, 2, hand_size=14).apply("6-6", 0)[0]


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


# ---- completeness: every public callable of the public modules is in the battery or exempt

MODULES = (
    "bergen",
    "bergen.tiles",
    "bergen.hands",
    "bergen.line",
    "bergen.moves",
    "bergen.notation",
    "bergen.deal",
    "bergen.events",
    "bergen.rules",
    "bergen.round",
    "bergen.match",
    "bergen.chance",
    "bergen.public",
    "bergen.public_match",
    "bergen.playerview",
    "bergen.sampling",
    "bergen.view",
    "bergen.rollout",
    "bergen.position_text",
    "bergen.solver",
    "bergen.analysis",
    "bergen.records",
    "bergen.records.view",
    "bergen.records.public",
    "bergen.bots",
    "bergen.protocol",
    "bergen.arena",
    "bergen.tournament",
    "bergen.svg",
    "bergen.display",
    "bergen.adapters.encoding",
)
"""The public modules walked (their ``__all__``). Not walked: ``bergen.testing`` (test tooling
on Hypothesis strategies), ``bergen.cli`` (argparse reads the command line), the adapters for
gymnasium, OpenSpiel and PettingZoo (optional packages, their own test suites)."""

_EXCEPTION = "an exception class: it takes a message (and keyword fields bergen fills in)"
_ENUM = "an enum: calling it looks a member up by value (Python's ValueError, as documented)"
_PROTOCOL = "a typing Protocol: it describes what a user's class implements, never called"
_NO_ARGUMENTS = "takes no arguments"
EXEMPT: dict[str, str] = {
    "bergen.arena._stats.ArenaInterrupted": _EXCEPTION,
    "bergen.arena._results.ResultsFileError": _EXCEPTION,
    "bergen.bots.base.BotError": _EXCEPTION,
    "bergen.errors.AmbiguousMoveError": _EXCEPTION,
    "bergen.errors.ArgumentError": _EXCEPTION,
    "bergen.errors.BergenError": _EXCEPTION,
    "bergen.errors.IllegalMoveError": _EXCEPTION,
    "bergen.errors.MatchOverError": _EXCEPTION,
    "bergen.errors.NotationError": _EXCEPTION,
    "bergen.errors.PositionError": _EXCEPTION,
    "bergen.errors.RecordError": _EXCEPTION,
    "bergen.errors.RulesError": _EXCEPTION,
    "bergen.errors.SearchLimitError": _EXCEPTION,
    "bergen.position_text.PositionTextError": _EXCEPTION,
    "bergen.protocol.client.BotFailure": _EXCEPTION,
    "bergen.protocol.messages.ProtocolError": _EXCEPTION,
    "bergen.errors.Reason": _ENUM,
    "bergen.errors.RecordReason": _ENUM,
    "bergen.events.EventKind": _ENUM,
    "bergen.events.OutcomeKind": _ENUM,
    "bergen.moves.End": _ENUM,
    "bergen.protocol.client.FailureReason": _ENUM,
    "bergen.rules.components.DrawWhen": _ENUM,
    "bergen.rules.components.LeadTile": _ENUM,
    "bergen.rules.components.MatchEnd": _ENUM,
    "bergen.rules.components.NoDouble": _ENUM,
    "bergen.rules.components.PartnershipBlock": _ENUM,
    "bergen.bots.base.Bot": _PROTOCOL,
    "bergen.tournament.GameOutcome": _PROTOCOL,
    "bergen.tournament.PairStats": "a crosstable cell crosstable() builds (plain numbers)",
    "bergen.tournament.Rating": "a rating ratings() builds (plain numbers)",
    "bergen.tournament.SPRTState": "an SPRT's state SPRTTest.state() builds",
    "bergen.rules.protocols.BlockedHandJudge": _PROTOCOL,
    "bergen.rules.protocols.HandSizeRule": _PROTOCOL,
    "bergen.rules.protocols.HeaderReduction": _PROTOCOL,
    "bergen.rules.protocols.LeadRule": _PROTOCOL,
    "bergen.rules.protocols.ReserveRule": _PROTOCOL,
    "bergen.rules.protocols.SeatBlockedHandJudge": _PROTOCOL,
    "bergen.rules.protocols.TargetRule": _PROTOCOL,
    "bergen.svg.Drawable": _PROTOCOL,
    "bergen.moves.Draw": _NO_ARGUMENTS,
    "bergen.moves.Pass": _NO_ARGUMENTS,
    "bergen.protocol.messages.Quit": _NO_ARGUMENTS,
    "bergen.protocol.messages.Ready": _NO_ARGUMENTS,
    "bergen.rules.components.FewestDoublesThenPips": _NO_ARGUMENTS,
    "bergen.rules.components.FewestPips": _NO_ARGUMENTS,
    "bergen.rules.components.HighestDouble": _NO_ARGUMENTS,
    "bergen.rules.components.LowestDouble": _NO_ARGUMENTS,
    "bergen.rules.components.NearTargetReduction": _NO_ARGUMENTS,
    "bergen.rules.components.NoDoubleFirst": _NO_ARGUMENTS,
    "bergen.rules.components.NoDoubleFirstNonDoublePips": _NO_ARGUMENTS,
    "bergen.rules.components.NoReduction": _NO_ARGUMENTS,
    "bergen.protocol.server.serve_stdio": (
        "serve on this process's standard input and output: serve(spec, stdin, stdout) is the "
        "same function with the streams given, in the battery"
    ),
}


def _qualified(obj: object) -> str:
    return f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', repr(obj))}"


def _public_callables() -> dict[str, tuple[object, set[str]]]:
    # Each public callable (by its qualified name) and the names it is exported under, bare
    # and as module.name ("svg.tile").
    found: dict[str, tuple[object, set[str]]] = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        short = module_name.rsplit(".", 1)[-1]
        for name in module.__all__:
            obj = getattr(module, name)
            if not callable(obj):
                continue
            entry = found.setdefault(_qualified(obj), (obj, set()))
            entry[1].update({name, f"{short}.{name}"})
    return found


def test_every_public_callable_is_in_the_battery_or_exempt() -> None:
    found = _public_callables()
    bare: dict[str, int] = {}
    for _, names in found.values():
        for n in names:
            if "." not in n:
                bare[n] = bare.get(n, 0) + 1
    missing = []
    for qualified, (_, names) in sorted(found.items()):
        # A bare name shared by two different callables (svg.tile, encoding.action_of) must
        # be written module.name in the battery.
        usable = {n for n in names if "." in n or bare[n] == 1}
        in_battery = any(key.startswith((f"{n}(", f"{n}.")) for key in CALLS for n in usable)
        if not in_battery and qualified not in EXEMPT:
            missing.append(f"{qualified} (as {' or '.join(sorted(usable))})")
    assert not missing, "not in CALLS nor in EXEMPT:\n  " + "\n  ".join(missing)


def test_every_exemption_is_still_public_and_not_in_the_battery() -> None:
    found = _public_callables()
    stale = [q for q in EXEMPT if q not in found]
    assert not stale, f"EXEMPT names callables that are no longer public: {stale}"


# ---- completeness of methods: every public method of a public class is in the battery or exempt

RECEIVERS: dict[str, str] = {
    "state": "RoundState",
    "match": "MatchState",
    "line": "LineOfPlay",
    "view": "PlayerView",
    "CLASSIC": "Rules",
    "solution": "Solution",
    "analysis": "Analysis",
    "public_round": "PublicRound",
    "public_match": "PublicMatch",
    "chance_round": "ChanceRound",
    "chance_deal": "ChanceDeal",
}
"""The names the battery calls methods on (``state.apply(v)``) and the class each stands for;
besides these, a method is called on its class (``Tile.parse(v)``) or on an instance made in
the key (``GreedyBot().choose(v, legal)``)."""

_NOT_INSTANCES = {_EXCEPTION, _ENUM, _PROTOCOL}

METHOD_EXEMPT: dict[str, str] = {
    "ArenaResult.report": _NO_ARGUMENTS,
    "ArenaResult.stats": _NO_ARGUMENTS,
    "LineOfPlay.empty": _NO_ARGUMENTS,
    "LineOfPlay.placements": _NO_ARGUMENTS,
    "MatchState.legal_moves": _NO_ARGUMENTS,
    "PlayerView.to_text": _NO_ARGUMENTS,
    "Rules.preset_switches": _NO_ARGUMENTS,
    "ChanceDeal.round": _NO_ARGUMENTS,
    "ChanceRound.hands_now": _NO_ARGUMENTS,
    "ChanceRound.legal_moves": _NO_ARGUMENTS,
    "ChanceRound.match": _NO_ARGUMENTS,
    "OpponentModel.kernel_probabilities": (
        "the kernel's interface (a kernel Table and position tuples of ints, unchecked as the "
        "kernel's functions are), called by the world sampler on values it made"
    ),
    "ProtocolBot.close": _NO_ARGUMENTS,
    "ProtocolBot.start": _NO_ARGUMENTS,
    "RoundState.all_tiles": _NO_ARGUMENTS,
    "RoundState.legal_moves": _NO_ARGUMENTS,
    "RoundState.to_text": _NO_ARGUMENTS,
}


def _public_methods() -> dict[str, list[str]]:
    # Each public class (not an exception, an enum or a Protocol) and its public methods:
    # callables defined by a bergen class of its MRO, properties left out.
    out: dict[str, list[str]] = {}
    for qualified, (obj, _) in sorted(_public_callables().items()):
        if not inspect.isclass(obj) or EXEMPT.get(qualified) in _NOT_INSTANCES:
            continue
        methods = []
        for name in sorted(dir(obj)):
            if name.startswith("_"):
                continue
            owner = next((c for c in obj.__mro__ if name in c.__dict__), None)
            if owner is None or not owner.__module__.startswith("bergen"):
                continue
            raw = owner.__dict__[name]
            if isinstance(raw, property) or not callable(getattr(obj, name)):
                continue
            methods.append(name)
        if methods:
            out[obj.__name__] = methods
    return out


def _covered(cls: str, method: str) -> bool:
    # A key names the method on the class, on an instance built in the key (with arguments or
    # without: ``GreedyBot(0).choose(``) or on a receiver of RECEIVERS.
    receivers = "|".join(
        re.escape(r) for r in (cls, *(r for r, c in RECEIVERS.items() if c == cls))
    )
    pattern = re.compile(rf"(?:{receivers})(?:\([^)]*\))?\.{re.escape(method)}\(")
    return any(pattern.match(key) for key in CALLS)


def test_every_public_method_is_in_the_battery_or_exempt() -> None:
    missing = [
        f"{cls}.{m}"
        for cls, methods in _public_methods().items()
        for m in methods
        if not _covered(cls, m) and f"{cls}.{m}" not in METHOD_EXEMPT
    ]
    assert not missing, "methods not in CALLS nor in METHOD_EXEMPT:\n  " + "\n  ".join(missing)


def test_every_method_exemption_is_still_public_and_not_in_the_battery() -> None:
    methods = {f"{c}.{m}" for c, ms in _public_methods().items() for m in ms}
    stale = [q for q in METHOD_EXEMPT if q not in methods or _covered(*q.split("."))]
    assert not stale, f"METHOD_EXEMPT names methods no longer public or now in CALLS: {stale}"
