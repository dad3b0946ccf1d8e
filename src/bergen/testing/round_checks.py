"""The round checker: a round followed move by move beside the reference model, every
invariant checked at every step.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from bergen.deal import Deal
from bergen.errors import IllegalMoveError, Reason
from bergen.events import OutcomeKind, ScoreEvent
from bergen.moves import DRAW, Draw, Lead, Move, Pass, Play
from bergen.round import Action, RoundState
from bergen.rules import Rules
from bergen.testing.checks import (
    InvariantViolation,
    _event_key,
    _fail,
    _snapshot,
    check_events,
    check_round_state,
)
from bergen.testing.model import RoundModel

__all__ = ["RoundChecker"]


class RoundChecker:
    """Follow one round move by move, checking every invariant after every step.

    Args:
        state: The state to follow from.
        model: The reference model of that state (default: read from the state's public facts;
            use :meth:`start` to build it independently from a deal).
        deep: Also compare each state with a ``copy.deepcopy`` taken before the move (slower).

    Raises:
        InvariantViolation: when ``state`` itself breaks an invariant.
    """

    def __init__(
        self, state: RoundState, *, model: RoundModel | None = None, deep: bool = False
    ) -> None:
        """Check the state and set up the model."""
        self.state = state
        self.model = RoundModel.from_state(state) if model is None else model
        self.deep = deep
        self.steps = 0
        check_round_state(state)
        self._compare_model(None, None)

    @classmethod
    def start(
        cls,
        deal: Deal,
        rules: Rules,
        *,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        deep: bool = False,
    ) -> RoundChecker:
        """Start a round from ``deal`` in the engine and in the model, and compare them.

        Raises:
            InvariantViolation: when the engine's start differs from the model's (hands after
                any lead draws, the lead draws, the seat to lead, scores) or breaks an
                invariant.
            PositionError: when the engine refuses the deal (for example nobody holds a double
                and the rules redeal).
        """
        state = RoundState.start(deal, rules, dealer=dealer, scores=scores)
        model = RoundModel.from_deal(deal, rules, dealer=dealer, scores=scores)
        drawn = [(a.seat, a.drawn) for a in state.lead_draws]
        if drawn != model.lead_draws or any(a.move != DRAW for a in state.lead_draws):
            raise _fail(
                "model",
                f"lead draws {[str(a) for a in state.lead_draws]}; the model drew "
                f"{[f'seat {s}: {t}' for s, t in model.lead_draws]}",
                None,
                state,
            )
        return cls(state, model=model, deep=deep)

    def _compare_model(self, move: Move | None, before: RoundState | None) -> None:
        state, model = self.state, self.model

        def fail(invariant: str, detail: str) -> InvariantViolation:
            return _fail(invariant, detail, move, state if before is None else before)

        if [set(h.tiles) for h in state.hands] != model.hands:
            raise fail(
                "model",
                f"hands {[str(h) for h in state.hands]}; the model has "
                f"{[' '.join(sorted(map(str, h))) for h in model.hands]}",
            )
        if list(state.boneyard.tiles) != model.boneyard:
            raise fail("model", f"boneyard {state.boneyard.tiles}; the model has {model.boneyard}")
        placed = [(p.tile, p.left, p.right) for p in state.line.tiles]
        if placed != model.line:
            raise fail("model", f"line {state.line}; the model has {model.line}")
        if list(state.scores) != model.scores:
            raise fail("model", f"scores {state.scores}; the model has {model.scores}")
        if state.to_move != model.to_move:
            raise fail("turn-order", f"seat {state.to_move} to move; expected {model.to_move}")
        n = len(model.reserve_tiles)
        if n and state.boneyard.tiles[-n:] != model.reserve_tiles:
            raise fail(
                "reserve",
                f"the reserve {model.reserve_tiles} left the boneyard {state.boneyard.tiles}",
            )
        outcome, expected = state.outcome, model.outcome
        if (outcome is None) != (expected is None):
            raise fail("round-end", f"outcome {outcome!r}; the model has {expected!r}")
        if outcome is not None and expected is not None:
            if outcome.kind is not expected.kind or outcome.side != expected.side:
                raise fail("round-end", f"outcome {outcome!r}; the model has {expected!r}")
            if outcome.kind is not OutcomeKind.BLOCKED and outcome.seat != expected.seat:
                raise fail("round-end", f"outcome {outcome!r}; the model has {expected!r}")
        legal = set(state.legal_moves())
        if legal != model.legal_moves():
            raise fail(
                "legal-moves",
                f"legal {sorted(map(str, legal))}; "
                f"the model has {sorted(map(str, model.legal_moves()))}",
            )

    def apply(self, move: Move) -> tuple[ScoreEvent, ...]:
        """Make a legal move in the engine and the model and check every invariant.

        Args:
            move: One of ``self.state.legal_moves()``.

        Returns:
            The engine's score events; :attr:`state` is now the next state.

        Raises:
            InvariantViolation: naming the first invariant that does not hold.
            ValueError: when ``move`` is not a legal move (a caller error).
        """
        before = self.state
        if move not in before.legal_moves():
            raise ValueError(f"{move} is not a legal move here; use reject() for illegal moves")
        seat = before.to_move
        snap = _snapshot(before)
        deep = copy.deepcopy(before) if self.deep else None
        twin = before.replace()

        def fail(invariant: str, detail: str) -> InvariantViolation:
            return _fail(invariant, detail, move, before)

        try:
            after, events = before.apply(move)
        except IllegalMoveError as e:
            raise fail("legal-moves", f"apply rejected a legal move: {e!r}") from e
        except Exception as e:
            raise fail("engine-error", f"apply raised {e!r} on a legal move") from e
        try:
            expected_events = self.model.apply(move)
        except Exception as e:
            raise fail("model", f"the reference model could not make the move: {e!r}") from e
        if _snapshot(before) != snap or before != twin or (deep is not None and before != deep):
            raise fail("purity", "apply changed the state it was called on")
        after2, events2 = twin.apply(move)
        if after2 != after or events2 != events:
            raise fail("determinism", "two equal states gave different results for one move")

        # History, drawing and the reserve.
        drawn = before.boneyard.tiles[0] if isinstance(move, Draw) else None
        if isinstance(move, Draw):
            if len(before.boneyard.tiles) <= before.boneyard.reserve:
                raise fail("reserve", f"drew {drawn} from the reserve")
            if after.boneyard.tiles != before.boneyard.tiles[1:] or drawn not in after.hands[seat]:
                raise fail("reserve", f"a draw did not take the top tile {drawn} into the hand")
        elif after.boneyard.tiles != before.boneyard.tiles:
            raise fail("reserve", f"the boneyard changed on {move}")
        if after.history != (*before.history, Action(seat, move, drawn)):
            raise fail("model", f"history ends {after.history[-1:]}; expected seat {seat}: {move}")

        # Turn order.
        if after.outcome is None:
            nxt = seat if isinstance(move, Draw) else (seat + 1) % len(before.hands)
        else:
            nxt = seat
        if after.to_move != nxt:
            raise fail("turn-order", f"seat {after.to_move} to move after {move}; expected {nxt}")

        check_events(before, move, after, events)
        rules = before.rules
        if [_event_key(e, rules) for e in events] != [
            _event_key(e, rules) for e in expected_events
        ]:
            raise fail(
                "model",
                f"events {[str(e) for e in events]}; the model scores "
                f"{[str(e) for e in expected_events]}",
            )
        self.state = after
        self.steps += 1
        try:
            check_round_state(after)
        except InvariantViolation as e:
            raise fail(e.invariant, e.detail + " (in the state after the move)") from None
        self._compare_model(move, before)
        return events

    def reject(self, move: Move) -> IllegalMoveError:
        """Check that an illegal move is rejected with the right reason and changes nothing.

        Args:
            move: A move not in ``self.state.legal_moves()``.

        Returns:
            The error the engine raised.

        Raises:
            InvariantViolation: when the engine accepts the move, raises something else, gives
                a wrong reason, or changes the state.
            ValueError: when ``move`` is legal (a caller error).
        """
        state = self.state
        if move in state.legal_moves():
            raise ValueError(f"{move} is legal here; use apply()")
        snap = _snapshot(state)
        if state.is_legal(move):
            raise _fail("legal-moves", "is_legal accepts a move not in legal_moves", move, state)
        try:
            state.apply(move)
        except IllegalMoveError as e:
            err = e
        except Exception as e:
            raise _fail("legal-moves", f"raised {e!r}, not IllegalMoveError", move, state) from e
        else:
            raise _fail("legal-moves", "apply accepted an illegal move", move, state)
        if _snapshot(state) != snap:
            raise _fail("purity", "a rejected move changed the state", move, state)
        expected = _expected_reason(state, move)
        if expected is not None and err.reason is not expected:
            raise _fail("legal-moves", f"reason {err.reason!r}; expected {expected!r}", move, state)
        if err.move != move or err.seat != state.to_move:
            raise _fail("legal-moves", f"the error names {err.move!r} by {err.seat}", move, state)
        return err


def _expected_reason(state: RoundState, move: Move) -> Reason | None:
    """The reason rules 2-4 give for rejecting ``move`` (``None``: several would do)."""
    if state.outcome is not None:
        return Reason.ROUND_OVER
    line = state.line
    if line.lead is None:
        return None
    hand = state.hands[state.to_move]
    fits = any(isinstance(m, Play) for m in state.legal_moves())
    if isinstance(move, Lead):
        return Reason.NOT_A_LEAD
    if isinstance(move, Play):
        return Reason.TILE_NOT_IN_HAND if move.tile not in hand else Reason.NO_MATCHING_END
    if fits:
        return Reason.MUST_PLAY
    if isinstance(move, Pass):
        return Reason.MUST_DRAW
    return Reason.CANNOT_DRAW
