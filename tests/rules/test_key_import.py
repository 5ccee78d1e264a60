"""Importing donjon and One Page Dungeon JSON exports (small samples of solo's own in
tests/data): rooms, positions, doors and their kinds, notes and contents kept; what is
neither export refused, naming the file and what was expected."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solo.errors import RulesError
from solo.rules.key_file import key_from_text
from solo.rules.key_import import import_key
from solo.rules.key_model import OPPOSITE, way_back
from solo.rules.key_reveal import explored

DATA = Path(__file__).resolve().parents[1] / "data"
DONJON = DATA / "donjon-small.json"
DONJON_LABELLED = DATA / "donjon-labelled.json"  # the same, its doors labelled as donjon's
WATABOU = DATA / "watabou-small.json"


def imported(path: Path):
    kind, text, warnings = import_key(path.read_bytes(), str(path))
    assert warnings == []
    return kind, key_from_text(text, "imported.yaml")


def ways(key, room_id: str) -> dict:
    return {exit.to or "out": (exit.direction, exit.door) for exit in key.room(room_id).exits}


def test_donjon_rooms_keep_their_numbers_places_and_contents():
    kind, key = imported(DONJON)
    assert kind == "donjon" and key.name == "The Sample Cellars"
    assert [room.id for room in key.rooms] == ["R1", "R2", "R3", "R4", "R5"]
    first = key.room("R1")
    assert first.at == (1.0, 1.0) and first.size == (3.0, 3.0)
    assert first.text == "Shelves of empty crocks line the walls"
    assert [content.kind for content in first.contents] == ["encounter", "treasure"]
    assert key.encounters[first.contents[0].name].text == "3 x cellar rat; easy"
    assert key.room("R3").hidden == ("A purse of 20 silver under a loose brick",)
    assert key.room("R3").contents[0].kind == "trap"
    assert key.wandering is not None and key.wandering.high == 3


@pytest.mark.parametrize("export", [DONJON, DONJON_LABELLED])
def test_donjon_corridors_become_ways_and_a_passage_with_the_doors_kinds(export):
    _, key = imported(export)
    assert ways(key, "R1")["R2"] == ("E", "locked")  # arch, then a locked door
    assert ways(key, "R2")["R1"] == ("W", "locked")
    assert ways(key, "R3")["R4"] == ("E", "secret")
    assert ways(key, "R4")["out"] == ("D", "open")  # the stairs down
    passage = key.room("R5")
    assert passage.name == "Passage"
    assert ways(key, "R5") == {"R1": ("N", "open"), "R3": ("S", "trapped"),
                              "R2": (None, "locked"), "out": ("E", "open")}
    assert ways(key, "R2")["R5"] == ("S", "locked")  # the portcullis on R2's south wall
    assert key.entrance == "R5"  # the egress is on the corridor
    assert "A brick that pushes in" in key.room("R4").exits[-1].text
    assert str(explored(key, ())) == "0 of 5 rooms, 0 of 2 secrets"


def test_watabou_rooms_notes_doors_and_the_way_in():
    kind, key = imported(WATABOU)
    assert kind == "watabou" and key.name == "The Sample Undercroft"
    assert key.intro == "A test crypt, drawn to be imported."
    assert key.entrance == "R1" and ways(key, "R1")["out"] == ("W", "open")
    assert key.room("R1").text == "A lever rusted into the wall."
    assert key.room("R2").text == "Three goblins asleep on sacks of grain."
    assert key.room("R2").at == (1.0, 2.0) and key.room("R2").size == (4.0, 3.0)
    assert ways(key, "R1")["R2"] == ("S", "open")
    # the portcullis: locked from the side it faces, opened by the lever on the other
    assert ways(key, "R2")["R4"] == ("E", "locked")
    assert ways(key, "R4")["R2"] == ("W", "open")
    # the secret door is secret from the passage, a plain door from the vault
    passage = key.room("R5")
    assert passage.name == "Passage" and ways(key, "R5")["R3"] == ("E", "secret")
    assert ways(key, "R3")["R5"] == ("W", "open")
    assert ways(key, "R4")["out"] == ("D", "open")
    assert key.room("R3").contents[0].text == "the heart of the dungeon"


def test_a_second_door_on_one_wall_takes_the_diagonal_on_its_side():
    data = json.loads(WATABOU.read_text(encoding="utf-8"))
    # two doors in R1's north wall, at its west and east ends, to two rooms above
    data["rects"] += [{"x": 1, "y": -3, "w": 1, "h": 1}, {"x": 0, "y": -5, "w": 3, "h": 2},
                      {"x": 3, "y": -3, "w": 1, "h": 1}, {"x": 3, "y": -5, "w": 2, "h": 2}]
    data["doors"] += [{"x": 1, "y": -3, "dir": {"x": 0, "y": -1}, "type": 1},
                      {"x": 3, "y": -3, "dir": {"x": 0, "y": -1}, "type": 1}]
    _, text, _ = import_key(json.dumps(data).encode(), "w.json")
    key = key_from_text(text, "w.yaml")
    north = {exit.to: exit.direction for exit in key.room("R1").exits}
    west, east = (room.id for room in key.rooms if room.at in ((0.0, -5.0), (3.0, -5.0)))
    assert (north[west], north[east]) == ("N", "NE")
    assert ways(key, east)["R1"] == ("SW", "open")


def test_a_door_and_its_way_back_are_opposites_so_play_pairs_its_two_sides():
    """docs/keys.md: the diagonal on its side in the room the door faces away from, the
    opposite one beyond (the key pairs a door's two sides by opposite directions)."""
    data = json.loads(WATABOU.read_text(encoding="utf-8"))
    # double doors at the west end of R1's south wall and a door at its east end, to R2
    data["rects"] += [{"x": 1, "y": 1, "w": 1, "h": 1}, {"x": 3, "y": 1, "w": 1, "h": 1}]
    data["doors"] += [{"x": 1, "y": 1, "dir": {"x": 0, "y": 1}, "type": 5},
                      {"x": 3, "y": 1, "dir": {"x": 0, "y": 1}, "type": 1}]
    _, text, _ = import_key(json.dumps(data).encode(), "w.json")
    key = key_from_text(text, "w.yaml")
    above, below = key.room("R1"), key.room("R2")
    assert [(exit.direction, exit.text) for exit in above.exits if exit.to == "R2"] == [
        ("S", "a door"), ("SW", "double doors"), ("SE", "a door")]
    for index, exit in enumerate(above.exits):
        if exit.to == "R2":
            other = way_back(key, above, index)
            assert other is not None and other[0] is below
            back = below.exits[other[1]]
            assert back.direction == OPPOSITE[exit.direction or ""] and back.text == exit.text


@pytest.mark.parametrize("content, expected", [
    (b'{"title": "x"}', r"^x\.json: expected a donjon dungeon JSON export \('cells' and "
                        r"'rooms'\) or a One Page Dungeon JSON export \('rects' and 'doors'\)$"),
    (b'{\n  "rects": [\n', r"^x\.json:3: not JSON"),
    (b"\xff\xfe", r"^x\.json: not a text file"),
    (b'{"rects": [{"x": 1}], "doors": []}', r"^x\.json: rects\.0: expected a rectangle with "
                                            r"x, y, w and h$"),
    (b'{"cells": 3, "rooms": []}', r"^x\.json: cells: expected a donjon export"),
    (b'{"rects": [], "doors": []}', r"^x\.json: rects: a One Page Dungeon export with no "
                                   r"rooms \('rects' is empty\)$"),
])
def test_a_file_that_is_no_export_is_refused(content, expected):
    with pytest.raises(RulesError) as caught:
        import_key(content, "x.json")
    assert re.search(expected, str(caught.value)), str(caught.value)


def relabelled(export: Path, labels: dict[str, tuple[str, str]]) -> bytes:
    """``export`` with each door given the (key, type) ``labels`` has for its kind."""
    data = json.loads(export.read_text(encoding="utf-8"))
    for room in data["rooms"]:
        for door in (door for doors in (room or {}).get("doors", {}).values() for door in doors):
            door["key"], door["type"] = labels[door["key"]]
    return json.dumps(data).encode()


@pytest.mark.parametrize("field", ["key", "type"])
def test_either_of_donjons_labels_gives_the_doors_kind(field):
    # each door known by one of its two labels only, the other one unknown
    names = {"arch": "Archway", "open": "Unlocked Door", "lock": "Locked Door",
             "portc": "Portcullis", "trap": "Trapped Door", "secret": "Secret Door"}
    labels = {key: (key, "?") if field == "key" else ("?", kind)
              for key, kind in names.items()}
    _, text, warnings = import_key(relabelled(DONJON_LABELLED, labels), "one.json")
    _, expected = imported(DONJON_LABELLED)
    key = key_from_text(text, "one.yaml")
    assert warnings == []
    assert [ways(key, room.id) for room in key.rooms] == [
        ways(expected, room.id) for room in expected.rooms]
    # a port of donjon's generator spells the portcullis 'portic', 'Porticullis'
    _, text, _ = import_key(relabelled(DONJON_LABELLED, {**{k: (k, v) for k, v in names.items()},
                                                         "portc": ("portic", "Porticullis")}),
                            "port.json")
    assert ways(key_from_text(text, "port.yaml"), "R2")["R5"] == ("S", "locked")


def test_an_unknown_door_label_is_read_as_open_and_said():
    labels = {key: (key, key.title()) for key in ("arch", "open", "trap", "secret")}
    labels |= {"lock": ("bolted", "Bolted Door"), "portc": ("", "")}
    _, text, warnings = import_key(relabelled(DONJON_LABELLED, labels), "odd.json")
    assert warnings == [
        "the door label 'bolted' / 'Bolted Door' is none of donjon's (key arch, open, lock, "
        "trap, secret, portc; or its type, such as Locked Door): read as an open door at "
        "R2 west; give the exit its kind in the key if it is not",
        "a door with no label (key or type): read as an open door at R2 south; give the "
        "exit its kind in the key if it is not"]
    key = key_from_text(text, "odd.yaml")
    assert ways(key, "R2")["R5"] == ("S", "open")
    assert "# Warning: the door label 'bolted' / 'Bolted Door' is none" in text


def long_hall_export(rooms: int) -> dict:
    """A donjon-like export: a corridor along row 4 with ``rooms`` rooms above it, each
    3 cells wide with a door onto the corridor, and the way in at the corridor's east end."""
    width = rooms * 4 + 2
    cells = [[0] * width for _ in range(6)]
    listed: list = [None]
    for number in range(1, rooms + 1):
        west = (number - 1) * 4 + 1
        for row in (1, 2):
            for col in range(west, west + 3):
                cells[row][col] = 0x2 | (number << 6)
        cells[3][west + 1] = 0x4 | 0x20000
        listed.append({"id": number, "row": 1, "col": west, "north": 1, "south": 2,
                       "west": west, "east": west + 2, "width": 30, "height": 20,
                       "doors": {"south": [{"row": 3, "col": west + 1, "type": "door",
                                            "desc": "A door"}]}})
    for col in range(1, width - 1):
        cells[4][col] = 0x4
    return {"cells": cells, "rooms": listed, "settings": {"name": "Long hall"},
            "egress": [{"row": 4, "col": width - 2, "dir": "east"}]}


def test_a_donjon_corridor_joining_many_doors_is_cut_into_passages():
    data = long_hall_export(20)
    _, text, _ = import_key(json.dumps(data).encode(), "hall.json")
    key = key_from_text(text, "hall.yaml")
    passages = [room for room in key.rooms if room.name == "Passage"]
    assert 3 <= len(passages) <= 8
    assert all(len(room.exits) <= 12 for room in key.rooms)
    reached, todo = {key.entrance}, [key.entrance]
    while todo:
        for exit in key.room(todo.pop()).exits:
            if exit.to is not None and exit.to not in reached:
                reached.add(exit.to)
                todo.append(exit.to)
    assert len(reached) == len(key.rooms) == 20 + len(passages)
    assert key.room(key.entrance).name == "Passage"
    assert any(exit.out for exit in key.room(key.entrance).exits)


def test_two_donjon_rooms_with_one_id_are_refused_naming_both():
    data = json.loads(DONJON.read_text(encoding="utf-8"))
    data["rooms"][3]["id"] = 1  # the third room takes the first's number
    with pytest.raises(RulesError) as caught:
        import_key(json.dumps(data).encode(), "dup.json")
    assert str(caught.value) == ("dup.json: rooms.3.id: two rooms with the id 1 (the first is "
                                 "rooms.1); each room needs its own")


def hub_export() -> dict:
    """A One Page Dungeon export: an 8 by 8 room with four doors on each wall, each onto a
    small room of its own (16 ways: more than a key's room has)."""
    rects: list = [{"x": 0, "y": 0, "w": 8, "h": 8}]
    doors = []
    for k in range(0, 8, 2):
        for door, step, room in (((k, -1), (0, 1), (k, -3)), ((k, 8), (0, 1), (k, 9)),
                                 ((-1, k), (1, 0), (-3, k)), ((8, k), (1, 0), (9, k))):
            rects.append({"x": room[0], "y": room[1], "w": 2, "h": 2})
            doors.append({"x": door[0], "y": door[1], "dir": {"x": step[0], "y": step[1]},
                          "type": 1})
    return {"title": "Hub", "rects": rects, "doors": doors}


@pytest.mark.parametrize("data, expected", [
    (hub_export(), "hub.json: the room at x 0, y 0 of the export's grid (R1 in the key) has "
                   "16 doors and ways; a key's room has at most 12: give it fewer in the "
                   "export"),
    ({"title": "Many", "doors": [],
      "rects": [{"x": 3 * n, "y": 0, "w": 2, "h": 2} for n in range(5_001)]},
     "hub.json: rects: 5,001 rooms; a key has at most 5,000: export a smaller dungeon"),
    ({"cells": [[0]], "rooms": [None, *({"id": n} for n in range(1, 5_002))]},
     "hub.json: rooms: 5,001 rooms; a key has at most 5,000: export a smaller dungeon"),
])
def test_an_export_too_big_for_a_key_is_refused_naming_the_export_and_what_to_change(
        data, expected):
    with pytest.raises(RulesError) as caught:
        import_key(json.dumps(data).encode(), "hub.json", "hub.yaml")
    assert str(caught.value) == expected


def test_what_a_watabou_export_leaves_unsure_is_read_one_way_and_said():
    data = json.loads(WATABOU.read_text(encoding="utf-8"))
    data["doors"][1]["type"] = 42  # no door type of Watabou's
    data["doors"].append({"x": 2, "y": -3, "dir": {"x": 0, "y": -1}, "type": 1})  # onto nothing
    data["notes"].append({"text": "A lost coin.", "ref": "7", "pos": {"x": 50, "y": 50}})
    data["rects"].append({"x": 20, "y": 20, "w": 2, "h": 2})  # a room no door leads into
    _, text, warnings = import_key(json.dumps(data).encode(), "odd.json")
    assert warnings == [
        "a note lies outside every room, at x 50 y 50; it is given to the room nearest it: "
        "move its text in the key if it belongs elsewhere",
        "the door type 42 is none of One Page Dungeon's (0 to 9): read as an open way at "
        "x 2 y 1; give the exit its kind in the key if it is not",
        "a door onto no room is read as a way out of the dungeon at x 2 y -3; take the exit "
        "out of the key if it is none",
        "no door leads into the room at x 20 y 20 (R5); the party can never enter it: give it "
        "a way in the key if it has one"]
    key = key_from_text(text, "odd.yaml")
    assert ways(key, "R1")["R2"] == ("S", "open") and ways(key, "R1")["out"][0] == "N"
    assert any(room.text.endswith("A lost coin.") for room in key.rooms)
    assert not any(exit.to == "R5" for room in key.rooms for exit in room.exits)
    assert "# Warning: the door type 42" in text


def test_an_imported_keys_id_keeps_its_accented_letters_as_a_journals_file_name_does(tmp_path):
    data = json.loads(DONJON.read_text())
    data["settings"]["name"] = "Les Caves du Père Noël"
    path = tmp_path / "noel.json"
    path.write_text(json.dumps(data))
    _, text, _ = import_key(path.read_bytes(), str(path))
    assert key_from_text(text, "noel.yaml").id == "les-caves-du-pere-noel"
