"""The traps the map knows in the room the party is in (solo.engine.room_traps): what D12's
search and disarm-trap count, so that each trap counts once."""

from __future__ import annotations

from solo.engine import room_traps
from solo.engine.rooms import FOUND, Dungeon, Exit, Room

R1 = Room("R1", status=("active", "trapped"),
          exits=(Exit("E", "R2", door=FOUND), Exit("N", door="trapped"), Exit("S")))
R2 = Room("R2", status=("active",), exits=(Exit("W", "R1"), Exit("E", door="trapped")))


def test_each_kind_of_trap_is_counted_where_it_is():
    here = Dungeon((R1, R2), here="R1")
    beyond = Dungeon((R1, R2), here="R2")
    assert (room_traps.unfound(R1), room_traps.found(here), room_traps.known(here)) == (1, 1, 3)
    # the trap found on R1's door E is R2's door W, seen from the other side
    assert (room_traps.unfound(R2), room_traps.found(beyond), room_traps.known(beyond)) \
        == (1, 1, 2)
    assert (room_traps.found(Dungeon()), room_traps.known(Dungeon())) == (0, 0)


def test_disarming_finds_the_first_door_trap_not_found_and_only_it():
    disarmed, index = room_traps.disarm(R2)
    assert index == 1 and disarmed.exits[1].door == FOUND and disarmed.exits[0] == R2.exits[0]
    again, none = room_traps.disarm(disarmed)
    assert none is None and again == disarmed
    assert room_traps.disarm(R2, door=False) == (R2, None)
