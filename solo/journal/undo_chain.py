"""What an undo takes back, one reading for resume, ``undo`` itself and the reports: the
entries standing are a stack, and an undo takes the top one off. Its record then stands for
the entry whose state it put back (its ``live``), through an undo of an undo and so on."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from solo.journal.record_types import Record

__all__ = ["stands_for", "taken_back"]


def stands_for(step: int, records: Mapping[int, Record]) -> int:
    """The entry the record of ``step`` stands for (``records``: by step): an undo's, the
    entry whose state it put back; any other's (or one not in ``records``), its own."""
    record = records.get(step)
    while record is not None and record.kind == "undo" and record.live is not None \
            and record.live < step:  # (a live always lies before its undo: no loop)
        step = record.live
        record = records.get(step)
    return step


def taken_back(records: Iterable[Record]) -> set[int]:
    """The steps of the entries (never an undo's) that an undo among ``records`` (format 2,
    each step once) took back."""
    by_step = {record.step: record for record in records}
    taken = {stands_for(record.undid, by_step) for record in by_step.values()
             if record.kind == "undo" and record.undid is not None}
    return {step for step in taken if step in by_step and by_step[step].kind != "undo"}
