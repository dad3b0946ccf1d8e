"""Caller-supplied chance: a round whose hands are known and whose boneyard is an unordered set.

A server that deals at random as tiles are drawn, or a table app where each player enters
their own tiles, knows every hand but no boneyard order in advance. A :class:`ChanceRound`
takes each draw with the tile drawn (``draw 6-2``), checked against the tiles still in the
boneyard, and plays every rule through a :class:`~bergen.RoundState` whose boneyard holds the
tiles drawn so far, in the order drawn, above the rest (in tile order, never read before it is
drawn). Its :attr:`~ChanceRound.state` is that round, so views
(:meth:`~ChanceRound.view`), the samplers (which read views) and records
(:meth:`~ChanceRound.match`, then :func:`bergen.records.record_match`) work as on any round.

A :class:`ChanceDeal` collects the hands one seat at a time (each player entering their own
tiles) and starts the round once all are in (docs/rules.md, rules 1-2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from bergen._setup import _rules, _seat_arg
from bergen.deal import Deal
from bergen.errors import IllegalMoveError, PositionError, Reason, _brief
from bergen.events import Outcome, ScoreEvent
from bergen.hands import Hand
from bergen.match import MatchState
from bergen.moves import Draw, Lead, Move, Pass, Play
from bergen.playerview import PlayerView
from bergen.public import _move_and_drawn
from bergen.round import RoundState
from bergen.rules import CLASSIC, NoDouble, Rules
from bergen.tiles import TILES, Tile

__all__ = ["ChanceDeal", "ChanceRound"]


def _scores(scores: object) -> tuple[int, ...] | None:
    """Scores as a tuple, their values checked by ``RoundState.start``."""
    if scores is None:
        return None
    if isinstance(scores, str | bytes) or not isinstance(scores, Sequence):
        raise PositionError(f"scores are one int per side, got {_brief(scores)}")
    return tuple(scores)


def _hand(value: object, where: str) -> tuple[Tile, ...]:
    """A hand given as a :class:`Hand`, tiles, or text such as ``"6-6 5-4"``."""
    if isinstance(value, str):
        return Hand.parse(value).tiles
    if isinstance(value, Hand):
        return value.tiles
    if not isinstance(value, Iterable):
        raise PositionError(f"{where} must be a Hand, tiles or text, got {_brief(value)}")
    return Hand.of(value).tiles


@attrs.frozen(kw_only=True, repr=False)
class ChanceRound:
    """A round with known hands and an unordered boneyard; immutable.

    Build one with :meth:`start` (all hands at once) or through :class:`ChanceDeal`.

    Attributes:
        rules: The ruleset.
        dealer: The dealing seat.
        start_scores: Match points per side before the round.
        dealt: The hands as dealt, one per seat.
        drawn: The tiles drawn so far, oldest first (the draws in turn for a lead double
            first).
        moves: The moves made since the lead (a draw as a plain draw: its tile is in
            :attr:`drawn`).
        state: The round as a :class:`~bergen.RoundState` (its boneyard: :attr:`drawn`, then
            the rest in tile order); ``None`` while the seats still draw in turn for a lead
            double (rule 2, nobody was dealt one).
    """

    rules: Rules
    dealer: int
    start_scores: tuple[int, ...] | None
    dealt: tuple[tuple[Tile, ...], ...]
    drawn: tuple[Tile, ...] = ()
    moves: tuple[Move, ...] = ()
    state: RoundState | None = None

    @classmethod
    def start(
        cls,
        hands: Sequence[Hand | Sequence[Tile] | str],
        rules: Rules = CLASSIC,
        *,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
    ) -> ChanceRound:
        """A round from its hands, before the lead (rules 1-2).

        Args:
            hands: One hand per seat (2..4), the size the rules deal.
            rules: The ruleset.
            dealer: The dealing seat.
            scores: Match points per side before the round (default all 0).

        Returns:
            The round, ready for the lead; or, when nobody holds a double and the rules draw
            in turn, waiting for those draws (``draw 3-3``, each seat in turn from the
            dealer's left).

        Raises:
            PositionError: when a hand is the wrong size, a tile is in two hands, the dealer or
                a score is out of range, or nobody holds a double and the rules redeal.
            RulesError: when the rules do not allow this table.
        """
        if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
            raise PositionError(f"hands are one per seat, in seat order; got {_brief(hands)}")
        rules = _rules(rules)
        dealt = tuple(_hand(h, f"hands[{i}]") for i, h in enumerate(hands))
        score_t = _scores(scores)
        first = cls(rules=rules, dealer=dealer, start_scores=score_t, dealt=dealt)
        deal = first._deal(())
        if not deal.has_double and rules.no_double is NoDouble.DRAW_IN_TURN:
            first._probe()  # the checks of RoundState.start: hand sizes, dealer, scores
            return first
        return attrs.evolve(first, state=cls._round_state(deal, rules, dealer, score_t))

    @staticmethod
    def _round_state(
        deal: Deal, rules: Rules, dealer: int, scores: tuple[int, ...] | None
    ) -> RoundState:
        return RoundState.start(deal, rules, dealer=dealer, scores=scores)

    def _deal(self, drawn: tuple[Tile, ...]) -> Deal:
        """The deal whose boneyard holds ``drawn`` on top, then the rest in tile order."""
        used = {t for h in self.dealt for t in h} | set(drawn)
        rest = [t for t in TILES if t not in used]
        return Deal(self.dealt, (*drawn, *rest))

    # ------------------------------------------------------------------ reading

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self.dealt)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles still in the boneyard, in tile order (their order is not known)."""
        held = {t for h in self.dealt for t in h} | set(self.drawn)
        return tuple([t for t in TILES if t not in held])

    @property
    def to_move(self) -> int:
        """The seat to move (while drawing in turn for a lead double: the seat to draw)."""
        if self.state is None:
            return (self.dealer + 1 + len(self.drawn)) % self.seats
        return self.state.to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """Match points per side."""
        if self.state is None:
            sides = len(self._probe().scores)
            return self.start_scores or (0,) * sides
        return self.state.scores

    @property
    def outcome(self) -> Outcome | None:
        """How the round ended, ``None`` while it goes on."""
        return None if self.state is None else self.state.outcome

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.outcome is not None

    def _probe(self) -> RoundState:
        """A round state of this deal with a double drawn (for the table's numbers only)."""
        double = next(t for t in self.boneyard if t.is_double)
        return self._round_state(
            self._deal((*self.drawn, double)), self.rules, self.dealer, self.start_scores
        )

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the seat to move (a draw stands for a draw of any boneyard
        tile; see :meth:`apply`).
        """
        if self.state is None:
            return (Draw(),)
        return self.state.legal_moves()

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: :meth:`bergen.RoundState.view` of :attr:`state`.

        Raises:
            PositionError: while the seats draw in turn for a lead double (no round yet), or
                when ``seat`` is not a seat.
        """
        if self.state is None:
            raise PositionError("the seats are drawing in turn for a lead double: no view yet")
        return self.state.view(seat)

    def match(self) -> MatchState:
        """A :class:`~bergen.MatchState` holding this round (for records:
        :func:`bergen.records.record_match`), its deal's boneyard as :attr:`state`'s.

        Raises:
            PositionError: while the seats draw in turn for a lead double.
        """
        if self.state is None:
            raise PositionError("the seats are drawing in turn for a lead double: no round yet")
        start = MatchState.new(
            self.seats, self.rules, dealer=self.dealer, scores=self.start_scores
        ).start_round(self._deal(self.drawn))
        match, _ = start.play_out(list(self.moves))
        return match

    # ------------------------------------------------------------------ moves

    def apply(
        self, move: Move | str, seat: int | None = None, *, drawn: Tile | None = None
    ) -> tuple[ChanceRound, tuple[ScoreEvent, ...]]:
        """Make a move; a draw names the tile drawn.

        Args:
            move: A move in canonical notation (a draw as ``"draw 6-2"``) or a
                :class:`~bergen.moves.Move`.
            seat: Optionally, the seat making it (checked).
            drawn: With a :class:`~bergen.moves.Draw` move, the tile drawn.

        Returns:
            ``(next, events)``, the events as :meth:`bergen.RoundState.apply` gives them.

        Raises:
            IllegalMoveError: when the move is illegal (rules 2-4, the reasons of
                :meth:`bergen.RoundState.apply`), a draw names no tile, or its tile is not in
                the boneyard (``TILE_SEEN``); this round is unchanged.
            NotationError: when ``move`` is text in no move's form.
            ArgumentError: when ``seat`` is given but is not a seat number or is no seat of
                this round (0..seats-1).
        """
        move, shown = _move_and_drawn(move, drawn)
        if self.state is None:
            return self._lead_draw(move, seat, shown)
        state = self.state
        if not isinstance(move, Draw):
            after, events = state.apply(move, seat)
            return attrs.evolve(self, moves=(*self.moves, move), state=after), events
        state.check(move, seat)  # the draw itself: the seat to move, nothing fits, not reserve
        tile = self._check_drawn(move, state.to_move, shown)
        order = (*self.drawn, tile)
        rebuilt = self._round_state(self._deal(order), self.rules, self.dealer, self.start_scores)
        rebuilt, _ = rebuilt.play_out(list(self.moves))
        after, events = rebuilt.apply(move)
        return attrs.evolve(self, drawn=order, moves=(*self.moves, move), state=after), events

    def _check_drawn(self, move: Move, seat: int, tile: Tile | None) -> Tile:
        """The tile of a draw, checked to be in the boneyard."""
        if tile is None:
            raise IllegalMoveError(
                f"{move}: a draw names the tile drawn, such as 'draw 6-2'",
                move=move,
                seat=seat,
                reason=Reason.NOT_A_MOVE,
            )
        if tile not in self.boneyard:
            where = "drawn already" if tile in self.drawn else "not in the boneyard"
            for s, h in enumerate(self.hands_now()):
                if tile in h:
                    where = f"in seat {s}'s hand"
            if self.state is not None and any(p.tile == tile for p in self.state.line.tiles):
                where = "on the line"
            raise IllegalMoveError(
                f"draw {tile}: {tile} is {where}, not in the boneyard",
                move=move,
                seat=seat,
                reason=Reason.TILE_SEEN,
            )
        return tile

    def hands_now(self) -> tuple[Hand, ...]:
        """Each seat's hand now."""
        if self.state is None:
            held = [set(h) for h in self.dealt]
            for i, t in enumerate(self.drawn):
                held[(self.dealer + 1 + i) % self.seats].add(t)
            return tuple([Hand.of(h) for h in held])
        return self.state.hands

    def _lead_draw(
        self, move: Move, seat: int | None, tile: Tile | None
    ) -> tuple[ChanceRound, tuple[ScoreEvent, ...]]:
        """A draw in turn for a lead double (rule 2): a double drawn starts the round."""
        turn = self.to_move
        if not isinstance(move, Draw):
            is_move = isinstance(move, Lead | Play | Pass)
            reason = Reason.WRONG_LEAD if is_move else Reason.NOT_A_MOVE
            raise IllegalMoveError(
                f"{move}: nobody was dealt a double; the seats draw in turn from the dealer's "
                f"left until one draws a double (rule 2): seat {turn} draws",
                move=move,
                seat=turn,
                reason=reason,
            )
        if seat is not None and _seat_arg(seat, self.seats) != turn:
            raise IllegalMoveError(
                f"{move}: it is seat {turn}'s turn to draw, not seat {_brief(seat)}'s",
                move=move,
                seat=turn,
                reason=Reason.NOT_YOUR_TURN,
            )
        tile = self._check_drawn(move, turn, tile)
        order = (*self.drawn, tile)
        if not tile.is_double:
            return attrs.evolve(self, drawn=order), ()
        state = self._round_state(self._deal(order), self.rules, self.dealer, self.start_scores)
        return attrs.evolve(self, drawn=order, state=state), ()

    def __repr__(self) -> str:
        """A short summary."""
        return f"ChanceRound(seats={self.seats}, drawn={len(self.drawn)}, moves={len(self.moves)})"


@attrs.frozen(kw_only=True)
class ChanceDeal:
    """A deal entered in pieces: each seat's hand given by that player; immutable.

    Attributes:
        rules: The ruleset.
        seats: The number of seats.
        dealer: The dealing seat.
        scores: Match points per side before the round, or ``None`` (all 0).
        hands: One hand per seat, ``None`` while not given.
    """

    rules: Rules
    seats: int
    dealer: int = 0
    scores: tuple[int, ...] | None = None
    hands: tuple[tuple[Tile, ...] | None, ...] = ()

    @classmethod
    def start(
        cls,
        rules: Rules,
        seats: int,
        *,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
    ) -> ChanceDeal:
        """An empty deal for ``seats`` seats.

        Raises:
            PositionError: when ``seats`` is not 2..4 or ``dealer`` not a seat.
            RulesError: when the rules do not allow this table.
        """
        if type(seats) is not int or not 2 <= seats <= 4:
            raise PositionError(f"seats must be an int 2..4, got {_brief(seats)}")
        rules = _rules(rules)
        rules.for_table(seats)
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {_brief(dealer)}")
        return cls(
            rules=rules,
            seats=seats,
            dealer=dealer,
            scores=_scores(scores),
            hands=(None,) * seats,
        )

    @property
    def missing(self) -> tuple[int, ...]:
        """The seats whose hand is not given yet."""
        return tuple([s for s, h in enumerate(self.hands) if h is None])

    def give(self, seat: int, hand: Hand | Sequence[Tile] | str) -> ChanceDeal:
        """Enter ``seat``'s hand (rule 1: the size the rules deal).

        Raises:
            PositionError: when ``seat`` is not a seat or has given its hand, the hand is not
                the size the rules deal, or holds a tile another seat gave.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise PositionError(f"seat must be a seat 0..{self.seats - 1}, got {_brief(seat)}")
        if self.hands[seat] is not None:
            raise PositionError(f"seat {seat} has given its hand already")
        tiles = _hand(hand, "hand")
        size = self.rules.for_table(self.seats).hand_size
        if len(tiles) != size:
            raise PositionError(
                f"seat {seat} gives {len(tiles)} tiles; the rules deal {size} at {self.seats} "
                "seats (rule 1)"
            )
        for other, h in enumerate(self.hands):
            if h is not None:
                both = sorted(set(h) & set(tiles))
                if both:
                    raise PositionError(
                        f"seat {seat}'s hand holds {', '.join(map(str, both))}, given by seat "
                        f"{other} already"
                    )
        hands = list(self.hands)
        hands[seat] = tiles
        return attrs.evolve(self, hands=tuple(hands))

    def round(self) -> ChanceRound:
        """The round, once every hand is given (see :meth:`ChanceRound.start`).

        Raises:
            PositionError: when a hand is missing, or as :meth:`ChanceRound.start`.
        """
        if self.missing:
            raise PositionError(
                f"seats {', '.join(map(str, self.missing))} have not given their hands"
            )
        hands = [h for h in self.hands if h is not None]
        return ChanceRound.start(hands, self.rules, dealer=self.dealer, scores=self.scores)
