"""The meaning oracle: a verb and a thing, rolled together, read as a hint.

``oracles/meaning.md`` holds solo's own table (two d66 columns, Action and Subject); a
player's table of the same name in their oracles folder replaces it. Pure: the dice come
from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from solo.errors import RulesError
from solo.rules.table_roll import Draw, roll_on
from solo.rules.tables import Table

__all__ = ["MEANING_TABLE", "Meaning", "roll_meaning"]

MEANING_TABLE = "meaning"


@dataclass(frozen=True)
class Meaning:
    """An action and a subject, and the two draws that gave them (for ``tbl:`` lines)."""

    action: str
    subject: str
    draws: tuple[Draw, ...]

    @property
    def text(self) -> str:
        """``Betray / A promise``, as the answer is journaled."""
        return f"{self.action} / {self.subject}"


def roll_meaning(tables: Mapping[str, Table], rng: random.Random,
                 name: str = MEANING_TABLE) -> Meaning:
    """Roll table ``name`` (two or more columns: the first is the action, the second the
    subject, each with its own roll) drawing only from ``rng``."""
    table = tables.get(name)
    if table is None or len(table.columns) < 2:
        raise RulesError(f"no meaning table {name!r} with two columns (an action and a "
                         "subject) in the oracles")
    result = roll_on(tables, name, rng)
    return Meaning(result.cells[0][1], result.cells[1][1], result.draws)
