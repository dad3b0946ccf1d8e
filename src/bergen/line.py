"""The line of play: the tiles laid, left to right, and its two open ends.

A double is laid across the line and is not a spinner: it presents its number at its end, and
that end "is a double" while the double is the outermost tile there (docs/rules.md,
"Equipment and terms"). After the lead double, both ends show its number and both are doubles.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bergen.errors import NotationError, PositionError, _bad, _brief
from bergen.kernel import actions as A
from bergen.moves import End
from bergen.tiles import IS_DOUBLE, OTHER, TILES, Tile

__all__ = ["LineOfPlay", "PlacedTile"]

# The placements on one side of the lead, from the lead outwards: (tile index, outer number).
_Chain = tuple[tuple[int, int], ...]


@attrs.frozen(repr=False)
class PlacedTile:
    """A tile in the line, with the number facing each way.

    Args:
        tile: The tile.
        left: The number facing the left end of the line.
        right: The number facing the right end of the line.

    Raises:
        PositionError: when ``tile`` is not a :class:`~bergen.tiles.Tile`, or ``left`` and
            ``right`` are not its two numbers (ints 0..6) in one order or the other.
    """

    tile: Tile
    left: int
    right: int

    def __attrs_post_init__(self) -> None:
        """Check the tile and its orientation."""
        if not isinstance(self.tile, Tile):
            raise PositionError(_bad("PlacedTile", "tile", "a Tile", self.tile))
        t = self.tile
        for name, value in (("left", self.left), ("right", self.right)):
            if type(value) is not int or not t.has(value):
                raise PositionError(_bad("PlacedTile", name, f"a number of {t}", value))
        if self.tile.other(self.left) != self.right:
            raise PositionError(
                f"PlacedTile: {self.left}-{self.right} is not an orientation of the tile {t}"
            )

    def __str__(self) -> str:
        """Oriented text, left number first: ``4-1``."""
        return f"{self.left}-{self.right}"

    def __repr__(self) -> str:
        """Valid Python: ``PlacedTile(Tile(4, 1), 4, 1)``."""
        return f"PlacedTile({self.tile!r}, {self.left}, {self.right})"


@attrs.frozen(repr=False, eq=False, init=False)
class LineOfPlay:
    """The line of play. Values are built by :meth:`empty`, :meth:`parse`, :meth:`start` and
    :meth:`place`, which check their arguments.

    Calling the class with its fields (``LineOfPlay(lead, left, right, left_double,
    right_double, left_chain, right_chain, size)``, the chains as ``(tile index, outer
    number)`` pairs from the lead outwards) checks them too: the line is rebuilt from its lead
    and chains, and every field must be what that gives. The engine, which makes a line for
    every tile laid, builds lines from values it has just worked out without that check.

    Raises:
        PositionError: (from the constructor) when the fields do not describe a line: a lead
            that is not a :class:`~bergen.tiles.Tile` or ``None``, chains that are not tuples
            of ``(tile index 0..27, number 0..6)`` pairs, a tile that does not match its
            neighbour or appears twice, or an end, a double flag or a size the tiles do not
            give.

    Attributes:
        lead: The lead tile, ``None`` while the line is empty.
        left: The number shown at the left open end (``None`` while empty).
        right: The number shown at the right open end (``None`` while empty).
        left_double: Whether the outermost tile at the left end is a double.
        right_double: Whether the outermost tile at the right end is a double.
    """

    lead: Tile | None
    left: int | None
    right: int | None
    left_double: bool
    right_double: bool
    _left_chain: _Chain = ()
    _right_chain: _Chain = ()
    size: int = 0

    def __init__(
        self,
        lead: Tile | None = None,
        left: int | None = None,
        right: int | None = None,
        left_double: bool | None = None,
        right_double: bool | None = None,
        left_chain: _Chain = (),
        right_chain: _Chain = (),
        size: int | None = None,
    ) -> None:
        """Check the fields by rebuilding the line from its lead and chains (see the class).

        ``left``, ``right``, ``left_double``, ``right_double`` and ``size`` left out (``None``)
        are taken from the tiles: ``LineOfPlay(Tile(6, 6))`` is the line holding the 6-6 lead.
        """
        line = _rebuilt(lead, left, left_chain, right_chain)
        given = (left, right, left_double, right_double, size)
        built = (line.left, line.right, line.left_double, line.right_double, line.size)
        for name, g, b in zip(_CHECKED, given, built, strict=True):
            if g is not None and (type(g) is not type(b) or g != b):
                raise PositionError(
                    f"LineOfPlay: {name} is {_brief(g)}, but the tiles {str(line)!r} give {b}"
                )
        for name in _FIELDS:
            object.__setattr__(self, name, getattr(line, name))

    @classmethod
    def empty(cls) -> LineOfPlay:
        """The line before the lead."""
        return _EMPTY

    def start(self, tile: Tile) -> LineOfPlay:
        """Lay the lead tile on an empty line (rule 2).

        Returns:
            The line holding the lead alone, its high number at the left end.

        Raises:
            PositionError: when the line is not empty or ``tile`` is not a :class:`Tile`.
        """
        if self.lead is not None:
            raise PositionError(f"the line already holds {self}; only an empty line takes a lead")
        if not isinstance(tile, Tile):
            raise PositionError(f"start takes a Tile, got {_brief(tile)}")
        d = IS_DOUBLE[tile.index]
        return _make(tile, tile.high, tile.low, d, d, (), (), 1)

    def place(self, tile: Tile, end: End) -> LineOfPlay:
        """Lay ``tile`` at ``end``, matching the number shown there (rule 3).

        Returns:
            The new line; this one is unchanged (the new line shares its tiles).

        Raises:
            PositionError: when ``tile`` is not a :class:`Tile`, ``end`` not an :class:`End`,
                the line is empty or the tile does not carry the end's number.
        """
        if not isinstance(tile, Tile):
            raise PositionError(f"place takes a Tile, got {_brief(tile)}")
        if not isinstance(end, End):
            raise PositionError(f"place takes End.LEFT or End.RIGHT as end, got {_brief(end)}")
        if self.lead is None:
            raise PositionError(f"the line is empty: lead a tile before playing {tile} at an end")
        return self._place(tile.index, end is End.LEFT)

    def _place(self, t: int, on_left: bool) -> LineOfPlay:
        # The unchanged side's chain is shared with this line.
        if on_left:
            n = self.left
            outer = OTHER[t][n] if n is not None else -1
            if outer < 0:
                raise PositionError(f"{TILES[t]} does not match the left end, which shows {n}")
            return _make(
                self.lead,
                outer,
                self.right,
                IS_DOUBLE[t],
                self.right_double,
                (*self._left_chain, (t, outer)),
                self._right_chain,
                self.size + 1,
            )
        n = self.right
        outer = OTHER[t][n] if n is not None else -1
        if outer < 0:
            raise PositionError(f"{TILES[t]} does not match the right end, which shows {n}")
        return _make(
            self.lead,
            self.left,
            outer,
            self.left_double,
            IS_DOUBLE[t],
            self._left_chain,
            (*self._right_chain, (t, outer)),
            self.size + 1,
        )

    def _laid(self, actions: Sequence[int]) -> LineOfPlay:
        """This line with a round's leads and plays laid in order, built once (a round's line
        from its history, without a line value per tile).

        Args:
            actions: The kernel's action ids (:mod:`bergen.kernel.actions`), oldest first: a
                lead (on an empty line) or a play is laid, a draw or a pass changes nothing.

        Returns:
            The line :meth:`start` and :meth:`place` would give, tile after tile; this one is
            unchanged.

        Raises:
            PositionError: when a lead comes on a laid line, a play on an empty one, or a
                tile does not carry its end's number.
        """
        lead, left, right = self.lead, self.left, self.right
        left_double, right_double = self.left_double, self.right_double
        left_chain = list(self._left_chain)
        right_chain = list(self._right_chain)
        size = self.size
        for action in actions:
            if action >= A.DRAW:
                continue
            if action >= A.LEAD:
                if lead is not None:
                    raise PositionError(
                        f"the line already holds {lead}; only an empty line takes a lead"
                    )
                lead = TILES[action - A.LEAD]
                left, right = lead.high, lead.low
                left_double = right_double = lead.is_double
                size = 1
                continue
            t = action >> 1
            if left is None or right is None:
                raise PositionError(f"the line is empty: lead a tile before playing {TILES[t]}")
            if action & 1:
                outer = OTHER[t][right]
                if outer < 0:
                    raise PositionError(
                        f"{TILES[t]} does not match the right end, which shows {right}"
                    )
                right_chain.append((t, outer))
                right, right_double = outer, IS_DOUBLE[t]
            else:
                outer = OTHER[t][left]
                if outer < 0:
                    raise PositionError(
                        f"{TILES[t]} does not match the left end, which shows {left}"
                    )
                left_chain.append((t, outer))
                left, left_double = outer, IS_DOUBLE[t]
            size += 1
        if size == self.size:
            return self
        return _make(
            lead,
            left,
            right,
            left_double,
            right_double,
            tuple(left_chain),
            tuple(right_chain),
            size,
        )

    @property
    def tiles(self) -> tuple[PlacedTile, ...]:
        """The tiles laid, left to right, each with the numbers it shows each way."""
        if self.lead is None:
            return ()
        out: list[PlacedTile] = []
        for t, outer in reversed(self._left_chain):
            out.append(PlacedTile(TILES[t], outer, TILES[t].other(outer)))
        # The lead faces the way it was laid: a non-double lead (LineOfPlay.parse) may show
        # its low number on the left ("*1-5").
        if self._left_chain:
            t, outer = self._left_chain[0]
            lead_left = TILES[t].other(outer)
        else:
            lead_left = self.left if self.left is not None else self.lead.high
        out.append(PlacedTile(self.lead, lead_left, self.lead.other(lead_left)))
        for t, outer in self._right_chain:
            out.append(PlacedTile(TILES[t], TILES[t].other(outer), outer))
        return tuple(out)

    def _written(self) -> tuple[list[str], int | None]:
        """The tiles as :attr:`tiles` writes them (``"5-1"``, left to right) and the lead's
        place among them, without making a :class:`PlacedTile` per tile (the bot protocol
        writes a view's line at every decision).
        """
        lead = self.lead
        if lead is None:
            return [], None
        if self._left_chain:
            t, outer = self._left_chain[0]
            lead_left = OTHER[t][outer]
        else:
            lead_left = self.left if self.left is not None else lead.high
        out = [f"{outer}-{OTHER[t][outer]}" for t, outer in reversed(self._left_chain)]
        out.append(f"{lead_left}-{OTHER[lead.index][lead_left]}")
        out.extend(f"{OTHER[t][outer]}-{outer}" for t, outer in self._right_chain)
        return out, len(self._left_chain)

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers at the (left, right) open ends, or ``None`` before the lead."""
        if self.left is None or self.right is None:
            return None
        return (self.left, self.right)

    def placements(self) -> tuple[tuple[Tile, End], ...]:
        """The tiles laid after the lead, each with the end it was laid at.

        The line does not remember how plays on its two sides interleaved, so this lists the
        left side from the lead outwards, then the right side from the lead outwards: an order
        in which the line can be rebuilt with :meth:`place`.

        Returns:
            ``(tile, end)`` pairs.
        """
        left = [(TILES[t], End.LEFT) for t, _ in self._left_chain]
        right = [(TILES[t], End.RIGHT) for t, _ in self._right_chain]
        return tuple(left + right)

    @classmethod
    def parse(cls, text: str) -> LineOfPlay:
        """Read a line written as oriented tiles left to right, ``"5-1 1-1 1-4"``.

        The lead is the tile marked with ``*`` (``"5-1 *1-1 1-4"``); without a mark, the first
        double is the lead, or the first tile when the line holds no double.

        Raises:
            NotationError: when a tile is not written like ``5-1``.
            PositionError: when neighbouring tiles do not match or a tile repeats.
        """
        if not isinstance(text, str):
            raise NotationError(
                f"a line is written like '5-1 1-1 1-4', got {_brief(text)}", text=_brief(text)
            )
        parts = text.split()
        if not parts:
            return _EMPTY
        oriented: list[tuple[int, int]] = []
        lead_at: int | None = None
        for i, p in enumerate(parts):
            if p.startswith("*"):
                if lead_at is not None:
                    raise NotationError(
                        f"a line has one lead marked '*', got {_brief(text)}", text=text
                    )
                lead_at = i
                p = p[1:]
            pair = _ORIENTED.get(p)
            if pair is None:
                raise NotationError(
                    f"line tiles are written like '5-1', got {_brief(p)} in {_brief(text)}",
                    text=text,
                )
            oriented.append(pair)
        seen: set[int] = set()
        for i, (a, b) in enumerate(oriented):
            t = _INDEX_OF[a, b]
            if t in seen:
                raise PositionError(f"tile {TILES[t]} appears twice in the line {_brief(text)}")
            seen.add(t)
            if i and oriented[i - 1][1] != a:
                raise PositionError(
                    f"tile {a}-{b} does not match its left neighbour "
                    f"{oriented[i - 1][0]}-{oriented[i - 1][1]} in the line {_brief(text)}"
                )
        if lead_at is None:
            doubles = [i for i, (a, b) in enumerate(oriented) if a == b]
            lead_at = doubles[0] if doubles else 0
        # Built in one piece from the checked tiles: the lead as written (a non-double lead is
        # for set-up positions), then each side's tiles from the lead outwards.
        lead = TILES[_INDEX_OF[oriented[lead_at]]]
        left_chain = tuple((_INDEX_OF[a, b], a) for a, b in reversed(oriented[:lead_at]))
        right_chain = tuple((_INDEX_OF[a, b], b) for a, b in oriented[lead_at + 1 :])
        return _make(
            lead,
            oriented[0][0],
            oriented[-1][1],
            IS_DOUBLE[left_chain[-1][0] if left_chain else lead.index],
            IS_DOUBLE[right_chain[-1][0] if right_chain else lead.index],
            left_chain,
            right_chain,
            len(oriented),
        )

    def _key(self) -> tuple[object, ...]:
        return (self.lead, self.left, self.right, self._left_chain, self._right_chain)

    def __eq__(self, other: object) -> bool:
        """Lines are equal when they hold the same tiles, laid the same way."""
        if other.__class__ is not LineOfPlay:
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        """Hash of the layout."""
        return hash(self._key())

    def __len__(self) -> int:
        """The number of tiles laid."""
        return self.size

    def __str__(self) -> str:
        """Oriented tiles left to right with the lead marked: ``5-1 *1-1 1-4`` (empty: ``""``)."""
        if self.lead is None:
            return ""
        parts = [str(p) for p in self.tiles]
        n_left = len(self._left_chain)
        parts[n_left] = "*" + parts[n_left]
        return " ".join(parts)

    def __repr__(self) -> str:
        """Valid Python: ``LineOfPlay.parse('5-1 *1-1 1-4')``."""
        return f"LineOfPlay.parse({str(self)!r})"


_INDEX_OF: dict[tuple[int, int], int] = {
    **{(t.high, t.low): t.index for t in TILES},
    **{(t.low, t.high): t.index for t in TILES},
}
"""A tile's index by its two numbers in either order."""
_ORIENTED: dict[str, tuple[int, int]] = {f"{a}-{b}": (a, b) for a, b in _INDEX_OF}
"""The numbers of a tile written on the line (``"5-1"``), left first."""

_FIELDS = (
    "lead",
    "left",
    "right",
    "left_double",
    "right_double",
    "_left_chain",
    "_right_chain",
    "size",
)
_CHECKED = ("left", "right", "left_double", "right_double", "size")


def _make(
    lead: Tile | None,
    left: int | None,
    right: int | None,
    left_double: bool,
    right_double: bool,
    left_chain: _Chain,
    right_chain: _Chain,
    size: int,
) -> LineOfPlay:
    # The engine's unchecked constructor: the fields set as attrs' own __init__ would.
    line: LineOfPlay = object.__new__(LineOfPlay)
    put = object.__setattr__
    put(line, "lead", lead)
    put(line, "left", left)
    put(line, "right", right)
    put(line, "left_double", left_double)
    put(line, "right_double", right_double)
    put(line, "_left_chain", left_chain)
    put(line, "_right_chain", right_chain)
    put(line, "size", size)
    return line


def _chain(value: object, name: str) -> _Chain:
    """A chain argument checked: a tuple of (tile index 0..27, number 0..6) pairs."""
    ok = type(value) is tuple and all(
        type(p) is tuple
        and len(p) == 2
        and type(p[0]) is int
        and 0 <= p[0] < len(TILES)
        and type(p[1]) is int
        and 0 <= p[1] <= 6
        for p in value
    )
    if not ok:
        raise PositionError(
            _bad("LineOfPlay", name, "a tuple of (tile index 0..27, number 0..6) pairs", value)
        )
    return value  # type: ignore[return-value]


def _rebuilt(lead: object, left: object, left_chain: object, right_chain: object) -> LineOfPlay:
    """The line a lead and two chains give, each placement checked (``left`` orients a
    non-double lead with nothing beside it; ``None``: its high number to the left).
    """
    if lead is None:
        _chain(left_chain, "left_chain")
        _chain(right_chain, "right_chain")
        if left_chain or right_chain:
            raise PositionError("LineOfPlay: a line without a lead holds no other tile")
        return _EMPTY
    if not isinstance(lead, Tile):
        raise PositionError(_bad("LineOfPlay", "lead", "a Tile or None", lead))
    lefts = _chain(left_chain, "left_chain")
    rights = _chain(right_chain, "right_chain")
    indices = [lead.index, *(t for t, _ in lefts), *(t for t, _ in rights)]
    if len(set(indices)) != len(indices):
        raise PositionError("LineOfPlay: a tile appears twice in the line")
    # The number the lead shows to the left: what its left neighbour matches, else what its
    # right neighbour leaves, else ``left`` as given.
    if lefts:
        lead_left = OTHER[lefts[0][0]][lefts[0][1]]
    elif rights:
        inner = OTHER[rights[0][0]][rights[0][1]]
        lead_left = OTHER[lead.index][inner] if inner >= 0 else -1
    else:
        lead_left = lead.high if left is None else left if type(left) is int else -1
    lead_right = OTHER[lead.index][lead_left] if 0 <= lead_left <= 6 else -1
    if lead_right < 0:
        raise PositionError(f"LineOfPlay: the fields do not orient the lead {lead} in the line")
    d = IS_DOUBLE[lead.index]
    line = _make(lead, lead_left, lead_right, d, d, (), (), 1)
    for on_left, chain in ((True, lefts), (False, rights)):
        for t, outer in chain:
            line = line._place(t, on_left)
            if (line.left if on_left else line.right) != outer:
                raise PositionError(
                    f"LineOfPlay: {TILES[t]} shows {outer} outwards, but laid there it shows "
                    f"{line.left if on_left else line.right}"
                )
    return line


_EMPTY = _make(None, None, None, False, False, (), (), 0)
