"""Actions as ints: one fixed id per move, with the same meaning in every position.

========================  ==========================  ==============================
id                        move                        notation
========================  ==========================  ==============================
``2 * t`` (0..54)          tile ``t`` on the left end   ``5-4L``
``2 * t + 1`` (1..55)      tile ``t`` on the right end  ``5-4R``
``LEAD + t`` (56..83)      the lead of tile ``t``       ``1-1``
``DRAW`` (84)              draw from the boneyard      ``draw``
``PASS`` (85)              pass                        ``pass``
========================  ==========================  ==============================

``t`` is the tile index (:mod:`bergen.kernel.tiles`). A tile that fits both ends gives two
actions, even when both ends show the same number (rule 3).
"""

from __future__ import annotations

from typing import Final

LEFT: Final = 0
"""The end part of a play id for the left end."""
RIGHT: Final = 1
"""The end part of a play id for the right end."""
LEAD: Final = 56
"""The id of the lead of tile ``t`` is ``LEAD + t``."""
DRAW: Final = 84
"""The id of a draw."""
PASS: Final = 85
"""The id of a pass."""
N_ACTIONS: Final = 86
"""The number of action ids."""


def play_id(tile: int, end: int) -> int:
    """The id of the play of tile index ``tile`` at ``end`` (:data:`LEFT` or :data:`RIGHT`)."""
    return 2 * tile + end


def lead_id(tile: int) -> int:
    """The id of the lead of tile index ``tile``."""
    return LEAD + tile
