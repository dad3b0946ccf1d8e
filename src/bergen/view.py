"""What one seat may know, and the hidden worlds consistent with it.

A :class:`PlayerView` is the part of a :class:`~bergen.round.RoundState` that one seat may see:
its own tiles, the line of play, every seat's tile count, the boneyard's size, the scores and
the public history, in which another seat's draw is only a count. It never holds another seat's
tiles nor the boneyard order. :func:`voids` reads from the public history the numbers a seat is
known not to hold (rule 4). :func:`sample_world` and :class:`WorldSampler` deal the hidden tiles
anew, consistently with everything public, exactly and uniformly, for search bots
(determinization).

This module gathers :mod:`bergen.playerview` (the view and its voids, which the states build)
and :mod:`bergen.sampling` (which reads views and builds states) under one name.
"""

from __future__ import annotations

from bergen.playerview import PlayerView, voids
from bergen.sampling import WorldSampler, sample_world, sampler_for

__all__ = ["PlayerView", "WorldSampler", "sample_world", "sampler_for", "voids"]
