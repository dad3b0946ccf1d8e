"""Tournaments between bots, on any ``concurrent.futures.Executor``.

Games are matches played to the target (rule 9). They come in *duplicate* groups: every deal
of a group's seed is played once per rotation of the seats, so that each bot plays each hand
from each seat and the luck of the deal mostly cancels out. Each game's deal seed and bot seeds
are worked out from the arena seed and the game's index alone, and results are gathered in
game order, so a seed gives the same results whatever executor or number of workers runs it.

Executors: ``None`` plays in the calling process; a ``ProcessPoolExecutor`` (the command's
default) uses the machine's cores; a Dask ``distributed.Client(...).get_executor()`` (the
``bergen[dask]`` extra) spreads games over a cluster. Bots are rebuilt from their specs in the
worker, so a custom bot's module must be importable there.

A bot that returns an illegal move, raises (any ``BaseException`` but ``KeyboardInterrupt``:
``sys.exit()`` included), or takes longer than the time budget forfeits the game: the forfeit
names the bot, the game and the position, and the arena goes on. Ctrl-C
(``KeyboardInterrupt``) still ends the whole arena.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future

import attrs

from bergen.bots import Bot, BotError, _exception_text, _is_legal_choice, _safe_repr, load_bot
from bergen.match import MatchState
from bergen.moves import Move
from bergen.rules import CLASSIC, Rules

__all__ = [
    "ArenaResult",
    "EntrantStats",
    "Forfeit",
    "GameResult",
    "GameTask",
    "games_for_all_lineups",
    "play_game",
    "run_arena",
    "schedule",
    "wilson_interval",
]

_Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (95% two-sided)."""


def wilson_interval(wins: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson, 1927), 95% by default.

    Args:
        wins: Successes, ``0 <= wins <= n``.
        n: Trials.
        z: The normal quantile (1.96 for 95%).

    Returns:
        ``(low, high)`` within [0, 1]; ``(0.0, 1.0)`` when ``n`` is 0.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, center - half), min(1.0, center + half))


def _derive(*parts: object) -> int:
    """A 63-bit seed from the parts, the same on every platform and Python version."""
    text = ":".join(str(p) for p in ("bergen-arena", *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


@attrs.frozen
class GameTask:
    """One game to play: everything a worker needs, picklable.

    Attributes:
        index: The game's index in the arena, 0-based.
        specs: The bot spec of each seat.
        entrants: The entrant (index into the arena's bot list) of each seat.
        deal_seed: The seed of the match's deals (shared by the games of a duplicate group).
        bot_seeds: The seed of each seat's bot.
        rules: The ruleset.
        move_time: The time budget per decision, in seconds (``None``: no limit).
    """

    index: int
    specs: tuple[str, ...]
    entrants: tuple[int, ...]
    deal_seed: int
    bot_seeds: tuple[int, ...]
    rules: Rules
    move_time: float | None


@attrs.frozen
class Forfeit:
    """A bot's misbehaviour, which lost it the game.

    Attributes:
        game: The game index.
        seat: The seat of the bot.
        entrant: The entrant index of the bot.
        bot: The bot's spec.
        kind: ``"illegal move"``, ``"exception"`` or ``"time"``.
        detail: What went wrong (the move returned, the exception, the time taken).
        round: The round of the match, 1-based.
        position: The position as the bot saw it: its hand, the line, the seats' tile counts,
            the scores and the legal moves.
    """

    game: int
    seat: int
    entrant: int
    bot: str
    kind: str
    detail: str
    round: int
    position: str

    def __str__(self) -> str:
        """One paragraph for reports."""
        return (
            f"game {self.game}: {self.bot} (seat {self.seat}) forfeits, {self.kind}: "
            f"{self.detail}\n    round {self.round}; {self.position}"
        )


@attrs.frozen
class GameResult:
    """The result of one game.

    Attributes:
        index: The game index.
        entrants: The entrant of each seat.
        scores: Final match points per side.
        winner: The winning side (``None`` only if nobody won, which a finished match avoids).
        rounds: Rounds played (a round cut short by a forfeit counts).
        forfeit: The forfeit that ended the game early, if any.
        partnerships: Whether sides are partnerships (seats 0+2, 1+3).
    """

    index: int
    entrants: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None
    rounds: int
    forfeit: Forfeit | None
    partnerships: bool

    def side_of(self, seat: int) -> int:
        """The side of a seat."""
        return seat % 2 if self.partnerships else seat


class _Timeout(BaseException):
    """Raised in a bot over its time budget; a BaseException so that a bot's own
    ``except Exception`` cannot swallow it.
    """


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


def _position_text(match: MatchState, seat: int, legal: Sequence[Move]) -> str:
    rnd = match.round
    assert rnd is not None
    view = rnd.view(seat)
    return (
        f"hand {view.hand}; line {view.line or '(empty)'}; tiles {list(view.tile_counts)}; "
        f"boneyard {view.boneyard_size}; scores {list(view.scores)}; "
        f"legal {' '.join(map(str, legal))}"
    )


def play_game(task: GameTask) -> GameResult:
    """Play one game (a match to the target) between the task's bots.

    Forced moves (a lone legal move) are made without asking the bot. A decision that raises
    (any exception: ``SystemExit`` from ``sys.exit()`` and other ``BaseException`` subclasses
    such as ``GeneratorExit`` too, all but ``KeyboardInterrupt``; a bot that cannot be built
    counts the same), returns something that is not a legal move, or takes longer than
    ``task.move_time`` forfeits the game for that seat's side: the other side wins (with more
    than two sides, the other side with the most points, the lower side on a tie). In the main
    thread of a process on a system with ``SIGALRM``, a bot over its budget is interrupted;
    elsewhere the time is checked when it returns.

    Args:
        task: The game.

    Returns:
        The result.

    Raises:
        KeyboardInterrupt: when interrupted (Ctrl-C), even inside a bot: it ends the arena.
    """
    rules = task.rules
    seats = len(task.specs)
    match = MatchState.new(seats, rules, seed=task.deal_seed)
    bots: list[Bot | None] = [None] * seats
    forfeit: Forfeit | None = None
    use_alarm = (
        task.move_time is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    old_handler = signal.signal(signal.SIGALRM, _alarm) if use_alarm else None
    try:
        while not match.is_over:
            rnd = match.round
            assert rnd is not None  # seeded matches always have a round in play
            legal = rnd.legal_moves()
            seat = rnd.to_move
            if len(legal) == 1:
                match, _ = match.apply(legal[0])
                continue
            kind = detail = ""
            move: object = None
            t0 = time.perf_counter()
            try:
                bot = bots[seat]
                if bot is None:
                    bot = bots[seat] = load_bot(task.specs[seat], task.bot_seeds[seat])
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, task.move_time + 0.5)  # type: ignore[operator]
                try:
                    move = bot.choose(rnd.view(seat), legal)
                finally:
                    if use_alarm:
                        signal.setitimer(signal.ITIMER_REAL, 0)
            except _Timeout:
                kind, detail = "time", f"interrupted after {time.perf_counter() - t0:.1f} s"
            except BotError as e:
                kind, detail = "exception", f"cannot load the bot: {e}"
            except KeyboardInterrupt:  # Ctrl-C ends the arena, even inside a bot
                raise
            except SystemExit as e:  # sys.exit() in a bot ends its game, not the arena
                kind, detail = "exception", f"SystemExit({e.code!r}): a bot may not end the arena"
            except BaseException as e:  # a bot's own bug (any exception): never fatal
                kind, detail = "exception", _exception_text(e)
            else:
                took = time.perf_counter() - t0
                if task.move_time is not None and took > task.move_time:
                    kind, detail = "time", f"took {took:.2f} s (budget {task.move_time:g} s)"
                elif not _is_legal_choice(move, legal):
                    kind, detail = "illegal move", f"returned {_safe_repr(move)}"
            if kind:
                forfeit = Forfeit(
                    game=task.index,
                    seat=seat,
                    entrant=task.entrants[seat],
                    bot=task.specs[seat],
                    kind=kind,
                    detail=detail,
                    round=len(match.rounds) + 1,
                    position=_position_text(match, seat, legal),
                )
                break
            match, _ = match.apply(move)  # type: ignore[arg-type]
    finally:
        if use_alarm:
            signal.signal(signal.SIGALRM, old_handler)
    scores = match.scores
    if forfeit is None:
        winner = match.winner
    else:
        lost = forfeit.seat % 2 if rules.partnerships else forfeit.seat
        others = [s for s in range(len(scores)) if s != lost]
        winner = max(others, key=lambda s: (scores[s], -s))
    rounds = len(match.rounds) + (1 if match.round is not None else 0)
    return GameResult(
        index=task.index,
        entrants=task.entrants,
        scores=scores,
        winner=winner,
        rounds=rounds,
        forfeit=forfeit,
        partnerships=rules.partnerships,
    )


def play_games(tasks: Sequence[GameTask]) -> list[GameResult]:
    """Play several games in order (one executor job)."""
    return [play_game(t) for t in tasks]


def _lineups(n: int, players: int, partnerships: bool = False) -> list[tuple[int, ...]]:
    """The lineups of ``n`` entrants at ``players`` seats, in the order :func:`schedule` plays
    them, seat by seat.

    Without partnerships: every choice of ``players`` entrants, or the entrants round the table
    when there are too few (``A B C A``). With partnerships (four seats; seats 0 and 2 against
    1 and 3, rule 10) an entrant must never sit on both sides: with four entrants or more, every
    choice of four (all different); with fewer, every pair of entrants ``(a, b)`` as
    ``a b a b``, each bot partnering a copy of itself. Rotating a lineup by whole seats keeps
    each entrant on one side (one seat swaps the two sides).
    """
    if n >= players:
        return list(itertools.combinations(range(n), players))
    if partnerships and players == 4:
        return [(a, b, a, b) for a, b in itertools.combinations(range(n), 2)]
    return [tuple(i % n for i in range(players))]


def games_for_all_lineups(entrants: int, players: int, *, partnerships: bool = False) -> int:
    """The fewest games in which every lineup of :func:`schedule` plays once.

    Each lineup is a duplicate group of ``players`` games. The lineups are every choice of
    ``players`` of the entrants, so this is ``comb(entrants, players) * players``: 6 for three
    bots at two seats (lineups A-B, A-C, B-C). With fewer entrants than seats and no
    partnerships there is one lineup (the entrants round the table, ``A B C A``), so
    ``players`` games. With partnerships and fewer than four entrants, every pair of entrants
    is a lineup (``A B A B``: each bot partners a copy of itself, so no bot sits on both sides,
    rule 10), so ``comb(entrants, 2) * 4``: 4 for two bots, 12 for three (A-B, A-C, B-C). With
    fewer games some lineups never play, and with more entrants than seats some entrants may
    never play at all.

    Args:
        entrants: The number of entrants (bot specs), 2 or more.
        players: Seats per game, 2..4.
        partnerships: Whether the games are played in partnerships (four seats only, rule 10).

    Returns:
        The number of games.

    Raises:
        BotError: when ``entrants`` is not an int >= 2, ``players`` is not 2, 3 or 4, or
            ``partnerships`` is not a bool or is true with other than four seats.
    """
    if type(entrants) is not int or entrants < 2:
        raise BotError(f"entrants must be an int >= 2 (the number of bots), got {entrants!r}")
    if type(players) is not int or players not in (2, 3, 4):
        raise BotError(f"players must be 2, 3 or 4 seats, got {players!r}")
    if not isinstance(partnerships, bool):
        raise BotError(f"partnerships must be True or False, got {partnerships!r}")
    if partnerships and players != 4:
        raise BotError(f"partnerships need 4 seats, got players={players}")
    return len(_lineups(entrants, players, partnerships)) * players


def schedule(
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int,
    rules: Rules = CLASSIC,
    *,
    move_time: float | None = 10.0,
) -> list[GameTask]:
    """The games of an arena, in order (the duplicate format).

    The lineups are every choice of ``players`` entrants when there are at least that many
    (taken in turn). With fewer entrants than seats they are, without partnerships, the
    entrants repeated round the table (one lineup: ``A B C A`` for three bots at four seats);
    with partnerships (``rules.partnerships``; rule 10: seats 0 and 2 against 1 and 3), every
    pair of entrants ``(a, b)`` as ``a b a b``, each bot partnering a copy of itself, so that
    no entrant ever sits on both sides. Each lineup is played as a group of ``players`` games
    on the same deals, the seats rotated one place each game (with partnerships this swaps the
    sides, never splits one). ``games`` is rounded up to whole groups. Lineups are played in
    turn, so with fewer than :func:`games_for_all_lineups` games the last lineups never play
    (and an entrant may never play at all).

    Args:
        specs: The entrants' bot specs (two or more).
        games: The number of games wanted.
        players: Seats per game, 2..4.
        seed: The arena seed.
        rules: The ruleset; with ``rules.partnerships`` the lineups keep partners together.
        move_time: Time budget per decision, in seconds, or ``None``.

    Returns:
        The tasks, game index ascending.
    """
    lineups = _lineups(len(specs), players, rules.partnerships)
    groups = -(-games // players)
    tasks: list[GameTask] = []
    for g in range(groups):
        lineup = lineups[g % len(lineups)]
        deal_seed = _derive(seed, "deal", g)
        for r in range(players):
            index = g * players + r
            entrants = tuple(lineup[(s - r) % players] for s in range(players))
            tasks.append(
                GameTask(
                    index=index,
                    specs=tuple(specs[e] for e in entrants),
                    entrants=entrants,
                    deal_seed=deal_seed,
                    bot_seeds=tuple(_derive(seed, "bot", index, s) for s in range(players)),
                    rules=rules,
                    move_time=move_time,
                )
            )
    return tasks


@attrs.frozen
class EntrantStats:
    """One entrant's results.

    Attributes:
        entrant: The entrant index.
        bot: The bot spec.
        games: Games played, once per side it sat on: a bot that is its own partner
            (partnerships, ``A B A B``) counts once; a bot seated on two sides of one game (fewer
            bots than seats, no partnerships) counts once per side.
        wins: Of those, sides that won.
        points: Match points its sides scored (per side counted in ``games``).
        rounds: Rounds played (per side counted in ``games``).
        forfeits: Games it forfeited.
    """

    entrant: int
    bot: str
    games: int
    wins: int
    points: int
    rounds: int
    forfeits: int

    @property
    def win_rate(self) -> float:
        """Wins per game, 0..1."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def points_per_round(self) -> float:
        """Mean match points scored per round."""
        return self.points / self.rounds if self.rounds else 0.0


@attrs.frozen
class ArenaResult:
    """The results of an arena.

    Attributes:
        specs: The entrants' bot specs.
        players: Seats per game.
        seed: The arena seed.
        rules: The ruleset.
        games: Every game's result, game index ascending.
    """

    specs: tuple[str, ...]
    players: int
    seed: int
    rules: Rules
    games: tuple[GameResult, ...]

    @property
    def forfeits(self) -> tuple[Forfeit, ...]:
        """Every forfeit, in game order."""
        return tuple(g.forfeit for g in self.games if g.forfeit is not None)

    def stats(self) -> tuple[EntrantStats, ...]:
        """Per-entrant results, in entrant order."""
        n = len(self.specs)
        games = [0] * n
        wins = [0] * n
        points = [0] * n
        rounds = [0] * n
        forfeits = [0] * n
        for g in self.games:
            # Once per side an entrant sat on: partners that are the same bot are one player.
            for e, side in dict.fromkeys((e, g.side_of(seat)) for seat, e in enumerate(g.entrants)):
                games[e] += 1
                wins[e] += g.winner == side
                points[e] += g.scores[side]
                rounds[e] += g.rounds
            if g.forfeit is not None:
                forfeits[g.forfeit.entrant] += 1
        return tuple(
            EntrantStats(e, self.specs[e], games[e], wins[e], points[e], rounds[e], forfeits[e])
            for e in range(n)
        )

    def report(self) -> str:
        """The results as text: a table of win rates with 95% intervals and points per round,
        then the forfeits. The same for the same results, whatever ran them.
        """
        stats = self.stats()
        width = max(5, *(len(s.bot) for s in stats))
        lines = [
            f"Arena: {len(self.games)} games, {self.players} players, rules {self.rules.label}"
            f"{', partnerships' if self.rules.partnerships else ''}, seed {self.seed}",
            f"(duplicate: each deal played {self.players} times, seats rotated)",
            "",
            f"{'bot':<{width}}  {'games':>5}  {'wins':>5}  {'win rate':>8}  "
            f"{'95% CI':>15}  {'points/round':>12}  {'forfeits':>8}",
        ]
        for s in stats:
            lo, hi = s.interval
            lines.append(
                f"{s.bot:<{width}}  {s.games:>5}  {s.wins:>5}  {s.win_rate:>8.3f}  "
                f"{f'[{lo:.3f}, {hi:.3f}]':>15}  {s.points_per_round:>12.2f}  {s.forfeits:>8}"
            )
        forfeits = self.forfeits
        lines.append("")
        if forfeits:
            lines.append(f"Forfeits ({len(forfeits)}):")
            lines.extend(f"  {f}" for f in forfeits)
        else:
            lines.append("Forfeits: none")
        return "\n".join(lines)


def run_arena(
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
    rules: Rules = CLASSIC,
    *,
    executor: Executor | None = None,
    move_time: float | None = 10.0,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play an arena between bots (see :func:`schedule` for the games).

    Args:
        specs: The entrants' bot specs: built-in names or ``package.module:Class``, each
            optionally with ``[key=value,...]`` (see :func:`bergen.bots.load_bot`).
        games: The number of games (matches to the target), rounded up to whole duplicate
            groups of ``players`` games; at least :func:`games_for_all_lineups` (with
            ``partnerships=rules.partnerships``) for every lineup to play.
        players: Seats per game, 2..4.
        seed: The arena seed: the same seed gives the same results.
        rules: The ruleset.
        executor: Where to play: ``None`` for this process, or any
            ``concurrent.futures.Executor`` (a process pool, a Dask client's executor).
        move_time: Time budget per decision, in seconds (``None`` for no limit).
        chunk: Games per executor job (default: one duplicate group).
        progress: Called with the number of games just finished, as they finish.

    Returns:
        The results, game index ascending.

    Raises:
        BotError: when fewer than two entrants are given, ``move_time`` is not a positive
            number of seconds (infinity means no limit), or a spec cannot be loaded (each is
            loaded once here, before any game).
        RulesError: when the rules do not allow ``players`` seats.
    """
    specs = tuple(specs)
    if len(specs) < 2:
        raise BotError(f"an arena needs two bots or more, got {len(specs)}")
    if type(games) is not int or games < 1:
        raise BotError(f"games must be an int >= 1, got {games!r}")
    if move_time is not None:
        if not isinstance(move_time, int | float) or not move_time > 0:  # NaN fails too
            raise BotError(f"move_time must be seconds > 0 or None, got {move_time!r}")
        if math.isinf(move_time):
            move_time = None  # an infinite budget is no limit
    rules.for_table(players)
    for spec in specs:
        load_bot(spec, 0)  # fail early, in this process, on a bad spec
    tasks = schedule(specs, games, players, seed, rules, move_time=move_time)
    size = chunk or players
    chunks = [tasks[i : i + size] for i in range(0, len(tasks), size)]
    results: list[GameResult] = []
    if executor is None:
        for c in chunks:
            done = play_games(c)
            results.extend(done)
            if progress is not None:
                progress(len(done))
    else:
        futures: list[Future[list[GameResult]]] = [executor.submit(play_games, c) for c in chunks]
        for fut in _as_completed(futures):
            done = fut.result()
            results.extend(done)
            if progress is not None:
                progress(len(done))
    results.sort(key=lambda r: r.index)
    return ArenaResult(specs, players, seed, rules, tuple(results))


def _as_completed(
    futures: Iterable[Future[list[GameResult]]],
) -> Iterable[Future[list[GameResult]]]:
    from concurrent.futures import as_completed

    return as_completed(list(futures))
