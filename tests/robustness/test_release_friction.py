"""Issue 27, item 6: help texts and labels that said one thing while bergen did another, each
as a test that failed before its fix.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import operator
import re

import pytest

from bergen import (
    CLASSIC,
    SIMPLE,
    TILES,
    ArgumentError,
    BergenError,
    IllegalMoveError,
    LineOfPlay,
    MatchState,
    PositionError,
    RoundState,
    Tile,
)
from bergen.bots import BUILTIN_BOTS
from bergen.chance import ChanceRound
from bergen.cli import build_parser, main
from bergen.cli.options import add_rules_arguments
from bergen.cli.play import draw_line, draw_tile, play_match
from bergen.display import line_text
from bergen.public import PublicRound
from bergen.public_match import PublicMatch


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every subcommand's parser by its command line (``"bot serve"`` included)."""
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found[name] = sub
                for inner, subsub in _subparsers(sub).items():
                    found[f"{name} {inner}"] = subsub
    return found


def _help(*command: str) -> str:
    """The help of a subcommand, its lines joined (argparse wraps them anywhere)."""
    text = _subparsers(build_parser())[" ".join(command)].format_help()
    return " ".join(text.split())


def test_simulate_help_names_the_format_simulate_writes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--json", "--players", "2", "--seed", "3"]) == 0
    written = json.loads(capsys.readouterr().out)["format"]
    assert written == "bergen-record/2"
    assert f"({written}" in _help("simulate")
    assert "bergen-record/1)" not in _help("simulate")


def test_no_help_shows_rest_markup() -> None:
    helps = {name: sub.format_help() for name, sub in _subparsers(build_parser()).items()}
    assert {"analyse", "simulate", "bot serve"} <= set(helps)
    for name, text in helps.items():
        for markup in ("``", ":mod:", ":func:", ":class:", ":data:", ":meth:"):
            assert markup not in text, f"bergen {name} --help shows {markup}"


@pytest.mark.parametrize("command", [("arena",), ("play",), ("bot", "serve")])
def test_bot_lists_in_help_name_every_built_in_bot(command: tuple[str, ...]) -> None:
    text = _help(*command)
    assert {"strategy", "pimc", "ismcts"} <= set(BUILTIN_BOTS)
    for name in BUILTIN_BOTS:
        assert re.search(rf"\b{name}\b", text), f"bergen {' '.join(command)} --help lacks {name}"


def _text_rules(state: RoundState) -> str:
    """The rules field of a position's text (its first field)."""
    return state.to_text().split(" ")[0]


def test_a_preset_with_a_switch_flipped_is_named_as_its_position_text_names_it() -> None:
    four = MatchState.new(4, CLASSIC.replace(partnerships=True), seed=2).round
    assert four is not None
    assert _text_rules(four) == "classic/1+partnerships"
    assert four.rules.label == "classic v1 +partnerships"
    block = MatchState.new(3, CLASSIC.replace(drawing=False), seed=2).round
    assert block is not None
    assert _text_rules(block) == "classic/1-drawing"
    assert block.rules.label == "classic v1 -drawing"  # EN "Block Bergen"
    assert "custom" not in str(block)
    # Rules the position text cannot write keep the custom label.
    assert CLASSIC.replace(target=21).label == "custom (based on classic)"


def test_a_replace_that_changes_nothing_keeps_the_preset() -> None:
    assert SIMPLE.lead_scores is False
    same = SIMPLE.replace(lead_scores=False)
    assert same is SIMPLE
    assert same.label == "simple v1"
    state = MatchState.new(3, same, seed=4).round
    assert state is not None
    assert _text_rules(state) == "simple/1"
    # Flipping a switch and flipping it back is the preset again.
    assert CLASSIC.replace(partnerships=True).replace(partnerships=False) is CLASSIC


def test_the_simulate_transcript_explains_its_marks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    head = out.split("\nRound 0 ")[0]
    assert "L left" in head and "R right" in head  # 3-0L, 2-0R
    assert "d: a double" in head  # ends 0d|0d
    assert "reduced from" in head and "rule 6" in head
    assert re.search(r"ends \dd\|", out)  # the marks explained are the marks printed


def test_a_double_is_written_alike_in_play_and_in_print() -> None:
    line = LineOfPlay.parse("5-1 *1-1 1-4")
    assert draw_line(line) == "[5|1][1:1][1|4]"
    assert draw_line(line) in line_text(line)
    assert draw_tile(Tile(0, 0)) == "[0:0]"
    assert draw_tile(Tile(6, 4), 4) == "[4|6]"


def _rules_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_rules_arguments(parser)
    return parser.parse_args([])


def test_play_shows_scores_and_every_hand_at_a_round_end_and_waits() -> None:
    prompts: list[str] = []
    answers = itertools.cycle(["", *(str(n) for n in range(1, 12)), "l", "r"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    assert play_match(2, 0, ["greedy"], 5, _rules_args(), ask=ask, out=out) == 0
    text = out.getvalue()
    rounds = text.count("Round over:")
    assert rounds >= 2
    pauses = [p for p in prompts if p.startswith("Press Enter for the next round")]
    assert len(pauses) == rounds - 1  # after every round but the last, which ends the match
    for block in text.split("Round over:")[1:]:
        end = block.split("\n=== Round")[0]
        assert re.search(r"^Scores: you \d+, seat 1 \(greedy\) \d+ \(target \d+\)\.$", end, re.M)
        # Your own hand is shown with the others' (or that you played every tile).
        assert re.search(r"^  You (held \[|played every tile)", end, re.M)


def test_leaving_with_q_shows_the_scores() -> None:
    answers = iter(["q"])
    out = io.StringIO()
    assert play_match(2, 0, ["greedy"], 5, _rules_args(), lambda _: next(answers), out) == 0
    last = out.getvalue().strip().splitlines()[-1]
    assert re.fullmatch(
        r"You left the match\. Scores: you \d+, seat 1 \(greedy\) \d+ \(target 15\)\. Bye\.", last
    )


def _round() -> RoundState:
    mine = [Tile(0, 0), Tile(6, 5)]  # the lowest double leads (rule 2)
    rest = [t for t in TILES if t not in mine]
    return RoundState.from_position([mine, rest[:6]], rest[6:], LineOfPlay.empty(), to_move=0)


@pytest.mark.parametrize("seat", ["0", 0.0, True, None])
def test_a_seat_that_is_no_seat_number_is_a_bad_argument(seat: object) -> None:
    state = _round()
    (lead,) = state.legal_moves()
    if seat is None:
        assert state.apply(lead, seat)[0].line.lead == Tile(0, 0)
        return
    with pytest.raises(ArgumentError, match="seat must be a seat number") as info:
        state.apply(lead, seat)  # type: ignore[arg-type]
    assert not isinstance(info.value, IllegalMoveError)  # no NOT_YOUR_TURN reason
    with pytest.raises(ArgumentError):
        state.check(lead, seat)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        MatchState.from_round(state).apply(lead, seat)  # type: ignore[arg-type]


class _Index:
    """A seat number as NumPy's integers give it: a value with ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("seat", [7, 2, -1, _Index(5)])
def test_a_seat_number_that_is_no_seat_of_the_round_is_a_bad_argument(seat: object) -> None:
    # Rule 1: the seats of a two-seat round are 0 and 1. Before, seat 7 was IllegalMoveError
    # NOT_YOUR_TURN, as if seat 7 sat at the table and only waited for its turn.
    n = operator.index(seat)  # type: ignore[call-overload]
    message = rf"seat {n} is not a seat of this 2-seat round: the seats are 0\.\.1"
    state = _round()
    (lead,) = state.legal_moves()
    match = MatchState.from_round(state)
    public = PublicRound.start(CLASSIC, 2)
    public_match = PublicMatch.start(CLASSIC, 2)
    chance = ChanceRound.start(list(MatchState.new(2, seed=1).round.hands), CLASSIC)
    calls = {
        "RoundState.apply": lambda: state.apply(lead, seat),
        "RoundState.check": lambda: state.check(lead, seat),
        "MatchState.apply": lambda: match.apply(lead, seat),
        "PublicRound.apply": lambda: public.apply("0-0", seat),
        "PublicMatch.apply": lambda: public_match.apply("0-0", seat),
        "ChanceRound.apply": lambda: chance.apply(chance.legal_moves()[0], seat),
    }
    for name, call in calls.items():
        with pytest.raises(ArgumentError, match=message) as info:
            call()
        assert not isinstance(info.value, IllegalMoveError), name
    # The states are unchanged: the right seat still makes the move.
    assert state.apply(lead, 0)[0].line.lead == Tile(0, 0)
    assert public.apply("0-0", 0)[0].line.lead == Tile(0, 0)


@pytest.mark.parametrize("seed", ["x", 1.5, 2**70])
def test_a_bad_seed_is_a_bad_argument_not_a_position(seed: object) -> None:
    with pytest.raises(ArgumentError, match="seed") as info:
        MatchState.new(3, seed=seed)  # type: ignore[arg-type]
    assert not isinstance(info.value, PositionError)
    assert isinstance(info.value, BergenError) and isinstance(info.value, ValueError)
    with pytest.raises(ArgumentError):
        MatchState.from_round(_round(), seed=seed)  # type: ignore[arg-type]
