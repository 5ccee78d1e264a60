"""Issue 20's numbers that do not depend on the clock: a Dungeon Turn crawl of 2,000 turns
through 300 rooms makes a journal at most 3x the bytes of the same crawl with no rooms, and
its last whole map is near enough the end that resuming reads back only that far.

The crawls are bench/bench_rooms.py's (bench/rooms_crawl.py, loaded by its path); the
times are measured there, never here.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from solo.engine.room_changes import dungeon_data
from solo.journal.map_records import WHOLE_MAP_EVERY
from solo.play.resume import resume_file
from solo.play.session import Session
from solo.play.start import create_journal_file

_SPEC = importlib.util.spec_from_file_location(
    "rooms_crawl", Path(__file__).resolve().parents[2] / "bench" / "rooms_crawl.py")
assert _SPEC is not None and _SPEC.loader is not None
crawl = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(crawl)


def play(path: Path, lines: list[str]) -> Path:
    create_journal_file(str(path), crawl.SYSTEM, "Rooms", 20, [])
    session = Session(path, durable=False)
    try:
        for line in lines:
            session.handle(line)  # a line the map refuses would raise: none may
    finally:
        session.close()
    return path


@pytest.fixture(scope="module")
def journals(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("size")
    lines = crawl.crawl_lines(2000, 300, 20)
    return (play(folder / "rooms.md", lines),
            play(folder / "plain.md", crawl.without_rooms(lines)))


def test_the_crawls_are_2000_turns_through_300_rooms_and_none(journals):
    rooms, plain = (resume_file(path).state for path in journals)
    # each 'go' through a known way is a walking turn of its own in Dungeon Turn (its
    # walk: one turn for each 20 rooms): the crawl with rooms has those turns besides
    walks = sum(line.startswith("go ") for line in crawl.crawl_lines(2000, 300, 20))
    assert plain.turn == 2000 and rooms.turn == 2000 + walks
    assert len(rooms.dungeon.rooms) == 300 and plain.dungeon.rooms == ()
    loops = sum(1 for room in rooms.dungeon.rooms for _ in room.leads_to()) // 2 - 299
    assert loops > 10  # links beyond the 299 that found the rooms


def test_a_journal_of_300_rooms_is_at_most_three_times_one_of_none(journals):
    rooms, plain = (path.stat().st_size for path in journals)
    assert plain < rooms <= 3 * plain


def test_the_last_whole_map_is_at_most_a_few_maps_from_the_end(journals):
    path = journals[0]
    text = path.read_bytes()
    records = re.findall(rb"^<!-- solo (.*) -->$", text, re.M)
    whole_at = json.loads(records[-1])["map"]
    start = text.rindex(b'<!-- solo {"v":2,"step":%d,' % whole_at)
    map_bytes = len(json.dumps(dungeon_data(resume_file(path).state.dungeon)))
    assert len(text) - start <= max(WHOLE_MAP_EVERY, 4 * map_bytes) + map_bytes + 8192
