"""A procedure's effects compiled into steps: the one way effects are carried out.

Every kind of effect has one compile function (in the ``effects_*`` module of its kind,
joined in :data:`solo.engine.dispatch.COMPILERS`) that turns an effect into a
:data:`~solo.engine.compiled_parts.Step`, a function of the run it works on. A
:class:`Program` compiles a procedure's effect lists as they are first carried out and
keeps them, and :func:`program_for` keeps a program for each loaded procedure, so a
procedure is compiled once however many commands (and runs) play it.

There are two programs for a procedure: one for runs that record (play: the steps build
the events the journal shows) and one for runs that record nothing (``solo simulate``,
whose steps build no event, label, reason or dice-roll object for a single die, and in
which a ``say``, or an ``if`` or a routine that only says something, is no step at all).
The compile function is the same; what it compiles follows ``compiler.record``, and
either way the steps make the same calls on the ``rng`` in the same order, so the same
seed gives the same game (the tests hold the two to that). A step reads the run's state
when it runs, so nothing compiled can go stale.

What is known when a step is compiled is not worked out again each time it runs: an
expression that reads no name (:func:`~solo.engine.compiled_parts.constant_of`: a let or
a set of constants, an adjust by one), a condition that reads one name or compares one
with a constant (:func:`~solo.engine.compiled_parts.branch_of`), a table's single die, the
dice written in its entries' text (found once, where a run that records nothing rolls
them without reading the text).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from solo.engine.compiled_parts import Step, branch_of, nothing
from solo.engine.dispatch import COMPILERS
from solo.engine.effects_flow import MAX_CALL_DEPTH
from solo.engine.run import RunState
from solo.rules.effect_model import Effect
from solo.rules.procedure import Action, Procedure
from solo.rules.tables import Table

__all__ = ["Program", "program_for", "MAX_PROGRAMS"]

MAX_PROGRAMS = 16
"""The most programs kept at once (two a procedure): the ones used longest ago go."""


class Program:
    """A procedure's effect lists as steps, for runs that record events (``record``) or
    for runs that do not: its ``on_action`` and ``each_turn`` compiled when it is made,
    every other list when first carried out, and kept."""

    def __init__(self, procedure: Procedure, tables: Mapping[str, Table],
                 record: bool) -> None:
        self.procedure = procedure
        self.tables = tables
        self.record = record
        self._lists: dict[int, tuple[Sequence[Effect], Step]] = {}  # by id of the tuple
        self._routines: dict[str, Step] = {}
        self._compiling: set[str] = set()
        self._entries: dict[str, list[Step]] = {}
        self.actions: dict[str, tuple[Action, Step]] = {}
        """Each action compiled so far and its step, by name."""
        self.on_action = self.steps(procedure.on_action)
        """The step of the procedure's ``on_action`` (every action that takes time)."""
        self.each_turn = self.steps(procedure.each_turn)
        """The step of the procedure's ``each_turn``."""

    def action(self, action: Action) -> Step:
        """The step of ``action``'s effects (kept in :attr:`actions`)."""
        found = self.actions.get(action.name)
        if found is not None and found[0] is action:
            return found[1]
        step = self.steps(action.effects)
        self.actions[action.name] = (action, step)
        return step

    # -- what compile functions ask for (solo.engine.compiled_parts.Compiler) -----------
    def steps(self, effects: Iterable[Effect]) -> Step:
        """The step running ``effects`` in order, each only if its ``when`` holds
        (compiled the first time; a tuple of effects is kept by its identity)."""
        if not isinstance(effects, tuple):
            return self._compile(effects)
        found = self._lists.get(id(effects))
        if found is not None and found[0] is effects:
            return found[1]
        step = self._compile(effects)
        self._lists[id(effects)] = (effects, step)  # the tuple kept: its id stays its own
        return step

    def routine(self, name: str) -> Step:
        """A routine's step. While it is being compiled (it calls itself, or a routine that
        calls it), or when routines calling routines go deeper than any run may, one that
        compiles it when first run."""
        step = self._routines.get(name)
        if step is not None:
            return step
        effects = self.procedure.routines.get(name)
        if effects is None:  # KeyError when run, for an unknown routine
            routines = self._routines
            return lambda run: routines[name](run)
        if name in self._compiling or len(self._compiling) >= MAX_CALL_DEPTH:
            return lambda run: self.routine(name)(run)
        self._compiling.add(name)
        try:
            step = self._routines[name] = self.steps(effects)
        finally:
            self._compiling.discard(name)
        return step

    def table(self, name: str) -> Table | None:
        """The table ``name`` names (the world's before the procedure's own), or None."""
        return self.tables.get(name) or self.procedure.tables.get(name)

    def entry_steps(self, table: Table) -> list[Step]:
        """The steps of each of ``table``'s entries' effects: a list, so that an entry
        rolling its own table finds it while it is being filled."""
        steps = self._entries.get(table.name)
        if steps is None:
            steps = self._entries[table.name] = []
            try:
                steps.extend(self.steps(entry.effects) for entry in table.entries)
            except BaseException:
                del self._entries[table.name]
                raise
        return steps

    # -- compiling ----------------------------------------------------------------------
    def _compile(self, effects: Iterable[Effect]) -> Step:
        steps = [self._guarded(effect) for effect in effects]
        if not self.record:  # what only the journal reads is no step at all
            steps = [step for step in steps if step is not nothing]
        if not steps:
            return nothing
        if len(steps) == 1:
            return steps[0]
        if len(steps) == 2:  # the commonest lists, without a loop
            first, second = steps

            def run_two(run: RunState) -> None:
                first(run)
                second(run)

            return run_two
        if len(steps) == 3:
            one, two, three = steps

            def run_three(run: RunState) -> None:
                one(run)
                two(run)
                three(run)

            return run_three
        every = tuple(steps)

        def run_all(run: RunState) -> None:
            for step in every:
                step(run)

        return run_all

    def _guarded(self, effect: Any) -> Step:
        step = COMPILERS[effect.__class__](self, effect)
        if effect.when is None or (step is nothing and not self.record):
            return step
        fused = branch_of(effect.when, step, nothing)
        if fused is not None:
            return fused
        test = effect.when.evaluate

        def when(run: RunState) -> None:
            if test(run.scope):
                step(run)

        return when


_PROGRAMS: dict[tuple[int, int, bool], Program] = {}
"""The programs kept, by the identity of their procedure and tables (which each keeps
alive, so an identity is never another's while its program is kept), oldest first."""


def program_for(procedure: Procedure, tables: Mapping[str, Table], record: bool) -> Program:
    """The program of ``procedure`` rolling ``tables``, for runs that ``record`` or not:
    kept from the last time, or made now."""
    key = (id(procedure), id(tables), record)
    program = _PROGRAMS.pop(key, None)
    if program is None or program.procedure is not procedure or program.tables is not tables:
        program = Program(procedure, tables, record)
        while len(_PROGRAMS) >= MAX_PROGRAMS:
            del _PROGRAMS[next(iter(_PROGRAMS))]
    _PROGRAMS[key] = program  # the newest last
    return program
