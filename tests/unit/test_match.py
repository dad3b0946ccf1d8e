"""MatchState: rounds played to the target (docs/rules.md, rules 2 and 9)."""

from __future__ import annotations

import attrs
import pytest

from bergen import (
    CLASSIC,
    PASS,
    TILES,
    ArgumentError,
    Deal,
    IllegalMoveError,
    Lead,
    MatchOverError,
    MatchState,
    PositionError,
    Reason,
    RulesError,
    Tile,
)

DEAL3 = Deal([TILES[0:6], TILES[6:12], TILES[12:18]], TILES[18:])


def first_seed_without_a_double(seats: int, size: int) -> int:
    return next(s for s in range(10_000) if not Deal.from_seed(s, seats, size).has_double)


def test_new_without_seed_awaits_a_deal():
    match = MatchState.new(3)
    assert match.rules == CLASSIC
    assert match.seats == 3
    assert match.seed is None
    assert match.round is None
    assert match.awaiting_deal
    assert match.scores == (0, 0, 0)
    assert match.target == 10
    assert match.dealer == 0
    assert match.rounds == () and match.redeals == ()
    assert match.legal_moves() == ()
    assert not match.is_over and match.winner is None
    assert match.hand_size == 6


def test_new_partnerships_has_two_sides_to_15():
    match = MatchState.new(4, CLASSIC.replace(partnerships=True))
    assert match.scores == (0, 0)
    assert match.target == 15
    assert match.hand_size == 5


def test_new_with_seed_deals_the_first_shuffle():
    match = MatchState.new(3, seed=1)
    assert match.shuffles == 1
    assert match.round is not None
    assert match.round.deal == Deal.from_seed(1, 3, 6, 0)
    assert not match.awaiting_deal
    assert match.legal_moves() == match.round.legal_moves()


def test_seeded_redeal_uses_the_next_shuffle_and_keeps_the_dealer():
    seed = first_seed_without_a_double(2, 6)
    match = MatchState.new(2, seed=seed, dealer=1)
    assert match.redeals == (Deal.from_seed(seed, 2, 6, 0),)
    assert match.dealer == 1
    assert match.round.dealer == 1
    assert match.round.deal == Deal.from_seed(seed, 2, 6, 1)
    assert match.shuffles == 2


@pytest.mark.parametrize(
    ("seats", "kwargs", "error"),
    [
        (5, {}, RulesError),
        (1, {}, RulesError),
        (3, {"dealer": 3}, PositionError),
        (3, {"dealer": -1}, PositionError),
        (3, {"seed": 1.5}, ArgumentError),
        (3, {"seed": "1"}, ArgumentError),
    ],
)
def test_new_rejects_bad_arguments(seats, kwargs, error):
    with pytest.raises(error):
        MatchState.new(seats, **kwargs)


def test_new_rejects_partnerships_at_three_seats():
    with pytest.raises(RulesError):
        MatchState.new(3, CLASSIC.replace(partnerships=True))


def test_start_round_with_an_explicit_deal():
    match = MatchState.new(3, dealer=2).start_round(DEAL3)
    assert match.round.deal == DEAL3
    assert match.round.dealer == 2
    assert match.round.to_move == 0  # seat 0 holds the 0-0


def test_start_round_rejects_a_deal_for_another_table():
    deal = Deal([TILES[0:6], TILES[6:12]], TILES[12:])
    with pytest.raises(PositionError):
        MatchState.new(3).start_round(deal)


def test_start_round_rejects_a_second_round_in_play():
    match = MatchState.new(3).start_round(DEAL3)
    with pytest.raises(PositionError):
        match.start_round(DEAL3)


def test_apply_without_a_round_in_play():
    with pytest.raises(IllegalMoveError) as info:
        MatchState.new(3).apply(PASS)
    assert info.value.reason is Reason.ROUND_OVER


def test_illegal_move_leaves_the_match_unchanged():
    match = MatchState.new(3).start_round(DEAL3)
    with pytest.raises(IllegalMoveError):
        match.apply(PASS)
    assert match == MatchState.new(3).start_round(DEAL3)


def test_apply_updates_the_round_and_scores():
    match = MatchState.new(3).start_round(DEAL3)
    match, events = match.apply(Lead(Tile(0, 0)), seat=0)
    assert [e.points for e in events] == [2]
    assert match.scores == (2, 0, 0)
    assert match.round.scores == (2, 0, 0)


def test_seeded_match_deals_again_and_passes_the_deal_left():
    match = MatchState.new(3, seed=4)
    while not match.rounds:
        match, _ = match.apply(match.legal_moves()[0])
    assert not match.is_over  # the first round of seed 4 does not reach 10
    assert match.dealer == 1
    assert match.round.dealer == 1
    assert match.round.deal == Deal.from_seed(4, 3, 6, match.shuffles - 1)
    assert match.scores == match.rounds[0].scores
    assert match.round.scores == match.scores


def test_explicit_match_awaits_the_next_deal_after_a_round():
    match = MatchState.new(3, dealer=0).start_round(DEAL3)
    while match.round is not None:
        match, _ = match.apply(match.legal_moves()[0])
    assert len(match.rounds) == 1
    assert not match.is_over
    assert match.awaiting_deal
    assert match.dealer == 1


def test_a_seeded_match_plays_to_the_target():
    match = MatchState.new(3, seed=9)
    for _ in range(2_000):
        if match.is_over:
            break
        before = match.scores
        match, events = match.apply(match.legal_moves()[0])
        assert sum(match.scores) - sum(before) == sum(e.points for e in events)
    assert match.is_over
    assert match.round is None
    assert max(match.scores) >= 10
    assert match.winner == match.scores.index(max(match.scores))
    assert match.legal_moves() == ()
    with pytest.raises(MatchOverError):
        match.apply(PASS)
    with pytest.raises(MatchOverError):
        match.start_round(DEAL3)


def test_repr_is_valid_python(ns):
    for match in (
        MatchState.new(3),
        MatchState.new(3, seed=1),
        MatchState.new(3).start_round(DEAL3),
    ):
        assert eval(repr(match), ns) == match


def test_match_state_is_frozen():
    match = MatchState.new(3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        match.scores = (9, 0, 0)  # type: ignore[misc]
    for field in ("rules", "seats", "target", "dealer", "rounds", "is_over"):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(match, field, None)


def test_replace_and_pickle_keep_every_field():
    import pickle

    match = MatchState.new(3, seed=1)
    moved, _ = match.apply(match.legal_moves()[0])  # the lead: a double header for its seat
    for state in (match, moved):
        again = pickle.loads(pickle.dumps(state))
        assert again == state
        assert again.round == state.round
        assert again.round is not None and again.round.history == state.round.history
        assert (again.seed, again.shuffles, again.target, again.is_over) == (
            state.seed,
            state.shuffles,
            state.target,
            state.is_over,
        )
    evolved = moved.replace(dealer=2)
    assert evolved.dealer == 2 and moved.dealer == 0
    assert (evolved.rules, evolved.seats, evolved.seed, evolved.scores, evolved.round) == (
        moved.rules,
        moved.seats,
        moved.seed,
        moved.scores,
        moved.round,
    )


def test_is_over_follows_the_scores_and_target():
    # Rule 9: the match is over once a side has reached the target (10 at three seats).
    match = MatchState.new(3)
    assert match.target == 10 and not match.is_over
    assert match.replace(scores=(3, 10, 0)).is_over
    assert not match.replace(scores=(9, 9, 9)).is_over


@pytest.mark.parametrize("protocol", range(6))
def test_states_pickle_at_every_protocol(protocol: int) -> None:
    # Before: protocols 0 and 1 refused the engine's private slotted records.
    import pickle

    match = MatchState.new(3, seed=1)
    moved, _ = match.apply(match.legal_moves()[0])
    for state in (match, moved, moved.round):
        assert pickle.loads(pickle.dumps(state, protocol=protocol)) == state
    again = pickle.loads(pickle.dumps(moved, protocol=protocol))
    assert again.round is not None and moved.round is not None
    assert again.round.history == moved.round.history
    assert again.apply(again.legal_moves()[0]) == moved.apply(moved.legal_moves()[0])


def test_match_replace_takes_the_fields_and_nothing_else():
    match = MatchState.new(3, seed=2)
    assert match.replace() == match and hash(match.replace()) == hash(match)
    assert match.replace(dealer=1).dealer == 1
    with pytest.raises(ArgumentError, match="winner"):
        match.replace(winner=0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        match._stream = None  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del match.round
    assert match != match.replace(scores=(1, 0, 0))
