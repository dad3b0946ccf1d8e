"""bergen: the reference implementation of the rules of Bergen, a domino line game scored
during play.

The public API is re-exported here; see ``__all__``. The rules implemented are those of
``docs/rules.md``, each rule with its source.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from bergen._compiled import COMPILED
from bergen.arena import ArenaResult, run_arena
from bergen.bots import Bot, BotError, GreedyBot, PIMCBot, RandomBot, SearchBot, load_bot
from bergen.deal import Deal, shuffled_tiles
from bergen.errors import (
    AmbiguousMoveError,
    BergenError,
    IllegalMoveError,
    MatchOverError,
    NotationError,
    PositionError,
    Reason,
    RecordError,
    RecordReason,
    RulesError,
    SearchLimitError,
)
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.hands import Boneyard, Hand
from bergen.line import LineOfPlay, PlacedTile
from bergen.match import MatchState
from bergen.moves import DRAW, PASS, Draw, End, Lead, Move, Pass, Play, parse_move
from bergen.notation import parse_short, short
from bergen.position_text import PositionTextError
from bergen.records import (
    RECORD_FORMAT,
    Record,
    RecordedAction,
    RecordedEvent,
    ReplayResult,
    ReplayStep,
    RoundRecord,
    RoundReplay,
    dump,
    dumps,
    load,
    loads,
    perft,
    perft_counts,
    record_match,
    replay,
)
from bergen.round import Action, RoundContext, RoundState
from bergen.rules import (
    CLASSIC,
    PRESETS,
    SIMPLE,
    BlockedHandJudge,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizeRule,
    HandSizes,
    HeaderReduction,
    HighestDouble,
    LeadRule,
    LowestDouble,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    Points,
    ReserveRule,
    Rules,
    TableRules,
    TargetByTable,
    TargetRule,
)
from bergen.tiles import DOUBLES, TILES, Tile
from bergen.view import PlayerView, WorldSampler, sample_world, voids

try:
    __version__ = version("bergen")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "CLASSIC",
    "COMPILED",
    "DOUBLES",
    "DRAW",
    "PASS",
    "PRESETS",
    "RECORD_FORMAT",
    "SIMPLE",
    "TILES",
    "Action",
    "AmbiguousMoveError",
    "ArenaResult",
    "BergenError",
    "BlockedHandJudge",
    "Boneyard",
    "Bot",
    "BotError",
    "Deal",
    "Draw",
    "End",
    "EventKind",
    "FewestDoublesThenPips",
    "FewestPips",
    "FixedReserve",
    "FixedTarget",
    "GreedyBot",
    "Hand",
    "HandSizeRule",
    "HandSizes",
    "HeaderReduction",
    "HighestDouble",
    "IllegalMoveError",
    "Lead",
    "LeadRule",
    "LineOfPlay",
    "LowestDouble",
    "MatchOverError",
    "MatchState",
    "Move",
    "NearTargetReduction",
    "NoDouble",
    "NoDoubleFirst",
    "NoDoubleFirstNonDoublePips",
    "NoReduction",
    "NotationError",
    "Outcome",
    "OutcomeKind",
    "PIMCBot",
    "Pass",
    "PlacedTile",
    "Play",
    "PlayerView",
    "Points",
    "PositionError",
    "PositionTextError",
    "RandomBot",
    "Reason",
    "Record",
    "RecordError",
    "RecordReason",
    "RecordedAction",
    "RecordedEvent",
    "ReplayResult",
    "ReplayStep",
    "ReserveRule",
    "RoundContext",
    "RoundRecord",
    "RoundReplay",
    "RoundState",
    "Rules",
    "RulesError",
    "ScoreEvent",
    "SearchBot",
    "SearchLimitError",
    "TableRules",
    "TargetByTable",
    "TargetRule",
    "Tile",
    "WorldSampler",
    "__version__",
    "dump",
    "dumps",
    "load",
    "load_bot",
    "loads",
    "parse_move",
    "parse_short",
    "perft",
    "perft_counts",
    "record_match",
    "replay",
    "run_arena",
    "sample_world",
    "short",
    "shuffled_tiles",
    "voids",
]
