"""``bergen keep``: keep the score of a game played with real tiles, in the terminal.

The people at the table type each move as it happens, in the canonical notation: ``4-1R``,
``draw`` (the tile not shown) or ``draw 6-2``, ``pass``; the lead names its player, ``Alice
1-1`` (or the seat number, ``0 1-1``). After each entry the line's ends, the tiles each player
holds and every header announced are shown, and the scores when they change. ``undo`` takes
back the last entry; a blocked hand is settled with ``reveal`` and the hands turned over,
separated by ``/`` in seat order, or with ``settle`` and the winner (a name, a side number or
``none``). ``help`` lists the commands; ``q`` or the end of input leaves.

With ``--save FILE`` the game is written after every entry as a public record
(docs/records.md, "Public records"), and ``--resume FILE`` continues one. Moves can also come
from a file (``--input FILE``, ``-`` for standard input) for scripts: the first entry refused
stops with exit status 1 and the line's number. Scoring and checks are those of
:class:`bergen.PublicMatch` (docs/rules.md, rules 2-9).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from typing import TextIO

from bergen.cli._files import save_problem
from bergen.cli.options import add_rules_arguments, rules_from_args
from bergen.errors import BergenError, _printable
from bergen.events import EventKind, OutcomeKind, ScoreEvent
from bergen.moves import Lead
from bergen.public import PublicRound, parse_public_move
from bergen.public_match import PublicMatch
from bergen.records.public import PublicRecord, dumps_public, load_public, record_public

__all__ = ["Keeper", "register", "run"]

_HELP = """\
moves:   4-1R  5-4L  draw  draw 6-2  pass      the lead names its player: Alice 1-1 (or 0 1-1)
blocked: reveal 6-6 5-4 / 3-1 / 2-0 4-4       the hands turned over, in seat order
         settle Alice   settle 1   settle none the table's result
other:   undo  show  help  q"""

_DESCRIPTION = (
    "Keep the score of a game played with real tiles. Type each move as it happens: 4-1R, "
    "draw (the tile not shown) or 'draw 6-2', pass; the lead names its player, 'Alice 1-1'. "
    "After each entry the ends, the tiles each player holds, every header announced and the "
    "scores are shown. 'undo' takes back the last entry; a blocked hand is settled with "
    "'reveal' and the hands turned over (separated by '/', in seat order) or 'settle' and the "
    "winner. --save writes the game after every entry, --resume continues it, --input reads "
    "the entries from a file for scripts (docs/rules.md, rules 2-9)."
)

_KINDS = {
    EventKind.DOUBLE_HEADER: "double header",
    EventKind.TRIPLE_HEADER: "triple header",
    EventKind.GOING_OUT: "going out",
    EventKind.BLOCKED_HAND: "blocked hand",
}


class Keeper:
    """The scorekeeper's state: the match, the entries made and the players' names.

    Args:
        match: The match as it stands.
        names: One name per seat.
    """

    def __init__(self, match: PublicMatch, names: Sequence[str]) -> None:
        """Start from ``match`` (entries already in it can be undone)."""
        self.names = tuple(names)
        self.history: list[PublicMatch] = _replayed(match)

    @property
    def match(self) -> PublicMatch:
        """The match as it stands."""
        return self.history[-1]

    def name(self, seat: int) -> str:
        """The player at ``seat``."""
        return self.names[seat]

    def side_name(self, side: int) -> str:
        """The name of a side: the player, or both partners."""
        if self.match.round.sides == self.match.seats:
            return self.names[side]
        return "+".join(self.names[s] for s in range(self.match.seats) if s % 2 == side)

    def seat_of(self, word: str) -> int | None:
        """The seat a word names (a name, case ignored, or a seat number), else ``None``."""
        for seat, n in enumerate(self.names):
            if word.lower() == n.lower():
                return seat
        if word.isdigit() and int(word) < self.match.seats:
            return int(word)
        return None

    def enter(self, line: str) -> list[str]:
        """Make one entry; return the lines to show.

        Raises:
            BergenError: when the entry is refused (nothing changes).
            ValueError: for text that is no entry.
        """
        words = line.split()
        if not words:
            return []
        head = words[0].lower()
        match = self.match
        before = match.round
        if head == "undo":
            if len(words) > 1:
                raise ValueError("undo takes no argument: it takes back the last entry")
            if len(self.history) == 1:
                raise ValueError("nothing to undo")
            self.history.pop()
            return ["undone; " + self.status_line()]
        if head == "reveal":
            hands = " ".join(words[1:]).split("/")
            match, events = match.reveal([h.strip() for h in hands])
        elif head == "settle":
            if len(words) != 2:
                raise ValueError("settle takes the winner: a name, a side number or 'none'")
            match, events = match.settle(self._side(words[1]))
        else:
            seat = self.seat_of(words[0]) if len(words) > 1 else None
            text = " ".join(words[1:] if seat is not None else words)
            if seat is None and before.to_move is None and _is_lead(text):
                raise ValueError(f"the lead names its player: '{self.names[0]} {text}'")
            if seat is None and len(words) > 1 and _is_move(" ".join(words[1:])):
                raise ValueError(
                    f"{words[0]!r} is no player here: {', '.join(self.names)}, or a seat "
                    f"number 0 to {match.seats - 1}"
                )
            match, events = match.apply(text, seat)
            return self._after(match, events, seat if seat is not None else before.to_move, text)
        return self._after(match, events, None, head)

    def _side(self, word: str) -> int | None:
        if word.lower() == "none":
            return None
        for side in range(self.match.round.sides):
            if word.lower() in (self.side_name(side).lower(), str(side)):
                return side
        seat = self.seat_of(word)
        if seat is None:
            raise ValueError(f"settle: {word!r} is no player, side or 'none'")
        return self.match.round.side_of(seat)

    def _after(
        self, match: PublicMatch, events: tuple[ScoreEvent, ...], seat: int | None, text: str
    ) -> list[str]:
        self.history.append(match)
        finished = match.rounds[-1] if len(match.rounds) > len(self.history[-2].rounds) else None
        rnd = finished or match.round
        width = max(len(n) for n in self.names) + 1
        who = f"{self.name(seat)}:" if seat is not None else ""
        out = [f"{who:<{width}} {text:<9} {_ends(rnd):<14} tiles {self._counts(rnd)}"]
        for e in events:
            scorer = (
                self.side_name(e.side) if e.kind is EventKind.BLOCKED_HAND else self.name(e.seat)
            )
            out.append(f"  ** {scorer}: {_KINDS[e.kind]}, {_points(e)}")
        if events or finished is not None:
            out.append("  " + self.scores_line())
        if finished is not None and finished.outcome is not None:
            out.append(f"round {len(match.rounds) - 1} over: {self._outcome(finished)}")
            if match.is_over:
                out.append(f"match over: {self.side_name(match.winner or 0)} wins")
            else:
                out.append(
                    f"round {len(match.rounds)}: {self.name(match.dealer)} deals; "
                    "the lead names its player"
                )
        return out

    def _outcome(self, rnd: PublicRound) -> str:
        o = rnd.outcome
        if o is None:
            return "in play"
        if o.kind is OutcomeKind.WENT_OUT:
            return f"{self.name(o.seat or 0)} went out"
        if o.kind is OutcomeKind.TARGET_REACHED:
            return f"{self.side_name(o.side or 0)} reached the target"
        if o.side is None:
            return "blocked, nobody wins it"
        return f"blocked, {self.side_name(o.side)} wins it"

    def _counts(self, rnd: PublicRound) -> str:
        return " ".join(f"{self.name(s)} {c}" for s, c in enumerate(rnd.counts))

    def scores_line(self) -> str:
        """The scores and the target."""
        match = self.match
        parts = "  ".join(f"{self.side_name(s)} {p}" for s, p in enumerate(match.scores))
        return f"scores: {parts}   (target {match.target})"

    def status_line(self) -> str:
        """Whose turn it is and the ends, or how the match ended."""
        match = self.match
        if match.is_over:
            return f"match over: {self.side_name(match.winner or 0)} wins; {self.scores_line()}"
        rnd = match.round
        if rnd.awaiting_result:
            turn = "blocked: reveal the hands or settle"
        elif rnd.to_move is None:
            turn = (
                f"round {len(match.rounds)}: waiting for the lead ({self.name(rnd.dealer)} dealt)"
            )
        else:
            turn = f"{self.name(rnd.to_move)} to move"
        return f"{turn}; {_ends(rnd)}; boneyard {rnd.boneyard_size}"

    def prompt(self) -> str:
        """The prompt: whose turn it is."""
        rnd = self.match.round
        if self.match.is_over:
            return "(match over) > "
        if rnd.awaiting_result:
            return "blocked > "
        if rnd.to_move is None:
            return "lead > "
        return f"{self.name(rnd.to_move)} > "


def _is_lead(text: str) -> bool:
    try:
        return isinstance(parse_public_move(text)[0], Lead)
    except BergenError:
        return False


def _points(e: ScoreEvent) -> str:
    if e.points == e.base_points:
        return f"{e.points} points" if e.points != 1 else "1 point"
    return f"{e.points} (of {e.base_points}, near the target)"


def _ends(rnd: PublicRound) -> str:
    line = rnd.line
    if line.lead is None:
        return "no lead yet"
    left = f"{line.left}{'d' if line.left_double else ''}"
    right = f"{line.right}{'d' if line.right_double else ''}"
    return f"ends {left} | {right}"


def _replayed(match: PublicMatch) -> list[PublicMatch]:
    """The matches after each entry that led to ``match``, the start first (for undo)."""
    first_round = match.rounds[0] if match.rounds else match.round
    start = PublicMatch.start(
        match.rules,
        match.seats,
        scores=first_round.start_scores,
        dealer=first_round.dealer,
        hand_size=match.hand_size,
    )
    states = [start]
    rounds = [*match.rounds]
    if match.round not in rounds:
        rounds.append(match.round)
    for rnd in rounds:
        for a in rnd.lead_draws:
            states.append(states[-1].apply("draw", a.seat, drawn=a.drawn)[0])
        for a in rnd.history:
            states.append(states[-1].apply(a.move, a.seat, drawn=a.drawn)[0])
        if rnd.outcome is not None and rnd.outcome.kind is OutcomeKind.BLOCKED:
            if rnd.hands is not None:
                states.append(states[-1].reveal(rnd.hands)[0])
            else:
                states.append(states[-1].settle(rnd.outcome.side)[0])
    return states


def _is_move(text: str) -> bool:
    """Whether ``text`` reads as a move (``4-1R``, ``draw 6-2``, ``pass``, a lead ``1-1``)."""
    try:
        parse_public_move(text)
    except BergenError:
        return False
    return True


# Words that are commands or moves at the prompt: a player of that name could not be told apart.
_RESERVED = frozenset(
    {"undo", "reveal", "settle", "show", "help", "q", "quit", "exit", "draw", "pass", "none"}
)


def _save(path: str, record: PublicRecord) -> None:
    """Write ``record`` to ``path`` through a temporary file, so a crash leaves the old one."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".bergen-keep-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(dumps_public(record))
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``keep`` subcommand."""
    p = subparsers.add_parser(
        "keep",
        help="keep the score of a game played with real tiles",
        description=_DESCRIPTION,
    )
    p.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        help="how many players (default: as many as --names, else 3)",
    )
    p.add_argument(
        "--names",
        help="the players' names in seat order, comma-separated (default Seat 0, Seat 1, ...)",
    )
    p.add_argument("--scores", help="points per side so far, comma-separated (default 0)")
    p.add_argument("--dealer", type=int, default=0, help="the first dealer's seat (default 0)")
    p.add_argument("--hand-size", type=int, help="tiles dealt to each player (default: the rules')")
    p.add_argument("--save", metavar="FILE", help="write the game to FILE after every entry")
    p.add_argument("--resume", metavar="FILE", help="continue the game saved in FILE")
    p.add_argument(
        "--input",
        metavar="FILE",
        help="read the entries from FILE ('-': standard input) and stop at the first one refused",
    )
    add_rules_arguments(p)
    p.set_defaults(run=run)


def _start(args: argparse.Namespace) -> Keeper:
    if args.resume:
        try:
            record = load_public(args.resume)
        except BergenError as e:
            raise ValueError(f"--resume {args.resume}: {e}") from None
        names = [n or f"Seat {i}" for i, n in enumerate(record.names)]
        return Keeper(record.match, names)
    names = [n.strip() for n in args.names.split(",")] if args.names else []
    seats = args.players or len(names) or 3
    if names and len(names) != seats:
        raise ValueError(f"--names gives {len(names)} names for {seats} players")
    if len(set(n.lower() for n in names)) != len(names) or any(
        not n or n.isdigit() or not n.isprintable() or any(c.isspace() for c in n) for n in names
    ):
        raise ValueError(
            "--names: distinct names, each a word of printable characters that is not a number"
        )
    taken = [n for n in names if n.lower() in _RESERVED or _is_move(n)]
    if taken:
        raise ValueError(
            f"--names: {taken[0]!r} is a command or a move at the prompt; name the player otherwise"
        )
    names = names or [f"Seat{i}" for i in range(seats)]
    scores = _scores(args.scores) if args.scores else None
    match = PublicMatch.start(
        rules_from_args(args), seats, scores=scores, dealer=args.dealer, hand_size=args.hand_size
    )
    return Keeper(match, names)


def _scores(text: str) -> list[int]:
    """The points of ``--scores``, each a whole number (``ValueError`` naming the one that
    is not).
    """
    scores = []
    for word in text.split(","):
        try:
            scores.append(int(word))
        except ValueError:
            raise ValueError(
                f"--scores: {word.strip()!r} is not a whole number of points "
                "(give one per side, comma-separated: 2,6,3)"
            ) from None
    return scores


def run(args: argparse.Namespace) -> int:
    """Run ``bergen keep`` with parsed arguments; return the exit status."""
    save = args.save or args.resume
    problem = save_problem(save, replace=True) if save else None
    if problem is not None:
        print(f"bergen keep: cannot save to {save!r}: {problem}", file=sys.stderr)
        return 2
    try:
        keeper = _start(args)
    except (BergenError, ValueError) as e:
        print(f"bergen keep: {e}", file=sys.stderr)
        return 2
    if args.input == "-":
        return _loop(keeper, sys.stdin, save, script=True)
    if args.input:
        try:
            with open(args.input, encoding="utf-8-sig", errors="surrogateescape") as stream:
                return _loop(keeper, stream, save, script=True)
        except OSError as e:
            print(f"bergen keep: cannot read {args.input}: {e.strerror}", file=sys.stderr)
            return 2
    return _loop(keeper, sys.stdin, save, script=not sys.stdin.isatty())


def _loop(keeper: Keeper, stream: TextIO, save: str | None, *, script: bool) -> int:
    out = sys.stdout
    print(
        f"bergen keep: {keeper.match.rules.label}, {keeper.match.seats} players, target "
        f"{keeper.match.target}; 'help' for the commands",
        file=out,
    )
    print(keeper.status_line(), file=out)
    number = 0
    while True:
        if not script:
            print(keeper.prompt(), end="", file=out, flush=True)
        line = stream.readline()
        if not line:
            break
        number += 1
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        if text.lower() in ("q", "quit", "exit"):
            break
        if text.lower() == "help":
            print(_HELP, file=out)
            continue
        if text.lower() == "show":
            print(keeper.match.round, file=out)
            print(keeper.scores_line(), file=out)
            continue
        try:
            shown = keeper.enter(text)
        except (BergenError, ValueError) as e:
            if script:
                print(f"bergen keep: line {number}: {_printable(text)}: {e}", file=sys.stderr)
                return 1
            print(f"  refused: {e}", file=out)
            continue
        for s in shown:
            print(s, file=out)
        if save:
            try:
                _save(save, record_public(keeper.match, keeper.names))
            except OSError as e:
                print(f"bergen keep: cannot save to {save!r}: {e.strerror or e}", file=sys.stderr)
                if script:
                    return 1
    print(keeper.status_line(), file=out)
    return 0
