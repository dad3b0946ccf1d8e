"""``bergen play``: play a match against bots in the terminal.

The line is drawn as tiles, ``[5|1][1:1][1|4]`` (a double with a colon, as ``print(state)``
draws it), the player's tiles are numbered to choose
from, the other seats' tiles stay hidden (only their counts show), and every score event is
announced. Bad input is asked again; end of input (Ctrl-D) or ``q`` leaves the match. A tile
is chosen by its number in the list or by its name (``6-4``), with an end (``6-4R``, ``3l``);
forced draws are made without asking, and where the rules let a seat draw while a tile fits
(``draw_when`` any-time, puzzle-place) ``d`` draws. No line is longer than :data:`WIDTH`
characters: a long line of play or hand is wrapped between tiles. Rounds are numbered from 0, as
seats are and as records and error messages count them (docs/records.md).
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import TextIO, cast

from bergen.arena._games import _derive
from bergen.arena._processes import (
    PROGRAM_PREFIX,
    _child_env,
    _close_all,
    _start_failure,
    bot_command,
)
from bergen.bots import (
    Bot,
    BotError,
    SearchBot,
    _exception_text,
    _is_legal_choice,
    _safe_repr,
    load_bot,
)
from bergen.cli._files import save_problem
from bergen.cli._format import bot_names
from bergen.cli._modules import import_from_cwd
from bergen.cli.options import add_rules_arguments, rules_from_args, seed_arg
from bergen.display import _tile_text
from bergen.errors import RulesError
from bergen.events import EventKind, OutcomeKind, ScoreEvent
from bergen.line import LineOfPlay
from bergen.match import MatchState
from bergen.moves import Draw, End, Lead, Move, Pass, Play
from bergen.protocol import BotFailure, ProtocolBot
from bergen.records.view import dumps_view, record_view
from bergen.round import RoundState
from bergen.tiles import Tile

__all__ = [
    "WIDTH",
    "Quit",
    "draw_ends",
    "draw_line",
    "draw_tile",
    "play_match",
    "register",
    "run",
    "wrap_pieces",
]

WIDTH = 100
"""The longest line ``bergen play`` prints, in characters; longer text is wrapped."""


class Quit(Exception):
    """The player left (``q`` or end of input)."""


def draw_tile(tile: Tile, left: int | None = None) -> str:
    """A tile as ``[6|4]``, a double as ``[6:6]`` (the notation of ``print(state)``), with
    ``left`` (one of its numbers) on the left when given.
    """
    if left is None:
        return _tile_text(tile.high, tile.low)
    return _tile_text(left, tile.other(left))


def draw_line(line: LineOfPlay) -> str:
    """The line of play as tiles, left to right: ``[5|1][1:1][1|4]``; ``(empty)`` before the
    lead.
    """
    if line.lead is None:
        return "(empty)"
    return "".join(_tile_text(p.left, p.right) for p in line.tiles)


def wrap_pieces(first: str, pieces: Sequence[str], sep: str = "") -> list[str]:
    """Lines of at most :data:`WIDTH` characters: ``first`` followed by ``pieces`` joined by
    ``sep``, broken only between pieces (never inside a tile), continuation lines indented.
    """
    lines: list[str] = []
    cur, started = first, False
    for piece in pieces:
        joined = cur + (sep if started else "") + piece
        if started and len(joined) > WIDTH:
            lines.append(cur.rstrip())
            cur = "    " + piece.lstrip()
        else:
            cur = joined
        started = True
    lines.append(cur.rstrip())
    return lines


def draw_ends(line: LineOfPlay) -> str:
    """The open ends as ``ends 4 | 0``, an end that is a double marked: ``ends 4 (double) | 0``;
    ``""`` before the lead (docs/rules.md, rule 6: a double at an end makes a triple header).
    """
    if line.lead is None:
        return ""
    left = f"{line.left}{' (double)' if line.left_double else ''}"
    right = f"{line.right}{' (double)' if line.right_double else ''}"
    return f"ends {left} | {right}"


# A move typed as a tile's name with an optional end: "6-4", "6-4R", "4-6 l".
_TILE_TEXT = re.compile(r"([0-6])\s*-\s*([0-6])\s*([lr]?)")
# A move typed as the tile's number in the list with an optional end: "2", "2r", "2 l".
_NUMBER_TEXT = re.compile(r"(\d{1,3})\s*([lr]?)")


_EVENT_NAMES = {
    EventKind.DOUBLE_HEADER: "Double header",
    EventKind.TRIPLE_HEADER: "Triple header",
    EventKind.GOING_OUT: "Going out",
    EventKind.BLOCKED_HAND: "Blocked hand",
}


class _Table:
    """The match as one player sees it in the terminal."""

    def __init__(
        self,
        match: MatchState,
        human: int,
        bots: dict[int, Bot],
        names: dict[int, str],
        ask: Callable[[str], str],
        out: TextIO,
    ) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.names = names
        self.ask = ask
        self.out = out

    def say(self, text: str = "") -> None:
        """Print ``text``, each line wrapped at :data:`WIDTH` characters (continuation lines
        indented).
        """
        for line in text.split("\n"):
            wrapped = textwrap.wrap(
                line,
                WIDTH,
                subsequent_indent="    ",
                break_long_words=False,
                break_on_hyphens=False,
                drop_whitespace=True,
            )
            for part in wrapped or [""]:
                print(part, file=self.out)

    def who(self, seat: int) -> str:
        return "you" if seat == self.human else f"seat {seat} ({self.names[seat]})"

    def side_name(self, side: int) -> str:
        if self.match.rules.partnerships:
            seats = [s for s in range(self.match.seats) if s % 2 == side]
            return " and ".join(self.who(s) for s in seats)
        return self.who(side)

    def scores(self) -> str:
        m = self.match
        return ", ".join(f"{self.side_name(s)} {p}" for s, p in enumerate(m.scores))

    def show(self, rnd: RoundState) -> None:
        view = rnd.view(self.human)
        line = view.line
        self.say()
        self.say(f"Scores: {self.scores()} (target {view.target})")
        ends = draw_ends(line)
        pieces = [_tile_text(p.left, p.right) for p in line.tiles] or ["(empty)"]
        for text in wrap_pieces("Line: ", pieces + ([f"   {ends}"] if ends else [])):
            self.say(text)
        others = ", ".join(
            f"{self.who(s)}: {n} tile{'s' if n != 1 else ''}"
            for s, n in enumerate(view.tile_counts)
            if s != self.human
        )
        self.say(others)
        self.say(f"Boneyard: {view.boneyard_size} tiles ({view.drawable} drawable)")
        tiles = view.hand.tiles
        numbered = [f"{i}) {draw_tile(t)}" for i, t in enumerate(tiles, 1)]
        for text in wrap_pieces("Your tiles: ", numbered, "  "):
            self.say(text)

    def read(self, prompt: str) -> str:
        try:
            text = self.ask(prompt)
        except EOFError:
            raise Quit from None
        text = text.strip().lower()
        if text in ("q", "quit", "exit"):
            raise Quit
        return text

    def human_move(self, rnd: RoundState) -> Move:
        legal = rnd.legal_moves()
        first = legal[0]
        if isinstance(first, Draw):
            # Forced: no question to answer (announce shows the tile drawn).
            return first
        self.show(rnd)
        if isinstance(first, Lead):
            self.read(f"You hold {draw_tile(first.tile)}, the double that leads: press Enter. ")
            return first
        if isinstance(first, Pass):
            self.read("Nothing fits and nothing can be drawn: press Enter to pass. ")
            return first
        tiles = rnd.hands[self.human].tiles
        # Never "1 to 1", which reads as the domino 1-1.
        which = (
            f"1 or {tiles[0]} (your only tile)"
            if len(tiles) == 1
            else f"1 to {len(tiles)} from your list, or a tile ({tiles[0]})"
        )
        # A draw while a tile fits, where the rules allow it (draw_when any-time, rule 4).
        draw = next((m for m in legal if isinstance(m, Draw)), None)
        also = "; d to draw" if draw is not None else ""
        while True:
            text = self.read(f"Your move: {which}; l or r for an end{also}; h for a hint: ")
            if text in ("h", "hint"):  # a search bot's choice, from your view only
                hint = SearchBot(seed=0, playouts=300).choose(rnd.view(self.human), legal)
                self.say(f"Hint: the search bot would play {hint}.")
                continue
            if draw is not None and text in ("d", "draw"):
                return draw
            move = self.pick(text, tiles, legal, rnd.line)
            if move is not None:
                return move

    def pick(
        self, text: str, tiles: tuple[Tile, ...], legal: Sequence[Move], line: LineOfPlay
    ) -> Move | None:
        """The move ``text`` names, or ``None`` (after saying why) to ask again."""
        end: End | None = None
        by_name = _TILE_TEXT.fullmatch(text)
        by_number = _NUMBER_TEXT.fullmatch(text)
        if by_name is not None:
            tile = Tile(int(by_name[1]), int(by_name[2]))
            suffix = by_name[3]
            if tile not in tiles:
                self.say(f"You do not hold {draw_tile(tile)}.")
                return None
        elif by_number is not None and 1 <= int(by_number[1]) <= len(tiles):
            tile = tiles[int(by_number[1]) - 1]
            suffix = by_number[2]
        else:
            self.say(
                f"Type a number from 1 to {len(tiles)} or a tile such as 6-4 (6-4r for the "
                "right end), or q to quit."
            )
            return None
        if suffix:
            end = End.LEFT if suffix == "l" else End.RIGHT
        fits = [m for m in legal if isinstance(m, Play) and m.tile == tile]
        if not fits:
            self.say(f"{draw_tile(tile)} fits neither end ({draw_ends(line)}).")
            return None
        if end is not None:
            chosen = [m for m in fits if m.end is end]
            if not chosen:
                shows = line.left if end is End.LEFT else line.right
                self.say(f"{draw_tile(tile)} does not fit the {end.name.lower()} end ({shows}).")
                return None
            return chosen[0]
        if len(fits) == 1:
            return fits[0]
        while True:
            side = self.read(
                f"{draw_tile(tile)} fits both ends: left ({line.left}) or right ({line.right})? "
                "[l/r, or b to choose another tile] "
            )
            if side in ("l", "left", "r", "right"):
                want = End.LEFT if side.startswith("l") else End.RIGHT
                return next(m for m in fits if m.end is want)
            if side in ("b", "back", ""):
                return None
            self.say("Type l or r, or b to go back.")

    def announce(self, seat: int, move: Move, before: RoundState) -> None:
        who = self.who(seat)
        if isinstance(move, Lead):
            self.say(
                f"{who.capitalize()} lead{'s' if seat != self.human else ''} "
                f"{draw_tile(move.tile)}."
            )
        elif isinstance(move, Play):
            n = before.line.left if move.end is End.LEFT else before.line.right
            assert n is not None
            # Drawn as it lies in the line: the matching number against the line.
            shown = (
                draw_tile(move.tile, move.tile.other(n))
                if move.end is End.LEFT
                else draw_tile(move.tile, n)
            )
            verb = "play" if seat == self.human else "plays"
            self.say(f"{who.capitalize()} {verb} {shown} on the {move.end.name.lower()} end.")
        elif isinstance(move, Draw):
            if seat == self.human:
                tile = before.boneyard.tiles[0]
                self.say(f"You draw {draw_tile(tile)}.")
            else:
                self.say(f"{who.capitalize()} draws a tile.")
        else:
            self.say(f"{who.capitalize()} pass{'es' if seat != self.human else ''}.")

    def announce_events(self, events: Sequence[ScoreEvent]) -> None:
        for e in events:
            reduced = "" if e.points == e.base_points else f" (reduced from {e.base_points})"
            self.say(
                f"  ** {_EVENT_NAMES[e.kind]}: {e.points} point{'s' if e.points != 1 else ''}"
                f"{reduced} to {self.side_name(e.side)}."
            )

    def round_over(self, rnd: RoundState) -> None:
        outcome = rnd.outcome
        assert outcome is not None
        if outcome.kind is OutcomeKind.WENT_OUT:
            how = f"{self.who(outcome.seat or 0)} went out"
        elif outcome.kind is OutcomeKind.BLOCKED:
            how = "the hand is blocked" + (
                "; nobody wins the count"
                if outcome.side is None
                else f"; {self.side_name(outcome.side)} won the count"
            )
        else:
            how = f"{self.side_name(outcome.side or 0)} reached the target"
        self.say(f"Round over: {how}.")
        for s, h in enumerate(rnd.hands):  # every hand, yours too: what the count was about
            if not h:
                self.say(f"  {self.who(s).capitalize()} played every tile.")
            else:
                pips = sum(t.pips for t in h)
                pieces = [draw_tile(t) for t in h] + [f"({pips} pips)"]
                for text in wrap_pieces(f"  {self.who(s).capitalize()} held ", pieces, " "):
                    self.say(text)
        self.say(f"Scores: {self.scores()} (target {self.match.target}).")
        if not self.match.is_over:  # a pause, to read the round's end before the next deal
            self.read("Press Enter for the next round (q to leave): ")

    def play(self) -> int:
        while not self.match.is_over:
            rnd = self.match.round
            assert rnd is not None
            if rnd.line.lead is None and not rnd.history:
                # Counted from 0, as records and their errors count rounds.
                dealer = self.who(rnd.dealer)
                self.say(f"\n=== Round {len(self.match.rounds)} (dealer: {dealer}) ===")
                for a in rnd.lead_draws:
                    self.say(f"{self.who(a.seat).capitalize()} draw(s) a tile for a double.")
            seat = rnd.to_move
            legal = rnd.legal_moves()
            if seat == self.human:
                move = self.human_move(rnd)
            elif len(legal) == 1:
                move = legal[0]
            else:
                try:
                    move = self.bots[seat].choose(rnd.view(seat), legal)
                except KeyboardInterrupt:  # Ctrl-C still leaves the match
                    raise
                # A bot of the user's that fails in any way (an exception, sys.exit(), another
                # BaseException): say so and go on.
                except BaseException as e:
                    self.say(
                        f"{self.who(seat)} failed ({_exception_text(e)}); it plays "
                        f"{legal[0]} instead."
                    )
                    move = legal[0]
                if not _is_legal_choice(move, legal):
                    self.say(
                        f"{self.who(seat)} returned an illegal move {_safe_repr(move)}; it plays "
                        f"{legal[0]} instead."
                    )
                    move = legal[0]
            finished = len(self.match.rounds)
            self.match, events = self.match.apply(move)
            self.announce(seat, move, rnd)
            self.announce_events(events)
            if len(self.match.rounds) > finished:
                self.round_over(self.match.rounds[-1])
        winner = self.match.winner
        assert winner is not None
        self.say(f"\nMatch over. Final scores: {self.scores()}.")
        mine = winner == (self.human % 2 if self.match.rules.partnerships else self.human)
        self.say("You win!" if mine else f"{self.side_name(winner).capitalize()} wins.")
        return 0


def play_match(
    players: int,
    human: int,
    bot_specs: Sequence[str],
    seed: int,
    rules_args: argparse.Namespace,
    ask: Callable[[str], str] = input,
    out: TextIO | None = None,
    save: str | None = None,
) -> int:
    """Play one match in the terminal; return the exit status.

    Args:
        players: Seats, 2..4.
        human: The player's seat.
        bot_specs: The bots for the other seats, in seat order (repeated if too few).
        seed: Seed of the deals and of the bots.
        rules_args: Parsed rules options (:func:`bergen.cli.options.rules_from_args`).
        ask: Reads one line of input after a prompt (``input``); raises ``EOFError`` at the
            end of input.
        out: Where to write (default: standard output).
        save: A file to write the player's own record of the match to (a player-view record,
            :mod:`bergen.records.view`), when the match ends or the player leaves.

    Returns:
        0 when the match was played out or the player left; 1 when ``save`` could not be
        written (the reason is printed on standard error).
    """
    out = sys.stdout if out is None else out
    rules = rules_from_args(rules_args)
    match = MatchState.new(players, rules, seed=seed)
    bots: dict[int, Bot] = {}
    names: dict[int, str] = {}
    others = [s for s in range(players) if s != human]
    programs: list[ProtocolBot] = []  # the cmd: bots, closed when the match ends
    try:
        for i, s in enumerate(others):
            spec = bot_specs[i % len(bot_specs)]
            bots[s] = _load_player(spec, _derive(seed, "play", s), match, s, programs)
            names[s] = spec
    except BaseException:
        _close_all(programs)
        raise
    table = _Table(match, human, bots, names, ask, out)
    table.say(
        f"Bergen: you are seat {human} of {players}; rules {rules.label}; seed {seed}"
        f"{', partnerships (your partner sits opposite)' if rules.partnerships else ''}. "
        "Type q to quit."
    )
    saved = True
    try:
        try:
            status = table.play()
        except Quit:
            table.say(
                f"\nYou left the match. Scores: {table.scores()} (target {match.target}). Bye."
            )
            status = 0
    finally:
        _close_all(programs)
        if save is not None:  # your record: what you saw (docs/records.md, player-view records)
            who = [("you" if s == human else names[s]) for s in range(players)]
            try:
                with open(save, "w", encoding="utf-8") as f:
                    f.write(dumps_view(record_view(table.match, human, names=who)))
            except OSError as e:
                print(f"bergen play: cannot save to {save!r}: {e.strerror or e}", file=sys.stderr)
                saved = False
            else:
                print(f"Your record of the match is in {save}.", file=out)
    return status if saved else 1


PROGRAM_MOVE_TIME = 60.0
"""Seconds a program bot (``cmd:``) has for each move in ``bergen play``; past it, it fails
and the first legal move is played for it."""


def _load_player(
    spec: str, seed: int, match: MatchState, seat: int, programs: list[ProtocolBot]
) -> Bot:
    """The bot for ``seat``: a Python bot (:func:`bergen.bots.load_bot`), or for ``cmd:PROGRAM
    ARGS...`` a program speaking the bot protocol, as ``bergen arena`` runs it: started, told
    the match, and appended to ``programs`` (to be closed).

    Raises:
        BotError: when the spec cannot be loaded, or the program cannot be started (with the
            end of its standard error).
    """
    if not spec.startswith(PROGRAM_PREFIX):
        return load_bot(spec, seed)
    bot = ProtocolBot(bot_command(spec), name=spec, move_time=PROGRAM_MOVE_TIME, env=_child_env())
    programs.append(bot)
    rules = match.rules
    try:
        bot.new_game(
            rules, players=match.seats, seat=seat, partnerships=rules.partnerships, seed=seed
        )
    except BotFailure as e:
        raise _start_failure(spec, e) from None
    return cast(Bot, bot)  # a Bot but for its name, a read-only property


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand to the ``bergen`` parser."""
    p = sub.add_parser("play", help="play a match against bots in the terminal")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="seats (default 2)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0..players-1 (default 0)")
    p.add_argument(
        "--bots",
        nargs="+",
        default=["greedy"],
        metavar="BOT",
        help=f"bots for the other seats, in seat order (default greedy): a built-in bot "
        f"({bot_names()}), package.module:Class, or cmd:PROGRAM ARGS... (a program speaking the "
        "bot protocol, as in bergen arena); arguments in brackets, e.g. 'search[playouts=800]'",
    )
    p.add_argument(
        "--seed", type=seed_arg, default=None, help="seed of the deals (default: random)"
    )
    p.add_argument(
        "--save", metavar="FILE", default=None, help="write your record of the match (what you saw)"
    )
    add_rules_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``bergen play``; return the exit status (2 for bad arguments)."""
    if not 0 <= args.seat < args.players:
        print(f"bergen play: --seat must be 0..{args.players - 1}", file=sys.stderr)
        return 2
    if args.partnerships and args.players != 4:
        print("bergen play: --partnerships needs --players 4", file=sys.stderr)
        return 2
    if len(args.bots) > args.players - 1:
        print(
            f"bergen play: {len(args.bots)} bots for the {args.players - 1} other seat(s); "
            "give at most one bot per other seat",
            file=sys.stderr,
        )
        return 2
    problem = save_problem(args.save) if args.save is not None else None
    if problem is not None:
        print(f"bergen play: cannot save to {args.save!r}: {problem}", file=sys.stderr)
        return 2
    seed = args.seed
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(2**31)
    import_from_cwd(args.bots)
    try:
        return play_match(args.players, args.seat, args.bots, seed, args, save=args.save)
    except (RulesError, BotError) as e:
        print(f"bergen play: {e}", file=sys.stderr)
        return 2
