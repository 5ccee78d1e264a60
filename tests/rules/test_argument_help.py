"""Every argument of every shipped procedure's actions says what it is: 'help ACTION'
shows no empty description ('difficulty (easy/normal/hard): , default normal')."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.rules.catalog import load_world
from tests.fake_env import solo

SYSTEMS = ("d12-tension", "delving", "exploration", "trespasser", "dungeon-turn")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_actions_argument_has_its_words(system):
    world = load_world(system)
    bare = [f"{name} {arg.name}" for name, action in world.procedure.actions.items()
            for arg in action.args if not arg.help.strip()]
    assert bare == []


def test_explorations_door_actions_describe_their_difficulty(tmp_path: Path):
    run = solo("new", str(tmp_path / "x.md"), "--system", "exploration", "--seed", "1",
               stdin="help force-door\nhelp pick-lock\nhelp listen\n")
    assert run.code == 0, run.err
    assert "): ," not in run.out
    assert run.out.count("  difficulty (easy/normal/hard): easy (DC 8, ") == 3, run.out


def test_a_default_below_the_minimum_is_not_shown_as_a_value(tmp_path: Path):
    run = solo("new", str(tmp_path / "x.md"), "--system", "d12-tension", "--seed", "1",
               stdin="help failed-save\n")
    assert run.code == 0, run.err
    assert "damage: the damage the table showed (leave it out to roll)\n" in run.out
    assert "default 0" not in run.out
