"""Hypothesis strategies for bergen values: tiles, hands, rules, tables, deals, round states.

Every value drawn is valid for the table it is drawn for, and shrinks toward the simplest case
(the ``classic`` preset, three seats, the first legal move). Reprs are valid Python, so a
failing example prints as code that rebuilds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from bergen.deal import Deal
from bergen.errors import RulesError
from bergen.hands import Hand
from bergen.round import RoundState
from bergen.rules import (
    CLASSIC,
    SIMPLE,
    DrawWhen,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizeRule,
    HandSizes,
    HighestDouble,
    LowestDouble,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    Points,
    Rules,
    TableRules,
    TargetByTable,
)
from bergen.tiles import TILES, Tile

__all__ = ["Table", "deals", "hands", "round_states", "rules", "tables", "tiles"]

_SEATS = (3, 2, 4)  # shrinks toward three seats, the middle case
_TOTAL = len(TILES)


@attrs.frozen
class Table:
    """A table to play at: how many seats, and the rules (valid for that many seats).

    Args:
        seats: 2, 3 or 4.
        rules: The ruleset; ``rules.for_table(seats)`` succeeds.
    """

    seats: int
    rules: Rules

    @property
    def numbers(self) -> TableRules:
        """The rules' numbers at this table (hand size, reserve, target, sides)."""
        return self.rules.for_table(self.seats)


def tiles() -> st.SearchStrategy[Tile]:
    """Any of the 28 tiles (shrinks toward ``0-0``).

    Returns:
        A strategy of :class:`~bergen.Tile`.
    """
    return st.sampled_from(TILES)


def hands(*, min_size: int = 0, max_size: int = 7) -> st.SearchStrategy[Hand]:
    """Hands of ``min_size`` to ``max_size`` distinct tiles.

    Args:
        min_size: The fewest tiles, 0..28.
        max_size: The most tiles, ``min_size``..28.

    Returns:
        A strategy of :class:`~bergen.Hand`.
    """
    return st.frozensets(tiles(), min_size=min_size, max_size=max_size).map(Hand.of)


# ---------------------------------------------------------------------- rules

_JUDGES = (FewestDoublesThenPips(), FewestPips(), NoDoubleFirst(), NoDoubleFirstNonDoublePips())
_PRESETS = (CLASSIC, SIMPLE)
_MAX_HAND = {2: 14, 3: 9, 4: 7}


def _hand_sizes() -> st.SearchStrategy[HandSizes]:
    return st.one_of(
        st.sampled_from((HandSizes(6, 6, 5), HandSizes(6, 5, 5))),
        st.builds(
            HandSizes,
            st.integers(1, _MAX_HAND[2]),
            st.integers(1, _MAX_HAND[3]),
            st.integers(1, _MAX_HAND[4]),
        ),
    )


def _points() -> st.SearchStrategy[Points]:
    return st.one_of(
        st.just(Points()),
        st.just(Points(going_out=1, blocked_hand=1)),
        # Not every value 0: Rules refuses points with which no match could end.
        st.builds(
            Points, st.integers(0, 4), st.integers(0, 5), st.integers(0, 4), st.integers(0, 4)
        ).filter(lambda p: any(attrs.astuple(p))),
    )


def _targets() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.just(TargetByTable()),
        st.just(FixedTarget(15)),
        st.builds(FixedTarget, st.integers(1, 30)),
        st.builds(
            TargetByTable,
            st.integers(1, 25),
            st.integers(1, 25),
            st.integers(1, 25),
            st.integers(1, 25),
        ),
    )


def _reserve_ok(reserve: int, boneyard: int, drawing: bool) -> bool:
    if reserve > boneyard:
        return False
    return not (drawing and boneyard > 0 and reserve >= boneyard)


@st.composite
def _rules_at(draw: st.DrawFn, seats: int, presets_only: bool) -> Rules:
    """Rules valid at ``seats`` seats: a preset with a random subset of its switches changed."""
    base = draw(st.sampled_from(_PRESETS))
    changes: dict[str, Any] = {}
    if seats == 4 and draw(st.booleans()):
        changes["partnerships"] = True
    if presets_only:
        return base.replace(**changes) if changes else base

    def maybe(name: str, strategy: st.SearchStrategy[Any]) -> None:
        if draw(st.booleans()):
            changes[name] = draw(strategy)

    maybe("hand_sizes", _hand_sizes())
    maybe("lead", st.sampled_from((LowestDouble(), HighestDouble())))
    maybe("no_double", st.sampled_from((NoDouble.REDEAL, NoDouble.DRAW_IN_TURN)))
    maybe("lead_scores", st.booleans())
    maybe("points", _points())
    maybe("reduction", st.sampled_from((NearTargetReduction(), NoReduction())))
    maybe("blocked", st.sampled_from(_JUDGES))
    maybe("drawing", st.booleans())
    maybe("draw_when", st.sampled_from(tuple(DrawWhen)))
    maybe("target", _targets())
    hand_sizes: HandSizeRule = changes.get("hand_sizes", base.hand_sizes)
    drawing: bool = changes.get("drawing", base.drawing)
    boneyard = _TOTAL - hand_sizes.hand_size(seats) * seats
    reserve = base.reserve.reserve(seats, boneyard)
    change_reserve = draw(st.booleans())
    if change_reserve or not _reserve_ok(reserve, boneyard, drawing):
        top = boneyard - 1 if drawing and boneyard > 0 else boneyard
        common = [r for r in (0, 2) if r <= top]
        changes["reserve"] = FixedReserve(
            draw(st.one_of(st.sampled_from(common), st.integers(0, top)))
        )
    if not changes:
        return base
    return base.replace(**changes)


def rules(
    *, seats: int | Sequence[int] | None = None, presets_only: bool = False
) -> st.SearchStrategy[Rules]:
    """Rulesets: the presets, and the presets with random combinations of every switch.

    Switches drawn: hand sizes (6/6/5, 6/5/5 or any that fit), lead lowest or highest, no
    double redeal or draw in turn, lead scoring, points (default, 1 for going out and blocks,
    or any small values), the reduction near the target on or off, the four blocked-hand
    judges, the reserve (0, 2 or any that leaves something to draw), drawing on or off, a draw
    only when nothing fits or at any time, the target by table (default or any) or fixed, and
    partnerships at four seats (docs/rules.md, "Variants"). Each ruleset drawn is valid for a
    table size drawn with it (or for ``seats``).
    Shrinks toward the ``classic`` preset.

    Args:
        seats: Draw only rules valid at this table size (or one of these sizes); default any
            of 2, 3, 4.
        presets_only: Only the two presets (with partnerships sometimes on at four seats).

    Returns:
        A strategy of :class:`~bergen.Rules`.
    """
    return tables(seats=seats, presets_only=presets_only).map(lambda t: t.rules)


@st.composite
def _tables(
    draw: st.DrawFn,
    seats: tuple[int, ...],
    fixed: Rules | None,
    presets_only: bool,
) -> Table:
    if fixed is not None:
        ok = []
        for n in seats:
            try:
                fixed.for_table(n)
            except RulesError:
                continue
            ok.append(n)
        if not ok:
            fixed.for_table(seats[0])  # raises the RulesError that says why
        return Table(draw(st.sampled_from(ok)), fixed)
    n = draw(st.sampled_from(seats))
    return Table(n, draw(_rules_at(n, presets_only)))


def tables(
    *,
    seats: int | Sequence[int] | None = None,
    rules: Rules | None = None,
    presets_only: bool = False,
) -> st.SearchStrategy[Table]:
    """Tables: a number of seats and rules valid there (partnerships only at four seats).

    Args:
        seats: The table size, or the sizes to choose from (default 2, 3 and 4).
        rules: A fixed ruleset (for example a user's own); the seats are then drawn among the
            sizes it allows.
        presets_only: Only the two presets (see :func:`rules`).

    Returns:
        A strategy of :class:`Table`.

    Raises:
        RulesError: (when drawing) if ``rules`` is valid at none of the sizes asked for.
    """
    sizes: tuple[int, ...]
    if seats is None:
        sizes = _SEATS
    elif isinstance(seats, int):
        sizes = (seats,)
    else:
        sizes = tuple(seats)
    return _tables(sizes, rules, presets_only)


# ---------------------------------------------------------------------- deals

_DOUBLE_TILES = tuple(t for t in TILES if t.is_double)
_PLAIN_TILES = tuple(t for t in TILES if not t.is_double)


@st.composite
def _deals(draw: st.DrawFn, seats: int, hand_size: int, no_double: bool | None) -> Deal:
    dealt = seats * hand_size
    if no_double is None:
        no_double = dealt <= len(_PLAIN_TILES) and draw(st.integers(0, 9)) == 0
    if no_double:
        if dealt > len(_PLAIN_TILES):
            raise ValueError(f"{seats} hands of {hand_size} cannot all be without a double")
        plain = draw(st.permutations(_PLAIN_TILES))
        rest = draw(st.permutations([*plain[dealt:], *_DOUBLE_TILES]))
        order = [*plain[:dealt], *rest]
    else:
        order = draw(st.permutations(TILES))
        if not any(t.is_double for t in order[:dealt]):
            # Give seat 0 the first double of the boneyard in exchange for its first tile.
            k = next(i for i in range(dealt, _TOTAL) if order[i].is_double)
            order = list(order)
            order[0], order[k] = order[k], order[0]
    hands_ = [tuple(order[i * hand_size : (i + 1) * hand_size]) for i in range(seats)]
    return Deal(hands_, tuple(order[dealt:]))


def deals(
    seats: int,
    hand_size: int | None = None,
    *,
    rules: Rules | None = None,
    no_double: bool | None = None,
) -> st.SearchStrategy[Deal]:
    """Deals for ``seats`` seats: the hands and the boneyard in draw order.

    Args:
        seats: 2, 3 or 4.
        hand_size: Tiles per seat; default the size ``rules`` deal at this table.
        rules: The ruleset whose hand size to use (default ``classic``).
        no_double: ``True``: nobody holds a double (rule 2: a redeal, or draws in turn);
            ``False``: somebody does; ``None``: either, with about one deal in ten without a
            double so that both cases are exercised.

    Returns:
        A strategy of :class:`~bergen.Deal`.

    Raises:
        ValueError: (when drawing) if ``no_double`` is ``True`` but the hands hold more than
            the 21 non-double tiles.
    """
    if hand_size is None:
        hand_size = (rules or CLASSIC).for_table(seats).hand_size
    return _deals(seats, hand_size, no_double)


# ---------------------------------------------------------------------- round states


@st.composite
def _round_states(
    draw: st.DrawFn, table: st.SearchStrategy[Table], max_moves: int, near_target: bool
) -> RoundState:
    t = draw(table)
    numbers = t.numbers
    redeal = t.rules.no_double is NoDouble.REDEAL
    deal = draw(deals(t.seats, numbers.hand_size, no_double=False if redeal else None))
    dealer = draw(st.integers(0, t.seats - 1))
    scores = [0] * numbers.sides
    if near_target and draw(st.booleans()):
        low = max(0, numbers.target - 5)
        scores = [draw(st.integers(low, numbers.target - 1)) for _ in range(numbers.sides)]
    state = RoundState.start(deal, t.rules, dealer=dealer, scores=scores)
    for _ in range(draw(st.integers(0, max_moves))):
        legal = state.legal_moves()
        move = legal[draw(st.integers(0, len(legal) - 1))] if len(legal) > 1 else legal[0]
        nxt, _ = state.apply(move)
        if nxt.is_over:
            break
        state = nxt
    return state


def round_states(
    table: st.SearchStrategy[Table] | None = None,
    *,
    max_moves: int = 60,
    near_target: bool = True,
) -> st.SearchStrategy[RoundState]:
    """Round states reached by random legal play from a random deal, not yet over.

    Each is a round started from a drawn deal (any dealer; with ``near_target``, often with
    scores within five points of the target, where rule 6 reduces headers), followed by up to
    ``max_moves`` legal moves chosen by Hypothesis; a move that would end the round is not
    made.

    Args:
        table: The tables to play at (default :func:`tables`).
        max_moves: The most moves made after the deal.
        near_target: Start some rounds with scores near the target.

    Returns:
        A strategy of :class:`~bergen.RoundState`.
    """
    return _round_states(table if table is not None else tables(), max_moves, near_target)
