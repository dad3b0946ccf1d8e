"""The tree loop of ``ismcts`` and ``bayes`` before another seat's draws made nodes
(:func:`search`, a copy of ``bergen.kernel.tree.search`` as it was, kept for one comparison
only) and :class:`BayesBefore`, the ``bayes`` bot on it, for the arena::

    PYTHONPATH=benchmarks bergen arena 'bayes[iterations=1000]' \
        '_tree_before:BayesBefore[iterations=1000]' --games 1000 --seed 0 --workers 1 \
        --in-process --move-time 0

This copy is interpreted even in the compiled build (count budgets: the games do not depend on
speed). In it, a forced draw made a node only when the observer drew, and a draw chosen where a
seat may draw at any time was followed by no node of the tile drawn.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from bergen.bots.base import _check_choice
from bergen.bots.bayes import _PLAYOUTS, BayesBot, _determinize
from bergen.bots.inference import weighted_worlds
from bergen.bots.ismcts import _most_visited
from bergen.kernel.actions import DRAW
from bergen.kernel.play import IN_PLAY, legal_actions, step
from bergen.kernel.rollout import ranked_action
from bergen.kernel.table import side_of
from bergen.kernel.tree import DRAWN, SEAT, Determinization, Node, Playout, rewards
from bergen.moves import Move
from bergen.view import PlayerView, sampler_for


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
                if action == DRAW and seat == me:  # the observer sees the tile it draws
                    key = base + DRAWN + boneyard[pos[4]]
                    child = node.children.get(key)
                    if child is None:
                        child = Node(side_of(table, seat))
                        node.children[key] = child
                    node = child
                    path.append(child)
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


class BayesBefore(BayesBot):
    """The ``bayes`` bot on :func:`search` (the tree loop before this comparison's change)."""

    name = "bayes-before"

    def choose(
        self, view: PlayerView, legal_moves: Sequence[Move], *, seconds: float | None = None
    ) -> Move:
        """As :meth:`bergen.bots.BayesBot.choose`, on the iteration budget alone."""
        _check_choice(view, legal_moves)
        if len(legal_moves) == 1:
            return legal_moves[0]
        equity = self._equity_for(view) if view.sides == 2 else None  # as it was
        rng = self.rng
        particles = weighted_worlds(view, self.worlds, rng, self.model, sampler_for(view))
        cumulative: list[float] = []
        acc = 0.0
        for w in particles:
            acc += w.likelihood
            cumulative.append(acc)
        root = search(
            view.seat,
            lambda: _determinize(particles, cumulative, rng),
            rng.random,
            view.scores,
            view.sides,
            self.exploration,
            _PLAYOUTS[self.playout],
            [] if equity is None else equity._table,
            -1 if self.iterations is None else self.iterations,
            math.inf,
            self._ranked_seats(view),
        )
        return _most_visited(view, legal_moves, root)
