"""The effects that roll on tables: ``table`` (an entry and its effects) and
``encounter`` (a creature met, struck off, foretold by a sign, or arriving as foretold)."""

from __future__ import annotations

from solo.engine.events import Encountered, Said, TableRolled
from solo.engine.run import Handler, RunState, whole
from solo.rules import dice
from solo.rules.effects import Encounter, RollTable
from solo.rules.tables import Table, expand_inline_dice

__all__ = ["roll_table", "handle_table", "handle_encounter", "HANDLERS"]


def roll_table(run: RunState, name: str, plus_expr=None) -> tuple[Table, int, TableRolled]:
    """Roll table ``name`` (with its plus, or ``plus_expr``), journal the entry with its
    dice rolled: the table, the entry's index and the event."""
    table = run.table(name)
    result = dice.roll(table.expression, run.rng)
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
    event = TableRolled(table.name, table.title, result, plus, entry.id, text, tuple(inline))
    run.events.append(event)
    return table, index, event


def handle_table(run: RunState, effect: RollTable) -> None:
    """Roll the table, record or bind the entry's id if asked, run the entry's effects."""
    table, index, event = roll_table(run, effect.table, effect.plus)
    if effect.outcome:
        run.outcomes.append(event.entry_id)
    if effect.name:
        run.bind(effect.name, event.entry_id)
    run.execute(table.entries[index].effects)


def handle_encounter(run: RunState, effect: Encounter) -> None:
    """Meet what the encounter table gives (or what a sign foretold); a struck-off entry
    runs ``otherwise``; a sign only foretells the entry."""
    name = effect.table or run.procedure.encounters or ""
    if not effect.sign and run.foreshadowed and run.foreshadowed[0] == name:
        index = run.foreshadowed[1]
        table = run.table(name)
        # The creature foretold arrives as foretold: the count rolled with the sign.
        text = run.foretold
        if text is None or index >= len(table.entries):
            text, _ = expand_inline_dice(table.entries[min(index, len(table.entries) - 1)]
                                         .text, run.rng)
        run.foreshadowed, run.foretold = None, None
        _meet(run, table, min(index, len(table.entries) - 1), text, "foreshadowed", effect)
        return
    table, index, event = roll_table(run, name)
    if index in run.struck.get(name, ()):
        run.events.append(Encountered(name, event.text,
                                      "struck-sign" if effect.sign else "struck"))
        run.execute(effect.otherwise)
        return
    if effect.sign:
        # Reading: a newer sign replaces an older one, and the journal says so.
        if run.foreshadowed is not None and run.foretold is not None:
            run.events.append(Said(f"The earlier sign ({run.foretold}) is superseded: "
                                   "the newer sign is what comes next."))
        run.foreshadowed, run.foretold = (name, index), event.text
        run.events.append(Encountered(name, event.text, "sign"))
        run.execute(effect.then)
        return
    _meet(run, table, index, event.text, "met", effect)


def _meet(run: RunState, table: Table, index: int, text: str, status: str,
          effect: Encounter) -> None:
    run.encounters += 1
    run.last_encounter = (table.name, index)
    run.events.append(Encountered(table.name, text, status))
    run.execute(effect.then)


HANDLERS: dict[type, Handler] = {RollTable: handle_table, Encounter: handle_encounter}
"""The effects this module carries out."""
