"""The kernel: the rules of Bergen as plain typed functions over ints and tuples.

Everything above it (tiles, moves and rules values, the immutable states, views, sampling,
records, bots, the arena and the command line) plays through these functions; the kernel
imports nothing of bergen. A tile is an index 0..27 (``index = high * (high + 1) // 2 + low``),
a hand is a 28-bit mask of tile indexes, an open end is a number 0..6 (-1 before the lead), an
action is an int (:mod:`bergen.kernel.actions`), and a position is a plain tuple
(:data:`bergen.kernel.play.Position`). Each rule of ``docs/rules.md`` is one named function
here, or a table built by one function; the rules page links each rule to it:

- :mod:`bergen.kernel.tiles`: the double-six set as tables (equipment and terms);
- :mod:`bergen.kernel.deal`: shuffles from a seed and the deal (rule 1), the draws in turn for a
  lead double and the double that must lead (rule 2);
- :mod:`bergen.kernel.table`: a ruleset's numbers at one table, the reduction near the target
  (rule 6), the blocked-hand judges (rule 8), sides (rule 10);
- :mod:`bergen.kernel.play`: legal actions (rules 2-4), headers (rule 5), the step of one action
  with its score events (rules 2-9);
- :mod:`bergen.kernel.rollout`: a whole playout in one loop, for search;
- :mod:`bergen.kernel.tree`: information-set Monte Carlo tree search, the loop of the
  ``ismcts`` and ``bayes`` bots;
- :mod:`bergen.kernel.sample`: exact, uniform sampling of the hidden tiles of a view, for
  :mod:`bergen.sampling`;
- :mod:`bergen.kernel.solve`: perfect-information search of a round (alpha-beta with a
  transposition table), for :mod:`bergen.solver`.

The kernel does not check its arguments: the layers above check what users give them.
"""
