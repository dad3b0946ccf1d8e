"""Sampling the hidden worlds of a view, exactly and uniformly, for search bots.

:func:`sample_world` deals the hidden tiles anew, consistently with everything public, for
search bots (determinization). A *world* is the whole hidden story of the round: the deal
(every hand and the boneyard order) and so which tile every draw took. Every deal that a fair
shuffle could have produced and that is consistent with the view is equally likely, exactly as
a player who assumes nothing about the other players' strategies would reason (Bayes' rule with
a uniform shuffle). Worlds are counted exactly (see :class:`WorldSampler`); nothing is
approximated. :mod:`bergen.view` re-exports every public name of this module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from bergen.deal import Deal
from bergen.errors import BergenError, PositionError
from bergen.events import OutcomeKind
from bergen.hands import Hand
from bergen.moves import Draw, Lead, Pass, Play
from bergen.playerview import PlayerView, _line_mask, _start_line
from bergen.round import RoundState
from bergen.rules import HighestDouble, LowestDouble
from bergen.tiles import DOUBLES_MASK, FIT, FULL_MASK, TILES, tile_mask, tiles_of_mask

if TYPE_CHECKING:
    from bergen.line import LineOfPlay

__all__ = ["WorldSampler", "sample_world", "sampler_for"]


def _check_view(view: object, taker: str) -> None:
    """Refuse anything but a :class:`~bergen.view.PlayerView` of one of its table's seats,
    naming the argument (a ``PositionError``).
    """
    if not isinstance(view, PlayerView):
        raise PositionError(f"{taker} takes view, a PlayerView (see RoundState.view), got {view!r}")
    seats = view.seats
    if type(view.seat) is not int or not 0 <= view.seat < seats:
        raise PositionError(
            f"{taker}: the view's seat {view.seat!r} is not a seat of its table of {seats} "
            f"(0..{seats - 1})"
        )


def _check_rng(rng: object, taker: str) -> None:
    """Refuse a generator without ``random.Random``'s ``randrange`` and ``shuffle``, and a class
    (``random.Random`` itself rather than ``random.Random(seed)``).
    """
    if isinstance(rng, type) or not (
        callable(getattr(rng, "randrange", None)) and callable(getattr(rng, "shuffle", None))
    ):
        raise BergenError(
            f"{taker} takes rng, a random.Random (for example random.Random(seed)), got {rng!r}"
        )


def _check_max_tries(max_tries: object, taker: str) -> None:
    """Refuse a ``max_tries`` that is not an int >= 1 (a bool is not a count)."""
    if type(max_tries) is not int or max_tries < 1:
        raise BergenError(f"{taker} takes max_tries, an int >= 1, got {max_tries!r}")


class WorldSampler:
    """Exact, uniform sampling of the worlds consistent with one view.

    The hidden tiles are given *slots*: each other seat's dealt tiles and each of its draws
    (a boneyard position), and the boneyard's remaining positions. A tile still hidden may sit
    in a seat's slot only if it avoids every void that seat showed after getting that slot; a
    tile another seat has played sat in one of that seat's slots got before the play and avoids
    the voids in between; the tile that ended a run of draws is the one drawn last. Slots that
    admit the same tiles form groups, and the assignments of tiles to groups are counted
    exactly by dynamic programming over the tiles, then sampled backwards in proportion to
    those counts; tiles are ordered at random within a group. The few constraints that are not
    about single tiles (which double leads, that the round was not blocked earlier, who won a
    blocked hand) are checked afterwards and a world failing them is drawn again (rejection),
    which keeps the result exactly uniform.

    Args:
        view: The view to sample for.

    Raises:
        PositionError: when ``view`` is not a :class:`~bergen.view.PlayerView`, its seat is not
            one of its table's seats, or no world is consistent with the view (a view built by
            hand that no round can produce).
    """

    count: int
    """The number of ways to place the hidden tiles in the groups before the checks that are not
    about single tiles (an int, possibly large)."""

    # The rest of the preparation, worked out by _prepare (below).
    _reserve: int
    _start_line: LineOfPlay
    _n_lead_draws: int
    _n_positions: int
    _slots: list[_Slot]
    _pinned: dict[int, int]
    _own_draw_at: dict[int, int]
    _own_start: int
    _dealt: list[int]
    _checks: list[tuple[int, int]]
    _hidden: int
    _tiles: list[int]
    _allowed: list[tuple[int, ...]]
    _group_slots: list[list[int]]
    _caps: list[int]
    _mult: list[int]
    _layers: list[dict[int, int]]

    def __init__(self, view: PlayerView) -> None:
        """Work out the slots, the groups and the counts for ``view``."""
        _check_view(view, "WorldSampler")
        self.view = view
        self._start_scores: tuple[int, ...] | None = None
        _prepare(self)

    # ------------------------------------------------------------------ sampling

    def _draw_assignment(self, rng: random.Random) -> tuple[list[int], list[int], list[int]]:
        """One uniform placement: (start hand masks, tile per boneyard position, remaining
        boneyard in order). Not yet checked against the non-local constraints.
        """
        view = self.view
        tiles = self._tiles
        allowed = self._allowed
        mult = self._mult
        layers = self._layers
        in_group: list[list[int]] = [[] for _ in self._caps]
        state = 0
        for i in range(len(tiles) - 1, -1, -1):
            prev = layers[i]
            opts: list[tuple[int, int]] = []
            total = 0
            for g in allowed[i]:
                c = prev.get(state + mult[g], 0)
                if c:
                    opts.append((g, c))
                    total += c
            r = rng.randrange(total)
            chosen = opts[-1][0]
            for g, c in opts:
                if r < c:
                    chosen = g
                    break
                r -= c
            in_group[chosen].append(tiles[i])
            state += mult[chosen]
        seats = view.seats
        start = [0] * seats
        start[view.seat] = self._own_start
        by_position: list[int] = [-1] * self._n_positions
        for p, t in self._own_draw_at.items():
            by_position[p] = t
        slots = self._slots
        for k, t in self._pinned.items():
            by_position[slots[k].position] = t  # type: ignore[index]
        for g, members in enumerate(self._group_slots):
            placed = in_group[g]
            rng.shuffle(placed)
            for k, t in zip(members, placed, strict=True):
                slot = slots[k]
                if slot.position is None:
                    start[slot.seat] |= 1 << t
                else:
                    by_position[slot.position] = t
        remaining = in_group[-1]
        rng.shuffle(remaining)
        return start, by_position, remaining

    def _consistent(self, start: list[int], by_position: list[int]) -> bool:
        """The checks that are not about single tiles: the lead rule, no earlier block, and
        the blocked-hand judge.
        """
        view = self.view
        rules = view.rules
        history = view.history
        seats = view.seats
        hands = list(start)
        n_lead = self._n_lead_draws
        for j, s in enumerate(view.lead_draws):
            hands[s] |= 1 << by_position[j]
        if self._start_line.lead is None:
            held = 0
            for h in hands:
                held |= h
            doubles = [d for d in TILES if d.is_double and held >> d.index & 1]
            if not doubles:
                return False
            required = rules.lead.choose(doubles)
            leader = history[0].seat if history else view.to_move
            if not hands[leader] >> required.index & 1:
                return False
        checks = self._checks
        if checks or (view.outcome is not None and view.outcome.kind is OutcomeKind.BLOCKED):
            ci = 0
            pos = n_lead
            if checks and checks[0][0] == -1:
                if not any(h & checks[0][1] for h in hands):
                    return False
                ci = 1
            for i, a in enumerate(history):
                move = a.move
                if isinstance(move, Draw):
                    hands[a.seat] |= 1 << by_position[pos]
                    pos += 1
                elif isinstance(move, Lead | Play):
                    hands[a.seat] &= ~move.tile.mask
                while ci < len(checks) and checks[ci][0] == i:
                    if not any(h & checks[ci][1] for h in hands):
                        return False
                    ci += 1
            outcome = view.outcome
            if outcome is not None and outcome.kind is OutcomeKind.BLOCKED:
                side_masks = [0] * view.sides
                for s in range(seats):
                    side_masks[view.side_of(s)] |= hands[s]
                winner = rules.blocked.winner([tiles_of_mask(m) for m in side_masks])
                if winner != outcome.side:
                    return False
        return True

    def _sample_raw(
        self, rng: random.Random, max_tries: int
    ) -> tuple[list[int], list[int], list[int]]:
        for _ in range(max_tries):
            start, by_position, remaining = self._draw_assignment(rng)
            if self._consistent(start, by_position):
                return start, by_position, remaining
        raise PositionError(
            f"no consistent world found in {max_tries} tries: the view may be one no round gives"
        )

    def sample(
        self, rng: random.Random, *, history: bool = True, max_tries: int = 100_000
    ) -> RoundState:
        """Draw one world, uniformly among those consistent with the view.

        Args:
            rng: The generator to draw from (the only source of randomness): a
                ``random.Random``, or anything with its ``randrange`` and ``shuffle``.
            history: ``True`` (default): the whole round, started from the sampled deal (or
                the sampled set-up position) with the public history replayed on it, so that
                ``world.view(seat) == view``, ``world.deal`` and ``world.history`` (with every
                drawn tile) are filled in. ``False``: only the current position, built with
                :meth:`bergen.RoundState.from_position` (no history, faster; for search). A
                round that is over always comes with its history.
            max_tries: How many placements to try against the checks that reject (the lead
                rule, an earlier block, the blocked-hand judge) before giving up; an int >= 1.

        Returns:
            The world, a :class:`~bergen.round.RoundState`.

        Raises:
            BergenError: when ``rng`` is not a generator (no ``randrange`` and ``shuffle``, or
                a class such as ``random.Random`` itself), or ``max_tries`` is not an int >= 1.
            PositionError: when no consistent world turns up in ``max_tries`` placements.
        """
        _check_rng(rng, "WorldSampler.sample")
        _check_max_tries(max_tries, "WorldSampler.sample")
        start, by_position, remaining = self._sample_raw(rng, max_tries)
        view = self.view
        if not history and view.outcome is None:
            return self._current(start, by_position, remaining)
        return self._full(start, by_position, remaining)

    def _current(
        self, start: list[int], by_position: list[int], remaining: list[int]
    ) -> RoundState:
        view = self.view
        hands = list(start)
        pos = 0
        for s in view.lead_draws:
            hands[s] |= 1 << by_position[pos]
            pos += 1
        for a in view.history:
            move = a.move
            if isinstance(move, Draw):
                hands[a.seat] |= 1 << by_position[pos]
                pos += 1
            elif isinstance(move, Lead | Play):
                hands[a.seat] &= ~move.tile.mask
        return RoundState.from_position(
            [Hand(m) for m in hands],
            [TILES[t] for t in remaining],
            view.line,
            view.to_move,
            view.rules,
            scores=view.scores,
            dealer=view.dealer,
        )

    def _replay(
        self,
        start: list[int],
        by_position: list[int],
        remaining: list[int],
        scores: Sequence[int],
    ) -> RoundState:
        view = self.view
        boneyard = [TILES[t] for t in by_position] + [TILES[t] for t in remaining]
        if view.from_deal:
            deal = Deal([tiles_of_mask(m) for m in start], boneyard)
            state = RoundState.start(deal, view.rules, dealer=view.dealer, scores=scores)
        else:
            to_move = view.history[0].seat if view.history else view.to_move
            state = RoundState.from_position(
                [Hand(m) for m in start],
                boneyard,
                self._start_line,
                to_move,
                view.rules,
                scores=scores,
                dealer=view.dealer,
            )
        for a in view.history:
            state, _ = state.apply(a.move)
        return state

    def _full(self, start: list[int], by_position: list[int], remaining: list[int]) -> RoundState:
        view = self.view
        if self._start_scores is None:
            self._start_scores = self._find_start_scores(start, by_position, remaining)
        world = self._replay(start, by_position, remaining, self._start_scores)
        if world.view(view.seat) != view:  # a view built by hand that no round gives
            raise PositionError(
                "no round gives this view: replaying its public history on a world consistent "
                "with its tiles ends elsewhere (a changed seat to move, drawable count, ...)"
            )
        return world

    def _find_start_scores(
        self, start: list[int], by_position: list[int], remaining: list[int]
    ) -> tuple[int, ...]:
        """The scores before the round: the view holds only the scores now, and a header's
        value depends on the score before it (rule 6). Until the last action each side's points
        depend on its own score only, so each side is searched alone, the others at 0 (lower
        start scores never end the round sooner). Only the round's end couples the sides: the
        side named by the outcome is searched first, its outcome required too, and its start
        score is then kept for the others' searches so that the round ends the same way. When
        several start scores fit, any of them gives the same view.
        """
        view = self.view
        sides = view.sides
        found = [0] * sides
        order = list(range(sides))
        outcome = view.outcome
        first = outcome.side if outcome is not None else None
        if first is not None:
            order.remove(first)
            order.insert(0, first)
        for side in order:
            now = view.scores[side]
            candidates = [now, *range(min(now, view.target - 1) - 1, -1, -1)]
            for c in candidates:
                if c >= view.target:
                    continue
                trial = list(found)
                trial[side] = c
                try:
                    world = self._replay(start, by_position, remaining, trial)
                except BergenError:
                    continue
                if world.scores[side] == now and (side != first or world.outcome == outcome):
                    found[side] = c
                    break
            else:
                raise PositionError("no score before the round explains the view's scores")
        return tuple(found)


def sampler_for(view: PlayerView) -> WorldSampler:
    """A new :class:`WorldSampler` of a view: keep it to draw many worlds of the same view.

    Nothing is kept between calls (no process-wide cache, which other code could read to see
    another seat's view or fill with a sampler of its own).

    Args:
        view: A player view (:meth:`bergen.RoundState.view`).

    Returns:
        The view's :class:`WorldSampler`.

    Raises:
        PositionError: when ``view`` is not a :class:`~bergen.view.PlayerView`, its seat is not
            one of its table's seats, or no world is consistent with the view.
    """
    _check_view(view, "sampler_for")
    return WorldSampler(view)


def sample_world(view: PlayerView, rng: random.Random, *, history: bool = True) -> RoundState:
    """A world drawn uniformly among those consistent with ``view``, from the view alone.

    Every deal that a fair shuffle could have dealt and that gives this view when the public
    history is replayed on it is equally likely (see :class:`WorldSampler`). Each call prepares
    the view's sampler anew; to draw many worlds of one view, make a :class:`WorldSampler`
    once and call its :meth:`~WorldSampler.sample`.

    Args:
        view: A player view (:meth:`bergen.RoundState.view`).
        rng: The generator to draw from: a ``random.Random`` (or anything with its
            ``randrange`` and ``shuffle``, such as the ``random`` module).
        history: ``True`` for the whole round (sampled deal, public history replayed, so that
            ``world.view(view.seat) == view``); ``False`` for the current position only
            (:meth:`bergen.RoundState.from_position`, faster, for search).

    Returns:
        A :class:`~bergen.round.RoundState`.

    Raises:
        PositionError: when ``view`` is not a :class:`~bergen.view.PlayerView`, its seat is not
            one of its table's seats, or no world is consistent with the view.
        BergenError: when ``rng`` is not a generator (``None``, a seed, a NumPy generator:
            anything without ``randrange`` and ``shuffle``; or a class such as
            ``random.Random`` itself).
    """
    _check_view(view, "sample_world")
    _check_rng(rng, "sample_world")
    return sampler_for(view).sample(rng, history=history)


# ------------------------------------------------------------------ the preparation
# Where the hidden tiles of a view can be: the hidden tiles' slots (each other seat's dealt
# tiles and draws, the boneyard's remaining positions), the voids and plays that constrain them
# (rules 2, 4 and 8), the slots grouped by the tiles they admit, and the exact count of the
# placements by dynamic programming over the tiles.


@attrs.define
class _Slot:
    """A place a tile sat in: a dealt tile or one draw from the boneyard."""

    seat: int
    acquired: float  # when the seat got it (see _Timeline for the time scale)
    position: int | None  # boneyard position for a draw, None for a dealt tile
    require: int = FULL_MASK  # tiles this slot may hold at all


def _prepare(sampler: WorldSampler) -> None:
    """Work out the slots, the groups and the counts of ``sampler.view`` (see WorldSampler)."""
    view = sampler.view
    rules = view.rules
    seats = view.seats
    me = view.seat
    history = view.history
    table = rules.for_table(seats)
    sampler._reserve = table.reserve
    start_line = _start_line(view)
    sampler._start_line = start_line
    lead_draws = view.lead_draws
    n_draws = sum(1 for a in history if isinstance(a.move, Draw))
    # Boneyard positions: lead draws first, then the history's draws, then what remains.
    sampler._n_lead_draws = len(lead_draws)
    sampler._n_positions = len(lead_draws) + n_draws
    # Time scale: dealt -3, lead draws -2 (the last -1), the "no double held" void -1.5,
    # the lead rule's void -0.5, action i at i (its void at i, its draw acquired at i+0.5),
    # the final block n+1.
    slots: list[_Slot] = []
    voids_at: list[list[tuple[float, int]]] = [[] for _ in range(seats)]
    played: list[list[tuple[int, float]]] = [[] for _ in range(seats)]  # (tile, time)
    pinned: dict[int, int] = {}  # slot index -> tile
    own_draw_at: dict[int, int] = {}  # boneyard position -> tile (this seat's draws)
    own_draws = list(view.own_draws)
    draw_counts = [0] * seats
    play_counts = [0] * seats
    own_played = 0
    for s in lead_draws:
        draw_counts[s] += 1
    for a in history:
        if isinstance(a.move, Draw):
            draw_counts[a.seat] += 1
        elif isinstance(a.move, Lead | Play):
            play_counts[a.seat] += 1
            if a.seat == me:
                own_played |= a.move.tile.mask
    dealt = [view.tile_counts[s] + play_counts[s] - draw_counts[s] for s in range(seats)]
    if min(dealt) < 0 or len(own_draws) != draw_counts[me]:
        raise PositionError("the view's counts do not add up: no round gives this view")
    own_drawn_mask = tile_mask(own_draws)
    own_start = (view.hand.mask | own_played) & ~own_drawn_mask
    own_draw_iter = iter(own_draws)
    slot_of_position: dict[int, int] = {}
    for s in range(seats):
        if s != me:
            slots.extend(_Slot(s, -3.0, None) for _ in range(dealt[s]))
    pos = 0
    lead_played = any(isinstance(a.move, Lead) for a in history)
    for j, s in enumerate(lead_draws):
        last = j == len(lead_draws) - 1
        if s == me:
            own_draw_at[pos] = next(own_draw_iter).index
        else:
            slot = _Slot(s, -1.0 if last else -2.0, pos)
            if last and not lead_played:
                slot.require = DOUBLES_MASK
            slot_of_position[pos] = len(slots)
            slots.append(slot)
        pos += 1
    if lead_draws:
        for s in range(seats):
            voids_at[s].append((-1.5, DOUBLES_MASK))
    # The line before each action, the voids, the plays and the not-blocked checks.
    line = start_line
    bone = view.boneyard_size + n_draws
    checks: list[tuple[int, int]] = []  # (after action i, ends mask); i = -1: the start
    if start_line.lead is not None and _drawable(sampler, bone) == 0:
        checks.append((-1, FIT[start_line.left] | FIT[start_line.right]))  # type: ignore[index]
    last_i = len(history) - 1
    blocked_at_end = view.outcome is not None and view.outcome.kind is OutcomeKind.BLOCKED
    for i, a in enumerate(history):
        s = a.seat
        move = a.move
        if isinstance(move, Draw | Pass):
            if line.lead is None:
                raise PositionError("a draw or pass before the lead: no round gives this view")
            mask = FIT[line.left] | FIT[line.right]  # type: ignore[index]
            voids_at[s].append((float(i), mask))
            if isinstance(move, Draw):
                if s == me:
                    own_draw_at[pos] = next(own_draw_iter).index
                else:
                    slot_of_position[pos] = len(slots)
                    slots.append(_Slot(s, i + 0.5, pos))
                pos += 1
                bone -= 1
                after_drawable = max(0, bone - sampler._reserve)
                if after_drawable == 0 and not (i == last_i and blocked_at_end):
                    checks.append((i, mask))
            continue
        if isinstance(move, Lead):
            if line.lead is not None:
                raise PositionError("a lead on a line already laid: no round gives this view")
            line = line.start(move.tile)
            if s != me:
                if lead_draws and lead_draws[-1] == s:
                    pinned[slot_of_position[len(lead_draws) - 1]] = move.tile.index
                else:
                    played[s].append((move.tile.index, float(i)))
            if not lead_draws and isinstance(rules.lead, LowestDouble | HighestDouble):
                low = isinstance(rules.lead, LowestDouble)
                other = tile_mask(
                    d
                    for d in TILES
                    if d.is_double and (d.index < move.tile.index if low else d > move.tile)
                )
                for t in range(seats):
                    voids_at[t].append((-0.5, other))
        else:
            assert isinstance(move, Play)
            prev = history[i - 1] if i > 0 else None
            line = line.place(move.tile, move.end)
            if s != me:
                if prev is not None and prev.seat == s and isinstance(prev.move, Draw):
                    pinned[slot_of_position[pos - 1]] = move.tile.index
                else:
                    played[s].append((move.tile.index, float(i)))
        if _drawable(sampler, bone) == 0 and not (i == last_i and view.outcome is not None):
            checks.append((i, FIT[line.left] | FIT[line.right]))  # type: ignore[index]
    if line != view.line:
        raise PositionError("the history does not rebuild the line: no round gives this view")
    if blocked_at_end:
        ends_mask = FIT[line.left] | FIT[line.right]  # type: ignore[index]
        for s in range(seats):
            voids_at[s].append((len(history) + 1.0, ends_mask))
    sampler._slots = slots
    sampler._pinned = pinned
    sampler._own_draw_at = own_draw_at
    sampler._own_start = own_start
    sampler._dealt = dealt
    sampler._checks = checks
    _build_groups(sampler, slots, voids_at, played, pinned)


def _drawable(sampler: WorldSampler, boneyard: int) -> int:
    if not sampler.view.rules.drawing:
        return 0
    return max(0, boneyard - sampler._reserve)


def _build_groups(
    sampler: WorldSampler,
    slots: list[_Slot],
    voids_at: list[list[tuple[float, int]]],
    played: list[list[tuple[int, float]]],
    pinned: dict[int, int],
) -> None:
    view = sampler.view
    hidden = FULL_MASK & ~view.hand.mask & ~_line_mask(view.line)
    sampler._hidden = hidden
    # Group the free slots by the tiles they admit.
    group_key: dict[tuple[object, ...], int] = {}
    group_slots: list[list[int]] = []
    group_kept: list[int] = []
    group_played: list[set[int]] = []  # indexes into the tile list below
    tiles: list[int] = []
    tile_seat: list[int] = []
    played_index: dict[tuple[int, int], int] = {}
    for s, plays in enumerate(played):
        for t, _ in plays:
            played_index[(s, t)] = len(tiles)
            tiles.append(t)
            tile_seat.append(s)
    n_played = len(tiles)
    for tile in tiles_of_mask(hidden):
        tiles.append(tile.index)
        tile_seat.append(-1)
    for k, slot in enumerate(slots):
        if k in pinned:
            pin = pinned[k]
            if not slot.require >> pin & 1:
                raise PositionError("no world fits the view (a pinned draw breaks a rule)")
            continue
        s = slot.seat
        forbid = 0
        for when, mask in voids_at[s]:
            if when > slot.acquired:
                forbid |= mask
        kept = hidden & ~forbid & slot.require
        ok_played: list[int] = []
        for t, when in played[s]:
            if slot.acquired >= when or not slot.require >> t & 1:
                continue
            between = 0
            for vt, mask in voids_at[s]:
                if slot.acquired < vt < when:
                    between |= mask
            if not between >> t & 1:
                ok_played.append(played_index[(s, t)])
        key = (s, kept, tuple(ok_played))
        g = group_key.get(key)
        if g is None:
            g = group_key[key] = len(group_slots)
            group_slots.append([])
            group_kept.append(kept)
            group_played.append(set(ok_played))
        group_slots[g].append(k)
    n_groups = len(group_slots)
    bone_group = n_groups  # the boneyard's remaining positions
    caps = [len(g) for g in group_slots] + [view.boneyard_size]
    allowed: list[tuple[int, ...]] = []
    for i, t in enumerate(tiles):
        if i < n_played:
            options = [g for g in range(n_groups) if i in group_played[g]]
        else:
            options = [g for g in range(n_groups) if group_kept[g] >> t & 1]
            options.append(bone_group)
        allowed.append(tuple(options))
    if sum(caps) != len(tiles):
        raise PositionError(
            f"the view's counts do not add up ({sum(caps)} places for {len(tiles)} hidden "
            "tiles): no round gives this view"
        )
    sampler._tiles = tiles
    sampler._allowed = allowed
    sampler._group_slots = group_slots
    sampler._caps = caps
    _count(sampler)


def _count(sampler: WorldSampler) -> None:
    """Forward dynamic programming: layer ``i`` maps the remaining capacities (one digit per
    group) to the number of ways to place the first ``i`` tiles and reach them.
    """
    caps = sampler._caps
    allowed = sampler._allowed
    n = len(sampler._tiles)
    mult: list[int] = []
    m = 1
    for c in caps:
        mult.append(m)
        m *= c + 1
    # avail[i][g]: tiles i.. that may go to group g (to prune dead states).
    avail = [[0] * len(caps) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row = avail[i]
        row[:] = avail[i + 1]
        for g in allowed[i]:
            row[g] += 1
    start = sum(c * mu for c, mu in zip(caps, mult, strict=True))
    layers: list[dict[int, int]] = [{start: 1}]
    for i in range(n):
        nxt: dict[int, int] = {}
        nav = avail[i + 1]
        options = allowed[i]
        for state, count in layers[i].items():
            for g in options:
                mu = mult[g]
                rem = state // mu % (caps[g] + 1)
                if rem == 0 or rem - 1 > nav[g]:
                    continue
                ns = state - mu
                # Prune: every other group this tile could have filled must still fit.
                dead = False
                for h in options:
                    if h != g and ns // mult[h] % (caps[h] + 1) > nav[h]:
                        dead = True
                        break
                if not dead:
                    nxt[ns] = nxt.get(ns, 0) + count
        layers.append(nxt)
    sampler._mult = mult
    sampler._layers = layers
    sampler.count = layers[n].get(0, 0)
    if sampler.count == 0:
        raise PositionError("no world is consistent with this view")
