"""The English rule page's worked hand (seed ``EN``, "A worked hand") under ``simple``.

Three players, five tiles each, playing to 10. The text names most tiles; the rest are filled
in consistently with it: Ben holds one more tile (5-3), Cara two more with no six (3-1, 4-0),
and the boneyard's top tile is the 6-2. Alice (seat 0) led the 1-1, although the text also has
her holding the 0-0 (the lowest double): so the hand is replayed from the position after the
lead (docs/rules.md, "The English page's worked hand, step by step").
"""

from bergen import (
    SIMPLE,
    EventKind,
    LineOfPlay,
    OutcomeKind,
    RoundState,
    Tile,
    parse_move,
)

ALICE, BEN, CARA = 0, 1, 2


def T(text: str) -> Tile:
    return Tile.parse(text)


def tiles(text: str) -> list[Tile]:
    return [T(t) for t in text.split()]


HANDS = [
    tiles("5-4 4-3 2-2 0-0"),  # Alice, after leading the 1-1
    tiles("1-4 4-6 3-6 6-0 5-3"),  # Ben: the four named, one more
    tiles("1-5 6-6 2-0 3-1 4-0"),  # Cara: three named, two more with no six
]
BONEYARD = tiles("6-2 1-0 2-1 3-0 3-2 3-3 4-2 4-4 5-0 5-2 5-5 6-1 6-5")

# (seat, move, expected events as (kind, seat, points)) in the order of the text.
PLAY = [
    (BEN, "1-4R", []),  # "Ben plays 1-4 on the double one"
    (CARA, "1-5L", []),  # "Cara plays 1-5 on its other side, so the ends read five and four"
    (ALICE, "5-4L", [(EventKind.DOUBLE_HEADER, ALICE, 2)]),  # both ends show a four
    (BEN, "4-6R", []),
    (CARA, "6-6R", []),  # "Cara lays the 6-6 across that end"
    (ALICE, "4-3L", []),  # "Alice plays 4-3 at the other"
    (BEN, "3-6L", [(EventKind.TRIPLE_HEADER, BEN, 3)]),  # a six and the double six
    (CARA, "draw", []),  # "Cara holds no six, draws the 6-2"
    (CARA, "6-2L", []),  # "and plays it on the 3-6"
    (ALICE, "2-2L", []),  # two doubles at the ends, no match, no score
    (BEN, "6-0R", []),  # ends: the double two and a blank
    (CARA, "2-0L", [(EventKind.DOUBLE_HEADER, CARA, 2)]),  # both ends blank
    (
        ALICE,
        "0-0R",
        [(EventKind.TRIPLE_HEADER, ALICE, 3), (EventKind.GOING_OUT, ALICE, 2)],
    ),
]


def start(scores: tuple[int, int, int] = (0, 0, 0)) -> RoundState:
    return RoundState.from_position(
        HANDS, BONEYARD, LineOfPlay.parse("1-1"), BEN, SIMPLE, scores=scores
    )


def play_through(state: RoundState) -> tuple[RoundState, list[tuple[EventKind, int, int]]]:
    got = []
    for seat, text, expected in PLAY:
        assert state.to_move == seat, text
        state, events = state.apply(parse_move(text))
        triples = [(e.kind, e.seat, e.points) for e in events]
        assert triples == expected, text
        got.extend(triples)
    return state, got


def test_the_hand_scores_alice_7_ben_3_cara_2() -> None:
    state, events = play_through(start())
    assert state.scores == (7, 3, 2)  # "Alice 7, Ben 3, Cara 2"
    assert sum(p for _, _, p in events) == 12  # "The hand: 12 points"
    assert state.outcome is not None
    assert state.outcome.kind is OutcomeKind.WENT_OUT
    assert state.outcome.seat == ALICE


def test_the_totals_go_from_2_6_3_to_9_9_5() -> None:
    # "In the first hand ... Ben ... six in all, Cara ... three ... Alice ... two"
    state, _ = play_through(start((2, 6, 3)))
    assert state.scores == (9, 9, 5)  # "the totals are Alice 9, Ben 9 and Cara 5"
    assert state.target == 10
    assert not state.match_over


def test_the_ends_read_as_the_text_says() -> None:
    state = start()
    state, _ = state.apply(parse_move("1-4R"))
    state, _ = state.apply(parse_move("1-5L"))
    assert state.line.ends == (5, 4)  # "so the ends read five and four"
    for _, text, _ in PLAY[2:10]:
        state, _ = state.apply(parse_move(text))
    # after Alice's 2-2: "two doubles at the ends"
    assert (state.line.left, state.line.right) == (2, 6)
    assert state.line.left_double and state.line.right_double


def test_cara_holds_no_six_so_she_must_draw() -> None:
    state = start()
    for _, text, _ in PLAY[:7]:
        state, _ = state.apply(parse_move(text))
    assert state.to_move == CARA
    assert state.line.ends == (6, 6)
    assert [str(m) for m in state.legal_moves()] == ["draw"]
    state, _ = state.apply(parse_move("draw"))
    assert T("6-2") in state.hands[CARA]
    assert [str(m) for m in state.legal_moves()] == ["6-2L", "6-2R"]
