"""What a report shows: the figures read from a journal (:class:`Crawl`) with the
encounters, oracle questions and danger track among them, and the journal's records for
the exporters. :mod:`solo.report.read` fills them in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.report.records import Records

__all__ = ["Crawl", "Danger", "Encounter", "Question", "RETRACTED_MARK"]

RETRACTED_MARK = "*(taken back with undo)*"
"""What the reports put where an entry taken back with ``undo`` stood."""


@dataclass
class Encounter:
    turn: int
    text: str
    foretold: bool = False
    defeated: bool = False
    note: str = ""
    named_in: int | None = None  # the record whose state names its table entry, if any
    step: int | None = None  # the step of the entry that met it (where on the map it was)

    @property
    def outcome(self) -> str:
        return "; ".join((["defeated (struck off)"] if self.defeated else [])
                         + ([f"“{self.note}”"] if self.note else []))


@dataclass
class Question:
    turn: int
    question: str
    odds: str
    answer: str
    event: str | None = None  # the random event the answer raised


@dataclass
class Danger:
    label: str
    maximum: int | None
    start: int
    peak: int
    end: int
    per_turn: list[int]       # the value at the end of turns 1..N
    turn_peaks: list[int]     # the highest value seen during turns 1..N
    hidden: bool = False      # kept behind the screen when the journal ends
    hidden_from: int = 0      # ... since the end of this turn (0: from the start)


@dataclass
class Crawl:
    """Everything the report shows, with the journal's records for the exporters."""

    path: Path
    meta: dict[str, Any]
    title: str
    system_id: str
    system_name: str
    unit: str
    minutes_per_turn: int | None
    turns: int
    danger: Danger | None
    encounters: list[Encounter]
    signs: int
    lights_lit: dict[str, int]
    burnt_out: int
    put_out: int
    questions: list[Question]
    snapshots: int
    garbled: list[int]  # the line of each record that does not decode
    retracted: int = 0
    blown_out: int = 0
    expeditions: list[dict[str, Any]] = field(default_factory=list)  # each, when several
    explored: str | None = None  # a keyed dungeon: "9 of 23 rooms, 2 of 4 secrets"
    results: dict[str, dict[str, int]] = field(default_factory=dict)  # table -> entry id -> n
    danger_hidden: str = ""  # the danger's label when the report keeps it behind the screen
    hidden_from: int = 0  # ... from the start of this turn (1: from the start)
    duplicates: list[int] = field(default_factory=list)  # steps of records counted once
    out_of_place: list[int] = field(default_factory=list)  # steps found after a later one
    order_lines: tuple[list[int], list[int]] = ([], [])  # the lines of those, the notice's
    records: Records | None = field(repr=False, default=None)
    procedure: Any = field(repr=False, default=None)  # the system's rules, when they load

    @property
    def minutes(self) -> int | None:
        return None if not self.minutes_per_turn else self.turns * self.minutes_per_turn

    @property
    def encounter_turns(self) -> dict[int, list[Encounter]]:
        turns: dict[int, list[Encounter]] = {}
        for encounter in self.encounters:
            turns.setdefault(encounter.turn, []).append(encounter)
        return turns
