"""Perfect-information search of a round (rules 2-9): every hand and the boneyard order known.

The value of a position is a number of points from the point of view of one side, the *root
side* (the side of the seat to move where the search starts), counting only the points scored
from that position to the end of the round:

- two sides (two seats, or four seats in two partnerships): the root side's points minus the
  other side's: exact minimax;
- three or four sides: the root side's points minus the mean of the other sides' points, with
  the other sides playing together against the root side (a *paranoid* search: a two-player
  zero-sum game between the root side and a coalition of the rest).

Inside the search a value is an int, ``(sides - 1)`` times that number of points: a side's
``pts`` points count ``(sides - 1) * pts`` for the root side and ``-pts`` for any other
(:func:`score_value` of the final scores minus that of the start). Draws are moves like the
others; with the boneyard order known they are deterministic. Scoring follows the kernel's step
(:func:`bergen.kernel.play.step`): headers reduced near the target (rule 6), scoring stops at
the target unless the table checks it only at the end of a round
(:attr:`~bergen.kernel.table.Table.round_end`, rule 9), the blocked-hand judge (rule 8).

**How.** The first move is made with :func:`bergen.kernel.play.step`; below it the search
plays and takes back moves on one mutable position (:class:`Search`):

- each value is found by null-window searches closing in on it (MTD(f), from the value of the
  previous move as a guess), each an alpha-beta search in which every move after the first is
  tried with a null window first (principal variation search);
- a transposition table of bounds (a lower and an upper bound per position, exact when they
  meet) keyed by an int built incrementally from the hands, the ends, the tiles drawn and the
  seat to move: an exact key, not a hash, so no two positions share an entry;
- the scores are left out of the key while they cannot matter: an entry records how far the
  scores rose before the headers its search saw, and it is used at other scores only when
  every such header still scores in full and cannot reach the target there (rules 6 and 9);
  otherwise the entry is kept under a key with the scores;
- the two ends in one orientation (the rules treat them alike, so a position and its mirror
  image have the same value), and a tile's plays on two ends that mirror each other searched
  once;
- moves ordered by the table's best move, then by the points they score at once, then by a
  history of the moves that cut off the search.
"""

from __future__ import annotations

from time import perf_counter
from typing import Final

from bergen.kernel.actions import DRAW, LEAD
from bergen.kernel.play import IN_PLAY, Position, legal_actions, step
from bergen.kernel.table import (
    NEAR_TARGET,
    NO_REDUCTION,
    Table,
    blocked_winner,
    header_points,
    side_of,
)
from bergen.kernel.tiles import FIT, IS_DOUBLE, N_TILES, OTHER

INF: Final = 1 << 40
"""Larger than any value of a round (in the search's scaled points)."""

SMALL_BITS: Final = 16
"""Bits of the key for the ends, the doubles, the tiles drawn and the seat to move (15), and
the bit that marks a key with the scores in it."""

NO_HEADER: Final = -INF
"""A transposition entry's reach when its search saw no header."""


class NodeLimit(Exception):
    """The search visited more positions than its node limit allows, or ran past its deadline;
    ``args[0]`` is the number of positions visited.
    """


def score_value(scores: tuple[int, ...] | list[int], root_side: int, sides: int) -> int:
    """``sides * scores[root_side] - sum(scores)``: the scaled value of a set of scores."""
    total = 0
    for s in scores:
        total += s
    return sides * scores[root_side] - total


class Search:
    """One search: the round's constants, the position it plays on, the transposition table,
    the move history and the node count.

    Args:
        table: The rules at this table.
        boneyard: The boneyard's tile indexes as the round began, top first.
        root_side: The side whose points count positively.
        scores: Points per side at the root (they bound the scores the key has room for).
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
        scores: tuple[int, ...],
        max_nodes: int,
        deadline: float,
    ) -> None:
        """Set up an empty search."""
        self.table = table
        self.boneyard = boneyard
        self.root_side = root_side
        seats = table.seats
        self.seats = seats
        sides = 2 if table.partnerships else seats
        self.sides = sides
        self.side: list[int] = [side_of(table, s) for s in range(seats)]
        self.next: list[int] = [s + 1 if s + 1 < seats else 0 for s in range(seats)]
        self.weight: list[int] = [sides - 1 if s == root_side else -1 for s in range(sides)]
        self.draw_limit = len(boneyard) - table.reserve if table.drawing else 0
        self.draw_any_time = table.draw_any_time
        self.double_header = table.double_header
        self.triple_header = table.triple_header
        self.going_out = table.going_out
        self.blocked_hand = table.blocked_hand
        self.target = table.target
        self.instant = not table.round_end
        most = max(table.double_header, table.triple_header)
        # The free zone: a side at most this many points before a header scores the header in
        # full and does not reach the target with it (rules 6 and 9).
        if table.reduction == NO_REDUCTION:
            self.free = table.target - 1 - most if self.instant else INF
        elif table.reduction == NEAR_TARGET:
            self.free = table.target - 4
            if self.instant and table.target - 1 - most < self.free:
                self.free = table.target - 1 - most
        else:  # a reduction of the user's: any header may depend on the score
            self.free = -1
        top = max(scores) + N_TILES * most + table.going_out + table.blocked_hand
        self.score_bits = top.bit_length() + 1
        self.score_shift = N_TILES * seats + SMALL_BITS
        self.scored_flag = 1 << (N_TILES * seats + SMALL_BITS - 1)
        self.peak: list[int] = [-1] * sides
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: list[int] = [0] * (seats * 2 * N_TILES)
        self.masks: list[int] = [0] * seats
        self.scores: list[int] = [0] * sides
        self.hand_key = 0
        self.score_key = 0

    def set_position(self, masks: tuple[int, ...], scores: tuple[int, ...]) -> None:
        """Put the hands ``masks`` and the points per side ``scores`` on the search's position."""
        self.hand_key = 0
        for s in range(self.seats):
            self.masks[s] = masks[s]
            self.hand_key |= masks[s] << (N_TILES * s)
        self.score_key = 0
        for i in range(self.sides):
            self.scores[i] = scores[i]
            self.score_key |= scores[i] << (self.score_bits * i)

    def blocked(self, left: int, right: int) -> bool:
        """Rule 8: whether no hand holds a tile fitting ``left`` or ``right``."""
        ends = FIT[left] | FIT[right]
        for m in self.masks:
            if m & ends:
                return False
        return True

    def block_gain(self) -> int:
        """Rule 8: the scaled points of the blocked hand the position shows."""
        winner = blocked_winner(self.table, tuple(self.masks))
        if winner < 0:
            return 0
        return self.weight[winner] * self.blocked_hand

    def value(
        self, left: int, right: int, doubles: int, drawn: int, seat: int, alpha: int, beta: int
    ) -> int:
        """The scaled points still to come from the search's position, in play with ends
        ``left`` and ``right``, ``doubles`` (see :mod:`bergen.kernel.play`), ``drawn`` tiles
        drawn and ``seat`` to move, searched with the window ``(alpha, beta)``: exact when
        strictly inside it, else a bound on the right side (fail-soft alpha-beta).

        Raises:
            NodeLimit: past the node limit or the deadline.
        """
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise NodeLimit(self.nodes)
        if not self.nodes & 1023 and self.deadline and perf_counter() > self.deadline:
            raise NodeLimit(self.nodes)
        masks = self.masks
        hand = masks[seat]
        fl = hand & FIT[left]
        fr = hand & FIT[right]
        if not (fl | fr):  # no play: a draw (rule 4) or a pass
            if drawn < self.draw_limit:
                return self.draw(seat, left, right, doubles, drawn, alpha, beta)
            return self.value(left, right, doubles, drawn, self.next[seat], alpha, beta)
        if left == right and (doubles == 0 or doubles == 3):
            fr = 0  # a tile on the right mirrors the same tile on the left: the same value
        both = fl | fr
        can_draw = self.draw_any_time and drawn < self.draw_limit  # a draw besides (rule 4)
        if both & (both - 1) == 0 and not (fl & fr) and not can_draw:  # forced: nothing stored
            t = both.bit_length() - 1
            return self.play(
                2 * t + (1 if fr else 0), seat, left, right, doubles, drawn, alpha, beta
            )
        # The key: the ends in one orientation (the smaller number on the left).
        flip = left > right
        if flip:
            small = right | left << 3 | (doubles >> 1 | (doubles & 1) << 1) << 6
        else:
            small = left | right << 3 | doubles << 6
        key = self.hand_key | (small | drawn << 8 | seat << 13) << (N_TILES * self.seats)
        tt = self.tt
        scores = self.scores
        # The entry without the scores holds while every header its search saw stays in the
        # free zone at the scores of now; else the entry with the scores.
        saved = self.peak
        peak = [-1] * self.sides
        self.peak = peak
        entry = tt.get(key)
        if entry is not None:
            reach = entry[3]
            if reach != NO_HEADER:
                top = 0
                for sc in scores:
                    if sc > top:
                        top = sc
                if top + reach <= self.free:
                    for i in range(self.sides):
                        peak[i] = scores[i] + reach
                else:
                    entry = None
        if entry is None:
            entry = tt.get(key | self.scored_flag | self.score_key << self.score_shift)
            if entry is not None:
                peak[0] = INF
        first = -1
        lo = -INF
        hi = INF
        if entry is not None:
            lo = entry[0]
            hi = entry[1]
            first = entry[2]
            if lo >= beta or hi <= alpha or lo == hi:
                self.peak = saved
                for i in range(self.sides):
                    if peak[i] > saved[i]:
                        saved[i] = peak[i]
                return lo if lo >= beta or lo == hi else hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            if first < LEAD:
                if flip:
                    first ^= 1
                if not fr:
                    first &= ~1
        ranked = self.ranked(hand, fl, fr, left, right, doubles, seat, first)
        if can_draw:  # the draw last, unless the table's best move
            ranked.insert(0 if first == DRAW else len(ranked), (0, DRAW))
        history = self.history
        hbase = seat * 2 * N_TILES
        maximizing = self.weight[self.side[seat]] > 0
        a0 = alpha
        b0 = beta
        best = -INF if maximizing else INF
        best_action = ranked[0][1]
        for i in range(len(ranked)):
            action = ranked[i][1]
            if i == 0:
                v = self.move(action, seat, left, right, doubles, drawn, alpha, beta)
            elif maximizing:
                v = self.move(action, seat, left, right, doubles, drawn, alpha, alpha + 1)
                if alpha < v < beta:
                    v = self.move(action, seat, left, right, doubles, drawn, v - 1, beta)
            else:
                v = self.move(action, seat, left, right, doubles, drawn, beta - 1, beta)
                if alpha < v < beta:
                    v = self.move(action, seat, left, right, doubles, drawn, alpha, v + 1)
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
                if action < LEAD:
                    history[hbase + action] += 1
                break
        if best <= a0:  # an upper bound
            if best < hi:
                hi = best
        elif best >= b0:  # a lower bound
            if best > lo:
                lo = best
        else:
            lo = best
            hi = best
        self.store(key, flip, lo, hi, best_action, peak, saved)
        return best

    def ranked(
        self,
        hand: int,
        fl: int,
        fr: int,
        left: int,
        right: int,
        doubles: int,
        seat: int,
        first: int,
    ) -> list[tuple[int, int]]:
        """The plays of ``seat`` (``hand``, its tiles ``fl`` fitting the left end and ``fr`` the
        right) as ``(rank, action)``, best first: the table's best move ``first``, then by
        the points a play scores at once (a header at full value, going out), then by the
        history of the plays that cut off the search.
        """
        history = self.history
        hbase = seat * 2 * N_TILES
        both = fl | fr
        last = hand & (hand - 1) == 0
        ranked: list[tuple[int, int]] = []
        while both:
            low = both & -both
            both ^= low
            t = low.bit_length() - 1
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
                action = 2 * t + end
                if action == first:
                    rank = INF
                else:
                    gain = 0
                    if nl == nr:
                        gain = self.triple_header if nd else self.double_header
                    if last:
                        gain += self.going_out
                    rank = gain << 32 | history[hbase + action]
                ranked.append((rank, action))
        ranked.sort(reverse=True)
        return ranked

    def store(
        self,
        key: int,
        flip: bool,
        lo: int,
        hi: int,
        best_action: int,
        peak: list[int],
        saved: list[int],
    ) -> None:
        """Keep the bounds ``lo`` and ``hi`` and the best move of the position of ``key`` (its
        ends mirrored when ``flip``): under the key without the scores when every header its
        search saw (``peak``, the highest score before a header, per side) was in the free
        zone, else under the key with the scores; then add ``peak`` to the enclosing
        search's ``saved``.
        """
        scores = self.scores
        reach = NO_HEADER
        free = True
        for i in range(self.sides):
            p = peak[i]
            if p >= 0:
                if p > self.free:
                    free = False
                if p - scores[i] > reach:
                    reach = p - scores[i]
            if p > saved[i]:
                saved[i] = p
        self.peak = saved
        if not free:
            key |= self.scored_flag | self.score_key << self.score_shift
        if flip and best_action < LEAD:
            best_action ^= 1
        self.tt[key] = (lo, hi, best_action, reach)

    def move(
        self,
        action: int,
        seat: int,
        left: int,
        right: int,
        doubles: int,
        drawn: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The scaled points of ``action`` (a play, or :data:`~bergen.kernel.actions.DRAW`) of
        ``seat`` and of the rest of the round after it: :meth:`play` or :meth:`draw`.
        """
        if action == DRAW:
            return self.draw(seat, left, right, doubles, drawn, alpha, beta)
        return self.play(action, seat, left, right, doubles, drawn, alpha, beta)

    def draw(
        self, seat: int, left: int, right: int, doubles: int, drawn: int, alpha: int, beta: int
    ) -> int:
        """Rule 4: the scaled points of a draw of ``seat`` (the top tile of the boneyard; the
        seat moves again) and of the rest of the round after it, searched with the window
        ``(alpha, beta)``, as :meth:`value`; a draw that leaves nothing to draw may block the
        hand (rule 8). The position is the same afterwards.
        """
        masks = self.masks
        hand = masks[seat]
        bit = 1 << self.boneyard[drawn]
        masks[seat] = hand | bit
        moved = bit << (N_TILES * seat)
        self.hand_key ^= moved
        if drawn + 1 >= self.draw_limit and self.blocked(left, right):  # rule 8
            v = self.block_gain()
        else:
            v = self.value(left, right, doubles, drawn + 1, seat, alpha, beta)
        masks[seat] = hand
        self.hand_key ^= moved
        return v

    def play(
        self,
        action: int,
        seat: int,
        left: int,
        right: int,
        doubles: int,
        drawn: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Rules 3 and 5-9: the scaled points of play ``action`` of ``seat`` and of the rest of
        the round after it (searched with the window ``(alpha, beta)``, as :meth:`value`); the
        position is the same afterwards.
        """
        t = action >> 1
        bit = 1 << t
        masks = self.masks
        hand = masks[seat] ^ bit
        masks[seat] = hand
        moved = bit << (N_TILES * seat)
        self.hand_key ^= moved
        if action & 1:
            nl = left
            nr = OTHER[t][right]
            nd = doubles | 2 if IS_DOUBLE[t] else doubles & 1
        else:
            nl = OTHER[t][left]
            nr = right
            nd = doubles | 1 if IS_DOUBLE[t] else doubles & 2
        side = self.side[seat]
        weight = self.weight[side]
        gain = 0
        pts = 0
        over = False
        if nl == nr:  # a header (rule 5), reduced near the target (rule 6)
            sc = self.scores[side]
            if sc > self.peak[side]:
                self.peak[side] = sc
            pts = header_points(self.table, self.triple_header if nd else self.double_header, sc)
            if pts:
                self.scores[side] = sc + pts
                self.score_key += pts << (self.score_bits * side)
            gain = weight * pts
            over = self.instant and sc + pts >= self.target  # rule 9
        if over:
            v = gain
        elif not hand:  # going out (rule 7)
            v = gain + weight * self.going_out
        elif drawn >= self.draw_limit and self.blocked(nl, nr):  # rule 8
            v = gain + self.block_gain()
        else:
            v = gain + self.value(nl, nr, nd, drawn, self.next[seat], alpha - gain, beta - gain)
        masks[seat] = hand ^ bit
        self.hand_key ^= moved
        if pts:
            self.scores[side] -= pts
            self.score_key -= pts << (self.score_bits * side)
        return v

    def after(
        self, pos: Position, seat: int, scores: tuple[int, ...], outcome: int, guess: int
    ) -> int:
        """The exact scaled points still to come after a step to ``pos`` with ``seat`` to
        move, ``scores`` and outcome code ``outcome`` (0 when the round is over), found by
        null-window searches that close in on it from ``guess`` (MTD(f): each search is a
        bound; the table keeps what earlier ones proved).

        Raises:
            NodeLimit: past the node limit or the deadline.
        """
        if outcome != IN_PLAY:
            return 0
        self.set_position(pos[0], scores)
        g = guess
        lo = -INF
        hi = INF
        while lo < hi:
            b = g + 1 if g == lo else g
            g = self.value(pos[1], pos[2], pos[3], pos[4], seat, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        return g


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
    root = side_of(table, seat)
    search = Search(table, boneyard, root, scores, max_nodes, deadline)
    sides = search.sides
    base = score_value(scores, root, sides)
    actions = legal_actions(table, boneyard, pos, seat)
    values: list[int] = []
    guess = 0
    for action in actions:
        npos, nseat, nscores, outcome, _, _ = step(table, boneyard, pos, seat, scores, action)
        gain = score_value(nscores, root, sides) - base
        later = search.after(npos, nseat, nscores, outcome, guess - gain)
        values.append(gain + later)
        guess = gain + later
    # The best line: at each position, the first action whose child is best for the side to
    # move (the search is exact, so its value is the position's).
    best = values.index(max(values))
    target = values[best] + base
    line = [actions[best]]
    cur, cseat, cscores, outcome, _, _ = step(table, boneyard, pos, seat, scores, actions[best])
    while outcome == IN_PLAY:
        maximizing = side_of(table, cseat) == root
        chosen: tuple[int, Position, int, tuple[int, ...], int] | None = None
        chosen_value = 0
        for action in legal_actions(table, boneyard, cur, cseat):
            npos, nseat, nscores, noutcome, _, _ = step(
                table, boneyard, cur, cseat, cscores, action
            )
            now = score_value(nscores, root, sides)
            v = now + search.after(npos, nseat, nscores, noutcome, target - now)
            if chosen is None or (v > chosen_value if maximizing else v < chosen_value):
                chosen = (action, npos, nseat, nscores, noutcome)
                chosen_value = v
        assert chosen is not None  # a position in play has a legal action
        line.append(chosen[0])
        cur, cseat, cscores, outcome = chosen[1], chosen[2], chosen[3], chosen[4]
    return actions, tuple(values), tuple(line), sides - 1, search.nodes
