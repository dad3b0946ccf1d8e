"""The built-in ``strategy`` bot: a fast rule-based player that follows the advice of the
English rule page (``EN`` in docs/rules.md, "Sources"; its advice sections "Aim for the double
header", "Watch what you leave", "Doubles are worth an extra point", "The end of the hand").

Every legal play gets a value, in points, that is a weighted sum of named terms, one per piece
of advice (:data:`TERMS`); the bot plays the play of highest value (ties: the greedy ranking,
then its generator). The terms, for a play that leaves the open ends ``a`` and ``b``:

- ``header`` (make a header when you can; prefer headers that score more): the points the play
  scores at once (:func:`bergen.bots.points_now`: a triple header 3, a double header 2, reduced
  near the target, going out 2; docs/rules.md, rules 5-7).
- ``exposure`` (do not leave ends whose connecting tile is unseen): the one tile that makes a
  header on ends ``a`` and ``b`` is the tile ``a-b`` (the double ``a-a`` when they are equal).
  If it is on the line or in the bot's hand, nobody else can hold it; otherwise the next seat,
  when it plays for another side, holds it with probability ``its tiles / unseen tiles`` (zero
  when it is known void in ``a`` or ``b``: :func:`bergen.view.voids`), and would score the
  header it makes (3 when a double is at an end or the tile is a double, else 2). The term is
  minus that expected score.
- ``setup`` (leave yourself a header to make next turn): the header value when the bot holds
  the connecting tile itself.
- ``double`` (hold a double for a triple header; a double laid with neither a triple now nor
  the tile to make one next turn "is an invitation"): -1 for such a play of a double.
- ``heavy`` (when you hold tiles that cannot score, play the heavy ones: a blocked hand goes to
  the lightest hand): the pips of the tile played, when the play scores nothing.
- ``ends`` (when nothing scores, keep the ends on numbers you hold plenty of, so as to draw
  less): the tiles left in hand that fit an open end after the play, when it scores nothing.
- ``watch`` (a player down to one or two tiles is the one to watch: going out is worth 2):
  for each seat of another side holding one or two tiles, minus the going-out points times the
  chance that one of its tiles fits the ends left (each of its tiles taken as an unseen tile;
  numbers it is void in do not count).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bergen.bots.base import BotError, _check_choice
from bergen.bots.simple import greedy_key, points_now
from bergen.errors import _brief
from bergen.moves import End, Move, Play
from bergen.tiles import FIT, FULL_MASK, Tile, tile_mask
from bergen.view import PlayerView, voids

__all__ = ["TERMS", "StrategyBot"]

TERMS: dict[str, float] = {
    "header": 1.0,
    "exposure": 1.0,
    "setup": 0.3,
    "double": 0.1,
    "heavy": 0.05,
    "ends": 0.1,
    "watch": 1.0,
}
"""The terms and their default weights (points per unit of each term)."""


class StrategyBot:
    """The rule-based player of the English rule page's advice (see :mod:`bergen.bots.strategy`
    for the terms).

    Args:
        seed: Seed of the bot's own generator (ties).
        header, exposure, setup, double, heavy, ends, watch: The weight of each term
            (:data:`TERMS` gives the defaults); any real number, 0 switches a term off.

    Raises:
        BotError: when a weight is not a finite number.
    """

    name = "strategy"

    def __init__(
        self,
        seed: int | None = None,
        *,
        header: float = TERMS["header"],
        exposure: float = TERMS["exposure"],
        setup: float = TERMS["setup"],
        double: float = TERMS["double"],
        heavy: float = TERMS["heavy"],
        ends: float = TERMS["ends"],
        watch: float = TERMS["watch"],
    ) -> None:
        """Make the bot with its weights and its own generator."""
        weights = {
            "header": header,
            "exposure": exposure,
            "setup": setup,
            "double": double,
            "heavy": heavy,
            "ends": ends,
            "watch": watch,
        }
        for k, w in weights.items():
            if not isinstance(w, int | float) or isinstance(w, bool) or not abs(w) <= 1e9:
                raise BotError(
                    f"strategy weight {k} must be a number in -1e9..1e9, got {_brief(w)}"
                )
        self.weights = {k: float(w) for k, w in weights.items()}
        self.rng = random.Random(seed)

    def terms(
        self, view: PlayerView, move: Move, known_void: Sequence[frozenset[int]] | None = None
    ) -> dict[str, float]:
        """The unweighted terms of ``move`` (see :mod:`bergen.bots.strategy`).

        Args:
            view: The view of the seat to move.
            move: One of its legal moves.
            known_void: :func:`bergen.view.voids` of the view, when already worked out.

        Returns:
            Each term's value, in points (``heavy``: pips; ``ends``: tiles; ``double``: 0 or
            -1); all 0 but ``header`` for a lead, a draw or a pass.
        """
        out = dict.fromkeys(TERMS, 0.0)
        pts = points_now(view, move)
        out["header"] = float(pts)
        if not isinstance(move, Play):
            return out
        rules = view.rules
        line = view.line
        left, right = line.left, line.right
        assert left is not None and right is not None  # a play needs a laid line
        t = move.tile
        hand_after = view.hand.mask & ~t.mask
        on_line = tile_mask(p.tile for p in line.tiles) | t.mask
        if move.end is End.LEFT:
            a, b, other_end = t.other(left), right, right
            a_double, b_double = t.is_double, line.right_double
        else:
            a, b, other_end = left, t.other(right), left
            a_double, b_double = line.left_double, t.is_double
        connecting = Tile(a, b)
        value = (
            rules.points.triple_header
            if a == b or a_double or b_double
            else rules.points.double_header
        )
        unseen = FULL_MASK & ~hand_after & ~on_line
        n_unseen = unseen.bit_count()
        if known_void is None:
            known_void = voids(view)
        seats = view.seats
        me = view.seat
        nxt = (me + 1) % seats
        if hand_after & connecting.mask:
            out["setup"] = float(value)
        elif unseen & connecting.mask and view.side_of(nxt) != view.side and n_unseen:
            v = known_void[nxt]
            if a not in v and b not in v:
                out["exposure"] = -value * min(1.0, view.tile_counts[nxt] / n_unseen)
        if t.is_double and pts == 0 and not hand_after & Tile(t.high, other_end).mask:
            out["double"] = -1.0
        if pts == 0:
            out["heavy"] = float(t.pips)
            out["ends"] = float((hand_after & (FIT[a] | FIT[b])).bit_count())
        fitting = unseen & (FIT[a] | FIT[b])
        for s in range(seats):
            count = view.tile_counts[s]
            if s == me or view.side_of(s) == view.side or not 0 < count <= 2 or not n_unseen:
                continue
            v = known_void[s]
            fits = fitting
            for number in v:
                fits &= ~FIT[number]
            miss = 1.0 - fits.bit_count() / n_unseen
            out["watch"] -= rules.points.going_out * (1.0 - miss**count)
        return out

    def value(
        self, view: PlayerView, move: Move, known_void: Sequence[frozenset[int]] | None = None
    ) -> float:
        """The weighted sum of the terms of ``move`` (see :meth:`terms`), in points."""
        w = self.weights
        return sum(w[k] * x for k, x in self.terms(view, move, known_void).items())

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return the legal move of highest value (ties: the greedy ranking, then at random).

        Raises:
            BotError: when ``view`` is not a view or ``legal_moves`` not a non-empty sequence of
                moves.
        """
        _check_choice(view, legal_moves)
        if len(legal_moves) == 1:
            return legal_moves[0]
        keyed = [((round(self.value(view, m), 9), greedy_key(view, m)), m) for m in legal_moves]
        best_key = max(k for k, _ in keyed)
        best = [m for k, m in keyed if k == best_key]
        return best[int(self.rng.random() * len(best))]
