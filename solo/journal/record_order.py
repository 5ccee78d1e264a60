"""Records whose step repeats or goes back: how they are counted, what the player is told,
and the quick look for them that resuming takes.

solo only ever appends, each entry one step after the last, so the records' steps rise
through the file. An editor's paste, a sync tool's merge or a hand edit can copy a record
(a *duplicate*: its step repeats an earlier record's) or move one (*out of place*: it stands
after a later step). :func:`step_order` says which records count, for the reports and for
resume alike, and :func:`order_note` says so in one line (the reports' note, the export's
notice, the resume's notice).

Resuming reads only the tail of the file, so it would say nothing. :func:`scan_steps` looks
through the last :data:`SCAN_BYTES` of the journal (the whole of most journals) with one
regular expression over bytes, which finds each record's step in solo's own layout. Only
when some record is in another layout or the steps do not rise does it look closer: the
records found as the reports find them, and read as JSON only where their place is in
question (a crash's torn record is no record); it names the ones out of order as the
reports do, and finds the record to resume from: the first copy of the highest step,
wherever it stands.
"""

from __future__ import annotations

import bisect
import operator
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from solo.journal.record import RECORD_START, parse_record
from solo.journal.record_schema import read_header

__all__ = ["StepOrder", "step_order", "order_note", "StepScan", "scan_steps", "SCAN_BYTES"]

SCAN_BYTES = 1024 * 1024
"""How much of a journal's end resuming looks through for records out of step order: the
whole of a journal up to about 600 turns; beyond it, the last entries, where a resume's own
record stands (the reports always read the whole file). Looking costs about a millisecond a
MiB, against the few milliseconds the rest of resuming takes."""


class StepOrder:
    """How a journal's records stand against their steps, when some step repeats or goes
    back (indices are places in the file):

    * ``kept``: the records counted, in step order, the first of each step;
    * ``duplicates``: the records left out, each repeating the step of one before it;
    * ``out_of_place``: the kept records a move would put in order: the fewest whose
      leaving the rest in file order leaves them in step order."""

    __slots__ = ("kept", "duplicates", "out_of_place", "place_of")

    def __init__(self, kept: list[int], duplicates: list[int], out_of_place: list[int],
                 records: int) -> None:
        self.kept, self.duplicates, self.out_of_place = kept, duplicates, out_of_place
        self.place_of = [-1] * records  # by place in the file: its place among the kept
        for place, index in enumerate(kept):
            self.place_of[index] = place


def step_order(steps: Sequence[int]) -> StepOrder | None:
    """The records to count, given each one's step in file order; None when every step is
    above the one before it (a journal as solo wrote it: the one check, in C, is all an
    undamaged journal costs).

    Of the records sharing a step, the first in the file is counted and the rest are
    duplicates. solo only ever appends, so the first copy is the one written when the step
    was played, and a copy an editor's paste or a sync tool's merge makes lands after it;
    the entry's Lonelog lines and the player's prose stand before the first copy (what a
    narration's note is read from), while a pasted copy has only what the paste brought;
    and a reading going forward decides each record as it meets it, so both readings (and
    any that stops early) agree."""
    if all(map(operator.lt, steps, islice(steps, 1, None))):
        return None
    first: dict[int, int] = {}
    duplicates: list[int] = []
    for index, step in enumerate(steps):
        if step in first:
            duplicates.append(index)
        else:
            first[step] = index
    in_file = list(first.values())  # (a dict keeps the order its keys came in)
    rising = _longest_rising([steps[index] for index in in_file])
    out_of_place = [index for place, index in enumerate(in_file) if place not in rising]
    return StepOrder(sorted(in_file, key=steps.__getitem__), duplicates, out_of_place,
                     len(steps))


def _longest_rising(values: list[int]) -> set[int]:
    """The places of a longest rising run through ``values`` (all different), of those as
    long the one keeping the earliest values: the values after a step back are the ones
    named out of place, not those before it. Built from the end, as a falling run."""
    tails: list[int] = []  # by length - 1: minus the highest first value of a run that long
    tail_at: list[int] = []
    next_of = [-1] * len(values)
    for place in range(len(values) - 1, -1, -1):
        key = -values[place]
        length = bisect.bisect_left(tails, key)
        next_of[place] = tail_at[length - 1] if length else -1
        if length == len(tails):
            tails.append(key)
            tail_at.append(place)
        else:
            tails[length], tail_at[length] = key, place
    chain: set[int] = set()
    place = tail_at[-1] if tail_at else -1
    while place >= 0:
        chain.add(place)
        place = next_of[place]
    return chain


_STEPS_NAMED = 10  # at most this many steps named in a note; stats --json lists them all


def _steps_text(steps: Sequence[int]) -> str:
    named = ", ".join(map(str, steps[:_STEPS_NAMED]))
    return named + (", …" if len(steps) > _STEPS_NAMED else "")


def order_note(duplicates: Sequence[int], out_of_place: Sequence[int]) -> str:
    """What counting did with records whose step repeats an earlier one or goes back (an
    editor's paste, a sync tool's merge, a hand edit), as one line; "" when none did."""
    parts = []
    count = len(duplicates)
    if count:
        parts.append(f"{count} record{'s' if count != 1 else ''} "
                     f"repeat{'' if count != 1 else 's'} an earlier step "
                     f"({_steps_text(duplicates)}) and "
                     f"{'were' if count != 1 else 'was'} counted once")
    count = len(out_of_place)
    if count:
        parts.append(f"{count} record{'s' if count != 1 else ''} "
                     f"stand{'' if count != 1 else 's'} after a later step "
                     f"({_steps_text(out_of_place)}) and "
                     f"{'were' if count != 1 else 'was'} counted in step order")
    return "; ".join(parts)


# -- the quick look on resume -------------------------------------------------------------
_RECORD_MARK = re.compile(rb'<!-- solo(?: \{"v":2,"step":(\d+),)?')
"""A record's opening, with its step when it is in solo's own layout (else b''). Anywhere in
a line: searched from its first characters, not from every line break, it costs a third
less, and a record's opening that does not begin a line (none does, as solo writes them)
only sends the look to :func:`_closer_look`, which finds records as the reports do."""
_HEADER = re.compile(r'<!-- solo \{"v":2,"step":(\d+),')  # the same, at a record's start
_ANY_STEP = re.compile(r'"step"\s*:\s*(\d+)')
"""A step number in a record of any layout: its own, or its state's (the same but after an
undo); a JSON string cannot hold it (its quotes would be escaped)."""


@dataclass(frozen=True)
class StepScan:
    """What :func:`scan_steps` found: the steps of the records out of order (as
    :func:`step_order` names them), the record to resume from when the journal's last is
    not it (None when it is, or when nothing is out of order), and whether the whole file
    was looked through (``window`` 0) or only its last ``window`` bytes."""

    duplicates: tuple[int, ...] = ()
    out_of_place: tuple[int, ...] = ()
    latest: dict[str, Any] | None = None
    window: int = 0
    highest: int = 0  # the highest step found (when some record is out of order)

    def note(self) -> str:
        """The one line to tell the player ('' when all is in order)."""
        note = order_note(self.duplicates, self.out_of_place)
        if not note:
            return ""
        where = f" (in its last {_size_text(self.window)})" if self.window else ""
        return (f"Records out of step order in the journal{where}: {note}; play goes on "
                f"from the latest entry, step {self.highest}.")


def _size_text(size: int) -> str:
    for unit in ("bytes", "KiB", "MiB"):
        if size % 1024 or unit == "MiB":
            return f"{size:,} {unit}"
        size //= 1024
    return ""  # (never reached)


def scan_steps(path: Path, limit: int = SCAN_BYTES) -> StepScan:
    """Look through the last ``limit`` bytes of the journal at ``path`` for records whose step
    repeats or goes back. Raises OSError if the file cannot be read."""
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        start = max(0, size - limit)
        handle.seek(start)
        data = handle.read(size - start)
    # from the window's first line start (a record cut by the window is none), found in
    # place: a copy of the window would cost as much as the search
    begin = max(data.find(b"\n"), 0) if start > 0 else 0
    found = _RECORD_MARK.findall(data, begin)
    if b"" not in found and step_order(list(map(int, found))) is None:
        return StepScan()  # every record in solo's layout, steps rising
    data = data[begin:]
    text = data.decode("utf-8", errors="replace")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _closer_look(text, limit if start else 0)


def _readable(comment: str) -> dict[str, Any] | None:
    """A record's comment as a record, if the reports would count it (else None)."""
    record = parse_record(comment)
    return record if record is not None and read_header(record) is not None else None


def _step(record: dict[str, Any] | None) -> int | None:
    header = read_header(record) if record is not None else None
    return header.step if header is not None else None


def _closer_look(text: str, window: int) -> StepScan:
    """The records in ``text``, found as the reports find them, each one's step from its
    header where solo's layout shows it, else from the one step number it holds, else from
    its JSON. Only the records whose place is in question are read as JSON: a copy, one out
    of place, the first copy of a step copied, the highest; one that cannot be read (a crash
    cut it off) is no record."""
    spans: list[tuple[int, int]] = []
    steps: list[int] = []
    records: list[dict[str, Any] | None] = []  # read as JSON, or None for not yet
    for match in RECORD_START.finditer(text):
        begin = text.find("<!--", match.start())
        end = text.find("-->", begin)
        if end < 0:
            break
        header = _HEADER.match(text, begin)
        record, step = None, int(header[1]) if header else None
        if step is None:  # another layout: its one step number, else its JSON
            named = set(_ANY_STEP.findall(text, begin, end))
            step = int(named.pop()) if len(named) == 1 else None
        if step is None:
            record = _readable(text[begin:end + 3])
            step = _step(record)
        if step is not None:
            spans.append((begin, end + 3))
            steps.append(step)
            records.append(record)
    while True:
        order = step_order(steps)
        if order is None:
            return StepScan()
        first: dict[int, int] = {}
        for index, step in enumerate(steps):
            first.setdefault(step, index)
        questioned = {*order.duplicates, *order.out_of_place, order.kept[-1],
                      *(first[steps[index]] for index in order.duplicates)}
        unread = [index for index in questioned if records[index] is None]
        if not unread:
            break
        for index in unread:
            records[index] = _readable(text[slice(*spans[index])])
        kept = [index for index in range(len(steps))
                if index not in unread or records[index] is not None]
        spans, steps = [spans[index] for index in kept], [steps[index] for index in kept]
        records = [records[index] for index in kept]
    highest = order.kept[-1]  # the first copy of the highest step
    return StepScan(tuple(steps[index] for index in order.duplicates),
                    tuple(steps[index] for index in order.out_of_place),
                    records[highest] if highest != len(records) - 1 else None,
                    window=window, highest=steps[highest])
