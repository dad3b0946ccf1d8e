"""The exceptions bergen raises (docs/guides/app.md, "Errors, with reasons")."""

from __future__ import annotations

import pytest

from bergen import (
    AmbiguousMoveError,
    BergenError,
    IllegalMoveError,
    MatchOverError,
    NotationError,
    PositionError,
    Reason,
    RecordError,
    RulesError,
)


@pytest.mark.parametrize(
    "cls",
    [
        NotationError,
        IllegalMoveError,
        AmbiguousMoveError,
        RulesError,
        PositionError,
        MatchOverError,
        RecordError,
    ],
)
def test_every_error_is_a_bergen_error_and_a_value_error(cls):
    assert issubclass(cls, BergenError)
    assert issubclass(cls, ValueError)


def test_ambiguous_move_is_a_notation_error():
    assert issubclass(AmbiguousMoveError, NotationError)


@pytest.mark.parametrize("reason", list(Reason))
def test_reason_repr_is_valid_python(reason, ns):
    assert repr(reason) == f"Reason.{reason.name}"
    assert eval(repr(reason), ns) is reason


def test_reason_values():
    assert {r.value for r in Reason} == {
        "not_your_turn",
        "tile_not_in_hand",
        "no_matching_end",
        "must_play",
        "must_draw",
        "cannot_draw",
        "wrong_lead",
        "not_a_lead",
        "round_over",
        "not_a_move",
        "tile_seen",
        "known_void",
    }
