"""The dungeon that stocks itself: a new room rolled by the journal's generator, and the
doors the rules then read.

A journal names its generator in its state (``dungeon``: an id such as ``classic``, or a
generator file's path; ``dungeon_set``: the player's settings, ``doors=barred``), so
resume, undo and replay find it as they find any value. When the procedure's own move
into a new room (``room: new``) is made and the player typed no exits, the room is rolled
(:func:`solo.rules.generate.roll_room`) from the run's dice: each table roll is journaled
as a ``tbl:`` line, the room gets the rolled kind, description and exits, each exit its
door. What the rules read follows from it: the exits an action counts are the room's own
(a hidden one not counted), a stuck or locked door is opened by the procedure's own
action (:data:`OPENERS`) before the party goes through, a secret way is hidden until a
search finds it (:data:`FINDERS`), a trapped door springs on the party unless found first,
and an encounter rolled is drawn from the procedure's own encounter table.

A journal may instead name a key (a prepared dungeon: :mod:`solo.engine.key_rooms`); its
values are named here, as ``set dungeon`` sets either. Generators and keys come from the
world, stocked by the play layer: nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solo.engine import room_changes as change
from solo.engine.events import Checked, Event, Said
from solo.engine.requests import SetDungeon
from solo.engine.rooms import DIRECTIONS, HIDDEN, OPPOSITE, Dungeon, Exit, Room
from solo.engine.run import RunState
from solo.engine.table_draws import draw_event
from solo.errors import UsageError
from solo.rules.expr import compile_expr
from solo.rules.generate import GeneratedRoom, RoomContext, resolve_settings, roll_room
from solo.rules.generator import Generator
from solo.rules.key_model import DungeonKey
from solo.rules.procedure import Procedure
from solo.rules.world import World

__all__ = ["DUNGEON", "DUNGEON_SET", "OPENERS", "FINDERS", "SetDungeon", "parse_settings",
           "settings_text", "set_dungeon_request", "set_dungeon", "active",
           "door_refusal", "refuse_shut", "Rolled", "roll_new", "after_action", "start_values",
           "TRAPS_FOUND", "traps_found", "KEY", "KEY_HASH", "KEY_FOUND", "KEY_AT",
           "DUNGEON_VALUES", "key_values"]

DUNGEON = "dungeon"
"""The state's value naming the journal's generator ('' or absent: none)."""
DUNGEON_SET = "dungeon_set"
"""The state's value holding the player's settings of it, ``doors=barred size=small``."""
KEY = "dungeon_key"
"""The state's value naming the journal's key: its path, relative to the journal's folder
when the key is under it or beside it (:func:`solo.rules.key_shelf.key_name`)."""
KEY_HASH = "dungeon_key_sha256"
"""The state's value holding the sha256 of the key's bytes when it was named."""
KEY_FOUND = "key_found"
"""The state's value holding the ids of the key's secrets found, space-separated."""
KEY_AT = "dungeon_key_at"
"""The state's value holding the step of the record that named the key, which keeps the
key's room marks (:mod:`solo.rules.key_marks`): 0, the start record, for ``--dungeon``."""
_KEY_VALUES = (KEY, KEY_HASH, KEY_FOUND, KEY_AT)
DUNGEON_VALUES = (DUNGEON, DUNGEON_SET, *_KEY_VALUES)
"""Every value that names the journal's dungeon (what an undo of ``set dungeon`` takes back)."""

OPENERS: Mapping[str, tuple[str, ...]] = {
    "break-door": ("stuck", "locked"),   # D12: the party broke a door down (Tension +1)
    "batter-door": ("stuck", "locked"),  # Trespasser: Might | Athletics, always Loud
    "force-door": ("stuck", "locked"),   # Exploration: a STR check against the door
    "pick-lock": ("locked",),            # Trespasser and Exploration: a lock picked
}
"""The procedures' own actions that open a door, and the doors each opens: the first such
door of the room the party is in (a check the action rolls must succeed)."""

FINDERS = ("find-secret", "search")
"""The actions that find a room's secret ways and the traps on its doors (a check the
action rolls must succeed)."""

_DOORS = {"open": ("", False), "stuck": ("stuck", False), "locked": ("locked", False),
          "trapped": ("trapped", False), "secret": (HIDDEN, True)}
"""A generator's door kind as an exit keeps it: its door and whether it is secret."""


def parse_settings(words: str | list[str] | tuple[str, ...]) -> dict[str, str]:
    """``doors=barred size=small`` (or a list of such words) as a mapping; UsageError for
    a word without ``=``."""
    if isinstance(words, str):
        words = words.replace(",", " ").split()
    chosen: dict[str, str] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or not name or not value:
            raise UsageError(f"a dungeon setting is NAME=WORD (doors=barred), not {word[:30]!r}")
        chosen[name.strip().lower()] = value.strip().lower()
    return chosen


def settings_text(chosen: Mapping[str, str]) -> str:
    return " ".join(f"{name}={word}" for name, word in chosen.items())


def _generator(world: World, name: str) -> Generator:
    try:
        return world.generators[name]
    except KeyError:
        raise UsageError(f"no generator {name[:40]!r}; choose one of: "
                         f"{world.generator_names()} (solo dungeons lists them), or give a "
                         "generator file's path") from None


def start_values(world: World, name: str | None, chosen: Mapping[str, str] | None = None
                 ) -> dict[str, str]:
    """The state's values that name generator ``name`` with the settings ``chosen`` (a
    UsageError for a generator, setting or word that does not exist); {} for none."""
    if not name:
        return {}
    generator = _generator(world, name)
    resolve_settings(generator, chosen or {})
    return {DUNGEON: name, DUNGEON_SET: settings_text(chosen or {})}


def key_values(key: DungeonKey, name: str, step: int = 0) -> dict[str, Any]:
    """The state's values that name ``key``, stored as ``name``, by the record of ``step``."""
    return {KEY: name, KEY_HASH: key.sha256, KEY_FOUND: "", KEY_AT: step}


def set_dungeon_request(world: World, words: list[str]) -> SetDungeon:
    """``set dungeon ID|KEY.yaml [NAME=WORD…]`` read. The settings of a generator already in
    the world are checked here; one not read yet is read (or refused) by the play layer
    before the request is carried out (:func:`set_dungeon` checks it then)."""
    if not words:
        raise UsageError(f"set dungeon ID [NAME=WORD ...]: ID is one of: "
                         f"{world.generator_names()}, a key's file, or off")
    name = words[0] if words[0].lower() != "off" else ""
    chosen = parse_settings(words[1:])
    if name in world.generators:
        start_values(world, name, chosen)
    elif name in world.keys and chosen:
        raise UsageError("a key has no settings: set dungeon KEY.yaml")
    elif not name and chosen:
        raise UsageError("set dungeon off takes no settings")
    return SetDungeon(name, settings_text(chosen))


def _other_dungeon(run: RunState, key: DungeonKey | None) -> str | None:
    """Why the dungeon cannot change now, or None: a key is set, or left, only while no room
    is on the map (rooms of one dungeon cannot lead into another's)."""
    rooms = run.dungeon.rooms
    if not rooms:
        return None
    named = run.values.get(KEY)
    if named and isinstance(named, str):
        return (f"the map holds rooms of the key {named}: its dungeon is played to the end "
                "(a key, or another dungeon, is set before the first room is entered)")
    if key is not None:
        return (f"the map holds {len(rooms)} room{'s' if len(rooms) != 1 else ''} already: a "
                "key is set before the first room is entered (start a new journal with "
                "--dungeon for it)")
    return None


def set_dungeon(world: World, run: RunState, request: SetDungeon) -> None:
    """The dungeon from now on: a generator (rolling new rooms), a key (its rooms, from its
    entrance), or none. A key is set, or left, only while no room is on the map."""
    name = request.generator
    key = world.keys.get(name) if name else None
    refused = _other_dungeon(run, key)
    if refused:
        raise UsageError(f"set dungeon: {refused}")
    if key is not None:
        if request.settings:
            raise UsageError("a key has no settings: set dungeon KEY.yaml")
        run.store(DUNGEON, "")
        run.store(DUNGEON_SET, "")
        for value_name, value in key_values(key, name, run.state.step + 1).items():
            run.store(value_name, value)
        run.events.append(Said(f"New rooms come from the key {key.name}: the first move "
                               "goes into its entrance."))
        return
    generator = _generator(world, name) if name else None
    if generator is not None:
        resolve_settings(generator, parse_settings(request.settings))
    if run.values.get(KEY):
        for value_name in _KEY_VALUES:
            run.store(value_name, "")
    run.store(DUNGEON, name)
    run.store(DUNGEON_SET, request.settings)
    if generator is not None:
        run.events.append(Said(f"New rooms are rolled by {generator.name} ({generator.id})"
                               + (f", {request.settings}" if request.settings else "") + "."))
    else:
        run.events.append(Said("New rooms are the player's to describe again."))


def active(world: World, values: Mapping[str, Any]) -> tuple[Generator, dict[str, Any]] | None:
    """The journal's generator and its resolved settings, if it names one."""
    name = values.get(DUNGEON)
    if not name or not isinstance(name, str):
        return None
    generator = _generator(world, name)
    return generator, resolve_settings(generator, parse_settings(str(values.get(DUNGEON_SET,
                                                                                ""))))


def door_refusal(room: Room, exit: Exit, procedure: Procedure) -> UsageError:
    """Why the party cannot go through ``exit``: its door is shut, and the action that
    opens it."""
    openers = [name for name, doors in OPENERS.items()
               if exit.door in doors and name in procedure.actions]
    where = exit.direction or exit.to or "exit"
    how = (" or ".join(f"'{name}'" for name in openers) + " opens it first") if openers \
        else f"once the party has opened it, 'room exits {where}' says so"
    return UsageError(f"the door {where} of {room.id} is {exit.door}: {how}")


def refuse_shut(run: RunState, direction: str | None) -> None:
    """Refuse, by name, a move into a new room through a shut door of the room the party
    is in (the exit ``direction``, or the first that leads nowhere yet)."""
    room = run.dungeon.current
    if room is None:
        return
    exit = next((exit for exit in room.exits if exit.to is None and exit.seen
                 and (direction is None or exit.direction == direction)), None)
    if exit is not None and exit.barred:
        raise door_refusal(room, exit, run.procedure)


def _dead_end(dungeon: Dungeon, room: Room, procedure: Procedure) -> UsageError:
    """Why a rolled room has no way on: the search that may find one, and the nearest
    known room that has one."""
    steps = dungeon.distances(room.id)
    onward = [(steps[other.id], index, other.id) for index, other in enumerate(dungeon.rooms)
              if other.id in steps and other.id != room.id
              and any(exit.to is None and exit.seen for exit in other.exits)]
    finders = [name for name in FINDERS if name in procedure.actions]
    ways = [f"'{finders[0]}' may find a secret way"] if finders else []
    if onward:
        ways.append(f"'go {min(onward)[2]}' walks to the nearest room with one")
    used = {exit.direction for exit in room.exits}
    free = next((direction for direction in DIRECTIONS if direction not in used), None)
    if free is not None:
        ways.append(f"'room exits {free}' names one")
    return UsageError(f"{room.id} has no way on that leads nowhere yet: " + "; ".join(ways))


@dataclass
class Rolled:
    """What rolling a new room made: the events, the room's exits as the rules count them,
    and whether it holds an encounter (drawn from the procedure's own table)."""

    events: list[Event]
    exits: int
    encounter: bool


def _through(run: RunState, room: Room, direction: str | None
             ) -> tuple[Room, str | None, list[Event]]:
    """The room the party leaves, with the exit it takes: refused if its door is shut;
    a trapped one springs (and is then open); a hidden one the player names is found."""
    events: list[Event] = []
    exits = list(room.exits)
    free = [index for index, exit in enumerate(exits) if exit.to is None]
    if direction is None:  # the first way on the party can take, else the first it sees
        chosen = next((index for index in free if exits[index].seen
                       and not exits[index].barred), None)
        if chosen is None:
            chosen = next((index for index in free if exits[index].seen), None)
        if chosen is None and exits:  # (a room with no exits known makes one, as ever)
            raise _dead_end(run.dungeon, room, run.procedure)
    else:
        chosen = next((index for index in free if exits[index].direction == direction), None)
    if chosen is None:
        return room, direction, events
    exit = exits[chosen]
    if exit.barred:
        raise door_refusal(room, exit, run.procedure)
    if exit.door == "trapped":
        where = f"the door {exit.direction} of {room.id}" if exit.direction \
            else f"a door of {room.id}"
        events.append(Said(f"The party finds a trap on {where} and gets past it."
                           if traps_found(run) else
                           f"A trap on {where} springs as the party goes through."))
    if exit.door:
        exits[chosen] = exit._replace(door="")
        room = room._replace(exits=tuple(exits))
    return room, direction or exit.direction, events


TRAPS_FOUND: Mapping[str, str] = {
    "delving": "pace == 'crawl' and light != 'dark'",
}
"""Procedure by procedure, when the party finds a trap before it springs (an expression
read in the run's scope); elsewhere every trap springs unless a search found it first.
Delving's seed: crawling (with light) detects traps; walking, running and total
darkness spring them."""
_TRAPS_FOUND = {system: compile_expr(text) for system, text in TRAPS_FOUND.items()}


def traps_found(run: RunState) -> bool:
    """Whether the party, as it moves now, finds a trap before it springs."""
    rule = _TRAPS_FOUND.get(run.procedure.id)
    return bool(rule is not None and rule.evaluate(run.scope))


def _short(text: str) -> str:
    text = " ".join(text.replace("[", "(").replace("]", ")").replace("|", "/").split())
    if len(text) <= change.MAX_DESCRIPTION:
        return text
    return text[:change.MAX_DESCRIPTION].rsplit(" ", 1)[0].rstrip(",;")


def roll_new(world: World, run: RunState, direction: str | None, to: str | None,
             back_word: str) -> Rolled | None:
    """Roll the new room the party goes into (the procedure's move into a new room, no
    exits typed), if the journal names a generator: None when it names none."""
    found = active(world, run.values)
    if found is None:
        return None
    generator, settings = found
    dungeon = run.dungeon
    left = dungeon.current
    events: list[Event] = []
    if left is not None:
        opened, direction, events = _through(run, left, direction)
        if opened is not left:
            dungeon = dungeon.with_room(opened)
    entered_by = OPPOSITE.get(direction) if direction else None
    rolled = roll_room(generator, settings, run.rng, RoomContext(len(dungeon.rooms),
                                                                 entered_by))
    dungeon = change.enter_new(dungeon, direction, 0, to, back_word)
    room = dungeon.current
    assert room is not None
    room = _stocked(room, rolled)
    dungeon = dungeon.with_room(room)
    before = run.dungeon
    run.dungeon = dungeon
    shown: list[Event] = [change.room_event(room, "new")]
    if left is not None and dungeon.room(left.id) != before.room(left.id):
        shown.append(change.room_event(dungeon.room(left.id) or left, "changed"))
    held = [content for content in rolled.contents if content.kind not in ("empty", "trap")]
    if held:
        shown.append(Said(f"In {room.id}: " + "; ".join(
            f"{content.kind} ({content.text})" if content.text else content.kind
            for content in held) + "."))
    for content in rolled.contents:
        if content.kind == "trap":
            what = f" ({content.text})" if content.text else ""
            shown.append(Said(f"The party finds the trap in {room.id}{what} before it springs."
                              if traps_found(run) else
                              f"A trap in {room.id}{what} springs on the party."))
    return Rolled([*events, *map(draw_event, rolled.draws), *shown],
                  sum(1 for exit in room.exits if exit.seen), rolled.encounter)


def _stocked(room: Room, rolled: GeneratedRoom) -> Room:
    exits = [*room.exits]
    for direction, kind in rolled.exits:
        door, secret = _DOORS.get(kind, ("", False))
        exits.append(Exit(direction, None, secret, door))
    status = room.status + (("trapped",) if "trap" in rolled.content_kinds else ())
    return room._replace(description=_short(rolled.description), status=status,
                         exits=tuple(exits[:change.MAX_EXITS]))


def _check_failed(events: list[Event]) -> bool:
    checks = [event for event in events if isinstance(event, Checked)]
    return bool(checks) and not checks[-1].success


def after_action(world: World, run: RunState, action: str, start: int) -> None:
    """What an action did to the doors of the room the party is in: an opener opens the
    first door it can, a finder finds the secret ways and the trapped doors (unless a
    check the action rolled failed). ``start``: where the action's events begin."""
    room = run.dungeon.current
    if room is None or (action not in OPENERS and action not in FINDERS):
        return
    if _check_failed(run.events[start:]):
        return
    exits = list(room.exits)
    said: list[str] = []
    if action in OPENERS:
        index = next((index for index, exit in enumerate(exits)
                      if exit.door in OPENERS[action]), None)
        if index is not None:
            said.append(f"The door {exits[index].direction or ''} of {room.id} is open.")
            exits[index] = exits[index]._replace(door="")
    else:
        for index, exit in enumerate(exits):
            if exit.door == HIDDEN:
                said.append(f"A secret way {exit.direction or ''} is found.")
                exits[index] = exit._replace(door="")
            elif exit.door == "trapped":
                said.append(f"A trap on the door {exit.direction or ''} is found: the party "
                            "can get around it.")
                exits[index] = exit._replace(door="")
    if not said:
        return
    dungeon: Dungeon = run.dungeon.with_room(room._replace(exits=tuple(exits)))
    run.dungeon = dungeon
    run.events.extend(Said(" ".join(text.split())) for text in said)
    run.events.append(change.room_event(dungeon.current or room, "changed"))

