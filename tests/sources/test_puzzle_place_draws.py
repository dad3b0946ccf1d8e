"""puzzle-place draws "as for Muggins" (issue 27, item 8): a seat may draw while it holds a tile
that fits, which the site's Muggins page allows ("It is permissible to draw even though the
player holds a piece which would play"); docs/rules.md, rule 4 and "Published pages".
"""

from __future__ import annotations

import json
import random

import pytest

from bergen import (
    CLASSIC,
    DRAW,
    PUZZLE_PLACE,
    Deal,
    DrawWhen,
    FixedReserve,
    IllegalMoveError,
    LineOfPlay,
    MatchState,
    Play,
    Reason,
    RecordError,
    RoundState,
    Tile,
    parse_move,
    sample_world,
    voids,
)
from bergen.cli import main
from bergen.records.rules_json import rules_from_json
from bergen.tiles import TILES


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


# Seat 0 holds the 6-6, the highest double, and leads it; seat 1 then holds the 6-5, which fits.
HANDS = [tiles("6-6 5-0 3-0 2-0 1-0 0-0"), tiles("6-5 4-4 3-3 2-2 1-1 4-3")]
BONEYARD = [t for t in TILES if t not in HANDS[0] + HANDS[1]]


def _after_the_lead(rules: object) -> RoundState:
    state = RoundState.start(Deal(HANDS, BONEYARD), rules, dealer=1)  # type: ignore[arg-type]
    state, _ = state.apply(parse_move("6-6"))
    assert state.to_move == 1
    return state


def test_the_preset_draws_at_any_time_without_a_reserve_in_version_2() -> None:
    assert PUZZLE_PLACE.draw_when is DrawWhen.ANY_TIME
    assert PUZZLE_PLACE.reserve == FixedReserve(0)
    assert PUZZLE_PLACE.version == "2"
    assert CLASSIC.draw_when is DrawWhen.NOTHING_FITS


def test_a_seat_holding_a_tile_that_fits_may_draw_and_keeps_the_turn() -> None:
    state = _after_the_lead(PUZZLE_PLACE)
    legal = state.legal_moves()
    assert Play(Tile(6, 5), parse_move("6-5L").end) in legal  # type: ignore[union-attr]
    assert legal[-1] == DRAW  # after the plays
    drawn = state.boneyard.tiles[0]
    after, events = state.apply(DRAW)
    assert events == ()
    assert after.to_move == 1  # a draw keeps the turn (rule 4)
    assert drawn in after.hands[1].tiles and len(after.hands[1].tiles) == 7
    # ... and it may draw again, down to the last tile: no reserve (0).
    while DRAW in after.legal_moves():
        after, _ = after.apply(DRAW)
    assert len(after.boneyard.tiles) == 0
    assert all(isinstance(m, Play) for m in after.legal_moves())


def test_the_classic_rules_still_refuse_a_draw_while_a_tile_fits() -> None:
    state = _after_the_lead(CLASSIC.replace(lead=PUZZLE_PLACE.lead))
    assert DRAW not in state.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(DRAW)
    assert info.value.reason is Reason.MUST_PLAY


def test_a_draw_at_any_time_shows_no_void_and_worlds_keep_the_true_hand() -> None:
    state, _ = _after_the_lead(PUZZLE_PLACE).apply(DRAW)
    state, _ = state.apply(parse_move("6-5R"))  # it played a tile it held before the draw
    view = state.view(0)
    assert voids(view)[1] == frozenset()
    # Under the classic rules the same draw shows seat 1 held no 6 (it had to play one).
    classic, _ = _after_the_lead(CLASSIC.replace(lead=PUZZLE_PLACE.lead)).apply(parse_move("6-5R"))
    assert voids(classic.view(0))[1] == frozenset()  # it played: nothing shown either
    # Seen from seat 0, seat 1 may have been dealt sixes (it was: the 6-5); a sampler that read
    # the draw as "no 6 in hand" would never deal it one.
    rng = random.Random(1)
    dealt_a_six = 0
    for _ in range(60):
        world = sample_world(view, rng)
        assert world.view(0) == view
        deal = world.deal
        assert deal is not None
        dealt_a_six += any(6 in (t.high, t.low) for t in deal.hands[1])
    assert dealt_a_six > 0


def test_search_and_playouts_take_the_draw_too() -> None:
    # The solver's moves and a random playout's choices are the legal moves, the draw included.
    from bergen.solver import solve

    line = LineOfPlay.parse("*4-4")
    mine = tiles("4-1 6-6")
    other = tiles("5-5 3-2")
    rest = [t for t in TILES if t not in [*mine, *other, Tile(4, 4)]]
    # Two tiles above a reserve of 18: a search small enough to finish at once.
    rules = PUZZLE_PLACE.replace(reserve=FixedReserve(len(rest) - 2))
    state = RoundState.from_position([mine, other], rest, line, 0, rules)
    assert DRAW in state.legal_moves()
    solution = solve(state)
    assert DRAW in {v.move for v in solution.values}


def test_a_record_of_puzzle_place_version_1_is_refused_by_name() -> None:
    with pytest.raises(RecordError, match=r"puzzle-place version '1'.*version '2'"):
        rules_from_json({"preset": "puzzle-place", "version": "1"})
    assert rules_from_json({"preset": "puzzle-place", "version": "2"}) is PUZZLE_PLACE


def test_the_command_line_switch_and_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--players", "2", "--seed", "4", "--json", "--rules", "puzzle-place"])
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"] == {"preset": "puzzle-place", "version": "2"}
    args = ["simulate", "--players", "2", "--seed", "4", "--json", "--draw-when", "any-time"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"]["draw_when"] == "any-time" and doc["rules"]["base"] == "classic"
    match = MatchState.new(2, CLASSIC.replace(draw_when=DrawWhen.ANY_TIME), seed=4)
    assert match.rules.label == "custom (based on classic)"


def test_bergen_play_offers_the_draw_while_a_tile_fits() -> None:
    import io

    from bergen.cli.play import _Table

    state = _after_the_lead(PUZZLE_PLACE)
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "d"

    match = MatchState.new(2, PUZZLE_PLACE, seed=1)
    table = _Table(match, 1, {}, {0: "greedy"}, ask, io.StringIO())
    assert table.human_move(state) == DRAW
    assert "d to draw" in prompts[0]
    classic = _after_the_lead(CLASSIC.replace(lead=PUZZLE_PLACE.lead))
    prompts.clear()
    answers = iter(["d", "6-5r"])
    table = _Table(
        match, 1, {}, {0: "greedy"}, lambda p: prompts.append(p) or next(answers), io.StringIO()
    )
    assert table.human_move(classic) == parse_move("6-5R")  # "d" is refused: the 6-5 fits
    assert "d to draw" not in prompts[0]
