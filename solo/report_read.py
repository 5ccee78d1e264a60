"""Read a journal back, for ``solo export`` and ``solo stats``, without re-running the engine.

The whole file is parsed once by markdown-it-py (see :mod:`solo.report_parse`), with
block rules of our own: ``lonelog`` (a run of Lonelog lines: ``@``, ``?``, ``d:``, ``tbl:``,
``=>``, ``->``) and ``solo_state`` (a hidden snapshot line). The figures come
from those tokens: snapshots where they are intact, the Lonelog lines where a
snapshot is missing or garbled, and the ``## Turn`` headings for the clock. An
``undo`` entry takes the entry before it out of the count, as it did in play.
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.errors import JournalError, SoloError
from solo.journal import SNAPSHOT_PREFIX, SNAPSHOT_SUFFIX, read_meta
from solo.report_parse import parser

__all__ = ["Crawl", "Danger", "Encounter", "Question", "read_journal", "gc_paused"]

_TRACKER = re.compile(r"=> \[(?:Track|Clock):(?P<label>.+?) (?P<value>-?\d+)(?:/(?P<max>\d+))?\]"
                      r"(?: (?P<change>[+-]\d+|no change))?")
_LIGHT = re.compile(r"=> \[Inv:(?P<label>.+?) (?P<after>lit\b[^\]]*|burnt out|out)\] ?(?P<why>.*)")
_MET = re.compile(r"=> Encounter(?P<foretold>, as the signs foretold)?: (?P<text>.*)")
_SIGN = re.compile(r"=> A sign of something nearby: ")
_STRUCK = re.compile(r"=> Struck off (?P<table>\S+): (?P<text>.*)")
_QUESTION = re.compile(r"\? (?P<question>.*?)(?: \((?P<odds>[^(),]+), (?P<style>[^(),]+)\))?")
_ANSWER = re.compile(r"d: .* -> (?P<answer>[^>]*)$")
_DICE_OR_NUMBER = re.compile(r"\b\d*d\d+(?:k[hl]?\d+)?(?:\s*[+-]\s*\d+)?\b|\b\d+\b")


# -- what a journal says ---------------------------------------------------------------------
@dataclass
class Encounter:
    turn: int
    text: str
    foretold: bool = False
    defeated: bool = False
    note: str = ""

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
class _Entry:
    command: str | None = None
    lines: list[str] = field(default_factory=list)
    heading: tuple[int, int] | None = None
    snapshot: dict[str, Any] | None = None
    undone: bool = False
    turn: int = 0
    encounters: list[Encounter] = field(default_factory=list)


@dataclass
class Crawl:
    """Everything the report shows, with the parsed tokens for the exporters."""

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
    tokens: list = field(repr=False, default_factory=list)
    lines: list[str] = field(repr=False, default_factory=list)

    @property
    def minutes(self) -> int | None:
        return None if not self.minutes_per_turn else self.turns * self.minutes_per_turn

    @property
    def encounter_turns(self) -> dict[int, list[Encounter]]:
        turns: dict[int, list[Encounter]] = {}
        for encounter in self.encounters:
            turns.setdefault(encounter.turn, []).append(encounter)
        return turns


def _load_procedure(system: str):
    from solo.catalog import load_system

    try:
        return load_system(system)
    except SoloError:
        return None


_SNAP_TAIL = re.compile(r'"turn":(\d+),"v":1,"values":(\{[^{}]*\})\}')
_SNAP_CMD = re.compile(r'\{"cmd":("(?:[^"\\]|\\.)*")')


def _snapshot(text: str) -> dict[str, Any] | None:
    """The turn, values and command of a snapshot line; None if it is garbled."""
    if not text.endswith(SNAPSHOT_SUFFIX):
        return None
    body = text[len(SNAPSHOT_PREFIX):-len(SNAPSHOT_SUFFIX)]
    tail = _SNAP_TAIL.match(body, max(body.rfind('"turn":'), 0))
    try:
        if tail is not None and tail.end() == len(body) and body.startswith("{"):
            # the shape solo writes (sorted keys): read only what the report needs
            values = json.loads(tail[2])
            command = _SNAP_CMD.match(body)
            data = {"turn": int(tail[1]), "values": values,
                    "cmd": json.loads(command[1]) if command else ""}
        else:
            data = json.loads(body)
            data["turn"] = int(data["turn"])
    except (ValueError, TypeError, KeyError, IndexError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("values"), dict) else None


def _collect(tokens: list) -> tuple[list[object], dict[str, Any], dict[str, Any], int, int]:
    """Entries and prose in order; the front matter; clock hints; snapshots read and garbled."""
    items: list[object] = []
    meta: dict[str, Any] = {}
    hints: dict[str, Any] = {}
    current: _Entry | None = None
    pending: tuple[int, int] | None = None
    snapshots = garbled = 0
    heading_level = 0

    def new_entry(command: str | None) -> _Entry:
        nonlocal current, pending
        entry = _Entry(command, heading=pending)
        pending = None
        items.append(entry)
        current = entry
        return entry

    def add_snapshot(text: str) -> None:
        nonlocal snapshots, garbled
        data = _snapshot(text)
        if data is None:
            garbled += 1
            return
        snapshots += 1
        entry = current
        if pending is not None or entry is None or entry.snapshot is not None:
            entry = new_entry(None)
        entry.snapshot = data
        if entry.command is None:
            entry.command = str(data.get("cmd", ""))

    for token in tokens:
        kind = token.type
        if kind == "lonelog":
            for line in token.content.split("\n"):
                if line.startswith("@ ") or line == "@":
                    entry = new_entry(line[2:].strip())
                elif current is None or current.snapshot is not None or pending is not None:
                    entry = new_entry("")
                else:
                    entry = current
                entry.lines.append(line)
            if "state" in token.meta:
                add_snapshot(token.meta["state"])
        elif kind == "solo_state":
            add_snapshot(token.content)
        elif kind == "turn_heading":
            if pending is not None:
                new_entry(None)
            info = token.meta
            pending = (info["first"], info["last"])
            hints["unit"] = info["unit"].lower()
            if info["elapsed"] is not None and info["last"]:
                hints["clock"] = (info["last"], info["elapsed"])
        elif kind == "heading_open":
            heading_level = int(token.tag[1:])
        elif kind == "heading_close":
            heading_level = 0
        elif kind == "inline" and not heading_level:
            items.append(token.content)
        elif kind == "front_matter":
            import yaml

            try:
                loaded = yaml.safe_load(token.content)
            except yaml.YAMLError:
                loaded = None
            meta = loaded if isinstance(loaded, dict) else {}
    if pending is not None:
        new_entry(None)
    return items, meta, hints, snapshots, garbled


def _mark_undone(items: list[object]) -> None:
    stack: list[_Entry] = []
    for item in items:
        if not isinstance(item, _Entry):
            continue
        if (item.command or "").lower() == "undo":
            item.undone = True
            if stack:
                stack.pop().undone = True
        elif item.command not in (None, "", "start"):
            stack.append(item)


def _shape(text: str) -> str:
    return _DICE_OR_NUMBER.sub("#", text).strip().lower()


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector while building many small objects that hold no
    cycles (the tokens): on a long journal its passes would cost more than the parse."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_journal(path: Path, inline: bool = False) -> Crawl:
    """Read ``path`` (refusing anything but a solo journal). ``inline`` parses prose too."""
    read_meta(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise JournalError(f"cannot read {path}: {err.strerror}") from None
    text = raw.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    with gc_paused():
        tokens = parser(inline).parse(text)
        items, meta, hints, snapshots, garbled = _collect(tokens)
    _mark_undone(items)
    crawl = _figures(path, meta, items, hints)
    crawl.snapshots, crawl.garbled = snapshots, garbled
    crawl.tokens, crawl.lines = tokens, text.split("\n")
    return crawl


def _figures(path: Path, meta: dict[str, Any], items: list[object],
             hints: dict[str, Any]) -> Crawl:
    system = str(meta.get("system", ""))
    procedure = _load_procedure(system) if system else None
    entries = [item for item in items if isinstance(item, _Entry)]
    live = [entry for entry in entries if not entry.undone]

    unit, minutes = "turn", None
    if procedure is not None:
        unit, minutes = procedure.clock_unit, procedure.minutes
    else:  # an unknown procedure: the headings tell the unit and the minutes
        unit = hints.get("unit", unit)
        if "clock" in hints and hints["clock"][1] % hints["clock"][0] == 0:
            minutes = hints["clock"][1] // hints["clock"][0] or None

    # the clock: snapshots where intact, else the headings
    turn = 0
    for entry in live:
        if entry.snapshot is not None:
            turn = int(entry.snapshot["turn"])
        elif entry.heading is not None:
            turn = entry.heading[1]
        entry.turn = turn
    turns = turn

    danger = _danger(procedure, live, turns)

    # encounters, their outcomes, light, questions
    encounters: list[Encounter] = []
    awaiting: list[Encounter] = []
    questions: list[Question] = []
    lit: dict[str, int] = {}
    signs = burnt = put_out = 0
    live_ids = {id(entry) for entry in live}
    for item in items:
        if isinstance(item, str):
            note = " ".join(item.split())
            if awaiting and note:
                for encounter in awaiting:
                    encounter.note = note if len(note) <= 160 else note[:157].rstrip() + "…"
                awaiting = []
            continue
        if id(item) not in live_ids:
            continue
        entry = item
        met_here: list[Encounter] = []
        for number, line in enumerate(entry.lines):
            if line.startswith("=> Encounter"):
                found = _MET.match(line)
                if found:
                    met_here.append(Encounter(entry.turn, found["text"], bool(found["foretold"])))
            elif _SIGN.match(line):
                signs += 1
            elif line.startswith("=> Struck off "):
                found = _STRUCK.match(line)
                if found:
                    _strike(encounters, found["text"], bare=(entry.command or "") == "strike")
            elif line.startswith("=> [Inv:"):
                found = _LIGHT.match(line)
                if found:
                    after = found["after"]
                    if after.startswith("lit") and found["why"] == "lit by the party":
                        lit[found["label"]] = lit.get(found["label"], 0) + 1
                    elif after == "burnt out":
                        burnt += 1
                    elif after == "out":
                        put_out += 1
            elif line.startswith("? "):
                found = _QUESTION.fullmatch(line)
                answer = ""
                if number + 1 < len(entry.lines):
                    reply = _ANSWER.search(entry.lines[number + 1])
                    answer = reply["answer"].strip() if reply else ""
                questions.append(Question(entry.turn, found["question"] if found else line[2:],
                                          (found["odds"] or "") if found else "", answer))
        if met_here:
            encounters.extend(met_here)
            awaiting = met_here

    system_name = procedure.name if procedure is not None else (system or "unknown")
    return Crawl(path=path, meta=meta, title=str(meta.get("title") or path.stem),
                 system_id=procedure.id if procedure is not None else system,
                 system_name=system_name, unit=unit, minutes_per_turn=minutes, turns=turns,
                 danger=danger, encounters=encounters, signs=signs, lights_lit=lit,
                 burnt_out=burnt, put_out=put_out, questions=questions, snapshots=0, garbled=0)


def _strike(encounters: list[Encounter], template: str, bare: bool) -> None:
    shape = _shape(template)
    for encounter in reversed(encounters):
        if not encounter.defeated and _shape(encounter.text) == shape:
            encounter.defeated = True
            return
    if bare and encounters:
        encounters[-1].defeated = True


def _danger(procedure, live: list[_Entry], turns: int) -> Danger | None:
    name = label = None
    maximum = None
    start: int | None = None
    if procedure is not None:
        name = procedure.danger
        if name is None:
            return None
        tracker = procedure.trackers[name]
        label, maximum, start = tracker.label, tracker.maximum, tracker.start
    else:
        for entry in live:
            for line in entry.lines:
                found = _TRACKER.match(line)
                if found:
                    label = found["label"]
                    maximum = int(found["max"]) if found["max"] else None
                    break
            if label:
                break
        if label is None:
            return None
        name = label.lower()

    def from_snapshot(entry: _Entry) -> int | None:
        value = entry.snapshot["values"].get(name) if entry.snapshot is not None else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    if live and not live[0].lines and from_snapshot(live[0]) is not None:
        start = from_snapshot(live[0])  # the snapshot written when the crawl began
    elif start is None:  # no procedure to ask: work back from the first change
        start = 0
        for found in (_TRACKER.match(line) for entry in live for line in entry.lines):
            if found and found["label"] == label:
                change = found["change"] or "no change"
                start = int(found["value"]) - (0 if change == "no change" else int(change))
                break

    values = [start]
    peaks: list[int | None] = [start]  # the highest value written during each turn, if any
    current = peak = start
    for entry in live:
        written = []  # what the entry's tracker lines say, in order
        for line in entry.lines:
            if line.startswith("=> ["):
                found = _TRACKER.match(line)
                if found and found["label"] == label:
                    written.append(int(found["value"]))
        snap = from_snapshot(entry)
        after = snap if snap is not None else (written[-1] if written else current)
        if after != (written[-1] if written else current):
            written.append(after)  # a change the lines do not show (hand-edited away)
        turn = entry.turn
        if turn < len(values) - 1:  # the clock went back (a hand edit): follow it
            del values[turn + 1:], peaks[turn + 1:]
        while len(values) <= turn:
            values.append(current)
            peaks.append(None)
        if written:
            high = peaks[turn]
            peaks[turn] = max(written) if high is None else max(high, *written)
            peak = max(peak, *written)
        current = values[turn] = after
    while len(values) <= turns:
        values.append(current)
        peaks.append(None)
    peaks = [value if high is None else max(high, value)
             for value, high in zip(values, peaks, strict=True)]
    return Danger(label=label, maximum=maximum, start=start, peak=peak, end=current,
                  per_turn=values[1:turns + 1], turn_peaks=peaks[1:turns + 1])
