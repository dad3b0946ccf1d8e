"""The results file: one JSON line per finished game, read back to resume an arena."""

from __future__ import annotations

import io
import itertools
import json
import os
import stat
from collections.abc import Sequence
from typing import IO, Any

import attrs

from bergen.arena._check import replay_check
from bergen.arena._games import Forfeit, GameResult, GameTask
from bergen.bots import BotError
from bergen.errors import BergenError, _brief
from bergen.records import rules_to_json


class ResultsFileError(BergenError, ValueError):
    """A results file that cannot be used: not an arena's results, another arena's, already
    there without ``resume``, or a line that is not a game's result.

    Attributes:
        path: The file (``""`` when the result was not read from a file).
        line: The line at fault, 1-based (0 for the file as a whole).
    """

    def __init__(self, message: str, path: str = "", line: int = 0) -> None:
        """Store the message, the file (``""`` for a result not read from a file, as
        :func:`result_from_json` gives) and the line.
        """
        super().__init__(message)
        self.path = path
        self.line = line


_FORMAT = "bergen-arena-results"
_VERSION = 2
"""Version 2: each game's line has its moves (``"moves"``), which ``resume`` replays."""


_CHECKED = ("specs", "players", "seed", "games", "rules", "move_time")
"""The header fields a resumed arena must share with the file: they decide the games."""


def _header(
    tasks: Sequence[GameTask], specs: Sequence[str], players: int, seed: int
) -> dict[str, Any]:
    first = tasks[0]
    return {
        "format": _FORMAT,
        "version": _VERSION,
        "specs": list(specs),
        "players": players,
        "seed": seed,
        "games": len(tasks),
        "rules": rules_to_json(first.rules),
        "move_time": first.move_time,
        "in_process": first.in_process,
        "memory_limit": first.memory_limit,
    }


def result_to_json(result: GameResult) -> dict[str, Any]:
    """A game's result as a JSON object (a line of a results file).

    Args:
        result: The result.

    Returns:
        ``{"game", "entrants", "scores", "winner", "rounds", "partnerships", "forfeit",
        "moves"}``, the forfeit an object of :class:`Forfeit`'s fields or ``null``, the
        moves a string (:attr:`GameResult.moves`).

    Raises:
        BotError: when ``result`` is not a :class:`GameResult`.
    """
    if not isinstance(result, GameResult):
        raise BotError(f"result_to_json takes a GameResult, got {_brief(result)}")
    return {
        "game": result.index,
        "entrants": list(result.entrants),
        "scores": list(result.scores),
        "winner": result.winner,
        "rounds": result.rounds,
        "partnerships": result.partnerships,
        "forfeit": None if result.forfeit is None else attrs.asdict(result.forfeit),
        "moves": result.moves,
    }


def _ints(value: object, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise ResultsFileError(f"{field} must be a list of ints, got {_brief(value)}")
    return tuple(value)


def result_from_json(obj: object) -> GameResult:
    """The game's result of a JSON object written by :func:`result_to_json`.

    Args:
        obj: The decoded object.

    Returns:
        The result.

    Raises:
        ResultsFileError: naming the field that is missing or of the wrong type (a
            ``ValueError``; its ``path`` is ``""``).
    """
    if not isinstance(obj, dict):
        raise ResultsFileError(f"a game's result is a JSON object, got {_brief(obj)}")
    names = {"game", "entrants", "scores", "winner", "rounds", "partnerships", "forfeit", "moves"}
    if set(obj) != names:
        raise ResultsFileError(
            f"a game's result has the fields {sorted(names)}, got {_brief(list(obj))}"
        )
    index, winner, rounds, partnerships = (
        obj["game"],
        obj["winner"],
        obj["rounds"],
        obj["partnerships"],
    )
    if type(index) is not int or index < 0:
        raise ResultsFileError(f"game must be an int >= 0, got {_brief(index)}")
    if winner is not None and type(winner) is not int:
        raise ResultsFileError(f"winner must be an int or null, got {_brief(winner)}")
    if type(rounds) is not int or type(partnerships) is not bool:
        raise ResultsFileError("rounds must be an int and partnerships true or false")
    if type(obj["moves"]) is not str:
        raise ResultsFileError(f"moves must be a string, got {_brief(obj['moves'])}")
    raw = obj["forfeit"]
    forfeit = None
    if raw is not None:
        fields = [f.name for f in attrs.fields(Forfeit)]
        if not isinstance(raw, dict) or set(raw) != set(fields):
            raise ResultsFileError(
                f"forfeit must be null or an object of {sorted(fields)}, got {_brief(raw)}"
            )
        for name, value in raw.items():
            if type(value) is not (int if name in ("game", "seat", "entrant", "round") else str):
                raise ResultsFileError(f"forfeit {name} has the wrong type: {_brief(value)}")
    try:
        if raw is not None:
            forfeit = Forfeit(**raw)
        return GameResult(
            index=index,
            entrants=_ints(obj["entrants"], "entrants"),
            scores=_ints(obj["scores"], "scores"),
            winner=winner,
            rounds=rounds,
            forfeit=forfeit,
            partnerships=partnerships,
            moves=obj["moves"],
        )
    except BotError as e:  # a value out of range (GameResult's and Forfeit's checks)
        raise ResultsFileError(str(e)) from None


def _stored_seed(path: str) -> int | None:
    """The seed in the first line of the results file ``path`` (an arena to resume), or
    ``None`` when there is no such file or line (the file's other faults are found when it is
    opened).
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f:
            first = f.readline(_MAX_HEADER)
        seed = json.loads(first).get("seed")
    except (OSError, ValueError, AttributeError):
        return None
    return seed if type(seed) is int else None


_MAX_HEADER = 1 << 20
"""The longest first line of a results file read (bytes)."""


def _open_results(
    path: str, header: dict[str, Any], resume: bool, tasks: Sequence[GameTask]
) -> tuple[IO[str], dict[int, GameResult]]:
    """Open a results file for appending, and read and check the games it has when resuming.

    A last line cut short (the arena was stopped while writing it) is dropped from the file.
    A file that cannot be read, created or written, or is not a regular file, is a
    :class:`ResultsFileError`.
    """
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
    except (OSError, ValueError) as e:
        raise ResultsFileError(
            f"results file {_brief(path)}: cannot open it ({_brief(str(e))})", path
        ) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ResultsFileError(
                f"results file {_brief(path)} is not a regular file (a pipe, a device, or a "
                "link to one): give a file's path",
                path,
            )
        os.set_blocking(fd, True)
        raw = os.fdopen(fd, "r+b")
    except BaseException:
        os.close(fd)
        raise
    try:
        done = _read_results(raw, path, header, resume, tasks)
        return io.TextIOWrapper(raw, encoding="utf-8"), done
    except BaseException:
        raw.close()
        raise


def _read_results(
    raw: IO[bytes], path: str, header: dict[str, Any], resume: bool, tasks: Sequence[GameTask]
) -> dict[int, GameResult]:
    """Read and check the games of an opened results file (at most :data:`_MAX_LINE` bytes a
    line, one line per game), drop a last line cut short, and leave the file at its end (a new
    file gets the header, and mode 0600).
    """
    first = raw.readline(_MAX_LINE)
    if not first:
        os.fchmod(raw.fileno(), 0o600)  # only its owner may read it: it holds the seed
        raw.write((json.dumps(header) + "\n").encode())
        raw.flush()
        return {}
    if not resume:
        raise ResultsFileError(
            f"results file {path} already has results: continue it with --resume "
            "(resume=True) or give another file",
            path,
        )
    _check_header(first, path, header)
    done: dict[int, GameResult] = {}
    keep = len(first)
    for number in itertools.count(2):
        line = raw.readline(_MAX_LINE)
        if not line.endswith(b"\n"):
            if len(line) >= _MAX_LINE:
                raise _line_error(path, number, f"longer than {_MAX_LINE:,} bytes")
            break  # the end, or a last line cut short: dropped
        keep += len(line)
        result = _checked_line(line, path, number, tasks)
        if result.index in done:
            raise _line_error(path, number, f"game {result.index} is listed twice")
        done[result.index] = attrs.evolve(result, moves="")
    raw.seek(keep)
    raw.truncate()
    return done


_MAX_LINE = 1 << 22
"""The longest line of a results file read (bytes): a game's line is a few kilobytes."""


def _line_error(path: str, number: int, what: str) -> ResultsFileError:
    return ResultsFileError(f"results file {path}, line {number}: {what}", path, number)


def _check_header(first: bytes, path: str, header: dict[str, Any]) -> None:
    """Refuse a first line that is not this arena's header."""
    try:
        found = json.loads(first)
    except ValueError:
        found = None
    if not isinstance(found, dict) or found.get("format") != _FORMAT:
        raise ResultsFileError(f"results file {path} is not the results of an arena", path, 1)
    if found.get("version") != _VERSION:
        raise ResultsFileError(
            f"results file {path} is of version {_brief(found.get('version'))}, whose games "
            f"cannot be checked; this bergen reads version {_VERSION}: start a new file",
            path,
            1,
        )
    for name in _CHECKED:
        if found.get(name) != header[name]:
            raise ResultsFileError(
                f"results file {path} is of another arena: its {name} is {found.get(name)!r}, "
                f"this arena's {header[name]!r}",
                path,
                1,
            )


def _checked_line(line: bytes, path: str, number: int, tasks: Sequence[GameTask]) -> GameResult:
    """The game's result of a line, replayed from its task's deal and checked."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as e:  # JSONDecodeError and UnicodeDecodeError too
        raise _line_error(path, number, f"not a line of JSON ({e})") from None
    try:
        result = result_from_json(data)
    except (ValueError, RecursionError) as e:
        raise _line_error(path, number, str(e)) from None
    if result.index >= len(tasks) or result.entrants != tasks[result.index].entrants:
        raise _line_error(
            path,
            number,
            f"game {result.index} with entrants {list(result.entrants)} is not a "
            "game of this arena",
        )
    wrong = replay_check(tasks[result.index], result)
    if wrong:
        raise _line_error(path, number, f"game {result.index}: {wrong}")
    return result
