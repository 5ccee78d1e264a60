"""The traps the map knows in the room the party is in, counted for the rules (D12 lowers
Tension once for each trap the party gets around): those on its doors not found yet,
which a search finds (:func:`unfound`); those found, and so counted already
(:func:`found`); every one the map knows there, its own included (:func:`known`); and the
one door trap a ``disarm-trap`` gets around (:func:`disarm`).

A trap on a door is the exit's door (:data:`~solo.engine.rooms.DOORS`): ``trapped`` until
found, ``found`` after; a trap of the room itself is its status word ``trapped`` (a key's
or a rolled room's, or the player's ``room +trapped``). Pure: reads a dungeon, or gives a
changed room back.
"""

from __future__ import annotations

from solo.engine.rooms import FOUND, Dungeon, Room

__all__ = ["unfound", "found", "known", "disarm"]


def unfound(room: Room) -> int:
    """The traps on the doors of ``room`` not found yet (a trapped door looks open)."""
    return sum(exit.door == "trapped" for exit in room.exits)


def found(dungeon: Dungeon) -> int:
    """The traps the party has found (a search, a crawl, a disarming) on the doors of the
    room it is in, those found from the room on the other side of a door included; 0 in
    no room."""
    room = dungeon.current
    if room is None:
        return 0
    beyond = {other.id: other for other in dungeon.rooms}
    return sum(exit.door == FOUND or exit.to in beyond and any(
        back.to == room.id and back.door == FOUND for back in beyond[exit.to].exits)
        for exit in room.exits)


def known(dungeon: Dungeon) -> int:
    """Every trap the map knows in the room the party is in: its own (the status word
    ``trapped``), those on its doors not found yet and those found (:func:`found`); 0 in
    no room."""
    room = dungeon.current
    if room is None:
        return 0
    return ("trapped" in room.status) + unfound(room) + found(dungeon)


def disarm(room: Room, door: bool = True) -> tuple[Room, int | None]:
    """``room`` with the first trap on its doors not found yet marked found (the party gets
    around it from then on, and a search does not find it again), and that exit's place;
    the room unchanged and None where its doors hold no such trap, or where the trap the
    party got around is not on a door (``door``: False)."""
    index = next((index for index, exit in enumerate(room.exits)
                  if door and exit.door == "trapped"), None)
    if index is None:
        return room, None
    exits = list(room.exits)
    exits[index] = exits[index]._replace(door=FOUND)
    return room._replace(exits=tuple(exits)), index
