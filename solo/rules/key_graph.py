"""The rooms and ways an importer finds, written out as a key's data (docs/keys.md).

An importer adds rooms (:meth:`KeyGraph.room`) and the ways between them
(:meth:`KeyGraph.link`, :meth:`KeyGraph.out`); the graph gives each way a direction on
both sides that agree (the way back of N is S), taking a diagonal on the door's side of
the wall when a room's wall has two doors, and none when neither fits, and writes every
exit on both sides, so the key says exactly what the export said.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from solo.errors import RulesError
from solo.rules.key_model import MAX_EXITS, MAX_KEY_ROOMS, OPPOSITE, OUT
from solo.slugs import slugify

__all__ = ["KeyGraph", "GraphRoom", "key_yaml", "slug_id", "room_limit", "exit_limit"]

_LEANS = {("N", "W"): "NW", ("N", "E"): "NE", ("S", "W"): "SW", ("S", "E"): "SE",
          ("E", "N"): "NE", ("E", "S"): "SE", ("W", "N"): "NW", ("W", "S"): "SW"}
_OTHER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def slug_id(text: str) -> str:
    """``Les Caves du Père Noël`` -> ``les-caves-du-pere-noel`` (a key's id)."""
    return slugify(text, "imported", 48)


def room_limit(count: int, file: str, key: str) -> None:
    """Refuse an export that makes more rooms than a key holds, naming the export."""
    if count > MAX_KEY_ROOMS:
        raise RulesError(f"{count:,} rooms; a key has at most {MAX_KEY_ROOMS:,}: export a "
                         "smaller dungeon", file=file, key=key)


def exit_limit(rooms: list[dict[str, Any]], file: str) -> None:
    """Refuse an export one of whose rooms has more ways than a key's room, naming the
    room by its place on the export's grid."""
    for room in rooms:
        count = len(room.get("exits", ()))
        if count > MAX_EXITS:
            at = room.get("at")
            where = f" at x {at[0]}, y {at[1]} of the export's grid" if at else ""
            raise RulesError(f"the room{where} ({room['id']} in the key) has {count} doors "
                             f"and ways; a key's room has at most {MAX_EXITS}: give it fewer "
                             "in the export", file=file)


@dataclass
class GraphRoom:
    """A room being built: what the key will say of it."""

    id: str
    name: str
    text: str = ""
    at: tuple[float, float] | None = None
    size: tuple[float, float] | None = None
    contents: list[dict[str, str]] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)
    exits: list[dict[str, Any]] = field(default_factory=list)

    def taken(self, direction: str | None) -> bool:
        return direction is not None and any(exit.get("dir") == direction
                                             for exit in self.exits)

    def centre(self) -> tuple[float, float] | None:
        if self.at is None:
            return None
        width, height = self.size or (1, 1)
        return self.at[0] + width / 2, self.at[1] + height / 2


def _choices(direction: str | None, lean: str | None) -> list[str | None]:
    if direction is None:
        return [None]
    if direction not in _OTHER or lean is None:
        return [direction]
    other = _OTHER[lean]
    return [direction, _LEANS.get((direction, lean)), _LEANS.get((direction, other))]


def _lean(room: GraphRoom, direction: str | None, place: tuple[float, float] | None
          ) -> str | None:
    """Which end of its wall a door at ``place`` is, seen from ``room``'s centre."""
    centre = room.centre()
    if centre is None or place is None or direction not in _OTHER:
        return None
    if direction in ("N", "S"):
        return "W" if place[0] + 0.5 < centre[0] else "E"
    return "N" if place[1] + 0.5 < centre[1] else "S"


class KeyGraph:
    """Rooms in the order added, and their exits."""

    def __init__(self) -> None:
        self.rooms: dict[str, GraphRoom] = {}

    def room(self, room: GraphRoom) -> GraphRoom:
        self.rooms[room.id] = room
        return room

    def link(self, a: str, b: str, direction: str | None, doors: tuple[str, str],
             texts: tuple[str, str] = ("", ""), place: tuple[float, float] | None = None,
             back: str | None = None) -> None:
        """A way from room ``a`` (leaving it by ``direction``) to room ``b``: its door
        from each side and its words from each side; ``place`` is the door's cell.
        ``back``: the direction ``b`` leaves by, when the way winds (not the opposite)."""
        first, second = self.rooms[a], self.rooms[b]
        if back is not None and back != OPPOSITE.get(direction or ""):
            first.exits.append(_exit(None if first.taken(direction) else direction, b,
                                     doors[0], texts[0]))
            second.exits.append(_exit(None if second.taken(back) else back, a, doors[1],
                                      texts[1]))
            return
        chosen: str | None = None
        for option in _choices(direction, _lean(first, direction, place)):
            if option is None:
                break
            back = OPPOSITE[option]
            if not first.taken(option) and not second.taken(back):
                chosen = option
                break
        if chosen is None:  # the way back's direction is taken there: this side keeps its own
            first.exits.append(_exit(None if first.taken(direction) else direction, b,
                                     doors[0], texts[0]))
            second.exits.append(_exit(None, a, doors[1], texts[1]))
            return
        first.exits.append(_exit(chosen, b, doors[0], texts[0]))
        second.exits.append(_exit(OPPOSITE[chosen], a, doors[1], texts[1]))

    def out(self, a: str, direction: str | None, door: str = "open", text: str = "") -> None:
        """A way out of the dungeon from room ``a``."""
        room = self.rooms[a]
        room.exits.append(_exit(None if room.taken(direction) else direction, OUT, door,
                                text))

    def data(self, top: dict[str, Any]) -> dict[str, Any]:
        """The key's data: ``top`` (kind, id, name…, entrance) and the rooms."""
        rooms = []
        for room in self.rooms.values():
            item: dict[str, Any] = {"id": room.id, "name": room.name}
            if room.text:
                item["text"] = room.text
            if room.at is not None:
                item["at"] = [_number(value) for value in room.at]
            if room.size is not None:
                item["size"] = [_number(value) for value in room.size]
            if room.exits:
                item["exits"] = room.exits
            if room.contents:
                item["contents"] = room.contents
            if room.secrets:
                item["secrets"] = room.secrets
            rooms.append(item)
        return {**top, "rooms": rooms}


def _exit(direction: str | None, to: str, door: str, text: str) -> dict[str, Any]:
    exit: dict[str, Any] = {}
    if direction:
        exit["dir"] = direction
    exit["to"] = to
    if door != "open":
        exit["door"] = door
    if text:
        exit["text"] = text
    return exit


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def key_yaml(data: dict[str, Any], comment: str) -> str:
    """A key's data as YAML text, headed by a comment line."""
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88,
                          default_flow_style=None)
    return "".join(f"# {line}\n" for line in comment.splitlines()) + body
