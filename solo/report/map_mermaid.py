"""The md report's map: the dungeon as a Mermaid flowchart.

One node a room (its id, description and states), one link a known passage: dashed when
secret, labelled when a stair. The room the party is in is a stadium filled with the
palette's line colour, the way out a framed box with a thick border; the words "you are
here" and "way out" say the same without colour. Mermaid lays the chart out itself, left
to right, in the order of :func:`solo.engine.map_layout.layout`.

The player's text can never break the chart: node ids are solo's own (``r0``, ``r1``…),
and every character of a label but ASCII letters, digits and spaces is written as a
Mermaid entity (``#35;``). Like every chart solo writes, the chart opens with an init
directive that sets its own paper and ink from :mod:`solo.report.palette`, so it reads the
same in GitHub's light and dark themes.
"""

from __future__ import annotations

import json

from solo.engine.map_layout import layout
from solo.engine.rooms import Dungeon, Room
from solo.report.palette import INK, LINE, PAPER
from solo.terminal import printable

__all__ = ["mermaid_map", "map_init", "MAX_TEXT", "MAX_LINKS"]

MAX_LINKS = 500
"""The most passages drawn (Mermaid refuses a flowchart of more than 500 links)."""

MAX_TEXT = 45_000
"""The longest chart written with descriptions (Mermaid refuses more than 50,000
characters); a longer one leaves the descriptions out."""

_DESCRIPTION_CHARS = 40
_ID_CHARS = 24
_CLASSES = {
    "here": f"fill:{LINE},stroke:{INK},stroke-width:3px,color:{PAPER}",
    "wayOut": f"fill:{PAPER},stroke:{LINE},stroke-width:4px,color:{INK}",
    "room": f"fill:{PAPER},stroke:{INK},stroke-width:1px,color:{INK}",
}


def map_init() -> str:
    """The ``%%{init: …}%%`` line that gives the flowchart its own paper, ink and lines."""
    variables = {"background": PAPER, "primaryColor": PAPER, "mainBkg": PAPER,
                 "primaryTextColor": INK, "textColor": INK, "primaryBorderColor": INK,
                 "nodeBorder": INK, "lineColor": LINE, "edgeLabelBackground": PAPER}
    config = {"theme": "base", "themeVariables": variables}
    return "%%{init: " + json.dumps(config, separators=(", ", ": ")) + "}%%"


def _entities(text: str) -> str:
    """``text`` on one line, control characters shown escaped (``\\x1b``), and every
    character but ASCII letters, digits and spaces written as a Mermaid entity (``"`` as
    ``#34;``)."""
    return "".join(char if (char.isascii() and char.isalnum()) or char == " "
                   else f"#{ord(char)};" for char in printable(" ".join(text.split())))


def _cut(text: str, most: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 1] + "…"


def _label(room: Room, here: str | None, way_out: str | None, open_count: int,
           described: bool) -> str:
    title = _cut(room.id, _ID_CHARS)
    if described and room.description.strip():
        title += ": " + _cut(room.description, _DESCRIPTION_CHARS)
    notes = []
    if room.id == here:
        notes.append("you are here")
    if room.id == way_out:
        notes.append("way out")
    notes += [_cut(word, _ID_CHARS) for word in room.status]
    if open_count:
        notes.append(f"{open_count} open exit" + ("s" if open_count != 1 else ""))
    text = _entities(title)
    return text + ("<br/>" + _entities(", ".join(notes)) if notes else "")


def mermaid_map(dungeon: Dungeon) -> str:
    """The dungeon as the text of a Mermaid flowchart (without the Markdown fence)."""
    chart = _chart(dungeon, described=True)
    return chart if len(chart) <= MAX_TEXT else _chart(dungeon, described=False)


def _chart(dungeon: Dungeon, described: bool) -> str:
    out = [map_init(), "flowchart LR"]
    rooms: dict[str, Room] = {}
    for room in dungeon.rooms:
        rooms.setdefault(room.id, room)
    if not rooms:
        out.append('    empty["No rooms on the map yet"]')
        return "\n".join(out)
    plan = layout(dungeon)
    node = {room: f"r{number}" for number, (room, _) in enumerate(plan.cells)}
    open_counts = dict.fromkeys(rooms, 0)
    for stub in plan.stubs:
        open_counts[stub.room] += 1
    here = dungeon.here if dungeon.here in rooms else None
    way_out = dungeon.way_out if dungeon.way_out in rooms else None
    for room_id, _ in plan.cells:
        label = _label(rooms[room_id], here, way_out, open_counts[room_id], described)
        opening, closing = ('(["', '"])') if room_id == here else (
            ('[["', '"]]') if room_id == way_out else ('["', '"]'))
        out.append(f"    {node[room_id]}{opening}{label}{closing}")
    for edge in plan.edges[:MAX_LINKS]:
        link = "-.-" if edge.secret else "---"
        words = "|stair|" if edge.stair else ""
        out.append(f"    {node[edge.start]} {link}{words} {node[edge.end]}")
    if len(plan.edges) > MAX_LINKS:
        left_out = len(plan.edges) - MAX_LINKS
        out.append(f'    more["{left_out} more passages not drawn"]')
    out += [f"    classDef {name} {style}" for name, style in _CLASSES.items()]
    ordinary = [node[room] for room in node if room not in (here, way_out)]
    if ordinary:
        out.append(f"    class {','.join(ordinary)} room")
    if way_out is not None and way_out != here:
        out.append(f"    class {node[way_out]} wayOut")
    if here is not None:
        out.append(f"    class {node[here]} here")
    if plan.edges:
        out.append(f"    linkStyle default stroke:{LINE},stroke-width:2px")
    return "\n".join(out)
