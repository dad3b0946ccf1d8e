"""The position notation: a round's position, or one seat's view of it, as one line of text.

Like chess's FEN, the text is a few fields separated by single spaces (docs/records.md, "The
position notation", has the grammar and examples)::

    simple/1 5-4,4-3,2-2,0-0/4-1,6-4,6-3,6-0,5-3/5-1,6-6,2-0,3-1,4-2 *1-1 6-2,? 2,6,3 0 1

The fields are: the rules (a preset by name and version, with boolean switches flipped as
``+partnerships`` or ``-drawing``), the hands (seat 0 first, ``/`` between seats), the line of
play (oriented tiles left to right, the lead marked ``*``), the boneyard in draw order (top
first), the scores per side, the dealer and the seat to move (with the outcome once the round
is over). ``?5`` stands for five tiles not given and ``?`` at the end of the boneyard for the
rest of it; ``-`` is an empty hand, line or boneyard. The public form of one seat's view adds
three fields: ``@`` and the seat, how the round began (``deal`` or ``setup``) and the public
history; other seats' hands are counts (``?5``) and the boneyard a count (``?13``).

This module reads and writes the text as a :class:`PositionText` value;
:meth:`bergen.RoundState.from_text` and :meth:`bergen.PlayerView.from_text` build states and
views from it. A bad text raises :class:`PositionTextError`, which names the field and the
0-based character position.
"""

from __future__ import annotations

import re

import attrs

from bergen.deal import shuffled_tiles
from bergen.errors import (
    BergenError,
    NotationError,
    PositionError,
    _as_tuple,
    _bad,
    _brief,
    _is_int,
    _is_ints,
    _is_tuple_of,
)
from bergen.events import Outcome, OutcomeKind
from bergen.line import LineOfPlay
from bergen.moves import DRAW, Draw, Lead, Move, Pass, Play, parse_move
from bergen.rules import PRESETS, SWITCHES, Rules
from bergen.tiles import TILES, Tile

__all__ = [
    "FIELDS",
    "VIEW_FIELDS",
    "PositionText",
    "PositionTextError",
    "TextAction",
    "field_starts",
    "format_position",
    "parse_position",
]

FIELDS = ("rules", "hands", "line", "boneyard", "scores", "dealer", "to move")
"""The fields of the full form, in order."""

VIEW_FIELDS = (*FIELDS, "seat", "start", "history")
"""The fields of the public form of a view, in order."""

_SWITCHES = SWITCHES
_TILE = re.compile(r"[0-6]-[0-6]")
_INT = re.compile(r"0|[1-9][0-9]{0,8}")
_OUTCOMES = {k.value: k for k in OutcomeKind}


class PositionTextError(NotationError):
    """Position text that cannot be read: the field and the character where it went wrong.

    Attributes:
        text: The whole text.
        field: The field's name (``"hands"``, ``"line"``, ...; see :data:`FIELDS`), or
            ``"text"`` for the text as a whole.
        column: The 0-based character position in ``text`` of the offending part.
    """

    def __init__(self, message: str, *, text: str, field: str, column: int) -> None:
        """Store the message, the text, the field and the column."""
        super().__init__(f"{field} (character {column}): {message}", text=text)
        self.field = field
        self.column = column


def _hands(value: object) -> object:
    """The converter of ``PositionText.hands``: a list becomes a tuple, and so does each hand
    given as a list; anything else is left for the check.
    """
    if isinstance(value, list | tuple):
        return tuple(tuple(h) if isinstance(h, list) else h for h in value)
    return value


@attrs.frozen
class TextAction:
    """One action of a view's public history as the notation writes it.

    Args:
        seat: The seat that made it.
        move: The move (a lead draw is a :class:`~bergen.moves.Draw`).
        tile: For a draw of the viewer's own, the tile drawn; else ``None``.
        lead_draw: Whether it is a draw in turn for a lead double, before the lead (rule 2).

    Raises:
        PositionError: when ``seat`` is not an int in 0..3, ``move`` not a move, ``tile``
            neither a :class:`~bergen.tiles.Tile` nor ``None``, or ``lead_draw`` not a bool.
    """

    seat: int
    move: Move
    tile: Tile | None = None
    lead_draw: bool = False

    def __attrs_post_init__(self) -> None:
        """Check each field's type."""
        if not _is_int(self.seat, 0, 3):
            raise PositionError(_bad("TextAction", "seat", "a seat 0..3", self.seat))
        if not isinstance(self.move, Lead | Play | Draw | Pass):
            raise PositionError(_bad("TextAction", "move", "a move", self.move))
        if self.tile is not None and not isinstance(self.tile, Tile):
            raise PositionError(_bad("TextAction", "tile", "a Tile or None", self.tile))
        if type(self.lead_draw) is not bool:
            raise PositionError(_bad("TextAction", "lead_draw", "a bool", self.lead_draw))


@attrs.frozen
class PositionText:
    """The fields of a position text, read but not yet checked against the rules.

    Args:
        rules: The ruleset.
        hands: The tiles given for each seat.
        hidden: How many more tiles each seat holds that the text does not give (``?n``).
        line: The line of play.
        boneyard: The boneyard tiles given, top first.
        boneyard_hidden: How many boneyard tiles below them the text does not give: ``None``
            for ``?`` (the rest of the 28 tiles), else a count (0 when the boneyard is given
            whole).
        scores: Match points per side, in points.
        dealer: The dealing seat.
        to_move: The seat to move (the seat that moved last once the round is over).
        outcome: How the round ended, or ``None`` while it goes on.
        seat: For a view, the seat whose view it is; ``None`` for the full form.
        from_deal: For a view, whether the round began from a deal (``deal``) or a set-up
            position (``setup``).
        history: For a view, its public history (lead draws first).

    The constructor checks each field's type and range (lists are copied to tuples, the
    hands' too); whether the fields make a position is checked where one is built from them
    (:meth:`bergen.RoundState.from_text`, :meth:`bergen.PlayerView.from_text`).

    Raises:
        PositionError: when ``rules`` is not a :class:`~bergen.rules.Rules`, ``hands`` not
            2..4 tuples of tiles, ``hidden`` not one int 0..28 per hand, ``line`` not a
            :class:`~bergen.line.LineOfPlay`, ``boneyard`` not a tuple of tiles,
            ``boneyard_hidden`` neither an int 0..28 nor ``None``, ``scores`` not 1..4 ints
            >= 0, ``dealer`` or ``to_move`` not a seat, ``outcome`` neither an
            :class:`~bergen.events.Outcome` nor ``None``, ``seat`` neither a seat nor
            ``None``, ``from_deal`` not a bool, or ``history`` not a tuple of
            :class:`TextAction`.
    """

    rules: Rules
    hands: tuple[tuple[Tile, ...], ...] = attrs.field(converter=_hands)
    hidden: tuple[int, ...] = attrs.field(converter=_as_tuple)
    line: LineOfPlay
    boneyard: tuple[Tile, ...] = attrs.field(converter=_as_tuple)
    boneyard_hidden: int | None
    scores: tuple[int, ...] = attrs.field(converter=_as_tuple)
    dealer: int
    to_move: int
    outcome: Outcome | None = None
    seat: int | None = None
    from_deal: bool = False
    history: tuple[TextAction, ...] = attrs.field(default=(), converter=_as_tuple)

    def __attrs_post_init__(self) -> None:
        """Check each field's type and range (see the class's Raises)."""
        if not isinstance(self.rules, Rules):
            raise PositionError(_bad("PositionText", "rules", "a Rules", self.rules))
        hands = self.hands
        if (
            type(hands) is not tuple
            or not 2 <= len(hands) <= 4
            or not all(_is_tuple_of(h, Tile) for h in hands)
        ):
            raise PositionError(_bad("PositionText", "hands", "2..4 tuples of Tile", hands))
        seats = len(hands)
        if not _is_ints(self.hidden, 0, 28) or len(self.hidden) != seats:
            raise PositionError(
                _bad("PositionText", "hidden", f"{seats} ints 0..28, one per hand", self.hidden)
            )
        if not isinstance(self.line, LineOfPlay):
            raise PositionError(_bad("PositionText", "line", "a LineOfPlay", self.line))
        if not _is_tuple_of(self.boneyard, Tile):
            raise PositionError(_bad("PositionText", "boneyard", "a tuple of Tile", self.boneyard))
        if self.boneyard_hidden is not None and not _is_int(self.boneyard_hidden, 0, 28):
            raise PositionError(
                _bad(
                    "PositionText", "boneyard_hidden", "an int 0..28 or None", self.boneyard_hidden
                )
            )
        if not _is_ints(self.scores) or not 1 <= len(self.scores) <= 4:
            raise PositionError(_bad("PositionText", "scores", "1..4 ints >= 0", self.scores))
        for name in ("dealer", "to_move"):
            if not _is_int(getattr(self, name), 0, seats - 1):
                raise PositionError(
                    _bad("PositionText", name, f"a seat 0..{seats - 1}", getattr(self, name))
                )
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise PositionError(_bad("PositionText", "outcome", "an Outcome or None", self.outcome))
        if self.seat is not None and not _is_int(self.seat, 0, seats - 1):
            raise PositionError(
                _bad("PositionText", "seat", f"a seat 0..{seats - 1} or None", self.seat)
            )
        if type(self.from_deal) is not bool:
            raise PositionError(_bad("PositionText", "from_deal", "a bool", self.from_deal))
        if not _is_tuple_of(self.history, TextAction):
            raise PositionError(
                _bad("PositionText", "history", "a tuple of TextAction", self.history)
            )

    @property
    def seats(self) -> int:
        """The number of seats (hands)."""
        return len(self.hands)

    def filled(self, seed: int = 0) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        """The hands and the boneyard with every tile not given filled in from ``seed``.

        The tiles not given (neither in a hand, the line nor the boneyard as written) are taken
        in the order of the seed's first shuffle (:func:`bergen.deal.shuffled_tiles`): first
        to the hidden slots of seat 0, then seat 1, ..., then below the boneyard's given tiles.

        Args:
            seed: Any int.

        Returns:
            ``(hands, boneyard)``: every seat's tiles and the boneyard in draw order.
        """
        known = {t for h in self.hands for t in h} | set(self.boneyard)
        known |= {p.tile for p in self.line.tiles}
        rest = [t for t in shuffled_tiles(seed) if t not in known]
        hands: list[tuple[Tile, ...]] = []
        for h, n in zip(self.hands, self.hidden, strict=True):
            hands.append((*h, *rest[:n]))
            rest = rest[n:]
        return tuple(hands), (*self.boneyard, *rest)


# ---------------------------------------------------------------------------------- reading


class _Reader:
    """Splits a text into fields and items, remembering where each starts."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, field: str, column: int, message: str) -> PositionTextError:
        return PositionTextError(message, text=self.text, field=field, column=column)

    def items(self, field: str, value: str, start: int, sep: str) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        at = start
        for part in value.split(sep):
            if not part:
                raise self.fail(field, at, f"an empty item between {_brief(sep)} separators")
            out.append((part, at))
            at += len(part) + 1
        return out

    def number(self, field: str, value: str, at: int) -> int:
        if not _INT.fullmatch(value):
            raise self.fail(field, at, f"expected a number like 0 or 12, got {_brief(value)}")
        return int(value)

    def tile(self, field: str, value: str, at: int) -> Tile:
        if not _TILE.fullmatch(value):
            raise self.fail(field, at, f"expected a tile like 6-4, got {_brief(value)}")
        return Tile(int(value[0]), int(value[2]))

    def hidden(self, field: str, value: str, at: int, bare: bool) -> int | None:
        if value == "?" and bare:
            return None
        return self.number(field, value[1:], at + 1)

    def tiles(
        self, field: str, value: str, at: int, bare: bool
    ) -> tuple[tuple[Tile, ...], int | None]:
        """Tiles, then optionally ``?n`` (or ``?`` when ``bare``), or ``-`` for none."""
        if value == "-":
            return (), 0
        tiles: list[Tile] = []
        hidden: int | None = 0
        parts = self.items(field, value, at, ",")
        for k, (part, pos) in enumerate(parts):
            if part.startswith("?"):
                if k != len(parts) - 1:
                    raise self.fail(field, pos, "'?' (tiles not given) comes last")
                hidden = self.hidden(field, part, pos, bare)
            else:
                tiles.append(self.tile(field, part, pos))
        return tuple(tiles), hidden


def _rules(r: _Reader, value: str, at: int) -> Rules:
    m = re.fullmatch(r"([a-z_]+)/([0-9A-Za-z.]+)((?:[+-][a-z_]+)*)", value)
    if m is None:
        raise r.fail(
            "rules", at, f"expected a preset and its version like classic/1, got {_brief(value)}"
        )
    name, version, switches = m.group(1), m.group(2), m.group(3)
    preset = PRESETS.get(name)
    if preset is None:
        raise r.fail("rules", at, f"unknown preset {_brief(name)} (presets: {', '.join(PRESETS)})")
    if preset.version != version:
        raise r.fail(
            "rules",
            m.start(2) + at,
            f"this library implements {name} version {preset.version}, not {_brief(version)}",
        )
    changes: dict[str, bool] = {}
    for s in re.finditer(r"([+-])([a-z_]+)", switches):
        pos = at + m.start(3) + s.start()
        if s.group(2) not in _SWITCHES:
            raise r.fail(
                "rules",
                pos,
                f"unknown switch {_brief(s.group(2))} (switches: {', '.join(_SWITCHES)})",
            )
        if s.group(2) in changes:
            raise r.fail("rules", pos, f"the switch {_brief(s.group(2))} is given twice")
        changes[s.group(2)] = s.group(1) == "+"
    if not changes:
        return preset
    try:
        return preset.replace(**changes)
    except BergenError as e:
        raise r.fail("rules", at, str(e)) from e


def _line(r: _Reader, value: str, at: int) -> LineOfPlay:
    if value == "-":
        return LineOfPlay.empty()
    leads = 0
    for part, pos in r.items("line", value, at, ","):
        body = part[1:] if part.startswith("*") else part
        leads += body is not part
        if not _TILE.fullmatch(body):
            raise r.fail(
                "line", pos, f"expected an oriented tile like 5-1 or *1-1, got {_brief(part)}"
            )
        if leads > 1:
            raise r.fail("line", pos, "a line has one lead marked '*'")
    if leads == 0:
        raise r.fail("line", at, "mark the lead with '*', as in 5-1,*1-1,1-4")
    try:
        return LineOfPlay.parse(value.replace(",", " "))
    except BergenError as e:
        raise r.fail("line", at, str(e)) from e


def _turn(r: _Reader, value: str, at: int) -> tuple[int, Outcome | None]:
    parts = value.split("/")
    to_move = r.number("to move", parts[0], at)
    if len(parts) == 1:
        return to_move, None
    pos = at + len(parts[0]) + 1
    if len(parts) != 4 or parts[1] not in _OUTCOMES:
        raise r.fail(
            "to move",
            pos,
            "an outcome is written seat/kind/seat/side, kind one of "
            f"{', '.join(_OUTCOMES)} (for example 0/went_out/0/0), got {_brief(value)}",
        )
    seat_at = pos + len(parts[1]) + 1
    seat = None if parts[2] == "-" else r.number("to move", parts[2], seat_at)
    side_at = seat_at + len(parts[2]) + 1
    side = None if parts[3] == "-" else r.number("to move", parts[3], side_at)
    return to_move, Outcome(_OUTCOMES[parts[1]], seat, side)


def _history(r: _Reader, value: str, at: int, seats: int) -> tuple[TextAction, ...]:
    if value == "-":
        return ()
    out: list[TextAction] = []
    for part, pos in r.items("history", value, at, ","):
        bits = part.split(":")
        if len(bits) not in (2, 3):
            raise r.fail("history", pos, f"an action is seat:move, got {_brief(part)}")
        seat = r.number("history", bits[0], pos)
        if seat >= seats:
            raise r.fail("history", pos, f"seat {seat} is not a seat 0..{seats - 1}")
        move_at = pos + len(bits[0]) + 1
        lead_draw = bits[1] == "lead-draw"
        tile = None
        if lead_draw:
            move: Move = DRAW
        else:
            try:
                move = parse_move(bits[1])
            except NotationError:
                raise r.fail("history", move_at, f"{_brief(bits[1])} is not a move") from None
            if bits[1] != str(move):
                raise r.fail("history", move_at, f"write the move as {_brief(str(move))}")
        if len(bits) == 3:
            if move is not DRAW:
                raise r.fail("history", move_at, f"only a draw names its tile: {_brief(part)}")
            tile = r.tile("history", bits[2], move_at + len(bits[1]) + 1)
        if lead_draw and out and not out[-1].lead_draw:
            raise r.fail("history", pos, "lead draws come before every other action")
        out.append(TextAction(seat, move, tile, lead_draw))
    return tuple(out)


def parse_position(text: str) -> PositionText:
    """Read a position text, full or public form, without checking it against the rules.

    Args:
        text: One line: seven fields (the full form) or ten (a seat's view), separated by
            single spaces.

    Returns:
        The fields read (tiles not given are counted in ``hidden`` and ``boneyard_hidden``).

    Raises:
        PositionTextError: for text that does not follow the grammar, a tile given twice, or a
            number of seats, scores or a seat out of range; ``field`` and ``column`` say where.
    """
    if not isinstance(text, str):
        raise PositionTextError(
            f"position text is a str, got {type(text).__name__}",
            text=_brief(text),
            field="text",
            column=0,
        )
    r = _Reader(text)
    if not text.isprintable():
        bad = next(i for i, c in enumerate(text) if not c.isprintable())
        raise r.fail("text", bad, "position text is one line of printable characters")
    fields = r.items("text", text, 0, " ") if text else []
    if len(fields) not in (len(FIELDS), len(VIEW_FIELDS)):
        raise r.fail(
            "text",
            len(text),
            f"expected {len(FIELDS)} fields (a position) or {len(VIEW_FIELDS)} (a seat's "
            f"view) separated by single spaces, got {len(fields)}",
        )
    (rules_t, r0), (hands_t, h0), (line_t, l0), (bone_t, b0) = fields[:4]
    (scores_t, s0), (dealer_t, d0), (turn_t, t0) = fields[4:7]
    rules = _rules(r, rules_t, r0)
    _no_repeats(r, fields)
    hand_items = r.items("hands", hands_t, h0, "/")
    if not 2 <= len(hand_items) <= 4:
        raise r.fail("hands", h0, f"2, 3 or 4 hands separated by '/', got {len(hand_items)}")
    hands: list[tuple[Tile, ...]] = []
    hidden: list[int] = []
    for part, pos in hand_items:
        tiles, n = r.tiles("hands", part, pos, bare=False)
        if n is not None and n > len(TILES):
            raise r.fail("hands", pos, f"a hand holds at most 28 tiles, got ?{n}")
        hands.append(tiles)
        hidden.append(n or 0)
    seats = len(hands)
    line = _line(r, line_t, l0)
    boneyard, bone_hidden = r.tiles("boneyard", bone_t, b0, bare=True)
    if bone_hidden is not None and bone_hidden > len(TILES):
        raise r.fail("boneyard", b0, f"the boneyard holds at most 28 tiles, got ?{bone_hidden}")
    scores = tuple(r.number("scores", p, pos) for p, pos in r.items("scores", scores_t, s0, ","))
    if not 1 <= len(scores) <= 4:
        raise r.fail("scores", s0, f"one score per side, 1 to 4, got {len(scores)}")
    dealer = r.number("dealer", dealer_t, d0)
    if dealer >= seats:
        raise r.fail("dealer", d0, f"the dealer is a seat 0..{seats - 1}, got {dealer}")
    to_move, outcome = _turn(r, turn_t, t0)
    if to_move >= seats:
        raise r.fail("to move", t0, f"the seat to move is 0..{seats - 1}, got {to_move}")
    seat: int | None = None
    from_deal = False
    history: tuple[TextAction, ...] = ()
    if len(fields) == len(VIEW_FIELDS):
        (seat_t, v0), (start_t, st0), (hist_t, hi0) = fields[7:]
        if not seat_t.startswith("@"):
            raise r.fail("seat", v0, f"a view names its seat as @0, @1, ...; got {_brief(seat_t)}")
        seat = r.number("seat", seat_t[1:], v0 + 1)
        if seat >= seats:
            raise r.fail("seat", v0, f"the seat is 0..{seats - 1}, got {seat}")
        if start_t not in ("deal", "setup"):
            raise r.fail("start", st0, f"expected deal or setup, got {_brief(start_t)}")
        from_deal = start_t == "deal"
        history = _history(r, hist_t, hi0, seats)
    try:
        return PositionText(
            rules=rules,
            hands=tuple(hands),
            hidden=tuple(hidden),
            line=line,
            boneyard=boneyard,
            boneyard_hidden=bone_hidden,
            scores=scores,
            dealer=dealer,
            to_move=to_move,
            outcome=outcome,
            seat=seat,
            from_deal=from_deal,
            history=history,
        )
    except PositionError as e:  # pragma: no cover - every field is checked above
        raise r.fail("text", 0, str(e)) from e


def _no_repeats(r: _Reader, fields: list[tuple[str, int]]) -> None:
    """Raise at the second place a tile is written (hands, then line, then boneyard)."""
    seen: dict[Tile, str] = {}
    (hands_t, h0), (line_t, l0), (bone_t, b0) = fields[1], fields[2], fields[3]
    places = [
        (f"hand {i}", "hands", part, pos)
        for i, (part, pos) in enumerate(r.items("hands", hands_t, h0, "/"))
    ]
    places += [("the line", "line", line_t, l0), ("the boneyard", "boneyard", bone_t, b0)]
    for where, field, value, start in places:
        if value == "-":
            continue
        for part, pos in r.items(field, value, start, ","):
            body = part.lstrip("*")
            if not _TILE.fullmatch(body):
                continue
            t = Tile(int(body[0]), int(body[2]))
            if t in seen:
                raise r.fail(field, pos, f"tile {t} is given twice: in {seen[t]} and {where}")
            seen[t] = where


def field_starts(text: str) -> list[int]:
    """The 0-based character position where each space-separated field of ``text`` starts.

    Raises:
        PositionError: when ``text`` is not a ``str``.
    """
    if not isinstance(text, str):
        raise PositionError(f"field_starts takes position text, a str, got {_brief(text)}")
    out: list[int] = []
    at = 0
    for part in text.split(" "):
        out.append(at)
        at += len(part) + 1
    return out


# ---------------------------------------------------------------------------------- writing


def _rules_text(rules: Rules) -> str:
    found = rules.preset_switches()  # the same reading as the rules' label
    if found is not None:
        preset, changes = found
        flips = "".join(f"{'+' if v else '-'}{k}" for k, v in changes.items())
        return f"{preset.name}/{preset.version}{flips}"
    raise NotationError(
        f"the position notation writes a preset, or a preset with {', '.join(_SWITCHES)} "
        f"switched; these rules ({rules.label}) are not one (use a record for them)",
        text=rules.label,
    )


def _tiles_text(tiles: tuple[Tile, ...], hidden: int | None) -> str:
    items = [str(t) for t in tiles]
    if hidden is None:
        items.append("?")
    elif hidden:
        items.append(f"?{hidden}")
    return ",".join(items) if items else "-"


def format_position(position: PositionText) -> str:
    """Write a :class:`PositionText` as one line (the inverse of :func:`parse_position`).

    Args:
        position: The fields.

    Returns:
        The text.

    Raises:
        PositionError: when ``position`` is not a :class:`PositionText`.
        NotationError: when the rules are neither a preset nor a preset with boolean switches
            flipped.
    """
    if not isinstance(position, PositionText):
        raise PositionError(f"format_position takes a PositionText, got {_brief(position)}")
    p = position
    line = str(p.line).replace(" ", ",") if p.line.lead is not None else "-"
    turn = str(p.to_move)
    if p.outcome is not None:
        o = p.outcome
        seat = "-" if o.seat is None else str(o.seat)
        side = "-" if o.side is None else str(o.side)
        turn += f"/{o.kind.value}/{seat}/{side}"
    fields = [
        _rules_text(p.rules),
        "/".join(_tiles_text(h, n) for h, n in zip(p.hands, p.hidden, strict=True)),
        line,
        _tiles_text(p.boneyard, p.boneyard_hidden),
        ",".join(str(s) for s in p.scores),
        str(p.dealer),
        turn,
    ]
    if p.seat is not None:
        acts = []
        for a in p.history:
            move = "lead-draw" if a.lead_draw else str(a.move)
            acts.append(f"{a.seat}:{move}" + ("" if a.tile is None else f":{a.tile}"))
        fields += [f"@{p.seat}", "deal" if p.from_deal else "setup", ",".join(acts) or "-"]
    return " ".join(fields)


def all_tiles_count(position: PositionText) -> int:
    """How many tiles the text accounts for: given, hidden in hands, on the line, and the
    boneyard's (``?`` counts as the rest, so the total is then 28).
    """
    if position.boneyard_hidden is None:
        return len(TILES)
    return (
        sum(len(h) for h in position.hands)
        + sum(position.hidden)
        + len(position.line)
        + len(position.boneyard)
        + position.boneyard_hidden
    )
