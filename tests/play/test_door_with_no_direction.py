"""A shut door with no direction (a donjon passage's exit, made by `solo import`) is
named as one in the refusal and when it opens: not 'the door exit of R5', nor a door
named by a blank."""

from __future__ import annotations

from pathlib import Path

from tests.fake_env import solo

DONJON = Path(__file__).resolve().parents[1] / "data" / "donjon-small.json"
TO_THE_LOCKED_DOOR = "light torch\nenter\nenter\nback\nenter\nback\n"
"""Into the passage R5, then through its N and S exits and back: its locked exit with no
direction is the only way on left."""


def _key(tmp_path: Path) -> Path:
    key = tmp_path / "cellars.yaml"
    assert solo("import", str(DONJON), "-o", str(key)).code == 0
    return key


def test_a_shut_door_with_no_direction_is_refused_by_what_it_is(tmp_path: Path):
    journal = tmp_path / "d.md"
    run = solo("new", str(journal), "--system", "delving", "--seed", "2", "--dungeon",
               str(_key(tmp_path)), stdin=TO_THE_LOCKED_DOOR + "enter\n")
    line = run.err.strip().splitlines()[-1]
    assert line.startswith("solo: error: line 7: ")
    assert "the door of R5 with no direction is locked" in line
    assert "door exit" not in line and "'room exits exit'" not in line


def test_a_forced_door_with_no_direction_is_said_open_in_words(tmp_path: Path):
    journal = tmp_path / "e.md"
    run = solo("new", str(journal), "--system", "exploration", "--seed", "1", "--dungeon",
               str(_key(tmp_path)), stdin="light torch\nenter\n" + "force-door\n" * 3)
    assert run.code == 0, run.err
    assert "(note: The door of R5 with no direction is open.)" in journal.read_text(
        encoding="utf-8")
