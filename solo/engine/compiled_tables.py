"""The ``table`` and ``encounter`` effects compiled into closures (``solo simulate``).

Each closure rolls exactly the dice :mod:`solo.engine.effects_tables` rolls, in the same
order, including the dice in an entry's text (only the ``rng`` needs them); it builds no
events. A table that does not exist is left to the interpreter, which refuses it when run.
"""

from __future__ import annotations

from collections.abc import Callable

from solo.engine.compiled_parts import Compiler, Step, face, nothing
from solo.engine.run import whole
from solo.rules import dice
from solo.rules.effects import Encounter, RollTable
from solo.rules.expr import Expr
from solo.rules.tables import Table, expand_inline_dice, has_inline_dice

__all__ = ["compile_table", "compile_encounter"]


def compile_table(program: Compiler, effect: RollTable) -> Step:
    """Roll the table, record or bind the entry's id if asked, run the entry's step."""
    table = _table(program, effect.table)
    if table is None:  # refused at run time, as the interpreter refuses it
        return program.interpreted(effect)
    run, entries = program.run, table.entries
    outcomes = run.outcomes
    roll, steps = _table_roll(program, table, effect.plus), _entry_steps(program, table)
    outcome, name = effect.outcome, effect.name

    def roll_table() -> None:
        index = roll()
        if outcome:
            outcomes.append(entries[index].id)
        if name:
            run.bind(name, entries[index].id)
        step = steps[index]
        if step is not nothing:
            step()

    return roll_table


def compile_encounter(program: Compiler, effect: Encounter) -> Step:
    """Meet what the table gives, or what a sign foretold; a struck-off entry runs
    ``otherwise``."""
    run = program.run
    name = effect.table or run.procedure.encounters or ""
    table = _table(program, name)
    if table is None:  # refused at run time, as the interpreter refuses it
        return program.interpreted(effect)
    if effect.sign:
        return _sign(program, effect, table)
    roll, table_name = _table_roll(program, table, None), table.name
    then, otherwise = program.steps(effect.then), program.steps(effect.otherwise)
    arrive = _arrival(program, table, then)

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


def _table_roll(program: Compiler, table: Table, plus: Expr | None) -> Callable[[], int]:
    """Roll ``table`` (with its plus, or ``plus``) and give the entry's index, rolling
    the dice in its text too (only the ``rng`` needs them)."""
    rng, entries = program.run.rng, table.entries
    index_of = _table_index(program, table, plus)
    rolled_text = tuple(has_inline_dice(entry.text) for entry in entries)

    def roll() -> int:
        index = index_of()
        if rolled_text[index]:
            expand_inline_dice(entries[index].text, rng)
        return index

    return roll


def _table_roll_text(program: Compiler, table: Table) -> Callable[[], tuple[int, str]]:
    """Roll ``table``: the entry's index and its text with its dice rolled."""
    rng, entries = program.run.rng, table.entries
    index_of = _table_index(program, table, None)

    def roll() -> tuple[int, str]:
        index = index_of()
        return index, expand_inline_dice(entries[index].text, rng)[0]

    return roll


def _table_index(program: Compiler, table: Table, plus: Expr | None) -> Callable[[], int]:
    """Roll ``table``'s dice, add its plus (or ``plus``): the index of the entry."""
    rng, scope, name = program.run.rng, program.run.scope, table.name
    expression = table.expression
    sides = dice.single_die(expression)
    rolled = (face(rng, sides) if sides is not None
              else lambda: dice.roll(expression, rng).total)
    tables_plus = plus is None  # the table's own plus: whole() only for a non-int
    plus = plus if plus is not None else table.plus_expr
    evaluate = None if plus is None else plus.evaluate
    index_for = _lookup(table)
    if evaluate is None:
        return lambda: index_for(rolled())

    def index() -> int:
        total = rolled()
        added = evaluate(scope)
        if not tables_plus or type(added) is not int:
            added = whole(f"table {name}'s plus", added)
        return index_for(total + added)

    return index


def _lookup(table: Table) -> Callable[[int], int]:
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


def _table(program: Compiler, name: str) -> Table | None:
    run = program.run
    return run.tables.get(name) or run.procedure.tables.get(name)


def _entry_steps(program: Compiler, table: Table) -> list[Step]:
    """The compiled effects of each entry (compiled once; a list, so that an entry
    rolling its own table finds it while it is being filled)."""
    steps = program.entries.get(table.name)
    if steps is None:
        steps = program.entries[table.name] = []
        steps.extend(program.steps(entry.effects) for entry in table.entries)
    return steps


def _arrival(program: Compiler, table: Table, then: Step) -> Callable[[int], None]:
    """The creature a sign foretold arrives: entry ``index`` as foretold (its dice
    rolled now only if the sign's text is missing or the table has shrunk)."""
    run, entries, last = program.run, table.entries, len(table.entries) - 1

    def arrive(index: int) -> None:
        if run.foretold is None or index > last:
            expand_inline_dice(entries[min(index, last)].text, run.rng)
        run.foreshadowed, run.foretold = None, None
        run.encounters += 1
        run.last_encounter = (table.name, min(index, last))
        then()

    return arrive


def _sign(program: Compiler, effect: Encounter, table: Table) -> Step:
    """A sign of what comes next: it foretells the entry rolled (a newer sign replaces
    an older one)."""
    run, roll = program.run, _table_roll_text(program, table)
    then, otherwise = program.steps(effect.then), program.steps(effect.otherwise)
    key = effect.table or run.procedure.encounters or ""

    def sign() -> None:
        index, text = roll()
        if index in run.struck.get(key, ()):
            otherwise()
            return
        run.foreshadowed, run.foretold = (key, index), text
        then()

    return sign
