"""The built-in ``ismcts`` bot: single-observer information-set Monte Carlo tree search.

The method is SO-ISMCTS of Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012, pages
120-143 (their Algorithm 3). One tree is grown over the observer's information sets: a node is
the sequence of decisions since the observer's own, as the observer sees it. Each iteration

1. *determinizes*: samples one hidden world uniformly among those consistent with the view
   (:class:`bergen.view.WorldSampler`), so the hidden tiles differ from iteration to iteration;
2. *selects* down the tree, in that world, among the children whose action is legal there,
   by UCB1 with *availability counts*: a child's exploration term is
   ``c * sqrt(log(availability) / visits)``, where its availability is the number of times it
   was legal when its parent was visited (not the parent's visits), since a child is not
   available in every world;
3. *expands* one untried legal action, then *simulates* the round to its end on the kernel with
   a fast playout (:func:`bergen.kernel.rollout.greedy_rollout` or
   :func:`bergen.kernel.rollout.rollout`), and
4. *backpropagates*: each node on the path adds the reward of the side that made its move.

The reward of a side is the points it gains by the end of the round minus the mean gain of the
other sides (the same measure as ``search``), so the exploration constant is in points. An
action is keyed by the seat that makes it (at three or four seats two opponents may hold the
same tile in different worlds). Forced moves (a lone legal move: the lead, a draw, a pass) make
no decision node, except the observer's own draws, which it sees: the tile drawn keys the next
node, so that the observer's later decisions are kept apart by what it drew. The move played
is the root's most visited child.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from bergen.bots.base import BotError, _check_choice, _decision_seconds, check_budget
from bergen.bots.simple import greedy_key
from bergen.errors import _brief
from bergen.kernel.actions import DRAW
from bergen.kernel.play import IN_PLAY, legal_actions, step
from bergen.kernel.rollout import greedy_rollout, rollout
from bergen.kernel.table import Table, side_of
from bergen.moves import Move, action_of
from bergen.round import RoundState
from bergen.view import PlayerView, WorldSampler, sampler_for

__all__ = ["ISMCTSBot"]

_SEAT = 128
"""A node's key is ``seat * _SEAT + action`` (action ids are 0..85) or, for the observer's
own draw, ``seat * _SEAT + _DRAWN + tile`` (the tile it drew)."""
_DRAWN = 90


class _Node:
    """A node of the tree: the move into it, by ``side``, and its statistics."""

    __slots__ = ("avail", "children", "reward", "side", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[int, _Node] = {}


def _world(
    sampler: WorldSampler, rng: random.Random
) -> tuple[Table, tuple[int, ...], tuple[tuple[int, ...], int, int, int, int]]:
    """One determinization on the kernel: ``(table, boneyard, position)``."""
    world: RoundState = sampler.sample(rng, history=False)
    context = world._context
    return context.table, context.boneyard, world._position


class ISMCTSBot:
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
    Whitehouse, 2012): see :mod:`bergen.bots.ismcts` for the method.

    Args:
        seed: Seed of the bot's own generator (determinizations, expansions, playouts).
        iterations: Iterations per decision (one determinization, one path, one playout each).
            Default 1000 without ``seconds``; with ``seconds`` and no ``iterations``, only the
            clock stops it.
        seconds: The time budget per decision, in seconds of wall clock (``None``: none); the
            search stops before an iteration that the last one's time says would end past the
            clock (the convention of :func:`bergen.bots.base.check_budget`), after one at least.
        exploration: The UCB exploration constant ``c``, in points (rewards are points
            differences), default 4.0 (of 1, 4 and 8 tried against
            ``greedy`` at 200 iterations, 60 games each: win rates 0.48, 0.67, 0.57).
        policy: The playouts: ``"greedy"`` (:func:`bergen.kernel.rollout.greedy_rollout`, the
            default) or ``"random"`` (:func:`bergen.kernel.rollout.rollout`).

    Raises:
        BotError: when ``iterations`` is not an int >= 1, ``seconds`` not a number > 0,
            ``exploration`` not a number >= 0, or ``policy`` unknown.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 4.0,
        policy: str = "greedy",
    ) -> None:
        """Make the bot with its own generator and budget."""
        self.iterations, self.seconds = check_budget(
            iterations, seconds, default=1000, unit="iterations"
        )
        if (
            not isinstance(exploration, int | float)
            or isinstance(exploration, bool)
            or not 0 <= exploration <= 1e9
        ):
            raise BotError(f"exploration must be a number in 0..1e9, got {_brief(exploration)}")
        if not isinstance(policy, str) or policy not in ("greedy", "random"):
            raise BotError(f"policy is 'greedy' or 'random', got {_brief(policy)}")
        self.rng = random.Random(seed)
        self.exploration = float(exploration)
        self.policy = policy

    def choose(
        self, view: PlayerView, legal_moves: Sequence[Move], *, seconds: float | None = None
    ) -> Move:
        """Return the legal move whose root child was visited most (ties: the greedy ranking).

        Args:
            view: The view of the seat to move.
            legal_moves: Its legal moves.
            seconds: The caller's time for this move, in seconds (``bergen bot serve`` and the
                arena pass it): the search stops at the earlier of it and the bot's own
                budget. ``None``: the bot's own budget only.

        Raises:
            BotError: when ``seconds`` is not a number > 0, ``view`` not a view or
                ``legal_moves`` not a non-empty sequence of moves.
        """
        _check_choice(view, legal_moves)
        budget = _decision_seconds(self.seconds, seconds)
        if len(legal_moves) == 1:
            return legal_moves[0]
        clock = time.perf_counter
        deadline = None if budget is None else clock() + budget
        rng = self.rng
        rnd = rng.random
        sampler = sampler_for(view)
        me = view.seat
        root = _Node(-1)
        c = self.exploration
        play_out = greedy_rollout if self.policy == "greedy" else rollout
        start = view.scores
        n_sides = view.sides
        limit = self.iterations
        done = 0
        last = clock()
        took = 0.0
        while limit is None or done < limit:
            if deadline is not None and done and last + took > deadline:
                break
            table, boneyard, pos = _world(sampler, rng)
            seat = view.to_move
            scores = start
            node = root
            path: list[_Node] = []
            outcome = IN_PLAY
            expanded = False
            while True:
                legal = legal_actions(table, boneyard, pos, seat)
                base = seat * _SEAT
                if len(legal) == 1:
                    action = legal[0]
                    if action == DRAW and seat == me:  # the observer sees the tile it draws
                        key = base + _DRAWN + boneyard[pos[4]]
                        child = node.children.get(key)
                        if child is None:
                            child = node.children[key] = _Node(side_of(table, seat))
                        node = child
                        path.append(child)
                else:
                    children = node.children
                    untried = [a for a in legal if base + a not in children]
                    if untried:
                        action = untried[int(rnd() * len(untried))]
                        node = children[base + action] = _Node(side_of(table, seat))
                        path.append(node)
                        expanded = True
                    else:
                        best = -math.inf
                        chosen = children[base + legal[0]]
                        action = legal[0]
                        for a in legal:
                            ch = children[base + a]
                            ch.avail += 1
                        for a in legal:
                            ch = children[base + a]
                            value = ch.reward / ch.visits + c * math.sqrt(
                                math.log(ch.avail) / ch.visits
                            )
                            if value > best:
                                best, chosen, action = value, ch, a
                        node = chosen
                        path.append(chosen)
                pos, seat, scores, outcome, _, _ = step(table, boneyard, pos, seat, scores, action)
                if expanded or outcome != IN_PLAY:
                    break  # past the new node, the playout takes over
            final = (
                scores if outcome != IN_PLAY else play_out(table, boneyard, pos, seat, scores, rnd)
            )
            gains = [final[s] - start[s] for s in range(n_sides)]
            total = sum(gains)
            for nd in path:
                g = gains[nd.side]
                nd.visits += 1
                nd.reward += g - (total - g) / (n_sides - 1)
            done += 1
            now = clock()
            took = now - last
            last = now
        counts = [0] * len(legal_moves)
        for i, move in enumerate(legal_moves):
            child = root.children.get(me * _SEAT + action_of(move))
            if child is not None:
                counts[i] = child.visits
        best_i = max(
            range(len(legal_moves)),
            key=lambda i: (counts[i], greedy_key(view, legal_moves[i]), -i),
        )
        return legal_moves[best_i]
