"""A key's room with several exits that have no direction (donjon and Watabou imports give
such rooms): each door is its own. Going through the second one leads where the key says
the second one leads, springs its own trap, keeps the first one's lock; the way out among
them is shown as the way out; a search that finds a secret door there changes no other
door."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.engine.key_rooms import key_exits
from solo.engine.rooms import Exit
from solo.rules.key_model import KeyExit, KeyRoom
from tests.fake_env import solo

KEY = """kind: key
id: doors
name: The doors
entrance: R1
rooms:
  - id: R1
    name: Hall
    text: A hall of plain doors.
    exits:
      - {dir: S, to: out}
      - {to: R2, door: locked, text: an iron door}
      - {to: R3}
      - {to: out, text: a crawlway to the surface}
      - {to: R4, door: trapped, text: a door with a tripwire}
      - {to: R5, door: secret, text: a panel that slides}
  - id: R2
    name: Vault
  - id: R3
    name: Pantry
  - id: R4
    name: Armoury
  - id: R5
    name: Nook
"""


def _play(folder: Path, stdin: str, system: str = "d12-tension"):
    key = folder / "doors.yaml"
    key.write_text(KEY, encoding="utf-8")
    journal = folder / "j.md"
    run = solo("new", str(journal), "--system", system, "--seed", "1", "--dungeon", str(key),
               stdin=stdin)
    return run, journal.read_text(encoding="utf-8")


def _last_rooms_line(out: str, room: str) -> str:
    return [line for line in out.splitlines() if line.startswith(f"{room} ")][-1]


@pytest.mark.parametrize("system, move", [("d12-tension", "enter"), ("trespasser", "advance"),
                                          ("delving", "enter")])
def test_going_through_the_open_door_enters_its_own_room(tmp_path, system, move):
    run, text = _play(tmp_path, f"{move}\n{move}\nrooms\n", system)
    assert run.code == 0, run.err
    assert "|Hall|exits S(out), ?(locked), ?, ?(out), ?]" in text
    assert "|Pantry|exits R1]" in text  # not the vault behind the locked door
    assert "Vault" not in text
    assert "|Hall|exits S(out), ?(locked), R3, ?(out), ?]" in text
    assert "exits S(out), ?(locked), R3, ?(out), ?" in _last_rooms_line(run.out, "R1")


def test_each_door_keeps_its_own_lock_and_trap(tmp_path):
    run, text = _play(tmp_path, "enter\nenter\nback\nenter\nback\nbreak-door ?\nenter\n"
                                "rooms\n")
    assert run.code == 0, run.err
    shown = run.out
    assert shown.count("springs as the party goes through") == 1  # the trapped door's own
    springs = shown.index("springs as the party goes through")
    assert shown.index("[R:4|active|Armoury|exits R1]") > springs  # going into R4
    assert "[R:1|active|Hall|exits S(out), ?(locked), R3, ?(out), R4]" in text
    assert "[R:2|active|Vault|exits R1]" in text  # once its lock is broken
    assert "exits S(out), R2, R3, ?(out), R4" in _last_rooms_line(run.out, "R1")


def test_the_way_out_without_a_direction_is_the_way_out_on_the_map(tmp_path):
    run, _ = _play(tmp_path, "enter\nmap\n")
    assert run.code == 0, run.err
    assert "unexplored: 3 more" in run.out  # the locked, the open and the trapped doors


def test_a_search_there_leaves_every_other_door_as_it_was(tmp_path):
    run, text = _play(tmp_path, "enter\nenter\nback\nfind-secret\nenter\nrooms\n")
    assert run.code == 0, run.err
    assert "A secret way is found: a panel that slides." in text
    assert "[R:1|active|Hall|exits S(out), ?(locked), R3, ?(out), ?(trapped), ?(secret)]" in text
    assert "[R:4|active|Armoury|exits R1]" in text  # the trapped door, the one way on left
    assert "exits S(out), ?(locked), R3, ?(out), R4(trapped), ?(secret)" in \
        _last_rooms_line(run.out, "R1")


def test_each_map_exit_is_bound_to_its_own_key_exit():
    room = KeyRoom("R1", "Hall", exits=(
        KeyExit("S", None), KeyExit(None, "R2", "locked"), KeyExit(None, "R3"),
        KeyExit(None, None), KeyExit(None, "R5", "secret")))
    exits = [Exit("S"), Exit(None, None, False, "locked"), Exit(None, "R3"), Exit(),
             Exit(None, None, True)]
    assert key_exits(room, exits) == (0, 1, 2, 3, 4)
    # a way led to a known room binds by that room, whatever its place
    assert key_exits(room, [Exit(None, "R3"), Exit(), Exit()]) == (2, 1, 3)
    # exits the key does not have (the player's own) are bound to none
    assert key_exits(room, [Exit("N"), Exit(None, "R9"), Exit(None, None, True),
                            Exit(None, None, True)]) == (None, None, 4, None)


TWIN_DOORS = """kind: key
id: twin
name: Twin doors
entrance: R1
rooms:
  - id: R1
    name: Hall
    exits:
      - {dir: S, to: out}
      - {to: R2, door: locked, text: an iron door}
      - {to: R2, text: an arch}
"""


def test_of_two_doors_between_two_rooms_only_the_one_gone_through_is_open(tmp_path):
    """The vault's side of each door is that door's (the key writes one side: the way
    back has the same door): through the arch, the iron door stays locked from both."""
    key = tmp_path / "twin.yaml"
    key.write_text(TWIN_DOORS + "  - id: R2\n    name: Vault\n", encoding="utf-8")
    journal = tmp_path / "t.md"
    run = solo("new", str(journal), "--system", "d12-tension", "--seed", "1", "--dungeon",
               str(key), stdin="enter\nenter\n")
    assert run.code == 0, run.err
    text = journal.read_text(encoding="utf-8")
    assert "[R:2|active|Vault|exits R1(locked), R1]" in text
    assert "[R:1|active|Hall|exits S(out), R2(locked), R2]" in text


TWIN_LOCKS = """kind: key
id: locks
name: Twin locks
entrance: R1
rooms:
  - id: R1
    name: Hall
    exits:
      - {dir: S, to: out}
      - {to: R2, door: locked, text: an iron door}
      - {to: R3, door: locked, text: a bronze door}
  - id: R2
    name: Vault
  - id: R3
    name: Chapel
"""


def test_of_two_locked_doors_with_no_direction_the_second_is_named_and_opened_by_its_number(
        tmp_path):
    """'?' alone cannot tell two locked doors with no direction apart: the exits line
    numbers them, and '?2' opens the second, which leads to its own room."""
    key = tmp_path / "locks.yaml"
    key.write_text(TWIN_LOCKS, encoding="utf-8")
    journal = tmp_path / "l.md"
    run = solo("new", str(journal), "--system", "d12-tension", "--seed", "1", "--dungeon",
               str(key), stdin="enter\nrooms\nbreak-door\nbreak-door ?3\nbreak-door ?2\n"
                               "enter\nrooms\n")
    errors = [line for line in run.err.splitlines() if line.startswith("solo: error")]
    assert "R1 has 2 shut doors 'break-door' can open: name one, 'break-door ?1' (locked) or " \
        "'break-door ?2' (locked)" in errors[0]
    assert "R1 has 2 exits shown as ?: '?3' names none" in errors[1] and len(errors) == 2
    text = journal.read_text(encoding="utf-8")
    assert "[R:1|active|Hall|exits S(out), ?1(locked), ?2(locked)]" in text
    assert "R1 (here, way out) · Hall · active · exits S(out), ?1(locked), ?2(locked)" in run.out
    assert "(note: The door ?2 of R1 is open.)" in text  # which one: as it was named
    assert "[R:1|active|Hall|exits S(out), ?(locked), ?]" in text  # the second opened
    assert "[R:3|active|Chapel|exits R1]" in text and "Vault" not in text
    assert "exits S(out), ?(locked), R3" in _last_rooms_line(run.out, "R1")
