"""Legal actions (rules 2-4), headers (rule 5) and the step of one action with its score events
(rules 2-9), on plain tuples.

A *position* is ``(masks, left, right, doubles, drawn)``:

- ``masks``: one hand mask per seat;
- ``left``, ``right``: the numbers at the open ends, -1 before the lead;
- ``doubles``: bit 0 set while the outermost tile at the left end is a double, bit 1 for the
  right end;
- ``drawn``: how many tiles have been drawn from the boneyard (a tuple of tile indexes, top
  first, which stays the same all round): the next tile drawn is ``boneyard[drawn]``.

The seat to move and the scores (one per side) travel beside the position. A *score event* is
``(kind, seat, side, points, base points, tile index or -1)`` with ``kind`` one of the event
codes below; an *outcome* is a code below and a seat (-1 for a blocked hand nobody won).
"""

from __future__ import annotations

from typing import Final

from bergen.kernel.actions import DRAW, LEAD, N_ACTIONS, PASS
from bergen.kernel.deal import required_lead
from bergen.kernel.table import (
    Table,
    blocked_winner,
    drawable,
    header_points,
    next_seat,
    side_of,
)
from bergen.kernel.tiles import FIT, HIGH, IS_DOUBLE, LOW, N_TILES, OTHER

Position = tuple[tuple[int, ...], int, int, int, int]
"""``(masks, left, right, doubles, drawn)``: see the module docstring."""

Event = tuple[int, int, int, int, int, int]
"""``(kind, seat, side, points, base points, tile index or -1)``."""

Step = tuple[Position, int, tuple[int, ...], int, int, tuple[Event, ...]]
"""What :func:`step` returns: ``(position, to_move, scores, outcome, outcome seat, events)``."""

# Score event kinds.
DOUBLE_HEADER: Final = 0
"""A double header (rule 5)."""
TRIPLE_HEADER: Final = 1
"""A triple header (rule 5)."""
GOING_OUT: Final = 2
"""Going out (rule 7)."""
BLOCKED_HAND: Final = 3
"""Winning a blocked hand (rule 8)."""

# Outcomes.
IN_PLAY: Final = -1
"""The round goes on."""
WENT_OUT: Final = 0
"""A seat played its last tile (rule 7)."""
BLOCKED: Final = 1
"""Nobody could play or draw (rule 8)."""
TARGET_REACHED: Final = 2
"""A header reached the target mid-round (rule 9)."""

LEFT_DOUBLE: Final = 1
"""The bit of ``doubles`` for the left end."""
RIGHT_DOUBLE: Final = 2
"""The bit of ``doubles`` for the right end."""


def start_position(masks: tuple[int, ...]) -> Position:
    """The position before the lead: the hands dealt, an empty line, nothing drawn."""
    return (masks, -1, -1, 0, 0)


def is_blocked(masks: tuple[int, ...] | list[int], left: int, right: int, can_draw: int) -> bool:
    """Rule 8: whether nobody can play (no tile fits ``left`` or ``right``) and nobody can draw
    (``can_draw`` tiles can be drawn).
    """
    if can_draw > 0:
        return False
    ends = FIT[left] | FIT[right]
    for m in masks:
        if m & ends:
            return False
    return True


ONLY: Final = tuple([(a,) for a in range(N_ACTIONS)])
"""``ONLY[a]``: the one-action tuple ``(a,)``, shared by every state that has that one legal
action (a draw, a pass, a forced play or lead), so that a state keeps no tuple of its own."""


def legal_plays(mask: int, left: int, right: int) -> tuple[int, ...]:
    """Rule 3: the play ids of a hand at ends ``left`` and ``right``, by tile index, the left
    end before the right (a tile fitting both ends gives two plays, even on equal ends).
    """
    fl = mask & FIT[left]
    fr = mask & FIT[right]
    out: list[int] = []
    both = fl | fr
    while both:
        low = both & -both
        t2 = 2 * (low.bit_length() - 1)
        if fl & low:
            out.append(t2)
        if fr & low:
            out.append(t2 + 1)
        both ^= low
    if len(out) == 1:
        return ONLY[out[0]]
    return tuple(out)


def legal_actions(
    table: Table, boneyard: tuple[int, ...], pos: Position, seat: int
) -> tuple[int, ...]:
    """Rules 2-4: the legal action ids of ``seat`` to move in ``pos`` (the round goes on).

    Before the lead, the lead of the required double when ``seat`` holds it (with
    :attr:`~bergen.kernel.table.Table.lead_any`, the lead of any tile of that seat's hand, by
    tile index); then every play, in :func:`legal_plays` order; if none, a draw while tiles
    above the reserve remain, else a pass. With :attr:`~bergen.kernel.table.Table.draw_any_time`
    the draw follows the plays too, while tiles above the reserve remain.
    """
    masks, left, right, _, drawn = pos
    if left < 0:
        t = required_lead(table, masks)
        if t < 0 or not masks[seat] >> t & 1:
            return ()
        if not table.lead_any:
            return ONLY[LEAD + t]
        return tuple([LEAD + i for i in range(N_TILES) if masks[seat] >> i & 1])
    plays = legal_plays(masks[seat], left, right)
    if plays:
        if table.draw_any_time and drawable(table, len(boneyard) - drawn):
            return (*plays, DRAW)
        return plays
    if drawable(table, len(boneyard) - drawn):
        return ONLY[DRAW]
    return ONLY[PASS]


def is_legal(
    table: Table, boneyard: tuple[int, ...], pos: Position, seat: int, action: int
) -> bool:
    """Rules 2-4: whether ``action`` is legal for ``seat`` to move in ``pos`` (the round goes
    on): the same answer as ``action in legal_actions(...)``, without listing them.
    """
    masks, left, right, _, drawn = pos
    hand = masks[seat]
    if action < 0 or action > PASS:  # no action id
        return False
    if left < 0:
        if action < LEAD or action >= DRAW:
            return False
        t = _lead_of(table, masks, hand)
        if table.lead_any:
            return t >= 0 and bool(hand >> (action - LEAD) & 1)
        return action - LEAD == t
    if action < LEAD:
        t = action >> 1
        return bool(hand >> t & 1) and OTHER[t][right if action & 1 else left] >= 0
    if action >= DRAW and not hand & (FIT[left] | FIT[right]):
        can_draw = drawable(table, len(boneyard) - drawn) > 0
        return can_draw if action == DRAW else not can_draw
    if action == DRAW and table.draw_any_time:  # a tile fits: a draw all the same (rule 4)
        return drawable(table, len(boneyard) - drawn) > 0
    return False


def _lead_of(table: Table, masks: tuple[int, ...], hand: int) -> int:
    """The tile index ``hand`` must lead before the lead (rule 2), -1 when it holds none."""
    t = required_lead(table, masks)
    return t if t >= 0 and hand >> t & 1 else -1


def is_header(left: int, right: int) -> bool:
    """Rule 5: whether the open ends show the same number (a header, judged after a play)."""
    return left == right


def header_kind(doubles: int) -> int:
    """Rule 5: a header is a triple header when one of the two ends is a double."""
    return TRIPLE_HEADER if doubles else DOUBLE_HEADER


def _replace(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[i] = value
    return tuple(out)


def end_of_play(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    t: int,
    header: int,
) -> Step:
    """Rules 5-9 after ``seat`` laid tile ``t`` (``pos`` is the position after it): the header
    kind ``header`` (rule 5; -1 for none) scored and reduced near the target (rule 6), then going
    out (rule 7), then a block (rule 8); scoring stops at the first event that reaches the
    target (rule 9), unless the table checks the target only at the end of a round
    (:attr:`~bergen.kernel.table.Table.round_end`). Otherwise the next seat moves.

    Returns:
        A :data:`Step`.
    """
    masks, left, right, _, drawn = pos
    events: tuple[Event, ...] = ()
    if header >= 0:
        side = side_of(table, seat)
        base = table.triple_header if header == TRIPLE_HEADER else table.double_header
        s = scores[side]
        pts = header_points(table, base, s)
        scores = _replace(scores, side, s + pts)
        events = ((header, seat, side, pts, base, t),)
        if s + pts >= table.target and not table.round_end:
            return pos, seat, scores, TARGET_REACHED, seat, events
    if not masks[seat]:
        side = side_of(table, seat)
        pts = table.going_out
        scores = _replace(scores, side, scores[side] + pts)
        events = (*events, (GOING_OUT, seat, side, pts, pts, t))
        return pos, seat, scores, WENT_OUT, seat, events
    if is_blocked(masks, left, right, drawable(table, len(boneyard) - drawn)):
        return block(table, pos, seat, scores, events)
    return pos, next_seat(table, seat), scores, IN_PLAY, -1, events


def block(
    table: Table, pos: Position, seat: int, scores: tuple[int, ...], events: tuple[Event, ...]
) -> Step:
    """Rule 8: judge the blocked hand of ``pos`` and end the round, adding the winning side's
    points and event to ``scores`` and ``events`` (those of the move so far); ``seat``, the
    seat that moved last, stays to move.

    Returns:
        A :data:`Step` with the outcome :data:`BLOCKED`.
    """
    winner = blocked_winner(table, pos[0])
    if winner < 0:
        return pos, seat, scores, BLOCKED, -1, events
    pts = table.blocked_hand
    scores = _replace(scores, winner, scores[winner] + pts)
    return (
        pos,
        seat,
        scores,
        BLOCKED,
        winner,
        (*events, (BLOCKED_HAND, winner, winner, pts, pts, -1)),
    )


def lead(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    t: int,
) -> Step:
    """Rule 2: ``seat`` leads tile ``t``; a double scores as a double header when the rules
    score the lead (rule 5). A tile that is not a double (a lead of any tile) shows its higher
    number at the left end and its lower number at the right, and scores nothing.
    """
    masks, _, _, _, drawn = pos
    new = _replace(masks, seat, masks[seat] ^ 1 << t)
    if IS_DOUBLE[t]:
        header = DOUBLE_HEADER if table.lead_scores else -1
        after: Position = (new, HIGH[t], HIGH[t], LEFT_DOUBLE | RIGHT_DOUBLE, drawn)
    else:
        header = -1
        after = (new, HIGH[t], LOW[t], 0, drawn)
    return end_of_play(table, boneyard, after, seat, scores, t, header)


def play(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    t: int,
    on_right: int,
) -> Step:
    """Rule 3: ``seat`` lays tile ``t`` on the left (``on_right`` 0) or right (1) end."""
    masks, left, right, doubles, drawn = pos
    new = _replace(masks, seat, masks[seat] ^ 1 << t)
    if on_right:
        right = OTHER[t][right]
        doubles = doubles | RIGHT_DOUBLE if IS_DOUBLE[t] else doubles & LEFT_DOUBLE
    else:
        left = OTHER[t][left]
        doubles = doubles | LEFT_DOUBLE if IS_DOUBLE[t] else doubles & RIGHT_DOUBLE
    header = header_kind(doubles) if is_header(left, right) else -1
    return end_of_play(table, boneyard, (new, left, right, doubles, drawn), seat, scores, t, header)


def draw(
    table: Table, boneyard: tuple[int, ...], pos: Position, seat: int, scores: tuple[int, ...]
) -> Step:
    """Rule 4: ``seat`` draws the top tile of the boneyard and moves again; a draw that leaves
    nothing to draw may block the hand (rule 8).
    """
    masks, left, right, doubles, drawn = pos
    new = _replace(masks, seat, masks[seat] | 1 << boneyard[drawn])
    after: Position = (new, left, right, doubles, drawn + 1)
    if is_blocked(new, left, right, drawable(table, len(boneyard) - drawn - 1)):
        return block(table, after, seat, scores, ())
    return after, seat, scores, IN_PLAY, -1, ()


def step(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    action: int,
) -> Step:
    """Make the legal action ``action`` of ``seat`` (rules 2-9); the caller checks legality.

    Args:
        table: The rules at this table.
        boneyard: The boneyard's tile indexes as the round began, top first.
        pos: The position.
        seat: The seat to move.
        scores: Points per side before the action.
        action: A legal action id (:mod:`bergen.kernel.actions`).

    Returns:
        ``(position, to_move, scores, outcome, outcome seat, events)``: once the round is over,
        ``to_move`` is the seat that moved last and the outcome is not :data:`IN_PLAY`.
    """
    if action < LEAD:
        return play(table, boneyard, pos, seat, scores, action >> 1, action & 1)
    if action < DRAW:
        return lead(table, boneyard, pos, seat, scores, action - LEAD)
    if action == DRAW:
        return draw(table, boneyard, pos, seat, scores)
    return pos, next_seat(table, seat), scores, IN_PLAY, -1, ()
