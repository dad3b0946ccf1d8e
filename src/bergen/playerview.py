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

from typing import Protocol

import attrs

from bergen.errors import PositionError
from bergen.events import Outcome, OutcomeKind
from bergen.hands import Hand
from bergen.line import LineOfPlay
from bergen.moves import Action, Draw, End, Lead, Pass, Play
from bergen.rules import Rules
from bergen.tiles import FULL_MASK, Tile, tile_mask, tiles_of_mask


class Viewable(Protocol):
    """Anything with a ``view(seat)`` that returns a :class:`PlayerView` (a round state)."""

    def view(self, seat: int) -> PlayerView:
        """The view of ``seat``."""
        ...


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
    """

    seat: int
    rules: Rules
    hand: Hand
    line: LineOfPlay
    tile_counts: tuple[int, ...]
    boneyard_size: int
    drawable: int
    scores: tuple[int, ...]
    target: int
    to_move: int
    dealer: int
    outcome: Outcome | None
    history: tuple[Action, ...]
    lead_draws: tuple[int, ...]
    own_draws: tuple[Tile, ...]
    from_deal: bool

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
            raise PositionError(f"PlayerView.of takes a RoundState, got {state!r}")
        result = view(seat)
        if not isinstance(result, PlayerView):
            raise PositionError(f"PlayerView.of takes a RoundState, got {state!r}")
        return result

    @property
    def seats(self) -> int:
        """The number of seats, 2..4."""
        return len(self.tile_counts)

    @property
    def sides(self) -> int:
        """The number of sides: 2 with partnerships, else one per seat."""
        return len(self.scores)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: the seat itself, or ``seat % 2`` with partnerships."""
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
    the viewer's own entry is what the other seats can infer about it.

    Args:
        view: A player view.

    Returns:
        One frozenset of numbers 0..6 per seat.

    Raises:
        PositionError: when ``view`` is not a :class:`PlayerView`.
    """
    if not isinstance(view, PlayerView):
        raise PositionError(f"voids takes view, a PlayerView (see RoundState.view), got {view!r}")
    seats = view.seats
    known: list[set[int]] = [set() for _ in range(seats)]
    line = _start_line(view)
    history = view.history
    for i, a in enumerate(history):
        move = a.move
        if isinstance(move, Draw | Pass):
            ends = line.ends
            if ends is not None:
                known[a.seat].update(ends)
            if isinstance(move, Draw):
                nxt = history[i + 1] if i + 1 < len(history) else None
                if nxt is None or nxt.seat != a.seat or not isinstance(nxt.move, Play):
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
    return tile_mask(p.tile for p in line.tiles)


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
