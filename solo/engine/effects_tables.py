"""The effects that roll on tables: ``table`` (an entry and its effects) and
``encounter`` (a creature met, struck off, foretold by a sign, or arriving as foretold).

A run that records rolls a table through :func:`roll_table` (the ``table`` command's
too), which journals the entry with its dice; one that records nothing rolls the same
dice, in the same order, straight from the ``rng`` (an entry's own dice included: only
the ``rng`` needs them), building no event."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Iterable

from solo.engine.compiled_parts import CompileFunction, Compiler, Step, nothing
from solo.engine.events import UNSET, Encountered, RollData, Said, TableRolled
from solo.engine.run import RunState, whole
from solo.engine.state import MAX_TEXT
from solo.engine.table_draws import roll_extended
from solo.errors import SoloError
from solo.rules import dice
from solo.rules.effect_model import Encounter, RollTable, calls
from solo.rules.expr import Expr
from solo.rules.tables import Table, expand_inline_dice, inline_dice

__all__ = ["roll_table", "compile_table", "compile_encounter", "meet_rolled_encounter",
           "encounter_met", "MET", "COMPILERS"]

IndexRoller = Callable[[RunState], int]
"""Rolls a table: the index of the entry (its text's dice rolled too)."""
TextRoller = Callable[[RunState], tuple[int, str]]
"""Rolls a table: the index of the entry, and its text with its dice rolled."""


def roll_table(run: RunState, name: str, plus_expr=None) -> tuple[Table, int, TableRolled]:
    """Roll table ``name`` (with its plus, or ``plus_expr``), journal the entry with its
    dice rolled: the table, the entry's index and the event."""
    table = run.table(name)
    run.about(table.title)
    if not table.plain:  # links, compound dice, columns: the table engine rolls it
        return _roll_extended(run, table, name, plus_expr)
    result = dice.roll(table.expression, run.rng)
    read = plus_expr if plus_expr is not None else table.plus_expr
    hidden = (read is not None and run.hides(read.names)) or UNSET
    if plus_expr is not None:
        plus = whole(f"table {name}'s plus", plus_expr.evaluate(run.scope))
    elif table.plus_expr is not None:
        plus = table.plus_expr.evaluate(run.scope)
        if type(plus) is not int:
            plus = whole(f"table {name}'s plus", plus)
    else:
        plus = 0
    index = table.index_for(result.total + plus)
    entry = table.entries[index]
    text, inline = expand_inline_dice(entry.text, run.rng)
    event = TableRolled(table.name, table.title, RollData.of(result), plus, entry.id, text,
                        tuple([RollData.of(roll) for roll in inline]), hidden)
    run.events.append(event)
    return table, index, event


def _plus(run: RunState, table: Table, name: str, plus_expr: Expr | None) -> int:
    read = plus_expr if plus_expr is not None else table.plus_expr
    return 0 if read is None else whole(f"table {name}'s plus", read.evaluate(run.scope))


def _all_tables(run: RunState) -> ChainMap[str, Table]:
    return ChainMap(dict(run.tables), dict(run.procedure.tables))


def _roll_extended(run: RunState, table: Table, name: str, plus_expr: Expr | None
                   ) -> tuple[Table, int, TableRolled]:
    """A table that is not plain, rolled and journaled by the table engine (each draw a
    ``tbl:`` line, the first the table's own)."""
    index, events = roll_extended(_all_tables(run), table, run.rng,
                                  _plus(run, table, name, plus_expr))
    run.events.extend(events)
    return table, index, events[0]


def compile_table(compiler: Compiler, effect: RollTable) -> Step:
    """Roll the table, record or bind the entry's id if asked, run the entry's effects."""
    table = compiler.table(effect.table)
    if table is None:
        return _missing(effect.table)
    roll = _index_roller(compiler, table, effect.table, effect.plus)
    entries, steps = table.entries, compiler.entry_steps(table)
    outcome, name = effect.outcome, effect.name

    if not outcome and not name:  # the commonest: an entry's effects only
        def roll_entry(run: RunState) -> None:
            step = steps[roll(run)]
            if step is not nothing:
                step(run)

        return roll_entry

    ids = tuple(entry.id for entry in entries)
    if outcome and not name:  # (``table: {name: hazard, outcome: true}``)
        def roll_outcome(run: RunState) -> None:
            index = roll(run)
            run.outcomes.append(ids[index])
            step = steps[index]
            if step is not nothing:
                step(run)

        return roll_outcome

    if name and not outcome and all(type(id) is not str or len(id) <= MAX_TEXT for id in ids):
        def roll_as(run: RunState) -> None:  # (``table: {name: room, as: event}``)
            index = roll(run)
            run.bind(name, ids[index])
            step = steps[index]
            if step is not nothing:
                step(run)

        return roll_as

    def roll_on_table(run: RunState) -> None:
        index = roll(run)
        if outcome:
            run.outcomes.append(entries[index].id)
        if name:
            run.bind(name, entries[index].id)
        step = steps[index]
        if step is not nothing:
            step(run)

    return roll_on_table


def compile_encounter(compiler: Compiler, effect: Encounter) -> Step:
    """Meet what the encounter table gives (or what a sign foretold); a struck-off entry
    runs ``otherwise``; a sign only foretells the entry (a newer sign replaces an older
    one, and the journal says so)."""
    name = effect.table or compiler.procedure.encounters or ""
    table = compiler.table(name)
    if table is None:
        return _missing(name)
    record, sign = compiler.record, effect.sign
    if sign or record:
        roll = _text_roller(compiler, table, name)
    else:  # the entry's text is not read: only its dice are rolled
        roll_index = _index_roller(compiler, table, name, None)
        roll = lambda run: (roll_index(run), "")  # noqa: E731
    then, otherwise = compiler.steps(effect.then), compiler.steps(effect.otherwise)
    entries, last, table_name = table.entries, len(table.entries) - 1, table.name

    def meet(run: RunState, index: int, text: str, status: str) -> None:
        run.encounters += 1
        run.last_encounter = (table_name, index)
        if record:
            run.events.append(Encountered(table_name, text, status))
        then(run)

    def encounter(run: RunState) -> None:
        if not sign:
            foreshadowed = run.foreshadowed
            if foreshadowed and foreshadowed[0] == name:  # it arrives as foretold
                index, text = foreshadowed[1], run.foretold
                if text is None or index > last:  # the count rolled with the sign, if kept
                    text = expand_inline_dice(entries[min(index, last)].text, run.rng)[0]
                run.foreshadowed, run.foretold = None, None
                meet(run, min(index, last), text, "foreshadowed")
                return
        index, text = roll(run)
        if index in run.struck.get(name, ()):
            if record:
                run.events.append(Encountered(name, text, "struck-sign" if sign else "struck"))
            otherwise(run)
            return
        if not sign:
            meet(run, index, text, "met")
            return
        if record and run.foreshadowed is not None and run.foretold is not None:
            run.events.append(Said(f"The earlier sign ({run.foretold}) is superseded: "
                                   "the newer sign is what comes next."))
        run.foreshadowed, run.foretold = (name, index), text
        if record:
            run.events.append(Encountered(name, text, "sign"))
        then(run)

    return encounter


MET = "encounter-met"
"""The routine a procedure names for what any encounter met brings with it (surprise, a
disposition, a round taken up by it): its own encounter effects call it in their ``then``
(``do: encounter-met``), and solo runs it for an encounter a rolled or keyed room holds."""


def meet_rolled_encounter(run: RunState, start: int, drawn: bool = True) -> None:
    """An encounter a generator or a key put in the room just entered: drawn from the
    procedure's own encounter table (entries struck off stay so; a sign's creature if one
    is foretold), or already met as the key set it (``drawn``: False), then the
    procedure's :data:`MET` routine; nothing when the action that entered met one already
    (its events from ``start``) or, to draw one, the procedure has no such table."""
    if encounter_met(run.events[start:]):
        return
    met = (calls(MET),) if MET in run.procedure.routines else ()  # (as ``do: encounter-met``)
    if not drawn:
        run.execute(met)
    elif run.procedure.encounters:
        run.execute([Encounter(then=met)])


SIGNS = frozenset({"sign", "struck-sign"})
"""The statuses of an Encountered event that met nothing: a sign only tells of a creature
(the next encounter is it), so the room's own encounter still happens, as that creature."""


def encounter_met(events: Iterable[object]) -> bool:
    """Whether ``events`` met an encounter (or rolled a struck-off one): a sign is not one."""
    return any(type(event) is Encountered and event.status not in SIGNS for event in events)


def _missing(name: str) -> Step:
    """A table that does not exist: refused when the effect runs."""

    def missing(run: RunState) -> None:
        run.table(name)  # raises the UsageError that names it

    return missing


def _text_roller(compiler: Compiler, table: Table, name: str) -> TextRoller:
    """Roll ``table`` (named ``name``, with its plus): the entry's index and its text with
    its dice rolled, journaled through :func:`roll_table` if the run records."""
    if compiler.record:
        def recorded(run: RunState) -> tuple[int, str]:
            _, index, event = roll_table(run, name)
            return index, event.text

        return recorded
    entries, index_of = table.entries, _dice_roller(table, name, None)

    def with_text(run: RunState) -> tuple[int, str]:
        index = index_of(run)
        return index, expand_inline_dice(entries[index].text, run.rng)[0]

    return with_text


def _index_roller(compiler: Compiler, table: Table, name: str, plus: Expr | None
                  ) -> IndexRoller:
    """Roll ``table`` (named ``name``, with ``plus`` or its own plus): the entry's index,
    journaled through :func:`roll_table` if the run records (else the dice in the
    entry's text are rolled, as they would be, but not read)."""
    if compiler.record:
        return lambda run: roll_table(run, name, plus)[1]
    index_of = _dice_roller(table, name, plus)
    inline = tuple(tuple(_parsed(text) for text in inline_dice(entry.text))
                   for entry in table.entries)  # (found once, not in each roll's text)
    if not any(inline):
        return index_of

    def without_text(run: RunState) -> int:
        index = index_of(run)
        for rolled in inline[index]:
            dice.roll(rolled, run.rng)
        return index

    return without_text


def _parsed(text: str) -> dice.Expression | str:
    """Dice notation parsed, or the text if it does not parse (refused when rolled)."""
    try:
        return dice.parse(text)
    except SoloError:
        return text


def _dice_roller(table: Table, name: str, plus: Expr | None) -> IndexRoller:
    """Roll ``table``'s dice and add its plus (or ``plus``), as :func:`roll_table` does:
    the index of the entry (looked up in a list when the totals are few)."""
    if not table.plain:  # the table engine's roll, read for its entry only
        extended_plus = plus

        def extended(run: RunState) -> int:
            return roll_extended(_all_tables(run), table, run.rng,
                                 _plus(run, table, name, extended_plus))[0]

        return extended
    expression = table.expression
    sides = dice.single_die(expression)
    tables_plus = plus is None  # the table's own plus: whole() only for a non-int
    plus = plus if plus is not None else table.plus_expr
    evaluate = None if plus is None else plus.evaluate
    low, high, last, index_for = table.low, table.high, len(table.entries) - 1, table.index_for
    found = [index_for(total) for total in range(low, high + 1)] if high - low <= 1000 else []
    count = len(found)

    if sides is not None and evaluate is None and count:  # one die, no plus: the commonest
        def one_die(run: RunState) -> int:
            below = run.randbelow
            offset = (below(sides) + 1 if below is not None else run.rng.randint(1, sides)
                      ) - low
            if 0 <= offset < count:
                return found[offset]
            return 0 if offset < 0 else last

        return one_die

    def index(run: RunState) -> int:
        if sides is not None:
            below = run.randbelow
            total = below(sides) + 1 if below is not None else run.rng.randint(1, sides)
        else:
            total = dice.roll(expression, run.rng).total
        if evaluate is not None:
            added = evaluate(run.scope)
            if not tables_plus or type(added) is not int:
                added = whole(f"table {name}'s plus", added)
            total += added
        offset = total - low
        if 0 <= offset < count:
            return found[offset]
        return 0 if offset < 0 else last if count else index_for(total)

    return index


COMPILERS: dict[type, CompileFunction] = {RollTable: compile_table,
                                          Encounter: compile_encounter}
"""The effects this module carries out, each with its one compile function."""
