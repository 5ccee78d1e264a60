"""The rules in force for one journal: its procedure, the tables it rolls, the oracle styles."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from solo.rules.generator import Generator
from solo.rules.key_model import DungeonKey
from solo.rules.key_shelf import KeyShelf
from solo.rules.oracle_styles import OracleStyle
from solo.rules.procedure import Procedure
from solo.rules.tables import Table

__all__ = ["World"]


@dataclass(frozen=True)
class World:
    """The rules in force: a procedure, the tables it can roll, the oracle styles, and the
    dungeon generators a journal may name (by id, or by a generator file's path; the
    catalog's mapping reads each file once, when first asked)."""

    procedure: Procedure
    tables: Mapping[str, Table] = field(default_factory=dict)
    styles: Mapping[str, OracleStyle] = field(default_factory=dict)
    generators: Mapping[str, Generator] = field(default_factory=dict)
    keys: Mapping[str, DungeonKey] = field(default_factory=KeyShelf)
    """The dungeon keys a journal may name, by path (read when first asked for)."""

    def table(self, name: str) -> Table | None:
        return self.tables.get(name) or self.procedure.tables.get(name)

    def table_names(self) -> list[str]:
        return sorted(set(self.tables) | set(self.procedure.tables))
