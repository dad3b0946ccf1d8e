"""A Griffe extension for the API reference: turns Sphinx roles in docstrings into links.

The docstrings of bergen use Google style with Sphinx cross-reference roles
(:class:`Hand`, :meth:`RoundState.apply`, :mod:`bergen.tiles`, ...), which mkdocstrings does not
read. This extension resolves each role's target in the scope of the object whose docstring it
is and rewrites it as an *optional* mkdocs-autorefs cross-reference: a link when the target is
rendered somewhere on the site, plain code otherwise (never a broken link, so the strict build
stays meaningful for the pages' own links).

Loaded from ``mkdocs.yml`` (``plugins.mkdocstrings.handlers.python.options.extensions``).
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

_ROLE = re.compile(
    r":(?:py:)?(?:class|meth|func|attr|data|mod|exc|obj|const):`(~?)([\w.]+)(\(\))?`"
)


def _canonical(path: str, loader: griffe.GriffeLoader) -> str | None:
    """The canonical path of the object at ``path``, following import aliases."""
    try:
        obj = loader.modules_collection.get_member(path)
    except (KeyError, ValueError, AttributeError):
        return None
    try:
        return str(obj.final_target.path) if obj.is_alias else str(obj.path)
    except Exception:  # an alias to something outside the loaded packages
        return None


def _resolve(target: str, scope: griffe.Object | griffe.Alias, loader: griffe.GriffeLoader) -> str:
    """The full path of ``target`` as seen from ``scope`` (best effort)."""
    if target.startswith("bergen"):
        return _canonical(target, loader) or target
    head, _, rest = target.partition(".")
    obj: Any = scope
    while obj is not None:
        try:
            full = obj.resolve(head)
        except Exception:
            obj = obj.parent
            continue
        path = f"{full}.{rest}" if rest else full
        return _canonical(path, loader) or path
    return target


class SphinxRoles(griffe.Extension):
    """Rewrite ``:role:`target``` in every docstring of the package as an optional autoref."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the docstrings once the whole package is loaded (so names resolve)."""
        seen: set[int] = set()
        stack: list[Any] = [pkg]
        while stack:
            obj = stack.pop()
            if id(obj) in seen or obj.is_alias:
                continue
            seen.add(id(obj))
            if obj.docstring is not None:
                obj.docstring.value = self._rewrite(obj.docstring.value, obj, loader)
            stack.extend(obj.members.values())

    @staticmethod
    def _rewrite(text: str, scope: Any, loader: griffe.GriffeLoader) -> str:
        def repl(m: re.Match[str]) -> str:
            tilde, target, call = m.group(1), m.group(2), m.group(3) or ""
            # Inside a class, a bare member name is looked up from the class first.
            lookup = scope if scope.is_class or scope.is_module else scope.parent
            full = _resolve(target, lookup, loader)
            shown = target.rsplit(".", 1)[-1] if tilde else target
            return (
                f'<autoref identifier="{html.escape(full)}" optional>'
                f"<code>{html.escape(shown + call)}</code></autoref>"
            )

        return _ROLE.sub(repl, text)
