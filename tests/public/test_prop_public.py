"""PublicRound against RoundState (issue 26): a round played with every hand known, entered
from its public moves only, scores the same events and ends the same way; any move the public
round refuses is illegal in the full game.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bergen import (
    CLASSIC,
    SIMPLE,
    Draw,
    EventKind,
    IllegalMoveError,
    NoDouble,
    OutcomeKind,
    PublicRound,
    RoundState,
)
from bergen.moves import MOVES
from bergen.testing import Table, deals, tables

_BUDGET = settings.default.max_examples


def _table_strategy() -> st.SearchStrategy[Table]:
    partnerships = st.sampled_from(
        [
            Table(4, CLASSIC.replace(partnerships=True)),
            Table(4, SIMPLE.replace(partnerships=True)),
        ]
    )
    return st.one_of(tables(), partnerships)


def _probe(data: st.DataObject, state: RoundState, public: PublicRound) -> None:
    """A random move offered to the public round: if it refuses, the full game must too."""
    move = data.draw(st.sampled_from(MOVES), label="probe")
    try:
        public.apply(move, seat=state.to_move)
    except IllegalMoveError as error:
        assert not state.is_legal(move), (str(error), str(state))


@settings(max_examples=max(50, _BUDGET * 2))
@given(data=st.data(), table=_table_strategy())
def test_public_moves_score_as_the_full_round(data: st.DataObject, table: Table) -> None:
    numbers = table.numbers
    redeal = table.rules.no_double is NoDouble.REDEAL
    deal = data.draw(deals(table.seats, numbers.hand_size, no_double=False if redeal else None))
    dealer = data.draw(st.integers(0, table.seats - 1), label="dealer")
    scores = [0] * numbers.sides
    if data.draw(st.booleans(), label="near target"):
        low = max(0, numbers.target - 5)
        scores = [data.draw(st.integers(low, numbers.target - 1)) for _ in range(numbers.sides)]
    state = RoundState.start(deal, table.rules, dealer=dealer, scores=scores)
    public = PublicRound.start(table.rules, table.seats, scores=scores, dealer=dealer)
    for action in state.lead_draws:
        shown = data.draw(st.booleans(), label="show lead draw")
        public, events = public.apply(Draw(), action.seat, drawn=action.drawn if shown else None)
        assert events == ()
    while not state.is_over:
        _probe(data, state, public)
        legal = state.legal_moves()
        move = data.draw(st.sampled_from(legal), label="move")
        seat = state.to_move
        state, events = state.apply(move)
        drawn = state.history[-1].drawn if isinstance(move, Draw) else None
        shown = drawn is not None and data.draw(st.booleans(), label="show draw")
        public, public_events = public.apply(move, seat, drawn=drawn if shown else None)
        if state.outcome is not None and state.outcome.kind is OutcomeKind.BLOCKED:
            # Only the hands show who wins a block: the play's own events first, then the
            # hands turned over.
            assert public.outcome is None
            before = tuple(e for e in events if e.kind is not EventKind.BLOCKED_HAND)
            assert public_events == before
            public, block_events = public.reveal(state.hands)
            public_events += block_events
        assert public_events == events, (str(move), str(state))
        assert public.scores == state.scores
        assert public.counts == tuple(len(h) for h in state.hands)
        assert public.line == state.line
    assert public.outcome == state.outcome
    assert public.winner == state.winner
    assert public.is_over
