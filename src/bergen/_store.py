"""How a :class:`~bergen.round.RoundState` stores itself: lazily built public fields (internal).

A ``RoundState`` made by the engine stores only what changes from move to move, plus links:

- `_round`: a _Round shared by every state of the round: the rules, target, dealer, lead
  draws, deal, lead tile (known from the start: the double the lead rule requires), the
  boneyard's tiles in draw order as dealt, the reserve, and the engine's numbers for the rules
  at this table (see bergen._kit);
- `to_move`, `scores`, `outcome` (public fields), `_legal` (the legal moves, worked out by the
  parent's apply);
- `_masks` (one 28-bit tile mask per seat), `_left` and `_right` (the numbers at the open ends,
  None before the lead), `_ndraw` (the tiles that can still be drawn; `_round.ndraw0 - _ndraw`
  have been drawn);
- `_parent` (the state the move was made on) and `_move` (that move; its history entry, an
  Action, is looked up when the history is built).

The other public fields are properties: `rules`, `target`, `dealer`, `lead_draws` and `deal`
read `_round`; `hands`, `boneyard`, `line` and the history trail `_trail` are built on first
access from the data above and the parent's, and kept in `_cache` (a _Cache). Built values are
shared with the parent whenever the move left them unchanged (a pass shares the hands, a draw
or a pass the line, a play or a pass the boneyard, and the seats that did not move their Hand
values when the parent had built its own); the line's chains and the trail are persistent
lists whose tails are the parent's. These fields have no slots of their own (see
bergen._fastbuild.without_slots), but attrs still knows every public field: the constructor
(and so `attrs.evolve`, `from_position` and unpickling) stores the given values through the
properties' setters, the round's constants into a _Given kept in `_round` and the others into
`_cache`, and `__attrs_post_init__` makes a root state from them (no parent; `_cache` holds
the given values). Equality, hashing and repr read the public fields, so they mean what they
always meant.

:func:`install` turns those public fields of the class into properties; the ``_get_*``
functions build their values along a state's ancestors. Nothing here is public API.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from bergen._fastbuild import SlotsState, without_slots
from bergen._kit import _Kit, kit_for
from bergen.hands import Boneyard, Hand, _make_boneyard, _make_hand
from bergen.line import LineOfPlay, _Chain, _make_line
from bergen.moves import Draw, End, Lead, Pass, Play
from bergen.tiles import IS_DOUBLE, tile_mask

if TYPE_CHECKING:
    from bergen.deal import Deal
    from bergen.round import Action, RoundState, _Trail
    from bergen.rules import Rules
    from bergen.tiles import Tile

_EMPTY_LINE = LineOfPlay.empty()
_LEFT = End.LEFT


class _Round(SlotsState):
    """What the states of one round share (internal; see above).

    Besides the round's public values it keeps, for the engine's hot path: ``kit`` (the rules'
    numbers at this table, see :mod:`bergen._kit`), ``next_seat`` and ``side`` (from the kit)
    and ``ndraw0``, the tiles that could be drawn at the start (so that a state's count of
    tiles drawn is ``ndraw0 - state._ndraw``).
    """

    __slots__ = (
        "deal",
        "dealer",
        "kit",
        "lead",
        "lead_draws",
        "ndraw0",
        "next_seat",
        "reserve",
        "rules",
        "side",
        "target",
        "tiles",
    )

    def __init__(
        self,
        rules: Rules,
        target: int,
        dealer: int,
        lead_draws: tuple[Action, ...],
        deal: Deal | None,
        lead: Tile | None,
        tiles: tuple[Tile, ...],
        reserve: int,
        kit: _Kit,
    ) -> None:
        self.rules = rules
        self.target = target
        self.dealer = dealer
        self.lead_draws = lead_draws
        self.deal = deal
        self.lead = lead
        self.tiles = tiles
        self.reserve = reserve
        self.kit = kit
        self.next_seat = kit.next_seat
        self.side = kit.side
        n = len(tiles) - reserve
        self.ndraw0 = n if n > 0 and kit.drawing else 0

    def with_lead(self, lead: Tile) -> _Round:
        """This round's values with the lead tile set."""
        new = _Round.__new__(_Round)
        for name in _Round.__slots__:
            setattr(new, name, getattr(self, name))
        new.lead = lead
        return new


class _Unset:
    """The mark of a value not built yet (one instance; copies and pickles keep it)."""

    __slots__ = ()

    def __reduce__(self) -> str:
        return "_UNSET"


_UNSET: Any = _Unset()


class _Cache(SlotsState):
    """The public values of a state, built on first access (internal; see above)."""

    __slots__ = ("boneyard", "hands", "lchain", "line", "rchain", "trail")

    def __init__(self) -> None:
        self.hands: Any = _UNSET
        self.line: Any = _UNSET
        self.boneyard: Any = _UNSET
        self.trail: Any = _UNSET
        self.lchain: Any = _UNSET
        self.rchain: Any = _UNSET


# The public fields that are properties (see install): their values live in `_round` (the
# round's constants) or `_cache` (built on first access), not in slots of their own.
_SHADOWED = (
    "rules",
    "hands",
    "boneyard",
    "line",
    "target",
    "dealer",
    "lead_draws",
    "deal",
    "_trail",
)
_IN_ROUND = ("rules", "target", "dealer", "lead_draws", "deal")
_IN_CACHE = {"hands": "hands", "boneyard": "boneyard", "line": "line", "_trail": "trail"}
# The setters of the `_round` and `_cache` slots (see install).
_put_round: Any = None
_put_cache: Any = None


class _Given:
    """The round's constants as given to the constructor, kept in `_round` until
    __attrs_post_init__ makes the real _Round (internal).
    """

    __slots__ = _IN_ROUND
    rules: Rules
    target: int
    dealer: int
    lead_draws: tuple[Action, ...]
    deal: Deal | None


def _cache_of(state: RoundState) -> _Cache:
    try:
        cache = state._cache
    except AttributeError:  # the constructor's path: not set yet
        cache = None
    if cache is None:
        cache = _Cache()
        _put_cache(state, cache)
    return cache


def _given_of(state: RoundState) -> _Given:
    given: Any
    try:
        given = state._round
    except AttributeError:  # the constructor's path: not set yet
        given = None
    if given.__class__ is not _Given:
        given = _Given()
        _put_round(state, given)
    return given  # type: ignore[no-any-return]


def _with(masks: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    """``masks`` with ``masks[seat]`` replaced by ``mask``."""
    out = list(masks)
    out[seat] = mask
    return tuple(out)


def _mask_of(hand: object) -> int:
    return hand.mask if isinstance(hand, Hand) else tile_mask(hand)  # type: ignore[arg-type]


def _derive(state: RoundState) -> None:
    """Make a constructed state a root state: its engine data from the given public values."""
    put = object.__setattr__  # the class is frozen
    given = _given_of(state)
    cache = _cache_of(state)
    hands = cache.hands
    boneyard = cache.boneyard
    line = cache.line
    rules = given.rules
    put(
        state,
        "_round",
        _Round(
            rules,
            given.target,
            given.dealer,
            given.lead_draws,
            given.deal,
            line.lead,
            boneyard.tiles,
            boneyard.reserve,
            kit_for(rules, given.target, len(hands)),
        ),
    )
    put(state, "_masks", tuple([_mask_of(h) for h in hands]))
    put(state, "_left", line.left)
    put(state, "_right", line.right)
    put(state, "_ndraw", state._round.ndraw0)
    put(state, "_parent", None)
    put(state, "_move", None)
    cache.lchain = line._left_chain
    cache.rchain = line._right_chain


def _chain_len(chain: _Chain) -> int:
    n = 0
    while chain is not None:
        n += 1
        chain = chain[2]
    return n


def _get_trail(state: RoundState) -> _Trail:
    cache = state._cache
    if cache is not None and cache.trail is not _UNSET:
        return cache.trail  # type: ignore[no-any-return]
    path: list[RoundState] = []
    node = state
    while True:
        cache = node._cache
        if cache is not None and cache.trail is not _UNSET:
            trail: _Trail = cache.trail
            break
        parent = node._parent
        if parent is None:  # the first position of a round (start)
            trail = None
            break
        path.append(node)
        node = parent
    from bergen.round import _action_of

    for node in reversed(path):
        trail = (_action_of(node), trail)
        _cache_of(node).trail = trail
    return trail


def _get_chains(state: RoundState) -> tuple[_Chain, _Chain]:
    """The line's two chains (see bergen.line) in ``state``, built along its ancestors."""
    cache = state._cache
    if cache is not None and cache.lchain is not _UNSET:
        return cache.lchain, cache.rchain
    path: list[RoundState] = []
    node = state
    while True:
        cache = node._cache
        if cache is not None and cache.lchain is not _UNSET:
            lchain: _Chain = cache.lchain
            rchain: _Chain = cache.rchain
            break
        parent = node._parent
        if parent is None:  # the first position of a round (start): an empty line
            lchain = rchain = None
            break
        path.append(node)
        node = parent
    for node in reversed(path):
        move = node._move
        if isinstance(move, Play):
            if move.end is _LEFT:
                lchain = (move.tile.index, node._left, lchain)  # type: ignore[assignment]
            else:
                rchain = (move.tile.index, node._right, rchain)  # type: ignore[assignment]
        elif isinstance(move, Lead):
            lchain = rchain = None
        cache = _cache_of(node)
        cache.lchain = lchain
        cache.rchain = rchain
    return lchain, rchain


def _get_line(state: RoundState) -> LineOfPlay:
    cache = state._cache
    if cache is not None and cache.line is not _UNSET:
        return cache.line  # type: ignore[no-any-return]
    path = [state]
    node = state
    line: LineOfPlay | None = None
    while True:  # a draw or a pass leaves the line as it was: share the parent's
        parent = node._parent
        if parent is None or not isinstance(node._move, _SAME_LINE):
            break
        cache = parent._cache
        if cache is not None and cache.line is not _UNSET:
            line = cache.line
            break
        path.append(parent)
        node = parent
    if line is None:  # `node` is where the line was last changed
        lead = node._round.lead
        if node._left is None or lead is None:
            line = _EMPTY_LINE
        else:
            lchain, rchain = _get_chains(node)
            d = IS_DOUBLE[lead.index]
            line = _make_line(
                lead,
                node._left,
                node._right,
                IS_DOUBLE[lchain[0]] if lchain is not None else d,
                IS_DOUBLE[rchain[0]] if rchain is not None else d,
                lchain,
                rchain,
                1 + _chain_len(lchain) + _chain_len(rchain),
            )
    for node in path:
        _cache_of(node).line = line
    return line


def _get_boneyard(state: RoundState) -> Boneyard:
    cache = state._cache
    if cache is not None and cache.boneyard is not _UNSET:
        return cache.boneyard  # type: ignore[no-any-return]
    ndraw = state._ndraw
    path = [state]
    node = state
    while True:  # only a draw changes the boneyard: share the parent's
        parent = node._parent
        if parent is None or parent._ndraw != ndraw:
            rnd = node._round
            bone = _make_boneyard(rnd.tiles[rnd.ndraw0 - ndraw :], rnd.reserve)
            break
        cache = parent._cache
        if cache is not None and cache.boneyard is not _UNSET:
            bone = cache.boneyard
            break
        path.append(parent)
        node = parent
    for node in path:
        _cache_of(node).boneyard = bone
    return bone


def _get_hands(state: RoundState) -> tuple[Hand, ...]:
    cache = state._cache
    if cache is not None and cache.hands is not _UNSET:
        return cache.hands  # type: ignore[no-any-return]
    masks = state._masks
    parent = state._parent
    if parent is not None and parent._masks is masks:  # a pass: the parent's hands
        hands = _get_hands(parent)
    else:
        base = None
        if parent is not None:
            cache = parent._cache
            if cache is not None and cache.hands is not _UNSET:
                base = cache.hands
        if base is None or len(base) != len(masks):
            hands = tuple([_make_hand(m) for m in masks])
        else:  # share the parent's Hand values of the seats that did not change
            hands = tuple(
                [
                    h if h.__class__ is Hand and h.mask == m else _make_hand(m)
                    for h, m in zip(base, masks, strict=True)
                ]
            )
    _cache_of(state).hands = hands
    return hands


_SAME_LINE = (Draw, Pass)


def _round_getter(name: str) -> Any:
    get = attrgetter(name)
    return lambda state: get(state._round)


def _round_setter(name: str) -> Any:
    def put(state: RoundState, value: Any) -> None:
        setattr(_given_of(state), name, value)

    return put


def _cache_setter(name: str) -> Any:
    def put(state: RoundState, value: Any) -> None:
        setattr(_cache_of(state), name, value)

    return put


def install(cls: type[RoundState]) -> type[RoundState]:
    """Make the lazily built public fields of ``cls`` properties, without slots of their own
    (the class decorator of ``RoundState``; see :func:`bergen._fastbuild.without_slots`).

    The constructor (and so ``attrs.evolve`` and ``from_position``) stores the given values
    through the properties' setters: the round's constants into a _Given in ``_round``, the
    hands, boneyard, line and history into ``_cache``, where :func:`_derive` finds them.

    Args:
        cls: The ``RoundState`` class, just made by attrs.

    Returns:
        The class to use as ``RoundState``.
    """
    global _put_round, _put_cache
    cls = without_slots(cls, _SHADOWED)
    _put_round = cls.__dict__["_round"].__set__
    _put_cache = cls.__dict__["_cache"].__set__
    for name, getter, doc in (
        ("hands", _get_hands, "One :class:`Hand` per seat."),
        ("boneyard", _get_boneyard, "The undealt tiles in draw order."),
        ("line", _get_line, "The line of play."),
        ("_trail", _get_trail, "The history, newest first, as a linked list."),
    ):
        setattr(cls, name, property(getter, _cache_setter(_IN_CACHE[name]), doc=doc))
    for name, doc in (
        ("rules", "The ruleset."),
        ("target", "The match target, in points (rule 9)."),
        ("dealer", "The dealing seat."),
        ("lead_draws", "Tiles drawn in turn for a lead double before the lead."),
        ("deal", "The deal the round started from (``None`` for a set-up position)."),
    ):
        setattr(cls, name, property(_round_getter(name), _round_setter(name), doc=doc))
    return cls


def _outer_double(state: RoundState, on_left: bool) -> bool:
    """Whether the outermost tile at one end of ``state``'s line is a double: the last tile laid
    at that end, else the lead.
    """
    node: RoundState | None = state
    while node is not None:
        cache = node._cache
        if cache is not None and cache.lchain is not _UNSET:
            chain: _Chain = cache.lchain if on_left else cache.rchain
            if chain is not None:
                return IS_DOUBLE[chain[0]]
            lead = node._round.lead
            return lead is not None and IS_DOUBLE[lead.index]
        move = node._move
        if move is None:
            break
        cls = move.__class__
        if cls is Lead or (cls is Play and (move.end is _LEFT) is on_left):  # type: ignore[union-attr]
            return IS_DOUBLE[move.tile.index]  # type: ignore[union-attr]
        node = node._parent
    lead = state._round.lead
    return lead is not None and IS_DOUBLE[lead.index]
