"""The encoding every adapter shares: action ids, legal-action masks, observation tensors and
rules from a few named switches.

Actions are the kernel's fixed ids (:mod:`bergen.kernel.actions`), with the same meaning in
every position:

========================  ==========================  ==============================
id                        move                        notation
========================  ==========================  ==============================
``2 * t`` (0..54)         tile ``t`` on the left end  ``5-4L``
``2 * t + 1`` (1..55)     tile ``t`` on the right end ``5-4R``
``56 + t`` (56..83)       the lead of tile ``t``      ``1-1``
``84``                    draw from the boneyard      ``draw``
``85``                    pass                        ``pass``
========================  ==========================  ==============================

``t`` is the tile index, ``high * (high + 1) // 2 + low`` (:mod:`bergen.tiles`). A tile that fits
both ends is two actions even when both ends show the same number: laying it against a double
end and against a plain end are different moves that score differently (docs/rules.md,
rules 3 and 5).

The observation is a flat vector of :data:`OBSERVATION_SIZE` floats built from one seat's
:class:`~bergen.view.PlayerView` alone; :data:`OBSERVATION_FIELDS` lists its fields in order.
It has room for four seats whatever the table; unused seats and sides are 0.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bergen.errors import IllegalMoveError, PositionError, Reason, RulesError, _bad, _brief, _is_int
from bergen.events import ScoreEvent
from bergen.kernel import actions as A
from bergen.match import MatchState
from bergen.moves import MOVES, Move, action_of, move_of
from bergen.playerview import PlayerView
from bergen.round import RoundState
from bergen.rules import PRESETS, FixedReserve, FixedTarget, NoDouble, Rules
from bergen.tiles import TILES

__all__ = [
    "DRAW_ACTION",
    "LEAD_OFFSET",
    "MAX_SEATS",
    "N_ACTIONS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "PASS_ACTION",
    "Field",
    "action_mask",
    "action_of",
    "action_text",
    "between_rounds",
    "legal_actions",
    "max_score",
    "move_for",
    "move_of",
    "observation",
    "observation_high",
    "observation_text",
    "render_text",
    "rules_from",
    "side_points",
]

N_ACTIONS: int = A.N_ACTIONS
"""The number of action ids, 86."""
LEAD_OFFSET: int = A.LEAD
"""The lead of tile ``t`` is action ``LEAD_OFFSET + t`` (56 + t)."""
DRAW_ACTION: int = A.DRAW
"""The id of a draw, 84."""
PASS_ACTION: int = A.PASS
"""The id of a pass, 85."""
MAX_SEATS = 4
"""Seats (and sides) the observation has room for."""


@attrs.frozen
class Field:
    """One field of the observation vector.

    Attributes:
        name: The field's name.
        size: How many floats it takes.
        meaning: What each float holds.
    """

    name: str
    size: int
    meaning: str

    def __attrs_post_init__(self) -> None:
        """Check the fields.

        Raises:
            PositionError: when ``name`` or ``meaning`` is not a string, or ``size`` not an
                int >= 1.
        """
        for name in ("name", "meaning"):
            if not isinstance(getattr(self, name), str):
                raise PositionError(_bad("Field", name, "a string", getattr(self, name)))
        if not _is_int(self.size, 1, 10_000):
            raise PositionError(_bad("Field", "size", "an int 1..10,000", self.size))


OBSERVATION_FIELDS: tuple[Field, ...] = (
    Field("hand", 28, "1 for each tile the seat holds, by tile index"),
    Field("line", 28, "1 for each tile on the line of play, by tile index"),
    Field("left_end", 7, "one-hot: the number the left open end shows (all 0 before the lead)"),
    Field("right_end", 7, "one-hot: the number the right open end shows (all 0 before the lead)"),
    Field("left_double", 1, "1 when the outermost tile at the left end is a double"),
    Field("right_double", 1, "1 when the outermost tile at the right end is a double"),
    Field("tile_counts", 4, "tiles each seat holds, by seat (0 for seats not at the table)"),
    Field("boneyard", 1, "tiles in the boneyard, the reserve included"),
    Field("drawable", 1, "tiles that can still be drawn (0 with drawing off; rule 4)"),
    Field("scores", 4, "match points of each side, by side (0 for absent sides)"),
    Field("need", 4, "points each side still needs to reach the target (0 once reached)"),
    Field("to_move", 4, "one-hot: the seat to move (the last to move once the round is over)"),
    Field("seat", 4, "one-hot: the observing seat"),
)
"""The fields of the observation vector, in order (each seat's own view; rules 1-10)."""

OBSERVATION_SIZE: int = sum(f.size for f in OBSERVATION_FIELDS)
"""The length of the observation vector, 94."""


def _check_round(state: object, where: str) -> RoundState:
    if not isinstance(state, RoundState):
        raise PositionError(f"{where} takes a RoundState, got {_brief(state)}")
    return state


def legal_actions(state: RoundState) -> list[int]:
    """The ids of the legal moves of the seat to move, ascending (docs/rules.md, rules 2-4).

    Args:
        state: A round state.

    Returns:
        ``[action_of(m) for m in state.legal_moves()]``, sorted; empty once the round is over.

    Raises:
        PositionError: when ``state`` is not a :class:`~bergen.RoundState`.
    """
    return sorted([action_of(m) for m in _check_round(state, "legal_actions").legal_moves()])


def action_mask(state: RoundState) -> list[int]:
    """The legal-action mask: :data:`N_ACTIONS` ints, 1 where the id is legal (rules 2-4).

    Raises:
        PositionError: when ``state`` is not a :class:`~bergen.RoundState`.
    """
    mask = [0] * N_ACTIONS
    for a in legal_actions(state):
        mask[a] = 1
    return mask


def move_for(state: RoundState, action: object) -> Move:
    """The move of action id ``action``, checked legal in ``state`` (rules 2-4).

    Args:
        state: The round state to move in.
        action: An action id, an int 0..85 (NumPy integers too).

    Returns:
        The move.

    Raises:
        PositionError: when ``state`` is not a :class:`~bergen.RoundState`.
        IllegalMoveError: with reason ``NOT_A_MOVE`` when ``action`` is not an id, else the
            reason the move is illegal (as :meth:`bergen.RoundState.check`).
    """
    state = _check_round(state, "move_for")
    number: int | None = None
    if not isinstance(action, bool):
        try:
            number = int(action.__index__())  # type: ignore[attr-defined]
        except (AttributeError, TypeError):
            number = None
    if number is None or not 0 <= number < N_ACTIONS:
        raise IllegalMoveError(
            f"an action is an id 0..{N_ACTIONS - 1} (docs/adapters/encoding.md), got "
            f"{_brief(action)}",
            move=action,
            seat=state.to_move,
            reason=Reason.NOT_A_MOVE,
        )
    move = MOVES[number]
    state.check(move)
    return move


def action_text(action: int) -> str:
    """The canonical notation of action id ``action``: ``5-4L``, ``1-1``, ``draw``, ``pass``.

    Raises:
        IllegalMoveError: when ``action`` is not an id 0..85.
    """
    if type(action) is not int or not 0 <= action < N_ACTIONS:
        raise IllegalMoveError(
            f"an action is an id 0..{N_ACTIONS - 1}, got {_brief(action)}",
            move=action,
            seat=-1,
            reason=Reason.NOT_A_MOVE,
        )
    return str(move_of(action))


def max_score(rules: Rules, seats: int) -> int:
    """The most match points a side can hold: the target minus one plus the largest single
    event, since scoring stops at the first event that reaches the target (rule 9).

    Raises:
        RulesError: when ``rules`` is not a :class:`~bergen.rules.Rules`.
        RulesError: when the rules do not allow ``seats`` seats.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"max_score takes a Rules, got {_brief(rules)}", fields=("rules",))
    table = rules.for_table(seats)
    p = rules.points
    return table.target - 1 + max(p.double_header, p.triple_header, p.going_out, p.blocked_hand, 1)


def observation_high(rules: Rules, seats: int) -> list[float]:
    """The upper bound of each float of the observation (the lower bounds are all 0).

    Raises:
        RulesError: when ``rules`` is not a :class:`~bergen.rules.Rules`.
        RulesError: when the rules do not allow ``seats`` seats.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"observation_high takes a Rules, got {_brief(rules)}", fields=("rules",))
    table = rules.for_table(seats)
    top = float(max_score(rules, seats))
    bounds = {
        "tile_counts": float(len(TILES)),
        "boneyard": float(len(TILES)),
        "drawable": float(len(TILES)),
        "scores": top,
        "need": float(table.target),
    }
    out: list[float] = []
    for f in OBSERVATION_FIELDS:
        out.extend([bounds.get(f.name, 1.0)] * f.size)
    return out


def observation(view: PlayerView) -> list[float]:
    """The observation vector of ``view`` (:data:`OBSERVATION_FIELDS`): what the seat may know,
    never another seat's tiles or the boneyard order (rules 1-10).

    Args:
        view: A seat's view (:meth:`bergen.RoundState.view`).

    Returns:
        :data:`OBSERVATION_SIZE` floats.

    Raises:
        PositionError: when ``view`` is not a :class:`~bergen.view.PlayerView`.
    """
    if not isinstance(view, PlayerView):
        raise PositionError(f"observation takes a PlayerView, got {_brief(view)}")
    out = [0.0] * OBSERVATION_SIZE
    mask = view.hand.mask
    for t in range(len(TILES)):
        if mask >> t & 1:
            out[t] = 1.0
    line = view.line
    for p in line.tiles:
        out[28 + p.tile.index] = 1.0
    if line.left is not None and line.right is not None:
        out[56 + line.left] = 1.0
        out[63 + line.right] = 1.0
        out[70] = 1.0 if line.left_double else 0.0
        out[71] = 1.0 if line.right_double else 0.0
    for seat, count in enumerate(view.tile_counts):
        out[72 + seat] = float(count)
    out[76] = float(view.boneyard_size)
    out[77] = float(view.drawable)
    _scores(out, view.scores, view.target)
    out[86 + view.to_move] = 1.0
    out[90 + view.seat] = 1.0
    return out


def _scores(out: list[float], scores: Sequence[int], target: int) -> None:
    for side, points in enumerate(scores):
        out[78 + side] = float(points)
        out[82 + side] = float(max(target - points, 0))


def between_rounds(seat: int, scores: Sequence[int], target: int, hand: int = 0) -> list[float]:
    """The observation while no round is in play (a deal being made): the seat's tiles dealt
    so far (a tile mask), the scores and needs, and the observing seat; the rest is 0.

    Raises:
        PositionError: when ``seat`` is not a seat 0..3, ``scores`` not 1..4 ints >= 0,
            ``target`` not an int >= 1, or ``hand`` not a tile mask.
    """
    if type(seat) is not int or not 0 <= seat < MAX_SEATS:
        raise PositionError(f"between_rounds takes seat, 0..{MAX_SEATS - 1}, got {_brief(seat)}")
    if (
        isinstance(scores, str | bytes)
        or not isinstance(scores, Sequence)
        or not 1 <= len(scores) <= MAX_SEATS
        or not all(type(v) is int and 0 <= v <= 10**15 for v in scores)
    ):
        raise PositionError(f"between_rounds takes scores, 1..4 ints >= 0, got {_brief(scores)}")
    if type(target) is not int or not 1 <= target <= 10**15:
        raise PositionError(f"between_rounds takes target, an int >= 1, got {_brief(target)}")
    if type(hand) is not int or not 0 <= hand < 1 << len(TILES):
        raise PositionError(f"between_rounds takes hand, a tile mask, got {_brief(hand)}")
    out = [0.0] * OBSERVATION_SIZE
    for t in range(len(TILES)):
        if hand >> t & 1:
            out[t] = 1.0
    _scores(out, scores, target)
    out[90 + seat] = 1.0
    return out


def observation_text(view: PlayerView) -> str:
    """A one-line text of the same facts as :func:`observation`, for people and logs.

    ``seat 0 | hand 1-0 3-3 | line 1-1 | ends 1 1 (doubles 1 1) | tiles 6 6 | boneyard 16
    (drawable 14) | scores 2 0 of 15 | to move 1``.

    Raises:
        PositionError: when ``view`` is not a :class:`~bergen.view.PlayerView`.
    """
    if not isinstance(view, PlayerView):
        raise PositionError(f"observation_text takes a PlayerView, got {_brief(view)}")
    line = view.line
    ends = (
        "ends - -"
        if line.left is None
        else f"ends {line.left} {line.right} "
        f"(doubles {int(line.left_double)} {int(line.right_double)})"
    )
    hand = " ".join(map(str, view.hand)) or "-"
    return (
        f"seat {view.seat} | hand {hand} | line {line or '-'} | {ends} | "
        f"tiles {' '.join(map(str, view.tile_counts))} | boneyard {view.boneyard_size} "
        f"(drawable {view.drawable}) | scores {' '.join(map(str, view.scores))} of "
        f"{view.target} | to move {view.to_move}"
    )


def rules_from(
    preset: str = "classic",
    *,
    partnerships: bool = False,
    target: int = 0,
    drawing: bool = True,
    reserve: int = -1,
    no_double: str = "",
) -> Rules:
    """A ruleset from a preset and the main switches, as the adapters' parameters name them
    (docs/rules.md, "Presets and switches").

    Args:
        preset: ``"classic"`` or ``"simple"``.
        partnerships: Two partnerships at four seats (rule 10).
        target: A fixed target in points for every table (rule 9); 0 keeps the preset's.
        drawing: ``False`` for Block Bergen: never draw (rule 4).
        reserve: Boneyard tiles never drawn (rule 4); -1 keeps the preset's.
        no_double: ``"redeal"`` or ``"draw"`` when nobody is dealt a double (rule 2); ``""``
            keeps the preset's.

    Returns:
        The preset itself when nothing changes, else a custom ruleset based on it.

    Raises:
        RulesError: for an unknown preset or ``no_double``, a value of the wrong type, or a
            combination the rules refuse (the message names the fields).
    """
    if not isinstance(preset, str) or preset not in PRESETS:
        raise RulesError(
            f"preset must be one of {', '.join(sorted(PRESETS))}, got {_brief(preset)}",
            fields=("preset",),
        )
    changes: dict[str, object] = {}
    for name, value in (("partnerships", partnerships), ("drawing", drawing)):
        if not isinstance(value, bool):
            raise RulesError(f"{name} must be True or False, got {_brief(value)}", fields=(name,))
    for name, number in (("target", target), ("reserve", reserve)):
        if type(number) is not int:
            raise RulesError(f"{name} must be an int, got {_brief(number)}", fields=(name,))
    if partnerships:
        changes["partnerships"] = True
    if not -1 <= target <= 10**15:
        raise RulesError(
            f"target must be 0 (the preset's) or more, at most 10**15, got {_brief(target)}",
            fields=("target",),
        )
    if target < 0:
        raise RulesError(
            f"target must be 0 (the preset's) or more, got {target}", fields=("target",)
        )
    if target > 0:
        changes["target"] = FixedTarget(target)
    if not drawing:
        changes["drawing"] = False
    if not -1 <= reserve <= 28:
        raise RulesError(
            f"reserve must be -1 (the preset's) or 0..28, got {_brief(reserve)}",
            fields=("reserve",),
        )
    if reserve >= 0:
        changes["reserve"] = FixedReserve(reserve)
    if not isinstance(no_double, str):
        raise RulesError(
            f"no_double must be 'redeal', 'draw' or '', got {_brief(no_double)}",
            fields=("no_double",),
        )
    if no_double:
        choices = {d.value: d for d in NoDouble}
        if not isinstance(no_double, str) or no_double not in choices:
            raise RulesError(
                f"no_double must be 'redeal' or 'draw' (or '' for the preset's), got "
                f"{_brief(no_double)}",
                fields=("no_double",),
            )
        changes["no_double"] = choices[no_double]
    base = PRESETS[preset]
    return base.replace(**changes) if changes else base


def side_points(events: Sequence[ScoreEvent], seats: int, partnerships: bool) -> list[float]:
    """The points each seat's side scored in ``events``, by seat: with partnerships both
    partners get their side's points (docs/rules.md, rules 5-8 and 10).

    Raises:
        PositionError: when ``events`` is not a sequence of
            :class:`~bergen.events.ScoreEvent`, ``seats`` not 2..4, or ``partnerships`` not a
            bool.
    """
    if (
        isinstance(events, str | bytes)
        or not isinstance(events, Sequence)
        or not all(isinstance(e, ScoreEvent) for e in events)
    ):
        raise PositionError(f"side_points takes a sequence of ScoreEvent, got {_brief(events)}")
    if type(seats) is not int or not 2 <= seats <= MAX_SEATS:
        raise PositionError(f"side_points takes seats, 2..{MAX_SEATS}, got {_brief(seats)}")
    if type(partnerships) is not bool:
        raise PositionError(f"side_points takes partnerships, a bool, got {_brief(partnerships)}")
    out = [0.0] * seats
    for e in events:
        for seat in range(seats):
            if (seat % 2 if partnerships else seat) == e.side:
                out[seat] += e.points
    return out


def render_text(match: MatchState) -> str:
    """A few lines for people: the scores, the line of play, each seat's tile count, and the
    tiles of the seat to move (every hand stays hidden but that one).

    Raises:
        PositionError: when ``match`` is not a :class:`~bergen.match.MatchState`.
    """
    if not isinstance(match, MatchState):
        raise PositionError(f"render_text takes a MatchState, got {_brief(match)}")
    rnd = match.round if match.round is not None else (match.rounds or (None,))[-1]
    lines = [
        f"{match.rules.label}, {match.seats} seats, target {match.target}: "
        f"scores {' '.join(map(str, match.scores))}"
    ]
    if rnd is None:
        return lines[0]
    lines.append(f"line: {rnd.line or '(empty)'}")
    counts = ", ".join(f"seat {i}: {len(h)}" for i, h in enumerate(rnd.hands))
    lines.append(f"tiles: {counts}; boneyard {len(rnd.boneyard.tiles)}")
    if match.is_over:
        lines.append(f"match over: side {match.winner} reached {match.target}")
    else:
        hand = " ".join(map(str, rnd.hands[rnd.to_move]))
        lines.append(f"seat {rnd.to_move} to move, holding {hand}")
    return "\n".join(lines)
