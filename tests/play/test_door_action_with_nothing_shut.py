"""A door action with no direction, in a room a key or a generator gives with no shut door
of its kinds, is refused as one naming an open way is: nothing is journaled, no turn
passes. In a room the player types it stands (solo may not know its doors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo

BARRED = ("--dungeon", "classic", "--dungeon-set", "doors=barred")


@pytest.mark.parametrize("system, seed, moves, action, refusal", [
    ("d12-tension", "11", "enter\nenter\nenter\n", "break-door",
     "R3 has no stuck or locked door: 'break-door' has nothing to open there"),
    ("exploration", "8", "enter\nenter\nenter\n", "pick-lock",
     "R3 has no locked door: 'pick-lock' has nothing to open there"),
    ("trespasser", "11", "advance\nadvance\nadvance\n", "pick-lock success",
     "R3 has no locked door: 'pick-lock' has nothing to open there"),
])
def test_a_door_action_in_a_rolled_room_with_nothing_shut_is_refused(here, system, seed, moves,
                                                                     action, refusal):
    run = solo("new", "j.md", "--system", system, "--seed", seed, *BARRED,
               stdin=moves + action + "\n")
    assert run.code == 1
    assert f"solo: error: line 4: {refusal}" in run.err
    assert f"@ {action}" not in (here / "j.md").read_text(encoding="utf-8")


def test_a_door_action_with_no_direction_opens_the_one_shut_door_of_its_kinds(here):
    run = solo("new", "j.md", "--system", "exploration", "--seed", "8", *BARRED,
               stdin="enter\nenter\nenter\nforce-door\n")
    assert run.code == 0, run.err
    assert "[R:3|active|a low crypt, utter silence|exits S:R2, W(stuck)]" in run.out
    assert "d: STR check to force the door (DC 12)" in run.out


def test_in_a_room_the_player_types_a_door_action_stands(here):
    run = solo("new", "j.md", "--system", "d12-tension", "--seed", "11",
               stdin="enter\nbreak-door\n")
    assert run.code == 0, run.err
    assert "=> [Clock:Tension 1/10] +1: broke down a door" in run.out


def test_in_a_keyed_room_with_nothing_shut_too(here):
    key = Path(__file__).resolve().parents[2] / "docs" / "examples" / "keys" / "bell-abbey.yaml"
    run = solo("new", "j.md", "--system", "d12-tension", "--seed", "5", "--dungeon", str(key),
               stdin="enter\nbreak-door\nenter E\nenter N\nbreak-door\n")
    assert run.code == 1
    assert "line 2: R1 has no stuck or locked door: 'break-door' has nothing to open " \
           "there" in run.err
    assert "[R:5|active, trapped|Wash house|exits N, E, W, S:R3]" in run.out  # R5's, opened
    assert run.out.count("broke down a door") == 1
