"""The bot protocol and the built-in bots: ``random``, ``greedy`` and ``search``.

A bot receives a :class:`~bergen.view.PlayerView` and the legal moves and returns one of them
(docs/guides/bots.md, "What a seat may see: the view"). Its randomness comes from its own seeded
``random.Random``, so that a bot given the same seed and the same views makes the same moves.

Bots are named on the command line by a built-in name (``random``, ``greedy``, ``search``) or
by ``package.module:Class``, optionally with keyword arguments in brackets:
``search[playouts=800]``, ``mybots.strong:Bot[depth=3]`` (see :func:`load_bot`).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from bergen.errors import BergenError
from bergen.moves import End, Lead, Move, Play
from bergen.rollout import rollout
from bergen.round import RoundState
from bergen.tiles import FIT, IS_DOUBLE, OTHER, Tile, tile_mask, tiles_of_mask
from bergen.view import PlayerView, sampler_for

__all__ = [
    "BUILTIN_BOTS",
    "Bot",
    "BotError",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "greedy_key",
    "greedy_rollout",
    "load_bot",
    "parse_bot_spec",
    "points_now",
]


class BotError(BergenError, ValueError):
    """A bot that cannot be loaded: an unknown name, a bad ``module:Class`` or bad arguments."""


@runtime_checkable
class Bot(Protocol):
    """What a bot implements (docs/guides/bots.md, "What a seat may see: the view").

    A bot is built with a ``seed`` keyword (an int, or ``None`` for an unseeded generator) and
    keeps its own ``random.Random``. It must not keep the views it is given for anything but
    its own decisions, and may not look at anything but the view.

    Attributes:
        name: A short name for reports.
    """

    name: str

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return one of ``legal_moves`` for the seat of ``view``, which is to move.

        Args:
            view: What the bot's seat may know.
            legal_moves: The legal moves, in the engine's order (never empty).

        Returns:
            One of the legal moves; anything else forfeits the game in the arena.
        """
        ...


class RandomBot:
    """Plays a legal move chosen uniformly at random.

    Args:
        seed: Seed of the bot's own generator.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """Make the bot with its own generator."""
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return a legal move chosen uniformly at random."""
        return legal_moves[int(self.rng.random() * len(legal_moves))]


# ---------------------------------------------------------------------------------- greedy


def points_now(view: PlayerView, move: Move) -> int:
    """The points ``move`` scores at once for the view's side: a header (rule 5) reduced near
    the target (rule 6), and going out (rule 7) when it is the seat's last tile, unless the
    header already reaches the target (rule 9).

    Args:
        view: The view of the seat to move.
        move: One of its legal moves.

    Returns:
        Points, 0 for a draw or a pass.
    """
    rules = view.rules
    score = view.scores[view.side]
    pts = 0
    if isinstance(move, Lead):
        if rules.lead_scores:
            pts = rules.reduction.reduce(rules.points.double_header, score, view.target)
    elif isinstance(move, Play):
        ends = _ends_after(view, move)
        if ends[0] == ends[1]:
            base = rules.points.triple_header if ends[2] or ends[3] else rules.points.double_header
            pts = rules.reduction.reduce(base, score, view.target)
    else:
        return 0
    if len(view.hand) == 1 and score + pts < view.target:
        pts += rules.points.going_out
    return pts


def _ends_after(view: PlayerView, move: Play) -> tuple[int, int, bool, bool]:
    """(left, right, left is a double, right is a double) after ``move``."""
    line = view.line
    t = move.tile
    left, right = line.left, line.right
    assert left is not None and right is not None  # a play needs a laid line
    if move.end is End.LEFT:
        return t.other(left), right, t.is_double, line.right_double
    return left, t.other(right), line.left_double, t.is_double


class GreedyBot:
    """Takes the most points now, then follows the advice of the English rule page (``EN``).

    Moves are ranked by, in order: points scored at once (:func:`points_now`); a double laid on
    an end when the other end shows its number (the page's "doubles are worth an extra point");
    leaving open ends whose connecting tile, the one tile that would make a header there, has
    been seen - on the line or in the bot's own hand ("watch what you leave"); among those,
    ends whose connecting tile the bot holds itself (a header to make next turn); then the
    heaviest tile ("when you hold tiles that cannot score, play the heavy ones"). Remaining
    ties are broken by the bot's generator.

    Args:
        seed: Seed of the bot's own generator.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        """Make the bot with its own generator."""
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return the best move by the ranking above."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        best: list[Move] = []
        best_key: tuple[int, ...] | None = None
        for m in legal_moves:
            key = greedy_key(view, m)
            if best_key is None or key > best_key:
                best, best_key = [m], key
            elif key == best_key:
                best.append(m)
        return best[int(self.rng.random() * len(best))]


def greedy_key(view: PlayerView, move: Move) -> tuple[int, ...]:
    """The ranking of :class:`GreedyBot`: a tuple, larger is better.

    Args:
        view: The view of the seat to move.
        move: One of its legal moves.

    Returns:
        ``(points now, double on its own number, connecting tile seen, connecting tile held,
        pips)``.
    """
    pts = points_now(view, move)
    if not isinstance(move, Play):
        return (pts, 0, 0, 0, 0)
    left, right, _, _ = _ends_after(view, move)
    t = move.tile
    other_end = view.line.right if move.end is End.LEFT else view.line.left
    double_match = int(t.is_double and t.high == other_end)
    connecting = Tile(left, right)
    hand_after = view.hand.mask & ~t.mask
    seen = _line_mask_of(view) | t.mask | hand_after
    safe = int(bool(seen & connecting.mask))
    held = int(bool(hand_after & connecting.mask))
    return (pts, double_match, safe, held, t.pips)


def _line_mask_of(view: PlayerView) -> int:
    return tile_mask(p.tile for p in view.line.tiles)


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
    """Determinized Monte Carlo search with a playout budget.

    For each decision with more than one legal move the bot samples hidden worlds uniformly
    among those consistent with its view (:func:`bergen.view.sample_world`), plays every
    legal move in each world and then plays the round out with fast playouts (greedy ones,
    :func:`greedy_rollout`, by default; or uniformly random ones, :func:`bergen.rollout.rollout`),
    and picks the move with the best mean points difference: the points its side gains by the
    end of the round minus the mean gain of the other sides. Ties go to the :class:`GreedyBot`
    ranking.

    Args:
        seed: Seed of the bot's own generator (worlds and playouts).
        playouts: The playout budget per decision: about ``playouts / len(legal_moves)``
            worlds are sampled, each playing every legal move once.
        rollouts: Playouts per world and move (default 1).
        policy: How the playouts play: ``"greedy"`` (:func:`greedy_rollout`, the default) or
            ``"random"`` (:func:`bergen.rollout.rollout`).

    Raises:
        BotError: when ``playouts`` or ``rollouts`` is below 1, or ``policy`` is unknown.
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = 400,
        rollouts: int = 1,
        policy: str = "greedy",
    ) -> None:
        """Make the bot with its own generator and budget."""
        if type(playouts) is not int or playouts < 1:
            raise BotError(f"playouts must be an int >= 1, got {playouts!r}")
        if type(rollouts) is not int or rollouts < 1:
            raise BotError(f"rollouts must be an int >= 1, got {rollouts!r}")
        if policy not in ("greedy", "random"):
            raise BotError(f"policy is 'greedy' or 'random', got {policy!r}")
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.rollouts = rollouts
        self.policy = policy

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return the legal move with the best mean points difference over the playouts."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        rng = self.rng
        sampler = sampler_for(view)
        k = len(legal_moves)
        worlds = max(1, self.playouts // (k * self.rollouts))
        side = view.side
        sides = view.sides
        start = view.scores
        totals = [0.0] * k
        play_out = greedy_rollout if self.policy == "greedy" else _random_rollout
        for _ in range(worlds):
            world = sampler.sample(rng, history=False)
            for i, move in enumerate(legal_moves):
                after, _ = world.apply(move)
                for _ in range(self.rollouts):
                    final = play_out(after, rng)
                    mine = final[side] - start[side]
                    others = sum(final[s] - start[s] for s in range(sides) if s != side)
                    totals[i] += mine - others / (sides - 1)
        best = max(
            range(k), key=lambda i: (round(totals[i], 9), greedy_key(view, legal_moves[i]), -i)
        )
        return legal_moves[best]


# ---------------------------------------------------------------------------------- loading

BUILTIN_BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}
"""The built-in bots by name."""


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec into its name and keyword arguments.

    Args:
        spec: ``name``, ``package.module:Class``, either with ``[key=value,...]`` after it;
            values are read as int, float, ``true``/``false`` or text.

    Returns:
        ``(name, kwargs)``.

    Raises:
        BotError: when the brackets or an argument are malformed.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise BotError(f"a bot is a name such as 'greedy' or 'package.module:Class', got {spec!r}")
    text = spec.strip()
    kwargs: dict[str, Any] = {}
    if "[" in text:
        if not text.endswith("]"):
            raise BotError(
                f"bot arguments go in brackets at the end: 'search[playouts=800]', got {spec!r}"
            )
        text, _, args = text[:-1].partition("[")
        for item in filter(None, (a.strip() for a in args.split(","))):
            key, eq, value = item.partition("=")
            if not eq or not key.strip().isidentifier():
                raise BotError(f"bot argument {item!r} in {spec!r} is not key=value")
            kwargs[key.strip()] = _value(value.strip())
    return text, kwargs


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def _exception_text(e: BaseException) -> str:
    """``"ValueError: bad"``; the class name alone when the message is empty
    (``"GeneratorExit"``); ``"SystemExit: exit status None"`` for a bare ``sys.exit()``.
    """
    text = str(e)
    if not text and isinstance(e, SystemExit):
        text = f"exit status {e.code!r}"
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _is_legal_choice(move: object, legal: Sequence[Move]) -> bool:
    """Whether a bot's ``move`` is one of ``legal``; ``False`` when comparing it raises (a
    returned object whose ``__eq__`` fails is no legal move). ``KeyboardInterrupt`` passes.
    """
    try:
        return move in legal
    except KeyboardInterrupt:
        raise
    except BaseException:
        return False


def _safe_repr(value: object) -> str:
    """``repr(value)``, or a description when its ``__repr__`` raises (a bot's return value)."""
    try:
        return repr(value)
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return f"<{type(value).__name__} whose repr raises {_exception_text(e)}>"


def _failure(e: BaseException) -> str:
    """``"ValueError: bad"``; ``"SystemExit(2)"`` for ``sys.exit(2)``."""
    if isinstance(e, SystemExit):
        return f"SystemExit({e.code!r})"
    return _exception_text(e)


def load_bot(spec: str, seed: int | None = None) -> Bot:
    """Build a bot from its spec (see :func:`parse_bot_spec`), with its own seed.

    Args:
        spec: A built-in name (:data:`BUILTIN_BOTS`) or ``package.module:Class``; the class
            (or any callable) is called with ``seed=seed`` and the bracketed arguments.
        seed: Seed of the bot's generator.

    Returns:
        The bot.

    Raises:
        BotError: for an unknown name, a module or class that cannot be imported (including a
            module that raises any exception, ``SystemExit`` from ``sys.exit()`` and other
            ``BaseException`` subclasses included, while it is imported), arguments the bot
            does not take, a constructor that raises (the same way), or an object without a
            ``choose`` method.
        KeyboardInterrupt: when interrupted (Ctrl-C) while importing or building the bot.
    """
    name, kwargs = parse_bot_spec(spec)
    factory: Callable[..., Any]
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as e:
            raise BotError(f"bot {spec!r}: cannot import module {module_name!r} ({e})") from None
        except KeyboardInterrupt:
            raise
        except BaseException as e:  # an empty or relative name, or the module fails or exits
            raise BotError(
                f"bot {spec!r}: cannot import module {module_name!r} ({_failure(e)})"
            ) from None
        try:
            factory = getattr(module, attr)
        except AttributeError:
            raise BotError(f"bot {spec!r}: module {module_name!r} has no {attr!r}") from None
    else:
        try:
            factory = BUILTIN_BOTS[name]
        except KeyError:
            known = ", ".join(sorted(BUILTIN_BOTS))
            raise BotError(
                f"unknown bot {name!r}: use one of {known}, or package.module:Class"
            ) from None
    try:
        bot = factory(seed=seed, **kwargs)
    except TypeError as e:
        raise BotError(f"bot {spec!r}: {e}") from None
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # the bot's own constructor failed, or exited
        raise BotError(f"bot {spec!r} could not be built: {_failure(e)}") from None
    if not callable(getattr(bot, "choose", None)):
        raise BotError(f"bot {spec!r} has no choose(view, legal_moves) method")
    return bot
