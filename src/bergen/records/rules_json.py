"""Rules in a record: a preset by name and version, or every field of a custom set.

A preset is written ``{"preset": "classic", "version": "1"}``. Any other ruleset is written with
every field of :class:`bergen.Rules`; a built-in component is an object naming its type and its
fields (``{"type": "FixedReserve", "count": 2}``), and ``"base"`` names the preset the set was
derived from (a name of :data:`bergen.PRESETS`) or is ``null``. The switches ``lead_tile``,
``match_end``, ``partnership_block`` and ``draw_when`` are written only when they are not the
default (``"double"``, ``"instant"``, ``"together"``, ``"nothing-fits"``), so that a record
of rules without them reads the same in every version of the format. A component a user wrote
cannot be written: the record would not replay anywhere else (docs/rules.md, "Presets and
switches").
"""

from __future__ import annotations

from typing import Any

import attrs

from bergen.errors import RecordError, RecordReason, RulesError, _brief
from bergen.rules import (
    PRESETS,
    DrawWhen,
    FewestDoublesThenPips,
    FewestPips,
    FixedReserve,
    FixedTarget,
    HandSizes,
    HighestDouble,
    LeadTile,
    LowestDouble,
    MatchEnd,
    NearTargetReduction,
    NoDouble,
    NoDoubleFirst,
    NoDoubleFirstNonDoublePips,
    NoReduction,
    PartnershipBlock,
    Points,
    Rules,
    TargetByTable,
)

__all__ = ["COMPONENT_TYPES", "rules_from_json", "rules_to_json"]

COMPONENT_TYPES: dict[str, tuple[type, ...]] = {
    "hand_sizes": (HandSizes,),
    "lead": (LowestDouble, HighestDouble),
    "reduction": (NearTargetReduction, NoReduction),
    "blocked": (FewestDoublesThenPips, FewestPips, NoDoubleFirst, NoDoubleFirstNonDoublePips),
    "reserve": (FixedReserve,),
    "target": (TargetByTable, FixedTarget),
}
"""The built-in component types a record may name, by :class:`bergen.Rules` field."""

_POINT_FIELDS = tuple(f.name for f in attrs.fields(Points))
_NO_DOUBLE = tuple(d.value for d in NoDouble)
_PRESET_META = ("name", "version", "source", "url", "base")
_ENUM_FIELDS: dict[
    str, tuple[type[LeadTile] | type[MatchEnd] | type[PartnershipBlock] | type[DrawWhen], object]
] = {
    "lead_tile": (LeadTile, LeadTile.DOUBLE),
    "match_end": (MatchEnd, MatchEnd.INSTANT),
    "partnership_block": (PartnershipBlock, PartnershipBlock.TOGETHER),
    "draw_when": (DrawWhen, DrawWhen.NOTHING_FITS),
}
"""The switches written only when not the default: ``(enum, default)`` by field."""
_RULE_FIELDS = (
    "hand_sizes",
    "lead",
    "no_double",
    "lead_scores",
    "points",
    "reduction",
    "blocked",
    "reserve",
    "drawing",
    "target",
    "partnerships",
)


# Strict JSON reading, shared by the records (bergen.records.codec) and the bot protocol: json.loads
# with these refuses NaN and Infinity and a key repeated in one object.


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"the key {_brief(k)} appears twice in one object")
        out[k] = v
    return out


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__  # pragma: no cover - JSON has no other types


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """Write a ruleset as a record's ``"rules"`` object.

    Args:
        rules: The ruleset.

    Returns:
        ``{"preset": name, "version": version}`` when ``rules`` is exactly a preset, otherwise
        an object with every rules field and ``"base"``: the preset it was derived from (its
        ``name`` when that is a preset's, else its ``base``), or ``None``.

    Raises:
        RecordError: (``reason`` ``"argument"``) when ``rules`` is not a
            :class:`~bergen.rules.Rules`.
        RecordError: (``reason`` ``"rules"``) when a field holds a component that is not built
            in (a user-supplied rule; the message names the field and the component), or when
            the ``base`` is not a preset name (a record could not be read back).
    """
    if not isinstance(rules, Rules):
        raise RecordError(
            f"rules_to_json takes a Rules, got {_brief(rules)}", reason=RecordReason.ARGUMENT
        )
    if rules.name is not None and PRESETS.get(rules.name) == rules:
        return {"preset": rules.name, "version": rules.version}
    known = set(_RULE_FIELDS) | set(_PRESET_META) | set(_ENUM_FIELDS)
    unknown = [f.name for f in attrs.fields(Rules) if f.name not in known]
    if unknown:  # pragma: no cover - guards against a rules field added without a record form
        raise RecordError(
            f"rules fields {unknown} have no record form yet", reason=RecordReason.RULES
        )
    base = rules.name if rules.name in PRESETS else rules.base
    if base is not None and base not in PRESETS:
        raise RecordError(
            f"the rules' base {_brief(base)} is not a preset, and a record's base is null or "
            f"one of {', '.join(PRESETS)}: use rules.replace(base=None)",
            reason=RecordReason.RULES,
        )
    out: dict[str, Any] = {"base": base}
    for name in _RULE_FIELDS:
        value = getattr(rules, name)
        if name in COMPONENT_TYPES:
            if type(value) not in COMPONENT_TYPES[name]:
                raise RecordError(
                    f"the rules field {_brief(name)} holds {_brief(value)}, a user-supplied "
                    "component "
                    f"({type(value).__qualname__}) that a record cannot hold; records name "
                    f"built-in components only: "
                    f"{', '.join(t.__name__ for t in COMPONENT_TYPES[name])}",
                    reason=RecordReason.RULES,
                )
            comp: dict[str, Any] = {"type": type(value).__name__}
            for f in attrs.fields(type(value)):
                comp[f.name] = getattr(value, f.name)
            out[name] = comp
        elif name == "points":
            out[name] = {f: getattr(value, f) for f in _POINT_FIELDS}
        elif name == "no_double":
            out[name] = value.value
        else:
            out[name] = value
    for name, (_, default) in _ENUM_FIELDS.items():
        value = getattr(rules, name)
        if value is not default:
            out[name] = value.value
    return out


def _int(value: object, where: str) -> int:
    if type(value) is not int:
        raise RecordError(
            f"{where}: expected an integer, got {_kind(value)} {_brief(value)}",
            reason=RecordReason.RULES,
        )
    return value


def _fields_exact(obj: dict[str, Any], required: tuple[str, ...], where: str) -> None:
    missing = [k for k in required if k not in obj]
    if missing:
        raise RecordError(
            f"{where}: missing {', '.join(repr(k) for k in missing)}", reason=RecordReason.RULES
        )
    extra = [k for k in obj if k not in required]
    if extra:
        raise RecordError(
            f"{where}: unknown field {_brief(extra[0])} (expected {', '.join(required)})",
            reason=RecordReason.RULES,
        )


def _component(field: str, value: object, where: str) -> object:
    if not isinstance(value, dict):
        raise RecordError(
            f"{where}: expected an object with a 'type', got {_kind(value)}",
            reason=RecordReason.RULES,
        )
    types = {t.__name__: t for t in COMPONENT_TYPES[field]}
    name = value.get("type")
    if not isinstance(name, str) or name not in types:
        raise RecordError(
            f"{where}.type: {_brief(name)} is not a built-in {field} component "
            f"(one of {', '.join(types)})",
            reason=RecordReason.RULES,
        )
    cls = types[name]
    names = tuple(f.name for f in attrs.fields(cls))
    _fields_exact(value, ("type", *names), where)
    args = {n: _int(value[n], f"{where}.{n}") for n in names}
    return cls(**args)


def rules_from_json(obj: object, where: str = "rules") -> Rules:
    """Read a record's ``"rules"`` object.

    Args:
        obj: The parsed JSON value.
        where: The JSON path used in error messages.

    Returns:
        The preset, or the custom ruleset (unnamed, remembering its ``base``).

    Raises:
        RecordError: (``reason`` ``"argument"``) when ``where`` is not a string of at most 200
            characters.
        RecordError: (``reason`` ``"rules"``) for an unknown preset, a preset version this
            library does not implement, a ``base`` that is neither ``null`` nor a preset name,
            a missing or unknown field, a wrong type, or an inconsistent combination.
    """
    if not isinstance(where, str) or len(where) > 200:
        raise RecordError(
            f"where: a JSON path such as 'rules', got {_brief(where)}", reason=RecordReason.ARGUMENT
        )
    if not isinstance(obj, dict):
        raise RecordError(
            f"{where}: expected an object, got {_kind(obj)}", reason=RecordReason.RULES
        )
    if "preset" in obj:
        _fields_exact(obj, ("preset", "version"), where)
        name, version = obj["preset"], obj["version"]
        if not isinstance(name, str) or name not in PRESETS:
            raise RecordError(
                f"{where}.preset: unknown preset {_brief(name)} (this library has "
                f"{', '.join(PRESETS)})",
                reason=RecordReason.RULES,
            )
        preset = PRESETS[name]
        if version != preset.version:
            raise RecordError(
                f"{where}.version: the record uses {name} version {_brief(version)}; this library "
                f"implements {name} version {_brief(preset.version)}",
                reason=RecordReason.RULES,
            )
        return preset
    optional = tuple(f for f in _ENUM_FIELDS if f in obj)
    _fields_exact(obj, ("base", *_RULE_FIELDS, *optional), where)
    base = obj["base"]
    if base is not None and not isinstance(base, str):
        raise RecordError(
            f"{where}.base: expected a preset name or null, got {_kind(base)}",
            reason=RecordReason.RULES,
        )
    if base is not None and base not in PRESETS:
        raise RecordError(
            f"{where}.base: unknown preset {_brief(base)}: a custom ruleset's base is null or "
            f"one of {', '.join(PRESETS)}",
            reason=RecordReason.RULES,
        )
    fields: dict[str, Any] = {}
    try:
        for name in _RULE_FIELDS:
            value = obj[name]
            at = f"{where}.{name}"
            if name in COMPONENT_TYPES:
                fields[name] = _component(name, value, at)
            elif name == "points":
                if not isinstance(value, dict):
                    raise RecordError(
                        f"{at}: expected an object, got {_kind(value)}", reason=RecordReason.RULES
                    )
                _fields_exact(value, _POINT_FIELDS, at)
                fields[name] = Points(**{f: _int(value[f], f"{at}.{f}") for f in _POINT_FIELDS})
            elif name == "no_double":
                if not isinstance(value, str) or value not in _NO_DOUBLE:
                    raise RecordError(
                        f"{at}: expected 'redeal' or 'draw', got {_brief(value)}",
                        reason=RecordReason.RULES,
                    )
                fields[name] = NoDouble(value)
            else:
                if type(value) is not bool:
                    raise RecordError(
                        f"{at}: expected true or false, got {_kind(value)}",
                        reason=RecordReason.RULES,
                    )
                fields[name] = value
        for name in optional:
            kind = _ENUM_FIELDS[name][0]
            values = [v.value for v in kind]
            if obj[name] not in values:
                raise RecordError(
                    f"{where}.{name}: expected one of {', '.join(map(repr, values))}, "
                    f"got {_brief(obj[name])}",
                    reason=RecordReason.RULES,
                )
            fields[name] = kind(obj[name])
        return Rules(**fields, base=base)
    except RulesError as e:
        raise RecordError(f"{where}: inconsistent rules: {e}", reason=RecordReason.RULES) from e
