"""Command-line options for the rules: a preset and one flag per variant switch.

Shared by every subcommand that plays (``simulate``, ``arena``, ``play``). The switches are the
rows of docs/rules.md, "Presets and switches".
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from bergen.errors import RulesError, _brief
from bergen.rules import (
    PRESETS,
    DrawWhen,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
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
    Rules,
)
from bergen.rules.protocols import BlockedHandJudge

__all__ = ["BLOCK_RULES", "MAX_CLI_TARGET", "add_rules_arguments", "rules_from_args"]

MAX_CLI_TARGET = 10_000
"""The largest ``--target`` the subcommands take, in points."""

BLOCK_RULES: dict[str, BlockedHandJudge] = {
    "fewest-doubles": FewestDoublesThenPips(),
    "fewest-pips": FewestPips(),
    "no-double-first": NoDoubleFirst(),
    "non-double-pips": NoDoubleFirstNonDoublePips(),
}
"""The built-in blocked-hand judges by their command-line name."""


def seed_arg(text: str) -> int:
    """An argparse type: a seed of the deals, an int of at most 64 bits (``|seed| < 2**64``,
    what :meth:`bergen.MatchState.new` takes).

    Raises:
        argparse.ArgumentTypeError: for text that is no such int (argparse names the option
            and exits with status 2).
    """
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is an integer, got {_brief(text)}") from None
    if abs(seed) >= 2**64:
        raise argparse.ArgumentTypeError(
            f"a seed is an integer of at most 64 bits (|seed| < 2**64), got {_brief(text)}"
        )
    return seed


_INTS_EXAMPLE = {3: "6,6,5", 4: "2,3,2,2"}


def _ints(text: str, count: int, what: str) -> tuple[int, ...]:
    try:
        values = tuple(int(p) for p in text.split(","))
    except ValueError:
        example = _INTS_EXAMPLE.get(count, ",".join("1" * count))
        raise argparse.ArgumentTypeError(
            f"{what}: expected {count} integers like {example}, got {_brief(text)}"
        ) from None
    if len(values) != count:
        raise argparse.ArgumentTypeError(
            f"{what}: expected {count} comma-separated integers, got {_brief(text)}"
        )
    return values


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules`` and one option per variant switch to ``parser``."""
    g = parser.add_argument_group(
        "rules", "a preset, then any switches to change (docs/rules.md, 'Presets and switches')"
    )
    g.add_argument(
        "--rules",
        choices=list(PRESETS),
        default="classic",
        metavar="NAME",
        help=f"rules preset: {', '.join(PRESETS)} (default classic; docs/rules.md, 'Presets')",
    )
    g.add_argument(
        "--partnerships",
        action="store_true",
        help="two partnerships, seats 0+2 and 1+3 (four seats)",
    )
    g.add_argument("--target", type=int, metavar="N", help="one target for every table (e.g. 15)")
    g.add_argument("--reserve", type=int, metavar="N", help="boneyard tiles never drawn")
    g.add_argument(
        "--no-draw", action="store_true", help="Block Bergen: never draw; pass when nothing fits"
    )
    g.add_argument(
        "--draw-when",
        choices=tuple(v.value for v in DrawWhen),
        help="a seat draws only when nothing fits, or at any time while tiles above the reserve "
        "remain (rule 4; puzzle-place's 'as for Muggins')",
    )
    g.add_argument("--block-rule", choices=sorted(BLOCK_RULES), help="who wins a blocked hand")
    g.add_argument(
        "--lead-scores",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="whether the lead double scores as a double header",
    )
    g.add_argument(
        "--no-double",
        choices=tuple(d.value for d in NoDouble),
        help="nobody dealt a double: redeal or draw in turn",
    )
    g.add_argument(
        "--hand-sizes",
        type=lambda s: _ints(s, 3, "--hand-sizes"),
        metavar="TWO,THREE,FOUR",
        help="tiles dealt per seat with 2, 3, 4 seats (e.g. 6,5,5)",
    )
    g.add_argument("--lead", choices=("lowest", "highest"), help="which double leads")
    g.add_argument(
        "--lead-tile",
        choices=tuple(v.value for v in LeadTile),
        help="the seat holding that double leads it, or any tile of its hand (rule 2)",
    )
    g.add_argument(
        "--match-end",
        choices=tuple(v.value for v in MatchEnd),
        help="the match ends the instant the target is reached, or at the end of the round: "
        "highest score wins, a tie plays another round (rule 9)",
    )
    g.add_argument(
        "--partnership-block",
        choices=tuple(v.value for v in PartnershipBlock),
        help="a partnership's blocked hand is judged on its two hands together, or on its "
        "best single hand (rule 8)",
    )
    g.add_argument(
        "--points",
        type=lambda s: _ints(s, 4, "--points"),
        metavar="DOUBLE,TRIPLE,OUT,BLOCK",
        help="points for a double header, triple header, going out, blocked hand (e.g. 2,3,1,1)",
    )
    g.add_argument(
        "--reduction",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="reduce headers near the target (rule 6)",
    )


T = TypeVar("T")


def _option(option: str, make: Callable[..., T], *values: int) -> T:
    """``make(*values)``, its :class:`RulesError` naming the command-line ``option``
    (``--reserve: FixedReserve.count must be ...``).
    """
    try:
        return make(*values)
    except RulesError as e:
        raise RulesError(f"{option}: {e}", fields=e.fields) from None


def rules_from_args(args: argparse.Namespace) -> Rules:
    """Build the ruleset the parsed options describe: the preset, with each given switch changed.

    Raises:
        RulesError: when the combination is inconsistent (the message names the fields).
    """
    rules = PRESETS[args.rules]
    changes: dict[str, object] = {}
    if args.partnerships:
        changes["partnerships"] = True
    if args.target is not None:
        if not 1 <= args.target <= MAX_CLI_TARGET:
            raise RulesError(
                f"--target: a target is 1..{MAX_CLI_TARGET:,} points, got {_brief(args.target)} "
                "(a match to 10,000 points already takes thousands of rounds)",
                fields=("target",),
            )
        changes["target"] = FixedTarget(args.target)
    if args.reserve is not None:
        changes["reserve"] = _option("--reserve", FixedReserve, args.reserve)
    if args.no_draw:
        changes["drawing"] = False
    if args.draw_when is not None:
        changes["draw_when"] = DrawWhen(args.draw_when)
    if args.block_rule is not None:
        changes["blocked"] = BLOCK_RULES[args.block_rule]
    if args.lead_scores is not None:
        changes["lead_scores"] = args.lead_scores
    if args.no_double is not None:
        changes["no_double"] = NoDouble(args.no_double)
    if args.hand_sizes is not None:
        changes["hand_sizes"] = _option("--hand-sizes", HandSizes, *args.hand_sizes)
    if args.lead is not None:
        changes["lead"] = LowestDouble() if args.lead == "lowest" else HighestDouble()
    if args.lead_tile is not None:
        changes["lead_tile"] = LeadTile(args.lead_tile)
    if args.match_end is not None:
        changes["match_end"] = MatchEnd(args.match_end)
    if args.partnership_block is not None:
        changes["partnership_block"] = PartnershipBlock(args.partnership_block)
    if args.points is not None:
        if not any(args.points):
            raise RulesError(
                "--points: with every value 0 nothing ever scores, so no match could end",
                fields=("points",),
            )
        changes["points"] = _option("--points", Points, *args.points)
    if args.reduction is not None:
        changes["reduction"] = NearTargetReduction() if args.reduction else NoReduction()
    if not changes:
        return rules
    return rules.replace(**changes)
