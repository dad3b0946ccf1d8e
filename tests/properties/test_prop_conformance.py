"""check_rules on custom rulesets, and the checkers catching engines broken on purpose.

The broken engines here are made by wrapping public methods (legal_moves, apply) with pytest's
monkeypatch, so the checks show they can fail without touching the engine's source.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import bergen
from bergen import (
    CLASSIC,
    PASS,
    SIMPLE,
    FixedTarget,
    Play,
    RoundState,
    RulesError,
    ScoreEvent,
    Tile,
)
from bergen.testing import (
    ConformanceReport,
    InvariantViolation,
    Table,
    check_playouts,
    check_rules,
)


@attrs.frozen
class MostPipsWins:
    """A user's blocked-hand judge: the side holding the most pips wins; a tie scores nothing."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        pips = [sum(t.pips for t in s) for s in sides]
        best = max(pips)
        return pips.index(best) if pips.count(best) == 1 else None


@attrs.frozen
class BrokenJudge:
    """A judge that names a side that does not exist."""

    def winner(self, sides: Sequence[Sequence[Tile]]) -> int | None:
        return len(sides) + 3


def test_check_rules_passes_a_custom_judge_and_reports_what_it_played() -> None:
    rules = CLASSIC.replace(blocked=MostPipsWins(), drawing=False)
    report = check_rules(rules, seats=(2, 3), max_examples=10, rounds=3, seed=1)
    assert isinstance(report, ConformanceReport)
    assert report.examples == 10
    assert report.stats.rounds == 30
    assert report.seats == (2, 3)
    assert "all invariants held" in str(report)


def test_check_rules_plays_only_tables_the_rules_allow() -> None:
    report = check_rules(SIMPLE.replace(partnerships=True), max_examples=5, rounds=2, seed=2)
    assert report.seats == (4,)


def test_check_rules_refuses_rules_valid_at_no_table_asked_for() -> None:
    with pytest.raises(RulesError):
        check_rules(CLASSIC.replace(partnerships=True), seats=(2, 3), max_examples=1)


def test_check_rules_reports_a_judge_that_names_no_side() -> None:
    rules = CLASSIC.replace(blocked=BrokenJudge(), drawing=False, target=FixedTarget(30))
    with pytest.raises(InvariantViolation) as info:
        check_rules(rules, seats=2, max_examples=20, rounds=2, seed=3)
    assert info.value.invariant == "engine-error"
    assert any("check_playouts" in note for note in info.value.__notes__)


# ---------------------------------------------------------------------- broken engines

# A planted fault patches RoundState, a native class (an immutable type) in the compiled
# build; the checker these tests prove, bergen.testing, is the same pure Python in both builds.
_PATCHABLE = pytest.mark.skipif(
    bergen.COMPILED, reason="RoundState is a native class in the compiled build"
)


TABLE = Table(3, CLASSIC)


@_PATCHABLE
def test_a_pass_allowed_while_holding_a_fitting_tile_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = RoundState.legal_moves

    def with_pass(self: RoundState) -> tuple[object, ...]:
        legal = original(self)
        if any(isinstance(m, Play) for m in legal):
            return (*legal, PASS)
        return legal

    monkeypatch.setattr(RoundState, "legal_moves", with_pass)
    with pytest.raises(InvariantViolation) as info:
        check_playouts(TABLE, 1, rounds=2)
    assert info.value.invariant == "legal-moves"


@_PATCHABLE
def test_event_points_that_do_not_match_the_score_are_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = RoundState.apply

    def doubled(self: RoundState, move: object, seat: int | None = None) -> object:
        state, events = original(self, move, seat)  # type: ignore[arg-type]
        return state, tuple(
            ScoreEvent(e.kind, e.seat, e.side, 2 * e.points, e.base_points, e.tile) for e in events
        )

    monkeypatch.setattr(RoundState, "apply", doubled)
    with pytest.raises(InvariantViolation) as info:
        check_playouts(TABLE, 1, rounds=2)
    assert info.value.invariant == "events"


@_PATCHABLE
def test_an_apply_that_changes_its_input_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = RoundState.apply

    def impure(self: RoundState, move: object, seat: int | None = None) -> object:
        result = original(self, move, seat)  # type: ignore[arg-type]
        object.__setattr__(self, "to_move", (self.to_move + 1) % len(self.hands))
        return result

    monkeypatch.setattr(RoundState, "apply", impure)
    with pytest.raises(InvariantViolation) as info:
        check_playouts(TABLE, 1, rounds=2)
    assert info.value.invariant == "purity"


@_PATCHABLE
def test_a_header_scored_without_the_reduction_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rule 6 under classic: near the target a header is worth less. An engine that scores
    # every header at its base points still adds up (events equal score changes) but the
    # model, which reduces, disagrees; the header cap catches it too.
    original = RoundState.apply

    def unreduced(self: RoundState, move: object, seat: int | None = None) -> object:
        state, events = original(self, move, seat)  # type: ignore[arg-type]
        fixed: list[ScoreEvent] = []
        scores = list(state.scores)
        for e in events:
            if e.points != e.base_points:
                scores[e.side] += e.base_points - e.points
                e = ScoreEvent(e.kind, e.seat, e.side, e.base_points, e.base_points, e.tile)
            fixed.append(e)
        return state.replace(scores=tuple(scores)), tuple(fixed)

    monkeypatch.setattr(RoundState, "apply", unreduced)
    with pytest.raises(InvariantViolation) as info:
        check_playouts(Table(2, CLASSIC), 5, rounds=40)
    assert info.value.invariant in {"header-cap", "model", "round-end"}
