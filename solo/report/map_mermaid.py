"""The md report's map: the dungeon as a Mermaid flowchart.

One node a room (its id, description and states), one link a known passage: dashed when
secret, labelled when a stair. The room the party is in is a stadium filled with the
palette's line colour, the way out a framed box with a thick border; the words "you are
here" and "way out" say the same without colour. Mermaid lays the chart out itself, in the
order of :func:`solo.engine.map_layout.layout`, left to right or top down: whichever keeps
it narrower (:func:`map_width`), since a page shrinks a chart wider than its column, words
and all (GitHub's column is 880 px: a chain of 13 rooms left to right would set its words
at 5 px; top down, each room's words keep their size however long the chain). A map still
too wide for the column gets a line under it saying where to see it whole (:func:`map_note`).

The player's text can never break the chart: node ids are solo's own (``r0``, ``r1``…),
and every character of a label but ASCII letters, digits and spaces is written as a
Mermaid entity (``#35;``). Like every chart solo writes, the chart opens with an init
directive that sets its own paper and ink from :mod:`solo.report.palette`, so it reads the
same in GitHub's light and dark themes.
"""

from __future__ import annotations

import json
from collections import Counter

from solo.engine.map_layout import Layout, layout
from solo.engine.rooms import Dungeon, Room
from solo.report.palette import INK, LINE, PAPER
from solo.terminal import printable

__all__ = ["mermaid_map", "map_init", "map_note", "map_width", "MAX_TEXT", "MAX_LINKS",
           "COLUMN", "FONT"]

MAX_LINKS = 500
"""The most passages drawn (Mermaid refuses a flowchart of more than 500 links)."""

MAX_TEXT = 45_000
"""The longest chart written with descriptions (Mermaid refuses more than 50,000
characters); a longer one leaves the descriptions out."""

COLUMN = 880
"""GitHub's column for a Markdown file, in px: a wider chart is shrunk to it."""

FONT = 16
"""Mermaid's letters, in px, before the page shrinks the chart."""

_WRAP, _NODE_SPACING, _RANK_SPACING = 150, 30, 40  # set in the chart (Mermaid's: 200, 50, 50)
_NODE_WIDTH = _WRAP + 2 * 15  # a room's box at most: its words, 15 px inside each side
_LEGIBLE = 10  # the least letter size, in px, that a map is read at

_DESCRIPTION_CHARS = 40
_ID_CHARS = 24
_CLASSES = {
    "here": f"fill:{LINE},stroke:{INK},stroke-width:3px,color:{PAPER}",
    "wayOut": f"fill:{PAPER},stroke:{LINE},stroke-width:4px,color:{INK}",
    "room": f"fill:{PAPER},stroke:{INK},stroke-width:1px,color:{INK}",
}


def map_init() -> str:
    """The ``%%{init: …}%%`` line that gives the flowchart its own paper, ink and lines, and
    its rooms' sizes and spacing."""
    variables = {"background": PAPER, "primaryColor": PAPER, "mainBkg": PAPER,
                 "primaryTextColor": INK, "textColor": INK, "primaryBorderColor": INK,
                 "nodeBorder": INK, "lineColor": LINE, "edgeLabelBackground": PAPER}
    layout = {"wrappingWidth": _WRAP, "nodeSpacing": _NODE_SPACING,
              "rankSpacing": _RANK_SPACING}  # (narrower rooms, closer: more fit a column)
    config = {"theme": "base", "themeVariables": variables, "flowchart": layout}
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
    notes = [note for note, shown in (("you are here", room.id == here),
                                      ("way out", room.id == way_out)) if shown]
    notes += [_cut(word, _ID_CHARS) for word in room.status]
    if open_count:
        notes.append(f"{open_count} unexplored exit" + ("s" if open_count != 1 else ""))
    text = _entities(title)
    return text + ("<br/>" + _entities(", ".join(notes)) if notes else "")


def mermaid_map(dungeon: Dungeon) -> str:
    """The dungeon as the text of a Mermaid flowchart (without the Markdown fence)."""
    chart = _chart(dungeon, described=True)
    return chart if len(chart) <= MAX_TEXT else _chart(dungeon, described=False)


def _ranks(plan: Layout) -> tuple[int, int]:
    """How many ranks Mermaid sets the rooms in, and the most rooms in one rank: each room's
    rank its fewest passages from the first room it is joined to (as Mermaid ranks a chart
    of links, near enough), each room joined to none a rank 0 of its own."""
    neighbours: dict[str, list[str]] = {room: [] for room, _ in plan.cells}
    for edge in plan.edges:
        neighbours[edge.start].append(edge.end)
        neighbours[edge.end].append(edge.start)
    rank: dict[str, int] = {}
    for first, _ in plan.cells:
        if first in rank:
            continue
        rank[first], reached = 0, [first]
        for room in reached:  # (breadth first: the list grows as it is read)
            for other in neighbours[room]:
                if other not in rank:
                    rank[other] = rank[room] + 1
                    reached.append(other)
    if not rank:
        return 0, 0
    return max(rank.values()) + 1, max(Counter(rank.values()).values())


def _widths(plan: Layout) -> dict[str, int]:
    """The chart's width in px at most, drawn left to right (a box and a rank's spacing a
    rank) and top down (a box and a room's spacing a room of the widest rank)."""
    ranks, most = _ranks(plan)
    return {"LR": ranks * (_NODE_WIDTH + _RANK_SPACING) - _RANK_SPACING,
            "TD": most * (_NODE_WIDTH + _NODE_SPACING) - _NODE_SPACING}


def _direction(plan: Layout) -> str:
    """Left to right if that fits the column (or is the narrower), else top down."""
    widths = _widths(plan)
    return "LR" if widths["LR"] <= max(COLUMN, widths["TD"]) else "TD"


def map_width(dungeon: Dungeon) -> int:
    """The width the map's chart is drawn at, in px at most, before a page shrinks it."""
    plan = layout(dungeon)
    return _widths(plan)[_direction(plan)] if dungeon.rooms else 0


def map_note(dungeon: Dungeon) -> list[str]:
    """The line under the chart of a map that GitHub's column would shrink past reading
    (its letters under 10 px), saying where to see it whole; none for any other."""
    if map_width(dungeon) * _LEGIBLE <= COLUMN * FONT:
        return []
    return ["", "*This map is too wide for a page to show its words at a size that reads: "
            "the html report (`solo export --format html`) draws it at full size, and "
            "scrolls it.*"]


def _chart(dungeon: Dungeon, described: bool) -> str:
    rooms = {room.id: room for room in reversed(dungeon.rooms)}  # (the first of an id)
    if not rooms:
        return "\n".join([map_init(), "flowchart LR", '    empty["No rooms on the map yet"]'])
    plan = layout(dungeon)
    out = [map_init(), f"flowchart {_direction(plan)}"]
    node = {room: f"r{number}" for number, (room, _) in enumerate(plan.cells)}
    open_counts = Counter(stub.room for stub in plan.stubs)
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
        out.append(f'    more["{len(plan.edges) - MAX_LINKS} more passages not drawn"]')
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
