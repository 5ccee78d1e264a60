"""The engine layer: the pure game, ``(world, state, command, rng) -> (state, events)``.

The party's state, the events that say what happened, the procedure language carried
out, the oracle, and headless simulation. No file, clock, terminal or global random
source: every die comes from the ``random.Random`` passed in.

``core`` is the public face (``perform``, ``start``, ``Game``, ``reconcile``…), gathered
from the modules that do each job. A command runs on a ``run.RunState`` (the working state
and the operations effects share); ``interpreter.Run`` carries out a procedure action and
its turns. Each kind of effect has one implementation: its compile function, in the
``effects_*`` module of its kind (trackers, dice, tables, lights, party, oracle, flow),
which turns the effect into a step of the run (``compiled_parts`` holds what they share).
``dispatch`` joins them in one table; ``compiled.Program`` compiles a procedure's effect
lists with it, once per loaded procedure, for runs that record events (play) and for runs
that do not (``solo simulate``).

May import: ``solo.rules`` and the leaf modules (``solo.errors``, ``solo.defaults``).
"""
