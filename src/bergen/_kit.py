"""The numbers a ruleset plays with at one table, worked out once (internal).

The engine (:mod:`bergen.round`, :mod:`bergen._transitions`) and :func:`bergen.rollout.rollout`
read a :class:`_Kit` instead of walking the :class:`~bergen.rules.Rules` components on every
move: the next seat and the side of each seat (rule 10), the points of rules 5-8, the header
points after the near-target reduction for every score (rule 6), and the blocked-hand judge
worked out on tile masks for the built-in judges (rule 8). A kit is remembered per rules value,
target and table size (rules values are immutable).

User-supplied components are always called through their protocols, on every use, exactly as
the rules brief's component model says; only the built-in components are tabulated.

Nothing here is public API.
"""

from __future__ import annotations

from collections.abc import Callable

from bergen.errors import PositionError
from bergen.rules import (
    FewestDoublesThenPips,
    FewestPips,
    NearTargetReduction,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    Rules,
)
from bergen.tiles import DOUBLES_MASK, PIPS, tiles_of_mask

_NON_DOUBLES_MASK = ((1 << 28) - 1) & ~DOUBLES_MASK
# Header points are tabulated for scores below this bound (and below the target); a score above
# it (a match to a huge target) asks the reduction each time.
_TABULATED_SCORES = 512


def _mask_pips(mask: int) -> int:
    """The pips on the tiles of ``mask``."""
    pips = 0
    while mask:
        low = mask & -mask
        pips += PIPS[low.bit_length() - 1]
        mask ^= low
    return pips


def _key_fewest_doubles_then_pips(m: int) -> tuple[int, ...]:
    return ((m & DOUBLES_MASK).bit_count(), _mask_pips(m))


def _key_fewest_pips(m: int) -> tuple[int, ...]:
    return (_mask_pips(m),)


def _key_no_double_first(m: int) -> tuple[int, ...]:
    return (int(bool(m & DOUBLES_MASK)), _mask_pips(m))


def _key_no_double_first_non_double_pips(m: int) -> tuple[int, ...]:
    return (int(bool(m & DOUBLES_MASK)), _mask_pips(m & _NON_DOUBLES_MASK))


# The built-in judges as sort keys on a side's tile mask: the unique smallest key wins (the
# judges' own docstrings in bergen.rules.components give the same orders on tiles).
_JUDGE_KEYS: dict[type, Callable[[int], tuple[int, ...]]] = {
    FewestDoublesThenPips: _key_fewest_doubles_then_pips,
    FewestPips: _key_fewest_pips,
    NoDoubleFirst: _key_no_double_first,
    NoDoubleFirstNonDoublePips: _key_no_double_first_non_double_pips,
}


class _Kit:
    """A ruleset's numbers at one table and target (internal; see the module docstring)."""

    __slots__ = (
        "blocked_hand",
        "double_header",
        "double_points",
        "drawing",
        "going_out",
        "judge_key",
        "lead_scores",
        "next_seat",
        "partnerships",
        "reduce",
        "rules",
        "side",
        "target",
        "triple_header",
        "triple_points",
    )

    def __init__(self, rules: Rules, target: int, seats: int) -> None:
        points = rules.points
        self.rules = rules
        self.target = target
        self.partnerships = rules.partnerships
        self.lead_scores = rules.lead_scores
        self.drawing = rules.drawing
        self.double_header = points.double_header
        self.triple_header = points.triple_header
        self.going_out = points.going_out
        self.blocked_hand = points.blocked_hand
        self.next_seat = tuple([(s + 1) % seats for s in range(seats)])
        self.side = tuple([s % 2 if rules.partnerships else s for s in range(seats)])
        self.reduce = rules.reduction.reduce
        # Header points by the side's score before the header (rule 6), for built-in reductions.
        self.double_points: dict[int, int] = {}
        self.triple_points: dict[int, int] = {}
        if rules.reduction.__class__ in (NearTargetReduction, NoReduction):
            for s in range(min(target, _TABULATED_SCORES)):
                self.double_points[s] = self.reduce(self.double_header, s, target)
                self.triple_points[s] = self.reduce(self.triple_header, s, target)
        self.judge_key = _JUDGE_KEYS.get(rules.blocked.__class__)

    def header_points(self, base: int, score: int) -> int:
        """The points of a header worth ``base`` for a side at ``score`` (rule 6), from the
        rules' reduction (user-supplied ones, and scores past the tables).

        Raises:
            PositionError: when a user-supplied reduction returns something that is not points
                (an int >= 0).
        """
        pts = self.reduce(base, score, self.target)
        if pts.__class__ is not int or pts < 0:
            raise PositionError(
                f"the header reduction {self.rules.reduction!r} returned {pts!r} for a header "
                f"worth {base} at {score} points, not points (an int >= 0)"
            )
        return pts

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as the call that makes it again (its functions are the rules' own)."""
        return (kit_for, (self.rules, self.target, len(self.next_seat)))

    def blocked_winner(self, masks: tuple[int, ...] | list[int]) -> int | None:
        """The side that wins a blocked hand (rule 8) from the seats' tile masks, or ``None``.

        Raises:
            PositionError: when a user-supplied judge names no side.
        """
        side = self.side
        n_sides = max(side) + 1
        side_masks = [0] * n_sides
        for seat, m in enumerate(masks):
            side_masks[side[seat]] |= m
        key = self.judge_key
        if key is not None:
            keys = [key(m) for m in side_masks]
            best = min(keys)
            return keys.index(best) if keys.count(best) == 1 else None
        judge = self.rules.blocked
        winner = judge.winner([tiles_of_mask(m) for m in side_masks])
        if winner is not None and (type(winner) is not int or not 0 <= winner < n_sides):
            raise PositionError(f"the blocked-hand judge {judge!r} returned {winner!r}, not a side")
        return winner


_KITS: dict[tuple[int, int, int], _Kit] = {}
_KITS_MAX = 256


def kit_for(rules: Rules, target: int, seats: int) -> _Kit:
    """The :class:`_Kit` of ``rules`` at ``seats`` seats and ``target``, remembered.

    Args:
        rules: A checked ruleset (the caller has checked its table).
        target: The match target, in points.
        seats: 2..4.
    """
    key = (id(rules), target, seats)
    kit = _KITS.get(key)
    if kit is not None and kit.rules is rules:
        return kit
    kit = _Kit(rules, target, seats)
    if len(_KITS) >= _KITS_MAX:
        _KITS.clear()
    _KITS[key] = kit
    return kit
