"""The schedule of an arena: its lineups, in duplicate groups of games on the same deals."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bergen.arena._games import (
    MAX_ARENA_ENTRANTS,
    MAX_ARENA_GAMES,
    GameTask,
    _check_arena_seed,
    _check_launch_args,
    _check_move_time,
    _check_process_args,
    _check_rules_arg,
    _check_specs_arg,
    bot_seed,
    deal_seed,
)
from bergen.bots import BotError
from bergen.errors import _brief
from bergen.protocol import DEFAULT_MEMORY_LIMIT
from bergen.rules import CLASSIC, Rules
from bergen.tournament import gauntlet_lineups, lineup_count, round_robin_lineups


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
    _check_arena_seed("seed", seed)
    _check_rules_arg(rules, players)
    _check_move_time(move_time)
    _check_process_args(in_process, memory_limit)
    return specs


LINEUPS = ("round-robin", "gauntlet")
"""The kinds of schedule: every choice of entrants (``round-robin``), or the first entrant
against the others (``gauntlet``): :func:`bergen.tournament.round_robin_lineups`,
:func:`bergen.tournament.gauntlet_lineups`."""


def _check_lineups(lineups: object) -> str:
    if not isinstance(lineups, str) or lineups not in LINEUPS:
        raise BotError(f"lineups is 'round-robin' or 'gauntlet', got {_brief(lineups)}")
    return lineups


def _lineups(
    n: int,
    players: int,
    partnerships: bool = False,
    limit: int | None = None,
    kind: str = "round-robin",
) -> list[tuple[int, ...]]:
    """The lineups of ``n`` entrants at ``players`` seats, in the order :func:`schedule` plays
    them, seat by seat; only the first ``limit`` of them when it is given (an arena never plays
    more lineups than it has duplicate groups, and 1,000 entrants have billions of lineups).

    ``kind="round-robin"`` (:func:`bergen.tournament.round_robin_lineups`), without
    partnerships: every choice of ``players`` entrants, or the entrants round the table when
    there are too few (``A B C A``). With partnerships (four seats; seats 0 and 2 against 1 and
    3, rule 10) an entrant must never sit on both sides: with four entrants or more, every
    choice of four (all different); with fewer, every pair of entrants ``(a, b)`` as
    ``a b a b``, each bot partnering a copy of itself. ``kind="gauntlet"``
    (:func:`bergen.tournament.gauntlet_lineups`): entrant 0 with every choice of the others
    (``0 k 0 k`` in partnerships). Rotating a lineup by whole seats keeps each entrant on one
    side (one seat swaps the two sides).
    """
    if kind == "gauntlet":
        return gauntlet_lineups(n, players, partnerships=partnerships, limit=limit)
    return round_robin_lineups(n, players, partnerships=partnerships, limit=limit)


def games_for_all_lineups(
    entrants: int, players: int, *, partnerships: bool = False, lineups: str = "round-robin"
) -> int:
    """The fewest games in which every lineup of :func:`schedule` plays once.

    Each lineup is a duplicate group of ``players`` games. The lineups are every choice of
    ``players`` of the entrants, so this is ``comb(entrants, players) * players``: 6 for three
    bots at two seats (lineups A-B, A-C, B-C). With fewer entrants than seats and no
    partnerships there is one lineup (the entrants round the table, ``A B C A``), so
    ``players`` games. With partnerships and fewer than four entrants, every pair of entrants
    is a lineup (``A B A B``: each bot partners a copy of itself, so no bot sits on both sides,
    rule 10), so ``comb(entrants, 2) * 4``: 4 for two bots, 12 for three (A-B, A-C, B-C). With
    fewer games some lineups never play, and with more entrants than seats some entrants may
    never play at all. With ``lineups="gauntlet"`` the lineups are the first entrant's with
    the others (:func:`bergen.tournament.gauntlet_lineups`): ``(entrants - 1) * 2`` games at
    two seats.

    Args:
        entrants: The number of entrants (bot specs), 2 or more.
        players: Seats per game, 2..4.
        partnerships: Whether the games are played in partnerships (four seats only, rule 10).
        lineups: ``"round-robin"`` or ``"gauntlet"`` (:data:`LINEUPS`).

    Returns:
        The number of games.

    Raises:
        BotError: when ``entrants`` is not an int in 2..:data:`MAX_ARENA_ENTRANTS`, ``players``
            is not 2, 3 or 4,
            ``partnerships`` is not a bool or is true with other than four seats, or
            ``lineups`` is not one of :data:`LINEUPS`.
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
    kind = _check_lineups(lineups)
    return lineup_count(entrants, players, partnerships=partnerships, kind=kind) * players


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
    lineups: str = "round-robin",
    bot_user: str | None = None,
    bot_prefix: Sequence[str] = (),
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
    (and an entrant may never play at all). With ``lineups="gauntlet"`` only the first
    entrant's lineups with the others are played (:func:`bergen.tournament.gauntlet_lineups`).

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
        lineups: ``"round-robin"`` (every choice of entrants) or ``"gauntlet"`` (the first
            entrant against the others), :data:`LINEUPS`.
        bot_user: The user the bot processes run as, or ``None`` (see :func:`run_arena`).
        bot_prefix: A command put before each bot's command (see :func:`run_arena`).

    Returns:
        The tasks, game index ascending.

    Raises:
        BotError: naming the argument that is of the wrong type or out of range: ``specs``
            not a sequence of 2..:data:`MAX_ARENA_ENTRANTS` strings, ``games`` not an int in
            1..:data:`MAX_ARENA_GAMES`, ``players`` not 2, 3 or 4, ``seed`` not an int of at
            most 64 bits or a secret seed (below 2**256), ``rules`` not a
            :class:`~bergen.rules.Rules`, ``move_time`` not ``None``, ``math.inf`` or seconds
            in (0, :data:`MAX_MOVE_TIME`], ``in_process`` not a bool, ``memory_limit`` not
            ``None`` or an int in 1..2**63-1, ``lineups`` not one of :data:`LINEUPS`,
            ``bot_user`` not a name or ``None``, ``bot_prefix`` not a sequence of strings.
        RulesError: when the rules do not allow ``players`` seats.
    """
    specs = _check_arena_args(
        specs, games, players, seed, rules, move_time, in_process, memory_limit
    )
    kind = _check_lineups(lineups)
    if isinstance(bot_prefix, str | bytes) or not isinstance(bot_prefix, Sequence):
        raise BotError(f"bot_prefix must be a sequence of strings, got {_brief(bot_prefix)}")
    prefix = tuple(bot_prefix)
    _check_launch_args(bot_user, prefix)
    if move_time is not None and math.isinf(move_time):
        move_time = None  # an infinite budget is no limit
    groups = -(-games // players)
    chosen = _lineups(len(specs), players, rules.partnerships, limit=groups, kind=kind)
    tasks: list[GameTask] = []
    for g in range(groups):
        lineup = chosen[g % len(chosen)]
        group_seed = deal_seed(seed, g)
        for r in range(players):
            index = g * players + r
            entrants = tuple(lineup[(s - r) % players] for s in range(players))
            tasks.append(
                GameTask(
                    index=index,
                    specs=tuple(specs[e] for e in entrants),
                    entrants=entrants,
                    deal_seed=group_seed,
                    bot_seeds=tuple(bot_seed(seed, index, s) for s in range(players)),
                    rules=rules,
                    move_time=move_time,
                    in_process=in_process,
                    memory_limit=memory_limit,
                    bot_user=bot_user,
                    bot_prefix=prefix,
                )
            )
    return tasks
