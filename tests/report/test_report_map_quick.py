"""The reports' quick reading of the map (solo.report.map_scan): only the records that change
the map are read, and a whole map only where the changes before it do not explain it. It
tells the same story as the careful reading, honours a whole map edited by hand, and leaves
to the careful reading any journal it cannot be sure of."""

from __future__ import annotations

import re
from pathlib import Path

from solo.report.map_scan import map_records, read_pieces
from solo.report.map_story import map_story, read_map
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
    """The story the reports read equals the careful reading of the journal's text."""
    quick = map_story(read_journal(journal))
    careful = read_map(journal.read_text(encoding="utf-8"))
    assert quick.dungeon == careful.dungeon
    assert quick.route == careful.route
    assert [quick.room_at(turn) for turn in range(-1, 20)] == \
        [careful.room_at(turn) for turn in range(-1, 20)]


def test_the_quick_reading_tells_the_careful_one_s_story(tmp_path):
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


def test_a_journal_the_quick_reading_cannot_be_sure_of_reads_the_same(tmp_path):
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


def test_a_whole_map_with_a_room_taken_out_or_moved_by_hand_reads_as_the_careful_way(
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


def test_the_reader_hands_the_map_pieces_the_search_of_the_text_would_find(tmp_path: Path):
    """A journal in solo's layout: the records that hold a map come from the reader's one
    split, the same records (heads, changes and whole maps) the search of the bytes finds."""
    journal = crawl(tmp_path)
    records = read_journal(journal).records
    assert records is not None
    pieces = records.map_pieces()
    assert pieces is not None and any(whole is not None for _, whole in pieces)
    found, searched = read_pieces(pieces), map_records(journal.read_bytes())
    assert found is not None and searched is not None and len(found) == len(searched) > 3

    def plain(record: dict) -> dict:
        whole = record.get("dungeon")
        return {**record, "dungeon": whole.text} if whole is not None else record

    assert [plain(record) for record in found] == [plain(record) for record in searched]
