"""Bergen as an OpenSpiel game, ``python_bergen`` (needs
``pip install 'bergen-dominoes[openspiel]'``).

Importing this module registers the game with ``pyspiel``::

    import pyspiel
    import bergen.adapters.openspiel  # noqa: F401 (registers python_bergen)

    game = pyspiel.load_game("python_bergen", {"players": 3})

One game is one match (docs/rules.md, rule 9). Chance deals every tile: first the hands, seat 0's
tiles first, each tile uniform over those not dealt yet (rule 1); then, under "draw in turn",
the tiles drawn for a lead double (rule 2); and every draw from the boneyard is a chance node
whose outcomes are the tiles still in the boneyard, uniformly (rule 4). A chance outcome is a
tile index 0..27. The players' actions are the fixed ids of :mod:`bergen.adapters.encoding`.

Game parameters (all optional):

==============  ==============  ===========================================================
parameter       default         meaning
==============  ==============  ===========================================================
``players``     2               seats, 2..4
``preset``      ``"classic"``   ``"classic"`` or ``"simple"`` (docs/rules.md, presets)
``partnerships`` ``False``      two partnerships at four seats (rule 10)
``target``      0               a fixed target in points; 0 keeps the preset's (rule 9)
``drawing``     ``True``        ``False`` for Block Bergen (rule 4)
``reserve``     -1              boneyard tiles never drawn; -1 keeps the preset's (rule 4)
``no_double``   ``""``          ``"redeal"`` or ``"draw"``; ``""`` keeps the preset's (rule 2)
``rewards``     ``"points"``    ``"points"``: each action's points as it scores them;
                                ``"terminal"``: everything at the end (for OpenSpiel's MCTS)
``max_rounds``  100             the match stops after this many rounds even if no side has
                                reached the target (a complete tie scores nothing, rule 8)
==============  ==============  ===========================================================

Rewards and returns: a player's reward is the points its side scored (rules 5-8); with
partnerships both partners get the side's points. ``rewards()`` holds the points scored since
the previous decision (a draw's chance node and the deal included). ``returns()`` is the sum of
the rewards: the player's side's match points. With ``rewards="terminal"`` the rewards and
returns are 0 until the match ends, and then the side's match points. The game is
general-sum, with utilities from 0 to the most points a side can hold
(:func:`~bergen.adapters.encoding.max_score`).

``serialize()`` and ``game.deserialize_state`` are OpenSpiel's own for Python games: the action
history and the state's attributes, pickled. Deserialize only strings you made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel

from bergen.adapters import encoding as E
from bergen.bots import Bot, load_bot
from bergen.deal import Deal
from bergen.errors import ArgumentError, PositionError, RulesError, _brief
from bergen.events import ScoreEvent
from bergen.match import MatchState
from bergen.moves import DRAW
from bergen.records import Record, record_match
from bergen.round import RoundState
from bergen.rules import NoDouble, Rules
from bergen.tiles import IS_DOUBLE, TILES

__all__ = [
    "DEFAULT_PARAMETERS",
    "SHORT_NAME",
    "BergenBot",
    "BergenGame",
    "BergenObserver",
    "BergenState",
    "max_round_length",
]

SHORT_NAME = "python_bergen"
"""The name the game is registered under."""

DEFAULT_PARAMETERS: dict[str, Any] = {
    "players": 2,
    "preset": "classic",
    "partnerships": False,
    "target": 0,
    "drawing": True,
    "reserve": -1,
    "no_double": "",
    "rewards": "points",
    "max_rounds": 100,
}
"""The game parameters and their defaults (see the module docstring)."""

_HISTORY_SLOT = E.MAX_SEATS + E.N_ACTIONS


def _game_type(reward_model: Any) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Bergen (bergen, the reference rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=reward_model,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMETERS,
    )


def max_round_length(rules: Rules, seats: int) -> int:
    """An upper bound on the decisions of one round: the lead and at most 27 plays, the tiles
    that can be drawn, and at most ``seats - 1`` passes after each of those (a block is found
    as soon as nobody can play or draw; docs/rules.md, rules 3, 4 and 8).

    Raises:
        RulesError: when the rules do not allow ``seats`` seats.
    """
    table = rules.for_table(seats)
    draws = table.boneyard_size - table.reserve if rules.drawing else 0
    return seats * (len(TILES) + draws)


@attrs.frozen
class _Config:
    """The game's constants, shared by its states (never copied)."""

    rules: Rules
    seats: int
    hand_size: int
    terminal_rewards: bool
    max_rounds: int
    round_length: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        """Immutable: the copy is the value itself."""
        return self


@attrs.frozen
class _Data:
    """A state's values, immutable, so that OpenSpiel's clone (a deep copy) shares them.

    Attributes:
        config: The game's constants.
        match: The match, explicit deals (no seed); its round is ``None`` while dealing.
        dealt: The tile indexes dealt so far for the next round, in order (seat 0's first).
        lead_drawn: Tiles drawn for a lead double so far ("draw in turn", rule 2).
        pending_draw: Whether the seat to move has chosen to draw and chance picks the tile.
        rewards: Points per player since the previous decision.
        points: Points per player so far (the side's match points).
        redeal_counts: For each round dealt, how many redeals the match had before it.
    """

    config: _Config
    match: MatchState
    dealt: tuple[int, ...] = ()
    lead_drawn: tuple[int, ...] = ()
    pending_draw: bool = False
    rewards: tuple[float, ...] = ()
    points: tuple[float, ...] = ()
    redeal_counts: tuple[int, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Data:
        """Immutable: the copy is the value itself."""
        return self

    @property
    def rounds_dealt(self) -> int:
        """Rounds dealt so far (the one in play included)."""
        return len(self.redeal_counts)

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over, or stopped after ``max_rounds`` rounds."""
        m = self.match
        if m.is_over:
            return True
        return m.round is None and self.rounds_dealt >= self.config.max_rounds


def _parameters(params: Mapping[str, Any] | None) -> dict[str, Any]:
    """The parameters with their defaults filled in, checked.

    Raises:
        RulesError: for an unknown parameter or a value of the wrong type.
    """
    out = dict(DEFAULT_PARAMETERS)
    for key, value in (params or {}).items():
        if key not in DEFAULT_PARAMETERS:
            raise RulesError(
                f"python_bergen has no parameter {key!r} "
                f"(parameters: {', '.join(DEFAULT_PARAMETERS)})",
                fields=(str(key),),
            )
        default = DEFAULT_PARAMETERS[key]
        if type(value) is not type(default):
            raise RulesError(
                f"parameter {key} must be {type(default).__name__}, got {value!r}",
                fields=(key,),
            )
        out[key] = value
    if out["rewards"] not in ("points", "terminal"):
        raise RulesError(
            f"parameter rewards must be 'points' or 'terminal', got {out['rewards']!r}",
            fields=("rewards",),
        )
    if out["max_rounds"] < 1:
        raise RulesError(
            f"parameter max_rounds must be 1 or more, got {out['max_rounds']}",
            fields=("max_rounds",),
        )
    return out


class BergenGame(pyspiel.Game):
    """The OpenSpiel game of a Bergen match (see the module docstring for the parameters).

    Args:
        params: Game parameters (``pyspiel.load_game`` passes them).

    Raises:
        RulesError: for an unknown parameter, a value of the wrong type, or rules that do not
            allow the table (docs/rules.md, "Presets and switches").
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        """Work out the rules and the game's sizes from the parameters."""
        p = _parameters(params)
        seats = p["players"]
        rules = E.rules_from(
            p["preset"],
            partnerships=p["partnerships"],
            target=p["target"],
            drawing=p["drawing"],
            reserve=p["reserve"],
            no_double=p["no_double"],
        )
        table = rules.for_table(seats)
        terminal = p["rewards"] == "terminal"
        round_length = max_round_length(rules, seats)
        self.config = _Config(
            rules=rules,
            seats=seats,
            hand_size=table.hand_size,
            terminal_rewards=terminal,
            max_rounds=p["max_rounds"],
            round_length=round_length,
        )
        model = pyspiel.GameType.RewardModel
        info = pyspiel.GameInfo(
            num_distinct_actions=E.N_ACTIONS,
            max_chance_outcomes=len(TILES),
            num_players=seats,
            min_utility=0.0,
            max_utility=float(E.max_score(rules, seats)),
            utility_sum=None,
            max_game_length=p["max_rounds"] * round_length,
        )
        super().__init__(_game_type(model.TERMINAL if terminal else model.REWARDS), info, p)

    @property
    def rules(self) -> Rules:
        """The ruleset the parameters give."""
        return self.config.rules

    def new_initial_state(self) -> BergenState:
        """The start of a match: chance deals the first round."""
        return BergenState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> BergenObserver:
        """An observer for ``iig_obs_type`` (OpenSpiel's default observation when ``None``).

        Raises:
            ArgumentError: when ``params`` is given (the observer takes none).
        """
        if params:
            raise ArgumentError(
                f"the python_bergen observer takes no parameters, got {_brief(params)}"
            )
        return BergenObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self.config
        )


class BergenState(pyspiel.State):
    """A state of a Bergen match in OpenSpiel: dealing, a seat to move, a draw, or the end.

    Args:
        game: The game (``game.new_initial_state()`` builds states).
    """

    def __init__(self, game: BergenGame) -> None:
        """The match before the first deal."""
        super().__init__(game)
        config = game.config
        zeros = (0.0,) * config.seats
        self._d = _Data(
            config=config,
            match=MatchState.new(config.seats, config.rules),
            rewards=zeros,
            points=zeros,
        )

    # ------------------------------------------------------------------ bergen values

    @property
    def match(self) -> MatchState:
        """The bergen match so far (explicit deals: the tiles chance dealt and drew)."""
        return self._d.match

    @property
    def round(self) -> RoundState | None:
        """The round in play, ``None`` while dealing or at the end."""
        return self._d.match.round

    def record(self) -> Record:
        """A bergen record of the match so far: each round's deal (the boneyard in the order
        chance drew it; tiles never drawn in index order), its actions and events, and the
        redeals before it; ``bergen.replay`` reproduces the events and scores.
        """
        d = self._d
        match = d.match
        record = record_match(match.replace(redeals=()))
        counts = (*d.redeal_counts, len(match.redeals))
        rounds = tuple(
            attrs.evolve(rr, redeals=match.redeals[counts[i - 1] if i else 0 : counts[i]])
            for i, rr in enumerate(record.rounds)
        )
        return attrs.evolve(record, rounds=rounds)

    def _dealing(self) -> bool:
        return self._d.match.round is None

    # ------------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        """The seat to move, ``pyspiel.PlayerId.CHANCE`` while chance deals or draws, or
        ``pyspiel.PlayerId.TERMINAL``.
        """
        d = self._d
        if d.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        rnd = d.match.round
        if rnd is None or d.pending_draw:
            return int(pyspiel.PlayerId.CHANCE)
        return rnd.to_move

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the seat's legal moves, ascending (docs/rules.md, rules 2-4)."""
        rnd = self._d.match.round
        if rnd is None or player != rnd.to_move:
            return []
        return E.legal_actions(rnd)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles chance may deal or draw now, each as likely (rules 1, 2 and 4)."""
        tiles = self._chance_tiles()
        p = 1.0 / len(tiles)
        return [(t, p) for t in tiles]

    def _chance_tiles(self) -> list[int]:
        d = self._d
        rnd = d.match.round
        if rnd is None:
            used = set(d.dealt) | set(d.lead_drawn)
            return [t for t in range(len(TILES)) if t not in used]
        return sorted(t.index for t in rnd.boneyard.tiles)

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome (a tile) or a seat's action id."""
        d = self._d
        action = int(action)
        if d.match.round is None:
            self._d = self._deal(d, action)
        elif d.pending_draw:
            self._d = self._after(d, self._draw(d, action), chance=True)
        else:
            rnd = d.match.round
            move = E.move_for(rnd, action)
            if move == DRAW:
                zeros = (0.0,) * d.config.seats
                self._d = attrs.evolve(d, pending_draw=True, rewards=zeros)
            else:
                self._d = self._after(d, d.match.apply(move), chance=False)

    def _deal(self, d: _Data, tile: int) -> _Data:
        """Deal ``tile`` to the next hand, or draw it for a lead double (rules 1-2)."""
        if tile not in self._chance_tiles():
            raise ArgumentError(f"chance outcome {tile} is not a tile left to deal")
        config = d.config
        full = config.seats * config.hand_size
        if len(d.dealt) < full:
            d = attrs.evolve(d, dealt=(*d.dealt, tile))
            if len(d.dealt) < full:
                return d
        else:
            d = attrs.evolve(d, lead_drawn=(*d.lead_drawn, tile))
        size = config.hand_size
        hands = tuple(
            tuple(TILES[t] for t in d.dealt[i * size : (i + 1) * size]) for i in range(config.seats)
        )
        has_double = any(IS_DOUBLE[t] for t in d.dealt) or any(IS_DOUBLE[t] for t in d.lead_drawn)
        if not has_double and config.rules.no_double is NoDouble.DRAW_IN_TURN:
            return d  # chance draws for a lead double next
        used = set(d.dealt) | set(d.lead_drawn)
        rest = [t for t in range(len(TILES)) if t not in used]
        deal = Deal(hands, tuple(TILES[t] for t in (*d.lead_drawn, *rest)))
        before = len(d.match.redeals)
        match = d.match.start_round(deal)
        if match.round is None:  # nobody holds a double: redeal (rule 2)
            return attrs.evolve(d, match=match, dealt=(), lead_drawn=())
        return attrs.evolve(
            d,
            match=match,
            dealt=(),
            lead_drawn=(),
            redeal_counts=(*d.redeal_counts, before),
        )

    def _draw(self, d: _Data, tile: int) -> tuple[MatchState, tuple[ScoreEvent, ...]]:
        """Draw ``tile`` for the seat to move: the boneyard is reordered so that it is next,
        then the draw is made (rule 4).
        """
        rnd = d.match.round
        assert rnd is not None  # internal: a pending draw is always in a round
        if tile not in self._chance_tiles():
            raise ArgumentError(f"chance outcome {tile} is not a tile in the boneyard")
        rnd = _with_next_draw(rnd, tile)
        return d.match.replace(round=rnd).apply(DRAW)

    def _after(
        self, d: _Data, result: tuple[MatchState, tuple[ScoreEvent, ...]], *, chance: bool
    ) -> _Data:
        """The data after a move: the points scored added to the rewards and points."""
        match, events = result
        seats = d.config.seats
        gained = E.side_points(events, seats, d.config.rules.partnerships)
        base = d.rewards if chance else (0.0,) * seats
        return attrs.evolve(
            d,
            match=match,
            pending_draw=False,
            rewards=tuple(b + g for b, g in zip(base, gained, strict=True)),
            points=tuple(b + g for b, g in zip(d.points, gained, strict=True)),
        )

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome as ``tile 3-1``; a seat's action in canonical notation, ``5-4L``."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"tile {TILES[int(action)]}"
        return E.action_text(int(action))

    def is_terminal(self) -> bool:
        """Whether a side has reached the target, or ``max_rounds`` rounds were played."""
        return self._d.is_terminal

    def rewards(self) -> list[float]:
        """Points each player's side scored since the previous decision (with
        ``rewards="terminal"``: 0, then the match points at the end).
        """
        d = self._d
        if d.config.terminal_rewards:
            return list(d.points) if d.is_terminal else [0.0] * d.config.seats
        return list(d.rewards)

    def returns(self) -> list[float]:
        """Each player's side's match points so far (with ``rewards="terminal"``: 0 until the
        match ends).
        """
        d = self._d
        if d.config.terminal_rewards and not d.is_terminal:
            return [0.0] * d.config.seats
        return list(d.points)

    def __str__(self) -> str:
        """Every fact of the state, for debugging: scores, dealer, hands, line, boneyard."""
        d = self._d
        m = d.match
        head = f"scores {' '.join(map(str, m.scores))} | dealer {m.dealer}"
        rnd = m.round
        if rnd is None:
            dealt = " ".join(str(TILES[t]) for t in d.dealt)
            drawn = " ".join(str(TILES[t]) for t in d.lead_drawn)
            state = "over" if d.is_terminal else "dealing"
            return f"{head} | {state} | dealt {dealt or '-'} | lead draws {drawn or '-'}"
        hands = " / ".join(" ".join(map(str, h)) or "-" for h in rnd.hands)
        bone = " ".join(sorted(map(str, rnd.boneyard.tiles)))
        draw = " | drawing" if d.pending_draw else ""
        return (
            f"{head} | hands {hands} | line {rnd.line or '-'} | boneyard {bone or '-'} | "
            f"to move {rnd.to_move}{draw}"
        )


def _with_next_draw(rnd: RoundState, tile: int) -> RoundState:
    """``rnd`` with its boneyard reordered so that ``tile`` is drawn next: chance picks each
    drawn tile when it is drawn, the bergen round keeps its boneyard in draw order (rule 4).
    The deal stored with the round is reordered the same way, so the round replays.
    """
    context = rnd._context
    drawn = len(context.boneyard) - len(rnd.boneyard.tiles)
    order = list(context.boneyard)
    k = order.index(tile, drawn)
    order[drawn], order[k] = order[k], order[drawn]
    deal = context.deal
    assert deal is not None  # internal: the adapter's rounds start from deals
    lead = tuple(a.drawn for a in context.lead_draws if a.drawn is not None)
    new_deal = Deal(deal.hands, (*lead, *(TILES[t] for t in order)))
    new_context = attrs.evolve(context, boneyard=tuple(order), deal=new_deal)
    return rnd.replace(context=new_context)


class BergenObserver:
    """Observations and information states of ``python_bergen`` (OpenSpiel's observer API).

    The tensor is :data:`bergen.adapters.encoding.OBSERVATION_FIELDS` from the player's view;
    for a perfect-recall observer (the information state) it is followed by the round's public
    history: one slot per decision, up to :func:`max_round_length`, each a one-hot of the seat
    (4) and of the action id (86). Earlier rounds enter the tensor only through the scores; the
    information-state string holds the whole match.

    Args:
        iig_obs_type: OpenSpiel's observation type.
        config: The game's constants.
    """

    def __init__(self, iig_obs_type: Any, config: _Config) -> None:
        """Make the tensor and its named views."""
        self._config = config
        self._recall = bool(iig_obs_type.perfect_recall)
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        pieces: list[tuple[str, int, tuple[int, ...]]] = [
            (f.name, f.size, (f.size,)) for f in E.OBSERVATION_FIELDS
        ]
        if self._recall:
            slots = config.round_length
            pieces.append(("history", slots * _HISTORY_SLOT, (slots, _HISTORY_SLOT)))
        self.tensor = np.zeros(sum(size for _, size, _ in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def _values(self, state: BergenState, player: int) -> list[float]:
        d = state._d
        match = d.match
        rnd = _shown_round(state)
        if rnd is not None:
            return E.observation(rnd.view(player))
        size = d.config.hand_size
        mine = d.dealt[player * size : (player + 1) * size]
        mask = 0
        for t in mine:
            mask |= 1 << t
        return E.between_rounds(player, match.scores, match.target, mask)

    def set_from(self, state: BergenState, player: int) -> None:
        """Fill the tensor with what ``player`` may know of ``state``."""
        self.tensor.fill(0)
        values = self._values(state, player)
        n = E.OBSERVATION_SIZE
        self.tensor[:n] = values
        if not self._private:
            self.tensor[:28] = 0.0
        if self._recall:
            rnd = _shown_round(state)
            if rnd is not None:
                history = self.dict["history"]
                for i, a in enumerate(rnd.history[: self._config.round_length]):
                    history[i, a.seat] = 1.0
                    history[i, E.MAX_SEATS + E.action_of(a.move)] = 1.0

    def string_from(self, state: BergenState, player: int) -> str:
        """What ``player`` may know of ``state`` as text: the observation, or for the
        information state the whole match as the player saw it.
        """
        if not self._recall:
            return _observation_string(state, player, self._private)
        return _information_state_string(state, player, self._private)


def _shown_round(state: BergenState) -> RoundState | None:
    """The round an observation shows: the one in play, the last one at the end of the match,
    none while dealing.
    """
    d = state._d
    match = d.match
    if match.round is not None:
        return match.round
    if d.is_terminal and match.rounds:
        return match.rounds[-1]
    return None


def _observation_string(state: BergenState, player: int, private: bool) -> str:
    d = state._d
    match = d.match
    rnd = _shown_round(state)
    if rnd is None:
        size = d.config.hand_size
        mine = " ".join(str(TILES[t]) for t in d.dealt[player * size : (player + 1) * size])
        if not private:
            mine = "?"
        return (
            f"seat {player} | dealing, round {d.rounds_dealt} | hand {mine or '-'} | "
            f"scores {' '.join(map(str, match.scores))} of {match.target}"
        )
    text = E.observation_text(rnd.view(player))
    if not private:
        text = text.replace(text.split(" | ")[1], "hand ?")
    return text


def _round_lines(rnd: RoundState, player: int, private: bool) -> list[str]:
    deal = rnd.deal
    assert deal is not None  # internal: the adapter's rounds start from deals
    hand = " ".join(map(str, deal.hands[player])) if private else "?"
    parts = [f"dealer {rnd.dealer} hand {hand}"]
    for a in rnd.lead_draws:
        shown = f" {a.drawn}" if private and a.seat == player else ""
        parts.append(f"{a.seat}:lead-draw{shown}")
    for a in rnd.history:
        shown = f" {a.drawn}" if a.drawn is not None and private and a.seat == player else ""
        parts.append(f"{a.seat}:{a.move}{shown}")
    return parts


def _information_state_string(state: BergenState, player: int, private: bool) -> str:
    d = state._d
    match = d.match
    lines = [f"seat {player}"]
    counts = (*d.redeal_counts, len(match.redeals))
    rounds: Sequence[RoundState] = (*match.rounds, *([match.round] if match.round else []))
    for i, rnd in enumerate(rounds):
        for deal in match.redeals[counts[i - 1] if i else 0 : counts[i]]:
            shown = " ".join(map(str, deal.hands[player])) if private else "?"
            lines.append(f"redeal hand {shown}")
        lines.append(f"round {i}: " + " ".join(_round_lines(rnd, player, private)))
    if match.round is None and not d.is_terminal:
        for deal in match.redeals[counts[-2] if len(counts) > 1 else 0 :]:
            shown = " ".join(map(str, deal.hands[player])) if private else "?"
            lines.append(f"redeal hand {shown}")
        size = d.config.hand_size
        mine = sorted(d.dealt[player * size : (player + 1) * size])
        shown = " ".join(str(TILES[t]) for t in mine) if private else "?"
        lines.append(f"dealing: {len(d.dealt)} tiles dealt, mine {shown or '-'}")
        for k, t in enumerate(d.lead_drawn):
            lines.append(f"lead draw {k}" + (f" {TILES[t]}" if private else ""))
    if d.pending_draw:
        lines.append("drawing")
    return "\n".join(lines)


pyspiel.register_game(_game_type(pyspiel.GameType.RewardModel.REWARDS), BergenGame)


class BergenBot(pyspiel.Bot):
    """A bergen bot (:func:`bergen.load_bot`) playing one seat of ``python_bergen``, for
    OpenSpiel's ``evaluate_bots`` and the like. It sees only its seat's view.

    Args:
        bot: A bot spec such as ``"greedy"`` or ``"search[playouts=200]"``, or a bot.
        player_id: The seat it plays.
        seed: Seed of the bot's generator (for a spec).

    Raises:
        BotError: when the spec names no bot (:func:`bergen.load_bot`).
    """

    def __init__(self, bot: str | Bot, player_id: int, seed: int | None = None) -> None:
        """Load the bot."""
        super().__init__()
        self._bot: Bot = load_bot(bot, seed) if isinstance(bot, str) else bot
        self._player = player_id

    def restart_at(self, state: BergenState) -> None:
        """Nothing to reset: the bot decides from each view alone."""

    def inform_action(self, state: BergenState, player_id: int, action: int) -> None:
        """Nothing to record: the view holds the public history."""

    def step(self, state: BergenState) -> int:
        """The action id of the bot's move at ``state``, where its seat is to move.

        Raises:
            PositionError: when no round is in play or another seat is to move.
        """
        rnd = state.round
        if rnd is None or state.current_player() != self._player:
            raise PositionError(f"seat {self._player} is not to move in this state")
        move = self._bot.choose(rnd.view(self._player), rnd.legal_moves())
        return E.action_of(move)
