"""The map's one layout: directions put rooms where the player said, the layered rule
places the rest, no two rooms ever share a cell, and the same dungeon always lays out the
same way."""

from __future__ import annotations

import random

from hypothesis import given, settings
from map_dungeons import big_dungeon, dungeons, played, twelve_rooms

from solo.engine.map_layout import OFFSETS, layout, place, sketch, text_cells
from solo.engine.rooms import Dungeon, Exit, Room
from tests.suite_profile import scaled


def _step(plan, start: str, end: str) -> tuple[int, int]:
    (column_a, row_a), (column_b, row_b) = plan.cell(start), plan.cell(end)
    return column_b - column_a, row_b - row_a


def test_each_compass_exit_of_the_sample_puts_its_room_that_way():
    dungeon = twelve_rooms()
    plan = layout(dungeon)
    honoured = [(room.id, way.direction, way.to) for room in dungeon.rooms
                for way in room.exits if way.to is not None and way.direction in OFFSETS]
    assert len(honoured) == 11
    for start, direction, end in honoured:
        assert _step(plan, start, end) == OFFSETS[direction], (start, direction, end)


def test_a_stair_takes_a_neighbouring_cell_the_room_s_own_exits_do_not_face():
    plan = layout(twelve_rooms())
    stair = [edge for edge in plan.edges if edge.stair]
    assert [(edge.start, edge.end) for edge in stair] == [("R8", "R9")]
    step = _step(plan, "R8", "R9")
    assert max(map(abs, step)) == 1
    assert step != OFFSETS["E"]  # R8's open exit goes east: the stair goes elsewhere


def test_each_pair_of_rooms_is_one_edge_secret_when_its_door_is():
    plan = layout(twelve_rooms())
    pairs = [frozenset((edge.start, edge.end)) for edge in plan.edges]
    assert len(pairs) == len(set(pairs)) == 13  # R1-R2 is known from both sides, once
    assert [(edge.start, edge.end) for edge in plan.edges if edge.secret] == [("R10", "R11")]
    assert {(stub.room, stub.direction) for stub in plan.stubs} == {
        ("R8", "E"), ("R12", "N"), ("R12", "U")}


def _undirected_maze(seed: int, way_out: str) -> Dungeon:
    rng = random.Random(seed)
    exits: dict[str, list[Exit]] = {f"R{n}": [] for n in range(1, 41)}
    for number in range(2, 41):
        exits[f"R{rng.randint(1, number - 1)}"].append(Exit(None, f"R{number}"))
        if number % 5 == 0:
            exits[f"R{number}"].append(Exit(None, f"R{rng.randint(1, number - 1)}"))
    return Dungeon(tuple(Room(room, exits=tuple(ways)) for room, ways in exits.items()),
                   here="R9", way_out=way_out)


def test_without_directions_a_room_is_one_column_on_from_a_room_found_before_it():
    dungeon = _undirected_maze(7, "R3")
    plan = layout(dungeon)
    order = [room.id for room in dungeon.rooms]
    assert plan.cell("R1") is not None and plan.cell("R1")[0] == 0
    for room in order[1:]:
        before = [other for other in dungeon.neighbours(room)
                  if order.index(other) < order.index(room)]
        assert any(plan.cell(other)[0] + 1 == plan.cell(room)[0] for other in before), room


def test_the_way_out_moves_no_room():
    cells = {way_out: layout(_undirected_maze(7, way_out)).cells
             for way_out in ("R1", "R3", "R17", "R40")}
    assert len(set(cells.values())) == 1


def test_rooms_no_known_way_joins_are_placed_below_the_rest():
    joined = (Room("R1", exits=(Exit("E", "R2"),)), Room("R2"))
    apart = (Room("R3", exits=(Exit("S", "R4"),)), Room("R4"), Room("R5"))
    plan = layout(Dungeon(joined + apart, here="R1", way_out="R1"))
    lowest_joined = max(plan.cell(room)[1] for room in ("R1", "R2"))
    assert all(plan.cell(room)[1] > lowest_joined for room in ("R3", "R4", "R5"))
    assert _step(plan, "R3", "R4") == OFFSETS["S"]


def test_an_empty_dungeon_has_an_empty_grid():
    plan = layout(Dungeon())
    assert (plan.cells, plan.edges, plan.columns, plan.rows) == ((), (), 0, 0)


def test_the_sketch_draws_what_has_room_and_names_the_rest():
    plan = layout(played("long-way"))  # (R11, east of R10, is placed under R1)
    drawn = sketch(plan)
    assert [(edge.start, edge.end) for edge in drawn.far] == [("R10", "R11")]
    assert len(drawn.near) == 9 and not set(drawn.near) & set(drawn.far)
    # R1's south exit and R11's north one face each other: the first found is drawn
    r1, r11 = plan.cell("R1"), plan.cell("R11")
    assert place(r1, "S") == place(r11, "N") in drawn.taken
    assert ("R1", "S") in {(stub.room, stub.direction) for stub in drawn.stubs}
    assert ("R11", "N") not in {(stub.room, stub.direction) for stub in drawn.stubs}
    assert drawn.boxed == {"R11"}
    # each stub drawn in a place of its own, none where a passage is
    places = [place(plan.cell(stub.room), stub.direction) for stub in drawn.stubs]
    passages = {place(plan.cell(edge.start), direction) for edge in drawn.near
                for direction, step in OFFSETS.items() if _step(plan, edge.start, edge.end) == step}
    assert len(set(places)) == len(places) == len(plan.stubs) - 1 and not passages & set(places)
    assert len(passages) == 9


def test_a_passage_keeps_its_place_from_a_second_exit_that_way():
    dungeon = Dungeon((Room("R1", exits=(Exit("E", "R2"), Exit("E"), Exit("U"))),
                       Room("R2", exits=(Exit("W", "R1"),))))
    drawn = sketch(layout(dungeon))
    assert drawn.stubs == () and drawn.boxed == {"R1"}  # (a stair's exit has no place)


def test_text_cells_counts_wide_and_zero_width_characters():
    assert text_cells("R12") == 3
    assert text_cells("大広間") == 6
    assert text_cells("e\u0301") == 1
    assert text_cells("✓$✗") == 3


@settings(max_examples=scaled(150), deadline=None)
@given(dungeons())
def test_every_room_gets_a_cell_of_its_own_inside_the_grid(dungeon):
    plan = layout(dungeon)
    ids = list(dict.fromkeys(room.id for room in dungeon.rooms))
    assert [room for room, _ in plan.cells] == ids
    cells = [cell for _, cell in plan.cells]
    assert len(set(cells)) == len(cells)
    assert all(0 <= column < plan.columns and 0 <= row < plan.rows for column, row in cells)
    if cells:
        assert min(column for column, _ in cells) == 0 and min(row for _, row in cells) == 0
    assert layout(dungeon) == plan
    rebuilt = Dungeon(tuple(Room(r.id, r.description, r.status, r.exits)
                            for r in dungeon.rooms), dungeon.here, dungeon.way_out)
    assert layout(rebuilt) == plan


def _grown(seed: int, count: int) -> tuple[Dungeon, dict[str, tuple[int, int]]]:
    """A dungeon grown on a real grid: each new room a compass step from an earlier one into
    a free cell, plus ways with no direction between rooms already there."""
    rng = random.Random(seed)
    truth = {"R1": (0, 0)}
    exits: dict[str, list[Exit]] = {"R1": []}
    while len(truth) < count:
        parent = rng.choice(sorted(truth))
        direction = rng.choice(sorted(OFFSETS))
        column, row = truth[parent]
        cell = (column + OFFSETS[direction][0], row + OFFSETS[direction][1])
        if cell in truth.values():
            continue
        room = f"R{len(truth) + 1}"
        truth[room] = cell
        exits[room] = []
        exits[parent].append(Exit(direction, room))
        if rng.random() < 0.3:
            exits[room].append(Exit(None, rng.choice(sorted(truth))))
    rooms = tuple(Room(room, exits=tuple(ways)) for room, ways in exits.items())
    return Dungeon(rooms, here=f"R{count}", way_out="R1"), truth


def test_directions_that_fit_on_a_grid_are_all_respected():
    for seed in range(30):
        dungeon, truth = _grown(seed, 25)
        plan = layout(dungeon)
        start_column, start_row = plan.cell("R1")
        for room, (column, row) in truth.items():
            assert plan.cell(room) == (start_column + column, start_row + row), (seed, room)


def test_three_hundred_rooms_lay_out_without_collisions():
    plan = layout(big_dungeon())
    cells = [cell for _, cell in plan.cells]
    assert len(cells) == 300 == len(set(cells))
