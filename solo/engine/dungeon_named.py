"""The dungeon a journal names: a generator rolling its new rooms
(:mod:`solo.engine.dungeon_rolls`), a key revealing a prepared one
(:mod:`solo.engine.key_rooms`), or none, the player describing each room.

The journal names it in its state's values (:data:`DUNGEON`, :data:`DUNGEON_SET` for a
generator and the player's settings of it, ``doors=barred``; :data:`KEY` and its fellows
for a key), so resume, undo and replay find it as they find any value; ``set dungeon``
names another. Generators and keys come from the world, stocked by the play layer: nothing
here reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.engine.events import Said
from solo.engine.requests import SetDungeon
from solo.engine.run import RunState
from solo.errors import UsageError
from solo.rules.generate import resolve_settings
from solo.rules.generator import Generator
from solo.rules.key_model import DungeonKey
from solo.rules.world import World

__all__ = ["DUNGEON", "DUNGEON_SET", "KEY", "KEY_HASH", "KEY_FOUND", "KEY_AT",
           "DUNGEON_VALUES", "parse_settings", "settings_text", "start_values", "key_values",
           "set_dungeon_request", "set_dungeon", "active"]

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


def parse_settings(words: str | list[str] | tuple[str, ...]) -> dict[str, str]:
    """``doors=barred size=small`` (or a list of such words) as a mapping; UsageError for
    a word without ``=``, or a setting named twice."""
    if isinstance(words, str):
        words = words.replace(",", " ").split()
    chosen: dict[str, str] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or not name or not value:
            raise UsageError(f"a dungeon setting is NAME=WORD (doors=barred), not {word[:30]!r}")
        if name.strip().lower() in chosen:  # never the last one silently
            raise UsageError(f"the dungeon setting {name.strip()[:30]!r} is given twice; give "
                             "it once")
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
    name = next((known for known in sorted({*world.generator_ids, *world.generators})
                 if known.casefold() == name.casefold()), name)  # a known id in any case
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
