"""Read and check a dungeon key file (``kind: key``), the format docs/keys.md describes.

Every refusal names the file, the line and the key path, and says what was expected: an
exit to a room the key does not have, a one-way exit whose other side leads back, two rooms
with one id, a direction used twice
in a room, a door kind or a content solo does not know, a key of more than
:data:`~solo.rules.key_model.MAX_KEY_ROOMS` rooms (counted before any room is read).

An exit written on one side only is a way both ways: the loader gives the other room the
way back (the opposite direction, the same door, no words), unless the exit says
``one_way: true``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from solo.errors import RulesError
from solo.rules.key_model import (
    DIRECTIONS,
    DOOR_KINDS,
    KEY_CONTENTS,
    MAX_EXITS,
    MAX_KEY_ROOMS,
    OPPOSITE,
    OUT,
    ROLL,
    DungeonKey,
    KeyContent,
    KeyEncounter,
    KeyExit,
    KeyRoom,
)
from solo.rules.table_file import check_links, parse_table
from solo.rules.tables import Table
from solo.rules.yamlfile import Document, load_yaml

__all__ = ["parse_key", "load_key_file", "key_from_text", "key_hash", "room_id",
           "check_encounters", "check_wandering", "wandering_table"]

_TOP = ("kind", "id", "name", "summary", "source", "intro", "entrance", "encounters",
        "wandering", "rooms")
_ROOM = ("id", "name", "text", "exits", "contents", "secrets", "at", "size")
_EXIT = ("dir", "to", "door", "text", "one_way")
_COMMENTS = ("note", "notes")
_ID = re.compile(r"R?(\d{1,6})")


def key_hash(data: bytes) -> str:
    """The hash the journal names a key by: sha256 of the file's bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


def load_key_file(path: Path) -> DungeonKey:
    """Read and check the key at ``path``, with the hash of its bytes."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise RulesError(f"cannot read ({err.strerror})", file=str(path)) from None
    return key_from_text(data, str(path))


def key_from_text(data: bytes | str, file: str) -> DungeonKey:
    """A key from the bytes (or text) of a file named ``file`` in errors."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RulesError("not a text file (expected a UTF-8 YAML key)", file=file) from None
    key = parse_key(load_yaml(text, file))
    object.__setattr__(key, "sha256", key_hash(raw))
    return key


def room_id(raw: Any) -> str | None:
    """``R12`` from ``R12``, ``r12`` or ``12``; None for anything else."""
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        return None
    match = _ID.fullmatch(str(raw).strip().upper())
    return f"R{int(match.group(1))}" if match and int(match.group(1)) > 0 else None


def _keys(doc: Document, path: tuple, raw: Any, allowed: tuple[str, ...],
          required: tuple[str, ...], what: str) -> Mapping[Any, Any]:
    return doc.mapping(path, raw, allowed, required, what, _COMMENTS)


def _text(doc: Document, path: tuple, value: Any, required: bool = False) -> str:
    if value is None and not required:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or (required and not value.strip()):
        raise doc.error(path, "expected text")
    return " ".join(value.split()) if "\n\n" not in value else value.strip()


def _pair(doc: Document, path: tuple, raw: Any) -> tuple[float, float] | None:
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != 2 or not all(
            isinstance(number, (int, float)) and not isinstance(number, bool)
            for number in raw)):
        raise doc.error(path, "expected two numbers, such as [3, 4]")
    return float(raw[0]), float(raw[1])


def parse_key(doc: Document) -> DungeonKey:
    """Check a key file's document and build its :class:`DungeonKey`."""
    data = doc.data
    if not isinstance(data, Mapping) or data.get("kind") != "key":
        raise doc.error(("kind",), "expected 'kind: key' at the top of a dungeon key")
    _keys(doc, (), data, _TOP, ("id", "name", "entrance", "rooms"), "a mapping")
    rooms_raw = data["rooms"]
    if not isinstance(rooms_raw, list) or not rooms_raw:
        raise doc.error(("rooms",), "expected a list of rooms, each with id and name")
    if len(rooms_raw) > MAX_KEY_ROOMS:
        raise doc.error(("rooms",), f"{len(rooms_raw):,} rooms; a key has at most "
                        f"{MAX_KEY_ROOMS:,}")
    encounters = _encounters(doc, data.get("encounters"))
    wandering = None
    if data.get("wandering") is not None:
        wandering = parse_table(doc, ("wandering",), "wandering", data["wandering"],
                                extended=True)
        check_links(doc, {"wandering": wandering}, ("wandering",), others={})
    rooms: list[KeyRoom] = []
    lines: dict[str, int | None] = {}
    for index, raw in enumerate(rooms_raw):
        room = _room(doc, ("rooms", index), raw)
        if room.id in lines:
            raise doc.error(("rooms", index, "id"), f"two rooms with the id {room.id} (the "
                            f"first at line {lines[room.id]}); each room needs its own")
        lines[room.id] = room.line
        rooms.append(room)
    entrance = room_id(data["entrance"])
    if entrance not in lines:
        raise doc.error(("entrance",), "expected the id of one of the key's rooms, such as "
                        f"{rooms[0].id}")
    rooms = _joined(doc, rooms)
    return DungeonKey(
        id=_text(doc, ("id",), data["id"], True), name=_text(doc, ("name",), data["name"], True),
        entrance=entrance, rooms=tuple(rooms), file=doc.file,
        summary=_text(doc, ("summary",), data.get("summary")),
        source=_text(doc, ("source",), data.get("source")),
        intro=_text(doc, ("intro",), data.get("intro")),
        encounters=encounters, wandering=wandering)


def _encounters(doc: Document, raw: Any) -> dict[str, KeyEncounter]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise doc.error(("encounters",), "expected a mapping of names to encounters")
    found = {}
    for name, body in raw.items():
        path = ("encounters", name)
        if not isinstance(name, str) or not name.strip() or name == "roll":
            raise doc.error(path, "expected an encounter's name: a word such as rat-swarm")
        if isinstance(body, Mapping):
            body = _keys(doc, path, body, ("text",), ("text",), "text, or a mapping with text")
            body = body["text"]
        found[name] = KeyEncounter(name, _text(doc, path, body, True))
    return found


def _room(doc: Document, path: tuple, raw: Any) -> KeyRoom:
    raw = _keys(doc, path, raw, _ROOM, ("id", "name"), "a room: a mapping with id and name")
    ident = room_id(raw["id"])
    if ident is None:
        raise doc.error(path + ("id",), "expected a room id: R and a number, such as R12")
    exits_raw = raw.get("exits") or []
    if not isinstance(exits_raw, list):
        raise doc.error(path + ("exits",), "expected a list of exits")
    if len(exits_raw) > MAX_EXITS:
        raise doc.error(path + ("exits",), f"{len(exits_raw)} exits; a room has at most "
                        f"{MAX_EXITS}")
    exits = tuple(_exit(doc, path + ("exits", index), item)
                  for index, item in enumerate(exits_raw))
    taken: set[str] = set()
    for index, exit in enumerate(exits):
        if exit.direction in taken:
            raise doc.error(path + ("exits", index, "dir"), f"a second exit {exit.direction} "
                            "in this room; each direction leads one way (leave 'dir' out)")
        if exit.direction:
            taken.add(exit.direction)
    contents_raw = raw.get("contents") or []
    if not isinstance(contents_raw, list):
        raise doc.error(path + ("contents",), "expected a list of contents")
    secrets_raw = raw.get("secrets") or []
    if not isinstance(secrets_raw, list):
        raise doc.error(path + ("secrets",), "expected a list of the things found by searching")
    hidden = tuple(_text(doc, path + ("secrets", index),
                         item.get("text") if isinstance(item, Mapping) else item, True)
                   for index, item in enumerate(secrets_raw))
    return KeyRoom(
        id=ident, name=_text(doc, path + ("name",), raw["name"], True),
        text=_text(doc, path + ("text",), raw.get("text")), exits=exits,
        contents=tuple(_content(doc, path + ("contents", index), item)
                       for index, item in enumerate(contents_raw)),
        hidden=hidden, at=_pair(doc, path + ("at",), raw.get("at")),
        size=_pair(doc, path + ("size",), raw.get("size")), line=doc.line(path))


def _exit(doc: Document, path: tuple, raw: Any) -> KeyExit:
    raw = _keys(doc, path, raw, _EXIT, ("to",), "an exit: a mapping with dir, to and door")
    direction = raw.get("dir")
    if direction is not None:
        if not isinstance(direction, str) or direction.upper() not in DIRECTIONS:
            raise doc.error(path + ("dir",), f"unknown direction {str(direction)[:12]!r}; "
                            f"expected one of {' '.join(DIRECTIONS)}")
        direction = direction.upper()
    target = raw["to"]
    to = None if target == OUT else room_id(target)
    if to is None and target != OUT:
        raise doc.error(path + ("to",), "expected a room's id (such as R4), or 'out' for a "
                        "way out of the dungeon")
    door = raw.get("door", "open")
    if door not in DOOR_KINDS:
        raise doc.error(path + ("door",), f"unknown door kind {str(door)[:20]!r}; expected "
                        f"one of {', '.join(DOOR_KINDS)}")
    one_way = raw.get("one_way", False)
    if not isinstance(one_way, bool):
        raise doc.error(path + ("one_way",), "expected true or false")
    return KeyExit(direction, to, door, _text(doc, path + ("text",), raw.get("text")),
                   one_way, False, doc.line(path))


def _content(doc: Document, path: tuple, raw: Any) -> KeyContent:
    if not isinstance(raw, Mapping):
        raise doc.error(path, f"expected one of {', '.join(KEY_CONTENTS)} with its words, "
                        "such as {treasure: 30 silver pieces}")
    kinds = [key for key in raw if key in KEY_CONTENTS]
    if len(kinds) != 1:
        raise doc.error(path, f"expected exactly one of {', '.join(KEY_CONTENTS)}")
    kind = kinds[0]
    _keys(doc, path, raw, (kind, "text"), (), "a mapping")
    if kind == "encounter":
        name = raw[kind]
        if not isinstance(name, str) or not name.strip():
            raise doc.error(path + (kind,), "expected the encounter's name: one of the key's "
                            "encounters, an entry id of the procedure's encounter table, "
                            "or roll")
        return KeyContent(kind, _text(doc, path + ("text",), raw.get("text")), name.strip(),
                          doc.line(path))
    if "text" in raw:
        raise doc.error(path + ("text",), f"the words of a {kind} go after '{kind}:'")
    return KeyContent(kind, _text(doc, path + (kind,), raw[kind], True), None, doc.line(path))


def _joined(doc: Document, rooms: list[KeyRoom]) -> list[KeyRoom]:
    """Each exit checked against the other side, and the way back added where the key
    writes one side only of a way both ways."""
    index = {room.id: place for place, room in enumerate(rooms)}
    added: dict[str, list[KeyExit]] = {}
    for place, room in enumerate(rooms):
        for number, exit in enumerate(room.exits):
            path = ("rooms", place, "exits", number)
            if exit.to is None:
                continue
            if exit.to not in index:
                raise doc.error(path + ("to",), f"{exit.to} is not a room of this key")
            other = rooms[index[exit.to]]
            back = [each for each in other.exits if each.to == room.id]
            if exit.one_way and back:
                raise doc.error(path + ("one_way",), f"one-way, but {other.id} has an exit "
                                f"back to {room.id} (line {back[0].line}): drop one_way or "
                                "that exit")
            if exit.one_way or back or other.id == room.id:
                continue
            taken = {each.direction for each in other.exits} | {
                each.direction for each in added.get(other.id, [])}
            facing = OPPOSITE.get(exit.direction or "")
            added.setdefault(other.id, []).append(KeyExit(
                facing if facing and facing not in taken else None, room.id, exit.door, "",
                False, True, exit.line))
    result = []
    for room in rooms:
        extra = tuple(added.get(room.id, ()))
        if len(room.exits) + len(extra) > MAX_EXITS:
            raise doc.error(("rooms", index[room.id], "exits"), f"{room.id} has "
                            f"{len(room.exits) + len(extra)} exits with the ways back other "
                            f"rooms lead to it; a room has at most {MAX_EXITS}")
        result.append(room if not extra else KeyRoom(
            room.id, room.name, room.text, room.exits + extra, room.contents, room.hidden,
            room.at, room.size, room.line))
    return result


def check_encounters(key: DungeonKey, entries: Collection[str]) -> None:
    """When play starts with a procedure: each encounter a room names must be one of the
    key's own, ``roll``, or an entry id of the procedure's encounter table (``entries``);
    refused with the key's file and line otherwise."""
    for room in key.rooms:
        for content in room.contents:
            name = content.name
            if content.kind != "encounter" or name is None or name == ROLL:
                continue
            if name not in key.encounters and name not in entries:
                known = ", ".join(sorted(entries)) or "none"
                raise RulesError(f"{room.id} meets {name!r}, which is neither one of the "
                                 "key's encounters nor an entry of the procedure's encounter "
                                 f"table ({known}), nor roll", file=key.file, line=content.line)


def check_wandering(key: DungeonKey, procedure: Any, known: Collection[str]) -> None:
    """When play starts with a procedure: a key's ``wandering`` table replaces the
    procedure's encounter table, so the procedure must have one, and the names its ``plus``
    reads (``tension``) must be the procedure's (``known``); refused with the key's file
    otherwise."""
    table = key.wandering
    if table is None:
        return
    if not procedure.encounters:
        raise RulesError(f"wandering: {procedure.name} has no encounter table for the key's "
                         "wandering table to replace", file=key.file)
    expr = table.plus_expr
    missing = sorted(expr.names - set(known)) if expr is not None else []
    if missing:
        raise RulesError(f"wandering.plus reads {missing[0]!r}, which {procedure.name} "
                         "does not have", file=key.file)


def wandering_table(key: DungeonKey, name: str) -> Table | None:
    """The key's ``wandering`` table as it stands in for the procedure's encounter table
    ``name`` (under that name, so that what strikes an entry off finds it), or None."""
    if key.wandering is None:
        return None
    return replace(key.wandering, name=name, title=f"{key.name}: wandering monsters")
