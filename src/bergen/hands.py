"""A seat's hand and the boneyard: immutable collections of tiles.

A :class:`Hand` is a set of tiles stored as a 28-bit mask (bit ``i`` for ``TILES[i]``). The
:class:`Boneyard` is the undealt tiles in draw order, top first, with the reserve of tiles that
are never drawn (docs/rules.md, rule 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from bergen.errors import NotationError, PositionError, _as_tuple, _brief
from bergen.tiles import DOUBLES_MASK, FULL_MASK, PIPS, Tile, _iter_mask, tile_mask

__all__ = ["Boneyard", "Hand"]


@attrs.frozen(repr=False)
class Hand:
    """The tiles one seat holds, as a set (order carries no meaning).

    Args:
        mask: Bit ``i`` set for each tile ``TILES[i]`` held (see :mod:`bergen.tiles`).

    Raises:
        PositionError: when ``mask`` is not an int in ``0 .. 2**28 - 1``.
    """

    mask: int

    def __attrs_post_init__(self) -> None:
        """Check the mask."""
        if type(self.mask) is not int or not 0 <= self.mask <= FULL_MASK:
            raise PositionError(f"a hand mask is an int in 0..2**28-1, got {_brief(self.mask)}")

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> Hand:
        """Make a hand from tiles.

        Raises:
            PositionError: when an item is not a :class:`Tile` or a tile appears twice.
        """
        if isinstance(tiles, str | bytes) or not isinstance(tiles, Iterable):
            raise PositionError(f"a hand is made of an iterable of tiles, got {_brief(tiles)}")
        tiles = list(tiles)
        if len(tiles) > len(PIPS):
            raise PositionError(f"a hand holds at most 28 tiles, got {len(tiles)}")
        for t in tiles:
            if not isinstance(t, Tile):
                raise PositionError(f"a hand holds Tile values, got {_brief(t)}")
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
            raise NotationError(
                f"a hand is written like '6-4 3-2', got {_brief(text)}", text=_brief(text)
            )
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
            raise PositionError(
                f"{where}: a hand mask is an int in 0..2**28-1, got {_brief(self.mask)}"
            )


@attrs.frozen
class Boneyard:
    """The undealt tiles, face down, in draw order (``tiles[0]`` is drawn first).

    Args:
        tiles: The tiles in draw order (a list is copied to a tuple).
        reserve: How many of the last tiles are never drawn (rule 4; 2 under ``classic``).

    Raises:
        PositionError: when ``tiles`` is not a sequence of distinct :class:`Tile` values or
            ``reserve`` is not an int >= 0.
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_as_tuple)
    reserve: int = 0

    def __attrs_post_init__(self) -> None:
        """Check the tiles and the reserve."""
        if not isinstance(self.tiles, tuple) or len(self.tiles) > len(PIPS):
            raise PositionError(f"a boneyard is a tuple of tiles, got {_brief(self.tiles)}")
        if not all(isinstance(t, Tile) for t in self.tiles):
            raise PositionError(f"a boneyard holds Tile values, got {_brief(self.tiles)}")
        if len(set(self.tiles)) != len(self.tiles):
            raise PositionError("a boneyard holds each tile once")
        if type(self.reserve) is not int or not 0 <= self.reserve <= len(PIPS):
            raise PositionError(f"a reserve is an int in 0..28, got {_brief(self.reserve)}")

    @property
    def drawable(self) -> int:
        """How many tiles can still be drawn: the tiles above the reserve (never negative)."""
        n = len(self.tiles) - self.reserve
        return n if n > 0 else 0

    def __len__(self) -> int:
        """The number of tiles in the boneyard, the reserve included."""
        return len(self.tiles)
