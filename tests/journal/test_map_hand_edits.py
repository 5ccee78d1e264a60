"""Many kinds of hand edit of the records that keep the map: whatever the edit, resume and
the reports tell the same rooms (both read them through one reading, map_records.map_from),
no reader fails, and play goes on with the rooms that can be known."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solo.play.resume import resume_file
from solo.report.map_story import map_story
from solo.report.read import read_journal
from tests.fake_env import solo

RECORD = re.compile(r"^<!-- solo (\{.*\}) -->$", re.M)
MOVES = ["enter 3", "room hall, exits N E S", "enter N 2", "enter N 2", "back", "go S",
         "enter E 1", "room +looted", "linger"]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> str:
    journal = tmp_path_factory.mktemp("played") / "crawl.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "1", "--title",
                "Edits", stdin="\n".join(MOVES) + "\n")
    assert done.code == 0, done.err
    return journal.read_text(encoding="utf-8")


def first_room(data: dict) -> dict:
    return data["rooms"][0]


ROOM_EDITS: dict[str, Callable[[dict], Any]] = {
    "room without an id": lambda data: first_room(data).pop("id"),
    "room id a number": lambda data: first_room(data).update(id=7),
    "room id empty": lambda data: first_room(data).update(id=""),
    "exits a string": lambda data: first_room(data).update(x="N E"),
    "exit of three words": lambda data: first_room(data).update(x=[["N", "R2", 1, 2]]),
    "exit with no known direction": lambda data: first_room(data).update(x=[["NNW", None]]),
    "exit to no room": lambda data: first_room(data).update(x=[["N", "R99"]]),
    "exit a mapping": lambda data: first_room(data).update(x=[{"N": "R2"}]),
    "a thousand exits": lambda data: first_room(data).update(x=[["N", None]] * 1000),
    "an exit into its own room": lambda data: first_room(data).update(
        x=[["W", first_room(data)["id"]]]),
    "status a number": lambda data: first_room(data).update(s=5),
    "status of numbers": lambda data: first_room(data).update(s=[1, 2]),
    "description a list": lambda data: first_room(data).update(d=["a", "b"]),
    "rooms a mapping": lambda data: data.update(rooms={"R1": {}}),
    "rooms a string": lambda data: data.update(rooms="R1"),
    "rooms gone": lambda data: data.pop("rooms"),
    "no rooms at all": lambda data: data.update(rooms=[]),
    "here a number": lambda data: data.update(here=3),
    "here on no room": lambda data: data.update(here="R77"),
    "way out on no room": lambda data: data.update(out="R77"),
    "room before on no room": lambda data: data.update({"from": "R77"}),
    "a room twice": lambda data: data["rooms"].append(dict(first_room(data))),
    "a room of another kind": lambda data: data["rooms"].append([1, 2]),
}
WHOLE_EDITS: dict[str, Callable[[Any], Any]] = {
    "map a list": lambda _: [1, 2, 3],
    "map a string": lambda _: "the map was here",
    "map null": lambda _: None,
    "map empty": lambda _: {},
}


def edited(text: str, which: str, edit: Callable[[Any], Any], replace: bool) -> str:
    """``text`` with the first record that keeps the map's ``which`` (``dungeon``: a whole
    map, ``rooms``: changes) edited in place (or its data replaced by what ``edit`` gives)."""
    for found in RECORD.finditer(text):
        record = json.loads(found[1])
        data = record.get(which)
        if not isinstance(data, dict) or not data.get("rooms"):
            continue
        if replace:
            record[which] = edit(data)
        else:
            edit(data)
        body = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        return text[:found.start()] + "<!-- solo " + body + " -->" + text[found.end():]
    raise AssertionError(f"no record keeps {which}")


CASES = [(which, name, edit, False) for which in ("dungeon", "rooms")
         for name, edit in ROOM_EDITS.items()] + \
    [(which, name, edit, True) for which in ("dungeon", "rooms")
     for name, edit in WHOLE_EDITS.items()]


@pytest.mark.parametrize(("which", "name", "edit", "replace"), CASES,
                         ids=[f"{which}: {name}" for which, name, _, _ in CASES])
def test_resume_and_the_reports_tell_the_same_rooms_after_any_hand_edit(
        tmp_path: Path, played: str, which: str, name: str, edit, replace: bool):
    journal = tmp_path / "crawl.md"
    journal.write_text(edited(played, which, edit, replace), encoding="utf-8")
    resumed = resume_file(journal)
    story = map_story(read_journal(journal))
    assert story.dungeon.rooms == resumed.state.dungeon.rooms, name
    assert story.dungeon.here == resumed.state.dungeon.here
    for reader in (("stats", "--json"), ("export",), ("export", "--format", "html"),
                   ("status", "--json")):
        done = solo(reader[0], str(journal), *reader[1:])
        assert done.code == 0 and "internal error" not in done.err, (reader, done.err)
    done = solo("play", str(journal), stdin="rooms\nenter 2\n")
    assert done.code == 0 and "internal error" not in done.err, done.err
    again = resume_file(journal)
    kept = {room.id for room in resumed.state.dungeon.rooms}
    assert kept <= {room.id for room in again.state.dungeon.rooms}


@pytest.mark.parametrize("which", ["dungeon", "rooms"])
@pytest.mark.parametrize("name", ["a thousand exits", "an exit into its own room"])
def test_a_hand_edit_past_a_typed_map_s_limits_is_refused_with_a_notice(
        tmp_path: Path, played: str, which: str, name: str):
    """What a typed map refuses (more than 12 exits, an exit leading back into its own
    room) is refused in a record too: the entry is named, and its rooms are not taken."""
    def edit(data: dict) -> None:
        room = first_room(data)
        room["x"] = [["N", None]] * 1000 if name == "a thousand exits" \
            else [["W", room["id"]]]
    journal = tmp_path / "crawl.md"
    journal.write_text(edited(played, which, edit, False), encoding="utf-8")
    resumed = resume_file(journal)
    assert any("cannot be read (edited by hand?)" in notice for notice in resumed.notices)
    for room in resumed.state.dungeon.rooms:
        assert len(room.exits) <= 12 and all(exit.to != room.id for exit in room.exits)
    assert map_story(read_journal(journal)).dungeon.rooms == resumed.state.dungeon.rooms
