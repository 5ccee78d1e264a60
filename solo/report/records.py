"""A journal's hidden records as the reports read them: :class:`Records`, what both
readings give, :class:`Entry`, one record (its events and state parsed only when asked
for), and :class:`EntryList`, the records as entries for the exporters.

Two readings give the same :class:`Records`: :class:`~solo.report.columns.Columns` when
every record is in solo's own one-line layout (one split of the whole file, in C, and
nothing a record in Python but what the figures need),
:class:`~solo.report.entry_records.EntryRecords` otherwise (each record read on its own,
parsed whole where an editor reshaped it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import compress, count
from typing import Any, overload

from solo.report.patterns import LAST_ENCOUNTER, unquote

__all__ = ["Entry", "EntryList", "Records", "indices_of"]


class Entry:
    """One journal entry: where its record sits in the text, what its header says, and its
    events and state, parsed only when asked for."""

    __slots__ = ("start", "end", "after", "step", "kind", "turn", "_cmd", "extra", "retracted",
                 "_events", "_state", "source", "events_at", "state_at", "first_line",
                 "record_line", "record_lines", "index")

    def __init__(self, start: int, end: int, after: int, step: int, kind: str, turn: int,
                 cmd: str | bytes, extra: dict[str, Any], source: str | bytes | None = None,
                 events_at: tuple[int, int] = (0, 0), state_at: tuple[int, int] = (0, 0),
                 events: list | None = None, state: dict[str, Any] | None = None) -> None:
        self.start, self.end, self.after = start, end, after  # after: the previous record's end
        self.step, self.kind, self.turn, self._cmd, self.extra = step, kind, turn, cmd, extra
        self.retracted = False
        # the text the record sits in, and where its events' and its state's JSON sit in it
        self.source, self.events_at, self.state_at = source, events_at, state_at
        self._events, self._state = events, state
        self.first_line = self.record_line = self.record_lines = 0
        self.index = -1  # its place among the records (see Records)

    @property
    def _ev_text(self) -> str | bytes | None:
        return None if self.source is None else self.source[self.events_at[0]:self.events_at[1]]

    @property
    def _state_text(self) -> str | bytes | None:
        return None if self.source is None else self.source[self.state_at[0]:self.state_at[1]]

    @property
    def cmd(self) -> str:
        """The command the entry ran (kept as JSON text until asked for)."""
        if isinstance(self._cmd, bytes) or self._cmd.startswith('"'):
            try:
                self._cmd = str(json.loads(self._cmd))
            except ValueError:
                self._cmd = ""
        return self._cmd

    @property
    def events(self) -> list[dict[str, Any]]:
        if self._events is None:
            try:
                loaded = json.loads(self._ev_text or "[]")
            except ValueError:
                loaded = []
            self._events = [event for event in loaded if isinstance(event, dict)] \
                if isinstance(loaded, list) else []
        return self._events

    @property
    def state(self) -> dict[str, Any]:
        if self._state is None:
            try:
                loaded = json.loads(self._state_text or "{}")
            except ValueError:
                loaded = {}
            self._state = loaded if isinstance(loaded, dict) else {}
        return self._state

    def last_encounter(self) -> tuple[str, int] | None:
        """The table entry of the state's last encounter: found by pattern in the text while
        the state is not parsed, else read from the parsed state."""
        if self._state is None and self.source is not None:
            found = LAST_ENCOUNTER.search(str(self.source), *self.state_at)
            return (unquote(found[1]), int(found[2])) if found else None
        last = self.state.get("last_encounter")
        if isinstance(last, list) and len(last) == 2 and isinstance(last[1], int):
            return str(last[0]), last[1]
        return None


class Records:
    """Every readable record as parallel lists (one index a record, in the journal's order),
    with what the figures count already picked out of their events:

    * ``counted``: by index, the encounters, lights, answers and strikes among its events
      (every event, for a record whose events the patterns could not read);
    * ``moves``: by index, every tracker the record's events moved, with its new value.

    The rest (state, command, all events, prose) is read on demand, for the few records
    the figures look at."""

    text: str | bytes
    kinds: list[str]
    turns: list[int]
    retracted: set[int]
    counted: dict[int, list[dict[str, Any]]]
    moves: dict[int, list[tuple[Any, int]]]
    garbled: list[int]  # where the unreadable records start

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

    def entries(self) -> list[Entry]:
        """An :class:`Entry` a record, with where it sits in :attr:`text`."""
        raise NotImplementedError

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
        return len(self._records.kinds)

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
