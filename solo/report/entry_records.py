"""The record-by-record reading of a journal, when some record is not in solo's one-line
layout (an editor wrapped or re-indented it, or it is damaged): :class:`EntryRecords`,
each record read from its header where it can be and parsed whole where it cannot, the
records counted in step order, each step once, and the entries taken back with ``undo``
marked retracted.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator
from typing import Any

from solo.journal.record import HEADER, RECORD_START, find_records
from solo.report.patterns import EVENT, EXTRA, read_counted
from solo.report.records import Entry, Records, step_order

__all__ = ["EntryRecords"]


class EntryRecords(Records):
    """A journal read record by record (some record is not in solo's one-line layout):
    each readable record becomes an :class:`Entry`, read from its header where it can be
    and parsed whole where it cannot."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._entries, self.garbled = _scan(text)  # in the file's order
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
        self.retracted = {index for index, entry in enumerate(self._kept) if entry.retracted}
        counted, moves = _brief_events(self._entries, text)
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


def _scan(text: str) -> tuple[list[Entry], list[int]]:
    """Every record in the text, each read on its own, and where the unreadable ones start."""
    starts = [match.start() for match in RECORD_START.finditer(text)]
    entries: list[Entry] = []
    garbled: list[int] = []
    after = 0
    for start in starts:
        where = text.find("<!--", start)
        entry = _read_header(text, where, after) or _read_whole(text, where, after)
        if entry is None:
            garbled.append(start)
            continue
        entries.append(entry)
        after = entry.end
    return entries, garbled


def _read_header(text: str, position: int, after: int) -> Entry | None:
    header = HEADER.match(text, position)
    if header is None:
        return None
    line_end = text.find("\n", header.end())
    line_end = len(text) if line_end < 0 else line_end
    close = text.rfind("}} -->", header.end(), line_end)
    state = text.find(',"state":{', header.end(), line_end)
    if close < 0 or state < 0 or text[close + 6:line_end].strip():
        return None
    extra = {name: int(value) for name, value in EXTRA.findall(header[5])}
    return Entry(position, line_end, after, int(header[1]), header[2], int(header[4]),
                 header[3], extra, source=text, events_at=(header.end(), state),
                 state_at=(state + 9, close + 1))


def _read_whole(text: str, position: int, after: int) -> Entry | None:
    found = find_records(text[position:text.find("-->", position) + 3]) \
        if text.find("-->", position) >= 0 else []
    if not found or found[0][0] != 0 or not _usable(found[0][2]):
        return None  # (a record further on is read at its own start)
    _, end, record = found[0]
    state = record["state"]
    listed = record.get("ev")
    events: list[Any] = listed if isinstance(listed, list) else []
    extra = {key: value for key, value in record.items()
             if key in ("undid", "live") and isinstance(value, int)}
    return Entry(position, position + end, after, int(record["step"]), str(record.get("kind")),
                 int(state["turn"]), json.dumps(str(record.get("cmd", ""))), extra,
                 events=[event for event in events if isinstance(event, dict)], state=state)


def _usable(record: dict[str, Any]) -> bool:
    """A record whose state gives at least the step and the turn (else it counts as garbled)."""
    state = record.get("state")
    return isinstance(state, dict) and isinstance(state.get("turn"), int) \
        and isinstance(record.get("step"), int)


def _brief_events(entries: list[Entry], text: str
                  ) -> tuple[dict[int, list[dict[str, Any]]], dict[int, list[tuple[Any, int]]]]:
    """The counted events and every tracker's moves, by place in the file, found in one pass over
    the whole text and read by pattern (solo writes their fields in a fixed order). An
    entry whose events the patterns do not fit, or that was parsed whole, gives every
    event instead."""
    matches: dict[int, list[tuple[Any, ...]]] = {}
    for index, match in _events_in(entries, text, EVENT):
        matches.setdefault(index, []).append(match.groups())
    counted: dict[int, list[dict[str, Any]]] = {}
    moves: dict[int, list[tuple[Any, int]]] = {}
    for index, found in matches.items():
        events, moved, unknown = read_counted(found)
        if unknown:
            counted[index] = entries[index].events
        elif events:
            counted[index] = events
        if moved:
            moves[index] = moved
    for index, entry in enumerate(entries):
        if entry.source is None:  # parsed whole: its events are at hand
            counted[index] = entry.events
            moved = [(event.get("tracker"), event["after"]) for event in entry.events
                     if event.get("t") == "TrackerChanged"
                     and isinstance(event.get("after"), int)]
            if moved:
                moves[index] = moved
    return counted, moves


def _events_in(entries: list[Entry], text: str,
               pattern: re.Pattern) -> Iterator[tuple[int, re.Match]]:
    """Matches of ``pattern`` in the whole text that fall inside an entry's events (never in
    the prose between records), with their entry's index: one pass over the text."""
    starts = [entry.start for entry in entries]
    for match in pattern.finditer(text):
        index = bisect.bisect_right(starts, match.start()) - 1
        if index >= 0:
            entry = entries[index]
            if entry.source is not None \
                    and entry.events_at[0] <= match.start() < entry.events_at[1]:
                yield index, match


def _mark_retracted(entries: list[Entry]) -> None:
    """Mark the entries (in step order, each step once) that an undo took back."""
    by_step = {entry.step: entry for entry in entries}
    for entry in entries:
        if entry.kind == "undo":
            taken = by_step.get(entry.extra.get("undid", -1))
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
