"""A shut door with no direction (a donjon passage's exit, made by `solo import`) is
named as one in the refusal and when it opens: not 'the door exit of R5', nor a door
named by a blank; and opened by every procedure: its door action with no direction opens
the one shut door there, and where the procedure has no door action (Delving, Dungeon
Turn), 'room exits ?' says the party opened it, as 'room exits E' does for the door E."""

from __future__ import annotations

from pathlib import Path

import pytest

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


# -- opening it: '?' names the shut door with no direction, as a direction names one -------

def _play(folder: Path, system: str, stdin: str, *more: str):
    return solo("new", str(folder / "j.md"), "--system", system, "--seed", "7", *more,
                stdin=stdin)


def test_where_no_action_opens_doors_room_exits_question_mark_opens_a_keys_door(tmp_path):
    journal = tmp_path / "d.md"
    run = solo("new", str(journal), "--system", "delving", "--seed", "2", "--dungeon",
               str(_key(tmp_path)), stdin=TO_THE_LOCKED_DOOR + "enter\nroom exits ?\nenter\n")
    assert run.code == 1  # (the refused line)
    assert run.err.count("solo: error:") == 1
    assert "the door of R5 with no direction is locked: once the party has opened it, " \
        "'room exits ?' says so" in run.err
    text = journal.read_text(encoding="utf-8")
    assert "[R:5|active|Passage|exits N:R1, S:R3, ?, E(out)]" in text  # (mapped: lit at first)
    assert "exits N:R1, S:R3, R2, E(out)]" in text  # the key's door, still without a direction


@pytest.mark.parametrize("system", ["delving", "dungeon-turn"])
def test_a_typed_door_with_no_direction_opens_with_room_exits_question_mark(tmp_path, system):
    run = _play(tmp_path, system, "enter\nroom exits (stuck)\nenter\nroom exits ?\nenter\n")
    assert "the door of R1 with no direction is stuck: once the party has opened it, " \
        "'room exits ?' says so" in run.err
    text = (tmp_path / "j.md").read_text(encoding="utf-8")
    assert "|exits ?(stuck)]" in text and "|exits ?]" in text
    assert "[R:2|active|exits R1]" in text and "|exits R2]" in text


def test_shut_doors_of_two_kinds_with_no_direction_are_named_by_their_kind(tmp_path):
    run = _play(tmp_path, "dungeon-turn", "enter\nroom exits (locked) (stuck)\nenter\n"
                "room exits ?\nroom exits ?(locked)\nenter\nrooms\n")
    errors = [line for line in run.err.splitlines() if line.startswith("solo: error")]
    assert "the door of R1 with no direction is locked: once the party has opened it, " \
        "'room exits ?(locked)' says so" in errors[0]
    assert "R1 has shut doors of 2 kinds with no direction (locked, stuck): 'room exits " \
        "?(locked)' or 'room exits ?(stuck)' names one" in errors[1]
    assert len(errors) == 2
    assert "R1 (way out) · — · active · exits R2, ?(stuck)" in run.out


def test_a_door_action_names_each_shut_door_and_one_with_no_direction_by_question_mark(
        tmp_path):
    run = _play(tmp_path, "d12-tension", "enter 0\nroom exits E(locked) (stuck)\n"
                "break-door\nbreak-door ?\nrooms\n")
    errors = [line for line in run.err.splitlines() if line.startswith("solo: error")]
    assert len(errors) == 1
    assert "R1 has 2 shut doors 'break-door' can open: name one, 'break-door E' (locked) or " \
        "'break-door ?' (stuck)" in errors[0]
    assert "(note: The door of R1 with no direction is open.)" in run.out
    assert "exits E(locked), ?" in run.out


def test_a_door_action_names_one_of_two_kinds_with_no_direction_by_its_kind(tmp_path):
    run = _play(tmp_path, "d12-tension", "enter 0\nroom exits (locked) (stuck)\n"
                "break-door\nbreak-door ?\nbreak-door ?(stuck)\nbreak-door ?(stuck)\n")
    errors = [line for line in run.err.splitlines() if line.startswith("solo: error")]
    assert "'break-door ?(locked)' (locked) or 'break-door ?(stuck)' (stuck)" in errors[0]
    assert "'break-door ?(locked)' or 'break-door ?(stuck)' names one" in errors[1]
    assert "R1 has no stuck door without a direction" in errors[2] and len(errors) == 3
    assert "exits ?(locked), ?]" in run.out


def test_two_shut_doors_alike_with_no_direction_are_named_by_their_number(tmp_path):
    run = _play(tmp_path, "d12-tension", "enter 0\nroom exits (stuck) (locked) (stuck)\n"
                "room exits ?3\nroom exits ?4\nroom exits ?3\nrooms\nroom exits ?1\n")
    errors = [line for line in run.err.splitlines() if line.startswith("solo: error")]
    assert "R1 has 3 exits shown as ?: '?4' names none" in errors[0]
    assert "the exit ?3 of R1 is open: 'room exits ?3' names a stuck or locked door" in \
        errors[1] and len(errors) == 2
    text = (tmp_path / "j.md").read_text(encoding="utf-8")
    assert "|exits ?1(stuck), ?2(locked), ?3(stuck)]" in text
    assert "|exits ?(stuck), ?(locked), ?]" in text  # one stuck door left: '?' tells it
    assert "exits ?(stuck), ?(locked), ?" in run.out  # (rooms)
    assert "|exits ?, ?(locked), ?]" in text  # ?1 opened


def test_a_direction_typed_names_an_open_exit_before_a_shut_door(tmp_path):
    run = _play(tmp_path, "delving", "enter\nroom exits (stuck)\nroom exits 1\n"
                "room exits N\n")
    assert run.code == 0, run.err
    text = (tmp_path / "j.md").read_text(encoding="utf-8")
    assert "exits ?(stuck), ?]" in text and "exits ?(stuck), N]" in text


def test_moving_on_takes_an_open_way_before_a_shut_door(tmp_path):
    run = _play(tmp_path, "delving", "enter\nroom exits E(stuck) W\nenter\n")
    assert run.code == 0, run.err
    assert "[R:2|active|exits R1]" in run.out and "exits E(stuck), W:R2]" in run.out


def test_a_trap_on_a_door_stays_when_the_player_gives_it_a_direction(tmp_path):
    run = _play(tmp_path, "dungeon-turn", "enter\nroom exits (trapped)\nroom exits N\n"
                "search traps\n")
    assert run.code == 0, run.err
    assert "A trap on the door N of R1 is found: the party can get around it." in run.out


def test_a_direction_typed_in_a_keys_room_leaves_the_keys_door_as_the_key_gives_it(tmp_path):
    journal = tmp_path / "d.md"
    run = solo("new", str(journal), "--system", "delving", "--seed", "2", "--dungeon",
               str(_key(tmp_path)), stdin=TO_THE_LOCKED_DOOR + "room exits NE\nroom exits ?\n"
               "enter\n")
    assert run.code == 1  # 'room exits NE': the key gives R5 no such exit
    assert "the key gives R5 its exits, and NE is none of them" in run.err
    text = journal.read_text(encoding="utf-8")
    assert "|Passage|exits N:R1, S:R3, ?(locked), E(out)]" in text
    assert "|Passage|exits N:R1, S:R3, R2, E(out)]" in text  # the key's door, to its room


# -- in a key's room: the key knows its door by having no direction, so '?' names it -------

DOORS_KEY = """kind: key
id: doors
name: Doors
entrance: R1
rooms:
  - id: R1
    name: Hall of doors
    exits:
      - {dir: S, to: out}
      - {dir: N, to: R2, door: locked}
      - {to: R3, door: stuck}
  - {id: R2, name: North room}
  - {id: R3, name: Side room}
"""
"""A key whose first room has two shut doors, one of them with no direction."""


def _in_doors_key(folder: Path, system: str, stdin: str):
    key = folder / "doors.yaml"
    key.write_text(DOORS_KEY, encoding="utf-8")
    return solo("new", str(folder / "k.md"), "--system", system, "--seed", "3", "--dungeon",
                str(key), stdin="enter\n" + stdin + "rooms\n")


def test_a_keys_door_with_no_direction_is_opened_by_question_mark_and_leads_to_its_room(
        tmp_path):
    run = _in_doors_key(tmp_path, "delving", "enter\nroom exits ?\nenter\n")
    errors = [line for line in run.err.splitlines() if line.startswith("solo: error")]
    assert "the door N of R1 is locked: once the party has opened it, 'room exits N' says " \
        "so" in errors[0] and len(errors) == 1
    assert "[R:1|active, unmapped|Hall of doors|exits S(out), N(locked), ?]" in run.out
    assert "R1 (way out) · Hall of doors · active, unmapped · exits S(out), N(locked), R3" \
        in run.out  # the way out still leads out: the key's door leads to its room
    assert "R3 (here) · Side room" in run.out


def test_a_door_action_opens_a_keys_door_with_no_direction_by_question_mark(tmp_path):
    run = _in_doors_key(tmp_path, "exploration", "force-door\n" + "force-door ?\n" * 4
                        + "enter\n")
    errors = [line for line in run.err.splitlines() if line.startswith("solo: error")]
    assert "R1 has 2 shut doors 'force-door' can open: name one, 'force-door N' (locked) or " \
        "'force-door ?' (stuck)" in errors[0]
    assert "(note: The door of R1 with no direction is open.)" in run.out
    assert "R3 (here) · Side room" in run.out
    assert "exits S(out), N(locked), R3" in run.out
