"""Records whose step repeats or goes back: how they are counted, what the player is told,
and the quick look for them that resuming takes.

solo only ever appends, each entry one step after the last, so the records' steps rise
through the file. An editor's paste, a sync tool's merge or a hand edit can copy a record
(a *duplicate*: its step repeats an earlier record's) or move one (*out of place*: it stands
after a later step). :func:`step_order` says which records count, for the reports and for
resume alike, and :func:`order_note` says so in one line (the reports' note, the export's
notice, the resume's notice).

Resuming reads only the tail of the file (:func:`solo.journal.store.read_tail`, the whole of
most journals): :func:`scan_records` names the records out of order in it as the reports do
(by their lines), and finds the record to resume from: the first copy of the highest step,
wherever it stands.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from solo.journal.record_types import Record

__all__ = ["StepOrder", "step_order", "order_note", "StepScan", "scan_records", "in_step_order"]


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


_NAMED = 10  # at most this many lines named in a note; stats --json lists every step


def order_note(duplicates: Sequence[int], out_of_place: Sequence[int]) -> str:
    """What counting did with records whose step repeats an earlier one or goes back (an
    editor's paste, a sync tool's merge, a hand edit; ``duplicates`` and ``out_of_place``
    the lines they stand at), as one line that names them and says nothing needs doing."""
    parts = [f"{len(lines)} record{'s' * (len(lines) != 1)} at line{'s' * (len(lines) != 1)} "
             f"{', '.join(map(str, lines[:_NAMED]))}{', …' * (len(lines) > _NAMED)} {verb}"
             f"{'s' * (len(lines) == 1)} {what} and {'were' if len(lines) != 1 else 'was'} "
             f"counted {how}" for lines, verb, what, how in (
                 (duplicates, "repeat", "an earlier record's step", "once"),
                 (out_of_place, "stand", "after a later step's record", "in step order"))
             if lines]
    return "; ".join(parts) + (" (nothing needs mending: deleting a copy, or moving a record "
                               "back, only tidies the file)" if parts else "")


# -- the look on resume --------------------------------------------------------------------
@dataclass(frozen=True)
class StepScan:
    """What the records of a journal's tail say of their order: the steps of those out of
    order (as :func:`step_order` names them) and their ``lines`` (from the tail's first), the
    record to resume from (the first copy of the highest step) and its line."""

    duplicates: tuple[int, ...] = ()
    out_of_place: tuple[int, ...] = ()
    latest: Record | None = None
    lines: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    latest_line: int = 0

    def note(self) -> str:
        """The one line to tell the player ('' when all is in order)."""
        note = order_note(*self.lines)
        return note and (f"Records out of step order in the journal: {note}; play goes on "
                         f"from the latest entry (its record at line {self.latest_line}).")


def scan_records(records: Sequence[Record], lines: Sequence[int]) -> StepScan:
    """The order of ``records`` (readable, in the file's order; ``lines`` where each stands)."""
    steps = [record.step for record in records]
    order = step_order(steps)
    if order is None:
        return StepScan(latest=records[-1] if records else None)
    dup, moved, highest = order.duplicates, order.out_of_place, order.kept[-1]  # (its 1st copy)
    return StepScan(tuple(map(steps.__getitem__, dup)), tuple(map(steps.__getitem__, moved)),
                    records[highest], (tuple(map(lines.__getitem__, dup)),
                                       tuple(map(lines.__getitem__, moved))), lines[highest])


def in_step_order(records: Sequence[Record]) -> list[Record]:
    """``records`` (in the file's order) as they count: each step once, in step order."""
    order = step_order([record.step for record in records])
    return list(records) if order is None else [records[index] for index in order.kept]

