"""A walk goes only where a step may go (the QA report's walks through the dungeon's own
doors): ``go``, ``back``, a ``backtrack`` of several rooms and ``leave`` never pass a stuck
or locked door or a hidden way, nor a way against the one way it leads; where the only way
meets a shut door the walk goes as far as it and stops, naming the door and what opens it;
a trapped door on the way springs; the way-out figures count the same ways."""

from __future__ import annotations

import pytest

from solo.errors import SoloError
from solo.play.session import Session
from tests.session_play import started

SQUARE = ["enter", "room exits N E", "enter N", "room exits E", "enter E", "room exits S",
          "enter S"]
"""Four rooms in a square, R1 N R2 E R3 S R4, the party in R4 (its way W to R1 not yet
known)."""


def journal_after(session: Session, mark: bytes) -> str:
    text = session.path.read_bytes()[len(mark):].decode()
    return "\n".join(line for line in text.splitlines() if not line.startswith("<!--"))


def refused(session: Session, line: str) -> str:
    before, dungeon = session.path.read_bytes(), session.state.dungeon
    with pytest.raises(SoloError) as error:
        session.handle(line)
    assert session.path.read_bytes() == before and session.state.dungeon == dungeon
    return str(error.value)


def door(session: Session, room_id: str, direction: str) -> str:
    room = session.state.dungeon.room(room_id)
    assert room is not None
    return next(exit.door for exit in room.exits if exit.direction == direction)


def test_a_walk_goes_the_long_way_round_a_locked_door(tmp_path):
    session = started(tmp_path, "classic", [*SQUARE, "room exits W:R1(locked)"])
    try:
        assert session.state.dungeon.rooms_to_exit() == 3  # not 1, through the lock
        mark = session.path.read_bytes()
        session.handle("go R1")
        assert session.state.dungeon.here == "R1"
        assert "[#R:3]\n[#R:2]\n[#R:1]\n" in journal_after(session, mark)
        assert door(session, "R4", "W") == "locked"
    finally:
        session.close()


def test_a_walk_stops_before_a_shut_door_it_cannot_go_round_and_says_what_opens_it(
        tmp_path):
    session = started(tmp_path, "classic", ["enter", "room exits N", "enter N",
                                            "room exits N", "enter N", "go R2",
                                            "room exits N:R3(stuck)", "go R1"])
    try:
        mark = session.path.read_bytes()
        session.handle("go R3")
        said = journal_after(session, mark)
        assert session.state.dungeon.here == "R2" and "[#R:3]" not in said
        assert "The walk stops in R2: the door N of R2 is stuck" in said
        assert "then 'go R3' goes on" in said
        for line in ("go R3", "go N"):  # in R2 now: refused, nothing journaled
            assert refused(session, line).startswith("the door N of R2 is stuck")
        assert door(session, "R2", "N") == "stuck"
    finally:
        session.close()


def test_a_hidden_way_is_never_walked_and_never_counted_to_the_way_out(tmp_path):
    session = started(tmp_path, "classic", SQUARE)
    try:
        dungeon = session.state.dungeon
        r4 = dungeon.room("R4")
        r1 = dungeon.room("R1")
        hidden = dungeon.with_room(r4._replace(exits=(*r4.exits, r4.exits[0]._replace(
            direction="W", to="R1", door="hidden")))).with_room(r1._replace(exits=tuple(
                exit._replace(door="hidden") if exit.to == "R4" else exit
                for exit in r1.exits)))
        assert hidden.rooms_to_exit() == 3 and hidden.route("R4", "R1") == ["R3", "R2", "R1"]
    finally:
        session.close()


def test_a_trapped_door_on_a_walk_springs_once_and_is_open_after(tmp_path):
    session = started(tmp_path, "classic", [*SQUARE, "room exits W:R1(trapped)"])
    try:
        mark = session.path.read_bytes()
        session.handle("go R1")  # from R4, through the trapped way W
        said = journal_after(session, mark)
        assert "A trap on the door W of R4 springs as the party goes through." in said
        assert door(session, "R4", "W") == "" and session.state.dungeon.here == "R1"
        mark = session.path.read_bytes()
        session.handle("go R4")
        session.handle("go R1")
        assert "trap" not in journal_after(session, mark)
    finally:
        session.close()
