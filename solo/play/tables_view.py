"""What ``tables`` lists: this crawl's tables, not every table solo ships.

A crawl's tables are the procedure's own, every table its rules roll (an encounter table,
a table an entry of another rolls), and every table of the player's own: their oracles
folder and the files the journal names (``--tables``). ``tables all`` lists the rest too,
each of which ``table NAME`` still rolls.

Pure but for where the shipped tables live (a table's ``source`` says which file it came
from).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from solo.rules.effects import Encounter, RollTable
from solo.rules.paths import shipped_oracles_dir
from solo.rules.world import World

__all__ = ["tables_lines", "crawl_tables"]


def _rolled(thing: Any, found: set[str], seen: set[int]) -> None:
    """Every table name an effect in ``thing`` (a procedure, or any part of one) rolls."""
    if id(thing) in seen or isinstance(thing, (str, bytes, int, float, bool, type(None))):
        return
    seen.add(id(thing))
    if isinstance(thing, (RollTable, Encounter)) and thing.table:
        found.add(thing.table)
    if dataclasses.is_dataclass(thing):
        for field in dataclasses.fields(thing):
            _rolled(getattr(thing, field.name), found, seen)
    elif isinstance(thing, dict):
        for value in thing.values():
            _rolled(value, found, seen)
    elif isinstance(thing, (tuple, list, frozenset, set)):
        for value in thing:
            _rolled(value, found, seen)


def crawl_tables(world: World) -> list[str]:
    """The names of this crawl's tables, sorted (see the module's docstring)."""
    procedure = world.procedure
    names = set(procedure.tables)
    if procedure.encounters:
        names.add(procedure.encounters)
    _rolled(procedure, names, set())
    shipped = shipped_oracles_dir().resolve()
    for name, table in world.tables.items():
        if table.source and shipped not in Path(table.source).resolve().parents:
            names.add(name)  # the player's own
    grown = True
    while grown:  # a table whose entries roll another
        before = len(names)
        for name in list(names):
            rolled = world.table(name)
            if rolled is not None:
                _rolled(rolled.entries, names, set())
        grown = len(names) > before
    return sorted(name for name in names if world.table(name) is not None)


def tables_lines(world: World, everything: bool = False) -> list[str]:
    """``name: title`` for each of this crawl's tables (or, ``everything``, every table),
    then how many more there are and how to see them."""
    ours = crawl_tables(world)
    names = world.table_names() if everything else ours
    lines = []
    for name in names:
        table = world.table(name)
        if table is not None:
            lines.append(f"{name}: {table.title}")
    others = len(world.table_names()) - len(ours)
    if others and not everything:
        lines.append(f"({others} more for other procedures: 'tables all' lists them; "
                     "'table NAME' rolls any)")
    return lines
