"""The traps the map knows in the room the party is in, counted for the rules (D12 lowers
Tension once for each trap the party gets around): those on its doors not found yet,
which a search finds (:func:`unfound`), and those found, so counted already
(:func:`found`).

A trap on a door is the exit's door (:data:`~solo.engine.rooms.DOORS`): ``trapped`` until
found, ``found`` after; a trap of the room itself is its status word ``trapped`` (a key's
or a rolled room's, or the player's ``room +trapped``). Pure: reads a dungeon.
"""

from __future__ import annotations

from solo.engine.rooms import FOUND, Dungeon, Room

__all__ = ["unfound", "found"]


def unfound(room: Room) -> int:
    """The traps on the doors of ``room`` not found yet (a trapped door looks open)."""
    return sum(exit.door == "trapped" for exit in room.exits)


def found(dungeon: Dungeon) -> int:
    """The traps the party has found (a search, a crawl) on the doors of the
    room it is in, those found from the room on the other side of a door included; 0 in
    no room."""
    room = dungeon.current
    if room is None:
        return 0
    beyond = {other.id: other for other in dungeon.rooms}
    return sum(exit.door == FOUND or exit.to in beyond and any(
        back.to == room.id and back.door == FOUND for back in beyond[exit.to].exits)
        for exit in room.exits)
