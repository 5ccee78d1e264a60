"""The map the reports read from the records (solo.report.map_story): built once from all the
records' changes, and where a record's map was edited beyond reading, record by record (that
record passed over, the map as it stood), in solo's layout and in a re-saved one alike."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.fake_env import solo
from tests.report.test_report_reordered import resave, sorted_spaced

MOVES = "enter 3\nenter 3\nenter 3\nenter 3\nback\nlinger\n"


def crawl(tmp_path: Path) -> Path:
    journal = tmp_path / "crawl.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--title", "Rooms", "--seed",
                "4", stdin=MOVES)
    assert done.code == 0, done.err
    return journal


def rooms_of(journal: Path) -> dict:
    done = solo("stats", str(journal), "--json")
    assert done.code == 0, done.err
    return json.loads(done.out)["rooms"]


def test_the_route_goes_through_every_room_and_back(tmp_path):
    rooms = rooms_of(crawl(tmp_path))
    assert rooms["rooms"] == 4
    assert rooms["route"] == ["R1", "R2", "R3", "R4", "R3"]


def _edit_entering_r3(text: str) -> str:
    """The record that entered R3 says the party went into a room on no map."""
    lines = text.split("\n")
    at = next(number for number, line in enumerate(lines)
              if line.startswith("<!-- solo ") and '"here":"R3"' in line)
    lines[at] = lines[at].replace('"here":"R3"', '"here":"R99"')
    return "\n".join(lines)


def test_a_record_whose_map_names_no_room_is_passed_over(tmp_path):
    journal = crawl(tmp_path)
    journal.write_text(_edit_entering_r3(journal.read_text(encoding="utf-8")),
                       encoding="utf-8")
    rooms = rooms_of(journal)
    # the next record brought R3 back (its exits changed) with R4: the map has them all,
    # and the route never stood in R3 when it was entered
    assert rooms["rooms"] == 4
    assert rooms["route"] == ["R1", "R2", "R4", "R3"]
    html = solo("export", str(journal), "--format", "html")
    assert html.code == 0 and "4 found" in html.out


def test_a_re_saved_journal_edited_the_same_way_reads_the_same(tmp_path):
    journal = crawl(tmp_path)
    edited = _edit_entering_r3(journal.read_text(encoding="utf-8"))
    journal.write_text(edited, encoding="utf-8")
    again = tmp_path / "again.md"
    again.write_text(resave(edited, sorted_spaced), encoding="utf-8")
    assert re.search(r'"here": "R99"', again.read_text(encoding="utf-8"))
    assert rooms_of(again) == rooms_of(journal)


def test_a_re_saved_crawl_with_an_undo_tells_the_same_rooms(tmp_path):
    journal = tmp_path / "undo.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--title", "Undo", "--seed",
                "4", stdin="enter 3\nenter 3\nenter 3\nundo\nenter 2\nback\nlinger\n")
    assert done.code == 0, done.err
    again = tmp_path / "again.md"
    again.write_text(resave(journal.read_text(encoding="utf-8"), sorted_spaced),
                     encoding="utf-8")
    rooms = rooms_of(again)
    assert rooms == rooms_of(journal)
    assert rooms["route"] == ["R1", "R2", "R3", "R2"]  # the R3 taken back left no trace


def test_the_route_has_each_room_a_walk_went_through(tmp_path):
    # in d12-tension each room of a walk is a turn of its own: 'go R1' from R3 goes back
    # through R2 (R3 and R1 are not joined), and the journal shows both rooms
    journal = tmp_path / "walk.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "7",
                stdin="enter 3\nenter 2\nenter 4\ngo R1\n")
    assert done.code == 0, done.err
    walked = journal.read_text(encoding="utf-8").split("go R1", 1)[1]
    assert walked.index("[#R:2]") < walked.index("[#R:1]")
    assert rooms_of(journal)["route"] == ["R1", "R2", "R3", "R2", "R1"]
    assert "route R1 → R2 → R3 → R2 → R1 (4 moves)" in solo("stats", str(journal)).out


def test_the_route_marks_where_the_party_left_and_came_back_in(tmp_path):
    """Out of R1 and back in at R1, twice (the second return taken back by 'undo'): the
    route marks the break, and leaving and coming back are no moves between rooms."""
    journal = tmp_path / "trips.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "4",
                stdin="enter 2\nenter 2\nenter 2\nleave\nwait 2\nreturn\ngo R2\nleave\n"
                      "return\nundo\n")
    assert done.code == 0, done.err
    route = ["R1", "R2", "R3", "R2", "R1", "out", "R1", "R2", "R1"]
    assert rooms_of(journal)["route"] == route
    shown = f"route {' → '.join(route)} (6 moves)"
    assert f"; {shown}" in solo("stats", str(journal)).out
    export = solo("export", str(journal), "-o", str(tmp_path / "r.md"))
    assert export.code == 0, export.err
    assert shown in (tmp_path / "r.md").read_text()
