"""The html report's shortcuts for long crawls give what the careful ways give:

* a whole map is compared with the rooms' texts written together (:class:`KnownRooms`),
  each text as the record writer makes it on its own;
* the journal's texts are joined for the html in one go (:meth:`Records.texts_before`),
  the same bytes the entry-by-entry pieces make, on journals edited by hand too;
* an encounter's note comes from the first narration after it, found by a search of the
  narrations, as a walk through every record finds it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from weakref import ref

import pytest

from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.report.columns import Columns
from solo.report.export import report_text, stats_text
from solo.report.map_scan import KnownRooms, RawMap, room_text
from solo.report.map_story import map_story
from solo.report.read import read_journal
from tests.fake_env import solo
from tests.report.test_report_map_quick import assert_same_story, crawl

ROOMS = [
    {"id": "R1", "s": ["active"], "x": [[None, "R2"], [None, None]]},
    {"id": "R2", "d": "a <hall> — wet", "s": ["cleared", "looted"], "x": [[None, "R1"]]},
    {"x": [["N", "R1"]], "id": "R3"},  # its id is not its first key (a hand edit)
    {"id": "R4", "x": [{"id": "R9"}, 1]},  # a value holding an id of its own
    {"id": "R5", "d": "ünïcode ✓", "s": []},
]


def test_the_rooms_texts_written_together_are_each_room_s_own():
    known = KnownRooms()
    known.note(ROOMS[:2])
    assert known.texts() == [room_text(room) for room in ROOMS[:2]]
    known.note(ROOMS[1:])  # R2 again, in its place; the others after it
    assert list(known.rooms) == ["R1", "R2", "R3", "R4", "R5"]
    assert known.texts() == [room_text(room) for room in ROOMS]
    assert known.joined() == b",".join(room_text(room) for room in ROOMS)
    again = known.again([ROOMS[4], {**ROOMS[0], "d": "changed"}])  # a whole map, by hand
    assert again.texts() == [room_text(ROOMS[4]), room_text({**ROOMS[0], "d": "changed"})]


def test_a_whole_map_of_fewer_rooms_than_known_is_read_whole():
    known = KnownRooms()
    known.note(ROOMS[:2])
    whole = RawMap(b'{"here":"R1","rooms":[' + room_text(ROOMS[0]) + b'],"out":"R1"}')
    assert whole.as_changes(known) is None
    same = RawMap(b'{"here":"R2","rooms":[' + known.joined() + b'],"out":"R1"}')
    assert same.as_changes(known) == {"here": "R2", "out": "R1", "from": None}


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
def test_a_room_change_edited_by_hand_tells_the_careful_story(tmp_path, edit):
    journal = crawl(tmp_path)
    _edit_change(journal, edit)
    assert_same_story(journal)


def _careful_html(journal: Path, monkeypatch) -> str:
    """The html report with the texts joined entry by entry (the shortcut turned off)."""
    with monkeypatch.context() as patched:
        patched.setattr(Columns, "texts_before", lambda self: None)
        return report_text(journal, "html").text


def _played(tmp_path: Path) -> Path:
    journal = tmp_path / "crawl.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--title", "Texts", "--seed",
                "3", stdin="enter 3\nA hall.\nnoise\nundo\nlinger\nThe end of it.\n"
                           "combat-normal\nundo\nundo\nlinger\n")
    assert done.code == 0, done.err
    return journal


@pytest.mark.parametrize("edit", [
    lambda text: text,
    lambda text: text + "\n# A heading the player added after the last record\n\nWords.\n",
    lambda text: text.replace("\n---\n", "\n---\n\n# Another title\n", 1),
    lambda text: re.sub(r"^# .*\n", "", text, count=1, flags=re.M),  # no title at all
    lambda text: text.replace("\n", "\r\n"),  # an editor's line ends
    lambda text: text.replace("A hall.", "A hall.\x00 With a NUL in it.", 1),
    lambda text: text.replace("A hall.", "A hall \x01 \x02 \x03 marked.", 1),
    lambda text: text.replace("The end of it.", "```\nan open fence", 1),
    lambda text: re.sub(r"^<!-- solo (\{.*\}) -->$", lambda record: "<!-- solo " + json.dumps(
        json.loads(record[1]), sort_keys=True).replace("<", "\\u003c").replace(">", "\\u003e")
        + " -->", text, flags=re.M),  # every record re-saved by a JSON tool
], ids=["as-played", "after-last-record", "second-title", "untitled", "crlf",
        "nul", "marks", "open-fence", "re-saved"])
def test_the_texts_joined_at_once_render_as_the_entries_do(tmp_path, monkeypatch, edit):
    journal = _played(tmp_path)
    journal.write_text(edit(journal.read_text(encoding="utf-8")), encoding="utf-8")
    records = read_journal(journal).records
    assert isinstance(records, Columns)  # (the journal is still read the quick way)
    quick = report_text(journal, "html").text
    assert quick == _careful_html(journal, monkeypatch)
    assert "<em>(taken back with undo)</em>" in quick


def _notes_walked(journal: Path) -> list[tuple[int, str]]:
    """Each encounter's turn and note, walking every record in order as the figures did
    before the narrations were searched: the first narration after a record that met
    encounters notes those of its turn, unless another such record came between."""
    crawl_read = read_journal(journal)
    records = crawl_read.records
    assert records is not None
    awaiting: list[int] = []
    notes: dict[int, str] = {}
    met_so_far = 0
    for index, kind in enumerate(records.kinds):
        if index in records.retracted or kind == "undo":
            continue
        if kind == "narration":
            prose = records.prose(index)
            text = prose.decode() if isinstance(prose, bytes) else prose
            note = " ".join(" ".join(line.strip() for line in text.split("\n")
                                     if line.strip()).split())
            if awaiting and note:
                for number in awaiting:
                    if crawl_read.encounters[number].turn == records.turns[index]:
                        notes[number] = note
            awaiting = []
            continue
        met = sum(event.get("t") == "Encountered" and event.get("status") in ("met", "foreshadowed")
                  for event in records.counted.get(index, ()))
        if met:
            awaiting = list(range(met_so_far, met_so_far + met))
            met_so_far += met
    return [(encounter.turn, notes.get(number, ""))
            for number, encounter in enumerate(crawl_read.encounters)]


def test_encounter_notes_found_by_a_search_are_the_walk_s(tmp_path: Path):
    journal = tmp_path / "notes.md"
    create_journal_file(str(journal), "d12-tension", "Notes", 11, [])
    session = Session(journal)
    try:  # encounters met back to back, narrations of the turn after, notes taken back
        for turn in range(60):
            session.handle("enter 3")
            if turn % 3 == 0:
                session.narrate(f"Words of turn {turn + 1}.")
            if turn % 5 == 1:
                session.handle("linger")
                session.narrate(f"Later words of turn {turn + 1}.")
            if turn % 7 == 2:
                session.narrate("Taken back.")
                session.undo()
    finally:
        session.close()
    walked = _notes_walked(journal)
    figures = json.loads(stats_text(journal, True))
    assert [(met["turn"], met.get("note")) for met in figures["encounter_list"]] == walked
    assert sum(note != "" for _, note in walked) >= 3
    assert any(note == "" for _, note in walked)


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
