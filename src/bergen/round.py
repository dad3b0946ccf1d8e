"""The state of one round (one deal played out): legal moves, the legality check, and apply.

This module is the rules engine (rules brief, rules 2-10). A :class:`RoundState` is an
immutable value; :meth:`RoundState.apply` returns a new state and the score events the move
caused, and never changes the state it was called on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from bergen._fastbuild import builder
from bergen.deal import Deal
from bergen.errors import IllegalMoveError, PositionError, Reason
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.hands import Boneyard, Hand, _BoneyardBuilder, _make_boneyard, _make_hand
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
_BOTH_CACHE: dict[int, tuple[Move, ...]] = {}
_BOTH_CACHE_MAX = 1 << 14


def _both_ends(fl: int, fr: int) -> tuple[Move, ...]:
    """The legal plays when tiles fit both ends (bounded cache over ``_mask_moves``)."""
    if fl.bit_length() <= (fr & -fr).bit_length():  # every left play sorts first
        return _LEFT_ONLY[fl] + _RIGHT_ONLY[fr]
    if fr.bit_length() < (fl & -fl).bit_length():  # every right play sorts first
        return _RIGHT_ONLY[fr] + _LEFT_ONLY[fl]
    key = fl << 28 | fr
    moves = _BOTH_CACHE.get(key)
    if moves is None:
        if len(_BOTH_CACHE) >= _BOTH_CACHE_MAX:
            _BOTH_CACHE.clear()
        moves = _BOTH_CACHE[key] = _mask_moves(fl, fr)
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
    # The public `hands` and `line` are built from it on first access and cached.
    _masks: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _lead: Tile | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _left: int | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _right: int | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _lchain: _Chain = attrs.field(init=False, eq=False, hash=False, repr=False)
    _rchain: _Chain = attrs.field(init=False, eq=False, hash=False, repr=False)
    _ndraw: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    _hands_c: tuple[Hand, ...] | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _hands_p: tuple[Hand, ...] | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    _line_c: LineOfPlay | None = attrs.field(init=False, eq=False, hash=False, repr=False)

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
        boneyard = list(deal.boneyard)
        lead_draws: list[Action] = []
        if not any(m & DOUBLES_MASK for m in masks):
            if rules.no_double is NoDouble.REDEAL:
                raise PositionError("nobody holds a double: the rules redeal (rule 2)")
            seat = (dealer + 1) % seats
            while True:
                if not boneyard:  # cannot happen with 28 tiles: 7 doubles, 21 others
                    raise PositionError("nobody holds a double and the boneyard is empty")
                t = boneyard.pop(0)
                masks[seat] |= 1 << t.index
                lead_draws.append(Action(seat, DRAW, t))
                if t.is_double:
                    break
                seat = (seat + 1) % seats
        required = _required_lead(rules, masks)
        leader = next(i for i, m in enumerate(masks) if m >> required.index & 1)
        bone = _make_boneyard(tuple(boneyard) if lead_draws else deal.boneyard, table.reserve)
        if cls is not RoundState:  # a subclass gets its own constructor
            return cls(
                rules=rules,
                hands=tuple([_make_hand(m) for m in masks]),
                boneyard=bone,
                line=_EMPTY_LINE,
                to_move=leader,
                scores=score_t,
                target=table.target,
                dealer=dealer,
                lead_draws=tuple(lead_draws),
                deal=deal,
            )
        state = _StateBuilder()
        state.rules = rules
        state.boneyard = bone
        state.to_move = leader
        state.scores = score_t
        state.target = table.target
        state.dealer = dealer
        state.outcome = None
        state.lead_draws = tuple(lead_draws)
        state.deal = deal
        state._trail = None
        state._legal = (LEADS[required.index],)
        state._masks = tuple(masks)
        state._lead = state._left = state._right = state._lchain = state._rchain = None
        n = len(bone.tiles) - table.reserve
        state._ndraw = n if n > 0 and rules.drawing else 0
        state._hands_c = state._hands_p = None
        state._line_c = _EMPTY_LINE
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
        return seat % 2 if self.rules.partnerships else seat

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
        if self._lead is not None:
            return None
        return _required_lead(self.rules, self._masks)

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
            required = _required_lead(self.rules, masks)
            return (LEADS[required.index],) if hand >> required.index & 1 else ()
        right: int = self._right  # type: ignore[assignment]
        fl = hand & FIT[left]
        fr = hand & FIT[right]
        if fl:
            if not fr:
                return _LEFT_ONLY[fl]
            if left == right:
                return _BOTH_SAME[fl]
            return _both_ends(fl, fr)
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
        else:
            if move not in legal:
                self.check(move, seat)  # raises
            move = legal[legal.index(move)]
        if move.__class__ is not Play:
            if move is DRAW:
                return self._draw()
            if move is PASS:
                return self._pass(), ()
            return self._lead_tile(move.tile.index)  # type: ignore[union-attr]
        # A play (rule 3), written out here because it is most of the moves of a round. The
        # next state is built without attrs' __init__ (see bergen._fastbuild) from the
        # engine's data (hand masks, the ends and the line's two chains); it shares everything
        # that did not change with this state, and its public hands and line are built only
        # when somebody reads them.
        t: int = move.tile.index
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
        if move.end is _LEFT:
            left: int = OTHER[t][self._left]  # type: ignore[index]
            right: int = self._right  # type: ignore[assignment]
            lchain: _Chain = (t, left, self._lchain)
            rchain = self._rchain
            action = _PLAY_ACTIONS[seat][t][1]
        else:
            left = self._left  # type: ignore[assignment]
            right = OTHER[t][self._right]  # type: ignore[index]
            lchain = self._lchain
            rchain = (t, right, self._rchain)
            action = _PLAY_ACTIONS[seat][t][0]
        lead: Tile = self._lead  # type: ignore[assignment]
        if left == right:  # a header (rule 5)
            header = (
                _TRIPLE_HEADER if _end_is_double(self._lead, lchain, rchain) else _DOUBLE_HEADER
            )
            return self._finish(t, new_masks, lead, left, right, lchain, rchain, header, action)
        if not mask:  # going out (rule 7)
            return self._finish(t, new_masks, lead, left, right, lchain, rchain, None, action)
        ndraw = self._ndraw
        if not ndraw:
            ends = FIT[left] | FIT[right]
            for other in new_masks:
                if other & ends:
                    break
            else:  # rule 8: nobody can play or draw; to_move stays the seat that played
                return self._finish(t, new_masks, lead, left, right, lchain, rchain, None, action)
        nxt = seat + 1
        if nxt == n:
            nxt = 0
        state = _StateBuilder()
        state.rules = self.rules
        state.boneyard = self.boneyard
        state.to_move = nxt
        state.scores = self.scores
        state.target = self.target
        state.dealer = self.dealer
        state.outcome = None
        state.lead_draws = self.lead_draws
        state.deal = self.deal
        state._trail = (action, self._trail)
        state._masks = new_masks
        state._lead = self._lead
        state._left = left
        state._right = right
        state._lchain = lchain
        state._rchain = rchain
        state._ndraw = ndraw
        state._hands_c = None
        state._hands_p = self._hands_c
        state._line_c = None
        # The next seat's legal moves, worked out now while the numbers are at hand (the ends
        # differ: a play that makes them equal scores a header and takes the path above).
        nm = new_masks[nxt]
        fl = nm & FIT[left]
        fr = nm & FIT[right]
        if fl:
            state._legal = _LEFT_ONLY[fl] if not fr else _both_ends(fl, fr)
        elif fr:
            state._legal = _RIGHT_ONLY[fr]
        else:
            state._legal = _DRAW_ONLY if ndraw else _PASS_ONLY
        state.__class__ = RoundState
        return state, ()

    def _child(
        self,
        masks: tuple[int, ...],
        boneyard: Boneyard,
        ndraw: int,
        lead: Tile | None,
        left: int | None,
        right: int | None,
        lchain: _Chain,
        rchain: _Chain,
        line_c: LineOfPlay | None,
        to_move: int,
        scores: tuple[int, ...],
        outcome: Outcome | None,
        action: Action,
    ) -> RoundState:
        # The next state, built without attrs' __init__ (see bergen._fastbuild); it shares
        # the rules, the deal, the untouched hands and the history with this one.
        state = _StateBuilder()
        state.rules = self.rules
        state.boneyard = boneyard
        state.to_move = to_move
        state.scores = scores
        state.target = self.target
        state.dealer = self.dealer
        state.outcome = outcome
        state.lead_draws = self.lead_draws
        state.deal = self.deal
        state._trail = (action, self._trail)
        state._legal = None if outcome is None else ()
        state._masks = masks
        state._lead = lead
        state._left = left
        state._right = right
        state._lchain = lchain
        state._rchain = rchain
        state._ndraw = ndraw
        if masks is self._masks:
            state._hands_c = self._hands_c
            state._hands_p = self._hands_p
        else:
            state._hands_c = None
            state._hands_p = self._hands_c
        state._line_c = line_c
        state.__class__ = RoundState
        return state  # type: ignore[no-any-return]

    def _ended(self, scores: tuple[int, ...], outcome: Outcome) -> RoundState:
        # This state with the round over (a block): same history, new scores and outcome.
        state = _StateBuilder()
        state.rules = self.rules
        state.boneyard = self.boneyard
        state.to_move = self.to_move
        state.scores = scores
        state.target = self.target
        state.dealer = self.dealer
        state.outcome = outcome
        state.lead_draws = self.lead_draws
        state.deal = self.deal
        state._trail = self._trail
        state._legal = ()
        state._masks = self._masks
        state._lead = self._lead
        state._left = self._left
        state._right = self._right
        state._lchain = self._lchain
        state._rchain = self._rchain
        state._ndraw = self._ndraw
        state._hands_c = self._hands_c
        state._hands_p = self._hands_p
        state._line_c = self._line_c
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
            self.boneyard,
            self._ndraw,
            self._lead,
            self._left,
            self._right,
            self._lchain,
            self._rchain,
            self._line_c,
            nxt,
            self.scores,
            None,
            _PASS_ACTIONS[seat],
        )

    def _draw(self) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # Rule 4: the top tile of the boneyard goes to the seat to move, which moves again.
        seat = self.to_move
        bone = self.boneyard
        tiles = bone.tiles
        t = tiles[0].index
        masks = self._masks
        mask = masks[seat] | BIT[t]
        new_masks = _with(masks, seat, mask)
        boneyard = _BoneyardBuilder()
        boneyard.tiles = tiles[1:]
        boneyard.reserve = bone.reserve
        boneyard.__class__ = Boneyard
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
                    new_masks,
                    boneyard,
                    0,
                    self._lead,
                    left,
                    right,
                    self._lchain,
                    self._rchain,
                    self._line_c,
                    seat,
                    self.scores,
                    None,
                    action,
                )._block()
        state = _StateBuilder()
        state.rules = self.rules
        state.boneyard = boneyard
        state.to_move = seat
        state.scores = self.scores
        state.target = self.target
        state.dealer = self.dealer
        state.outcome = None
        state.lead_draws = self.lead_draws
        state.deal = self.deal
        state._trail = (action, self._trail)
        state._masks = new_masks
        state._lead = self._lead
        state._left = left
        state._right = right
        state._lchain = self._lchain
        state._rchain = self._rchain
        state._ndraw = ndraw
        state._hands_c = None
        state._hands_p = self._hands_c
        state._line_c = self._line_c
        fl = mask & FIT[left]
        fr = mask & FIT[right]
        if fl:
            if not fr:
                state._legal = _LEFT_ONLY[fl]
            elif left == right:
                state._legal = _BOTH_SAME[fl]
            else:
                state._legal = _both_ends(fl, fr)
        elif fr:
            state._legal = _RIGHT_ONLY[fr]
        else:
            state._legal = _DRAW_ONLY if ndraw else _PASS_ONLY
        state.__class__ = RoundState
        return state, ()

    def _lead_tile(self, t: int) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # Rule 2: the lead; the lead double counts as a double header when the rules score
        # the lead (rule 5).
        seat = self.to_move
        tile = TILES[t]
        header = _DOUBLE_HEADER if self.rules.lead_scores else None
        masks = _with(self._masks, seat, self._masks[seat] ^ BIT[t])
        return self._finish(
            t, masks, tile, tile.high, tile.low, None, None, header, _LEAD_ACTIONS[seat][t]
        )

    def _finish(
        self,
        t: int,
        masks: tuple[int, ...],
        lead: Tile,
        left: int,
        right: int,
        lchain: _Chain,
        rchain: _Chain,
        header: EventKind | None,
        action: Action,
    ) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # The general end of a lead or a play: a header (rules 5-6), going out (rule 7), a
        # block (rule 8); scoring stops at the first event that reaches the target (rule 9).
        seat = self.to_move
        rules = self.rules
        scores = self.scores
        events: tuple[ScoreEvent, ...] = ()
        outcome: Outcome | None = None
        mask = masks[seat]
        if header is not None or not mask:
            side = seat % 2 if rules.partnerships else seat
            target = self.target
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
        bone = self.boneyard
        ndraw = self._ndraw
        if outcome is not None:
            ended = self._child(
                masks,
                bone,
                ndraw,
                lead,
                left,
                right,
                lchain,
                rchain,
                None,
                seat,
                scores,
                outcome,
                action,
            )
            return ended, events
        if not ndraw:
            ends = FIT[left] | FIT[right]
            for m in masks:
                if m & ends:
                    break
            else:
                # Rule 8; once the round is over, to_move is the seat that moved last.
                blocked, block_events = self._child(
                    masks,
                    bone,
                    0,
                    lead,
                    left,
                    right,
                    lchain,
                    rchain,
                    None,
                    seat,
                    scores,
                    None,
                    action,
                )._block()
                return blocked, (*events, *block_events)
        nxt = seat + 1
        if nxt == len(masks):
            nxt = 0
        state = self._child(
            masks,
            bone,
            ndraw,
            lead,
            left,
            right,
            lchain,
            rchain,
            None,
            nxt,
            scores,
            None,
            action,
        )
        return state, events

    def _is_blocked(self, masks: Sequence[int], drawable: int) -> bool:
        if drawable > 0:
            return False
        all_mask = 0
        for m in masks:
            all_mask |= m
        return not all_mask & (FIT[self._left] | FIT[self._right])  # type: ignore[index]

    def _block(self) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        """Rule 8: judge the blocked hand and end the round."""
        rules = self.rules
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
# A RoundState keeps, besides its public fields, the data the engine plays on: `_masks` (one
# 28-bit tile mask per seat), the line as `_lead`, the numbers at its open ends `_left` and
# `_right`, and its two persistent chains `_lchain` and `_rchain` (see bergen.line), and
# `_ndraw`, the tiles that can still be drawn. `apply` builds the next state from these alone;
# the public `hands` and `line` are properties that build the Hand and LineOfPlay values from
# them on first access and cache them (`_hands_c`, `_line_c`). `_hands_p` is the parent's
# cached hands, if it had built them, so that a child's hands share the Hand values of the seats
# that did not move. A state made by the constructor (attrs' __init__, as `attrs.evolve` and
# `from_position` use it) stores the public values in the caches and derives the rest in
# `__attrs_post_init__`. Equality, hashing and repr read the public fields, so they mean what
# they always meant.


def _with(masks: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    """``masks`` with ``masks[seat]`` replaced by ``mask``."""
    out = list(masks)
    out[seat] = mask
    return tuple(out)


def _end_is_double(lead: Tile | None, lchain: _Chain, rchain: _Chain) -> bool:
    """Whether the outermost tile at either end of the line is a double."""
    if lead is None:
        return False
    d = IS_DOUBLE[lead.index]
    return (IS_DOUBLE[lchain[0]] if lchain is not None else d) or (
        IS_DOUBLE[rchain[0]] if rchain is not None else d
    )


def _mask_of(hand: object) -> int:
    return hand.mask if isinstance(hand, Hand) else tile_mask(hand)  # type: ignore[arg-type]


def _derive(state: RoundState) -> None:
    """Set a constructed state's engine data from its public fields (the caches)."""
    put = object.__setattr__  # the class is frozen
    hands = state._hands_c
    line = state._line_c
    assert hands is not None and line is not None  # set by the properties' setters
    put(state, "_masks", tuple([_mask_of(h) for h in hands]))
    put(state, "_hands_p", None)
    put(state, "_lead", line.lead)
    put(state, "_left", line.left)
    put(state, "_right", line.right)
    put(state, "_lchain", line._left_chain)
    put(state, "_rchain", line._right_chain)
    bone = state.boneyard
    n = len(bone.tiles) - bone.reserve
    put(state, "_ndraw", n if n > 0 and state.rules.drawing else 0)


def _chain_len(chain: _Chain) -> int:
    n = 0
    while chain is not None:
        n += 1
        chain = chain[2]
    return n


_put_hands = RoundState.__dict__["_hands_c"].__set__
_put_line = RoundState.__dict__["_line_c"].__set__


def _get_hands(state: RoundState) -> tuple[Hand, ...]:
    hands = state._hands_c
    if hands is None:
        masks = state._masks
        base = state._hands_p
        if base is None or len(base) != len(masks):
            hands = tuple([_make_hand(m) for m in masks])
        else:  # share the parent's Hand values of the seats that did not change
            hands = tuple(
                [
                    h if h.__class__ is Hand and h.mask == m else _make_hand(m)
                    for h, m in zip(base, masks, strict=True)
                ]
            )
        _put_hands(state, hands)
    return hands


def _get_line(state: RoundState) -> LineOfPlay:
    line = state._line_c
    if line is None:
        lead = state._lead
        if lead is None:
            line = _EMPTY_LINE
        else:
            lc = state._lchain
            rc = state._rchain
            d = IS_DOUBLE[lead.index]
            line = _make_line(
                lead,
                state._left,
                state._right,
                IS_DOUBLE[lc[0]] if lc is not None else d,
                IS_DOUBLE[rc[0]] if rc is not None else d,
                lc,
                rc,
                1 + _chain_len(lc) + _chain_len(rc),
            )
        _put_line(state, line)
    return line


# The public `hands` and `line` fields read the engine's data (attrs keeps them as fields:
# attrs.fields, attrs.evolve, the constructor, equality, hashing and repr are unchanged; the
# constructor's stores go to the setters).
RoundState.hands = property(  # type: ignore[assignment]
    _get_hands, _put_hands, doc="One :class:`Hand` per seat (built on first access)."
)
RoundState.line = property(  # type: ignore[assignment]
    _get_line, _put_line, doc="The line of play (built on first access)."
)


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
