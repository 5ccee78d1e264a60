"""What the map refuses, played by ``solo``'s command line (issue 20): each bad line is a
one-line error naming its line, and nothing reaches the journal; and a journal whose map
records were edited by hand resumes with a notice, never a crash."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solo.play.resume import resume_file
from tests.fake_env import run_here

SETUP = ["enter 3", "room hall, exits N E S", "enter N 2", "enter N 2", "back", "go S",
         "enter E 2", "room exits N"]
"""R1 (the hall) with R2 north and R3 beyond it; the party in R4, east of R1, whose
exits are W:R1 and N (leading nowhere known yet)."""

BAD = {
    "go R99": "no room 'R99' on the map",
    "go NNE": "no room 'NNE' on the map",
    "go R9quit": "no room 'R9quit' on the map",  # as typed, not upper-cased
    "go S": "R4 has no exit S",
    "go N": "the exit N leads nowhere known yet",
    "room exits N:R99": "no room R99 on the map",
    "room exits Q": "no exit 'Q'",
    "room exits E:R4": "an exit of R4 cannot lead back into R4",
    "room exits W:R2": "the exit W of R4 leads to R1 already",
    "room exits N N": "the exit N is named twice",
    "room exits 1000": "a room has at most 12 exits",
    "enter E 1000": "a room has from 0 to 12 exits",
    "room vault] [R:9|fake": "without [ ] or |",
    "room crypt | ossuary": "without [ ] or |",
    "room " + "long " * 20: "at most 80 characters",
}

RECORD = re.compile(r"^<!-- solo (.*) -->$", re.M)


def new_crawl(folder: Path, system: str = "d12-tension") -> Path:
    done = run_here("new", "crawl.md", "--system", system, "--seed", "1", cwd=folder,
                    stdin="\n".join(SETUP) + "\n")
    assert done.returncode == 0, done.stderr
    return folder / "crawl.md"


def test_each_bad_line_is_one_error_naming_it_and_nothing_is_journaled(tmp_path: Path):
    path = new_crawl(tmp_path)
    before = path.read_bytes()
    done = run_here("play", "crawl.md", cwd=tmp_path, stdin="\n".join(BAD) + "\n")
    assert done.returncode == 1
    errors = done.stderr.splitlines()
    assert len(errors) == len(BAD)
    for number, (error, said) in enumerate(zip(errors, BAD.values(), strict=True), 1):
        assert error.startswith(f"solo: error: line {number}: ") and said in error, error
    assert "Traceback" not in done.stderr and path.read_bytes() == before
    assert resume_file(path).state.dungeon.here == "R4"


def test_backtrack_to_an_unknown_area_or_a_missing_exit_is_refused(tmp_path: Path):
    folder = tmp_path
    done = run_here("new", "crawl.md", "--system", "trespasser", "--seed", "1", cwd=folder,
                    stdin="advance\nadvance N\nadvance N\n")
    assert done.returncode == 0, done.stderr
    before = (folder / "crawl.md").read_bytes()
    done = run_here("play", "crawl.md", cwd=folder,
                    stdin="backtrack R3\nbacktrack R9\nbacktrack E\n")
    assert [line.split(": ", 3)[-1] for line in done.stderr.splitlines()] == [
        "the party is in R3 already", "no room 'R9' on the map; 'rooms' lists them",
        "R3 has no exit E"]
    assert (folder / "crawl.md").read_bytes() == before


def test_a_description_with_a_line_break_is_one_error_and_nothing_journaled(tmp_path: Path):
    path = new_crawl(tmp_path)
    before = path.read_bytes()
    done = run_here("play", "crawl.md", cwd=tmp_path, stdin="room great\u2028hall\n")
    assert len(done.stderr.splitlines()) == 1 and path.read_bytes() == before


# -- records edited by hand -------------------------------------------------------------------
def edit_records(path: Path, change) -> None:
    """Rewrite each hidden record through ``change(record) -> record`` (None: as it was)."""
    def edited(match: re.Match) -> str:
        record = json.loads(match.group(1))
        changed = change(record)
        return match.group(0) if changed is None else \
            f"<!-- solo {json.dumps(changed, separators=(',', ':'))} -->"
    path.write_text(RECORD.sub(edited, path.read_text()))


def first_whole_map(value):
    def change(record):
        return {**record, "dungeon": value} if "dungeon" in record else None
    return change


def last_changes(value):
    def change(record):
        return {**record, "rooms": value} if record.get("cmd") == "room exits N" else None
    return change


def last_map_step(value):
    def change(record):
        return {**record, "map": value} if record.get("cmd") == "room exits N" else None
    return change


EDITS = {
    "a garbled whole map": first_whole_map("the map was here"),
    "a whole map whose room has no id": first_whole_map({"here": "R1", "rooms": [{"x": 5}]}),
    "a whole map of the wrong kind": first_whole_map([1, 2, 3]),
    "garbled changes": last_changes(7),
    "changes whose rooms are not a list": last_changes({"here": "R4", "rooms": "R4"}),
    "the party in a room that does not exist": last_changes({"here": "R77"}),
    "an exit to a room that does not exist": last_changes(
        {"here": "R4", "rooms": [{"id": "R4", "x": [["W", "R1"], ["N", "R99"]]}]}),
    "an exit with no direction known": last_changes(
        {"here": "R4", "rooms": [{"id": "R4", "x": [["NNW", "R1"]]}]}),
    "a whole map after the entry": last_map_step(10**6),
    "a whole map at no step": last_map_step("four"),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_map_edited_by_hand_resumes_with_a_notice_and_play_goes_on(tmp_path: Path, edit):
    """The map is never dropped: resume keeps every room some record that reads still
    knows, says which entries it could not read, the reports tell the same rooms, and play
    goes on with them."""
    path = new_crawl(tmp_path)
    played = {room.id for room in resume_file(path).state.dungeon.rooms}
    edit_records(path, EDITS[edit])
    resumed = resume_file(path)
    kept = {room.id for room in resumed.state.dungeon.rooms}
    assert kept <= played
    if kept != played:
        assert any("cannot be read" in notice or "no readable record" in notice
                   for notice in resumed.notices), resumed.notices
    figures = json.loads(run_here("stats", "crawl.md", "--json", cwd=tmp_path).stdout)
    assert figures["rooms"]["rooms"] == len(kept)
    done = run_here("play", "crawl.md", cwd=tmp_path,
                    stdin="rooms\nmap\nlinger\nenter N 2\nroom crypt, exits S E\nrooms\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "· crypt · active · exits S:R" in done.stdout
    again = resume_file(path)  # the sitting went on from the rooms it knew
    assert kept < {room.id for room in again.state.dungeon.rooms}


def test_a_journal_an_editor_saved_with_crlf_line_ends_resumes_to_the_same_map(tmp_path):
    path = new_crawl(tmp_path)
    dungeon = resume_file(path).state.dungeon
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    resumed = resume_file(path)
    assert resumed.state.dungeon == dungeon and not resumed.notices
    assert [room.id for room in dungeon.rooms] == ["R1", "R2", "R3", "R4"]


def test_narration_that_looks_like_a_map_record_does_not_change_the_map(tmp_path):
    path = new_crawl(tmp_path)
    dungeon = resume_file(path).state.dungeon
    whole_at = json.loads(RECORD.findall(path.read_text())[-1])["map"]
    fake = (f'<!-- solo {{"v":2,"step":{whole_at},"dungeon":{{"here":"R1","rooms":'
            '[{"id":"R1"}]},"state":{}} -->')
    done = run_here("play", "crawl.md", cwd=tmp_path, stdin=f"> {fake}\nlinger\n")
    assert done.returncode == 0, done.stderr
    assert resume_file(path).state.dungeon == dungeon
