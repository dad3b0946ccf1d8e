"""Loading bots by name: the built-in names and ``package.module:Class`` specs with keyword
arguments in brackets (``search[playouts=800]``).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from bergen.bots.base import Bot, BotError, _failure
from bergen.errors import _brief

__all__ = ["BEST", "BUILTIN_BOTS", "bot_factory", "load_bot", "parse_bot_spec", "takes_seconds"]

BEST = "bayes"
"""The strongest built-in bot on the ladder (docs/ladder.md), which the name ``best`` loads."""


class _BuiltinBots(Mapping[str, Callable[..., Bot]]):
    """The built-in bots by name, each class imported when it is first looked up (a ``greedy``
    process, ``bergen bot serve greedy``, does not import the search bots).
    """

    _WHERE: ClassVar[dict[str, tuple[str, str]]] = {
        "random": ("bergen.bots.simple", "RandomBot"),
        "greedy": ("bergen.bots.simple", "GreedyBot"),
        "search": ("bergen.bots.search", "SearchBot"),
        "pimc": ("bergen.bots.pimc", "PIMCBot"),
        "strategy": ("bergen.bots.strategy", "StrategyBot"),
        "ismcts": ("bergen.bots.ismcts", "ISMCTSBot"),
        "bayes": ("bergen.bots.bayes", "BayesBot"),
        "best": ("bergen.bots.bayes", "BayesBot"),
    }

    def __getitem__(self, name: str) -> Callable[..., Bot]:
        """The class of the bot ``name``.

        Raises:
            KeyError: for a name that is not a built-in bot.
        """
        module, attr = self._WHERE[name]
        bot: Callable[..., Bot] = getattr(importlib.import_module(module), attr)
        return bot

    def __iter__(self) -> Iterator[str]:
        """The names, in the order of the documentation."""
        return iter(self._WHERE)

    def __len__(self) -> int:
        """The number of built-in bots."""
        return len(self._WHERE)

    def __repr__(self) -> str:
        """The names and classes, as a dict shows them."""
        return repr(dict(self))


BUILTIN_BOTS: Mapping[str, Callable[..., Bot]] = _BuiltinBots()
"""The built-in bots by name; ``best`` is an alias of the strongest (:data:`BEST`), so that
``best[seconds=0.1]`` always means the strongest bot at that budget. A read-only mapping: each
class is imported when it is first looked up."""


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec into its name and keyword arguments.

    Args:
        spec: ``name``, ``package.module:Class``, either with ``[key=value,...]`` after it;
            values are read as int, float, ``true``/``false`` or text.

    Returns:
        ``(name, kwargs)``.

    Raises:
        BotError: when the brackets or an argument are malformed.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise BotError(
            f"a bot is a name such as 'greedy' or 'package.module:Class', got {_brief(spec)}"
        )
    text = spec.strip()
    kwargs: dict[str, Any] = {}
    if "[" in text:
        if not text.endswith("]"):
            raise BotError(
                "bot arguments go in brackets at the end: 'search[playouts=800]', got "
                f"{_brief(spec)}"
            )
        text, _, args = text[:-1].partition("[")
        for item in filter(None, (a.strip() for a in args.split(","))):
            key, eq, value = item.partition("=")
            if not eq or not key.strip().isidentifier():
                raise BotError(f"bot argument {_brief(item)} in {_brief(spec)} is not key=value")
            kwargs[key.strip()] = _value(value.strip())
    return text, kwargs


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def bot_factory(spec: str) -> tuple[Callable[..., Bot], dict[str, Any]]:
    """Resolve a bot spec (see :func:`parse_bot_spec`) to what builds the bot, without
    building it.

    Args:
        spec: A built-in name (:data:`BUILTIN_BOTS`) or ``package.module:Class``, with
            bracketed arguments or without.

    Returns:
        ``(factory, kwargs)``: the class (or any callable) and the bracketed arguments;
        :func:`load_bot` calls ``factory(seed=seed, **kwargs)``.

    Raises:
        BotError: for an unknown name, or a module or class that cannot be imported
            (including a module that raises any exception, ``SystemExit`` and other
            ``BaseException`` subclasses included, while it is imported), or a bracketed
            argument the factory does not take (``greedy[foo=1]``: "greedy has no option
            'foo' (it takes seed)"; not checked for a factory that takes ``**kwargs`` or whose
            signature is hidden).
        KeyboardInterrupt: when interrupted (Ctrl-C) while importing.
    """
    name, kwargs = parse_bot_spec(spec)
    factory = _factory_of(spec, name)
    unknown = _unknown_options(factory, kwargs)
    if unknown:
        params = inspect.signature(factory).parameters.values()
        takes = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        raise BotError(
            f"bot {_brief(spec)}: {name} has no option {_brief(unknown[0])} "
            f"(it takes {', '.join(takes) or 'none'})"
        )
    return factory, kwargs


def _unknown_options(factory: Callable[..., Any], kwargs: dict[str, Any]) -> list[str]:
    """The names in ``kwargs`` that ``factory`` takes no keyword argument of (none when it
    takes ``**kwargs`` or its signature is hidden).
    """
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin or a callable without a signature
        return []
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return []
    names = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    return [key for key in kwargs if key not in names]


def _factory_of(spec: str, name: str) -> Callable[..., Bot]:
    """The class (or callable) a bot spec's ``name`` names (see :func:`bot_factory`)."""
    factory: Callable[..., Bot]
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as e:
            raise BotError(
                f"bot {_brief(spec)}: cannot import module {_brief(module_name)} ({e})"
            ) from None
        except KeyboardInterrupt:
            raise
        except BaseException as e:  # an empty or relative name, or the module fails or exits
            raise BotError(
                f"bot {_brief(spec)}: cannot import module {_brief(module_name)} ({_failure(e)})"
            ) from None
        try:
            factory = getattr(module, attr)
        except AttributeError:
            raise BotError(
                f"bot {_brief(spec)}: module {_brief(module_name)} has no {_brief(attr)}"
            ) from None
    else:
        try:
            factory = BUILTIN_BOTS[name]
        except KeyError:
            known = ", ".join(sorted(BUILTIN_BOTS))
            raise BotError(
                f"unknown bot {_brief(name)}: use one of {known}, or package.module:Class"
            ) from None
    return factory


def _takes_seed(factory: Callable[..., Any]) -> bool:
    """Whether ``factory`` accepts a ``seed`` keyword (``True`` when its signature is hidden)."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin or a callable without a signature
        return True
    return any(
        p.kind is inspect.Parameter.VAR_KEYWORD
        or (p.name == "seed" and p.kind is not inspect.Parameter.POSITIONAL_ONLY)
        for p in parameters
    )


def takes_seconds(bot: object) -> bool:
    """Whether ``bot.choose`` takes a keyword argument ``seconds`` (the caller's time for the
    move, see :class:`~bergen.bots.Bot`): a parameter of that name, not positional-only. A
    ``**kwargs`` alone does not count, nor a ``choose`` whose signature is hidden.

    Args:
        bot: A bot.

    Returns:
        Whether to pass ``seconds=``.
    """
    choose = getattr(bot, "choose", None)
    if not callable(choose):
        return False
    try:
        parameters = inspect.signature(choose).parameters
    except (TypeError, ValueError):  # a builtin or a callable without a signature
        return False
    p = parameters.get("seconds")
    return p is not None and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)


def load_bot(spec: str, seed: int | None = None) -> Bot:
    """Build a bot from its spec (see :func:`parse_bot_spec`), with its own seed.

    Args:
        spec: A built-in name (:data:`BUILTIN_BOTS`) or ``package.module:Class``; the class
            (or any callable) is called with ``seed=seed`` and the bracketed arguments, or
            without ``seed`` when it takes no parameter of that name (nor ``**kwargs``): such a
            bot is as reproducible as its own code makes it.
        seed: Seed of the bot's generator.

    Returns:
        The bot.

    Raises:
        BotError: for an unknown name, a module or class that cannot be imported (including a
            module that raises any exception, ``SystemExit`` from ``sys.exit()`` and other
            ``BaseException`` subclasses included, while it is imported), arguments the bot
            does not take, a constructor that raises (the same way), or an object without a
            ``choose`` method.
        KeyboardInterrupt: when interrupted (Ctrl-C) while importing or building the bot.
    """
    factory, kwargs = bot_factory(spec)
    try:
        bot: Bot = factory(seed=seed, **kwargs) if _takes_seed(factory) else factory(**kwargs)
    except TypeError as e:
        raise BotError(f"bot {_brief(spec)}: {e}") from None
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # the bot's own constructor failed, or exited
        raise BotError(f"bot {_brief(spec)} could not be built: {_failure(e)}") from None
    if not callable(getattr(bot, "choose", None)):
        raise BotError(f"bot {_brief(spec)} has no choose(view, legal_moves) method")
    return bot
