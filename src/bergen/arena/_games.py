"""The values of one game of an arena: what to play (:class:`GameTask`), how it ended
(:class:`GameResult`, :class:`Forfeit`), the arena's limits, and the checks its values and
arguments share.
"""

from __future__ import annotations

import hashlib
import math
import secrets

import attrs

from bergen.bots import BotError
from bergen.errors import _as_tuple, _bad, _brief, _is_int, _is_ints, _printable
from bergen.protocol import DEFAULT_MEMORY_LIMIT
from bergen.rules import Rules

MAX_ARENA_GAMES = 1_000_000
"""The most games an arena plays (:func:`run_arena`, :func:`schedule`; ``bergen arena --games``)."""


MAX_ARENA_ENTRANTS = 1_000
"""The most entrants (bot specs) an arena takes."""


MAX_ARENA_WORKERS = 256
"""The most worker processes of an arena's own pool (``workers``; ``bergen arena --workers``)."""


MAX_IN_FLIGHT = 64
"""The most games an arena plays at once in one process (``in_flight``; ``bergen arena
--in-flight``)."""


MAX_MOVE_TIME = 1_000_000.0
"""The longest time budget per decision, in seconds (about 11.6 days); ``math.inf`` or
``None`` mean no limit."""


def _derive(*parts: object) -> int:
    """A 63-bit seed from the parts, the same on every platform and Python version."""
    text = ":".join(str(p) for p in ("bergen-arena", *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


MAX_MOVES_TEXT = 1 << 20
"""The longest moves text of a game's result (characters): a match has a few hundred moves."""

_MAX_COUNT = 10**15
"""The largest count (points, rounds, games) an arena's values hold."""

_SEED_BOUND = 2**64
"""Seeds are ints of at most 64 bits: ``-_SEED_BOUND < seed < _SEED_BOUND``."""

_KEY_BOUND = 2**256
"""Arena seeds from :data:`_SEED_BOUND` up to (not including) this are secret seeds: keys of a
keyed hash (:func:`deal_seed`, :func:`bot_seed`)."""

SECRET_SEED_BITS = 128
"""The random bits of a secret arena seed (:func:`secret_seed`)."""


def secret_seed() -> int:
    """A fresh secret arena seed: :data:`SECRET_SEED_BITS` random bits from :mod:`secrets`.

    The seed is ``2**128`` plus the random bits, so it is a 129-bit int: every seed of more
    than 64 bits is a key (see :func:`deal_seed`), and no bot can guess this one or rebuild
    anything from what it is sent.

    Returns:
        An int in ``2**128 .. 2**129 - 1``.
    """
    return (1 << SECRET_SEED_BITS) | secrets.randbits(SECRET_SEED_BITS)


def _keyed(seed: int, person: bytes, *parts: object) -> int:
    """A 63-bit seed: blake2b keyed with ``seed`` (32 bytes), personalised with ``person``."""
    text = ":".join(str(p) for p in parts).encode()
    h = hashlib.blake2b(text, digest_size=8, key=seed.to_bytes(32, "big"), person=person)
    return int.from_bytes(h.digest(), "big") >> 1


def deal_seed(seed: int, group: int) -> int:
    """The seed of the deals of a duplicate group of an arena.

    An arena seed of at most 64 bits (an explicit ``--seed``, guessable: a bot that guesses it
    can rebuild every deal) gives a hash of the seed and the group, as bergen has always done,
    so a seed reproduces the same arena. A larger seed (a :func:`secret_seed`) is the key of a
    keyed blake2b hash: without the key nobody can work the deal seeds out, nor the key from
    them.

    Args:
        seed: The arena seed: an int, ``-2**64 < seed < 2**256``.
        group: The duplicate group, 0-based.

    Returns:
        A 63-bit int.
    """
    if -_SEED_BOUND < seed < _SEED_BOUND:
        return _derive(seed, "deal", group)
    return _keyed(seed, b"bergen-deal", group)


def bot_seed(seed: int, game: int, seat: int) -> int:
    """The seed a seat's bot is built with (sent to a bot process in ``new_game``).

    As :func:`deal_seed`: a hash of a seed of at most 64 bits and the game and seat (the same
    as bergen has always given; a bot can hash guessed arena seeds until one gives its own), a
    keyed hash for a secret seed, separate from the deals' (another personalisation), so a bot
    learns nothing of the key or the deals from its seed.

    Args:
        seed: The arena seed.
        game: The game index.
        seat: The seat, 0-based.

    Returns:
        A 63-bit int.
    """
    if -_SEED_BOUND < seed < _SEED_BOUND:
        return _derive(seed, "bot", game, seat)
    return _keyed(seed, b"bergen-bot", game, seat)


def _check_int(owner: str, name: str, value: object, low: int, high: int) -> None:
    """Raise BotError unless ``value`` is an int in ``low..high``."""
    if not _is_int(value, low, high):
        raise BotError(_bad(owner, name, f"an int in {low}..{high:,}", value))


def _check_arena_seed(name: str, value: object) -> None:
    """Raise BotError unless ``value`` is an arena seed: an int of at most 64 bits, or a secret
    seed (``2**64 <= seed < 2**256``).
    """
    if not _is_int(value, 1 - _SEED_BOUND, _KEY_BOUND - 1):
        raise BotError(
            f"{name} must be an int of at most 64 bits (|seed| < 2**64) or a secret seed "
            f"(2**64 <= seed < 2**256), got {_brief(value)}"
        )


def _check_seed(name: str, value: object) -> None:
    """Raise BotError unless ``value`` is a seed: an int of at most 64 bits."""
    if not _is_int(value, 1 - _SEED_BOUND, _SEED_BOUND - 1):
        raise BotError(
            f"{name} must be an int of at most 64 bits (|seed| < 2**64), got {_brief(value)}"
        )


def _check_str(owner: str, name: str, value: object) -> None:
    """Raise BotError unless ``value`` is a str."""
    if type(value) is not str:
        raise BotError(_bad(owner, name, "a string", value))


def _check_specs_arg(specs: object, name: str, *, seats: bool = False) -> None:
    """Raise BotError unless ``specs`` is a tuple of 2.. bot specs (strings); ``seats``: 2..4."""
    most = 4 if seats else MAX_ARENA_ENTRANTS
    if not isinstance(specs, tuple) or not all(type(s) is str for s in specs):
        raise BotError(f"{name} must be a sequence of bot specs (strings), got {_brief(specs)}")
    if not 2 <= len(specs) <= most:
        what = "seats" if seats else "entrants"
        raise BotError(f"{name}: an arena needs 2..{most:,} {what}, got {len(specs):,}")


def _check_rules_arg(rules: object, players: int, name: str = "rules") -> None:
    """Raise BotError unless ``rules`` is a Rules; RulesError unless it allows ``players``."""
    if not isinstance(rules, Rules):
        raise BotError(f"{name} must be a Rules (such as bergen.CLASSIC), got {_brief(rules)}")
    rules.for_table(players)


def _check_move_time(move_time: object, name: str = "move_time", *, allow_inf: bool = True) -> None:
    """Raise BotError unless ``move_time`` is ``None`` or seconds in (0, MAX_MOVE_TIME] (or
    ``math.inf`` when ``allow_inf``).
    """
    if move_time is None:
        return
    if (
        not isinstance(move_time, int | float)
        or isinstance(move_time, bool)
        or not (0 < move_time <= MAX_MOVE_TIME or (allow_inf and move_time == math.inf))
    ):  # NaN fails too
        raise BotError(
            f"{name} must be seconds in (0, {MAX_MOVE_TIME:,.0f}], "
            f"{'math.inf or ' if allow_inf else ''}None, got {_brief(move_time)}"
        )


def _check_process_args(in_process: object, memory_limit: object, prefix: str = "") -> None:
    """Raise BotError unless ``in_process`` is a bool and ``memory_limit`` bytes or ``None``."""
    if not isinstance(in_process, bool):
        raise BotError(f"{prefix}in_process must be True or False, got {_brief(in_process)}")
    if memory_limit is not None and (
        type(memory_limit) is not int or not 1 <= memory_limit < 2**63
    ):
        raise BotError(
            f"{prefix}memory_limit must be bytes (an int in 1..2**63-1) or None, "
            f"got {_brief(memory_limit)}"
        )


def _check_launch_args(bot_user: object, bot_prefix: object, prefix: str = "") -> None:
    """Raise BotError unless ``bot_user`` is a user name or ``None`` and ``bot_prefix`` a
    tuple of strings (a command, possibly empty), none empty or with a NUL.
    """
    if bot_user is not None and (
        type(bot_user) is not str or not 0 < len(bot_user) <= 256 or "\0" in bot_user
    ):
        raise BotError(f"{prefix}bot_user must be a user name or None, got {_brief(bot_user)}")
    if (
        not isinstance(bot_prefix, tuple)
        or len(bot_prefix) > 1_000
        or not all(type(a) is str and a and "\0" not in a for a in bot_prefix)
    ):
        raise BotError(
            f"{prefix}bot_prefix must be a command (a sequence of non-empty strings), "
            f"got {_brief(bot_prefix)}"
        )


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
        in_process: Whether Python bots are called in the playing process (trusting them)
            rather than run as protocol processes of their own.
        memory_limit: The memory limit of each bot process, in bytes (``None``: none).
        bot_user: The user every bot process runs as (``None``: the arena's own user; another
            user needs the arena to run as root).
        bot_prefix: A command put before every bot's command, such as a sandbox
            (``("bwrap", "--ro-bind", "/", "/", ...)``); ``()`` for none.
        bot_stderr: A directory to keep each bot process's standard error in, one file per
            process (``None``: only the end of it is kept, for a failure's report).
        fork_server: Whether a Python bot's processes are forks of one warm server per spec
            (see :func:`bergen.arena.run_arena`) rather than each a new Python.
    """

    index: int
    specs: tuple[str, ...] = attrs.field(converter=_as_tuple)
    entrants: tuple[int, ...] = attrs.field(converter=_as_tuple)
    deal_seed: int
    bot_seeds: tuple[int, ...] = attrs.field(converter=_as_tuple)
    rules: Rules
    move_time: float | None
    in_process: bool = False
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT
    bot_user: str | None = None
    bot_prefix: tuple[str, ...] = attrs.field(default=(), converter=_as_tuple)
    bot_stderr: str | None = None
    fork_server: bool = True

    def __attrs_post_init__(self) -> None:
        """Check the fields (lists are copied to tuples first).

        Raises:
            BotError: naming the field that is of the wrong type or out of range (the checks of
                :func:`schedule`, and ``index`` a game index below :data:`MAX_ARENA_GAMES`,
                ``entrants`` entrant indexes, ``deal_seed`` and ``bot_seeds`` ints of at most
                64 bits, one per seat, ``bot_user`` a user name or ``None``, ``bot_prefix``
                strings, ``bot_stderr`` a path or ``None``, ``fork_server`` a bool).
        """
        if type(self.index) is not int or not 0 <= self.index < MAX_ARENA_GAMES:
            raise BotError(
                f"GameTask.index must be an int in 0..{MAX_ARENA_GAMES - 1:,}, "
                f"got {_brief(self.index)}"
            )
        _check_specs_arg(self.specs, "GameTask.specs", seats=True)
        n = len(self.specs)
        for name, value in (("entrants", self.entrants), ("bot_seeds", self.bot_seeds)):
            low = 0 if name == "entrants" else 1 - _SEED_BOUND
            if not _is_ints(value, low, _SEED_BOUND - 1) or len(value) != n:
                raise BotError(
                    f"GameTask.{name} must be {n} ints (one per seat), got {_brief(value)}"
                )
        _check_seed("GameTask.deal_seed", self.deal_seed)
        _check_rules_arg(self.rules, n, "GameTask.rules")
        _check_move_time(self.move_time, "GameTask.move_time", allow_inf=False)
        _check_process_args(self.in_process, self.memory_limit, "GameTask.")
        _check_launch_args(self.bot_user, self.bot_prefix, "GameTask.")
        if type(self.fork_server) is not bool:
            raise BotError(f"GameTask.fork_server must be a bool, got {_brief(self.fork_server)}")
        if self.bot_stderr is not None and not _is_path(self.bot_stderr):
            raise BotError(
                "GameTask.bot_stderr must be a directory's path (a str, no NUL) or None, got "
                f"{_brief(self.bot_stderr)}"
            )


def _is_path(value: object) -> bool:
    """Whether ``value`` is a str that can name a file: no NUL, no lone surrogate."""
    if not isinstance(value, str) or not value or "\0" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@attrs.frozen
class Forfeit:
    """A bot's misbehaviour, which lost it the game.

    Attributes:
        game: The game index.
        seat: The seat of the bot.
        entrant: The entrant index of the bot.
        bot: The bot's spec.
        kind: ``"illegal move"``, ``"exception"`` or ``"time"``; for a bot in a process of its
            own also what the protocol client found (:class:`bergen.protocol.BotFailure`'s
            ``reason``, such as ``"exited"`` or ``"protocol"``).
        detail: What went wrong (the move returned, the exception, the time taken, how the
            bot's process failed).
        round: The round of the match, counted from 0 (as records, errors and the CLI count).
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

    def __attrs_post_init__(self) -> None:
        """Check the fields.

        Raises:
            BotError: naming a field of the wrong type or out of range (``game`` a game index,
                ``seat`` 0..3, ``entrant`` an entrant index, ``round`` a count, the others
                strings).
        """
        _check_int("Forfeit", "game", self.game, 0, MAX_ARENA_GAMES - 1)
        _check_int("Forfeit", "seat", self.seat, 0, 3)
        _check_int("Forfeit", "entrant", self.entrant, 0, MAX_ARENA_ENTRANTS - 1)
        _check_int("Forfeit", "round", self.round, 0, _MAX_COUNT)
        for name in ("bot", "kind", "detail", "position"):
            _check_str("Forfeit", name, getattr(self, name))

    def __str__(self) -> str:
        """One paragraph for reports: two lines, whatever text the bot wrote into ``detail``
        (written printable, :func:`bergen.errors._printable`).
        """
        return (
            f"game {self.game}: {_printable(self.bot)} (seat {self.seat}) forfeits, "
            f"{_printable(self.kind)}: {_printable(self.detail)}\n"
            f"    round {self.round}; {_printable(self.position)}"
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
        moves: Every move of the game in order, forced ones included, in the canonical
            notation (``6-6 5-6R draw pass ...``, :func:`bergen.moves.parse_move`), up to a
            forfeit: with the deal seed of the game's task they replay it. A results file
            keeps them, so that ``resume`` can check each game; :func:`run_arena`'s results
            drop them (``""``), and results are compared without them.
    """

    index: int
    entrants: tuple[int, ...] = attrs.field(converter=_as_tuple)
    scores: tuple[int, ...] = attrs.field(converter=_as_tuple)
    winner: int | None
    rounds: int
    forfeit: Forfeit | None
    partnerships: bool
    moves: str = attrs.field(default="", eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        """Check the fields (lists are copied to tuples first).

        Raises:
            BotError: naming a field of the wrong type or out of range: ``index`` a game index,
                ``entrants`` 2..4 entrant indexes, ``scores`` one count of points per side (two
                with ``partnerships``, four seats), ``winner`` a side or ``None``, ``rounds`` a
                count, ``forfeit`` a :class:`Forfeit` or ``None``, ``partnerships`` a bool.
        """
        _check_int("GameResult", "index", self.index, 0, MAX_ARENA_GAMES - 1)
        if not isinstance(self.partnerships, bool):
            raise BotError(
                f"GameResult.partnerships must be True or False, got {_brief(self.partnerships)}"
            )
        entrants = self.entrants
        if (
            not _is_ints(entrants, 0, MAX_ARENA_ENTRANTS - 1)
            or not 2 <= len(entrants) <= 4
            or (self.partnerships and len(entrants) != 4)
        ):
            raise BotError(
                "GameResult.entrants must be 2..4 entrant indexes (4 with partnerships), "
                f"got {_brief(entrants)}"
            )
        sides = 2 if self.partnerships else len(entrants)
        if not _is_ints(self.scores, 0, _MAX_COUNT) or len(self.scores) != sides:
            raise BotError(
                f"GameResult.scores must be {sides} counts of points (one per side), "
                f"got {_brief(self.scores)}"
            )
        if self.winner is not None:
            _check_int("GameResult", "winner", self.winner, 0, sides - 1)
        _check_int("GameResult", "rounds", self.rounds, 0, _MAX_COUNT)
        if type(self.moves) is not str or len(self.moves) > MAX_MOVES_TEXT:
            raise BotError(
                f"GameResult.moves must be a string of at most {MAX_MOVES_TEXT:,} characters "
                f"(the moves in notation), got {_brief(self.moves)}"
            )
        if self.forfeit is not None and not isinstance(self.forfeit, Forfeit):
            raise BotError(
                f"GameResult.forfeit must be a Forfeit or None, got {_brief(self.forfeit)}"
            )

    def side_of(self, seat: int) -> int:
        """The side of a seat (rule 10: seats 0 and 2 against 1 and 3 in partnerships).

        Args:
            seat: A seat of the game, 0-based.

        Returns:
            Its side: ``seat % 2`` in partnerships, else the seat itself.

        Raises:
            BotError: when ``seat`` is not a seat of the game.
        """
        _check_int("GameResult.side_of", "seat", seat, 0, len(self.entrants) - 1)
        return seat % 2 if self.partnerships else seat
