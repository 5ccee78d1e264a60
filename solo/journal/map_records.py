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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solo.engine import room_changes as change
from solo.engine.rooms import Dungeon
from solo.journal.record_order import in_step_order
from solo.journal.record_schema import MAP_AT_KEY, MAP_CHANGES_KEY, WHOLE_MAP_KEY
from solo.journal.record_types import Record
from solo.journal.store import read_tail

__all__ = ["WHOLE_MAP_EVERY", "MapLedger", "MapRead", "map_fields", "map_from", "map_size",
           "needs_whole_map", "rebuild_map"]

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


@dataclass(frozen=True)
class MapRead:
    """The map read back from records: the map, the step of the whole map it was built
    from (None: none), and the steps of the entries whose map could not be read."""

    dungeon: Dungeon
    whole_at: int | None = None
    unreadable: tuple[int, ...] = ()

    def note(self) -> str:
        """What to tell the player ('' when every record's map was read)."""
        if not self.unreadable:
            return ""
        steps = ", ".join(map(str, self.unreadable[:10])) + (
            ", …" if len(self.unreadable) > 10 else "")
        return (f"The map kept by {len(self.unreadable)} "
                f"entr{'ies' if len(self.unreadable) != 1 else 'y'} of the journal "
                f"(step {steps}) cannot be read (edited by hand?); play goes on with every "
                "room the other entries keep.")


def map_from(records: Sequence[Record]) -> MapRead:
    """The map as ``records`` (each step once, in step order, up to the entry wanted) leave
    it: the last whole map that reads and holds together, and each change after it that
    can be applied; the entries whose map cannot be read are named. The one reading of the
    map's records, for resume and the reports alike."""
    unreadable: list[int] = []
    built = change.MapBuilder()
    whole_at: int | None = None
    first = 0
    for index in range(len(records) - 1, -1, -1):
        record = records[index]
        if not record.dungeon:
            continue
        whole = change.MapBuilder()
        try:
            whole.apply(_mapping(record.whole_map()))
        except (ValueError, TypeError):
            unreadable.append(record.step)
            continue
        built, whole_at, first = whole, record.step, index + 1
        break
    for record in records[first:]:
        if record.dungeon:  # a whole map after the one read: it did not read
            continue
        changes = record.map_changes()
        if changes is None:
            continue
        try:
            built.apply(_mapping(changes))
        except (ValueError, TypeError):
            unreadable.append(record.step)
    return MapRead(built.dungeon(), whole_at, tuple(sorted(unreadable)))


def _mapping(data: Any) -> Mapping[str, Any]:
    """A record's map data, held to the limits a typed map keeps: a room has at most
    :data:`~solo.engine.room_changes.MAX_EXITS` exits, and none leads back into itself
    (ValueError: the entry's map is named as one that cannot be read)."""
    if not isinstance(data, Mapping):
        raise ValueError("not a map")
    rooms = data.get("rooms")
    for room in rooms if isinstance(rooms, list) else ():
        exits = room.get("x") if isinstance(room, Mapping) else None
        if not isinstance(exits, list):
            continue
        if len(exits) > change.MAX_EXITS:
            raise ValueError(f"a room with more than {change.MAX_EXITS} exits")
        if any(isinstance(exit, list) and len(exit) > 1 and exit[1] == room.get("id")
               for exit in exits):
            raise ValueError("an exit that leads back into its own room")
    return data


def rebuild_map(path: Path, record: Mapping[str, Any]) -> tuple[Dungeon, int | None, str]:
    """The map as of ``record`` (read from the journal at ``path`` back to its last whole
    map), the step of that whole map, and what to tell the player if some entry's map
    cannot be read ('' when all is well). A record that names no map: no rooms (journals
    from before rooms)."""
    whole_at, step = record.get(MAP_AT_KEY), record.get("step")
    if whole_at is None or type(step) is not int:
        return Dungeon(), None, ""
    tail = read_tail(path, back_to=whole_at if type(whole_at) is int else None)
    read = map_from([kept for kept in in_step_order(tail.records) if kept.step <= step])
    if read.whole_at is None and tail.window:  # no whole map reads near the end: all of it
        tail = read_tail(path, least=1 << 62)
        read = map_from([kept for kept in in_step_order(tail.records) if kept.step <= step])
    return read.dungeon, read.whole_at, read.note()
