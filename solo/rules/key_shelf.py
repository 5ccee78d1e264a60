"""Where a journal's key lives: the name a journal stores for it, and reading it back.

A journal names the key it is played from (its path and the sha256 of its bytes, never its
text). The path is stored relative to the journal's folder when the key lies under that
folder or under the folder beside it (``keys/abbey.yaml``, ``../keys/abbey.yaml``), so a
journal and its key can move together; anywhere else it is stored absolute. Older journals
stored it absolute: both forms are read. The play layer reads the key and stocks the world
with it (:func:`solo.rules.catalog.stock_key`); the engine never reads a file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath

from solo.rules.key_file import load_key_file
from solo.rules.key_model import DungeonKey

__all__ = ["is_key_file", "key_name", "key_location", "read_key"]

_KIND = re.compile(r"^kind:\s*['\"]?key['\"]?\s*(#.*)?$", re.MULTILINE)


def is_key_file(name: str | Path) -> bool:
    """Whether ``name`` is a YAML file whose ``kind:`` is ``key`` (a generator file, or no
    file at all, is not)."""
    path = Path(name)
    if path.suffix.lower() not in (".yaml", ".yml") or not path.is_file():
        return False
    try:
        text = path.read_text(encoding="utf-8-sig", errors="replace")
    except OSError:
        return False
    return _KIND.search(text) is not None


def key_name(key: str | Path, journal_folder: str | Path) -> str:
    """The name a journal in ``journal_folder`` stores for the key at ``key``: relative
    (with ``/``) when the key is under that folder or under its parent, else absolute."""
    where = os.path.abspath(key)
    folder = os.path.abspath(journal_folder)
    try:
        relative = os.path.relpath(where, folder)
    except ValueError:  # another drive (Windows)
        return where
    parts = PurePosixPath(Path(relative).as_posix()).parts
    ups = 0
    while ups < len(parts) and parts[ups] == "..":
        ups += 1
    if ups > 1 or ups == len(parts):
        return where
    return PurePosixPath(*parts).as_posix()


def key_location(name: str, journal_folder: str | Path) -> Path:
    """Where the key a journal names is: an absolute name as it is, a relative one from
    the journal's folder."""
    path = Path(name)
    return path if path.is_absolute() else Path(journal_folder) / path


def read_key(name: str, journal_folder: str | Path) -> DungeonKey | None:
    """The key a journal in ``journal_folder`` names, read and checked; None when there is
    no file there (moved, deleted). A key that no longer passes its checks raises the
    RulesError that says why."""
    path = key_location(name, journal_folder)
    if not path.is_file():
        return None
    return load_key_file(path)
