"""A ruleset at one table as the kernel reads it: :func:`kernel_table`.

The built-in components become codes the kernel works out on masks; a user-supplied component
is wrapped in a function that calls it through its protocol, on every use, and checks what it
returns.
"""

from __future__ import annotations

from collections.abc import Callable

from bergen.errors import PositionError, _brief
from bergen.kernel import table as K
from bergen.rules import Rules
from bergen.rules.components import (
    DrawWhen,
    FewestDoublesThenPips,
    FewestPips,
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
)
from bergen.rules.protocols import (
    BlockedHandJudge,
    HeaderReduction,
    LeadRule,
    SeatBlockedHandJudge,
)
from bergen.tiles import DOUBLES, Tile, tiles_of_mask

__all__ = ["kernel_table"]

_JUDGES: dict[type, int] = {
    FewestDoublesThenPips: K.FEWEST_DOUBLES_THEN_PIPS,
    FewestPips: K.FEWEST_PIPS,
    NoDoubleFirst: K.NO_DOUBLE_FIRST,
    NoDoubleFirstNonDoublePips: K.NO_DOUBLE_FIRST_NON_DOUBLE_PIPS,
}


def _reduce_with(reduction: HeaderReduction) -> Callable[[int, int, int], int]:
    def reduce(base: int, score: int, target: int) -> int:
        pts = reduction.reduce(base, score, target)
        if pts.__class__ is not int or pts < 0:
            raise PositionError(
                f"the header reduction {_brief(reduction)} returned {_brief(pts)} for a header "
                "worth "
                f"{base} at {score} points, not points (an int >= 0)"
            )
        return pts

    return reduce


def _judge_with(
    judge: BlockedHandJudge, partnerships: bool, best_hand: bool
) -> Callable[[tuple[int, ...]], int]:
    """The kernel's custom judge: every seat's hand mask in, the winning side (or -1) out
    (docs/rules.md, rule 8). A :class:`SeatBlockedHandJudge` sees each seat's hand; any other
    judge is given each side's tiles: partners' hands together, or with ``best_hand`` first
    the better of the two partners' hands (the first on a tie) and then the sides' best hands.
    """
    sides = 2 if partnerships else 0

    def check(side: object, seats: int) -> int:
        if side is None:
            return -1
        count = sides or seats
        if type(side) is not int or not 0 <= side < count:
            raise PositionError(
                f"the blocked-hand judge {_brief(judge)} returned {_brief(side)}, not a side"
            )
        return side

    def winner(masks: tuple[int, ...]) -> int:
        hands = [tiles_of_mask(m) for m in masks]
        if isinstance(judge, SeatBlockedHandJudge):
            of = [s % 2 if partnerships else s for s in range(len(hands))]
            return check(judge.winner_of_hands(hands, of), len(hands))
        if not partnerships:
            return check(judge.winner(hands), len(hands))
        if not best_hand:
            return check(judge.winner([hands[0] + hands[2], hands[1] + hands[3]]), 4)
        best = []
        for side in (0, 1):
            pair = [hands[side], hands[side + 2]]
            better = check(judge.winner(pair), 4)
            best.append(pair[1] if better == 1 else pair[0])
        return check(judge.winner(best), 4)

    return winner


def _lead_with(lead: LeadRule) -> Callable[[int], int]:
    def choose(doubles: int) -> int:
        held = [d for d in DOUBLES if doubles >> d.index & 1]
        tile = lead.choose(held)
        if not isinstance(tile, Tile) or tile not in held:
            names = " ".join(map(str, held))
            raise PositionError(
                f"the lead rule {_brief(lead)} returned {_brief(tile)}, not one of the doubles "
                f"held: {names}"
            )
        return tile.index

    return choose


_KEPT = 16
"""How many tables :func:`kernel_table` keeps (the most recent rulesets and seats)."""

_TABLES: dict[tuple[int, int], tuple[Rules, K.Table]] = {}
"""The tables :func:`kernel_table` has built, by ``(id(rules), seats)``, each with the
``Rules`` value it was built from (kept alive so that its ``id`` is not reused)."""


def kernel_table(rules: Rules, seats: int) -> K.Table:
    """The kernel's :class:`~bergen.kernel.table.Table` for ``rules`` at ``seats`` seats.

    Built once per ruleset object and seats, then kept (the last few): a table is an
    immutable tuple of numbers and of wrappers that call the rules' components, which are
    immutable and deterministic (their protocols' contract), so the table kept is the table a
    new build would give, and sharing it between rounds and matches changes nothing. Kept by
    the identity of ``rules``, not by equality: two equal rulesets with different component
    objects get a table each.

    Args:
        rules: A ruleset.
        seats: 2..4.

    Raises:
        RulesError: when the rules do not allow this table (:meth:`Rules.for_table`).
    """
    if seats.__class__ is not int:  # for_table says what is wrong (2.0 is not the key 2)
        return _new_table(rules, seats)
    key = (id(rules), seats)
    kept = _TABLES.get(key)
    if kept is not None and kept[0] is rules:
        return kept[1]
    table = _new_table(rules, seats)
    if len(_TABLES) >= _KEPT:
        _TABLES.clear()
    _TABLES[key] = (rules, table)
    return table


def _new_table(rules: Rules, seats: int) -> K.Table:
    """The kernel's table for ``rules`` at ``seats`` seats, built (see :func:`kernel_table`).

    Raises:
        RulesError: when the rules do not allow this table (:meth:`Rules.for_table`).
    """
    table = rules.for_table(seats)
    points = rules.points
    reduction = rules.reduction
    if reduction.__class__ is NearTargetReduction:
        code = K.NEAR_TARGET
    elif reduction.__class__ is NoReduction:
        code = K.NO_REDUCTION
    else:
        code = K.CUSTOM_REDUCTION
    judge = _JUDGES.get(rules.blocked.__class__, K.CUSTOM_JUDGE)
    if rules.lead.__class__ is LowestDouble:
        lead = K.LOWEST_DOUBLE
    elif rules.lead.__class__ is HighestDouble:
        lead = K.HIGHEST_DOUBLE
    else:
        lead = K.CUSTOM_LEAD
    return K.Table(
        seats=seats,
        partnerships=rules.partnerships,
        hand_size=table.hand_size,
        target=table.target,
        reserve=table.reserve,
        drawing=rules.drawing,
        redeal=rules.no_double is NoDouble.REDEAL,
        lead_scores=rules.lead_scores,
        double_header=points.double_header,
        triple_header=points.triple_header,
        going_out=points.going_out,
        blocked_hand=points.blocked_hand,
        reduction=code,
        judge_rule=judge,
        lead_rule=lead,
        reduce=_reduce_with(reduction),
        judge=_judge_with(
            rules.blocked,
            rules.partnerships,
            rules.partnership_block is PartnershipBlock.BEST_HAND,
        ),
        choose_lead=_lead_with(rules.lead),
        lead_any=rules.lead_tile is LeadTile.ANY,
        draw_any_time=rules.draw_when is DrawWhen.ANY_TIME,
        round_end=rules.match_end is MatchEnd.ROUND_END,
        best_hand=rules.partnership_block is PartnershipBlock.BEST_HAND,
    )
