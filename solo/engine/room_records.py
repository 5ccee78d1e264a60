"""The map as the records keep it, read back: a room from its record data, and the changes
of records applied to a map (:mod:`solo.engine.room_changes` writes them).

Resuming builds the map from the last whole map and the changes after it; the reports
follow the map through every record of a crawl. :class:`MapBuilder` applies one record's
changes at the cost of what they change, not of the whole map.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from solo.engine.rooms import DIRECTIONS, DOORS, Dungeon, Exit, Room

__all__ = ["MAX_EXITS", "MAX_ROOMS", "room_from_data", "MapBuilder", "apply_changes",
           "apply_all", "trail_after", "whole_map_trail"]

MAX_EXITS = 12
"""The most exits one room may have (more is a typo, not a room)."""
MAX_ROOMS = 10_000


def room_from_data(data: Mapping[str, Any]) -> Room:
    """A room from its record data; ValueError if the data cannot be one."""
    room_id = data.get("id")
    if type(room_id) is not str or not room_id:
        if not isinstance(room_id, str) or not room_id:
            raise ValueError("a room without an id")
    listed, status, description = data.get("x"), data.get("s"), data.get("d", "")
    return _new_room(Room, (
        room_id, description if type(description) is str else str(description),
        tuple(map(str, status)) if isinstance(status, list) else (),
        _exits_from_data(room_id, listed) if isinstance(listed, list) else ()))


def trail_after(trail: tuple[str, ...], here: str | None, to: str | None) -> tuple[str, ...]:
    """The party's trail (the rooms it came through) once it steps from ``here`` to
    ``to``: cut where ``to`` was on it (the party walked back there), else ``here`` added."""
    if to is not None and to in trail:
        return trail[:trail.index(to)]
    if here is None or here == to:
        return trail
    return (*trail, here)


def whole_map_trail(previous: str | None) -> tuple[str, ...]:
    """The trail a whole map means when it writes none: the room the party was in before
    (the common case, and all a journal from before trails knows)."""
    return (previous,) if previous is not None else ()


_new_room = tuple.__new__  # (a Room made from its four fields at once, not by keyword)


def _exits_from_data(room_id: str, listed: list[Any]) -> tuple[Exit, ...]:
    """A room's exits from their record data (the first :data:`MAX_EXITS`): each one met
    before is taken as it was made (a map's rooms share many exits), the others made one by
    one."""
    if len(listed) > MAX_EXITS:
        listed = listed[:MAX_EXITS]
    get = _EXITS.get
    try:  # only a valid exit's data is a key: a list of another length or kind is not
        known = [get(tuple(item)) if type(item) is list else None for item in listed]
    except TypeError:  # a list or a mapping where a direction or a room goes
        known = [None] * len(listed)
    if None not in known:
        return tuple(known)  # type: ignore[arg-type]
    return tuple([exit if exit is not None else _exit_from_data(room_id, item)
                  for exit, item in zip(known, listed, strict=True)])


def _exit_from_data(room_id: str, item: Any) -> Exit:
    """An exit from its record data (``[direction, to]``, ``[…, 1]`` if secret, ``[…, 0 or
    1, door]`` with a door, :data:`~solo.engine.rooms.DOORS`): the same few exits recur
    across a map, so each is made once."""
    if not isinstance(item, list) or not 2 <= len(item) <= 4:
        raise ValueError(f"an exit of {room_id} cannot be read")
    key = tuple(item)
    try:
        found = _EXITS.get(key)
    except TypeError:  # a list or a mapping where a direction or a room goes
        raise ValueError(f"an exit of {room_id} cannot be read") from None
    if found is None:
        direction, to = item[0], item[1]
        if direction is not None and direction not in DIRECTIONS:
            raise ValueError(f"an exit of {room_id} has no direction {direction!r}")
        door = item[3] if len(item) > 3 else ""
        if door not in DOORS:
            raise ValueError(f"an exit of {room_id} has no door {str(door)[:20]!r}")
        found = Exit(direction, to if isinstance(to, str) else None,
                     len(item) == 3 or (len(item) == 4 and bool(item[2])), door)
        if len(_EXITS) < 100_000:
            _EXITS[key] = found
    return found


_EXITS: dict[tuple[Any, ...], Exit] = {}


class MapBuilder:
    """A map being read back from records, one record's changes at a time: its rooms by id
    and where the party is, made a :class:`~solo.engine.rooms.Dungeon` only when asked."""

    def __init__(self, dungeon: Dungeon | None = None) -> None:
        start = dungeon if dungeon is not None else Dungeon()
        self.rooms: dict[str, Room] = {room.id: room for room in start.rooms}
        self.here, self.way_out, self.previous = start.here, start.way_out, start.previous
        self.trail = start.trail

    def apply(self, data: Mapping[str, Any]) -> None:
        """Apply one record's changes, all or nothing: ValueError, and nothing changed, if
        they cannot be."""
        if not isinstance(data, Mapping):
            raise ValueError("the rooms of a record are not a mapping")
        listed = data.get("rooms", [])
        if not isinstance(listed, list):
            raise ValueError("the rooms of a record are not a list")
        changed: dict[str, Room] = {}
        for item in listed:
            if type(item) is not dict and not isinstance(item, Mapping):  # dict: no ABC check
                raise ValueError("a room of a record is not a mapping")
            room = room_from_data(item)
            changed[room.id] = room
        rooms = self.rooms
        if len(rooms) + sum(room_id not in rooms for room_id in changed) > MAX_ROOMS:
            raise ValueError(f"more than {MAX_ROOMS:,} rooms")
        for room in changed.values():  # changes never take a room away: only these can stray
            for exit in room.exits:
                if exit.to is not None and exit.to not in changed and exit.to not in rooms:
                    raise ValueError(f"an exit of {room.id} leads to no room on the map")
        here = self._known(data, "here", self.here, changed)
        way_out = self._known(data, "out", self.way_out, changed)
        previous = self._known(data, "from", self.previous, changed)
        trail = self._trail(data, here, changed)
        rooms.update(changed)
        self.here, self.way_out, self.previous, self.trail = here, way_out, previous, trail

    def _trail(self, data: Mapping[str, Any], here: str | None, changed: Mapping[str, Room]
               ) -> tuple[str, ...]:
        """The party's trail: as the record lists it, else followed from where it was
        (see :func:`trail_after`)."""
        listed = data.get("trail")
        if listed is None:
            if not self.rooms:  # a whole map: the trail it does not write is this
                return whole_map_trail(self._known(data, "from", None, changed))
            return trail_after(self.trail, self.here, here)
        if not isinstance(listed, list) or len(listed) > MAX_ROOMS or any(
                not isinstance(room_id, str) or (room_id not in changed
                                                 and room_id not in self.rooms)
                for room_id in listed):
            raise ValueError("the record's 'trail' names no rooms on the map")
        return tuple(listed)

    def _known(self, data: Mapping[str, Any], key: str, old: str | None,
               changed: Mapping[str, Room]) -> str | None:
        value = data.get(key, old)
        if value is not None and (not isinstance(value, str)
                                  or (value not in changed and value not in self.rooms)):
            raise ValueError(f"the record's {key!r} names no room on the map")
        return value

    def dungeon(self) -> Dungeon:
        """The map as it stands."""
        return Dungeon(tuple(self.rooms.values()), self.here, self.way_out, self.previous,
                       self.trail)


def apply_changes(dungeon: Dungeon, data: Mapping[str, Any]) -> Dungeon:
    """``dungeon`` with the changes of one record applied; ValueError if they cannot be."""
    return apply_all(dungeon, (data,))


def apply_all(dungeon: Dungeon, changes: Iterable[Mapping[str, Any]]) -> Dungeon:
    """``dungeon`` with the changes of several records applied in order (the map built
    once, however many records); ValueError if one cannot be."""
    builder = MapBuilder(dungeon)
    for data in changes:
        builder.apply(data)
    return builder.dungeon()
