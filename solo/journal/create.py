"""Starting a journal file: its name chosen and the file made in one step, never over
another file, with its front matter and first record."""

from __future__ import annotations

import errno
import os
from contextlib import suppress
from pathlib import Path
from typing import Any

from solo.errors import JournalError, UsageError
from solo.journal.header import TITLE_LIMIT, render_front_matter
from solo.journal.record import record_comment
from solo.journal.store import write_all

__all__ = ["create_journal", "numbered", "FREE_NAMES"]

FREE_NAMES = 10_000
"""How many numbered names a new journal tries before giving up."""


def numbered(path: Path, number: int) -> Path:
    """The ``number``-th name for a new journal at ``path``: itself, then ``name-2.md``…"""
    return path if number < 2 else path.with_name(f"{path.stem}-{number}{path.suffix}")


def create_journal(path: Path, meta: dict[str, Any], title: str, record: dict[str, Any],
                   next_free: bool = False) -> Path:
    """Write a new journal with its first record, never over another file: the name is
    taken and the file made in one step (``O_EXCL``). With ``next_free``, a name already
    taken (by an earlier crawl, or by another ``solo new`` at the same moment) moves on to
    ``name-2.md``, ``name-3.md``…; without it, it is refused. Returns the path written. On
    any failure nothing is left behind."""
    if len(str(meta.get("title", ""))) > TITLE_LIMIT:
        raise UsageError(f"the title is too long ({len(str(meta['title'])):,} characters); "
                         f"keep it to {TITLE_LIMIT:,}")
    data = (render_front_matter(meta) + f"\n{title}\n\n{record_comment(record)}\n").encode()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:  # (a file where a folder is wanted: named, not "File exists")
        file = next((up for up in path.parents if up.exists() and not up.is_dir()), None)
        raise JournalError(f"cannot create {path}: " + (f"{file} is a file, not a folder"
                                                         if file else str(err.strerror))) from None
    for number in range(1, FREE_NAMES + 1 if next_free else 2):
        candidate = numbered(path, number)
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            if next_free or os.path.isfile(path):
                continue
            raise JournalError(f"{path} is a folder, not a journal file; give the journal a "
                               f"file name (such as {path / 'crawl.md'})" if os.path.isdir(path)
                               else f"{path} is not a regular file (a pipe or a device?); a "
                               "journal is a Markdown file") from None
        except OSError as err:
            raise JournalError(f"cannot create {candidate}: {err.strerror}") from None
        _fill(fd, candidate, data)
        return candidate
    raise JournalError(f"{path} and the next {FREE_NAMES - 1:,} numbered names are all taken; "
                       "give the journal a name of its own" if next_free else
                       f"{path} already exists; continue it with: solo play {path}")


def _fill(fd: int, path: Path, data: bytes) -> None:
    """Write a new journal's first bytes and fsync them; on failure, remove the file."""
    try:
        write_all(fd, data)
        os.fsync(fd)
    except OSError as err:
        with suppress(OSError):
            os.unlink(path)
        reason = "the disk is full" if err.errno == errno.ENOSPC else err.strerror
        raise JournalError(f"cannot write {path}: {reason}; no journal was created") from None
    finally:
        os.close(fd)
