"""The schedule of an arena: its lineups, in duplicate groups of games on the same deals."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from bergen.arena._games import (
    MAX_ARENA_ENTRANTS,
    MAX_ARENA_GAMES,
    GameTask,
    _check_move_time,
    _check_process_args,
    _check_rules_arg,
    _check_seed,
    _check_specs_arg,
    _derive,
)
from bergen.bots import BotError
from bergen.errors import _brief
from bergen.protocol import DEFAULT_MEMORY_LIMIT
from bergen.rules import CLASSIC, Rules


def _check_arena_args(
    specs: object,
    games: object,
    players: object,
    seed: object,
    rules: object,
    move_time: object,
    in_process: object,
    memory_limit: object,
) -> tuple[str, ...]:
    """The checks :func:`schedule` and :func:`run_arena` share; the specs as a tuple."""
    if isinstance(specs, str | bytes) or not isinstance(specs, Sequence):
        raise BotError(f"specs must be a sequence of bot specs (strings), got {_brief(specs)}")
    specs = tuple(specs)
    _check_specs_arg(specs, "specs")
    if type(games) is not int or not 1 <= games <= MAX_ARENA_GAMES:
        raise BotError(f"games must be an int in 1..{MAX_ARENA_GAMES:,}, got {_brief(games)}")
    if type(players) is not int or players not in (2, 3, 4):
        raise BotError(f"players must be 2, 3 or 4 seats, got {_brief(players)}")
    _check_seed("seed", seed)
    _check_rules_arg(rules, players)
    _check_move_time(move_time)
    _check_process_args(in_process, memory_limit)
    return specs


def _lineups(
    n: int, players: int, partnerships: bool = False, limit: int | None = None
) -> list[tuple[int, ...]]:
    """The lineups of ``n`` entrants at ``players`` seats, in the order :func:`schedule` plays
    them, seat by seat; only the first ``limit`` of them when it is given (an arena never plays
    more lineups than it has duplicate groups, and 1,000 entrants have billions of lineups).

    Without partnerships: every choice of ``players`` entrants, or the entrants round the table
    when there are too few (``A B C A``). With partnerships (four seats; seats 0 and 2 against
    1 and 3, rule 10) an entrant must never sit on both sides: with four entrants or more, every
    choice of four (all different); with fewer, every pair of entrants ``(a, b)`` as
    ``a b a b``, each bot partnering a copy of itself. Rotating a lineup by whole seats keeps
    each entrant on one side (one seat swaps the two sides).
    """
    if n >= players:
        return list(itertools.islice(itertools.combinations(range(n), players), limit))
    if partnerships and players == 4:
        pairs = itertools.islice(itertools.combinations(range(n), 2), limit)
        return [(a, b, a, b) for a, b in pairs]
    return [tuple(i % n for i in range(players))]


def _lineup_count(n: int, players: int, partnerships: bool = False) -> int:
    """How many lineups :func:`_lineups` has in all."""
    if n >= players:
        return math.comb(n, players)
    if partnerships and players == 4:
        return math.comb(n, 2)
    return 1


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
        BotError: when ``entrants`` is not an int in 2..:data:`MAX_ARENA_ENTRANTS`, ``players``
            is not 2, 3 or 4, or
            ``partnerships`` is not a bool or is true with other than four seats.
    """
    if type(entrants) is not int or not 2 <= entrants <= MAX_ARENA_ENTRANTS:
        raise BotError(
            f"entrants must be an int in 2..{MAX_ARENA_ENTRANTS:,} (the number of bots), "
            f"got {_brief(entrants)}"
        )
    if type(players) is not int or players not in (2, 3, 4):
        raise BotError(f"players must be 2, 3 or 4 seats, got {_brief(players)}")
    if not isinstance(partnerships, bool):
        raise BotError(f"partnerships must be True or False, got {_brief(partnerships)}")
    if partnerships and players != 4:
        raise BotError(f"partnerships need 4 seats, got players={players}")
    return _lineup_count(entrants, players, partnerships) * players


def schedule(
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int,
    rules: Rules = CLASSIC,
    *,
    move_time: float | None = 10.0,
    in_process: bool = False,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
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
        in_process: Whether Python bots are called in the playing process (see
            :func:`run_arena`).
        memory_limit: The memory limit of each bot process, in bytes, or ``None``.

    Returns:
        The tasks, game index ascending.

    Raises:
        BotError: naming the argument that is of the wrong type or out of range: ``specs``
            not a sequence of 2..:data:`MAX_ARENA_ENTRANTS` strings, ``games`` not an int in
            1..:data:`MAX_ARENA_GAMES`, ``players`` not 2, 3 or 4, ``seed`` not an int of at
            most 64 bits, ``rules`` not a :class:`~bergen.rules.Rules`, ``move_time`` not
            ``None``, ``math.inf`` or seconds in (0, :data:`MAX_MOVE_TIME`], ``in_process`` not
            a bool, ``memory_limit`` not ``None`` or an int in 1..2**63-1.
        RulesError: when the rules do not allow ``players`` seats.
    """
    specs = _check_arena_args(
        specs, games, players, seed, rules, move_time, in_process, memory_limit
    )
    if move_time is not None and math.isinf(move_time):
        move_time = None  # an infinite budget is no limit
    groups = -(-games // players)
    lineups = _lineups(len(specs), players, rules.partnerships, limit=groups)
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
                    in_process=in_process,
                    memory_limit=memory_limit,
                )
            )
    return tasks
