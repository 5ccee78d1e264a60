"""What the views read of a keyed dungeon against the map the party knows: how much of it
is explored, the exits it says lead out (shown as ways out, never as unexplored exits), the
ways a move may take from the room the party is in (completion's), and the notice when the
key was moved or edited since the crawl began. Nothing here changes the crawl;
:mod:`solo.engine.key_rooms` plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from solo.engine.dungeon_named import DUNGEON, KEY, KEY_HASH
from solo.engine.key_rooms import active_key, found_ids, key_exits, seen_rooms, short_text
from solo.engine.rooms import Dungeon, Room
from solo.rules.key_marks import gone_rooms, mark_changes
from solo.rules.key_model import DungeonKey, KeyRoom
from solo.rules.key_reveal import explored
from solo.rules.world import World

__all__ = ["explored_text", "ways_out", "drawn", "key_notice", "ways_on", "ways_back",
           "exits_given", "out_of"]


def explored_text(world: World, values: Mapping[str, Any], dungeon: Dungeon) -> str | None:
    """``9 of 23 rooms, 2 of 4 secrets`` for the journal's key; None without one. A room
    entered that an edit of the key removed since stays on the map as the journal recorded
    it, so it stays among the rooms, explored (told from a room of the player's own by the
    key's room marks, :func:`solo.rules.key_marks.gone_rooms`)."""
    key = active_key(world, values)
    if key is None:
        return None
    seen = explored(key, seen_rooms(key, dungeon), found_ids(values))
    marks = world.key_marks.get(str(values.get(KEY)))
    gone = len(gone_rooms(marks, key, [room.id for room in dungeon.rooms])) if marks else 0
    return str(replace(seen, rooms_seen=seen.rooms_seen + gone, rooms=seen.rooms + gone))


def ways_out(key: DungeonKey | None, dungeon: Dungeon) -> frozenset[tuple[str, int]]:
    """The exits the party knows that ``key`` (the journal's, :func:`active_key`; None:
    none) says lead out of the dungeon (as ``enter`` refuses them: a way out, never a way
    on), each as its room's id and its place in the room's exits."""
    return frozenset((room.id, index) for room in dungeon.rooms if key is not None
                     for index in out_of(key, room))


def out_of(key: DungeonKey, room: Room) -> list[int]:
    """The places in ``room``'s exits of those the party knows that ``key`` says lead out
    (its tag and the rooms list write them ``S(out)``)."""
    key_room = key.room(room.id)
    places = key_exits(key_room, room.exits) if key_room is not None else ()
    return [index for index, place in enumerate(places) if place is not None
            and room.exits[index].to is None and room.exits[index].seen
            and key_room is not None and key_room.exits[place].out]


def ways_on(world: World, values: Mapping[str, Any], dungeon: Dungeon) -> list[str] | None:
    """The directions a move into a new room may take from the room the party is in, where
    a key or a generator gives that room: its exits the party knows of that lead nowhere
    known yet (none the key says leads out). None where the player maps it by hand (a new
    exit may be in any direction), or the party is in no room yet."""
    room = dungeon.current
    key = active_key(world, values)
    keyed = key is not None and room is not None and room.id in key
    if room is None or not keyed and not values.get(DUNGEON):  # (a generator's room)
        return None
    out = out_of(key, room) if key is not None and keyed else []
    return [exit.direction for index, exit in enumerate(room.exits) if exit.direction
            and exit.to is None and exit.seen and index not in out]


def exits_given(world: World, values: Mapping[str, Any], dungeon: Dungeon
                ) -> list[str] | None:
    """The directions ``room exits`` may name in the room the party is in where the key
    gives that room (it refuses any other): those of its exits the party knows of (a secret
    way not found yet is wall). None elsewhere: the player may give an exit any way."""
    room = dungeon.current
    key = active_key(world, values)
    if room is None or key is None or room.id not in key:
        return None
    return [exit.direction for exit in room.exits if exit.direction and exit.seen]


def ways_back(dungeon: Dungeon, *out: str) -> list[str]:
    """Where a move back (``go``, a procedure's walk back) may lead from the room the party
    is in: its exits to known rooms, by direction, then the way ``out`` (``go``'s word for
    it, if it takes one), then the other known rooms (in no room yet: nowhere)."""
    room = dungeon.current
    if room is None:
        return []
    return [*(exit.direction for exit in room.exits if exit.direction and exit.to and exit.seen),
            *out, *(other.id for other in dungeon.rooms if other.id != room.id)]


def drawn(key: DungeonKey | None, dungeon: Dungeon) -> Dungeon:
    """The map as the drawings show it: the exits that lead out (:func:`ways_out`) are no
    unexplored exits, so they are left off (their room is drawn as the way out)."""
    out = ways_out(key, dungeon)
    if not out:
        return dungeon
    rooms = tuple(room._replace(exits=tuple(exit for index, exit in enumerate(room.exits)
                                            if (room.id, index) not in out))
                  for room in dungeon.rooms)
    return Dungeon(rooms, dungeon.here, dungeon.way_out, dungeon.previous, dungeon.trail)


def _plain_ways(room: KeyRoom) -> set[str | None]:
    return {exit.direction for exit in room.exits if exit.door != "secret"}


def key_notice(world: World, values: Mapping[str, Any], dungeon: Dungeon) -> str | None:
    """One line when the journal's key has moved (not found) or was edited (its hash
    differs): what changed in the rooms already entered (name, text, exits, doors,
    contents, secrets), and how many rooms not yet entered changed, never what they say.
    None when all is well."""
    name = values.get(KEY)
    if not name or not isinstance(name, str):
        return None
    key = world.keys.get(name)
    if key is None and world.unreadable.get(name):
        return (f"The key {name} no longer passes its checks ({world.unreadable[name]}): "
                "the rooms already entered keep what the journal recorded; new rooms cannot "
                "be revealed until it is mended.")
    if key is None:
        return (f"The key {name} is not found (moved or deleted?): the rooms already "
                "entered keep what the journal recorded; new rooms cannot be revealed "
                "until it is back at that path.")
    if key.sha256 == values.get(KEY_HASH):
        return None
    marks = world.key_marks.get(name)
    changes = mark_changes(marks, key, [room.id for room in dungeon.rooms]) \
        if marks is not None else _map_changes(key, dungeon)
    what = "; ".join(changes) if changes else "no room already entered changed"
    return (f"The key {name} was edited since it was last played (its sha256 differs): "
            f"{what}. The rooms already entered keep what the journal recorded.")


def _map_changes(key: DungeonKey, dungeon: Dungeon) -> list[str]:
    """For a journal from before room marks: the rooms entered, against what the map
    recorded (name and exits), and a word that the others may have changed."""
    changes = []
    for room in dungeon.rooms:
        now = key.room(room.id)
        if now is None:
            changes.append(f"{room.id} is no longer in the key")
        else:
            parts = [what for what, changed in (
                ("name", short_text(now.name) != room.description),
                ("exits", _plain_ways(now) != {exit.direction for exit in room.exits
                                               if not exit.secret})) if changed]
            if parts:
                changes.append(f"{room.id}: its {' and '.join(parts)} changed")
    unseen = len(key.rooms) - len(seen_rooms(key, dungeon))
    if not changes:
        changes.append("no room already entered is renamed or gone"
                       + (f" ({unseen} not yet entered may have changed)" if unseen else ""))
    return changes
