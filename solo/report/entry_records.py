"""The record-by-record reading of a journal, when some record is not in solo's one-line
layout (an editor wrapped or re-indented it, it is a format-1 snapshot, or it is damaged):
:class:`EntryRecords`, each record parsed as JSON on its own, the records counted in step
order, each step once, and the entries taken back with ``undo`` marked retracted.
"""

from __future__ import annotations

from typing import Any

from solo.journal.record import LEGACY_PREFIX, PREFIX, RECORD_START, find_records
from solo.journal.record_schema import (
    COUNTED_EVENTS,
    EVENTS_KEY,
    LEGACY_KIND,
    TrackerMove,
    event_type,
    read_header,
)
from solo.report.counted import sort_counted
from solo.report.records import Entry, Records, step_order

__all__ = ["EntryRecords"]


class EntryRecords(Records):
    """A journal read record by record (some record is not a line of its own): each
    readable record becomes an :class:`Entry`."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._entries, self.garbled, counted, moves = _scan(text)  # in the file's order
        self.entry_count = len(self._entries)
        order = step_order([entry.step for entry in self._entries])
        self._kept = self._entries if order is None \
            else [self._entries[index] for index in order.kept]  # the ones counted, in order
        self.duplicates = [] if order is None \
            else [self._entries[index].step for index in order.duplicates]
        self.out_of_place = [] if order is None \
            else [self._entries[index].step for index in order.out_of_place]
        for index, entry in enumerate(self._kept):
            entry.index = index
        _mark_retracted(self._kept)
        self.kinds = [entry.kind for entry in self._kept]
        self.turns = [entry.turn for entry in self._kept]
        self.steps = [entry.step for entry in self._kept]
        self.retracted = {index for index, entry in enumerate(self._kept) if entry.retracted}
        if order is not None:  # by place in the file: by place among the counted
            place_of = order.place_of
            counted = {place_of[at]: found for at, found in counted.items() if place_of[at] >= 0}
            moves = {place_of[at]: found for at, found in moves.items() if place_of[at] >= 0}
        self.counted, self.moves = counted, moves

    def cmd(self, index: int) -> str:
        return self._kept[index].cmd

    def state(self, index: int) -> dict[str, Any]:
        return self._kept[index].state

    def events(self, index: int) -> list[dict[str, Any]]:
        return self._kept[index].events

    def last_encounter(self, index: int) -> tuple[str, int] | None:
        return self._kept[index].last_encounter()

    def prose(self, index: int) -> str:
        entry = self._kept[index]
        return str(self.text[entry.after:entry.start])

    def entries(self) -> list[Entry]:
        return self._entries

    def entry(self, index: int) -> Entry:
        return self._entries[index]


def _scan(text: str) -> tuple[list[Entry], list[int], dict[int, list[dict[str, Any]]],
                                dict[int, list[TrackerMove]]]:
    """Every record in the text, each parsed as JSON on its own (only what the figures count
    kept, the rest parsed again if asked for), where the unreadable ones start, and what the
    figures count by place in the file."""
    entries: list[Entry] = []
    garbled: list[int] = []
    counted: dict[int, list[dict[str, Any]]] = {}
    moves: dict[int, list[TrackerMove]] = {}
    after = 0
    for match in RECORD_START.finditer(text):
        where = text.find("<!--", match.start())
        close = text.find("-->", where)
        found = find_records(text[where:close + 3]) if close >= 0 else []
        header = read_header(found[0][2]) if found and found[0][0] == 0 else None
        if header is None or close < 0:
            garbled.append(match.start())
            continue
        record = found[0][2]
        legacy = record.get("kind") == LEGACY_KIND and text.startswith(LEGACY_PREFIX, where)
        body = text[where + len(LEGACY_PREFIX if legacy else PREFIX):close]
        listed = record.get(EVENTS_KEY)
        events = [event for event in (listed if isinstance(listed, list) else [])
                  if isinstance(event, dict) and event_type(event) in COUNTED_EVENTS]
        sort_counted([len(entries)] * len(events), events, counted, moves)
        end = close + 3
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        if not text[end:line_end].strip():  # spaces after the comment go with it
            end = line_end
        entries.append(Entry(where, end, after, header.step, header.kind, header.turn,
                             body=body, legacy=legacy))
        after = end
    return entries, garbled, counted, moves


def _mark_retracted(entries: list[Entry]) -> None:
    """Mark the entries (in step order, each step once) that an undo took back."""
    by_step = {entry.step: entry for entry in entries}
    for entry in entries:
        if entry.kind == "undo":
            undid = entry.undid
            taken = by_step.get(undid) if undid is not None else None
            if taken is not None and taken.kind != "undo":
                taken.retracted = True
        elif entry.kind == "legacy" and entry.cmd.lower() == "undo":
            _legacy_undo(entries, entry)


def _legacy_undo(entries: list[Entry], undo: Entry) -> None:
    """Format 1 undo: it took back the latest entry still standing before it."""
    for entry in reversed(entries[:entries.index(undo)]):
        if not entry.retracted and entry.kind == "legacy" \
                and entry.cmd.lower() not in ("undo", "start"):
            entry.retracted = True
            return
