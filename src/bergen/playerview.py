"""What one seat may know: the player view and the voids it implies.

A :class:`PlayerView` is the part of a :class:`~bergen.round.RoundState` that one seat may see
its own tiles, the line of play, every seat's
tile count, the boneyard's size, the scores and the public history, in which another seat's
draw is only a count. It never holds another seat's tiles nor the boneyard order.

:func:`voids` reads from the public history the numbers a seat is known not to hold: a seat
that drew or passed while the open ends showed ``a`` and ``b`` held no tile carrying ``a`` or
``b`` at that moment (rule 4), until it keeps a drawn tile.

:mod:`bergen.view` gathers these with the sampling of hidden worlds (:mod:`bergen.sampling`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import attrs

from bergen.errors import (
    _MAX_POINTS,
    BergenError,
    PositionError,
    _as_tuple,
    _bad,
    _brief,
    _is_int,
    _is_ints,
    _is_tuple_of,
)
from bergen.events import Outcome, OutcomeKind
from bergen.hands import Hand
from bergen.line import LineOfPlay
from bergen.moves import DRAW, Action, Draw, End, Lead, Pass, Play
from bergen.rules import DrawWhen, Rules
from bergen.tiles import FULL_MASK, TILES, Tile, tiles_of_mask


class Viewable(Protocol):
    """Anything with a ``view(seat)`` that returns a :class:`PlayerView` (a round state)."""

    def view(self, seat: int) -> PlayerView:
        """The view of ``seat``."""
        ...


if TYPE_CHECKING:
    from bergen.position_text import PositionTextError

# The pictures (bergen.svg, bergen.display) and the position notation (bergen.position_text) are
# imported by the methods that use them: a bot's process (bergen bot serve) needs none of them.

__all__ = ["PlayerView", "voids"]


@attrs.frozen
class PlayerView:
    """What one seat may know of a round.

    Build one with :meth:`bergen.RoundState.view`. Two states that differ only in the other
    seats' tiles or in the boneyard order give equal views.

    Attributes:
        seat: The seat whose view this is.
        rules: The ruleset.
        hand: This seat's tiles.
        line: The line of play.
        tile_counts: How many tiles each seat holds, by seat.
        boneyard_size: Tiles in the boneyard, the reserve included.
        drawable: Tiles that can still be drawn (0 with drawing off; rule 4).
        scores: Match points per side, this round's events included.
        target: The match target, in points (rule 9).
        to_move: The seat to move (the seat that moved last once the round is over).
        dealer: The dealing seat.
        outcome: How the round ended, ``None`` while it goes on.
        history: The public history since the lead, oldest first: every play, draw and pass
            as an :class:`~bergen.round.Action` whose ``drawn`` is always ``None``.
        lead_draws: The seats that drew in turn for a lead double before the lead (``simple``
            rules, nobody dealt a double), in order; each draw is only a count.
        own_draws: The tiles this seat drew itself, oldest first (its lead draws first): what
            the seat saw, not public.
        from_deal: Whether the round started from a deal (``RoundState.start``) rather than a
            position set up mid-round (``RoundState.from_position``), whose start is then the
            history's first position.

    The constructor (and so ``attrs.evolve``) checks each field's type and range, lists are
    copied to tuples; it does not check that the fields agree with each other as a position
    (:func:`bergen.sample_world` does, for the views it is given).

    Raises:
        PositionError: when a field is not of its type or out of range: ``seat``,
            ``to_move`` or ``dealer`` not a seat of the table (``tile_counts`` gives 2..4
            seats of 0..28 tiles), ``rules`` not a :class:`~bergen.rules.Rules`, ``hand`` not
            a :class:`~bergen.hands.Hand`, ``line`` not a :class:`~bergen.line.LineOfPlay`,
            ``boneyard_size`` or ``drawable`` not an int in 0..28, ``scores`` not 1..4 ints >=
            0, ``target`` not an int >= 1, ``outcome`` neither an
            :class:`~bergen.events.Outcome` nor ``None``, ``history`` not a tuple of
            :class:`~bergen.moves.Action`, ``lead_draws`` not seats, ``own_draws`` not tiles,
            ``from_deal`` not a bool.
    """

    seat: int
    rules: Rules
    hand: Hand
    line: LineOfPlay
    tile_counts: tuple[int, ...] = attrs.field(converter=_as_tuple)
    boneyard_size: int
    drawable: int
    scores: tuple[int, ...] = attrs.field(converter=_as_tuple)
    target: int
    to_move: int
    dealer: int
    outcome: Outcome | None
    history: tuple[Action, ...] = attrs.field(converter=_as_tuple)
    lead_draws: tuple[int, ...] = attrs.field(converter=_as_tuple)
    own_draws: tuple[Tile, ...] = attrs.field(converter=_as_tuple)
    from_deal: bool

    def __attrs_post_init__(self) -> None:
        """Check each field's type and range (see the class's Raises): one test of them all
        (a view is made for every decision a bot takes), then, when it fails, the test that
        names the field.
        """
        counts = self.tile_counts
        seats = len(counts) if counts.__class__ is tuple else 0
        if not (
            2 <= seats <= 4
            and _is_ints(counts, 0, 28)
            and self.seat.__class__ is int
            and 0 <= self.seat < seats
            and self.to_move.__class__ is int
            and 0 <= self.to_move < seats
            and self.dealer.__class__ is int
            and 0 <= self.dealer < seats
            and isinstance(self.rules, Rules)
            and isinstance(self.hand, Hand)
            and isinstance(self.line, LineOfPlay)
            and self.boneyard_size.__class__ is int
            and 0 <= self.boneyard_size <= 28
            and self.drawable.__class__ is int
            and 0 <= self.drawable <= 28
            and _is_ints(self.scores)
            and 1 <= len(self.scores) <= 4
            and self.target.__class__ is int
            and 1 <= self.target <= _MAX_POINTS
            and (self.outcome is None or isinstance(self.outcome, Outcome))
            and _is_tuple_of(self.history, Action)
            and _is_ints(self.lead_draws, 0, seats - 1)
            and _is_tuple_of(self.own_draws, Tile)
            and self.from_deal.__class__ is bool
        ):
            self._refuse()

    def _refuse(self) -> None:
        """Raise the error naming the first field that is wrong."""
        counts = self.tile_counts
        if type(counts) is not tuple or not 2 <= len(counts) <= 4 or not _is_ints(counts, 0, 28):
            raise PositionError(
                _bad("PlayerView", "tile_counts", "2..4 ints 0..28, one per seat", counts)
            )
        seats = len(counts)
        for name in ("seat", "to_move", "dealer"):
            value = getattr(self, name)
            if not _is_int(value, 0, seats - 1):
                raise PositionError(_bad("PlayerView", name, f"a seat 0..{seats - 1}", value))
        if not isinstance(self.rules, Rules):
            raise PositionError(_bad("PlayerView", "rules", "a Rules", self.rules))
        if not isinstance(self.hand, Hand):
            raise PositionError(_bad("PlayerView", "hand", "a Hand", self.hand))
        if not isinstance(self.line, LineOfPlay):
            raise PositionError(_bad("PlayerView", "line", "a LineOfPlay", self.line))
        for name in ("boneyard_size", "drawable"):
            value = getattr(self, name)
            if not _is_int(value, 0, 28):
                raise PositionError(_bad("PlayerView", name, "an int 0..28", value))
        if not _is_ints(self.scores) or not 1 <= len(self.scores) <= 4:
            raise PositionError(
                _bad("PlayerView", "scores", "1..4 ints >= 0, one per side", self.scores)
            )
        if not _is_int(self.target, 1):
            raise PositionError(_bad("PlayerView", "target", "an int >= 1", self.target))
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise PositionError(_bad("PlayerView", "outcome", "an Outcome or None", self.outcome))
        if not _is_tuple_of(self.history, Action):
            raise PositionError(_bad("PlayerView", "history", "a tuple of Action", self.history))
        if not _is_ints(self.lead_draws, 0, seats - 1):
            raise PositionError(_bad("PlayerView", "lead_draws", "seats", self.lead_draws))
        if not _is_tuple_of(self.own_draws, Tile):
            raise PositionError(_bad("PlayerView", "own_draws", "tiles", self.own_draws))
        raise PositionError(_bad("PlayerView", "from_deal", "a bool", self.from_deal))

    @classmethod
    def of(cls, state: Viewable, seat: int) -> PlayerView:
        """The view of ``seat`` on ``state``: the same as ``state.view(seat)``
        (:meth:`bergen.RoundState.view`).

        Args:
            state: A round state.
            seat: A seat of that round, 0..seats-1.

        Returns:
            The view.

        Raises:
            PositionError: when ``state`` is not a round state or ``seat`` is not a seat of
                the round.
        """
        view = getattr(state, "view", None)
        if not callable(view) or isinstance(state, type):
            raise PositionError(f"PlayerView.of takes a RoundState, got {_brief(state)}")
        result = view(seat)
        if not isinstance(result, PlayerView):
            raise PositionError(f"PlayerView.of takes a RoundState, got {_brief(state)}")
        return result

    def to_svg(
        self,
        *,
        size: int = 30,
        highlight_last: bool = True,
        highlight_legal: bool = True,
        orientation: str = "horizontal",
    ) -> str:
        """A picture of the table as SVG text (see :mod:`bergen.svg`): the line of play as
        laid (doubles across), this seat's tiles and the others' face down, the boneyard's
        size, the scores and who is to move.

        Args:
            size: The side of a tile's square half, in pixels (4..400).
            highlight_last: Outline the last tile laid.
            highlight_legal: Outline the tiles the seat to move can play now (rule 3).
            orientation: ``"horizontal"`` (the line left to right above the hands) or
                ``"vertical"`` (the line top to bottom beside them).

        Returns:
            An SVG document.

        Raises:
            PositionError: for a bad size or orientation.
        """
        from bergen import svg
        from bergen.display import _picture_status

        last = None
        if highlight_last:
            laid = [a.move for a in self.history if isinstance(a.move, Lead | Play)]
            last = laid[-1].tile if laid else None
        return svg.table_picture(
            title=(
                f"{self.rules.label}, {self.seats} seats, dealer seat {self.dealer}: "
                f"seat {self.seat}'s view"
            ),
            hands=[
                self.hand.tiles if i == self.seat else n for i, n in enumerate(self.tile_counts)
            ],
            ln=self.line,
            boneyard=self.boneyard_size,
            scores=self.scores,
            target=self.target,
            partnerships=self.rules.partnerships,
            to_move=self.to_move if self.outcome is None else None,
            status=_picture_status(self.outcome, self.to_move, self.rules),
            last=last,
            legal=self._playable() if highlight_legal else (),
            size=size,
            orientation=orientation,
        )

    def _playable(self) -> tuple[Tile, ...]:
        """The tiles of this seat that fit an open end when it is to move (none before the
        lead, whose double the view cannot always name).
        """
        line = self.line
        if self.outcome is not None or self.to_move != self.seat or line.lead is None:
            return ()
        return tuple(t for t in self.hand if t.has(line.left or 0) or t.has(line.right or 0))

    def _repr_svg_(self) -> str:
        """The table as SVG, for Jupyter (:meth:`to_svg` with its defaults)."""
        return self.to_svg()

    def __str__(self) -> str:
        """A few readable lines: the line of play as tiles with its open ends, this seat's
        tiles and the other seats' counts, the boneyard, the scores and who is to move (see
        :func:`bergen.display.table_text`).
        """
        from bergen.display import table_text

        return table_text(
            rules=self.rules,
            hands=[
                self.hand.tiles if i == self.seat else n for i, n in enumerate(self.tile_counts)
            ],
            line=self.line,
            boneyard=self.boneyard_size,
            drawable=self.drawable,
            scores=self.scores,
            target=self.target,
            dealer=self.dealer,
            to_move=self.to_move,
            outcome=self.outcome,
            title=f"seat {self.seat}'s view",
        )

    def to_text(self) -> str:
        """This view in the public form of the position notation (docs/records.md, "The
        position notation"): the seat's own tiles, the other seats' counts (``?5``), the line,
        the boneyard's size (``?13``), scores, dealer, the seat to move (and the outcome), then
        ``@seat``, ``deal`` or ``setup`` and the public history, the seat's own draws naming
        their tiles.

        Guarantee, property-tested: ``PlayerView.from_text(v.to_text()) == v``.

        Returns:
            One line of text.

        Raises:
            NotationError: when the rules are neither a preset nor a preset with boolean
                switches flipped.
        """
        from bergen.position_text import PositionText, TextAction, format_position

        own = list(self.own_draws)
        history: list[TextAction] = []
        for s in self.lead_draws:
            tile = own.pop(0) if s == self.seat and own else None
            history.append(TextAction(s, DRAW, tile, lead_draw=True))
        for a in self.history:
            tile = own.pop(0) if a.seat == self.seat and isinstance(a.move, Draw) and own else None
            history.append(TextAction(a.seat, a.move, tile))
        seats = self.seats
        return format_position(
            PositionText(
                rules=self.rules,
                hands=tuple(self.hand.tiles if i == self.seat else () for i in range(seats)),
                hidden=tuple(0 if i == self.seat else self.tile_counts[i] for i in range(seats)),
                line=self.line,
                boneyard=(),
                boneyard_hidden=self.boneyard_size,
                scores=self.scores,
                dealer=self.dealer,
                to_move=self.to_move,
                outcome=self.outcome,
                seat=self.seat,
                from_deal=self.from_deal,
                history=tuple(history),
            )
        )

    @classmethod
    def from_text(cls, text: str) -> PlayerView:
        """Read a view from the public form of the position notation (see :meth:`to_text`).

        Checked: the seat's own tiles are all given and the other hands and the boneyard are
        counts only; the counts, the line and the own tiles make the 28 tiles; one score per
        side, each a number of points; the seat's own draws (and only those) name their
        tiles; the lead draws come from a deal.

        Args:
            text: One line of ten fields.

        Returns:
            The view.

        Raises:
            PositionTextError: (a :class:`~bergen.errors.NotationError`) naming the field and
                the character position, for text that breaks the grammar or does not add up.
        """
        from bergen.position_text import (
            VIEW_FIELDS,
            PositionTextError,
            field_starts,
            parse_position,
        )

        p = parse_position(text)
        fields = field_starts(text)
        if p.seat is None:
            raise PositionTextError(
                "this is a full position (seven fields); a view has ten: read it with "
                "RoundState.from_text",
                text=text,
                field="text",
                column=len(text),
            )
        seat = p.seat

        def fail(field: str, message: str) -> PositionTextError:
            return PositionTextError(
                message, text=text, field=field, column=fields[VIEW_FIELDS.index(field)]
            )

        if p.hidden[seat]:
            raise fail("hands", f"a view gives all of its own seat's tiles (seat {seat})")
        if any(p.hands[i] for i in range(p.seats) if i != seat):
            raise fail("hands", "a view gives the other seats' tiles only as counts (?5)")
        if p.boneyard or p.boneyard_hidden is None:
            raise fail("boneyard", "a view gives the boneyard as a count (?13, or - when empty)")
        counts = tuple(len(p.hands[seat]) if i == seat else p.hidden[i] for i in range(p.seats))
        total = sum(counts) + len(p.line) + p.boneyard_hidden
        if total != len(TILES):
            raise fail("boneyard", f"the hands, line and boneyard hold {total} tiles, not 28")
        try:
            table = p.rules.for_table(p.seats)
        except BergenError as e:
            raise fail("rules", str(e)) from e
        if len(p.scores) != table.sides:
            raise fail("scores", f"{len(p.scores)} scores for {table.sides} sides")
        own: list[Tile] = []
        history: list[Action] = []
        lead_draws: list[int] = []
        for a in p.history:
            if isinstance(a.move, Draw) and a.seat == seat:
                if a.tile is None:
                    raise fail("history", "the view's own draws name the tile drawn")
                own.append(a.tile)
            elif a.tile is not None:
                raise fail("history", "only the view's own draws name their tiles")
            if a.lead_draw:
                lead_draws.append(a.seat)
            else:
                history.append(Action(a.seat, a.move))
        if lead_draws and not p.from_deal:
            raise fail("history", "lead draws follow a deal, not a set-up position")
        hand = Hand.of(p.hands[seat])
        if own and not all(t in hand or t in {q.tile for q in p.line.tiles} for t in own):
            raise fail("history", "a tile the seat drew is neither in its hand nor on the line")
        bone = p.boneyard_hidden
        return cls(
            seat=seat,
            rules=p.rules,
            hand=hand,
            line=p.line,
            tile_counts=counts,
            boneyard_size=bone,
            drawable=0 if not p.rules.drawing or bone <= table.reserve else bone - table.reserve,
            scores=p.scores,
            target=table.target,
            to_move=p.to_move,
            dealer=p.dealer,
            outcome=p.outcome,
            history=tuple(history),
            lead_draws=tuple(lead_draws),
            own_draws=tuple(own),
            from_deal=p.from_deal,
        )

    @property
    def seats(self) -> int:
        """The number of seats, 2..4."""
        return len(self.tile_counts)

    @property
    def sides(self) -> int:
        """The number of sides: 2 with partnerships, else one per seat."""
        return len(self.scores)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: the seat itself, or ``seat % 2`` with partnerships
        (side 0 is seats 0 and 2, side 1 seats 1 and 3; rule 10).

        Raises:
            PositionError: when ``seat`` is not a seat at this table.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise PositionError(f"seat must be a seat 0..{self.seats - 1}, got {_brief(seat)}")
        return seat % 2 if self.rules.partnerships else seat

    @property
    def side(self) -> int:
        """The side of this view's seat."""
        return self.side_of(self.seat)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.outcome is not None

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat cannot see: neither in its hand nor on the line (the other
        seats' hands and the boneyard), lowest index first.
        """
        return tiles_of_mask(FULL_MASK & ~self.hand.mask & ~_line_mask(self.line))


# ---------------------------------------------------------------------------------- voids


def voids(view: PlayerView) -> tuple[frozenset[int], ...]:
    """The numbers each seat is known not to hold now, inferred from the public history.

    A seat that drew or passed while the open ends showed ``a`` and ``b`` held no tile carrying
    ``a`` or ``b`` at that moment (rule 4: nobody may draw or pass holding a tile that fits).
    A later draw may add such a tile, so a void lasts until the seat keeps a drawn tile; a
    drawn tile played at once (the tile that ended a run of draws) does not end it. When the
    round ended blocked, every seat is void in both open ends. Only public facts are used, so
    the viewer's own entry is what the other seats can infer about it. Where a seat may draw
    while holding a tile that fits (``draw_when=DrawWhen.ANY_TIME``, rule 4), a draw says
    nothing: only passes and a block show voids, and every drawn tile ends them.

    Args:
        view: A player view.

    Returns:
        One frozenset of numbers 0..6 per seat.

    Raises:
        PositionError: when ``view`` is not a :class:`PlayerView`.
    """
    if not isinstance(view, PlayerView):
        raise PositionError(
            f"voids takes view, a PlayerView (see RoundState.view), got {_brief(view)}"
        )
    seats = view.seats
    any_time = view.rules.draw_when is DrawWhen.ANY_TIME
    known: list[set[int]] = [set() for _ in range(seats)]
    line = _start_line(view)
    history = view.history
    for i, a in enumerate(history):
        move = a.move
        if isinstance(move, Draw | Pass):
            ends = line.ends
            if ends is not None and not (any_time and isinstance(move, Draw)):
                known[a.seat].update(ends)
            if isinstance(move, Draw):
                nxt = history[i + 1] if i + 1 < len(history) else None
                if any_time or nxt is None or nxt.seat != a.seat or not isinstance(nxt.move, Play):
                    # The drawn tile stays in hand and may carry any number; a further draw or
                    # a pass at the same ends says again what it does not carry.
                    known[a.seat] = set()
        elif isinstance(move, Lead):
            line = line.start(move.tile)
        elif isinstance(move, Play):
            line = line.place(move.tile, move.end)
    if view.outcome is not None and view.outcome.kind is OutcomeKind.BLOCKED:
        ends = view.line.ends
        if ends is not None:
            for k in known:
                k.update(ends)
    return tuple(frozenset(k) for k in known)


def _line_mask(line: LineOfPlay) -> int:
    """The mask of the tiles on ``line`` (read from its chains, without building its tiles)."""
    if line.lead is None:
        return 0
    mask = line.lead.mask
    for t, _ in line._left_chain:
        mask |= 1 << t
    for t, _ in line._right_chain:
        mask |= 1 << t
    return mask


def _start_line(view: PlayerView) -> LineOfPlay:
    """The line as it was before the first action of the history."""
    if view.from_deal or any(isinstance(a.move, Lead) for a in view.history):
        return LineOfPlay.empty()
    plays = [a.move for a in view.history if isinstance(a.move, Play)]
    if not plays:
        return view.line
    placed = list(view.line.tiles)
    lead = view.line.lead
    lead_at = next(i for i, p in enumerate(placed) if p.tile == lead)
    for move in reversed(plays):
        if move.end is End.LEFT:
            placed.pop(0)
            lead_at -= 1
        else:
            placed.pop()
    parts = [str(p) for p in placed]
    parts[lead_at] = "*" + parts[lead_at]
    return LineOfPlay.parse(" ".join(parts))
