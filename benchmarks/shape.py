"""The cost of the public API's shape alone: the bare loop's rules behind immutable objects.

The issue's target compares the public API with the bare loop (``benchmarks/bare.py``). This
module measures how much of the difference is the *shape* of such an API rather than the
engine: a position is an object; ``legal_moves()`` returns a tuple of move objects (bergen's own
shared instances); ``apply(move)`` returns a new position and a tuple of events and leaves the
old one as it was, keeping a link to it (as a history needs). Everything else is left out:
``apply`` does not check the move, positions are plain slotted objects that could be changed
(no frozen class), events are bare tuples, and nothing but the classic rules at 2-4 seats is
supported. It is the most favourable case for an API of this shape in pure Python, written the
way ``bare.py`` is (tables rebuilt from the tile numbering, no engine code), and cross-checked by
``bench.py`` to play the same matches as the bare loop.

So its ratio to the bare loop is a ceiling for any public API of this shape on this machine.
"""

from __future__ import annotations

import random
from typing import Any

from bare import _DOUBLE, _DOUBLES_MASK, _FIT, _HIGH, _OTHER, _PIPS, RESERVE, TARGET, bare_deal

from bergen.moves import DRAW, LEADS, PASS, PLAYS, End

_LEFT = End.LEFT
_DRAW_CLASS = DRAW.__class__
_PASS_CLASS = PASS.__class__

_LEGAL: dict[int, tuple[Any, ...]] = {}


def _plays(fl: int, fr: int) -> tuple[Any, ...]:
    """The plays in the engine's order (tile index ascending, left end before right)."""
    key = fl << 28 | fr
    moves = _LEGAL.get(key)
    if moves is None:
        out = []
        both = fl | fr
        while both:
            low = both & -both
            t = low.bit_length() - 1
            if fl & low:
                out.append(PLAYS[t][0])
            if fr & low:
                out.append(PLAYS[t][1])
            both ^= low
        moves = _LEGAL[key] = tuple(out)
    return moves


_DRAW_ONLY = (DRAW,)
_PASS_ONLY = (PASS,)


class _Deal:
    """What the positions of a round share: the boneyard, the target, the last draw."""

    __slots__ = ("boneyard", "last_draw", "seats", "target")

    def __init__(self, boneyard: list[int], target: int, seats: int) -> None:
        self.boneyard = boneyard
        self.last_draw = len(boneyard) - RESERVE
        self.target = target
        self.seats = seats


class Position:
    """A position of a classic round (see the module docstring): an immutable-style object."""

    __slots__ = (
        "deal",
        "hands",
        "left",
        "left_double",
        "legal",
        "move",
        "outcome",
        "parent",
        "right",
        "right_double",
        "scores",
        "seat",
        "top",
    )
    deal: _Deal
    hands: tuple[int, ...]
    left: int
    left_double: bool
    legal: tuple[Any, ...]
    move: Any
    outcome: str | None
    parent: Position | None
    right: int
    right_double: bool
    scores: tuple[int, ...]
    seat: int
    top: int

    @classmethod
    def start(cls, hands: list[int], boneyard: list[int], scores: tuple[int, ...]) -> Position:
        """The position before the lead: the lowest double held leads (rule 2)."""
        held = 0
        for m in hands:
            held |= m
        low = held & _DOUBLES_MASK
        low &= -low
        seat = 0
        while not hands[seat] & low:
            seat += 1
        p = cls()
        p.deal = _Deal(boneyard, TARGET[len(hands)], len(hands))
        p.hands = tuple(hands)
        p.scores = scores
        p.seat = seat
        p.left = p.right = -1
        p.left_double = p.right_double = False
        p.top = 0
        p.outcome = None
        p.legal = (LEADS[low.bit_length() - 1],)
        p.parent = p.move = None
        return p

    def legal_moves(self) -> tuple[Any, ...]:
        """The legal moves of the seat to move."""
        return self.legal

    def apply(self, move: Any) -> tuple[Position, tuple[tuple[str, int, int], ...]]:
        """The next position and the events, as ``(kind, seat, points)`` tuples (rules 2-9)."""
        deal = self.deal
        seat = self.seat
        hands = self.hands
        scores = self.scores
        top = self.top
        left = self.left
        right = self.right
        ldbl = self.left_double
        rdbl = self.right_double
        events: tuple[tuple[str, int, int], ...] = ()
        outcome = None
        hand = hands[seat]
        cls = move.__class__
        if cls is _DRAW_CLASS:  # rule 4: the same seat moves again
            hand |= 1 << deal.boneyard[top]
            top += 1
            nxt = seat
        elif cls is _PASS_CLASS:
            nxt = seat + 1 if seat + 1 < deal.seats else 0
        else:
            t = move.tile.index
            hand ^= 1 << t
            if left < 0:  # the lead: a double header (rule 5), reduced near the target
                left = right = _HIGH[t]
                ldbl = rdbl = True
                header = "double"
            else:
                if move.end is _LEFT:
                    left = _OTHER[t][left]
                    ldbl = _DOUBLE[t]
                else:
                    right = _OTHER[t][right]
                    rdbl = _DOUBLE[t]
                header = None
                if left == right:
                    header = "triple" if ldbl or rdbl else "double"
            if header is not None:  # rules 5-6
                s = scores[seat]
                need = deal.target - s
                pts = 2 if header == "double" else 3
                if need <= 2:
                    pts = 1
                elif need == 3:
                    pts = min(pts, 2)
                scores = _add(scores, seat, pts)
                events = ((header, seat, pts),)
                if s + pts >= deal.target:  # rule 9
                    outcome = "target"
            if outcome is None and not hand:  # rule 7
                scores = _add(scores, seat, 2)
                events = (*events, ("out", seat, 2))
                outcome = "out"
            nxt = seat + 1 if seat + 1 < deal.seats else 0
        if hand is not hands[seat]:
            lst = list(hands)
            lst[seat] = hand
            hands = tuple(lst)
        if outcome is None and top >= deal.last_draw:
            ends = _FIT[left] | _FIT[right]
            for h in hands:
                if h & ends:
                    break
            else:  # rule 8
                winner = _judge(hands)
                if winner is not None:
                    scores = _add(scores, winner, 2)
                    events = (*events, ("blocked", winner, 2))
                outcome = "blocked"
        p = Position()
        p.deal = deal
        p.hands = hands
        p.scores = scores
        p.seat = nxt
        p.left = left
        p.right = right
        p.left_double = ldbl
        p.right_double = rdbl
        p.top = top
        p.outcome = outcome
        p.parent = self
        p.move = move
        if outcome is not None:
            p.legal = ()
        else:
            nh = hands[nxt]
            fl = nh & _FIT[left]
            fr = nh & _FIT[right]
            if fl or fr:
                p.legal = _plays(fl, fr)
            else:
                p.legal = _DRAW_ONLY if top < deal.last_draw else _PASS_ONLY
        return p, events


def _add(scores: tuple[int, ...], seat: int, pts: int) -> tuple[int, ...]:
    lst = list(scores)
    lst[seat] += pts
    return tuple(lst)


def _judge(hands: tuple[int, ...]) -> int | None:
    """Rule 8: fewest doubles, then fewest pips; a tie for the best scores nothing."""
    keys = []
    for m in hands:
        pips = 0
        rest = m
        while rest:
            low = rest & -rest
            pips += _PIPS[low.bit_length() - 1]
            rest ^= low
        keys.append((m & _DOUBLES_MASK).bit_count() * 1000 + pips)
    best = min(keys)
    return keys.index(best) if keys.count(best) == 1 else None


def shape_match(seats: int, seed: int, chooser: random.Random) -> tuple[list[int], int, int]:
    """One classic match between random players, as ``bare_match`` plays it.

    Returns:
        ``(scores, moves, placements)``: the final points per seat, the number of moves made and
        the number of tiles laid on the line (every move but a draw or a pass), counted as the
        public-API candidates of ``bench.py`` count them.
    """
    rnd = chooser.random
    deal_rnd = random.Random(seed).random
    target = TARGET[seats]
    scores: tuple[int, ...] = (0,) * seats
    moves = 0
    placed = 0
    while True:
        hands, boneyard = bare_deal(deal_rnd, seats)
        pos = Position.start(hands, boneyard, scores)
        while pos.outcome is None:
            legal = pos.legal_moves()
            move = legal[int(rnd() * len(legal))]
            pos, _events = pos.apply(move)
            moves += 1
            if move is not DRAW and move is not PASS:
                placed += 1
        scores = pos.scores
        if max(scores) >= target:
            return list(scores), moves, placed
