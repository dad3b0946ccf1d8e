"""A game's result checked against its game: the moves replayed on the task's deals must give
the result's winner, scores and rounds, and a forfeit must be of the seat to move.
"""

from __future__ import annotations

from bergen.arena._games import GameResult, GameTask
from bergen.arena._play import game_result
from bergen.errors import BergenError
from bergen.match import MatchState
from bergen.moves import parse_move


def replay_check(task: GameTask, result: GameResult) -> str:
    """What in ``result`` does not follow from replaying its moves on ``task``'s deals.

    The moves (:attr:`GameResult.moves`) are played on the match of ``task.deal_seed``; each
    must be legal. Without a forfeit they must finish the match; with one, the forfeit must be
    the task's game, of the seat to move when the moves end (a seat with a choice: the arena
    makes forced moves itself), its entrant and bot those of that seat, and its round the
    round in play. Then the winner (rule 9; with a forfeit the other side with the most
    points), the scores, the rounds and ``partnerships`` must be those of the replay.

    Args:
        task: The game as the arena's schedule has it.
        result: Its result, as read from a results file.

    Returns:
        ``""`` when everything follows, else what does not (for a message).
    """
    match = MatchState.new(len(task.specs), task.rules, seed=task.deal_seed)
    for number, text in enumerate(result.moves.split(), start=1):
        if match.is_over:
            return f"move {number} ({text}) comes after the end of the match"
        try:
            match, _ = match.apply(parse_move(text))
        except BergenError as e:
            return f"move {number} ({text}) cannot be played: {e}"
    forfeit = result.forfeit
    if forfeit is None and not match.is_over:
        return "its moves do not finish the match, and it has no forfeit"
    if forfeit is not None:
        wrong = _forfeit_check(task, match, forfeit.game, forfeit.seat)
        if wrong:
            return wrong
        entrant, bot = task.entrants[forfeit.seat], task.specs[forfeit.seat]
        if (forfeit.entrant, forfeit.bot) != (entrant, bot):
            return (
                f"its forfeit names entrant {forfeit.entrant} ({forfeit.bot}), but seat "
                f"{forfeit.seat} is entrant {entrant} ({bot})"
            )
        if forfeit.round != len(match.rounds):
            return (
                f"its forfeit is in round {forfeit.round}, but the moves end in round "
                f"{len(match.rounds)}"
            )
    replayed = game_result(task, match, forfeit, result.moves)
    for name in ("winner", "scores", "rounds", "partnerships"):
        said, found = getattr(result, name), getattr(replayed, name)
        if said != found:
            return f"{name}: {said!r} in the file, but {found!r} by its moves"
    return ""


def _forfeit_check(task: GameTask, match: MatchState, game: int, seat: int) -> str:
    """What is wrong with a forfeit of ``seat`` in ``game`` where the moves end, or ``""``."""
    if game != task.index:
        return f"its forfeit names game {game}"
    rnd = match.round
    if match.is_over or rnd is None:
        return "it has a forfeit, but its moves finish the match"
    if seat != rnd.to_move:
        return f"its forfeit names seat {seat}, but seat {rnd.to_move} was to move"
    if len(rnd.legal_moves()) == 1:
        return f"its forfeit is at a forced move of seat {seat} (the arena makes those itself)"
    return ""
