"""Where each known room goes on the map: one grid layout for every drawing of it.

:func:`layout` gives each room of a :class:`~solo.engine.rooms.Dungeon` a (column, row)
cell, never two rooms in one cell. Rooms are placed one by one in the order the party found
them, each next to a room placed before it: an exit's direction puts it in the
neighbouring cell that way (N is the row above, E the column to the right, NE both); up
and down take a free cell next to the room and make the passage a stair. When the wanted
cell is taken, or no direction is given, the layered rule places the room: one column
further than the room it was reached from, in the free row nearest to that room's, leaving
alone the cells an open exit of a placed room faces (the room found through it will want
that cell). A room joined to none placed before it begins a group of its own below the
others. A room marked ``unmapped`` (entered while the party could not map) is placed as if
none of its ways had a direction, and its open exits are drawn as ones with none.

So a room keeps its cell whatever comes after it: naming another way out or finding more
rooms never moves the rooms already drawn. Same dungeon, same layout: nothing here is
random. The drawings (terminal text, Mermaid, SVG) read the :class:`Layout`; the two that
draw the grid (terminal text, SVG) draw what :func:`sketch` decides, so they show the same
passages and the same unexplored exits. :func:`text_cells` and :func:`clip` are shared
helpers.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from solo.engine.rooms import OPPOSITE, Dungeon

__all__ = ["Cell", "Edge", "Stub", "Layout", "Sketch", "OFFSETS", "STATUS_MARKS", "UNMAPPED",
           "clip", "layout", "place", "sketch", "text_cells"]

Cell = tuple[int, int]
"""A place on the grid: (column, row), columns growing east and rows growing south."""

OFFSETS: dict[str, Cell] = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
                            "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}
"""The step on the grid each compass direction takes."""

STATUS_MARKS = {"cleared": "✓", "looted": "$", "collapsed": "✗", "unmapped": "~"}
"""The mark each drawing gives a room for each status word it knows (any other: ``*``)."""

UNMAPPED = "unmapped"
"""The status of a room the party entered or crossed while it could not map (running, in
the dark: the procedure's reading): its exits' compass directions are not drawn."""

_STAIR_STEPS = ("E", "SE", "NE", "S", "N", "SW", "NW", "W")
"""Where a stair's far room goes, first free cell first."""


@dataclass(frozen=True)
class Edge:
    """A known way between two rooms (each pair once, however many exits join them)."""

    start: str
    end: str
    secret: bool = False
    stair: bool = False


@dataclass(frozen=True)
class Stub:
    """An exit of ``room`` that leads nowhere known yet, with its direction if given."""

    room: str
    direction: str | None = None
    secret: bool = False


@dataclass(frozen=True)
class Layout:
    """Each room's cell (in the dungeon's order), the edges and open exits, and the grid's
    size in columns and rows (every cell lies in ``0 <= column < columns``, same for
    rows)."""

    cells: tuple[tuple[str, Cell], ...] = ()
    edges: tuple[Edge, ...] = ()
    stubs: tuple[Stub, ...] = ()
    columns: int = 0
    rows: int = 0
    _where: dict[str, Cell] = field(default_factory=dict, init=False, repr=False,
                                    compare=False)
    _who: dict[Cell, str] = field(default_factory=dict, init=False, repr=False,
                                  compare=False)

    def __post_init__(self) -> None:
        self._where.update(self.cells)
        self._who.update((cell, room) for room, cell in self.cells)

    def cell(self, room_id: str | None) -> Cell | None:
        """The cell of ``room_id`` (None: no such room)."""
        return self._where.get(room_id) if room_id is not None else None

    def room_at(self, cell: Cell) -> str | None:
        """The room in ``cell``, if any."""
        return self._who.get(cell)

    def adjacent(self, edge: Edge) -> bool:
        """Whether the edge joins neighbouring cells (diagonals included)."""
        (column_a, row_a), (column_b, row_b) = self._where[edge.start], self._where[edge.end]
        return max(abs(column_a - column_b), abs(row_a - row_b)) == 1


class _Links:
    """The known ways between rooms, read once from every room's exits."""

    def __init__(self, dungeon: Dungeon, known: dict[str, int]) -> None:
        self.neighbours: dict[str, list[str]] = {room: [] for room in known}
        self.heading: dict[tuple[str, str], str] = {}
        self.facing: dict[str, set[str]] = {room: set() for room in known}
        self.open_facing: dict[str, list[str]] = {room: [] for room in known}
        self.edges: dict[frozenset[str], Edge] = {}
        self.stubs: list[Stub] = []
        pairs: list[tuple[str, str, str | None, bool]] = []
        unmapped = {room.id for room in dungeon.rooms if UNMAPPED in room.status}
        for room in dungeon.rooms:
            for way in room.exits:
                if way.door == "hidden":  # a secret way not found: not on the map
                    continue
                # an unmapped room's ways have no direction on the map, either side
                direction = None if room.id in unmapped or way.to in unmapped \
                    else way.direction
                if way.to is None or way.to not in known:
                    self.stubs.append(Stub(room.id, direction, way.secret))
                    if direction is not None:
                        self.facing[room.id].add(direction)
                        self.open_facing[room.id].append(direction)
                elif way.to != room.id:
                    pairs.append((room.id, way.to, direction, way.secret))
        for start, end, direction, secret in pairs:
            self._join(start, end, direction, secret)
        for start, end, _, _ in pairs:  # exits known from the far side come after
            if start not in self.neighbours[end]:
                self.neighbours[end].append(start)

    def _join(self, start: str, end: str, direction: str | None, secret: bool) -> None:
        if end not in self.neighbours[start]:
            self.neighbours[start].append(end)
        if direction is not None:
            self.heading.setdefault((start, end), direction)
            self.facing[start].add(direction)
            self.facing[end].add(OPPOSITE.get(direction, ""))
        key = frozenset((start, end))
        stair = direction in ("U", "D")
        before = self.edges.get(key)
        if before is None:
            self.edges[key] = Edge(start, end, secret, stair)
        elif (secret and not before.secret) or (stair and not before.stair):
            self.edges[key] = Edge(before.start, before.end, before.secret or secret,
                                   before.stair or stair)

    def direction(self, start: str, end: str) -> str | None:
        """The way from ``start`` to ``end``, as either side's exit gives it."""
        own = self.heading.get((start, end))
        if own is not None:
            return own
        back = self.heading.get((end, start))
        return OPPOSITE.get(back) if back is not None else None


class _Grid:
    """The cells taken so far, and the rules that pick a free one."""

    def __init__(self) -> None:
        self.where: dict[str, Cell] = {}
        self.taken: set[Cell] = set()
        self.wanted: set[Cell] = set()  # the cells an open exit of a placed room faces

    def put(self, room: str, cell: Cell, facing: Iterable[str] = ()) -> None:
        self.where[room] = cell
        self.taken.add(cell)
        self.wanted.update(_step(cell, direction) for direction in facing
                           if direction in OFFSETS)

    def near(self, origin: Cell, direction: str | None, facing: set[str]) -> Cell | None:
        """The cell ``direction`` names next to ``origin``, when free; for a stair, the
        first free cell around it, those the room's own exits face (``facing``) last."""
        if direction in OFFSETS:
            cell = _step(origin, direction)
            return cell if cell not in self.taken else None
        if direction in ("U", "D"):
            steps = sorted(_STAIR_STEPS, key=lambda step: step in facing)
            return next((cell for cell in (_step(origin, step) for step in steps)
                         if cell not in self.taken), None)
        return None

    def layered(self, origin: Cell) -> Cell:
        """The free cell one column on from ``origin``, in the row nearest to its own: of
        two as near, one no open exit faces."""
        column, row = origin[0] + 1, origin[1]
        free: Cell | None = None
        for distance in range(len(self.taken) + 1):
            for candidate in (row + distance, row - distance):
                cell = (column, candidate)
                if cell not in self.taken:
                    if cell not in self.wanted:
                        return cell
                    free = free or cell
            if free is not None and distance >= 1:  # (no unfaced cell beside the origin)
                return free
        if free is not None:
            return free
        raise AssertionError("a column of n cells has a free one among n + 1")  # unreachable

    def below(self) -> Cell:
        """Where a group of rooms not joined to those placed so far begins."""
        if not self.taken:
            return 0, 0
        return min(column for column, _ in self.taken), max(row for _, row in self.taken) + 2


def _step(origin: Cell, direction: str) -> Cell:
    column, row = OFFSETS[direction]
    return origin[0] + column, origin[1] + row


def layout(dungeon: Dungeon) -> Layout:
    """Every known room of ``dungeon`` on the grid, with the edges and open exits."""
    known: dict[str, int] = {}
    for room in dungeon.rooms:
        known.setdefault(room.id, len(known))
    if not known:
        return Layout()
    links = _Links(dungeon, known)
    grid = _Grid()
    for room_id in known:
        grid.put(room_id, _place(room_id, links, grid), links.open_facing[room_id])
    left = min(column for column, _ in grid.taken)
    top = min(row for _, row in grid.taken)
    cells = tuple((room_id, (grid.where[room_id][0] - left, grid.where[room_id][1] - top))
                  for room_id in known)
    return Layout(cells=cells, edges=tuple(links.edges.values()), stubs=tuple(links.stubs),
                  columns=max(column for column, _ in grid.taken) - left + 1,
                  rows=max(row for _, row in grid.taken) - top + 1)


def _place(room: str, links: _Links, grid: _Grid) -> Cell:
    """The cell of ``room``, next to the rooms placed before it that it is joined to: the
    first whose way to it has a compass direction and a free cell that way, else the first
    up or down a stair, else the layered rule from the first; below the others when it is
    joined to none of them."""
    placed = [other for other in links.neighbours[room] if other in grid.where]
    if not placed:
        return grid.below()
    for stairs in (False, True):
        for other in placed:
            direction = links.direction(other, room)
            if direction is None or (direction in ("U", "D")) != stairs:
                continue
            cell = grid.near(grid.where[other], direction, links.facing[other])
            if cell is not None:
                return cell
    return grid.layered(grid.where[placed[0]])


@dataclass(frozen=True)
class Sketch:
    """What a drawing of a :class:`Layout` draws between the boxes, and what it says instead.

    ``near``: the passages between neighbouring cells, drawn as lines; ``far``: those between
    rooms further apart, too long to draw (a drawing names them in words); ``stubs``: the
    unexplored exits drawn as a short line ending in ``?``; ``boxed``: the rooms with an
    unexplored exit not so drawn (no compass direction, or its place taken), whose box
    carries a ``?``. ``taken``: the places between the boxes (see :func:`place`) that hold a
    line."""

    near: tuple[Edge, ...] = ()
    far: tuple[Edge, ...] = ()
    stubs: tuple[Stub, ...] = ()
    boxed: frozenset[str] = frozenset()
    taken: frozenset[Cell] = frozenset()


def sketch(plan: Layout) -> Sketch:
    """What the grid drawings show. Each gap between two neighbouring boxes, and each
    corner where four cells meet, is one place, holding one line: a passage between
    neighbours takes its place first (two diagonals may cross in a corner); an unexplored
    exit is drawn as a stub only when its place is still free, first found first, so that
    two stubs never meet (nor a stub a passage) and each ``?`` stands clear of the others."""
    near = tuple(edge for edge in plan.edges if plan.adjacent(edge))
    taken: set[Cell] = set()
    for edge in near:
        start, end = plan.cell(edge.start), plan.cell(edge.end)
        assert start is not None and end is not None
        taken.add((start[0] + end[0], start[1] + end[1]))  # (the doubled middle of the two)
    stubs: list[Stub] = []
    boxed: set[str] = set()
    for stub in plan.stubs:
        cell, direction = plan.cell(stub.room), stub.direction or ""
        spot = place(cell, direction) if cell is not None and direction in OFFSETS else None
        if spot is None or spot in taken:
            boxed.add(stub.room)
        else:
            taken.add(spot)
            stubs.append(stub)
    return Sketch(near, tuple(edge for edge in plan.edges if not plan.adjacent(edge)),
                  tuple(stubs), frozenset(boxed), frozenset(taken))


def place(cell: Cell, direction: str) -> Cell:
    """The place between ``cell`` and its neighbour ``direction`` (a compass point): a gap
    between two boxes, or a corner where four cells meet. In half cells: the doubled middle
    of the two cells (never a room's, whose coordinates are both even)."""
    step_column, step_row = OFFSETS[direction]
    return 2 * cell[0] + step_column, 2 * cell[1] + step_row


def text_cells(text: str) -> int:
    """The columns ``text`` takes in a fixed-width font, as terminals count them: East Asian
    wide and full-width characters take two; combining marks and invisible format
    characters (joiners, direction marks) none, but the soft hyphen one."""
    if text.isascii():
        return len(text)
    return sum(map(_char_cells, text))


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns (:func:`text_cells`), ending in … when cut."""
    if text_cells(text) <= width:
        return text
    out, used = [], 0
    for char in text:
        cells = text_cells(char)
        if used + cells > width - 1:
            break
        out.append(char)
        used += cells
    return "".join(out) + ("…" if width >= 1 else "")


@lru_cache(maxsize=4096)
def _char_cells(char: str) -> int:
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return 2
    if unicodedata.category(char) in ("Mn", "Me", "Cf") and char != "\xad":
        return 0
    return 1
