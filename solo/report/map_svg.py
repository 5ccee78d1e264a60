"""The html report's map: the dungeon's layout as an inline SVG.

Each room is a box in its layout cell with its id, status marks and the start of its
description (all of it in the box's tooltip). What goes between the boxes is what the
terminal's map draws (:func:`~solo.engine.map_layout.sketch`): passages between neighbours
are lines, dashed when secret, with ≡ on a stair, and those between rooms further apart are
named under the drawing; an unexplored exit is a short line ending in ``?`` where its place
is free, else a ``?`` in its room's box. The room the party is in is filled with the accent
colour, the way out has a thick accent border, and both have a caption in words, below the
box or above it, wherever no line is (else over the description). A ``<title>`` and a
``<desc>`` (the rooms, and the way out in words) are there for screen readers. The map is
as wide as its columns of rooms, its key set in as many lines as that width needs, so that
a map of one or two columns fits a phone's column at full size. A wider one shrinks to its
column (its ``viewBox`` scales), to four fifths of its size at most, where its 12.5 px
letters show at 10 px; past that the page scrolls it.

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
    Sketch,
    clip,
    layout,
    place,
    sketch,
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


def _centre(cell: Cell) -> tuple[float, float]:
    column, row = cell
    return _MARGIN + column * _CELL_W + _CELL_W / 2, _MARGIN + row * _CELL_H + _CELL_H / 2


def _passage(plan: Layout, edge: Edge) -> str:
    """A passage between neighbours: a straight line between their boxes' middles."""
    start, end = plan.cell(edge.start), plan.cell(edge.end)
    assert start is not None and end is not None
    (x1, y1), (x2, y2) = _centre(start), _centre(end)
    shape = (f'<line class="pass{" secret" if edge.secret else ""}" x1="{x1}" y1="{y1}" '
             f'x2="{x2}" y2="{y2}"/>')
    if edge.stair:
        middle = (x1 + x2) / 2, (y1 + y2) / 2
        shape += (f'<g class="stair"><title>a stair</title><circle cx="{middle[0]}" '
                  f'cy="{middle[1]}" r="8"/><text x="{middle[0]}" y="{middle[1] + 4}">≡'
                  "</text></g>")
    return shape


def _stub(cell: Cell, direction: str, secret: bool) -> str:
    x, y = _centre(cell)
    step_x, step_y = OFFSETS[direction]
    edge_x, edge_y = x + step_x * _BOX_W / 2, y + step_y * _BOX_H / 2
    end_x, end_y = edge_x + step_x * 8, edge_y + step_y * 10  # (its ? nearer its own box)
    kind = "pass secret" if secret else "pass"
    return (f'<line class="{kind}" x1="{edge_x}" y1="{edge_y}" x2="{end_x}" y2="{end_y}"/>'
            f'<text x="{end_x + step_x * 6}" y="{end_y + step_y * 6 + 4}">?'
            f"<title>an unexplored exit {direction}</title></text>")


def _room_box(room: Room, cell: Cell, kind: str, drawn: Sketch, held: set[Cell]) -> str:
    """The box of a room (``kind``: ``room here``, ``room out`` or ``room``), with its caption
    where no line and no other caption is (``held``: the places captions hold)."""
    x, y = _centre(cell)
    marks = "".join(dict.fromkeys(STATUS_MARKS.get(word, "*") for word in room.status))
    heading = clip(printable(room.id), 12) + marks[:2] + ("?" if room.id in drawn.boxed else "")
    anchor = f' id="{HERE_ID}"' if kind == "room here" else ""  # (a link to it scrolls to it)
    words = [printable(" ".join(room.id.split()))]
    if room.description.strip():
        words.append(printable(" ".join(room.description.split())))
    if room.status:
        words.append(", ".join(room.status))
    out = [f'<g class="{kind}"{anchor}><title>{_clean(" — ".join(words))}</title>'
           f'<rect x="{x - _BOX_W / 2}" y="{y - _BOX_H / 2}" width="{_BOX_W}" '
           f'height="{_BOX_H}" rx="6"/>',
           f'<text class="id" x="{x}" y="{y - 3}">{_clean(heading)}</text>']
    caption = {"room here": "you are here", "room out": "way out"}.get(kind, "")
    wide, below, above = len(caption) * 6.6 + 10, y + _BOX_H / 2 + 3, y - _BOX_H / 2 - 19
    spots = {"S": (below, x - wide / 2), "N": (above, x - wide / 2), "SE": (below, x + 6),
             "SW": (below, x - 6 - wide), "NE": (above, x + 6), "NW": (above, x - 6 - wide)}
    free = [way for way in spots if caption and place(cell, way) not in drawn.taken  # (SE:
            and not {place(cell, way), place(cell, way[0])} & held]  # beside the line S)
    held.update({place(cell, free[0]), place(cell, free[0][0])} if free else ())
    if room.description.strip() and (free or not caption):
        out.append(f'<text class="small" x="{x}" y="{y + 15}">'
                   f"{_clean(clip(printable(' '.join(room.description.split())), 16))}</text>")
    out.append("</g>")
    if caption:  # below the box, above it, beside the line there, or over the description
        top, left = spots[free[0]] if free else (y + 2, x - wide / 2)
        out.append(f'<g class="caption"><rect x="{left}" y="{top}" width="{wide}" height="16" '
                   f'rx="3"/><text x="{left + wide / 2}" y="{top + 12}">{caption}</text></g>')
    return "".join(out)


def _lines(items: Iterable[str], width: float, joint: str = " · ") -> list[str]:
    """``items`` set in lines that fit ``width``."""
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]}{joint}{item}" if lines else item
        if lines and text_cells(joined) * _LEGEND_CHAR <= width:
            lines[-1] = joined
        else:
            lines.append(item)
    return lines


def _far(edge: Edge) -> str:
    return (f"{clip(printable(edge.start), 12)} {'┄' if edge.secret else '─'} "
            f"{clip(printable(edge.end), 12)}" + (" (stair)" if edge.stair else ""))


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
    drawn = sketch(plan)
    width = 2 * _MARGIN + max(plan.columns, 1) * _CELL_W  # (as wide as its rooms: a phone's
    far = [_far(edge) + ("," if edge != drawn.far[-1] else "") for edge in drawn.far]
    legend = _lines(["too long to draw:", *far] if far else [], width - 2 * _MARGIN, " ") \
        + _lines(_legend_items(rooms.values(), plan), width - 2 * _MARGIN) if rooms else []
    height = 2 * _MARGIN + plan.rows * _CELL_H + len(legend) * _LEGEND_LINE + 4
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
    out += [_passage(plan, edge) for edge in drawn.near]
    out += [_stub(cell, stub.direction or "", stub.secret) for stub in drawn.stubs
            if (cell := plan.cell(stub.room)) is not None]
    held: set[Cell] = set()  # (the places the captions take)
    for room_id, cell in plan.cells:
        kind = "room here" if room_id == dungeon.here else \
            "room out" if room_id == dungeon.way_out else "room"
        out.append(_room_box(rooms[room_id], cell, kind, drawn, held))
    top = _MARGIN + plan.rows * _CELL_H + 20  # (below the bottom row's stubs and captions)
    out += [f'<text class="legend" x="{_MARGIN}" y="{top + index * _LEGEND_LINE}">'
            f"{_clean(line)}</text>" for index, line in enumerate(legend)]
    out.append("</svg>")
    return "".join(out)
