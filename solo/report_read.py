"""Read a journal back for ``solo export`` and ``solo stats``, from its hidden records.

Every figure comes from the records (:mod:`solo.record`): the events each entry made and
the state after it. Nothing here reads the rendered Lonelog or the player's prose for
figures; prose is only quoted, under an encounter met in the same turn. Entries taken
back with ``undo`` are marked as retracted and left out of every count.
"""

from __future__ import annotations

import bisect
import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.errors import JournalError, SoloError
from solo.journal import read_meta
from solo.record import find_records

__all__ = ["Crawl", "Danger", "Encounter", "Entry", "Question", "read_journal", "gc_paused"]


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


@dataclass
class Entry:
    """One journal entry: its record, where it sits in the file, and whether it stands."""

    record: dict[str, Any]
    first_line: int           # the first line after the previous record
    record_line: int          # the line its record starts on
    record_lines: int         # how many lines the record takes (an editor may wrap it)
    retracted: bool = False

    @property
    def kind(self) -> str:
        return str(self.record.get("kind", ""))

    @property
    def state(self) -> dict[str, Any]:
        return self.record["state"]

    @property
    def turn(self) -> int:
        turn = self.state.get("turn", 0)
        return turn if isinstance(turn, int) else 0

    @property
    def events(self) -> list[dict[str, Any]]:
        events = self.record.get("ev")
        return [event for event in events if isinstance(event, dict)] \
            if isinstance(events, list) else []


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
        """The entry whose text holds ``line`` (None before the first record)."""
        starts = [entry.record_line for entry in self.entries]
        index = bisect.bisect_left(starts, line)
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


def _journal_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise JournalError(f"cannot read {path}: {err.strerror}") from None
    text = raw.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


_RECORD_START = re.compile(r"^[ \t]*<!-- solo(?::state)?\s", re.M)


def read_journal(path: Path) -> Crawl:
    """Read ``path`` (refusing anything but a solo journal) into a Crawl."""
    meta = read_meta(path)
    text = _journal_text(path)
    with gc_paused():
        found = [item for item in find_records(text) if _usable(item[2])]
        line_starts = _line_offsets(text)
        entries: list[Entry] = []
        previous_end_line = 0
        for start, end, record in found:
            first = bisect.bisect_right(line_starts, start) - 1
            last = bisect.bisect_right(line_starts, end - 1) - 1
            entries.append(Entry(record, previous_end_line, first, last - first + 1))
            previous_end_line = last + 1
        starts = [match.start() for match in _RECORD_START.finditer(text)]
        garbled = len(starts) - len(found)
        hidden = _garbled_lines(text, starts, {start for start, _, _ in found}, line_starts)
    _mark_retracted(entries)
    crawl = _figures(path, meta, entries, text.split("\n"))
    crawl.hidden = hidden
    crawl.snapshots, crawl.garbled = len(found), max(garbled, 0)
    return crawl


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


def _line_offsets(text: str) -> list[int]:
    offsets = [0]
    position = text.find("\n")
    while position >= 0:
        offsets.append(position + 1)
        position = text.find("\n", position + 1)
    return offsets


def _mark_retracted(entries: list[Entry]) -> None:
    by_step = {entry.record.get("step"): entry for entry in entries}
    for entry in entries:
        if entry.kind == "undo":
            taken = by_step.get(entry.record.get("undid"))
            if taken is not None and taken.kind != "undo":
                taken.retracted = True
        elif entry.kind == "legacy" and str(entry.record.get("cmd", "")).lower() == "undo":
            _legacy_undo(entries, entry)


def _legacy_undo(entries: list[Entry], undo: Entry) -> None:
    """Format 1 undo: it took back the latest entry still standing before it."""
    for entry in reversed(entries[:entries.index(undo)]):
        if not entry.retracted and entry.kind == "legacy" \
                and str(entry.record.get("cmd", "")).lower() not in ("undo", "start"):
            entry.retracted = True
            return


def _prose(lines: list[str], entry: Entry) -> str:
    """The player's words in a narration entry (prose, or their own Lonelog line)."""
    words = [line.strip() for line in lines[entry.first_line:entry.record_line]
             if line.strip() and not line.lstrip().startswith(("#", "```"))]
    return " ".join(words).lstrip("\\")


def _figures(path: Path, meta: dict[str, Any], entries: list[Entry], lines: list[str]) -> Crawl:
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
    for entry in live:
        state = entry.state
        if entry.kind == "narration":
            note = " ".join(_prose(lines, entry).split())
            if note:
                for encounter in awaiting:
                    if encounter.turn == entry.turn:
                        encounter.note = note if len(note) <= 160 else note[:157].rstrip() + "…"
            awaiting = []
            continue
        met_here: list[Encounter] = []
        command = str(entry.record.get("cmd", "")).lower()
        for event in entry.events:
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
                    if command.startswith("douse"):
                        put_out += 1
                    else:
                        burnt += 1
            elif kind == "Answered":
                questions.append(Question(entry.turn, str(event.get("question", "")),
                                          str(event.get("odds", "")),
                                          str(event.get("text", ""))))
        if entry.kind == "legacy":
            met_here = _legacy_encounters(procedure, entry, met_before)
        last = state.get("last_encounter")
        if met_here and isinstance(last, list) and len(last) == 2:
            met_here[-1].where = (str(last[0]), last[1]) if isinstance(last[1], int) else None
        met_before = state.get("encounters", met_before) \
            if isinstance(state.get("encounters"), int) else met_before
        encounters.extend(met_here)
        if met_here:
            awaiting = met_here
        struck_before = _strike(encounters, state.get("struck"), struck_before)

    system_name = procedure.name if procedure is not None else (system or "unknown")
    system_id = procedure.id if procedure is not None else Path(system).name
    return Crawl(path=path, meta=meta, title=str(meta.get("title") or path.stem),
                 system_id=system_id, system_name=system_name, unit=unit,
                 minutes_per_turn=minutes, turns=turns,
                 danger=_danger(procedure, entries, live, turns), encounters=encounters,
                 signs=signs, lights_lit=lit, burnt_out=burnt, put_out=put_out,
                 questions=questions, snapshots=0, garbled=0,
                 retracted=sum(entry.retracted for entry in entries), lines=lines,
                 entries=entries)


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


def _danger(procedure, entries: list[Entry], live: list[Entry], turns: int) -> Danger | None:
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
    for entry in live:
        written = [event["after"] for event in entry.events
                   if event.get("t") == "TrackerChanged" and event.get("tracker") == name
                   and isinstance(event.get("after"), int)]
        after = _value(entry, name)
        if after is None:
            after = written[-1] if written else current
        turn = entry.turn
        if turn < len(values) - 1:  # the clock went back (an undo or a hand edit): follow it
            del values[turn + 1:], peaks[turn + 1:]
        while len(values) <= turn:
            values.append(current)
            peaks.append(None)
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
