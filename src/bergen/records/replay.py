"""Strict replay of a record, and records made from a played match.

:func:`replay` plays a record's actions through the rules engine and requires every score event
the record states to be reproduced exactly, in order; the first difference, illegal action or
inconsistency raises :class:`bergen.RecordError` naming the round, the action index, the action
text and the reason (docs/records.md, "Replay").
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bergen.deal import Deal, _SeedStream
from bergen.errors import (
    BergenError,
    IllegalMoveError,
    Reason,
    RecordError,
    RecordReason,
    _as_tuple,
    _brief,
    _is_int,
    _is_ints,
    _is_tuple_of,
)
from bergen.events import Outcome, ScoreEvent
from bergen.kernel.table import match_winner
from bergen.match import MatchState
from bergen.moves import Draw, Lead, Move, Pass, Play
from bergen.records.model import (
    Position,
    Record,
    RecordedAction,
    RecordedEvent,
    RoundRecord,
    _argument,
)
from bergen.round import Action, RoundState
from bergen.rules import HighestDouble, LowestDouble, MatchEnd, NoDouble
from bergen.tiles import TILES, Tile

__all__ = ["ReplayResult", "ReplayStep", "RoundReplay", "record_match", "replay"]


@attrs.frozen
class ReplayStep:
    """One replayed action.

    Args:
        index: The action's 0-based index in its round.
        seat: The seat that made it.
        move: The move.
        drawn: For a draw, the tile drawn (the top of the boneyard); else ``None``.
        events: The score events it caused, in award order.
        state: The round state right after it (its line gives the open ends).

    Raises:
        RecordError: (reason ``"argument"``) when ``index`` is not an int >= 0, ``seat`` not
            an int in 0..3, ``move`` not a move, ``drawn`` neither a tile nor ``None``,
            ``events`` not a tuple of :class:`~bergen.events.ScoreEvent`, or ``state`` not a
            :class:`~bergen.round.RoundState`.
    """

    index: int
    seat: int
    move: Move
    drawn: Tile | None
    events: tuple[ScoreEvent, ...] = attrs.field(converter=_as_tuple)
    state: RoundState

    def __attrs_post_init__(self) -> None:
        """Check each field's type (one step is made per replayed action: type tests only)."""
        if not _is_int(self.index):
            raise _argument("ReplayStep", "index", "an int >= 0", self.index)
        if not _is_int(self.seat, 0, 3):
            raise _argument("ReplayStep", "seat", "a seat 0..3", self.seat)
        if not isinstance(self.move, Lead | Play | Draw | Pass):
            raise _argument("ReplayStep", "move", "a move", self.move)
        if self.drawn is not None and not isinstance(self.drawn, Tile):
            raise _argument("ReplayStep", "drawn", "a Tile or None", self.drawn)
        if not _is_tuple_of(self.events, ScoreEvent):
            raise _argument("ReplayStep", "events", "a tuple of ScoreEvent", self.events)
        if not isinstance(self.state, RoundState):
            raise _argument("ReplayStep", "state", "a RoundState", self.state)


@attrs.frozen
class RoundReplay:
    """One replayed round.

    Args:
        index: The round's 0-based index in the record.
        dealer: The dealing seat.
        redeals: The deals thrown in before this round's deal (rule 2).
        start: The state before the first action: after the deal and any draws for a lead
            double (``start.lead_draws``), or the set-up position.
        steps: The replayed actions.
        final: The state after the last action.
        scores_before: Match points per side when the round started, in points.

    Raises:
        RecordError: (reason ``"argument"``) when ``index`` is not an int >= 0, ``dealer``
            not an int in 0..3, ``redeals`` not a tuple of :class:`~bergen.deal.Deal`,
            ``start`` or ``final`` not a :class:`~bergen.round.RoundState`, ``steps`` not a
            tuple of :class:`ReplayStep`, or ``scores_before`` not one int >= 0 per side of
            ``final``. Lists are copied to tuples.
    """

    index: int
    dealer: int
    redeals: tuple[Deal, ...] = attrs.field(converter=_as_tuple)
    start: RoundState
    steps: tuple[ReplayStep, ...] = attrs.field(converter=_as_tuple)
    final: RoundState
    scores_before: tuple[int, ...] = attrs.field(converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check each field's type."""
        if not _is_int(self.index):
            raise _argument("RoundReplay", "index", "an int >= 0", self.index)
        if not _is_int(self.dealer, 0, 3):
            raise _argument("RoundReplay", "dealer", "a seat 0..3", self.dealer)
        if not _is_tuple_of(self.redeals, Deal):
            raise _argument("RoundReplay", "redeals", "a tuple of Deal", self.redeals)
        for name in ("start", "final"):
            if not isinstance(getattr(self, name), RoundState):
                raise _argument("RoundReplay", name, "a RoundState", getattr(self, name))
        if not _is_tuple_of(self.steps, ReplayStep):
            raise _argument("RoundReplay", "steps", "a tuple of ReplayStep", self.steps)
        if not _is_ints(self.scores_before) or len(self.scores_before) != len(self.final.scores):
            raise _argument(
                "RoundReplay", "scores_before", "one int >= 0 per side", self.scores_before
            )

    @property
    def points(self) -> tuple[int, ...]:
        """The points each side scored in this round (rules 5-8), in points."""
        return tuple(a - b for a, b in zip(self.final.scores, self.scores_before, strict=True))

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """Every score event of the round, in award order."""
        return tuple(e for s in self.steps for e in s.events)

    @property
    def from_position(self) -> bool:
        """Whether the round started from a set-up position rather than a deal."""
        return self.start.deal is None


@attrs.frozen
class ReplayResult:
    """The outcome of a successful :func:`replay`.

    Args:
        record: The record replayed.
        rounds: The replayed rounds, oldest first.
        match: The match state after the last action.

    Raises:
        RecordError: (reason ``"argument"``) when ``record`` is not a
            :class:`~bergen.records.Record`, ``rounds`` not a tuple of :class:`RoundReplay`
            (a list is copied), or ``match`` not a :class:`~bergen.match.MatchState`.
    """

    record: Record
    rounds: tuple[RoundReplay, ...] = attrs.field(converter=_as_tuple)
    match: MatchState

    def __attrs_post_init__(self) -> None:
        """Check each field's type."""
        if not isinstance(self.record, Record):
            raise _argument("ReplayResult", "record", "a Record", self.record)
        if not _is_tuple_of(self.rounds, RoundReplay):
            raise _argument("ReplayResult", "rounds", "a tuple of RoundReplay", self.rounds)
        if not isinstance(self.match, MatchState):
            raise _argument("ReplayResult", "match", "a MatchState", self.match)

    @property
    def scores(self) -> tuple[int, ...]:
        """Match points per side after the last action."""
        return self.match.scores

    @property
    def winner(self) -> int | None:
        """The side that reached the target, or ``None`` while the match goes on (rule 9)."""
        return self.match.winner

    @property
    def is_over(self) -> bool:
        """Whether a side reached the target."""
        return self.match.is_over


def seat_label(record: Record, seat: int) -> str:
    """``"Alice (seat 0)"`` for a named seat, ``"seat 0"`` otherwise."""
    name = record.names[seat] if 0 <= seat < len(record.names) else None
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def side_label(record: Record, side: int) -> str:
    """A side's label: the seat's (see :func:`seat_label`), or ``"seats 0+2"`` for a
    partnership (with the partners' names when the record gives them).
    """
    if not record.rules.partnerships:
        return seat_label(record, side)
    names = [record.names[s] for s in (side, side + 2) if s < len(record.names)]
    who = " & ".join(n for n in names if n)
    return f"seats {side}+{side + 2}" + (f" ({who})" if who else "")


def _events_text(events: Sequence[ScoreEvent]) -> str:
    return "[" + "; ".join(str(e) for e in events) + "]" if events else "no events"


def _lead_words(state: RoundState) -> str:
    lead = state.rules.lead
    if type(lead) is LowestDouble:
        return "the lowest double"
    if type(lead) is HighestDouble:
        return "the highest double"
    return "the double the lead rule picks"  # pragma: no cover - records hold built-ins only


def _illegal(record: Record, state: RoundState, move: Move, e: IllegalMoveError) -> str:
    mover = seat_label(record, state.to_move)
    if e.reason is Reason.WRONG_LEAD and state.line.lead is None:
        required = state.required_lead
        holder = next(i for i, h in enumerate(state.hands) if required in h)
        return (
            f"{seat_label(record, holder)} holds {required}, {_lead_words(state)}, which must "
            f"lead (rule 2), not {move} [{e.reason.value}]"
        )
    text = str(e)
    prefix = f"{move}: "
    if text.startswith(prefix):
        text = text[len(prefix) :]
    return f"{mover} to move: {text} [{e.reason.value}]"


def _how(state: RoundState) -> str:
    out = state.outcome
    return "unfinished" if out is None else out.kind.value.replace("_", " ")


def _fail(
    message: str,
    r: int,
    i: int | None = None,
    act: str | None = None,
    *,
    reason: Reason | RecordReason,
) -> RecordError:
    where = f"round {r}" + ("" if i is None else f", action {i} ({act})")
    return RecordError(f"{where}: {message}", reason=reason, round=r, action_index=i, action=act)


def replay(record: Record) -> ReplayResult:
    """Replay a record strictly through the rules engine.

    Each round starts from its deal (after its redeals) or its set-up position; each action must
    be legal for the seat to move; a draw that names its tile must draw that tile; the events
    each action causes must equal, in order, the events the record lists for it; a stated
    round result and final scores must match. Rounds follow the match (rule 9): the deal passes
    left, and nothing may follow the action that reaches the target.

    Args:
        record: The record (from :func:`bergen.records.load` or built directly).

    Returns:
        The :class:`ReplayResult`: every step with its state and events, and the final match.

    Raises:
        RecordError: at the first problem, with ``round``, ``action_index`` and ``action`` set
            where they apply and a one-line message naming them and the reason. Its ``reason``
            is the engine's :class:`~bergen.errors.Reason` for an action the rules do not allow
            (for example ``Reason.WRONG_LEAD``), else a :class:`~bergen.errors.RecordReason`:
            ``"draw"``, ``"events"``, ``"result"``, ``"sequence"``, ``"deal"``, ``"rules"``,
            or ``"argument"`` when ``record`` is not a :class:`Record`.
    """
    if not isinstance(record, Record):
        raise RecordError(
            f"replay takes a Record (see bergen.records.load), got {_brief(record)}",
            reason=RecordReason.ARGUMENT,
        )
    rules = record.rules
    seats = record.seats
    try:
        table = rules.for_table(seats)
    except BergenError as e:
        raise RecordError(f"rules: {e}", reason=RecordReason.RULES) from e
    start = record.start_scores
    if start is not None:
        if len(start) != table.sides:
            raise RecordError(
                f"start_scores: {len(start)} entries; this table has {table.sides} sides",
                reason=RecordReason.RESULT,
            )
        # Rule 9: the match may not be won before its first round; under an end-of-round
        # match sides may stand at or past the target, level on the highest score.
        round_end = rules.match_end is MatchEnd.ROUND_END
        for side, v in enumerate(start):
            if v >= table.target and not round_end:
                raise RecordError(
                    f"start_scores: side {side} has {v} points, already at the target "
                    f"{table.target}: the match is over",
                    reason=RecordReason.RESULT,
                )
        won = match_winner(tuple(start), table.target, round_end, True)
        if won >= 0:
            raise RecordError(
                f"start_scores: side {won} has {start[won]} points, alone the highest at or "
                f"above the target {table.target} after a round: the match is over (rule 9)",
                reason=RecordReason.RESULT,
            )
    first = record.rounds[0] if record.rounds else None
    dealer = first.dealer if first is not None and first.dealer is not None else 0
    if not 0 <= dealer < seats:
        raise _fail(f"dealer: {dealer} is not a seat 0..{seats - 1}", 0, reason=RecordReason.DEAL)
    match = MatchState.new(seats, rules, dealer=dealer)
    if start is not None:
        match = match.replace(scores=start)
    done: list[RoundReplay] = []
    for r, rr in enumerate(record.rounds):
        match = _start_round(record, match, r, rr)
        rnd, match = _replay_round(record, match, r, rr)
        done.append(rnd)
    if record.seed is not None and record.shuffles is not None:
        # The deal stream goes on where the record says it stands: the match deals its next
        # round from the seed, as the original did.
        match = match.replace(seed=record.seed, shuffles=record.shuffles)
        if match.awaiting_deal:
            match = match._deal_from_seed()
    if record.scores is not None and record.scores != match.scores:
        raise RecordError(
            f"scores: the record's final scores {list(record.scores)} differ from the "
            f"replay's {list(match.scores)}",
            reason=RecordReason.RESULT,
        )
    return ReplayResult(record, tuple(done), match)


def _start_round(record: Record, match: MatchState, r: int, rr: RoundRecord) -> MatchState:
    rules = record.rules
    if match.is_over:
        raise _fail(
            f"the match is over: {side_label(record, match.winner or 0)} reached the target "
            f"{match.target} in round {r - 1}; no round follows",
            r,
            reason=RecordReason.SEQUENCE,
        )
    if match.round is not None:
        rnd = match.round
        raise _fail(
            f"round {r - 1} is not finished ({seat_label(record, rnd.to_move)} is to move) "
            f"but round {r} follows",
            r - 1,
            reason=RecordReason.SEQUENCE,
        )
    if r > 0 and rr.dealer is not None and rr.dealer != match.dealer:
        raise _fail(
            f"dealer: the record says {seat_label(record, rr.dealer)} deals, but the deal "
            f"passes left: {seat_label(record, match.dealer)} deals this round",
            r,
            reason=RecordReason.DEAL,
        )
    if rr.position is not None:
        p = rr.position
        scores = p.scores
        if scores is not None and record.start_scores is not None and scores != match.scores:
            raise _fail(
                f"position.scores {list(scores)} differ from start_scores "
                f"{list(record.start_scores)}",
                r,
                reason=RecordReason.RESULT,
            )
        try:
            state = RoundState.from_position(
                p.hands,
                p.boneyard,
                p.line,
                p.to_move,
                rules,
                scores=match.scores if scores is None else scores,
                dealer=match.dealer,
            )
        except BergenError as e:
            raise _fail(f"position: {e}", r, reason=RecordReason.DEAL) from e
        return match.replace(round=state, scores=state.scores)
    for k, d in enumerate(rr.redeals):
        if rules.no_double is not NoDouble.REDEAL:
            raise _fail(
                f"redeals[{k}]: these rules draw in turn when nobody holds a double; they never "
                "redeal",
                r,
                reason=RecordReason.DEAL,
            )
        if d.has_double:
            seat = next(i for i, h in enumerate(d.hands) if any(t.is_double for t in h))
            double = next(t for t in d.hands[seat] if t.is_double)
            raise _fail(
                f"redeals[{k}]: {seat_label(record, seat)} holds {double}; a deal is thrown in "
                "only when nobody holds a double (rule 2)",
                r,
                reason=RecordReason.DEAL,
            )
        if d.seats != match.seats:
            raise _fail(
                f"redeals[{k}]: {d.seats} hands for {match.seats} seats",
                r,
                reason=RecordReason.DEAL,
            )
    if rr.redeals:
        # All of them at once, as start_round records each (a tuple grown one deal at a time
        # made a record of 50,000 redeals quadratic).
        match = match.replace(redeals=(*match.redeals, *rr.redeals))
    deal = rr.deal
    assert deal is not None  # a RoundRecord has a deal or a position
    if not deal.has_double and rules.no_double is NoDouble.REDEAL:
        raise _fail(
            "deal: nobody holds a double, so these rules redeal (rule 2): list this deal under "
            "'redeals' and give the next one",
            r,
            reason=RecordReason.DEAL,
        )
    try:
        return match.start_round(deal)
    except BergenError as e:
        raise _fail(f"deal: {e}", r, reason=RecordReason.DEAL) from e


def _step(
    index: int,
    seat: int,
    move: Move,
    drawn: Tile | None,
    events: tuple[ScoreEvent, ...],
    state: RoundState,
) -> ReplayStep:
    """A :class:`ReplayStep` of the replay's own values (the engine's move, events and state),
    made without the type tests of its constructor: one is made per replayed action.
    """
    step: ReplayStep = object.__new__(ReplayStep)
    _set = object.__setattr__
    _set(step, "index", index)
    _set(step, "seat", seat)
    _set(step, "move", move)
    _set(step, "drawn", drawn)
    _set(step, "events", events)
    _set(step, "state", state)
    return step


def _replay_round(
    record: Record, match: MatchState, r: int, rr: RoundRecord
) -> tuple[RoundReplay, MatchState]:
    start = match.round
    assert start is not None  # _start_round always starts one
    scores_before = match.scores
    dealer = match.dealer
    redeals = match.redeals[len(match.redeals) - len(rr.redeals) :] if rr.redeals else ()
    by_action: dict[int, list[ScoreEvent]] = {}
    last = 0
    for k, ev in enumerate(rr.events):
        if ev.action >= len(rr.actions):
            raise _fail(
                f"events[{k}] belongs to action {ev.action}, but the round has "
                f"{len(rr.actions)} actions",
                r,
                reason=RecordReason.EVENTS,
            )
        if ev.action < last:
            raise _fail(
                f"events[{k}] belongs to action {ev.action} but follows an event of action "
                f"{last}: list events in the order of their actions",
                r,
                reason=RecordReason.EVENTS,
            )
        last = ev.action
        by_action.setdefault(ev.action, []).append(ev.event)
    finished = len(match.rounds)
    steps: list[ReplayStep] = []
    for i, act in enumerate(rr.actions):
        state = match.round
        if state is None or state.outcome is not None:
            text = str(act)
            if match.is_over:
                raise _fail(
                    f"the match is over: {side_label(record, match.winner or 0)} reached the "
                    f"target {match.target}; no action follows",
                    r,
                    i,
                    text,
                    reason=RecordReason.SEQUENCE,
                )
            raise _fail(
                f"the round is over ({_how(match.rounds[-1])}); no action follows",
                r,
                i,
                text,
                reason=RecordReason.SEQUENCE,
            )
        move = act.move
        drawn = None
        seat = state.to_move
        try:
            match, events = match.apply(move)
        except IllegalMoveError as e:  # the move is not legal here: nothing was applied
            raise _fail(_illegal(record, state, move, e), r, i, str(act), reason=e.reason) from e
        except BergenError as e:  # pragma: no cover - a legal move is applied
            raise _fail(str(e), r, i, str(act), reason=RecordReason.SEQUENCE) from e
        if isinstance(move, Draw):
            # The top of the boneyard before the draw (the kernel's draw order).
            drawn = TILES[state._context.boneyard[state._position[4]]]
            if act.tile is not None and act.tile != drawn:
                raise _fail(
                    f"the record says {seat_label(record, seat)} draws {act.tile}, but "
                    f"the top of the boneyard is {drawn}",
                    r,
                    i,
                    str(act),
                    reason=RecordReason.DRAW,
                )
        after = match.rounds[-1] if len(match.rounds) > finished else match.round
        assert after is not None
        expected = tuple(by_action[i]) if i in by_action else ()
        if events != expected:
            raise _fail(
                f"the record lists {_events_text(expected)} but the replay gives "
                f"{_events_text(events)}",
                r,
                i,
                str(act),
                reason=RecordReason.EVENTS,
            )
        steps.append(_step(i, seat, move, drawn, events, after))
    final = match.rounds[-1] if len(match.rounds) > finished else match.round
    assert final is not None
    if rr.outcome is not None or rr.scores is not None:
        if final.outcome is None:
            raise _fail(
                f"result: the record says the round ended, but after its {len(rr.actions)} "
                f"actions {seat_label(record, final.to_move)} is to move",
                r,
                reason=RecordReason.RESULT,
            )
        if rr.outcome is not None and rr.outcome != final.outcome:
            raise _fail(
                f"result: the record says {_outcome_text(rr.outcome)}; the replay gives "
                f"{_outcome_text(final.outcome)}",
                r,
                reason=RecordReason.RESULT,
            )
        if rr.scores is not None and rr.scores != final.scores:
            raise _fail(
                f"result: the record's scores {list(rr.scores)} differ from the replay's "
                f"{list(final.scores)}",
                r,
                reason=RecordReason.RESULT,
            )
    result = RoundReplay(r, dealer, tuple(redeals), start, tuple(steps), final, scores_before)
    return result, match


def _outcome_text(o: Outcome) -> str:
    return f"{o.kind.value} (seat {o.seat}, side {o.side})"


def record_match(
    match: MatchState,
    *,
    names: Sequence[str | None] | None = None,
    start_scores: Sequence[int] | None = None,
    meta: Sequence[tuple[str, str]] = (),
) -> Record:
    """Make a record of a match played with :class:`bergen.MatchState`.

    Every round (finished, and the one in play) becomes a :class:`RoundRecord` with its deal
    (or, for a first round set up with :meth:`~bergen.RoundState.from_position`, its first
    position: :attr:`~bergen.RoundState.start_state`), its actions (draws name their tile) and
    its events, recomputed by replaying the round. Redeals are assigned to the rounds they
    preceded by re-dealing from the seed. A seeded match's record keeps the seed and where its
    deal stream stands (``shuffles``), so that ``replay(record).match`` deals on exactly as
    ``match`` does (``replay(record_match(m)).match == m``).

    Args:
        match: The match, finished or not.
        names: One name (or ``None``) per seat.
        start_scores: The scores the match started from, when not all 0 (default: the first
            round's scores at its start).
        meta: Free ``(key, value)`` text pairs to store.

    Returns:
        The record; ``replay(record_match(m))`` reproduces ``m``'s rounds and scores.

    Raises:
        RecordError: (``reason`` ``"match"``) when a round after the first started from a
            set-up position, when the match had redeals but no seed (which round each
            preceded is not kept), or when the scores need ``start_scores``; (``reason``
            ``"argument"``) when ``match`` is not a :class:`~bergen.MatchState`, the names do
            not match the seats, or ``start_scores`` is not a list or tuple of one int (0 to
            10**18 points) per side.
    """
    if not isinstance(match, MatchState):
        raise RecordError(
            f"record_match takes a MatchState, got {_brief(match)}", reason=RecordReason.ARGUMENT
        )
    seats = match.seats
    if names is None:
        names = (None,) * seats
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise RecordError(
            f"names: expected one name (or None) per seat, got {_brief(names)}",
            reason=RecordReason.ARGUMENT,
        )
    if len(names) != seats:
        raise RecordError(
            f"names: {len(names)} names for {seats} seats", reason=RecordReason.ARGUMENT
        )
    for i, name in enumerate(names):
        if name is not None and not isinstance(name, str):
            raise RecordError(
                f"names[{i}]: a name is a string or None, got {_brief(name)}",
                reason=RecordReason.ARGUMENT,
            )
    states = list(match.rounds) + ([match.round] if match.round is not None else [])
    for i, s in enumerate(states):
        if s.deal is None and i > 0:
            raise RecordError(
                f"round {i} started from a set-up position; a record may start only its first "
                "round from one",
                round=i,
                reason=RecordReason.MATCH,
            )
    redeals: list[list[Deal]] = [[] for _ in states]
    if match.redeals:
        if match.seed is None:
            raise RecordError(
                "the match had redeals but no seed, so which round each redeal preceded is not "
                "known; build the RoundRecord values directly",
                reason=RecordReason.MATCH,
            )
        ri = 1 if states and states[0].deal is None else 0
        stream = _SeedStream.at(match.seed, 0)
        for _ in range(match.shuffles):
            d, _, stream = stream.deal(seats, match.hand_size)
            if ri < len(states) and d == states[ri].deal:
                ri += 1
            elif ri < len(states):
                redeals[ri].append(d)
    if start_scores is not None:
        sides = len(match.scores)
        if not _is_ints(tuple(start_scores) if isinstance(start_scores, list | tuple) else None):
            raise RecordError(
                f"start_scores: one score (an int >= 0) per side, got {_brief(start_scores)}",
                reason=RecordReason.ARGUMENT,
            )
        if len(start_scores) != sides:
            raise RecordError(
                f"start_scores: {len(start_scores)} scores for {sides} sides",
                reason=RecordReason.ARGUMENT,
            )
        scores = tuple(start_scores)
    elif states and states[0].start_state.scores != (0,) * len(match.scores):
        start_scores = scores = states[0].start_state.scores
    else:
        scores = (0,) * len(match.scores)
    rounds: list[RoundRecord] = []
    for i, final in enumerate(states):
        deal = final.deal
        position: Position | None = None
        if deal is None:
            first = final.start_state
            position = Position(
                hands=tuple(h.tiles for h in first.hands),
                boneyard=first.boneyard.tiles,
                line=first.line,
                to_move=first.to_move,
                scores=None,
            )
            state = RoundState.from_position(
                position.hands,
                position.boneyard,
                position.line,
                position.to_move,
                match.rules,
                scores=scores,
                dealer=final.dealer,
            )
        else:
            state = RoundState.start(deal, match.rules, dealer=final.dealer, scores=scores)
        actions: list[RecordedAction] = []
        events: list[RecordedEvent] = []
        history: tuple[Action, ...] = final.history
        for k, a in enumerate(history):
            state, evs = state.apply(a.move)
            actions.append(RecordedAction(a.move, a.drawn))
            events.extend(RecordedEvent(k, e) for e in evs)
        if state.scores != final.scores:
            raise RecordError(
                f"round {i}: replaying gives scores {list(state.scores)}, the match has "
                f"{list(final.scores)}: give the start_scores the match began from",
                round=i,
                reason=RecordReason.MATCH,
            )
        rounds.append(
            RoundRecord(
                dealer=final.dealer,
                deal=deal,
                position=position,
                actions=tuple(actions),
                events=tuple(events),
                redeals=tuple(redeals[i]),
                outcome=final.outcome,
                scores=final.scores if final.outcome is not None else None,
            )
        )
        scores = final.scores
    return Record(
        rules=match.rules,
        names=tuple(names),
        rounds=tuple(rounds),
        start_scores=tuple(start_scores) if start_scores is not None else None,
        scores=match.scores,
        seed=match.seed,
        meta=meta,  # Record converts and checks it
        shuffles=match.shuffles if match.seed is not None else None,
    )
