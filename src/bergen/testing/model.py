"""A small reference model of one round, written from docs/rules.md and nothing else.

The model keeps plain Python sets and lists (where every tile is, the line as oriented tiles,
each side's points) and works out the legal moves and the score events of a move directly from
docs/rules.md (rules 2-10), without calling the engine's rules code. The checkers of
:mod:`bergen.testing.checks` run the engine and this model side by side and compare them after
every step.

Built-in rule components (the lead rules, the header reductions and the four blocked-hand
judges) are re-implemented here from their rule texts; a user's own component (any other
object) is the specification of its own rule, so the model calls it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bergen.deal import Deal
from bergen.events import EventKind, OutcomeKind, ScoreEvent
from bergen.moves import DRAW, PASS, Draw, End, Lead, Move, Pass, Play
from bergen.round import RoundState
from bergen.rules import (
    DrawWhen,
    FewestDoublesThenPips,
    FewestPips,
    HighestDouble,
    LeadTile,
    LowestDouble,
    MatchEnd,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    PartnershipBlock,
    Rules,
)
from bergen.tiles import TILES, Tile

__all__ = ["ModelOutcome", "RoundModel", "model_blocked_winner", "model_lead", "model_reduce"]


def model_lead(rules: Rules, doubles: Sequence[Tile]) -> Tile:
    """The double that must lead, given the doubles held at the table (rule 2).

    ``LowestDouble``: the double with the fewest pips; ``HighestDouble``: the most pips
    (docs/rules.md, rule 2). Any other lead rule is asked itself.

    Args:
        rules: The ruleset.
        doubles: The doubles held, non-empty.

    Returns:
        The double that must lead.
    """
    kind = type(rules.lead)
    if kind is LowestDouble:
        return min(doubles, key=lambda d: d.pips)
    if kind is HighestDouble:
        return max(doubles, key=lambda d: d.pips)
    return rules.lead.choose(list(doubles))


def model_reduce(rules: Rules, base: int, score: int, target: int) -> int:
    """The points a header worth ``base`` scores for a side at ``score`` (rule 6).

    With ``NearTargetReduction``, ``need = target - score``: ``need <= 2`` makes a header worth
    1 (at most), ``need == 3`` at most 2 (docs/rules.md, rule 6). ``NoReduction`` keeps ``base``
    (``EN``). Any other reduction is asked itself.

    Args:
        rules: The ruleset.
        base: The header's points before the reduction.
        score: The side's score before the play, in points.
        target: The match target, in points.

    Returns:
        The points awarded.
    """
    kind = type(rules.reduction)
    if kind is NearTargetReduction:
        need = target - score
        if need <= 2:
            return 1 if base > 1 else base
        if need == 3:
            return 2 if base > 2 else base
        return base
    if kind is NoReduction:
        return base
    return rules.reduction.reduce(base, score, target)


def _unique_best(keys: list[tuple[int, ...]]) -> int | None:
    best = min(keys)
    holders = [i for i, k in enumerate(keys) if k == best]
    return holders[0] if len(holders) == 1 else None


def model_blocked_winner(rules: Rules, sides: Sequence[Sequence[Tile]]) -> int | None:
    """The side that wins a blocked hand, or ``None`` when nobody scores (rule 8).

    The four built-in judges, from docs/rules.md, rule 8: fewest doubles
    then fewest pips (``SV``); fewest pips (``EN``); a side holding no double beats any side
    holding one, then fewest pips (``EN`` "doubles decide a blocked hand"); no double first,
    then the pips of non-double tiles only (puzzle-place). A tie for the best count scores
    nothing. Any other judge is asked itself.

    Args:
        rules: The ruleset.
        sides: The tiles each side holds (a partnership's two hands together).

    Returns:
        The winning side index, or ``None``.
    """
    kind = type(rules.blocked)
    doubles = [sum(1 for t in s if t.high == t.low) for s in sides]
    pips = [sum(t.high + t.low for t in s) for s in sides]
    if kind is FewestDoublesThenPips:
        return _unique_best([(d, p) for d, p in zip(doubles, pips, strict=True)])
    if kind is FewestPips:
        return _unique_best([(p,) for p in pips])
    if kind is NoDoubleFirst:
        return _unique_best([(1 if d else 0, p) for d, p in zip(doubles, pips, strict=True)])
    if kind is NoDoubleFirstNonDoublePips:
        plain = [sum(t.high + t.low for t in s if t.high != t.low) for s in sides]
        return _unique_best([(1 if d else 0, p) for d, p in zip(doubles, plain, strict=True)])
    return rules.blocked.winner([tuple(s) for s in sides])


@attrs.define
class ModelOutcome:
    """How the model's round ended.

    Attributes:
        kind: Going out, a block, or the target reached.
        seat: The seat that moved last.
        side: The side that went out, won the block or reached the target (``None`` for a
            block nobody won).
    """

    kind: OutcomeKind
    seat: int
    side: int | None


@attrs.define
class RoundModel:
    """The reference model of one round (mutable; see the module docstring).

    Build one with :meth:`from_deal` or :meth:`from_state`, then call :meth:`apply` for every
    move the engine makes.

    Attributes:
        rules: The ruleset.
        seats: The number of seats.
        hands: The tiles each seat holds.
        boneyard: The boneyard, top first.
        line: The line of play, left to right, as ``(tile, left number, right number)``.
        scores: Points per side.
        to_move: The seat to move (the seat that moved last once the round is over).
        reserve: Boneyard tiles never drawn (rule 4), for this table.
        target: The match target, in points.
        reserve_tiles: The tiles that formed the reserve when play began: they must stay in the
            boneyard for the whole round.
        outcome: How the round ended, ``None`` while it goes on.
        lead_draws: ``(seat, tile)`` for each tile drawn in turn for a lead double.
    """

    rules: Rules
    seats: int
    hands: list[set[Tile]]
    boneyard: list[Tile]
    line: list[tuple[Tile, int, int]]
    scores: list[int]
    to_move: int
    reserve: int
    target: int
    reserve_tiles: tuple[Tile, ...] = ()
    outcome: ModelOutcome | None = None
    lead_draws: list[tuple[int, Tile]] = attrs.Factory(list)

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_deal(
        cls, deal: Deal, rules: Rules, *, dealer: int = 0, scores: Sequence[int] | None = None
    ) -> RoundModel:
        """The model of a round started from ``deal`` (rules 1-2).

        When nobody holds a double and the rules draw in turn, the seat left of the dealer and
        then each seat in turn draws the top boneyard tile until somebody holds a double
        (docs/rules.md, "Details both presets share": this ignores the reserve and the
        drawing switch).

        Raises:
            ValueError: when nobody holds a double and the rules redeal (there is no round).
        """
        seats = len(deal.hands)
        table = rules.for_table(seats)
        sides = 2 if rules.partnerships else seats
        hands = [set(h) for h in deal.hands]
        boneyard = list(deal.boneyard)
        draws: list[tuple[int, Tile]] = []
        if not any(t.is_double for h in hands for t in h):
            if rules.no_double is NoDouble.REDEAL:
                raise ValueError("nobody holds a double: the rules redeal")
            seat = (dealer + 1) % seats
            while True:
                tile = boneyard.pop(0)
                hands[seat].add(tile)
                draws.append((seat, tile))
                if tile.is_double:
                    break
                seat = (seat + 1) % seats
        held = [t for h in hands for t in h if t.is_double]
        lead = model_lead(rules, held)
        leader = next(i for i, h in enumerate(hands) if lead in h)
        model = cls(
            rules=rules,
            seats=seats,
            hands=hands,
            boneyard=boneyard,
            line=[],
            scores=list(scores) if scores is not None else [0] * sides,
            to_move=leader,
            reserve=table.reserve,
            target=table.target,
            lead_draws=draws,
        )
        model.reserve_tiles = model._current_reserve()
        return model

    @classmethod
    def from_state(cls, state: RoundState) -> RoundModel:
        """The model of a position, read from the state's public facts (hands, boneyard, the
        line's placed tiles, scores, seat to move, outcome).
        """
        table = state.rules.for_table(len(state.hands))
        outcome = None
        if state.outcome is not None:
            outcome = ModelOutcome(state.outcome.kind, state.to_move, state.outcome.side)
        model = cls(
            rules=state.rules,
            seats=len(state.hands),
            hands=[set(h.tiles) for h in state.hands],
            boneyard=list(state.boneyard.tiles),
            line=[(p.tile, p.left, p.right) for p in state.line.tiles],
            scores=list(state.scores),
            to_move=state.to_move,
            reserve=table.reserve,
            target=table.target,
            outcome=outcome,
        )
        model.reserve_tiles = model._current_reserve()
        return model

    def _current_reserve(self) -> tuple[Tile, ...]:
        if self.reserve == 0:
            return ()
        return tuple(self.boneyard[-self.reserve :])

    # ------------------------------------------------------------------ facts

    def side_of(self, seat: int) -> int:
        """The side of ``seat``: partners sit opposite (rule 10), seats 0+2 and 1+3."""
        return seat % 2 if self.rules.partnerships else seat

    @property
    def sides(self) -> int:
        """The number of sides."""
        return len(self.scores)

    def ends(self) -> tuple[int, int, bool, bool] | None:
        """``(left number, right number, left is a double, right is a double)``, or ``None``
        before the lead (docs/rules.md, "Equipment and terms").
        """
        if not self.line:
            return None
        first, last = self.line[0], self.line[-1]
        return (first[1], last[2], first[0].is_double, last[0].is_double)

    def drawable(self) -> int:
        """Tiles that can still be drawn: none with drawing off, else the tiles above the
        reserve (rule 4).
        """
        if not self.rules.drawing:
            return 0
        return max(0, len(self.boneyard) - self.reserve)

    def fitting_plays(self, seat: int) -> set[Move]:
        """Every play of ``seat``: each tile once per open end it matches (rule 3)."""
        ends = self.ends()
        if ends is None:
            return set()
        left, right = ends[0], ends[1]
        out: set[Move] = set()
        for t in self.hands[seat]:
            if left in (t.high, t.low):
                out.add(Play(t, End.LEFT))
            if right in (t.high, t.low):
                out.add(Play(t, End.RIGHT))
        return out

    def required_lead(self) -> Tile:
        """The double that must lead (rule 2)."""
        return model_lead(self.rules, [t for h in self.hands for t in h if t.is_double])

    def legal_moves(self) -> set[Move]:
        """The legal moves of the seat to move (rules 2-4); empty once the round is over."""
        if self.outcome is not None:
            return set()
        if not self.line:
            lead = self.required_lead()
            hand = self.hands[self.to_move]
            if lead not in hand:
                return set()
            if self.rules.lead_tile is LeadTile.ANY:  # any tile of the leader's hand (rule 2)
                return {Lead(t) for t in hand}
            return {Lead(lead)}
        plays = self.fitting_plays(self.to_move)
        if plays:
            # With draws at any time, a seat holding a tile that fits may draw all the same.
            if self.rules.draw_when is DrawWhen.ANY_TIME and self.drawable() > 0:
                return {*plays, DRAW}
            return plays
        return {DRAW} if self.drawable() > 0 else {PASS}

    def blocked(self) -> bool:
        """Whether nobody can play and nobody can draw (rule 8)."""
        if not self.line or self.drawable() > 0:
            return False
        return not any(self.fitting_plays(s) for s in range(self.seats))

    def where(self) -> dict[Tile, str]:
        """Where every tile is: ``"hand i"``, ``"boneyard"`` or ``"line"``."""
        out: dict[Tile, str] = {}
        for i, h in enumerate(self.hands):
            for t in h:
                out[t] = f"hand {i}"
        for t in self.boneyard:
            out[t] = "boneyard"
        for t, _, _ in self.line:
            out[t] = "line"
        return out

    # ------------------------------------------------------------------ moves

    def apply(self, move: Move) -> list[ScoreEvent]:
        """Make ``move`` (which the caller has checked is in :meth:`legal_moves`) and return
        the score events it should cause, in award order (rules 4-9).

        Raises:
            ValueError: when the move is not one of :meth:`legal_moves`.
        """
        if move not in self.legal_moves():
            raise ValueError(f"the model does not allow {move}")
        seat = self.to_move
        if isinstance(move, Draw):
            tile = self.boneyard.pop(0)
            self.hands[seat].add(tile)
            return self._after(seat, [], seat)
        if isinstance(move, Pass):
            return self._after(seat, [], (seat + 1) % self.seats)
        tile = move.tile
        self.hands[seat].remove(tile)
        if isinstance(move, Lead):
            self.line.append((tile, tile.high, tile.low))
            # A double led scores when the lead scores; any other tile shows two numbers.
            header = EventKind.DOUBLE_HEADER if self.rules.lead_scores and tile.is_double else None
        else:
            if move.end is End.LEFT:
                n = self.line[0][1]
                outer = tile.low if tile.high == n else tile.high
                self.line.insert(0, (tile, outer, n))
            else:
                n = self.line[-1][2]
                outer = tile.low if tile.high == n else tile.high
                self.line.append((tile, n, outer))
            left, right = self.line[0], self.line[-1]
            header = None
            if left[1] == right[2]:
                header = (
                    EventKind.TRIPLE_HEADER
                    if left[0].is_double or right[0].is_double
                    else EventKind.DOUBLE_HEADER
                )
        side = self.side_of(seat)
        events: list[ScoreEvent] = []
        if header is not None:
            points = self.rules.points
            base = (
                points.triple_header if header is EventKind.TRIPLE_HEADER else points.double_header
            )
            pts = model_reduce(self.rules, base, self.scores[side], self.target)
            self.scores[side] += pts
            events.append(ScoreEvent(header, seat, side, pts, base, tile))
            if self.scores[side] >= self.target and self.rules.match_end is MatchEnd.INSTANT:
                self.outcome = ModelOutcome(OutcomeKind.TARGET_REACHED, seat, side)
                self.to_move = seat
                return events
        if not self.hands[seat]:
            pts = self.rules.points.going_out
            self.scores[side] += pts
            events.append(ScoreEvent(EventKind.GOING_OUT, seat, side, pts, pts, tile))
            self.outcome = ModelOutcome(OutcomeKind.WENT_OUT, seat, side)
            self.to_move = seat
            return events
        return self._after(seat, events, (seat + 1) % self.seats)

    def _after(self, seat: int, events: list[ScoreEvent], next_seat: int) -> list[ScoreEvent]:
        if not self.blocked():
            self.to_move = next_seat
            return events
        self.to_move = seat
        hands = [sorted(h, key=lambda t: t.index) for h in self.hands]
        side_tiles: list[list[Tile]] = [[] for _ in range(self.sides)]
        if self.rules.partnerships and self.rules.partnership_block is PartnershipBlock.BEST_HAND:
            # Each side's better hand (rule 8), then the better of the two: partners level
            # on the best hand are one side, so either hand will do.
            for side in (0, 1):
                pair = [hands[side], hands[side + 2]]
                side_tiles[side] = pair[model_blocked_winner(self.rules, pair) or 0]
        else:
            for s, h in enumerate(hands):
                side_tiles[self.side_of(s)].extend(h)
        winner = model_blocked_winner(self.rules, side_tiles)
        if winner is not None and (type(winner) is not int or not 0 <= winner < self.sides):
            raise ValueError(f"the blocked-hand judge returned {winner!r}, not a side")
        if winner is None:
            self.outcome = ModelOutcome(OutcomeKind.BLOCKED, seat, None)
            return events
        pts = self.rules.points.blocked_hand
        self.scores[winner] += pts
        events.append(ScoreEvent(EventKind.BLOCKED_HAND, winner, winner, pts, pts, None))
        self.outcome = ModelOutcome(OutcomeKind.BLOCKED, seat, winner)
        return events


ALL_MOVES: tuple[Move, ...] = (
    *(Lead(t) for t in TILES),
    *(Play(t, e) for t in TILES for e in End),
    DRAW,
    PASS,
)
"""Every move there is: a lead of each tile, a play of each tile at each end, draw, pass."""
