"""The keys a journal may name, by path: read when first asked for, then kept.

A journal names the key it is played from (its path and the sha256 of its bytes, never its
text); the engine finds it here, as it finds a generator through the world. A key that
cannot be read any more (moved, deleted) is not in the shelf; one that no longer passes
its checks raises the RulesError that says why.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from solo.rules.key_file import load_key_file
from solo.rules.key_model import DungeonKey

__all__ = ["KeyShelf", "is_key_file"]

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


class KeyShelf(Mapping[str, DungeonKey]):
    """Keys by path, each read once. A path that cannot be read is not in it."""

    def __init__(self) -> None:
        self._read: dict[str, DungeonKey] = {}

    def __getitem__(self, name: str) -> DungeonKey:
        found = self._read.get(name)
        if found is not None:
            return found
        if not Path(name).is_file():
            raise KeyError(name)
        found = self._read[name] = load_key_file(Path(name))
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._read)

    def __len__(self) -> int:
        return len(self._read)
