"""Every public bergen exception pickles and unpickles with its message and fields (a forfeit
raised in a worker process must reach the parent intact)."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil

import pytest

import bergen
from bergen import PASS, AmbiguousMoveError, BergenError, IllegalMoveError, NotationError
from bergen.arena import ResultsFileError
from bergen.bots import BotError
from bergen.errors import (
    ArgumentError,
    MatchOverError,
    PositionError,
    Reason,
    RecordError,
    RecordReason,
    RulesError,
    SearchLimitError,
)
from bergen.position_text import PositionTextError
from bergen.protocol import BotFailure, FailureReason, ProtocolError
from bergen.testing.checks import InvariantViolation

EXAMPLES = {
    BergenError: lambda: BergenError("base"),
    NotationError: lambda: NotationError("bad tile", text="7-7"),
    IllegalMoveError: lambda: IllegalMoveError(
        "must play", move=PASS, seat=2, reason=Reason.MUST_PLAY
    ),
    AmbiguousMoveError: lambda: AmbiguousMoveError(
        "4-1 fits both ends", text="4-1", readings=("4-1L", "4-1R")
    ),
    RulesError: lambda: RulesError("no", fields=("reserve", "hand_sizes")),
    PositionError: lambda: PositionError("tile twice"),
    MatchOverError: lambda: MatchOverError("over"),
    ArgumentError: lambda: ArgumentError("seat must be a seat number, an int 0..2; got '0'"),
    RecordError: lambda: RecordError(
        "bad draw", reason=RecordReason.DRAW, round=1, action_index=4, action="draw 6-6"
    ),
    BotError: lambda: BotError("unknown bot"),
    InvariantViolation: lambda: InvariantViolation("view", "saw a hidden tile", move=PASS),
    SearchLimitError: lambda: SearchLimitError("out of nodes", nodes=10_000),
    PositionTextError: lambda: PositionTextError(
        "not a tile", text="hands 6-4 7-7", field="hands", column=10
    ),
    ProtocolError: lambda: ProtocolError("bad hand", field="view.hand[2]"),
    BotFailure: lambda: BotFailure(
        "bot 'x' timed out", reason=FailureReason.TIMEOUT, bot="x", stderr="tail"
    ),
    ResultsFileError: lambda: ResultsFileError("another arena", "games.jsonl", 1),
}


def _public_error_classes() -> set[type]:
    found: set[type] = set()
    for info in pkgutil.walk_packages(bergen.__path__, "bergen."):
        if info.name.startswith("bergen.__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                not name.startswith("_")
                and inspect.isclass(value)
                and issubclass(value, BergenError)
            ):
                found.add(value)
    return found


def test_every_public_error_class_has_an_example():
    assert _public_error_classes() == set(EXAMPLES)


@pytest.mark.parametrize("cls", list(EXAMPLES), ids=lambda c: c.__name__)
def test_round_trip(cls):
    error = EXAMPLES[cls]()
    error.add_note("a note")
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is cls
    assert str(back) == str(error)
    assert back.args == error.args
    assert vars(back) == vars(error)
    assert back.__notes__ == ["a note"]


def test_the_fields_survive_by_name():
    back = pickle.loads(pickle.dumps(EXAMPLES[IllegalMoveError]()))
    assert (back.move, back.seat, back.reason) == (PASS, 2, Reason.MUST_PLAY)
    back = pickle.loads(pickle.dumps(EXAMPLES[AmbiguousMoveError]()))
    assert (back.text, back.readings) == ("4-1", ("4-1L", "4-1R"))
    back = pickle.loads(pickle.dumps(EXAMPLES[BotFailure]()))
    assert back.reason is FailureReason.TIMEOUT and back.reason == "timeout"
    back = pickle.loads(pickle.dumps(EXAMPLES[PositionTextError]()))
    assert (back.text, back.field, back.column) == ("hands 6-4 7-7", "hands", 10)
    assert str(back) == "hands (character 10): not a tile"
