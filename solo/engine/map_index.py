"""What dungeons know of their rooms, kept as the map grows: where each room stands, which
rooms lead to each one (:class:`MapIndex`), and each room's distance to the dungeon's exit
(:class:`ExitDistances`).

A dungeon is frozen, and each change makes a new one from another. The new one shares its
maker's :class:`MapIndex` and adds to it only what it brings (a room's place, a room that
leads to another), so that a turn that adds one room to a map of thousands costs what that
room costs, not what the map does. One index serves every dungeon made from the same first
one, whatever branch (a command refused, a forecast's plays, the map before an ``undo``):
it only ever grows, and each dungeon checks what it reads against its own rooms. Distances
are kept for each dungeon, as its maker's plus the few it changed. Pure: no I/O, and
nothing shared but by the dungeons made from one another.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

__all__ = ["MapIndex", "ExitDistances", "OVERLAY_KEPT"]

OVERLAY_KEPT = 128
"""How many distances a dungeon keeps apart from the ones it shares (more: a map of its own)."""


class _Named(Protocol):
    @property
    def id(self) -> str: ...


class MapIndex:
    """The index shared by the dungeons made from one another (see the module's docstring).

    ``positions``: the place each room id was given, among the rooms of the dungeons that
    have it (an id given two places by two branches is ``conflicted``, and looked for);
    ``leading``: for each room id, the rooms whose exits led to it in some dungeon, each
    checked against a dungeon's own rooms when read; ``regular``: no id is on two rooms of
    the first dungeon (a map made by the engine never has two; one given whole might, and
    is then read and changed the plain way)."""

    __slots__ = ("positions", "conflicted", "leading", "regular")

    def __init__(self) -> None:
        self.positions: dict[str, int] = {}
        self.conflicted: set[str] = set()
        self.leading: dict[str, dict[str, None]] = {}
        self.regular = True

    @classmethod
    def of(cls, rooms: Sequence[tuple[str, Iterable[str]]]) -> MapIndex:
        """The index of rooms given as (id, the ids its exits lead to), in order: one pass."""
        index = cls()
        positions, leading = index.positions, index.leading
        for place, (room_id, targets) in enumerate(rooms):
            positions[room_id] = place
            for to in targets:
                leading.setdefault(to, {})[room_id] = None
        index.regular = len(positions) == len(rooms)
        return index

    def place(self, room_id: str | None, rooms: Sequence[_Named]) -> int | None:
        """Where the room ``room_id`` stands in ``rooms`` (None: not there)."""
        place = self.positions.get(room_id) if room_id is not None else None
        if place is None:
            return None  # every id of every dungeon sharing the index is in positions
        if room_id in self.conflicted:  # (two branches gave it two places: looked for)
            return next((at for at in range(len(rooms) - 1, -1, -1)
                         if rooms[at].id == room_id), None)
        return place if place < len(rooms) and rooms[place].id == room_id else None

    def add(self, room_id: str, place: int, targets: Iterable[str]) -> None:
        """The room ``room_id``, at ``place`` in the dungeon that adds it, leads to
        ``targets`` (its own, or ones it gained)."""
        if room_id not in self.positions:
            self.positions[room_id] = place
        elif self.positions[room_id] != place:
            self.conflicted.add(room_id)
        for to in targets:
            self.leading.setdefault(to, {})[room_id] = None

    def leading_to(self, room_id: str) -> Iterable[str]:
        """The rooms whose exits led to ``room_id`` in some dungeon sharing the index."""
        return self.leading.get(room_id, ())


class ExitDistances:
    """Each known room's steps to the room ``out`` (the dungeon's exit) by the shortest
    known way the party may pass (each way taken the way it leads), for one dungeon:
    those it shares with the dungeon it was made from (``base``), and the ones it changed
    (``overlay``). Never changed once made."""

    __slots__ = ("out", "base", "overlay")

    def __init__(self, out: str, base: dict[str, int], overlay: dict[str, int]) -> None:
        self.out, self.base, self.overlay = out, base, overlay

    def get(self, room_id: str) -> int | None:
        steps = self.overlay.get(room_id)
        return steps if steps is not None else self.base.get(room_id)

    def after_new_ways(self, ways: Sequence[tuple[str, str]],
                       ways_in: Callable[[str], list[str]]) -> ExitDistances:
        """The distances after new ways ``ways`` (each from a room to another, the way the
        party may pass it; ``ways_in`` gives the rooms with a way to a room, in the new
        dungeon): a way added only shortens, so only the rooms it brings nearer are
        counted again."""
        overlay = dict(self.overlay)
        base = self.base
        queue: deque[str] = deque()
        lowered = 0

        def lower(room: str, steps: int) -> None:
            nonlocal lowered
            now = overlay.get(room)
            if now is None:
                now = base.get(room)
            if now is None or now > steps:
                overlay[room] = steps
                queue.append(room)
                lowered += 1

        for start, end in ways:
            steps = overlay.get(end)
            if steps is None:
                steps = base.get(end)
            if steps is not None:
                lower(start, steps + 1)
        while queue:
            room = queue.popleft()
            steps = overlay[room] + 1
            for other in ways_in(room):
                lower(other, steps)
        if not lowered:
            return self
        if len(overlay) > OVERLAY_KEPT:  # too many apart: a map of its own
            return ExitDistances(self.out, {**base, **overlay}, {})
        return ExitDistances(self.out, base, overlay)
