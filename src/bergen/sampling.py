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

from bergen.deal import Deal
from bergen.errors import BergenError, PositionError, _brief
from bergen.events import OutcomeKind
from bergen.hands import Hand
from bergen.kernel.actions import DRAW as DRAW_ID
from bergen.kernel.actions import LEAD as LEAD_ID
from bergen.kernel.play import LEFT_DOUBLE, RIGHT_DOUBLE, start_position
from bergen.kernel.sample import (
    NOT_OVER,
    OVER,
    SampleError,
    consistent,
    current,
    draw,
    prepare,
    start_ends,
)
from bergen.moves import action_of
from bergen.playerview import PlayerView, _line_mask, _start_line
from bergen.round import RoundContext, RoundState
from bergen.rules.table import kernel_table
from bergen.tiles import TILES, tiles_of_mask

__all__ = ["WorldSampler", "sample_world", "sampler_for"]


def _check_view(view: object, taker: str) -> None:
    """Refuse anything but a :class:`~bergen.view.PlayerView` of one of its table's seats,
    naming the argument (a ``PositionError``).
    """
    if not isinstance(view, PlayerView):
        raise PositionError(
            f"{taker} takes view, a PlayerView (see RoundState.view), got {_brief(view)}"
        )
    counts = view.tile_counts
    if not isinstance(counts, tuple) or not 2 <= len(counts) <= 4:
        raise PositionError(
            f"{taker}: the view's tile_counts are one int per seat of 2..4, got {_brief(counts)}"
        )
    seats = view.seats
    for name in ("seat", "to_move", "dealer"):
        value = getattr(view, name)
        if type(value) is not int or not 0 <= value < seats:
            raise PositionError(
                f"{taker}: the view's {name} {_brief(value)} is not a seat of its table of "
                f"{seats} (0..{seats - 1})"
            )
    if not all(type(n) is int and 0 <= n <= 28 for n in counts):
        raise PositionError(f"{taker}: the view's tile_counts are ints 0..28, got {_brief(counts)}")


def _check_rng(rng: object, taker: str) -> None:
    """Refuse a generator without ``random.Random``'s ``randrange`` and ``shuffle``, and a class
    (``random.Random`` itself rather than ``random.Random(seed)``).
    """
    if isinstance(rng, type) or not (
        callable(getattr(rng, "randrange", None)) and callable(getattr(rng, "shuffle", None))
    ):
        raise BergenError(
            f"{taker} takes rng, a random.Random (for example random.Random(seed)), got "
            f"{_brief(rng)}"
        )


def _check_max_tries(max_tries: object, taker: str) -> None:
    """Refuse a ``max_tries`` that is not an int >= 1 (a bool is not a count)."""
    if type(max_tries) is not int or max_tries < 1:
        raise BergenError(f"{taker} takes max_tries, an int >= 1, got {_brief(max_tries)}")


class WorldSampler:
    """Exact, uniform sampling of the worlds consistent with one view.

    The hidden tiles are given *slots*: each other seat's dealt tiles and each of its draws
    (a boneyard position), and the boneyard's remaining positions. A tile still hidden may sit
    in a seat's slot only if it avoids every void that seat showed after getting that slot; a
    tile another seat has played sat in one of that seat's slots got before the play and avoids
    the voids in between; the tile that ended a run of draws is the one drawn last. Slots that
    admit the same tiles form groups, tiles open to the same groups form classes, and the
    placements of the classes' tiles in the groups are counted exactly by dynamic programming
    over the classes, then sampled backwards in proportion to those counts; tiles are ordered
    at random within a group. The few constraints that are not about single tiles (which double
    leads, that the round was not blocked earlier, who won a blocked hand) are checked
    afterwards and a world failing them is drawn again (rejection), which keeps the result
    exactly uniform. The work is plain functions of the kernel (:mod:`bergen.kernel.sample`),
    compiled in the compiled build.

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

    def __init__(self, view: PlayerView) -> None:
        """Work out the slots, the groups and the counts for ``view``."""
        _check_view(view, "WorldSampler")
        self.view = view
        self._start_scores: tuple[int, ...] | None = None
        self._table = kernel_table(view.rules, view.seats)
        history = [(a.seat, action_of(a.move)) for a in view.history]
        line = view.line
        if (
            line.lead is None
            or view.from_deal
            or any(a >= LEAD_ID and a < DRAW_ID for _, a in history)
        ):
            left = right = -1
        else:
            left, right = start_ends(line.left, line.right, history)  # type: ignore[arg-type]
        outcome = view.outcome
        if outcome is None:
            final = NOT_OVER
        elif outcome.kind is OutcomeKind.BLOCKED:
            final = -1 if outcome.side is None else outcome.side
        else:
            final = OVER
        try:
            self._plan = prepare(
                self._table,
                view.seat,
                view.hand.mask,
                _line_mask(line),
                list(view.tile_counts),
                view.boneyard_size,
                list(view.lead_draws),
                [t.index for t in view.own_draws],
                history,
                left,
                right,
                final,
                view.to_move,
            )
        except SampleError as e:
            raise PositionError(str(e)) from None
        self.count = self._plan.count

    # ------------------------------------------------------------------ sampling

    def _sample_raw(
        self, rng: random.Random, max_tries: int
    ) -> tuple[list[int], list[int], list[int]]:
        plan = self._plan
        table = self._table
        bits = getattr(rng, "getrandbits", None)
        if not callable(bits):
            randrange = rng.randrange

            def bits(k: int) -> int:
                return randrange(1 << k)

        for _ in range(max_tries):
            start, by_position, remaining = draw(plan, bits)
            if consistent(table, plan, start, by_position):
                return start, by_position, remaining
        raise PositionError(
            f"no consistent world found in {max_tries} tries: the view may be one no round gives"
        )

    def sample_masks(
        self, rng: random.Random, *, max_tries: int = 100_000
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Draw one world as the kernel sees it, uniformly among those consistent with the view:
        the fastest way to sample, for search on the kernel (:mod:`bergen.kernel.rollout`,
        :mod:`bergen.kernel.solve`).

        Args:
            rng: The generator to draw from, as for :meth:`sample`.
            max_tries: As for :meth:`sample`.

        Returns:
            ``(masks, boneyard)``: every seat's hand now as a tile mask (bit ``tile.index``), and
            the boneyard's tile indexes now, top first (the reserve included). With the view's
            line, seat to move and scores, they are the world's kernel position
            (:data:`bergen.kernel.play.Position`, nothing drawn from this boneyard yet).

        Raises:
            BergenError: as for :meth:`sample`.
            PositionError: as for :meth:`sample`.
        """
        _check_rng(rng, "WorldSampler.sample_masks")
        _check_max_tries(max_tries, "WorldSampler.sample_masks")
        start, by_position, remaining = self._sample_raw(rng, max_tries)
        return tuple(current(self._plan, start, by_position)), tuple(remaining)

    def sample(
        self, rng: random.Random, *, history: bool = True, max_tries: int = 100_000
    ) -> RoundState:
        """Draw one world, uniformly among those consistent with the view.

        Args:
            rng: The generator to draw from (the only source of randomness): a
                ``random.Random``, or anything with its ``randrange`` and ``shuffle`` (its
                ``getrandbits`` is used when it has one).
            history: ``True`` (default): the whole round, started from the sampled deal (or
                the sampled set-up position) with the public history replayed on it, so that
                ``world.view(seat) == view``, ``world.deal`` and ``world.history`` (with every
                drawn tile) are filled in. ``False``: only the current position, as
                :meth:`bergen.RoundState.from_position` would build it (no history, faster; for
                search). A round that is over always comes with its history.
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

    def sample_start(self, rng: random.Random, *, max_tries: int = 100_000) -> RoundState:
        """Draw one world, uniformly among those consistent with the view, as the round stood
        at its first position (after the deal, or the set-up position), before the view's
        public history: replaying ``view.history`` on it gives the world :meth:`sample` would
        give (for inference that replays the history itself, weighing the moves made).

        Args:
            rng: The generator to draw from, as for :meth:`sample`.
            max_tries: As for :meth:`sample`.

        Returns:
            The world at its first position, a :class:`~bergen.round.RoundState`, with the
            scores before the round.

        Raises:
            BergenError: as for :meth:`sample`.
            PositionError: as for :meth:`sample`, or when no score before the round explains
                the view's scores (a view built by hand that no round gives).
        """
        _check_rng(rng, "WorldSampler.sample_start")
        _check_max_tries(max_tries, "WorldSampler.sample_start")
        start, by_position, remaining = self._sample_raw(rng, max_tries)
        if self._start_scores is None:
            self._start_scores = self._find_start_scores(start, by_position, remaining)
        return self._first(start, by_position, remaining, self._start_scores)

    def _current(
        self, start: list[int], by_position: list[int], remaining: list[int]
    ) -> RoundState:
        """The world now, built as ``RoundState.from_position`` builds it (the view already
        holds a consistent line, seat to move and scores, so nothing is checked again).
        """
        view = self.view
        masks = tuple(current(self._plan, start, by_position))
        line = view.line
        table = self._table
        context = RoundContext(
            rules=view.rules,
            seats=table.seats,
            target=table.target,
            dealer=view.dealer,
            lead_draws=(),
            deal=None,
            boneyard=tuple(remaining),
            reserve=table.reserve,
            start_line=line,
            table=table,
        )
        if line.lead is None:
            position = start_position(masks)
        else:
            flags = (LEFT_DOUBLE if line.left_double else 0) | (
                RIGHT_DOUBLE if line.right_double else 0
            )
            position = (masks, line.left, line.right, flags, 0)  # type: ignore[assignment]
        return RoundState(
            to_move=view.to_move,
            scores=view.scores,
            context=context,
            position=position,
        )

    def _first(
        self,
        start: list[int],
        by_position: list[int],
        remaining: list[int],
        scores: Sequence[int],
    ) -> RoundState:
        """The world at the round's first position, with the scores before the round."""
        view = self.view
        boneyard = [TILES[t] for t in by_position] + [TILES[t] for t in remaining]
        if view.from_deal:
            deal = Deal([tiles_of_mask(m) for m in start], boneyard)
            return RoundState.start(deal, view.rules, dealer=view.dealer, scores=scores)
        to_move = view.history[0].seat if view.history else view.to_move
        return RoundState.from_position(
            [Hand(m) for m in start],
            boneyard,
            _start_line(view),
            to_move,
            view.rules,
            scores=scores,
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
        state = self._first(start, by_position, remaining, scores)
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
