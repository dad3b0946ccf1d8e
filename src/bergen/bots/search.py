"""The built-in ``search`` bot (determinized Monte Carlo search) and its greedy playouts."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from bergen.bots.base import BotError, check_budget
from bergen.bots.simple import greedy_key
from bergen.moves import Move
from bergen.rollout import rollout
from bergen.round import RoundState
from bergen.tiles import FIT, IS_DOUBLE, OTHER, tiles_of_mask
from bergen.view import PlayerView, sampler_for

__all__ = ["SearchBot", "greedy_rollout"]


# ---------------------------------------------------------------------------------- rollouts


def greedy_rollout(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    """Play the round out with a fast greedy policy and return the final scores.

    Every seat, when one of its legal plays makes a header (rule 5), makes the one worth most
    (a triple header before a double header; the lowest tile index first among equals);
    otherwise it makes a legal play chosen uniformly at random (one ``rng.random()`` per
    choice); it draws and passes when it must (rule 4). Scoring follows the engine: the
    reduction near the target (rule 6), going out (rule 7), the blocked hand (rule 8, judged by
    the rules' judge) and the end at the target (rule 9). The loop runs on bitmasks, without
    building states.

    Args:
        state: A round state after the lead (or any state, which is then played out through
            :meth:`~bergen.round.RoundState.apply` up to the lead).
        rng: The generator of the random choices.

    Returns:
        Match points per side at the end of the round, this round's points included.
    """
    while state.outcome is None and state.line.lead is None:
        state, _ = state.apply(state.legal_moves()[0])
    if state.outcome is not None:
        return state.scores
    rules = state.rules
    target = state.target
    reduce = rules.reduction.reduce
    dbl = rules.points.double_header
    trp = rules.points.triple_header
    out_pts = rules.points.going_out
    partners = rules.partnerships
    hands = [h.mask for h in state.hands]
    scores = list(state.scores)
    n = len(hands)
    bone = state.boneyard.tiles
    top = 0
    last_draw = len(bone) - state.boneyard.reserve if rules.drawing else 0
    line = state.line
    left: int = line.left  # type: ignore[assignment]
    right: int = line.right  # type: ignore[assignment]
    left_double = line.left_double
    right_double = line.right_double
    seat = state.to_move
    rnd = rng.random
    while True:
        hand = hands[seat]
        fl = hand & FIT[left]
        fr = hand & FIT[right]
        if fl or fr:
            best_t = -1
            best_left = True
            best_pts = 0
            plays: list[tuple[int, bool]] = []
            m = fl
            while m:
                low = m & -m
                t = low.bit_length() - 1
                plays.append((t, True))
                if OTHER[t][left] == right:
                    p = trp if IS_DOUBLE[t] or right_double else dbl
                    if p > best_pts:
                        best_t, best_left, best_pts = t, True, p
                m ^= low
            m = fr
            while m:
                low = m & -m
                t = low.bit_length() - 1
                plays.append((t, False))
                if OTHER[t][right] == left:
                    p = trp if IS_DOUBLE[t] or left_double else dbl
                    if p > best_pts:
                        best_t, best_left, best_pts = t, False, p
                m ^= low
            if best_t < 0:
                best_t, best_left = plays[int(rnd() * len(plays))]
            t = best_t
            hand &= ~(1 << t)
            hands[seat] = hand
            if best_left:
                left = OTHER[t][left]
                left_double = IS_DOUBLE[t]
            else:
                right = OTHER[t][right]
                right_double = IS_DOUBLE[t]
            side = seat & 1 if partners else seat
            if left == right:
                s = scores[side]
                scores[side] = s + reduce(trp if left_double or right_double else dbl, s, target)
                if scores[side] >= target:
                    return tuple(scores)
            if not hand:
                scores[side] += out_pts
                return tuple(scores)
            if top >= last_draw and _blocked(hands, left, right):
                return _judge(state, hands, scores)
            seat = seat + 1 if seat + 1 < n else 0
        elif top < last_draw:
            hands[seat] = hand | 1 << bone[top].index
            top += 1
            if top >= last_draw and _blocked(hands, left, right):
                return _judge(state, hands, scores)
        else:
            seat = seat + 1 if seat + 1 < n else 0


def _random_rollout(state: RoundState, rng: random.Random) -> tuple[int, ...]:
    return rollout(state, "random", rng)


def _blocked(hands: list[int], left: int, right: int) -> bool:
    ends = FIT[left] | FIT[right]
    return not any(h & ends for h in hands)


def _judge(state: RoundState, hands: list[int], scores: list[int]) -> tuple[int, ...]:
    """Rule 8: the blocked-hand judge of the rules decides, as the engine does."""
    rules = state.rules
    side_masks = [0] * len(scores)
    for seat, m in enumerate(hands):
        side_masks[seat % 2 if rules.partnerships else seat] |= m
    winner = rules.blocked.winner([tiles_of_mask(m) for m in side_masks])
    if winner is not None:
        scores[winner] += rules.points.blocked_hand
    return tuple(scores)


# ---------------------------------------------------------------------------------- search


class SearchBot:
    """Determinized Monte Carlo search with a playout budget and a time budget.

    For each decision with more than one legal move the bot samples hidden worlds uniformly
    among those consistent with its view (:func:`bergen.view.sample_world`), plays every
    legal move in each world and then plays the round out with fast playouts (greedy ones,
    :func:`greedy_rollout`, by default; or uniformly random ones, :func:`bergen.rollout.rollout`),
    and picks the move with the best mean points difference: the points its side gains by the
    end of the round minus the mean gain of the other sides. Ties go to the :class:`GreedyBot`
    ranking.

    The search is anytime (:func:`bergen.bots.base.check_budget`): it stops when the playouts
    are used or, with ``seconds``, before a world that would end past the clock (judged by the
    last world's time), whichever comes first; it always plays at least one world.

    Args:
        seed: Seed of the bot's own generator (worlds and playouts).
        playouts: The playout budget per decision: about ``playouts / len(legal_moves)``
            worlds are sampled, each playing every legal move once. Default 400 without
            ``seconds``; with ``seconds`` and no ``playouts``, only the clock stops it.
        seconds: The time budget per decision, in seconds of wall clock (``None``: none). The
            decision takes at most ``seconds`` plus a small margin: the view's sampler setup
            and, when a world takes longer than the one before it, part of one world
            (``benchmarks/budget.py`` measures it: a few milliseconds).
        rollouts: Playouts per world and move (default 1).
        policy: How the playouts play: ``"greedy"`` (:func:`greedy_rollout`, the default) or
            ``"random"`` (:func:`bergen.rollout.rollout`).

    Raises:
        BotError: when ``playouts`` or ``rollouts`` is below 1, ``seconds`` is not a number
            > 0, or ``policy`` is unknown.
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int | None = None,
        seconds: float | None = None,
        rollouts: int = 1,
        policy: str = "greedy",
    ) -> None:
        """Make the bot with its own generator and budget."""
        self.playouts, self.seconds = check_budget(playouts, seconds, default=400)
        if type(rollouts) is not int or rollouts < 1:
            raise BotError(f"rollouts must be an int >= 1, got {rollouts!r}")
        if policy not in ("greedy", "random"):
            raise BotError(f"policy is 'greedy' or 'random', got {policy!r}")
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.policy = policy

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return the legal move with the best mean points difference over the playouts."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        clock = time.perf_counter
        t0 = clock()
        deadline = None if self.seconds is None else t0 + self.seconds
        rng = self.rng
        sampler = sampler_for(view)
        k = len(legal_moves)
        worlds = None if self.playouts is None else max(1, self.playouts // (k * self.rollouts))
        side = view.side
        sides = view.sides
        start = view.scores
        totals = [0.0] * k
        play_out = greedy_rollout if self.policy == "greedy" else _random_rollout
        done = 0
        last = clock()
        took = 0.0
        while worlds is None or done < worlds:
            if deadline is not None and done and last + took > deadline:
                break
            world = sampler.sample(rng, history=False)
            for i, move in enumerate(legal_moves):
                after, _ = world.apply(move)
                for _ in range(self.rollouts):
                    final = play_out(after, rng)
                    mine = final[side] - start[side]
                    others = sum(final[s] - start[s] for s in range(sides) if s != side)
                    totals[i] += mine - others / (sides - 1)
            done += 1
            now = clock()
            took = now - last
            last = now
        best = max(
            range(k), key=lambda i: (round(totals[i], 9), greedy_key(view, legal_moves[i]), -i)
        )
        return legal_moves[best]
