"""The double-six set as tables over tile indexes (docs/rules.md, "Equipment and terms").

Tile ``index = high * (high + 1) // 2 + low`` orders the 28 tiles ``0-0, 1-0, 1-1, 2-0, ...``;
a hand or any set of tiles is a mask with bit ``index`` set for each tile. Every table here is
an immutable tuple built once by a function of this module.
"""

from __future__ import annotations

from typing import Final

N_TILES: Final = 28
"""The number of tiles in the double-six set."""

MAX_NUMBER: Final = 6
"""The highest number on a half of a tile."""


def tile_index(a: int, b: int) -> int:
    """The index of the tile with numbers ``a`` and ``b`` (either order), 0..27."""
    if b > a:
        a, b = b, a
    return a * (a + 1) // 2 + b


def _numbers(part: int) -> tuple[int, ...]:
    out: list[int] = []
    for h in range(MAX_NUMBER + 1):
        for lo in range(h + 1):
            out.append(h if part == 0 else lo)
    return tuple(out)


HIGH: Final[tuple[int, ...]] = _numbers(0)
"""``HIGH[t]``: the higher number of tile ``t``."""
LOW: Final[tuple[int, ...]] = _numbers(1)
"""``LOW[t]``: the lower number of tile ``t``."""

PIPS: Final[tuple[int, ...]] = tuple([HIGH[t] + LOW[t] for t in range(N_TILES)])
"""``PIPS[t]``: the pips of tile ``t`` (the sum of its numbers; the 6-6 is 12)."""

IS_DOUBLE: Final[tuple[bool, ...]] = tuple([HIGH[t] == LOW[t] for t in range(N_TILES)])
"""``IS_DOUBLE[t]``: whether tile ``t`` is a double."""

FULL_MASK: Final[int] = (1 << N_TILES) - 1
"""The mask of all 28 tiles."""

DOUBLES_MASK: Final[int] = sum([1 << t for t in range(N_TILES) if IS_DOUBLE[t]])
"""The mask of the seven doubles."""

NON_DOUBLES_MASK: Final[int] = FULL_MASK & ~DOUBLES_MASK
"""The mask of the 21 tiles that are not doubles."""


def _fit() -> tuple[int, ...]:
    return tuple(
        [
            sum([1 << t for t in range(N_TILES) if n in (HIGH[t], LOW[t])])
            for n in range(MAX_NUMBER + 1)
        ]
    )


FIT: Final[tuple[int, ...]] = _fit()
"""``FIT[n]``: the mask of the tiles that carry the number ``n`` (those that fit an end ``n``)."""


def _other() -> tuple[tuple[int, ...], ...]:
    rows: list[tuple[int, ...]] = []
    for t in range(N_TILES):
        row: list[int] = []
        for n in range(MAX_NUMBER + 1):
            if n == HIGH[t]:
                row.append(LOW[t])
            elif n == LOW[t]:
                row.append(HIGH[t])
            else:
                row.append(-1)
        rows.append(tuple(row))
    return tuple(rows)


OTHER: Final[tuple[tuple[int, ...], ...]] = _other()
"""``OTHER[t][n]``: the number facing out when tile ``t`` is matched against ``n`` (-1: it does
not carry ``n``)."""


def mask_of(indexes: tuple[int, ...] | list[int]) -> int:
    """The mask of the given tile indexes."""
    m = 0
    for t in indexes:
        m |= 1 << t
    return m


def mask_pips(mask: int) -> int:
    """The pips on the tiles of ``mask``."""
    pips = 0
    while mask:
        low = mask & -mask
        pips += PIPS[low.bit_length() - 1]
        mask ^= low
    return pips
