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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple

from solo.engine.map_index import ExitDistances, MapIndex

__all__ = ["DIRECTIONS", "ROOM_ID", "OPPOSITE", "DOORS", "HIDDEN", "BARRED_DOORS", "Exit",
           "Room", "Dungeon", "map_value", "way_back"]

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
    nowhere known yet), whether it is secret, and its door (:data:`DOORS`: ``""`` open,
    ``stuck``, ``locked``, ``trapped``, ``found`` (a trap the party has found and gets
    around), or ``hidden``, a secret way not found yet).
    Immutable; a tuple, so that resuming a map of thousands of rooms makes them at a
    tuple's cost (``_replace`` changes a field)."""

    direction: str | None = None
    to: str | None = None
    secret: bool = False
    door: str = ""

    @property
    def seen(self) -> bool:
        """Whether the party knows of it (a secret way not found yet is hidden)."""
        return self.door != HIDDEN

    @property
    def barred(self) -> bool:
        """A door that must be opened before the party goes through."""
        return self.door in BARRED_DOORS

    @property
    def passable(self) -> bool:
        """Whether the party may go through it now, one step or on a walk: a way it knows
        of (a hidden one is wall) whose door is not shut (stuck or locked: opened first);
        a trapped one may be passed, and springs. The one test every move and every way
        counted to the way out read."""
        return self.door not in _SHUT

    def crossed(self, found: bool = False) -> Exit:
        """The exit once the party has gone through it: a shut door opened, a trap sprung
        (open after) or, ``found`` as the party moves, found; a trap found stays found."""
        kept = FOUND if self.door == FOUND or (found and self.door == "trapped") else ""
        return self if self.door == kept else self._replace(door=kept)


HIDDEN = "hidden"
FOUND = "found"
BARRED_DOORS = ("stuck", "locked")
_SHUT = (*BARRED_DOORS, HIDDEN)
DOORS = ("", "stuck", "locked", "trapped", FOUND, HIDDEN)
"""An exit's door: open (``""``), stuck or locked (opened by the procedure's own action
before the party goes through), trapped (springs as the party goes through, unless
found), found (a trap found: shown as ``(trapped)``, the party gets around it; a sprung
one is open), hidden (a secret way, found by a search)."""


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

    def ways(self) -> Iterator[str]:
        """The ids of the rooms the party may go to from it now, by its own exits that are
        :attr:`Exit.passable` (an exit that leads one way is walked that way only)."""
        return (exit.to for exit in self.exits if exit.to is not None and exit.passable)


TRAIL = 64
"""How many changes back a dungeon remembers which rooms each one changed (further: all
rooms are compared)."""


@dataclass(frozen=True)
class Dungeon:
    """Every known room in order of discovery, where the party is, where it came in (the
    dungeon's exit), the room it was in before this one and the way it came by (its
    ``trail``, which ``back`` retraces).

    Made from another by :meth:`with_room` and :meth:`placed`, a dungeon shares its maker's
    index of the rooms and its distances to the exit (:mod:`solo.engine.map_index`), and adds
    what it changed, so a change costs what it touches, not the size of the map; made whole
    (``Dungeon(rooms, ...)``), it makes them when first asked."""

    rooms: tuple[Room, ...] = ()
    here: str | None = None
    way_out: str | None = None
    previous: str | None = None
    trail: tuple[str, ...] = ()
    """The rooms the party came through to get here, the first room first: where ``back``
    goes, step by step (a room walked into again cuts the trail there)."""
    _index: MapIndex | None = field(default=None, init=False, repr=False, compare=False)
    _to_exit: ExitDistances | None = field(default=None, init=False, repr=False,
                                           compare=False)
    # the last TRAIL changes that made it: (the token of the dungeon changed, the rooms)
    _trail: tuple[tuple[object, tuple[str, ...]], ...] = field(default=(), init=False,
                                                               repr=False, compare=False)
    _token: object = field(default_factory=object, init=False, repr=False, compare=False)
    _plain_led_from: dict[str, list[str]] | None = field(default=None, init=False,
                                                         repr=False, compare=False)

    def _map(self) -> MapIndex:
        index = self._index
        if index is None:
            index = MapIndex.of([(room.id, room.leads_to()) for room in self.rooms])
            object.__setattr__(self, "_index", index)
        return index

    def room(self, room_id: str | None) -> Room | None:
        place = self._map().place(room_id, self.rooms)
        return self.rooms[place] if place is not None else None

    @property
    def current(self) -> Room | None:
        return self.room(self.here)

    def neighbours(self, room_id: str) -> list[str]:
        """The rooms one step away from ``room_id``, by an exit either side knows."""
        found: list[str] = []
        room = self.room(room_id)
        if room is not None:
            found.extend(room.leads_to())
        found.extend(other for other in self._rooms_leading_to(room_id) if other not in found)
        return [room for room in found if room != room_id and self.room(room) is not None]

    def _rooms_leading_to(self, room_id: str) -> list[str]:
        """The rooms whose exits lead to ``room_id``, in order of discovery."""
        index = self._map()
        if not index.regular:  # an id on two rooms: every room read, once
            if self._plain_led_from is None:
                led_from: dict[str, list[str]] = {}
                for other in self.rooms:
                    for to in dict.fromkeys(other.leads_to()):
                        led_from.setdefault(to, []).append(other.id)
                object.__setattr__(self, "_plain_led_from", led_from)
            return self._plain_led_from.get(room_id, [])  # type: ignore[union-attr]
        places = [place for place in map(partial(index.place, rooms=self.rooms),
                                         index.leading_to(room_id))
                  if place is not None and room_id in self.rooms[place].leads_to()]
        return [self.rooms[place].id for place in sorted(places)]

    def with_room(self, room: Room, here: str | None = None) -> Dungeon:
        """This dungeon with ``room`` in place of the room of its id, or added after the
        others if it has none, and the party in ``here`` (None: where it is)."""
        index = self._map()
        here = here if here is not None else self.here
        if not index.regular:  # an id on two rooms: each of them replaced, as always
            rooms = tuple(room if old.id == room.id else old for old in self.rooms)
            if self.room(room.id) is None:
                rooms += (room,)
            return Dungeon(rooms, here, self.way_out, self.previous, self.trail)
        place = index.place(room.id, self.rooms)
        if place is None:
            place, rooms, old = len(self.rooms), self.rooms + (room,), None
        else:
            old = self.rooms[place]
            kept = list(self.rooms)  # (one copy, where slices and + would make three)
            kept[place] = room
            rooms = tuple(kept)
        made = self._made(rooms, here, self.way_out, self.previous, (room.id,), self.trail)
        if old is None or old.exits is not room.exits:
            before = dict.fromkeys(old.leads_to()) if old is not None else {}
            index.add(room.id, place, [to for to in room.leads_to() if to not in before])
            made._follow_ways(room.id, old is None,
                              dict.fromkeys(old.ways()) if old is not None else {},
                              dict.fromkeys(room.ways()))
        return made

    def _follow_ways(self, room_id: str, new: bool, before: dict[str, None],
                     after: dict[str, None]) -> None:
        """This dungeon's distances to the exit, from its maker's: the room ``room_id``
        (``new``, or not) had ways the party may pass to ``before`` and has them to
        ``after``."""
        kept = self._to_exit
        if kept is None:
            return
        if new and room_id == kept.out:  # the exit's room is new: counted when asked
            object.__setattr__(self, "_to_exit", None)
            return
        if self.room(kept.out) is None:  # no known exit: no room has a way there yet
            return
        if any(to not in after and to != room_id and self.room(to) is not None
               for to in before):
            object.__setattr__(self, "_to_exit", None)  # a way taken away (or shut)
            return
        ends = [(room_id, to) for to in after
                if to not in before and to != room_id and self.room(to) is not None]
        if new:  # the rooms that had a way to it already have a new way too
            ends += [(other, room_id) for other in self.ways_in(room_id)]
        if ends:
            object.__setattr__(self, "_to_exit", kept.after_new_ways(ends, self.ways_in))

    def placed(self, here: str | None, way_out: str | None, previous: str | None,
               trail: tuple[str, ...] | None = None) -> Dungeon:
        """The same rooms, with the party ``here``, the dungeon's exit ``way_out``, the
        room the party was in before ``previous`` and the ``trail`` it came by (None: as
        it is)."""
        return self._made(self.rooms, here, way_out, previous, (),
                          self.trail if trail is None else trail)

    def _made(self, rooms: tuple[Room, ...], here: str | None, way_out: str | None,
              previous: str | None, changed: tuple[str, ...],
              trail: tuple[str, ...]) -> Dungeon:
        """A dungeon made from this one, sharing what it knows."""
        made = Dungeon(rooms, here, way_out, previous, trail)
        object.__setattr__(made, "_index", self._index)
        object.__setattr__(made, "_to_exit", self._to_exit)
        object.__setattr__(made, "_trail", (*self._trail[1 - TRAIL:], (self._token, changed)))
        return made

    def changed_rooms(self, before: Dungeon) -> Sequence[Room]:
        """The rooms that may differ from ``before``'s, in order of discovery: those changed
        since, when this dungeon was made from ``before`` by at most :data:`TRAIL` changes
        (:meth:`with_room`, :meth:`placed`); all of them when not."""
        if before is self:
            return ()
        trail, token = self._trail, before._token
        at = next((at for at in range(len(trail) - 1, -1, -1) if trail[at][0] is token), None)
        if at is None:
            return self.rooms
        ids = {room_id for _, changed in trail[at:] for room_id in changed}
        places = (self._map().place(room_id, self.rooms) for room_id in ids)
        return [self.rooms[place] for place in sorted(place for place in places
                                                      if place is not None)]

    def distances(self, start: str | None) -> dict[str, int]:
        """Each known room reachable from ``start`` and its number of steps, by the shortest
        known way (breadth first)."""
        if start is None or self.room(start) is None:
            return {}
        return self.steps(start, self.neighbours)

    @staticmethod
    def steps(start: str, onward: Callable[[str], Iterable[str]]) -> dict[str, int]:
        """Each room reached from ``start`` (0) by ``onward`` (a room's next rooms), and its
        steps by the shortest such way: breadth first, the one search every count shares."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            for other in onward(room):
                if other not in seen:
                    seen[other] = seen[room] + 1
                    queue.append(other)
        return seen

    def route(self, start: str, goal: str, avoid: frozenset[str] = frozenset(),
              shut: bool = False) -> list[str] | None:
        """The rooms of the shortest known way from ``start`` to ``goal`` (``goal`` last,
        ``start`` left out), following each room's own exits the party may pass only
        (:attr:`Exit.passable`; with ``shut``, shut doors too, but never a hidden way; an
        exit that leads one way is walked that way), never through a room of ``avoid``
        (``goal`` may be one); breadth first, each room's exits in their order; None when
        no such way is known."""
        if start == goal:
            return []
        came: dict[str, str] = {start: start}
        queue = deque([start])
        while queue:
            at = queue.popleft()
            room = self.room(at)
            if room is None:
                continue
            for to in (room.ways() if not shut else (
                    exit.to for exit in room.exits if exit.to is not None and exit.seen)):
                if to in came or self.room(to) is None or (to in avoid and to != goal):
                    continue
                came[to] = at
                if to == goal:
                    way = [goal]
                    while came[way[-1]] != start:
                        way.append(came[way[-1]])
                    return way[::-1]
                queue.append(to)
        return None

    def ways_in(self, room_id: str) -> list[str]:
        """The known rooms the party may go to ``room_id`` from, one step (by an exit of
        theirs that is :attr:`Exit.passable`), in order of discovery."""
        found = []
        for other in self._rooms_leading_to(room_id):
            room = self.room(other)
            if other != room_id and room is not None and room_id in room.ways():
                found.append(other)
        return found

    def steps_to(self, goal: str) -> dict[str, int]:
        """Each known room the party may walk to ``goal`` from, and its steps, by the
        shortest way it may pass (breadth first from ``goal``, along the ways in)."""
        if self.room(goal) is None:
            return {}
        return self.steps(goal, self.ways_in)

    def rooms_to_exit(self) -> int | None:
        """The rooms between the party and the dungeon's exit by the shortest known way it
        may pass (0 in the exit room); None when no such way leads there. Kept from one
        dungeon to the next, as :meth:`steps_to` the exit would count it."""
        if not self.way_out or self.here is None:
            return None
        return self._exit_distances().get(self.here)

    def way_to_exit(self) -> tuple[str | None, int] | None:
        """The first step of the shortest known way from the party to the dungeon's exit
        and the rooms it goes through, as a breadth-first search from the party finds it:
        (None, 0) in the exit room; None when no known way leads there."""
        if self.way_out is None or self.here is None:
            return None
        to_exit = self._exit_distances()
        steps = to_exit.get(self.here)
        if steps is None:
            return None
        if steps == 0:
            return None, 0
        here = self.current
        assert here is not None  # (a room with steps to the exit is known)
        # the breadth-first search from here takes the first way one step nearer
        return next(room for room in here.ways() if to_exit.get(room) == steps - 1), steps

    def _exit_distances(self) -> ExitDistances:
        """Each known room's steps to the dungeon's exit by the ways the party may pass:
        kept from the dungeon this one was made from, else counted."""
        kept = self._to_exit
        if kept is None or kept.out != self.way_out:
            assert self.way_out is not None
            kept = ExitDistances(self.way_out, self.steps_to(self.way_out), {})
            object.__setattr__(self, "_to_exit", kept)
        return kept


def map_value(dungeon: Dungeon, name: str) -> int | None:
    """What the room says of ``name`` (:data:`solo.rules.procedure.MAP_VALUES`): the exits
    of the room the party is in (``room_exits``); None when the map does not know (the way
    out, ``rooms_to_exit``, is :func:`solo.engine.way_out.map_value`'s)."""
    room = dungeon.current
    if room is None:
        return None
    if name == "room_exits":  # the exits the party knows of (a hidden one is not)
        return sum(1 for exit in room.exits if exit.door != HIDDEN)
    return None


_COMPASS = DIRECTIONS[:8]


def _turn(direction: str | None, other: str | None) -> int:
    """How far ``other`` turns from ``direction`` in eighths of the compass (up or down: 5,
    past any; no ``direction``: 0)."""
    if direction is None or direction == other:
        return 0
    if direction not in _COMPASS or other not in _COMPASS:
        return 5
    return min(apart := abs(_COMPASS.index(direction) - _COMPASS.index(other)), 8 - apart)


def way_back(room: Room, direction: str | None) -> str | None:
    """Which free exit (leading nowhere yet) a way back into ``room`` takes, where none free
    has its ``direction`` (None: not known) or none: the nearest on the compass (the first
    of a tie), never a new one. None: none is free, or one fits as it is."""
    free = [exit.direction for exit in room.exits if exit.to is None and exit.seen]
    if not free or None in free or direction in free:
        return None
    return min(free, key=lambda other: _turn(direction, other))
