"""What a :class:`~solo.engine.rooms.Dungeon` knows of its own rooms, kept as the map grows:
where each room stands, which rooms lead to each one, every room's distance to the
dungeon's exit, and which rooms each change touched.

A dungeon is frozen, and each change makes a new one, mostly from the last: the new one
shares its maker's index and brings it up to date in place, in what the change touched,
so that a turn that adds one room to a map of thousands costs what that room costs, not
what the map does. Each index is kept for one line of dungeons, each made from the one
before (their versions count up): the latest, the *tip*, may read all of it, the earlier
ones only where each room stands (rooms are never taken away, and none moves, so an
earlier dungeon finds its own rooms in the first places). A dungeon that is not the tip
of its index and needs more makes an index of its own (:meth:`MapIndex.of`), as every
dungeon made from scratch does when first asked. Pure: no I/O, nothing shared between
index objects.
"""

from __future__ import annotations

from bisect import insort
from collections import deque
from collections.abc import Callable, Iterable, Sequence

__all__ = ["MapIndex", "LOG_KEPT"]

LOG_KEPT = 4096
"""At least how many versions back an index remembers which rooms each changed (older: all
rooms are compared)."""


class MapIndex:
    """The shared index of one line of dungeons (see the module's docstring).

    ``positions``: each room's place in the rooms, in order of discovery; ``led_from``: for
    each room id, the rooms whose exits lead to it, in order of discovery; ``out`` and
    ``distances``: each room's steps to the room ``out`` (the dungeon's exit) by the
    shortest known way, None until asked (and after a change that took a way away);
    ``version``: the tip's; ``regular``: no id is on two rooms (a map made by the engine
    never has two; one given whole might, and is then changed the plain way)."""

    __slots__ = ("positions", "led_from", "out", "distances", "version", "regular", "_log",
                 "_first")

    def __init__(self) -> None:
        self.positions: dict[str, int] = {}
        self.led_from: dict[str, list[str]] = {}
        self.out: str | None = None
        self.distances: dict[str, int] | None = None
        self.version = 0
        self.regular = True
        self._log: list[tuple[str, ...]] = []  # the rooms each version changed
        self._first = 1  # the version whose change _log[0] holds

    @classmethod
    def of(cls, rooms: Sequence[tuple[str, Iterable[str]]]) -> MapIndex:
        """The index of rooms given as (id, the ids its exits lead to), in order: one pass."""
        index = cls()
        positions, led_from = index.positions, index.led_from
        for place, (room_id, targets) in enumerate(rooms):
            positions[room_id] = place
            for to in dict.fromkeys(targets):
                led_from.setdefault(to, []).append(room_id)
        index.regular = len(positions) == len(rooms)
        return index

    def place(self, room_id: str | None, count: int) -> int | None:
        """Where the room ``room_id`` stands among the first ``count`` rooms (None: not
        there). Right for every dungeon of the line, the tip or not: the line only ever
        adds rooms after the others."""
        if room_id is None:
            return None
        place = self.positions.get(room_id)
        return place if place is not None and place < count else None

    def next_version(self, changed: tuple[str, ...]) -> int:
        """A new tip, made by changing the rooms ``changed`` (their ids)."""
        self.version += 1
        self._log.append(changed)
        if len(self._log) >= 2 * LOG_KEPT:  # the older half forgotten, at once
            del self._log[:LOG_KEPT]
            self._first += LOG_KEPT
        return self.version

    def changed_between(self, older: int, newer: int) -> set[str] | None:
        """The ids of the rooms changed from version ``older`` to ``newer`` of this line
        (None: too far back to say)."""
        if older + 1 < self._first or older > newer:
            return None
        found: set[str] = set()
        for at in range(older + 1 - self._first, newer + 1 - self._first):
            found.update(self._log[at])
        return found

    def set_room(self, room_id: str, place: int, old: Iterable[str] | None,
                 new: Iterable[str], leads_to: Callable[[str], Iterable[str]],
                 neighbours: Callable[[str], list[str]]) -> None:
        """The tip's room ``room_id`` at ``place`` now leads to the ids ``new`` (``old``:
        where it led before; None: the room is new). ``leads_to`` and ``neighbours`` read the
        new tip's map, whose rooms this index now serves."""
        known_out = self.out in self.positions
        if old is None:
            self.positions[room_id] = place
            old = ()
        before, after = dict.fromkeys(old), dict.fromkeys(new)
        for to in before:
            if to not in after:
                self.led_from[to].remove(room_id)
        place_of = self.positions.__getitem__
        for to in after:
            if to not in before:
                insort(self.led_from.setdefault(to, []), room_id, key=place_of)
        if self.distances is None:
            return
        if not known_out:  # no known way out yet, unless this is the room
            if room_id == self.out:
                self.distances = None
            return
        if any(to in self.positions and to != room_id
               and room_id not in leads_to(to) for to in before if to not in after):
            self.distances = None  # a way taken away: counted again when next asked
            return
        ends = [to for to in after if to not in before]
        if not before:  # a new room: the rooms that already led to it are new ways too
            ends += self.led_from.get(room_id, ())
        self._shorten(room_id, [to for to in ends if to != room_id and to in self.positions],
                      neighbours)

    def _shorten(self, room_id: str, ends: list[str],
                 neighbours: Callable[[str], list[str]]) -> None:
        """The distances after new ways between ``room_id`` and each of ``ends``: a way
        added only shortens, so only the rooms it brings nearer are counted again."""
        distances = self.distances
        assert distances is not None
        queue: deque[str] = deque()

        def lower(room: str, steps: int) -> None:
            if distances.get(room, steps + 1) > steps:
                distances[room] = steps
                queue.append(room)

        for end in ends:
            if end in distances:
                lower(room_id, distances[end] + 1)
            if room_id in distances:
                lower(end, distances[room_id] + 1)
        while queue:
            room = queue.popleft()
            steps = distances[room] + 1
            for other in neighbours(room):
                lower(other, steps)

    def distances_to(self, out: str, count: Callable[[str], dict[str, int]]) -> dict[str, int]:
        """Each known room's steps to ``out`` (the tip's exit): kept, or ``count(out)``."""
        if self.distances is None or self.out != out:
            self.distances, self.out = count(out), out
        return self.distances
