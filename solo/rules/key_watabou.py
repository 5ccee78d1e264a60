"""Watabou's One Page Dungeon JSON export, read into a key (docs/keys.md).

The export (``version``, ``title``, ``story``, ``rects``, ``doors``, ``notes``, ``columns``,
``water``) draws the dungeon on a grid of cells, y growing southwards: ``rects`` are the
floor, each door sits on a cell of its own (``x``, ``y``), facing ``dir`` (the two cells it
joins lie either side along that direction) with a ``type``, and each note (``text``,
``ref``, ``pos``) labels the rectangle its position falls in. Rectangles two cells wide or
more are rooms; one-cell-wide runs joined directly or by open ways make passages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.errors import RulesError
from solo.rules.key_graph import GraphRoom, KeyGraph, room_limit, slug_id

__all__ = ["is_watabou", "watabou_key"]

_STEPS = {(1, 0): "E", (-1, 0): "W", (0, 1): "S", (0, -1): "N"}
# door type -> (door from the side it faces away from, its words; from the other side)
_DOORS: dict[int, tuple[tuple[str, str], tuple[str, str]]] = {
    0: (("open", ""), ("open", "")),
    1: (("open", "a door"), ("open", "a door")),
    2: (("open", "a narrow way"), ("open", "a narrow way")),
    4: (("locked", "a portcullis"), ("open", "a portcullis with a lever beside it")),
    5: (("open", "double doors"), ("open", "double doors")),
    6: (("secret", "a secret door"), ("open", "a door")),
    7: (("locked", "a heavy iron door"), ("locked", "a heavy iron door")),
    8: (("open", "broad stairs down"), ("open", "broad stairs up")),
    9: (("open", "stairs down"), ("open", "stairs up")),
}
_STAIRS = (8, 9)
ENTRANCE = 3


def is_watabou(data: Any) -> bool:
    return isinstance(data, Mapping) and "rects" in data and "doors" in data


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _cells(file: str, data: Mapping[str, Any]) -> tuple[list[dict], list[dict]]:
    rects, doors = data.get("rects"), data.get("doors")
    if not isinstance(rects, list) or not isinstance(doors, list):
        raise RulesError("expected a One Page Dungeon export: 'rects' and 'doors' lists",
                         file=file)
    if not rects:
        raise RulesError("a One Page Dungeon export with no rooms ('rects' is empty)",
                         file=file, key="rects")
    for index, rect in enumerate(rects):
        if not (isinstance(rect, Mapping) and all(_number(rect.get(key))
                                                   for key in "xywh")):
            raise RulesError("expected a rectangle with x, y, w and h", file=file,
                             key=f"rects.{index}")
    for index, door in enumerate(doors):
        step = door.get("dir") if isinstance(door, Mapping) else None
        if not (isinstance(door, Mapping) and _number(door.get("x")) and _number(door.get("y"))
                and isinstance(step, Mapping) and _number(door.get("type"))):
            raise RulesError("expected a door with x, y, dir {x, y} and type", file=file,
                             key=f"doors.{index}")
    return rects, doors


class _Areas:
    """The floor's rectangles (door cells left out), joined into rooms and passages."""

    def __init__(self, rects: list[dict], door_cells: set[tuple[int, int]]) -> None:
        self.rects = [rect for rect in rects if not (
            rect["w"] == 1 and rect["h"] == 1 and (int(rect["x"]), int(rect["y"])) in door_cells)]
        self.parent = list(range(len(self.rects)))
        self.cell: dict[tuple[int, int], int] = {}
        for index, rect in enumerate(self.rects):
            for x in range(int(rect["x"]), int(rect["x"] + rect["w"])):
                for y in range(int(rect["y"]), int(rect["y"] + rect["h"])):
                    if (x, y) in self.cell and self.narrow(index) == self.narrow(
                            self.cell[(x, y)]):
                        self.join(index, self.cell[(x, y)])
                    self.cell.setdefault((x, y), index)

    def narrow(self, index: int) -> bool:
        rect = self.rects[index]
        return min(rect["w"], rect["h"]) <= 1

    def find(self, index: int) -> int:
        while self.parent[index] != index:
            self.parent[index] = self.parent[self.parent[index]]
            index = self.parent[index]
        return index

    def join(self, a: int, b: int) -> None:
        a, b = self.find(a), self.find(b)
        if a != b:
            self.parent[max(a, b)] = min(a, b)

    def at(self, cell: tuple[int, int]) -> int | None:
        index = self.cell.get(cell)
        return self.find(index) if index is not None else None


def watabou_key(data: Mapping[str, Any], file: str) -> tuple[dict[str, Any], list[str]]:
    """The key's data (for :func:`solo.rules.key_graph.key_yaml`) from an export, and a
    warning for each thing of it the key may have read wrong."""
    rects, doors = _cells(file, data)
    warnings: dict[tuple[str, str], list[str]] = {}  # (what was read so, and advice: where)
    door_cells = {(int(door["x"]), int(door["y"])) for door in doors}
    areas = _Areas(rects, door_cells)
    sides = [_sides(door) for door in doors]
    for door, (a, b) in zip(doors, sides, strict=True):  # open ways join runs of corridor
        first, second = areas.at(a), areas.at(b)
        if (int(door["type"]) == 0 and first is not None and second is not None
                and areas.narrow(first) and areas.narrow(second)):
            areas.join(first, second)
    for (x, y), index in list(areas.cell.items()):  # corridor touching corridor
        for near in ((x + 1, y), (x, y + 1)):
            other = areas.cell.get(near)
            if other is not None and areas.narrow(index) and areas.narrow(other):
                areas.join(index, other)
    room_limit(len({areas.find(index) for index in range(len(areas.rects))}), file, "rects")
    graph, ids = _rooms(areas, data, warnings)
    entrance = None
    for door, (a, b) in zip(doors, sides, strict=True):
        kind = int(door["type"])
        first, second = areas.at(a), areas.at(b)
        place = (float(door["x"]), float(door["y"]))
        if kind not in _DOORS and kind != ENTRANCE:
            warnings.setdefault((f"the door type {kind} is none of One Page Dungeon's (0 to "
                                 "9): read as an open way at", "give the exit its kind in the "
                                 "key if it is not"), []).append(_where(place))
        if first is None and second is None or first == second:
            continue
        if first is None or second is None:
            room, cell = (second, b) if first is None else (first, a)
            assert room is not None
            inside = ids[room]
            toward = _STEPS.get(_step(cell, place))
            if kind == ENTRANCE:
                entrance = entrance or inside
                graph.out(inside, toward, "open", "the way in")
            else:
                if kind not in _STAIRS:
                    warnings.setdefault(("a door onto no room is read as a way out of the "
                                         "dungeon at", "take the exit out of the key if it "
                                         "is none"), []).append(_where(place))
                words = _DOORS.get(kind, (("open", ""),) * 2)[0][1]
                graph.out(inside, "D" if kind in _STAIRS else toward, "open", words)
            continue
        facing, behind = _DOORS.get(kind, (("open", ""), ("open", "")))
        direction = "D" if kind in _STAIRS else _STEPS.get(_step(a, place))
        graph.link(ids[first], ids[second], direction, (facing[0], behind[0]),
                   (facing[1], behind[1]), place)
    for (x, y), index in sorted(areas.cell.items()):  # a passage opening into a room
        for near in ((x + 1, y), (x, y + 1)):
            first, second = areas.find(index), areas.at(near)
            if second is None or first == second or not (
                    _single(areas.rects[index]) or _single(areas.rects[areas.cell[near]])):
                continue  # two rectangles side by side are joined by a cell or a door
            here, there = ids[first], ids[second]
            if any(exit["to"] == there for exit in graph.rooms[here].exits):
                continue
            graph.link(here, there, _STEPS[(near[0] - x, near[1] - y)], ("open", "open"),
                       place=(float(x), float(y)))
    title = _words(data.get("title")) or "An imported dungeon"
    top: dict[str, Any] = {"kind": "key", "id": slug_id(title), "name": title}
    story = _words(data.get("story"))
    if story:
        top["intro"] = story
    top["source"] = ("Imported from a One Page Dungeon (watabou.itch.io) export"
                     + (f", version {data['version']}" if isinstance(data.get("version"), str)
                        else ""))
    top["entrance"] = entrance or next(iter(graph.rooms))
    for made in graph.rooms.values():
        if not made.exits and made.at is not None and made.id != top["entrance"]:
            warnings.setdefault(("no door leads into the room at", "the party can never "
                                 "enter it: give it a way in the key if it has one"),
                                []).append(f"{_where(made.at)} ({made.id})")
    return graph.data(top), [f"{what} {', '.join(where)}; {advice}"
                             for (what, advice), where in warnings.items()]


def _where(place: tuple[float, float]) -> str:
    return f"x {place[0]:g} y {place[1]:g}"


def _single(rect: Mapping[str, Any]) -> bool:
    return bool(rect["w"] == 1 and rect["h"] == 1)


def _words(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _sides(door: Mapping[str, Any]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two cells a door joins: behind it and before it along the way it faces."""
    x, y = int(door["x"]), int(door["y"])
    step = door["dir"]
    dx, dy = int(step.get("x", 0) or 0), int(step.get("y", 0) or 0)
    if (dx, dy) not in _STEPS:
        dx, dy = 1, 0
    return (x - dx, y - dy), (x + dx, y + dy)


def _step(cell: tuple[int, int], place: tuple[float, float]) -> tuple[int, int]:
    return int(place[0]) - cell[0], int(place[1]) - cell[1]


def _rooms(areas: _Areas, data: Mapping[str, Any],
           warnings: dict[tuple[str, str], list[str]]) -> tuple[KeyGraph, dict[int, str]]:
    """Rooms first (in the file's order), then passages; each with its notes' text (a
    note outside every room: the nearest room's, said in ``warnings``)."""
    groups: dict[int, list[int]] = {}
    for index in range(len(areas.rects)):
        groups.setdefault(areas.find(index), []).append(index)
    order = ([root for root in groups if not areas.narrow(root)]
             + [root for root in groups if areas.narrow(root)])
    notes: dict[int, list[Mapping[str, Any]]] = {}
    for note in data.get("notes") or []:
        pos = note.get("pos") if isinstance(note, Mapping) else None
        if not isinstance(pos, Mapping) or not (_number(pos.get("x")) and _number(pos.get("y"))):
            continue
        root = areas.at((int(pos["x"] // 1), int(pos["y"] // 1)))
        if root is None:
            root = _nearest(areas, float(pos["x"]), float(pos["y"]))
            warnings.setdefault(("a note lies outside every room, at", "it is given to the "
                                 "room nearest it: move its text in the key if it belongs "
                                 "elsewhere"),
                                []).append(_where((float(pos["x"]), float(pos["y"]))))
        notes.setdefault(root, []).append(note)
    cells_of: dict[int, list[tuple[int, int]]] = {root: [] for root in groups}
    for cell, index in areas.cell.items():
        cells_of[areas.find(index)].append(cell)
    graph, ids = KeyGraph(), {}
    for number, root in enumerate(order, 1):
        ids[root] = f"R{number}"
        cells = cells_of[root]
        left, top = min(x for x, _ in cells), min(y for _, y in cells)
        width = max(x for x, _ in cells) - left + 1
        height = max(y for _, y in cells) - top + 1
        first = areas.rects[root]
        narrow = areas.narrow(root)
        name = "Passage" if narrow else ("Round room" if first.get("rotunda") else "Room")
        own = notes.get(root, [])
        refs = [str(note.get("ref")) for note in own if note.get("ref") not in (None, "")]
        if refs:
            name += f" (note {', '.join(refs)})"
        text = " ".join(_words(note.get("text")) for note in own)
        if not text:
            text = (f"A passage, {max(width, height)} squares long." if narrow
                    else f"An empty room, {width} by {height} squares.")
        room = graph.room(GraphRoom(ids[root], name, text, (left, top), (width, height)))
        if any(areas.rects[index].get("ending") for index in groups[root]):
            room.contents.append({"feature": "the heart of the dungeon"})
    return graph, ids


def _nearest(areas: _Areas, x: float, y: float) -> int:
    cell = min(areas.cell, key=lambda each: (each[0] + 0.5 - x) ** 2 + (each[1] + 0.5 - y) ** 2)
    return areas.find(areas.cell[cell])
