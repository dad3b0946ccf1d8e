"""Score events and round outcomes (docs/rules.md, rules 5-9)."""

from __future__ import annotations

import attrs
import pytest

from bergen import EventKind, Outcome, OutcomeKind, ScoreEvent, Tile


def test_str_stable_one_line_form():
    e = ScoreEvent(EventKind.TRIPLE_HEADER, 1, 1, 3, 3, Tile(6, 3))
    assert str(e) == "triple_header seat=1 side=1 points=3 tile=6-3"


def test_str_shows_base_points_when_reduced():
    e = ScoreEvent(EventKind.DOUBLE_HEADER, 2, 0, 1, 2, Tile(4, 1))
    assert str(e) == "double_header seat=2 side=0 points=1/2 tile=4-1"


def test_str_blocked_hand_has_no_tile():
    e = ScoreEvent(EventKind.BLOCKED_HAND, 0, 0, 2, 2)
    assert e.tile is None
    assert str(e) == "blocked_hand seat=0 side=0 points=2"


def test_going_out_str():
    e = ScoreEvent(EventKind.GOING_OUT, 3, 1, 2, 2, Tile(0, 0))
    assert str(e) == "going_out seat=3 side=1 points=2 tile=0-0"


def test_event_kinds_values():
    assert [k.value for k in EventKind] == [
        "double_header",
        "triple_header",
        "going_out",
        "blocked_hand",
    ]
    assert [k.value for k in OutcomeKind] == ["went_out", "blocked", "target_reached"]


@pytest.mark.parametrize(
    "value",
    [
        ScoreEvent(EventKind.DOUBLE_HEADER, 2, 0, 1, 2, Tile(4, 1)),
        ScoreEvent(EventKind.BLOCKED_HAND, 0, 0, 2, 2),
        EventKind.GOING_OUT,
        OutcomeKind.BLOCKED,
        Outcome(OutcomeKind.WENT_OUT, 1, 1),
        Outcome(OutcomeKind.BLOCKED, None, None),
    ],
)
def test_repr_is_valid_python(value, ns):
    assert eval(repr(value), ns) == value


def test_events_are_values():
    a = ScoreEvent(EventKind.DOUBLE_HEADER, 2, 0, 1, 2, Tile(4, 1))
    b = ScoreEvent(EventKind.DOUBLE_HEADER, 2, 0, 1, 2, Tile(1, 4))
    assert a == b and hash(a) == hash(b)
    assert a != ScoreEvent(EventKind.DOUBLE_HEADER, 2, 0, 2, 2, Tile(4, 1))


def test_events_and_outcomes_are_frozen():
    e = ScoreEvent(EventKind.DOUBLE_HEADER, 2, 0, 1, 2, Tile(4, 1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        e.points = 5  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Outcome(OutcomeKind.BLOCKED, None, None).side = 0  # type: ignore[misc]
