"""A procedure's effects compiled into closures for one :class:`~solo.engine.interpreter.Run`
that records nothing (``solo simulate``).

:class:`Program` walks the procedure once, when a :class:`~solo.engine.core.Game` is made
without recording, and turns every effect list into a plain function of no arguments.
Each closure has already looked up what does not change while the game runs (the run,
its scope and its ``rng``, the table an effect rolls, a single die's sides, an entry's
compiled effects), so a turn pays neither the dispatch on effect classes nor the
building of events, labels, reasons or dice-roll objects that no one reads.

The closures do what :meth:`Run.execute` does, in the same order and with the same
calls on the ``rng``: the same seed gives the same outcomes either way (the tests hold
the two paths to that). Only the state they read is the run's, read when they run, so
nothing compiled can go stale. What only the journal reads is left out: a ``say``, an
``if`` or a routine that only says something, compile to nothing. Effects that are rare
in a turn (light changes, the oracle, supplies) are handed to the interpreter's own
handlers (:data:`solo.engine.dispatch.HANDLERS`). The dice closures are in
:mod:`solo.engine.compiled_parts`, the table and encounter compilers in
:mod:`solo.engine.compiled_tables`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solo.engine.compiled_parts import Step, keep, nothing, plus, roller
from solo.engine.compiled_tables import compile_encounter, compile_table
from solo.engine.dispatch import HANDLERS
from solo.engine.effects_flow import MAX_CALL_DEPTH
from solo.engine.effects_lights import burn_lights
from solo.engine.interpreter import Run
from solo.engine.run import whole
from solo.errors import SoloError
from solo.rules.effects import (
    Adjust,
    Assign,
    Branch,
    Check,
    Do,
    Effect,
    Encounter,
    Let,
    Outcome,
    RollDice,
    RollTable,
    Say,
)
from solo.rules.procedure import Action

__all__ = ["Program", "Step"]


class Program:
    """Every effect list of a procedure as a :data:`Step` bound to ``run``."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.routines: dict[str, Step] = {}
        self._compiling: set[str] = set()
        self.entries: dict[str, list[Step]] = {}
        procedure = run.procedure
        self.on_action = self.steps(procedure.on_action)
        self.each_turn = self.steps(procedure.each_turn)
        for name in procedure.routines:
            self._routine(name)
        self.actions = {name: (action, self.steps(action.effects))
                        for name, action in procedure.actions.items()}

    def action(self, action: Action) -> Step:
        """The step of ``action``'s effects (compiled now if it is not the procedure's)."""
        known = self.actions.get(action.name)
        return known[1] if known is not None and known[0] is action else self.steps(
            action.effects)

    def pass_turns(self, count: int) -> None:
        """:meth:`Run.pass_turns` without the turn events."""
        run, each_turn = self.run, self.each_turn
        scope, outcomes = run.scope, run.outcomes
        keep_turn = "turn" not in run.values and "turn" not in run.locals
        for _ in range(count):
            run.turn += 1
            if keep_turn:
                scope["turn"] = run.turn
            run.turn_outcomes_start = len(outcomes)
            each_turn()
            if run.lights:
                burn_lights(run)

    # -- compiling --------------------------------------------------------------------
    def steps(self, effects: Sequence[Effect]) -> Step:
        """One step running ``effects`` in order (Say needs no step: nothing reads it)."""
        compiled = (self._guarded(effect) for effect in effects if effect.__class__ is not Say)
        steps = tuple(step for step in compiled if step is not nothing)
        if not steps:
            return nothing
        if len(steps) == 1:
            return steps[0]
        if len(steps) == 2:  # the commonest lists, without a loop
            first, second = steps

            def run_two() -> None:
                first()
                second()

            return run_two

        def run_all() -> None:
            for step in steps:
                step()

        return run_all

    def _guarded(self, effect: Any) -> Step:
        step = self._step(effect)
        if effect.when is None or step is nothing:
            return step
        test, scope = effect.when.evaluate, self.run.scope

        def when() -> None:
            if test(scope):
                step()

        return when

    def _step(self, effect: Any) -> Step:
        compile_one = _COMPILERS.get(effect.__class__)
        if compile_one is None:
            return self.interpreted(effect)
        return compile_one(self, effect)

    def interpreted(self, effect: Any) -> Step:
        """An effect left to the interpreter's handler (rare in a turn)."""
        handler, run = HANDLERS[effect.__class__], self.run
        return lambda: handler(run, effect)

    def _branch(self, effect: Branch) -> Step:
        test, scope = effect.condition.evaluate, self.run.scope
        then, otherwise = self.steps(effect.then), self.steps(effect.otherwise)
        if then is nothing and otherwise is nothing:
            return nothing  # only said something: nothing to do when not recording
        if otherwise is nothing:
            def when_true() -> None:
                if test(scope):
                    then()

            return when_true
        if then is nothing:
            def when_false() -> None:
                if not test(scope):
                    otherwise()

            return when_false

        def branch() -> None:
            if test(scope):
                then()
            else:
                otherwise()

        return branch

    def _adjust(self, effect: Adjust) -> Step:
        run, scope, trackers = self.run, self.run.scope, self.run.procedure.trackers
        if len(effect.changes) != 1 or effect.changes[0][0] not in trackers:
            return self._adjust_each(effect)
        name, expr = effect.changes[0]
        evaluate, values, set_tracker = expr.evaluate, run.values, run.set_tracker
        tracker = trackers[name]
        low, high = tracker.minimum, tracker.maximum
        if low is None or high is None:
            return self._adjust_each(effect)

        def adjust_bounded() -> None:  # one tracker with both bounds: the commonest
            by = evaluate(scope)
            if type(by) is not int:
                by = whole(f"adjusting {name}", by)
            wanted = values[name] + by
            if type(wanted) is not int:
                set_tracker(name, wanted)
                return
            after = low if wanted < low else high if wanted > high else wanted
            values[name] = after
            if name not in run.locals:
                scope[name] = after

        return adjust_bounded

    def _adjust_each(self, effect: Adjust) -> Step:
        run, scope = self.run, self.run.scope
        changes = effect.changes

        def adjust() -> None:
            values = run.values
            for name, expr in changes:
                by = expr.evaluate(scope)
                if type(by) is not int:
                    by = whole(f"adjusting {name}", by)
                run.set_tracker(name, values[name] + by)

        return adjust

    def _assign(self, effect: Assign) -> Step:
        run, scope, trackers = self.run, self.run.scope, self.run.procedure.trackers
        assignments = effect.values

        def assign() -> None:
            for name, expr in assignments:
                value = expr.evaluate(scope)
                if name in trackers:
                    if run.values[name] != value:
                        run.set_tracker(name, int(value))
                else:
                    run.store(name, value)

        return assign

    def _let(self, effect: Let) -> Step:
        run, scope, assignments = self.run, self.run.scope, effect.values

        def let() -> None:
            for name, expr in assignments:
                run.bind(name, expr.evaluate(scope))

        return let

    def _outcome(self, effect: Outcome) -> Step:
        run, name, outcomes = self.run, effect.name, self.run.outcomes

        def outcome() -> None:
            if len(outcomes) > run.turn_outcomes_start:
                outcomes[-1] = name
            else:
                outcomes.append(name)

        return outcome

    def _routine(self, name: str) -> Step:
        """A routine's step; while it is being compiled (it calls itself, or a routine
        that calls it), one that finds it when run."""
        if name in self.routines:
            return self.routines[name]
        effects = self.run.procedure.routines.get(name)
        if effects is None or name in self._compiling:
            routines = self.routines
            return lambda: routines[name]()  # KeyError for an unknown routine, as played
        self._compiling.add(name)
        step = self.routines[name] = self.steps(effects)
        self._compiling.discard(name)
        return step

    def _do(self, effect: Do) -> Step:
        run, scope, routine = self.run, self.run.scope, effect.routine
        given = dict(effect.args)
        params = tuple((name, given.get(name), default)
                       for name, default in run.procedure.params.get(routine, ()))
        body = self._routine(routine)
        if body is nothing and not params:
            return nothing  # a routine that only says something

        def do() -> None:
            run.depth += 1
            if run.depth > MAX_CALL_DEPTH:
                raise SoloError("the procedure's routines call each other too deeply "
                                f"(over {MAX_CALL_DEPTH} levels)")
            for name, expr, default in params:
                run.bind(name, default if expr is None else expr.evaluate(scope))
            body()
            run.depth -= 1

        return do

    # -- dice ----------------------------------------------------------------------------
    def _roll_dice(self, effect: RollDice) -> Step:
        run, roll = self.run, roller(self.run, effect.dice)
        added_by, name = plus(run, effect.plus, "a roll's plus"), effect.name

        def roll_dice() -> None:
            total, result = roll()
            added = added_by()
            keep(run, total, result)
            if name:
                run.bind(name, total + added)

        return roll_dice

    def _check(self, effect: Check) -> Step:
        run, scope = self.run, self.run.scope
        roll, added_by = roller(run, effect.dice), plus(run, effect.plus, "a check's plus")
        success = effect.success.evaluate
        then, otherwise = self.steps(effect.then), self.steps(effect.otherwise)

        def check() -> None:
            total, result = roll()
            added = added_by()
            keep(run, total, result)
            run.bind("natural", total)
            run.bind("roll", total + added)
            if success(scope):
                then()
            else:
                otherwise()

        return check


_COMPILERS: dict[type, Callable[[Any, Any], Step]] = {
    Branch: Program._branch, Adjust: Program._adjust, Assign: Program._assign,
    Let: Program._let, Outcome: Program._outcome, Do: Program._do,
    RollDice: Program._roll_dice, Check: Program._check, RollTable: compile_table,
    Encounter: compile_encounter,
}
"""The effects compiled to closures; any other goes to the interpreter's handler."""
