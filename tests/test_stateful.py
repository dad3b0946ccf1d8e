"""Stateful tests: bergen.testing's state machines over rounds and matches.

Each step is a legal move chosen by Hypothesis, an illegal move that must be rejected, a
position set up again that must play on the same, or a new deal; after every step the engine
is compared with the reference model (where every tile is, each side's points) and every
invariant of bergen.testing.INVARIANTS is checked. A failure prints the steps as a program.
"""

from __future__ import annotations

from hypothesis import settings

from bergen.testing import MatchMachine, RoundMachine, tables

_BUDGET = settings.default.max_examples  # 100 under the "ci" profile


class PresetRounds(RoundMachine):
    """Rounds under the two presets only (partnerships sometimes on at four seats)."""

    table_strategy = tables(presets_only=True)


class PartnershipMatches(MatchMachine):
    """Matches at four seats, with and without partnerships."""

    table_strategy = tables(seats=4)


TestRounds = RoundMachine.TestCase
TestRounds.settings = settings(max_examples=_BUDGET)

TestPresetRounds = PresetRounds.TestCase
TestPresetRounds.settings = settings(max_examples=max(5, _BUDGET // 2))

TestMatches = MatchMachine.TestCase
TestMatches.settings = settings(
    max_examples=_BUDGET, stateful_step_count=3 * settings.default.stateful_step_count
)

TestPartnershipMatches = PartnershipMatches.TestCase
TestPartnershipMatches.settings = settings(max_examples=max(5, _BUDGET // 2))
