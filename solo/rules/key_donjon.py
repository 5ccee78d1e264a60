"""donjon's dungeon JSON export, read into a key (docs/keys.md).

The export (``cell_bit``, ``cells``, ``rooms``, ``egress``, ``stairs``,
``wandering_monsters``, ``settings``, ``details``) keeps the map as a grid of bit flags,
row by row: a room cell carries the room's number, a corridor cell the corridor bit, a
door cell its door's bits. Each room lists its doors by wall (``row``, ``col``, ``type``,
``desc``, ``out_id`` when the door opens onto another room) and its contents. Corridors
are followed cell by cell: a corridor joining two doors only is a way between their
rooms; one joining more is a passage of its own, cut in stretches of a few doors each.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from solo.errors import RulesError
from solo.rules.key_graph import GraphRoom, KeyGraph, room_limit, slug_id

__all__ = ["is_donjon", "donjon_key", "door_warnings"]

BITS = {"room": 0x2, "corridor": 0x4, "room_id": 0xFFC0, "arch": 0x10000, "door": 0x20000,
        "locked": 0x40000, "trapped": 0x80000, "secret": 0x100000, "portcullis": 0x200000}
"""donjon's flags, as its generator sets them (a file's own ``cell_bit`` wins)."""
_WALLS = {"north": "N", "south": "S", "east": "E", "west": "W"}
_STEPS = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_KINDS = {"arch": "open", "archway": "open", "open": "open", "unlocked door": "open",
          "lock": "locked", "locked door": "locked", "portc": "locked", "portcullis": "locked",
          "trap": "trapped", "trapped door": "trapped", "secret": "secret",
          "secret door": "secret",
          # a port of the generator's spells the portcullis so
          "portic": "locked", "porticullis": "locked",
          # older labels (solo's own samples)
          "door": "open", "unlocked": "open", "locked": "locked", "trapped": "trapped",
          "stuck": "stuck"}
"""A door's kind by its label: donjon's generator gives each door a ``key`` (arch, open,
lock, trap, secret, portc) and a ``type`` (Archway, Unlocked Door, Locked Door, Trapped
Door, Secret Door, Portcullis); either is read, the ``key`` first."""
_RANK = ("open", "stuck", "trapped", "locked", "secret")
_DOORS_A_STRETCH = 6
_CELLS_A_STRETCH = 40

Cell = tuple[int, int]


def is_donjon(data: Any) -> bool:
    return isinstance(data, Mapping) and "cells" in data and "rooms" in data


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _grid(file: str, data: Mapping[str, Any]) -> tuple[list[list[int]], dict[str, int]]:
    cells = data.get("cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(row, list)
                                                         for row in cells):
        raise RulesError("expected a donjon export: 'cells', a list of rows of numbers",
                         file=file, key="cells")
    if not isinstance(data.get("rooms"), list):
        raise RulesError("expected a donjon export: 'rooms', a list of rooms", file=file,
                         key="rooms")
    bits = dict(BITS)
    given = data.get("cell_bit")
    if isinstance(given, Mapping):
        bits.update({str(name): _int(value) for name, value in given.items() if _int(value)})
    return [[_int(value) for value in row] for row in cells], bits


def _labels(door: Mapping[str, Any]) -> list[str]:
    return [label for label in (_words(door.get(field)).lower() for field in ("key", "type"))
            if label]


def _kind(door: Mapping[str, Any]) -> str:
    """The door's kind by its first known label; open when it has none known (which
    :func:`door_warnings` reports)."""
    return next((_KINDS[label] for label in _labels(door) if label in _KINDS), "open")


def door_warnings(data: Mapping[str, Any]) -> list[str]:
    """A line for each door label of the export's that is none of donjon's (the doors so
    labelled are read as open), naming the rooms and walls of the doors."""
    unknown: dict[str, list[str]] = {}
    for room in map(_mapping, data.get("rooms") or []):
        for wall, listed in _mapping(room.get("doors")).items():
            for door in map(_mapping, listed if isinstance(listed, list) else []):
                if not any(label in _KINDS for label in _labels(door)):
                    label = " / ".join(repr(_words(door.get(field))) for field in ("key", "type")
                                       if _words(door.get(field)))
                    unknown.setdefault(label, []).append(f"R{_int(room.get('id'))} {wall}")
    return [(f"the door label {label} is none of donjon's (key arch, open, lock, trap, secret, "
             "portc; or its type, such as Locked Door)" if label else
             "a door with no label (key or type)") + f": read as an open door at "
            f"{', '.join(where)}; give the exit its kind in the key if it is not"
            for label, where in unknown.items()]


def _worst(*kinds: str) -> str:
    return max(kinds, key=_RANK.index)


class _Map:
    def __init__(self, grid: list[list[int]], bits: dict[str, int]) -> None:
        self.grid, self.bits = grid, bits
        mask = bits["room_id"]
        self.shift = (mask & -mask).bit_length() - 1 if mask else 0

    def value(self, cell: Cell) -> int:
        row, col = cell
        if 0 <= row < len(self.grid) and 0 <= col < len(self.grid[row]):
            return self.grid[row][col]
        return 0

    def room_at(self, cell: Cell) -> int | None:
        value = self.value(cell)
        if value & self.bits["room"]:
            return (value & self.bits["room_id"]) >> self.shift or None
        return None

    def corridor(self, cell: Cell) -> bool:
        value = self.value(cell)
        return bool(value & self.bits["corridor"]) and not value & self.bits["room"]


def donjon_key(data: Mapping[str, Any], file: str) -> dict[str, Any]:
    """The key's data (for :func:`solo.rules.key_graph.key_yaml`) from an export."""
    grid, bits = _grid(file, data)
    grid_map = _Map(grid, bits)
    graph = KeyGraph()
    doors: dict[Cell, list[tuple[str, str, Mapping[str, Any]]]] = {}
    numbers: dict[int, int] = {}  # (each room's number: its place in the export's list)
    encounters: dict[str, str] = {}
    room_limit(sum(room is not None for room in data["rooms"]), file, "rooms")
    for index, room in enumerate(data["rooms"]):
        if room is None:
            continue
        if not isinstance(room, Mapping) or _int(room.get("id")) <= 0:
            raise RulesError("expected a room with its id, row, col, width and height",
                             file=file, key=f"rooms.{index}")
        number = _int(room["id"])
        if number in numbers:
            raise RulesError(f"two rooms with the id {number} (the first is rooms."
                             f"{numbers[number]}); each room needs its own", file=file,
                             key=f"rooms.{index}.id")
        numbers[number] = index
        ident = f"R{number}"
        graph.room(_room(ident, number, room, encounters))
        for wall, listed in (room.get("doors") or {}).items():
            for door in listed if isinstance(listed, list) else []:
                if isinstance(door, Mapping) and wall in _WALLS:
                    cell = (_int(door.get("row")), _int(door.get("col")))
                    doors.setdefault(cell, []).append((ident, _WALLS[wall], door))
    if not numbers:
        raise RulesError("expected a donjon export with at least one room", file=file,
                         key="rooms")
    ends = _ends(data, grid_map, graph)
    _ways(graph, grid_map, doors, ends, max(numbers))
    settings: Mapping[str, Any] = _mapping(data.get("settings"))
    details: Mapping[str, Any] = _mapping(data.get("details"))
    name = _words(settings.get("name")) or "An imported dungeon"
    top: dict[str, Any] = {"kind": "key", "id": slug_id(name), "name": name}
    if _words(details.get("history")):
        top["intro"] = _words(details["history"])
    seed = settings.get("seed")
    top["source"] = "Imported from a donjon (donjon.bin.sh) export" + (
        f", seed {seed}" if seed not in (None, "") else "")
    entrance = next((room for room, kind, *_ in ends.values() if kind == "in"), None)
    top["entrance"] = entrance or f"R{next(iter(numbers))}"
    if encounters:
        top["encounters"] = encounters
    wandering = _wandering(data.get("wandering_monsters"))
    if wandering:
        top["wandering"] = wandering
    return graph.data(top)


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _words(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _room(ident: str, number: int, room: Mapping[str, Any], encounters: dict[str, str]
          ) -> GraphRoom:
    detail = _mapping(_mapping(room.get("contents")).get("detail"))
    if all(wall in room for wall in _WALLS):  # its walls, in cells (width is in feet)
        width = _int(room["east"]) - _int(room["west"]) + 1
        height = _int(room["south"]) - _int(room["north"]) + 1
    else:
        width, height = _int(room.get("width")), _int(room.get("height"))
    text = _words(detail.get("room_features")) or (
        f"An empty room, {width} by {height} squares." if width and height else "A room.")
    found = GraphRoom(ident, f"Room {number}", text, (_int(room.get("col")),
                                                      _int(room.get("row"))),
                      (width, height) if width and height else None)
    for line in _lines(detail.get("monster")):
        if line.lower().startswith("treasure"):
            found.contents.append({"treasure": line.split(":", 1)[-1].strip() or line})
        else:
            name = f"room{number}-{len(encounters) + 1}"
            encounters[name] = line
            found.contents.append({"encounter": name})
    found.contents.extend({"trap": line} for line in _lines(detail.get("trap")))
    found.secrets.extend(_lines(detail.get("hidden_treasure")))
    return found


def _lines(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [_words(item) for item in items if _words(item) and _words(item) != "--"]


def _ends(data: Mapping[str, Any], grid_map: _Map, graph: KeyGraph
          ) -> dict[Cell, tuple[str, str, str, str]]:
    """The ways out: each egress (the first is the way in) and each stair, by cell:
    (the room it is in, 'in' or 'out', direction, words). A corridor's are found later."""
    ends: dict[Cell, tuple[str, str, str, str]] = {}
    for index, egress in enumerate(data.get("egress") or []):
        if isinstance(egress, Mapping):
            cell = (_int(egress.get("row")), _int(egress.get("col")))
            wall = _WALLS.get(str(egress.get("dir", "")).lower(), "")
            ends[cell] = ("", "in" if index == 0 else "out", wall,
                          "the way in" if index == 0 else "a way out")
    for stair in data.get("stairs") or []:
        if isinstance(stair, Mapping):
            cell = (_int(stair.get("row")), _int(stair.get("col")))
            down = "down" in str(stair.get("dir") or stair.get("key") or "down").lower()
            ends[cell] = ("", "out", "D" if down else "U",
                          "stairs down" if down else "stairs up")
    for cell, (_, kind, direction, words) in list(ends.items()):
        number = grid_map.room_at(cell)
        if number is not None and f"R{number}" in graph.rooms:
            ends[cell] = (f"R{number}", kind, direction, words)
    return ends


def _ways(graph: KeyGraph, grid_map: _Map,
          doors: dict[Cell, list[tuple[str, str, Mapping[str, Any]]]],
          ends: dict[Cell, tuple[str, str, str, str]], last: int) -> None:
    for room, _, direction, words in ends.values():
        if room:
            graph.out(room, direction or None, "open", words)
    done: set[Cell] = set()
    for cell, sides in doors.items():  # a door between two rooms
        if len(sides) >= 2:
            (a, wall_a, door_a), (b, wall_b, door_b) = sides[:2]
            kind = _worst(_kind(door_a), _kind(door_b))
            graph.link(a, b, wall_a, (kind, kind), (_door_text(door_a),
                                                     _door_text(door_b)),
                       back=wall_b)
            done.add(cell)
    number = last
    for cell in doors:
        if cell in done:
            continue
        component = _component(grid_map, cell)
        done.update(component)
        inside = [each for each in component if each in doors]
        outs = [each for each in component if each in ends and not ends[each][0]]
        if len(inside) == 2 and not outs:
            (a, wall_a, door_a), (b, wall_b, door_b) = doors[inside[0]][0], doors[inside[1]][0]
            if a != b:
                kind = _worst(_kind(door_a), _kind(door_b))
                graph.link(a, b, wall_a, (kind, kind), (_door_words(door_a, door_b),
                                                         _door_words(door_b, door_a)),
                           back=wall_b)
            continue
        if len(inside) == 1 and not outs:
            a, wall, door = doors[inside[0]][0]
            target = f"R{_int(door.get('out_id'))}"
            if target in graph.rooms and target != a:
                graph.link(a, target, wall, (_kind(door), _kind(door)),
                           (_door_text(door), ""))
            continue
        number = _passages(graph, grid_map, component, doors, ends, number)


def _door_text(door: Mapping[str, Any]) -> str:
    """A door's words: donjon's description, then how it is hidden and its trap."""
    return "; ".join(_words(door.get(key)) for key in ("desc", "secret", "trap")
                     if _words(door.get(key)))


def _door_words(near: Mapping[str, Any], far: Mapping[str, Any]) -> str:
    words = [_door_text(near), _door_text(far)]
    return "; at the far end, ".join(word for word in words if word)


def _component(grid_map: _Map, start: Cell) -> list[Cell]:
    """The corridor cells joined to ``start`` (a door cell), breadth first."""
    seen = {start}
    queue = deque([start])
    order = []
    while queue:
        cell = queue.popleft()
        order.append(cell)
        for step in _STEPS.values():
            near = (cell[0] + step[0], cell[1] + step[1])
            if near not in seen and grid_map.corridor(near):
                seen.add(near)
                queue.append(near)
    return order


def _passages(graph: KeyGraph, grid_map: _Map, component: list[Cell],
              doors: dict[Cell, list[tuple[str, str, Mapping[str, Any]]]],
              ends: dict[Cell, tuple[str, str, str, str]], number: int) -> int:
    """A corridor joining many doors, cut in stretches (each a room named Passage) of a few
    doors and cells each, grown breadth first; returns the last room number used."""
    cells = set(component)
    part: dict[Cell, str] = {}
    for start in component:
        if start in part:
            continue
        number += 1
        ident = f"R{number}"
        graph.room(GraphRoom(ident, "Passage", "A stretch of corridor.",
                             (float(start[1]), float(start[0]))))
        queue, count, size = deque([start]), 0, 0
        part[start] = ident
        while queue and size < _CELLS_A_STRETCH:
            cell = queue.popleft()
            size += 1
            count += cell in doors
            if count >= _DOORS_A_STRETCH:
                break
            for step in _STEPS.values():
                near = (cell[0] + step[0], cell[1] + step[1])
                if near in cells and near not in part:
                    part[near] = ident
                    queue.append(near)
        for cell in queue:  # handed back: grown from the next stretch
            del part[cell]
    for cell in component:
        ident = part[cell]
        for room, wall, door in doors.get(cell, []):
            graph.link(room, ident, wall, (_kind(door), _kind(door)),
                       (_door_text(door), ""))
        if cell in ends:
            _, kind, direction, words = ends[cell]
            graph.out(ident, direction or None, "open", words)
            ends[cell] = (ident, kind, direction, words)
        for direction in ("S", "E"):
            step = _STEPS[direction]
            near = (cell[0] + step[0], cell[1] + step[1])
            other = part.get(near)
            if other is not None and other != ident and not any(
                    exit["to"] == other for exit in graph.rooms[ident].exits):
                graph.link(ident, other, direction, ("open", "open"))
    return number


def _wandering(raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, Mapping) or not raw:
        return None
    entries = [_words(text) for _, text in sorted(raw.items(), key=lambda item: _int(item[0]))]
    entries = [entry for entry in entries if entry]
    if not entries:
        return None
    return {"dice": f"d{len(entries)}",
            "entries": {number: entry for number, entry in enumerate(entries, 1)}}
