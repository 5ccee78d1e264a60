"""Walking the map (issue 37 item 3, issue 40's one-way exit): ``go ROOM`` walks the
shortest known way, ``back`` retraces the party's way step by step, and what a walk costs
is each procedure's own rule (its ``walk:``). Refusals are one line and journal nothing."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from solo.engine.command_table import read
from solo.engine.core import perform
from solo.engine.rooms import Dungeon, Exit, Room
from solo.engine.world_state import start
from solo.errors import SoloError
from solo.play.resume import resume_file
from solo.play.session import Session
from solo.rules.catalog import load_world
from tests.fake_env import solo
from tests.session_play import started

SNAKE = ["N", "N", "E", "E", "S", "S", "E", "E", "N", "N", "N", "E", "E", "S", "S"]
"""Fifteen steps from R1: a map of 16 rooms in one long line, the way out at its start."""




def snake(system: str) -> list[str]:
    word = "advance" if system == "trespasser" else "enter"
    return [word] + [f"{word} {step}" for step in SNAKE]


def refused(session: Session, line: str) -> str:
    """The one-line refusal of ``line``; the journal and the map stay as they were."""
    before, dungeon = session.path.read_bytes(), session.state.dungeon
    with pytest.raises(SoloError) as error:
        session.handle(line)
    said = str(error.value)
    assert said and "\n" not in said
    assert session.path.read_bytes() == before and session.state.dungeon == dungeon
    return said


def journal_after(session: Session, mark: bytes) -> str:
    """The journal written after ``mark`` (the bytes it had before), records left out."""
    text = session.path.read_bytes()[len(mark):].decode()
    return "\n".join(line for line in text.splitlines() if not line.startswith("<!--"))


# -- the way out of a 16-room map is one command --------------------------------------------
@pytest.mark.parametrize("system", ["classic", "trespasser", "delving", "dungeon-turn",
                                    "exploration", "d12-tension"])
def test_walking_out_of_a_16_room_map_takes_one_command(tmp_path, system):
    session = started(tmp_path, system, snake(system), seed=3)
    try:
        assert len(session.state.dungeon.rooms) == 16 and session.state.dungeon.here == "R16"
        session.handle("go R1")
        assert session.state.dungeon.here == "R1" or session.state.encounters > 0
    finally:
        session.close()


def test_a_free_walk_passes_no_turn_and_names_the_rooms_it_crosses(tmp_path):
    session = started(tmp_path, "classic", snake("classic"))
    try:
        turn, mark = session.state.turn, session.path.read_bytes()
        session.handle("go R1")
        assert session.state.turn == turn and session.state.dungeon.here == "R1"
        written = journal_after(session, mark)
        assert "".join(f"[#R:{room}]\n" for room in range(15, 0, -1)) in written
    finally:
        session.close()


def test_trespasser_walks_a_backtrack_round_and_check_for_each_area(tmp_path):
    session = started(tmp_path, "trespasser", snake("trespasser")[:6], seed=2)
    try:
        alarm, turn, mark = session.state.values["alarm"], session.state.turn, \
            session.path.read_bytes()
        session.handle("go R1")
        written = journal_after(session, mark)
        checks = re.findall(r"^d: Encounter check .* -> (yes|no)$", written, re.M)
        met = "yes" in checks
        rounds = session.state.turn - turn
        assert rounds == len(checks) and written.count("@ backtrack") == rounds
        if not met:
            assert rounds == 5 and session.state.dungeon.here == "R1"
            assert session.state.values["alarm"] == alarm  # backtracking leaves it be
            assert [re.findall(r"\[#R:(\d+)\]", written)] == [["5", "4", "3", "2", "1"]]
    finally:
        session.close()


def test_an_encounter_stops_a_trespasser_walk_in_the_area_it_comes(tmp_path):
    for seed in range(1, 60):
        (tmp_path / str(seed)).mkdir()
        session = started(tmp_path / str(seed), "trespasser",
                          snake("trespasser")[:4] + ["stay"] * 9, seed=seed)
        try:  # the Alarm at 10 after the stays: the first backtrack meets something
            if session.state.encounters:
                continue
            turn = session.state.turn
            session.handle("go R1")
            if session.state.encounters and session.state.dungeon.here != "R1":
                rounds = session.state.turn - turn
                here = session.state.dungeon.here
                assert (rounds, here) == (1, "R3")  # stopped in the area where it met
                assert "The encounter stops the walk in" in session.path.read_text()
                return
        finally:
            session.close()
    pytest.fail("no seed stops the walk with an encounter")


@pytest.mark.parametrize(("system", "turns", "line"), [
    ("delving", 1, "@ move walk"), ("exploration", 1, "@ move"),
    ("dungeon-turn", 1, "@ move walk")])
def test_a_walk_costs_what_the_procedure_says(tmp_path, system, turns, line):
    session = started(tmp_path, system, snake(system)[:8], seed=5)
    try:
        turn, mark = session.state.turn, session.path.read_bytes()
        session.handle("go R1")
        assert session.state.turn - turn == turns
        written = journal_after(session, mark)
        assert line in written.splitlines()
        if system == "delving":
            assert session.state.values["pace"] == "walk"
    finally:
        session.close()


def test_dungeon_turn_walks_twenty_rooms_a_turn(tmp_path):
    lines = ["enter"] + [f"enter {'N' if number % 2 else 'E'}" for number in range(24)]
    session = started(tmp_path, "dungeon-turn", lines)
    try:
        turn = session.state.turn
        session.handle("go R1")
        assert session.state.encounters or session.state.turn - turn == 2  # 24 rooms: 20 + 4
    finally:
        session.close()


def test_d12_rolls_the_events_and_the_check_for_each_room_walked_into(tmp_path):
    session = started(tmp_path, "d12-tension", ["enter 3", "enter N 2", "enter N 4"], seed=4)
    try:
        mark = session.path.read_bytes()
        session.handle("go R1")
        written = journal_after(session, mark)
        checks = re.findall(r"Random encounter \(exits (\d+)", written)
        if not session.state.encounters:
            assert checks == ["2", "3"]  # R2 (its two), then R1 (its three)
            assert written.count("tbl: Dungeon Events") == 2
    finally:
        session.close()


# -- back retraces the way the party came ------------------------------------------------------
def test_back_retraces_the_way_step_by_step_and_stops_at_the_first_room(tmp_path):
    session = started(tmp_path, "classic", ["enter", "enter N", "enter N", "enter E"])
    try:
        walked = []
        for _ in range(3):
            session.handle("back")
            walked.append(session.state.dungeon.here)
        assert walked == ["R3", "R2", "R1"]
        assert "R1 is where the party's way began" in refused(session, "back")
    finally:
        session.close()


@pytest.mark.parametrize("system, moves, word", [
    ("trespasser", ["advance", "advance", "backtrack"], "backtrack"),
    ("d12-tension", ["enter 2", "enter 2", "revisit"], "revisit"),
])
def test_a_move_back_where_the_way_began_is_refused_and_takes_no_time(tmp_path, system,
                                                                      moves, word):
    """A bare backtrack (revisit) in the room the party's way began is refused as ``back``
    is, nothing written: it said no other room was known, then spent the round on the
    depletion and encounter checks of a move that did not happen."""
    session = started(tmp_path, system, moves)
    try:
        assert session.state.dungeon.here == "R1"
        assert "R1 is where the party's way began" in refused(session, word)
    finally:
        session.close()


def test_back_after_a_walk_retraces_the_walk_room_by_room(tmp_path):
    session = started(tmp_path, "classic", ["enter", "enter N", "enter N", "enter E",
                                            "back", "back", "back", "go R4"])
    try:
        assert session.state.dungeon.here == "R4"
        walked = []
        for _ in range(3):
            session.handle("back")
            walked.append(session.state.dungeon.here)
        assert walked == ["R3", "R2", "R1"]
    finally:
        session.close()


def test_the_trail_back_is_kept_across_sittings(tmp_path):
    session = started(tmp_path, "classic", ["enter", "enter N", "enter N", "enter E",
                                            "back", "back", "back", "go R4"])
    session.close()
    assert resume_file(session.path).state.dungeon.trail == ("R1", "R2", "R3")
    again = Session(session.path)
    try:
        walked = []
        for _ in range(3):
            again.handle("back")
            walked.append(again.state.dungeon.here)
        assert walked == ["R3", "R2", "R1"]
    finally:
        again.close()
    assert resume_file(session.path).state.dungeon.trail == ()


# -- refusals ------------------------------------------------------------------------------------
def test_each_walk_that_cannot_be_made_is_refused_by_name(tmp_path):
    session = started(tmp_path, "classic", ["enter", "room exits N E S", "enter N",
                                            "enter N", "back", "room locked", "back",
                                            "enter E"])
    try:  # R1: N to R2 (locked), R2: N to R3; the party in R4, east of R1
        assert "no room 'R9' on the map" in refused(session, "go R9")
        assert "R4 has no exit S" in refused(session, "go S")
        assert "the party is in R4 already" in refused(session, "go R4")
        said = refused(session, "go R3")
        assert "goes through R2, which is locked" in said
        session.handle("go R2")  # a walk may end in a locked room
        assert session.state.dungeon.here == "R2"
    finally:
        session.close()


def test_a_walk_to_a_room_cut_off_by_a_collapse_names_the_collapse():
    world = load_world("d12-tension")
    rooms = (Room("R1", exits=(Exit("N"),)),  # the way N to R2 collapsed (D12's collapse)
             Room("R2", status=("active", "collapsed"), exits=(Exit("E"),)))
    state = replace(start(world), dungeon=Dungeon(rooms, "R2", "R1", "R1", ("R1",)))
    for line in ("go R1", "back"):
        with pytest.raises(SoloError, match="no known way leads from R2 to R1: R2 collapsed"):
            perform(world, state, read(world, state, line), random.Random(1))


def one_way_state(system: str):
    """R1 - R2 both ways; R2's exit E leads to R3, which has no way back (made by hand)."""
    world = load_world(system)
    rooms = (Room("R1", exits=(Exit("N", "R2"),)),
             Room("R2", exits=(Exit("S", "R1"), Exit("E", "R3"))),
             Room("R3", exits=(Exit("N"),)))
    return world, replace(start(world), dungeon=Dungeon(rooms, "R3", "R1", "R2", ("R1", "R2")))


@pytest.mark.parametrize("line", ["go R2", "go W", "go R1", "back"])
def test_a_one_way_exit_is_walked_only_the_way_it_leads(line):
    world, state = one_way_state("classic")
    with pytest.raises(SoloError) as error:
        perform(world, state, read(world, state, line), random.Random(1))
    said = str(error.value)
    assert ("R3 has no exit W" in said if line == "go W"
            else "no known exit leads from R3 to R2" in said if line != "go R1"
            else "no known way leads from R3 to R1" in said), said


def test_a_one_way_exit_is_walked_the_way_it_leads():
    world, state = one_way_state("classic")
    there = replace(state, dungeon=state.dungeon.placed("R1", "R1", None, ()))
    done = perform(world, there, read(world, there, "go R3"), random.Random(1))
    assert done.state.dungeon.here == "R3" and done.state.dungeon.trail == ("R1", "R2")


def test_trespasser_s_advance_into_a_known_area_points_to_backtrack(tmp_path):
    session = started(tmp_path, "trespasser", ["advance", "advance N", "backtrack"])
    try:
        assert "'backtrack N' follows it" in refused(session, "advance N")
        assert "'backtrack R2' goes back there" in refused(session, "advance R2")
    finally:
        session.close()


# -- help says what walking costs --------------------------------------------------------------
@pytest.mark.parametrize(("system", "said"), [
    ("classic", "costs nothing"), ("overloaded", "costs nothing"),
    ("trespasser", "backtrack"), ("delving", "move walk"), ("dungeon-turn", "20 rooms"),
    ("exploration", "move"), ("d12-tension", "revisit")])
def test_help_go_says_what_a_walk_costs_in_each_procedure(tmp_path, system, said):
    journal = tmp_path / "j.md"
    ran = solo("new", str(journal), "--system", system, "--seed", "1", stdin="help go\n")
    assert ran.code == 0, ran.err
    help_text = " ".join(ran.out.split())
    assert said in help_text, help_text


@pytest.mark.parametrize(("system", "said"), [
    ("classic", "costs nothing: no turn passes"), ("overloaded", "costs nothing: no turn"),
    ("d12-tension", "plays 'revisit'")])
def test_help_leave_says_what_the_walk_out_costs(tmp_path, system, said):
    """'leave' walks out as 'go out' does: where walking is free, so is the walk out."""
    ran = solo("new", str(tmp_path / "j.md"), "--system", system, "--seed", "1",
               stdin="help leave\n")
    assert ran.code == 0, ran.err
    assert said in " ".join(ran.out.split())


def test_go_out_walks_to_the_way_out_and_is_refused_before_a_map(tmp_path):
    session = started(tmp_path, "classic", snake("classic"))
    try:
        session.handle("go out")
        assert session.state.dungeon.here == "R1"
        assert "the party is in R1 already" in refused(session, "go out")
    finally:
        session.close()
    world = load_world("classic")
    state = start(world)
    with pytest.raises(SoloError, match="the party is in no room yet"):
        perform(world, state, read(world, state, "go out"), random.Random(1))


@pytest.mark.parametrize(("walk", "said"), [
    ("{play: fly}", "walk.play: expected a command line whose first word is one of the actions"),
    ("{play: explore, rooms: -1}", "walk.rooms: expected a whole number, 0 or more"),
    ("{play: explore, room: 1}", "walk.room: unknown key; expected play, rooms, reading"),
    ("backtrack", "walk: expected a mapping")])
def test_a_procedure_s_walk_is_checked_when_it_loads(tmp_path, walk, said):
    path = tmp_path / "p.yaml"
    path.write_text("kind: procedure\nid: p\nname: P\n"
                    "actions: {explore: {time: 1, aliases: [look]}}\n"
                    f"walk: {walk}\n")
    ran = solo("check", str(path))
    assert ran.code == 1 and said in ran.err, ran.err


def test_a_walk_may_play_an_action_by_its_alias(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("kind: procedure\nid: p\nname: P\n"
                    "actions: {explore: {time: 1, aliases: [look]}}\n"
                    "walk: {play: look, rooms: 2}\n")
    assert solo("check", str(path)).code == 0
