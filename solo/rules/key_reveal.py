"""What the party knows of a keyed dungeon: the rooms it has entered, nothing more.

Pure functions over a :class:`~solo.rules.key_model.DungeonKey`, for the screen, the
journal, the map and the reports. None of them gives a word of a room the party has not
entered: :func:`reveal` shows the room entered (its name, text, contents and the things
found in it) and its exits as seen from inside (a secret exit only once found, the room
beyond only by id and only once entered); :func:`explored` counts. The rules read the key
itself (:func:`hidden_here` says what searching a room may find), never the screen's view.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from solo.rules.key_marks import mark_changes, room_marks
from solo.rules.key_model import DungeonKey, KeyContent, KeyRoom, KeySecret, secrets_of

__all__ = ["SeenExit", "SeenRoom", "Explored", "reveal", "seen_rooms", "hidden_here",
           "explored", "key_changes"]


@dataclass(frozen=True)
class SeenExit:
    """An exit as the party sees it: its direction, its door as seen (``secret`` for a
    secret door it has found), the room beyond (its id once the party has entered it, else
    None), whether it leads out of the dungeon, the door's words from this side, and the
    secret's id when it is a secret found."""

    direction: str | None
    door: str
    to: str | None
    out: bool = False
    text: str = ""
    secret: str | None = None

    def label(self) -> str:
        """``N:R2``, ``E(locked)``, ``W:R7(secret)``, ``S(out)``: as Lonelog writes exits."""
        where = self.direction or ""
        if self.to is not None:
            where = f"{where}:{self.to}" if where else self.to
        door = "out" if self.out else (self.door if self.door != "open" else "")
        where = where or "exit"
        return f"{where}({door})" if door else where


@dataclass(frozen=True)
class SeenRoom:
    """A room the party has entered, as the key gives it, and its exits as seen."""

    id: str
    name: str
    text: str
    exits: tuple[SeenExit, ...]
    contents: tuple[KeyContent, ...]
    found: tuple[str, ...]
    """The words of the things hidden here that the party has found."""

    def exits_text(self) -> str:
        return ", ".join(exit.label() for exit in self.exits)


@dataclass(frozen=True)
class Explored:
    """How much of the key the party has seen: rooms entered, secrets found (a door secret
    from both sides counts once)."""

    rooms_seen: int
    rooms: int
    secrets_found: int
    secrets: int

    def __str__(self) -> str:
        rooms = f"{self.rooms_seen} of {self.rooms} room{'s' if self.rooms != 1 else ''}"
        if not self.secrets:
            return rooms
        return (f"{rooms}, {self.secrets_found} of {self.secrets} "
                f"secret{'s' if self.secrets != 1 else ''}")


def _found(secret: KeySecret, secrets_found: Collection[str]) -> bool:
    return secret.id in secrets_found or (secret.twin is not None
                                          and secret.twin in secrets_found)


def _room(key: DungeonKey, room_id: str) -> KeyRoom:
    room = key.room(room_id)
    if room is None:
        raise KeyError(f"{room_id} is not a room of the key {key.id}")
    return room


def reveal(key: DungeonKey, seen: Collection[str], entered: str,
           secrets_found: Collection[str] = ()) -> SeenRoom:
    """What the party learns entering ``entered`` (or looking again at a room it has
    entered before), having entered the rooms of ``seen`` and found ``secrets_found``
    (secret ids, :attr:`KeySecret.id`)."""
    room = _room(key, entered)
    known = set(seen) | {entered}
    secrets = {secret.exit: secret for secret in secrets_of(key, room) if secret.door}
    exits = []
    for index, exit in enumerate(room.exits):
        secret = secrets.get(index)
        if secret is not None and not _found(secret, secrets_found):
            continue
        exits.append(SeenExit(exit.direction, exit.door,
                              exit.to if exit.to in known else None, exit.out, exit.text,
                              secret.id if secret is not None else None))
    found = tuple(secret.text for secret in secrets_of(key, room)
                  if not secret.door and _found(secret, secrets_found))
    return SeenRoom(room.id, room.name, room.text, tuple(exits), room.contents, found)


def seen_rooms(key: DungeonKey, seen: Collection[str],
               secrets_found: Collection[str] = ()) -> list[SeenRoom]:
    """Every room of ``seen`` as the party knows it, in the key's order (for the map)."""
    seen, secrets_found = set(seen), set(secrets_found)
    return [reveal(key, seen, room.id, secrets_found) for room in key.rooms
            if room.id in seen]


def hidden_here(key: DungeonKey, room_id: str,
                secrets_found: Collection[str] = ()) -> tuple[KeySecret, ...]:
    """For the rules, never the screen: what searching ``room_id`` may still find (its
    secret exits and hidden things not found yet), in the key's order."""
    return tuple(secret for secret in secrets_of(key, _room(key, room_id))
                 if not _found(secret, secrets_found))


def explored(key: DungeonKey, seen: Collection[str],
             secrets_found: Collection[str] = ()) -> Explored:
    """``9 of 23 rooms, 2 of 4 secrets``: rooms of the key entered, secrets found."""
    seen, secrets_found = set(seen), set(secrets_found)
    units: dict[str, bool] = {}
    for secret in key.secrets:
        unit = min(secret.id, secret.twin) if secret.twin else secret.id
        units[unit] = units.get(unit, False) or _found(secret, secrets_found)
    rooms = sum(1 for room in key.rooms if room.id in seen)
    return Explored(rooms, len(key.rooms), sum(units.values()), len(units))


def key_changes(old: DungeonKey, new: DungeonKey, seen: Collection[str]) -> list[str]:
    """What an edit of the key changed, for the notice when a journal is resumed with a key
    whose hash differs: one line for each room the party has entered whose name, text,
    exits, doors, contents or secrets changed or that is gone, then one line counting the
    rooms not yet entered that changed, were added or were removed (never what they say).
    The same comparison as the journal's room marks make (:mod:`solo.rules.key_marks`)."""
    return mark_changes(room_marks(old), new, seen)
