"""The state of one round (one deal played out): legal moves, the legality check, and apply.

A :class:`RoundState` is an immutable value over the kernel's compact position
(:mod:`bergen.kernel.play`): the seats' hand masks, the open ends and whether each is a double,
and how many tiles have been drawn, beside the seat to move, the scores and the outcome. The
round's constants (rules, target, dealer, the deal, the boneyard in draw order, the line the
round started from) are one immutable :class:`RoundContext` shared by every state of the round,
and the history is the tuple of the actions made. The public ``hands``, ``boneyard``,
``line`` and ``history`` are built from these when read. :meth:`RoundState.apply` returns a
new state and the score events the move caused (docs/rules.md, rules 2-10), and never changes
the state it was called on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Final

from attrs.exceptions import FrozenInstanceError

from bergen._context import RoundContext, _trusted_context
from bergen._history import _DRAWN, _PUBLIC_ACTIONS, Log, Trail, _flat, _log_of, first_position
from bergen._round_checks import (
    _action,
    _checked_fields,
    _tile_indexes,
    illegal_move,
    not_your_turn,
    set_up,
)
from bergen._round_text import picture, position_from_text, position_text, table_text_of
from bergen._setup import _check_start, _seat_arg
from bergen.deal import Deal, deal_masks
from bergen.errors import (
    _MYPYC,
    ArgumentError,
    IllegalMoveError,
    PositionError,
    _Bool,
    _brief,
    _given,
    _Int,
    _Ints,
    _OptInt,
    _Str,
)
from bergen.events import EventKind, Outcome, OutcomeKind, ScoreEvent
from bergen.hands import Boneyard, Hand
from bergen.kernel import actions as A
from bergen.kernel import play as K
from bergen.kernel.deal import draws_for_lead, leader, required_lead
from bergen.kernel.table import Table, drawable, match_winner, side_of
from bergen.line import LineOfPlay
from bergen.moves import MOVES, Action, Move
from bergen.playerview import PlayerView
from bergen.rules import CLASSIC, Rules
from bergen.tiles import TILES, Tile

__all__ = ["Action", "RoundContext", "RoundState"]

_EVENT_KINDS = (
    EventKind.DOUBLE_HEADER,
    EventKind.TRIPLE_HEADER,
    EventKind.GOING_OUT,
    EventKind.BLOCKED_HAND,
)
_OUTCOME_KINDS = (OutcomeKind.WENT_OUT, OutcomeKind.BLOCKED, OutcomeKind.TARGET_REACHED)
if TYPE_CHECKING:  # the annotations of arguments checked at run time (see errors._Int)
    if not _MYPYC:
        _OptOutcome = Outcome | None
        _Position = K.Position
        _Trail = Trail
    else:  # the compiled build's mypy (bergen.errors._MYPYC says why)
        _OptOutcome = object
        _Position = object
        _Trail = object


class RoundState:
    """The state of one round.

    Build one with :meth:`start` (from a deal), :meth:`from_position` (a position set up
    mid-round) or :meth:`from_text`, which check everything they are given and that it makes
    a position. The constructor (and so :meth:`replace`) takes the compact fields below and
    checks each one's type and range, not that together they make a position: a state built
    by hand is only as consistent as the values given. The states the engine makes itself
    (:meth:`apply` on every move, a round dealt by a match) are built from values the kernel
    has just worked out and are not checked again.

    A plain immutable value (``__slots__``, not an attrs class; a native class in the
    compiled build, with the same behaviour): assigning an attribute raises
    ``attrs.exceptions.FrozenInstanceError``; ``==`` and ``hash`` compare the fields below;
    it pickles and copies as those fields; :meth:`replace` takes the place of
    ``attrs.evolve``. A state made by :meth:`apply` shares its history with the state it was
    made from (a link to the parent's, not a copy), so each move costs the same time and
    memory however long the round, and it works out its legal moves once, when first asked.

    Attributes:
        to_move: The seat to move (the seat that moved last once the round is over).
        scores: Match points per side, this round's events included.
        outcome: How the round ended, ``None`` while it goes on.
        context: The round's shared constants (a :class:`RoundContext`).
        position: The kernel's position (:data:`bergen.kernel.play.Position`): hand masks,
            open ends (-1 before the lead), the ends' double flags, tiles drawn.
        trail: The actions made since the round's first position, oldest first
            (:data:`Trail`).
    """

    __slots__ = ("_context", "_legal", "_log", "_position", "outcome", "scores", "to_move")

    to_move: int
    scores: tuple[int, ...]
    outcome: Outcome | None
    _context: RoundContext
    _position: K.Position
    _log: Log
    _legal: tuple[int, ...] | None

    def __init__(
        self,
        *,
        to_move: _Int,
        scores: _Ints,
        outcome: _OptOutcome = None,
        context: RoundContext,
        position: _Position,
        trail: _Trail = (),
        _log: Log | None = None,
    ) -> None:
        """A state of the compact fields given, each checked for its type and range (see the
        class's docstring; a list is copied to a tuple).

        ``_log`` is the engine's own: a state made by :meth:`apply` or a trusted start gives
        its linked history there, and its values are not checked again (``trail`` is then
        not read).

        Raises:
            PositionError: naming the field that is not what it should be.
        """
        if _log is None:
            checked = _checked_fields(to_move, scores, outcome, context, position, trail)
            to_move, scores, outcome, context, position, flat = checked
            _log = _log_of(flat)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "_context", context)
        object.__setattr__(self, "_position", position)
        object.__setattr__(self, "_log", _log)
        object.__setattr__(self, "_legal", None)

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse: a state is immutable."""
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        """Refuse: a state is immutable."""
        raise FrozenInstanceError()

    def _fields(self) -> tuple[object, ...]:
        """The fields that make the value, in the constructor's order (the history as its
        linked form, which compares and hashes as the flat one does).
        """
        return (
            self.to_move,
            self.scores,
            self.outcome,
            self._context,
            self._position,
            self._log,
        )

    def __eq__(self, other: object) -> bool:
        """Equal when ``other`` is a RoundState with equal fields."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, RoundState)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        """The hash of the fields (equal states hash alike)."""
        return hash((RoundState, *self._fields()))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle (and copy) as the constructor's fields."""
        return (
            _round_state,
            (
                self.to_move,
                self.scores,
                self.outcome,
                self._context,
                self._position,
                self._trail,
            ),
        )

    def replace(self, **changes: object) -> RoundState:
        """A copy of this state with the fields named changed: what ``attrs.evolve`` did for
        the attrs class this was, with the constructor's checks of each field.

        Args:
            changes: Any of ``to_move``, ``scores``, ``outcome``, ``context``, ``position`` and
                ``trail``.

        Raises:
            ArgumentError: for a name that is not a field.
            PositionError: for a value the constructor refuses (the field named).
        """
        fields: dict[str, object] = {
            "to_move": self.to_move,
            "scores": self.scores,
            "outcome": self.outcome,
            "context": self._context,
            "position": self._position,
            "trail": self._trail,
        }
        for name in changes:
            if name not in fields:
                raise ArgumentError(
                    f"RoundState.replace: {_brief(name)} is not a field; the fields are "
                    f"{', '.join(fields)}"
                )
        fields.update(changes)
        to_move, scores, outcome, context, position, trail = _checked_fields(*fields.values())
        return _made(to_move, scores, outcome, context, position, _log_of(trail))

    @property
    def _trail(self) -> Trail:
        """The actions made since the round's first position, oldest first (:data:`Trail`),
        read from the linked history.
        """
        return _flat(self._log)

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(
        cls,
        deal: Deal,
        rules: Rules = CLASSIC,
        *,
        dealer: _Int = 0,
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
        table, score_t = _check_start(deal, rules, _given(dealer), scores)
        masks = deal_masks(deal)
        state = _dealt(
            deal, masks, _tile_indexes(deal.boneyard), rules, table, _given(dealer), score_t
        )
        if state is None:
            raise PositionError("nobody holds a double: the rules redeal (rule 2)")
        return state

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Hand | Sequence[Tile]],
        boneyard: Sequence[Tile],
        line: LineOfPlay,
        to_move: _Int,
        rules: Rules = CLASSIC,
        *,
        scores: Sequence[int] | None = None,
        dealer: _Int = 0,
    ) -> RoundState:
        """Set up a position mid-round, as chess has FEN.

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
                the position is already blocked (rule 8).
            RulesError: when the rules do not allow this table.
        """
        context, position = set_up(hands, boneyard, line, to_move, rules, scores, dealer)
        return cls(to_move=to_move, scores=context.start_scores, context=context, position=position)

    # ------------------------------------------------------------------ the round's values

    @property
    def rules(self) -> Rules:
        """The ruleset."""
        return self._context.rules

    @property
    def target(self) -> int:
        """The match target, in points (rule 9)."""
        return self._context.target

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        return self._context.dealer

    @property
    def lead_draws(self) -> tuple[Action, ...]:
        """Tiles drawn in turn for a lead double before the lead (rule 2, ``simple``: nobody
        was dealt a double), as :class:`Action` values.
        """
        return self._context.lead_draws

    @property
    def deal(self) -> Deal | None:
        """The deal the round started from (``None`` for a set-up position)."""
        return self._context.deal

    @property
    def hands(self) -> tuple[Hand, ...]:
        """One :class:`Hand` per seat."""
        return tuple([Hand(m) for m in self._position[0]])

    @property
    def boneyard(self) -> Boneyard:
        """The undealt tiles in draw order, with the reserve (rule 4)."""
        context = self._context
        left = context.boneyard[self._position[4] :]
        return Boneyard(tuple([TILES[t] for t in left]), context.reserve)

    @property
    def line(self) -> LineOfPlay:
        """The line of play: the round's first line with every lead and play since laid."""
        return self._context.start_line._laid([action for _, action in self._trail])

    @property
    def history(self) -> tuple[Action, ...]:
        """Every move made since the round's first position (lead draws excluded), oldest
        first; a draw names the tile drawn.
        """
        boneyard = self._context.boneyard
        drawn = 0
        out: list[Action] = []
        for seat, action in self._trail:
            if action == A.DRAW:
                out.append(_DRAWN[seat][boneyard[drawn]])
                drawn += 1
            else:
                out.append(_PUBLIC_ACTIONS[seat][action])
        return tuple(out)

    def to_text(self) -> str:
        """This position in the full form of the position notation (docs/records.md, "The
        position notation"): rules, hands, line, boneyard in draw order, scores, dealer and the
        seat to move (with the outcome once the round is over), for example
        ``simple/1 5-4,4-3/4-1,6-4/5-1,6-6 *1-1 6-2,1-0 2,6,3 0 1``.

        The history is not written: the text is the position, as FEN is. Guarantee,
        property-tested: for a round in play, ``RoundState.from_text(s.to_text())`` has the
        same hands, boneyard, line, scores, dealer, seat to move and legal moves as ``s``, and
        writes the same text.

        Returns:
            One line of text.

        Raises:
            NotationError: when the rules are neither a preset nor a preset with boolean
                switches flipped (``+partnerships``, ``-drawing``, ``-lead_scores``).
        """
        return position_text(self)

    @classmethod
    def from_text(cls, text: _Str, *, seed: _Int = 0) -> RoundState:
        """Set up a position from the full form of the position notation (see
        :meth:`to_text`), as :meth:`from_position` does.

        Tiles the text does not give (``?5`` in a hand, ``?`` for the rest of the boneyard)
        are filled in from ``seed``: the tiles not written, in the order of the seed's first
        shuffle, go to the hidden slots seat by seat, then under the boneyard's given tiles
        (:meth:`bergen.position_text.PositionText.filled`). So a puzzle can be written by hand
        with only the tiles that matter.

        Args:
            text: One line of seven fields.
            seed: Any int, for the tiles not given (default 0).

        Returns:
            The position (no history; :attr:`deal` is ``None``).

        Raises:
            ArgumentError: when ``seed`` is not an int.
            PositionTextError: (a :class:`~bergen.errors.NotationError`) naming the field and
                the character position: text that breaks the grammar, a tile given twice, a
                view's text, an outcome (a finished round cannot be set up), hands, line and
                boneyard that do not make the 28 tiles, the wrong number of scores, or a
                position the rules reject (:meth:`from_position`'s checks; then the field is
                ``"text"``).
        """
        return position_from_text(cls.from_position, text, seed)

    @property
    def start_state(self) -> RoundState:
        """The state at this round's first position: after the deal (and any lead draws), or
        the set-up position; equal to the state :meth:`start` or :meth:`from_position` built.

        Worked out by taking back the trail: each play or lead returns its tile to the hand
        that laid it, each draw returns the drawn tile to the boneyard. Its scores are
        ``context.start_scores`` (the scores when the round began).
        """
        if not self._trail:
            return self if self.outcome is None else self.replace(outcome=None)
        context = self._context
        position = first_position(context, self._position, self._trail)
        scores = context.start_scores or self.scores
        return RoundState(
            to_move=self._trail[0][0], scores=scores, context=context, position=position
        )

    def to_svg(
        self,
        *,
        size: _Int = 30,
        highlight_last: _Bool = True,
        highlight_legal: _Bool = True,
        orientation: _Str = "horizontal",
    ) -> str:
        """A picture of the table as SVG text (see :mod:`bergen.svg`): the line of play as
        laid (doubles across), each seat's tiles, the boneyard's size, the scores and who is
        to move.

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
        return picture(self, size, highlight_last, highlight_legal, orientation)

    def _repr_svg_(self) -> str:
        """The table as SVG, for Jupyter (:meth:`to_svg` with its defaults)."""
        return self.to_svg()

    def __str__(self) -> str:
        """A few readable lines: the line of play as tiles with its open ends (a double
        ``[6:6]``, an end that is a double ``6d``), each seat's tiles, the boneyard, the scores
        and who is to move (see :func:`bergen.display.table_text`). ``repr`` is the Python.
        """
        return table_text_of(self)

    def __repr__(self) -> str:
        """Valid Python that rebuilds an equal state: the constructor's compact fields."""
        return (
            f"RoundState(to_move={self.to_move!r}, scores={self.scores!r}, "
            f"outcome={self.outcome!r}, context={self._context!r}, "
            f"position={self._position!r}, trail={self._trail!r})"
        )

    # ------------------------------------------------------------------ derived facts

    @property
    def seats(self) -> int:
        """The number of seats, 2..4."""
        return self._context.seats

    @property
    def sides(self) -> int:
        """The number of sides: 2 with partnerships, else one per seat."""
        return len(self.scores)

    def side_of(self, seat: _Int) -> int:
        """The side a seat plays for: the seat itself, or ``seat % 2`` with partnerships
        (side 0 is seats 0 and 2, side 1 seats 1 and 3; rule 10).

        Raises:
            PositionError: when ``seat`` is not a seat of this round.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise PositionError(f"seat must be a seat 0..{self.seats - 1}, got {_brief(seat)}")
        return side_of(self._context.table, seat)

    @property
    def drawable(self) -> int:
        """How many tiles can still be drawn: 0 with drawing off, else the tiles above the
        reserve (rule 4).
        """
        context = self._context
        return drawable(context.table, len(context.boneyard) - self._position[4])

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (going out, a block, or the target reached)."""
        return self.outcome is not None

    @property
    def match_over(self) -> bool:
        """Whether a side has won the match (rule 9): it reached the target, or, when the
        rules check the target at the end of a round, this round is over and one side alone
        has the highest score at or above it.
        """
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The side that has won the match (see :attr:`match_over`), or ``None``."""
        table = self._context.table
        won = match_winner(
            self.scores, self._context.target, table.round_end, self.outcome is not None
        )
        return won if won >= 0 else None

    @property
    def required_lead(self) -> Tile | None:
        """The double that must lead while the line is empty (rule 2), else ``None``."""
        if self._position[1] >= 0:
            return None
        t = required_lead(self._context.table, self._position[0])
        return TILES[t] if t >= 0 else None

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the seat to move, in a fixed order (rules 2-4).

        Before the lead: only the lead of the required double. Then every tile that fits an
        end, once per end it fits (a tile fitting both ends gives two moves, even when both
        ends show the same number), ordered by tile then left before right; if none fits,
        ``draw`` while tiles above the reserve remain, else ``pass``. Empty once the round is
        over.

        Returns:
            A tuple of moves (shared instances).
        """
        legal = self._legal_actions()
        if len(legal) == 1:  # a draw, a pass, a forced play or lead: one shared tuple
            return _ONE_MOVE[legal[0]]
        return tuple([MOVES[a] for a in legal])

    def _legal_actions(self) -> tuple[int, ...]:
        """The action ids of :meth:`legal_moves`, worked out once per state."""
        legal = self._legal
        if legal is None:
            if self.outcome is not None:
                legal = ()
            else:
                context = self._context
                legal = K.legal_actions(
                    context.table, context.boneyard, self._position, self.to_move
                )
            object.__setattr__(self, "_legal", legal)
        return legal

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal for the seat to move (rules 2-4).

        Agrees with :meth:`legal_moves`, :meth:`check` and :meth:`apply`; never raises (any
        object that is not a :class:`Lead`, :class:`Play`, :class:`Draw` or :class:`Pass` is
        simply not legal, whatever its ``__eq__`` says). ``False`` once the round is over.
        """
        action = _action(move)
        if action < 0 or self.outcome is not None:
            return False
        legal = self._legal
        if legal is not None:
            return action in legal
        context = self._context
        return K.is_legal(context.table, context.boneyard, self._position, self.to_move, action)

    def check(self, move: Move, seat: _OptInt = None) -> None:
        """Raise if ``move`` is illegal; the one source of truth for legality.

        Args:
            move: The move.
            seat: The seat making it, if the caller wants that checked too.

        Raises:
            IllegalMoveError: with a :class:`Reason`, the move and the seat.
            ArgumentError: when ``seat`` is given but is not a seat number (an int, or a value
                with ``__index__``; not a bool) or is no seat of this round (0..seats-1).
        """
        if seat is not None:
            number = _seat_arg(seat, self.seats)
            if self.outcome is None and number != self.to_move:
                raise self._not_your_turn(move, number)
        if not self.is_legal(move):
            raise self._illegal(move)

    def _not_your_turn(self, move: object, seat: int) -> IllegalMoveError:
        """The error for ``move`` made by ``seat`` when another seat is to move."""
        return not_your_turn(self, move, seat)

    def _illegal(self, move: object) -> IllegalMoveError:
        """The error for ``move``, not legal for the seat to move, with its reason."""
        return illegal_move(self, move)

    # ------------------------------------------------------------------ apply

    def apply(self, move: Move, seat: _OptInt = None) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
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
            ArgumentError: when ``seat`` is given but is not a seat number (``"0"``, ``True``)
                or is no seat of this round (``7`` at two seats).
            PositionError: when a user-supplied component breaks its protocol (a blocked-hand
                judge that names no side, a header reduction that returns no points).
        """
        if seat is not None and (seat.__class__ is not int or seat != self.to_move):
            self.check(move, seat)  # raises unless the round is over
        context = self._context
        mover = self.to_move
        action = _ACTION_BY_ID.get(id(move), -1)
        if action < 0 or MOVES[action] is not move:  # not one of the shared move values
            action = _action(move)
        legal = self._legal
        if legal is not None:
            if action not in legal:  # () once the round is over
                raise self._illegal(move)
        elif (
            action < 0
            or self.outcome is not None
            or not K.is_legal(context.table, context.boneyard, self._position, mover, action)
        ):
            raise self._illegal(move)
        position, to_move, scores, outcome, outcome_seat, events = K.step(
            context.table, context.boneyard, self._position, mover, self.scores, action
        )
        after = _made(
            to_move,
            scores,
            None if outcome < 0 else self._outcome(outcome, outcome_seat),
            context,
            position,
            (mover, action, self._log),
        )
        if not events:
            return after, ()
        return after, tuple([_event(e) for e in events])

    def _outcome(self, kind: int, seat: int) -> Outcome:
        """The :class:`Outcome` of the kernel's outcome code ``kind`` and seat."""
        if seat < 0:
            return Outcome(_OUTCOME_KINDS[kind], None, None)
        if kind == K.BLOCKED:  # the kernel names the winning side (rule 8)
            return Outcome(OutcomeKind.BLOCKED, seat, seat)
        return Outcome(_OUTCOME_KINDS[kind], seat, side_of(self._context.table, seat))

    # ------------------------------------------------------------------ conveniences

    def play_out(self, moves: Sequence[Move]) -> tuple[RoundState, tuple[ScoreEvent, ...]]:
        """Apply several moves in order; return the final state and all events.

        Raises:
            IllegalMoveError: at the first illegal move (this state is unchanged).
            PositionError: when ``moves`` is not a sequence.
        """
        if isinstance(moves, str | bytes) or not isinstance(moves, Sequence):
            raise PositionError(f"play_out takes a sequence of moves, got {_brief(moves)}")
        state = self
        events: list[ScoreEvent] = []
        for m in moves:
            state, ev = state.apply(m)
            events.extend(ev)
        return state, tuple(events)

    def view(self, seat: _Int) -> PlayerView:
        """What ``seat`` may know of this round: see :class:`bergen.view.PlayerView`.

        Its own tiles, the line, every seat's tile count, the boneyard's size, the scores and
        the public history (draws as counts); never another seat's tiles or the boneyard
        order.

        Raises:
            PositionError: when ``seat`` is not a seat of this round.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise PositionError(f"seat must be a seat 0..{self.seats - 1}, got {_brief(seat)}")
        context = self._context
        trail = self._trail
        own: list[Tile] = [a.drawn for a in context.lead_draws if a.seat == seat and a.drawn]
        if self._position[4]:  # tiles drawn since the round's first position
            boneyard = context.boneyard
            drawn = 0
            for s, action in trail:
                if action == A.DRAW:
                    if s == seat:
                        own.append(TILES[boneyard[drawn]])
                    drawn += 1
        masks = self._position[0]
        return PlayerView(
            seat=seat,
            rules=self.rules,
            hand=Hand(masks[seat]),
            line=self.line,
            tile_counts=tuple([m.bit_count() for m in masks]),
            boneyard_size=len(context.boneyard) - self._position[4],
            drawable=self.drawable,
            scores=self.scores,
            target=self.target,
            to_move=self.to_move,
            dealer=self.dealer,
            outcome=self.outcome,
            history=tuple([_PUBLIC_ACTIONS[s][action] for s, action in trail]),
            lead_draws=tuple([a.seat for a in context.lead_draws]),
            own_draws=tuple(own),
            from_deal=context.deal is not None,
        )

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


def _dealt(
    deal: Deal,
    masks: tuple[int, ...],
    boneyard: tuple[int, ...],
    rules: Rules,
    table: Table,
    dealer: int,
    scores: tuple[int, ...],
) -> RoundState | None:
    """The round's first position after ``deal`` (rules 1-2), trusting every argument: a deal
    of the table's hand size, ``masks`` and ``boneyard`` its hands as tile masks and its
    boneyard as tile indexes, ``table`` the kernel's table of ``rules`` at the deal's seats,
    ``dealer`` a seat and ``scores`` one int per side. ``None`` when nobody holds a double and
    the rules redeal. :meth:`RoundState.start` checks its arguments and then calls this; a
    seeded :class:`~bergen.match.MatchState` calls it directly with its own checked values.
    """
    masks, boneyard, draws = draws_for_lead(masks, boneyard, dealer)
    if draws and table.redeal:
        return None
    tile = required_lead(table, masks)
    context = _trusted_context(
        rules,
        table,
        dealer,
        tuple([_DRAWN[seat][t] for seat, t in draws]) if draws else (),
        deal,
        boneyard,
        scores,
    )
    return _made(leader(masks, tile), scores, None, context, K.start_position(masks), ())


def _made(
    to_move: int,
    scores: tuple[int, ...],
    outcome: Outcome | None,
    context: RoundContext,
    position: K.Position,
    log: Log,
) -> RoundState:
    """A new state of these fields, the history already linked (the engine's own values,
    not checked again): the compiled build's constructor, or, interpreted, the slots filled
    directly (a third of the constructor's time, on every move).
    """
    if _NATIVE:
        return RoundState(
            to_move=to_move,
            scores=scores,
            outcome=outcome,
            context=context,
            position=position,
            _log=log,
        )
    state: RoundState = _new_state(RoundState)
    _SET_TO_MOVE(state, to_move)
    _SET_SCORES(state, scores)
    _SET_OUTCOME(state, outcome)
    _SET_CONTEXT(state, context)
    _SET_POSITION(state, position)
    _SET_LOG(state, log)
    _SET_LEGAL(state, None)
    return state


_NATIVE: Final = not isinstance(vars(RoundState)["to_move"], MemberDescriptorType)
"""Whether RoundState is a native class (the compiled build), not a ``__slots__`` class."""
_SLOT_SETTERS = tuple(
    [
        vars(RoundState)[name].__set__
        for name in ("to_move", "scores", "outcome", "_context", "_position", "_log", "_legal")
    ]
)
"""The setters of RoundState's fields, which fill a new state interpreted (its own
``__setattr__`` refusing every assignment)."""
(_SET_TO_MOVE, _SET_SCORES, _SET_OUTCOME, _SET_CONTEXT, _SET_POSITION, _SET_LOG, _SET_LEGAL) = (
    _SLOT_SETTERS
)
_new_state = object.__new__


def _round_state(
    to_move: int,
    scores: tuple[int, ...],
    outcome: Outcome | None,
    context: RoundContext,
    position: K.Position,
    trail: Trail,
) -> RoundState:
    """A :class:`RoundState` from its fields in order (unpickling)."""
    return RoundState(
        to_move=to_move,
        scores=scores,
        outcome=outcome,
        context=context,
        position=position,
        trail=trail,
    )


_ONE_MOVE: tuple[tuple[Move, ...], ...] = tuple([(move,) for move in MOVES])
"""``_ONE_MOVE[a]``: the legal moves of a state whose one legal action is ``a``."""

_ACTION_BY_ID: dict[int, int] = {id(move): a for a, move in enumerate(MOVES)}
"""The action id of each shared move value (:data:`bergen.moves.MOVES`) by the value's
``id``: the legal moves are these values, so a move is turned into its action id by one
look-up (checked with ``MOVES[a] is move``)."""


def _event(event: K.Event) -> ScoreEvent:
    """The :class:`ScoreEvent` of a kernel score event."""
    kind, seat, side, points, base, t = event
    return ScoreEvent(_EVENT_KINDS[kind], seat, side, points, base, TILES[t] if t >= 0 else None)
