"""Scorekeeping from public information: a round followed as the people at a table see it.

A :class:`PublicRound` knows what a table knows: the tiles laid, who drew (and the tile, when
it was shown), who passed, and, at a blocked hand, the hands turned over. It knows nobody's
tiles and no boneyard order, and keeps the score all the same: every header, going out and the
end of the match are scored by the kernel's own rules (:mod:`bergen.kernel.play`), so that the
points are those a :class:`~bergen.RoundState` holding every hand would give.

What it checks is what public information can check (docs/rules.md, rules 2-4): the tile fits
its end; it is not on the line already, nor shown in another seat's hand; a seat never plays
more tiles than it holds; nothing is drawn from the reserve, and a seat that could not draw did
not; a seat that showed a tile that fits neither draws nor passes. It infers what it can: a
seat that drew or passed while the ends showed ``a`` and ``b`` holds no tile carrying ``a`` or
``b`` (a *void*), until it keeps a tile it drew unseen, and it refuses a later play of such a
tile. Under ``DrawWhen.ANY_TIME`` (a draw while a tile fits is allowed, rule 4) a draw shows
nothing and only a pass shows a void. A move it refuses cannot be legal in the full game; a
move it accepts may still have broken a rule that only the hidden hands would show (a table's
misplay is scored as played).

A blocked hand (rule 8) needs the hands: :meth:`PublicRound.reveal` takes them, checks them
against everything known and judges the block by the rules' judge, or :meth:`PublicRound.settle`
takes the result as the table worked it out. When the public facts alone prove that nobody can
play or draw, the round stops taking moves (:attr:`PublicRound.awaiting_result`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bergen._setup import _check_scores, _rules, _seat_arg
from bergen.errors import IllegalMoveError, NotationError, PositionError, Reason, _brief
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.hands import Hand
from bergen.kernel import play as K
from bergen.kernel.table import CUSTOM_JUDGE, Table, drawable, match_winner, side_of
from bergen.kernel.tiles import FIT, FULL_MASK
from bergen.line import LineOfPlay
from bergen.moves import DRAW, PASS, Action, Draw, End, Lead, Move, Pass, Play, parse_move
from bergen.rules import NoDouble, Rules
from bergen.rules.table import kernel_table
from bergen.tiles import TILES, Tile, tile_mask, tiles_of_mask

__all__ = ["PublicRound", "parse_public_move"]

_EVENT_KINDS = (
    EventKind.DOUBLE_HEADER,
    EventKind.TRIPLE_HEADER,
    EventKind.GOING_OUT,
    EventKind.BLOCKED_HAND,
)
_OUTCOME_KINDS = (OutcomeKind.WENT_OUT, OutcomeKind.BLOCKED, OutcomeKind.TARGET_REACHED)


def _numbers_mask(numbers: frozenset[int]) -> int:
    """The mask of the tiles carrying any of ``numbers``."""
    mask = 0
    for n in numbers:
        mask |= FIT[n]
    return mask


def _event(event: K.Event) -> ScoreEvent:
    """The :class:`ScoreEvent` of a kernel score event."""
    kind, seat, side, points, base, t = event
    return ScoreEvent(_EVENT_KINDS[kind], seat, side, points, base, TILES[t] if t >= 0 else None)


def parse_public_move(text: str) -> tuple[Move, Tile | None]:
    """Read a move of a public game: the canonical notation, with ``draw 6-2`` for a draw whose
    tile was shown.

    Args:
        text: ``"1-1"`` (a lead), ``"5-4L"``, ``"5-4R"``, ``"draw"``, ``"draw 6-2"`` or
            ``"pass"``; case and surrounding spaces are ignored.

    Returns:
        The move and the tile shown with a draw (``None`` otherwise).

    Raises:
        NotationError: when the text is none of these forms.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text such as '5-4L', got {_brief(text)}", text=_brief(text))
    words = text.split()
    if len(words) == 2 and words[0].lower() == "draw":
        try:
            return DRAW, Tile.parse(words[1])
        except NotationError:
            raise NotationError(
                f"a draw shows its tile as 'draw 6-2', got {_brief(text)}", text=text
            ) from None
    return parse_move(text), None


def _move_and_drawn(move: Move | str, drawn: Tile | None) -> tuple[Move, Tile | None]:
    """The move and the tile shown with a draw, from an ``apply``'s ``move`` (text, read by
    :func:`parse_public_move`, or a move value) and ``drawn`` (for a move value).

    Raises:
        NotationError: when ``move`` is text in no move's form.
        PositionError: when ``drawn`` is given with text, is not a :class:`Tile`, or is given
            with a move that is no draw.
    """
    if isinstance(move, str):
        parsed = parse_public_move(move)
        if drawn is not None:
            raise PositionError("drawn is given with a Draw move, not with text")
        return parsed
    if drawn is not None and not isinstance(drawn, Tile):
        raise PositionError(f"drawn must be a Tile or None, got {_brief(drawn)}")
    if drawn is not None and not isinstance(move, Draw):
        raise PositionError(f"drawn is only for a draw, not for {_brief(move)}")
    return move, drawn


@attrs.frozen(kw_only=True, repr=False)
class PublicRound:
    """One round followed from public information; immutable.

    Build one with :meth:`start`; :meth:`apply` returns the next state and the score events,
    as :meth:`bergen.RoundState.apply` does.

    Attributes:
        rules: The ruleset.
        seats: The number of seats, 2..4.
        hand_size: Tiles dealt to each seat (rule 1).
        target: The match target, in points (rule 9).
        dealer: The dealing seat.
        start_scores: Match points per side before the round.
        scores: Match points per side, this round's events included.
        line: The line of play.
        counts: Tiles each seat holds.
        boneyard_size: Tiles left in the boneyard, the reserve included (rule 4).
        known: Per seat, the tiles it is known to hold (drawn and shown, not yet laid).
        voids: Per seat, the numbers its unshown tiles are known not to carry (rule 4).
        to_move: The seat to move; ``None`` before the lead (the leader names itself), and
            the seat that moved last once the round is over.
        outcome: How the round ended, ``None`` while it goes on.
        history: The moves since the lead, oldest first; a draw names its tile when it was
            shown.
        lead_draws: Draws in turn for a lead double before the lead (rule 2, ``simple``).
        hands: The hands turned over at a blocked hand (:meth:`reveal`), else ``None``.
        pending: The seat whose last move was a draw of an unshown tile not yet accounted for
            (that tile may carry any number), else ``None``.
        scored: The round's score events so far, each with the index of the entry that caused
            it among the lead draws and the moves (a settled block: one past the last).
    """

    rules: Rules
    seats: int
    hand_size: int
    target: int
    dealer: int
    start_scores: tuple[int, ...]
    scores: tuple[int, ...]
    line: LineOfPlay
    counts: tuple[int, ...]
    boneyard_size: int
    known: tuple[frozenset[Tile], ...]
    voids: tuple[frozenset[int], ...]
    to_move: int | None
    outcome: Outcome | None = None
    history: tuple[Action, ...] = ()
    lead_draws: tuple[Action, ...] = ()
    hands: tuple[Hand, ...] | None = None
    pending: int | None = None
    scored: tuple[tuple[int, ScoreEvent], ...] = ()
    _table: Table = attrs.field(alias="table", eq=False, hash=False)

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(
        cls,
        rules: Rules,
        seats: int,
        *,
        scores: Sequence[int] | None = None,
        dealer: int = 0,
        hand_size: int | None = None,
    ) -> PublicRound:
        """A round just dealt, before the lead (rules 1-2).

        Args:
            rules: The ruleset.
            seats: The number of seats, 2..4.
            scores: Match points per side before the round (default all 0).
            dealer: The dealing seat.
            hand_size: Tiles dealt to each seat (default: what the rules deal at ``seats``).

        Returns:
            The state before the lead.

        Raises:
            RulesError: when the rules do not allow ``seats`` seats.
            PositionError: when the dealer, a score or the hand size is out of range (the
                hands and the reserve must fit in the 28 tiles).
        """
        if type(seats) is not int or not 2 <= seats <= 4:
            raise PositionError(f"seats must be an int 2..4, got {_brief(seats)}")
        table = kernel_table(_rules(rules), seats)
        if hand_size is None:
            hand_size = table.hand_size
        elif type(hand_size) is not int or hand_size < 1 or seats * hand_size > len(TILES):
            raise PositionError(
                f"hand_size must be an int >= 1 with {seats} hands in the 28 tiles, "
                f"got {_brief(hand_size)}"
            )
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise PositionError(f"dealer must be a seat 0..{seats - 1}, got {_brief(dealer)}")
        sides = 2 if table.partnerships else seats
        score_t = _check_scores(scores, sides, table.target, table.round_end)
        return cls(
            rules=rules,
            seats=seats,
            hand_size=hand_size,
            target=table.target,
            dealer=dealer,
            start_scores=score_t,
            scores=score_t,
            line=LineOfPlay.empty(),
            counts=(hand_size,) * seats,
            boneyard_size=len(TILES) - seats * hand_size,
            known=(frozenset(),) * seats,
            voids=(frozenset(),) * seats,
            to_move=None,
            table=table,
        )

    # ------------------------------------------------------------------ derived facts

    @property
    def sides(self) -> int:
        """The number of sides: 2 with partnerships, else one per seat (rule 10)."""
        return len(self.scores)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (rule 10).

        Raises:
            PositionError: when ``seat`` is not a seat of this round.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise PositionError(f"seat must be a seat 0..{self.seats - 1}, got {_brief(seat)}")
        return side_of(self._table, seat)

    @property
    def points(self) -> tuple[int, ...]:
        """Points per side scored in this round so far."""
        return tuple([s - b for s, b in zip(self.scores, self.start_scores, strict=True)])

    @property
    def drawable(self) -> int:
        """How many tiles can still be drawn: 0 with drawing off, else the tiles above the
        reserve (rule 4).
        """
        return drawable(self._table, self.boneyard_size)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (going out, a block settled, or the target reached)."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The side that has won the match (rule 9), or ``None``."""
        table = self._table
        won = match_winner(self.scores, self.target, table.round_end, self.outcome is not None)
        return won if won >= 0 else None

    @property
    def match_over(self) -> bool:
        """Whether a side has won the match (rule 9)."""
        return self.winner is not None

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """The tiles neither on the line nor shown in a hand: in the unshown hands or the
        boneyard.
        """
        return tiles_of_mask(FULL_MASK & ~self._seen_mask())

    @property
    def awaiting_result(self) -> bool:
        """Whether the public facts prove the hand blocked (rule 8: nobody can play, nothing
        can be drawn) while the round waits for :meth:`reveal` or :meth:`settle`.
        """
        return self.outcome is None and self._blocked_publicly()

    def _seen_mask(self) -> int:
        """The tiles on the line or known to be in a hand."""
        mask = tile_mask([p.tile for p in self.line.tiles])
        for k in self.known:
            mask |= tile_mask(k)
        return mask

    def _could_hold(self, seat: int) -> int:
        """The mask of tiles ``seat`` may hold unshown: unseen, and clear of its voids unless
        its last draw is unaccounted for.
        """
        if self.counts[seat] <= len(self.known[seat]):
            return 0
        unseen = FULL_MASK & ~self._seen_mask()
        if self.pending == seat:
            return unseen
        return unseen & ~_numbers_mask(self.voids[seat])

    def _infeasible(self) -> str | None:
        """Why no placing of the unseen tiles in the unshown hands and the boneyard fits the
        counts and the voids (rule 4), or ``None`` when one does (Hall's condition over the
        seats: every set of seats has room for the tiles it holds unshown).
        """
        unseen = FULL_MASK & ~self._seen_mask()
        groups: list[tuple[int, int, int]] = []  # (seat, tiles held unshown, tiles allowed)
        for seat in range(self.seats):
            need = self.counts[seat] - len(self.known[seat])
            if need <= 0:
                continue
            if self.pending == seat:
                groups.append((seat, 1, unseen))
                need -= 1
            if need:
                groups.append((seat, need, unseen & ~_numbers_mask(self.voids[seat])))
        for subset in range(1, 1 << len(groups)):
            need = 0
            room = 0
            seats: set[int] = set()
            for i, (seat, n, allowed) in enumerate(groups):
                if subset >> i & 1:
                    need += n
                    room |= allowed
                    seats.add(seat)
            if need > room.bit_count():
                names = " and ".join(f"seat {s}" for s in sorted(seats))
                voids = "; ".join(
                    f"seat {s} holds no {', '.join(map(str, sorted(self.voids[s])))}"
                    for s in sorted(seats)
                    if self.voids[s]
                )
                return (
                    f"{names} would hold {need} unseen tiles, but only {room.bit_count()} "
                    f"unseen tiles are left for them ({voids or 'no voids'})"
                )
        return None

    def _ends_mask(self) -> int:
        line = self.line
        if line.lead is None:
            return 0
        return FIT[line.left] | FIT[line.right]  # type: ignore[index]

    def _blocked_publicly(self) -> bool:
        """Rule 8 from public facts: nothing drawable and no seat able to hold a tile that
        fits.
        """
        if self.line.lead is None or self.drawable:
            return False
        ends = self._ends_mask()
        for seat in range(self.seats):
            if tile_mask(self.known[seat]) & ends or self._could_hold(seat) & ends:
                return False
        return True

    # ------------------------------------------------------------------ apply

    def apply(
        self, move: Move | str, seat: int | None = None, *, drawn: Tile | None = None
    ) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """Enter one move as the table saw it; return the next state and its score events.

        The scoring is the kernel's (rules 5-9): headers judged from the ends after the play,
        reduced near the target, going out when a seat's count of tiles reaches 0, scoring
        stopping at the first event that reaches the target. The checks are those public
        information allows (rules 2-4; see the module's docstring).

        Args:
            move: A move in canonical notation (``"1-1"``, ``"5-4L"``, ``"draw"``,
                ``"draw 6-2"``, ``"pass"``) or a :class:`~bergen.moves.Move`.
            seat: The seat moving: required for the lead (only the table knows who holds the
                double), otherwise checked against :attr:`to_move`.
            drawn: With a :class:`~bergen.moves.Draw` move, the tile drawn when it was shown.

        Returns:
            ``(next_state, events)``; this state is unchanged.

        Raises:
            NotationError: when ``move`` is text in no move's form.
            IllegalMoveError: when the public facts show the move illegal, with a
                :class:`~bergen.errors.Reason`: ``NOT_YOUR_TURN``, ``NO_MATCHING_END``,
                ``TILE_SEEN`` (the tile is on the line or shown in another hand),
                ``KNOWN_VOID`` (the seat drew or passed at an end the tile carries),
                ``TILE_NOT_IN_HAND`` (every tile the seat holds is known, or it holds none),
                ``MUST_PLAY``, ``MUST_DRAW``, ``CANNOT_DRAW``, ``WRONG_LEAD``,
                ``NOT_A_LEAD``, ``ROUND_OVER`` (also while the hand is known to be blocked),
                ``NOT_A_MOVE``.
            ArgumentError: when ``seat`` is given but is not a seat number (an int, or a value
                with ``__index__``; not a bool) or is no seat of this round (0..seats-1).
        """
        move, shown = _move_and_drawn(move, drawn)
        if not isinstance(move, Lead | Play | Draw | Pass):
            raise self._error(move, seat, Reason.NOT_A_MOVE, f"not a move: {_brief(move)}")
        if seat is not None:
            seat = _seat_arg(seat, self.seats)
        after, events = self._next(move, seat, shown)
        if events:
            index = len(self.lead_draws) + len(self.history)
            after = attrs.evolve(after, scored=(*self.scored, *[(index, e) for e in events]))
        why = after._infeasible()
        if why is not None:
            grew = len(after.history) > len(self.history)
            who = after.history[-1].seat if grew else after.lead_draws[-1].seat
            reason = Reason.TILE_NOT_IN_HAND if isinstance(move, Lead | Play) else Reason.MUST_PLAY
            raise self._error(
                move, who, reason, f"no placing of the unseen tiles fits what is known: {why}"
            )
        return after, events

    def _next(
        self, move: Move, seat: int | None, shown: Tile | None
    ) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """The state after ``move`` and its events, once the checks of single facts pass."""
        if self.outcome is not None:
            raise self._error(move, seat, Reason.ROUND_OVER, "the round is over")
        if self._blocked_publicly():
            raise self._error(
                move,
                seat,
                Reason.ROUND_OVER,
                "nobody can play or draw: the hand is blocked (rule 8); reveal the hands or "
                "settle the result",
            )
        if self.line.lead is None:
            return self._before_lead(move, seat, shown)
        mover = self.to_move if self.to_move is not None else 0  # set by the lead
        if seat is not None and seat != mover:
            raise self._error(
                move, seat, Reason.NOT_YOUR_TURN, f"it is seat {mover}'s turn, not seat {seat}'s"
            )
        if isinstance(move, Lead):
            raise self._error(
                move,
                mover,
                Reason.NOT_A_LEAD,
                "the lead has been made; play a tile at an end as 'tile'+'L'/'R'",
            )
        if isinstance(move, Play):
            return self._play(move, mover)
        if isinstance(move, Pass) or not self._table.draw_any_time:
            self._check_no_fit(move, mover)
        if isinstance(move, Pass):
            if self.drawable:
                raise self._error(
                    move, mover, Reason.MUST_DRAW, f"{self.drawable} tiles can still be drawn"
                )
            return self._after_pass(mover), ()
        if not self.drawable:
            why = (
                "drawing is off"
                if not self.rules.drawing
                else (f"the last {self._table.reserve} tiles are the reserve")
            )
            raise self._error(move, mover, Reason.CANNOT_DRAW, f"nothing can be drawn ({why})")
        if shown is not None:
            self._check_unseen(move, mover, shown, own=True)
        return self._after_draw(mover, shown), ()

    # ------------------------------------------------------------------ the checks

    def _error(self, move: object, seat: object, reason: Reason, text: str) -> IllegalMoveError:
        """The error for ``move`` by ``seat``, with the ends shown."""
        line = self.line
        ends = "" if line.lead is None else f" (ends {line.left} and {line.right})"
        where = seat if type(seat) is int else (self.to_move if self.to_move is not None else 0)
        try:
            name = str(move)
        except Exception:  # a hostile object's str
            name = f"<{type(move).__name__}>"
        return IllegalMoveError(f"{name}: {text}{ends}", move=move, seat=where, reason=reason)

    def _check_unseen(self, move: object, seat: int, tile: Tile, *, own: bool = False) -> None:
        """Refuse ``tile`` when it is on the line or shown in another seat's hand (or, with
        ``own``, in this seat's hand too: a tile drawn).
        """
        for p in self.line.tiles:
            if p.tile == tile:
                raise self._error(move, seat, Reason.TILE_SEEN, f"{tile} is already on the line")
        for other, k in enumerate(self.known):
            if (own or other != seat) and tile in k:
                raise self._error(
                    move, seat, Reason.TILE_SEEN, f"{tile} was shown in seat {other}'s hand"
                )

    def _check_from_hand(self, move: object, seat: int, tile: Tile) -> None:
        """Refuse laying ``tile`` when the seat cannot hold it: seen elsewhere, more tiles
        than it holds, or carrying a number it is void in.
        """
        self._check_unseen(move, seat, tile)
        if tile in self.known[seat]:
            return
        known = self.known[seat]
        if self.counts[seat] <= len(known):
            held = ", ".join(map(str, sorted(known))) or "nothing"
            raise self._error(
                move,
                seat,
                Reason.TILE_NOT_IN_HAND,
                f"seat {seat} holds {self.counts[seat]} tiles, all known: {held}",
            )
        if self.pending != seat:
            for n in (tile.high, tile.low):
                if n in self.voids[seat]:
                    raise self._error(
                        move,
                        seat,
                        Reason.KNOWN_VOID,
                        f"seat {seat} drew or passed while an end showed {n} and has kept no "
                        f"unseen tile since: it holds no tile carrying {n} (rule 4)",
                    )

    def _check_no_fit(self, move: Draw | Pass, seat: int) -> None:
        """Refuse a draw or a pass by a seat known to hold a tile that fits (rule 4)."""
        fits = tiles_of_mask(tile_mask(self.known[seat]) & self._ends_mask())
        if fits:
            raise self._error(
                move,
                seat,
                Reason.MUST_PLAY,
                f"seat {seat} holds {', '.join(map(str, fits))}, shown when drawn, which fits",
            )

    # ------------------------------------------------------------------ the lead

    def _before_lead(
        self, move: Move, seat: int | None, shown: Tile | None
    ) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """A lead (naming its seat), or a draw in turn for a lead double (rule 2)."""
        table = self._table
        n_draws = len(self.lead_draws)
        if isinstance(move, Draw):
            turn = (self.dealer + 1 + n_draws) % self.seats
            if self.rules.no_double is not NoDouble.DRAW_IN_TURN:
                raise self._error(
                    move,
                    turn,
                    Reason.WRONG_LEAD,
                    "nobody draws before the lead: these rules redeal when nobody holds a "
                    "double (rule 2); the round opens with a lead",
                )
            if seat is not None and seat != turn:
                raise self._error(
                    move,
                    seat,
                    Reason.NOT_YOUR_TURN,
                    f"draws for a lead double go in turn from the dealer's left: seat {turn} "
                    "draws now (rule 2)",
                )
            last = self.lead_draws[-1] if n_draws else None
            if last is not None and last.drawn is not None and last.drawn.is_double:
                raise self._error(
                    move,
                    turn,
                    Reason.WRONG_LEAD,
                    f"seat {last.seat} drew {last.drawn}, a double: it leads (rule 2)",
                )
            if self.boneyard_size == 0:
                raise self._error(move, turn, Reason.CANNOT_DRAW, "the boneyard is empty")
            if shown is not None:
                self._check_unseen(move, turn, shown, own=True)
            known = list(self.known)
            if shown is not None:
                known[turn] = known[turn] | {shown}
            counts = list(self.counts)
            counts[turn] += 1
            after = attrs.evolve(
                self,
                counts=tuple(counts),
                boneyard_size=self.boneyard_size - 1,
                known=tuple(known),
                lead_draws=(*self.lead_draws, Action(turn, DRAW, shown)),
            )
            return after, ()
        if not isinstance(move, Lead):
            raise self._error(
                move,
                seat,
                Reason.WRONG_LEAD,
                "the line is empty: the round opens with a lead, such as '1-1' with its seat",
            )
        if seat is None:
            raise self._error(
                move,
                seat,
                Reason.NOT_YOUR_TURN,
                f"the lead names its seat, an int 0..{self.seats - 1} (apply('{move}', seat=...))",
            )
        tile = move.tile
        if n_draws:
            last = self.lead_draws[-1]
            if seat != last.seat:
                raise self._error(
                    move,
                    seat,
                    Reason.WRONG_LEAD,
                    f"seat {last.seat} drew last for a lead double: it leads (rule 2)",
                )
            if last.drawn is not None and not last.drawn.is_double:
                raise self._error(
                    move,
                    seat,
                    Reason.WRONG_LEAD,
                    f"seat {seat} drew {last.drawn}, no double: the draws go on (rule 2)",
                )
            if not table.lead_any and last.drawn is not None and tile != last.drawn:
                raise self._error(
                    move,
                    seat,
                    Reason.WRONG_LEAD,
                    f"seat {seat} holds {last.drawn}, the only double dealt or drawn: it "
                    "leads it (rule 2)",
                )
        if not table.lead_any and not tile.is_double:
            raise self._error(
                move,
                seat,
                Reason.WRONG_LEAD,
                f"the lead is a double (rule 2, {type(self.rules.lead).__name__}), not {tile}",
            )
        self._check_from_hand(move, seat, tile)
        step = K.lead(
            table, self._bones(), self._position(seat, tile), seat, self.scores, tile.index
        )
        return self._after_lay(step, seat, tile, self.line.start(tile), Lead(tile))

    # ------------------------------------------------------------------ plays

    def _play(self, move: Play, seat: int) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """Rule 3: lay a tile at an end, scored by the kernel (rules 5-9)."""
        tile = move.tile
        line = self.line
        shown_at = line.left if move.end is End.LEFT else line.right
        if not tile.has(shown_at):  # type: ignore[arg-type]
            raise self._error(
                move,
                seat,
                Reason.NO_MATCHING_END,
                f"{tile} does not match the {move.end.name.lower()} end, which shows {shown_at}",
            )
        self._check_from_hand(move, seat, tile)
        step = K.play(
            self._table,
            self._bones(),
            self._position(seat, tile),
            seat,
            self.scores,
            tile.index,
            1 if move.end is End.RIGHT else 0,
        )
        return self._after_lay(step, seat, tile, line.place(tile, move.end), move)

    def _bones(self) -> tuple[int, ...]:
        """A boneyard of the right size for the kernel (its order is never read here)."""
        return (0,) * self.boneyard_size

    def _position(self, seat: int, tile: Tile) -> K.Position:
        """The kernel's position for ``seat`` laying ``tile``: each hand stands for its count
        (empty at 0; otherwise a mask the kernel sees as able to play, so that it never judges
        a block it cannot know), the mover's holding ``tile``.
        """
        masks: list[int] = []
        bit = 1 << tile.index
        for s, count in enumerate(self.counts):
            if s == seat:
                masks.append(FULL_MASK if count > 1 else bit)
            else:
                masks.append(FULL_MASK if count else 0)
        line = self.line
        if line.lead is None:
            return K.start_position(tuple(masks))
        flags = (K.LEFT_DOUBLE if line.left_double else 0) | (
            K.RIGHT_DOUBLE if line.right_double else 0
        )
        return (tuple(masks), line.left, line.right, flags, 0)  # type: ignore[return-value]

    def _after_lay(
        self, step: K.Step, seat: int, tile: Tile, line: LineOfPlay, move: Move
    ) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """The state after ``seat`` laid ``tile``: the kernel's scores, turn and outcome."""
        _, to_move, scores, outcome, outcome_seat, events = step
        counts = list(self.counts)
        counts[seat] -= 1
        known = list(self.known)
        known[seat] = known[seat] - {tile}
        after = attrs.evolve(
            self,
            scores=scores,
            line=line,
            counts=tuple(counts),
            known=tuple(known),
            to_move=to_move,
            outcome=None if outcome < 0 else self._outcome(outcome, outcome_seat),
            history=(*self.history, Action(seat, move)),
            pending=None,
        )
        return after, tuple([_event(e) for e in events])

    def _outcome(self, kind: int, seat: int) -> Outcome:
        """The :class:`Outcome` of the kernel's outcome code and seat."""
        if seat < 0:
            return Outcome(_OUTCOME_KINDS[kind], None, None)
        if kind == K.BLOCKED:
            return Outcome(OutcomeKind.BLOCKED, seat, seat)
        return Outcome(_OUTCOME_KINDS[kind], seat, side_of(self._table, seat))

    # ------------------------------------------------------------------ draws and passes

    def _voids_after(self, seat: int) -> tuple[frozenset[int], ...]:
        """The voids once ``seat`` showed it could not play at the current ends (rule 4): the
        ends join its voids, or replace them when it kept a tile drawn unseen.
        """
        left, right = self.line.ends or (0, 0)  # after the lead
        ends = frozenset([left, right])
        voids = list(self.voids)
        voids[seat] = ends if self.pending == seat else voids[seat] | ends
        return tuple(voids)

    def _after_pass(self, seat: int) -> PublicRound:
        """Rule 4: ``seat`` passes; the next seat moves."""
        return attrs.evolve(
            self,
            voids=self._voids_after(seat),
            to_move=(seat + 1) % self.seats,
            history=(*self.history, Action(seat, PASS)),
            pending=None,
        )

    def _after_draw(self, seat: int, shown: Tile | None) -> PublicRound:
        """Rule 4: ``seat`` draws (the tile shown or not) and moves again."""
        counts = list(self.counts)
        counts[seat] += 1
        known = list(self.known)
        if shown is not None:
            known[seat] = known[seat] | {shown}
        if self._table.draw_any_time:
            # DrawWhen.ANY_TIME: a draw says nothing of the hand, and an unseen tile kept may
            # carry any number.
            voids = list(self.voids)
            if shown is None:
                voids[seat] = frozenset()
            return attrs.evolve(
                self,
                counts=tuple(counts),
                boneyard_size=self.boneyard_size - 1,
                known=tuple(known),
                voids=tuple(voids),
                history=(*self.history, Action(seat, DRAW, shown)),
                pending=None,
            )
        return attrs.evolve(
            self,
            counts=tuple(counts),
            boneyard_size=self.boneyard_size - 1,
            known=tuple(known),
            voids=self._voids_after(seat),
            history=(*self.history, Action(seat, DRAW, shown)),
            pending=None if shown is not None else seat,
        )

    # ------------------------------------------------------------------ a blocked hand

    def reveal(
        self, hands: Sequence[Hand | Sequence[Tile] | str]
    ) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """Settle a blocked hand (rule 8) from the hands turned over.

        The hands are checked against everything known: each seat's count, the tiles shown
        in it, no tile on the line or twice, no unshown tile carrying a number the seat is
        known to be void in (but the one drawn unseen last), nothing left to draw, and nobody
        able to play. The rules' judge then names the winner, as
        :meth:`bergen.RoundState.apply` would at that block.

        Args:
            hands: One hand per seat: a :class:`~bergen.hands.Hand`, tiles, or text such as
                ``"6-6 5-4"``.

        Returns:
            ``(next_state, events)``: the round over (blocked), the block's event if a side
            won it.

        Raises:
            PositionError: when the hands contradict what is known, or the hand is not
                blocked; this state is unchanged.
            IllegalMoveError: with ``ROUND_OVER`` when the round is already over.
        """
        masks = self._check_hands(hands)
        if not K.is_blocked(masks, self.line.left, self.line.right, 0):  # type: ignore[arg-type]
            ends = self._ends_mask()
            seat = next(s for s, m in enumerate(masks) if m & ends)
            fits = ", ".join(map(str, tiles_of_mask(masks[seat] & ends)))
            raise PositionError(
                f"the hand is not blocked: seat {seat} holds {fits}, which fits (rule 8)"
            )
        return self._blocked(self._table, masks, tuple([Hand(m) for m in masks]))

    def settle(self, winner: int | None) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """Settle a blocked hand (rule 8) with the result the table worked out.

        Args:
            winner: The side that won the block (a seat's side: see :meth:`side_of`), or
                ``None`` when nobody did (a tie).

        Returns:
            ``(next_state, events)``: the round over (blocked), the block's event if a side
            won it, worth the rules' blocked-hand points.

        Raises:
            PositionError: when ``winner`` is not a side or ``None``, or the hand cannot be
                blocked (before the lead, or with tiles still to draw).
            IllegalMoveError: with ``ROUND_OVER`` when the round is already over.
        """
        if winner is not None and (type(winner) is not int or not 0 <= winner < self.sides):
            raise PositionError(
                f"winner must be a side 0..{self.sides - 1} or None, got {_brief(winner)}"
            )
        self._check_can_block()
        side = -1 if winner is None else winner

        def judge(masks: tuple[int, ...]) -> int:
            return side

        table = self._table._replace(judge_rule=CUSTOM_JUDGE, judge=judge, best_hand=False)
        masks = tuple([FULL_MASK if c else 0 for c in self.counts])
        return self._blocked(table, masks, None)

    def _check_can_block(self) -> None:
        if self.outcome is not None:
            raise self._error("reveal", self.to_move, Reason.ROUND_OVER, "the round is over")
        if self.line.lead is None:
            raise PositionError("no hand is blocked before the lead (rule 8)")
        if self.drawable:
            raise PositionError(
                f"{self.drawable} tiles can still be drawn: the hand is not blocked (rule 8)"
            )

    def _blocked(
        self, table: Table, masks: tuple[int, ...], hands: tuple[Hand, ...] | None
    ) -> tuple[PublicRound, tuple[ScoreEvent, ...]]:
        """The kernel's judgement of the block (rule 8) and the state after it."""
        line = self.line
        flags = (K.LEFT_DOUBLE if line.left_double else 0) | (
            K.RIGHT_DOUBLE if line.right_double else 0
        )
        pos: K.Position = (masks, line.left, line.right, flags, 0)  # type: ignore[assignment]
        last = self.history[-1].seat if self.history else (self.to_move or 0)
        _, to_move, scores, _, winner, kernel_events = K.block(table, pos, last, self.scores, ())
        events = tuple([_event(e) for e in kernel_events])
        index = len(self.lead_draws) + len(self.history)
        after = attrs.evolve(
            self,
            scored=(*self.scored, *[(index, e) for e in events]),
            scores=scores,
            to_move=to_move,
            outcome=self._outcome(K.BLOCKED, winner),
            hands=hands,
            pending=None,
        )
        return after, events

    def _check_hands(self, hands: object) -> tuple[int, ...]:
        """The revealed hands as masks, checked against everything known (see
        :meth:`reveal`).
        """
        self._check_can_block()
        if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
            raise PositionError(f"hands are one per seat, in seat order; got {_brief(hands)}")
        if len(hands) != self.seats:
            raise PositionError(f"hands: {len(hands)} hands for {self.seats} seats")
        masks: list[int] = []
        taken = self._seen_mask() & ~self._known_mask()
        for seat, h in enumerate(hands):
            if isinstance(h, str):
                hand = Hand.parse(h)
            elif isinstance(h, Hand):
                hand = h
            else:
                try:
                    hand = Hand.of(h)
                except (TypeError, ValueError) as e:
                    raise PositionError(f"hands[{seat}] is not a hand: {e}") from None
            mask = tile_mask(hand.tiles)
            if len(hand) != self.counts[seat]:
                raise PositionError(
                    f"seat {seat} holds {self.counts[seat]} tiles, but its hand shows "
                    f"{len(hand)}: {hand}"
                )
            missing = tile_mask(self.known[seat]) & ~mask
            if missing:
                raise PositionError(
                    f"seat {seat} drew {', '.join(map(str, tiles_of_mask(missing)))} (shown), "
                    f"not in the hand revealed: {hand}"
                )
            clash = mask & taken
            if clash:
                raise PositionError(
                    f"seat {seat}'s hand holds {', '.join(map(str, tiles_of_mask(clash)))}, "
                    "already on the line or in another hand"
                )
            taken |= mask
            unshown = mask & ~tile_mask(self.known[seat])
            barred = unshown & _numbers_mask(self.voids[seat])
            allowed = 1 if self.pending == seat else 0
            if barred.bit_count() > allowed:
                numbers = ", ".join(map(str, sorted(self.voids[seat])))
                raise PositionError(
                    f"seat {seat} drew or passed while the ends showed {numbers} and kept no "
                    f"unseen tile since, but its hand holds "
                    f"{', '.join(map(str, tiles_of_mask(barred)))} (rule 4)"
                )
            masks.append(mask)
        return tuple(masks)

    def _known_mask(self) -> int:
        mask = 0
        for k in self.known:
            mask |= tile_mask(k)
        return mask

    # ------------------------------------------------------------------ text

    def __str__(self) -> str:
        """The line, the ends, each seat's count and the scores, on a few lines."""
        line = self.line
        if line.lead is None:
            ends = "no lead yet"
        else:
            left = f"{line.left}{'d' if line.left_double else ''}"
            right = f"{line.right}{'d' if line.right_double else ''}"
            ends = f"ends {left} | {right}"
        counts = " ".join(f"{c}" for c in self.counts)
        scores = " ".join(map(str, self.scores))
        turn = "" if self.to_move is None or self.outcome else f", seat {self.to_move} to move"
        over = "" if self.outcome is None else f", {self.outcome.kind.value}"
        return (
            f"{line if line.lead is not None else '(empty)'}\n{ends}{turn}{over}\n"
            f"tiles held {counts}, boneyard {self.boneyard_size}\nscores {scores}"
        )

    def __repr__(self) -> str:
        """A short summary."""
        return (
            f"PublicRound(seats={self.seats}, line={str(self.line)!r}, counts={self.counts}, "
            f"scores={self.scores}, to_move={self.to_move})"
        )
