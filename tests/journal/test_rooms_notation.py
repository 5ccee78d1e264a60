"""Rooms in the journal as Lonelog's Dungeon Crawling add-on writes them (issue 20):
``[R:4|active|storage room|exits S:R2, E]``, ``[#R:4]`` and the ``[DUNGEON STATUS]`` block;
and read back by the tag pattern lonelog.nvim's parser uses."""

from __future__ import annotations

import re

import msgspec

from solo.engine import room_changes as change
from solo.engine.room_exits import describe
from solo.engine.room_grammar import read_exits
from solo.engine.rooms import Dungeon
from solo.journal.notation import dungeon_status_block, event_lines, room_tag
from tests.fake_env import solo

# lonelog.nvim (lua/lonelog/parsers/tags.lua) finds a one-line tag with the Lua pattern
# %[[%#]?%w+:%s*[^%]]+%] and splits its name from its fields at the pipes; the same here.
NVIM_TAG = re.compile(r"\[#?\w+:\s*[^\]]+\]")


def nvim_tags(line: str) -> list[tuple[str, str, list[str], bool]]:
    found = []
    for raw in NVIM_TAG.findall(line):
        reference = raw.startswith("[#")
        content = raw.removeprefix("[#" if reference else "[").removesuffix("]")
        kind, _, rest = content.partition(":")
        name, _, fields = rest.partition("|")
        found.append((kind, name.strip(), [f.strip() for f in fields.split("|") if f.strip()],
                      reference))
    return found


def two_rooms() -> Dungeon:
    dungeon = change.enter_new(Dungeon(), exits=2)
    dungeon = describe(dungeon, "storage room", read_exits(["S", "E"]))
    dungeon = change.enter_new(dungeon, "E")
    return change.set_status(dungeon, ["cleared", "looted"], "set")


def test_a_room_entered_is_tagged_with_its_status_description_and_exits():
    r1 = two_rooms().room("R1")
    assert room_tag(change.room_event(r1, "new")) == "[R:1|active|storage room|exits S, E:R2]"
    assert [str(line) for line in event_lines(change.room_event(r1, "back"))] == ["[#R:1]"]


def test_lonelog_nvim_finds_each_room_with_its_statuses():
    r2 = two_rooms().room("R2")
    line = room_tag(change.room_event(r2, "changed"))
    assert line == "[R:2|cleared, looted|exits W:R1]"
    assert nvim_tags(line) == [("R", "2", ["cleared, looted", "exits W:R1"], False)]
    assert nvim_tags("[#R:2]") == [("R", "2", [], True)]


def test_player_text_cannot_break_a_room_tag():
    event = msgspec.structs.replace(change.room_event(two_rooms().room("R2"), "changed"),
                                    description="vault] [R:9|fake", status=("cl|eared",))
    tag = room_tag(event)
    assert NVIM_TAG.fullmatch(tag) and len(nvim_tags(tag)) == 1 and "R:9" in tag


def test_the_dungeon_status_block_lists_every_room_fenced():
    dungeon = two_rooms()
    block = dungeon_status_block(change.room_event(room, "new") for room in dungeon.rooms)
    lines = block.splitlines()
    assert lines[0] == "```" and lines[-1] == "```"
    assert lines[1] == "[DUNGEON STATUS]" and lines[-2] == "[/DUNGEON STATUS]"
    assert [name for line in lines for _, name, _, _ in nvim_tags(line)] == ["1", "2"]


def test_the_room_left_is_tagged_again_with_the_way_it_now_leads(tmp_path):
    """A move into a new room changes the room the party leaves too (its exit now leads to
    the new room): its tag is given again, so a reader of the tags alone knows the link."""
    journal = tmp_path / "J.md"
    ran = solo("new", str(journal), "--system", "d12-tension", "--seed", "3", "--title", "T",
               stdin="enter 2\nroom exits N E\nenter N 2\n")
    assert ran.code == 0, ran.err
    lines = [line for line in journal.read_text(encoding="utf-8").splitlines()
             if line.startswith("[R:")]
    assert lines[-2:] == ["[R:2|active|exits S:R1, ?]", "[R:1|active|exits N:R2, E]"]
    assert [tag[:2] for line in lines[-2:] for tag in nvim_tags(line)] == [("R", "2"),
                                                                          ("R", "1")]
