"""The map stays put (issue 37 item 6, the engine's side): each room keeps its place
relative to the others whatever ``room way out`` or a later room does, a room entered
through a compass exit is drawn that way when its cell is free, and every open exit shows
its ``?``."""

from __future__ import annotations

from pathlib import Path

from solo.engine.map_layout import OFFSETS, layout
from solo.engine.rooms import Dungeon, Exit, Room
from solo.play.map_text import map_lines
from solo.play.session import Session
from solo.play.start import create_journal_file

# A D12 crawl of 33 lines: a loop, dead ends, the way out named late, rooms after it.
SCRIPT = ["enter 3", "room hall, exits N E S", "enter N 3", "room exits N E W",
          "enter E 2", "room exits W N", "enter N 2", "room exits S W", "enter W 2",
          "room exits E S", "room exits S:R2", "linger", "go R2", "enter W 1",
          "room a side chamber", "back", "room way out", "go R1", "enter E 2", "room exits W E",
          "enter E 2", "room exits W N", "enter N 2", "room a dead end", "back", "back",
          "back", "enter S 3", "room exits N E W", "enter E 1", "room a closet", "back",
          "map"]


def relative(dungeon: Dungeon) -> dict[str, tuple[int, int]]:
    """Each room's cell counted from R1's (the drawing's own origin moves as it grows)."""
    plan = layout(dungeon)
    origin = plan.cell("R1")
    assert origin is not None
    return {room: (cell[0] - origin[0], cell[1] - origin[1]) for room, cell in plan.cells}


# R5, entered west from R4, would stand where R1 does: naming it the way out moved every
# room when the layout began at the way out.
LOOP = ["enter 3", "room exits N E S", "enter N 2", "room exits E N", "enter E 2",
        "room exits S", "enter S 2", "room exits W", "enter W 2", "room exits S",
        "room way out", "enter S 2", "map"]


def played(folder: Path, lines: list[str]) -> Session:
    """A D12 crawl of ``lines``, checking after each that no room moved."""
    path = create_journal_file(str(folder / "d12.md"), "d12-tension", "Map", 2, [])
    session = Session(path)
    seen: dict[str, tuple[int, int]] = {}
    for line in lines:
        session.handle(line)
        now = relative(session.state.dungeon)
        for room, cell in seen.items():
            assert now[room] == cell, (line, room)
        seen.update(now)
    return session


def test_naming_the_way_out_where_a_loop_overlaps_moves_no_room(tmp_path: Path):
    session = played(tmp_path, LOOP)
    try:
        assert session.state.dungeon.way_out == "R5"
        plan = layout(session.state.dungeon)
        one, two = plan.cell("R1"), plan.cell("R2")
        assert one is not None and two is not None and (two[0], two[1] + 1) == one
    finally:
        session.close()


def test_no_room_moves_as_the_crawl_goes_on_and_the_way_out_changes(tmp_path: Path):
    assert len(SCRIPT) == 33
    session = played(tmp_path, SCRIPT)
    try:
        assert session.state.dungeon.way_out == "R2"
        dungeon = session.state.dungeon
    finally:
        session.close()
    plan = layout(dungeon)
    taken_before: set[tuple[int, int]] = set()
    for room in dungeon.rooms:  # each room entered through a compass exit lies that way
        cell = plan.cell(room.id)
        assert cell is not None
        for other in dungeon.rooms[:dungeon.rooms.index(room)]:
            way = next((exit.direction for exit in other.exits if exit.to == room.id), None)
            other_cell = plan.cell(other.id)
            assert other_cell is not None
            wanted = (other_cell[0] + OFFSETS[way][0], other_cell[1] + OFFSETS[way][1]) \
                if way in OFFSETS else None
            if wanted is not None and wanted not in taken_before:
                assert cell == wanted, (room.id, other.id, way)
                break
        taken_before.add(cell)


def test_an_open_exit_whose_stub_cannot_be_drawn_shows_its_question_mark_in_the_box():
    # R4 (SE of R2) finds R1's east cell taken by R3, so it goes beside R2, and the
    # passage to R2 runs where its open west exit's stub would go
    rooms = (Room("R1", exits=(Exit("N", "R2"), Exit("E", "R3"))),
             Room("R2", exits=(Exit("S", "R1"), Exit("SE", "R4"))),
             Room("R3", exits=(Exit("W", "R1"),)),
             Room("R4", exits=(Exit("NW", "R2"), Exit("W"))))
    drawn = map_lines(Dungeon(rooms, "R1", "R1"))
    assert any("R4?" in line for line in drawn), "\n".join(drawn)


def test_an_open_exit_with_room_for_its_stub_is_drawn_as_a_stub():
    rooms = (Room("R1", exits=(Exit("E", "R2"), Exit("S"))),
             Room("R2", exits=(Exit("W", "R1"),)))
    drawn = map_lines(Dungeon(rooms, "R2", "R1", "R1"))
    assert not any("R1?" in line for line in drawn)
    assert sum(line.count("?") for line in drawn if "unexplored exit" not in line) == 1
