"""Dungeons the map tests draw: a 12-room crawl with a loop and dead ends, the same with
hostile descriptions, random ones (a hypothesis strategy) and a big seeded one."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from solo.engine.rooms import DIRECTIONS, Dungeon, Exit, Room

HOSTILE = ("]|\n\x1b[31mred\x1b[0m --> <script>alert(1)</script> \"quoted\" #quot; "
           "&amp; %% {x} (y) `tick` ;end \u202eevil\u202c \uffff")


def twelve_rooms(here: str = "R8", describe=None) -> Dungeon:
    """R1 (the way out) east to R2; R2, R3, R4, R5 a loop; R7 a dead end north-east of R6;
    R8 down a stair to R9; R10 and R11 joined by a secret door; R12 an open exit north and
    a long way back to R1 no direction gives."""
    ways = {
        "R1": [Exit("E", "R2")],
        "R2": [Exit("E", "R3"), Exit("W", "R1")],
        "R3": [Exit("S", "R4"), Exit("E", "R6")],
        "R4": [Exit("W", "R5")],
        "R5": [Exit("N", "R2")],
        "R6": [Exit("NE", "R7"), Exit("E", "R8")],
        "R7": [],
        "R8": [Exit("D", "R9"), Exit("E")],
        "R9": [Exit(None, "R10")],
        "R10": [Exit("S", "R11", secret=True)],
        "R11": [Exit("E", "R12")],
        "R12": [Exit("N"), Exit(None, "R1"), Exit("U")],
    }
    words = {"R1": "Entrance hall", "R2": "Guard room", "R3": "Crossing", "R4": "Well",
             "R5": "Shrine", "R6": "Long hall", "R7": "Dead end", "R8": "Stair head",
             "R9": "Cellar", "R10": "Crypt", "R11": "Hidden vault", "R12": "Bone pit"}
    status = {"R1": ("cleared",), "R2": ("cleared", "looted"), "R7": ("collapsed",),
              "R9": ("flooded",)}
    rooms = tuple(Room(room, describe(room) if describe else words[room], status.get(room, ()),
                       tuple(exits)) for room, exits in ways.items())
    return Dungeon(rooms, here=here, way_out="R1")


def hostile_rooms() -> Dungeon:
    """The twelve rooms, every description hostile text, and a hostile room id too."""
    dungeon = twelve_rooms(describe=lambda room: f"{room} {HOSTILE}")
    rooms = dungeon.rooms + (Room("x]|\x1b[2J<b>", HOSTILE, ("\x1b[5m",),
                                  (Exit("W", "R12"),)),)
    return Dungeon(rooms, here=dungeon.here, way_out=dungeon.way_out)


def big_dungeon(count: int = 300, seed: int = 20) -> Dungeon:
    """``count`` rooms, each joined to an earlier one (mostly by a direction), some loops,
    secret doors, stairs, open exits and a few rooms joined to nothing."""
    rng = random.Random(seed)
    exits: dict[str, list[Exit]] = {f"R{number}": [] for number in range(1, count + 1)}
    for number in range(2, count + 1):
        if rng.random() < 0.02:
            continue  # a room found some other way: joined to nothing known
        earlier = f"R{rng.randint(max(1, number - 8), number - 1)}"
        direction = rng.choice((*DIRECTIONS, None, None))
        exits[earlier].append(Exit(direction, f"R{number}", secret=rng.random() < 0.05))
        if rng.random() < 0.1:
            exits[f"R{number}"].append(Exit(None, f"R{rng.randint(1, number - 1)}"))
        if rng.random() < 0.2:
            exits[f"R{number}"].append(Exit(rng.choice((*DIRECTIONS, None))))
    rooms = tuple(Room(room, f"A room of the deep, number {room[1:]}",
                       ("cleared",) if rng.random() < 0.3 else (), tuple(ways))
                  for room, ways in exits.items())
    return Dungeon(rooms, here=f"R{count // 2}", way_out="R1")


@st.composite
def dungeons(draw) -> Dungeon:
    """Any dungeon of up to 25 rooms (ids R1, R2… or any text, even twice), exits
    anywhere (to rooms, nowhere, unknown rooms or the room itself, in any direction or a
    word that is none), any here and way out."""
    count = draw(st.integers(0, 25))
    ids = draw(st.one_of(st.just([f"R{number}" for number in range(1, count + 1)]),
                         st.lists(st.text(min_size=1, max_size=6), max_size=count)))
    targets = st.one_of(st.none(), st.sampled_from(ids + ["R999"])) if ids else st.none()
    directions = st.one_of(st.none(), st.sampled_from(DIRECTIONS), st.text(max_size=3))
    ways = st.builds(Exit, directions, targets, st.booleans())
    rooms = tuple(Room(room, draw(st.text(max_size=12)),
                       tuple(draw(st.lists(st.text(max_size=8), max_size=2))),
                       tuple(draw(st.lists(ways, max_size=4))))
                  for room in ids)
    places = st.one_of(st.none(), st.sampled_from(ids)) if ids else st.none()
    return Dungeon(rooms, here=draw(places), way_out=draw(places))


def played(name: str) -> Dungeon:
    """Dungeons solo rolled in play (Delving and Dungeon Turn on the classic generator), as
    the html map's QA found them misdrawn. ``long-way``: seed 34 (doors open, size large),
    eleven rooms, R11 east of R10 but placed under R1, facing it; ``side-by-side``: seed 21,
    R4 and R3 side by side, not joined, each with an unexplored exit towards the other;
    ``corridor``: seed 5, the party in R2 north of the way out, R1, both with an exit on
    each side."""
    specs = {
        "long-way": ("R11", "R1", {
            "R1": "N:R2 S", "R2": "S:R1 N:R3", "R3": "S:R2 N:R4 E W", "R4": "S:R3 N:R5 E W",
            "R5": "S:R4 N E W:R6", "R6": "E:R5 N W:R7", "R7": "E:R6 N S:R8",
            "R8": "N:R7 E S:R9", "R9": "N:R8 E:R10 W", "R10": "W:R9 N E:R11",
            "R11": "W:R10 N"}),
        "side-by-side": ("R4", "R1", {"R1": "N E:R2 S:R4 W", "R2": "W:R1 N E S:R3",
                                      "R3": "N:R2 E S W", "R4": "N:R1 E"}),
        "corridor": ("R2", "R1", {"R1": "N:R2 S", "R2": "S:R1 N E"}),
    }
    here, way_out, rooms = specs[name]
    return Dungeon(tuple(Room(room, f"{room}, as rolled", (), tuple(
        Exit(*(way.split(":") if ":" in way else (way, None))) for way in ways.split()))
        for room, ways in rooms.items()), here=here, way_out=way_out)
