"""The state of one round (one deal played out): legal moves, the legality check, and apply.

This module is the rules engine (rules brief, rules 2-10). A :class:`RoundState` is an
immutable value; :meth:`RoundState.apply` returns a new state and the score events the move
caused, and never changes the state it was called on.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from bergen._diagnose import _illegal, _not_your_turn
from bergen._fastbuild import builder
from bergen._setup import _check_position, _check_start, _draw_for_lead, _is_blocked, _required_lead
from bergen._store import _EMPTY_LINE, _LEFT, _derive, _Round, _with
from bergen._store import install as _install
from bergen._tables import (
    _DRAW_ONLY,
    _FITLR,
    _LEGAL,
    _PASS_ONLY,
    _SPREAD,
    _legal_miss,
    _legal_of,
)
from bergen.deal import Deal, _deal_masks
from bergen.errors import PositionError
from bergen.events import Outcome, ScoreEvent
from bergen.hands import Boneyard, Hand, _make_boneyard, _make_hand
from bergen.line import LineOfPlay
from bergen.moves import DRAW, LEADS, PASS, PLAYS, Draw, Move, Pass, Play
from bergen.rules import CLASSIC, LowestDouble, Rules
from bergen.tiles import BIT, DOUBLES_MASK, FIT, OTHER, TILES, Tile

if TYPE_CHECKING:
    from bergen._store import _Cache
    from bergen.view import PlayerView

__all__ = ["Action", "RoundState"]


@attrs.frozen
class Action:
    """One entry of a round's history: who did what.

    Args:
        seat: The seat that moved.
        move: The move made.
        drawn: For a draw, the tile drawn (hidden information: views show only the count);
            otherwise ``None``.
    """

    seat: int
    move: Move
    drawn: Tile | None = None

    def __str__(self) -> str:
        """``seat 1: 5-4L``, or ``seat 1: draw 6-2`` for a draw."""
        extra = f" {self.drawn}" if self.drawn is not None else ""
        return f"seat {self.seat}: {self.move}{extra}"


# The history is a persistent list (newest first) so that states share it with their parents.
_Trail = tuple[Action, "_Trail"] | None


def _trail_items(trail: _Trail) -> tuple[Action, ...]:
    out: list[Action] = []
    while trail is not None:
        out.append(trail[0])
        trail = trail[1]
    out.reverse()
    return tuple(out)


# Interned history entries for the hot path: the engine hands out shared actions.
_MAX_SEATS = 4
# _PLAY_ACTIONS[seat][t][on_left]: index True (1) is the left end, False (0) the right end.
_PLAY_ACTIONS: tuple[tuple[tuple[Action, Action], ...], ...] = tuple(
    tuple((Action(s, PLAYS[t][1]), Action(s, PLAYS[t][0])) for t in range(len(TILES)))
    for s in range(_MAX_SEATS)
)
_LEAD_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, LEADS[t]) for t in range(len(TILES))) for s in range(_MAX_SEATS)
)
_DRAW_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(s, DRAW, TILES[t]) for t in range(len(TILES))) for s in range(_MAX_SEATS)
)
_PASS_ACTIONS: tuple[Action, ...] = tuple(Action(s, PASS) for s in range(_MAX_SEATS))


@_install
@attrs.frozen(kw_only=True, repr=False)
class RoundState:
    """The state of one round.

    Build one with :meth:`start` (from a deal) or :meth:`from_position` (a position set up
    mid-round); the constructor itself does not validate.

    Attributes:
        rules: The ruleset.
        hands: One :class:`Hand` per seat.
        boneyard: The undealt tiles in draw order, with the reserve.
        line: The line of play.
        to_move: The seat to move (the seat that moved last once the round is over).
        scores: Match points per side, this round's events included.
        target: The match target, in points (rule 9).
        dealer: The dealing seat.
        outcome: How the round ended, ``None`` while it goes on.
        lead_draws: Tiles drawn in turn for a lead double before the lead, as :class:`Action`
            values (``simple``: nobody was dealt a double).
        deal: The deal the round started from (``None`` for a set-up position).
    """

    rules: Rules
    hands: tuple[Hand, ...]
    boneyard: Boneyard
    line: LineOfPlay
    to_move: int
    scores: tuple[int, ...]
    target: int
    dealer: int = 0
    outcome: Outcome | None = None
    lead_draws: tuple[Action, ...] = ()
    deal: Deal | None = None
    _trail: _Trail = attrs.field(default=None, alias="trail")
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    # The data the engine plays on (see bergen._store).
    # Every field above but to_move, scores and outcome is a property that reads it.
    _round: _Round = attrs.field(init=False, eq=False, hash=False, repr=False)
    _masks: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _left: int | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _right: int | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _ndraw: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    _parent: RoundState | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _move: Move | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _cache: _Cache | None = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        """Derive the engine's data from the public fields (the constructor's path only)."""
        _derive(self)

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(
        cls,
        deal: Deal,
        rules: Rules = CLASSIC,
        *,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
    ) -> RoundState:
        """Begin a round from a deal, ready for the lead (rules 1-2).

        When nobody holds a double and the rules draw in turn (``simple``), the seats left of
        the dealer draw one tile each in turn until one holds a double; those draws are kept in
        :attr:`lead_draws`. The seat holding the double the lead rule picks moves first.

        Args:
            deal: The hands and the boneyard order.
            rules: The ruleset (default ``classic``).
            dealer: The dealing seat.
            scores: Match points per side before this round (default all 0).

        Returns:
            The state before the lead.

        Raises:
            RulesError: when the rules do not allow this table (seats, partnerships, sizes).
            PositionError: when the hands are not the size the rules deal, the dealer or scores
                are out of range, or nobody holds a double and the rules redeal (check
                :attr:`Deal.has_double` first).
        """
        table, kit, score_t = _check_start(deal, rules, dealer, scores)
        dealt = deal._masks
        if dealt is None:
            dealt = _deal_masks(deal)
        held = 0
        for m in dealt:
            held |= m
        held &= DOUBLES_MASK
        if held and rules.lead.__class__ is LowestDouble:  # the usual case, on the masks
            masks = dealt
            bit = held & -held
            required = TILES[bit.bit_length() - 1]
            tiles = deal.boneyard
            lead_draws: tuple[Action, ...] = ()
        else:
            drawn = list(dealt)
            tiles, draws = _draw_for_lead(rules, drawn, deal.boneyard, dealer)
            masks = tuple(drawn)
            lead_draws = tuple([Action(seat, DRAW, t) for seat, t in draws])
            required = _required_lead(rules, masks)
            bit = BIT[required.index]
        leader = 0
        while not masks[leader] & bit:
            leader += 1
        if cls is not RoundState:  # a subclass gets its own constructor
            return cls(
                rules=rules,
                hands=tuple([_make_hand(m) for m in masks]),
                boneyard=_make_boneyard(tiles, table.reserve),
                line=_EMPTY_LINE,
                to_move=leader,
                scores=score_t,
                target=table.target,
                dealer=dealer,
                lead_draws=lead_draws,
                deal=deal,
            )
        state = _StateBuilder()
        rnd = state._round = _Round(
            rules,
            table.target,
            dealer,
            lead_draws,
            deal,
            required,
            tiles,
            table.reserve,
            kit,
        )
        state.to_move = leader
        state.scores = score_t
        state.outcome = None
        state._legal = (LEADS[required.index],)
        state._masks = masks
        state._left = state._right = None
        state._ndraw = rnd.ndraw0
        state._parent = state._move = state._cache = None
        state.__class__ = RoundState
        return state  # type: ignore[no-any-return]

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Hand | Sequence[Tile]],
        boneyard: Sequence[Tile],
        line: LineOfPlay,
        to_move: int,
        rules: Rules = CLASSIC,
        *,
        scores: Sequence[int] | None = None,
        dealer: int = 0,
    ) -> RoundState:
        """Set up a position mid-round, as chess has FEN (design.md, "Shapes by example").

        Args:
            hands: The tiles of each seat (2..4 seats).
            boneyard: The undealt tiles in draw order, top first.
            line: The line of play (:meth:`LineOfPlay.parse`); empty for a position before the
                lead, in which case ``to_move`` must hold the double the lead rule requires.
            to_move: The seat to move.
            rules: The ruleset.
            scores: Match points per side (default all 0), each below the target.
            dealer: The dealing seat.

        Returns:
            The position, not yet ended.

        Raises:
            PositionError: when the line, hands and boneyard are not the 28 tiles exactly once,
                a seat or score is out of range, a hand is empty, the wrong seat is to lead, or
                the position is already blocked.
            RulesError: when the rules do not allow this table.
        """
        masks, table, score_t = _check_position(
            hands, boneyard, line, to_move, rules, scores, dealer
        )
        state = cls(
            rules=rules,
            hands=tuple(Hand(m) for m in masks),
            boneyard=Boneyard(tuple(boneyard), table.reserve),
            line=line,
            to_move=to_move,
            scores=score_t,
            target=table.target,
            dealer=dealer,
        )
        if line.lead is not None and _is_blocked(masks, state._left, state._right, state._ndraw):
            raise PositionError("nobody can play or draw: the position is already blocked")
        return state

    # ------------------------------------------------------------------ derived facts

    def __repr__(self) -> str:
        """Valid Python that rebuilds an equal state (the history as ``trail=``)."""
        parts = [f"{a.alias}={getattr(self, a.name)!r}" for a in attrs.fields(RoundState) if a.init]
        return f"RoundState({', '.join(parts)})"

    @property
    def seats(self) -> int:
        """The number of seats, 2..4."""
        return len(self._masks)

    @property
    def sides(self) -> int:
        """The number of sides: 2 with partnerships, else one per seat."""
        return len(self.scores)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: the seat itself, or ``seat % 2`` with partnerships
        (side 0 is seats 0 and 2, side 1 seats 1 and 3; rule 10). The seat is not checked.
        """
        return seat % 2 if self._round.rules.partnerships else seat

    @property
    def history(self) -> tuple[Action, ...]:
        """Every move made since the lead (lead draws excluded), oldest first."""
        return _trail_items(self._trail)

    @property
    def drawable(self) -> int:
        """How many tiles can still be drawn: 0 with drawing off, else the tiles above the
        reserve (rule 4).
        """
        return self._ndraw

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (going out, a block, or the target reached)."""
        return self.outcome is not None

    @property
    def match_over(self) -> bool:
        """Whether some side has reached the target (rule 9)."""
        return max(self.scores) >= self.target

    @property
    def winner(self) -> int | None:
        """The side that reached the target, or ``None``."""
        best = max(self.scores)
        return self.scores.index(best) if best >= self.target else None

    @property
    def required_lead(self) -> Tile | None:
        """The double that must lead while the line is empty (rule 2), else ``None``."""
        if self._left is not None:
            return None
        return _required_lead(self._round.rules, self._masks)

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the seat to move, in a fixed order (rules 2-4).

        Before the lead: only the lead of the required double. Then every tile that fits an
        end, once per end it fits (a tile fitting both ends gives two moves, even when both
        ends show the same number), ordered by tile then left before right; if none fits,
        ``draw`` while tiles above the reserve remain, else ``pass``. Empty once the round is
        over.

        Returns:
            A tuple of moves (shared instances; computed once per state).
        """
        legal = self._legal
        if legal is None:
            legal = _legal_of(self)
            _set_legal(self, legal)
        return legal

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal for the seat to move (rules 2-4).

        Agrees with :meth:`legal_moves`, :meth:`check` and :meth:`apply`; never raises (any
        other object is simply not legal). ``False`` once the round is over.
        """
        return move in self.legal_moves()

    def check(self, move: Move, seat: int | None = None) -> None:
        """Raise if ``move`` is illegal; the one source of truth for legality.

        Args:
            move: The move.
            seat: The seat making it, if the caller wants that checked too.

        Raises:
            IllegalMoveError: with a :class:`Reason`, the move and the seat.
        """
        if seat is not None and self.outcome is None and _seat_number(seat) != self.to_move:
            raise _not_your_turn(self, move, seat)
        if move in self.legal_moves():
            return
        raise _illegal(self, move)

    # ------------------------------------------------------------------ apply

    def apply(
        self, move: Move, seat: int | None = None
    ) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        """Make a move: return the next state and the score events it caused.

        Headers are judged from the ends right after the play (rule 5) and reduced near the
        target (rule 6); going out (rule 7) follows a header; a block is detected as soon as
        nobody can play or draw (rule 8) and judged by the rules' blocked-hand judge; scoring
        stops at the first event that reaches the target (rule 9).

        Args:
            move: The move (see :meth:`legal_moves`).
            seat: Optionally, the seat making it; checked against :attr:`to_move`.

        Returns:
            ``(next_state, events)``; ``events`` in award order, possibly empty.

        Raises:
            IllegalMoveError: when the move is not legal, or ``seat`` is not the seat to move;
                this state is unchanged.
            PositionError: when a user-supplied component breaks its protocol (a blocked-hand
                judge that names no side, a header reduction that returns no points).
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        if seat is not None and (seat.__class__ is not int or seat != self.to_move):
            self.check(move, seat)  # raises unless the round is over
        for m in legal:  # the engine's moves are shared instances: identity first
            if m is move:
                break
        else:  # `in` would call the moves' __eq__ on the way: only for other instances
            if move not in legal:
                self.check(move, seat)  # raises
            move = legal[legal.index(move)]  # the engine's own instance, equal to `move`
        # The moves of a round, written out here (a play, a draw, a pass) or in
        # bergen._transitions (the lead, and a play that scores or ends the round). Next states
        # are built without attrs' __init__ (see bergen._fastbuild) from the engine's data
        # alone: the hand masks, the ends, the parent and the move (see bergen._store).
        cls = move.__class__
        seat = self.to_move
        masks = self._masks
        n = len(masks)
        if cls is Play:  # rule 3
            t: int = move.tile.index  # type: ignore[union-attr]
            mask = masks[seat] ^ BIT[t]
            if move.end is _LEFT:  # type: ignore[union-attr]
                left: int = OTHER[t][self._left]  # type: ignore[index]
                right: int = self._right  # type: ignore[assignment]
            else:
                left = self._left  # type: ignore[assignment]
                right = OTHER[t][self._right]  # type: ignore[index]
        elif cls is Draw:  # rule 4: the top tile of the boneyard; the same seat moves again
            rnd = self._round
            ndraw = self._ndraw
            t = rnd.tiles[rnd.ndraw0 - ndraw].index
            mask = masks[seat] | BIT[t]
            left = self._left  # type: ignore[assignment]
            right = self._right  # type: ignore[assignment]
        elif cls is Pass:  # rule 4: nothing fits and nothing can be drawn; the next seat moves
            rnd = self._round
            left = self._left  # type: ignore[assignment]
            right = self._right  # type: ignore[assignment]
            nxt = rnd.next_seat[seat]
            return _child(self, masks, rnd, left, right, 0, nxt, self.scores, None, move), ()
        else:  # the lead (rule 2)
            return _lead(self, move.tile.index)  # type: ignore[union-attr]
        # The hand masks with the mover's changed: written out for the usual table sizes.
        new_masks: tuple[int, ...]
        if n == 2:
            new_masks = (mask, masks[1]) if seat == 0 else (masks[0], mask)
        elif n == 3:
            if seat == 0:
                new_masks = (mask, masks[1], masks[2])
            elif seat == 1:
                new_masks = (masks[0], mask, masks[2])
            else:
                new_masks = (masks[0], masks[1], mask)
        else:
            new_masks = _with(masks, seat, mask)
        if cls is Play:
            if left == right or not mask:  # a header (rule 5) or going out (rule 7)
                return _scored(self, t, new_masks, self._round, left, right, move)
            ndraw = self._ndraw
            nxt = self._round.next_seat[seat]
            nm = new_masks[nxt]
        else:  # a draw: the same seat moves again
            ndraw -= 1
            nxt = seat
            nm = mask
        if not ndraw:
            ends = FIT[left] | FIT[right]
            for other in new_masks:
                if other & ends:
                    break
            else:  # rule 8: nobody can play or draw; to_move stays the seat that moved
                return _block(
                    self, new_masks, self._round, left, right, seat, self.scores, move, ()
                )
        state = _StateBuilder()
        state._round = self._round
        state.to_move = nxt
        state.scores = self.scores
        state.outcome = None
        state._masks = new_masks
        state._left = left
        state._right = right
        state._ndraw = ndraw
        state._parent = self
        state._move = move
        state._cache = None
        # The next seat's legal moves, worked out now while the numbers are at hand.
        key = nm * _SPREAD & _FITLR[left][right]
        if key:
            try:
                state._legal = _LEGAL[key]
            except KeyError:
                state._legal = _legal_miss(key)
        else:
            state._legal = _DRAW_ONLY if ndraw else _PASS_ONLY
        state.__class__ = RoundState
        return state, ()

    # ------------------------------------------------------------------ conveniences

    def play_out(self, moves: Sequence[Move]) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        """Apply several moves in order; return the final state and all events.

        Raises:
            IllegalMoveError: at the first illegal move (this state is unchanged).
        """
        state = self
        events: list[ScoreEvent] = []
        for m in moves:
            state, ev = state.apply(m)
            events.extend(ev)
        return state, tuple(events)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know of this round: see :class:`bergen.view.PlayerView`.

        Its own tiles, the line, every seat's tile count, the boneyard's size, the scores and
        the public history (draws as counts); never another seat's tiles or the boneyard
        order (design.md, "Views, bots, hidden information").

        Raises:
            PositionError: when ``seat`` is not a seat of this round.
        """
        from bergen.view import PlayerView

        return PlayerView.of(self, seat)

    def all_tiles(self) -> Iterator[tuple[str, Tile]]:
        """Every tile with where it is: ``("hand 0", tile)``, ``("boneyard", tile)`` or
        ``("line", tile)``. Always the 28 tiles exactly once.
        """
        for i, h in enumerate(self.hands):
            for t in h:
                yield f"hand {i}", t
        for t in self.boneyard.tiles:
            yield "boneyard", t
        for p in self.line.tiles:
            yield "line", p.tile


def _seat_number(seat: object) -> int | None:
    """``seat`` as a seat number: an int (or a value with ``__index__``, such as a NumPy
    integer), not a bool; ``None`` when it is none.
    """
    if seat.__class__ is int:
        return seat
    if isinstance(seat, bool):
        return None
    try:
        return operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        return None


def _action_of(state: RoundState) -> Action:
    """The history entry of the move that made ``state`` (a shared instance; internal)."""
    move = state._move
    parent: RoundState = state._parent  # type: ignore[assignment]
    seat = parent.to_move
    cls = move.__class__
    if cls is Play:
        return _PLAY_ACTIONS[seat][move.tile.index][move.end is _LEFT]  # type: ignore[union-attr]
    if cls is Draw:
        rnd = state._round
        return _DRAW_ACTIONS[seat][rnd.tiles[rnd.ndraw0 - parent._ndraw].index]
    if cls is Pass:
        return _PASS_ACTIONS[seat]
    return _LEAD_ACTIONS[seat][move.tile.index]  # type: ignore[union-attr]


# hands, boneyard, line, the trail, rules, target, dealer, lead_draws and deal are properties
# built on first access (see bergen._store, install); the builder of the engine's states.
_StateBuilder = builder(RoundState)
_set_legal = RoundState.__dict__["_legal"].__set__

# The transitions build RoundState values, so they import this module: imported last.
from bergen._transitions import _block, _child, _lead, _scored  # noqa: E402
