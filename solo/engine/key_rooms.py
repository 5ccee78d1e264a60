"""A prepared dungeon played room by room: the journal's key (docs/keys.md) revealed as the
party enters its rooms, the rest kept hidden.

A journal names its key in its state (``dungeon_key``: the file's path;
``dungeon_key_sha256``: the hash of its bytes), never its text, and keeps the secrets found
(``key_found``: their ids, which name only rooms entered). The procedure's own move into a
new room goes through an exit of the room the party is in (or, the first time, to the key's
entrance): the room it leads to is shown, its text said, its exits as seen (a secret one
only once found, the room beyond only once entered); its encounter, trap and treasure are
met. Only :mod:`solo.rules.key_reveal`'s view of a room ever reaches an event: a room the
party has not entered is never named, described or counted in one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solo.engine import room_changes as change
from solo.engine.dungeon_named import KEY, KEY_AT, KEY_FOUND, KEY_HASH, key_values
from solo.engine.dungeon_refusals import FINDERS, door_refusal, finder
from solo.engine.dungeon_rolls import Rolled, seeks, traps_found
from solo.engine.events import Encountered, Event, Said
from solo.engine.rooms import Dungeon, Exit, Room
from solo.engine.run import RunState
from solo.errors import UsageError
from solo.rules.key_model import DungeonKey, KeyRoom, KeySecret, exit_face, way_back
from solo.rules.key_reveal import hidden_here, reveal
from solo.rules.tables import expand_inline_dice
from solo.rules.world import World

__all__ = ["KEY", "KEY_HASH", "KEY_FOUND", "KEY_AT", "key_values", "active_key", "found_ids",
           "enter_key_room", "search_key", "open_key_secrets", "seen_rooms", "key_exits",
           "short_text"]

_DOOR = {"open": "", "stuck": "stuck", "locked": "locked", "trapped": "trapped",
         "secret": ""}
"""A key's door as the map keeps it (a secret door, found, is an open way marked secret)."""


def active_key(world: World, values: Mapping[str, Any]) -> DungeonKey | None:
    """The journal's key, if it names one the world holds (the play layer stocks it when it
    can be read); None otherwise."""
    name = values.get(KEY)
    if not name or not isinstance(name, str):
        return None
    return world.keys.get(name)


def found_ids(values: Mapping[str, Any]) -> set[str]:
    return set(str(values.get(KEY_FOUND, "") or "").split())


def seen_rooms(key: DungeonKey, dungeon: Dungeon) -> set[str]:
    return {room.id for room in dungeon.rooms if room.id in key}


def key_exits(key_room: KeyRoom, exits: Sequence[Exit]) -> tuple[int | None, ...]:
    """Which exit of the key each of the map's ``exits`` of the same room is: its place in
    ``key_room.exits`` (None: the key has no such exit, one the player typed). One with a
    direction is the key's of that direction. Those without are the key's without, each
    its own and of its kind (a secret way found is a secret door): one leading to a known
    room is the key's that leads there, the others are the key's left, in order (the map
    keeps a key's room's exits in the key's order, so its second door with no direction
    is the key's second)."""
    places: list[int | None] = [None] * len(exits)
    for index, exit in enumerate(exits):
        if exit.direction is not None:
            places[index] = next((place for place, each in enumerate(key_room.exits)
                                  if each.direction == exit.direction), None)
    free = [place for place, each in enumerate(key_room.exits) if each.direction is None]
    for known in (True, False):
        for index, exit in enumerate(exits):
            if exit.direction is not None or (exit.to is not None) != known:
                continue
            place = next((place for place in free if (key_room.exits[place].door == "secret")
                          == exit.secret and (exit.to is None
                                              or key_room.exits[place].to == exit.to)), None)
            if place is not None:
                free.remove(place)
                places[index] = place
    return tuple(places)


def short_text(text: str) -> str:
    text = " ".join(text.replace("[", "(").replace("]", ")").replace("|", "/").split())
    if len(text) <= change.MAX_DESCRIPTION:
        return text
    return text[:change.MAX_DESCRIPTION].rsplit(" ", 1)[0].rstrip(",;")


def _mark_found(run: RunState, ids: list[str]) -> None:
    """Secrets ``ids`` (faces of rooms entered) found. A face's twin is not recorded: it
    names a room perhaps never entered, and is read as found through its twin (an older
    journal may hold such an id; it reads the same)."""
    found = found_ids(run.values)
    if not set(ids) - found:
        return
    run.store(KEY_FOUND, " ".join(sorted(found | set(ids))))


def _room_exits(key: DungeonKey, seen: set[str], room: KeyRoom, found: set[str],
                back: int | None) -> tuple[Exit, ...]:
    """The exits of ``room`` as the party sees them, in the key's order; the door it came
    through (``back``: its place in the key's exits) open."""
    view = reveal(key, seen, room.id, found)
    shown = {exit.secret for exit in view.exits}
    places = [place for place, each in enumerate(room.exits)
              if each.door != "secret" or exit_face(room, place) in shown]
    exits = [Exit(exit.direction, exit.to, exit.secret is not None,
                  "" if place == back else _DOOR.get(exit.door, ""))
             for place, exit in zip(places, view.exits, strict=True)]
    return tuple(exits[:change.MAX_EXITS])


def _with_ways(dungeon: Dungeon, key: DungeonKey, room: Room, places: Sequence[int]) -> Room:
    """``room`` (on the map) with the key's secret ways at ``places`` (just found) among its
    exits, in the key's order (the player's own exits after the key's); one the map shows
    already is kept as it is."""
    key_room = key.room(room.id)
    assert key_room is not None
    exits = list(room.exits)
    order = [len(key_room.exits) if place is None else place
             for place in key_exits(key_room, exits)]
    seen = seen_rooms(key, dungeon)
    for place in places:
        if place in order:
            continue
        key_exit = key_room.exits[place]
        exits.append(Exit(key_exit.direction, key_exit.to if key_exit.to in seen else None,
                          True, ""))
        order.append(place)
    ranked = sorted(range(len(exits)), key=lambda index: (order[index], index))
    return room._replace(exits=tuple(exits[index] for index in ranked)[:change.MAX_EXITS])


def _link(dungeon: Dungeon, key: DungeonKey, room_id: str) -> tuple[Dungeon, list[str]]:
    """Each room entered before whose exit leads (in the key) to ``room_id`` now knows it."""
    changed: list[str] = []
    key_room = key.room(room_id)
    assert key_room is not None
    for place in range(len(key_room.exits)):
        other = way_back(key, key_room, place)
        if other is None:
            continue
        mapped = dungeon.room(other[0].id)
        if mapped is None:
            continue
        exits = list(mapped.exits)
        for index, found in enumerate(key_exits(other[0], exits)):
            if exits[index].to is None and found is not None \
                    and other[0].exits[found].to == room_id:
                exits[index] = exits[index]._replace(to=room_id)
        if tuple(exits) != mapped.exits:
            dungeon = dungeon.with_room(mapped._replace(exits=tuple(exits)))
            changed.append(mapped.id)
    return dungeon, changed


def _choose(run: RunState, key_room: KeyRoom, room: Room, direction: str | None
            ) -> tuple[int, int]:
    """The exit of ``room`` the party takes, and its place in the key's: the one in
    ``direction``, else the first way on it can take; refused when it leads out, is shut,
    or there is none."""
    free = []
    for index, found in enumerate(key_exits(key_room, room.exits)):
        exit = room.exits[index]
        if found is None or not exit.seen:
            continue
        if direction is not None and exit.direction != direction:
            continue
        free.append((index, found))
    if direction is not None and not free:
        raise UsageError(f"{room.id} has no exit {direction} the party knows of; 'rooms' "
                         "lists its exits")
    onward = [(index, place) for index, place in free if not key_room.exits[place].out
              and (direction is not None or room.exits[index].to is None)]
    if not onward:
        if direction is not None:
            raise UsageError(f"the exit {direction} of {room.id} leads out of the dungeon: "
                             "'leave' takes the party out")
        finders = [name for name in FINDERS if name in run.procedure.actions]
        hint = f"; '{finder(run.procedure, finders[0])}' may find a secret way" \
            if finders else ""
        raise UsageError(f"{room.id} has no way on to a room not yet entered: 'go' walks "
                         f"to a known room{hint}")
    open_first = [pair for pair in onward if not room.exits[pair[0]].barred]
    return (open_first or onward)[0]


def enter_key_room(world: World, run: RunState, direction: str | None, back_word: str
                   ) -> Rolled | None:
    """The procedure's move into a new room, in a journal that names a key: None when it
    names none (or its key cannot be found, or the party stands in a room of its own)."""
    key = active_key(world, run.values)
    if key is None:
        name = run.values.get(KEY)
        if name and isinstance(name, str):
            why = world.unreadable.get(name)
            if why:
                raise UsageError(f"the key {name} no longer passes its checks ({why}): mend "
                                 "it to reveal new rooms")
            raise UsageError(f"the key {name} is not found (moved or deleted?): put it back "
                             "at that path to reveal new rooms")
        return None
    dungeon = run.dungeon
    left = dungeon.current
    if left is not None and left.id not in key:
        return None
    events: list[Event] = []
    found = found_ids(run.values)
    back = None  # (the key's place, in the room entered, of the door the party came through)
    if left is None:
        target = key.entrance
        if dungeon.room(target) is not None:  # pragma: no cover - a map without a 'here'
            raise UsageError(f"{target} is on the map already; '{back_word} {target}'")
        if key.intro:
            events.append(Said(" ".join(key.intro.split())))
    else:
        key_left = key.room(left.id)
        assert key_left is not None
        index, place = _choose(run, key_left, left, direction)
        exit = left.exits[index]
        if exit.barred:
            raise door_refusal(left, exit, run.procedure)
        direction = exit.direction
        key_exit = key_left.exits[place]
        assert key_exit.to is not None
        target = key_exit.to
        trap_found = traps_found(run)
        if exit.door == "trapped":
            events.append(change.spring(left, exit, trap_found))
        faces = []
        if key_exit.door == "secret":
            faces.append(exit_face(key_left, place))
        other = way_back(key, key_left, place)
        if other is not None and other[0].exits[other[1]].door == "secret":
            faces.append(exit_face(*other))  # through a secret door: found from both sides
        back = other[1] if other is not None else None
        if faces:
            _mark_found(run, faces)
            found = found_ids(run.values)
        if dungeon.room(target) is not None:  # a room entered before, by another way
            exits = list(left.exits)
            exits[index] = exit.crossed(trap_found)._replace(to=target)
            dungeon = dungeon.with_room(left._replace(exits=tuple(exits)))
            dungeon, _ = _link(dungeon, key, left.id)
            changed = dungeon.room(left.id) or left
            moved: list[Event] = [change.room_event(changed, "changed", run.out_of(changed))]
            mapped = dungeon.room(target)
            if mapped is not None and other is not None \
                    and other[0].exits[other[1]].door == "secret":
                way = _with_ways(dungeon, key, mapped, [other[1]])  # (its side found too)
                if way != mapped:
                    dungeon = dungeon.with_room(way)
                    moved.append(change.room_event(way, "changed", run.out_of(way)))
            run.dungeon = dungeon = change.walk(dungeon, [target])
            walked = dungeon.current
            count = sum(1 for each in walked.exits if each.seen) if walked is not None else 0
            return Rolled([*events, *moved, change.room_event(walked or left, "back")], count,
                          False)
        if exit.crossed(trap_found) != exit:
            exits = list(left.exits)
            exits[index] = exit.crossed(trap_found)
            dungeon = dungeon.with_room(left._replace(exits=tuple(exits)))
    before = dungeon
    dungeon = change.enter_new(dungeon, direction, 0, target, back_word,
                               None if left is None else index)  # (the key's door)
    seen = seen_rooms(key, dungeon)
    key_room = key.room(target)
    assert key_room is not None
    has_trap = any(content.kind == "trap" for content in key_room.contents)
    room = Room(target, short_text(key_room.name), ("active", *(("trapped",) if has_trap else ())),
                _room_exits(key, seen, key_room, found, back))
    dungeon = dungeon.with_room(room)
    dungeon, linked = _link(dungeon, key, target)
    run.dungeon = dungeon
    shown: list[Event] = [change.room_event(room, "new", run.out_of(room))]
    for other_id in dict.fromkeys([*([left.id] if left is not None else []), *linked]):
        other_room = dungeon.room(other_id)
        if other_room is not None and other_room != before.room(other_id):
            shown.append(change.room_event(other_room, "changed", run.out_of(other_room)))
    view = reveal(key, seen, target, found)
    if view.text:
        shown.append(Said(" ".join(view.text.split())))
    encounter = _contents(run, key, key_room, shown)
    preset = any(content.kind == "encounter" for content in key_room.contents)
    return Rolled([*events, *shown], sum(1 for each in room.exits if each.seen), encounter,
                  preset)


def _contents(run: RunState, key: DungeonKey, room: KeyRoom, shown: list[Event]) -> bool:
    """What the room holds, shown; True when its encounter is rolled on the procedure's
    table (met by the caller, as a generated room's is)."""
    held = []
    rolled = False
    for content in room.contents:
        text = expand_inline_dice(content.text, run.rng)[0] if content.text else ""
        if content.kind == "encounter":
            if content.name == "roll":
                rolled = True
                if text:
                    shown.append(Said(text))
                continue
            shown.append(_encounter(run, key, content.name or "", text))
        elif content.kind == "trap":
            what = f" ({text})" if text else ""
            shown.append(Said(f"The party finds the trap in {room.id}{what} before it springs."
                              if traps_found(run) else
                              f"A trap in {room.id}{what} springs on the party."))
        else:
            held.append(f"{content.kind} ({text})" if text else content.kind)
    if held:
        shown.append(Said(f"In {room.id}: " + "; ".join(held) + "."))
    return rolled


def _encounter(run: RunState, key: DungeonKey, name: str, text: str) -> Event:
    """The key's encounter ``name`` met: one of its own, else the procedure's table entry
    of that id."""
    run.encounters += 1
    own = key.encounters.get(name)
    if own is not None:
        words = own.text + (f"; {text}" if text else "")
        return Encountered(key.name, " ".join(words.split()), "met")
    table_name = run.procedure.encounters or ""
    table = run.procedure.tables.get(table_name)
    if table is not None:
        for index, entry in enumerate(table.entries):
            if entry.id == name:
                run.last_encounter = (table_name, index)
                words = expand_inline_dice(entry.text, run.rng)[0] + (f"; {text}" if text
                                                                       else "")
                return Encountered(table.name, words, "met")
    return Encountered(key.name, text or name, "met")  # pragma: no cover - checked at start


def search_key(world: World, run: RunState, action: str, succeeded: bool) -> None:
    """After a search (the procedure's own, :data:`FINDERS`) that did not fail: what the key
    hides in the room the party is in is found: its secret doors (shown on the map from
    now on) and the things hidden there."""
    if action not in FINDERS or not succeeded or not seeks(run, "secrets"):
        return
    key = active_key(world, run.values)
    room = run.dungeon.current
    if key is None or room is None or room.id not in key:
        return
    hidden = hidden_here(key, room.id, found_ids(run.values))
    if not hidden:
        return
    _show_ways(run, key, room, hidden, "is found")


def open_key_secrets(world: World, run: RunState, count: int) -> bool | None:
    """Up to ``count`` of the secret ways the key hides in the room the party is in open by
    themselves (found, and on the map from now on): whether any did; None where the party
    is in no room of the journal's key."""
    key = active_key(world, run.values)
    room = run.dungeon.current
    if key is None or room is None or room.id not in key:
        return None
    ways = [secret for secret in hidden_here(key, room.id, found_ids(run.values))
            if secret.exit is not None][:max(0, count)]
    _show_ways(run, key, room, ways, "opens by itself")
    return bool(ways)


def _show_ways(run: RunState, key: DungeonKey, room: Room, hidden: Sequence[KeySecret],
               how: str) -> None:
    """The things and ways ``hidden`` in ``room`` found, each said (``Found in R3: …``,
    ``A secret way N is found: …``, ``how``), the ways put on the map."""
    _mark_found(run, [secret.id for secret in hidden])
    key_room = key.room(room.id)
    assert key_room is not None
    places = []
    for secret in hidden:
        if secret.exit is None:
            run.events.append(Said(f"Found in {room.id}: {' '.join(secret.text.split())}."))
            continue
        places.append(secret.exit)
        direction = key_room.exits[secret.exit].direction
        where = f" {direction}" if direction else ""
        run.events.append(Said(f"A secret way{where} {how}: {' '.join(secret.text.split())}."))
    if places:
        dungeon = run.dungeon.with_room(_with_ways(run.dungeon, key, room, places))
        run.dungeon = dungeon
        shown = dungeon.current or room
        run.events.append(change.room_event(shown, "changed", run.out_of(shown)))
