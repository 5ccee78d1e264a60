"""The journal file: an append-only Markdown file that is also the save file.

Layout (Lonelog 1.6 for digital Markdown): YAML front matter, the title, then for each
sitting a ``## Session N`` heading, a ``### S1 *Round 1 · 0:10*`` scene per turn, the
mechanics in fenced code blocks and the player's narration as prose between them. Every
entry ends with a hidden record (:mod:`solo.journal.record`) holding its events and the state
after it; resuming reads the last record from the tail, so it costs the same for ten
turns or a hundred thousand.

The front matter is read, and every key of it checked, by :mod:`solo.journal.header`; a new
journal file is made by :mod:`solo.journal.create`.

The file belongs to the player too: it is read whatever an editor did to it (CRLF line
ends, a BOM, stripped spaces, a re-indented record), and before every append solo checks
that the file at the path is still the one it holds open, at the size it left it. If an
editor replaced or rewrote it, solo re-opens the file at the path (the lock follows it)
and the session puts back any of its own entries the new file lacks.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate, repeat
from pathlib import Path
from typing import Any

from solo.errors import JournalError
from solo.journal.front_matter import journal_title
from solo.journal.header import JOURNAL_FORMAT, READABLE_FORMATS, read_header
from solo.journal.record_split import (
    Span,
    journal_bytes,
    open_constructs,
    span_data,
    split_records,
)
from solo.journal.record_types import Record

__all__ = ["Journal", "JournalChanged", "Tail", "read_meta", "read_tail", "find_record",
           "line_numbers", "not_utf8", "write_all", "JOURNAL_FORMAT", "READABLE_FORMATS",
           "SCAN_BYTES", "read_records", "journal_bytes", "span_data"]

_HEAD_LIMIT = 1024 * 1024


def _regular_file(path: Path) -> os.stat_result:
    """The file's status, refusing what is not a regular file (a FIFO would hang a read)."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise JournalError(f"no journal at {path}; start one with: solo new {path} "
                           "--system ID") from None
    except OSError as err:
        raise JournalError(f"cannot read {path}: {err.strerror}") from None
    if stat.S_ISDIR(status.st_mode):
        raise JournalError(f"{path} is a folder, not a journal file")
    if not stat.S_ISREG(status.st_mode):
        raise JournalError(f"{path} is not a regular file (a pipe or a device?); "
                           "a journal is a Markdown file")
    return status


def not_utf8(data: bytes, start: int = 0) -> str:
    """'' when ``data`` (a journal's bytes from a line start; their end may cut a character)
    read as UTF-8, else the line of the first byte that does not, and what to do. Read 64 KiB
    of lines at a time: most hold one-byte characters only, and decode ten times as fast."""
    while start < len(data):
        end = data.find(b"\n", start + (1 << 16)) + 1 or len(data)
        try:
            data[start:end].decode()
        except UnicodeDecodeError as err:  # (a UTF-16 file's byte-order mark is on its line 1)
            line = data.count(b"\n", 0, start + err.start) + 1
            return "" if err.reason == "unexpected end of data" else \
                f"line {line} is not UTF-8: save the journal as UTF-8"
        start = end
    return ""


def read_meta(path: Path) -> dict[str, Any]:
    """The front matter of a solo journal, every key of it checked
    (:func:`solo.journal.header.read_header`); refuses anything else without touching it.
    Its title is the one reading of :func:`~solo.journal.front_matter.journal_title`.
    Reads only as far as its first record, however long the journal."""
    _regular_file(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(16 * 1024)
            while len(head) < _HEAD_LIMIT and b"\n<!-- solo" not in head:
                more = handle.read(len(head))
                if not more:
                    break
                head += more
    except OSError as err:
        raise JournalError(f"cannot read {path}: {err.strerror}") from None
    head = journal_bytes(head)  # (as an editor may have saved it: a BOM, CR line ends)
    try:  # (where it does not read, bytes in another encoding are the likeliest cause)
        meta = read_header(head.decode("utf-8", errors="replace"), str(path))
    except JournalError as err:
        raise (JournalError(f"{path}: {bad}; it was left untouched")
               if (bad := not_utf8(head)) else err) from None
    meta["title"] = journal_title(head, meta.get("title"), path.stem)
    return meta


def line_numbers(data: bytes, starts: list[int]) -> list[int]:
    """The line (from 1) of each of ``starts``, places in ``data`` in rising order."""
    return list(accumulate(map(data.count, repeat(b"\n"), [0, *starts], starts), initial=1))[1:]


# -- reading the tail -----------------------------------------------------------------------
@dataclass(frozen=True)
class Tail:
    """The end of a journal, read once into typed records: ``spans`` every record comment
    in it (in the file's order; a span's record is None where it does not decode),
    ``last`` the last readable one, what follows it, and how much was read (``window``
    bytes from the end; 0 for the whole file)."""

    spans: tuple[Span, ...]
    last: Record
    torn: bool            # cut off after it: a fence or comment left open, a record unread
    closers: str          # what to write first so that nothing left open swallows the rest
    needs_newline: bool   # the file does not end with a line break
    window: int = 0
    text: bytes = b""     # the tail's bytes (from a line start), as the spans place them

    @property
    def records(self) -> list[Record]:
        """The readable records in the tail, in the file's order."""
        return [span.record for span in self.spans if span.record is not None]

    def lines(self) -> list[int]:
        """The line each readable record stands at, counted from the tail's first line."""
        return line_numbers(self.text, [span.line for span in self.spans
                                         if span.record is not None])

    @property
    def record(self) -> dict[str, Any]:
        """The last readable record as JSON data."""
        return span_data(next(span for span in reversed(self.spans) if span.record is not None))


def _tails(path: Path, first: int) -> Iterator[tuple[bytes, bool, int]]:
    """Ever longer tails of the file, from ``first`` bytes on (solo's bytes, from a line
    start; whether it is the whole file; the bytes read, 0 for all), for readers that want
    only its end."""
    size = _regular_file(path).st_size
    chunk = first
    with open(path, "rb") as handle:
        while True:
            start = max(0, size - chunk)
            handle.seek(start)
            raw = handle.read(size - start)
            if start > 0:  # begin at a line start, so a record's first line is whole
                raw = raw[raw.find(b"\n") + 1:]
            yield journal_bytes(raw), start == 0, 0 if start == 0 else size - start
            if start == 0:
                return
            chunk *= 4


SCAN_BYTES = 1024 * 1024
"""How much of a journal's end resuming reads at least: the whole of a journal up to about
600 turns; beyond it, the last entries, where a resume's own record, its map and any record
copied or moved near the end stand (the reports always read the whole file). Decoding them
costs a few milliseconds a MiB."""


def read_tail(path: Path, back_to: int | None = None, least: int = SCAN_BYTES,
              further: bool = True) -> Tail:
    """The journal's end, read once into typed records: at least ``least`` bytes, and back
    as far as the record of the last whole map the last record names, the entry whose
    state stands, and step ``back_to`` (unless not ``further``: then ``least`` bytes, or
    as far back as the last readable record). Raises JournalError when it has no readable
    record."""
    for data, whole, window in _tails(path, least):
        spans, _ = split_records(data)
        readable = [span for span in spans if span.record is not None]
        if not readable:
            if whole:
                break
            continue
        last = readable[-1]
        wanted = {last.record.map, last.record.standing, back_to} - {None}  # type: ignore[union-attr]
        if further and not whole and \
                not wanted <= {span.record.step for span in readable}:  # type: ignore[union-attr]
            continue
        after = data[last.end:].decode("utf-8", errors="replace")
        in_fence, in_comment = open_constructs(after)  # (a fence closed is the player's)
        closers = ("-->\n" if in_comment else "") + ("```\n" if in_fence else "")
        torn = in_fence or in_comment or spans[-1] is not last  # (or a record unread)
        return Tail(tuple(spans), last.record, torn=torn,  # type: ignore[arg-type]
                    closers=closers, needs_newline=bool(data) and not data.endswith(b"\n"),
                    window=window, text=data)
    raise JournalError(f"{path} has no readable state record to resume from; "
                       "it was left untouched")


def find_record(path: Path, step: int) -> dict[str, Any] | None:
    """The record of ``step`` (the last in the file with it), as JSON data, or None."""
    for data, _, _ in _tails(path, 64 * 1024):
        spans, _ = split_records(data)
        for span in reversed(spans):
            if span.record is not None and span.record.step == step:
                return span_data(span)
    return None


# -- writing ----------------------------------------------------------------------------------
class JournalChanged(JournalError):
    """The file at the path is not the one solo wrote to last (an editor replaced or
    rewrote it). The journal has re-opened the path; the caller re-reads and retries.
    ``written`` says whether the entry being appended went into the old file."""

    def __init__(self, path: str, written: bool = False) -> None:
        super().__init__(path)
        self.written = written


class Journal:
    """An open, locked journal file that only ever grows, and that checks before every
    write that it is still the file at its path."""

    def __init__(self, path: Path, durable: bool = True) -> None:
        self.path = path
        self.durable = durable  # False only for benchmarks that build long journals fast
        self.grouped = False  # True: appends are fsync'd together by sync() (batch play)
        self.fd = -1
        self._unsynced = False  # something written to the file at the path is not fsync'd
        self._unsynced_from: int | None = None  # the size before it, when solo knows it
        self._open()

    def _open(self) -> None:
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        except PermissionError:
            raise JournalError(f"cannot write to {self.path}: permission denied; "
                               "make it writable (chmod u+w) and try again") from None
        except OSError as err:
            raise JournalError(f"cannot open {self.path}: {err.strerror}") from None
        try:
            status = os.fstat(fd)
            if not stat.S_ISREG(status.st_mode):
                raise JournalError(f"{self.path} is not a regular file")
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise JournalError(f"{self.path} is already open in another solo session; "
                               "close that one first") from None
        except JournalError:
            os.close(fd)
            raise
        near = os.pread(fd, SCAN_BYTES, max(0, status.st_size - SCAN_BYTES))  # what resume reads
        if not_utf8(near.partition(b"\n")[2]) and (
                bad := not_utf8(os.pread(fd, status.st_size, 0))):  # (its line, from the top)
            os.close(fd)  # solo writes UTF-8: it would make one file of two encodings
            raise JournalError(f"{self.path}: {bad} (solo writes UTF-8, and will not mix "
                               "two encodings in one file); it was left untouched")
        if self.fd >= 0:  # another file is now the journal: solo has not fsync'd it
            os.close(self.fd)
            self._unsynced, self._unsynced_from = True, None
        self.fd = fd
        self.identity = (status.st_dev, status.st_ino)
        self.size = status.st_size
        head = os.pread(fd, 4096, 0)
        first = head.split(b"\n", 1)[0]
        self.newline = "\r\n" if first.endswith(b"\r") else "\n"

    def _replaced(self) -> bool:
        """Whether the file at the path is another file, or this one at another size."""
        try:
            status = os.stat(self.path)
        except FileNotFoundError:
            self._restore_from_open_file()
            return True
        except OSError:
            return False
        return (status.st_dev, status.st_ino) != self.identity or status.st_size != self.size

    def _restore_from_open_file(self) -> None:
        """The path is gone (moved or deleted by hand): put the journal solo holds back."""
        size = os.fstat(self.fd).st_size
        data = b""
        while len(data) < size:
            part = os.pread(self.fd, size - len(data), len(data))
            if not part:
                break
            data += part
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except OSError as err:
            raise JournalError(f"{self.path} was removed while playing and cannot be "
                               f"written again: {err.strerror}") from None
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)

    def check(self, written: bool = False) -> None:
        """Raise JournalChanged (after re-opening the path) if an editor changed the file."""
        if self._replaced():
            try:
                same = (os.stat(self.path).st_dev, os.stat(self.path).st_ino) == self.identity
            except OSError:
                same = False
            if same:  # rewritten in place: the file solo holds (and has locked) is the one
                self.size = os.fstat(self.fd).st_size
                self._unsynced, self._unsynced_from = True, None
            else:
                self._open()
            raise JournalChanged(str(self.path), written)

    def append(self, text: str) -> None:
        """Write ``text`` at the end with one write, then fsync (when grouped, the fsync
        waits for :meth:`sync`); then make sure it went to the file at the path. Raises
        JournalChanged or JournalError."""
        self.check()
        if self.newline != "\n":
            text = text.replace("\n", self.newline)
        data = text.encode("utf-8", errors="replace")
        size = self.size
        try:
            write_all(self.fd, data)
            if self.durable and not self.grouped:
                os.fsync(self.fd)
        except OSError as err:
            self._take_back(size)
            reason = "the disk is full" if err.errno == errno.ENOSPC else err.strerror
            raise JournalError(f"could not save to {self.path}: {reason}; the last command "
                               "was not recorded, fix that and try again") from None
        if not self.grouped:  # fsync'd: the whole file is on disk
            self._unsynced, self._unsynced_from = False, None
        elif not self._unsynced:
            self._unsynced, self._unsynced_from = True, size
        self.size = os.fstat(self.fd).st_size
        self.check(written=True)  # replaced while writing: the entry is in the old file

    def sync(self) -> None:
        """fsync what grouped appends wrote, then make sure it is in the file at the path.
        If the fsync fails, what they wrote is taken back (JournalError says so); if the
        file was replaced meanwhile, JournalChanged (the caller puts its entries back)."""
        if not self._unsynced:
            return
        try:
            if self.durable:
                os.fsync(self.fd)
        except OSError as err:
            if self._unsynced_from is not None:
                self._take_back(self._unsynced_from)
            self._unsynced, self._unsynced_from = False, None
            raise JournalError(f"could not save to {self.path}: {err.strerror}") from None
        self._unsynced, self._unsynced_from = False, None
        self.check(written=True)

    def _take_back(self, size: int) -> None:
        """Remove what a failed append wrote (only this entry's bytes, never older text)."""
        try:
            os.ftruncate(self.fd, size)
            self.size = size
        except OSError:
            pass  # resuming ignores a torn entry without a complete record anyway

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, "short write")
        view = view[written:]


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every readable record in the file, in order, as JSON data."""
    _regular_file(path)
    spans, _ = split_records(journal_bytes(path.read_bytes()))
    return [span_data(span) for span in spans if span.record is not None]

