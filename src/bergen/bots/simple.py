"""The cheap built-in bots: ``random`` (a uniformly random legal move) and ``greedy`` (the most
points now, then the advice of the English rule page).
"""

from __future__ import annotations

from collections.abc import Sequence

from bergen.bots.base import BotError, _check_choice, _seeded
from bergen.errors import _brief
from bergen.moves import Draw, End, Lead, Move, Pass, Play
from bergen.playerview import PlayerView, _line_mask
from bergen.rules import MatchEnd
from bergen.tiles import Tile

__all__ = ["GreedyBot", "RandomBot", "greedy_key", "points_now"]


class RandomBot:
    """Plays a legal move chosen uniformly at random.

    Args:
        seed: Seed of the bot's own generator.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """Make the bot with its own generator.

        Raises:
            BotError: when ``seed`` is neither an int nor ``None``.
        """
        self.rng = _seeded(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return a legal move chosen uniformly at random.

        Raises:
            BotError: when ``view`` is not a view or ``legal_moves`` not a non-empty sequence
                of moves.
        """
        _check_choice(view, legal_moves)
        return legal_moves[int(self.rng.random() * len(legal_moves))]


# ---------------------------------------------------------------------------------- greedy


def points_now(view: PlayerView, move: Move) -> int:
    """The points ``move`` scores at once for the view's side: a header (rule 5; a lead only
    when it is a double, rule 2) reduced near the target (rule 6), and going out (rule 7) when
    it is the seat's last tile, unless the header already reaches the target and the match
    ends at that instant (rule 9; under ``MatchEnd.ROUND_END`` going out scores as well).

    Args:
        view: The view of the seat to move.
        move: One of its legal moves.

    Returns:
        Points, 0 for a draw or a pass.

    Raises:
        BotError: when ``view`` is not a :class:`~bergen.view.PlayerView` or ``move`` not
            a move.
    """
    if not isinstance(view, PlayerView):
        raise BotError(f"points_now takes a PlayerView, got {_brief(view)}")
    if not isinstance(move, Lead | Play | Draw | Pass):
        raise BotError(f"points_now takes a move, got {_brief(move)}")
    rules = view.rules
    score = view.scores[view.side]
    pts = 0
    if isinstance(move, Lead):
        if rules.lead_scores and move.tile.is_double:
            pts = rules.reduction.reduce(rules.points.double_header, score, view.target)
    elif isinstance(move, Play):
        ends = _ends_after(view, move)
        if ends[0] == ends[1]:
            base = rules.points.triple_header if ends[2] or ends[3] else rules.points.double_header
            pts = rules.reduction.reduce(base, score, view.target)
    else:
        return 0
    if len(view.hand) == 1 and (score + pts < view.target or rules.match_end is MatchEnd.ROUND_END):
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
        """Make the bot with its own generator.

        Raises:
            BotError: when ``seed`` is neither an int nor ``None``.
        """
        self.rng = _seeded(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """Return the best move by the ranking above.

        Raises:
            BotError: when ``view`` is not a view or ``legal_moves`` not a non-empty sequence
                of moves.
        """
        _check_choice(view, legal_moves)
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

    Raises:
        BotError: when ``view`` is not a :class:`~bergen.view.PlayerView` or ``move`` not
            a move.
    """
    if not isinstance(view, PlayerView):
        raise BotError(f"greedy_key takes a PlayerView, got {_brief(view)}")
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
    """The mask of the tiles on the view's line (read from the line, without a value per tile)."""
    return _line_mask(view.line)
