"""A seat's hand and the boneyard: immutable collections of tiles.

A :class:`Hand` is a set of tiles stored as a 28-bit mask (bit ``i`` for ``TILES[i]``). The
:class:`Boneyard` is the undealt tiles in draw order, top first, with the reserve of tiles that
are never drawn (docs/rules.md, rule 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from bergen.errors import NotationError, PositionError
from bergen.tiles import DOUBLES_MASK, FULL_MASK, PIPS, Tile, _iter_mask, tile_mask

__all__ = ["Boneyard", "Hand"]


@attrs.frozen(repr=False)
class Hand:
    """The tiles one seat holds, as a set (order carries no meaning).

    Args:
        mask: Bit ``i`` set for each tile ``TILES[i]`` held (see :mod:`bergen.tiles`).

    Raises:
        PositionError: when ``mask`` is not an int in ``0 .. 2**28 - 1`` (checked by
            :meth:`of` and :meth:`parse`; the engine builds hands it has already checked).
    """

    mask: int

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> Hand:
        """Make a hand from tiles.

        Raises:
            PositionError: when an item is not a :class:`Tile` or a tile appears twice.
        """
        tiles = list(tiles)
        for t in tiles:
            if not isinstance(t, Tile):
                raise PositionError(f"a hand holds Tile values, got {t!r}")
        m = tile_mask(tiles)
        if m.bit_count() != len(tiles):
            raise PositionError(f"a hand holds each tile once, got {' '.join(map(str, tiles))}")
        return cls(m)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand written as tiles separated by spaces or commas, ``"6-4 3-2"``.

        Raises:
            NotationError: when a tile is not written like ``6-4``.
            PositionError: when a tile appears twice.
        """
        if not isinstance(text, str):
            raise NotationError(f"a hand is written like '6-4 3-2', got {text!r}", text=repr(text))
        return cls.of(Tile.parse(p) for p in text.replace(",", " ").split())

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles held, lowest index first."""
        return tuple(_iter_mask(self.mask))

    @property
    def pips(self) -> int:
        """The pips of all tiles held (doubles count in full; the 6-6 is 12)."""
        return sum(PIPS[t.index] for t in _iter_mask(self.mask))

    @property
    def doubles(self) -> int:
        """How many doubles are held."""
        return (self.mask & DOUBLES_MASK).bit_count()

    def __len__(self) -> int:
        """The number of tiles held."""
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Tile]:
        """The tiles held, lowest index first."""
        return _iter_mask(self.mask)

    def __contains__(self, tile: object) -> bool:
        """Whether ``tile`` is held."""
        return isinstance(tile, Tile) and bool(self.mask >> tile.index & 1)

    def __str__(self) -> str:
        """The tiles, space-separated, lowest first: ``3-2 6-4``."""
        return " ".join(str(t) for t in self)

    def __repr__(self) -> str:
        """Valid Python: ``Hand.parse('3-2 6-4')``."""
        return f"Hand.parse({str(self)!r})"

    def _check(self, where: str) -> None:
        if type(self.mask) is not int or not 0 <= self.mask <= FULL_MASK:
            raise PositionError(f"{where}: a hand mask is an int in 0..2**28-1, got {self.mask!r}")


@attrs.frozen
class Boneyard:
    """The undealt tiles, face down, in draw order (``tiles[0]`` is drawn first).

    Args:
        tiles: The tiles in draw order.
        reserve: How many of the last tiles are never drawn (rule 4; 2 under ``classic``).
    """

    tiles: tuple[Tile, ...]
    reserve: int = 0

    @property
    def drawable(self) -> int:
        """How many tiles can still be drawn: the tiles above the reserve (never negative)."""
        n = len(self.tiles) - self.reserve
        return n if n > 0 else 0

    def __len__(self) -> int:
        """The number of tiles in the boneyard, the reserve included."""
        return len(self.tiles)
