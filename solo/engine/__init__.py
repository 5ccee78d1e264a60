"""The engine layer: the pure game, ``(world, state, command, rng) -> (state, events)``.

The party's state, the events that say what happened, the interpreter of the procedure
language and its compiled form, the oracle, and headless simulation. No file, clock,
terminal or global random source: every die comes from the ``random.Random`` passed in.

``core`` is the public face (``perform``, ``start``, ``Game``, ``reconcile``…), gathered
from the modules that do each job. A command runs on a ``run.RunState`` (the working state
and the operations effects share); ``interpreter.Run`` carries out effect lists through
the one table in ``dispatch``, which joins the handlers of the ``effects_*`` modules
(trackers, dice, tables, lights, party, oracle, flow); ``compiled`` (with
``compiled_parts`` and ``compiled_tables``) turns them into closures for ``solo simulate``.

May import: ``solo.rules`` and the leaf modules (``solo.errors``, ``solo.defaults``).
"""
