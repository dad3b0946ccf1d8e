"""Information-set Monte Carlo tree search on the kernel: the tree loop of the ``ismcts`` and
``bayes`` bots (rules 2-9 through :func:`bergen.kernel.play.step`).

The method is SO-ISMCTS of Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012, pages
120-143 (their Algorithm 3). One tree is grown over the observer's information sets: a node is
the sequence of decisions since the observer's own, as the observer sees it. Each iteration

1. *determinizes*: ``determinize()`` gives one hidden world consistent with the observer's view
   (the caller decides how: uniformly, or in proportion to an inferred weight);
2. *selects* down the tree, in that world, among the children whose action is legal there, by
   UCB1 with *availability counts*: a child's exploration term is
   ``c * sqrt(log(availability) / visits)``, where its availability is the number of times it
   was legal when its parent was visited (not the parent's visits), since a child is not
   available in every world;
3. *expands* one untried legal action, then *simulates* the round to its end with a playout
   of :mod:`bergen.kernel.rollout`;
4. *backpropagates*: each node on the path adds the reward of the side that made its move.

A side's reward (:func:`rewards`) is the points it gains by the end of the round minus the mean
gain of the other sides, in points; or, given a table of match chances (two sides), its chance
of winning the match from the scores the round ends with (1 or 0 when the match is decided,
rule 9). An action is keyed by the seat that makes it (at three or four seats two opponents may
hold the same tile in different worlds). Draws (rule 4) are chance events, drawn afresh in each
iteration's world, and each makes a node of what the observer sees of it: its own draw (forced,
or chosen where a seat may draw at any time) is keyed by the tile drawn, another seat's by the
draw alone, so that the observer's later decisions are kept apart by the tiles it drew and by
how many the others drew (an information set, not one world's order of the boneyard). Other
forced moves (the lead, a pass) make no node.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from bergen.kernel.actions import DRAW
from bergen.kernel.play import IN_PLAY, Position, legal_actions, step
from bergen.kernel.rollout import ranked_action
from bergen.kernel.table import Table, match_winner, side_of

SEAT = 128
"""A node's key is ``seat * SEAT + action`` (action ids are 0..85) or, for the observer's own
draw, ``seat * SEAT + DRAWN + tile`` (the tile it drew)."""
DRAWN = 90

Determinization = tuple[Table, tuple[int, ...], Position, int, tuple[int, ...]]
"""One world to search: ``(table, boneyard, position, seat to move, scores)``."""

Playout = Callable[
    [Table, tuple[int, ...], Position, int, tuple[int, ...], Callable[[], float]], tuple[int, ...]
]
"""A playout of :mod:`bergen.kernel.rollout`: ``(table, boneyard, position, seat, scores, rnd)``
to the final scores."""


class Node:
    """A node of the tree: the move into it, by ``side``, and its statistics.

    Attributes:
        side: The side that made the move into the node (-1 at the root).
        visits: Iterations through the node.
        avail: Times the node's move was legal when its parent was selected from, plus one.
        reward: The sum of ``side``'s rewards over the iterations through the node.
        children: The children by key (see :data:`SEAT`).
    """

    __slots__ = ("avail", "children", "reward", "side", "visits")

    def __init__(self, side: int) -> None:
        """A node never visited."""
        self.side = side
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[int, Node] = {}


def rewards(
    table: Table,
    final: tuple[int, ...],
    start: tuple[int, ...],
    n_sides: int,
    equity: list[list[float]],
) -> list[float]:
    """Each side's reward at a playout's end (scores ``final``, from ``start``).

    With ``equity`` (two or three sides), each side's expected match score: the share of the
    other sides it finishes the match above (rule 9: the winner above all, the rest by
    points), a level one counting 1/2; with two sides, its chance of winning. When the match
    is decided that is worked out from the scores (1.0 and 0.0 for two sides); below the
    target it is read from the table, each score capped below the target: for two sides
    ``equity[a][b]``, the score of the side at ``a`` against the side at ``b``; for three
    ``equity[a][b * target + c]``, the score of the side at ``a`` against the sides at ``b``
    and ``c``. With ``equity`` empty: each side's points gained minus the mean gain of the
    other sides.
    """
    if equity:
        target = table.target
        won = match_winner(final, target, table.round_end, True)
        if won >= 0:
            return [_rank_score(final, s, won) for s in range(n_sides)]
        cap = target - 1
        if n_sides == 2:
            p = equity[min(final[0], cap)][min(final[1], cap)]
            return [p, 1.0 - p]
        a = min(final[0], cap)
        b = min(final[1], cap)
        c = min(final[2], cap)
        return [equity[a][b * target + c], equity[b][a * target + c], equity[c][a * target + b]]
    gains = [final[s] - start[s] for s in range(n_sides)]
    total = sum(gains)
    return [g - (total - g) / (n_sides - 1) for g in gains]


def _rank_score(final: tuple[int, ...], side: int, won: int) -> float:
    """Side ``side``'s share of the other sides it finishes above, the match won by ``won``
    (rule 9: the winner above all, the rest by points; level: 1/2 each).
    """
    if side == won:
        return 1.0
    total = 0.0
    for other in range(len(final)):
        if other != side and other != won:
            if final[side] > final[other]:
                total += 1.0
            elif final[side] == final[other]:
                total += 0.5
    return total / (len(final) - 1)


def _chance(
    node: Node,
    path: list[Node],
    table: Table,
    base: int,
    me: int,
    seat: int,
    boneyard: tuple[int, ...],
    pos: Position,
) -> Node:
    """The child of ``node`` for ``seat``'s draw in ``pos`` (rule 4), added to ``path``: keyed
    by the tile drawn when the observer ``me`` draws it (it sees the tile), else by the draw
    alone (it sees that a tile was drawn, not which).
    """
    key = base + DRAWN + boneyard[pos[4]] if seat == me else base + DRAW
    child = node.children.get(key)
    if child is None:
        child = Node(side_of(table, seat))
        node.children[key] = child
    path.append(child)
    return child


def search(
    me: int,
    determinize: Callable[[], Determinization],
    rnd: Callable[[], float],
    start: tuple[int, ...],
    n_sides: int,
    exploration: float,
    play_out: Playout,
    equity: list[list[float]],
    limit: int,
    deadline: float,
    ranked: int = 0,
) -> Node:
    """Grow the tree of observer ``me`` and return its root.

    Args:
        me: The observer's seat.
        determinize: A new world to search, each call (see :data:`Determinization`).
        rnd: The generator's ``random``: expansions and playouts.
        start: The scores per side at the decision (the points rewards' origin).
        n_sides: Sides at the table (rule 10).
        exploration: The UCB constant ``c``, in the rewards' unit.
        play_out: The playout from the tree's new node to the round's end
            (:func:`bergen.kernel.rollout.greedy_rollout`, :func:`~bergen.kernel.rollout.rollout`
            or :func:`~bergen.kernel.rollout.ranked_rollout`).
        equity: The match chances for :func:`rewards` (empty: points).
        limit: The most iterations (-1: none).
        deadline: The :func:`time.perf_counter` time to stop by (``math.inf``: none): the search
            stops before an iteration that the last one's time says would end past it, after
            one at least.
        ranked: A mask of seats (bit ``s`` for seat ``s``) that choose in the tree as the
            ``greedy`` bot ranks their moves (:func:`bergen.kernel.rollout.ranked_action`)
            instead of by UCB: a model of how they play, not a search of their best reply.
            Their moves still key the tree's nodes (the observer sees them), and make no
            expansion.

    Returns:
        The root: its children are the observer's moves, keyed ``me * SEAT + action``.
    """
    clock = time.perf_counter
    root = Node(-1)
    c = exploration
    done = 0
    last = clock()
    took = 0.0
    while limit < 0 or done < limit:
        if done and last + took > deadline:
            break
        table, boneyard, pos, seat, scores = determinize()
        node = root
        path: list[Node] = []
        outcome = IN_PLAY
        expanded = False
        while True:
            legal = legal_actions(table, boneyard, pos, seat)
            base = seat * SEAT
            if len(legal) > 1 and ranked >> seat & 1 and pos[1] >= 0:
                action = ranked_action(table, boneyard, pos, seat, scores, rnd)
                child = node.children.get(base + action)
                if child is None:
                    child = Node(side_of(table, seat))
                    node.children[base + action] = child
                node = child
                path.append(child)
            elif len(legal) == 1:
                action = legal[0]
                if action == DRAW:  # a chance event the observer sees: its own tile, or a draw
                    node = _chance(node, path, table, base, me, seat, boneyard, pos)
            else:
                children = node.children
                untried = [a for a in legal if base + a not in children]
                if untried:
                    action = untried[int(rnd() * len(untried))]
                    node = Node(side_of(table, seat))
                    children[base + action] = node
                    path.append(node)
                    expanded = True
                else:
                    best = -math.inf
                    chosen = children[base + legal[0]]
                    action = legal[0]
                    for a in legal:
                        children[base + a].avail += 1
                    for a in legal:
                        ch = children[base + a]
                        value = ch.reward / ch.visits + c * math.sqrt(
                            math.log(ch.avail) / ch.visits
                        )
                        if value > best:
                            best = value
                            chosen = ch
                            action = a
                    node = chosen
                    path.append(chosen)
                if action == DRAW and seat == me:  # a draw chosen (rule 4): the tile it brings
                    node = _chance(node, path, table, base, me, seat, boneyard, pos)
            pos, seat, scores, outcome, _, _ = step(table, boneyard, pos, seat, scores, action)
            if expanded or outcome != IN_PLAY:
                break  # past the new node, the playout takes over
        final = scores if outcome != IN_PLAY else play_out(table, boneyard, pos, seat, scores, rnd)
        reward = rewards(table, final, start, n_sides, equity)
        for nd in path:
            nd.visits += 1
            nd.reward += reward[nd.side]
        done += 1
        now = clock()
        took = now - last
        last = now
    return root
