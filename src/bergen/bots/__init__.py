"""The bot protocol and the built-in bots: ``random``, ``greedy``, ``strategy``, ``search``,
``ismcts``, ``pimc`` and ``bayes`` (also named ``best``: the strongest on docs/ladder.md).

A bot receives a :class:`~bergen.view.PlayerView` and the legal moves and returns one of them
(docs/guides/bots.md, "What a seat may see: the view"). Its randomness comes from its own seeded
``random.Random``, so that a bot given the same seed and the same views makes the same moves.

Bots are named on the command line by a built-in name (:data:`BUILTIN_BOTS`) or
by ``package.module:Class``, optionally with keyword arguments in brackets:
``search[playouts=800]``, ``mybots.strong:Bot[depth=3]`` (see :func:`load_bot`).

The package is split by kind: :mod:`bergen.bots.base` (the protocol and :class:`BotError`),
:mod:`bergen.bots.simple` (``random``, ``greedy``), :mod:`bergen.bots.strategy` (``strategy``),
:mod:`bergen.bots.search` (``search``), :mod:`bergen.bots.ismcts` (``ismcts``),
:mod:`bergen.bots.pimc` (``pimc``), :mod:`bergen.bots.inference` (the opponent model and the
weighted worlds), :mod:`bergen.bots.bayes` (``bayes``) and :mod:`bergen.bots.loading`
(:data:`BUILTIN_BOTS`,
:func:`bot_factory`, :func:`load_bot`, :func:`parse_bot_spec`);
every public name is re-exported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bergen._lazy import lazy_names
from bergen.bots.base import _exception_text as _exception_text  # for the arena and play
from bergen.bots.base import _is_legal_choice as _is_legal_choice
from bergen.bots.base import _raised_at as _raised_at  # for the arena and bot serve
from bergen.bots.base import _safe_repr as _safe_repr

if TYPE_CHECKING:
    from bergen.bots.base import Bot, BotError, move_seconds
    from bergen.bots.bayes import BayesBot, MatchEquity
    from bergen.bots.inference import OpponentModel, weighted_worlds
    from bergen.bots.ismcts import ISMCTSBot
    from bergen.bots.loading import (
        BEST,
        BUILTIN_BOTS,
        bot_factory,
        load_bot,
        parse_bot_spec,
        takes_seconds,
    )
    from bergen.bots.pimc import PIMCBot
    from bergen.bots.search import SearchBot, greedy_rollout
    from bergen.bots.simple import GreedyBot, RandomBot, greedy_key, points_now
    from bergen.bots.strategy import TERMS, StrategyBot

__all__ = [
    "BEST",
    "BUILTIN_BOTS",
    "TERMS",
    "BayesBot",
    "Bot",
    "BotError",
    "GreedyBot",
    "ISMCTSBot",
    "MatchEquity",
    "OpponentModel",
    "PIMCBot",
    "RandomBot",
    "SearchBot",
    "StrategyBot",
    "bot_factory",
    "greedy_key",
    "greedy_rollout",
    "load_bot",
    "move_seconds",
    "parse_bot_spec",
    "points_now",
    "takes_seconds",
    "weighted_worlds",
]

_EXPORTS: dict[str, str] = {
    "Bot": "bergen.bots.base",
    "BotError": "bergen.bots.base",
    "move_seconds": "bergen.bots.base",
    "BayesBot": "bergen.bots.bayes",
    "MatchEquity": "bergen.bots.bayes",
    "OpponentModel": "bergen.bots.inference",
    "weighted_worlds": "bergen.bots.inference",
    "ISMCTSBot": "bergen.bots.ismcts",
    "BEST": "bergen.bots.loading",
    "BUILTIN_BOTS": "bergen.bots.loading",
    "bot_factory": "bergen.bots.loading",
    "load_bot": "bergen.bots.loading",
    "parse_bot_spec": "bergen.bots.loading",
    "takes_seconds": "bergen.bots.loading",
    "PIMCBot": "bergen.bots.pimc",
    "SearchBot": "bergen.bots.search",
    "greedy_rollout": "bergen.bots.search",
    "GreedyBot": "bergen.bots.simple",
    "RandomBot": "bergen.bots.simple",
    "greedy_key": "bergen.bots.simple",
    "points_now": "bergen.bots.simple",
    "TERMS": "bergen.bots.strategy",
    "StrategyBot": "bergen.bots.strategy",
}
"""Each public name and the module it comes from, imported when the name is first read (PEP
562), so that importing the package stays cheap (``bergen bot serve`` starts fast)."""

__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
