"""The exits the player names (``room exits N E(stuck) ?``, ``room a hall, exits N:R2``),
put on the room the party is in: one already there is matched (by its direction, or the
room it leads to) and takes the door typed, one counted but not placed yet gets the
direction, any other is added; a known room an exit leads to gets the way back. ``?``
names the room's shut door with no direction, which the party opened."""

from __future__ import annotations

from collections.abc import Sequence

from solo.engine.room_changes import MAX_EXITS, check_description, current_room
from solo.engine.rooms import OPPOSITE, Dungeon, Exit, Room
from solo.errors import UsageError

__all__ = ["OPENED", "describe", "which_unnamed", "unplaced_for"]

def _add_exits(room: Room, wanted: Sequence[Exit], place: bool = True) -> Room:
    """``room`` with the exits ``wanted``: one already there is kept (or linked, if it led
    nowhere known), one counted but not yet placed (``enter 3`` counts three) gets the
    direction (unless ``place`` is False: a key's room, whose exits the key gives), any
    other is added."""
    exits, before = list(room.exits), len(room.exits)  # (only those count as unplaced)
    for new in wanted:
        if new.to == room.id:
            raise UsageError(f"an exit of {room.id} cannot lead back into {room.id}")
        same = next((index for index, exit in enumerate(exits) if new.direction is not None
                     and exit.direction == new.direction), None)
        if same is None and new.to is not None:  # (one to that room, given no direction)
            same = next((index for index, exit in enumerate(exits) if exit.to == new.to
                         and (new.direction is None or exit.direction is None)), None)
        if same is not None:
            old = exits[same]
            if new.to is not None and old.to not in (None, new.to):
                raise UsageError(f"the exit {old.direction or ''} of {room.id} leads to "
                                 f"{old.to} already".replace("exit  ", "exit "))
            # what the player types wins: a door they name is opened (its kind dropped)
            exits[same] = old._replace(direction=old.direction or new.direction,
                                       to=old.to or new.to, secret=old.secret or new.secret,
                                       door=_typed_door(old, new))
            continue
        if new.door == OPENED:  # (``?``: the party opened the shut door with no direction)
            kind = which_unnamed(room)
            opened = next(index for index, exit in enumerate(exits)
                          if exit.direction is None and exit.door == kind)
            exits[opened] = exits[opened]._replace(door="")
            continue
        unplaced = None if not place or (new.direction is None and new.to is None) \
            else unplaced_for(room.id, exits[:before], new)
        if unplaced is None:
            exits.append(new)
        else:
            exits[unplaced] = new._replace(door=_typed_door(exits[unplaced], new))
    if len(exits) > MAX_EXITS:
        raise UsageError(f"a room has at most {MAX_EXITS} exits")
    return room._replace(exits=tuple(exits))


OPENED = "?"
"""``room exits ?``: the party opened the room's shut door that has no direction (the one
the exits line shows as ``?(stuck)``), as a direction names the one it opened."""


def which_unnamed(room: Room) -> str:
    """The kind of the shut doors of ``room`` that have no direction, if it has one kind
    of them (``?`` opens them); refused when it has none, or more than one kind."""
    kinds = sorted({exit.door for exit in room.exits if exit.direction is None and exit.barred})
    if not kinds:
        raise UsageError(f"{room.id} has no shut door without a direction: '?' names one "
                         "(the exits line shows it as ?(stuck) or ?(locked))")
    if len(kinds) > 1:
        raise UsageError(f"{room.id} has shut doors of {len(kinds)} kinds with no direction "
                         f"({', '.join(kinds)}): '?' cannot say which was opened; give it a "
                         f"direction first ('room exits N({kinds[0]})'), then 'room exits N'")
    return kinds[0]


def _looks(exit: Exit) -> str:
    """An exit's door as the party sees it (a trapped one looks open until found)."""
    return exit.door if exit.barred else ""


def _typed_door(old: Exit, new: Exit) -> str:
    """The door an exit the player names has: the one typed (a shut door named open is
    opened), but a trap the party has not found stays where it is."""
    return old.door if old.door == "trapped" and not new.door else new.door


def unplaced_for(room_id: str, exits: Sequence[Exit], new: Exit) -> int | None:
    """Which exit counted but not placed yet (no direction, leading nowhere known, not
    hidden) is the exit ``new`` the player names with a direction: one whose door looks
    as typed (``N(stuck)``: a stuck one), else the first. None: there is none. Refused
    when ``new`` is typed open and they are shut doors of more than one kind: which?"""
    free = [index for index, exit in enumerate(exits)
            if exit.direction is None and exit.to is None and exit.seen]
    alike = [index for index in free if _looks(exits[index]) == new.door]
    kinds = sorted({exits[index].door for index in free})
    if not alike and not new.door and len(kinds) > 1:
        where = new.direction or new.to
        raise UsageError(f"{room_id} has shut doors with no direction ({', '.join(kinds)}): "
                         f"name the one that is {where}, " + " or ".join(
                             f"'room exits {where}({kind})'" for kind in kinds))
    return (alike or free)[0] if free else None


def _link_back(dungeon: Dungeon, room: Room) -> Dungeon:
    """Each known room ``room``'s exits lead to gets the way back, if it lacks one."""
    for exit in room.exits:
        other = dungeon.room(exit.to)
        if other is None or any(back.to == room.id for back in other.exits):
            continue
        direction = OPPOSITE.get(exit.direction or "")
        if direction is not None and any(back.direction == direction for back in other.exits
                                         if back.to is not None):
            direction = None
        dungeon = dungeon.with_room(_add_exits(other, [Exit(direction, room.id,
                                                              exit.secret)]))
    return dungeon


def describe(dungeon: Dungeon, description: str | None, exits: Sequence[Exit],
             keyed: bool = False) -> Dungeon:
    """The current room's description (None: kept) and its exits: new ones lead nowhere
    yet, or to a known room (which gets the way back). In a key's room (``keyed``) an
    exit the key gives no direction keeps none (the key knows it by that)."""
    room = current_room(dungeon)
    for exit in exits:
        if exit.to is not None and dungeon.room(exit.to) is None:
            raise UsageError(f"no room {exit.to} on the map; 'rooms' lists them")
    if description is not None:
        room = room._replace(description=check_description(description))
    room = _add_exits(room, exits, not keyed)
    return _link_back(dungeon.with_room(room), room)
