"""A key's room marks: short hashes of each room's parts, which a journal keeps so that an
edit of the key between sittings can be told room by room without keeping its text.

When a journal names a key, the record that names it (the start record for ``--dungeon``,
the entry of ``set dungeon KEY.yaml``) keeps ``key_rooms``: :func:`room_marks`, one entry
per room, each a hash of the room's id (so an unseen room's id is not written either) to a
string of one short hash for each of its parts (:data:`PARTS`). Resuming with a key whose
sha256 differs compares the key on disk with those marks (:func:`mark_changes`): for the
rooms already entered it names the parts that changed; the others are only counted. A
hash of a few hex digits says nothing of the words it was made from.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Mapping

from solo.rules.key_model import DungeonKey, KeyRoom

__all__ = ["PARTS", "ENTRANCE", "room_marks", "mark_changes", "gone_rooms"]

_WIDTH = 4
"""Hex digits per part's hash: an edit goes unnoticed once in 65,536."""

PARTS: tuple[tuple[str, Callable[[KeyRoom], object]], ...] = (
    ("name", lambda room: room.name),
    ("text", lambda room: room.text),
    ("exits", lambda room: tuple((exit.direction, exit.to, exit.one_way)
                                 for exit in room.exits)),
    ("doors", lambda room: tuple((exit.direction, exit.to, exit.door, exit.text)
                                 for exit in room.exits)),
    ("contents", lambda room: tuple((content.kind, content.name, content.text)
                                    for content in room.contents)),
    ("secrets", lambda room: room.hidden),
)
"""The parts of a room a mark tells apart, in the order of its hashes."""
ENTRANCE = "@"
"""The mark that holds the hash of the key's entrance."""


def _hash(value: object, width: int = _WIDTH) -> str:
    return hashlib.sha256(repr(value).encode("utf-8")).hexdigest()[:width]


def _id_hash(room_id: str) -> str:
    return _hash(("room", room_id), 8)


def _mark(room: KeyRoom) -> str:
    return "".join(_hash(read(room)) for _, read in PARTS)


def room_marks(key: DungeonKey) -> dict[str, str]:
    """The key's marks: each room's id hash to the hashes of its parts, and the entrance."""
    marks = {_id_hash(room.id): _mark(room) for room in key.rooms}
    marks[ENTRANCE] = _hash(key.entrance)
    return marks


def _changed_parts(before: str, after: str) -> list[str]:
    return [name for index, (name, _) in enumerate(PARTS)
            if before[index * _WIDTH:(index + 1) * _WIDTH]
            != after[index * _WIDTH:(index + 1) * _WIDTH]]


def mark_changes(marks: Mapping[str, str], new: DungeonKey, seen: Collection[str]
                 ) -> list[str]:
    """What an edit of the key changed since ``marks`` were taken: one line for each room
    already entered (``seen``) whose parts changed or that is gone, then one line counting
    the rooms not yet entered that changed, were added or were removed (never what they
    say, nor their ids)."""
    lines = []
    now = {_id_hash(room.id): room for room in new.rooms}
    seen_hashes = {_id_hash(room_id): room_id for room_id in seen}
    for hashed, room_id in sorted(seen_hashes.items(), key=lambda item: _order(item[1])):
        before, after = marks.get(hashed), now.get(hashed)
        if before is None:
            continue  # not a room of the key as it was (a room of the player's own)
        if after is None:
            lines.append(f"{room_id} is no longer in the key")
            continue
        parts = _changed_parts(before, _mark(after))
        if parts:
            lines.append(f"{room_id}: its {_and(parts)} changed")
    others = {hashed for hashed in marks if hashed != ENTRANCE} | set(now)
    unseen = sum(1 for hashed in others - set(seen_hashes)
                 if hashed not in now or marks.get(hashed) != _mark(now[hashed]))
    if unseen:
        lines.append(f"{unseen} room{'s' if unseen != 1 else ''} not yet entered changed")
    if not seen and marks.get(ENTRANCE) not in (None, _hash(new.entrance)):
        lines.append("the entrance changed")
    return lines


def gone_rooms(marks: Mapping[str, str], new: DungeonKey, seen: Collection[str]) -> list[str]:
    """The rooms already entered (``seen``) that were the key's when ``marks`` were taken and
    that an edit has removed from it (a room of the player's own never was the key's)."""
    return [room_id for room_id in seen if new.room(room_id) is None
            and _id_hash(room_id) in marks]


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _order(room_id: str) -> tuple[int, str]:
    digits = room_id[1:]
    return (int(digits) if digits.isdigit() else 1 << 30, room_id)
