"""``rooms``: the rooms the party knows, read off the state, never journaled (issue 20)."""

from __future__ import annotations

from solo.engine import room_changes as change
from solo.engine.room_grammar import read_exits
from solo.engine.rooms import Dungeon
from solo.play.rooms_view import rooms_lines
from solo.play.session import Session
from solo.play.start import create_journal_file


def test_rooms_lists_each_room_with_here_and_the_way_out_marked():
    dungeon = change.enter_new(Dungeon(), exits=1)
    dungeon = change.describe(dungeon, "entry \x1bcave", read_exits(["N"]))
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
