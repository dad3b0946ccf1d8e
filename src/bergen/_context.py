"""The constants every state of one round shares: :class:`RoundContext`.

An attrs value (made once per round, read by every state of it), kept apart from
:mod:`bergen.round` so that the states' module has no attrs class and compiles with mypyc in
the compiled build.
"""

from __future__ import annotations

import attrs

from bergen.deal import Deal
from bergen.errors import PositionError, _as_tuple, _bad, _is_int, _is_ints, _is_tuple_of
from bergen.kernel.table import Table
from bergen.line import LineOfPlay
from bergen.moves import Action
from bergen.rules import Rules
from bergen.rules.table import kernel_table
from bergen.tiles import TILES

__all__ = ["RoundContext"]


@attrs.frozen(kw_only=True)
class RoundContext:
    """What every state of one round shares; immutable.

    Attributes:
        rules: The ruleset.
        seats: The number of seats, 2..4.
        target: The match target, in points (rule 9).
        dealer: The dealing seat.
        lead_draws: Tiles drawn in turn for a lead double before the lead (rule 2,
            ``simple``), as :class:`Action` values.
        deal: The deal the round started from (``None`` for a set-up position).
        boneyard: The boneyard's tile indexes at the round's first position, top first.
        reserve: Boneyard tiles never drawn (rule 4).
        start_line: The line at the round's first position (empty after a deal).
        start_scores: Match points per side at the round's first position (before its first
            action), in points; ``()`` when not known (a context built by hand).
        table: The kernel's numbers for the rules at this table (worked out from ``rules``
            and ``seats`` when not given; not compared): the one
            :func:`~bergen.rules.table.kernel_table` keeps for those rules and seats.

    One is made per round (and per world a search bot samples), so the checks are type and
    range tests of each field (lists are copied to tuples), not a check that the fields make a
    position: :meth:`RoundState.start` and :meth:`RoundState.from_position` check that.

    Raises:
        PositionError: when ``rules`` is not a :class:`~bergen.rules.Rules`, ``seats`` not an
            int in 2..4, ``target`` not an int >= 1, ``dealer`` not a seat, ``lead_draws`` not
            a tuple of :class:`~bergen.moves.Action`, ``deal`` neither a
            :class:`~bergen.deal.Deal` nor ``None``, ``boneyard`` not at most 28 tile indexes
            0..27, ``reserve`` not an int in 0..28, ``start_line`` not a
            :class:`~bergen.line.LineOfPlay`, ``start_scores`` not ints >= 0, or ``table`` not
            a kernel :class:`~bergen.kernel.table.Table`.
        RulesError: when the rules do not allow ``seats`` (working out ``table``).
    """

    rules: Rules
    seats: int
    target: int
    dealer: int
    lead_draws: tuple[Action, ...] = attrs.field(converter=_as_tuple)
    deal: Deal | None
    boneyard: tuple[int, ...] = attrs.field(converter=_as_tuple)
    reserve: int
    start_line: LineOfPlay
    start_scores: tuple[int, ...] = attrs.field(default=(), converter=_as_tuple)
    table: Table = attrs.field(
        default=attrs.Factory(lambda self: _table_of(self), takes_self=True),
        eq=False,
        hash=False,
        repr=False,
    )

    def __attrs_post_init__(self) -> None:
        """Check each field's type and range (see the class's Raises)."""
        if not isinstance(self.rules, Rules):  # checked here too when ``table`` is given
            raise PositionError(_bad("RoundContext", "rules", "a Rules", self.rules))
        if not _is_int(self.seats, 2, 4):
            raise PositionError(_bad("RoundContext", "seats", "an int 2..4", self.seats))
        if not _is_int(self.target, 1):
            raise PositionError(_bad("RoundContext", "target", "an int >= 1", self.target))
        if not _is_int(self.dealer, 0, self.seats - 1):
            raise PositionError(
                _bad("RoundContext", "dealer", f"a seat 0..{self.seats - 1}", self.dealer)
            )
        if not _is_tuple_of(self.lead_draws, Action):
            raise PositionError(
                _bad("RoundContext", "lead_draws", "a tuple of Action", self.lead_draws)
            )
        if self.deal is not None and not isinstance(self.deal, Deal):
            raise PositionError(_bad("RoundContext", "deal", "a Deal or None", self.deal))
        if not _is_ints(self.boneyard, 0, len(TILES) - 1) or len(self.boneyard) > len(TILES):
            raise PositionError(
                _bad("RoundContext", "boneyard", "at most 28 tile indexes 0..27", self.boneyard)
            )
        if not _is_int(self.reserve, 0, len(TILES)):
            raise PositionError(_bad("RoundContext", "reserve", "an int 0..28", self.reserve))
        if not isinstance(self.start_line, LineOfPlay):
            raise PositionError(_bad("RoundContext", "start_line", "a LineOfPlay", self.start_line))
        if not _is_ints(self.start_scores):
            raise PositionError(
                _bad("RoundContext", "start_scores", "a tuple of ints >= 0", self.start_scores)
            )
        if not isinstance(self.table, Table):
            raise PositionError(_bad("RoundContext", "table", "a kernel Table", self.table))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as the values given; the kernel's table is worked out again."""
        return (
            _context,
            (
                self.rules,
                self.seats,
                self.target,
                self.dealer,
                self.lead_draws,
                self.deal,
                self.boneyard,
                self.reserve,
                self.start_line,
                self.start_scores,
            ),
        )


def _table_of(context: RoundContext) -> Table:
    """The kernel's table of a context's rules and seats, both checked first."""
    if not isinstance(context.rules, Rules):
        raise PositionError(_bad("RoundContext", "rules", "a Rules", context.rules))
    if not _is_int(context.seats, 2, 4):
        raise PositionError(_bad("RoundContext", "seats", "an int 2..4", context.seats))
    return kernel_table(context.rules, context.seats)


def _context(
    rules: Rules,
    seats: int,
    target: int,
    dealer: int,
    lead_draws: tuple[Action, ...],
    deal: Deal | None,
    boneyard: tuple[int, ...],
    reserve: int,
    start_line: LineOfPlay,
    start_scores: tuple[int, ...] = (),
) -> RoundContext:
    """A :class:`RoundContext` from its values in order (unpickling)."""
    return RoundContext(
        rules=rules,
        seats=seats,
        target=target,
        dealer=dealer,
        lead_draws=lead_draws,
        deal=deal,
        boneyard=boneyard,
        reserve=reserve,
        start_line=start_line,
        start_scores=start_scores,
    )


_EMPTY_LINE = LineOfPlay.empty()
(
    _SET_RULES,
    _SET_SEATS,
    _SET_TARGET,
    _SET_DEALER,
    _SET_LEAD_DRAWS,
    _SET_DEAL,
    _SET_BONEYARD,
    _SET_RESERVE,
    _SET_START_LINE,
    _SET_START_SCORES,
    _SET_TABLE,
) = tuple([vars(RoundContext)[field.name].__set__ for field in attrs.fields(RoundContext)])
"""The setters of RoundContext's fields (its slots), in the order of its fields."""


def _trusted_context(
    rules: Rules,
    table: Table,
    dealer: int,
    lead_draws: tuple[Action, ...],
    deal: Deal,
    boneyard: tuple[int, ...],
    scores: tuple[int, ...],
) -> RoundContext:
    """The :class:`RoundContext` of a dealt round, its fields filled without the checks of
    the constructor (the values are the engine's own, checked by the caller).
    """
    context: RoundContext = object.__new__(RoundContext)
    _SET_RULES(context, rules)
    _SET_SEATS(context, table.seats)
    _SET_TARGET(context, table.target)
    _SET_DEALER(context, dealer)
    _SET_LEAD_DRAWS(context, lead_draws)
    _SET_DEAL(context, deal)
    _SET_BONEYARD(context, boneyard)
    _SET_RESERVE(context, table.reserve)
    _SET_START_LINE(context, _EMPTY_LINE)
    _SET_START_SCORES(context, scores)
    _SET_TABLE(context, table)
    return context
