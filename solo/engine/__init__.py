"""The engine layer: the pure game, ``(world, state, command, rng) -> (state, events)``.

The party's state, the events that say what happened, the interpreter of the procedure
language and its compiled form, the oracle, and headless simulation. No file, clock,
terminal or global random source: every die comes from the ``random.Random`` passed in.

May import: ``solo.rules`` and the leaf modules (``solo.errors``, ``solo.defaults``).
"""
