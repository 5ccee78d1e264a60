"""The nearest way out: the one count every figure of the way out reads (the rooms list,
the map, the recap, the rules' ``rooms_to_exit`` and ``way_out``, the leave roll's rooms)
and the room ``leave`` walks to.

A dungeon has its own way out (:attr:`~solo.engine.rooms.Dungeon.way_out`, the room the
party came in by, or the one the player named) and may have others: the rooms whose exits
a key says lead out of it (given by the caller, who knows the key:
:func:`solo.engine.world_state.rooms_out`). The nearest of them is counted by the ways the
party may pass (:attr:`~solo.engine.rooms.Exit.passable`, each the way it leads), as
:meth:`~solo.engine.rooms.Dungeon.rooms_to_exit` counts the way to the dungeon's own,
which it is (and kept from one dungeon to the next) while the dungeon has no other.

Pure: reads a dungeon, never changes one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from solo.engine.rooms import Dungeon
from solo.engine.rooms import map_value as room_value

__all__ = ["WayOut", "nearest", "way_text", "map_value"]


class WayOut(NamedTuple):
    """The nearest way out: the room the party leaves the dungeon from, the rooms between
    the party and it (0: it is there) and the first room of the way (None: it is there)."""

    room: str
    steps: int
    first: str | None


_START = ""
"""The count's own start, one step before every way out (no room's id is empty)."""


def nearest(dungeon: Dungeon, others: Iterable[str] = ()) -> WayOut | None:
    """The nearest of the dungeon's way out and the rooms ``others`` (with a way out of
    their own), by the shortest known way the party may pass from where it is (a tie goes
    to the dungeon's own, then to the way whose first step comes first among the room's
    exits); None when the party is in no known room or no known way leads out."""
    here = dungeon.here
    outs = [room for room in dict.fromkeys((dungeon.way_out, *others))
            if room is not None and dungeon.room(room) is not None]
    if here is None or dungeon.room(here) is None or not outs:
        return None
    if here in outs:
        return WayOut(here, 0, None)
    if outs == [dungeon.way_out]:  # the dungeon's own alone: its count, kept as it changes
        own = dungeon.way_to_exit()
        return None if own is None else WayOut(outs[0], own[1], own[0])
    to_out = Dungeon.steps(_START, lambda room: outs if room == _START
                           else dungeon.ways_in(room))
    if here not in to_out:
        return None
    steps = to_out[here] - 1
    own = dungeon.way_to_exit() if dungeon.way_out in outs else None
    if own is not None and own[1] == steps:  # (as near as any other: the dungeon's own)
        return WayOut(outs[0], steps, own[0])
    at, first = here, None
    while to_out[at] > 1:  # the first way one step nearer, as a walk from here finds it
        room = dungeon.room(at)
        assert room is not None  # (a room counted is known)
        at = next(to for to in room.ways() if to_out.get(to) == to_out[at] - 1)
        first = first or at
    return WayOut(at, steps, first)


def way_text(dungeon: Dungeon, way: WayOut | None) -> str:
    """Which way ``way`` (:func:`nearest`) lies from the room the party is in:
    ``N to R2, 3 rooms in all``; ``here`` in the room it leaves from; '' with no way."""
    if way is None:
        return ""
    if way.first is None:
        return "here"
    room = dungeon.current
    step = next((exit.direction for exit in room.exits
                 if exit.to == way.first and exit.passable), None) \
        if room is not None else None
    return (f"{step} to {way.first}" if step else f"to {way.first}") + (
        f", {way.steps} rooms in all" if way.steps > 1 else "")


def map_value(dungeon: Dungeon, name: str, others: Iterable[str] = ()) -> int | None:
    """What the map says of ``name`` (:data:`solo.rules.procedure.MAP_VALUES`): the exits
    of the room the party is in (``room_exits``), the rooms between it and the nearest way
    out (``rooms_to_exit``, with ``others`` as :func:`nearest` reads them); None when the
    map does not know."""
    if name == "rooms_to_exit":
        way = nearest(dungeon, others)
        return None if way is None else way.steps
    return room_value(dungeon, name)
