"""Property-based testing for bergen: strategies, state machines, invariants, conformance.

Needs Hypothesis: install the ``testing`` extra (``pip install 'bergen-dominoes[testing]'``).

- Strategies (:mod:`bergen.testing.strategies`): :func:`tiles`, :func:`hands`, :func:`rules`
  (the presets and random combinations of every switch), :func:`tables` (seats and rules valid
  there), :func:`deals`, and :func:`round_states` (mid-round states reached by random legal
  play).
- A reference model (:class:`RoundModel`) written from docs/rules.md alone, and checkers
  (:class:`RoundChecker`, :class:`MatchChecker`) that run the engine beside it and check every
  invariant of :data:`INVARIANTS` after every step, raising :class:`InvariantViolation`;
  :func:`check_views` checks that a seat's view hides the tiles it cannot see.
- State machines (:class:`RoundMachine`, :class:`MatchMachine`) for Hypothesis's stateful
  testing: ``TestMatches = MatchMachine.TestCase``.
- :func:`check_rules`: the conformance check to run on a ruleset of your own, and
  :func:`check_playouts`, the random-playout loop it runs.
"""

from __future__ import annotations

try:
    import hypothesis  # noqa: F401
except ModuleNotFoundError as e:
    raise ModuleNotFoundError(
        "bergen.testing needs Hypothesis, which is not installed: "
        "pip install 'bergen-dominoes[testing]' "
        "(from a checkout: pip install -e '.[testing]')",
        name=e.name,
    ) from None

from bergen.testing.checks import (
    INVARIANTS,
    InvariantViolation,
    check_events,
    check_round_state,
)
from bergen.testing.conformance import (
    ConformanceReport,
    PlayoutStats,
    check_playouts,
    check_rules,
)
from bergen.testing.machines import MatchMachine, RoundMachine
from bergen.testing.match_checks import MatchChecker
from bergen.testing.model import ALL_MOVES, RoundModel
from bergen.testing.round_checks import RoundChecker
from bergen.testing.strategies import (
    Table,
    deals,
    hands,
    round_states,
    rules,
    tables,
    tiles,
)
from bergen.testing.view_checks import check_views

__all__ = [
    "ALL_MOVES",
    "INVARIANTS",
    "ConformanceReport",
    "InvariantViolation",
    "MatchChecker",
    "MatchMachine",
    "PlayoutStats",
    "RoundChecker",
    "RoundMachine",
    "RoundModel",
    "Table",
    "check_events",
    "check_playouts",
    "check_round_state",
    "check_rules",
    "check_views",
    "deals",
    "hands",
    "round_states",
    "rules",
    "tables",
    "tiles",
]
