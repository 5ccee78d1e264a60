"""Read a journal back for ``solo export`` and ``solo stats``, from its hidden records.

Every figure comes from the records (:mod:`solo.record`): the events each entry made and
the state after it. Nothing here reads the rendered Lonelog or the player's prose for
figures; prose is only quoted, under an encounter met in the same turn. Entries taken
back with ``undo`` are marked as retracted and left out of every count.

Two readings give the same :class:`Records`: :class:`Columns` when every record is in
solo's own one-line layout (one split of the whole file, in C, and nothing a record in
Python but what the figures need), :class:`EntryRecords` otherwise (each record read on
its own, parsed whole where an editor reshaped it). The figures look only at the records
that can change them.
"""

from __future__ import annotations

import bisect
import gc
import json
import operator
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import accumulate, compress, count, islice, repeat
from pathlib import Path
from typing import Any, overload

from solo.errors import JournalError, SoloError
from solo.journal import read_meta
from solo.record import HEADER, HEADER_BYTES, RECORD_START, find_records

__all__ = ["Crawl", "Danger", "Encounter", "Entry", "Question", "Records", "read_journal",
           "gc_paused", "locate"]


@dataclass
class Encounter:
    turn: int
    text: str
    foretold: bool = False
    defeated: bool = False
    note: str = ""
    where: tuple[str, int] | None = None  # (table, entry index) when the state says

    @property
    def outcome(self) -> str:
        parts = (["defeated (struck off)"] if self.defeated else []) \
            + ([f"“{self.note}”"] if self.note else [])
        return "; ".join(parts)


@dataclass
class Question:
    turn: int
    question: str
    odds: str
    answer: str


@dataclass
class Danger:
    label: str
    maximum: int | None
    start: int
    peak: int
    end: int
    per_turn: list[int]       # the value at the end of turns 1..N
    turn_peaks: list[int]     # the highest value seen during turns 1..N


class Entry:
    """One journal entry: where its record sits in the text, what its header says, and its
    events and state, parsed only when asked for."""

    __slots__ = ("start", "end", "after", "step", "kind", "turn", "_cmd", "extra", "retracted",
                 "_events", "_state", "_src", "_ev", "_st", "first_line", "record_line",
                 "record_lines", "index")

    def __init__(self, start: int, end: int, after: int, step: int, kind: str, turn: int,
                 cmd: str | bytes, extra: dict[str, Any], source: str | bytes | None = None,
                 events_at: tuple[int, int] = (0, 0), state_at: tuple[int, int] = (0, 0),
                 events: list | None = None, state: dict[str, Any] | None = None) -> None:
        self.start, self.end, self.after = start, end, after  # after: the previous record's end
        self.step, self.kind, self.turn, self._cmd, self.extra = step, kind, turn, cmd, extra
        self.retracted = False
        self._src, self._ev, self._st = source, events_at, state_at  # where the JSON sits
        self._events, self._state = events, state
        self.first_line = self.record_line = self.record_lines = 0
        self.index = -1  # its place among the records (see Records)

    @property
    def _ev_text(self) -> str | bytes | None:
        return None if self._src is None else self._src[self._ev[0]:self._ev[1]]

    @property
    def _state_text(self) -> str | bytes | None:
        return None if self._src is None else self._src[self._st[0]:self._st[1]]

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


@dataclass
class Crawl:
    """Everything the report shows, with the journal's lines and entries for the exporters."""

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
    garbled: int
    retracted: int = 0
    hidden: list[int] = field(repr=False, default_factory=list)  # unreadable records' lines
    text: str | bytes = field(repr=False, default="")  # bytes when read the fast way
    garbled_starts: list[int] = field(repr=False, default_factory=list)
    record_lines: list[int] = field(repr=False, default_factory=list)
    lines: list[str] = field(repr=False, default_factory=list)
    entries: Sequence[Entry] = field(repr=False, default_factory=list)  # an EntryList
    records: Records | None = field(repr=False, default=None)

    @property
    def minutes(self) -> int | None:
        return None if not self.minutes_per_turn else self.turns * self.minutes_per_turn

    @property
    def encounter_turns(self) -> dict[int, list[Encounter]]:
        turns: dict[int, list[Encounter]] = {}
        for encounter in self.encounters:
            turns.setdefault(encounter.turn, []).append(encounter)
        return turns

    def entry_at(self, line: int) -> Entry | None:
        """The entry whose text holds ``line`` (None after the last record)."""
        if len(self.record_lines) != len(self.entries):
            self.record_lines = [entry.record_line for entry in self.entries]
        index = bisect.bisect_left(self.record_lines, line)
        return self.entries[index] if index < len(self.entries) else None


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector while building many small objects that hold no
    cycles: on a long journal its passes would cost more than the reading."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _load_procedure(system: str):
    from solo.catalog import load_system

    try:
        return load_system(system)
    except SoloError:
        return None


def _journal_bytes(path: Path) -> bytes:
    """The file's bytes as an editor may have saved them: a BOM dropped, CRLF or CR line
    ends made LF. Reading stays in bytes: a text with one arrow or dot in it would take two
    bytes a character in memory, and every search over it would be slower."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise JournalError(f"cannot read {path}: {err.strerror}") from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data




def read_journal(path: Path, with_lines: bool = False) -> Crawl:
    """Read ``path`` (refusing anything but a solo journal) into a Crawl. ``with_lines``
    also finds the line of every record (what the HTML export needs)."""
    meta = read_meta(path)
    data = _journal_bytes(path)
    with gc_paused():
        records: Records | None = Columns.scan(data)
        if records is None:  # not solo's own layout throughout: read it record by record
            records = EntryRecords(data.decode("utf-8", errors="replace"))
        crawl = _figures(path, meta, records)
    crawl.records, crawl.text, crawl.entries = records, records.text, EntryList(records)
    crawl.snapshots, crawl.garbled = len(records.kinds), len(records.garbled)
    crawl.garbled_starts = records.garbled
    if with_lines:
        locate(crawl)
    return crawl


# -- what the figures read from the records -------------------------------------------------------
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
        names = {kind: kind.decode() for kind in set(parts[3::_STRIDE])}
        self.kinds = list(map(names.__getitem__, parts[3::_STRIDE]))
        self.turns = list(map(int, parts[5::_STRIDE]))
        self.garbled = []
        self.retracted = self._retracted() if "undo" in names.values() else set()
        self.counted, self.moves = {}, {}
        found = list(map(_EVENT_BYTES.findall, self._lines, repeat(0), states))
        for index in compress(count(), found):
            events, moves, unknown = _read_counted(found[index])
            if unknown:
                self.counted[index] = self.events(index)
            elif events:
                self.counted[index] = events
            if moves:
                self.moves[index] = moves

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
        steps = list(map(int, self._parts[2::_STRIDE]))
        by_step = dict(zip(steps, count()))  # the last record of a step, as the slow way
        taken: set[int] = set()
        for index in _indices(self.kinds, "undo"):
            undid = self._extra(index).get("undid", -1)
            target = by_step.get(undid)
            if target is not None and self.kinds[target] != "undo":
                taken.add(target)
        return taken

    def _extra(self, index: int) -> dict[str, int]:
        extras = self._parts[index * _STRIDE + 6]
        return {name.decode(): int(value) for name, value in _EXTRA_BYTES.findall(extras)}

    def cmd(self, index: int) -> str:
        return _json_text(self._parts[index * _STRIDE + 4])

    def state(self, index: int) -> dict[str, Any]:
        line = self._lines[index]
        return _json_object(line[self._states[index] + 9:self._ends[index] - 5])

    def events(self, index: int) -> list[dict[str, Any]]:
        return _json_events(self._lines[index][:self._states[index]])

    def last_encounter(self, index: int) -> tuple[str, int] | None:
        found = _LAST_ENCOUNTER_BYTES.search(self._lines[index], self._states[index],
                                             self._ends[index])
        return (_unquote(found[1]), int(found[2])) if found else None

    def prose(self, index: int) -> bytes:
        if index == 0:
            return self._parts[0]
        return self._lines[index - 1][self._ends[index - 1]:]

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
        for index in sorted(self.retracted, reverse=True):  # the mark keeps the blank line
            pieces[index] = lines[index - 1][ends[index - 1] + 1:] if index else first
            pieces.insert(index + 1, mark)
        return b"".join(pieces)

    def entries(self) -> list[Entry]:
        entries: list[Entry] = []
        start, after = len(self._parts[0]), 0
        for index in range(len(self._lines)):
            entry = self._entry(index, start, after)
            entries.append(entry)
            start, after = entry._ev[0] + len(self._lines[index]), entry.end
        return entries

    def entry(self, index: int) -> Entry:
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
        entry = Entry(start, end, after, int(self._parts[at + 2]), self.kinds[index],
                      self.turns[index], self._parts[at + 4], self._extra(index), self.text,
                      (events, state), (state + 9, end - 5))
        entry.retracted, entry.index = index in self.retracted, index
        return entry


class EntryRecords(Records):
    """A journal read record by record (some record is not in solo's one-line layout):
    each readable record becomes an :class:`Entry`, read from its header where it can be
    and parsed whole where it cannot."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._entries, self.garbled = _scan(text)
        for index, entry in enumerate(self._entries):
            entry.index = index
        _mark_retracted(self._entries)
        self.kinds = [entry.kind for entry in self._entries]
        self.turns = [entry.turn for entry in self._entries]
        self.retracted = {index for index, entry in enumerate(self._entries) if entry.retracted}
        self.counted, self.moves = _brief_events(self._entries, text)

    def cmd(self, index: int) -> str:
        return self._entries[index].cmd

    def state(self, index: int) -> dict[str, Any]:
        return self._entries[index].state

    def events(self, index: int) -> list[dict[str, Any]]:
        return self._entries[index].events

    def last_encounter(self, index: int) -> tuple[str, int] | None:
        entry = self._entries[index]
        if entry._state is None and entry._src is not None:
            found = _LAST_ENCOUNTER.search(str(entry._src), *entry._st)
            return (_unquote(found[1]), int(found[2])) if found else None
        last = entry.state.get("last_encounter")
        if isinstance(last, list) and len(last) == 2 and isinstance(last[1], int):
            return str(last[0]), last[1]
        return None

    def prose(self, index: int) -> str:
        entry = self._entries[index]
        return str(self.text[entry.after:entry.start])

    def entries(self) -> list[Entry]:
        return self._entries

    def entry(self, index: int) -> Entry:
        return self._entries[index]


def _indices(values: Sequence[str], value: str) -> list[int]:
    """Where ``value`` stands in ``values`` (found in C, not a Python loop)."""
    return list(compress(count(), map(value.__eq__, values)))


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


_EXTRA = re.compile(r'"(\w+)":(-?\d+),')
_EXTRA_BYTES = re.compile(_EXTRA.pattern.encode())
# Every ``<!-- solo``, with the fields of the header solo writes after it when it is one and
# it opens a line (step, kind, command, turn, extras): a split by it cuts a journal into its
# records, and a None among the groups tells of one not in solo's layout.
_RECORD_LINES = re.compile(rb"<!-- solo(?:(?<=\n<!-- solo)("
                           + HEADER_BYTES.pattern[len(rb"<!-- solo"):] + rb"))?")
_STRIDE = 7  # the split's pieces a record: its header's 6 groups, then its line and on
# A JSON string's text, as runs of plain characters between escapes (far faster to scan
# than one alternative a character).
_S = r'"([^"\\]*(?:\\.[^"\\]*)*)"'
_S_ = r'"[^"\\]*(?:\\.[^"\\]*)*"'  # the same, not captured
_EVENT = re.compile(  # one literal start shared by all, so the search skips ahead fast
    rf'"t":"(?:(Encountered)","table":{_S},"text":{_S},"status":(?!"struck"){_S}'
    rf'|(LightChanged)","kind":{_S},"label":{_S},"before":{_S},"after":{_S}'
    rf'|(Answered)","question":{_S},"style":{_S},"odds":{_S},"summary":{_S},"text":{_S}'
    r'|(Struck)"'
    rf'|(TrackerChanged)","tracker":{_S},"label":{_S},"before":-?\d+,"after":(-?\d+)'
    # a layout the patterns do not know (an encounter with a struck-off entry counts for
    # nothing and is passed over)
    rf'|(Encountered(?!","table":{_S_},"text":{_S_},"status":"struck")'
    r'|LightChanged|Answered)")')
_EVENT_BYTES = re.compile(_EVENT.pattern.encode())
_LAST_ENCOUNTER = re.compile(rf'"last_encounter":\[{_S},(\d+)\]')
_LAST_ENCOUNTER_BYTES = re.compile(_LAST_ENCOUNTER.pattern.encode())
def _unquote(text: str | bytes) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    return json.loads(f'"{text}"') if "\\" in text else text


def _read_counted(found: Iterable[Sequence[Any]]
                  ) -> tuple[list[dict[str, Any]], list[tuple[Any, int]], bool]:
    """The counted events and tracker moves in one record's matches of :data:`_EVENT`
    (groups as ``findall`` or ``Match.groups`` give them), and whether some event's layout
    was not one the patterns know."""
    events: list[dict[str, Any]] = []
    moves: list[tuple[Any, int]] = []
    unknown = False
    for groups in found:
        if groups[16]:
            moves.append((_unquote(groups[17]), int(groups[19])))
        elif groups[0]:
            events.append({"t": "Encountered", "text": _unquote(groups[2]),
                           "status": _unquote(groups[3])})
        elif groups[4]:
            events.append({"t": "LightChanged", "label": _unquote(groups[6]),
                           "before": _unquote(groups[7]), "after": _unquote(groups[8])})
        elif groups[9]:
            events.append({"t": "Answered", "question": _unquote(groups[10]),
                           "odds": _unquote(groups[12]), "text": _unquote(groups[14])})
        elif groups[15]:
            events.append({"t": "Struck"})
        else:
            unknown = True
    return events, moves, unknown


def _brief_events(entries: list[Entry], text: str
                  ) -> tuple[dict[int, list[dict[str, Any]]], dict[int, list[tuple[Any, int]]]]:
    """The counted events and every tracker's moves, by entry index, found in one pass over
    the whole text and read by pattern (solo writes their fields in a fixed order). An
    entry whose events the patterns do not fit, or that was parsed whole, gives every
    event instead."""
    matches: dict[int, list[tuple[Any, ...]]] = {}
    for index, match in _events_in(entries, text, _EVENT):
        matches.setdefault(index, []).append(match.groups())
    counted: dict[int, list[dict[str, Any]]] = {}
    moves: dict[int, list[tuple[Any, int]]] = {}
    for index, found in matches.items():
        events, moved, unknown = _read_counted(found)
        if unknown:
            counted[index] = entries[index].events
        elif events:
            counted[index] = events
        if moved:
            moves[index] = moved
    for index, entry in enumerate(entries):
        if entry._src is None:  # parsed whole: its events are at hand
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
            if entry._src is not None and entry._ev[0] <= match.start() < entry._ev[1]:
                yield index, match


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
    extra = {name: int(value) for name, value in _EXTRA.findall(header[5])}
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


def locate(crawl: Crawl) -> None:
    """Line numbers of every record (and of the unreadable ones), for line-based exporters."""
    garbled = crawl.garbled_starts
    text = crawl.text if isinstance(crawl.text, str) else ""
    if isinstance(crawl.text, bytes):  # offsets are bytes: count the lines in bytes
        line_starts = _line_offsets(crawl.text)
        crawl.lines = crawl.text.decode("utf-8", errors="replace").split("\n")
    else:
        line_starts = _line_offsets(text)
        crawl.lines = text.split("\n")
    previous = 0
    for entry in crawl.entries:
        entry.record_line = bisect.bisect_right(line_starts, entry.start) - 1
        last = bisect.bisect_right(line_starts, max(entry.end - 1, entry.start)) - 1
        entry.record_lines = last - entry.record_line + 1
        entry.first_line = previous
        previous = last + 1
    starts = sorted([*garbled, *(entry.start for entry in crawl.entries)])
    good = {entry.start for entry in crawl.entries}
    crawl.hidden = _garbled_lines(text, starts, good, line_starts) if garbled else []


def _garbled_lines(text: str, starts: list[int], good: set[int],
                   line_starts: list[int]) -> list[int]:
    """The lines of record comments that cannot be read, to leave out of a report: the
    comment through its ``-->`` when that comes before the next record, else its line."""
    lines: list[int] = []
    for number, start in enumerate(starts):
        if start in good:
            continue
        first = bisect.bisect_right(line_starts, start) - 1
        end = text.find("-->", start)
        following = starts[number + 1] if number + 1 < len(starts) else len(text)
        last = bisect.bisect_right(line_starts, end) - 1 if 0 <= end < following else first
        lines.extend(range(first, last + 1))
    return lines


def _usable(record: dict[str, Any]) -> bool:
    """A record whose state gives at least the step and the turn (else it counts as garbled)."""
    state = record.get("state")
    return isinstance(state, dict) and isinstance(state.get("turn"), int) \
        and isinstance(record.get("step"), int)


def _line_offsets(text: str | bytes) -> list[int]:
    newline = "\n" if isinstance(text, str) else b"\n"
    offsets = [0]
    position = text.find(newline)  # type: ignore[arg-type]
    while position >= 0:
        offsets.append(position + 1)
        position = text.find(newline, position + 1)  # type: ignore[arg-type]
    return offsets


def _mark_retracted(entries: list[Entry]) -> None:
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


def _prose(piece: str | bytes) -> str:
    """The player's words in a narration entry (prose, or their own Lonelog line)."""
    if isinstance(piece, bytes):
        piece = piece.decode("utf-8", errors="replace")
    words = [line.strip() for line in piece.split("\n")
             if line.strip() and not line.lstrip().startswith(("#", "```"))]
    return " ".join(words).lstrip("\\")


def _live(records: Records) -> list[int]:
    """The records still standing: neither retracted nor an undo."""
    kinds, retracted = records.kinds, records.retracted
    if not retracted and "undo" not in kinds:
        return list(range(len(kinds)))
    return [index for index in range(len(kinds))
            if index not in retracted and kinds[index] != "undo"]


def _figures(path: Path, meta: dict[str, Any], records: Records) -> Crawl:
    system = str(meta.get("system", ""))
    procedure = _load_procedure(system) if system else None
    kinds, turn_of, counted = records.kinds, records.turns, records.counted
    live = _live(records)
    unit = procedure.clock_unit if procedure is not None else "turn"
    minutes = procedure.minutes if procedure is not None else next(
        (event.get("minutes") for index in live for event in records.events(index)
         if event.get("t") == "TurnPassed" and isinstance(event.get("minutes"), int)), None)
    turns = turn_of[-1] if turn_of else 0

    encounters: list[Encounter] = []
    questions: list[Question] = []
    lit: dict[str, int] = {}
    signs = burnt = put_out = 0
    awaiting: list[Encounter] = []
    struck_before: dict[str, set[int]] = {}
    met_before = 0
    # only the records the figures can learn from: the ones with counted events, the
    # format-1 ones (no events) and the narration (a note on the encounter before it)
    looked_at = {*counted, *_indices(kinds, "narration"), *_indices(kinds, "legacy")}
    standing = set(live) if len(live) != len(kinds) else None
    for index in sorted(looked_at):
        if standing is not None and index not in standing:
            continue
        kind, turn = kinds[index], turn_of[index]
        if kind == "narration":
            if not awaiting:
                continue
            note = " ".join(_prose(records.prose(index)).split())
            if note:
                for encounter in awaiting:
                    if encounter.turn == turn:
                        encounter.note = note if len(note) <= 160 else note[:157].rstrip() + "…"
            awaiting = []
            continue
        if kind == "legacy":
            state = records.state(index)
            met_here = _legacy_encounters(procedure, state, turn, met_before)
            count = state.get("encounters")
            met_before = count if isinstance(count, int) else met_before
        elif index not in counted:
            continue
        else:
            met_here = []
        events = counted.get(index, ())
        for event in events:
            what = event.get("t")
            if what == "Encountered":
                status = event.get("status")
                if status in ("met", "foreshadowed"):
                    met_here.append(Encounter(turn, str(event.get("text", "")),
                                              status == "foreshadowed"))
                elif status == "sign":
                    signs += 1
            elif what == "LightChanged":
                if event.get("before") == "unlit":
                    label = str(event.get("label", ""))
                    lit[label] = lit.get(label, 0) + 1
                elif event.get("after") == "out":
                    if records.cmd(index).lower().startswith("douse"):
                        put_out += 1
                    else:
                        burnt += 1
            elif what == "Answered":
                questions.append(Question(turn, str(event.get("question", "")),
                                          str(event.get("odds", "")),
                                          str(event.get("text", ""))))
        if met_here:
            met_here[-1].where = records.last_encounter(index)
            encounters.extend(met_here)
            awaiting = met_here
        if kind == "legacy" or any(event.get("t") == "Struck" for event in events):
            struck_before = _strike(encounters, records.state(index).get("struck"),
                                    struck_before)

    system_name = procedure.name if procedure is not None else (system or "unknown")
    system_id = procedure.id if procedure is not None else Path(system).name
    return Crawl(path=path, meta=meta, title=str(meta.get("title") or path.stem),
                 system_id=system_id, system_name=system_name, unit=unit,
                 minutes_per_turn=minutes, turns=turns,
                 danger=_danger(procedure, records, live, turns),
                 encounters=encounters,
                 signs=signs, lights_lit=lit, burnt_out=burnt, put_out=put_out,
                 questions=questions, snapshots=0, garbled=0,
                 retracted=len(records.retracted))


def _legacy_encounters(procedure, state: dict[str, Any], turn: int,
                       before: int) -> list[Encounter]:
    """A format-1 entry has no events: an encounter shows as the state's count going up."""
    count = state.get("encounters")
    last = state.get("last_encounter")
    if not isinstance(count, int) or count <= before or not isinstance(last, list):
        return []
    text = f"{last[0]} #{last[1]}"
    if procedure is not None and last[0] in procedure.tables:
        rows = procedure.tables[last[0]].entries
        if isinstance(last[1], int) and 0 <= last[1] < len(rows):
            text = rows[last[1]].text
    return [Encounter(turn, text)]


def _strike(encounters: list[Encounter], struck: Any,
            before: dict[str, set[int]]) -> dict[str, set[int]]:
    """Mark the encounter whose table entry was newly struck off as defeated."""
    now: dict[str, set[int]] = {}
    if isinstance(struck, dict):
        for table, indices in struck.items():
            if isinstance(indices, list):
                now[str(table)] = {index for index in indices if isinstance(index, int)}
    for table, indices in now.items():
        for index in indices - before.get(table, set()):
            for encounter in reversed(encounters):
                if encounter.where == (table, index) and not encounter.defeated:
                    encounter.defeated = True
                    break
    return now


def _value(state: dict[str, Any], name: str) -> int | None:
    values = state.get("values")
    value = values.get(name) if isinstance(values, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _danger(procedure, records: Records, live: list[int], turns: int) -> Danger | None:
    kinds = records.kinds
    if procedure is not None:
        name = procedure.danger
        if name is None:
            return None
        tracker = procedure.trackers[name]
        label, maximum, start = tracker.label, tracker.maximum, tracker.start
    else:  # an unknown procedure: the first clock the events moved is the danger
        changes = [event for index in live for event in records.events(index)
                   if event.get("t") == "TrackerChanged"]
        clock = next((event for event in changes if event.get("notation") == "Clock"),
                     next(iter(changes), None))
        if clock is None:
            return None
        name, label = str(clock.get("tracker")), str(clock.get("label"))
        maximum = clock.get("maximum") if isinstance(clock.get("maximum"), int) else None
        start = clock.get("before") if isinstance(clock.get("before"), int) else 0
    if kinds and kinds[0] in ("start", "legacy"):
        first = _value(records.state(0), name)
        start = first if first is not None else start

    moved: dict[int, list[int]] = {}
    for index, tracked in records.moves.items():
        mine = [value for tracker, value in tracked if tracker == name]
        if mine:
            moved[index] = mine
    turn_of = records.turns
    played = [turn_of[index] for index in live] if len(live) != len(kinds) else turn_of
    if "legacy" not in kinds and all(map(operator.le, played, islice(played, 1, None))):
        values, peaks, current, peak = _danger_forward(start, moved, live, turn_of)
    else:
        values, peaks, current, peak = _danger_any(start, moved, live, records, name)
    if len(values) <= turns:
        values.extend([current] * (turns + 1 - len(values)))
        peaks.extend([None] * (turns + 1 - len(peaks)))
    done = [value if high is None else max(high, value)
            for value, high in zip(values, peaks, strict=True)]
    return Danger(label=label, maximum=maximum, start=start, peak=peak, end=current,
                  per_turn=values[1:turns + 1], turn_peaks=done[1:turns + 1])


_Track = tuple[list[int], list[int | None], int, int]  # values, peaks, current, peak


def _danger_forward(start: int, moved: dict[int, list[int]], live: list[int],
                    turn_of: list[int]) -> _Track:
    """The danger's track when the turns never go back: only the records that moved it
    change anything (the turns between hold the value before)."""
    values: list[int] = [start]
    peaks: list[int | None] = [start]
    current = peak = start
    standing = set(live) if len(live) != len(turn_of) else None
    for index in sorted(moved):
        if standing is not None and index not in standing:
            continue
        written, turn = moved[index], turn_of[index]
        if len(values) <= turn:
            values.extend([current] * (turn + 1 - len(values)))
            peaks.extend([None] * (turn + 1 - len(peaks)))
        high, top = peaks[turn], max(written)
        peaks[turn] = top if high is None else max(high, top)
        peak = max(peak, top)
        current = values[turn] = written[-1]
    return values, peaks, current, peak


def _danger_any(start: int, moved: dict[int, list[int]], live: list[int],
                records: Records, name: str) -> _Track:
    """The danger's track record by record, following the turns back where an undo or a
    hand edit took them back."""
    kinds, turn_of = records.kinds, records.turns
    values: list[int] = [start]
    peaks: list[int | None] = [start]
    current = peak = start
    previous_turn = -1
    for index in live:
        written = moved.get(index, [])
        turn, legacy = turn_of[index], kinds[index] == "legacy"
        if not written and turn == previous_turn and not legacy:
            continue  # nothing moved and the clock stood still: nothing to do
        previous_turn = turn
        after = _value(records.state(index), name) if legacy else None
        if after is None:
            after = written[-1] if written else current
        if turn < len(values) - 1:  # the clock went back (an undo or a hand edit): follow it
            del values[turn + 1:], peaks[turn + 1:]
        if len(values) <= turn:
            values.extend([current] * (turn + 1 - len(values)))
            peaks.extend([None] * (turn + 1 - len(peaks)))
        if written or after != current:
            seen = [*written, after]
            high = peaks[turn]
            peaks[turn] = max(seen) if high is None else max(high, *seen)
            peak = max(peak, *seen)
        current = values[turn] = after
    return values, peaks, current, peak
