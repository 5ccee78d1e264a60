"""The fast reading of a journal's records, when every record is in solo's own one-line
layout: :class:`Columns`, cut apart by one regular-expression split of the whole file.

The figures' lists are in step order, each step once; the entries, in the file's order.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Sequence
from itertools import accumulate, compress, count, repeat
from typing import Any

from solo.journal.record import HEADER_BYTES
from solo.report.patterns import (
    EVENT_BYTES,
    EXTRA_BYTES,
    LAST_ENCOUNTER_BYTES,
    read_counted,
    unquote,
)
from solo.report.records import Entry, Records, StepOrder, indices_of, step_order

__all__ = ["Columns"]

# Every ``<!-- solo``, with the fields of the header solo writes after it when it is one and
# it opens a line (step, kind, command, turn, extras): a split by it cuts a journal into its
# records, and a None among the groups tells of one not in solo's layout.
_RECORD_LINES = re.compile(rb"<!-- solo(?:(?<=\n<!-- solo)("
                           + HEADER_BYTES.pattern[len(rb"<!-- solo"):] + rb"))?")
_STRIDE = 7  # the split's pieces a record: its header's 6 groups, then its line and on


class Columns(Records):
    """A journal whose every record is in solo's own one-line layout, cut apart by one
    regular-expression split (in C) at each ``<!-- solo``: the header's fields, and after
    each header the rest of its line (events, state, comment end) followed by the text up
    to the next record. Nothing is done a record in Python but what the figures need."""

    def __init__(self, data: bytes, parts: list[bytes], ends: list[int],
                 states: list[int]) -> None:
        self.text, self._parts, self._ends, self._states = data, parts, ends, states
        self._starts: list[int] | None = None
        self._lines = parts[_STRIDE::_STRIDE]  # a record's line from its events on, and on
        self.entry_count = len(self._lines)
        names = {kind: kind.decode() for kind in set(parts[3::_STRIDE])}
        self.kinds = list(map(names.__getitem__, parts[3::_STRIDE]))
        self.turns = list(map(int, parts[5::_STRIDE]))
        self.garbled = []
        self.counted, self.moves = {}, {}
        found = list(map(EVENT_BYTES.findall, self._lines, repeat(0), states))
        for index in compress(count(), found):
            events, moves, unknown = read_counted(found[index])
            if unknown:
                self.counted[index] = _json_events(self._lines[index][:states[index]])
            elif events:
                self.counted[index] = events
            if moves:
                self.moves[index] = moves
        self._steps = list(map(int, parts[2::_STRIDE]))
        self._kinds_in_file, self._turns_in_file = self.kinds, self.turns
        # a record's place in the file, by its place among those counted, and back
        self._at: Sequence[int] = range(self.entry_count)
        self._place_of: Sequence[int] = self._at
        self.duplicates, self.out_of_place = [], []
        order = step_order(self._steps)
        if order is not None:
            self._in_step_order(order)
        self.retracted = self._retracted() if "undo" in names.values() else set()
        self._retracted_in_file = self.retracted if order is None \
            else {self._at[index] for index in self.retracted}

    def _in_step_order(self, order: StepOrder) -> None:
        """Count the records ``order`` keeps, in its order (a journal some hand or tool
        damaged: the figures' lists are made again, once)."""
        steps = self._steps
        self._at, self._place_of = order.kept, order.place_of
        self.duplicates = [steps[index] for index in order.duplicates]
        self.out_of_place = [steps[index] for index in order.out_of_place]
        self.kinds = [self.kinds[index] for index in order.kept]
        self.turns = [self.turns[index] for index in order.kept]
        place_of = order.place_of
        self.counted = {place_of[index]: events for index, events in self.counted.items()
                        if place_of[index] >= 0}
        self.moves = {place_of[index]: moves for index, moves in self.moves.items()
                      if place_of[index] >= 0}

    @classmethod
    def scan(cls, data: bytes) -> Columns | None:
        """The columns, or None when some record is not in solo's one-line layout (an
        editor wrapped or re-indented one, or one is damaged): every ``<!-- solo`` must
        open a line and a header solo wrote, and its line end with the comment."""
        parts = _RECORD_LINES.split(data)
        lines = parts[_STRIDE::_STRIDE]
        # (only a header's command could hide one more "<!-- solo"; each is a quoted string)
        if None in parts[1::_STRIDE] or b"<!-- solo" in b"".join(parts[4::_STRIDE]):
            return None
        ends = list(map(bytes.find, lines, repeat(b"\n")))
        if ends and ends[-1] < 0:  # the last record ends the file
            ends[-1] = len(lines[-1])
        if not all(map(bytes.endswith, lines, repeat(b"}} -->"), repeat(0), ends)):
            return None
        states = list(map(bytes.find, lines, repeat(b',"state":{'), repeat(0), ends))
        return None if -1 in states else cls(data, parts, ends, states)

    def _retracted(self) -> set[int]:
        by_step = dict(zip(map(self._steps.__getitem__, self._at), count()))
        taken: set[int] = set()
        for index in indices_of(self.kinds, "undo"):
            undid = self._extra(self._at[index]).get("undid", -1)
            target = by_step.get(undid)
            if target is not None and self.kinds[target] != "undo":
                taken.add(target)
        return taken

    def _extra(self, index: int) -> dict[str, int]:
        extras = self._parts[index * _STRIDE + 6]
        return {name.decode(): int(value) for name, value in EXTRA_BYTES.findall(extras)}

    def cmd(self, index: int) -> str:
        return _json_text(self._parts[self._at[index] * _STRIDE + 4])

    def state(self, index: int) -> dict[str, Any]:
        at = self._at[index]
        return _json_object(self._lines[at][self._states[at] + 9:self._ends[at] - 5])

    def events(self, index: int) -> list[dict[str, Any]]:
        at = self._at[index]
        return _json_events(self._lines[at][:self._states[at]])

    def last_encounter(self, index: int) -> tuple[str, int] | None:
        at = self._at[index]
        found = LAST_ENCOUNTER_BYTES.search(self._lines[at], self._states[at], self._ends[at])
        return (unquote(found[1]), int(found[2])) if found else None

    def prose(self, index: int) -> bytes:
        at = self._at[index]
        if at == 0:
            return self._parts[0]
        return self._lines[at - 1][self._ends[at - 1]:]

    def body(self, mark: bytes) -> bytes:
        """The journal with every record cut out (``mark`` where a retracted one stood).
        solo writes a blank line before each record and a line break after it: each record
        goes with one of each, so the entries around it keep one blank line between (and
        a mark stands as a paragraph of its own, as the record-by-record reading gives)."""
        lines, ends = self._lines, self._ends
        first = self._parts[0]
        if not lines:
            return first
        pieces = [first[:-1] if first.endswith(b"\n\n") else first]
        pieces += [line[end + 1:-1] if line.endswith(b"\n\n") else line[end + 1:]
                   for line, end in zip(lines[:-1], ends[:-1], strict=True)]
        pieces.append(lines[-1][ends[-1] + 1:])
        for index in sorted(self._retracted_in_file, reverse=True):  # the mark: its blank line
            pieces[index] = lines[index - 1][ends[index - 1] + 1:] if index else first
            pieces.insert(index + 1, mark)
        return b"".join(pieces)

    def entries(self) -> list[Entry]:
        entries: list[Entry] = []
        start, after = len(self._parts[0]), 0
        for index in range(len(self._lines)):
            entry = self._entry(index, start, after)
            entries.append(entry)
            start, after = entry.events_at[0] + len(self._lines[index]), entry.end
        return entries

    def entry(self, index: int) -> Entry:
        """The entry of the record at place ``index`` in the file."""
        lines = self._lines
        if index == 0:
            start = len(self._parts[0])
        elif index == len(lines) - 1:  # counted back from the end of the text
            start = len(self.text) - len(lines[-1]) - len(self._parts[-_STRIDE]) \
                - len(b"<!-- solo")
        else:
            if self._starts is None:  # where each record starts: the lengths before it
                heads = map(len, self._parts[1::_STRIDE])
                lengths = map(operator.add, heads, map(len, lines))  # past "<!-- solo"
                self._starts = list(accumulate(
                    map(operator.add, lengths, repeat(len(b"<!-- solo"))),
                    initial=len(self._parts[0])))
            start = self._starts[index]
        after = 0 if index == 0 else start - len(lines[index - 1]) + self._ends[index - 1]
        return self._entry(index, start, after)

    def _entry(self, index: int, start: int, after: int) -> Entry:
        """Record ``index``'s Entry, its ``<!--`` at ``start`` and the record before it
        ending at ``after``."""
        at = index * _STRIDE
        events = start + len(b"<!-- solo") + len(self._parts[at + 1])
        end, state = events + self._ends[index], events + self._states[index]
        entry = Entry(start, end, after, self._steps[index], self._kinds_in_file[index],
                      self._turns_in_file[index], self._parts[at + 4], self._extra(index),
                      self.text, (events, state), (state + 9, end - 5))
        entry.retracted = index in self._retracted_in_file
        entry.index = self._place_of[index]
        return entry


def _json_text(raw: str | bytes) -> str:
    try:
        return str(json.loads(raw))
    except ValueError:
        return ""


def _json_object(raw: str | bytes) -> dict[str, Any]:
    try:
        loaded = json.loads(raw or "{}")
    except ValueError:
        loaded = {}
    return loaded if isinstance(loaded, dict) else {}


def _json_events(raw: str | bytes) -> list[dict[str, Any]]:
    try:
        loaded = json.loads(raw or "[]")
    except ValueError:
        loaded = []
    return [event for event in loaded if isinstance(event, dict)] \
        if isinstance(loaded, list) else []
