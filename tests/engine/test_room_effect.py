"""The procedure language reads and changes the map (issue 20): the ``room:`` effect marks
the room the party is in and takes exits away, the names ``room``, ``room_exits``,
``rooms_to_exit`` and ``way_out`` read it, and an argument can take its value from it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.errors import RulesError
from solo.rules.catalog import load_world
from tests.conftest import perform_line

PROCEDURE = """kind: procedure
id: cave
name: Cave
actions:
  enter:
    room: new
    time: 1
    args: [{name: exits, min: 0, default: 1}]
    effects: ["In {room}: {room_exits} exits, {rooms_to_exit} back to the way out ({way_out})."]
  collapse:
    effects: [{room: {status: +collapsed, block: 1}}]
  shift:
    effects: [{room: +shifted}]
  count:
    args: [{name: exits, min: 0, default: 9, map: room_exits}]
    effects: ["Counted {exits}."]
"""


@pytest.fixture
def world(tmp_path: Path):
    path = tmp_path / "cave.yaml"
    path.write_text(PROCEDURE, encoding="utf-8")
    return load_world(path)


def play(world, lines):
    state, said = engine.start(world), []
    for number, line in enumerate(lines):
        result = perform_line(world, state, line, random.Random(number))
        state = result.state
        said += [event.text for event in result.events if type(event).__name__ == "Said"]
    return state, said


def test_the_names_read_the_map_and_an_argument_left_out_takes_the_map_s_count(world):
    state, said = play(world, ["enter 2", "enter N 3", "count", "count 5"])
    assert said[0] == "In R1: 2 exits, 0 back to the way out (here)."
    assert said[1] == "In R2: 3 exits, 1 back to the way out (S to R1)."
    assert said[2:] == ["Counted 3.", "Counted 5."]


def test_the_room_effect_marks_the_room_and_takes_an_open_exit_away(world):
    state, _ = play(world, ["enter 2", "enter N 3", "collapse", "shift"])
    room = state.dungeon.current
    assert room.status == ("active", "collapsed", "shifted")
    assert [exit.to for exit in room.exits] == ["R1", None]  # an exit to nowhere went first
    state, _ = play(world, ["enter 1", "enter N 1", "collapse"])
    assert state.dungeon.current.exits == () and state.dungeon.room("R1").exits == ()


def test_without_a_map_the_room_effect_does_nothing(world):
    state, _ = play(world, ["collapse", "shift"])
    assert state.dungeon.rooms == ()


@pytest.mark.parametrize("effect, problem", [
    ("{room: {status: [+a, -b]}}", "not both"),
    ("{room: {status: '2x'}}", "status words"),
    ("{room: {}}", "`status:`, `block:` or `reveal:`"),
    ("{room: {block: \"'x'\"}}", "number"),
])
def test_a_room_effect_that_cannot_work_is_refused_by_file_and_line(tmp_path, effect, problem):
    path = tmp_path / "bad.yaml"
    path.write_text(PROCEDURE.replace("[{room: +shifted}]", f"[{effect}]"), encoding="utf-8")
    with pytest.raises(RulesError, match=problem):
        load_world(path)
