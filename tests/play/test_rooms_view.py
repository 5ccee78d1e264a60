"""``rooms``: the rooms the party knows, read off the state, never journaled (issue 20)."""

from __future__ import annotations

from solo.engine import room_changes as change
from solo.engine.room_exits import describe
from solo.engine.room_grammar import read_exits
from solo.engine.rooms import Dungeon, Exit, Room
from solo.play.rooms_view import rooms_lines
from solo.play.session import Session
from solo.play.start import create_journal_file


def test_rooms_lists_each_room_with_here_and_the_way_out_marked():
    dungeon = change.enter_new(Dungeon(), exits=1)
    dungeon = describe(dungeon, "entry \x1bcave", read_exits(["N"]))
    dungeon = change.enter_new(dungeon, "N")
    dungeon = change.set_status(dungeon, ["cleared"], "set")
    lines = rooms_lines(dungeon)
    assert lines[0].startswith("R1 (way out) · entry") and "\x1b" not in lines[0]
    assert lines[0].endswith("exits N:R2")
    assert lines[1] == "R2 (here) · — · cleared · exits S:R1"
    assert lines[2] == "1 room to the way out, by the shortest known way."
    assert lines[3] == "'back' retraces the way the party came: R1."


def test_rooms_names_the_way_back_nearest_first():
    dungeon = change.enter_new(Dungeon(), exits=1)
    for _ in range(8):
        dungeon = change.enter_new(dungeon, "N")
    assert rooms_lines(dungeon)[-1] == ("'back' retraces the way the party came: R8, R7, R6, "
                                       "R5, R4, R3 and 2 more.")


def test_rooms_before_any_room_says_how_to_begin():
    assert "'enter' goes into the first one" in rooms_lines(Dungeon())[0]


def test_rooms_at_the_prompt_shows_and_journals_nothing(tmp_path):
    path = create_journal_file(str(tmp_path / "crawl.md"), "d12-tension", "Rooms", 1, [])
    session = Session(path)
    try:
        before = path.read_bytes()
        reply = session.handle("rooms")
        assert reply.lines and "No rooms yet" in reply.lines[0]
        assert path.read_bytes() == before
    finally:
        session.close()


def test_map_at_the_prompt_draws_nothing_before_the_first_room(tmp_path):
    path = create_journal_file(str(tmp_path / "crawl.md"), "d12-tension", "Map", 1, [])
    session = Session(path)
    try:
        assert "No rooms yet" in session.handle("map").lines[0]
    finally:
        session.close()


def _two_rooms(back: str) -> Dungeon:
    """R1 and R2 (the party in R2, come from R1), R2's exit back to R1 written ``back``."""
    r1 = Room("R1", exits=(Exit("N", "R2"),))
    r2 = Room("R2", exits=(Exit("S", "R1", door=back),) if back != "none" else ())
    return Dungeon((r1, r2), here="R2", way_out="R1", previous="R1", trail=("R1",))


def test_rooms_says_back_is_stopped_by_a_shut_door_on_the_way():
    line = rooms_lines(_two_rooms("locked"))[-1]
    assert line == ("'back' does not go to R1 now: the door S of R2 is shut (locked), to be "
                    "opened first.")


def test_rooms_says_back_is_refused_after_a_one_way_way():
    line = rooms_lines(_two_rooms("none"))[-1]
    assert "retraces" not in line
    assert line == ("'back' does not go to R1 now: no known exit leads from R2 to R1 (the way "
                    "between them leads only from R1).")


def test_rooms_says_back_retraces_the_way_when_it_is_open():
    assert rooms_lines(_two_rooms(""))[-1] == "'back' retraces the way the party came: R1."


def test_rooms_says_back_walks_as_far_as_a_shut_door_further_on():
    r1 = Room("R1", exits=(Exit("N", "R2"),))
    r2 = Room("R2", exits=(Exit("S", "R1", door="stuck"), Exit("N", "R3")))
    r3 = Room("R3", exits=(Exit("S", "R2"),))
    dungeon = Dungeon((r1, r2, r3), here="R3", way_out="R1", previous="R1", trail=("R1",))
    assert rooms_lines(dungeon)[-1] == ("'back' walks toward R1 as far as the door S of R2, "
                                        "which is shut.")
