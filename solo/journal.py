"""The journal: an append-only Markdown file that is also the save file.

Layout: YAML front matter (title, system, seed, created, tables, party), a title,
then one entry per command. Every mechanical entry ends with a snapshot line::

    <!-- solo:state {"v": 1, "step": 3, ...} -->

which Markdown viewers hide. Resuming reads the last complete snapshot from the
tail of the file, so it costs the same for ten turns or a hundred thousand.
Each entry is written with a single ``write`` and ``fsync``'d before the player
sees its result; nothing already written is ever rewritten.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solo.errors import JournalError
from solo.state import State

__all__ = ["Journal", "Resumed", "create_journal", "read_meta", "resume", "snapshot_line",
           "iter_snapshots", "slugify", "SNAPSHOT_PREFIX", "JOURNAL_FORMAT"]

SNAPSHOT_PREFIX = "<!-- solo:state "
SNAPSHOT_SUFFIX = " -->"
JOURNAL_FORMAT = 1
_HEAD_LIMIT = 64 * 1024
_MECHANICS = re.compile(r"^(@ |\? |d: |tbl: |=> |-> |<!-- solo:)")


def slugify(title: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug[:60].rstrip("-") or "crawl"


def snapshot_line(state: State, command: str) -> str:
    data = state.to_json()
    data["cmd"] = command
    return SNAPSHOT_PREFIX + json.dumps(data, separators=(",", ":"), sort_keys=True) \
        + SNAPSHOT_SUFFIX


def _parse_snapshot(line: str) -> tuple[State, str] | None:
    if not (line.startswith(SNAPSHOT_PREFIX) and line.endswith(SNAPSHOT_SUFFIX)):
        return None
    try:
        data = json.loads(line[len(SNAPSHOT_PREFIX):-len(SNAPSHOT_SUFFIX)])
        return State.from_json(data), str(data.get("cmd", ""))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def front_matter(meta: dict[str, Any]) -> str:
    import yaml

    body = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return f"---\n{body}---\n"


def read_meta(path: Path) -> dict[str, Any]:
    """The front matter of a solo journal; refuses anything else without touching it."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEAD_LIMIT)
    except FileNotFoundError:
        raise JournalError(f"no journal at {path}; start one with: solo new {path} "
                           "--system ID") from None
    except IsADirectoryError:
        raise JournalError(f"{path} is a folder, not a journal file") from None
    except OSError as err:
        raise JournalError(f"cannot read {path}: {err.strerror}") from None
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        text = head.decode("utf-8", errors="ignore") if head.startswith(b"---\n") else ""
    not_journal = JournalError(f"{path} is not a solo journal (no solo front matter); "
                               "it was left untouched")
    if not text.startswith("---\n"):
        raise not_journal
    end = text.find("\n---\n", 3)
    if end < 0:
        raise not_journal
    import yaml

    try:
        meta = yaml.safe_load(text[4:end + 1])
    except yaml.YAMLError:
        raise not_journal from None
    if not isinstance(meta, dict) or meta.get("solo") != JOURNAL_FORMAT \
            or not isinstance(meta.get("system"), str) or not isinstance(meta.get("seed"), int):
        raise not_journal
    return meta


def iter_snapshots(path: Path, chunk: int = 64 * 1024) -> Iterator[tuple[State, str, int]]:
    """Complete snapshots from the end of the file backwards: (state, command, end offset)."""
    with open(path, "rb") as handle:
        handle.seek(0, os.SEEK_END)
        position = handle.tell()
        carry = b""
        while position > 0:
            size = min(chunk, position)
            position -= size
            handle.seek(position)
            block = handle.read(size) + carry
            lines = block.split(b"\n")
            carry = lines[0] if position > 0 else b""
            offset = position + len(block)
            for raw in reversed(lines[1:] if position > 0 else lines):
                offset -= len(raw) + 1
                if raw.startswith(SNAPSHOT_PREFIX.encode()):
                    parsed = _parse_snapshot(raw.decode("utf-8", errors="replace").rstrip("\r"))
                    if parsed:
                        yield parsed[0], parsed[1], offset + len(raw) + 1


@dataclass(frozen=True)
class Resumed:
    state: State
    command: str
    torn: bool
    needs_newline: bool


def resume(path: Path) -> Resumed:
    """The last complete snapshot, and whether an entry after it was cut off."""
    for state, command, end in iter_snapshots(path):
        with open(path, "rb") as handle:
            handle.seek(end)
            tail = handle.read().decode("utf-8", errors="replace")
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            last = b""
            if size:
                handle.seek(size - 1)
                last = handle.read(1)
        torn = any(_MECHANICS.match(line) for line in tail.split("\n"))
        return Resumed(state, command, torn, needs_newline=bool(size) and last != b"\n")
    raise JournalError(f"{path} has no complete state snapshot to resume from; "
                       "it was left untouched")


class Journal:
    """An open, locked journal file that only ever grows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except PermissionError:
            raise JournalError(f"cannot write to {path}: permission denied; "
                               "make it writable (chmod u+w) and try again") from None
        except OSError as err:
            raise JournalError(f"cannot open {path}: {err.strerror}") from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise JournalError(f"{path} is already open in another solo session; "
                               "close that one first") from None

    def append(self, text: str) -> None:
        """Write ``text`` at the end with one write, then fsync. Raises JournalError."""
        data = text.encode("utf-8")
        size = None
        try:
            size = os.fstat(self.fd).st_size
            written = os.write(self.fd, data)
            while written < len(data):
                written += os.write(self.fd, data[written:])
            os.fsync(self.fd)
        except OSError as err:
            self._take_back(size)
            reason = "the disk is full" if err.errno == errno.ENOSPC else err.strerror
            raise JournalError(f"could not save to {self.path}: {reason}; the last command "
                               "was not recorded, fix that and try again") from None

    def _take_back(self, size: int | None) -> None:
        """Remove what a failed append wrote (only this entry's bytes, never older text)."""
        if size is None:
            return
        try:
            os.ftruncate(self.fd, size)
        except OSError:
            pass  # resume() ignores a torn entry without a complete snapshot anyway

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def create_journal(path: Path, meta: dict[str, Any], heading: str, state: State) -> None:
    """Write a new journal (refusing to overwrite) with its first snapshot."""
    text = (front_matter(meta) + f"\n# {meta['title']}\n\n{heading}\n\n"
            + snapshot_line(state, "start") + "\n")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        raise JournalError(f"{path} already exists; continue it with: solo play {path}") from None
    except OSError as err:
        raise JournalError(f"cannot create {path}: {err.strerror}") from None
    try:
        os.write(fd, text.encode("utf-8"))
        os.fsync(fd)
    except OSError as err:
        raise JournalError(f"cannot write {path}: {err.strerror}") from None
    finally:
        os.close(fd)
