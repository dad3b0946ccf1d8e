"""Bergen inside research frameworks: OpenSpiel, PettingZoo and Gymnasium.

Each adapter is a submodule that needs its framework, installed by the matching extra:

=================================  ===================================  =========================
module                             extra                                what it offers
=================================  ===================================  =========================
:mod:`bergen.adapters.openspiel`   ``bergen-dominoes[openspiel]``       the ``python_bergen`` game
:mod:`bergen.adapters.pettingzoo`  ``bergen-dominoes[pettingzoo]``      an AEC environment
:mod:`bergen.adapters.gymnasium`   ``bergen-dominoes[gymnasium]``       a single-seat environment
=================================  ===================================  =========================

All three share :mod:`bergen.adapters.encoding`: one fixed action id per move (the kernel's,
:mod:`bergen.kernel.actions`), legal-action masks from ``legal_moves()``, and one observation
tensor built from a seat's :class:`~bergen.view.PlayerView` alone. Importing ``bergen`` or
``bergen.adapters`` imports no framework.
"""

from __future__ import annotations
