"""Read a journal back for ``solo export`` and ``solo stats``, from its hidden records.

Every figure comes from the records (:mod:`solo.record`): the events each entry made and
the state after it. Nothing here reads the rendered Lonelog or the player's prose for
figures; prose is only quoted, under an encounter met in the same turn. Entries taken
back with ``undo`` are marked as retracted and left out of every count.
"""

from __future__ import annotations

import bisect
import gc
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.errors import JournalError, SoloError
from solo.journal import read_meta
from solo.record import HEADER, HEADER_BYTES, RECORD_START, find_records

__all__ = ["Crawl", "Danger", "Encounter", "Entry", "Question", "read_journal", "gc_paused",
           "locate"]


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
                 "record_lines")

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
    entries: list[Entry] = field(repr=False, default_factory=list)

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
    text: str | bytes = _journal_bytes(path)
    with gc_paused():
        scanned = _scan_bytes(text)  # type: ignore[arg-type]
        if scanned is None:  # not solo's own layout throughout: read it record by record
            text = text.decode("utf-8", errors="replace")  # type: ignore[union-attr]
            scanned = _scan(text)
        entries, garbled = scanned
        _mark_retracted(entries)
        crawl = _figures(path, meta, entries, text)
    crawl.text = text
    crawl.snapshots, crawl.garbled = len(entries), len(garbled)
    crawl.garbled_starts = garbled
    if with_lines:
        locate(crawl)
    return crawl


def _scan_bytes(data: bytes) -> tuple[list[Entry], list[int]] | None:
    """Every record, when all are in solo's own one-line layout: found with plain byte
    searches and read from their header, without parsing their JSON. None otherwise (an
    editor wrapped or re-indented one, or one is damaged)."""
    entries: list[Entry] = []
    find = data.find
    after = 0
    if data.startswith(b"<!-- solo "):
        return None  # a journal is front matter first: this is not one solo wrote
    kinds: dict[bytes, str] = {}
    no_extra: dict[str, Any] = {}
    append = entries.append
    for head in _HEADER_LINES.finditer(data):
        start, events = head.span()
        line_end = find(b"\n", events)
        if line_end < 0:
            line_end = len(data)
        state = find(b',"state":{', events, line_end)
        if state < 0 or not data.endswith(b"}} -->", events, line_end):
            return None
        step, kind, cmd, turn, extras = head.groups()
        if kind not in kinds:
            kinds[kind] = kind.decode()
        append(Entry(start + 1, line_end, after, int(step), kinds[kind], int(turn), cmd,
                     {name.decode(): int(value) for name, value in _EXTRA_BYTES.findall(extras)}
                     if extras else no_extra, data, (events, state), (state + 9, line_end - 5)))
        after = line_end
    return (entries, []) if len(entries) == data.count(b"<!-- solo") else None


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
_HEADER_LINES = re.compile(b"\n" + HEADER_BYTES.pattern)  # a record at a line start
_S = r'"((?:[^"\\]|\\.)*)"'  # a JSON string's text
_EVENT = re.compile(  # one literal start shared by all, so the search skips ahead fast
    rf'"t":"(?:Encountered","table":{_S},"text":{_S},"status":{_S}'
    rf'|LightChanged","kind":{_S},"label":{_S},"before":{_S},"after":{_S}'
    rf'|Answered","question":{_S},"style":{_S},"odds":{_S},"summary":{_S},"text":{_S}'
    r'|(Struck)"'
    rf'|TrackerChanged","tracker":{_S},"label":{_S},"before":-?\d+,"after":(-?\d+)'
    r'|(Encountered|LightChanged|Answered)")')  # a layout the patterns do not know
_LAST_ENCOUNTER = re.compile(rf'"last_encounter":\[{_S},(\d+)\]')
_BYTES_OF: dict[re.Pattern, re.Pattern] = {}


def _fit(pattern: re.Pattern, text: str | bytes) -> re.Pattern:
    """``pattern`` compiled for ``text``'s type (the journal is read as bytes when it can)."""
    if isinstance(text, str):
        return pattern
    if pattern not in _BYTES_OF:
        _BYTES_OF[pattern] = re.compile(pattern.pattern.encode(), pattern.flags & ~re.UNICODE)
    return _BYTES_OF[pattern]


def _unquote(text: str | bytes) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    return json.loads(f'"{text}"') if "\\" in text else text


def _brief_events(entries: list[Entry], text: str | bytes
                  ) -> tuple[dict[int, list[dict[str, Any]]], dict[int, list[tuple[str, int]]]]:
    """The events the figures count, and every tracker's moves, by entry (``id``), found in
    one pass over the whole text and read by pattern (solo writes their fields in a fixed
    order). An entry whose events the patterns do not fit is parsed whole instead."""
    found: dict[int, list[dict[str, Any]]] = {}
    moves: dict[int, list[tuple[str, int]]] = {}
    unknown: set[int] = set()
    for entry, match in _events_in(entries, text, _fit(_EVENT, text)):
        if match[16] is not None:
            moves.setdefault(id(entry), []).append((_unquote(match[14]), int(match[16])))
            continue
        events = found.setdefault(id(entry), [])
        if match[3] is not None:
            events.append({"t": "Encountered", "text": _unquote(match[2]),
                           "status": _unquote(match[3])})
        elif match[7] is not None:
            events.append({"t": "LightChanged", "label": _unquote(match[5]),
                           "before": _unquote(match[6]), "after": _unquote(match[7])})
        elif match[12] is not None:
            events.append({"t": "Answered", "question": _unquote(match[8]),
                           "odds": _unquote(match[10]), "text": _unquote(match[12])})
        elif match[13] is not None:
            events.append({"t": "Struck"})
        else:
            unknown.add(id(entry))
    for entry in entries:
        if id(entry) in unknown or entry._src is None:
            found[id(entry)] = entry.events
    return found, moves


def _last_encounter(entry: Entry) -> tuple[str, int] | None:
    if entry._state is None and entry._src is not None:
        found = _fit(_LAST_ENCOUNTER, entry._src).search(entry._src, *entry._st)
        return (_unquote(found[1]), int(found[2])) if found else None
    last = entry.state.get("last_encounter")
    if isinstance(last, list) and len(last) == 2 and isinstance(last[1], int):
        return str(last[0]), last[1]
    return None


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


def _prose(text: str | bytes, entry: Entry) -> str:
    """The player's words in a narration entry (prose, or their own Lonelog line)."""
    piece = text[entry.after:entry.start]
    if isinstance(piece, bytes):
        piece = piece.decode("utf-8", errors="replace")
    words = [line.strip() for line in piece.split("\n")
             if line.strip() and not line.lstrip().startswith(("#", "```"))]
    return " ".join(words).lstrip("\\")


def _figures(path: Path, meta: dict[str, Any], entries: list[Entry],
             text: str | bytes) -> Crawl:
    system = str(meta.get("system", ""))
    procedure = _load_procedure(system) if system else None
    live = [entry for entry in entries if not entry.retracted and entry.kind != "undo"]
    unit = procedure.clock_unit if procedure is not None else "turn"
    minutes = procedure.minutes if procedure is not None else next(
        (event.get("minutes") for entry in live for event in entry.events
         if event.get("t") == "TurnPassed" and isinstance(event.get("minutes"), int)), None)
    turns = entries[-1].turn if entries else 0

    encounters: list[Encounter] = []
    questions: list[Question] = []
    lit: dict[str, int] = {}
    signs = burnt = put_out = 0
    awaiting: list[Encounter] = []
    struck_before: dict[str, set[int]] = {}
    met_before = 0
    counted, moves = _brief_events(entries, text)
    for entry in live:
        if entry.kind == "narration":
            if not awaiting:
                continue
            note = " ".join(_prose(text, entry).split())
            if note:
                for encounter in awaiting:
                    if encounter.turn == entry.turn:
                        encounter.note = note if len(note) <= 160 else note[:157].rstrip() + "…"
            awaiting = []
            continue
        if entry.kind == "legacy":
            met_here = _legacy_encounters(procedure, entry, met_before)
            count = entry.state.get("encounters")
            met_before = count if isinstance(count, int) else met_before
        elif id(entry) not in counted:
            continue
        else:
            met_here = []
        for event in counted.get(id(entry), ()):
            kind = event.get("t")
            if kind == "Encountered":
                status = event.get("status")
                if status in ("met", "foreshadowed"):
                    met_here.append(Encounter(entry.turn, str(event.get("text", "")),
                                              status == "foreshadowed"))
                elif status == "sign":
                    signs += 1
            elif kind == "LightChanged":
                if event.get("before") == "unlit":
                    label = str(event.get("label", ""))
                    lit[label] = lit.get(label, 0) + 1
                elif event.get("after") == "out":
                    if entry.cmd.lower().startswith("douse"):
                        put_out += 1
                    else:
                        burnt += 1
            elif kind == "Answered":
                questions.append(Question(entry.turn, str(event.get("question", "")),
                                          str(event.get("odds", "")),
                                          str(event.get("text", ""))))
        if met_here:
            met_here[-1].where = _last_encounter(entry)
            encounters.extend(met_here)
            awaiting = met_here
        if entry.kind == "legacy" or any(event.get("t") == "Struck"
                                         for event in counted.get(id(entry), ())):
            struck_before = _strike(encounters, entry.state.get("struck"), struck_before)

    system_name = procedure.name if procedure is not None else (system or "unknown")
    system_id = procedure.id if procedure is not None else Path(system).name
    return Crawl(path=path, meta=meta, title=str(meta.get("title") or path.stem),
                 system_id=system_id, system_name=system_name, unit=unit,
                 minutes_per_turn=minutes, turns=turns,
                 danger=_danger(procedure, entries, live, turns, moves),
                 encounters=encounters,
                 signs=signs, lights_lit=lit, burnt_out=burnt, put_out=put_out,
                 questions=questions, snapshots=0, garbled=0,
                 retracted=sum(entry.retracted for entry in entries), entries=entries)


def _events_in(entries: list[Entry], text: str | bytes,
               pattern: re.Pattern) -> Iterator[tuple[Entry, re.Match]]:
    """Matches of ``pattern`` in the whole text that fall inside an entry's events (never in
    the prose between records), with their entry: one pass over the text, not one a record."""
    starts = [entry.start for entry in entries]
    for match in pattern.finditer(text):
        index = bisect.bisect_right(starts, match.start()) - 1
        if index >= 0:
            entry = entries[index]
            if entry._src is not None and entry._ev[0] <= match.start() < entry._ev[1]:
                yield entry, match


def _legacy_encounters(procedure, entry: Entry, before: int) -> list[Encounter]:
    """A format-1 entry has no events: an encounter shows as the state's count going up."""
    state = entry.state
    count = state.get("encounters")
    last = state.get("last_encounter")
    if not isinstance(count, int) or count <= before or not isinstance(last, list):
        return []
    text = f"{last[0]} #{last[1]}"
    if procedure is not None and last[0] in procedure.tables:
        rows = procedure.tables[last[0]].entries
        if isinstance(last[1], int) and 0 <= last[1] < len(rows):
            text = rows[last[1]].text
    return [Encounter(entry.turn, text)]


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


def _value(entry: Entry, name: str) -> int | None:
    values = entry.state.get("values")
    value = values.get(name) if isinstance(values, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _changes(entry: Entry, name: str) -> list[int]:
    """The values the entry's (parsed) events moved tracker ``name`` to, in order."""
    return [event["after"] for event in entry.events
            if event.get("t") == "TrackerChanged" and event.get("tracker") == name
            and isinstance(event.get("after"), int)]


def _danger(procedure, entries: list[Entry], live: list[Entry], turns: int,
            moves: dict[int, list[tuple[str, int]]]) -> Danger | None:
    if procedure is not None:
        name = procedure.danger
        if name is None:
            return None
        tracker = procedure.trackers[name]
        label, maximum, start = tracker.label, tracker.maximum, tracker.start
    else:  # an unknown procedure: the first clock the events moved is the danger
        changes = [event for entry in live for event in entry.events
                   if event.get("t") == "TrackerChanged"]
        clock = next((event for event in changes if event.get("notation") == "Clock"),
                     next(iter(changes), None))
        if clock is None:
            return None
        name, label = str(clock.get("tracker")), str(clock.get("label"))
        maximum = clock.get("maximum") if isinstance(clock.get("maximum"), int) else None
        start = clock.get("before") if isinstance(clock.get("before"), int) else 0
    if entries and entries[0].kind in ("start", "legacy") and _value(entries[0], name) is not None:
        start = _value(entries[0], name)

    values: list[int] = [start]
    peaks: list[int | None] = [start]
    current = peak = start
    moved: dict[int, list[int]] = {}
    for key, tracked in moves.items():
        mine = [value for tracker, value in tracked if tracker == name]
        if mine:
            moved[key] = mine
    previous_turn = -1
    for entry in live:
        written = moved.get(id(entry), []) if entry._src is not None \
            else _changes(entry, name)
        turn = entry.turn
        if not written and turn == previous_turn and entry.kind != "legacy":
            continue  # nothing moved and the clock stood still: nothing to do
        previous_turn = turn
        after = _value(entry, name) if entry.kind == "legacy" else None
        if after is None:
            after = written[-1] if written else current
        if turn < len(values) - 1:  # the clock went back (an undo or a hand edit): follow it
            del values[turn + 1:], peaks[turn + 1:]
        while len(values) <= turn:
            values.append(current)
            peaks.append(None)
        if written or after != current:
            seen = [*written, after]
            high = peaks[turn]
            peaks[turn] = max(seen) if high is None else max(high, *seen)
            peak = max(peak, *seen)
        current = values[turn] = after
    while len(values) <= turns:
        values.append(current)
        peaks.append(None)
    done = [value if high is None else max(high, value)
            for value, high in zip(values, peaks, strict=True)]
    return Danger(label=label, maximum=maximum, start=start, peak=peak, end=current,
                  per_turn=values[1:turns + 1], turn_peaks=done[1:turns + 1])
