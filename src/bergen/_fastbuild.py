"""Fast construction of frozen ``attrs`` values on the engine's hot path (internal).

The ``__init__`` attrs generates for a frozen slotted class sets each field through
``object.__setattr__``, which costs about as much as the rest of a move. The engine builds its
values instead as an instance of a private subclass that allows ordinary attribute stores
(which CPython specialises for slots), sets every field, and then makes it an instance of the
public class by assigning ``__class__``: the subclass adds no slots, so the memory layout is
the same. The result is indistinguishable from a value made by the public constructor: same
type, same fields, equality, hash and repr. The engine only builds values this way whose fields
it has already checked.

:func:`without_slots` makes a frozen ``attrs`` class smaller by dropping the slots of fields
that the class keeps elsewhere (as properties), and :class:`SlotsState` lets the engine's
private slotted records pickle at every protocol.

Nothing here is public API.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

__all__ = ["SlotsState", "builder", "without_slots"]

T = TypeVar("T")


def builder(cls: type) -> Any:
    """A subclass of the frozen slotted ``cls`` whose instances accept attribute stores.

    Use: ``obj = B()`` (the builder's ``__init__`` is ``object.__init__``, which makes the call
    cheaper than ``object.__new__(B)``), set every field (``obj.x = ...``), then
    ``obj.__class__ = cls``.

    Args:
        cls: A frozen ``attrs`` class with slots.

    Returns:
        The builder class.

    Raises:
        TypeError: when ``cls`` has no slots, or this interpreter refuses the ``__class__``
            assignment (checked once here, so that a failure shows at import time).
    """
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} has no slots")
    sub = type(
        f"_{cls.__name__}Builder",
        (cls,),
        {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__init__": object.__init__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
            "__doc__": f"Internal: builds {cls.__name__} values (see bergen._fastbuild).",
        },
    )
    probe: Any = object.__new__(sub)
    probe.__class__ = cls
    return sub


def without_slots(cls: type[T], names: Iterable[str]) -> type[T]:
    """A copy of the slotted ``attrs`` class ``cls`` that has no slots for ``names``.

    The caller makes those fields properties that keep their values elsewhere (in a shared
    record, or built on first access), so that every instance is smaller. The copy keeps
    everything attrs made (``__init__``, equality, hashing, ``__attrs_attrs__`` and so
    ``attrs.fields`` and ``attrs.evolve``, the frozen ``__setattr__``, pickling); the
    constructor stores a field's value through the property's setter. Methods of ``cls`` must
    not use ``super()`` without arguments (their ``__class__`` cell names ``cls``).

    Args:
        cls: A slotted ``attrs`` class, just made.
        names: Fields of ``cls`` to drop the slots of.

    Returns:
        The new class, of the same name, module and bases.

    Raises:
        TypeError: when ``cls`` has no slots or a name is not one of its slots.
    """
    slots = cls.__dict__.get("__slots__")
    if slots is None:
        raise TypeError(f"{cls.__name__} has no slots")
    drop = set(names)
    if not drop <= set(slots):
        raise TypeError(f"{sorted(drop - set(slots))} are not slots of {cls.__name__}")
    ns = {k: v for k, v in cls.__dict__.items() if k not in slots}
    ns["__slots__"] = tuple(n for n in slots if n not in drop)
    meta: Any = type(cls)
    new: type[T] = meta(cls.__name__, cls.__bases__, ns)
    new.__qualname__ = cls.__qualname__
    return new


class SlotsState:
    """A base for the engine's private slotted records: pickling at every protocol.

    Python pickles an object with ``__slots__`` at protocols 0 and 1 only when its class defines
    ``__getstate__``; this one gives the slots that are set, by name.
    """

    __slots__ = ()

    def __getstate__(self) -> dict[str, Any]:
        """The slots that are set, by name."""
        names: tuple[str, ...] = type(self).__dict__["__slots__"]
        return {n: getattr(self, n) for n in names if hasattr(self, n)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Set the slots from :meth:`__getstate__`'s mapping."""
        for name, value in state.items():
            object.__setattr__(self, name, value)
