"""Invariant checks: the engine against docs/rules.md and a reference model, step by step.

:func:`check_round_state` checks one state on its own. :class:`RoundChecker` and
:class:`MatchChecker` follow a round or a match move by move, run the reference model of
:mod:`bergen.testing.model` beside the engine, and check every invariant of :data:`INVARIANTS`
after every step. A broken invariant raises :class:`InvariantViolation`, naming the invariant,
the move and the state before it (as valid Python).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bergen.errors import BergenError
from bergen.events import EventKind, OutcomeKind, ScoreEvent
from bergen.line import PlacedTile
from bergen.moves import DRAW, PASS, Draw, End, Lead, Move, Pass, Play
from bergen.round import RoundState
from bergen.rules import DrawWhen, LeadTile, MatchEnd, NearTargetReduction, Points, Rules
from bergen.testing.model import model_lead
from bergen.tiles import TILES, Tile

__all__ = [
    "INVARIANTS",
    "InvariantViolation",
    "check_events",
    "check_round_state",
]

INVARIANTS: dict[str, str] = {
    "tiles": "all 28 tiles are in exactly one place: a hand, the boneyard or the line",
    "line": "the line of play is well formed (neighbours match) and its open ends are right",
    "legal-moves": (
        "a seat with a fitting tile can only play; otherwise only draw while drawable tiles "
        "remain; otherwise only pass (rules 2-4); illegal moves are rejected with a reason"
    ),
    "reserve": "the reserve is never drawn; a draw takes the top boneyard tile (rule 4)",
    "turn-order": "after a play or a pass the next seat moves, after a draw the same seat",
    "round-end": (
        "a round ends exactly on going out, a block, or a side reaching the target (rules 7-9)"
    ),
    "events": (
        "event points equal the score changes, are never negative, and come in award order; "
        "scoring stops at the first event that reaches the target (rules 5-9)"
    ),
    "header-cap": (
        "with the reduction near the target and the default points, a header never takes a "
        "side past the target (rules 6 and 9)"
    ),
    "match-end": "the match ends exactly when a side reaches the target (rule 9)",
    "purity": "apply never changes the state it is called on",
    "determinism": "equal states given equal moves give equal results",
    "model": "the engine agrees with the reference model built from docs/rules.md",
    "view": "a seat's view hides the other hands and the boneyard order",
    "engine-error": "the engine raised an unexpected exception during legal play",
}
"""The invariants checked, by name (the names appear in :class:`InvariantViolation`)."""

_HEADERS = (EventKind.DOUBLE_HEADER, EventKind.TRIPLE_HEADER)
_ENDINGS = (EventKind.GOING_OUT, EventKind.BLOCKED_HAND)


class InvariantViolation(BergenError):
    """An invariant of the rules engine does not hold.

    Attributes:
        invariant: The invariant's name, a key of :data:`INVARIANTS`.
        detail: What was wrong, in one line.
        move: The move being made, or ``None`` for a check of a state on its own.
        state: The state before the move (or the state checked).
    """

    def __init__(
        self, invariant: str, detail: str, *, move: Move | None = None, state: object = None
    ) -> None:
        """Store the invariant, the detail, the move and the state; build the message."""
        where = "" if move is None else f"\n  move: {move!r} ({move})"
        shown = "" if state is None else f"\n  state before: {state!r}"
        super().__init__(f"[{invariant}] {detail}{where}{shown}")
        self.invariant = invariant
        self.detail = detail
        self.move = move
        self.state = state


def _fail(invariant: str, detail: str, move: Move | None, state: object) -> InvariantViolation:
    return InvariantViolation(invariant, detail, move=move, state=state)


def _side_of(rules: Rules, seat: int) -> int:
    return seat % 2 if rules.partnerships else seat


def _fits(tile: Tile, number: int) -> bool:
    return tile.high == number or tile.low == number


def _expected_legal(state: RoundState, placed: Sequence[PlacedTile], drawable: int) -> set[Move]:
    """The legal moves worked out from the state's public facts and rules 2-4."""
    if state.outcome is not None:
        return set()
    hand = state.hands[state.to_move].tiles
    if not placed:
        doubles = [t for h in state.hands for t in h if t.is_double]
        if not doubles:
            return set()
        lead = model_lead(state.rules, doubles)
        if lead not in hand:
            return set()
        return {Lead(t) for t in hand} if state.rules.lead_tile is LeadTile.ANY else {Lead(lead)}
    left, right = placed[0].left, placed[-1].right
    plays: set[Move] = set()
    for t in hand:
        if _fits(t, left):
            plays.add(Play(t, End.LEFT))
        if _fits(t, right):
            plays.add(Play(t, End.RIGHT))
    if plays:
        if state.rules.draw_when is DrawWhen.ANY_TIME and drawable > 0:  # rule 4, at any time
            return {*plays, DRAW}
        return plays
    return {DRAW} if drawable > 0 else {PASS}


def _nobody_fits(state: RoundState, placed: Sequence[PlacedTile]) -> bool:
    if not placed:
        return False
    left, right = placed[0].left, placed[-1].right
    return not any(_fits(t, left) or _fits(t, right) for h in state.hands for t in h)


def check_round_state(state: RoundState) -> None:
    """Check the invariants that hold of any one round state.

    All 28 tiles in exactly one place; the line well formed and its ends right; the legal moves
    exactly as rules 2-4 say (worked out here from the hands, the line and the boneyard);
    scores within range; the round over exactly when a seat has gone out, the hand is blocked,
    or a side has reached the target.

    Args:
        state: The state to check.

    Raises:
        InvariantViolation: naming the first invariant that does not hold.
    """
    rules = state.rules
    seats = len(state.hands)
    table = rules.for_table(seats)
    drawable = max(0, len(state.boneyard.tiles) - table.reserve) if rules.drawing else 0

    def fail(invariant: str, detail: str) -> InvariantViolation:
        return _fail(invariant, detail, None, state)

    # Tiles: 28 tiles, each in exactly one place.
    seen: dict[Tile, str] = {}
    places: list[tuple[str, Sequence[Tile]]] = [
        (f"hand {i}", h.tiles) for i, h in enumerate(state.hands)
    ]
    places.append(("boneyard", state.boneyard.tiles))
    placed = state.line.tiles
    places.append(("line", [p.tile for p in placed]))
    for where, tiles in places:
        for t in tiles:
            if t in seen:
                raise fail("tiles", f"tile {t} is in {seen[t]} and in {where}")
            seen[t] = where
    if len(seen) != len(TILES):
        missing = " ".join(str(t) for t in TILES if t not in seen)
        raise fail("tiles", f"tiles missing from every place: {missing}")

    # Line: neighbours match, each placed tile shows its own numbers, ends and doubles right.
    line = state.line
    if not placed:
        if line.lead is not None or line.ends is not None or len(line) != 0:
            raise fail("line", f"an empty line has a lead or ends: {line!r}")
    else:
        for i, p in enumerate(placed):
            if sorted((p.left, p.right)) != sorted((p.tile.high, p.tile.low)):
                raise fail("line", f"placed tile {p!r} does not show the numbers of {p.tile}")
            if i and placed[i - 1].right != p.left:
                raise fail("line", f"{placed[i - 1]} and {p} are neighbours but do not match")
        if line.lead not in [p.tile for p in placed]:
            raise fail("line", f"the lead {line.lead} is not in the line {line}")
        expected_ends = (placed[0].left, placed[-1].right)
        if line.ends != expected_ends:
            raise fail("line", f"ends are {line.ends}; the tiles {line} show {expected_ends}")
        if line.left_double != placed[0].tile.is_double:
            raise fail("line", f"left_double is {line.left_double} with {placed[0].tile} outermost")
        if line.right_double != placed[-1].tile.is_double:
            raise fail(
                "line", f"right_double is {line.right_double} with {placed[-1].tile} outermost"
            )
        if len(line) != len(placed):
            raise fail("line", f"len(line) is {len(line)} but it holds {len(placed)} tiles")

    # Scores and table.
    if len(state.scores) != table.sides:
        raise fail("events", f"{len(state.scores)} scores for {table.sides} sides")
    if any(s < 0 for s in state.scores):
        raise fail("events", f"a negative score: {state.scores}")
    if state.target != table.target:
        raise fail("match-end", f"target {state.target}; the rules give {table.target}")
    if state.boneyard.reserve != table.reserve:
        raise fail("reserve", f"reserve {state.boneyard.reserve}; the rules give {table.reserve}")
    if not 0 <= state.to_move < seats:
        raise fail("turn-order", f"to_move {state.to_move} is not a seat")

    # Legal moves.
    legal = state.legal_moves()
    if len(set(legal)) != len(legal):
        raise fail("legal-moves", f"legal moves repeat: {[str(m) for m in legal]}")
    expected = _expected_legal(state, placed, drawable)
    if set(legal) != expected:
        raise fail(
            "legal-moves",
            f"seat {state.to_move} may make {sorted(map(str, legal))}; "
            f"rules 2-4 allow {sorted(map(str, expected))}",
        )
    if state.drawable != drawable:
        raise fail("reserve", f"drawable is {state.drawable}; rule 4 gives {drawable}")

    # Round end: over exactly on going out, a block, or the target.
    reached = [i for i, s in enumerate(state.scores) if s >= state.target]
    if rules.match_end is MatchEnd.ROUND_END:
        reached = []  # the target is judged once the round is over (rule 9)
    if len(reached) > 1:
        raise fail("match-end", f"more than one side reached the target: {state.scores}")
    empty = [i for i, h in enumerate(state.hands) if len(h) == 0]
    blocked = drawable == 0 and _nobody_fits(state, placed)
    outcome = state.outcome
    if outcome is None:
        if empty:
            raise fail("round-end", f"seat {empty[0]} has no tiles but the round goes on")
        if blocked:
            raise fail("round-end", "nobody can play or draw but the round goes on")
        if reached:
            raise fail("round-end", f"side {reached[0]} reached the target; the round goes on")
        return
    if outcome.kind is OutcomeKind.WENT_OUT:
        if outcome.seat is None or len(state.hands[outcome.seat]) != 0:
            raise fail("round-end", f"{outcome!r} but that seat still holds tiles")
        if outcome.side != _side_of(rules, outcome.seat):
            raise fail("round-end", f"{outcome!r}: the seat is not on that side")
    elif outcome.kind is OutcomeKind.BLOCKED:
        if not blocked:
            raise fail("round-end", f"{outcome!r} but a seat can still play or draw")
        if (outcome.side is None) != (outcome.seat is None) or (
            outcome.seat is not None and _side_of(rules, outcome.seat) != outcome.side
        ):
            raise fail("round-end", f"{outcome!r}: the seat is not on the winning side")
    elif outcome.kind is OutcomeKind.TARGET_REACHED:
        if outcome.side is None or reached != [outcome.side]:
            raise fail("round-end", f"{outcome!r} but the scores are {state.scores}")
    else:  # pragma: no cover - a new outcome kind
        raise fail("round-end", f"unknown outcome {outcome!r}")


def _snapshot(state: RoundState) -> tuple[Any, ...]:
    """The state's value, down to the ints and tiles (to see that apply changed nothing)."""
    line = state.line
    return (
        state.rules,
        tuple(h.mask for h in state.hands),
        state.boneyard.tiles,
        state.boneyard.reserve,
        line,
        line.lead,
        line.ends,
        line.left_double,
        line.right_double,
        len(line),
        state.to_move,
        state.scores,
        state.target,
        state.dealer,
        state.outcome,
        state.lead_draws,
        state.deal,
        state.history,
    )


def _header_cap_applies(rules: Rules) -> bool:
    p = rules.points
    default = Points()
    return (
        type(rules.reduction) is NearTargetReduction
        and p.double_header <= default.double_header
        and p.triple_header <= default.triple_header
    )


def _event_key(e: ScoreEvent, rules: Rules) -> tuple[Any, ...]:
    # A won block may name either partner's seat (docs/rules.md, "Details both presets share").
    seat: object = e.seat
    if e.kind is EventKind.BLOCKED_HAND:
        seat = ("a seat of side", _side_of(rules, e.seat))
    return (e.kind, seat, e.side, e.points, e.base_points, e.tile)


def _base_points(rules: Rules, kind: EventKind) -> int:
    p = rules.points
    return {
        EventKind.DOUBLE_HEADER: p.double_header,
        EventKind.TRIPLE_HEADER: p.triple_header,
        EventKind.GOING_OUT: p.going_out,
        EventKind.BLOCKED_HAND: p.blocked_hand,
    }[kind]


def check_events(
    before: RoundState, move: Move, after: RoundState, events: Sequence[ScoreEvent]
) -> None:
    """Check the score events of one step against the score change (rules 5-9).

    Points are never negative and never above the base points; the base points are the rules'
    value for the kind; a header and going out name the mover; events come header first, then
    going out or a block, one of each at most; the points of each side's events equal the
    change in its score; scoring stops at the first event that reaches the target, and the
    round is then over; with the reduction on and the default points a header never takes a
    side past the target.

    Raises:
        InvariantViolation: naming the first invariant that does not hold.
    """
    rules = before.rules

    def fail(invariant: str, detail: str) -> InvariantViolation:
        return _fail(invariant, detail, move, before)

    seat = before.to_move
    running = list(before.scores)
    target = before.target
    instant = rules.match_end is MatchEnd.INSTANT  # else the target waits for the round end
    stage = 0  # 0: nothing yet, 1: a header, 2: an ending event
    for i, e in enumerate(events):
        if e.points < 0:
            raise fail("events", f"negative points in {e}")
        if e.points > e.base_points or e.base_points != _base_points(rules, e.kind):
            raise fail("events", f"points {e.points} of base {e.base_points} in {e}")
        if not 0 <= e.side < len(running) or _side_of(rules, e.seat) != e.side:
            raise fail("events", f"{e}: seat {e.seat} is not on side {e.side}")
        if e.kind in _HEADERS:
            if stage != 0 or e.seat != seat or isinstance(move, Draw | Pass):
                raise fail("events", f"unexpected header {e} (event {i})")
            stage = 1
        else:
            if stage == 2:
                raise fail("events", f"two ending events: {list(map(str, events))}")
            if e.kind is EventKind.GOING_OUT and e.seat != seat:
                raise fail("events", f"{e} names a seat other than the mover {seat}")
            stage = 2
        if instant and any(s >= target for s in running):
            raise fail("events", f"{e} scored after a side reached the target {target}")
        running[e.side] += e.points
        if (
            e.kind in _HEADERS
            and _header_cap_applies(rules)
            and instant
            and running[e.side] > target
            and e.points > 0
        ):
            raise fail(
                "header-cap",
                f"{e} takes side {e.side} to {running[e.side]}, past the target {target}",
            )
    if tuple(running) != after.scores:
        raise fail(
            "events",
            f"scores went from {before.scores} to {after.scores}; "
            f"the events {[str(e) for e in events]} add up to {tuple(running)}",
        )
    if instant and max(running) >= target and after.outcome is None:
        raise fail("round-end", f"a side reached the target {target}; the round goes on")
