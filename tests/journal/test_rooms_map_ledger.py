"""When a record keeps the whole map (issue 20): once the entries written since the last
whole map hold 64 KiB and four times the map's size. A session keeps the map's size as the
changes come (solo.journal.map_records.MapLedger) instead of serialising the whole map on
every entry; the records must be the ones the rule gives, byte for byte."""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path

import pytest

from solo.engine import room_changes as change
from solo.engine.room_exits import describe
from solo.engine.rooms import Dungeon
from solo.errors import SoloError
from solo.journal.map_records import WHOLE_MAP_EVERY, MapLedger, map_size, needs_whole_map
from solo.play.resume import resume_file
from solo.play.session import Session
from solo.play.start import create_journal_file

_SPEC = importlib.util.spec_from_file_location(
    "rooms_crawl", Path(__file__).resolve().parents[2] / "bench" / "rooms_crawl.py")
assert _SPEC is not None and _SPEC.loader is not None
crawl = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(crawl)

RECORD = re.compile(r"^<!-- solo (.*) -->\n", re.M)


def test_the_size_kept_change_by_change_is_the_size_of_the_map(tmp_path: Path):
    """Rooms entered, described (longer and shorter), marked, linked, left and taken back
    by undo: after every line the size the session keeps is the map's own."""
    path = create_journal_file(str(tmp_path / "j.md"), "dungeon-turn", "Sizes", 3, [])
    rng = random.Random(5)
    moves = ["enter", "enter N", "enter E 3", "room a long cold hall with a well",
             "room hall", "room cleared", "room +looted", "room -looted", "room exits W:R1",
             "go back", "back", "undo", "explore", "room «crypt» of ünïcode"]
    session = Session(path, durable=False)
    checked = 0
    try:
        for _ in range(400):
            try:
                session.handle(rng.choice(moves))
            except SoloError:
                continue
            dungeon = session.state.dungeon
            assert session.map_ledger.size(dungeon) == map_size(dungeon)
            checked += bool(dungeon.rooms)
    finally:
        session.close()
    assert checked > 200 and len(session.state.dungeon.rooms) > 20


def test_a_ledger_counts_any_map_it_is_shown():
    ledger = MapLedger(None)
    assert ledger.size(Dungeon()) == map_size(Dungeon()) == len('{"here": null, "rooms": []}')
    dungeon = change.enter_new(Dungeon(), exits=2)
    for way in ("N", "E", "N"):
        dungeon = change.enter_new(dungeon, way, 3)
    dungeon = describe(dungeon, "vault", [])
    assert ledger.size(dungeon) == map_size(dungeon)


def _played(path: Path, title: str, turns: int, rooms: int) -> Path:
    """A journal of the bench's crawl of ``turns`` turns through ``rooms`` rooms."""
    path = create_journal_file(str(path), crawl.SYSTEM, title, 20, [])
    session = Session(path, durable=False)
    try:
        for line in crawl.crawl_lines(turns, rooms, 20):
            session.handle(line)
    finally:
        session.close()
    return path


def test_the_whole_map_is_kept_exactly_where_the_rule_puts_it(tmp_path: Path):
    """600 rooms in 1,500 turns: the map outgrows 16 KiB, so for a while 64 KiB of entries
    is not yet four maps. Read back record by record, each keeps the whole map exactly
    when the rule (needs_whole_map, on the map as it then stood) says so."""
    path = _played(tmp_path / "j.md", "Rule", 1500, 600)
    text = path.read_text(encoding="utf-8")
    records = list(RECORD.finditer(text))
    dungeon, written, last_whole, waited = Dungeon(), 0, None, 0
    # the first record is the one 'new' wrote
    for before, match in zip(records, records[1:], strict=False):
        record = json.loads(match.group(1))
        whole = "dungeon" in record
        if whole:
            dungeon = change.apply_all(Dungeon(), [record["dungeon"]])
        elif "rooms" in record:
            dungeon = change.apply_changes(dungeon, record["rooms"])
        due = needs_whole_map(dungeon, written)
        assert whole == bool(dungeon.rooms and (last_whole is None or due)), record["step"]
        waited += written >= WHOLE_MAP_EVERY and not whole
        if whole:
            written, last_whole = 0, record["step"]
        else:
            written += match.end() - before.end()  # the entry, from the last record's end
    assert map_size(dungeon) > WHOLE_MAP_EVERY // 4 and waited > 50


def test_a_map_record_indented_by_hand_still_counts(tmp_path: Path):
    """Records after the last whole map are found by a plain search for solo's own layout;
    one an editor indented or wrapped sends resuming the slow way, to the same map."""
    path = _played(tmp_path / "j.md", "Edited", 300, 60)
    dungeon = resume_file(path).state.dungeon
    text = path.read_text(encoding="utf-8")
    last = text.rindex('\n<!-- solo {"v":2,"step":', 0, text.rindex('"rooms":{'))
    for edited in (text[:last + 1] + "   " + text[last + 1:],
                   text[:last + 1] + text[last + 1:].replace("<!-- solo {", "<!-- solo\n{", 1)):
        path.write_text(edited, encoding="utf-8")
        assert resume_file(path).state.dungeon == dungeon


def test_a_record_that_cannot_be_applied_changes_nothing():
    """The reports follow the map record by record and skip one edited beyond reading: the
    map stays as it stood, not half changed."""
    dungeon = change.enter_new(change.enter_new(Dungeon(), exits=2), "N", 2)
    builder = change.MapBuilder(dungeon)
    for bad in ({"here": "R3", "rooms": [{"id": "R3", "x": [["S", "R9"]]}]},
                {"here": "R9", "rooms": [{"id": "R3"}]},
                {"rooms": [{"id": "R3"}, {"d": "no id"}]},
                {"rooms": [{"id": "R3", "x": [["Q", "R1"]]}]}):
        with pytest.raises(ValueError):
            builder.apply(bad)
        assert builder.dungeon() == dungeon
    builder.apply({"here": "R3", "rooms": [{"id": "R3", "x": [["S", "R2"]]}]})
    assert builder.dungeon().current == change.room_from_data({"id": "R3", "x": [["S", "R2"]]})
    assert builder.dungeon() == change.apply_changes(dungeon, {"here": "R3", "rooms": [
        {"id": "R3", "x": [["S", "R2"]]}]})
