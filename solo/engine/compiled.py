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
handlers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from solo.engine.interpreter import _HANDLERS, MAX_CALL_DEPTH, Run, _whole
from solo.errors import SoloError
from solo.rules import dice
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
    Template,
)
from solo.rules.expr import Expr
from solo.rules.procedure import Action
from solo.rules.tables import Table, expand_inline_dice, has_inline_dice

__all__ = ["Program", "Step"]

Step = Callable[[], None]
Roller = Callable[[], tuple[int, "dice.Roll | None"]]
"""Rolls a dice expression: its total, and its Roll (None for a single die)."""


def _nothing() -> None:
    """The step of an empty effect list."""


class Program:
    """Every effect list of a procedure as a :data:`Step` bound to ``run``."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.routines: dict[str, Step] = {}
        self._compiling: set[str] = set()
        self._entries: dict[str, list[Step]] = {}
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
                run._burn_lights()

    # -- compiling --------------------------------------------------------------------
    def steps(self, effects: Sequence[Effect]) -> Step:
        """One step running ``effects`` in order (Say needs no step: nothing reads it)."""
        compiled = (self._guarded(effect) for effect in effects if effect.__class__ is not Say)
        steps = tuple(step for step in compiled if step is not _nothing)
        if not steps:
            return _nothing
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
        if effect.when is None or step is _nothing:
            return step
        test, scope = effect.when.evaluate, self.run.scope

        def when() -> None:
            if test(scope):
                step()

        return when

    def _step(self, effect: Any) -> Step:
        compile_one = _COMPILERS.get(effect.__class__)
        if compile_one is None:
            return self._interpreted(effect)
        return compile_one(self, effect)

    def _interpreted(self, effect: Any) -> Step:
        """An effect left to the interpreter's handler (rare in a turn)."""
        handler, run = _HANDLERS[effect.__class__], self.run
        return lambda: handler(run, effect)

    def _branch(self, effect: Branch) -> Step:
        test, scope = effect.condition.evaluate, self.run.scope
        then, otherwise = self.steps(effect.then), self.steps(effect.otherwise)
        if then is _nothing and otherwise is _nothing:
            return _nothing  # only said something: nothing to do when not recording
        if otherwise is _nothing:
            def when_true() -> None:
                if test(scope):
                    then()

            return when_true
        if then is _nothing:
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
                by = _whole(f"adjusting {name}", by)
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
                    by = _whole(f"adjusting {name}", by)
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
        if body is _nothing and not params:
            return _nothing  # a routine that only says something

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
    def _roller(self, template: Template) -> Roller:
        """Roll the dice ``template`` names: a fixed single die straight from the ``rng``
        (the same faces :func:`solo.rules.dice.roll` gives), anything else through it. The roll
        is kept for ``dice`` by :meth:`_keep`, after the plus, as the interpreter keeps it."""
        rng = self.run.rng
        if not template.fields:
            expression = dice.parse(template.text)
            sides = dice.single_die(expression)
            if sides is not None:
                face = _face(rng, sides)
                return lambda: (face(), None)
            return lambda: _total(dice.roll(expression, rng))
        scope, below = self.run.scope, _below(rng)
        singles: dict[str, int | None] = {}  # dice text -> sides of a single die (or None)

        def roll_text() -> tuple[int, dice.Roll | None]:
            text = template.render(scope)
            sides = singles.get(text, 0)
            if sides == 0:
                expression = dice.parse(text)
                sides = singles[text] = dice.single_die(expression)
            if sides is not None and below is not None:
                return below(sides) + 1, None
            return _total(dice.roll(text, rng))

        return roll_text

    def _keep(self, total: int, result: dice.Roll | None) -> None:
        """The last roll, for ``dice``: its Roll, or the one face a single die showed."""
        run = self.run
        run.last_roll = result
        if result is None:
            run.last_dice = (total,)

    def _plus(self, plus: Expr | None, what: str) -> Callable[[], int]:
        if plus is None:
            return lambda: 0
        evaluate, scope = plus.evaluate, self.run.scope

        def value() -> int:
            number = evaluate(scope)
            return number if type(number) is int else _whole(what, number)

        return value

    def _roll_dice(self, effect: RollDice) -> Step:
        run, roller, keep = self.run, self._roller(effect.dice), self._keep
        plus, name = self._plus(effect.plus, "a roll's plus"), effect.name

        def roll_dice() -> None:
            total, result = roller()
            added = plus()
            keep(total, result)
            if name:
                run.bind(name, total + added)

        return roll_dice

    def _check(self, effect: Check) -> Step:
        run, scope, keep = self.run, self.run.scope, self._keep
        roller, plus = self._roller(effect.dice), self._plus(effect.plus, "a check's plus")
        success = effect.success.evaluate
        then, otherwise = self.steps(effect.then), self.steps(effect.otherwise)

        def check() -> None:
            total, result = roller()
            added = plus()
            keep(total, result)
            run.bind("natural", total)
            run.bind("roll", total + added)
            if success(scope):
                then()
            else:
                otherwise()

        return check

    # -- tables and encounters ---------------------------------------------------------------
    def _table_roll(self, table: Table, plus: Expr | None) -> Callable[[], int]:
        """Roll ``table`` (with its plus, or ``plus``) and give the entry's index, rolling
        the dice in its text too (only the ``rng`` needs them)."""
        rng, entries, index_of = self.run.rng, table.entries, self._table_index(table, plus)
        rolled_text = tuple(has_inline_dice(entry.text) for entry in entries)

        def roll() -> int:
            index = index_of()
            if rolled_text[index]:
                expand_inline_dice(entries[index].text, rng)
            return index

        return roll

    def _table_roll_text(self, table: Table) -> Callable[[], tuple[int, str]]:
        """Roll ``table``: the entry's index and its text with its dice rolled."""
        rng, entries, index_of = self.run.rng, table.entries, self._table_index(table, None)

        def roll() -> tuple[int, str]:
            index = index_of()
            return index, expand_inline_dice(entries[index].text, rng)[0]

        return roll

    def _table_index(self, table: Table, plus: Expr | None) -> Callable[[], int]:
        """Roll ``table``'s dice, add its plus (or ``plus``): the index of the entry."""
        rng, scope, name = self.run.rng, self.run.scope, table.name
        expression = table.expression
        sides = dice.single_die(expression)
        face = (_face(rng, sides) if sides is not None
                else lambda: dice.roll(expression, rng).total)
        tables_plus = plus is None  # the table's own plus: _whole only for a non-int
        plus = plus if plus is not None else table.plus_expr
        evaluate = None if plus is None else plus.evaluate
        index_for = self._lookup(table)
        if evaluate is None:
            return lambda: index_for(face())

        def index() -> int:
            total = face()
            added = evaluate(scope)
            if not tables_plus or type(added) is not int:
                added = _whole(f"table {name}'s plus", added)
            return index_for(total + added)

        return index

    def _lookup(self, table: Table) -> Callable[[int], int]:
        """``table.index_for``, from a list when the totals are few."""
        low, high = table.low, table.high
        if high - low > 1000:
            return table.index_for
        found = [table.index_for(total) for total in range(low, high + 1)]
        last = len(table.entries) - 1

        def index_for(total: int) -> int:
            if total <= low:
                return 0
            if total >= high:
                return last
            return found[total - low]

        return index_for

    def _table(self, name: str) -> Table | None:
        run = self.run
        return run.tables.get(name) or run.procedure.tables.get(name)

    def _entry_steps(self, table: Table) -> list[Step]:
        """The compiled effects of each entry (compiled once; a list, so that an entry
        rolling its own table finds it while it is being filled)."""
        steps = self._entries.get(table.name)
        if steps is None:
            steps = self._entries[table.name] = []
            steps.extend(self.steps(entry.effects) for entry in table.entries)
        return steps

    def _roll_table(self, effect: RollTable) -> Step:
        table = self._table(effect.table)
        if table is None:  # refused at run time, as the interpreter refuses it
            return self._interpreted(effect)
        run, outcomes, entries = self.run, self.run.outcomes, table.entries
        roll, steps = self._table_roll(table, effect.plus), self._entry_steps(table)
        outcome, name = effect.outcome, effect.name

        def roll_table() -> None:
            index = roll()
            if outcome:
                outcomes.append(entries[index].id)
            if name:
                run.bind(name, entries[index].id)
            step = steps[index]
            if step is not _nothing:
                step()

        return roll_table

    def _encounter(self, effect: Encounter) -> Step:
        name = effect.table or self.run.procedure.encounters or ""
        table = self._table(name)
        if table is None:  # refused at run time, as the interpreter refuses it
            return self._interpreted(effect)
        if effect.sign:
            return self._sign(effect, table)
        run, roll, table_name = self.run, self._table_roll(table, None), table.name
        then, otherwise = self.steps(effect.then), self.steps(effect.otherwise)
        arrive = self._arrival(table, then)

        def encounter() -> None:
            foreshadowed = run.foreshadowed
            if foreshadowed and foreshadowed[0] == name:
                arrive(foreshadowed[1])
                return
            index = roll()
            if index in run.struck.get(name, ()):
                otherwise()
                return
            run.encounters += 1
            run.last_encounter = (table_name, index)
            then()

        return encounter

    def _arrival(self, table: Table, then: Step) -> Callable[[int], None]:
        """The creature a sign foretold arrives: entry ``index`` as foretold (its dice
        rolled now only if the sign's text is missing or the table has shrunk)."""
        run, entries, last = self.run, table.entries, len(table.entries) - 1

        def arrive(index: int) -> None:
            if run.foretold is None or index > last:
                expand_inline_dice(entries[min(index, last)].text, run.rng)
            run.foreshadowed, run.foretold = None, None
            run.encounters += 1
            run.last_encounter = (table.name, min(index, last))
            then()

        return arrive

    def _sign(self, effect: Encounter, table: Table) -> Step:
        """A sign of what comes next: it foretells the entry rolled (a newer sign replaces
        an older one)."""
        run, roll = self.run, self._table_roll_text(table)
        then, otherwise = self.steps(effect.then), self.steps(effect.otherwise)
        key = effect.table or run.procedure.encounters or ""

        def sign() -> None:
            index, text = roll()
            if index in run.struck.get(key, ()):
                otherwise()
                return
            run.foreshadowed, run.foretold = (key, index), text
            then()

        return sign

def _below(rng: random.Random) -> Callable[[int], int] | None:
    """``rng._randbelow`` when ``rng`` is a stock Random (see :func:`_face`), else None."""
    return rng._randbelow if dice.stock_random(rng) else None  # type: ignore[attr-defined]


def _face(rng: random.Random, sides: int) -> Callable[[], int]:
    """One die of ``sides`` from ``rng``, as :func:`solo.rules.dice.roll` rolls it."""
    if dice.stock_random(rng):
        below = rng._randbelow  # type: ignore[attr-defined]
        return lambda: below(sides) + 1
    randint = rng.randint
    return lambda: randint(1, sides)


def _total(result: dice.Roll) -> tuple[int, dice.Roll | None]:
    return result.total, result


_COMPILERS: dict[type, Callable[[Any, Any], Step]] = {
    Branch: Program._branch, Adjust: Program._adjust, Assign: Program._assign,
    Let: Program._let, Outcome: Program._outcome, Do: Program._do,
    RollDice: Program._roll_dice, Check: Program._check, RollTable: Program._roll_table,
    Encounter: Program._encounter,
}
"""The effects compiled to closures; any other goes to the interpreter's handler."""
