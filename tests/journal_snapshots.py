"""Tests' looks at a journal: every state its records hold (solo itself resumes from the
tail, :func:`solo.journal.store.read_tail`, and never needs them all), and the order of the
records at its end as resuming finds it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from solo.engine.state import State
from solo.journal.record_order import StepScan, scan_records
from solo.journal.store import SCAN_BYTES, read_records, read_tail


def iter_snapshots(path: Path) -> Iterator[tuple[State, str, int]]:
    """Every readable record's state, command and step, newest first."""
    found = []
    for record in reversed(read_records(path)):
        try:
            state = State.from_json(record["state"])
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue
        found.append((state, str(record.get("cmd", "")), state.step))
    return iter(found)


def scan_steps(path: Path, limit: int = SCAN_BYTES) -> StepScan:
    """:func:`~solo.journal.record_order.scan_records` of the journal at ``path``, read from
    its end (at least ``limit`` bytes; the whole file when it is no longer)."""
    tail = read_tail(path, least=limit, further=False)
    return scan_records(tail.records, tail.lines())
