"""The ``map`` command's drawing: the dungeon's layout in box-drawing characters.

Each room is a small box holding its id and status marks (✓ cleared, $ looted, ✗ collapsed,
~ unmapped: drawn without its directions, * another status, ? an exit that leads nowhere
yet with no compass direction, or one whose stub has no room to be drawn); the room the
party is in has a double line, the way out a heavy one. Passages between neighbouring
cells are lines (dashed when secret, ≡ for a stair), an open exit with a direction is a
stub ending in ``?``. Passages between rooms further apart are listed under the drawing.

The drawing never runs wider than ``width`` columns: a wider map shows the columns around
the party and says how many rooms are off the edge. Only ids go in the boxes; the key below
gives each shown room's description and states, every character of them made safe for a
terminal by :func:`solo.terminal.printable`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from solo.engine.map_layout import (
    STATUS_MARKS,
    Cell,
    Edge,
    Layout,
    clip,
    layout,
    sketch,
    text_cells,
)
from solo.engine.rooms import Dungeon, Room
from solo.engine.way_out import WayOut, nearest
from solo.terminal import printable

__all__ = ["map_lines"]

_GAP_X, _PITCH_Y, _MARGIN_X, _MARGIN_Y = 3, 4, 2, 1
_LONGEST_ID = 8
_DIRECTION_WORDS = {"U": "up", "D": "down"}


@dataclass(frozen=True)
class _Box:
    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    across: str
    down: str
    joins: dict[str, str]  # where a passage meets the box: the side's junction character


_ROOM = _Box("┌", "┐", "└", "┘", "─", "│", {"N": "┴", "S": "┬", "W": "┤", "E": "├"})
_HERE = _Box("╔", "╗", "╚", "╝", "═", "║", {"N": "╧", "S": "╤", "W": "╢", "E": "╟"})
_WAY_OUT = _Box("┏", "┓", "┗", "┛", "━", "┃", {"N": "┷", "S": "┯", "W": "┨", "E": "┠"})


def _one_line(text: str) -> str:
    return printable(" ".join(text.split()))


def _wrap(text: str, width: int) -> list[str]:
    """Prose cut into lines of at most ``width`` columns, between words where it can."""
    lines = [""]
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines[-1] else word
        if text_cells(joined) <= width or not lines[-1]:
            lines[-1] = joined
        else:
            lines.append(word)
    return [clip(line, width) for line in lines]


def _cells(text: str) -> list[str]:
    """``text`` as one string per terminal column: a wide character fills two (the second
    empty), a zero-width one joins the character before it (or, first, the one after)."""
    out: list[str] = []
    pending = ""
    for char in text:
        cells = text_cells(char)
        if cells == 0:
            if out:
                out[-1] += char
            else:
                pending += char
            continue
        out += [pending + char, ""] if cells == 2 else [pending + char]
        pending = ""
    return out


class _Canvas:
    """A grid of terminal columns to draw on."""

    def __init__(self, columns: int, lines: int) -> None:
        self.grid = [[" "] * columns for _ in range(lines)]

    def put(self, x: int, y: int, char: str) -> None:
        if 0 <= y < len(self.grid) and 0 <= x < len(self.grid[y]):
            self.grid[y][x] = char

    def text(self, x: int, y: int, text: str) -> None:
        for offset, cell in enumerate(_cells(text)):
            self.put(x + offset, y, cell)

    def lines(self) -> list[str]:
        """The drawing, without the blank lines above and below it."""
        lines = ["".join(row).rstrip() for row in self.grid]
        drawn = [number for number, line in enumerate(lines) if line]
        return lines[drawn[0]:drawn[-1] + 1] if drawn else []


def _label(room: Room, stubs_elsewhere: bool) -> str:
    marks = "".join(dict.fromkeys(STATUS_MARKS.get(word, "*") for word in room.status))
    return clip(_one_line(room.id), _LONGEST_ID) + marks[:2] + ("?" if stubs_elsewhere else "")


@dataclass(frozen=True)
class _Frame:
    """The part of the layout shown, and where each cell goes on the canvas."""

    first_column: int
    columns: int
    first_row: int
    rows: int
    box_width: int

    def shows(self, cell: Cell) -> bool:
        column, row = cell
        return (self.first_column <= column < self.first_column + self.columns
                and self.first_row <= row < self.first_row + self.rows)

    def corner(self, cell: Cell) -> tuple[int, int]:
        """The canvas column and line of the cell's box's top-left corner."""
        column, row = cell
        return (_MARGIN_X + (column - self.first_column) * (self.box_width + _GAP_X),
                _MARGIN_Y + (row - self.first_row) * _PITCH_Y)

    def canvas(self) -> _Canvas:
        return _Canvas(2 * _MARGIN_X + self.columns * (self.box_width + _GAP_X) - _GAP_X,
                       2 * _MARGIN_Y + self.rows * _PITCH_Y - 1)


def _span(fit: int, total: int, focus: int) -> int:
    """The first of ``fit`` consecutive places out of ``total`` that centre on ``focus``."""
    return max(0, min(focus - fit // 2, total - fit))


def _frame(plan: Layout, focus: Cell, box_width: int, width: int, height: int | None) -> _Frame:
    fit_columns = max(1, (width - 2 * _MARGIN_X + _GAP_X) // (box_width + _GAP_X))
    fit_rows = plan.rows if height is None else max(1, (height - 2 * _MARGIN_Y + 1) // _PITCH_Y)
    columns, rows = min(fit_columns, plan.columns), min(fit_rows, plan.rows)
    return _Frame(_span(columns, plan.columns, focus[0]), columns,
                  _span(rows, plan.rows, focus[1]), rows, box_width)


def _draw_edge(canvas: _Canvas, frame: _Frame, plan: Layout, edge: Edge,
               joins: dict[str, set[str]]) -> None:
    start, end = plan.cell(edge.start), plan.cell(edge.end)
    assert start is not None and end is not None
    if end < start:  # draw from the left (or upper) cell
        start, end, names = end, start, (edge.end, edge.start)
    else:
        names = (edge.start, edge.end)
    x, y = frame.corner(start)
    width = frame.box_width
    if start[1] == end[1]:  # side by side
        line = "┄" if edge.secret else "─"
        for offset in range(_GAP_X):
            canvas.put(x + width + offset, y + 1, line)
        if edge.stair:
            canvas.put(x + width + _GAP_X // 2, y + 1, "≡")
        joins[names[0]].add("E")
        joins[names[1]].add("W")
    elif start[0] == end[0]:  # one above the other
        canvas.put(x + width // 2, y + 3, "≡" if edge.stair else "┆" if edge.secret else "│")
        joins[names[0]].add("S")
        joins[names[1]].add("N")
    else:
        falling = end[1] > start[1]  # down to the right ╲, else up to the right ╱
        spot_x, spot_y = x + width + _GAP_X // 2, y + 3 if falling else y - 1
        char = ("⋱" if falling else "⋰") if edge.secret else ("╲" if falling else "╱")
        if edge.stair:
            char = "≡"
        elif canvas.grid[spot_y][spot_x] in "╲╱⋱⋰":
            char = "╳"
        canvas.put(spot_x, spot_y, char)


def _draw_stub(canvas: _Canvas, frame: _Frame, cell: Cell, direction: str, secret: bool,
               joins: set[str]) -> None:
    """The stub of an open exit (its place is free: :func:`~solo.engine.map_layout.sketch`)."""
    x, y = frame.corner(cell)
    width, line = frame.box_width, "┄" if secret else "─"
    middle = x + width // 2
    spots = {"E": [(x + width, y + 1, line), (x + width + 1, y + 1, "?")],
             "W": [(x - 1, y + 1, line), (x - 2, y + 1, "?")],
             "N": [(middle, y - 1, "?")], "S": [(middle, y + 3, "?")],
             "NE": [(x + width, y - 1, "?")], "SE": [(x + width, y + 3, "?")],
             "NW": [(x - 1, y - 1, "?")], "SW": [(x - 1, y + 3, "?")]}[direction]
    for spot_x, spot_y, char in spots:
        canvas.put(spot_x, spot_y, char)
    if direction in ("N", "S", "E", "W"):
        joins.add(direction)


def _draw_box(canvas: _Canvas, frame: _Frame, cell: Cell, label: str, box: _Box,
              joins: set[str]) -> None:
    x, y = frame.corner(cell)
    inner = frame.box_width - 2
    middle = frame.box_width // 2
    top = [box.across] * inner
    bottom = list(top)
    if "N" in joins:
        top[middle - 1] = box.joins["N"]
    if "S" in joins:
        bottom[middle - 1] = box.joins["S"]
    canvas.text(x, y, box.top_left + "".join(top) + box.top_right)
    canvas.text(x, y + 2, box.bottom_left + "".join(bottom) + box.bottom_right)
    left = (inner - text_cells(label)) // 2
    padded = " " * left + label + " " * (inner - left - text_cells(label))
    canvas.text(x, y + 1, (box.joins["W"] if "W" in joins else box.down) + padded
                + (box.joins["E"] if "E" in joins else box.down))


def _open_words(stubs: list[tuple[str | None, bool]]) -> str:
    named = [_DIRECTION_WORDS.get(direction, direction) for direction, _ in stubs
             if direction is not None]
    unnamed = sum(direction is None for direction, _ in stubs)
    words = [word for word in named if word] + ([f"{unnamed} more"] if unnamed else [])
    return ", ".join(words)


def map_lines(dungeon: Dungeon, width: int = 80, height: int | None = None,
              way: WayOut | None = None, outside: bool = False) -> list[str]:
    """The map of ``dungeon`` as terminal lines, none wider than ``width`` columns: a line
    saying where the party is (``outside``: out of the dungeon, no room its own), the
    drawing (at most ``height`` lines of it, when given, around the party), what lies off
    its edges, passages too long to draw, the key and the legend."""
    rooms: dict[str, Room] = {}
    for room in dungeon.rooms:
        rooms.setdefault(room.id, room)
    if not rooms:
        return _wrap("No rooms on the map yet.", width)
    plan = layout(dungeon)
    drawn = sketch(plan)  # (an open exit not drawn as a stub: a '?' in its room's box)
    open_exits: dict[str, list[tuple[str | None, bool]]] = {room: [] for room in rooms}
    for stub in plan.stubs:
        open_exits[stub.room].append((stub.direction, stub.secret))
    labels = {room_id: _label(room, room_id in drawn.boxed) for room_id, room in rooms.items()}
    box_width = max(text_cells(label) for label in labels.values()) + 4
    here = dungeon.here if dungeon.here in rooms and not outside else None
    focus = plan.cell(here) or plan.cell(dungeon.way_out) or (0, 0)
    frame = _frame(plan, focus, box_width, width, height)
    canvas = frame.canvas()
    shown = [room for room, cell in plan.cells if frame.shows(cell)]
    joins: dict[str, set[str]] = {room: set() for room in rooms}
    both = {edge for edge in plan.edges if frame.shows(plan.cell(edge.start) or (-1, -1))
            and frame.shows(plan.cell(edge.end) or (-1, -1))}
    for edge in drawn.near:
        if edge in both:
            _draw_edge(canvas, frame, plan, edge, joins)
    far = [edge for edge in drawn.far if edge in both]
    for stub in drawn.stubs:
        cell = plan.cell(stub.room)
        if cell is not None and frame.shows(cell):
            _draw_stub(canvas, frame, cell, stub.direction or "", stub.secret, joins[stub.room])
    for room_id in shown:
        box = _HERE if room_id == here else _WAY_OUT if room_id == dungeon.way_out else _ROOM
        cell = plan.cell(room_id)
        assert cell is not None
        _draw_box(canvas, frame, cell, labels[room_id], box, joins[room_id])
    prose = [_where_line(dungeon, plan, len(rooms), here,
                         way if way is not None else nearest(dungeon), outside)]
    out = [*_wrap(prose[0], width), *canvas.lines()]
    prose = _off_edges(plan, frame, len(rooms) - len(shown))
    if far:
        prose.append("Passages too long to draw: " + ", ".join(
            f"{_one_line(edge.start)} {'┄' if edge.secret else '─'} {_one_line(edge.end)}"
            + (" (stair)" if edge.stair else "") for edge in far) + ".")
    out += [line for text in prose for line in _wrap(text, width)]
    out += _key(rooms, shown, here, dungeon.way_out, open_exits)
    out += _legend(rooms.values(), plan, width, here is not None)
    return [clip(line, width) for line in out]


def _where_line(dungeon: Dungeon, plan: Layout, count: int, here: str | None,
                way: WayOut | None, outside: bool) -> str:
    """Where the party is, and the nearest way out (``way``, :mod:`solo.engine.way_out`)."""
    rooms = f"{count} room" + ("s" if count != 1 else "")
    if outside:
        return f"Map of {rooms}; the party is outside the dungeon" + (
            f" (it left from {_one_line(dungeon.here)})." if dungeon.here else ".")
    if here is None:
        return f"Map of {rooms}."
    line = f"Map of {rooms}; you are in {_one_line(here)}"
    if dungeon.way_out is None or plan.cell(dungeon.way_out) is None:
        return line + "."
    if way is None:
        return line + f"; no known way leads back to the way out, {_one_line(dungeon.way_out)}."
    if not way.steps:
        return line + f", {'the' if way.room == dungeon.way_out else 'a'} way out."
    return line + (f"; the way out, {_one_line(way.room)}, is {way.steps} room"
                   + ("s" if way.steps != 1 else "") + " away.")


def _off_edges(plan: Layout, frame: _Frame, hidden: int) -> list[str]:
    if not hidden:
        return []
    sides = {"west": 0, "east": 0, "north": 0, "south": 0}
    for _, (column, row) in plan.cells:
        if column < frame.first_column:
            sides["west"] += 1
        elif column >= frame.first_column + frame.columns:
            sides["east"] += 1
        elif row < frame.first_row:
            sides["north"] += 1
        elif row >= frame.first_row + frame.rows:
            sides["south"] += 1
    where = ", ".join(f"{count} {side}" for side, count in sides.items() if count)
    return [f"{hidden} more room{'s' if hidden != 1 else ''} off the edges: {where}."]


def _key(rooms: dict[str, Room], shown: list[str], here: str | None, way_out: str | None,
         open_exits: dict[str, list[tuple[str | None, bool]]]) -> list[str]:
    id_width = max(text_cells(_one_line(room)) for room in shown)
    out = []
    for room_id in shown:
        room = rooms[room_id]
        name = _one_line(room_id)
        parts = [_one_line(room.description) or "(no description)"]
        if room_id == here:
            parts.append("you are here")
        if room_id == way_out:
            parts.append("way out")
        if room.status:
            parts.append(", ".join(_one_line(word) for word in room.status))
        if open_exits[room_id]:
            parts.append("unexplored: " + _one_line(_open_words(open_exits[room_id])))
        pointer = "@ " if room_id == here else "  "
        out.append(f"{pointer}{name}{' ' * (id_width - text_cells(name))}  "
                   + " · ".join(parts))
    return out


def _legend(rooms: Iterable[Room], plan: Layout, width: int, here: bool) -> list[str]:
    marks = {STATUS_MARKS.get(word, "*") for room in rooms for word in room.status}
    items = (["╔═╗ you are here"] if here else []) + ["┏━┓ way out"]
    if any(edge.secret for edge in plan.edges):
        items.append("┄ secret")
    if any(edge.stair for edge in plan.edges):
        items.append("≡ stair")
    if plan.stubs:
        items.append("? unexplored exit")
    items += [f"{mark} {word}" for word, mark in STATUS_MARKS.items() if mark in marks]
    if "*" in marks:
        items.append("* other state (see the key)")
    lines = [""]
    for item in items:
        joined = f"{lines[-1]}   {item}" if lines[-1] else item
        if text_cells(joined) > width and lines[-1]:
            lines.append(item)
        else:
            lines[-1] = joined
    return lines
