"""A rolled room with no way on names the nearest room with one that the party may walk to,
counted as walks count (each room's own exits it may pass: no way in by the far side's
exit alone, none through a shut door)."""

from __future__ import annotations

from solo.engine.dungeon_refusals import dead_end
from solo.engine.rooms import Dungeon, Exit, Room
from solo.rules.catalog import load_world


def _refusal(near_way: Exit) -> str:
    """R1 (the party here, no way on) beside R2 (a way on) by ``near_way``, and R3, two
    rooms off by open ways, with a way on too."""
    rooms = (Room("R1", exits=(near_way, Exit("N", "R4"))),
             Room("R2", exits=(Exit("W", "R1"), Exit("E"))),
             Room("R4", exits=(Exit("S", "R1"), Exit("N", "R3"))),
             Room("R3", exits=(Exit("S", "R4"), Exit("N"))))
    dungeon = Dungeon(rooms, here="R1", way_out="R1")
    return str(dead_end(dungeon, dungeon.rooms[0], load_world("d12-tension").procedure))


def test_the_nearest_room_with_a_way_on_by_an_open_door_is_named():
    assert "'go R2' walks to the nearest room with one" in _refusal(Exit("E", "R2"))


def test_a_room_behind_a_shut_door_is_not_the_nearest():
    text = _refusal(Exit("E", "R2", door="locked"))
    assert "'go R3' walks to the nearest room with one" in text


def test_a_room_whose_way_leads_only_from_it_is_not_the_nearest():
    rooms = (Room("R1", exits=(Exit("N", "R4"),)),
             Room("R2", exits=(Exit("W", "R1"), Exit("E"))),
             Room("R4", exits=(Exit("S", "R1"), Exit("N", "R3"))),
             Room("R3", exits=(Exit("S", "R4"), Exit("N"))))
    dungeon = Dungeon(rooms, here="R1", way_out="R1")
    text = str(dead_end(dungeon, rooms[0], load_world("d12-tension").procedure))
    assert "'go R3' walks to the nearest room with one" in text
