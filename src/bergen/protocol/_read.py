"""Reading the bot protocol's messages, strictly: :func:`parse_request`,
:func:`parse_reply` and the player view from JSON (:func:`view_from_json`). Imported from
:mod:`bergen.protocol.codec`.
"""

from __future__ import annotations

import json
import math
from typing import Any

from bergen.errors import (
    _MAX_POINTS,
    BergenError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
    _brief,
)
from bergen.events import Outcome, OutcomeKind
from bergen.hands import Hand
from bergen.line import LineOfPlay
from bergen.moves import MOVES, Action, End, Lead, Move, Play, action_of, parse_move
from bergen.playerview import PlayerView
from bergen.protocol.messages import (
    _MAX_HISTORY,
    _MAX_VERSION,
    _OPTION_TYPES,
    _TOTAL_TILES,
    ERROR_KINDS,
    MAX_REPLY_BYTES,
    MAX_REQUEST_BYTES,
    PROTOCOL_VERSIONS,
    BotOption,
    Decide,
    ErrorReply,
    Handshake,
    Hello,
    MoveReply,
    NewGame,
    Next,
    ProtocolError,
    Quit,
    Ready,
    Reply,
    Request,
    _option_value,
    _show,
)
from bergen.records.rules_json import (
    _kind,
    _no_duplicates,
    _reject_constant,
    rules_from_json,
)
from bergen.rules import Rules, TableRules
from bergen.tiles import TILES, Tile

__all__ = ["parse_reply", "parse_request", "view_from_json"]


def _message(line: object, limit: int) -> tuple[str, dict[str, Any]]:
    """Read one line as a message object: ``(type, object)``."""
    if not isinstance(line, bytes | str):
        raise ProtocolError(f"a message is a line of text, got {_kind(line)}", field="line")
    if len(line) > limit:
        raise ProtocolError(
            f"the line is {len(line):,} bytes long; the limit is {limit:,}", field="line"
        )
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ProtocolError(f"the line is not UTF-8 text: {e}", field="line") from None
    if not line.strip():
        raise ProtocolError("an empty line is no message", field="line")
    try:
        obj = json.loads(line, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise ProtocolError(
            f"not JSON at column {e.colno}: {e.msg} in {_show(line)}", field="line"
        ) from None
    except (ValueError, RecursionError) as e:
        raise ProtocolError(f"not JSON: {e}", field="line") from None
    if not isinstance(obj, dict):
        raise ProtocolError(f"a message is a JSON object, got {_kind(obj)}", field="line")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(
            f'a message has a "type" string, got {_kind(kind)} {_show(kind)}', field="type"
        )
    return kind, obj


def _fields(obj: dict[str, Any], required: tuple[str, ...], where: str) -> None:
    if len(obj) == len(required) and all(k in obj for k in required):
        return  # the common case, checked without building a message
    missing = [k for k in required if k not in obj]
    if missing:
        raise ProtocolError(
            f"{where or 'the message'}: missing field {missing[0]!r}",
            field=_at(where, missing[0]),
        )
    for k in obj:
        if k not in required:
            raise ProtocolError(
                f"{where or 'the message'}: unknown field {_show(k)} "
                f"(the fields are {', '.join(required)})",
                field=_at(where, str(k)),
            )


def _at(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _int(value: object, field: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int:
        raise ProtocolError(f"{field}: expected an integer, got {_kind(value)}", field=field)
    if value < low or (high is not None and value > high):
        top = "" if high is None else f"..{high}"
        raise ProtocolError(
            f"{field}: {_brief(value)} is out of range (expected {low}{top or ' or more'})",
            field=field,
        )
    return value


def _bool(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise ProtocolError(f"{field}: expected true or false, got {_kind(value)}", field=field)
    return value


def _str(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"{field}: expected a string, got {_kind(value)}", field=field)
    return value


def _list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProtocolError(f"{field}: expected an array, got {_kind(value)}", field=field)
    return value


def _obj(value: object, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError(f"{field}: expected an object, got {_kind(value)}", field=field)
    return value


_TILE_OF_TEXT: dict[str, Tile] = {str(t): t for t in TILES}
"""Each tile by its canonical text (``"6-4"``): the common case, read without parsing."""
_MOVE_OF_TEXT: dict[str, Move] = {str(m): m for m in MOVES}
"""Each move by its canonical text (``"6-4L"``, ``"draw"``)."""

_ACTIONS: dict[tuple[int, str], Action] = {
    (seat, text): Action(seat, move) for seat in range(4) for text, move in _MOVE_OF_TEXT.items()
}
"""A history entry by its seat and its move's text: read by table lookup (entries are values)."""


def _tile(value: object, field: str) -> Tile:
    if type(value) is str:
        known = _TILE_OF_TEXT.get(value)
        if known is not None:
            return known
    text = _str(value, field)
    try:
        tile = Tile.parse(text)
    except NotationError:
        tile = None
    if tile is None or str(tile) != text:
        raise ProtocolError(
            f"{field}: a tile is written high number first, like '6-4', got {_show(text)}",
            field=field,
        )
    return tile


def _move(value: object, field: str) -> Move:
    if type(value) is str:
        known = _MOVE_OF_TEXT.get(value)
        if known is not None:
            return known
    text = _str(value, field)
    try:
        move = parse_move(text)
    except NotationError:
        move = None
    if move is None or str(move) != text:
        hint = f" (canonical: {str(move)!r})" if move is not None else ""
        raise ProtocolError(
            f"{field}: a move in canonical notation is a lead '1-1', a play '5-4L' or '5-4R', "
            f"'draw' or 'pass'; got {_show(text)}{hint}",
            field=field,
        )
    return move


def _rules_in(value: object, field: str) -> Rules:
    try:
        return rules_from_json(value, field)
    except RecordError as e:
        raise ProtocolError(str(e), field=field) from None


def _table(rules: Rules, players: int, field: str) -> TableRules:
    try:
        return rules.for_table(players)
    except RulesError as e:
        raise ProtocolError(f"{field}: {e}", field=field) from None


def view_from_json(obj: object, where: str = "view") -> PlayerView:
    """Read a player view written by :func:`view_to_json`, checking everything.

    Args:
        obj: The parsed JSON value.
        where: The path of the value, used in ``ProtocolError.field`` (``"view"``).

    Returns:
        The view.

    Raises:
        ProtocolError: (``field`` ``"view"``) when ``where`` is not a string of at most 200
            characters.
        ProtocolError: for a missing or unknown field, a value of the wrong type or out of
            range, a tile or move not in canonical notation, a line of play that does not
            connect or whose ends are not those stated, tiles held twice or both held and on
            the line, tile counts, a boneyard or a drawable count that do not add up to the 28
            tiles under the rules, or rules that do not allow the table; ``field`` names the
            value.
    """
    if not isinstance(where, str) or len(where) > 200:
        raise ProtocolError(f"where: a path such as 'view', got {_brief(where)}", field="view")
    v = _obj(obj, where or "view")
    _fields(v, _VIEW_FIELDS, where)

    def at(key: str) -> str:
        return _at(where, key)

    rules = _rules_in(v["rules"], at("rules"))
    counts = _tile_counts(v["tile_counts"], at("tile_counts"))
    seats = len(counts)
    table = _table(rules, seats, at("tile_counts"))
    seat = _int(v["seat"], at("seat"), 0, seats - 1)
    hand_tiles = _hand_tiles(v["hand"], at("hand"), counts, seat)
    hand = Hand.of(hand_tiles)
    line = _line(v["line"], at("line"))
    on_line = {t for t, _ in line.placements()} | ({line.lead} if line.lead is not None else set())
    both = [t for t in hand_tiles if t in on_line]
    if both:
        raise ProtocolError(
            f"{at('hand')}: {both[0]} is both in the hand and on the line", field=at("hand")
        )
    boneyard, drawable = _boneyard(v, where, counts, len(line), rules, table)
    scores, target = _scores_and_target(v, where, table)
    to_move = _int(v["to_move"], at("to_move"), 0, seats - 1)
    dealer = _int(v["dealer"], at("dealer"), 0, seats - 1)
    outcome = _outcome(v["outcome"], at("outcome"), seats, table.sides)
    history = _history(v["history"], at("history"), seats)
    from_deal = _bool(v["from_deal"], at("from_deal"))
    _check_history(line, history, from_deal, at("history"))
    lead_draws, own = _draws(v, where, seats)
    try:
        return PlayerView(
            seat=seat,
            rules=rules,
            hand=hand,
            line=line,
            tile_counts=counts,
            boneyard_size=boneyard,
            drawable=drawable,
            scores=scores,
            target=target,
            to_move=to_move,
            dealer=dealer,
            outcome=outcome,
            history=tuple(history),
            lead_draws=lead_draws,
            own_draws=own,
            from_deal=from_deal,
        )
    except BergenError as e:  # what PlayerView itself refuses, beyond the checks above
        raise ProtocolError(f"{where or 'view'}: {e}", field=where or "view") from None


_VIEW_FIELDS = (
    "seat",
    "rules",
    "hand",
    "line",
    "tile_counts",
    "boneyard_size",
    "drawable",
    "scores",
    "target",
    "to_move",
    "dealer",
    "outcome",
    "history",
    "lead_draws",
    "own_draws",
    "from_deal",
)


def _tile_counts(value: object, field: str) -> tuple[int, ...]:
    """A view's ``tile_counts``: one count per seat, 2..4 seats."""
    counts_raw = _list(value, field)
    if not 2 <= len(counts_raw) <= 4:
        raise ProtocolError(
            f"{field}: one count per seat, 2..4 seats, got {len(counts_raw)}", field=field
        )
    return tuple(_int(c, _at(field, i), 0, _TOTAL_TILES) for i, c in enumerate(counts_raw))


def _hand_tiles(value: object, field: str, counts: tuple[int, ...], seat: int) -> list[Tile]:
    """A view's ``hand``: distinct tiles, as many as the seat's tile count."""
    hand_raw = _list(value, field)
    hand_tiles = [_tile(t, _at(field, i)) for i, t in enumerate(hand_raw)]
    if len(set(hand_tiles)) != len(hand_tiles):
        raise ProtocolError(f"{field}: a tile is held twice", field=field)
    if len(hand_tiles) != counts[seat]:
        raise ProtocolError(
            f"{field}: {len(hand_tiles)} tiles, but tile_counts[{seat}] is {counts[seat]}",
            field=field,
        )
    return hand_tiles


def _boneyard(
    v: dict[str, Any],
    where: str,
    counts: tuple[int, ...],
    on_line: int,
    rules: Rules,
    table: TableRules,
) -> tuple[int, int]:
    """A view's ``boneyard_size`` and ``drawable``: the hands, the line and the boneyard hold
    the 28 tiles, and the drawable tiles are the boneyard's beyond the reserve (rules 4, 5).
    """
    at_boneyard, at_drawable = _at(where, "boneyard_size"), _at(where, "drawable")
    boneyard = _int(v["boneyard_size"], at_boneyard, 0, _TOTAL_TILES)
    if sum(counts) + on_line + boneyard != _TOTAL_TILES:
        raise ProtocolError(
            f"{at_boneyard}: the hands ({sum(counts)}), the line ({on_line}) and the "
            f"boneyard ({boneyard}) hold {sum(counts) + on_line + boneyard} tiles, not 28",
            field=at_boneyard,
        )
    drawable = _int(v["drawable"], at_drawable, 0, _TOTAL_TILES)
    expected = boneyard - table.reserve if rules.drawing and boneyard > table.reserve else 0
    if drawable != expected:
        raise ProtocolError(
            f"{at_drawable}: {drawable}, but a boneyard of {boneyard} under these rules "
            f"(reserve {table.reserve}, drawing {'on' if rules.drawing else 'off'}) leaves "
            f"{expected} to draw",
            field=at_drawable,
        )
    return boneyard, drawable


def _scores_and_target(
    v: dict[str, Any], where: str, table: TableRules
) -> tuple[tuple[int, ...], int]:
    """A view's ``scores`` (one per side) and ``target`` (the rules' at this table)."""
    at_scores, at_target = _at(where, "scores"), _at(where, "target")
    scores_raw = _list(v["scores"], at_scores)
    if len(scores_raw) != table.sides:
        raise ProtocolError(
            f"{at_scores}: one score per side, {table.sides} sides, got {len(scores_raw)}",
            field=at_scores,
        )
    scores = tuple(_int(s, _at(at_scores, i), 0, _MAX_POINTS) for i, s in enumerate(scores_raw))
    target = _int(v["target"], at_target, 1, _MAX_POINTS)
    if target != table.target:
        raise ProtocolError(
            f"{at_target}: {_brief(target)}, but the rules give {table.target} at this table",
            field=at_target,
        )
    return scores, target


def _draws(v: dict[str, Any], where: str, seats: int) -> tuple[tuple[int, ...], tuple[Tile, ...]]:
    """A view's ``lead_draws`` (seats) and ``own_draws`` (distinct tiles)."""
    at_lead, at_own = _at(where, "lead_draws"), _at(where, "own_draws")
    lead_raw = _list(v["lead_draws"], at_lead)
    lead_draws = tuple(_int(s, _at(at_lead, i), 0, seats - 1) for i, s in enumerate(lead_raw))
    own = tuple(_tile(t, _at(at_own, i)) for i, t in enumerate(_list(v["own_draws"], at_own)))
    if len(set(own)) != len(own):
        raise ProtocolError(f"{at_own}: a tile is drawn twice", field=at_own)
    return lead_draws, own


def _history(value: object, field: str, seats: int) -> list[Action]:
    """A view's ``history``: entries ``{"seat": ..., "move": ...}``, oldest first."""
    history = []
    for i, a in enumerate(_list(value, field)):
        # The common case first, without building a path for messages; else the checks below.
        if type(a) is dict and len(a) == 2:
            seat_of, move_of = a.get("seat"), a.get("move")
            if type(seat_of) is int and 0 <= seat_of < seats and type(move_of) is str:
                known = _ACTIONS.get((seat_of, move_of))
                if known is not None:
                    history.append(known)
                    continue
        here = _at(field, i)
        entry = _obj(a, here)
        _fields(entry, ("seat", "move"), here)
        history.append(
            Action(
                _int(entry["seat"], f"{here}.seat", 0, seats - 1),
                _move(entry["move"], f"{here}.move"),
            )
        )
    return history


def _line(value: object, where: str) -> LineOfPlay:
    obj = _obj(value, where)
    _fields(obj, ("tiles", "lead", "ends", "doubles"), where)
    tiles = _list(obj["tiles"], f"{where}.tiles")
    texts: list[str] = []
    for i, t in enumerate(tiles):
        here = f"{where}.tiles[{i}]"
        text = _str(t, here)
        if len(text) != 3 or text[1] != "-" or text[0] not in "0123456" or text[2] not in "0123456":
            raise ProtocolError(
                f"{here}: a tile on the line is written with the number facing left first, "
                f"like '5-1', got {_show(text)}",
                field=here,
            )
        texts.append(text)
    if obj["lead"] is None:
        if texts:
            raise ProtocolError(
                f"{where}.lead: null, but the line holds tiles", field=f"{where}.lead"
            )
        line = LineOfPlay.empty()
    else:
        if not texts:
            raise ProtocolError(
                f"{where}.lead: the empty line has no lead (null), got {_show(obj['lead'])}",
                field=f"{where}.lead",
            )
        lead = _int(obj["lead"], f"{where}.lead", 0, len(texts) - 1)
        texts[lead] = "*" + texts[lead]
        try:
            line = LineOfPlay.parse(" ".join(texts))
        except (NotationError, PositionError) as e:
            raise ProtocolError(f"{where}.tiles: {e}", field=f"{where}.tiles") from None
    ends = obj["ends"]
    if ends is not None:
        ends_list = _list(ends, f"{where}.ends")
        if len(ends_list) != 2:
            raise ProtocolError(f"{where}.ends: two numbers, left and right", field=f"{where}.ends")
        ends = tuple(_int(n, f"{where}.ends[{i}]", 0, 6) for i, n in enumerate(ends_list))
    if ends != line.ends:
        raise ProtocolError(
            f"{where}.ends: {_show(obj['ends'])}, but the tiles show "
            f"{None if line.ends is None else list(line.ends)}",
            field=f"{where}.ends",
        )
    doubles = _list(obj["doubles"], f"{where}.doubles")
    if len(doubles) != 2:
        raise ProtocolError(
            f"{where}.doubles: two booleans, left and right", field=f"{where}.doubles"
        )
    flags = (_bool(doubles[0], f"{where}.doubles[0]"), _bool(doubles[1], f"{where}.doubles[1]"))
    if flags != (line.left_double, line.right_double):
        raise ProtocolError(
            f"{where}.doubles: {_show(doubles)}, but the tiles give "
            f"{[line.left_double, line.right_double]}",
            field=f"{where}.doubles",
        )
    return line


def _check_history(line: LineOfPlay, history: list[Action], from_deal: bool, where: str) -> None:
    """The leads and plays of the history must be the line's tiles, laid where they are.

    From a deal (or with a lead in the history) they build the line from empty; in a position
    set up mid-round, taking them back from the line's ends, last first, must be possible.
    """
    if from_deal or any(isinstance(a.move, Lead) for a in history):
        try:  # laid in one pass; when a tile does not fit, again move by move to name it
            built = LineOfPlay.empty()._laid(
                [action_of(a.move) for a in history if isinstance(a.move, Lead | Play)]
            )
        except PositionError:
            built = LineOfPlay.empty()
            for i, a in enumerate(history):
                move = a.move
                try:
                    if isinstance(move, Lead):
                        built = built.start(move.tile)
                    elif isinstance(move, Play):
                        built = built.place(move.tile, move.end)
                except PositionError as e:
                    raise ProtocolError(
                        f"{where}[{i}].move: {e}", field=f"{where}[{i}].move"
                    ) from None
        if built != line:
            raise ProtocolError(
                f"{where}: the leads and plays build the line {str(built) or '(empty)'}, "
                f"not {str(line) or '(empty)'}",
                field=where,
            )
        return
    placed = [p.tile for p in line.tiles]
    lead_at = placed.index(line.lead) if line.lead is not None else -1
    for i in range(len(history) - 1, -1, -1):
        move = history[i].move
        if not isinstance(move, Play):
            continue
        left = move.end is End.LEFT
        at_end = 0 if left else len(placed) - 1
        if not placed or at_end == lead_at or placed[at_end] != move.tile:
            raise ProtocolError(
                f"{where}[{i}].move: {move} is not the tile at the {'left' if left else 'right'} "
                f"end of the line once the later plays are taken back",
                field=f"{where}[{i}].move",
            )
        placed.pop(at_end)
        if left:
            lead_at -= 1


def _outcome(value: object, where: str, seats: int, sides: int) -> Outcome | None:
    if value is None:
        return None
    obj = _obj(value, where)
    _fields(obj, ("kind", "seat", "side"), where)
    kinds = {k.value: k for k in OutcomeKind}
    kind = obj["kind"]
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError(
            f"{where}.kind: one of {', '.join(kinds)}, got {_show(kind)}", field=f"{where}.kind"
        )
    seat = None if obj["seat"] is None else _int(obj["seat"], f"{where}.seat", 0, seats - 1)
    side = None if obj["side"] is None else _int(obj["side"], f"{where}.side", 0, sides - 1)
    return Outcome(kinds[kind], seat, side)


def parse_request(line: bytes | str) -> Request:
    """Read one request line (what ``bergen bot serve`` reads on its standard input).

    Args:
        line: The line, with or without its newline, at most :data:`MAX_REQUEST_BYTES`.

    Returns:
        A :class:`Hello`, :class:`NewGame`, :class:`Decide`, :class:`Next` or :class:`Quit`.

    Raises:
        ProtocolError: for anything that is not a request of version 1 or 2; ``field`` names
            where. A ``next`` is read on its own here; that it follows the bot's last view is
            :func:`bergen.protocol.delta.advance_view`'s to check.
    """
    kind, obj = _message(line, MAX_REQUEST_BYTES)
    if kind == "next":
        return _next(obj)
    if kind == "hello":
        return _hello(obj)
    if kind == "new_game":
        return _new_game(obj)
    if kind == "decide":
        _fields(obj, ("type", "view", "legal_moves", "time"), "")
        view = view_from_json(obj["view"], "view")
        legal, t = _legal_and_time(obj)
        if view.outcome is not None or view.to_move != view.seat:
            raise ProtocolError(
                "view: a decision is asked of the seat to move in a round that goes on",
                field="view.to_move",
            )
        return Decide(view, legal, t)
    if kind == "quit":
        _fields(obj, ("type",), "")
        return Quit()
    raise ProtocolError(
        f"type: unknown request {_show(kind)} (hello, new_game, decide, next or quit)",
        field="type",
    )


_HELLO = ("type", "protocol")
_NEXT = ("type", "from", "actions", "drawn", "scores", "legal_moves", "time")


def _hello(obj: dict[str, Any]) -> Hello:
    """A ``hello`` request, read from its object: version 1, offering ``versions``."""
    _fields(obj, ("type", "protocol", "versions") if "versions" in obj else _HELLO, "")
    protocol = _int(obj["protocol"], "protocol", 1)
    if protocol != 1:
        raise ProtocolError(
            f"protocol: a hello is of version 1 (it offers more in versions), got {protocol}",
            field="protocol",
        )
    if "versions" not in obj:
        return Hello(1)
    offered = _list(obj["versions"], "versions")
    versions = tuple(
        _int(n, f"versions[{i}]", 1, _MAX_VERSION) for i, n in enumerate(offered[:100])
    )
    if len(offered) > 100 or 1 not in versions or len(set(versions)) != len(versions):
        raise ProtocolError(
            f"versions: distinct versions, 1 among them, at most 100, got {_show(offered)}",
            field="versions",
        )
    return Hello(1, versions)


def _new_game(obj: dict[str, Any]) -> NewGame:
    """A ``new_game`` request, read from its object."""
    _fields(
        obj,
        ("type", "rules", "players", "partnerships", "seat", "target", "seed", "options"),
        "",
    )
    rules = _rules_in(obj["rules"], "rules")
    players = _int(obj["players"], "players", 2, 4)
    partnerships = _bool(obj["partnerships"], "partnerships")
    if partnerships != rules.partnerships:
        raise ProtocolError(
            f"partnerships: {str(partnerships).lower()}, but the rules say "
            f"{str(rules.partnerships).lower()}",
            field="partnerships",
        )
    table = _table(rules, players, "players")
    seat = _int(obj["seat"], "seat", 0, players - 1)
    target = _int(obj["target"], "target", 1)
    if target != table.target:
        raise ProtocolError(
            f"target: {_brief(target)}, but the rules give {table.target} at this table",
            field="target",
        )
    seed = obj["seed"]
    if seed is not None and type(seed) is not int:
        raise ProtocolError(f"seed: an integer or null, got {_kind(seed)}", field="seed")
    options = _obj(obj["options"], "options")
    for name, value in options.items():
        if type(value) not in (int, float, bool, str):
            raise ProtocolError(
                f"options.{name}: an option value is a number, a boolean or a string, "
                f"got {_kind(value)}",
                field=f"options.{name}",
            )
    return NewGame(rules, players, partnerships, seat, target, seed, tuple(options.items()))


def _next(obj: dict[str, Any]) -> Next:
    """A ``next`` request (version 2), read from its object."""
    _fields(obj, _NEXT, "")
    start = _int(obj["from"], "from", 0, _MAX_HISTORY)
    actions = []
    for i, a in enumerate(_list(obj["actions"], "actions")):
        if type(a) is list and len(a) == 2:
            seat, text = a
            if type(seat) is int and type(text) is str:
                action = _ACTIONS.get((seat, text))
                if action is not None:
                    actions.append(action)
                    continue
        raise ProtocolError(
            f'actions[{i}]: a pair [seat 0..3, move] such as [0, "6-2L"], got {_show(a)}',
            field=f"actions[{i}]",
        )
    drawn = tuple(_tile(t, f"drawn[{i}]") for i, t in enumerate(_list(obj["drawn"], "drawn")))
    scores_raw = _list(obj["scores"], "scores")
    if not 1 <= len(scores_raw) <= 4:
        raise ProtocolError(
            f"scores: one score per side, 1..4 of them, got {len(scores_raw)}", field="scores"
        )
    scores = tuple(_int(n, f"scores[{i}]", 0, _MAX_POINTS) for i, n in enumerate(scores_raw))
    legal, time = _legal_and_time(obj)
    return Next(start, tuple(actions), drawn, scores, legal, time)


def _legal_and_time(obj: dict[str, Any]) -> tuple[tuple[Move, ...], float | None]:
    """The ``legal_moves`` and ``time`` of a ``decide`` or ``next``, checked."""
    legal_raw = _list(obj["legal_moves"], "legal_moves")
    if not legal_raw:
        raise ProtocolError("legal_moves: the list is empty", field="legal_moves")
    legal = tuple(_move(m, f"legal_moves[{i}]") for i, m in enumerate(legal_raw))
    if len(set(legal)) != len(legal):
        raise ProtocolError("legal_moves: a move is listed twice", field="legal_moves")
    t = obj["time"]
    if t is not None and (type(t) not in (int, float) or not t > 0 or not math.isfinite(t)):
        raise ProtocolError(
            f"time: seconds for the move, a number above 0 or null, got {_show(t)}",
            field="time",
        )
    return legal, None if t is None else float(t)


def parse_reply(line: bytes | str) -> Reply:
    """Read one reply line of a bot (what the client reads on the bot's standard output).

    Args:
        line: The line, with or without its newline, at most :data:`MAX_REPLY_BYTES`.

    Returns:
        A :class:`Handshake` (``hello``), :class:`Ready`, :class:`MoveReply` or
        :class:`ErrorReply`.

    Raises:
        ProtocolError: for anything that is not a reply of version 1 or 2 (they are the same);
            ``field`` names where.
    """
    kind, obj = _message(line, MAX_REPLY_BYTES)
    if kind == "hello":
        _fields(obj, ("type", "protocol", "name", "author", "options"), "")
        protocol = _int(obj["protocol"], "protocol", 1)
        if protocol not in PROTOCOL_VERSIONS:
            raise ProtocolError(
                f"protocol: the bot speaks version {protocol}; this client speaks versions "
                f"{', '.join(map(str, PROTOCOL_VERSIONS))}",
                field="protocol",
            )
        name = _str(obj["name"], "name").strip()
        if not name or len(name) > 100 or not name.isprintable():
            raise ProtocolError(
                f"name: 1 to 100 printable characters, got {_show(obj['name'])}", field="name"
            )
        author = obj["author"]
        if author is not None:
            author = _str(author, "author")
        options = []
        for key, spec in _obj(obj["options"], "options").items():
            here = f"options.{key}"
            spec_obj = _obj(spec, here)
            _fields(spec_obj, ("type", "default"), here)
            kind_text = spec_obj["type"]
            if not isinstance(kind_text, str) or kind_text not in _OPTION_TYPES:
                raise ProtocolError(
                    f"{here}.type: one of int, float, bool, string; got {_show(kind_text)}",
                    field=f"{here}.type",
                )
            default = _option_value(spec_obj["default"], kind_text, f"{here}.default")
            options.append(BotOption(key, kind_text, default))
        return Handshake(protocol, name, author, tuple(options))
    if kind == "ready":
        _fields(obj, ("type",), "")
        return Ready()
    if kind == "move":
        _fields(obj, ("type", "move"), "")
        return MoveReply(_move(obj["move"], "move"))
    if kind == "error":
        _fields(obj, ("type", "kind", "message"), "")
        error_kind = obj["kind"]
        if error_kind not in ERROR_KINDS:
            raise ProtocolError(
                f"kind: one of {', '.join(ERROR_KINDS)}, got {_show(error_kind)}", field="kind"
            )
        return ErrorReply(error_kind, _str(obj["message"], "message"))
    raise ProtocolError(
        f"type: unknown reply {_show(kind)} (hello, ready, move or error)", field="type"
    )
