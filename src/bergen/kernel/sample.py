"""Exact, uniform sampling of the hidden tiles of one seat's view (rules 1-4 and 8), on ints.

The layer above (:mod:`bergen.sampling`) reads a view into plain values and calls
:func:`prepare` once; :func:`draw` then gives one placement of the hidden tiles per call,
uniformly among the deals consistent with the view.

**Slots.** Every tile another seat holds or held sits in a *slot*: one per tile it was dealt,
and one per tile it drew (a boneyard position). A slot has a time, when the seat got it; the
times below are doubled so that they stay ints: dealt -6, lead draws -4 (the last one -2), the
void "nobody was dealt a double" -3, the lead rule's void -1, action ``i`` of the history at
``2 i`` (its void at ``2 i``, the tile it drew got at ``2 i + 1``), a final block at
``2 n + 2``.

**Constraints.** A seat that drew or passed at ends ``a`` and ``b`` held no tile carrying ``a``
or ``b`` (rule 4): a *void* at that time. A hidden tile may sit in a slot only if no void of
that seat after the slot's time contains it. A tile another seat played sat in one of its slots
got before the play, with no void containing it in between; a tile drawn and played at once is
*pinned* to that draw. The slots that admit the same tiles (and the same played tiles) form a
*group*; the boneyard's remaining positions are one more group.

**Counting.** Tiles that may go to the same groups form a *class*; the placements of the
classes' tiles in the groups (as many tiles in a group as it has slots) are counted exactly by
dynamic programming over the classes, the state being the capacities left in the groups, each
transition a multinomial coefficient. :func:`draw` samples a placement backwards in proportion
to those counts, then orders the tiles uniformly within each group. The few constraints that are
not about single tiles (which double leads, rule 2; that the round was not blocked earlier and
who won a blocked hand, rule 8) are checked on each placement by :func:`consistent`, and a
placement failing them is drawn again by the caller (rejection), which keeps the result exactly
uniform.

Randomness comes from ``bits(k)``, a uniform int in ``[0, 2**k)`` (``random.Random.getrandbits``),
turned into exact uniform choices by rejection.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bergen.kernel.actions import DRAW, LEAD
from bergen.kernel.deal import required_lead
from bergen.kernel.table import (
    HIGHEST_DOUBLE,
    LOWEST_DOUBLE,
    Table,
    blocked_winner,
    drawable,
)
from bergen.kernel.tiles import DOUBLES_MASK, FIT, FULL_MASK, HIGH, N_TILES, OTHER

NOT_OVER = -3
"""``final`` of :func:`prepare`: the round goes on."""
OVER = -2
"""``final`` of :func:`prepare`: the round is over, not blocked."""


def _factorials() -> tuple[int, ...]:
    out = [1]
    for i in range(1, N_TILES + 1):
        out.append(out[i - 1] * i)
    return tuple(out)


FACTORIALS: Final[tuple[int, ...]] = _factorials()
"""``FACTORIALS[n]``: ``n!`` for ``n`` up to 28."""


class SampleError(ValueError):
    """No round gives the view: its counts or history contradict each other."""


class Plan:
    """What :func:`prepare` works out for one view, read by :func:`draw` and :func:`consistent`.

    Attributes:
        seats: The number of seats.
        count: The number of placements before the checks that are not about single tiles (an
            int, possibly large).
    """

    def __init__(self) -> None:
        """An empty plan, filled in by :func:`prepare`."""
        self.seats = 0
        self.me = 0
        self.count = 0
        self.own_start = 0
        self.n_positions = 0
        self.n_lead = 0
        self.fixed: list[int] = []  # tile per boneyard position known beforehand, -1 unknown
        self.group_seat: list[int] = []
        self.group_positions: list[list[int]] = []  # per group: its slots' positions (-1 dealt)
        self.group_shuffle: list[bool] = []  # whether the order within the group matters
        self.class_tiles: list[list[int]] = []
        self.class_options: list[list[int]] = []
        self.caps: list[int] = []
        self.mult: list[int] = []
        # moves[i][state]: how class i's tiles reach ``state`` (capacities left after it):
        # (ways, capacities before it, tiles per option).
        self.moves: list[dict[int, list[tuple[int, int, list[int]]]]] = []
        self.history: list[tuple[int, int]] = []
        self.lead_draws: list[int] = []
        self.lead_check = False
        self.leader = -1
        self.checks: list[tuple[int, int]] = []
        self.final = NOT_OVER


def randbelow(bits: Callable[[int], int], n: int) -> int:
    """A uniform int in ``[0, n)`` (``n >= 1``) from ``bits``, by rejection."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle_in_place(bits: Callable[[int], int], items: list[int]) -> None:
    """Fisher-Yates: every order of ``items`` equally likely."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(bits, i + 1)
        items[i], items[j] = items[j], items[i]


def start_ends(left: int, right: int, history: list[tuple[int, int]]) -> tuple[int, int]:
    """The open ends before the history's plays, from the ends after them (-1: no lead)."""
    for k in range(len(history) - 1, -1, -1):
        action = history[k][1]
        if action < LEAD:
            t = action >> 1
            if action & 1:
                right = OTHER[t][right]
            else:
                left = OTHER[t][left]
    return left, right


def prepare(
    table: Table,
    me: int,
    hand: int,
    line_mask: int,
    tile_counts: list[int],
    boneyard_size: int,
    lead_draws: list[int],
    own_draws: list[int],
    history: list[tuple[int, int]],
    start_left: int,
    start_right: int,
    final: int,
    to_move: int,
) -> Plan:
    """Work out the slots, groups, classes and counts of a view.

    Args:
        table: The rules at this table.
        me: The viewing seat.
        hand: Its hand mask.
        line_mask: The mask of the tiles on the line.
        tile_counts: Tiles each seat holds now.
        boneyard_size: Tiles in the boneyard now, the reserve included.
        lead_draws: The seats that drew in turn for a lead double, in order.
        own_draws: The tile indexes ``me`` drew, oldest first (its lead draws first).
        history: The public history as ``(seat, action id)``, oldest first.
        start_left: The left open end before the history (-1: the round starts from its deal
            or before the lead).
        start_right: The right open end before the history.
        final: :data:`NOT_OVER`, :data:`OVER`, or for a blocked hand the winning side
            (-1: nobody).
        to_move: The seat to move now (the leader when the history is empty).

    Returns:
        The :class:`Plan`.

    Raises:
        SampleError: when no round gives the view.
    """
    seats = table.seats
    plan = Plan()
    plan.seats = seats
    plan.me = me
    plan.history = history
    plan.lead_draws = lead_draws
    plan.final = final
    n = len(history)
    n_draws = 0
    draw_counts = [0] * seats
    play_counts = [0] * seats
    own_played = 0
    lead_played = False
    for s in lead_draws:
        draw_counts[s] += 1
    for s, action in history:
        if action == DRAW:
            draw_counts[s] += 1
            n_draws += 1
        elif action < DRAW:
            play_counts[s] += 1
            t = action >> 1 if action < LEAD else action - LEAD
            if s == me:
                own_played |= 1 << t
            if action >= LEAD:
                lead_played = True
    dealt = [tile_counts[s] + play_counts[s] - draw_counts[s] for s in range(seats)]
    if min(dealt) < 0 or len(own_draws) != draw_counts[me]:
        raise SampleError("the view's counts do not add up: no round gives this view")
    own_drawn = 0
    for t in own_draws:
        own_drawn |= 1 << t
    plan.own_start = (hand | own_played) & ~own_drawn
    n_lead = len(lead_draws)
    plan.n_lead = n_lead
    n_positions = n_lead + n_draws
    plan.n_positions = n_positions
    fixed = [-1] * n_positions
    # Slots as parallel lists: seat, time, position (-1 dealt), required mask.
    slot_seat: list[int] = []
    slot_time: list[int] = []
    slot_pos: list[int] = []
    slot_req: list[int] = []
    slot_pin: list[int] = []  # the tile pinned to the slot, or -1
    slot_n: list[int] = []  # how many slots alike: a seat's dealt tiles are one entry
    voids: list[list[tuple[int, int]]] = [[] for _ in range(seats)]
    played: list[list[tuple[int, int]]] = [[] for _ in range(seats)]  # (tile, time)
    for s in range(seats):
        if s != me and dealt[s]:
            slot_seat.append(s)
            slot_time.append(-6)
            slot_pos.append(-1)
            slot_req.append(FULL_MASK)
            slot_pin.append(-1)
            slot_n.append(dealt[s])
    slot_at = [-1] * n_positions  # boneyard position -> slot index
    own_i = 0
    for j in range(n_lead):
        s = lead_draws[j]
        last = j == n_lead - 1
        if s == me:
            fixed[j] = own_draws[own_i]
            own_i += 1
        else:
            slot_at[j] = len(slot_seat)
            slot_seat.append(s)
            slot_time.append(-2 if last else -4)
            slot_pos.append(j)
            slot_req.append(DOUBLES_MASK if last and not lead_played else FULL_MASK)
            slot_pin.append(-1)
            slot_n.append(1)
    if n_lead:
        for s in range(seats):
            voids[s].append((-3, DOUBLES_MASK))
    left = start_left
    right = start_right
    bone = boneyard_size + n_draws
    checks: list[tuple[int, int]] = []  # (after action i, ends mask); i = -1: the start
    drawing = table.drawing
    any_time = table.draw_any_time
    reserve = table.reserve
    if left >= 0 and drawable(table, bone) == 0:
        checks.append((-1, FIT[left] | FIT[right]))
    pos = n_lead
    for i in range(n):
        s, action = history[i]
        if action >= DRAW:
            if left < 0:
                raise SampleError("a draw or pass before the lead: no round gives this view")
            ends = FIT[left] | FIT[right]
            if action != DRAW or not any_time:  # a draw at any time says nothing (rule 4)
                voids[s].append((2 * i, ends))
            if action == DRAW:
                if s == me:
                    fixed[pos] = own_draws[own_i]
                    own_i += 1
                else:
                    slot_at[pos] = len(slot_seat)
                    slot_seat.append(s)
                    slot_time.append(2 * i + 1)
                    slot_pos.append(pos)
                    slot_req.append(FULL_MASK)
                    slot_pin.append(-1)
                    slot_n.append(1)
                pos += 1
                bone -= 1
                if not (drawing and bone > reserve) and not (i == n - 1 and final >= -1):
                    checks.append((i, ends))
            continue
        if action >= LEAD:
            if left >= 0:
                raise SampleError("a lead on a line already laid: no round gives this view")
            t = action - LEAD
            left = HIGH[t]
            right = HIGH[t]
            if s != me:
                if n_lead and lead_draws[n_lead - 1] == s and slot_at[n_lead - 1] >= 0:
                    slot_pin[slot_at[n_lead - 1]] = t
                else:
                    played[s].append((t, 2 * i))
            if not n_lead and table.lead_rule in (LOWEST_DOUBLE, HIGHEST_DOUBLE):
                if table.lead_rule == LOWEST_DOUBLE:
                    other = DOUBLES_MASK & ((1 << t) - 1)
                else:
                    other = DOUBLES_MASK & ~((2 << t) - 1)
                for v in range(seats):
                    voids[v].append((-1, other))
        else:
            if left < 0:
                raise SampleError("a play before the lead: no round gives this view")
            t = action >> 1
            if action & 1:
                right = OTHER[t][right]
            else:
                left = OTHER[t][left]
            if s != me:
                # The play that ends a run of draws is the tile drawn last, unless a seat may
                # draw while a tile fits: then it may play a tile it held before.
                if i > 0 and history[i - 1][0] == s and history[i - 1][1] == DRAW and not any_time:
                    slot_pin[slot_at[pos - 1]] = t
                else:
                    played[s].append((t, 2 * i))
        if not (drawing and bone > reserve) and not (i == n - 1 and final != NOT_OVER):
            checks.append((i, FIT[left] | FIT[right]))
    if final >= -1:  # blocked: every seat void in both ends at the end
        ends = FIT[left] | FIT[right]
        for s in range(seats):
            voids[s].append((2 * n + 2, ends))
    plan.checks = checks
    plan.lead_check = start_left < 0
    plan.leader = history[0][0] if history else to_move
    hidden = FULL_MASK & ~hand & ~line_mask
    # The played tiles, each seat's in order (the hidden tiles are handled as one mask).
    tiles: list[int] = []
    played_index: dict[int, int] = {}  # seat * 32 + tile -> index in tiles
    for s in range(seats):
        for t, _ in played[s]:
            played_index[s * 32 + t] = len(tiles)
            tiles.append(t)
    n_played = len(tiles)
    n_hidden = hidden.bit_count()
    # Group the free slots by what they admit: the hidden tiles, and the played tiles (a mask
    # over their indexes in ``tiles``).
    group_of: dict[tuple[int, int, int], int] = {}
    group_kept: list[int] = []
    group_played: list[int] = []
    for k in range(len(slot_seat)):
        pin = slot_pin[k]
        if pin >= 0:
            if not slot_req[k] >> pin & 1:
                raise SampleError("no world fits the view (a pinned draw breaks a rule)")
            fixed[slot_pos[k]] = pin
            continue
        s = slot_seat[k]
        when = slot_time[k]
        req = slot_req[k]
        forbid = 0
        for vt, mask in voids[s]:
            if vt > when:
                forbid |= mask
        kept = hidden & ~forbid & req
        ok = 0
        for t, pt in played[s]:
            if when >= pt or not req >> t & 1:
                continue
            between = 0
            for vt, mask in voids[s]:
                if when < vt < pt:
                    between |= mask
            if not between >> t & 1:
                ok |= 1 << played_index[s * 32 + t]
        key = (s, kept, ok)
        g = group_of.get(key, -1)
        if g < 0:
            g = len(group_kept)
            group_of[key] = g
            group_kept.append(kept)
            group_played.append(ok)
            plan.group_seat.append(s)
            plan.group_positions.append([])
            plan.group_shuffle.append(False)
        positions = plan.group_positions[g]
        p = slot_pos[k]
        for _ in range(slot_n[k]):
            positions.append(p)
        if p >= 0:
            plan.group_shuffle[g] = True
    plan.fixed = fixed
    n_groups = len(group_kept)
    caps = [len(p) for p in plan.group_positions]
    caps.append(boneyard_size)
    if sum(caps) != n_played + n_hidden:
        raise SampleError(
            f"the view's counts do not add up ({sum(caps)} places for {n_played + n_hidden} "
            "hidden tiles): no round gives this view"
        )
    # Classes: tiles with the same groups open to them. Each played tile by its groups (a mask
    # over the groups) ...
    class_of: dict[int, int] = {}
    for i in range(n_played):
        open_to = 0
        for g in range(n_groups):
            if group_played[g] >> i & 1:
                open_to |= 1 << g
        c = class_of.get(open_to, -1)
        if c < 0:
            c = len(plan.class_tiles)
            class_of[open_to] = c
            plan.class_tiles.append([])
            plan.class_options.append(_bits_of(open_to))
        plan.class_tiles[c].append(tiles[i])
    # ... and the hidden tiles by refining the hidden mask group by group: each part is a mask
    # of tiles open to the same groups (and always to the boneyard's remaining positions).
    parts = [hidden]
    opens = [1 << n_groups]
    for g in range(n_groups):
        kept = group_kept[g]
        new_parts: list[int] = []
        new_opens: list[int] = []
        for j in range(len(parts)):
            inside = parts[j] & kept
            outside = parts[j] & ~kept
            if inside:
                new_parts.append(inside)
                new_opens.append(opens[j] | 1 << g)
            if outside:
                new_parts.append(outside)
                new_opens.append(opens[j])
        parts = new_parts
        opens = new_opens
    for j in range(len(parts)):
        plan.class_tiles.append(_bits_of(parts[j]))
        plan.class_options.append(_bits_of(opens[j]))
    plan.caps = caps
    _count(plan)
    if plan.count == 0:
        raise SampleError("no world is consistent with this view")
    return plan


def _bits_of(mask: int) -> list[int]:
    """The indexes of the bits set in ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _splits(n: int, lo: list[int], hi: list[int]) -> list[list[int]]:
    """Every way to split ``n`` items into ``len(lo)`` parts, part ``j`` within
    ``lo[j] .. hi[j]``.
    """
    out: list[list[int]] = []
    k = len(lo)
    if k == 1:
        if lo[0] <= n <= hi[0]:
            out.append([n])
        return out
    if k == 0:
        if n == 0:
            out.append([])
        return out
    rest_lo = [0] * (k + 1)
    rest_hi = [0] * (k + 1)
    for j in range(k - 1, -1, -1):
        rest_lo[j] = rest_lo[j + 1] + lo[j]
        rest_hi[j] = rest_hi[j + 1] + hi[j]
    if rest_lo[0] > n or rest_hi[0] < n:
        return out
    part = [0] * k
    _fill(out, part, 0, n, lo, hi, rest_lo, rest_hi)
    return out


def _fill(
    out: list[list[int]],
    part: list[int],
    j: int,
    n: int,
    lo: list[int],
    hi: list[int],
    rest_lo: list[int],
    rest_hi: list[int],
) -> None:
    if j == len(lo) - 1:
        part[j] = n
        out.append(list(part))
        return
    a = n - rest_hi[j + 1]
    if a < lo[j]:
        a = lo[j]
    b = n - rest_lo[j + 1]
    if b > hi[j]:
        b = hi[j]
    for x in range(a, b + 1):
        part[j] = x
        _fill(out, part, j + 1, n - x, lo, hi, rest_lo, rest_hi)


def _count(plan: Plan) -> None:
    """Forward dynamic programming over the classes: layer ``i`` maps the capacities left (one
    mixed-radix digit per group) to the number of ways to place the tiles of the first ``i``
    classes and leave them; each transition is kept, with its weight, for :func:`draw`.
    """
    caps = plan.caps
    mult: list[int] = []
    m = 1
    for c in caps:
        mult.append(m)
        m *= c + 1
    plan.mult = mult
    fact = FACTORIALS
    # The classes open to the fewest groups first: the last ones then have little choice.
    order = sorted(
        range(len(plan.class_tiles)),
        key=lambda c: (len(plan.class_options[c]), plan.class_options[c]),
    )
    plan.class_tiles = [plan.class_tiles[c] for c in order]
    plan.class_options = [plan.class_options[c] for c in order]
    # avail[i][g]: tiles of classes i.. that may go to group g (a group must stay fillable).
    n_classes = len(plan.class_tiles)
    avail = [[0] * len(caps) for _ in range(n_classes + 1)]
    for i in range(n_classes - 1, -1, -1):
        row = avail[i]
        nxt_row = avail[i + 1]
        for g in range(len(caps)):
            row[g] = nxt_row[g]
        size = len(plan.class_tiles[i])
        for g in plan.class_options[i]:
            row[g] += size
    start = 0
    for g in range(len(caps)):
        start += caps[g] * mult[g]
    layer: dict[int, int] = {start: 1}
    moves: list[dict[int, list[tuple[int, int, list[int]]]]] = []
    for i in range(n_classes):
        nxt: dict[int, int] = {}
        back: dict[int, list[tuple[int, int, list[int]]]] = {}
        options = plan.class_options[i]
        size = len(plan.class_tiles[i])
        nav = avail[i + 1]
        for state, ways in layer.items():
            hi = [state // mult[g] % (caps[g] + 1) for g in options]
            lo = [0] * len(options)
            for j in range(len(options)):
                need = hi[j] - nav[options[j]]
                if need > 0:
                    lo[j] = need
            for split in _splits(size, lo, hi):
                ns = state
                w = fact[size]
                for j in range(len(options)):
                    x = split[j]
                    ns -= x * mult[options[j]]
                    w //= fact[x]
                weight = ways * w
                nxt[ns] = nxt.get(ns, 0) + weight
                entry = back.get(ns)
                if entry is None:
                    back[ns] = [(weight, state, split)]
                else:
                    entry.append((weight, state, split))
        moves.append(back)
        layer = nxt
    plan.moves = moves
    plan.count = layer.get(0, 0)


def draw(plan: Plan, bits: Callable[[int], int]) -> tuple[list[int], list[int], list[int]]:
    """One uniform placement of the hidden tiles, not yet checked by :func:`consistent`.

    Returns:
        ``(start, by_position, remaining)``: each seat's dealt tiles as a mask (the lead draws
        not included), the tile drawn at each boneyard position of the history (lead draws
        first), and the boneyard's remaining tiles in order, top first.
    """
    n_groups = len(plan.caps)
    in_group: list[list[int]] = [[] for _ in range(n_groups)]
    state = 0
    total = plan.count
    moves = plan.moves
    for i in range(len(plan.class_tiles) - 1, -1, -1):
        choices = moves[i][state]
        r = randbelow(bits, total)
        chosen = choices[-1]
        for choice in choices:
            if r < choice[0]:
                chosen = choice
                break
            r -= choice[0]
        split = chosen[2]
        prev = chosen[1]
        # The ways to reach prev: this choice's weight over the multinomial of its split.
        options = plan.class_options[i]
        tiles = list(plan.class_tiles[i])
        shuffle_in_place(bits, tiles)
        at = 0
        w = 1
        size = len(tiles)
        for j in range(len(options)):
            x = split[j]
            members = in_group[options[j]]
            for k in range(at, at + x):
                members.append(tiles[k])
            at += x
            w = w * _binomial(size, x)
            size -= x
        total = chosen[0] // w
        state = prev
    start = [0] * plan.seats
    start[plan.me] = plan.own_start
    by_position = list(plan.fixed)
    for g in range(n_groups - 1):
        members = in_group[g]
        if plan.group_shuffle[g]:
            shuffle_in_place(bits, members)
        positions = plan.group_positions[g]
        s = plan.group_seat[g]
        for k in range(len(members)):
            p = positions[k]
            if p < 0:
                start[s] |= 1 << members[k]
            else:
                by_position[p] = members[k]
    remaining = in_group[n_groups - 1]
    shuffle_in_place(bits, remaining)
    return start, by_position, remaining


def _binomial(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def consistent(table: Table, plan: Plan, start: list[int], by_position: list[int]) -> bool:
    """The checks that are not about single tiles: the lead rule (rule 2), no block earlier
    than the history shows, and the blocked hand's winner (rule 8).
    """
    hands = list(start)
    lead_draws = plan.lead_draws
    for j in range(len(lead_draws)):
        hands[lead_draws[j]] |= 1 << by_position[j]
    if plan.lead_check:
        t = required_lead(table, tuple(hands))
        if t < 0:
            return False
        if not hands[plan.leader] >> t & 1:
            return False
    checks = plan.checks
    if not checks and plan.final < -1:
        return True
    ci = 0
    nc = len(checks)
    if nc and checks[0][0] == -1:
        if not _any_fits(hands, checks[0][1]):
            return False
        ci = 1
    pos = plan.n_lead
    history = plan.history
    for i in range(len(history)):
        s, action = history[i]
        if action == DRAW:
            hands[s] |= 1 << by_position[pos]
            pos += 1
        elif action < LEAD:
            hands[s] &= ~(1 << (action >> 1))
        elif action < DRAW:
            hands[s] &= ~(1 << (action - LEAD))
        while ci < nc and checks[ci][0] == i:
            if not _any_fits(hands, checks[ci][1]):
                return False
            ci += 1
    if plan.final >= -1:
        return blocked_winner(table, tuple(hands)) == plan.final
    return True


def _any_fits(hands: list[int], ends: int) -> bool:
    for h in hands:
        if h & ends:
            return True
    return False


def current(plan: Plan, start: list[int], by_position: list[int]) -> list[int]:
    """The hand masks now, from a placement: the dealt hands, plus the draws, minus the plays."""
    hands = list(start)
    lead_draws = plan.lead_draws
    for j in range(len(lead_draws)):
        hands[lead_draws[j]] |= 1 << by_position[j]
    pos = plan.n_lead
    for s, action in plan.history:
        if action == DRAW:
            hands[s] |= 1 << by_position[pos]
            pos += 1
        elif action < LEAD:
            hands[s] &= ~(1 << (action >> 1))
        elif action < DRAW:
            hands[s] &= ~(1 << (action - LEAD))
    return hands
