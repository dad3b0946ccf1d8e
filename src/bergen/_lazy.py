"""Lazy public names for a package (PEP 562): each is imported from its module when first read,
so that importing the package stays cheap (``bergen bot serve`` starts fast).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, exports: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's module ``__getattr__`` and ``__dir__`` for its lazily imported names.

    Args:
        package: The package's name (``__name__``), for the error message.
        exports: Each public name and the module it comes from.
        namespace: The package's ``globals()``: a name read once is kept there, so the next
            read does not call ``__getattr__``; ``__dir__`` lists it with ``__all__``.

    Returns:
        ``(__getattr__, __dir__)``: ``__getattr__(name)`` imports ``name`` from its module and
        raises ``AttributeError`` for a name the package does not have; ``__dir__()`` lists the
        package's names, the public ones not yet imported included.
    """

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *namespace.get("__all__", ())})

    return __getattr__, __dir__
