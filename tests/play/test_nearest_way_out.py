"""Every figure of the way out counts the nearest one (the QA report: they counted the
steps to the entrance only): the rooms list, the map, the recap and its JSON, the rules'
``rooms_to_exit`` (Dungeon Turn's leave roll) and ``way_out`` (D12's breeze), and
``leave``, which walks there. A keyed dungeon here is a line of five cellars, the stair
in at R1 and a crack up to daylight in R5 (:mod:`solo.engine.way_out`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.engine.rooms import Dungeon, Exit, Room
from solo.engine.way_out import WayOut, nearest, way_text
from solo.engine.world_state import new_run
from solo.play.session import Session
from tests.fake_env import solo

KEY = """\
kind: key
id: line
name: A line of cellars
entrance: R1
rooms:
  - {id: R1, name: Stair down, exits: [{dir: S, to: out}, {dir: N, to: R2}]}
  - {id: R2, name: Hall, exits: [{dir: N, to: R3}]}
  - {id: R3, name: Crypt, exits: [{dir: N, to: R4}]}
  - {id: R4, name: Well room, exits: [{dir: N, to: R5}]}
  - {id: R5, name: Cave mouth, exits: [{dir: U, to: out, text: a crack up to daylight}]}
"""
TO_R4 = "enter\nenter N\nenter N\nenter N\nenter N\ngo R4\n"
"""Down the line to R5 (whose crack leads out), and back to R4: one room from it, three
from the stair."""


@pytest.fixture
def key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    (tmp_path / "line.yaml").write_text(KEY)
    return tmp_path / "line.yaml"


def test_the_views_count_the_nearest_way_out(key: Path):
    played = solo("new", "j.md", "--system", "d12-tension", "--seed", "2", "--dungeon",
                  str(key), stdin=TO_R4 + "rooms\nmap\n")
    assert played.code == 0, played.err
    assert "1 room to the nearest way out, in R5, by the shortest known way." in played.out
    assert "Map of 5 rooms; you are in R4; the way out, R5, is 1 room away." in played.out
    recap = solo("status", "j.md")
    assert "· 1 room to the way out" in recap.out
    assert json.loads(solo("status", "j.md", "--json").out)["room"]["rooms_to_exit"] == 1


def test_the_way_out_of_the_dungeon_its_own_is_named_as_before(key: Path):
    played = solo("new", "j.md", "--system", "d12-tension", "--seed", "2", "--dungeon",
                  str(key), stdin="enter\nenter N\nenter N\nrooms\n")
    assert "2 rooms to the way out, by the shortest known way." in played.out


def test_leave_walks_to_the_nearest_and_dungeon_turn_s_roll_counts_it(key: Path):
    left = solo("new", "j.md", "--system", "d12-tension", "--seed", "1", "--dungeon",
                str(key), stdin=TO_R4 + "leave\n")
    assert "(note: The party goes out of the dungeon from R5, by the way U.)" in left.out
    rolled = solo("new", "t.md", "--system", "dungeon-turn", "--seed", "2", "--dungeon",
                  str(key), stdin=TO_R4 + "leave 0 dangerous\n")
    assert rolled.code == 0, rolled.err
    assert "Leaving the dungeon (dangerous journey, DC 11)" in rolled.out  # 10 + 0 + 1 room


def test_the_rules_read_the_nearest_way_out(key: Path):
    assert solo("new", "j.md", "--system", "d12-tension", "--seed", "2", "--dungeon",
                str(key), stdin=TO_R4).code == 0
    session = Session(Path("j.md"))
    try:
        scope = new_run(session.world, session.state).scope
        assert (scope["rooms_to_exit"], scope["way_out"]) == (1, "N to R5")
    finally:
        session.close()


def _line(here: str, *, one_way: bool = False) -> Dungeon:
    """R1 (the dungeon's way out) to R5 in a line; R3 back to R2 one way only if asked."""
    rooms = [Room("R1", exits=(Exit("N", "R2"),)),
             Room("R2", exits=(Exit("S", "R1"), Exit("N", "R3"))),
             Room("R3", exits=((Exit("N", "R4"),) if one_way else
                               (Exit("S", "R2"), Exit("N", "R4")))),
             Room("R4", exits=(Exit("S", "R3"), Exit("N", "R5"))),
             Room("R5", exits=(Exit("S", "R4"),))]
    return Dungeon(tuple(rooms), here=here, way_out="R1")


@pytest.mark.parametrize(("here", "others", "way"), [
    ("R4", (), WayOut("R1", 3, "R3")),          # the dungeon's own alone: as before
    ("R4", ("R5",), WayOut("R5", 1, "R5")),     # one room on to R5
    ("R3", ("R5",), WayOut("R1", 2, "R2")),     # a tie: the dungeon's own
    ("R5", ("R5",), WayOut("R5", 0, None)),     # here
    ("R2", ("R5",), WayOut("R1", 1, "R1")),
])
def test_nearest_counts_every_way_out_by_the_ways_the_party_may_pass(here, others, way):
    assert nearest(_line(here), others) == way


def test_a_way_that_leads_one_way_is_counted_the_way_it_leads():
    dungeon = _line("R3", one_way=True)  # no way back south from R3
    assert nearest(dungeon) is None and way_text(dungeon, None) == ""
    assert nearest(dungeon, ("R5",)) == WayOut("R5", 2, "R4")
    assert way_text(dungeon, nearest(dungeon, ("R5",))) == "N to R4, 2 rooms in all"


def test_go_out_walks_to_the_nearest_way_out(key: Path):
    played = solo("new", "j.md", "--system", "d12-tension", "--seed", "1", "--dungeon",
                  str(key), stdin=TO_R4 + "go out\n")
    assert played.code == 0, played.err
    assert played.out.split("(note: go out)\n", 1)[1].startswith("@ revisit\n[#R:5]\n")
