"""bergen: the reference implementation of the rules of Bergen, a domino line game scored
during play.

The public API is re-exported here; see ``__all__``. The rules implemented are those of
``docs/rules.md``, each rule with its source.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from bergen._version import __version__

if TYPE_CHECKING:
    from bergen._compiled import COMPILED
    from bergen.arena import ArenaResult, run_arena
    from bergen.bots import Bot, BotError, GreedyBot, PIMCBot, RandomBot, SearchBot, load_bot
    from bergen.chance import ChanceDeal, ChanceRound
    from bergen.deal import Deal, shuffled_tiles
    from bergen.errors import (
        AmbiguousMoveError,
        ArgumentError,
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
    from bergen.public import PublicRound
    from bergen.public_match import PublicMatch
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
        CELKO,
        CLASSIC,
        DOMINO_GAMES,
        ONLINEDOMINOGAMES,
        PAGAT,
        PRESETS,
        PUZZLE_PLACE,
        SIMPLE,
        BlockedHandJudge,
        DrawWhen,
        FewestDoublesThenPips,
        FewestPips,
        FixedReserve,
        FixedTarget,
        HandSizeRule,
        HandSizes,
        HeaderReduction,
        HighestDouble,
        LeadRule,
        LeadTile,
        LowestDouble,
        MatchEnd,
        NearTargetReduction,
        NoDouble,
        NoDoubleFirst,
        NoDoubleFirstNonDoublePips,
        NoReduction,
        PartnershipBlock,
        Points,
        ReserveRule,
        Rules,
        SeatBlockedHandJudge,
        TableRules,
        TargetByTable,
        TargetRule,
    )
    from bergen.solver import MoveValue, Solution, solve
    from bergen.tiles import DOUBLES, TILES, Tile
    from bergen.view import PlayerView, WorldSampler, sample_world, voids

_EXPORTS: dict[str, str] = {
    "COMPILED": "bergen._compiled",
    "ArenaResult": "bergen.arena",
    "run_arena": "bergen.arena",
    "Bot": "bergen.bots",
    "BotError": "bergen.bots",
    "GreedyBot": "bergen.bots",
    "PIMCBot": "bergen.bots",
    "RandomBot": "bergen.bots",
    "SearchBot": "bergen.bots",
    "load_bot": "bergen.bots",
    "ChanceDeal": "bergen.chance",
    "ChanceRound": "bergen.chance",
    "Deal": "bergen.deal",
    "shuffled_tiles": "bergen.deal",
    "AmbiguousMoveError": "bergen.errors",
    "ArgumentError": "bergen.errors",
    "BergenError": "bergen.errors",
    "IllegalMoveError": "bergen.errors",
    "MatchOverError": "bergen.errors",
    "NotationError": "bergen.errors",
    "PositionError": "bergen.errors",
    "Reason": "bergen.errors",
    "RecordError": "bergen.errors",
    "RecordReason": "bergen.errors",
    "RulesError": "bergen.errors",
    "SearchLimitError": "bergen.errors",
    "EventKind": "bergen.events",
    "Outcome": "bergen.events",
    "OutcomeKind": "bergen.events",
    "ScoreEvent": "bergen.events",
    "Boneyard": "bergen.hands",
    "Hand": "bergen.hands",
    "LineOfPlay": "bergen.line",
    "PlacedTile": "bergen.line",
    "MatchState": "bergen.match",
    "DRAW": "bergen.moves",
    "PASS": "bergen.moves",
    "Draw": "bergen.moves",
    "End": "bergen.moves",
    "Lead": "bergen.moves",
    "Move": "bergen.moves",
    "Pass": "bergen.moves",
    "Play": "bergen.moves",
    "parse_move": "bergen.moves",
    "parse_short": "bergen.notation",
    "short": "bergen.notation",
    "PositionTextError": "bergen.position_text",
    "PublicRound": "bergen.public",
    "PublicMatch": "bergen.public_match",
    "RECORD_FORMAT": "bergen.records",
    "Record": "bergen.records",
    "RecordedAction": "bergen.records",
    "RecordedEvent": "bergen.records",
    "ReplayResult": "bergen.records",
    "ReplayStep": "bergen.records",
    "RoundRecord": "bergen.records",
    "RoundReplay": "bergen.records",
    "dump": "bergen.records",
    "dumps": "bergen.records",
    "load": "bergen.records",
    "loads": "bergen.records",
    "perft": "bergen.records",
    "perft_counts": "bergen.records",
    "record_match": "bergen.records",
    "replay": "bergen.records",
    "Action": "bergen.round",
    "RoundContext": "bergen.round",
    "RoundState": "bergen.round",
    "CELKO": "bergen.rules",
    "CLASSIC": "bergen.rules",
    "DOMINO_GAMES": "bergen.rules",
    "ONLINEDOMINOGAMES": "bergen.rules",
    "PAGAT": "bergen.rules",
    "PRESETS": "bergen.rules",
    "PUZZLE_PLACE": "bergen.rules",
    "SIMPLE": "bergen.rules",
    "BlockedHandJudge": "bergen.rules",
    "DrawWhen": "bergen.rules",
    "FewestDoublesThenPips": "bergen.rules",
    "FewestPips": "bergen.rules",
    "FixedReserve": "bergen.rules",
    "FixedTarget": "bergen.rules",
    "HandSizeRule": "bergen.rules",
    "HandSizes": "bergen.rules",
    "HeaderReduction": "bergen.rules",
    "HighestDouble": "bergen.rules",
    "LeadRule": "bergen.rules",
    "LeadTile": "bergen.rules",
    "LowestDouble": "bergen.rules",
    "MatchEnd": "bergen.rules",
    "NearTargetReduction": "bergen.rules",
    "NoDouble": "bergen.rules",
    "NoDoubleFirst": "bergen.rules",
    "NoDoubleFirstNonDoublePips": "bergen.rules",
    "NoReduction": "bergen.rules",
    "PartnershipBlock": "bergen.rules",
    "Points": "bergen.rules",
    "ReserveRule": "bergen.rules",
    "Rules": "bergen.rules",
    "SeatBlockedHandJudge": "bergen.rules",
    "TableRules": "bergen.rules",
    "TargetByTable": "bergen.rules",
    "TargetRule": "bergen.rules",
    "MoveValue": "bergen.solver",
    "Solution": "bergen.solver",
    "solve": "bergen.solver",
    "DOUBLES": "bergen.tiles",
    "TILES": "bergen.tiles",
    "Tile": "bergen.tiles",
    "PlayerView": "bergen.view",
    "WorldSampler": "bergen.view",
    "sample_world": "bergen.view",
    "voids": "bergen.view",
}
"""Each public name and the module it comes from. The package imports a module when one of its
names is first read (PEP 562), so that ``import bergen`` stays cheap: ``bergen bot serve``,
which needs a bot and the protocol, does not pay for the arena, records and pictures."""


def __getattr__(name: str) -> Any:
    """A public name (imported from its module on first use) or a submodule (``bergen.rules``).

    Raises:
        AttributeError: for any other name.
    """
    module = _EXPORTS.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module), name)
    elif not name.startswith("_"):
        try:
            value = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public ones not yet imported included."""
    return sorted({*globals(), *__all__})


__all__ = [
    "CELKO",
    "CLASSIC",
    "COMPILED",
    "DOMINO_GAMES",
    "DOUBLES",
    "DRAW",
    "ONLINEDOMINOGAMES",
    "PAGAT",
    "PASS",
    "PRESETS",
    "PUZZLE_PLACE",
    "RECORD_FORMAT",
    "SIMPLE",
    "TILES",
    "Action",
    "AmbiguousMoveError",
    "ArenaResult",
    "ArgumentError",
    "BergenError",
    "BlockedHandJudge",
    "Boneyard",
    "Bot",
    "BotError",
    "ChanceDeal",
    "ChanceRound",
    "Deal",
    "Draw",
    "DrawWhen",
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
    "LeadTile",
    "LineOfPlay",
    "LowestDouble",
    "MatchEnd",
    "MatchOverError",
    "MatchState",
    "Move",
    "MoveValue",
    "NearTargetReduction",
    "NoDouble",
    "NoDoubleFirst",
    "NoDoubleFirstNonDoublePips",
    "NoReduction",
    "NotationError",
    "Outcome",
    "OutcomeKind",
    "PIMCBot",
    "PartnershipBlock",
    "Pass",
    "PlacedTile",
    "Play",
    "PlayerView",
    "Points",
    "PositionError",
    "PositionTextError",
    "PublicMatch",
    "PublicRound",
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
    "SeatBlockedHandJudge",
    "Solution",
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
    "solve",
    "voids",
]
