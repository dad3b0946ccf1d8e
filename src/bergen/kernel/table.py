"""A ruleset's numbers at one table, and the rules that read them: the reduction near the
target (rule 6), the blocked-hand judges (rule 8, with partnerships judged on the two hands
together or on each side's best hand) and the sides (rule 10).

A :class:`Table` is an immutable tuple of plain values built by the layer above from a
``bergen.Rules`` value (``bergen.rules.kernel_table``). Built-in components are codes that the
kernel works out on masks; a user-supplied component is a function the layer above wraps
around the component's protocol, called through the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bergen.kernel.tiles import DOUBLES_MASK, NON_DOUBLES_MASK, mask_pips

# Header reductions (rule 6).
NO_REDUCTION = 0
"""Headers keep their value up to the target."""
NEAR_TARGET = 1
"""The reduction of rule 6 (:func:`near_target_points`)."""
CUSTOM_REDUCTION = 2
"""A user-supplied reduction: :attr:`Table.reduce` is called."""

# Blocked-hand judges (rule 8).
FEWEST_DOUBLES_THEN_PIPS = 0
"""Rule 8 as the classic preset plays it (:func:`fewest_doubles_then_pips`)."""
FEWEST_PIPS = 1
"""Fewest pips (:func:`fewest_pips`)."""
NO_DOUBLE_FIRST = 2
"""A hand without a double first, then pips (:func:`no_double_first`)."""
NO_DOUBLE_FIRST_NON_DOUBLE_PIPS = 3
"""A hand without a double first, then non-double pips
(:func:`no_double_first_non_double_pips`)."""
CUSTOM_JUDGE = 4
"""A user-supplied judge: :attr:`Table.judge` is called."""

# Lead rules (rule 2).
LOWEST_DOUBLE = 0
"""The lowest double held leads."""
HIGHEST_DOUBLE = 1
"""The highest double held leads."""
CUSTOM_LEAD = 2
"""A user-supplied lead rule: :attr:`Table.choose_lead` is called."""


def _no_reduce(base: int, score: int, target: int) -> int:
    return base


def _no_judge(side_masks: tuple[int, ...]) -> int:
    return -1


def _no_lead(doubles: int) -> int:
    return -1


class Table(NamedTuple):
    """A ruleset's numbers at one table (all points in points, counts in tiles); a named tuple,
    so that no field can be changed.

    Attributes:
        seats: 2..4.
        partnerships: Whether seats 0 and 2 play against 1 and 3 (rule 10).
        hand_size: Tiles dealt to each seat (rule 1).
        target: The match target (rule 9).
        reserve: Boneyard tiles never drawn (rule 4).
        drawing: Whether a seat that cannot play draws (rule 4; off: "Block Bergen").
        redeal: Whether a deal without a double is dealt again (rule 2; else draws in turn).
        lead_scores: Whether the lead double scores as a double header (rule 5).
        double_header: Points of a double header (rule 5).
        triple_header: Points of a triple header (rule 5).
        going_out: Points for going out (rule 7).
        blocked_hand: Points for winning a blocked hand (rule 8).
        reduction: :data:`NO_REDUCTION`, :data:`NEAR_TARGET` or :data:`CUSTOM_REDUCTION`.
        judge_rule: One of the judge codes above.
        lead_rule: :data:`LOWEST_DOUBLE`, :data:`HIGHEST_DOUBLE` or :data:`CUSTOM_LEAD`.
        reduce: For :data:`CUSTOM_REDUCTION`: ``reduce(base, score, target)``, the points.
        judge: For :data:`CUSTOM_JUDGE`: ``judge(masks)`` with one hand mask per seat, the
            winning side or -1 (the layer above combines partners' hands as the rules say).
        choose_lead: For :data:`CUSTOM_LEAD`: ``choose_lead(doubles_mask)``, a tile index.
        lead_any: Whether the seat holding the required double may lead any tile of its hand
            (rule 2, "the lead"); else it leads that double.
        round_end: Whether the target is checked only when a round ends (rule 9, "match
            end"); else the match ends the instant a side reaches it.
        best_hand: With partnerships, whether a blocked hand is judged on the best single
            hand of each side (rule 8, "partnership blocks"); else on the two hands together.
        draw_any_time: Whether a seat may draw while it holds a tile that fits (rule 4, "when
            to draw": puzzle-place's "as for Muggins"); else only when nothing fits.
    """

    seats: int
    partnerships: bool
    hand_size: int
    target: int
    reserve: int
    drawing: bool
    redeal: bool
    lead_scores: bool
    double_header: int
    triple_header: int
    going_out: int
    blocked_hand: int
    reduction: int
    judge_rule: int
    lead_rule: int
    reduce: Callable[[int, int, int], int] = _no_reduce
    judge: Callable[[tuple[int, ...]], int] = _no_judge
    choose_lead: Callable[[int], int] = _no_lead
    lead_any: bool = False
    round_end: bool = False
    best_hand: bool = False
    draw_any_time: bool = False


def side_of(table: Table, seat: int) -> int:
    """Rule 10: the side ``seat`` plays for: ``seat % 2`` with partnerships, else the seat."""
    return seat & 1 if table.partnerships else seat


def sides(table: Table) -> int:
    """The number of sides: 2 with partnerships, else one per seat (rule 10)."""
    return 2 if table.partnerships else table.seats


def next_seat(table: Table, seat: int) -> int:
    """The seat to the left of ``seat``: turns pass from seat ``i`` to ``(i + 1) % seats``."""
    return seat + 1 if seat + 1 < table.seats else 0


def drawable(table: Table, boneyard: int) -> int:
    """Rule 4: the tiles that can be drawn from a boneyard of ``boneyard`` tiles: those above
    the reserve, or none with drawing off.
    """
    if not table.drawing or boneyard <= table.reserve:
        return 0
    return boneyard - table.reserve


def match_winner(scores: tuple[int, ...], target: int, round_end: bool, round_over: bool) -> int:
    """Rule 9: the side that has won the match with ``scores`` (points per side), or -1.

    The match ends the instant a side reaches ``target``; with ``round_end`` only once the
    round is over (``round_over``), and then the highest score at or above the target wins,
    while two sides level on it play another round.
    """
    best = max(scores)
    if best < target:
        return -1
    if round_end and (not round_over or scores.count(best) > 1):
        return -1
    return scores.index(best)


def near_target_points(base: int, score: int, target: int) -> int:
    """Rule 6: the points of a header worth ``base`` for a side at ``score`` before the play,
    in a match to ``target``: ``need = target - score``; need <= 2 makes it worth 1, need 3
    caps it at 2; otherwise ``base``.
    """
    need = target - score
    if need <= 2:
        return base if base < 1 else 1
    if need == 3:
        return base if base < 2 else 2
    return base


def header_points(table: Table, base: int, score: int) -> int:
    """The points of a header worth ``base`` for a side at ``score`` under the table's
    reduction (rule 6).
    """
    if table.reduction == NEAR_TARGET:
        return near_target_points(base, score, table.target)
    if table.reduction == NO_REDUCTION:
        return base
    return table.reduce(base, score, table.target)


def _unique_min(keys: list[tuple[int, int]]) -> int:
    best = min(keys)
    found = -1
    for i, k in enumerate(keys):
        if k == best:
            if found >= 0:
                return -1
            found = i
    return found


def fewest_doubles_then_pips(side_masks: tuple[int, ...]) -> int:
    """Rule 8 (classic): the side holding the fewest doubles wins a blocked hand; between sides
    level on doubles, fewer pips; a complete tie: nobody (-1).
    """
    return _unique_min([((m & DOUBLES_MASK).bit_count(), mask_pips(m)) for m in side_masks])


def fewest_pips(side_masks: tuple[int, ...]) -> int:
    """Rule 8 (simple): the side with the fewest pips wins a blocked hand; a tie: nobody (-1)."""
    return _unique_min([(0, mask_pips(m)) for m in side_masks])


def no_double_first(side_masks: tuple[int, ...]) -> int:
    """Rule 8 ("doubles decide a blocked hand"): a side holding no double beats any side
    holding one; then fewer pips; a tie: nobody (-1).
    """
    return _unique_min([(1 if m & DOUBLES_MASK else 0, mask_pips(m)) for m in side_masks])


def no_double_first_non_double_pips(side_masks: tuple[int, ...]) -> int:
    """Rule 8 (puzzle-place): a side holding no double wins; between sides level on that, the
    pips of their non-double tiles only; a tie: nobody (-1).
    """
    return _unique_min(
        [(1 if m & DOUBLES_MASK else 0, mask_pips(m & NON_DOUBLES_MASK)) for m in side_masks]
    )


def judge_key(rule: int, mask: int) -> tuple[int, int]:
    """Rule 8: the key a built-in judge ``rule`` ranks a hand (or a side's tiles) ``mask`` by:
    the lowest key wins. Fewest doubles then pips; pips; holding a double (0 or 1) then pips;
    holding a double then the pips of non-double tiles.
    """
    if rule == FEWEST_DOUBLES_THEN_PIPS:
        return ((mask & DOUBLES_MASK).bit_count(), mask_pips(mask))
    if rule == FEWEST_PIPS:
        return (0, mask_pips(mask))
    if rule == NO_DOUBLE_FIRST:
        return (1 if mask & DOUBLES_MASK else 0, mask_pips(mask))
    return (1 if mask & DOUBLES_MASK else 0, mask_pips(mask & NON_DOUBLES_MASK))


def best_hand_winner(table: Table, masks: tuple[int, ...]) -> int:
    """Rule 8 with partnerships judged on each side's best single hand: the side of the seat
    whose hand has the lowest key under the table's built-in judge, or -1 when seats of both
    sides share the lowest key (partners sharing it win together).
    """
    keys = [judge_key(table.judge_rule, m) for m in masks]
    best = min(keys)
    winner = -1
    for seat, k in enumerate(keys):
        if k == best:
            side = side_of(table, seat)
            if winner >= 0 and winner != side:
                return -1
            winner = side
    return winner


def side_masks(table: Table, masks: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles of each side: a partnership's two hands together (rules 8 and 10)."""
    if not table.partnerships:
        return masks
    return (masks[0] | masks[2], masks[1] | masks[3])


def blocked_winner(table: Table, masks: tuple[int, ...]) -> int:
    """Rule 8: the side that wins a blocked hand from the seats' hand masks, or -1 (nobody).

    A partnership is judged on its two hands together, or on its best single hand when
    :attr:`Table.best_hand` is set; a user-supplied judge receives every seat's hand.
    """
    rule = table.judge_rule
    if rule == CUSTOM_JUDGE:
        return table.judge(masks)
    if table.partnerships and table.best_hand:
        return best_hand_winner(table, masks)
    by_side = side_masks(table, masks)
    if rule == FEWEST_DOUBLES_THEN_PIPS:
        return fewest_doubles_then_pips(by_side)
    if rule == FEWEST_PIPS:
        return fewest_pips(by_side)
    if rule == NO_DOUBLE_FIRST:
        return no_double_first(by_side)
    return no_double_first_non_double_pips(by_side)
