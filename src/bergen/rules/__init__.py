"""Rules: one frozen value made of one component per axis on which the rule texts differ.

The two presets are :data:`CLASSIC` (the default; the Swedish/German text ``SV``/``DE``,
pagat and Celko) and :data:`SIMPLE` (the English rule page ``EN``). Every switch of
docs/rules.md, "Presets and switches", is a field; :meth:`Rules.replace` changes fields and
gives an unnamed custom ruleset that remembers the preset it was based on.
"""

from __future__ import annotations

from typing import Any, cast

import attrs

from bergen.errors import RulesError, _bad, _brief, _is_int
from bergen.rules.components import (
    MAX_RULE_NUMBER,
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
    TargetByTable,
)
from bergen.rules.protocols import (
    BlockedHandJudge,
    HandSizeRule,
    HeaderReduction,
    LeadRule,
    ReserveRule,
    SeatBlockedHandJudge,
    TargetRule,
)

__all__ = [
    "CELKO",
    "CLASSIC",
    "DOMINO_GAMES",
    "ONLINEDOMINOGAMES",
    "PAGAT",
    "PRESETS",
    "PUZZLE_PLACE",
    "SIMPLE",
    "SWITCHES",
    "BlockedHandJudge",
    "DrawWhen",
    "FewestDoublesThenPips",
    "FewestPips",
    "FixedReserve",
    "FixedTarget",
    "HandSizeRule",
    "HandSizes",
    "HeaderReduction",
    "HighestDouble",
    "LeadRule",
    "LeadTile",
    "LowestDouble",
    "MatchEnd",
    "NearTargetReduction",
    "NoDouble",
    "NoDoubleFirst",
    "NoDoubleFirstNonDoublePips",
    "NoReduction",
    "PartnershipBlock",
    "Points",
    "ReserveRule",
    "Rules",
    "SeatBlockedHandJudge",
    "TableRules",
    "TargetByTable",
    "TargetRule",
]

_TOTAL_TILES = 28


def _check_protocol(proto: type) -> Any:
    def check(_: object, attribute: attrs.Attribute[object], value: object) -> None:
        members = [n for n in dir(proto) if not n.startswith("_")]
        if not isinstance(value, proto) or not all(
            callable(getattr(value, n, None)) for n in members
        ):
            raise RulesError(
                f"{attribute.name} must implement {proto.__name__}, got {_brief(value)}",
                fields=(attribute.name,),
            )

    return check


def _to_reserve(value: ReserveRule | int) -> ReserveRule:
    """An ``int`` (not a ``bool``) becomes ``FixedReserve(value)``; anything else is left for
    the protocol check. ``CLASSIC.replace(reserve=3)`` is ``--reserve 3`` on the command line.
    """
    return FixedReserve(value) if type(value) is int else cast(ReserveRule, value)


def _to_target(value: TargetRule | int) -> TargetRule:
    """An ``int`` (not a ``bool``) becomes ``FixedTarget(value)``; anything else is left for
    the protocol check. ``CLASSIC.replace(target=7)`` is ``--target 7`` on the command line.
    """
    return FixedTarget(value) if type(value) is int else cast(TargetRule, value)


def _check_bool(_: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise RulesError(
            f"{attribute.name} must be True or False, got {_brief(value)}", fields=(attribute.name,)
        )


@attrs.frozen
class TableRules:
    """The numbers the rules give for one table size, worked out once per round.

    Attributes:
        seats: The number of seats, 2..4.
        hand_size: Tiles dealt to each seat.
        boneyard_size: Tiles left in the boneyard after the deal.
        reserve: Boneyard tiles never drawn: the rules' reserve, or the whole boneyard when
            that is smaller (a game without draws).
        target: The match target, in points.
        sides: The number of sides (2 with partnerships, else ``seats``).

    Raises:
        RulesError: when ``seats`` or ``sides`` is not an int in 2..4, ``hand_size``,
            ``boneyard_size`` or ``reserve`` not an int in 0..28, or ``target`` not an int in
            1..10**15.
    """

    seats: int
    hand_size: int
    boneyard_size: int
    reserve: int
    target: int
    sides: int

    def __attrs_post_init__(self) -> None:
        """Check each number's type and range (made once per round): one test of them all,
        then, when it fails, the test that names the field.
        """
        if (
            self.seats.__class__ is int
            and 2 <= self.seats <= 4
            and self.hand_size.__class__ is int
            and 0 <= self.hand_size <= 28
            and self.boneyard_size.__class__ is int
            and 0 <= self.boneyard_size <= 28
            and self.reserve.__class__ is int
            and 0 <= self.reserve <= 28
            and self.target.__class__ is int
            and 1 <= self.target <= MAX_RULE_NUMBER
            and self.sides.__class__ is int
            and 2 <= self.sides <= 4
        ):
            return
        for name, low, high in (
            ("seats", 2, 4),
            ("hand_size", 0, 28),
            ("boneyard_size", 0, 28),
            ("reserve", 0, 28),
            ("target", 1, MAX_RULE_NUMBER),
            ("sides", 2, 4),
        ):
            value = getattr(self, name)
            if not _is_int(value, low, high):
                raise RulesError(
                    _bad("TableRules", name, f"an int {low}..{high:,}", value), fields=(name,)
                )


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """A complete ruleset: one component per variant axis (docs/rules.md, "Presets and switches").

    Build one with :data:`CLASSIC` or :data:`SIMPLE` and :meth:`replace`, or from scratch (the
    defaults are ``classic``). Fields and their sources:

    Args:
        hand_sizes: Tiles dealt per seat by table size (rule 1; :class:`HandSizes`).
        lead: Which double must lead (rule 2; :class:`LowestDouble` or :class:`HighestDouble`).
        no_double: Redeal or draw in turn when nobody holds a double (rule 2; :class:`NoDouble`).
        lead_scores: Whether the lead double scores as a double header (rule 5).
        points: The four point values (rules 5, 7, 8; :class:`Points`).
        reduction: Header values near the target (rule 6; :class:`NearTargetReduction` or
            :class:`NoReduction`).
        blocked: Who wins a blocked hand (rule 8; a :class:`BlockedHandJudge`).
        reserve: Boneyard tiles never drawn (rule 4; :class:`FixedReserve`, or an ``int`` for
            one).
        drawing: ``False`` for Block Bergen: the boneyard is never touched (``EN``).
        target: The match target (rule 9; :class:`TargetByTable` or :class:`FixedTarget`, or
            an ``int`` for a fixed target).
        partnerships: Two partnerships at four seats, seats 0+2 against 1+3 (rule 10).
        lead_tile: What the seat holding the required double leads: that double, or any tile
            (rule 2; :class:`LeadTile`).
        match_end: Whether the match ends the instant a side reaches the target or only at
            the end of a round (rule 9; :class:`MatchEnd`).
        partnership_block: Whether a partnership's blocked hand is judged on its two hands
            together or on its best single hand (rules 8 and 10; :class:`PartnershipBlock`).
        draw_when: Whether a seat draws only when nothing fits, or may draw at any time while
            tiles above the reserve remain (rule 4; :class:`DrawWhen`).
        name: The preset name, ``None`` for a custom ruleset.
        version: The preset's rules version, bumped whenever what is legal or how it scores
            changes (``None`` for a custom ruleset).
        source: The rule texts the preset follows.
        url: The public address of the preset's rule page, ``None`` for a text without one.
        base: For a custom ruleset, the name of the preset it was derived from.

    Raises:
        RulesError: when a component does not implement its protocol, every point value is 0
            (no match could end), ``name``, ``version``, ``base`` or ``url`` is not printable
            text (a newline or an escape sequence in a label shown by reports), or the
            combination is
            unusable at every table size (hands that do not fit 28 tiles, a negative reserve,
            a target below 1). A combination that fails only at some table sizes is rejected
            by :meth:`for_table` when a round or match is created there. A reserve as large as
            the boneyard, or hands that take every tile, are accepted: such games have no
            draws (docs/rules.md, rule 4).
    """

    hand_sizes: HandSizeRule = attrs.field(
        factory=lambda: HandSizes(6, 6, 5), validator=_check_protocol(HandSizeRule)
    )
    lead: LeadRule = attrs.field(factory=LowestDouble, validator=_check_protocol(LeadRule))
    no_double: NoDouble = attrs.field(default=NoDouble.REDEAL)
    lead_scores: bool = attrs.field(default=True, validator=_check_bool)
    points: Points = attrs.field(factory=Points)
    reduction: HeaderReduction = attrs.field(
        factory=NearTargetReduction, validator=_check_protocol(HeaderReduction)
    )
    blocked: BlockedHandJudge = attrs.field(
        factory=FewestDoublesThenPips, validator=_check_protocol(BlockedHandJudge)
    )
    reserve: ReserveRule = attrs.field(
        factory=lambda: FixedReserve(2),
        converter=_to_reserve,
        validator=_check_protocol(ReserveRule),
    )
    drawing: bool = attrs.field(default=True, validator=_check_bool)
    target: TargetRule = attrs.field(
        factory=TargetByTable,
        converter=_to_target,
        validator=_check_protocol(TargetRule),
    )
    partnerships: bool = attrs.field(default=False, validator=_check_bool)
    lead_tile: LeadTile = attrs.field(default=LeadTile.DOUBLE)
    match_end: MatchEnd = attrs.field(default=MatchEnd.INSTANT)
    partnership_block: PartnershipBlock = attrs.field(default=PartnershipBlock.TOGETHER)
    draw_when: DrawWhen = attrs.field(default=DrawWhen.NOTHING_FITS)
    name: str | None = None
    version: str | None = None
    source: str | None = None
    url: str | None = None
    base: str | None = None

    def __attrs_post_init__(self) -> None:
        """Check the combination for every table size it allows."""
        if not isinstance(self.no_double, NoDouble):
            raise RulesError(
                f"no_double must be a NoDouble, got {_brief(self.no_double)}", fields=("no_double",)
            )
        for field, kind in (
            ("lead_tile", LeadTile),
            ("match_end", MatchEnd),
            ("partnership_block", PartnershipBlock),
            ("draw_when", DrawWhen),
        ):
            if not isinstance(getattr(self, field), kind):
                raise RulesError(
                    f"{field} must be a {kind.__name__}, got {_brief(getattr(self, field))}",
                    fields=(field,),
                )
        if not isinstance(self.points, Points):
            raise RulesError(
                f"points must be a Points value, got {_brief(self.points)}", fields=("points",)
            )
        for label in ("name", "version", "source", "base", "url"):
            text = getattr(self, label)
            if text is not None and (not isinstance(text, str) or len(text) > 1000):
                raise RulesError(
                    f"{label} is a string (at most 1,000 characters) or None, got {_brief(text)}",
                    fields=(label,),
                )
            # The label (name, version, base) is shown in every report and header: a newline
            # or an escape sequence there would forge lines or move the cursor.
            if text is not None and label != "source" and not str.isprintable(text):
                raise RulesError(
                    f"{label} is printable text (no newline, tab or control character), got "
                    f"{_brief(text)}",
                    fields=(label,),
                )
        p = self.points
        if not (p.double_header or p.triple_header or p.going_out or p.blocked_hand):
            raise RulesError(
                "points: with every value 0 nothing ever scores, so no match could end",
                fields=("points",),
            )
        errors: list[RulesError] = []
        tables = (4,) if self.partnerships else (2, 3, 4)
        for seats in tables:
            try:
                self.for_table(seats)
            except RulesError as e:
                errors.append(e)
        if len(errors) == len(tables):  # unusable at every table: say why for the first
            raise errors[0]

    def for_table(self, seats: int) -> TableRules:
        """Work out the rules' numbers for a table of ``seats`` seats.

        Returns:
            A :class:`TableRules` with the hand size, boneyard size, reserve and target.

        Raises:
            RulesError: when ``seats`` is not 2..4, partnerships are on at other than four
                seats, the hands do not fit 28 tiles, the reserve is negative, or the target is
                below 1; the message names the fields. A reserve at least as large as the
                boneyard means no draws (the table's reserve is then the whole boneyard).
        """
        if type(seats) is not int or seats not in (2, 3, 4):
            raise RulesError(
                f"Bergen is played by 2, 3 or 4 seats, not {_brief(seats)}", fields=("seats",)
            )
        if self.partnerships and seats != 4:
            raise RulesError(
                f"partnerships need four seats, not {seats}", fields=("partnerships", "seats")
            )
        size = self.hand_sizes.hand_size(seats)
        if type(size) is not int or size < 1 or size * seats > _TOTAL_TILES:
            raise RulesError(
                f"hand size {_brief(size)} for {seats} seats does not fit the 28 tiles",
                fields=("hand_sizes",),
            )
        boneyard = _TOTAL_TILES - size * seats
        reserve = self.reserve.reserve(seats, boneyard)
        if type(reserve) is not int or reserve < 0:
            raise RulesError(
                f"reserve must be an int >= 0, got {_brief(reserve)}", fields=("reserve",)
            )
        reserve = min(reserve, boneyard)  # a reserve the boneyard cannot fill: no draws
        target = self.target.target(seats, self.partnerships)
        if type(target) is not int or target < 1:
            raise RulesError(
                f"target must be an int >= 1, got {_brief(target)}", fields=("target",)
            )
        return TableRules(seats, size, boneyard, reserve, target, 2 if self.partnerships else seats)

    def replace(self, **changes: Any) -> Rules:
        """Return a ruleset with some fields changed.

        The result is unnamed (``name``, ``version``, ``source`` and ``url`` are ``None``) and
        remembers the preset it came from in ``base``, unless the changes name it themselves.
        Changes that leave every rule as in the preset the ruleset came from give that preset
        back (``SIMPLE.replace(lead_scores=False) is SIMPLE``): nothing changed, so the name
        and version still hold.

        Raises:
            RulesError: when the new combination is inconsistent, or for an unknown field
                name (``fields`` names it).
        """
        unknown = sorted(set(changes) - set(attrs.fields_dict(Rules)))
        if unknown:
            known = ", ".join(attrs.fields_dict(Rules))
            raise RulesError(
                f"Rules has no field {', '.join(map(repr, unknown))} (fields: {known})",
                fields=tuple(unknown),
            )
        fields: dict[str, Any] = {
            "name": None,
            "version": None,
            "source": None,
            "url": None,
            "base": self.name or self.base,
        }
        fields.update(changes)
        changed = attrs.evolve(self, **fields)
        origin = PRESETS.get(changed.base or "")
        if origin is not None and not set(changes) & set(_LABELS) and _same_play(changed, origin):
            return origin
        return changed

    def preset_switches(self) -> tuple[Rules, dict[str, bool]] | None:
        """This ruleset as a preset with some of its on/off switches flipped, if it is one.

        Returns:
            ``(preset, switches)``: the preset (of :data:`PRESETS`) and the fields of
            :data:`SWITCHES` set otherwise, by name (``{}`` for the preset itself;
            ``(CLASSIC, {"partnerships": True})`` for ``CLASSIC.replace(partnerships=True)``);
            ``None`` for any other ruleset. The position notation writes the same
            (``classic/1+partnerships``) and :attr:`label` shows it.
        """
        for preset in PRESETS.values():
            if self == preset:
                return preset, {}
        base = PRESETS.get(self.base or "")
        if base is None or self.name is not None:
            return None
        flips = {s: getattr(self, s) for s in SWITCHES if getattr(self, s) != getattr(base, s)}
        if flips and base.replace(**flips) == self:
            return base, flips
        return None

    @property
    def label(self) -> str:
        """A short human label: ``classic v1``; a preset with switches flipped as the position
        notation writes them, ``classic v1 +partnerships`` (Block Bergen on the classic rules:
        ``classic v1 -drawing``); else ``custom (based on classic)``.
        """
        if self.name is not None:
            return f"{self.name} v{self.version}"
        found = self.preset_switches()
        if found is not None:
            preset, flips = found
            text = "".join(f"{'+' if on else '-'}{field}" for field, on in flips.items())
            return f"{preset.name} v{preset.version} {text}"
        return f"custom (based on {self.base})" if self.base else "custom"


SWITCHES = ("lead_scores", "drawing", "partnerships")
"""The on/off fields a preset's name carries when flipped, in this order: the position notation
writes ``classic/1+partnerships`` and :attr:`Rules.label` ``classic v1 +partnerships``."""

_LABELS = ("name", "version", "source", "url", "base")
"""The fields that name a ruleset rather than say how it plays."""


def _same_play(rules: Rules, preset: Rules) -> bool:
    """Whether ``rules`` plays exactly as ``preset``: every field but the names equal."""
    return all(
        getattr(rules, f.name) == getattr(preset, f.name)
        for f in attrs.fields(Rules)
        if f.name not in _LABELS
    )


CLASSIC = Rules(
    name="classic",
    version="1",
    source="SV and DE, the Swedish and German rules pages of a domino app; pagat; Celko",
)
"""The default rules: docs/rules.md, rules 1-10 (the Swedish and German texts ``SV``/``DE``)."""

SIMPLE = Rules(
    hand_sizes=HandSizes(6, 5, 5),
    no_double=NoDouble.DRAW_IN_TURN,
    lead_scores=False,
    reduction=NoReduction(),
    blocked=FewestPips(),
    reserve=FixedReserve(0),
    name="simple",
    version="1",
    source="EN, the English rules page with variants, a worked hand and a FAQ",
)
"""The English rules page ``EN`` (docs/rules.md, "Presets and switches")."""

PAGAT = Rules(
    name="pagat",
    version="1",
    source="pagat.com, Bergen",
    url="https://www.pagat.com/domino/line/bergen.html",
)
"""pagat.com's Bergen (docs/rules.md, "Published pages"): 6/6/5 tiles, the lowest double
leads, two tiles of the boneyard never drawn.

Assumptions: the stored page breaks off where the scoring begins, so rules 5-9 (the header
values, the reduction, going out, the blocked hand, the targets and when the match ends) are
the classic rules', and a redeal when nobody holds a double (the page is silent)."""

CELKO = Rules(
    name="celko",
    version="1",
    source="Joe Celko, Bergen, The Game Cabinet",
    url="http://gamecabinet.com/rules/Bergen.html",
)
"""Joe Celko's article in The Game Cabinet (docs/rules.md, "Published pages"): 6/6/5 tiles,
headers 2 and 3 reduced near the target, going out and a blocked hand 2, targets 15 and 10.

Assumptions where the page is silent or could not be read: who wins a blocked hand (the
stored text breaks off inside its "several versions" of the block rules; bergen assumes the
classic fewest doubles, then fewest pips), the lowest double leading, the lead scoring 2, the
reserve of 2 (the page contradicts itself) and the match ending the instant the target is
reached."""

DOMINO_GAMES = Rules(
    lead=HighestDouble(),
    points=Points(going_out=1, blocked_hand=1),
    reduction=NoReduction(),
    blocked=FewestPips(),
    reserve=FixedReserve(0),
    target=FixedTarget(15),
    name="domino-games.com",
    version="1",
    source="domino-games.com, Bergen Domino Rules",
    url="http://domino-games.com/domino-rules/bergen-rules.html",
)
"""domino-games.com (docs/rules.md, "Published pages"): the highest double leads and scores
2, the lightest hand 1 point when a round ends (going out, or a blocked hand), target 15.

Assumptions where the page is silent: a redeal when nobody holds a double, no reduction near
the target, nobody scoring a tied block, and the match ending the instant 15 is reached."""

ONLINEDOMINOGAMES = Rules(
    lead=HighestDouble(),
    lead_tile=LeadTile.ANY,
    points=Points(going_out=1, blocked_hand=1),
    reduction=NoReduction(),
    blocked=FewestPips(),
    reserve=FixedReserve(0),
    target=FixedTarget(15),
    match_end=MatchEnd.ROUND_END,
    name="onlinedominogames",
    version="1",
    source="onlinedominogames.com, Bergen Dominoes Game Rules",
    url="https://onlinedominogames.com/bergen-dominoes",
)
"""onlinedominogames.com (docs/rules.md, "Published pages"): the seat with the highest double
leads any tile, a redeal when nobody holds a double, the boneyard drawn to the last tile, 1
point for the round's winner, 15 or more at the end of a round wins.

Assumptions where the page is silent: 6/6/5 tiles, a double led scoring 2 like any double
header, no reduction near the target, and another round when sides tie at 15 or more."""

PUZZLE_PLACE = Rules(
    hand_sizes=HandSizes(6, 6, 6),
    lead=HighestDouble(),
    points=Points(going_out=1, blocked_hand=1),
    reduction=NoReduction(),
    blocked=NoDoubleFirstNonDoublePips(),
    reserve=FixedReserve(0),
    target=FixedTarget(15),
    draw_when=DrawWhen.ANY_TIME,
    name="puzzle-place",
    version="2",
    source="puzzle-place.net, Bergen",
    url="http://www.puzzle-place.net/bergen.htm",
)
"""puzzle-place.net (docs/rules.md, "Published pages"): six tiles each, the highest double
leads and scores 2, going out 1, a blocked hand to a hand without a double, else to the fewest
pips on non-double tiles, for 1; fifteen points is game. Drawing "as for Muggins": the site's
Muggins page lets a seat draw even while it holds a tile that fits (``DrawWhen.ANY_TIME``),
until the boneyard is empty (reserve 0).

Version 2 (version 1 drew only when nothing fit). Assumptions where the pages are silent: no
reserve (the Muggins page draws "until he secures one that will play" and names none), a
redeal when nobody holds a double, no reduction near the target, nobody scoring a tied block,
and the match ending the instant the target is reached."""

PRESETS: dict[str, Rules] = {
    r.name: r
    for r in (CLASSIC, SIMPLE, PAGAT, CELKO, DOMINO_GAMES, ONLINEDOMINOGAMES, PUZZLE_PLACE)
    if r.name is not None
}
"""The presets by name."""
