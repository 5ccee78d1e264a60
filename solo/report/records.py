"""A journal's hidden records as the reports read them: :class:`Records`, what both
readings give, :class:`Entry`, one record (its events and state parsed only when asked
for), and :class:`EntryList`, the records as entries for the exporters.

Two readings give the same :class:`Records`: :class:`~solo.report.columns.Columns` when
every record is in solo's own one-line layout (one split of the whole file, in C, and
nothing a record in Python but what the figures need),
:class:`~solo.report.entry_records.EntryRecords` otherwise (each record read on its own,
parsed whole where an editor reshaped it).

Both take the records in step order, each step once (:func:`step_order`): a record pasted
twice, or moved, counts as the entry it was when it was played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import compress, count
from typing import Any, overload

from solo.journal.record_order import StepOrder, step_order
from solo.journal.record_schema import (
    EVENTS_KEY,
    STATE_KEY,
    RecordHeader,
    TrackerMove,
    header_of,
    legacy_record,
    read_field,
)
from solo.report.patterns import LAST_ENCOUNTER, json_events, unquote

__all__ = ["Entry", "EntryList", "Records", "StepOrder", "indices_of", "step_order"]


class Entry:
    """One journal entry: where its record sits in the text, its step, kind and turn, and
    the rest of the record (header, events, state), read as JSON only when asked for."""

    __slots__ = ("start", "end", "after", "step", "kind", "turn", "retracted", "index",
                 "first_line", "record_line", "record_lines", "_body", "_events_text",
                 "_legacy", "_record", "_events", "_head")

    def __init__(self, start: int, end: int, after: int, step: int, kind: str, turn: int,
                 body: str | bytes | None = None, events: str | bytes | None = None,
                 record: dict[str, Any] | None = None, legacy: bool = False,
                 head: bytes | None = None) -> None:
        self.start, self.end, self.after = start, end, after  # after: the previous record's end
        self.step, self.kind, self.turn = step, kind, turn
        self.retracted = False
        # the record's JSON text (a format-1 snapshot's when ``legacy``) and its events'
        self._body, self._events_text, self._legacy = body, events, legacy
        self._record = record
        self._head = head  # the header alone, as JSON, where it stands apart
        self._events: list[dict[str, Any]] | None = None
        self.first_line = self.record_line = self.record_lines = 0
        self.index = -1  # its place among the records counted (see Records); -1 if none

    @property
    def record(self) -> dict[str, Any]:
        """The whole record as JSON data (``{}`` if it cannot be read)."""
        if self._record is None:
            try:
                loaded = json.loads(self._body or "{}")
            except ValueError:
                loaded = {}
            loaded = loaded if isinstance(loaded, dict) else {}
            self._record = legacy_record(loaded) if self._legacy else loaded
        return self._record

    @property
    def header(self) -> RecordHeader:
        if self._record is None and self._head is not None:
            try:
                return header_of(json.loads(self._head))
            except ValueError:
                pass
        return header_of(self.record)

    @property
    def cmd(self) -> str:
        """The command the entry ran."""
        if self._record is None and self._head is not None:
            try:
                return str(read_field(json.loads(self._head), "cmd"))
            except ValueError:
                pass
        return self.header.cmd

    @property
    def undid(self) -> int | None:
        """An undo's record: the step of the entry it took back."""
        return self.header.undid

    @property
    def events(self) -> list[dict[str, Any]]:
        if self._events is None:
            self._events = json_events(self._events_text) if self._events_text is not None \
                else [event for event in _listed(self.record.get(EVENTS_KEY))
                      if isinstance(event, dict)]
        return self._events

    @property
    def state(self) -> dict[str, Any]:
        state = self.record.get(STATE_KEY)
        return state if isinstance(state, dict) else {}

    def last_encounter(self) -> tuple[str, int] | None:
        """The table entry of the state's last encounter: found in the record's text while
        it is not parsed, else read from the parsed state."""
        if self._record is None and isinstance(self._body, bytes):
            found = LAST_ENCOUNTER.search(self._body)
            return (unquote(found[1]), int(found[2])) if found else None
        last = self.state.get("last_encounter")
        if isinstance(last, list) and len(last) == 2 and type(last[1]) is int:
            return str(last[0]), last[1]
        return None


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


class Records:
    """Every record counted as parallel lists (one index a record, in step order, each step
    once: see :func:`step_order`), with what the figures count already picked out of their
    events:

    * ``counted``: by index, the encounters, lights, answers and strikes among its events
      (but those that count for nothing: the schema's ``PASSED_OVER``);
    * ``moves``: by index, every tracker move among the record's events.

    The rest (state, command, all events, prose) is read on demand, for the few records
    the figures look at. :meth:`entries` and :meth:`entry` give every readable record in
    the file's order instead, duplicates too (the exporters cut them all out of the text);
    an entry's ``index`` is its place among the counted ones, -1 for a duplicate."""

    text: str | bytes
    kinds: list[str]
    steps: list[int]
    turns: list[int]
    retracted: set[int]
    counted: dict[int, list[dict[str, Any]]]
    moves: dict[int, list[TrackerMove]]
    garbled: list[int]  # where the unreadable records start
    entry_count: int  # the readable records in the file, duplicates too: len(entries())
    duplicates: list[int]  # the steps of the records left out as repeating an earlier step
    out_of_place: list[int]  # the steps of the records counted in their place, found later

    def cmd(self, index: int) -> str:
        raise NotImplementedError

    def state(self, index: int) -> dict[str, Any]:
        raise NotImplementedError

    def events(self, index: int) -> list[dict[str, Any]]:
        raise NotImplementedError

    def last_encounter(self, index: int) -> tuple[str, int] | None:
        raise NotImplementedError

    def prose(self, index: int) -> str | bytes:
        """The text between the previous record and this one."""
        raise NotImplementedError

    def proses(self) -> list[str] | list[bytes]:
        """:meth:`prose` of every record, in order."""
        return [self.prose(index) for index in range(len(self.kinds))]  # type: ignore[return-value]

    def texts_before(self) -> list[bytes] | None:
        """The text before each record, in order, less the line break that ends it (each
        :meth:`prose` but its last byte, not copied), where the records are read in bytes;
        None where they are not."""
        return None

    def entries(self) -> list[Entry]:
        """An :class:`Entry` a record, with where it sits in :attr:`text`."""
        raise NotImplementedError

    def holding(self, key: bytes) -> list[dict[str, Any]] | None:
        """Every readable record whose JSON holds ``key`` (a key's JSON string, with its
        quotes), in the file's order, duplicates too: its header and what stands before
        its events, or all of it, as JSON data; None when only the text can tell."""
        return None

    def events_holding(self, words: Sequence[bytes]) -> set[int] | None:
        """The records (by index) whose events' JSON holds one of ``words`` (a search of
        the bytes: a word in a string counts too); None when only reading every record's
        events can tell."""
        return None

    def map_pieces(self) -> list[tuple[bytes, bytes | None]] | None:
        """Each record that holds a whole map or changes, in the file's order, as the
        reading found it: its JSON up to its events, less the whole map, and the whole
        map's bytes (None for changes); None when the reading did not find them so."""
        return None

    def entry(self, index: int) -> Entry:
        """The :class:`Entry` of one record."""
        raise NotImplementedError


class EntryList(Sequence[Entry]):
    """The records as :class:`Entry` objects, made when first asked for: one by one for a
    look at a few (the first, the last), all at once for a walk through them."""

    def __init__(self, records: Records) -> None:
        self._records = records
        self._all: list[Entry] | None = None
        self._some: dict[int, Entry] = {}

    def __len__(self) -> int:
        return self._records.entry_count

    def _every(self) -> list[Entry]:
        if self._all is None:
            self._all = self._records.entries()
            for index, entry in self._some.items():  # the ones handed out stay the same
                self._all[index] = entry
        return self._all

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        if self._all is not None or isinstance(index, slice):
            return self._every()[index]
        index = range(len(self))[index]  # from the end when negative; IndexError past it
        if index not in self._some:
            self._some[index] = self._records.entry(index)
        return self._some[index]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._every())


def indices_of(values: Sequence[str], value: str) -> list[int]:
    """Where ``value`` stands in ``values`` (found in C, not a Python loop)."""
    return list(compress(count(), map(value.__eq__, values)))


