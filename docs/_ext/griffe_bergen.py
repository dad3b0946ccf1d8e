"""Griffe extensions for the API reference: Sphinx roles as links, and attrs signatures.

``SphinxRoles``: the docstrings of bergen use Google style with Sphinx cross-reference roles
(see below), which mkdocstrings does not read; they become optional links.

``AttrsSignatures``: Griffe reads source code and does not see the ``__init__`` that attrs
generates, so an attrs class would show no signature and every field as required. This
extension writes that ``__init__`` from the class's annotated fields (defaults, factories,
``init=False``, ``kw_only``), so the class signature and the parameter table show the real
types and defaults.

The docstrings of bergen use Google style with Sphinx cross-reference roles
(:class:`Hand`, :meth:`RoundState.apply`, :mod:`bergen.tiles`, ...), which mkdocstrings does not
read. This extension resolves each role's target in the scope of the object whose docstring it
is and rewrites it as an *optional* mkdocs-autorefs cross-reference: a link when the target is
rendered somewhere on the site, plain code otherwise (never a broken link, so the strict build
stays meaningful for the pages' own links).

Loaded from ``mkdocs.yml`` (``plugins.mkdocstrings.handlers.python.options.extensions``).
"""

from __future__ import annotations

import ast
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


_ATTRS_DECORATORS = ("attrs.frozen", "attrs.define", "attrs.mutable", "attr.s", "attr.attrs")


def _attrs_field_default(value: str) -> tuple[bool, str | None, bool | None]:
    """For an attrs field's assigned value: (in __init__, default text or None, kw_only)."""
    try:
        node = ast.parse(value, mode="eval").body
    except SyntaxError:
        return True, value, None
    is_field = (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute | ast.Name)
        and ast.unparse(node.func) in ("attrs.field", "attr.ib", "attrs.attrib", "attr.attrib")
    )
    if not is_field:
        return True, value, None
    assert isinstance(node, ast.Call)
    keywords = {k.arg: k.value for k in node.keywords if k.arg}
    init = keywords.get("init")
    if isinstance(init, ast.Constant) and init.value is False:
        return False, None, None
    kw = keywords.get("kw_only")
    kw_only = kw.value if isinstance(kw, ast.Constant) and isinstance(kw.value, bool) else None
    if "default" in keywords:
        return True, ast.unparse(keywords["default"]), kw_only
    if "factory" in keywords:
        factory = keywords["factory"]
        if isinstance(factory, ast.Lambda):
            return True, ast.unparse(factory.body), kw_only
        return True, f"{ast.unparse(factory)}()", kw_only
    return True, None, kw_only


class AttrsSignatures(griffe.Extension):
    """Give attrs classes the ``__init__`` signature attrs generates for them."""

    def on_class_members(self, *, cls: griffe.Class, **kwargs: Any) -> None:
        """Add ``__init__`` to an attrs class that does not define one."""
        decorator = next(
            (str(d.value) for d in cls.decorators if str(d.value).startswith(_ATTRS_DECORATORS)),
            None,
        )
        if decorator is None or "__init__" in cls.members:
            return
        class_kw_only = "kw_only=True" in decorator.replace(" ", "")
        params = [griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword)]
        for name, member in cls.members.items():
            if member.is_alias or not member.is_attribute or name.startswith("_"):
                continue
            if "instance-attribute" not in member.labels or member.annotation is None:
                continue
            if str(member.annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            default: str | None = None
            kw_only = None
            if "class-attribute" in member.labels and member.value is not None:
                in_init, default, kw_only = _attrs_field_default(str(member.value))
                if not in_init:
                    continue
            keyword_only = class_kw_only if kw_only is None else kw_only
            kind = (
                griffe.ParameterKind.keyword_only
                if keyword_only
                else griffe.ParameterKind.positional_or_keyword
            )
            params.append(
                griffe.Parameter(name, annotation=member.annotation, kind=kind, default=default)
            )
        init = griffe.Function(
            "__init__",
            parameters=griffe.Parameters(*params),
            returns="None",
            lineno=cls.lineno,
            endlineno=cls.lineno,
        )
        cls.set_member("__init__", init)
