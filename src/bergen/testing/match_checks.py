"""The match checker: a match followed move by move, every invariant checked at every step."""

from __future__ import annotations

from typing import Any

from bergen.deal import Deal
from bergen.errors import BergenError, IllegalMoveError, MatchOverError
from bergen.events import ScoreEvent
from bergen.match import MatchState
from bergen.moves import Move
from bergen.round import RoundState
from bergen.rules import MatchEnd, NoDouble
from bergen.testing.checks import InvariantViolation, _fail, _snapshot
from bergen.testing.round_checks import RoundChecker

__all__ = ["MatchChecker"]


def _match_snapshot(match: MatchState) -> tuple[Any, ...]:
    rnd = None if match.round is None else _snapshot(match.round)
    return (*match._fields(), rnd)


class MatchChecker:
    """Follow a match move by move, checking every invariant after every step.

    Each round is followed by a :class:`RoundChecker` whose model is built from the round's
    deal; the model's scores are carried from round to round, so each side's points are
    recomputed independently for the whole match.

    Args:
        match: The match to follow (new, or with a round in play).
        deep: Passed to each :class:`RoundChecker`.

    Attributes:
        rounds: Rounds finished while following.
        moves: Moves made while following.

    Raises:
        InvariantViolation: when the match's current round breaks an invariant.
    """

    def __init__(self, match: MatchState, *, deep: bool = False) -> None:
        """Check the match and set up the model of its current round."""
        self.match = match
        self.deep = deep
        self.rounds = 0
        self.moves = 0
        self.dealer = match.dealer
        self.scores: list[int] = list(match.scores)
        self.round: RoundChecker | None = None
        self._check_match(None, None)
        if match.round is not None:
            self.round = self._start_checker(match.round, None, match)

    def _start_checker(
        self, rnd: RoundState, move: Move | None, before: MatchState
    ) -> RoundChecker:
        if rnd.deal is None or rnd.history:
            return RoundChecker(rnd, deep=self.deep)
        checker = RoundChecker.start(
            rnd.deal, self.match.rules, dealer=self.dealer, scores=self.scores, deep=self.deep
        )
        if checker.state != rnd:
            raise _fail(
                "model",
                f"the match started the round {rnd!r}; from its deal it is {checker.state!r}",
                move,
                before,
            )
        return checker

    def _check_match(self, move: Move | None, before: MatchState | None) -> None:
        match = self.match

        def fail(invariant: str, detail: str) -> InvariantViolation:
            return _fail(invariant, detail, move, match if before is None else before)

        table = match.rules.for_table(match.seats)
        if match.target != table.target:
            raise fail("match-end", f"target {match.target}; the rules give {table.target}")
        if list(match.scores) != self.scores:
            raise fail("model", f"match scores {match.scores}; the model has {self.scores}")
        reached = [i for i, s in enumerate(match.scores) if s >= match.target]
        if match.rules.match_end is MatchEnd.ROUND_END:
            # Rule 9: judged when no round is in play; the one highest side at or above the
            # target wins, sides level on it play on.
            best = max(match.scores)
            top = [i for i, s in enumerate(match.scores) if s == best]
            reached = top if match.round is None and best >= match.target and len(top) == 1 else []
        if match.is_over != bool(reached):
            raise fail("match-end", f"is_over is {match.is_over} with scores {match.scores}")
        if len(reached) > 1:
            raise fail("match-end", f"two sides reached the target: {match.scores}")
        if match.winner != (reached[0] if reached else None):
            raise fail("match-end", f"winner {match.winner} with scores {match.scores}")
        if match.is_over and match.round is not None:
            raise fail("match-end", "the match is over but a round is in play")
        if match.round is not None and match.round.scores != match.scores:
            raise fail("events", f"round scores {match.round.scores}, match {match.scores}")
        if match.dealer != self.dealer:
            raise fail("turn-order", f"dealer {match.dealer}; expected {self.dealer}")

    def start_round(self, deal: Deal) -> MatchState:
        """Deal the next round explicitly (:meth:`MatchState.start_round`) and check it.

        Returns:
            The match after the deal (also in :attr:`match`).

        Raises:
            InvariantViolation: when the deal is handled against the rules (rule 2: a deal with
                no double is redealt under ``redeal``, the dealer stays).
        """
        before = self.match
        after = before.start_round(deal)
        self.match = after
        redeal = not deal.has_double and before.rules.no_double is NoDouble.REDEAL
        if redeal:
            if after.round is not None or after.redeals != (*before.redeals, deal):
                raise _fail("model", "a deal with no double was not redealt", None, before)
        elif after.round is None:
            raise _fail("model", "a deal with a double did not start a round", None, before)
        else:
            self.round = self._start_checker(after.round, None, before)
        self._check_match(None, before)
        return after

    def apply(self, move: Move) -> tuple[ScoreEvent, ...]:
        """Make a legal move in the match and check every invariant.

        Returns:
            The score events.

        Raises:
            InvariantViolation: naming the first invariant that does not hold.
            ValueError: when no round is in play or ``move`` is not legal (caller errors).
        """
        before = self.match
        rc = self.round
        if rc is None or before.round is None:
            raise ValueError("no round is in play")
        snap = _match_snapshot(before)
        twin = before.replace()
        round_events = rc.apply(move)
        after_round = rc.state

        def fail(invariant: str, detail: str) -> InvariantViolation:
            return _fail(invariant, detail, move, before)

        try:
            after, events = before.apply(move)
        except IllegalMoveError as e:
            raise fail("legal-moves", f"the match rejected a legal move: {e!r}") from e
        except Exception as e:
            raise fail("engine-error", f"MatchState.apply raised {e!r} on a legal move") from e
        if _match_snapshot(before) != snap or before != twin:
            raise fail("purity", "MatchState.apply changed the match it was called on")
        after2, events2 = twin.apply(move)
        if after2 != after or events2 != events:
            raise fail("determinism", "two equal matches gave different results for one move")
        if events != round_events:
            raise fail("events", f"match events {events}; the round gave {round_events}")
        self.match = after
        self.moves += 1
        self.scores = list(rc.model.scores)
        if after_round.outcome is None:
            if after.round != after_round or after.rounds != before.rounds:
                raise fail("model", "the match's round differs from the round's own apply")
            self._check_match(move, before)
            return events
        self.rounds += 1
        if after.rounds != (*before.rounds, after_round):
            raise fail("model", "the finished round was not recorded as it ended")
        best = max(self.scores)
        decided = best >= after.target and (
            after.rules.match_end is MatchEnd.INSTANT or self.scores.count(best) == 1
        )
        if decided:  # rule 9; under MatchEnd.ROUND_END sides level on the best play on
            self._check_match(move, before)
            if not after.is_over:
                raise fail("match-end", f"side reached {after.target} but the match goes on")
            self.round = None
            try:
                after.apply(move)
            except MatchOverError:
                pass
            else:
                raise fail("match-end", "a move was accepted after the match ended")
            return events
        if after.is_over:
            raise fail("match-end", f"the match ended with scores {after.scores}")
        self.dealer = (self.dealer + 1) % after.seats
        self._check_match(move, before)
        if after.seed is None:
            if after.round is not None:
                raise fail("model", "an explicit-deal match dealt a round by itself")
            self.round = None
            return events
        if after.round is None:
            raise fail("match-end", "a seeded match did not deal the next round")
        new_redeals = after.redeals[len(before.redeals) :]
        for d in new_redeals:
            if d.has_double or after.rules.no_double is not NoDouble.REDEAL:
                raise fail("model", f"a deal was thrown in against rule 2: {d}")
        self.round = self._start_checker(after.round, move, before)
        return events

    def reject(self, move: Move) -> BergenError:
        """Check that a move the match cannot take is rejected and changes nothing.

        Returns:
            The error raised: :class:`MatchOverError` once the match is over, else an
            :class:`IllegalMoveError`.

        Raises:
            InvariantViolation: when the move is accepted, the wrong error is raised, or the
                match changes.
            ValueError: when the move is legal (a caller error).
        """
        match = self.match
        if move in match.legal_moves():
            raise ValueError(f"{move} is legal here; use apply()")
        if self.round is not None and match.round is not None:
            self.round.reject(move)
        snap = _match_snapshot(match)
        expected: type[BergenError] = MatchOverError if match.is_over else IllegalMoveError
        try:
            match.apply(move)
        except expected as e:
            err: BergenError = e
        except Exception as e:
            raise _fail("legal-moves", f"raised {e!r}", move, match) from e
        else:
            raise _fail("legal-moves", "the match accepted an illegal move", move, match)
        if _match_snapshot(match) != snap:
            raise _fail("purity", "a rejected move changed the match", move, match)
        return err
