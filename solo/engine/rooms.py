"""The dungeon as the party knows it: rooms, their exits, and the ways between them.

A :class:`Room` has an id (``R1``, ``R2``… in order of discovery, or the player's own), a
short description, a status (words such as ``cleared`` or ``looted``) and its exits. An
:class:`Exit` has an optional direction (:data:`DIRECTIONS`), leads to a known room or
nowhere yet, and may be secret. :class:`Dungeon` holds every known room, the one the party
is in and the one it came in by (the dungeon's exit).

Everything here is pure data and pure functions: the engine keeps a Dungeon in its state,
and the map's layout and drawings read one.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["DIRECTIONS", "ROOM_ID", "OPPOSITE", "Exit", "Room", "Dungeon", "map_value",
           "way_out_text"]

DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW", "U", "D")
"""The directions an exit may have: the eight of the compass, up and down."""

ROOM_ID = re.compile(r"R\d{1,6}")
"""How a room's id is typed (``R2``): the one pattern the room grammar and the actions that
move on the map read."""

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE",
            "SE": "NW", "U": "D", "D": "U"}
"""Each direction's way back: an exit N from R1 to R2 is an exit S from R2 to R1."""


class Exit(NamedTuple):
    """One way out of a room: its direction (None: not given), the room it leads to (None:
    nowhere known yet) and whether it is secret. Immutable; a tuple, so that resuming a map
    of thousands of rooms makes them at a tuple's cost (``_replace`` changes a field)."""

    direction: str | None = None
    to: str | None = None
    secret: bool = False


class Room(NamedTuple):
    """A known room: its id, short description, status words and exits. Immutable, a tuple
    as :class:`Exit` is."""

    id: str
    description: str = ""
    status: tuple[str, ...] = ()
    exits: tuple[Exit, ...] = ()

    def leads_to(self) -> Iterator[str]:
        """The ids of the known rooms its exits lead to, in the exits' order."""
        return (exit.to for exit in self.exits if exit.to is not None)


@dataclass(frozen=True)
class Dungeon:
    """Every known room in order of discovery, where the party is, where it came in (the
    dungeon's exit) and the room it was in before this one (where ``back`` goes)."""

    rooms: tuple[Room, ...] = ()
    here: str | None = None
    way_out: str | None = None
    previous: str | None = None
    _index: dict[str, Room] = field(default_factory=dict, init=False, repr=False,
                                    compare=False)
    _led_from: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False,
                                            compare=False)  # (made when first asked)

    def __post_init__(self) -> None:
        self._index.update((room.id, room) for room in self.rooms)

    def room(self, room_id: str | None) -> Room | None:
        return self._index.get(room_id) if room_id is not None else None

    @property
    def current(self) -> Room | None:
        return self.room(self.here)

    def neighbours(self, room_id: str) -> list[str]:
        """The rooms one step away from ``room_id``, by an exit either side knows."""
        found: list[str] = []
        room = self.room(room_id)
        if room is not None:
            found.extend(room.leads_to())
        found.extend(other for other in self._rooms_leading_to().get(room_id, ())
                     if other not in found)
        return [room for room in found if room != room_id and room in self._index]

    def _rooms_leading_to(self) -> dict[str, list[str]]:
        """For each room, the rooms whose exits lead to it, in order of discovery: made in
        one pass when first asked (the map is frozen), so a search of the map costs its
        size once, not once per room it visits."""
        led_from = self._led_from
        if not led_from and self.rooms:
            led_from[""] = []  # (made: a map with no exit leading anywhere stays made)
            for other in self.rooms:
                for to in dict.fromkeys(other.leads_to()):
                    led_from.setdefault(to, []).append(other.id)
        return led_from

    def distances(self, start: str | None) -> dict[str, int]:
        """Each known room reachable from ``start`` and its number of steps, by the shortest
        known way (breadth first)."""
        if start is None or start not in self._index:
            return {}
        seen = {start: 0}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            for next_room in self.neighbours(room):
                if next_room not in seen:
                    seen[next_room] = seen[room] + 1
                    queue.append(next_room)
        return seen

    def nearest(self, start: str | None) -> list[str]:
        """The shortest known way from ``start`` to the dungeon's exit, both ends included
        ([] when no known way leads there)."""
        if start is None or self.way_out is None or start not in self._index:
            return []
        came_from: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            if room == self.way_out:
                way = [room]
                while came_from[way[-1]] is not None:
                    way.append(came_from[way[-1]])  # type: ignore[arg-type]
                return way[::-1]
            for next_room in self.neighbours(room):
                if next_room not in came_from:
                    came_from[next_room] = room
                    queue.append(next_room)
        return []

    def rooms_to_exit(self) -> int | None:
        """The rooms between the party and the dungeon's exit by the shortest known way
        (0 in the exit room); None when no known way leads there."""
        return self.distances(self.here).get(self.way_out) if self.way_out else None


def map_value(dungeon: Dungeon, name: str) -> int | None:
    """What the map says of ``name`` (:data:`solo.rules.procedure.MAP_VALUES`): the exits
    of the room the party is in (``room_exits``), the rooms between it and the dungeon's
    exit by the shortest known way (``rooms_to_exit``); None when the map does not know."""
    room = dungeon.current
    if room is None:
        return None
    if name == "room_exits":
        return len(room.exits)
    if name == "rooms_to_exit":
        return dungeon.rooms_to_exit()
    return None


def way_out_text(dungeon: Dungeon) -> str:
    """Which way the dungeon's exit lies from the room the party is in, by the shortest
    known way: ``N to R2, 3 rooms in all``; ``here`` in the exit room; '' when the map does
    not know."""
    way = dungeon.nearest(dungeon.here)
    if not way:
        return ""
    if len(way) == 1:
        return "here"
    room = dungeon.current
    step = next((exit.direction for exit in room.exits if exit.to == way[1]), None) \
        if room is not None else None
    rooms = len(way) - 1
    return (f"{step} to {way[1]}" if step else f"to {way[1]}") + (
        f", {rooms} rooms in all" if rooms > 1 else "")
