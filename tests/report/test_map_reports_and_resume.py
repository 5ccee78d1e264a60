"""The map the reports tell and the map resume rebuilds are the same map, whatever a hand
did to the records that keep it: a whole map edited, a room change spaced or reordered,
prose that quotes a map's key, an undo."""

from __future__ import annotations

import re
from pathlib import Path
from weakref import ref

import pytest

from solo.play.resume import resume_file
from solo.report.map_story import map_story
from solo.report.read import read_journal
from tests.fake_env import solo
from tests.report.test_report_map_story import rooms_of

STAY = "linger\n" * 4  # turns that leave the map as it is: most of a crawl's, which the
# quick reading passes over
FIRST = "enter 3\n" + STAY + "enter 3\n" + STAY + "enter 3\n" + STAY
SECOND = "linger\nenter 3\nback\n" + STAY  # its first entry keeps the whole map


def crawl(tmp_path: Path, second: str = SECOND) -> Path:
    """A crawl in two sittings: the second opens with a whole map that the first sitting's
    changes explain, then changes the map again."""
    journal = tmp_path / "crawl.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--title", "Rooms", "--seed",
                "4", stdin=FIRST)
    assert done.code == 0, done.err
    done = solo("play", str(journal), stdin=second)
    assert done.code == 0, done.err
    return journal


def edit_second_whole_map(journal: Path, old: str, new: str) -> None:
    """Edit, by hand, the whole map the second sitting opens with."""
    lines = journal.read_text(encoding="utf-8").split("\n")
    at = [number for number, line in enumerate(lines) if '"dungeon":{' in line][1]
    assert old in lines[at]
    lines[at] = lines[at].replace(old, new, 1)
    journal.write_text("\n".join(lines), encoding="utf-8")


def assert_same_story(journal: Path) -> None:
    """The map the reports read is the map resume rebuilds, room for room."""
    story = map_story(read_journal(journal))
    resumed = resume_file(journal).state.dungeon
    assert story.dungeon.rooms == resumed.rooms
    assert story.dungeon.here == resumed.here


def test_a_crawl_in_two_sittings_tells_its_rooms_and_route(tmp_path):
    journal = crawl(tmp_path)
    assert journal.read_text(encoding="utf-8").count('"dungeon":{') == 2
    assert_same_story(journal)
    rooms = rooms_of(journal)
    assert rooms["rooms"] == 4
    assert rooms["route"] == ["R1", "R2", "R3", "R4", "R3"]


def test_a_whole_map_edited_by_hand_is_honoured(tmp_path):
    journal = crawl(tmp_path)
    edit_second_whole_map(journal, '{"id":"R2","s":["active"]', '{"id":"R2","s":["looted"]')
    assert_same_story(journal)
    rooms = rooms_of(journal)
    assert (rooms["rooms"], rooms["looted"]) == (4, 1)  # and the changes after it apply
    md = solo("export", str(journal), "--format", "md")
    assert md.code == 0 and "1 looted" in md.out


def test_where_a_whole_map_edited_by_hand_puts_the_party_is_honoured(tmp_path):
    journal = crawl(tmp_path)
    edit_second_whole_map(journal, '"here":"R3"', '"here":"R1"')
    assert_same_story(journal)
    assert rooms_of(journal)["route"] == ["R1", "R2", "R3", "R1", "R4", "R3"]


def test_prose_quoting_a_map_key_and_an_undo_read_the_same(tmp_path):
    # prose that quotes a map's key, and an undo: the careful reading tells both
    journal = crawl(tmp_path, 'She counts the "rooms" and the "dungeon" twice.\n' + SECOND
                    + "undo\n")
    assert_same_story(journal)
    assert rooms_of(journal)["route"] == ["R1", "R2", "R3", "R4", "R3"]


def test_a_whole_map_kept_by_an_entry_that_changes_the_map_tells_the_same_story(tmp_path):
    # the second sitting opens by entering a room: its whole map holds the changes too
    journal = crawl(tmp_path, "enter 3\nback\n" + STAY)
    assert_same_story(journal)
    assert rooms_of(journal)["route"] == ["R1", "R2", "R3", "R4", "R3"]



def test_a_whole_map_with_a_room_taken_out_or_moved_by_hand_reads_the_same_everywhere(
        tmp_path):
    journal = crawl(tmp_path)
    text = journal.read_text(encoding="utf-8")
    edit_second_whole_map(journal, '{"id":"R1",', '{"id":"R9",')  # R1 gone, R9 new
    assert_same_story(journal)
    journal.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    at = [number for number, line in enumerate(lines) if '"dungeon":{' in line][1]
    rooms = re.search(r'"rooms":\[(\{"id":"R1".*?),(\{"id":"R2".*?),(\{"id":"R3")', lines[at])
    assert rooms is not None
    lines[at] = lines[at].replace(f"{rooms[1]},{rooms[2]}", f"{rooms[2]},{rooms[1]}", 1)
    journal.write_text("\n".join(lines), encoding="utf-8")  # R2 listed before R1
    assert_same_story(journal)
    assert rooms_of(journal)["rooms"] == 4


def _edit_change(journal: Path, edit) -> None:
    """Edit, by hand, the first record that changes a room without keeping the whole map."""
    lines = journal.read_text(encoding="utf-8").split("\n")
    at = next(number for number, line in enumerate(lines)
              if '"rooms":{' in line and '"rooms":[{"id":' in line and '"dungeon"' not in line)
    lines[at] = edit(lines[at])
    journal.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize("edit", [
    lambda line: line.replace('"rooms":[{"id":', '"rooms":[{"id": ', 1),  # spaced
    lambda line: re.sub(r'"rooms":\[\{"id":("[^"]*"),(.*?)\}', r'"rooms":[{\2,"id":\1}', line,
                        count=1),  # its keys in another order
    lambda line: line.replace('"rooms":[{"id":"R2",', '"rooms":[{"id":"R2","d":"\\u003cb\\u003e",',
                              1),  # a description with markup characters
], ids=["spaced", "reordered", "markup"])
def test_a_room_change_edited_by_hand_tells_the_same_story(tmp_path, edit):
    journal = crawl(tmp_path)
    _edit_change(journal, edit)
    assert_same_story(journal)
    assert rooms_of(journal)["rooms"] == 4


def test_a_crawl_s_map_story_does_not_keep_the_crawl_alive(tmp_path: Path):
    """The map story is read once per crawl, but kept only while the crawl is: once a report
    is made, its reading is freed by reference counts (no collector pass walks it)."""
    journal = crawl(tmp_path)
    read = read_journal(journal)
    story = map_story(read)
    assert map_story(read) is story  # (read once)
    alive = ref(read)
    del read
    assert alive() is None
    assert map_story(read_journal(journal)) is not story
