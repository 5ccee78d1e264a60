"""The dungeon in the hidden records: what each entry keeps of the map, and the map rebuilt
from them on resume.

A record keeps only what its entry changed (``"rooms"``: the rooms added or changed, where
the party is), so a crawl through 300 rooms does not carry 300 rooms in every entry. Now
and then a record keeps the whole map (``"dungeon"``): at the first entry of each sitting,
after an undo that changed the map, and whenever the changes written since the last whole
map outweigh it (:func:`needs_whole_map`). The keys are the record schema's
(:data:`solo.journal.record_schema.MAP_FIELDS`). Every record after the first room names
the step of the last whole map (``"map"``, written first), so resuming reads back only that
far.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from solo.engine import room_changes as change
from solo.engine.rooms import Dungeon
from solo.journal.record import PREFIX, parse_record
from solo.journal.record_order import step_order
from solo.journal.record_schema import MAP_AT_KEY, MAP_CHANGES_KEY, WHOLE_MAP_KEY
from solo.journal.store import records_since

__all__ = ["WHOLE_MAP_EVERY", "MapLedger", "map_fields", "map_size", "needs_whole_map",
           "rebuild_map"]

WHOLE_MAP_EVERY = 64 * 1024
"""At least this many bytes of journal between two whole maps (more for a large map)."""


def needs_whole_map(dungeon: Dungeon, written_since: int,
                    size: Callable[[Dungeon], int] | None = None) -> bool:
    """Whether the next record should keep the whole map: the entries written since the
    last one hold more than :data:`WHOLE_MAP_EVERY` bytes and four times the map's size
    (:func:`map_size`, or ``size``: a session's :class:`MapLedger` keeps it)."""
    if written_since < WHOLE_MAP_EVERY:
        return False
    return written_since >= 4 * (size or map_size)(dungeon)


def map_size(dungeon: Dungeon) -> int:
    """The size of the whole map as ``json.dumps`` writes it (the measure of
    :func:`needs_whole_map`)."""
    return len(json.dumps(change.dungeon_data(dungeon)))


def map_fields(before: Dungeon, after: Dungeon, step: int, last_whole: int | None,
               whole: bool, changed: Any = ...) -> tuple[dict[str, Any], int | None]:
    """What an entry's record keeps of the map, and the step of the last whole map after
    it. ``whole``: keep the whole map (when there is one). ``changed``: the changes from
    ``before`` to ``after`` when the caller has them already."""
    if not after.rooms:
        if before.rooms:  # an undo took every room back
            return {MAP_AT_KEY: step, WHOLE_MAP_KEY: change.dungeon_data(after)}, step
        return {}, last_whole
    if whole or last_whole is None:
        return {MAP_AT_KEY: step, WHOLE_MAP_KEY: change.dungeon_data(after)}, step
    fields: dict[str, Any] = {MAP_AT_KEY: last_whole}
    if changed is ...:
        changed = change.changes(before, after)
    if changed is not None:
        fields[MAP_CHANGES_KEY] = changed
    return fields, last_whole


class MapLedger:
    """A sitting's account of the map in its records: the step of the last whole map, the
    bytes written since, and the size of the map as it stands, kept room by room as the
    changes come, so that deciding whether an entry keeps the whole map
    (:func:`needs_whole_map`) never serialises the whole map again."""

    def __init__(self, map_at: int | None) -> None:
        self.map_at = map_at  # the step of the last record that keeps the whole map
        self.written = 0  # bytes of entries written since it
        self._dungeon: Dungeon | None = None  # the map whose size is counted below
        self._rooms: dict[str, int] = {}  # each room's size in it
        self._sum = 0  # theirs together
        self._next_at = map_at  # the step of the last whole map once the entry is written

    def fields(self, before: Dungeon, after: Dungeon, step: int,
               whole: bool) -> dict[str, Any]:
        """What the record of the entry at ``step`` (the map going from ``before`` to
        ``after``) keeps of the map; ``whole``: the whole map, whatever the count says.
        :meth:`wrote` must follow, once the entry is written."""
        changed = None if before is after else change.changes(before, after)
        if self._dungeon is before and before is not after:
            self._follow(after, changed)
        whole = whole or needs_whole_map(after, self.written, self.size)
        kept, self._next_at = map_fields(before, after, step, self.map_at, whole, changed)
        return kept

    def wrote(self, kept: Mapping[str, Any], length: int) -> None:
        """The entry whose record keeps ``kept`` (from :meth:`fields`) is written,
        ``length`` characters in all."""
        new = self._next_at != self.map_at or WHOLE_MAP_KEY in kept
        self.written = 0 if new else self.written + length
        self.map_at = self._next_at

    def size(self, dungeon: Dungeon) -> int:
        """:func:`map_size` of ``dungeon``: counted once, then followed change by change."""
        if self._dungeon is not dungeon:
            self._rooms = {room.id: _size(change.room_data(room)) for room in dungeon.rooms}
            self._sum, self._dungeon = sum(self._rooms.values()), dungeon
        return self._total(dungeon)

    def _follow(self, after: Dungeon, changed: Mapping[str, Any] | None) -> None:
        """The counted map becomes ``after``, whose changes are ``changed``. Rooms are taken
        away only by an undo, which :func:`~solo.engine.room_changes.changes` does not
        show: the map is counted again then."""
        for data in (changed or {}).get("rooms", ()):
            size = _size(data)
            self._sum += size - self._rooms.get(data["id"], 0)
            self._rooms[data["id"]] = size
        # each room of ``after`` is counted (unchanged, or among the changes): one more
        # counted is one taken away
        self._dungeon = after if len(self._rooms) == len(after.rooms) else None

    def _total(self, dungeon: Dungeon) -> int:
        """The rooms' sizes, the ``, `` between them and the rest of the map's data."""
        frame = change.dungeon_data(Dungeon((), dungeon.here, dungeon.way_out,
                                            dungeon.previous, dungeon.trail))
        return _size(frame) + self._sum + 2 * max(len(self._rooms) - 1, 0)


def _size(data: Any) -> int:
    return len(json.dumps(data))


def rebuild_map(path: Path, record: Mapping[str, Any]) -> tuple[Dungeon, int | None, str]:
    """The map as of ``record`` (read from the journal at ``path`` back to its last whole
    map), the step of that whole map, and what to tell the player if it cannot be read
    ('' when all is well). A record that names no map: no rooms (journals from before
    rooms)."""
    whole_at = record.get(MAP_AT_KEY)
    if whole_at is None:
        return Dungeon(), None, ""
    step = record.get("step")
    if not isinstance(whole_at, int) or not isinstance(step, int) or whole_at > step:
        return Dungeon(), None, _LOST
    found = _map_records(path, whole_at) or records_since(path, whole_at, WHOLE_MAP_KEY)
    if found is None:
        return Dungeon(), None, _LOST
    try:
        whole = found[0][WHOLE_MAP_KEY]
        changes: list[Any] = []
        later_records = [later for later in found[1:] if isinstance(later.get("step"), int)]
        order = step_order([later["step"] for later in later_records])  # each step once
        if order is not None:
            later_records = [later_records[index] for index in order.kept]
        for later in later_records:
            if not whole_at < later["step"] <= step:
                continue  # a copy of the whole map's own step, or an entry after the one wanted
            if WHOLE_MAP_KEY in later:
                whole, changes = later[WHOLE_MAP_KEY], []
            elif MAP_CHANGES_KEY in later:
                changes.append(later[MAP_CHANGES_KEY])
        dungeon = change.apply_all(Dungeon(), (whole, *changes))
    except (ValueError, TypeError, KeyError, AttributeError):
        return Dungeon(), None, _LOST
    return dungeon, whole_at, ""


_CHUNK = 64 * 1024
_MAP_KEYS = tuple(f'"{key}":' for key in (MAP_CHANGES_KEY, WHOLE_MAP_KEY))  # as keys: a
# string in a record holds a quote only escaped
_NEXT = "\n" + PREFIX  # a record as solo writes it, at the start of a line
_LINE_START = _NEXT.encode()


def _map_records(path: Path, step: int) -> list[dict[str, Any]] | None:
    """The record of ``step``, which keeps the whole map, and each later record that changes
    the map, read back from the end only as far as it must: the records in between that
    change nothing on the map are not parsed (resuming a long crawl stays quick). None when
    that record, or any after it, is not where solo writes one (a journal edited by hand:
    CRLF line ends, a record indented or wrapped):
    :func:`~solo.journal.store.records_since` reads such a journal record by record."""
    marker = f'{PREFIX}{{"v":2,"step":{step},'.encode()
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, 2)
            chunk = _CHUNK
            while True:
                start = max(0, size - chunk)
                handle.seek(start)
                data = handle.read(size - start)
                at = data.rfind(marker)
                if at >= 0 or start == 0:
                    break
                chunk *= 2
    except OSError:
        return None
    if at < 0 or (at > 0 and data[at - 1:at] != b"\n") or b"\r" in data[at:]:
        return None
    data = data[at:]
    if data.count(b"<!-- solo") != data.count(_LINE_START) + 1:
        return None  # a record where solo does not write one (indented, wrapped, legacy)
    text = data.decode("utf-8", errors="replace")
    found: list[dict[str, Any]] = []
    start = 0
    while start >= 0:  # each record begins a line: found by a plain search, no pattern
        end = text.find("-->", start)
        if end < 0:
            break
        comment = text[start:end + 3]
        if not found or any(key in comment for key in _MAP_KEYS):
            record = parse_record(comment)
            if record is not None:
                found.append(record)
        start = text.find(_NEXT, start + 1)
        start += 1 if start >= 0 else 0
    if not found or found[0].get("step") != step or WHOLE_MAP_KEY not in found[0]:
        return None
    return found


_LOST = ("The map's records in the journal cannot be read (edited by hand?); play goes on "
         "with no rooms known: 'enter' starts a new map.")
