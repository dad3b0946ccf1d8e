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


@attrs.frozen(repr=False, eq=False)
class LineOfPlay:
    """The line of play. Values are built by :meth:`empty`, :meth:`parse`, :meth:`start` and
    :meth:`place`, which check their arguments.

    The constructor is internal and unchecked: the engine makes a line for every tile laid and
    each time :attr:`bergen.RoundState.line` is read (every view, on the bots' path), from
    values it has just worked out; testing that the tiles connect would cost as much again. A
    line built by hand from other values is not a valid line.

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

    @classmethod
    def empty(cls) -> LineOfPlay:
        """The line before the lead."""
        return _EMPTY

    def start(self, tile: Tile) -> LineOfPlay:
        """Lay the lead tile on an empty line (rule 2).

        Raises:
            PositionError: when the line is not empty.
        """
        if self.lead is not None:
            raise PositionError(f"the line already holds {self}; only an empty line takes a lead")
        d = IS_DOUBLE[tile.index]
        return LineOfPlay(tile, tile.high, tile.low, d, d, (), (), 1)

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
            return LineOfPlay(
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
        return LineOfPlay(
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
        return LineOfPlay(
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
            bits = p.split("-")
            if len(bits) != 2 or not all(len(b) == 1 and b in "0123456" for b in bits):
                raise NotationError(
                    f"line tiles are written like '5-1', got {_brief(p)} in {_brief(text)}",
                    text=text,
                )
            oriented.append((int(bits[0]), int(bits[1])))
        seen: set[Tile] = set()
        for i, (a, b) in enumerate(oriented):
            t = Tile(a, b)
            if t in seen:
                raise PositionError(f"tile {t} appears twice in the line {_brief(text)}")
            seen.add(t)
            if i and oriented[i - 1][1] != a:
                raise PositionError(
                    f"tile {a}-{b} does not match its left neighbour "
                    f"{oriented[i - 1][0]}-{oriented[i - 1][1]} in the line {_brief(text)}"
                )
        if lead_at is None:
            doubles = [i for i, (a, b) in enumerate(oriented) if a == b]
            lead_at = doubles[0] if doubles else 0
        a, b = oriented[lead_at]
        line = _EMPTY.start(Tile(a, b))
        if a != b:  # a non-double lead (set-up positions only): orient it as written
            line = LineOfPlay(line.lead, a, b, False, False, (), (), 1)
        for a, b in reversed(oriented[:lead_at]):
            line = line._place(Tile(a, b).index, True)
        for a, b in oriented[lead_at + 1 :]:
            line = line._place(Tile(a, b).index, False)
        return line

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


_EMPTY = LineOfPlay(None, None, None, False, False, (), (), 0)
