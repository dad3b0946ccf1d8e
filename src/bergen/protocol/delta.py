"""Protocol version 2: a decision as the actions since the seat's last one.

In version 1 every ``decide`` carries the seat's whole view (about 700 bytes of JSON in a
two-seat game), which the bot reads and checks again from nothing. In version 2 the caller
sends the whole view at the first decision of a round (a ``decide``, as in version 1) and then
a ``next``: the public actions since the bot's last view, the tiles the seat drew among them,
the scores and the legal moves. The bot lays the actions on its last view and gets the new
view, equal to the one the caller holds.

- :func:`next_request` (the caller's side) gives the ``next`` for a view that follows the last
  view sent, or ``None`` when it does not (a new round, a new game, a view the caller made up):
  then the caller sends the whole view. It checks that laying the actions on the last view
  gives this view, field by field, so the bot never sees another view than the caller's.
- :func:`advance_view` (the bot's side) lays a ``next`` on the last view and checks each step:
  a ``next`` that does not follow (its ``from`` is not the length of the history the bot
  holds), a tile laid twice, played from the hand of another seat when the bot holds it, drawn
  from an empty boneyard, a drawn tile the bot holds already, scores that go down: each is a
  :class:`~bergen.protocol.ProtocolError`, never a view that is not a position.

A ``next`` carries nothing the seat may not see: the actions are the view's public history
(another seat's draw is only ``"draw"``) and ``drawn`` the tiles of the seat's own draws, which
its view names (``own_draws``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bergen.errors import PositionError, _brief
from bergen.hands import Hand
from bergen.moves import MOVES, Draw, Lead, Move, Pass, Play, action_of
from bergen.playerview import PlayerView
from bergen.protocol._write import _TEXT_OF_MOVE
from bergen.protocol.codec import Decide, Next, ProtocolError
from bergen.protocol.messages import _moves_arg
from bergen.tiles import Tile

__all__ = ["advance_view", "next_request"]

_ACTION_OF: dict[Move, int] = {m: action_of(m) for m in MOVES}
"""The kernel's action id of each move (:mod:`bergen.kernel.actions`)."""


def _placed(view: PlayerView) -> int:
    """The mask of the tiles on the line of ``view`` (bit ``i`` for ``TILES[i]``)."""
    line = view.line
    mask = 0 if line.lead is None else 1 << line.lead.index
    for t, _ in line._left_chain:
        mask |= 1 << t
    for t, _ in line._right_chain:
        mask |= 1 << t
    return mask


def next_request(
    previous: PlayerView | None,
    view: PlayerView,
    legal_moves: Sequence[Move],
    time: float | None,
) -> dict[str, Any] | None:
    """The ``next`` request that takes a bot from ``previous`` (the last view it was sent)
    to ``view``, or ``None`` when ``view`` does not follow ``previous``.

    ``view`` follows ``previous`` when it is the view of the same seat in the same round,
    later: the same rules, table, dealer and lead draws, a history and own draws that extend
    ``previous``'s, and a hand, line, tile counts, boneyard and drawable count that are what
    laying the new actions on ``previous`` gives. Then :func:`advance_view` of the request
    on ``previous`` is ``view``.

    Args:
        previous: The view of the bot's last ``decide`` or ``next`` in this game, or
            ``None`` (none yet).
        view: The view of the seat to move now.
        legal_moves: Its legal moves (not empty).
        time: Its time for the move, in seconds, or ``None``.

    Returns:
        ``{"type": "next", "from": ..., "actions": [[seat, move], ...], "drawn": [...],
        "scores": [...], "legal_moves": [...], "time": ...}``, or ``None``.

    Raises:
        ProtocolError: (``field`` naming the argument) when ``previous`` is neither a view nor
            ``None``, ``view`` not a view, ``legal_moves`` not a sequence of moves, or
            ``time`` neither a number of seconds >= 0 nor ``None`` (the checks of a
            ``decide``).
    """
    Decide(view, tuple(_moves_arg(legal_moves)), time)  # checks the arguments
    if previous is None:
        return None
    if not isinstance(previous, PlayerView):
        raise ProtocolError(
            f"previous: a PlayerView or None, got {_brief(previous)}", field="previous"
        )
    return _next_message(previous, view, legal_moves, time)


def _next_message(
    previous: PlayerView, view: PlayerView, legal_moves: Sequence[Move], time: float | None
) -> dict[str, Any] | None:
    """:func:`next_request` of arguments checked already (the client's, for every decision)."""
    history, before = view.history, previous.history
    start = len(before)
    own_before = previous.own_draws
    seat = view.seat
    if (
        seat != previous.seat
        or len(history) < start
        or history[:start] != before
        or view.own_draws[: len(own_before)] != own_before
        or view.dealer != previous.dealer
        or view.lead_draws != previous.lead_draws
        or view.from_deal != previous.from_deal
        or view.target != previous.target
        or (view.rules is not previous.rules and view.rules != previous.rules)
        or len(view.scores) != len(previous.scores)
        or any(a < b for a, b in zip(view.scores, previous.scores, strict=True))
    ):
        return None
    actions = history[start:]
    drawn = view.own_draws[len(own_before) :]
    counts = list(previous.tile_counts)
    hand = previous.hand.mask
    placed = _placed(previous)
    draws = own = 0
    laid: list[int] = []
    for a in actions:
        move, by = a.move, a.seat
        if by >= len(counts):
            return None
        cls = move.__class__
        if cls is Draw:
            counts[by] += 1
            draws += 1
            if by == seat:
                if own >= len(drawn):
                    return None
                bit = 1 << drawn[own].index
                if (hand | placed) & bit:
                    return None
                hand |= bit
                own += 1
        elif cls is Lead or cls is Play:
            bit = 1 << move.tile.index  # type: ignore[union-attr]
            if placed & bit or counts[by] == 0:
                return None
            if by == seat:
                if not hand & bit:
                    return None
                hand &= ~bit
            elif hand & bit:
                return None
            counts[by] -= 1
            placed |= bit
            laid.append(_ACTION_OF[move])
        elif cls is not Pass:
            return None
    if (
        own != len(drawn)
        or hand != view.hand.mask
        or tuple(counts) != view.tile_counts
        or previous.boneyard_size - draws != view.boneyard_size
        or previous.drawable - draws != view.drawable
    ):
        return None
    try:
        line = previous.line._laid(laid)
    except PositionError:
        return None
    if line != view.line:
        return None
    try:
        legal = [_TEXT_OF_MOVE[m] for m in legal_moves]
    except (KeyError, TypeError):  # not moves: a whole decide refuses them, naming the field
        return None
    return {
        "type": "next",
        "from": start,
        "actions": [[a.seat, _TEXT_OF_MOVE[a.move]] for a in actions],
        "drawn": [str(t) for t in drawn],
        "scores": list(view.scores),
        "legal_moves": legal,
        "time": time,
    }


def advance_view(previous: PlayerView, request: Next) -> PlayerView:
    """The view a ``next`` request makes of the bot's last view: its actions laid on it.

    Args:
        previous: The view of the bot's last ``decide`` or ``next`` in this round.
        request: The ``next`` (:func:`bergen.protocol.parse_request` read it).

    Returns:
        The view of the same seat, to move, with the actions in its history and their effect
        on its hand, the line, the tile counts and the boneyard, and the request's scores.

    Raises:
        ProtocolError: when ``previous`` is not a view of a seat to move or ``request`` not a
            :class:`~bergen.protocol.Next` (``field`` naming the argument), or when the request
            does not follow ``previous`` (``field`` naming where): its ``from`` is not the
            length of ``previous``'s history; an action's seat is not at the table; a lead on
            a laid line or a play that does not fit the line; a tile laid that is on the line
            already, that this seat does not hold (its own play), that this seat holds
            (another seat's play), or by a seat that holds no tile; a draw from a boneyard
            with nothing to draw; a drawn tile this seat holds or sees on the line; more or
            fewer ``drawn`` tiles than this seat's draws; ``scores`` not one per side, or
            lower than before.
    """
    if not isinstance(previous, PlayerView):
        raise ProtocolError(f"previous: a PlayerView, got {_brief(previous)}", field="previous")
    if not isinstance(request, Next):
        raise ProtocolError(f"request: a Next, got {_brief(request)}", field="request")
    seat = previous.seat
    if previous.outcome is not None or previous.to_move != seat:
        raise ProtocolError(
            "previous: the view of a decision (the seat to move, the round going on)",
            field="previous",
        )
    if request.start != len(previous.history):
        raise ProtocolError(
            f"from: {request.start}, but the bot holds {len(previous.history)} actions of this "
            "round: a next follows the bot's last decide or next, with nothing left out",
            field="from",
        )
    counts = list(previous.tile_counts)
    seats = len(counts)
    hand = previous.hand.mask
    placed = _placed(previous)
    boneyard, drawable = previous.boneyard_size, previous.drawable
    drawn = request.drawn
    own: list[Tile] = list(previous.own_draws)
    taken = 0
    laid: list[int] = []
    for i, a in enumerate(request.actions):
        move, by = a.move, a.seat
        if by >= seats:
            raise _fault(i, f"seat {by} is not at this table of {seats}")
        if move.__class__ is Draw:
            if drawable == 0:
                raise _fault(i, f"seat {by} draws, but no tile can be drawn")
            counts[by] += 1
            boneyard -= 1
            drawable -= 1
            if by == seat:
                if taken >= len(drawn):
                    raise ProtocolError(
                        f"drawn: {len(drawn)} tiles, fewer than this seat's draws",
                        field="drawn",
                    )
                tile = drawn[taken]
                bit = 1 << tile.index
                if (hand | placed) & bit:
                    raise ProtocolError(
                        f"drawn[{taken}]: {tile} is in this seat's hand or on the line",
                        field=f"drawn[{taken}]",
                    )
                hand |= bit
                own.append(tile)
                taken += 1
        elif isinstance(move, Lead | Play):
            tile = move.tile
            bit = 1 << tile.index
            if placed & bit:
                raise _fault(i, f"{tile} is on the line already")
            if counts[by] == 0:
                raise _fault(i, f"seat {by} holds no tile")
            if by == seat:
                if not hand & bit:
                    raise _fault(i, f"{tile} is not in this seat's hand")
                hand &= ~bit
            elif hand & bit:
                raise _fault(i, f"{tile} is in this seat's own hand, not seat {by}'s")
            counts[by] -= 1
            placed |= bit
            laid.append(_ACTION_OF[move])
    if taken != len(drawn):
        raise ProtocolError(
            f"drawn: {len(drawn)} tiles, more than this seat's {taken} draws", field="drawn"
        )
    try:
        line = previous.line._laid(laid)
    except PositionError as e:
        raise ProtocolError(f"actions: {e}", field="actions") from None
    scores = request.scores
    if len(scores) != len(previous.scores) or any(
        a < b for a, b in zip(scores, previous.scores, strict=True)
    ):
        raise ProtocolError(
            f"scores: {list(scores)}, but a match's scores, one per side, never go down "
            f"(they were {list(previous.scores)})",
            field="scores",
        )
    return PlayerView(
        seat=seat,
        rules=previous.rules,
        hand=Hand(hand),
        line=line,
        tile_counts=tuple(counts),
        boneyard_size=boneyard,
        drawable=drawable,
        scores=scores,
        target=previous.target,
        to_move=seat,
        dealer=previous.dealer,
        outcome=None,
        history=previous.history + request.actions,
        lead_draws=previous.lead_draws,
        own_draws=tuple(own),
        from_deal=previous.from_deal,
    )


def _fault(i: int, what: str) -> ProtocolError:
    return ProtocolError(f"actions[{i}]: {what}", field=f"actions[{i}]")
