"""str() of rounds, views and matches: a few readable lines (issue 16)."""

from __future__ import annotations

from bergen import CLASSIC, LineOfPlay, MatchState, RoundState, parse_move
from bergen.display import line_text

# The worked hand of the rules page, after Alice's 1-1 lead (docs/rules.md, "A worked hand").
WORKED = (
    "simple/1 0-0,2-2,4-3,5-4/4-1,5-3,6-0,6-3,6-4/2-0,3-1,4-2,5-1,6-6 *1-1 "
    "6-2,1-0,2-1,3-0,3-2,3-3,4-0,4-4,5-0,5-2,5-5,6-1,6-5 2,6,3 0 1"
)
MOVES = ["4-1R", "5-1L", "5-4L", "6-4R", "6-6R", "4-3L", "6-3L", "draw", "6-2L"]


def worked_state() -> RoundState:
    state, _ = RoundState.from_text(WORKED).play_out([parse_move(m) for m in MOVES])
    return state


def test_the_line_shows_tiles_doubles_across_and_the_open_ends() -> None:
    assert line_text(LineOfPlay.empty()) == "(empty)"
    assert line_text(LineOfPlay.parse("5-1 *1-1 1-4")) == "5 [5|1][1:1][1|4] 4"
    assert line_text(LineOfPlay.parse("*6-6")) == "6d [6:6] 6d"  # both ends show the double


def test_str_of_a_round_after_the_worked_hands_ninth_action() -> None:
    # Scores 4, 9, 3: Alice's double header and Ben's triple header (rule 5) on 2, 6, 3.
    assert str(worked_state()) == "\n".join(
        [
            "round (simple v1), 3 seats, dealer seat 0: seat 0 to move",
            "line: 2 [2|6][6|3][3|4][4|5][5|1][1:1][1|4][4|6][6:6] 6d",
            "seat 0: 0-0 2-2  <- to move",
            "seat 1: 5-3 6-0",
            "seat 2: 2-0 3-1 4-2",
            "boneyard: 12 tiles, 12 to draw",
            "scores: seat 0 4, seat 1 9, seat 2 3 (target 10)",
        ]
    )


def test_str_of_a_view_hides_the_other_hands() -> None:
    text = str(worked_state().view(1))
    assert (
        text.splitlines()[0] == "seat 1's view (simple v1), 3 seats, dealer seat 0: seat 0 to move"
    )
    assert "seat 0: 2 tiles (hidden)  <- to move" in text
    assert "seat 1: 5-3 6-0" in text and "seat 2: 3 tiles (hidden)" in text
    assert "2-0" not in text and "0-0" not in text


def test_str_of_a_match_and_of_a_finished_round() -> None:
    m = MatchState.new(4, CLASSIC.replace(partnerships=True), seed=1)
    lines = str(m).splitlines()
    assert lines[0] == (
        "match (classic v1 +partnerships), 4 seats, target 15: seats 0+2 0, seats 1+3 0; "
        "0 rounds played"
    )
    assert lines[1].startswith("round (classic v1 +partnerships), 4 seats, dealer seat 0")
    assert len(lines) == 9
    # The seat to move holds the 0-0, the lowest double, which must lead (rule 2).
    mover = next(ln for ln in lines if ln.endswith("<- to move"))
    assert "0-0" in mover
    done = worked_state().play_out([parse_move(m) for m in ["2-2L", "6-0R", "2-0L", "0-0L"]])[0]
    assert str(done).splitlines()[0].endswith("over: seat 0 went out (seat 0)")
    assert "seat 0: (none)" in str(done)
