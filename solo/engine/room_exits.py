"""The exits the player names (``room exits N E(stuck) ?``, ``room a hall, exits N:R2``),
put on the room the party is in: one already there is matched (by its direction, or the
room it leads to) and takes the door typed, one counted but not placed yet gets the
direction, any other is added; a known room an exit leads to gets the way back. ``?``
(``?(stuck)``: of that kind; ``?2``: the second ``?`` of the room's exits) names the room's
shut door with no direction, which the party opened: in a key's room too, where the key
knows that door by having no direction."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from solo.engine.room_changes import MAX_EXITS, check_description, current_room, question_marks
from solo.engine.rooms import BARRED_DOORS, OPPOSITE, Dungeon, Exit, Room, way_back
from solo.errors import UsageError

__all__ = ["OPENED", "describe", "question", "unnamed", "named_unnamed", "door_name",
           "unnamed_words", "unplaced_for", "nothing_to_open"]

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
        if new.door.startswith(OPENED):  # (``?``: the shut door with no direction, opened)
            opened = unnamed(room._replace(exits=tuple(exits)), new.door[1:])
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
the exits line shows as ``?(stuck)``), as a direction names the one it opened; ``?(stuck)``
names the stuck one, where such doors are of several kinds, ``?2`` the second ``?`` of the
exits line, where two are alike (the line numbers them then). The door actions take it
too (``break-door ?``). As an exit the player names, its door is ``?`` and what follows."""

_NUMBERED = re.compile(r"\?([0-9]{1,2})")


def question(word: str) -> str | None:
    """What the word ``word`` says of a shut door it names by having no direction: ``?``
    nothing (``""``: the one, or the first), ``?(stuck)`` its kind, ``?2`` its place among
    the room's exits shown as ``?`` (``"2"``); None: the word is not one of them."""
    text = word.lower()
    kind = text.removeprefix("?(").removesuffix(")")
    number = _NUMBERED.fullmatch(text)
    if number is not None:
        return str(int(number[1])) if int(number[1]) else None
    return "" if text == OPENED else kind if text == f"?({kind})" and \
        kind in BARRED_DOORS else None


def unnamed(room: Room, kind: str = "", kinds: Collection[str] = BARRED_DOORS,
            how: str = "room exits") -> int:
    """Which exit of ``room`` ``?`` names: its shut door with no direction (of ``kinds``,
    and of the ``kind`` typed, if one was; the first of several alike), or the ``?`` of that
    number (``kind`` ``"2"``: :func:`question`). Refused when it has none, or has such doors
    of several kinds and ``kind`` does not say which: each way to name one (``how
    ?(stuck)``); or when the ``?`` numbered is none of ``kinds``."""
    if kind.isdigit():
        return _numbered(room, int(kind), kinds, how)
    doors = [index for index, exit in enumerate(room.exits) if exit.direction is None
             and exit.door in kinds and exit.door == (kind or exit.door)]
    found = sorted({room.exits[index].door for index in doors})
    if not doors:
        raise UsageError(f"{room.id} has no {kind or 'shut'} door without a direction"
                         + ("" if kind else ": '?' names one (the exits line shows it as "
                            "?(stuck) or ?(locked))"))
    if len(found) > 1:
        raise UsageError(f"{room.id} has shut doors of {len(found)} kinds with no direction "
                         f"({', '.join(found)}): " + " or ".join(
                             f"'{how} ?({each})'" for each in found) + " names one")
    return doors[0]


def _numbered(room: Room, number: int, kinds: Collection[str], how: str) -> int:
    """The exit ``?N`` names: the ``number``th of ``room``'s exits shown as ``?``, whose door
    must be of ``kinds``."""
    marks = question_marks(room)
    if number > len(marks):
        raise UsageError(f"{room.id} has {len(marks) or 'no'} exit{'s' * (len(marks) != 1)} "
                         f"shown as ?: '?{number}' names none ('rooms' lists them)")
    exit = room.exits[marks[number - 1]]
    if exit.door not in kinds:
        raise UsageError(f"the exit ?{number} of {room.id} is {_looks(exit) or 'open'}: "
                         f"'{how} ?{number}' names a {' or '.join(kinds)} door")
    return marks[number - 1]


def nothing_to_open(room: Room, action: str, kinds: Sequence[str],
                    given: bool) -> int | None:
    """An opener named with no door in a room with no shut door of ``kinds``: refused where
    a key or a generator ``given`` the room (solo knows its doors). In a room the player
    types it stands, as what the procedure makes of it: the player may not have told solo
    of every door (``exits ?, ?``), so solo cannot know that nothing is shut there."""
    if not given:
        return None
    raise UsageError(f"{room.id} has no {' or '.join(kinds)} door: '{action}' has nothing "
                     "to open there")


def named_unnamed(room: Room, exit: Exit, kinds: Collection[str] = BARRED_DOORS,
                  index: int | None = None) -> str:
    """How ``?`` names ``exit``, a shut door of ``room`` with no direction (at ``index`` in
    its exits; None: the first exit alike): ``?``, ``?(stuck)`` where such doors of
    ``kinds`` there are of several kinds, or ``?2`` where another of its kind is shown as
    ``?`` too (the exits line numbers them)."""
    place = next((place for place, each in enumerate(room.exits) if each == exit),
                 None) if index is None else index
    marks = question_marks(room)
    if place in marks and sum(1 for mark in marks if room.exits[mark].door == exit.door) > 1:
        return f"{OPENED}{marks.index(place) + 1}"
    try:
        unnamed(room, kinds=kinds)
    except UsageError:
        return f"{OPENED}({exit.door})"
    return OPENED


def door_name(room: Room, exit: Exit, index: int | None = None) -> str:
    """``the door E of R5``; ``the door R2 of R5`` for one leading to R2 with no direction;
    ``the door ?2 of R5`` for one the exits line numbers (at ``index`` in the room's
    exits); else ``the door of R5 with no direction`` (a key's)."""
    mark = named_unnamed(room, exit, index=index) if index is not None else ""
    where = exit.direction or exit.to or (mark if mark[1:].isdigit() else "")
    return f"the door {where} of {room.id}" if where else f"the door of {room.id} with no direction"


def unnamed_words(room: Room | None, kinds: Collection[str] = BARRED_DOORS) -> list[str]:
    """How ``?`` names each shut door of ``room`` with no direction (of ``kinds``): ``?``,
    ``?(stuck)``, ``?1`` and ``?2`` where two are alike; the words ``room exits`` and the
    door actions take for them (none in no room)."""
    return [] if room is None else list(dict.fromkeys(
        named_unnamed(room, exit, kinds, index) for index, exit in enumerate(room.exits)
        if exit.direction is None and exit.door in kinds))


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
        direction = (None if exit.secret else way_back(other, direction)) or direction
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
        if keyed and exit.direction not in {each.direction for each in room.exits}:
            raise UsageError(f"the key gives {room.id} its exits, and {exit.direction or '?'} "
                             "is none of them: 'room exits …' opens a door the key shuts")
    if description is not None:
        room = room._replace(description=check_description(description))
    room = _add_exits(room, exits, not keyed)
    return _link_back(dungeon.with_room(room), room)
