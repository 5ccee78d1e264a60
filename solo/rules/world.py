"""The rules in force for one journal: its procedure, the tables it rolls, the oracle styles,
and the dungeon (generator or key) it names, loaded."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from solo.rules.generator import Generator
from solo.rules.key_model import DungeonKey
from solo.rules.oracle_styles import OracleStyle
from solo.rules.procedure import Procedure
from solo.rules.tables import Table

__all__ = ["World"]


@dataclass(frozen=True)
class World:
    """The rules in force: a procedure, the tables it can roll, the oracle styles, and the
    dungeon a journal names, already read.

    ``generators`` and ``keys`` hold what has been loaded, by the name the journal's state
    gives (a generator's id or file path; a key's path as the journal stores it). The play
    layer stocks them (:func:`solo.rules.catalog.stock_generator`,
    :func:`~solo.rules.catalog.stock_key`) when a journal starts or resumes and when
    ``set dungeon`` names another; the engine only looks them up and never reads a file:
    a name not stocked is simply not there. ``generator_ids`` are the ids solo could load
    (what an error lists); ``key_marks`` holds, per key name, the room marks the journal
    recorded when it named that key (:mod:`solo.rules.key_marks`), stocked only when the key
    on disk differs from the one the journal began with."""

    procedure: Procedure
    tables: Mapping[str, Table] = field(default_factory=dict)
    styles: Mapping[str, OracleStyle] = field(default_factory=dict)
    generators: dict[str, Generator] = field(default_factory=dict)
    keys: dict[str, DungeonKey] = field(default_factory=dict)
    generator_ids: tuple[str, ...] = ()
    key_marks: dict[str, Mapping[str, str]] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)
    """Keys the journal names that are there but no longer pass their checks, and why."""
    plain_tables: Mapping[str, Table] | None = None
    """The tables before a key's ``wandering`` table took the place of the procedure's
    encounter table in ``tables`` (None: it has not)."""

    def table(self, name: str) -> Table | None:
        return self.tables.get(name) or self.procedure.tables.get(name)

    def table_names(self) -> list[str]:
        return sorted(set(self.tables) | set(self.procedure.tables))

    def generator_names(self) -> str:
        """The generators to choose from, for an error: ``classic, site, tracker``."""
        return ", ".join(sorted({*self.generator_ids, *self.generators})) or "none"
