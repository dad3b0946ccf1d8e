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
from bergen.hands import (
    Boneyard,
    Hand,
    _BoneyardBuilder,
    _HandBuilder,
    _make_boneyard,
    _make_hand,
)
from bergen.line import LineOfPlay, _LineBuilder
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
        hands = tuple([_make_hand(m) for m in masks])
        bone = _make_boneyard(tuple(boneyard) if lead_draws else deal.boneyard, table.reserve)
        if cls is not RoundState:  # a subclass gets its own constructor
            return cls(
                rules=rules,
                hands=hands,
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
        state.hands = hands
        state.boneyard = bone
        state.line = _EMPTY_LINE
        state.to_move = leader
        state.scores = score_t
        state.target = table.target
        state.dealer = dealer
        state.outcome = None
        state.lead_draws = tuple(lead_draws)
        state.deal = deal
        state._trail = None
        state._legal = (LEADS[required.index],)
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
        if line.lead is not None and state._is_blocked(masks, state._drawable()):
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
        return len(self.hands)

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
        return self._drawable()

    def _drawable(self) -> int:
        if not self.rules.drawing:
            return 0
        return self.boneyard.drawable

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
        if self.line.lead is not None:
            return None
        return _required_lead(self.rules, [h.mask for h in self.hands])

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
        line = self.line
        hand = self.hands[self.to_move].mask
        left = line.left
        if left is None:
            required = _required_lead(self.rules, [h.mask for h in self.hands])
            return (LEADS[required.index],) if hand >> required.index & 1 else ()
        right: int = line.right  # type: ignore[assignment]
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
        bone = self.boneyard
        if self.rules.drawing and len(bone.tiles) > bone.reserve:
            return _DRAW_ONLY
        return _PASS_ONLY

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
            return err(Reason.MUST_DRAW, f"{self._drawable()} tiles can still be drawn")
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
                seat = self.to_move
                nxt = seat + 1
                return self._next(
                    self.hands,
                    self.boneyard,
                    self.line,
                    0 if nxt == len(self.hands) else nxt,
                    self.scores,
                    None,
                    _PASS_ACTIONS[seat],
                ), ()
            return self._place(move.tile.index, None)  # type: ignore[union-attr]
        # A play (rule 3), written out here because it is most of the moves of a round: the
        # new hand, line and state are built without attrs' __init__ (see bergen._fastbuild)
        # and share everything that did not change with this state.
        t: int = move.tile.index
        on_left = move.end is _LEFT
        seat = self.to_move
        hands_l = list(self.hands)
        mask = hands_l[seat].mask ^ BIT[t]
        hand = _HandBuilder()
        hand.mask = mask
        hand.__class__ = Hand
        hands_l[seat] = hand
        hands = tuple(hands_l)
        old = self.line
        line = _LineBuilder()
        line.lead = old.lead
        if on_left:
            left = OTHER[t][old.left]  # type: ignore[index]
            right: int = old.right  # type: ignore[assignment]
            line.left = left
            line.right = right
            line.left_double = IS_DOUBLE[t]
            line.right_double = old.right_double
            line._left_chain = (t, left, old._left_chain)
            line._right_chain = old._right_chain
        else:
            left = old.left  # type: ignore[assignment]
            right = OTHER[t][old.right]  # type: ignore[index]
            line.left = left
            line.right = right
            line.left_double = old.left_double
            line.right_double = IS_DOUBLE[t]
            line._left_chain = old._left_chain
            line._right_chain = (t, right, old._right_chain)
        line.size = old.size + 1
        line.__class__ = LineOfPlay
        action = _PLAY_ACTIONS[seat][t][on_left]
        if left == right:  # a header (rule 5)
            header = _TRIPLE_HEADER if line.left_double or line.right_double else _DOUBLE_HEADER
            return self._score_place(t, line, hands, mask, header, action)
        if not mask:  # going out (rule 7)
            return self._score_place(t, line, hands, mask, None, action)
        ends = FIT[left] | FIT[right]
        bone = self.boneyard
        rules = self.rules
        drawable = rules.drawing and len(bone.tiles) > bone.reserve
        if not drawable:
            for h in hands_l:
                if h.mask & ends:
                    break
            else:  # rule 8: nobody can play or draw; to_move stays the seat that played
                return self._next(hands, bone, line, seat, self.scores, None, action)._block()
        nxt = seat + 1
        if nxt == len(hands):
            nxt = 0
        state = _StateBuilder()
        state.rules = rules
        state.hands = hands
        state.boneyard = bone
        state.line = line
        state.to_move = nxt
        state.scores = self.scores
        state.target = self.target
        state.dealer = self.dealer
        state.outcome = None
        state.lead_draws = self.lead_draws
        state.deal = self.deal
        state._trail = (action, self._trail)
        # The next seat's legal moves, worked out now while the numbers are at hand.
        nm = hands[nxt].mask
        fl = nm & FIT[left]
        fr = nm & FIT[right]
        if fl:
            state._legal = _LEFT_ONLY[fl] if not fr else _both_ends(fl, fr)
        elif fr:
            state._legal = _RIGHT_ONLY[fr]
        else:
            state._legal = _DRAW_ONLY if drawable else _PASS_ONLY
        state.__class__ = RoundState
        return state, ()

    def _next(
        self,
        hands: tuple[Hand, ...],
        boneyard: Boneyard,
        line: LineOfPlay,
        to_move: int,
        scores: tuple[int, ...],
        outcome: Outcome | None,
        action: Action,
    ) -> RoundState:
        # The next state, built without attrs' __init__ (see bergen._fastbuild); it shares
        # the rules, the deal, the untouched hands and the history with this one.
        state = _StateBuilder()
        state.rules = self.rules
        state.hands = hands
        state.boneyard = boneyard
        state.line = line
        state.to_move = to_move
        state.scores = scores
        state.target = self.target
        state.dealer = self.dealer
        state.outcome = outcome
        state.lead_draws = self.lead_draws
        state.deal = self.deal
        state._trail = (action, self._trail)
        state._legal = None
        state.__class__ = RoundState
        return state  # type: ignore[no-any-return]

    def _draw(self) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # Rule 4: the top tile of the boneyard goes to the seat to move, which moves again.
        seat = self.to_move
        bone = self.boneyard
        tiles = bone.tiles
        t = tiles[0].index
        hands_l = list(self.hands)
        mask = hands_l[seat].mask | BIT[t]
        hand = _HandBuilder()
        hand.mask = mask
        hand.__class__ = Hand
        hands_l[seat] = hand
        hands = tuple(hands_l)
        reserve = bone.reserve
        boneyard = _BoneyardBuilder()
        boneyard.tiles = tiles = tiles[1:]
        boneyard.reserve = reserve
        boneyard.__class__ = Boneyard
        line = self.line
        left: int = line.left  # type: ignore[assignment]
        right: int = line.right  # type: ignore[assignment]
        drawable = len(tiles) > reserve
        if not drawable:
            ends = FIT[left] | FIT[right]
            for h in hands_l:
                if h.mask & ends:
                    break
            else:  # rule 8
                return self._next(
                    hands, boneyard, line, seat, self.scores, None, _DRAW_ACTIONS[seat][t]
                )._block()
        state = _StateBuilder()
        state.rules = self.rules
        state.hands = hands
        state.boneyard = boneyard
        state.line = line
        state.to_move = seat
        state.scores = self.scores
        state.target = self.target
        state.dealer = self.dealer
        state.outcome = None
        state.lead_draws = self.lead_draws
        state.deal = self.deal
        state._trail = (_DRAW_ACTIONS[seat][t], self._trail)
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
            state._legal = _DRAW_ONLY if drawable else _PASS_ONLY
        state.__class__ = RoundState
        return state, ()

    def _place(self, t: int, on_left: bool | None) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        seat = self.to_move
        rules = self.rules
        line = self.line
        hands = list(self.hands)
        mask = hands[seat].mask ^ BIT[t]
        hands[seat] = _make_hand(mask)
        # Rule 5: a header, judged from the ends right after this play; the lead double counts
        # as a double header when the rules score the lead.
        header: EventKind | None = None
        if on_left is None:
            line = line.start(TILES[t])
            action = _LEAD_ACTIONS[seat][t]
            if rules.lead_scores:
                header = _DOUBLE_HEADER
        else:
            line = line._place(t, on_left)
            action = _PLAY_ACTIONS[seat][t][on_left]
            if line.left == line.right:
                header = _TRIPLE_HEADER if line.left_double or line.right_double else _DOUBLE_HEADER
        if header is not None or not mask:
            return self._score_place(t, line, tuple(hands), mask, header, action)
        # The common case: nothing scores, and the round goes on unless it is blocked.
        nxt = seat + 1
        if nxt == len(hands):
            nxt = 0
        bone = self.boneyard
        if rules.drawing and len(bone.tiles) > bone.reserve:
            return self._next(tuple(hands), bone, line, nxt, self.scores, None, action), ()
        ends = FIT[line.left] | FIT[line.right]  # type: ignore[index]
        for h in hands:
            if h.mask & ends:
                return self._next(tuple(hands), bone, line, nxt, self.scores, None, action), ()
        # Rule 8: nobody can play or draw; to_move stays the seat that moved last.
        return self._next(tuple(hands), bone, line, seat, self.scores, None, action)._block()

    def _score_place(
        self,
        t: int,
        line: LineOfPlay,
        hands: tuple[Hand, ...],
        mask: int,
        header: EventKind | None,
        action: Action,
    ) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        # A play that scores a header (rules 5-6) or goes out (rule 7); scoring stops at the
        # first event that reaches the target (rule 9).
        seat = self.to_move
        rules = self.rules
        side = seat % 2 if rules.partnerships else seat
        scores = self.scores
        events: list[ScoreEvent] = []
        outcome: Outcome | None = None
        target = self.target
        if header is not None:
            points = rules.points
            base = points.triple_header if header is _TRIPLE_HEADER else points.double_header
            pts = rules.reduction.reduce(base, scores[side], target)
            scores = _add(scores, side, pts)
            events.append(_make_event(header, seat, side, pts, base, TILES[t]))
            if scores[side] >= target:
                outcome = _make_outcome(_TARGET_REACHED, seat, side)
        if outcome is None and not mask:
            base = rules.points.going_out
            scores = _add(scores, side, base)
            events.append(_make_event(_GOING_OUT, seat, side, base, base, TILES[t]))
            outcome = _make_outcome(_WENT_OUT, seat, side)
        if outcome is not None:
            return self._next(hands, self.boneyard, line, seat, scores, outcome, action), tuple(
                events
            )
        bone = self.boneyard
        if not (rules.drawing and len(bone.tiles) > bone.reserve):
            ends = FIT[line.left] | FIT[line.right]  # type: ignore[index]
            for h in hands:
                if h.mask & ends:
                    break
            else:
                # Rule 8; once the round is over, to_move is the seat that moved last.
                blocked, block_events = self._next(
                    hands, bone, line, seat, scores, None, action
                )._block()
                return blocked, (*events, *block_events)
        nxt = seat + 1
        return self._next(
            hands, bone, line, 0 if nxt == len(hands) else nxt, scores, None, action
        ), tuple(events)

    def _is_blocked(self, masks: Sequence[int], drawable: int) -> bool:
        if drawable > 0:
            return False
        all_mask = 0
        for m in masks:
            all_mask |= m
        return self._is_blocked_mask(all_mask)

    def _is_blocked_mask(self, all_mask: int) -> bool:
        line = self.line
        return not all_mask & (FIT[line.left] | FIT[line.right])  # type: ignore[index]

    def _block(self) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        """Rule 8: judge the blocked hand and end the round."""
        rules = self.rules
        n_sides = len(self.scores)
        side_masks = [0] * n_sides
        for seat, h in enumerate(self.hands):
            side_masks[seat % 2 if rules.partnerships else seat] |= h.mask
        winner = rules.blocked.winner([Hand(m).tiles for m in side_masks])
        if winner is None:
            outcome = Outcome(OutcomeKind.BLOCKED, None, None)
            return attrs.evolve(self, outcome=outcome), ()
        if type(winner) is not int or not 0 <= winner < n_sides:
            raise PositionError(
                f"the blocked-hand judge {rules.blocked!r} returned {winner!r}, not a side"
            )
        pts = rules.points.blocked_hand
        scores = _add(self.scores, winner, pts)
        event = ScoreEvent(EventKind.BLOCKED_HAND, winner, winner, pts, pts, None)
        return attrs.evolve(
            self, scores=scores, outcome=Outcome(OutcomeKind.BLOCKED, winner, winner)
        ), (event,)

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
