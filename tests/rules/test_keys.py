"""Dungeon keys: the guide's example loads, every refusal names file, line and what was
expected, one side of a way makes both, and the shipped twenty-room key is what it says."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from solo.errors import RulesError
from solo.rules.catalog import load_file
from solo.rules.key_file import check_encounters, key_from_text, load_key_file
from solo.rules.key_model import MAX_KEY_ROOMS
from solo.rules.key_reveal import explored
from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "keys.md"
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"


def guide_example() -> str:
    blocks = re.findall(r"```yaml\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/keys.md has a complete key in a yaml block"
    return blocks[0]


def small(rooms: str, top: str = "") -> str:
    return f"kind: key\nid: small\nname: Small\nentrance: R1\n{top}rooms:\n{rooms}"


TWO = """\
  - id: R1
    name: Hall
    exits:
      - {dir: N, to: R2}
  - id: R2
    name: Vault
"""


def refusal(text: str) -> str:
    with pytest.raises(RulesError) as caught:
        key_from_text(text, "k.yaml")
    return str(caught.value)


def test_the_guides_example_loads_with_everything_the_format_has():
    key = key_from_text(guide_example(), "docs/keys.md")
    assert key.entrance == "R1" and len(key.rooms) == 5
    assert key.room("R2").contents[0].name == "eels" and "eels" in key.encounters
    assert key.wandering is not None and key.wandering.low == 1
    kinds = {exit.door for room in key.rooms for exit in room.exits}
    assert {"open", "stuck", "locked", "secret"} <= kinds
    assert key.room("R1").exits[0].out
    assert key.room("R3").hidden and key.room("R1").at == (0.0, 0.0)


def test_solo_check_recognises_a_key(tmp_path):
    path = tmp_path / "shrine.yaml"
    path.write_text(guide_example(), encoding="utf-8")
    run = solo("check", str(path), str(ABBEY))
    assert run.code == 0, run.err
    assert f"{path}: ok (key)" in run.out and "bell-abbey.yaml: ok (key)" in run.out
    assert load_file(path)[0] == "key"


def test_one_side_of_a_way_gives_the_other_room_the_way_back():
    key = key_from_text(small(TWO), "k.yaml")
    back = key.room("R2").exits
    assert [(exit.direction, exit.to, exit.mirrored) for exit in back] == [("S", "R1", True)]


def test_a_one_way_exit_gets_no_way_back():
    key = key_from_text(small(TWO.replace("to: R2}", "to: R2, one_way: true}")), "k.yaml")
    assert key.room("R2").exits == ()


@pytest.mark.parametrize("rooms, expected", [
    (TWO.replace("to: R2}", "to: R9}"), r"k\.yaml:9: rooms\.0\.exits\.0\.to: R9 is not a room"),
    (TWO.replace("to: R2}", "to: R2, one_way: true}") + "    exits:\n      - {dir: S, to: R1}\n",
     r"k\.yaml:9: rooms\.0\.exits\.0\.one_way: one-way, but R2 has an exit back to R1 "
     r"\(line 13\)"),
    (TWO.replace("id: R2", "id: R1"), r"k\.yaml:10: rooms\.1\.id: two rooms with the id R1 "
                                      r"\(the first at line 6\)"),
    (TWO.replace("to: R2}", "to: R2, door: bolted}"),
     r"k\.yaml:9: rooms\.0\.exits\.0\.door: unknown door kind 'bolted'; expected one of "
     r"open, stuck, locked, secret, trapped"),
    (TWO.replace("dir: N", "dir: up"), r"k\.yaml:9: rooms\.0\.exits\.0\.dir: unknown direction"),
    (TWO.replace("      - {dir: N, to: R2}", "      - {dir: N, to: R2}\n      - {dir: N, to: out}"),
     r"k\.yaml:10: rooms\.0\.exits\.1\.dir: a second exit N"),
    (TWO + "    contents:\n      - {gold: lots}\n",
     r"k\.yaml:13: rooms\.1\.contents\.0: expected exactly one of feature, trap, treasure, "
     r"encounter, special"),
    (TWO.replace("id: R2", "id: room two"), r"k\.yaml:10: rooms\.1\.id: expected a room id"),
])
def test_each_bad_key_is_refused_with_file_line_and_what_was_expected(rooms, expected):
    assert re.search(expected, refusal(small(rooms))), refusal(small(rooms))


def test_an_entrance_that_is_no_room_is_refused():
    text = small(TWO).replace("entrance: R1", "entrance: R7")
    assert re.search(r"k\.yaml:4: entrance: expected the id of one of the key's rooms",
                     refusal(text))


def test_a_key_of_ten_thousand_rooms_is_refused_before_its_rooms_are_read():
    rooms = "".join(f"  - {{id: R{number}, name: Cell}}\n" for number in range(1, 10_001))
    message = refusal(small(rooms))
    assert re.search(r"k\.yaml:5: rooms: 10,000 rooms; a key has at most 5,000", message)
    assert MAX_KEY_ROOMS < 10_000


def test_solo_check_names_the_file_and_line_of_a_bad_key(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(small(TWO.replace("to: R2}", "to: R3}")), encoding="utf-8")
    run = solo("check", str(path))
    assert run.code == 1
    assert run.error_line() == (f"solo: error: {path}:9: rooms.0.exits.0.to: R3 is not a "
                                "room of this key")


def test_the_hash_is_the_sha256_of_the_files_bytes(tmp_path):
    path = tmp_path / "k.yaml"
    data = small(TWO).encode("utf-8")
    path.write_bytes(data)
    assert load_key_file(path).sha256 == hashlib.sha256(data).hexdigest()
    path.write_bytes(data + b"# edited\n")
    assert load_key_file(path).sha256 != hashlib.sha256(data).hexdigest()


def test_the_shipped_abbey_has_twenty_rooms_two_secret_doors_and_a_locked_door():
    key = load_key_file(ABBEY)
    assert len(key.rooms) == 20
    written = [exit for room in key.rooms for exit in room.exits if not exit.mirrored]
    assert sum(exit.door == "secret" for exit in written) == 2
    assert sum(exit.door == "locked" for exit in written) == 1
    assert str(explored(key, ())) == "0 of 20 rooms, 0 of 5 secrets"
    # every room can be reached from the entrance, through the secret and locked doors
    reached, todo = {key.entrance}, [key.entrance]
    while todo:
        for exit in key.room(todo.pop()).exits:
            if exit.to is not None and exit.to not in reached:
                reached.add(exit.to)
                todo.append(exit.to)
    assert len(reached) == 20


def test_an_encounter_neither_the_key_nor_the_procedure_knows_is_refused_with_its_line():
    key = key_from_text(guide_example(), "docs/keys.md")
    check_encounters(key, {"goblin-band"})  # eels and keeper are the key's, R5 rolls
    odd = key_from_text(small(TWO + "    contents:\n      - {encounter: goblin-band}\n"),
                        "k.yaml")
    check_encounters(odd, {"goblin-band", "orc-band"})
    with pytest.raises(RulesError) as caught:
        check_encounters(odd, {"orc-band"})
    assert str(caught.value).startswith("k.yaml:13: R2 meets 'goblin-band', which is neither")
