"""Where each record sits among a journal's lines, for the exporters that go line by line:
every entry's first line and record lines, and the lines of records that cannot be read.

The exporters cut a journal at its records' own places; they go line by line only when a
record cannot be read (its comment must be left out too, and only its lines say where it
ends). So the lines are found when first asked for (:func:`journal_lines`), and
:func:`locate` finds them ahead only for such a journal.
"""

from __future__ import annotations

import bisect

from solo.report.model import Crawl

__all__ = ["locate", "journal_lines", "RETRACTED_MARK"]


def locate(crawl: Crawl) -> None:
    """Find the line of every record ahead, when the exporters will go line by line: when
    some record cannot be read. (A long journal has hundreds of thousands of lines; the
    exporters need them for nothing else.)"""
    if crawl.garbled:
        _find_lines(crawl)


def _find_lines(crawl: Crawl) -> None:
    """Line numbers of every record (and of the unreadable ones)."""
    garbled = crawl.garbled_starts
    text = crawl.text
    line_starts = _line_offsets(text)  # (offsets in bytes when the text is)
    crawl.lines = (text.decode("utf-8", errors="replace") if isinstance(text, bytes)
                   else text).split("\n")
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


def _garbled_lines(text: str | bytes, starts: list[int], good: set[int],
                   line_starts: list[int]) -> list[int]:
    """The lines of record comments that cannot be read, to leave out of a report: the
    comment through its ``-->`` when that comes before the next record, else its line."""
    lines: list[int] = []
    for number, start in enumerate(starts):
        if start in good:
            continue
        first = bisect.bisect_right(line_starts, start) - 1
        end = text.find(b"-->" if isinstance(text, bytes) else "-->", start)  # type: ignore[arg-type]
        following = starts[number + 1] if number + 1 < len(starts) else len(text)
        last = bisect.bisect_right(line_starts, end) - 1 if 0 <= end < following else first
        lines.extend(range(first, last + 1))
    return lines


def _line_offsets(text: str | bytes) -> list[int]:
    newline = "\n" if isinstance(text, str) else b"\n"
    offsets = [0]
    position = text.find(newline)  # type: ignore[arg-type]
    while position >= 0:
        offsets.append(position + 1)
        position = text.find(newline, position + 1)  # type: ignore[arg-type]
    return offsets


RETRACTED_MARK = "*(taken back with undo)*"

def journal_lines(crawl: Crawl, retracted_mark: str = RETRACTED_MARK) -> list[str]:
    """The journal's lines with its hidden records blanked (line numbers kept), the front
    matter blanked, and a mark where a retracted entry's record stood."""
    if not crawl.lines:
        _find_lines(crawl)
    lines = list(crawl.lines)
    if lines and lines[0].strip() == "---":
        end = next((index for index in range(1, len(lines)) if lines[index].strip() == "---"),
                   0)
        for index in range(end + 1):
            lines[index] = ""
    for index in crawl.hidden:
        lines[index] = ""
    for entry in crawl.entries:
        for index in range(entry.record_line, entry.record_line + entry.record_lines):
            lines[index] = ""
        if entry.retracted:
            lines[entry.record_line] = retracted_mark
    return lines
