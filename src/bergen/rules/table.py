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
    FewestDoublesThenPips,
    FewestPips,
    HighestDouble,
    LowestDouble,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
)
from bergen.rules.protocols import BlockedHandJudge, HeaderReduction, LeadRule
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


def _judge_with(judge: BlockedHandJudge, sides: int) -> Callable[[tuple[int, ...]], int]:
    def winner(side_masks: tuple[int, ...]) -> int:
        side = judge.winner([tiles_of_mask(m) for m in side_masks])
        if side is None:
            return -1
        if type(side) is not int or not 0 <= side < sides:
            raise PositionError(
                f"the blocked-hand judge {_brief(judge)} returned {_brief(side)}, not a side"
            )
        return side

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


def kernel_table(rules: Rules, seats: int) -> K.Table:
    """The kernel's :class:`~bergen.kernel.table.Table` for ``rules`` at ``seats`` seats.

    A new table each time: nothing is shared between rounds, so no round can change another's.

    Args:
        rules: A ruleset.
        seats: 2..4.

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
        judge=_judge_with(rules.blocked, table.sides),
        choose_lead=_lead_with(rules.lead),
    )
