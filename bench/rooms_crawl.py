"""A long Dungeon Turn crawl through many rooms, as the lines a player would type, and the
same crawl told with no map: the workload of bench/bench_rooms.py and of
tests/journal/test_rooms_journal_size.py (which loads this file by its path).

The party walks a grid: on the turns that find a room it goes through a free side of the
room it is in (``enter N``), first walking known ways to the nearest room that has one
(``go E``, no turn); now and then it links a side to a known room next to it
(``room exits W:R7``: a loop), describes a room or marks it cleared. The other turns
explore, search or rest, a quarter of them after a step through a known way. Pure: no
solo import, no I/O.
"""

from __future__ import annotations

import random
from collections import deque

__all__ = ["SYSTEM", "crawl_lines", "without_rooms"]

SYSTEM = "dungeon-turn"
STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}
PLACES = ("cellar", "crypt", "guard room", "well shaft", "chapel", "store room", "gallery",
          "kennel", "armoury", "cistern", "barracks", "shrine")


def crawl_lines(turns: int, rooms: int, seed: int = 20) -> list[str]:
    """``turns`` turns that find ``rooms`` rooms, spread evenly (the first turn finds R1)."""
    rng = random.Random(seed)
    cells: dict[tuple[int, int], int] = {(0, 0): 1}
    where = {1: (0, 0)}
    links: dict[int, dict[str, int]] = {1: {}}
    here = 1
    lines = ["light torch", "enter", "room the way in"]

    def free(room: int) -> list[str]:
        x, y = where[room]
        return [way for way, (dx, dy) in STEPS.items() if (x + dx, y + dy) not in cells]

    def walk_to_a_free_side() -> None:
        nonlocal here
        came: dict[int, tuple[int, str] | None] = {here: None}
        queue = deque([here])
        while queue:
            room = queue.popleft()
            if free(room):
                path = []
                while came[room] is not None:
                    room, way = came[room]  # type: ignore[misc]
                    path.append(way)
                lines.extend(f"go {way}" for way in reversed(path))
                here = room_at_end(here, list(reversed(path)))
                return
            for way, other in links[room].items():
                if other not in came:
                    came[other] = (room, way)
                    queue.append(other)
        raise RuntimeError("the grid is full")  # pragma: no cover - it never is

    def room_at_end(start: int, path: list[str]) -> int:
        for way in path:
            start = links[start][way]
        return start

    made = 1
    for turn in range(2, turns + 1):
        if made < rooms and made < round(turn * rooms / turns):
            if not free(here):
                walk_to_a_free_side()
            x, y = where[here]
            for way, (dx, dy) in STEPS.items():  # a loop to a known room next door
                other = cells.get((x + dx, y + dy))
                if other and way not in links[here] and rng.random() < 0.15:
                    lines.append(f"room exits {way}:R{other}")
                    links[here][way], links[other][BACK[way]] = other, here
            way = rng.choice(free(here))
            dx, dy = STEPS[way]
            made += 1
            cells[(x + dx, y + dy)], where[made] = made, (x + dx, y + dy)
            links[made] = {BACK[way]: here}
            links[here][way] = made
            here = made
            lines.append(f"enter {way}")
            if rng.random() < 0.3:
                lines.append(f"room {rng.choice(PLACES)} {made}")
            if rng.random() < 0.2:
                lines.append("room cleared")
        else:
            if links[here] and rng.random() < 0.25:  # wander through a known way first
                way = rng.choice(sorted(links[here]))
                lines.append(f"go {way}")
                here = links[here][way]
            lines.append(rng.choice(("explore", "explore", "search", "rest")))
    return lines


def without_rooms(lines: list[str]) -> list[str]:
    """The same crawl with no map: each turn that went into a room explores where the party
    stands, and the lines that only keep the map (``go``, ``room``) are left out."""
    return ["explore" if line.split()[0] == "enter" else line for line in lines
            if line.split()[0] not in ("go", "back", "room")]
