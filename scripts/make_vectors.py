"""Generate the conformance vectors, shipped in the package as src/bergen/vectors/: *.json,
invalid/*.json and perft.json.

Usage:
    python scripts/make_vectors.py            # write the files
    python scripts/make_vectors.py --check    # regenerate in memory, compare with the files

Three kinds of vector:

* Random matches: one seeded match per preset and per value of every switch of docs/rules.md,
  "Variants" table, played by random legal moves. Some need a rare event (a redeal, draws for a
  lead double, a reduced header, a blocked hand); the generator tries seeds from a base until
  the match shows it, so the vector is sure to exercise the rule.
* Hand-built positions: small records whose events were worked out by hand from docs/rules.md
  (its "Test vectors worth having" and rules 4-9). The generator replays each one and stops if
  the engine disagrees with the hand-written events.
* Invalid records (invalid/): each must be rejected at the round and action named in
  its meta field "expect_error", for the reason named after the colon (bergen's
  RecordError.reason: "round 0, action 0: wrong_lead").

plus perft.json: for fixed deals, the number of distinct action sequences of each depth
1..N from the start of the round (draws included), under several rulesets.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from bergen import (
    CLASSIC,
    SIMPLE,
    BlockedHandJudge,
    Deal,
    DrawWhen,
    EventKind,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
    LeadTile,
    LineOfPlay,
    MatchEnd,
    MatchState,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    Outcome,
    OutcomeKind,
    PartnershipBlock,
    Play,
    Points,
    Record,
    RecordedAction,
    RecordedEvent,
    RoundRecord,
    RoundState,
    Rules,
    ScoreEvent,
    Tile,
    parse_move,
    perft_counts,
    record_match,
    replay,
)
from bergen.moves import Draw, Lead, Pass
from bergen.records import Position, dumps, format_json, rules_to_json
from bergen.rules import ONLINEDOMINOGAMES, PRESETS, PUZZLE_PLACE
from bergen.tiles import TILES

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "src" / "bergen" / "vectors"

Check = Callable[[MatchState], bool]


# ------------------------------------------------------------------------- random matches


def has_redeal(m: MatchState) -> bool:
    return bool(m.redeals)


def has_lead_draws(m: MatchState) -> bool:
    return any(r.lead_draws for r in m.rounds)


def has_block(m: MatchState) -> bool:
    return any(r.outcome is not None and r.outcome.kind is OutcomeKind.BLOCKED for r in m.rounds)


def has_won_block(m: MatchState) -> bool:
    return any(
        r.outcome is not None
        and r.outcome.kind is OutcomeKind.BLOCKED
        and r.outcome.side is not None
        for r in m.rounds
    )


def _round_events(m: MatchState, final: RoundState) -> list[tuple[ScoreEvent, int]]:
    """A finished round's events, each with its side's score before it (recomputed)."""
    idx = m.rounds.index(final)
    before = m.rounds[idx - 1].scores if idx else (0,) * len(m.scores)
    deal = final.deal
    assert deal is not None
    s = RoundState.start(deal, m.rules, dealer=final.dealer, scores=before)
    out: list[tuple[ScoreEvent, int]] = []
    for a in final.history:
        scores = s.scores
        s, evs = s.apply(a.move)
        for e in evs:
            out.append((e, scores[e.side]))
            scores = tuple(v + (e.points if i == e.side else 0) for i, v in enumerate(scores))
    return out


def _events(m: MatchState) -> list[tuple[ScoreEvent, int]]:
    return [x for r in m.rounds for x in _round_events(m, r)]


def has_reduced_header(m: MatchState) -> bool:
    return any(e.points != e.base_points for e, _ in _events(m))


def has_unreduced_header_near_target(m: MatchState) -> bool:
    """A header scored in full where rule 6 would have reduced it (need <= 3)."""
    return any(
        e.kind in (EventKind.DOUBLE_HEADER, EventKind.TRIPLE_HEADER)
        and e.points > NearTargetReduction().reduce(e.points, before, m.target)
        for e, before in _events(m)
    )


def has_triple(m: MatchState) -> bool:
    return any(e.kind is EventKind.TRIPLE_HEADER for e, _ in _events(m))


def block_decided_by(other: BlockedHandJudge) -> Check:
    """A blocked round whose winner differs under ``other``: the vector tells the rules apart."""

    def check(m: MatchState) -> bool:
        for r in m.rounds:
            if r.outcome is None or r.outcome.kind is not OutcomeKind.BLOCKED:
                continue
            sides: list[list[Tile]] = [[] for _ in m.scores]
            for seat, h in enumerate(r.hands):
                sides[r.side_of(seat)].extend(h)
            if m.rules.blocked.winner(sides) != other.winner(sides):
                return True
        return False

    return check


def has_draw_while_a_tile_fits(m: MatchState) -> bool:
    """Some seat drew while it held a tile that fits (rule 4, ``DrawWhen.ANY_TIME``)."""
    for idx, final in enumerate(m.rounds):
        deal = final.deal
        assert deal is not None
        before = m.rounds[idx - 1].scores if idx else (0,) * len(m.scores)
        s = RoundState.start(deal, m.rules, dealer=final.dealer, scores=before)
        for a in final.history:
            legal = s.legal_moves()
            if isinstance(a.move, Draw) and any(isinstance(x, Play) for x in legal):
                return True
            s, _ = s.apply(a.move)
    return False


def drew_into(n: int) -> Check:
    """Some round drew the boneyard down below ``n`` tiles."""
    return lambda m: any(len(r.boneyard) < n for r in m.rounds)


def ends_mid_round(m: MatchState) -> bool:
    last = m.rounds[-1].outcome
    return last is not None and last.kind is OutcomeKind.TARGET_REACHED


def all_of(*checks: Check) -> Check:
    return lambda m: all(c(m) for c in checks)


def play_match(rules: Rules, seats: int, seed: int) -> MatchState:
    match = MatchState.new(seats, rules, seed=seed)
    players = random.Random(seed * 7919 + 17)  # the players' own generator, apart from the deals
    while not match.is_over:
        # Choose from the legal moves in canonical-text order, so that the vectors depend on
        # which moves are legal, not on the order the engine lists them in.
        match, _ = match.apply(players.choice(sorted(match.legal_moves(), key=str)))
    return match


def random_vector(
    name: str, description: str, rules: Rules, seats: int, seed: int, want: Check | None = None
) -> tuple[str, Record]:
    for s in range(seed, seed + 2000):
        match = play_match(rules, seats, s)
        if want is None or want(match):
            meta = (
                ("description", description),
                ("kind", "random match"),
                ("players", f"random.Random({s} * 7919 + 17).choice, legal moves sorted as text"),
            )
            # A finished match deals nothing more: the vector stays a version 1 record.
            return name, attrs.evolve(record_match(match, meta=meta), shuffles=None)
    raise SystemExit(f"{name}: no seed in {seed}..{seed + 1999} shows the wanted event")


def random_vectors() -> list[tuple[str, Record]]:
    c, s = CLASSIC, SIMPLE
    v = random_vector
    return [
        v("classic-2p", "classic preset, two seats (6 tiles each, target 15)", c, 2, 1, has_triple),
        v(
            "classic-3p",
            "classic preset, three seats (6 tiles each, target 10)",
            c,
            3,
            1,
            all_of(has_reduced_header, ends_mid_round),
        ),
        v("classic-4p", "classic preset, four individuals (5 tiles each, target 10)", c, 4, 1),
        v(
            "classic-partnerships",
            "classic preset, two partnerships (target 15)",
            c.replace(partnerships=True),
            4,
            1,
            all_of(has_won_block, has_reduced_header),
        ),
        v(
            "classic-redeal",
            "classic: nobody dealt a double, the deal is thrown in (rule 2)",
            c,
            2,
            1,
            has_redeal,
        ),
        v("simple-2p", "simple preset, two seats (6 tiles each, target 15)", s, 2, 1),
        v(
            "simple-3p",
            "simple preset, three seats (5 tiles each, target 10)",
            s,
            3,
            1,
            block_decided_by(FewestDoublesThenPips()),
        ),
        v("simple-4p", "simple preset, four individuals (5 tiles each, target 10)", s, 4, 1),
        v(
            "simple-partnerships",
            "simple preset, two partnerships (target 15)",
            s.replace(partnerships=True),
            4,
            1,
        ),
        v(
            "simple-lead-draws",
            "simple: nobody dealt a double, seats draw in turn for one",
            s,
            2,
            1,
            has_lead_draws,
        ),
        v(
            "switch-lead-scores-off",
            "classic with lead scoring off (EN 'Scoring the lead')",
            c.replace(lead_scores=False),
            3,
            1,
        ),
        v(
            "switch-lead-scores-on",
            "simple with the lead scoring 2 (SV, DE)",
            s.replace(lead_scores=True),
            3,
            1,
        ),
        v(
            "switch-target-15",
            "classic, fifteen for every table (EN)",
            c.replace(target=FixedTarget(15)),
            3,
            1,
        ),
        v(
            "switch-target-15-simple",
            "simple, fifteen for every table (EN)",
            s.replace(target=FixedTarget(15)),
            4,
            1,
        ),
        v(
            "switch-reserve-0",
            "classic with reserve 0: the whole boneyard may be drawn",
            c.replace(reserve=FixedReserve(0)),
            2,
            1,
            drew_into(2),
        ),
        v(
            "switch-reserve-2-simple",
            "simple with reserve 2 (EN 'Leaving the last two')",
            s.replace(reserve=FixedReserve(2)),
            3,
            1,
            has_block,
        ),
        v(
            "switch-reserve-5",
            "classic with a reserve of 5 tiles (any count)",
            c.replace(reserve=FixedReserve(5)),
            2,
            1,
            has_block,
        ),
        v(
            "switch-no-draw",
            "classic, Block Bergen: drawing off (EN)",
            c.replace(drawing=False),
            3,
            1,
            has_won_block,
        ),
        v(
            "switch-no-draw-simple",
            "simple, Block Bergen: drawing off (EN)",
            s.replace(drawing=False),
            2,
            1,
            has_won_block,
        ),
        v(
            "switch-block-fewest-pips",
            "classic with the fewest-pips blocked-hand rule, no draw",
            c.replace(blocked=FewestPips(), drawing=False),
            3,
            1,
            block_decided_by(FewestDoublesThenPips()),
        ),
        v(
            "switch-block-fewest-doubles",
            "simple with the fewest-doubles-then-pips rule, no draw",
            s.replace(blocked=FewestDoublesThenPips(), drawing=False),
            3,
            1,
            block_decided_by(FewestPips()),
        ),
        v(
            "switch-block-no-double-first",
            "classic: a hand without doubles wins a block (EN)",
            c.replace(blocked=NoDoubleFirst(), drawing=False),
            3,
            1,
            block_decided_by(FewestPips()),
        ),
        v(
            "switch-block-non-double-pips",
            "classic: no double first, then non-double pips (puzzle-place)",
            c.replace(blocked=NoDoubleFirstNonDoublePips(), drawing=False),
            2,
            1,
            block_decided_by(NoDoubleFirst()),
        ),
        v(
            "switch-draw-any-time",
            "classic, but a seat may draw while it holds a tile that fits (puzzle-place)",
            c.replace(draw_when=DrawWhen.ANY_TIME),
            3,
            1,
            all_of(has_draw_while_a_tile_fits, has_won_block),
        ),
        v(
            "puzzle-place-2p",
            "puzzle-place preset (version 2: draws at any time, as for Muggins), two seats",
            PUZZLE_PLACE,
            2,
            1,
            has_draw_while_a_tile_fits,
        ),
        v(
            "switch-no-double-draw",
            "classic, but draw in turn when nobody holds a double",
            c.replace(no_double=NoDouble.DRAW_IN_TURN),
            2,
            1,
            has_lead_draws,
        ),
        v(
            "switch-no-double-redeal",
            "simple, but redeal when nobody holds a double",
            s.replace(no_double=NoDouble.REDEAL),
            2,
            1,
            has_redeal,
        ),
        v(
            "switch-hand-sizes-655",
            "classic with the English page's hand sizes 6/5/5",
            c.replace(hand_sizes=HandSizes(6, 5, 5)),
            3,
            1,
        ),
        v(
            "switch-hand-sizes-665",
            "simple with the Swedish/German hand sizes 6/6/5",
            s.replace(hand_sizes=HandSizes(6, 6, 5)),
            3,
            1,
        ),
        v(
            "switch-hand-sizes-754",
            "classic with hand sizes 7/5/4 (any)",
            c.replace(hand_sizes=HandSizes(7, 5, 4)),
            2,
            1,
        ),
        v(
            "switch-lead-highest",
            "classic with the highest double leading (domino-games.com)",
            c.replace(lead=HighestDouble()),
            3,
            1,
        ),
        v(
            "switch-lead-highest-simple",
            "simple with the highest double leading",
            s.replace(lead=HighestDouble()),
            2,
            1,
        ),
        v(
            "switch-points-2311",
            "classic with going out and a block worth 1 (domino-games.com)",
            c.replace(points=Points(2, 3, 1, 1)),
            3,
            1,
            has_won_block,
        ),
        v(
            "switch-reduction-off",
            "classic without the reduction near the target (EN)",
            c.replace(reduction=NoReduction()),
            3,
            1,
            has_unreduced_header_near_target,
        ),
        v(
            "switch-reduction-on-simple",
            "simple with the reduction near the target (SV, Celko)",
            s.replace(reduction=NearTargetReduction()),
            3,
            1,
            has_reduced_header,
        ),
        v(
            "switch-partnerships-no-draw",
            "classic partnerships, Block Bergen",
            c.replace(partnerships=True, drawing=False),
            4,
            1,
            has_won_block,
        ),
    ]


# ------------------------------------------------------------------------- hand-built positions


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def ev(
    action: int,
    kind: str,
    seat: int,
    points: int,
    tile: str | None = None,
    base: int | None = None,
    side: int | None = None,
) -> RecordedEvent:
    return RecordedEvent(
        action,
        ScoreEvent(
            EventKind(kind),
            seat,
            seat if side is None else side,
            points,
            points if base is None else base,
            None if tile is None else Tile.parse(tile),
        ),
    )


def action(text: str) -> RecordedAction:
    if text.startswith("draw "):
        return RecordedAction(parse_move("draw"), Tile.parse(text[5:]))
    return RecordedAction(parse_move(text))


def position_record(
    description: str,
    rules: Rules,
    hands: list[str],
    line: str,
    to_move: int,
    actions: list[str],
    events: list[RecordedEvent],
    *,
    scores: list[int] | None = None,
    boneyard: str | None = None,
    outcome: Outcome | None = None,
    after: list[int] | None = None,
    expect_error: str | None = None,
) -> Record:
    """A one-round record from a set-up position; the boneyard defaults to every tile not placed
    elsewhere, lowest index first. ``after``: the scores after the round, stated in the record
    (checked on replay)."""
    hand_tiles = [tiles(h) for h in hands]
    lay = LineOfPlay.parse(line)
    if boneyard is None:
        placed = {t for h in hand_tiles for t in h} | {p.tile for p in lay.tiles}
        bone = tuple(t for t in TILES if t not in placed)
    else:
        bone = tiles(boneyard)
    meta = [("description", description), ("kind", "hand-built position, events by hand")]
    if expect_error is not None:
        meta.append(("expect_error", expect_error))
    return Record(
        rules=rules,
        names=(None,) * len(hands),
        rounds=(
            RoundRecord(
                dealer=0,
                deal=None,
                position=Position(
                    tuple(hand_tiles),
                    bone,
                    lay,
                    to_move,
                    None if scores is None else tuple(scores),
                ),
                actions=tuple(action(a) for a in actions),
                events=tuple(events),
                outcome=outcome,
                scores=None if after is None else tuple(after),
            ),
        ),
        meta=tuple(meta),
    )


def hand_built() -> list[tuple[str, Record]]:
    c, s = CLASSIC, SIMPLE
    out: list[tuple[str, Record]] = []
    # docs/rules.md test vector: ends 4 and 1, the 4-1 makes a double header on either end.
    for end in "LR":
        out.append(
            (
                f"position-header-4-1-{end}",
                position_record(
                    f"ends 4 and 1: the 4-1 on the {'left' if end == 'L' else 'right'} end makes a "
                    "double header, 2 (docs/rules.md, rule 5)",
                    c,
                    ["4-1 6-6 5-5", "6-5 2-2", "6-2 5-2"],
                    "4-3 *3-3 3-1",
                    0,
                    [f"4-1{end}"],
                    [ev(0, "double_header", 0, 2, "4-1")],
                ),
            )
        )
    # Ends 4 and a double six: 4-6 on the 4 is a triple header (3), on the 6-6 a double (2).
    for end, kind, pts in (("L", "triple_header", 3), ("R", "double_header", 2)):
        out.append(
            (
                f"position-header-6-4-{end}",
                position_record(
                    f"ends 4 and the 6-6: the 6-4 on the {'4' if end == 'L' else '6-6'} makes a "
                    f"{kind.replace('_', ' ')}, {pts} (docs/rules.md, rule 5)",
                    c,
                    ["6-4 5-5 1-1", "6-5 2-2", "6-2 5-2"],
                    "4-3 *3-3 3-6 6-6",
                    0,
                    [f"6-4{end}"],
                    [ev(0, kind, 0, pts, "6-4")],
                ),
            )
        )
    # Lead 3-3, 3-5 on one side, 5-6 on the 5, then 6-3 on the 6: a triple header.
    out.append(
        (
            "position-lead-3-3-triple",
            position_record(
                "lead 3-3 (scores 2 under classic), 3-5, 5-6, then 6-3 makes a triple header, 3 "
                "(docs/rules.md, rule 5)",
                c,
                ["3-3 6-5 4-0", "5-3 6-3 4-1"],
                "",
                0,
                ["3-3", "5-3R", "6-5R", "6-3R"],
                [ev(0, "double_header", 0, 2, "3-3"), ev(3, "triple_header", 1, 3, "6-3")],
            ),
        )
    )
    # Reduction near the target 10 (classic, three seats): score before the play 5 or 6: 2 and
    # 3; 7: 2 and 2; 8 or 9: 1 and 1 (docs/rules.md, rule 6).
    value = {5: (3, 2), 6: (3, 2), 7: (2, 2), 8: (1, 1), 9: (1, 1)}
    for score, (triple, double) in value.items():
        for end, kind, base, pts in (
            ("L", "triple_header", 3, triple),
            ("R", "double_header", 2, double),
        ):
            out.append(
                (
                    f"position-reduction-{score}-{kind.split('_')[0]}",
                    position_record(
                        f"target 10, score {score} before the play: a {kind.replace('_', ' ')} "
                        f"is worth {pts} (rule 6)",
                        c,
                        ["6-4 5-5 1-1", "6-5 2-2", "6-2 5-2"],
                        "4-3 *3-3 3-6 6-6",
                        0,
                        [f"6-4{end}"],
                        [ev(0, kind, 0, pts, "6-4", base=base)],
                        scores=[score, 0, 0],
                    ),
                )
            )
    # The lead is reduced too: need 2 makes the lead double worth 1 (rule 6, "the lead too").
    out.append(
        (
            "position-reduction-lead",
            position_record(
                "score 8 of 10: the lead double scores 1, not 2 (rule 6: every header, the lead "
                "too)",
                c,
                ["1-1 6-5", "2-2 6-4", "3-3 6-3"],
                "",
                0,
                ["1-1"],
                [ev(0, "double_header", 0, 1, "1-1", base=2)],
                scores=[8, 0, 0],
            ),
        )
    )
    # Going out with a header: header first, then going out (rule 7).
    out.append(
        (
            "position-going-out-with-header",
            position_record(
                "the last tile makes a double header: 2, then going out 2 (rule 7)",
                c,
                ["4-1", "6-5 2-2", "6-2 5-2"],
                "4-3 *3-3 3-1",
                0,
                ["4-1L"],
                [ev(0, "double_header", 0, 2, "4-1"), ev(0, "going_out", 0, 2, "4-1")],
                outcome=Outcome(OutcomeKind.WENT_OUT, 0, 0),
            ),
        )
    )
    # A last tile whose header reaches the target does not also score going out (rule 9).
    out.append(
        (
            "position-target-by-header",
            position_record(
                "score 9 of 10, the last tile makes a header worth 1: the match ends at 10 and "
                "going out is not scored (rules 6 and 9)",
                c,
                ["4-1", "6-5 2-2", "6-2 5-2"],
                "4-3 *3-3 3-1",
                0,
                ["4-1L"],
                [ev(0, "double_header", 0, 1, "4-1", base=2)],
                scores=[9, 0, 0],
                outcome=Outcome(OutcomeKind.TARGET_REACHED, 0, 0),
            ),
        )
    )
    out.append(
        (
            "position-target-past-simple",
            position_record(
                "simple, score 8 of 10, the last tile makes a triple header: 3 takes the side to "
                "11 (no reduction), and going out is not scored (rule 9)",
                s,
                ["6-4", "6-5 2-2", "6-2 5-2"],
                "4-3 *3-3 3-6 6-6",
                0,
                ["6-4L"],
                [ev(0, "triple_header", 0, 3, "6-4")],
                scores=[8, 0, 0],
                outcome=Outcome(OutcomeKind.TARGET_REACHED, 0, 0),
            ),
        )
    )
    # Blocked hands from docs/rules.md: winner by rule (fewest pips / fewest doubles / no
    # double first / non-double pips). Block Bergen (drawing off) so that the play blocks.
    judges = (
        ("fewest-pips", FewestPips()),
        ("fewest-doubles", FewestDoublesThenPips()),
        ("no-double-first", NoDoubleFirst()),
        ("non-double-pips", NoDoubleFirstNonDoublePips()),
    )
    cases = (
        # A [6-6], B [5-4, 3-2], C [1-1, 2-2] -> C / B / B / B; the blocking 4-0 makes the
        # ends 0 and 0, a double header for A first.
        (
            "a",
            ["6-6 4-0", "5-4 3-2", "1-1 2-2"],
            "4-3 *3-3 3-0",
            "4-0L",
            (2, 1, 1, 1),
            [ev(0, "double_header", 0, 2, "4-0")],
            "A [6-6], B [5-4, 3-2], C [1-1, 2-2]",
        ),
        # A [0-0, 6-5], B [1-1, 2-2] -> B / A / B / B.
        (
            "b",
            ["0-0 6-5 4-3", "1-1 2-2"],
            "*3-3",
            "4-3R",
            (1, 0, 1, 1),
            [],
            "A [0-0, 6-5], B [1-1, 2-2]",
        ),
        # A [0-0, 1-2], B [3-3, 4-4, 0-1] -> A / A / A / B.
        (
            "c",
            ["0-0 2-1 6-5", "3-3 4-4 1-0"],
            "*5-5",
            "6-5R",
            (0, 0, 0, 1),
            [],
            "A [0-0, 1-2], B [3-3, 4-4, 0-1]",
        ),
        # A [2-3], B [1-4] -> nobody under every rule.
        ("d", ["3-2 6-5", "4-1"], "*5-5", "6-5R", (None, None, None, None), [], "A [2-3], B [1-4]"),
    )
    for label, hands, line, play, winners, header, who in cases:
        for (jname, judge), winner in zip(judges, winners, strict=True):
            events = list(header)
            if winner is not None:
                events.append(ev(0, "blocked_hand", winner, 2))
            out.append(
                (
                    f"position-block-{label}-{jname}",
                    position_record(
                        f"blocked hand {who}: under {type(judge).__name__} "
                        f"{'nobody scores' if winner is None else f'seat {winner} scores 2'} "
                        "(docs/rules.md, rule 8)",
                        c.replace(blocked=judge, drawing=False),
                        hands,
                        line,
                        0,
                        [play],
                        events,
                        outcome=Outcome(OutcomeKind.BLOCKED, winner, winner),
                    ),
                )
            )
    # A partnership's block is judged on both hands together (rule 8): seats 0+2 hold
    # 6-6 and 2-1 (one double), seats 1+3 hold 5-4 and 3-2 (none): seats 1+3 win.
    out.append(
        (
            "position-block-partnerships",
            position_record(
                "partnerships: seats 0+2 hold 6-6 and 2-1, seats 1+3 hold 5-4 and 3-2; the side "
                "with no double wins the block (rule 8, judged on both hands together)",
                c.replace(partnerships=True, drawing=False),
                ["6-6 4-0", "5-4", "2-1", "3-2"],
                "4-3 *3-3 3-0",
                0,
                ["4-0L"],
                [ev(0, "double_header", 0, 2, "4-0"), ev(0, "blocked_hand", 1, 2)],
                outcome=Outcome(OutcomeKind.BLOCKED, 1, 1),
            ),
        )
    )
    # Drawing and the reserve (rule 4): seat 0 cannot match the 6-6; the boneyard holds 3-0 4-1
    # 5-2, then 6-3 and 6-2. With reserve 2 seat 0 draws three tiles and passes; with reserve 0
    # the fourth draw, the 6-3, fits and must be played; with drawing off seat 0 passes at once.
    rest = "0-0 1-1 2-0 2-2 3-1 3-2 3-3 4-0 4-2 4-3"
    others = ["6-5 4-4 5-0 5-1 5-3 5-4 5-5 6-0 6-1 6-4", rest]
    bone = "3-0 4-1 5-2 6-3 6-2"
    for name, rules, actions, note in (
        (
            "position-reserve-2",
            c,
            ["draw 3-0", "draw 4-1", "draw 5-2", "pass", "6-5R"],
            "reserve 2: seat 0 draws 3-0, 4-1, 5-2, cannot draw the last two, and passes",
        ),
        (
            "position-reserve-0",
            s,
            ["draw 3-0", "draw 4-1", "draw 5-2", "draw 6-3", "6-3L"],
            "reserve 0: seat 0 draws until the 6-3 fits, then must play it",
        ),
        (
            "position-no-draw",
            c.replace(drawing=False),
            ["pass", "6-5R"],
            "drawing off: seat 0 cannot match and passes without drawing",
        ),
    ):
        out.append(
            (
                name,
                position_record(
                    f"{note} (rule 4)",
                    rules,
                    ["1-0 2-1", *others],
                    "*6-6",
                    0,
                    actions,
                    [],
                    boneyard=bone,
                ),
            )
        )
    # Draw in turn for a lead double (simple, EN): dealer seat 2, so seat 0 draws first.
    deal = Deal(
        [tiles("1-0 2-0 2-1 3-0 3-1"), tiles("3-2 4-0 4-1 4-2 4-3"), tiles("5-0 5-1 5-2 5-3 5-4")],
        tiles("6-0 6-1 6-2 4-4 0-0 1-1 2-2 3-3 5-5 6-3 6-4 6-5 6-6"),
    )
    out.append(
        (
            "deal-lead-draws",
            Record(
                rules=s,
                names=(None, None, None),
                rounds=(
                    RoundRecord(
                        dealer=2,
                        deal=deal,
                        position=None,
                        actions=tuple(action(a) for a in ("4-4", "4-3L", "5-4R", "3-0L")),
                        events=(),
                    ),
                ),
                meta=(
                    (
                        "description",
                        "simple: nobody is dealt a double; left of the dealer (seat 2) "
                        "seats 0, 1, 2, 0 draw 6-0, 6-1, 6-2, 4-4, and seat 0 leads the 4-4 (EN)",
                    ),
                    ("kind", "hand-built deal, events by hand"),
                ),
            ),
        )
    )
    # A redeal (classic, rule 2): the first deal has no double, the second is dealt.
    no_double = Deal(
        [tiles("1-0 2-0 2-1 3-0 3-1 3-2"), tiles("4-0 4-1 4-2 4-3 5-0 5-1")],
        tiles("5-2 5-3 5-4 6-0 6-1 6-2 6-3 6-4 6-5 0-0 1-1 2-2 3-3 4-4 5-5 6-6"),
    )
    second = Deal(
        [tiles("1-1 2-0 2-1 3-0 3-1 3-2"), tiles("4-0 4-1 4-2 4-3 5-0 5-5")],
        tiles("5-2 5-3 5-4 6-0 6-1 6-2 6-3 6-4 6-5 0-0 1-0 2-2 3-3 4-4 5-1 6-6"),
    )
    out.append(
        (
            "deal-redeal",
            Record(
                rules=c,
                names=(None, None),
                rounds=(
                    RoundRecord(
                        dealer=0,
                        deal=second,
                        position=None,
                        redeals=(no_double,),
                        actions=tuple(action(a) for a in ("1-1", "4-1R", "3-1L")),
                        events=(ev(0, "double_header", 0, 2, "1-1"),),
                    ),
                ),
                meta=(
                    (
                        "description",
                        "classic: the first deal holds no double and is thrown in; "
                        "in the second seat 0 leads its 1-1 for 2 (rules 2 and 5)",
                    ),
                    ("kind", "hand-built deal, events by hand"),
                ),
            ),
        )
    )
    return out + new_switches()


def new_switches() -> list[tuple[str, Record]]:
    """Hand-built vectors for the switches lead_tile, match_end and partnership_block and for
    the combinations that only mean no draws (docs/rules.md, rules 2, 4, 8 and 9). Every event,
    result and score below was worked out by hand from docs/rules.md; the comments show the
    working (ends written left, right; ``d`` marks a double end)."""
    c, s = CLASSIC, SIMPLE
    out: list[tuple[str, Record]] = []
    any_lead = c.replace(lead_tile=LeadTile.ANY)
    # Rule 2, lead_tile=ANY: seat 0 holds the lowest double held, the 3-3, and leads any tile of
    # its hand: the 6-5, its higher number at the left end: ends 6, 5. A tile that is not a
    # double scores nothing as a lead (rules 2 and 5), although classic scores the lead. 5-3R
    # (5, so the 5 must be the right end): 6, 3. 3-3R: 6, 3d. 6-3L: 3, 3d, one end a double:
    # a triple header, 3 to seat 1 (rule 5).
    out.append(
        (
            "position-lead-any-non-double",
            position_record(
                "lead_tile any: the holder of the lowest double (3-3) leads the 6-5, 6 at the left "
                "end, and scores nothing (rules 2 and 5); the 6-3 then makes a triple header, 3",
                any_lead,
                ["3-3 6-5 4-0", "5-3 6-3 4-1"],
                "",
                0,
                ["6-5", "5-3R", "3-3R", "6-3L"],
                [ev(3, "triple_header", 1, 3, "6-3")],
            ),
        )
    )
    # Rule 2, lead_tile=ANY: seat 0 holds 3-3 (the lowest double held) and 5-5 and leads the
    # 5-5: a double led scores as a double header, 2 (rule 5). 5-3L: 3, 5d. 3-3L: 3d, 5d. 6-3L:
    # 6, 5d. 6-5L: 5, 5d: a triple header, 3, and seat 0's last tile: going out, 2 (rule 7).
    # Seat 0: 2 + 3 + 2 = 7 of 15, never within 3 of the target (rule 6).
    out.append(
        (
            "position-lead-any-other-double",
            position_record(
                "lead_tile any: the holder of the lowest double (3-3) leads its 5-5 instead, "
                "a double header, 2 (rules 2 and 5); then a triple header 3 and going out 2 "
                "with the last tile (rule 7)",
                any_lead,
                ["3-3 5-5 6-5", "5-3 6-3 4-1"],
                "",
                0,
                ["5-5", "5-3L", "3-3L", "6-3L", "6-5L"],
                [
                    ev(0, "double_header", 0, 2, "5-5"),
                    ev(4, "triple_header", 0, 3, "6-5"),
                    ev(4, "going_out", 0, 2, "6-5"),
                ],
                outcome=Outcome(OutcomeKind.WENT_OUT, 0, 0),
                after=[7, 0],
            ),
        )
    )
    # Rule 2 with draws in turn (simple, EN) and lead_tile=ANY: nobody is dealt a double; left
    # of the dealer (seat 2) seats 0, 1, 2, 0 draw 6-0, 6-1, 6-2, 4-4; seat 0 holds the only
    # double and leads any tile: the 6-0, ends 6, 0. 4-0R: 6, 4. 6-2L: 2, 4. 4-4R: 2, 4d.
    # 4-2L: 4, 4d, a triple header, 3 to seat 1 (rule 5).
    deal = Deal(
        [tiles("1-0 2-0 2-1 3-0 3-1"), tiles("3-2 4-0 4-1 4-2 4-3"), tiles("5-0 5-1 5-2 5-3 5-4")],
        tiles("6-0 6-1 6-2 4-4 0-0 1-1 2-2 3-3 5-5 6-3 6-4 6-5 6-6"),
    )
    out.append(
        (
            "deal-lead-draws-any",
            Record(
                rules=s.replace(lead_tile=LeadTile.ANY),
                names=(None, None, None),
                rounds=(
                    RoundRecord(
                        dealer=2,
                        deal=deal,
                        position=None,
                        actions=tuple(action(a) for a in ("6-0", "4-0R", "6-2L", "4-4R", "4-2L")),
                        events=(ev(4, "triple_header", 1, 3, "4-2"),),
                    ),
                ),
                meta=(
                    (
                        "description",
                        "simple with lead_tile any: nobody is dealt a double; seats 0, 1, 2, 0 "
                        "draw 6-0, 6-1, 6-2, 4-4 in turn, and seat 0, holding the 4-4, leads the "
                        "6-0 (rule 2); 4-2L then makes a triple header, 3 (rule 5)",
                    ),
                    ("kind", "hand-built deal, events by hand"),
                ),
            ),
        )
    )
    # Rule 9, match_end=ROUND_END (simple, three seats, target 10): seat 0 at 8 lays its last
    # tile, the 6-4 on the 4: ends 6, 6d, a triple header, 3 (no reduction): 11, past the
    # target; the round is played out and every event scores: going out, 2: 13. (Under the
    # default the match ends at the header: position-target-past-simple.)
    round_end = s.replace(match_end=MatchEnd.ROUND_END)
    out.append(
        (
            "position-round-end-going-out",
            position_record(
                "match_end round: at 8 of 10 the last tile makes a triple header, 3, and going "
                "out still scores, 2: 13 (rule 9); under the default only the header scores",
                round_end,
                ["6-4", "6-5 2-2", "6-2 5-2"],
                "4-3 *3-3 3-6 6-6",
                0,
                ["6-4L"],
                [ev(0, "triple_header", 0, 3, "6-4"), ev(0, "going_out", 0, 2, "6-4")],
                scores=[8, 0, 0],
                outcome=Outcome(OutcomeKind.WENT_OUT, 0, 0),
                after=[13, 0, 0],
            ),
        )
    )
    # Rule 9, match_end=ROUND_END (simple, two seats, target 15), both seats at 13. Ends 4, 1:
    # seat 0's 4-1L makes ends 1, 1, a double header, 2: 15, at the target; the round goes on.
    # Seat 1's last tile, the 1-1 on the left: 1d, 1, a triple header, 3: 16, then going out,
    # 2: 18. At the end of the round seat 1 alone has the highest score at or above the
    # target and wins, although seat 0 reached it first.
    out.append(
        (
            "position-round-end-overtaken",
            position_record(
                "match_end round: seat 0 reaches 15 with a header mid-round and the round goes "
                "on; seat 1 then scores a triple header 3 and going out 2 and wins 18 to 15 "
                "(rule 9)",
                round_end,
                ["4-1 6-6", "1-1"],
                "4-3 *3-3 3-1",
                0,
                ["4-1L", "1-1L"],
                [
                    ev(0, "double_header", 0, 2, "4-1"),
                    ev(1, "triple_header", 1, 3, "1-1"),
                    ev(1, "going_out", 1, 2, "1-1"),
                ],
                scores=[13, 13],
                outcome=Outcome(OutcomeKind.WENT_OUT, 1, 1),
                after=[15, 18],
            ),
        )
    )
    # Rules 6 and 9, classic (the reduction on) with match_end=ROUND_END and drawing off, two
    # seats, target 15. Seat 0 at 14: 4-1L makes ends 1, 1, a double header; need 1, so it is
    # worth 1: 15. Seat 1 (6-6 5-5) cannot play or draw and passes (rule 4). Seat 0's 1-1L:
    # 1d, 1, a triple header; need 0 <= 2, worth 1: 16; its last tile: going out 2 (never
    # reduced): 18.
    out.append(
        (
            "position-round-end-reduction",
            position_record(
                "match_end round with the reduction: at 14 of 15 a double header is worth 1 "
                "(15), at 15 a triple header too (need 0; 16), then going out 2: 18 (rules 6 "
                "and 9)",
                c.replace(match_end=MatchEnd.ROUND_END, drawing=False),
                ["4-1 1-1", "6-6 5-5"],
                "4-3 *3-3 3-1",
                0,
                ["4-1L", "pass", "1-1L"],
                [
                    ev(0, "double_header", 0, 1, "4-1", base=2),
                    ev(2, "triple_header", 0, 1, "1-1", base=3),
                    ev(2, "going_out", 0, 2, "1-1"),
                ],
                scores=[14, 0],
                outcome=Outcome(OutcomeKind.WENT_OUT, 0, 0),
                after=[18, 0],
            ),
        )
    )
    # Rule 9 on the onlinedominogames page (ROUND_END, highest double leads any tile, going out
    # 1, no reduction, target 15), a whole match of two rounds.
    # Round 0, a position at 14 and 15: seat 0 lays its last tile, 6-4L: ends 6, 1, no header;
    # going out 1: 15 and 15. Level on the highest score at or above the target: another round
    # (rule 9), dealt by seat 1 (the deal passes left).
    # Round 1 from 15, 15: seat 0 holds the highest double (6-6; seat 1 holds 5-5) and leads it:
    # 6d, 6d, a double header, 2: 17 (rule 5; no reduction, and the match goes on). 6-3R: 6d, 3.
    # 5-3R: 6d, 5. 6-1L: 1, 5. 5-1L: 5, 5, a double header, 2: seat 0 19. 5-5R: 5, 5d, a triple
    # header, 3: seat 1 18. 5-2L: 2, 5d. 4-2L: 4, 5d. 4-0L: 0, 5d. 5-0L: 5, 5d, a triple
    # header, 3: seat 1 21. 5-4L: 4, 5d, seat 0's last tile: going out, 1: 20. The round is
    # over and seat 1 alone has the highest score at or above 15: seat 1 wins 21 to 20.
    second = Deal(
        [tiles("6-6 5-3 5-1 5-2 4-0 5-4"), tiles("6-3 6-1 5-5 4-2 5-0 3-2")],
        tiles("0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-3 4-1 4-3 4-4 6-0 6-2 6-4 6-5"),
    )
    first = position_record(
        "",
        ONLINEDOMINOGAMES,
        ["6-4", "6-6 5-5"],
        "4-3 *3-3 3-1",
        0,
        ["6-4L"],
        [ev(0, "going_out", 0, 1, "6-4")],
        scores=[14, 15],
        outcome=Outcome(OutcomeKind.WENT_OUT, 0, 0),
        after=[15, 15],
    ).rounds[0]
    moves = ("6-6", "6-3R", "5-3R", "6-1L", "5-1L", "5-5R", "5-2L", "4-2L", "4-0L", "5-0L", "5-4L")
    out.append(
        (
            "match-round-end-tie",
            Record(
                rules=ONLINEDOMINOGAMES,
                names=(None, None),
                rounds=(
                    first,
                    RoundRecord(
                        dealer=1,
                        deal=second,
                        position=None,
                        actions=tuple(action(a) for a in moves),
                        events=(
                            ev(0, "double_header", 0, 2, "6-6"),
                            ev(4, "double_header", 0, 2, "5-1"),
                            ev(5, "triple_header", 1, 3, "5-5"),
                            ev(9, "triple_header", 1, 3, "5-0"),
                            ev(10, "going_out", 0, 1, "5-4"),
                        ),
                        outcome=Outcome(OutcomeKind.WENT_OUT, 0, 0),
                        scores=(20, 21),
                    ),
                ),
                scores=(20, 21),
                meta=(
                    (
                        "description",
                        "onlinedominogames (match_end round): round 0 ends level at 15 and 15, "
                        "so another round is played (rule 9); in it every header scores past the "
                        "target and seat 1 wins 21 to 20 at its end",
                    ),
                    ("kind", "hand-built match, events by hand"),
                ),
            ),
        )
    )
    # Rule 8, partnership_block=BEST_HAND (classic judge: fewest doubles, then pips; drawing
    # off). Ends 4, 0; seat 0's 4-0L makes 0, 0, a double header, 2. Nobody holds a 0: blocked.
    # The hands: seat 0 6-6 (1 double, 12 pips), seat 1 5-4 (0, 9), seat 2 2-1 (0, 3), seat 3
    # 3-2 (0, 5). The best single hand is seat 2's: seats 0+2 win the block, 2 (the event names
    # the side's seat 0). Judged together (position-block-partnerships) seats 1+3 win.
    best = c.replace(partnerships=True, drawing=False, partnership_block=PartnershipBlock.BEST_HAND)
    out.append(
        (
            "position-block-best-hand",
            position_record(
                "partnership_block best-hand: seats 0+2 hold 6-6 and 2-1, seats 1+3 hold 5-4 and "
                "3-2; the best single hand, seat 2's 2-1, wins the block for seats 0+2 (rule 8; "
                "judged together, seats 1+3 win)",
                best,
                ["6-6 4-0", "5-4", "2-1", "3-2"],
                "4-3 *3-3 3-0",
                0,
                ["4-0L"],
                [ev(0, "double_header", 0, 2, "4-0"), ev(0, "blocked_hand", 0, 2)],
                outcome=Outcome(OutcomeKind.BLOCKED, 0, 0),
                after=[4, 0],
            ),
        )
    )
    # Rule 8, BEST_HAND, level best hands. Ends 5, 6; seat 0's 6-5L makes 6, 6, a double
    # header, 2. Nobody holds a 6: blocked. Seat 0 5-5 (1, 10), seat 1 5-3 (0, 8), seat 2 2-1
    # (0, 3), seat 3 3-0 (0, 3): the best hands, seat 2's and seat 3's, are level and of both
    # sides: nobody scores. Together seats 0+2 hold one double and seats 1+3 none: 1+3 would win.
    out.append(
        (
            "position-block-best-hand-level",
            position_record(
                "partnership_block best-hand: the best single hands, seat 2's 2-1 and seat 3's "
                "3-0 (no double, 3 pips each), are level and of both sides: nobody scores the "
                "block (rule 8)",
                best,
                ["6-5 5-5", "5-3", "2-1", "3-0"],
                "5-4 *4-4 4-6",
                0,
                ["6-5L"],
                [ev(0, "double_header", 0, 2, "6-5")],
                outcome=Outcome(OutcomeKind.BLOCKED, None, None),
                after=[2, 0],
            ),
        )
    )
    # Rule 4, games without draws: a reserve at least as large as the boneyard. Three seats,
    # the boneyard 3-0 4-1 5-2 6-3 6-2 (five tiles) and a reserve of 16: seat 0 cannot match
    # the 6-6 and nothing can be drawn: it passes; seat 1 lays 6-5R: 6d, 5, no header.
    out.append(
        (
            "position-reserve-16",
            position_record(
                "reserve 16, more than the boneyard holds: seat 0 cannot match and passes "
                "without drawing (rule 4, games without draws)",
                c.replace(reserve=FixedReserve(16)),
                [
                    "1-0 2-1",
                    "6-5 4-4 5-0 5-1 5-3 5-4 5-5 6-0 6-1 6-4",
                    "0-0 1-1 2-0 2-2 3-1 3-2 3-3 4-0 4-2 4-3",
                ],
                "*6-6",
                0,
                ["pass", "6-5R"],
                [],
                boneyard="3-0 4-1 5-2 6-3 6-2",
            ),
        )
    )
    # Rule 4, games without draws: HandSizes(6, 6, 7) at four seats deals all 28 tiles. Seat 1
    # holds the lowest double, 0-0, and leads it: a double header, 2 (classic). Seat 2 holds no
    # 0 and the boneyard is empty: it passes. 6-0L: 6, 0d. 1-0R: 6, 1. Seat 1 holds no 6 or 1:
    # passes. 6-3L: 3, 1. Seat 3 holds no 3 or 1: passes. 3-1L: 1, 1, a double header, 2 to seat
    # 0 (target 10, need 10: no reduction).
    all_dealt = Deal(
        [
            tiles("1-0 1-1 2-1 3-1 4-1 5-1 6-1"),
            tiles("0-0 3-0 4-0 2-2 3-2 4-2 5-2"),
            tiles("6-2 3-3 4-3 5-3 6-3 4-4 5-4"),
            tiles("2-0 5-0 6-0 6-4 5-5 6-5 6-6"),
        ],
        (),
    )
    out.append(
        (
            "deal-all-tiles-dealt",
            Record(
                rules=c.replace(hand_sizes=HandSizes(6, 6, 7)),
                names=(None, None, None, None),
                rounds=(
                    RoundRecord(
                        dealer=0,
                        deal=all_dealt,
                        position=None,
                        actions=tuple(
                            action(a)
                            for a in ("0-0", "pass", "6-0L", "1-0R", "pass", "6-3L", "pass", "3-1L")
                        ),
                        events=(
                            ev(0, "double_header", 1, 2, "0-0"),
                            ev(7, "double_header", 0, 2, "3-1"),
                        ),
                    ),
                ),
                meta=(
                    (
                        "description",
                        "hand sizes 6/6/7: four seats are dealt all 28 tiles, so a seat that "
                        "cannot match passes at once (rule 4, games without draws); seat 1 leads "
                        "the 0-0 for 2 and 3-1L makes a double header, 2 (rules 2 and 5)",
                    ),
                    ("kind", "hand-built deal, events by hand"),
                ),
            ),
        )
    )
    return out


def worked_hand() -> list[tuple[str, Record]]:
    from bergen.records import load

    return [("worked-hand-003", load(ROOT / "examples" / "worked-hand.json"))]


def invalid() -> list[tuple[str, Record]]:
    from bergen.records import load

    c = CLASSIC
    strict = load(ROOT / "examples" / "worked-hand-strict.json")
    strict = Record(
        rules=strict.rules,
        names=strict.names,
        rounds=strict.rounds,
        start_scores=strict.start_scores,
        scores=strict.scores,
        meta=(*strict.meta, ("expect_error", "round 0, action 0: wrong_lead")),
    )
    hands = ["4-1 6-6 5-5", "6-5 2-2", "6-2 5-2"]
    return [
        ("worked-hand-003-strict", strict),
        (
            "wrong-event-points",
            position_record(
                "the record claims 3 for a double header",
                c,
                hands,
                "4-3 *3-3 3-1",
                0,
                ["4-1L"],
                [ev(0, "double_header", 0, 3, "4-1")],
                expect_error="round 0, action 0: events",
            ),
        ),
        (
            "missing-event",
            position_record(
                "the record omits the double header the 4-1 makes",
                c,
                hands,
                "4-3 *3-3 3-1",
                0,
                ["4-1L"],
                [],
                expect_error="round 0, action 0: events",
            ),
        ),
        (
            "no-matching-end",
            position_record(
                "the 6-2 matches neither end",
                c,
                ["6-2 6-6 5-5", "6-5 2-2", "4-1 5-2"],
                "4-3 *3-3 3-1",
                0,
                ["6-2L"],
                [],
                expect_error="round 0, action 0: no_matching_end",
            ),
        ),
        (
            "must-play",
            position_record(
                "seat 0 draws while holding the 4-1, which fits",
                c,
                hands,
                "4-3 *3-3 3-1",
                0,
                ["draw"],
                [],
                expect_error="round 0, action 0: must_play",
            ),
        ),
        (
            "wrong-drawn-tile",
            position_record(
                "the record names 6-3 as drawn; the top of the boneyard is 3-0",
                c,
                [
                    "1-0 2-1",
                    "6-5 4-4 5-0 5-1 5-3 5-4 5-5 6-0 6-1 6-4",
                    "0-0 1-1 2-0 2-2 3-1 3-2 3-3 4-0 4-2 4-3",
                ],
                "*6-6",
                0,
                ["draw 6-3"],
                [],
                boneyard="3-0 4-1 5-2 6-3 6-2",
                expect_error="round 0, action 0: draw",
            ),
        ),
        (
            "action-after-match",
            position_record(
                "an action after the header that reached the target",
                c,
                ["4-1 6-6", "6-5 2-2", "6-2 5-2"],
                "4-3 *3-3 3-1",
                0,
                ["4-1L", "6-5L"],
                [ev(0, "double_header", 0, 1, "4-1", base=2)],
                scores=[9, 0, 0],
                expect_error="round 0, action 1: sequence",
            ),
        ),
        # The new switches, each refused where an implementation that ignored it would go
        # wrong (docs/rules.md, rules 2, 5, 8 and 9).
        (
            "lead-double-refuses-other-tile",
            position_record(
                "under the default lead_tile double, the holder of the lowest double (3-3) may "
                "not lead the 6-5 (rule 2)",
                c,
                ["3-3 6-5 4-0", "5-3 6-3 4-1"],
                "",
                0,
                ["6-5"],
                [],
                expect_error="round 0, action 0: wrong_lead",
            ),
        ),
        (
            "lead-any-non-double-scored",
            position_record(
                "lead_tile any: the record scores the 6-5 lead as a double header; only a "
                "double led scores (rules 2 and 5)",
                c.replace(lead_tile=LeadTile.ANY),
                ["3-3 6-5 4-0", "5-3 6-3 4-1"],
                "",
                0,
                ["6-5"],
                [ev(0, "double_header", 0, 2, "6-5")],
                expect_error="round 0, action 0: events",
            ),
        ),
        (
            "round-end-going-out-missing",
            position_record(
                "match_end round: the record stops scoring at the header that passes the "
                "target and omits going out, which still scores (rule 9)",
                SIMPLE.replace(match_end=MatchEnd.ROUND_END),
                ["6-4", "6-5 2-2", "6-2 5-2"],
                "4-3 *3-3 3-6 6-6",
                0,
                ["6-4L"],
                [ev(0, "triple_header", 0, 3, "6-4")],
                scores=[8, 0, 0],
                expect_error="round 0, action 0: events",
            ),
        ),
        (
            "best-hand-block-judged-together",
            position_record(
                "partnership_block best-hand: the record gives the block to seats 1+3, who win "
                "it judged together; the best single hand (seat 2's 2-1) wins it for seats 0+2 "
                "(rule 8)",
                c.replace(
                    partnerships=True, drawing=False, partnership_block=PartnershipBlock.BEST_HAND
                ),
                ["6-6 4-0", "5-4", "2-1", "3-2"],
                "4-3 *3-3 3-0",
                0,
                ["4-0L"],
                [ev(0, "double_header", 0, 2, "4-0"), ev(0, "blocked_hand", 1, 2)],
                expect_error="round 0, action 0: events",
            ),
        ),
    ]


# ------------------------------------------------------------------------- perft


PERFT_BUDGET = 40_000
"""The deepest depth is the largest whose tree (every depth up to it) has at most this many
nodes: a fraction of a second in Python, so the tests recompute every count."""


def perft_cases() -> list[dict[str, object]]:
    c, s = CLASSIC, SIMPLE
    specs: list[tuple[str, Rules, int, int, bool]] = [
        # name, rules, seats, seed of the deal, whether the deal must hold no double
        ("classic-2p", c, 2, 11, False),
        ("classic-3p", c, 3, 12, False),
        ("classic-4p", c, 4, 13, False),
        ("simple-2p", s, 2, 14, False),
        ("simple-3p", s, 3, 15, False),
        ("simple-4p", s, 4, 16, False),
        ("simple-lead-draws-2p", s, 2, 17, True),
        ("classic-no-draw-3p", c.replace(drawing=False), 3, 18, False),
        ("classic-reserve-0-2p", c.replace(reserve=FixedReserve(0)), 2, 19, False),
        ("classic-highest-3p", c.replace(lead=HighestDouble()), 3, 20, False),
        ("simple-hand-sizes-754-2p", s.replace(hand_sizes=HandSizes(7, 5, 4)), 2, 21, False),
        ("classic-draw-any-time-2p", c.replace(draw_when=DrawWhen.ANY_TIME), 2, 22, False),
    ]
    cases: list[dict[str, object]] = []
    for name, rules, seats, seed, no_double in specs:
        size = rules.for_table(seats).hand_size
        k = 0
        # The first shuffle of the seed that deals a double (or, when asked, none: the lead
        # double is then drawn in turn before the first action).
        while Deal.from_seed(seed, seats, size, k).has_double == no_double:
            k += 1
        deal = Deal.from_seed(seed, seats, size, k)
        state = RoundState.start(deal, rules, dealer=0)
        t = time.perf_counter()
        depth = 1
        counts = perft_counts(state, 1)
        while depth < 60:
            deeper = perft_counts(state, depth + 1)
            if sum(deeper) > PERFT_BUDGET or deeper[-1] == 0:
                break
            depth, counts = depth + 1, deeper
        took = time.perf_counter() - t
        print(f"  perft {name}: depth {depth}, {sum(counts)} nodes, {took:.1f}s", file=sys.stderr)
        cases.append(
            {
                "name": name,
                # The lead, plays, and draws and passes where the boneyard allows (rules 2-4).
                "features": feature_tags(rules, seats, (2, 3, 4)),
                "rules": rules_to_json(rules),
                "dealer": 0,
                "deal": {
                    "hands": [[str(t) for t in h] for h in deal.hands],
                    "boneyard": [str(t) for t in deal.boneyard],
                },
                "counts": list(counts),
            }
        )
    return cases


def perft_document() -> str:
    doc = {
        "format": "bergen-perft/1",
        "description": (
            "counts[d-1] is the number of distinct action sequences of exactly d actions from "
            "the start of the round dealt by 'deal' (dealer 'dealer', scores 0) under 'rules' "
            "(the record format's rules object). Every action is one ply: the lead, a play, a "
            "draw (its tile is fixed by the boneyard order) and a pass; a tile that fits both "
            "ends is two plays. A sequence that ends the round early is not extended."
        ),
        "cases": perft_cases(),
    }
    return format_json(doc)


# ------------------------------------------------------------------------- feature tags

# Every vector says what an implementation must support to run it, as tags in its meta field
# "features" (for a perft case, its field "features"), separated by spaces:
#   preset:NAME      the preset the rules are based on (rules.base)
#   seats:N          the number of seats
#   partnerships     seats 0+2 against 1+3 (rule 10)
#   switch:FIELD     each field of the rules that differs from the preset's (docs/rules.md,
#                    "Presets and switches"; partnerships has its own tag)
#   rule:N           each rule of docs/rules.md the vector exercises
# `bergen conformance --features` runs the vectors whose every tag an implementation declares.

SWITCHES = tuple(
    f.name
    for f in attrs.fields(Rules)
    if f.name not in ("partnerships", "name", "version", "source", "url", "base")
)
"""The fields of Rules that are switches (partnerships has its own tag; name, version, source,
url and base only describe the ruleset)."""

INVALID_RULES: dict[str, tuple[int, ...]] = {
    # The rules each invalid record breaks, read from its description.
    "worked-hand-003-strict": (2,),  # the 0-0, the lowest double, must lead
    "wrong-event-points": (3, 5),  # a double header is worth 2
    "missing-event": (3, 5),  # the 4-1 makes a double header
    "no-matching-end": (3,),  # a tile goes on an end it matches
    "must-play": (4,),  # no draw while a tile fits
    "wrong-drawn-tile": (4,),  # draws come off the top of the boneyard
    "action-after-match": (3, 5, 9),  # the header reaches the target: the match is over
    "lead-double-refuses-other-tile": (2,),
    "lead-any-non-double-scored": (2, 5),
    "round-end-going-out-missing": (3, 5, 7, 9),
    "best-hand-block-judged-together": (3, 5, 8, 10),
}


def preset_of(rules: Rules) -> str:
    """The name of the preset ``rules`` are, or are based on."""
    name = rules.name if rules.base is None else rules.base
    assert name in PRESETS, name
    return name


def switches_of(rules: Rules) -> list[str]:
    """The switch fields where ``rules`` differ from their preset (docs/rules.md)."""
    base = PRESETS[preset_of(rules)]
    return [f for f in SWITCHES if getattr(rules, f) != getattr(base, f)]


def rules_exercised(record: Record) -> set[int]:
    """The rules of docs/rules.md a valid record exercises, read from its replay: a dealt round
    (1, and 2 for its lead), a lead from an empty line (2), plays after the lead (3), draws and
    passes (4), headers (5), a header scored within 5 points of the target under a reduction or
    a reduced one (6), going out (7), a block (8), a match decided or played over several
    rounds (9), partnerships (10).
    """
    found: set[int] = set()
    rules = record.rules
    target = rules.for_table(record.seats).target
    reduces = not isinstance(rules.reduction, NoReduction)
    result = replay(record)
    for rnd in result.rounds:
        if not rnd.from_position:
            found |= {1, 2}
        elif rnd.start.line.lead is None:
            found.add(2)
        before = rnd.start
        for step in rnd.steps:
            if isinstance(step.move, Draw | Pass):
                found.add(4)
            elif not isinstance(step.move, Lead):
                found.add(3)
            for e in step.events:
                if e.kind in (EventKind.DOUBLE_HEADER, EventKind.TRIPLE_HEADER):
                    found.add(5)
                    if reduces and target - before.scores[e.side] <= 5:
                        found.add(6)
                if e.points != e.base_points:
                    found.add(6)
                if e.kind is EventKind.GOING_OUT:
                    found.add(7)
                if e.kind is EventKind.BLOCKED_HAND:
                    found.add(8)
            before = step.state
        outcome = rnd.final.outcome
        if outcome is not None:
            found.add({"went_out": 7, "blocked": 8, "target_reached": 9}[outcome.kind.value])
    if len(result.rounds) > 1 or result.match.is_over:
        found.add(9)
    if rules.partnerships:
        found.add(10)
    return found


def feature_tags(rules: Rules, seats: int, rule_numbers: set[int] | tuple[int, ...]) -> str:
    """The feature tags of a vector, space-separated, in a fixed order."""
    tags = [f"preset:{preset_of(rules)}", f"seats:{seats}"]
    if rules.partnerships:
        tags.append("partnerships")
    tags += [f"switch:{f}" for f in switches_of(rules)]
    tags += [f"rule:{n}" for n in sorted(rule_numbers)]
    return " ".join(tags)


def tagged(record: Record, rule_numbers: set[int] | tuple[int, ...] | None = None) -> Record:
    """``record`` with its feature tags in ``meta.features`` (after its other meta fields);
    ``rule_numbers`` default to the rules it exercises (:func:`rules_exercised`).
    """
    numbers = rules_exercised(record) if rule_numbers is None else rule_numbers
    meta = (*record.meta, ("features", feature_tags(record.rules, record.seats, numbers)))
    return attrs.evolve(record, meta=meta)


# ------------------------------------------------------------------------- main


def build() -> dict[Path, str]:
    files: dict[Path, str] = {}
    for name, record in random_vectors() + hand_built() + worked_hand():
        replay(record)  # the engine must agree with every hand-written event
        files[VECTORS / f"{name}.json"] = dumps(tagged(record))
    for name, record in invalid():
        files[VECTORS / "invalid" / f"{name}.json"] = dumps(tagged(record, INVALID_RULES[name]))
    files[VECTORS / "perft.json"] = perft_document()
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the files on disk")
    args = parser.parse_args()
    files = build()
    if args.check:
        bad = [p for p, text in files.items() if not p.exists() or p.read_text() != text]
        on_disk = set(VECTORS.glob("*.json")) | set(VECTORS.glob("invalid/*.json"))
        extra = sorted(on_disk - set(files))
        for p in bad:
            print(f"differs: {p.relative_to(ROOT)}", file=sys.stderr)
        for p in extra:
            print(f"not generated: {p.relative_to(ROOT)}", file=sys.stderr)
        return 1 if bad or extra else 0
    (VECTORS / "invalid").mkdir(parents=True, exist_ok=True)
    for p, text in files.items():
        p.write_text(text)
    print(f"wrote {len(files)} files under {VECTORS.relative_to(ROOT)}/", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
