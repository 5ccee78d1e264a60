"""Tables rolled by the table engine (:func:`solo.rules.table_roll.roll_on`: links, compound
dice such as d66, weighted entries, columns) as the journal's ``tbl:`` lines.

Each draw of a roll (the table asked for, then each table it rolled, in order) becomes a
:class:`~solo.engine.events.TableRolled` event, so a nested roll shows every die it took,
as Lonelog records generation rolls.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import msgspec

from solo.engine.events import RollData, TableRolled
from solo.errors import SoloError
from solo.rules import dice
from solo.rules.table_roll import Draw, roll_on
from solo.rules.tables import Table

__all__ = ["draw_event", "roll_extended"]


def draw_event(draw: Draw) -> TableRolled:
    """One table roll of a generator as the journal's ``tbl:`` line: ``tbl: Room d12=3 ->
    a crooked passage`` (compound dice show their digits: ``d66=35 [3, 5]``)."""
    total = draw.value - draw.plus
    try:
        parsed = dice.parse(draw.dice)
        single = len(parsed.terms) == 1 and isinstance(parsed.terms[0], dice.Dice)
    except SoloError:
        single = False
    # compound dice (d6;d6) keep their own text, each die a digit
    roll = RollData(parsed.text if single else draw.dice, total, draw.faces or (total,))
    title = draw.title or draw.table
    if draw.column:
        title = f"{title} ({draw.column})"
    return TableRolled(draw.table, title, roll, draw.plus, draw.entry, draw.text)


def roll_extended(tables: Mapping[str, Table], table: Table, rng: random.Random,
                  plus: int) -> tuple[int, list[TableRolled]]:
    """Roll ``table`` (not :attr:`~solo.rules.tables.Table.plain`) through the table
    engine: the index of the entry it gave and the events of every draw, the first being
    the table's own with the whole text (its links filled in, its rolls added; a table of
    columns gives one event a column)."""
    result = roll_on(tables, table.name, rng, plus)
    index = next(at for at, entry in enumerate(table.entries) if entry is result.entry)
    events = [draw_event(draw) for draw in result.draws]
    if not table.columns:  # (a table of columns shows each column's own words)
        events[0] = msgspec.structs.replace(events[0], text=result.text)
    return index, events
