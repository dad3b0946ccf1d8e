"""Tiles of the double-six set.

A tile is an unordered pair of numbers 0..6; the set has 28 tiles, seven of them doubles, and
168 pips in all (docs/rules.md, "Equipment and terms"). Inside the engine a tile is also an
index 0..27 (``Tile.index``) so that hands can be bitmasks; the order of indexes is
``0-0, 1-0, 1-1, 2-0, 2-1, 2-2, ...``, that is ``index = high * (high + 1) // 2 + low``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from bergen.errors import NotationError, PositionError, _brief
from bergen.kernel import tiles as K

__all__ = ["DOUBLES", "TILES", "Tile", "tile_mask", "tiles_of_mask"]

MAX_PIPS_PER_END = 6
"""The highest number on a half of a double-six tile."""


@attrs.frozen(repr=False, order=False)
class Tile:
    """One tile of the double-six set, an unordered pair of numbers.

    ``Tile(4, 6)`` and ``Tile(6, 4)`` are the same tile; it is stored high number first.
    Tiles order by their index (``0-0`` lowest, ``6-6`` highest).

    Args:
        high: One number of the tile, 0..6.
        low: The other number, 0..6 (the two are sorted on construction).

    Raises:
        NotationError: when a number is not an int in 0..6.

    Source: docs/rules.md, "Equipment and terms".
    """

    high: int
    low: int
    index: int = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        """Normalise to high-first order, validate and compute the index."""
        a, b = self.high, self.low
        for n in (a, b):
            if type(n) is not int or not 0 <= n <= MAX_PIPS_PER_END:
                shown = f"{_brief(a, 20)} and {_brief(b, 20)}"
                raise NotationError(f"a tile's numbers are ints 0..6, got {shown}", text=shown)
        if b > a:
            a, b = b, a
            object.__setattr__(self, "high", a)
            object.__setattr__(self, "low", b)
        object.__setattr__(self, "index", a * (a + 1) // 2 + b)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile written ``"6-4"`` (either order, surrounding spaces ignored).

        Args:
            text: Two digits 0..6 joined by ``-``.

        Returns:
            The tile, for example ``Tile(6, 4)``.

        Raises:
            NotationError: when the text is not two numbers 0..6 joined by ``-``.
        """
        if not isinstance(text, str):
            raise NotationError(
                f"a tile is written like '6-4', got {_brief(text)}", text=_brief(text)
            )
        s = text.strip()
        parts = s.split("-")
        if len(parts) != 2 or not all(len(p) == 1 and p in "0123456" for p in parts):
            raise NotationError(
                f"a tile is written like '6-4' with numbers 0..6, got {_brief(text)}", text=text
            )
        return TILES[K.tile_index(int(parts[0]), int(parts[1]))]

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """Return the tile with the given index 0..27 (see the module docstring).

        Raises:
            NotationError: when the index is not in 0..27.
        """
        if type(index) is not int or not 0 <= index < len(TILES):
            raise NotationError(f"a tile index is 0..27, got {_brief(index)}", text=_brief(index))
        return TILES[index]

    @property
    def is_double(self) -> bool:
        """Whether both numbers are the same (a double)."""
        return self.high == self.low

    @property
    def pips(self) -> int:
        """The sum of the two numbers, in pips (the 6-6 is 12)."""
        return self.high + self.low

    @property
    def mask(self) -> int:
        """The bit ``1 << index`` that stands for this tile in a hand bitmask."""
        return 1 << self.index

    def has(self, number: int) -> bool:
        """Whether either half of the tile shows ``number``."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The number facing out when this tile is matched against ``number``.

        Raises:
            PositionError: (a ``ValueError``) when the tile does not carry ``number``.
        """
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise PositionError(f"tile {self} does not carry a {_brief(number)}")

    def __lt__(self, other: Tile) -> bool:
        """Order tiles by index.

        Raises:
            PositionError: when ``other`` is not a :class:`Tile`.
        """
        if other.__class__ is not Tile:
            raise _unordered("<", other)
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        """Order tiles by index.

        Raises:
            PositionError: when ``other`` is not a :class:`Tile`.
        """
        if other.__class__ is not Tile:
            raise _unordered("<=", other)
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        """Order tiles by index.

        Raises:
            PositionError: when ``other`` is not a :class:`Tile`.
        """
        if other.__class__ is not Tile:
            raise _unordered(">", other)
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        """Order tiles by index.

        Raises:
            PositionError: when ``other`` is not a :class:`Tile`.
        """
        if other.__class__ is not Tile:
            raise _unordered(">=", other)
        return self.index >= other.index

    def __str__(self) -> str:
        """The canonical text, high number first: ``6-4``."""
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        """Valid Python: ``Tile(6, 4)``."""
        return f"Tile({self.high}, {self.low})"


TILES: tuple[Tile, ...] = tuple(
    sorted((Tile(a, b) for a in range(7) for b in range(a + 1)), key=lambda t: t.index)
)
"""The 28 tiles of the double-six set, ordered by index (``TILES[i].index == i``)."""

DOUBLES: tuple[Tile, ...] = tuple(t for t in TILES if t.is_double)
"""The seven doubles, lowest (0-0) first."""

FULL_MASK: int = K.FULL_MASK
"""The bitmask of all 28 tiles."""


def tile_mask(tiles: Iterable[Tile]) -> int:
    """The bitmask (bit ``i`` for tile index ``i``) of the given tiles.

    Raises:
        PositionError: when ``tiles`` is not an iterable of :class:`Tile` values.
    """
    if isinstance(tiles, str | bytes) or not isinstance(tiles, Iterable):
        raise PositionError(f"tile_mask takes an iterable of tiles, got {_brief(tiles)}")
    m = 0
    for t in tiles:
        if not isinstance(t, Tile):
            raise PositionError(f"tile_mask takes Tile values, got {_brief(t)}")
        m |= 1 << t.index
    return m


def tiles_of_mask(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bitmask, lowest index first.

    Raises:
        PositionError: when ``mask`` is not an int in ``0 .. 2**28 - 1``.
    """
    if type(mask) is not int or not 0 <= mask <= K.FULL_MASK:
        raise PositionError(f"tiles_of_mask takes an int in 0..2**28-1, got {_brief(mask)}")
    return tuple(_iter_mask(mask))


def _iter_mask(mask: int) -> Iterator[Tile]:
    while mask:
        low = mask & -mask
        yield TILES[low.bit_length() - 1]
        mask ^= low


# The kernel's tables over tile indexes (see bergen.kernel.tiles), under the names the layers
# above have always used.
HIGH: tuple[int, ...] = K.HIGH
LOW: tuple[int, ...] = K.LOW
PIPS: tuple[int, ...] = K.PIPS


def _unordered(op: str, other: object) -> PositionError:
    return PositionError(f"a tile is ordered only against a tile: Tile {op} {_brief(other)}")


IS_DOUBLE: tuple[bool, ...] = K.IS_DOUBLE
DOUBLES_MASK: int = K.DOUBLES_MASK
FIT: tuple[int, ...] = K.FIT
"""``FIT[n]``: the bitmask of the tiles that carry the number ``n``."""
OTHER: tuple[tuple[int, ...], ...] = K.OTHER
"""``OTHER[i][n]``: the number facing out when tile ``i`` is matched against ``n`` (-1: no
match)."""
BIT: tuple[int, ...] = tuple(1 << i for i in range(len(TILES)))
"""``BIT[i]``: the bitmask ``1 << i`` of tile index ``i``."""
