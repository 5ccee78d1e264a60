"""The html report's map: the dungeon's layout as an inline SVG.

Each room is a box in its layout cell with its id, status marks and the start of its
description (all of it in the box's tooltip); known passages are lines between the boxes
(between rooms further apart, paths along the gaps between the rows and columns of
boxes), dashed when secret, with ≡ on a stair; an open
exit with a compass direction is a short line ending in ``?``. The room the party is in is
filled with the accent colour, the way out has a thick accent border, and both have a
caption in words. A ``<title>`` and a ``<desc>`` (the rooms, and the way out in words) are
there for screen readers. The map is as wide as its columns of rooms, its key set in as
many lines as that width needs, so that a map of one or two columns fits a phone's column
at full size. A wider one shrinks to its column (its ``viewBox`` scales), to four fifths of
its size at most, where its 12.5 px letters show at 10 px; past that the page scrolls it.

Self-contained: no script, no event handler, no link to anything outside; its one
``<style>`` uses the html report's colour variables, with the palette's colours where
there are none, and every piece of the player's text is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from solo.engine.map_layout import (
    OFFSETS,
    STATUS_MARKS,
    Cell,
    Edge,
    Layout,
    layout,
    text_cells,
)
from solo.engine.rooms import Dungeon, Room
from solo.report.palette import INK, LINE, PAPER
from solo.terminal import printable

__all__ = ["svg_map", "HERE_ID"]

HERE_ID = "map-here"
"""The id of the room the party is in, on the page (a link to it scrolls the map to it)."""

_CELL_W, _CELL_H, _BOX_W, _BOX_H, _MARGIN = 150, 84, 120, 48, 20
_LEGEND_LINE, _LEGEND_CHAR = 18, 7.5  # the key's line height, and a letter's width
_LEAST_SCALE = 0.8  # the most a map shrinks to fit its column: its 12.5 px letters to 10 px
_STYLE = f"""
svg.solo-map text {{ fill: var(--ink, {INK}); font: 12.5px system-ui, "DejaVu Sans", sans-serif;
  text-anchor: middle; }}
svg.solo-map .paper {{ fill: var(--paper, {PAPER}); }}
svg.solo-map .room rect {{ fill: var(--paper, {PAPER}); stroke: var(--ink, {INK});
  stroke-width: 1.5; }}
svg.solo-map .here rect {{ fill: var(--accent, {LINE}); stroke-width: 3; }}
svg.solo-map .here text {{ fill: var(--paper, {PAPER}); }}
svg.solo-map .out rect {{ stroke: var(--accent, {LINE}); stroke-width: 4; }}
svg.solo-map text.id {{ font-weight: bold; }}
svg.solo-map .caption text {{ font-style: italic; }}
svg.solo-map text.legend {{ text-anchor: start; }}
svg.solo-map .pass {{ fill: none; stroke: var(--line, {LINE}); stroke-width: 2; }}
svg.solo-map .secret {{ stroke-dasharray: 6 4; }}
svg.solo-map .stair circle, svg.solo-map .caption rect {{ fill: var(--paper, {PAPER});
  stroke: var(--line, {LINE}); stroke-width: 1; }}
svg.solo-map .stair text {{ font-weight: bold; }}
"""


def _clean(text: str) -> str:
    """Player's text on one line, safe in XML: control characters shown escaped, the two
    non-characters XML forbids dropped, markup characters escaped."""
    shown = printable(" ".join(text.split()))
    if "\ufffe" in shown or "\uffff" in shown:
        shown = "".join(char for char in shown if char not in "\ufffe\uffff")
    return escape(shown)


def _clip(text: str, most: int) -> str:
    text = " ".join(text.split())
    if text_cells(text) <= most:
        return text
    out, used = [], 0
    for char in text:
        used += text_cells(char)
        if used > most - 1:
            break
        out.append(char)
    return "".join(out) + "…"


def _centre(cell: Cell) -> tuple[float, float]:
    column, row = cell
    return _MARGIN + column * _CELL_W + _CELL_W / 2, _MARGIN + row * _CELL_H + _CELL_H / 2


def _passage(plan: Layout, edge: Edge, lane: int) -> str:
    """A passage: a straight line between neighbours; between rooms further apart, a path
    along the empty channels between the rows and columns of boxes (so it never crosses a
    room), each such path in its own lane of the channel (``lane`` counts them)."""
    start, end = plan.cell(edge.start), plan.cell(edge.end)
    assert start is not None and end is not None
    (x1, y1), (x2, y2) = _centre(start), _centre(end)
    kind = "pass secret" if edge.secret else "pass"
    if plan.adjacent(edge):
        middle = (x1 + x2) / 2, (y1 + y2) / 2
        shape = f'<line class="{kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'
    else:
        shift = (lane % 5 - 2) * 5
        above_start = _MARGIN + start[1] * _CELL_H + shift
        above_end = _MARGIN + end[1] * _CELL_H + shift
        beside_end = _MARGIN + end[0] * _CELL_W + shift
        points = [(x1, y1), (x1, above_start), (beside_end, above_start),
                  (beside_end, above_end), (x2, above_end), (x2, y2)]
        middle = (beside_end, (above_start + above_end) / 2)
        shape = (f'<polyline class="{kind}" points="'
                 + " ".join(f"{x},{y}" for x, y in points) + '"/>')
    if edge.stair:
        shape += (f'<g class="stair"><title>a stair</title><circle cx="{middle[0]}" '
                  f'cy="{middle[1]}" r="8"/><text x="{middle[0]}" y="{middle[1] + 4}">≡'
                  "</text></g>")
    return shape


def _stub(cell: Cell, direction: str, secret: bool) -> str:
    x, y = _centre(cell)
    step_x, step_y = OFFSETS[direction]
    edge_x, edge_y = x + step_x * _BOX_W / 2, y + step_y * _BOX_H / 2
    end_x, end_y = edge_x + step_x * 12, edge_y + step_y * 10
    kind = "pass secret" if secret else "pass"
    return (f'<line class="{kind}" x1="{edge_x}" y1="{edge_y}" x2="{end_x}" y2="{end_y}"/>'
            f'<text x="{end_x + step_x * 6}" y="{end_y + step_y * 6 + 4}">?'
            f"<title>an unexplored exit {direction}</title></text>")


def _room_box(room: Room, cell: Cell, here: bool, way_out: bool, unplaced_exit: bool) -> str:
    x, y = _centre(cell)
    marks = "".join(dict.fromkeys(STATUS_MARKS.get(word, "*") for word in room.status))
    heading = _clip(printable(room.id), 12) + marks[:2] + ("?" if unplaced_exit else "")
    kind = "room here" if here else "room out" if way_out else "room"
    anchor = f' id="{HERE_ID}"' if here else ""  # (a link to it scrolls it into view)
    words = [printable(" ".join(room.id.split()))]
    if room.description.strip():
        words.append(printable(" ".join(room.description.split())))
    if room.status:
        words.append(", ".join(room.status))
    out = [f'<g class="{kind}"{anchor}><title>{_clean(" — ".join(words))}</title>'
           f'<rect x="{x - _BOX_W / 2}" y="{y - _BOX_H / 2}" width="{_BOX_W}" '
           f'height="{_BOX_H}" rx="6"/>',
           f'<text class="id" x="{x}" y="{y - 3}">{_clean(heading)}</text>']
    if room.description.strip():
        out.append(f'<text class="small" x="{x}" y="{y + 15}">'
                   f"{_clean(_clip(printable(room.description), 16))}</text>")
    out.append("</g>")
    caption = "you are here" if here else "way out" if way_out else ""
    if caption:
        top, wide = y + _BOX_H / 2 + 3, len(caption) * 6.6 + 10
        out.append(f'<g class="caption"><rect x="{x - wide / 2}" y="{top}" width="{wide}" '
                   f'height="16" rx="3"/><text x="{x}" y="{top + 12}">{caption}</text></g>')
    return "".join(out)


def _legend(rooms: Iterable[Room], plan: Layout, width: float) -> list[str]:
    """The key, its items set in lines that fit ``width``."""
    lines: list[str] = []
    for item in _legend_items(rooms, plan):
        joined = f"{lines[-1]} · {item}" if lines else item
        if lines and text_cells(joined) * _LEGEND_CHAR <= width:
            lines[-1] = joined
        else:
            lines.append(item)
    return lines


def _legend_items(rooms: Iterable[Room], plan: Layout) -> list[str]:
    items = ["filled: you are here", "thick border: way out"]
    if any(edge.secret for edge in plan.edges):
        items.append("dashed: secret")
    if any(edge.stair for edge in plan.edges):
        items.append("≡ stair")
    if plan.stubs:
        items.append("? unexplored exit")
    marks = {STATUS_MARKS.get(word, "*") for room in rooms for word in room.status}
    items += [f"{mark} {word}" for word, mark in STATUS_MARKS.items() if mark in marks]
    if "*" in marks:
        items.append("* another state")
    return items


def _description(dungeon: Dungeon, plan: Layout, rooms: dict[str, Room]) -> str:
    def named(room_id: str) -> str:
        words = " ".join(rooms[room_id].description.split())
        return f"{room_id} ({words})" if words else room_id

    count = len(rooms)
    text = [f"A map of {count} room{'s' if count != 1 else ''} and {len(plan.edges)} known "
            f"passage{'s' if len(plan.edges) != 1 else ''}"
            + (f", {sum(edge.secret for edge in plan.edges)} of them secret"
               if any(edge.secret for edge in plan.edges) else "") + "."]
    here = dungeon.here if dungeon.here in rooms else None
    way_out = dungeon.way_out if dungeon.way_out in rooms else None
    if here is not None:
        text.append(f"You are in {named(here)}.")
    if way_out is not None:
        text.append("This is the way out." if way_out == here
                    else f"The way out is {named(way_out)}.")
    if here is not None and way_out is not None and here != way_out:
        way = dungeon.route(here, way_out)  # (by the ways the party may pass, as it walks)
        text.append(f"The shortest known way there, {len(way)} step"
                    f"{'s' if len(way) != 1 else ''}: {', '.join([here, *way])}." if way
                    else "No known way leads there from here.")
    if count := len(plan.stubs):
        text.append(f"{count} exit{'s lead' if count != 1 else ' leads'} nowhere known yet.")
    return " ".join(text)


def svg_map(dungeon: Dungeon) -> str:
    """The dungeon's map as one inline ``<svg>`` element."""
    rooms = {room.id: room for room in reversed(dungeon.rooms)}  # (the first of an id)
    plan = layout(dungeon)
    width = 2 * _MARGIN + max(plan.columns, 1) * _CELL_W  # (as wide as its rooms: a phone's
    legend = _legend(rooms.values(), plan, width - 2 * _MARGIN) if rooms else []  # for two)
    height = 2 * _MARGIN + plan.rows * _CELL_H + len(legend) * _LEGEND_LINE
    title = f"Map of the dungeon: {len(rooms)} room{'s' if len(rooms) != 1 else ''}"
    about = _description(dungeon, plan, rooms) if rooms else "No rooms are known yet."
    least = round(width * _LEAST_SCALE)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="solo-map" role="img" '
           f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'style="max-width: 100%; height: auto; min-width: {least}px" '
           f'aria-label="{_clean(title)}">',
           f"<title>{_clean(title)}</title><desc>{_clean(about)}</desc>",
           f"<style>{_STYLE}</style>",
           f'<rect class="paper" width="{width}" height="{height}"/>']
    if not rooms:
        out.append(f'<text x="{width / 2}" y="{height / 2}">No rooms on the map yet</text>')
    lanes = {edge: lane for lane, edge in enumerate(
        edge for edge in plan.edges if not plan.adjacent(edge))}
    out += [_passage(plan, edge, lanes.get(edge, 0)) for edge in plan.edges]
    unplaced = {stub.room for stub in plan.stubs if stub.direction not in OFFSETS}
    out += [_stub(cell, stub.direction, stub.secret) for stub in plan.stubs
            if stub.direction in OFFSETS and (cell := plan.cell(stub.room)) is not None]
    for room_id, cell in plan.cells:
        out.append(_room_box(rooms[room_id], cell, room_id == dungeon.here,
                             room_id == dungeon.way_out, room_id in unplaced))
    top = 2 * _MARGIN + plan.rows * _CELL_H - _MARGIN / 2
    out += [f'<text class="legend" x="{_MARGIN}" y="{top + index * _LEGEND_LINE + 4}">'
            f"{escape(line)}</text>" for index, line in enumerate(legend)]
    out.append("</svg>")
    return "".join(out)
