"""The state of one round (one deal played out): legal moves, the legality check, and apply.

This module is the rules engine (rules brief, rules 2-10). A :class:`RoundState` is an
immutable value; :meth:`RoundState.apply` returns a new state and the score events the move
caused, and never changes the state it was called on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import attrs

from bergen._fastbuild import builder
from bergen.deal import Deal
from bergen.errors import IllegalMoveError, PositionError, Reason
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.hands import Boneyard, Hand, _make_boneyard, _make_hand
from bergen.line import LineOfPlay, _Chain, _make_line
from bergen.moves import DRAW, LEADS, PASS, PLAYS, Draw, End, Lead, Move, Pass, Play
from bergen.rules import CLASSIC, HighestDouble, LowestDouble, NoDouble, Rules, TableRules
from bergen.tiles import BIT, DOUBLES, DOUBLES_MASK, FIT, IS_DOUBLE, OTHER, TILES, Tile, tile_mask

if TYPE_CHECKING:
    from bergen.view import PlayerView

__all__ = ["Action", "RoundState"]

_EMPTY_LINE = LineOfPlay.empty()
_GOING_OUT = EventKind.GOING_OUT
_DOUBLE_HEADER = EventKind.DOUBLE_HEADER
_TRIPLE_HEADER = EventKind.TRIPLE_HEADER


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


def _mask_moves(mask_left: int, mask_right: int) -> tuple[Play, ...]:
    out: list[Play] = []
    both = mask_left | mask_right
    while both:
        low = both & -both
        t = low.bit_length() - 1
        if mask_left & low:
            out.append(PLAYS[t][0])
        if mask_right & low:
            out.append(PLAYS[t][1])
        both ^= low
    return tuple(out)


# Interned values for the hot path: the engine hands out shared moves and history entries.
_LEFT = End.LEFT
_DRAW_ONLY: tuple[Move, ...] = (DRAW,)
_PASS_ONLY: tuple[Move, ...] = (PASS,)
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


def _subsets(mask: int) -> Iterator[int]:
    sub = mask
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & mask


# Legal plays when only one end fits, or both ends show the same number, by the fitting tiles'
# mask (every such mask is a subset of FIT[n] for the end's number n).
_LEFT_ONLY: dict[int, tuple[Move, ...]] = {}
_RIGHT_ONLY: dict[int, tuple[Move, ...]] = {}
_BOTH_SAME: dict[int, tuple[Move, ...]] = {}
for _n in range(7):
    for _m in _subsets(FIT[_n]):
        _LEFT_ONLY[_m] = _mask_moves(_m, 0)
        _RIGHT_ONLY[_m] = _mask_moves(0, _m)
        _BOTH_SAME[_m] = _mask_moves(_m, _m)
# The legal plays when tiles fit both ends, by the fitting tiles' masks: _BOTH[fl][fr], filled
# by _both_ends as positions come up (bounded).
_BOTH: dict[int, dict[int, tuple[Move, ...]]] = {}
_BOTH_MAX = 1 << 15
_both_count = 0


def _both_ends(fl: int, fr: int) -> tuple[Move, ...]:
    """The legal plays when tiles fit both ends; remembered in ``_BOTH``."""
    global _both_count
    if fl.bit_length() <= (fr & -fr).bit_length():  # every left play sorts first
        moves = _LEFT_ONLY[fl] + _RIGHT_ONLY[fr]
    elif fr.bit_length() < (fl & -fl).bit_length():  # every right play sorts first
        moves = _RIGHT_ONLY[fr] + _LEFT_ONLY[fl]
    else:
        moves = _mask_moves(fl, fr)
    if _both_count >= _BOTH_MAX:
        _BOTH.clear()
        _both_count = 0
    _BOTH.setdefault(fl, {})[fr] = moves
    _both_count += 1
    return moves


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
    # The data the engine plays on (see "Internal representation" at the end of this module).
    # Every field above but to_move, scores and outcome is a property that reads it.
    _round: _Round = attrs.field(init=False, eq=False, hash=False, repr=False)
    _masks: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _left: int | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _right: int | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _ndraw: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    _top: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    _parent: RoundState | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _action: Action | None = attrs.field(init=False, eq=False, hash=False, repr=False)
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
        seats = deal.seats
        table = _table(rules, seats)
        for i, h in enumerate(deal.hands):
            if len(h) != table.hand_size:
                raise PositionError(
                    f"hand {i} holds {len(h)} tiles; the rules deal {table.hand_size} "
                    f"at {seats} seats"
                )
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {dealer!r}")
        score_t = _check_scores(scores, table.sides, table.target)
        masks = [tile_mask(h) for h in deal.hands]
        held = 0
        for m in masks:
            held |= m
        boneyard = deal.boneyard
        lead_draws: list[Action] = []
        if not held & DOUBLES_MASK:
            boneyard = list(boneyard)  # type: ignore[assignment]
            if rules.no_double is NoDouble.REDEAL:
                raise PositionError("nobody holds a double: the rules redeal (rule 2)")
            seat = (dealer + 1) % seats
            while True:
                if not boneyard:  # cannot happen with 28 tiles: 7 doubles, 21 others
                    raise PositionError("nobody holds a double and the boneyard is empty")
                t = boneyard.pop(0)  # type: ignore[attr-defined]
                masks[seat] |= 1 << t.index
                lead_draws.append(Action(seat, DRAW, t))
                if t.is_double:
                    break
                seat = (seat + 1) % seats
        required = _required_lead(rules, masks)
        bit = BIT[required.index]
        leader = 0
        while not masks[leader] & bit:
            leader += 1
        tiles = tuple(boneyard)  # the deal's own tuple when nobody drew for the lead
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
                lead_draws=tuple(lead_draws),
                deal=deal,
            )
        state = _StateBuilder()
        state._round = _Round(
            rules, table.target, dealer, tuple(lead_draws), deal, None, tiles, table.reserve
        )
        state.to_move = leader
        state.scores = score_t
        state.outcome = None
        state._legal = (LEADS[required.index],)
        state._masks = tuple(masks)
        state._left = state._right = None
        n = len(tiles) - table.reserve
        state._ndraw = n if n > 0 and rules.drawing else 0
        state._top = 0
        state._parent = state._action = state._cache = None
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
        if not isinstance(line, LineOfPlay):
            raise PositionError(f"line must be a LineOfPlay (see LineOfPlay.parse), got {line!r}")
        hand_tiles = [h.tiles if isinstance(h, Hand) else h for h in hands]
        placed = tuple(p.tile for p in line.tiles)
        # Deal checks the 28 tiles exactly once; the line's tiles count as one more place.
        Deal([*hand_tiles[:-1], (*hand_tiles[-1], *placed)] if hand_tiles else [], boneyard)
        seats = len(hand_tiles)
        table = rules.for_table(seats)
        if type(to_move) is not int or not 0 <= to_move < seats:
            raise PositionError(f"to_move must be a seat 0..{seats - 1}, got {to_move!r}")
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {dealer!r}")
        score_t = _check_scores(scores, table.sides, table.target)
        masks = [tile_mask(h) for h in hand_tiles]
        for i, m in enumerate(masks):
            if not m:
                raise PositionError(
                    f"hand {i} is empty: that seat has gone out and the round is over"
                )
        if line.lead is None:
            if not any(m & DOUBLES_MASK for m in masks):
                raise PositionError("before the lead somebody must hold a double (rule 2)")
            required = _required_lead(rules, masks)
            if not masks[to_move] >> required.index & 1:
                holder = next(i for i, m in enumerate(masks) if m >> required.index & 1)
                raise PositionError(
                    f"seat {holder} holds {required}, the double that must lead, not seat {to_move}"
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
        if line.lead is not None and state._is_blocked(masks, state._ndraw):
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
            legal = self._compute_legal()
            _set_legal(self, legal)
        return legal

    def _compute_legal(self) -> tuple[Move, ...]:
        if self.outcome is not None:
            return ()
        masks = self._masks
        hand = masks[self.to_move]
        left = self._left
        if left is None:
            required = _required_lead(self._round.rules, masks)
            return (LEADS[required.index],) if hand >> required.index & 1 else ()
        right: int = self._right  # type: ignore[assignment]
        fl = hand & FIT[left]
        fr = hand & FIT[right]
        if fl:
            if not fr:
                return _LEFT_ONLY[fl]
            if left == right:
                return _BOTH_SAME[fl]
            by_right = _BOTH.get(fl)
            legal = None if by_right is None else by_right.get(fr)
            return _both_ends(fl, fr) if legal is None else legal
        if fr:
            return _RIGHT_ONLY[fr]
        return _DRAW_ONLY if self._ndraw else _PASS_ONLY

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
        if seat is not None and seat != self.to_move and self.outcome is None:
            raise IllegalMoveError(
                f"{move}: it is seat {self.to_move}'s turn, not seat {seat}'s",
                move=move,
                seat=seat,
                reason=Reason.NOT_YOUR_TURN,
            )
        if move in self.legal_moves():
            return
        raise self._illegal(move)

    def _illegal(self, move: Move) -> IllegalMoveError:
        seat = self.to_move
        line = self.line
        ends = "" if line.lead is None else f" (ends {line.left} and {line.right})"

        def err(reason: Reason, text: str) -> IllegalMoveError:
            return IllegalMoveError(f"{move}: {text}{ends}", move=move, seat=seat, reason=reason)

        if self.outcome is not None:
            return err(Reason.ROUND_OVER, "the round is over")
        if not isinstance(move, Lead | Play | Draw | Pass):
            return err(
                Reason.WRONG_LEAD if line.lead is None else Reason.NO_MATCHING_END,
                f"not a move: {move!r}",
            )
        hand = self.hands[seat]
        if line.lead is None:
            required = self.required_lead
            if isinstance(move, Lead) and move.tile not in hand:
                return err(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold {move.tile}")
            return err(
                Reason.WRONG_LEAD,
                f"seat {seat} holds {required}, the double that must lead "
                f"(rule 2, {type(self.rules.lead).__name__}); the round opens with {required}",
            )
        if isinstance(move, Lead):
            return err(
                Reason.NOT_A_LEAD, "the lead has been made; play a tile at an end as 'tile'+'L'/'R'"
            )
        if isinstance(move, Play):
            if move.tile not in hand:
                return err(Reason.TILE_NOT_IN_HAND, f"seat {seat} does not hold {move.tile}")
            n = line.left if move.end is End.LEFT else line.right
            return err(
                Reason.NO_MATCHING_END,
                f"{move.tile} does not match the {move.end.name.lower()} end, which shows {n}",
            )
        fits = [m for m in self.legal_moves() if isinstance(m, Play)]
        if fits:
            return err(
                Reason.MUST_PLAY, f"seat {seat} holds a tile that fits: {', '.join(map(str, fits))}"
            )
        if isinstance(move, Pass):
            return err(Reason.MUST_DRAW, f"{self._ndraw} tiles can still be drawn")
        return err(
            Reason.CANNOT_DRAW,
            "nothing can be drawn "
            + (
                "(drawing is off)"
                if not self.rules.drawing
                else f"(the last {self.boneyard.reserve} tiles are the reserve)"
            ),
        )

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
            IllegalMoveError: when the move is not legal; this state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        if seat is not None and seat != self.to_move:
            self.check(move, seat)  # raises
        for m in legal:  # the engine's moves are shared instances: identity first
            if m is move:
                break
        else:  # `in` would call the moves' __eq__ on the way: only for other instances
            if move not in legal:
                self.check(move, seat)  # raises
        cls = move.__class__
        if cls is not Play:
            if cls is Draw:
                return self._draw()
            if cls is Pass:
                return self._pass(), ()
            return self._lead_tile(move.tile.index)  # type: ignore[union-attr]
        # A play (rule 3), written out here because it is most of the moves of a round. The
        # next state is built without attrs' __init__ (see bergen._fastbuild) from the
        # engine's data alone: the hand masks, the ends, the parent and the move (see
        # "Internal representation" at the end of this module).
        t: int = move.tile.index  # type: ignore[union-attr]
        seat = self.to_move
        masks = self._masks
        mask = masks[seat] ^ BIT[t]
        n = len(masks)
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
        if move.end is _LEFT:  # type: ignore[union-attr]
            left: int = OTHER[t][self._left]  # type: ignore[index]
            right: int = self._right  # type: ignore[assignment]
            action = _PLAY_ACTIONS[seat][t][1]
        else:
            left = self._left  # type: ignore[assignment]
            right = OTHER[t][self._right]  # type: ignore[index]
            action = _PLAY_ACTIONS[seat][t][0]
        if left == right or not mask:  # a header (rule 5) or going out (rule 7)
            return self._finish(t, new_masks, self._round, left, right, action)
        ndraw = self._ndraw
        if not ndraw:
            ends = FIT[left] | FIT[right]
            for other in new_masks:
                if other & ends:
                    break
            else:  # rule 8: nobody can play or draw
                return self._finish(t, new_masks, self._round, left, right, action)
        nxt = seat + 1
        if nxt == n:
            nxt = 0
        state = _StateBuilder()
        state._round = self._round
        state.to_move = nxt
        state.scores = self.scores
        state.outcome = None
        state._masks = new_masks
        state._left = left
        state._right = right
        state._ndraw = ndraw
        state._top = self._top
        state._parent = self
        state._action = action
        state._cache = None
        # The next seat's legal moves, worked out now while the numbers are at hand (the ends
        # differ: a play that makes them equal scores a header and takes the path above).
        nm = new_masks[nxt]
        fl = nm & FIT[left]
        fr = nm & FIT[right]
        if fl:
            if fr:
                by_right = _BOTH.get(fl)
                legal = None if by_right is None else by_right.get(fr)
                state._legal = _both_ends(fl, fr) if legal is None else legal
            else:
                state._legal = _LEFT_ONLY[fl]
        elif fr:
            state._legal = _RIGHT_ONLY[fr]
        else:
            state._legal = _DRAW_ONLY if ndraw else _PASS_ONLY
        state.__class__ = RoundState
        return state, ()

    def _child(
        self,
        masks: tuple[int, ...],
        rnd: _Round,
        left: int | None,
        right: int | None,
        ndraw: int,
        top: int,
        to_move: int,
        scores: tuple[int, ...],
        outcome: Outcome | None,
        action: Action,
    ) -> RoundState:
        # The next state, built without attrs' __init__ (see bergen._fastbuild).
        state = _StateBuilder()
        state._round = rnd
        state.to_move = to_move
        state.scores = scores
        state.outcome = outcome
        state._legal = None if outcome is None else ()
        state._masks = masks
        state._left = left
        state._right = right
        state._ndraw = ndraw
        state._top = top
        state._parent = self
        state._action = action
        state._cache = None
        state.__class__ = RoundState
        return state  # type: ignore[no-any-return]

    def _ended(self, scores: tuple[int, ...], outcome: Outcome) -> RoundState:
        # This state with the round over (a block): the same history, new scores and outcome.
        state = _StateBuilder()
        state._round = self._round
        state.to_move = self.to_move
        state.scores = scores
        state.outcome = outcome
        state._legal = ()
        state._masks = self._masks
        state._left = self._left
        state._right = self._right
        state._ndraw = self._ndraw
        state._top = self._top
        state._parent = self._parent
        state._action = self._action
        state._cache = self._cache
        state.__class__ = RoundState
        return state  # type: ignore[no-any-return]

    def _pass(self) -> RoundState:
        # Rule 4: nothing fits and nothing can be drawn; the next seat moves.
        seat = self.to_move
        nxt = seat + 1
        if nxt == len(self._masks):
            nxt = 0
        return self._child(
            self._masks,
            self._round,
            self._left,
            self._right,
            self._ndraw,
            self._top,
            nxt,
            self.scores,
            None,
            _PASS_ACTIONS[seat],
        )

    def _draw(self) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # Rule 4: the top tile of the boneyard goes to the seat to move, which moves again.
        seat = self.to_move
        rnd = self._round
        top = self._top
        t = rnd.tiles[top].index
        masks = self._masks
        mask = masks[seat] | BIT[t]
        n = len(masks)
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
        ndraw = self._ndraw - 1
        left: int = self._left  # type: ignore[assignment]
        right: int = self._right  # type: ignore[assignment]
        action = _DRAW_ACTIONS[seat][t]
        if not ndraw:
            ends = FIT[left] | FIT[right]
            for other in new_masks:
                if other & ends:
                    break
            else:  # rule 8
                return self._child(
                    new_masks, rnd, left, right, 0, top + 1, seat, self.scores, None, action
                )._block()
        state = _StateBuilder()
        state._round = rnd
        state.to_move = seat
        state.scores = self.scores
        state.outcome = None
        state._masks = new_masks
        state._left = left
        state._right = right
        state._ndraw = ndraw
        state._top = top + 1
        state._parent = self
        state._action = action
        state._cache = None
        fl = mask & FIT[left]
        fr = mask & FIT[right]
        if fl:
            if not fr:
                state._legal = _LEFT_ONLY[fl]
            elif left == right:
                state._legal = _BOTH_SAME[fl]
            else:
                by_right = _BOTH.get(fl)
                legal = None if by_right is None else by_right.get(fr)
                state._legal = _both_ends(fl, fr) if legal is None else legal
        elif fr:
            state._legal = _RIGHT_ONLY[fr]
        else:
            state._legal = _DRAW_ONLY if ndraw else _PASS_ONLY
        state.__class__ = RoundState
        return state, ()

    def _lead_tile(self, t: int) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # Rule 2: the lead. The states from here on share a _Round that knows the lead tile.
        seat = self.to_move
        tile = TILES[t]
        old = self._round
        rnd = _Round(
            old.rules,
            old.target,
            old.dealer,
            old.lead_draws,
            old.deal,
            tile,
            old.tiles,
            old.reserve,
        )
        masks = _with(self._masks, seat, self._masks[seat] ^ BIT[t])
        return self._finish(t, masks, rnd, tile.high, tile.low, _LEAD_ACTIONS[seat][t])

    def _finish(
        self,
        t: int,
        masks: tuple[int, ...],
        rnd: _Round,
        left: int,
        right: int,
        action: Action,
    ) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # The general end of a lead or a play: a header (rules 5-6; the lead double counts as a
        # double header when the rules score the lead), going out (rule 7), a block (rule 8);
        # scoring stops at the first event that reaches the target (rule 9).
        seat = self.to_move
        rules = rnd.rules
        header: EventKind | None = None
        if action.move.__class__ is Lead:
            if rules.lead_scores:
                header = _DOUBLE_HEADER
        elif left == right:
            on_left = action.move.end is _LEFT  # type: ignore[union-attr]
            if IS_DOUBLE[t] or self._outer_double(not on_left):
                header = _TRIPLE_HEADER
            else:
                header = _DOUBLE_HEADER
        scores = self.scores
        events: tuple[ScoreEvent, ...] = ()
        outcome: Outcome | None = None
        mask = masks[seat]
        if header is not None or not mask:
            side = seat % 2 if rules.partnerships else seat
            target = rnd.target
            found: list[ScoreEvent] = []
            if header is not None:
                points = rules.points
                base = points.triple_header if header is _TRIPLE_HEADER else points.double_header
                pts = rules.reduction.reduce(base, scores[side], target)
                scores = _add(scores, side, pts)
                found.append(_make_event(header, seat, side, pts, base, TILES[t]))
                if scores[side] >= target:
                    outcome = _make_outcome(_TARGET_REACHED, seat, side)
            if outcome is None and not mask:
                base = rules.points.going_out
                scores = _add(scores, side, base)
                found.append(_make_event(_GOING_OUT, seat, side, base, base, TILES[t]))
                outcome = _make_outcome(_WENT_OUT, seat, side)
            events = tuple(found)
        ndraw = self._ndraw
        top = self._top
        if outcome is not None:
            ended = self._child(masks, rnd, left, right, ndraw, top, seat, scores, outcome, action)
            return ended, events
        if not ndraw:
            ends = FIT[left] | FIT[right]
            for m in masks:
                if m & ends:
                    break
            else:
                # Rule 8; once the round is over, to_move is the seat that moved last.
                blocked, block_events = self._child(
                    masks, rnd, left, right, 0, top, seat, scores, None, action
                )._block()
                return blocked, (*events, *block_events)
        nxt = seat + 1
        if nxt == len(masks):
            nxt = 0
        state = self._child(masks, rnd, left, right, ndraw, top, nxt, scores, None, action)
        return state, events

    def _outer_double(self, on_left: bool) -> bool:
        # Whether the outermost tile at one end of this state's line is a double: the last tile
        # laid at that end, else the lead.
        node: RoundState | None = self
        while node is not None:
            cache = node._cache
            if cache is not None and cache.lchain is not _UNSET:
                chain: _Chain = cache.lchain if on_left else cache.rchain
                if chain is not None:
                    return IS_DOUBLE[chain[0]]
                lead = node._round.lead
                return lead is not None and IS_DOUBLE[lead.index]
            action = node._action
            if action is None:
                break
            move = action.move
            if isinstance(move, Lead) or (
                isinstance(move, Play) and (move.end is _LEFT) is on_left
            ):
                return IS_DOUBLE[move.tile.index]
            node = node._parent
        lead = self._round.lead
        return lead is not None and IS_DOUBLE[lead.index]

    def _is_blocked(self, masks: Sequence[int], drawable: int) -> bool:
        if drawable > 0:
            return False
        all_mask = 0
        for m in masks:
            all_mask |= m
        return not all_mask & (FIT[self._left] | FIT[self._right])  # type: ignore[index]

    def _block(self) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        """Rule 8: judge the blocked hand and end the round."""
        rules = self._round.rules
        n_sides = len(self.scores)
        side_masks = [0] * n_sides
        for seat, m in enumerate(self._masks):
            side_masks[seat % 2 if rules.partnerships else seat] |= m
        winner = rules.blocked.winner([Hand(m).tiles for m in side_masks])
        if winner is None:
            return self._ended(self.scores, Outcome(OutcomeKind.BLOCKED, None, None)), ()
        if type(winner) is not int or not 0 <= winner < n_sides:
            raise PositionError(
                f"the blocked-hand judge {rules.blocked!r} returned {winner!r}, not a side"
            )
        pts = rules.points.blocked_hand
        scores = _add(self.scores, winner, pts)
        event = ScoreEvent(EventKind.BLOCKED_HAND, winner, winner, pts, pts, None)
        return self._ended(scores, Outcome(OutcomeKind.BLOCKED, winner, winner)), (event,)

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


# ---------------------------------------------------------------- internal representation
#
# A RoundState made by the engine stores only what changes from move to move, plus links:
#
# - `_round`: a _Round shared by every state of the round (from the lead on, a new one that
#   knows the lead tile): the rules, target, dealer, lead draws, deal, lead tile, the boneyard's
#   tiles in draw order as dealt, and the reserve;
# - `to_move`, `scores`, `outcome` (public fields), `_legal` (the legal moves, worked out by the
#   parent's apply);
# - `_masks` (one 28-bit tile mask per seat), `_left` and `_right` (the numbers at the open ends,
#   None before the lead), `_ndraw` (the tiles that can still be drawn) and `_top` (how many
#   have been drawn);
# - `_parent` (the state the move was made on) and `_action` (that move, as its history entry).
#
# The other public fields are properties: `rules`, `target`, `dealer`, `lead_draws` and `deal`
# read `_round`; `hands`, `boneyard`, `line` and the history trail `_trail` are built on first
# access from the data above and the parent's, and kept in `_cache` (a _Cache). Built values are
# shared with the parent whenever the move left them unchanged (a pass shares the hands, a draw
# or a pass the line, a play or a pass the boneyard, and the seats that did not move their Hand
# values when the parent had built its own); the line's chains and the trail are persistent
# lists whose tails are the parent's. attrs still knows every public field: the constructor
# (and so `attrs.evolve` and `from_position`) stores the given values through the properties'
# setters into the fields' own slots, and `__attrs_post_init__` makes a root state from them
# (no parent; `_cache` holds the given values). Equality, hashing and repr read the public
# fields, so they mean what they always meant.


class _Round:
    """What the states of one round share (internal; see above)."""

    __slots__ = ("deal", "dealer", "lead", "lead_draws", "reserve", "rules", "target", "tiles")

    def __init__(
        self,
        rules: Rules,
        target: int,
        dealer: int,
        lead_draws: tuple[Action, ...],
        deal: Deal | None,
        lead: Tile | None,
        tiles: tuple[Tile, ...],
        reserve: int,
    ) -> None:
        self.rules = rules
        self.target = target
        self.dealer = dealer
        self.lead_draws = lead_draws
        self.deal = deal
        self.lead = lead
        self.tiles = tiles
        self.reserve = reserve


class _Unset:
    """The mark of a value not built yet (one instance; copies and pickles keep it)."""

    __slots__ = ()

    def __reduce__(self) -> str:
        return "_UNSET"


_UNSET: Any = _Unset()


class _Cache:
    """The public values of a state, built on first access (internal; see above)."""

    __slots__ = ("boneyard", "hands", "lchain", "line", "rchain", "trail")

    def __init__(self) -> None:
        self.hands: Any = _UNSET
        self.line: Any = _UNSET
        self.boneyard: Any = _UNSET
        self.trail: Any = _UNSET
        self.lchain: Any = _UNSET
        self.rchain: Any = _UNSET


_put_cache = RoundState.__dict__["_cache"].__set__


def _cache_of(state: RoundState) -> _Cache:
    cache = state._cache
    if cache is None:
        cache = _Cache()
        _put_cache(state, cache)
    return cache


def _with(masks: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    """``masks`` with ``masks[seat]`` replaced by ``mask``."""
    out = list(masks)
    out[seat] = mask
    return tuple(out)


def _mask_of(hand: object) -> int:
    return hand.mask if isinstance(hand, Hand) else tile_mask(hand)  # type: ignore[arg-type]


# The public fields that are properties, and the slots attrs made for them: the constructor
# stores the given values there (through the properties' setters) for __attrs_post_init__.
_SHADOW = {
    name: RoundState.__dict__[name]
    for name in (
        "rules",
        "hands",
        "boneyard",
        "line",
        "target",
        "dealer",
        "lead_draws",
        "deal",
        "_trail",
    )
}


def _derive(state: RoundState) -> None:
    """Make a constructed state a root state: its engine data from the given public values."""
    put = object.__setattr__  # the class is frozen

    def given(name: str) -> Any:
        return _SHADOW[name].__get__(state, RoundState)

    hands = given("hands")
    boneyard = given("boneyard")
    line = given("line")
    rules = given("rules")
    put(
        state,
        "_round",
        _Round(
            rules,
            given("target"),
            given("dealer"),
            given("lead_draws"),
            given("deal"),
            line.lead,
            boneyard.tiles,
            boneyard.reserve,
        ),
    )
    put(state, "_masks", tuple([_mask_of(h) for h in hands]))
    put(state, "_left", line.left)
    put(state, "_right", line.right)
    n = len(boneyard.tiles) - boneyard.reserve
    put(state, "_ndraw", n if n > 0 and rules.drawing else 0)
    put(state, "_top", 0)
    put(state, "_parent", None)
    put(state, "_action", None)
    cache = _Cache()
    cache.hands = hands
    cache.boneyard = boneyard
    cache.line = line
    cache.lchain = line._left_chain
    cache.rchain = line._right_chain
    cache.trail = given("_trail")
    put(state, "_cache", cache)


def _chain_len(chain: _Chain) -> int:
    n = 0
    while chain is not None:
        n += 1
        chain = chain[2]
    return n


def _get_trail(state: RoundState) -> _Trail:
    cache = state._cache
    if cache is not None and cache.trail is not _UNSET:
        return cache.trail  # type: ignore[no-any-return]
    path: list[RoundState] = []
    node = state
    while True:
        cache = node._cache
        if cache is not None and cache.trail is not _UNSET:
            trail: _Trail = cache.trail
            break
        parent = node._parent
        if parent is None:  # the first position of a round (start)
            trail = None
            break
        path.append(node)
        node = parent
    for node in reversed(path):
        trail = (node._action, trail)  # type: ignore[assignment]
        _cache_of(node).trail = trail
    return trail


def _get_chains(state: RoundState) -> tuple[_Chain, _Chain]:
    """The line's two chains (see bergen.line) in ``state``, built along its ancestors."""
    cache = state._cache
    if cache is not None and cache.lchain is not _UNSET:
        return cache.lchain, cache.rchain
    path: list[RoundState] = []
    node = state
    while True:
        cache = node._cache
        if cache is not None and cache.lchain is not _UNSET:
            lchain: _Chain = cache.lchain
            rchain: _Chain = cache.rchain
            break
        parent = node._parent
        if parent is None:  # the first position of a round (start): an empty line
            lchain = rchain = None
            break
        path.append(node)
        node = parent
    for node in reversed(path):
        move = node._action.move  # type: ignore[union-attr]
        if isinstance(move, Play):
            if move.end is _LEFT:
                lchain = (move.tile.index, node._left, lchain)  # type: ignore[assignment]
            else:
                rchain = (move.tile.index, node._right, rchain)  # type: ignore[assignment]
        elif isinstance(move, Lead):
            lchain = rchain = None
        cache = _cache_of(node)
        cache.lchain = lchain
        cache.rchain = rchain
    return lchain, rchain


def _get_line(state: RoundState) -> LineOfPlay:
    cache = state._cache
    if cache is not None and cache.line is not _UNSET:
        return cache.line  # type: ignore[no-any-return]
    path = [state]
    node = state
    line: LineOfPlay | None = None
    while True:  # a draw or a pass leaves the line as it was: share the parent's
        parent = node._parent
        if parent is None or not isinstance(node._action.move, _SAME_LINE):  # type: ignore[union-attr]
            break
        cache = parent._cache
        if cache is not None and cache.line is not _UNSET:
            line = cache.line
            break
        path.append(parent)
        node = parent
    if line is None:  # `node` is where the line was last changed
        lead = node._round.lead
        if node._left is None or lead is None:
            line = _EMPTY_LINE
        else:
            lchain, rchain = _get_chains(node)
            d = IS_DOUBLE[lead.index]
            line = _make_line(
                lead,
                node._left,
                node._right,
                IS_DOUBLE[lchain[0]] if lchain is not None else d,
                IS_DOUBLE[rchain[0]] if rchain is not None else d,
                lchain,
                rchain,
                1 + _chain_len(lchain) + _chain_len(rchain),
            )
    for node in path:
        _cache_of(node).line = line
    return line


def _get_boneyard(state: RoundState) -> Boneyard:
    cache = state._cache
    if cache is not None and cache.boneyard is not _UNSET:
        return cache.boneyard  # type: ignore[no-any-return]
    top = state._top
    path = [state]
    node = state
    while True:  # only a draw changes the boneyard: share the parent's
        parent = node._parent
        if parent is None or parent._top != top:
            rnd = node._round
            bone = _make_boneyard(rnd.tiles[top:], rnd.reserve)
            break
        cache = parent._cache
        if cache is not None and cache.boneyard is not _UNSET:
            bone = cache.boneyard
            break
        path.append(parent)
        node = parent
    for node in path:
        _cache_of(node).boneyard = bone
    return bone


def _get_hands(state: RoundState) -> tuple[Hand, ...]:
    cache = state._cache
    if cache is not None and cache.hands is not _UNSET:
        return cache.hands  # type: ignore[no-any-return]
    masks = state._masks
    parent = state._parent
    if parent is not None and parent._masks is masks:  # a pass: the parent's hands
        hands = _get_hands(parent)
    else:
        base = None
        if parent is not None:
            cache = parent._cache
            if cache is not None and cache.hands is not _UNSET:
                base = cache.hands
        if base is None or len(base) != len(masks):
            hands = tuple([_make_hand(m) for m in masks])
        else:  # share the parent's Hand values of the seats that did not change
            hands = tuple(
                [
                    h if h.__class__ is Hand and h.mask == m else _make_hand(m)
                    for h, m in zip(base, masks, strict=True)
                ]
            )
    _cache_of(state).hands = hands
    return hands


_SAME_LINE = (Draw, Pass)


def _shadow_setter(name: str) -> Any:
    return _SHADOW[name].__set__


def _round_getter(name: str) -> Any:
    get = attrgetter(name)
    return lambda state: get(state._round)


RoundState.hands = property(  # type: ignore[assignment]
    _get_hands, _shadow_setter("hands"), doc="One :class:`Hand` per seat."
)
RoundState.boneyard = property(  # type: ignore[assignment]
    _get_boneyard, _shadow_setter("boneyard"), doc="The undealt tiles in draw order."
)
RoundState.line = property(  # type: ignore[assignment]
    _get_line, _shadow_setter("line"), doc="The line of play."
)
RoundState._trail = property(  # type: ignore[assignment]
    _get_trail, _shadow_setter("_trail"), doc="The history, newest first, as a linked list."
)
for _name, _doc in (
    ("rules", "The ruleset."),
    ("target", "The match target, in points (rule 9)."),
    ("dealer", "The dealing seat."),
    ("lead_draws", "Tiles drawn in turn for a lead double before the lead."),
    ("deal", "The deal the round started from (``None`` for a set-up position)."),
):
    setattr(RoundState, _name, property(_round_getter(_name), _shadow_setter(_name), doc=_doc))


def _add(scores: tuple[int, ...], side: int, pts: int) -> tuple[int, ...]:
    s = list(scores)
    s[side] += pts
    return tuple(s)


def _required_lead(rules: Rules, masks: Sequence[int]) -> Tile:
    held = 0
    for m in masks:
        held |= m
    lead = rules.lead
    held_doubles = held & DOUBLES_MASK
    if held_doubles:  # the built-in rules, worked out on the mask
        if lead.__class__ is LowestDouble:
            return TILES[(held_doubles & -held_doubles).bit_length() - 1]
        if lead.__class__ is HighestDouble:
            return TILES[held_doubles.bit_length() - 1]
    return lead.choose([d for d in DOUBLES if held >> d.index & 1])


_TABLES: dict[tuple[int, int], tuple[Rules, TableRules]] = {}
_TABLES_MAX = 256


def _table(rules: Rules, seats: int) -> TableRules:
    """``rules.for_table(seats)``, remembered for the rules value (rules are immutable)."""
    key = (id(rules), seats)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    table = rules.for_table(seats)
    if len(_TABLES) >= _TABLES_MAX:
        _TABLES.clear()
    _TABLES[key] = (rules, table)
    return table


def _check_scores(scores: Sequence[int] | None, sides: int, target: int) -> tuple[int, ...]:
    if scores is None:
        return (0,) * sides
    s = tuple(scores)
    if len(s) != sides:
        raise PositionError(f"scores has {len(s)} entries; this table has {sides} sides")
    for i, v in enumerate(s):
        if type(v) is not int or v < 0:
            raise PositionError(f"score of side {i} must be an int >= 0, got {v!r}")
        if v >= target:
            raise PositionError(
                f"side {i} has {v} points, already at the target {target}: the match is over"
            )
    return s


_StateBuilder = builder(RoundState)
_set_legal = RoundState.__dict__["_legal"].__set__
_EventBuilder = builder(ScoreEvent)
_OutcomeBuilder = builder(Outcome)
_TARGET_REACHED = OutcomeKind.TARGET_REACHED
_WENT_OUT = OutcomeKind.WENT_OUT


def _make_event(
    kind: EventKind, seat: int, side: int, points: int, base_points: int, tile: Tile | None
) -> ScoreEvent:
    event = _EventBuilder()
    event.kind = kind
    event.seat = seat
    event.side = side
    event.points = points
    event.base_points = base_points
    event.tile = tile
    event.__class__ = ScoreEvent
    return event  # type: ignore[no-any-return]


def _make_outcome(kind: OutcomeKind, seat: int | None, side: int | None) -> Outcome:
    outcome = _OutcomeBuilder()
    outcome.kind = kind
    outcome.seat = seat
    outcome.side = side
    outcome.__class__ = Outcome
    return outcome  # type: ignore[no-any-return]
