"""Where the hidden tiles of a view can be, and how many ways to place them (internal).

The preparation of a :class:`~bergen.sampling.WorldSampler`: the hidden tiles' *slots* (each
other seat's dealt tiles and draws, the boneyard's remaining positions), the voids and plays
that constrain them (rules 2, 4 and 8), the slots grouped by the tiles they admit, and the exact
count of the placements by dynamic programming over the tiles. Nothing here is public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bergen.errors import PositionError
from bergen.events import OutcomeKind
from bergen.moves import Draw, Lead, Pass, Play
from bergen.playerview import _line_mask, _start_line
from bergen.rules import HighestDouble, LowestDouble
from bergen.tiles import DOUBLES_MASK, FIT, FULL_MASK, TILES, tile_mask, tiles_of_mask

if TYPE_CHECKING:
    from bergen.sampling import WorldSampler


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
