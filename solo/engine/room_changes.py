"""Changing the dungeon: each function takes a :class:`~solo.engine.rooms.Dungeon` and gives
a new one, or raises a one-line UsageError saying why not (nothing changes then).

Changing the status of the room the party is in, entering a new room from it, going to a
known room, and the room changes as a record keeps them (only the rooms that changed, so a
journal of 300 rooms does not carry 300 rooms in every entry). The exits the player names
are :mod:`solo.engine.room_exits`'s.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from solo.engine.events import RoomChanged, Said
from solo.engine.room_records import (
    MAX_EXITS,
    MAX_ROOMS,
    MapBuilder,
    apply_all,
    apply_changes,
    room_from_data,
    trail_after,
    whole_map_trail,
)
from solo.engine.rooms import BARRED_DOORS, DIRECTIONS, FOUND, OPPOSITE, Dungeon, Exit, Room
from solo.errors import UsageError

__all__ = ["MAX_EXITS", "MAX_ROOMS", "MAX_DESCRIPTION", "STATUS_WORDS", "check_description",
           "current_room", "way_on", "set_status", "block_exits", "enter_new", "go_to",
           "go_back", "find_way", "walk_route", "walk", "back_target", "trail_after", "BARRED",
           "dungeon_data", "room_data", "room_from_data", "changes", "apply_changes",
           "apply_all", "MapBuilder", "exit_text", "question_marks", "exit_texts", "room_event",
           "spring"]

MAX_DESCRIPTION = 80
STATUS_WORDS = ("unexplored", "active", "cleared", "looted", "locked", "trapped", "safe",
                "collapsed")
"""Lonelog's room statuses; a player may add words of their own with ``+``."""


def check_description(text: str) -> str:
    """A room's short description: one line, no ``]`` or ``|`` (they would break its tag)."""
    text = " ".join(text.split())
    if any(mark in text for mark in "[]|") or len(text) > MAX_DESCRIPTION:
        raise UsageError(f"a room's description is one short line (at most "
                         f"{MAX_DESCRIPTION} characters) without [ ] or |")
    return text


def current_room(dungeon: Dungeon) -> Room:
    """The room the party is in; refused when it is in none yet."""
    room = dungeon.current
    if room is None:
        raise UsageError("the party is in no room yet; 'enter' goes into the first one")
    return room


def set_status(dungeon: Dungeon, words: Iterable[str], mode: str) -> Dungeon:
    """The current room's status: ``set`` to ``words``, ``add`` them or ``remove`` them."""
    room = current_room(dungeon)
    words = [word.lower() for word in words]
    for word in words:
        if not word.isalpha() or len(word) > 20:
            raise UsageError(f"a status is one word of letters, not {word[:20]!r}")
    if mode == "set":
        status = tuple(dict.fromkeys(words))
    elif mode == "add":
        status = tuple(dict.fromkeys((*room.status, *words)))
    else:
        status = tuple(word for word in room.status if word not in words)
    return dungeon.with_room(room._replace(status=status))


def block_exits(dungeon: Dungeon, count: int) -> Dungeon:
    """The current room with ``count`` of its exits taken away: those that lead nowhere
    known first, then the last ones (the way back too, when nothing else is left); the rooms
    they led to lose their way back."""
    room = current_room(dungeon)
    exits = list(room.exits)
    gone: list[Exit] = []
    for _ in range(min(count, len(exits))):
        open_exit = next((index for index in range(len(exits) - 1, -1, -1)
                          if exits[index].to is None), len(exits) - 1)
        gone.append(exits.pop(open_exit))
    dungeon = dungeon.with_room(room._replace(exits=tuple(exits)))
    for exit in gone:
        other = dungeon.room(exit.to)
        if other is not None:
            dungeon = dungeon.with_room(other._replace(exits=tuple(
                back for back in other.exits if back.to != room.id)))
    return dungeon


def enter_new(dungeon: Dungeon, direction: str | None = None, exits: int = 0,
              room_id: str | None = None, back_word: str = "go",
              through: int | None = None, found: bool = False) -> Dungeon:
    """The party goes into a room no one has seen: it gets the next id (or ``room_id``), is
    linked to the room the party left (through its exit ``through``, where the caller chose
    it (a key's door), else the exit ``direction``, or its first exit that leads nowhere
    yet, or a new one: :meth:`~solo.engine.rooms.Exit.crossed`, a trap on it ``found`` as
    the party moves), and has ``exits`` exits in all. A refusal for a known room points
    to ``back_word`` (the procedure's way back to a known room)."""
    if len(dungeon.rooms) >= MAX_ROOMS:
        raise UsageError(f"the dungeon has {MAX_ROOMS:,} rooms already")
    new_id = room_id or f"R{len(dungeon.rooms) + 1}"
    while dungeon.room(new_id) is not None and room_id is None:
        new_id = f"R{int(new_id[1:]) + 1}"
    if dungeon.room(new_id) is not None:
        raise UsageError(f"{new_id} is already on the map; '{back_word} {new_id}' goes back "
                         "there")
    if not 0 <= exits <= MAX_EXITS:
        raise UsageError(f"a room has from 0 to {MAX_EXITS} exits")
    left = dungeon.current
    back: list[Exit] = []
    if left is not None:
        left = _open_exit(left, direction, new_id, back_word, through, found)
        dungeon = dungeon.with_room(left)
        back.append(Exit(OPPOSITE.get(direction) if direction else None, left.id))
    back.extend(Exit() for _ in range(max(0, exits - len(back))))
    room = Room(new_id, status=("active",), exits=tuple(back))
    entered = dungeon.with_room(room, here=new_id)
    return entered.placed(new_id, entered.way_out if entered.way_out is not None else new_id,
                          left.id if left is not None else None,
                          trail_after(dungeon.trail, left.id if left is not None else None,
                                      new_id))


def way_on(room: Room, direction: str | None, back_word: str = "go") -> int | None:
    """Which exit of ``room`` the party takes into a new room: the one in ``direction``,
    else one counted but not placed yet (``enter 3`` counts three); with no direction, one
    leading nowhere yet. An open one before a shut one, never a hidden one it does not name
    (a secret way not found is wall). None: there is none (a new one is made)."""
    exits = room.exits
    if direction is not None:
        named = next((index for index, exit in enumerate(exits)
                      if exit.to is None and exit.direction == direction), None)
        if named is not None:
            return named
        if any(exit.direction == direction for exit in exits):
            raise UsageError(f"the exit {direction} of {room.id} already leads somewhere; "
                             f"'{back_word} {direction}' follows it")
    free = [index for index, exit in enumerate(exits) if exit.to is None and exit.seen
            and (direction is None or exit.direction is None)]
    return next((index for index in free if not exits[index].barred),
                free[0] if free else None)


def _open_exit(room: Room, direction: str | None, to: str, back_word: str = "go",
               through: int | None = None, found: bool = False) -> Room:
    """``room`` with an exit to ``to``: ``through``, else the one :func:`way_on` takes,
    made if the room has none free."""
    exits = list(room.exits)
    chosen = way_on(room, direction, back_word) if through is None else through
    if chosen is not None:
        if exits[chosen].barred:
            raise UsageError(f"the door {exits[chosen].direction or ''} of {room.id} is "
                             f"{exits[chosen].door}: the procedure's action for doors opens "
                             "it first".replace("door  ", "door "))
        exits[chosen] = exits[chosen].crossed(found)._replace(
            direction=direction or exits[chosen].direction, to=to)
        return room._replace(exits=tuple(exits))
    if len(exits) >= MAX_EXITS:
        raise UsageError(f"a room has at most {MAX_EXITS} exits")
    return room._replace(exits=(*exits, Exit(direction, to)))


def spring(room: Room, exit: Exit, found: bool) -> Said:
    """What the party meets going through the trapped door ``exit`` of ``room``, whoever put
    the trap there (the player, a generator or a key): it springs, or, ``found`` (the
    procedure finds traps as the party moves), the party finds it and gets past it. Either
    way the door is open after (the caller opens it)."""
    where = f"the door {exit.direction} of {room.id}" if exit.direction \
        else f"a door of {room.id}"
    return Said(f"The party finds a trap on {where} and gets past it." if found
                else f"A trap on {where} springs as the party goes through.")


def find_way(dungeon: Dungeon, where: str) -> str:
    """The known room ``where`` names from the current room: a direction of one of its exits
    (``N``), a room's id (``R2``, or just ``2``) anywhere on the map, or ``out`` (the
    dungeon's way out)."""
    room = current_room(dungeon)
    word = where.strip().upper()
    if word == "OUT":
        if dungeon.way_out is None or dungeon.room(dungeon.way_out) is None:
            raise UsageError("no way out is known yet; 'room way out' names one")
        return dungeon.way_out
    if word in DIRECTIONS:
        for exit in room.exits:
            if exit.direction == word and exit.seen:
                if exit.barred:
                    raise UsageError(f"the door {word} of {room.id} is {exit.door}: the "
                                     "procedure's action for doors opens it first")
                if exit.to is None:
                    raise UsageError(f"the exit {word} leads nowhere known yet; 'enter' goes "
                                     "into a new room")
                return exit.to
        raise UsageError(f"{room.id} has no exit {word}")
    room_id = word if word.startswith("R") else f"R{word}"
    if dungeon.room(room_id) is None:
        raise UsageError(f"no room {where.strip()[:20]!r} on the map; 'rooms' lists them")
    return room_id


BARRED = ("locked",)
"""The statuses of a room a walk does not pass through (it may end there)."""


def walk_route(dungeon: Dungeon, room_id: str) -> list[str]:
    """The rooms of the shortest known way from the party to ``room_id`` (``room_id``
    last), through the rooms' own exits (one that leads one way is walked that way only)
    and never through a room marked locked; a UsageError naming why when there is none."""
    room = current_room(dungeon)
    if dungeon.room(room_id) is None:
        raise UsageError(f"no room {room_id!r} on the map; 'rooms' lists them")
    if room_id == room.id:
        raise UsageError(f"the party is in {room_id} already")
    barred = frozenset(other.id for other in dungeon.rooms
                       if any(word in BARRED for word in other.status))
    way = dungeon.route(room.id, room_id, barred)
    if way is not None:
        return way
    through = dungeon.route(room.id, room_id)
    if through is not None:
        locked = next(step for step in through[:-1] if step in barred)
        raise UsageError(f"the way from {room.id} to {room_id} goes through {locked}, "
                         f"which is locked (in {locked}, 'room -locked' opens it)")
    if room_id in dungeon.neighbours(room.id) and room_id not in room.leads_to():
        raise UsageError(f"no known exit leads from {room.id} to {room_id} (the way "
                         f"between them leads only from {room_id})")
    reachable = dungeon.distances(room.id)
    fallen = [other.id for other in dungeon.rooms
              if other.id in reachable and "collapsed" in other.status]
    if fallen:
        raise UsageError(f"no known way leads from {room.id} to {room_id}: "
                         f"{', '.join(fallen[:3])} collapsed")
    raise UsageError(f"no known way leads from {room.id} to {room_id}")


def go_to(dungeon: Dungeon, room_id: str) -> Dungeon:
    """The party moves to the known room ``room_id`` (one step: its trail follows)."""
    if dungeon.room(room_id) is None:
        raise UsageError(f"no room {room_id!r} on the map; 'rooms' lists them")
    if room_id == dungeon.here:
        raise UsageError(f"the party is in {room_id} already")
    return dungeon.placed(room_id, dungeon.way_out, dungeon.here,
                          trail_after(dungeon.trail, dungeon.here, room_id))


def walk(dungeon: Dungeon, way: Sequence[str]) -> Dungeon:
    """The party walks the rooms of ``way``, one step at a time."""
    for room_id in way:
        dungeon = go_to(dungeon, room_id)
    return dungeon


def back_target(dungeon: Dungeon) -> str:
    """The room ``back`` goes to: the last on the party's trail; a UsageError at the room
    its way began."""
    room = current_room(dungeon)
    if dungeon.trail:
        return dungeon.trail[-1]
    raise UsageError(f"{room.id} is where the party's way began: there is no way back to "
                     "retrace; 'go' names a known room")


def go_back(dungeon: Dungeon) -> Dungeon:
    """The party goes back to the room it came from, by the shortest known way there."""
    return walk(dungeon, walk_route(dungeon, back_target(dungeon)))


# -- the record's form: rooms as JSON data, and only those that changed ---------------------
def room_data(room: Room) -> dict[str, Any]:
    data: dict[str, Any] = {"id": room.id}
    if room.description:
        data["d"] = room.description
    if room.status:
        data["s"] = list(room.status)
    if room.exits:
        data["x"] = [[exit.direction, exit.to] + (
            [int(exit.secret), exit.door] if exit.door else [1] if exit.secret else [])
            for exit in room.exits]
    return data


def changes(before: Dungeon, after: Dungeon) -> dict[str, Any] | None:
    """What changed from ``before`` to ``after``, as a record keeps it (None: nothing).
    Only rooms added or changed: a change that takes a room away (an undo) is kept whole,
    by :func:`dungeon_data`."""
    if before is after:
        return None
    find = before.room  # a room kept as it was is the same object: no field compared
    changed = [room_data(room) for room in after.changed_rooms(before)
               if (old := find(room.id)) is not room and old != room]
    derived = trail_after(before.trail, before.here, after.here)
    if not changed and (before.here, before.way_out, before.previous, derived) == (
            after.here, after.way_out, after.previous, after.trail):
        return None
    data: dict[str, Any] = {"here": after.here}
    if changed:
        data["rooms"] = changed
    if after.way_out != before.way_out:
        data["out"] = after.way_out
    if after.previous != before.previous:
        data["from"] = after.previous
    if after.trail != derived:  # (a step's trail is read back from the step itself)
        data["trail"] = list(after.trail)
    return data


def dungeon_data(dungeon: Dungeon) -> dict[str, Any]:
    """The whole dungeon as a record keeps it (the changes from an empty one)."""
    data: dict[str, Any] = {"here": dungeon.here, "rooms": [room_data(room)
                                                            for room in dungeon.rooms]}
    if dungeon.way_out is not None:
        data["out"] = dungeon.way_out
    if dungeon.previous is not None:
        data["from"] = dungeon.previous
    if dungeon.trail != whole_map_trail(dungeon.previous):
        data["trail"] = list(dungeon.trail)
    return data


_SHOWN_DOORS = {**{door: door for door in BARRED_DOORS}, FOUND: "trapped"}
"""The doors an exit's text names, each as it names it."""


def exit_text(exit: Exit, number: int | None = None) -> str:
    """An exit as Lonelog writes it: ``N:R2``, ``N`` (leads nowhere known yet), ``R4`` (no
    direction), ``?`` (neither; ``?2`` with its ``number``), with ``(secret)`` after a
    secret one, ``(locked)`` or ``(stuck)`` after a door still shut, ``(trapped)`` after one
    whose trap the party found. (A hidden exit is not shown at all; a trapped door looks
    like any other until its trap is found.)"""
    text = ":".join(part for part in (exit.direction, exit.to) if part) or f"?{number or ''}"
    if exit.door in _SHOWN_DOORS:
        text += f"({_SHOWN_DOORS[exit.door]})"
    return text + ("(secret)" if exit.secret else "")


def question_marks(room: Room) -> list[int]:
    """The places in ``room``'s exits of those shown as ``?`` (no direction, leading to no
    known room, not hidden), in order: ``?2`` names the second."""
    return [index for index, exit in enumerate(room.exits)
            if exit.direction is None and exit.to is None and exit.seen]


def exit_texts(room: Room) -> dict[int, str]:
    """Each exit of ``room`` the party knows, by its place, as :func:`exit_text` writes it;
    where two shut doors of one kind are shown as ``?`` (``?(locked)`` tells neither from
    the other), each ``?`` is numbered, the word that names it: ``?1(locked), ?2(locked)``."""
    marks = question_marks(room)
    shut = [room.exits[index].door for index in marks if room.exits[index].barred]
    numbered = len(set(shut)) < len(shut)
    return {index: exit_text(exit, marks.index(index) + 1 if numbered and index in marks
                             else None) for index, exit in enumerate(room.exits) if exit.seen}


def room_event(room: Room, how: str, out: Collection[int] = ()) -> RoomChanged:
    """The event that shows ``room`` entered (``new``), changed, or come back to (``back``);
    an exit at a place in ``out`` leads out of the dungeon (a key's), written ``S(out)`` as
    the key and the rooms list write it."""
    return RoomChanged(room.id, how, room.status, room.description,
                       tuple(text + ("(out)" if index in out else "")
                             for index, text in exit_texts(room).items()))
