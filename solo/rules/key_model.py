"""A dungeon key, checked: the rooms of a prepared dungeon, their exits, doors, contents and
secrets (``kind: key``; docs/keys.md is the guide, :mod:`solo.rules.key_file` reads one).

Pure, frozen data. A room's id is typed as the map types it (``R12``); an exit leads to
another room of the key or out of the dungeon (``to`` is None); each secret has an id that
names only the room it is found in (``R3:E`` for a secret door on R3's east wall,
``R3:exit2`` for one without a direction, ``R3:secret1`` for the first thing hidden in R3),
so that recording it never names a room the party has not seen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from solo.rules.generator import CONTENT_KINDS, DIRECTIONS, DOOR_KINDS, MAX_EXITS
from solo.rules.tables import Table

__all__ = ["DIRECTIONS", "DOOR_KINDS", "CONTENT_KINDS", "KEY_CONTENTS", "MAX_EXITS",
           "MAX_KEY_ROOMS", "OPPOSITE", "OUT", "ROLL", "KeyExit", "KeyContent", "KeySecret",
           "KeyRoom", "KeyEncounter", "DungeonKey"]

MAX_KEY_ROOMS = 5_000
"""The most rooms a key may have: a published megadungeon level has a few hundred; a key of
more is refused when it loads, before anything is built from it."""
KEY_CONTENTS = tuple(kind for kind in CONTENT_KINDS if kind != "empty")
"""What a key's room may hold (a room without contents is empty)."""
OUT = "out"
"""The word a key writes for an exit that leaves the dungeon."""
ROLL = "roll"
"""``encounter: roll``: roll the procedure's own encounter table, as a generated room does."""
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE",
            "SE": "NW", "U": "D", "D": "U"}


@dataclass(frozen=True)
class KeyExit:
    """One way out of a room: its direction (None: not given), the room it leads to (None:
    out of the dungeon), its door (one of DOOR_KINDS), the door's words as seen from this
    side, whether there is no way back (``one_way``), whether the key wrote it or the loader
    made it as the other side of an exit the key wrote (``mirrored``), and its line."""

    direction: str | None
    to: str | None
    door: str = "open"
    text: str = ""
    one_way: bool = False
    mirrored: bool = False
    line: int | None = field(default=None, compare=False)

    @property
    def out(self) -> bool:
        return self.to is None


@dataclass(frozen=True)
class KeyContent:
    """One thing a room holds: its kind (KEY_CONTENTS), its words, and for an encounter the
    name it gives: an entry of the key's own ``encounters``, an entry id of the procedure's
    encounter table, or ``roll`` (roll the procedure's table)."""

    kind: str
    text: str = ""
    name: str | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class KeySecret:
    """Something found by searching: a secret door (``exit`` is its place in the room's
    exits) or a thing hidden in the room (``exit`` None). ``twin`` is the id of the same
    door's secret face on the other side, when that side is secret too."""

    id: str
    room: str
    text: str
    exit: int | None = None
    twin: str | None = None

    @property
    def door(self) -> bool:
        return self.exit is not None


@dataclass(frozen=True)
class KeyRoom:
    """A room of the key: its id, name, the text read on entering, exits, contents, the
    things hidden in it (texts, in order), and where the map drew it (``at``, ``size``;
    None when the key does not say)."""

    id: str
    name: str
    text: str = ""
    exits: tuple[KeyExit, ...] = ()
    contents: tuple[KeyContent, ...] = ()
    hidden: tuple[str, ...] = ()
    at: tuple[float, float] | None = None
    size: tuple[float, float] | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class KeyEncounter:
    """An encounter of the key's own, by name: what the party meets."""

    name: str
    text: str


@dataclass(frozen=True)
class DungeonKey:
    """A checked key. ``sha256`` is the hash of the file's bytes ('' when read from text),
    for the journal to name the key it was played from."""

    id: str
    name: str
    entrance: str
    rooms: tuple[KeyRoom, ...]
    file: str = ""
    summary: str = ""
    source: str = ""
    intro: str = ""
    encounters: Mapping[str, KeyEncounter] = field(default_factory=dict, compare=False)
    wandering: Table | None = field(default=None, compare=False)
    sha256: str = ""
    _by_id: dict[str, KeyRoom] = field(default_factory=dict, init=False, repr=False,
                                       compare=False)

    def __post_init__(self) -> None:
        self._by_id.update((room.id, room) for room in self.rooms)

    def room(self, room_id: str) -> KeyRoom | None:
        return self._by_id.get(room_id)

    def __contains__(self, room_id: object) -> bool:
        return room_id in self._by_id

    @property
    def secrets(self) -> tuple[KeySecret, ...]:
        """Every secret face in the key, room by room: each secret exit, then each hidden
        thing. A door secret from both sides is two faces, twins of each other."""
        return tuple(secret for room in self.rooms for secret in secrets_of(self, room))


def exit_face(room: KeyRoom, index: int) -> str:
    """The id of exit ``index`` of ``room`` as a secret: ``R3:E``, or ``R3:exit2``."""
    exit = room.exits[index]
    return f"{room.id}:{exit.direction}" if exit.direction else f"{room.id}:exit{index + 1}"


def way_back(key: DungeonKey, room: KeyRoom, index: int) -> tuple[KeyRoom, int] | None:
    """The other side of exit ``index`` of ``room``: the room it leads to and the place of
    the exit there that leads back (the opposite direction first, else the first one; of
    several without a direction, as many ways back as this is ways there: the second door
    with no direction between two rooms comes back by the second)."""
    exit = room.exits[index]
    other = key.room(exit.to) if exit.to is not None else None
    if other is None:
        return None
    back = [place for place, each in enumerate(other.exits) if each.to == room.id]
    if not back:
        return None
    facing = OPPOSITE.get(exit.direction or "")
    facing_back = [place for place in back if other.exits[place].direction == facing]
    rank = sum(1 for each in room.exits[:index] if each.to == exit.to
               and each.direction == exit.direction)  # (0 but for a second without one)
    return other, (facing_back[rank] if rank < len(facing_back) else back[0])


def secrets_of(key: DungeonKey, room: KeyRoom) -> tuple[KeySecret, ...]:
    """The secrets found by searching ``room``: its secret exits, then its hidden things."""
    found = []
    for index, exit in enumerate(room.exits):
        if exit.door != "secret":
            continue
        other = way_back(key, room, index)
        twin = None
        if other is not None and other[0].exits[other[1]].door == "secret":
            twin = exit_face(*other)
        found.append(KeySecret(exit_face(room, index), room.id, exit.text or "a secret door",
                               index, twin))
    found.extend(KeySecret(f"{room.id}:secret{number}", room.id, text)
                 for number, text in enumerate(room.hidden, 1))
    return tuple(found)
