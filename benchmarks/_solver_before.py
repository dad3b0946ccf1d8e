"""Perfect-information search of a round (rules 2-9): every hand and the boneyard order known.

The value of a position is a number of points from the point of view of one side, the *root
side* (the side of the seat to move where the search starts), counting only the points scored
from that position to the end of the round:

- two sides (two seats, or four seats in two partnerships): the root side's points minus the
  other side's: exact minimax, with alpha-beta and a transposition table;
- three or four sides: the root side's points minus the mean of the other sides' points, with
  the other sides playing together against the root side (a *paranoid* search: a two-player
  zero-sum game between the root side and a coalition of the rest), so that alpha-beta and the
  table still apply.

Inside the search a value is an int, ``(sides - 1)`` times that number of points, worked out
from the final scores: ``score_value(final) - score_value(start)``, with
:func:`score_value` ``(scores) = sides * scores[root] - sum(scores)``. Draws are moves like the
others; with the boneyard order known they are deterministic. Scoring follows the kernel's step
(:func:`bergen.kernel.play.step`): headers reduced near the target (rule 6), scoring stops at
the target (rule 9), the blocked-hand judge (rule 8).
"""

from __future__ import annotations

from time import perf_counter
from typing import Final

from bergen.kernel.actions import DRAW, PASS
from bergen.kernel.play import (
    IN_PLAY,
    TARGET_REACHED,
    WENT_OUT,
    Position,
    block,
    is_blocked,
    legal_actions,
    step,
)
from bergen.kernel.table import Table, drawable, header_points, side_of
from bergen.kernel.tiles import FIT, IS_DOUBLE, OTHER

Child = tuple[int, Position, int, tuple[int, ...], int]
"""``(action, position, seat to move, scores, outcome)``: one legal action and where it leads."""

INF: Final = 1 << 40
"""Larger than any value of a round (in the search's scaled points)."""

Key = tuple[Position, int, tuple[int, ...]]
"""A transposition table key: ``(position, seat to move, scores)``."""


class NodeLimit(Exception):
    """The search visited more positions than its node limit allows, or ran past its deadline;
    ``args[0]`` is the number of positions visited.
    """


class Search:
    """One search: the round's constants, the transposition table and the node count.

    Args:
        table: The rules at this table.
        boneyard: The boneyard's tile indexes as the round began, top first.
        root_side: The side whose points count positively.
        max_nodes: How many positions the search may visit before it raises
            :class:`NodeLimit`; 0 for no limit.
        deadline: A ``time.perf_counter()`` reading after which the search raises
            :class:`NodeLimit` (checked every 1,024 positions); 0.0 for none.
    """

    def __init__(
        self,
        table: Table,
        boneyard: tuple[int, ...],
        root_side: int,
        max_nodes: int,
        deadline: float,
    ) -> None:
        """Set up an empty search."""
        self.deadline = deadline
        self.table = table
        self.boneyard = boneyard
        self.root_side = root_side
        self.sides = 2 if table.partnerships else table.seats
        self.max_nodes = max_nodes
        self.nodes = 0
        self.tt: dict[Key, tuple[int, int, int]] = {}

    def score_value(self, scores: tuple[int, ...]) -> int:
        """``sides * scores[root] - sum(scores)``: the scaled value of a set of scores."""
        total = 0
        for s in scores:
            total += s
        return self.sides * scores[self.root_side] - total

    def children(self, pos: Position, seat: int, scores: tuple[int, ...]) -> list[Child]:
        """Every legal action of ``seat`` in ``pos`` (in play) and where it leads, in
        :func:`bergen.kernel.play.legal_actions` order: what :func:`bergen.kernel.play.step`
        gives, with the plays worked out here without building events (rules 3 and 5-9).
        """
        table = self.table
        boneyard = self.boneyard
        masks, left, right, doubles, drawn = pos
        out: list[Child] = []
        if left < 0:  # the lead
            for action in legal_actions(table, boneyard, pos, seat):
                npos, nseat, nscores, outcome, _, _ = step(
                    table, boneyard, pos, seat, scores, action
                )
                out.append((action, npos, nseat, nscores, outcome))
            return out
        hand = masks[seat]
        fl = hand & FIT[left]
        fr = hand & FIT[right]
        nxt = seat + 1 if seat + 1 < table.seats else 0
        can_draw = drawable(table, len(boneyard) - drawn)
        if not (fl or fr):
            if can_draw:
                npos, nseat, nscores, outcome, _, _ = step(table, boneyard, pos, seat, scores, DRAW)
                out.append((DRAW, npos, nseat, nscores, outcome))
            else:
                out.append((PASS, pos, nxt, scores, IN_PLAY))
            return out
        side = seat & 1 if table.partnerships else seat
        both = fl | fr
        while both:
            low = both & -both
            both ^= low
            t = low.bit_length() - 1
            hand_after = hand ^ low
            after = list(masks)
            after[seat] = hand_after
            nmasks = tuple(after)
            for end in range(2):
                if end == 0:
                    if not fl & low:
                        continue
                    nl = OTHER[t][left]
                    nr = right
                    nd = doubles | 1 if IS_DOUBLE[t] else doubles & 2
                else:
                    if not fr & low:
                        continue
                    nl = left
                    nr = OTHER[t][right]
                    nd = doubles | 2 if IS_DOUBLE[t] else doubles & 1
                npos2: Position = (nmasks, nl, nr, nd, drawn)
                nscores2 = scores
                if nl == nr:  # a header (rule 5), reduced near the target (rule 6)
                    base = table.triple_header if nd else table.double_header
                    sc = scores[side]
                    pts = header_points(table, base, sc)
                    lst = list(scores)
                    lst[side] = sc + pts
                    nscores2 = tuple(lst)
                    if sc + pts >= table.target:  # rule 9
                        out.append((2 * t + end, npos2, seat, nscores2, TARGET_REACHED))
                        continue
                if not hand_after:  # going out (rule 7)
                    lst = list(nscores2)
                    lst[side] += table.going_out
                    out.append((2 * t + end, npos2, seat, tuple(lst), WENT_OUT))
                elif not can_draw and is_blocked(nmasks, nl, nr, 0):  # rule 8
                    bpos, bseat, bscores, boutcome, _, _ = block(table, npos2, seat, nscores2, ())
                    out.append((2 * t + end, bpos, bseat, bscores, boutcome))
                else:
                    out.append((2 * t + end, npos2, nxt, nscores2, IN_PLAY))
        if can_draw and table.draw_any_time:  # a draw while a tile fits, last (rule 4)
            npos, nseat, nscores, outcome, _, _ = step(table, boneyard, pos, seat, scores, DRAW)
            out.append((DRAW, npos, nseat, nscores, outcome))
        return out

    def value(
        self, pos: Position, seat: int, scores: tuple[int, ...], alpha: int, beta: int
    ) -> int:
        """The scaled value (:func:`score_value` of the final scores) of the position with
        ``seat`` to move and ``scores`` before it, in play, searched with the window
        ``(alpha, beta)``: exact when strictly inside it, else a bound on the right side
        (fail-soft alpha-beta).

        Raises:
            NodeLimit: past the node limit.
        """
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise NodeLimit(self.nodes)
        if not self.nodes & 1023 and self.deadline and perf_counter() > self.deadline:
            raise NodeLimit(self.nodes)
        table = self.table
        kids = self.children(pos, seat, scores)
        if len(kids) == 1:  # a forced move: no branching, nothing stored
            _, npos, nseat, nscores, outcome = kids[0]
            if outcome != IN_PLAY:
                return self.score_value(nscores)
            return self.value(npos, nseat, nscores, alpha, beta)
        key = (pos, seat, scores)
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        maximizing = side_of(table, seat) == self.root_side
        a0 = alpha
        b0 = beta
        # The children, those that end the round first and best for the mover first.
        order: list[tuple[int, int]] = []
        for i in range(len(kids)):
            kid = kids[i]
            gain = self.score_value(kid[3])
            if not maximizing:
                gain = -gain
            rank = 2 * INF if kid[0] == first else gain
            order.append((-rank, i))
        order.sort()
        best = -INF if maximizing else INF
        best_action = kids[0][0]
        for _, i in order:
            action, npos, nseat, nscores, outcome = kids[i]
            if outcome != IN_PLAY:
                v = self.score_value(nscores)
            else:
                v = self.value(npos, nseat, nscores, alpha, beta)
            if maximizing:
                if v > best:
                    best = v
                    best_action = action
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                best_action = action
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        lo = -INF
        hi = INF
        if entry is not None:
            lo = entry[0]
            hi = entry[1]
        if best <= a0:  # an upper bound
            if best < hi:
                hi = best
        elif best >= b0:  # a lower bound
            if best > lo:
                lo = best
        else:
            lo = best
            hi = best
        self.tt[key] = (lo, hi, best_action)
        return best

    def exact(self, pos: Position, seat: int, scores: tuple[int, ...], outcome: int) -> int:
        """The exact scaled value of a position reached with outcome code ``outcome``."""
        if outcome != IN_PLAY:
            return self.score_value(scores)
        return self.value(pos, seat, scores, -INF, INF)


def solve(
    table: Table,
    boneyard: tuple[int, ...],
    pos: Position,
    seat: int,
    scores: tuple[int, ...],
    max_nodes: int,
    deadline: float,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]:
    """Solve a position in play: the exact value of every legal action of ``seat`` and a best
    line to the end of the round.

    Args:
        table: The rules at this table.
        boneyard: The boneyard's tile indexes as the round began, top first.
        pos: The position, in play.
        seat: The seat to move.
        scores: Points per side before the move.
        max_nodes: The node limit (0: none).
        deadline: A ``time.perf_counter()`` reading to stop at (0.0: none).

    Returns:
        ``(actions, values, line, sides - 1, nodes)``: the legal actions in
        :func:`bergen.kernel.play.legal_actions` order, each action's value (scaled points,
        ``sides - 1`` times the points: see the module docstring) from the point of view of
        the side of ``seat``, a best line (action ids from ``pos`` to the end of the round, the
        first action the first best one in legal order), the scale, and the positions visited.

    Raises:
        NodeLimit: when the search visits more than ``max_nodes`` positions or runs past
            ``deadline``.
    """
    search = Search(table, boneyard, side_of(table, seat), max_nodes, deadline)
    base = search.score_value(scores)
    actions = legal_actions(table, boneyard, pos, seat)
    values: list[int] = []
    for action in actions:
        npos, nseat, nscores, outcome, _, _ = step(table, boneyard, pos, seat, scores, action)
        values.append(search.exact(npos, nseat, nscores, outcome) - base)
    # The best line: at each position, the first action whose child has the position's value.
    best = values.index(max(values))
    line = [actions[best]]
    target = values[best] + base
    cur, cseat, cscores, outcome, _, _ = step(table, boneyard, pos, seat, scores, actions[best])
    while outcome == IN_PLAY:
        chosen = -1
        nxt: tuple[Position, int, tuple[int, ...], int] = (cur, cseat, cscores, outcome)
        for action in legal_actions(table, boneyard, cur, cseat):
            npos, nseat, nscores, noutcome, _, _ = step(
                table, boneyard, cur, cseat, cscores, action
            )
            if search.exact(npos, nseat, nscores, noutcome) == target:
                chosen = action
                nxt = (npos, nseat, nscores, noutcome)
                break
        if chosen < 0:  # cannot happen: some child of a position has its value
            raise RuntimeError("no child has the position's value")
        line.append(chosen)
        cur, cseat, cscores, outcome = nxt
    return actions, tuple(values), tuple(line), search.sides - 1, search.nodes
