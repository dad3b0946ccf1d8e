"""Deals: the tiles each seat is dealt and the boneyard order, explicit or from a seed.

Seeded deals are reproducible on every Python version and platform. The algorithm: start from
the 28 tiles in index order (``0-0, 1-0, 1-1, 2-0, ...``, see :mod:`bergen.tiles`); for ``i``
from 27 down to 1, draw ``u = rng.random()`` and swap positions ``i`` and ``int(u * (i + 1))``
(a Fisher-Yates shuffle using only ``random.Random.random()``, whose sequence Python guarantees
for a given int seed). Seat 0 takes the first ``hand_size`` tiles of the shuffled order, seat 1
the next, and so on; the rest is the boneyard, top first. The ``k``-th shuffle of a match
(``k = 0, 1, ...``, redeals included) is the ``k``-th shuffle drawn from one
``random.Random(seed)``: each shuffle uses exactly 27 numbers. A match carries the generator's
state forward from one deal to the next (an immutable snapshot its states share), so each of its
deals costs the same whatever its index; :meth:`Deal.from_seed` gives the same deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter

import attrs

from bergen.errors import ArgumentError, PositionError, _brief
from bergen.hands import Hand
from bergen.kernel.deal import StreamState, next_shuffle, shuffle, stream_at
from bergen.tiles import DOUBLES, FULL_MASK, IS_DOUBLE, TILES, Tile

__all__ = ["MAX_SHUFFLE_INDEX", "Deal", "shuffled_tiles"]

MAX_SHUFFLE_INDEX = 1_000_000
"""The largest shuffle index of a seed's stream that :func:`shuffled_tiles` and
:meth:`Deal.from_seed` deal: the ``k``-th shuffle draws ``27 * (k + 1)`` numbers from the
generator, about 1.5 s at this limit (pure Python). A match of a million deals is far beyond
any real one (a record of 10 MiB holds about 50,000)."""


def _check_seed_index(seed: object, shuffle_index: object) -> None:
    """Raise ArgumentError unless ``seed`` is an int of at most 64 bits, PositionError unless
    ``shuffle_index`` is an int in ``0..MAX_SHUFFLE_INDEX``.
    """
    if type(seed) is not int or seed.bit_length() > 64:
        raise ArgumentError(
            f"a seed is an int of at most 64 bits (|seed| < 2**64), got {_brief(seed)}"
        )
    if type(shuffle_index) is not int or not 0 <= shuffle_index <= MAX_SHUFFLE_INDEX:
        raise PositionError(
            f"a shuffle index is an int in 0..{MAX_SHUFFLE_INDEX:,} (MAX_SHUFFLE_INDEX), got "
            f"{_brief(shuffle_index)}"
        )


def shuffled_tiles(seed: int, shuffle_index: int = 0) -> tuple[Tile, ...]:
    """The 28 tiles in the order of the ``shuffle_index``-th shuffle for ``seed``.

    Worked out from the seed alone (:func:`bergen.kernel.deal.shuffle`): nothing is kept
    between calls, so no other code can read or change future deals.

    Args:
        seed: Any int (``random.Random(seed)``).
        shuffle_index: Which shuffle of the stream, 0 for the first.

    Returns:
        The 28 tiles in shuffled order.

    Raises:
        ArgumentError: when ``seed`` is not an int of at most 64 bits.
        PositionError: when ``shuffle_index`` is not an int in ``0..MAX_SHUFFLE_INDEX``.
    """
    _check_seed_index(seed, shuffle_index)
    return tuple([TILES[t] for t in shuffle(seed, shuffle_index)])


def _check_tiles(where: str, items: object) -> tuple[Tile, ...]:
    if isinstance(items, Hand):
        return items.tiles
    if isinstance(items, str) or not isinstance(items, Sequence | frozenset | set):
        raise PositionError(f"{where} must be a sequence of Tile values, got {_brief(items)}")
    out = tuple(items)
    for t in out:
        if not isinstance(t, Tile):
            raise PositionError(f"{where} holds {_brief(t)}, which is not a Tile")
    return out


def _to_tiles(items: Iterable[Tile]) -> tuple[Tile, ...]:
    if isinstance(items, str):
        raise PositionError(f"tiles are Tile values, not the text {_brief(items)} (use Tile.parse)")
    try:
        return tuple(items)
    except TypeError:
        raise PositionError(f"expected a sequence of Tile values, got {_brief(items)}") from None


def _unordered(items: object) -> bool:
    """Whether ``items`` is a container without a meaningful order (a set or a mapping)."""
    return isinstance(items, set | frozenset | Mapping)


def _to_boneyard(items: Iterable[Tile]) -> tuple[Tile, ...]:
    if _unordered(items):
        raise PositionError(
            f"the boneyard is in draw order: a list or tuple of tiles, not {type(items).__name__}"
        )
    return _to_tiles(items)


def _to_hands(hands: Iterable[Iterable[Tile]]) -> tuple[tuple[Tile, ...], ...]:
    if isinstance(hands, str):
        raise PositionError(f"hands are sequences of Tile values, not the text {_brief(hands)}")
    if _unordered(hands):
        raise PositionError(
            f"hands are one per seat, in seat order: a list or tuple, not {type(hands).__name__}"
        )
    try:
        return tuple(_to_tiles(h) for h in hands)
    except TypeError:
        raise PositionError(f"expected a sequence of hands, got {_brief(hands)}") from None


def _all_tiles_once(hands: tuple[tuple[Tile, ...], ...], boneyard: tuple[Tile, ...]) -> bool:
    """Whether the hands and the boneyard are sequences holding the 28 tiles once each."""
    mask = 0
    count = 0
    for tiles in (*hands, boneyard):
        if tiles.__class__ is not tuple:
            return False
        for t in tiles:
            if t.__class__ is not Tile:
                return False
            mask |= 1 << t.index
        count += len(tiles)
    return count == len(TILES) and mask == _FULL_MASK


@attrs.frozen
class Deal:
    """The tiles dealt to each seat and the boneyard in draw order.

    Args:
        hands: One sequence of tiles per seat (2..4 seats).
        boneyard: The undealt tiles, top (first drawn) first.

    Raises:
        PositionError: when the seat count is not 2..4 or the 28 tiles are not all present
            exactly once; the message names the missing or repeated tiles.
    """

    hands: tuple[tuple[Tile, ...], ...] = attrs.field(converter=_to_hands)
    boneyard: tuple[Tile, ...] = attrs.field(converter=_to_boneyard)

    def __attrs_post_init__(self) -> None:
        """Check that the deal is 2..4 hands and 28 distinct tiles."""
        if not 2 <= len(self.hands) <= 4:
            raise PositionError(f"a deal has 2, 3 or 4 hands, got {len(self.hands)}")
        if _all_tiles_once(self.hands, self.boneyard):
            return
        # Something is wrong: find it and say what.
        seen: dict[Tile, str] = {}
        places = [(f"hand {i}", h) for i, h in enumerate(self.hands)] + [
            ("boneyard", self.boneyard)
        ]
        for where, tiles in places:
            for t in _check_tiles(where, tiles):
                if t in seen:
                    raise PositionError(f"tile {t} is dealt twice: in {seen[t]} and in {where}")
                seen[t] = where
        if len(seen) != len(TILES):
            missing = " ".join(str(t) for t in TILES if t not in seen)
            raise PositionError(f"a deal holds all 28 tiles; missing {missing}")

    @classmethod
    def from_seed(cls, seed: int, seats: int, hand_size: int, shuffle_index: int = 0) -> Deal:
        """Deal from a seed (see the module docstring for the algorithm).

        Args:
            seed: Any int.
            seats: 2, 3 or 4.
            hand_size: Tiles per seat.
            shuffle_index: Which shuffle of the seed's stream (a match's ``k``-th deal).

        Raises:
            ArgumentError: for a seed that is not an int of at most 64 bits.
            PositionError: for a bad seat count or hand size.
        """
        _check_table(seats, hand_size)
        _check_seed_index(seed, shuffle_index)
        deal = _of_order(shuffle(seed, shuffle_index), seats, hand_size)
        return deal if cls is Deal else cls(deal.hands, deal.boneyard)

    @property
    def seats(self) -> int:
        """The number of seats dealt to."""
        return len(self.hands)

    @property
    def has_double(self) -> bool:
        """Whether any seat was dealt a double (rule 2: otherwise redeal or draw): whether
        the boneyard holds fewer than the seven doubles.
        """
        return sum([_IS_DOUBLE[t.index] for t in self.boneyard]) < len(_DOUBLES)

    def __str__(self) -> str:
        """One line per seat, then the boneyard: ``seat 0: 1-0 3-3 ...``."""
        lines = [f"seat {i}: {' '.join(map(str, h))}" for i, h in enumerate(self.hands)]
        lines.append(f"boneyard: {' '.join(map(str, self.boneyard))}")
        return "\n".join(lines)


_FULL_MASK = FULL_MASK
_IS_DOUBLE = IS_DOUBLE
_DOUBLES = DOUBLES
_SET_HANDS, _SET_BONEYARD = vars(Deal)["hands"].__set__, vars(Deal)["boneyard"].__set__


def _of_order(order: tuple[int, ...], seats: int, hand_size: int) -> Deal:
    """The deal of the shuffled tile indexes ``order`` (rule 1): seat 0 takes the first
    ``hand_size`` tiles, seat 1 the next, and so on; the rest is the boneyard, top first.
    ``order`` holds the 28 tile indexes once each and the hands fit (the caller's checks):
    the deal's own checks would pass, and are not run again.
    """
    tiles: tuple[Tile, ...] = itemgetter(*order)(TILES)
    deal: Deal = object.__new__(Deal)
    _SET_HANDS(deal, tuple([tiles[i * hand_size : (i + 1) * hand_size] for i in range(seats)]))
    _SET_BONEYARD(deal, tiles[seats * hand_size :])
    return deal


def _check_table(seats: object, hand_size: object) -> None:
    """Raise PositionError unless ``seats`` is 2..4 and ``hand_size`` fits them in 28 tiles."""
    if type(seats) is not int or not 2 <= seats <= 4:
        raise PositionError(f"a deal has 2, 3 or 4 seats, got {_brief(seats)}")
    if type(hand_size) is not int or hand_size < 1 or hand_size * seats > len(TILES):
        raise PositionError(f"hand size {_brief(hand_size)} does not fit {seats} seats in 28 tiles")


@attrs.frozen(eq=False, repr=False)
class _SeedStream:
    """A seed's deal stream from shuffle ``index`` on: ``seed``, the index of its next shuffle
    and a snapshot of the generator just before it (:func:`bergen.kernel.deal.stream_at`).
    Immutable, so the states of a match share it; :meth:`deal` gives the deal
    ``Deal.from_seed(seed, seats, hand_size, index)`` and the stream after it at a constant
    cost, where ``Deal.from_seed`` replays ``27 * (index + 1)`` numbers of the generator.
    Pickled and copied as ``(seed, index)``: the snapshot is worked out again when unpickled.
    """

    seed: int
    index: int
    _state: StreamState

    @classmethod
    def at(cls, seed: int, index: int) -> _SeedStream:
        """The stream of ``seed`` before its shuffle ``index``; costs ``27 * index`` numbers.

        Raises:
            ArgumentError, PositionError: as :func:`shuffled_tiles` does, for a bad seed or
                index.
        """
        _check_seed_index(seed, index)
        return cls(seed, index, stream_at(seed, index))

    def deal(self, seats: int, hand_size: int) -> tuple[Deal, tuple[int, ...], _SeedStream]:
        """The deal of this stream's next shuffle, the shuffle's tile indexes and the stream
        after it.

        Raises:
            PositionError: for a bad seat count or hand size (as :meth:`Deal.from_seed`), or
                when the index would pass ``MAX_SHUFFLE_INDEX``.
        """
        _check_table(seats, hand_size)
        _check_seed_index(self.seed, self.index)
        order, state = next_shuffle(self._state)
        after: _SeedStream = object.__new__(_SeedStream)
        _SET_SEED(after, self.seed)
        _SET_INDEX(after, self.index + 1)
        _SET_STATE(after, state)
        return _of_order(order, seats, hand_size), order, after

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as ``(seed, index)``."""
        return (_SeedStream.at, (self.seed, self.index))

    def __copy__(self) -> _SeedStream:
        """The stream itself: it is immutable."""
        return self

    def __deepcopy__(self, memo: object) -> _SeedStream:
        """The stream itself: it is immutable."""
        return self


_SET_SEED, _SET_INDEX, _SET_STATE = [
    vars(_SeedStream)[name].__set__ for name in ("seed", "index", "_state")
]


def deal_masks(deal: Deal) -> tuple[int, ...]:
    """The tile mask of each hand of ``deal`` (its hands hold :class:`Tile` values: the
    deal's constructor checked them).
    """
    masks: list[int] = []
    for hand in deal.hands:
        m = 0
        for t in hand:
            m |= 1 << t.index
        masks.append(m)
    return tuple(masks)
