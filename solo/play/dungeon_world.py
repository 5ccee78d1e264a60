"""The dungeon a journal names, in its world: the play layer reads the generator or the key
(at the start, on resuming, after an undo, and when ``set dungeon`` names another) and
stocks the world with it, so that the engine never reads a file; and the key's room marks,
which the record that names a key keeps (docs/keys.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from solo.engine.dungeon_named import DUNGEON, KEY, KEY_AT, KEY_HASH
from solo.engine.requests import SetDungeon
from solo.errors import RulesError, UsageError
from solo.journal.record_schema import EVENTS_KEY, STATE_KEY
from solo.journal.store import find_record
from solo.rules.catalog import stock_generator, stock_key
from solo.rules.key_file import (
    check_encounters,
    check_wandering,
    load_key_file,
    wandering_table,
)
from solo.rules.key_marks import room_marks
from solo.rules.key_model import DungeonKey
from solo.rules.key_shelf import is_key_file, key_name
from solo.rules.validate import name_types
from solo.rules.world import World

__all__ = ["stock_dungeon", "checked_key", "with_key_rooms", "named_dungeon", "key_rooms_of",
           "fitted"]


def stock_dungeon(world: World, values: Mapping[str, Any], path: Path) -> list[str]:
    """Read the generator and the key the values of the journal at ``path`` name into the
    world (the engine looks them up and never reads a file); and, for a key whose bytes
    changed since it was named, the room marks the journal keeps of it, for the notice.
    Returns what to tell the player when the generator cannot be read; a key that is not
    there, or no longer passes its checks, is said by the recap (the rooms seen stay, new
    ones wait for it)."""
    notices = []
    generator = values.get(DUNGEON)
    if generator and isinstance(generator, str):
        try:
            stock_generator(world, generator)
        except (UsageError, RulesError) as error:
            notices.append(f"The journal's generator cannot be read ({error}): new rooms "
                           "cannot be rolled until it is back ('set dungeon' names another).")
    name = values.get(KEY)
    if name and isinstance(name, str):
        try:
            key = stock_key(world, name, path.parent)
        except RulesError as error:  # the recap says so (solo.engine.key_views.key_notice)
            world.unreadable[name] = str(error)
            return notices
        world.unreadable.pop(name, None)
        if key is not None and key.sha256 != values.get(KEY_HASH) \
                and name not in world.key_marks:
            at = values.get(KEY_AT)
            record = find_record(path, at) if isinstance(at, int) else None
            marks = record.get("key_rooms") if isinstance(record, dict) else None
            if isinstance(marks, dict) and all(isinstance(mark, str)
                                               for mark in marks.values()):
                world.key_marks[name] = marks
    return notices


def with_key_rooms(record: dict, marks: dict[str, str]) -> dict:
    """``record`` with the key's room marks, where the schema puts them (before the
    events and the state)."""
    head = {name: value for name, value in record.items() if name not in (EVENTS_KEY,
                                                                            STATE_KEY)}
    return {**head, "key_rooms": marks, EVENTS_KEY: record[EVENTS_KEY],
            STATE_KEY: record[STATE_KEY]}


def checked_key(world: World, path: Path) -> DungeonKey:
    """The key at ``path``, checked (as ``solo check`` does) and its encounters against the
    procedure's encounter table: a RulesError with file and line when it fails."""
    key = load_key_file(path)
    encounters = world.procedure.tables.get(world.procedure.encounters or "") \
        or world.table(world.procedure.encounters or "")
    check_encounters(key, [entry.id for entry in encounters.entries] if encounters else [])
    check_wandering(key, world.procedure, name_types(world.procedure))
    return key


def named_dungeon(world: World, request: SetDungeon, journal: Path) -> SetDungeon:
    """``set dungeon NAME``, before the engine carries it out: the generator or key it names
    read into the world (a UsageError or RulesError, nothing journaled, when it cannot be);
    a key's file named as the journal stores it (relative to the journal's folder when it
    is under it or beside it)."""
    name = request.generator
    if not name:
        return request
    if is_key_file(name):
        stored = key_name(name, journal.parent)
        world.keys[stored] = checked_key(world, Path(name))
        return replace(request, generator=stored)
    stock_generator(world, name)
    return request


def key_rooms_of(world: World, before: Mapping[str, Any], after: Mapping[str, Any],
                 step: int) -> dict[str, str] | None:
    """The room marks the record of ``step`` keeps: when it named a key (``set dungeon
    KEY.yaml``), else None."""
    name = after.get(KEY)
    if not name or after.get(KEY_AT) != step or before.get(KEY_AT) == step:
        return None
    key = world.keys.get(str(name))
    return room_marks(key) if key is not None else None


def fitted(world: World, values: Mapping[str, Any]) -> World:
    """The world for the journal's values: while the key it plays has a ``wandering``
    table, that table stands in the world's tables for the procedure's encounter table (the
    procedure's own check still decides when one is drawn); otherwise the world's own
    tables. The same world when nothing changes (its compiled rules are kept by the
    tables' identity); the generators and keys it holds are shared."""
    base = world.plain_tables if world.plain_tables is not None else world.tables
    name = values.get(KEY)
    key = world.keys.get(name) if isinstance(name, str) and name else None
    encounters = world.procedure.encounters or ""
    table = wandering_table(key, encounters) if key is not None and encounters else None
    if table is None:
        return world if world.plain_tables is None else replace(world, tables=base,
                                                                plain_tables=None)
    if world.plain_tables is not None and world.tables.get(encounters) == table:
        return world
    return replace(world, tables={**base, encounters: table}, plain_tables=base)
