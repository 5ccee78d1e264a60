"""A key's path relative to the journal (so the two can move together), ``set dungeon
KEY.yaml`` at the prompt and when the rules allow it, and the notice for a key edited
between sittings that names what changed in the rooms entered and only counts the others
(#39, the gaps left; docs/keys.md)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from solo.errors import UsageError
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.rules.key_shelf import key_location, key_name
from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
RECORD = re.compile(r"<!-- solo (\{.*?\}) -->")


def records(path: Path) -> list[dict]:
    return [json.loads(body) for body in RECORD.findall(path.read_text(encoding="utf-8"))]


def key_at(folder: Path, name: str = "abbey.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    key = folder / name
    key.write_bytes(EXAMPLE.read_bytes())
    return key


# --- the key's path ---------------------------------------------------------------------

@pytest.mark.parametrize("where, stored", [
    ("trip/abbey.yaml", "abbey.yaml"),              # beside the journal
    ("trip/keys/abbey.yaml", "keys/abbey.yaml"),    # under its folder
    ("keys/abbey.yaml", "../keys/abbey.yaml"),      # in the folder beside its folder
])
def test_a_key_near_the_journal_is_named_relative_to_it(here, where, stored):
    assert key_name(here / where, here / "trip") == stored
    assert key_location(stored, here / "trip").resolve() == (here / where).resolve()


def test_a_key_far_from_the_journal_is_named_by_its_absolute_path(here):
    far = here / "a" / "b" / "abbey.yaml"
    assert key_name(far, here / "trip" / "deep") == str(far)
    assert key_location(str(far), here / "elsewhere") == far  # an older journal's form


def test_a_journal_and_its_key_move_together(here):
    key_at(here / "trip" / "keys")
    run = solo("new", "trip/j.md", "--system", "d12-tension", "--seed", "3",
               "--dungeon", "trip/keys/abbey.yaml", stdin="enter\nenter N\n")
    assert run.code == 0, run.err
    assert records(here / "trip" / "j.md")[0]["state"]["values"]["dungeon_key"] == \
        "keys/abbey.yaml"
    shutil.move(here / "trip", here / "moved")
    again = solo("play", "moved/j.md", stdin="rooms\nenter\n")
    assert again.code == 0, again.err
    assert "Explored: 2 of 20 rooms" in again.out
    assert "not found" not in again.out + again.err
    report = solo("export", "moved/j.md", "--format", "md")
    assert "3 of 20 rooms" in report.out


def test_an_older_journal_naming_its_key_absolute_still_reads_it(here):
    key = key_at(here / "keys")
    assert solo("new", "j.md", "--system", "d12-tension", "--seed", "3", "--dungeon",
                str(key), stdin="enter\n").code == 0
    journal = here / "j.md"
    journal.write_text(journal.read_text(encoding="utf-8").replace(
        '"dungeon_key":"keys/abbey.yaml"', f'"dungeon_key":{json.dumps(str(key))}'),
        encoding="utf-8")
    assert str(key) in journal.read_text(encoding="utf-8")
    again = solo("play", "j.md", stdin="rooms\nenter N\n")
    assert again.code == 0, again.err
    assert "Explored: 1 of 20 rooms" in again.out
    assert "[R:2|active|Porters' room|" in again.out


# --- set dungeon KEY.yaml ----------------------------------------------------------------

def test_set_dungeon_names_a_key_before_the_first_room(here):
    key_at(here)
    path = create_journal_file(str(here / "j.md"), "d12-tension", None, 4, [])
    session = Session(path)
    try:
        shown = session.handle("set dungeon abbey.yaml")
        assert any("New rooms come from the key The Bell Abbey" in str(line)
                   for line in shown.lines)
        session.handle("enter")
        assert session.state.dungeon.current.description == "Cellar stair"
    finally:
        session.close()
    kept = records(path)
    named = next(record for record in kept if record["cmd"] == "set dungeon abbey.yaml")
    assert named["state"]["values"]["dungeon_key"] == "abbey.yaml"
    assert named["state"]["values"]["dungeon_key_at"] == named["step"]
    assert len(named["key_rooms"]) == 21  # 20 rooms and the entrance, as hashes only
    text = path.read_text(encoding="utf-8")
    assert "Porters' room" not in text and "R20" not in text


def test_set_dungeon_is_refused_once_rooms_of_another_dungeon_are_on_the_map(here):
    key_at(here)
    path = create_journal_file(str(here / "j.md"), "d12-tension", None, 4, [])
    session = Session(path)
    try:
        session.handle("enter exits=2")
        before = path.read_text(encoding="utf-8")
        with pytest.raises(UsageError, match="the map holds 1 room already: a key is set "
                                             "before the first room is entered"):
            session.handle("set dungeon abbey.yaml")
        assert path.read_text(encoding="utf-8") == before  # nothing journaled
        session.handle("set dungeon classic")  # a generator may follow typed rooms
    finally:
        session.close()


def test_a_keys_dungeon_is_played_to_the_end_once_its_rooms_are_on_the_map(here):
    key = key_at(here)
    path = create_journal_file(str(here / "j.md"), "d12-tension", None, 4, [],
                               dungeon=(str(key), []))
    session = Session(path)
    try:
        session.handle("set dungeon classic")  # no room yet: the dungeon may change
        assert not session.state.values.get("dungeon_key")
        session.handle("set dungeon abbey.yaml")
        session.handle("enter")
        for other in ("classic", "off", "abbey.yaml"):
            with pytest.raises(UsageError, match="the map holds rooms of the key "
                                                 "abbey.yaml: its dungeon is played to the end"):
                session.handle(f"set dungeon {other}")
        with pytest.raises(UsageError, match="a key has no settings"):
            session.handle("set dungeon abbey.yaml doors=barred")
    finally:
        session.close()


def test_undo_takes_back_a_key_set_at_the_prompt(here):
    key_at(here)
    path = create_journal_file(str(here / "j.md"), "d12-tension", None, 4, [])
    session = Session(path)
    try:
        session.handle("set dungeon abbey.yaml")
        session.handle("undo")
        assert not session.state.values.get("dungeon_key")
        session.handle("enter exits=1")
        assert session.state.dungeon.current.description == ""
    finally:
        session.close()


# --- a key edited between sittings -------------------------------------------------------

def _edited(key: Path, *edits: tuple[str, str]) -> None:
    text = key.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    key.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("how", ["--dungeon", "set dungeon"])
def test_an_edit_names_the_parts_changed_in_rooms_entered_and_counts_the_others(here, how):
    key = key_at(here)
    if how == "--dungeon":
        run = solo("new", "j.md", "--system", "d12-tension", "--seed", "3", "--dungeon",
                   "abbey.yaml", stdin="enter\nenter N\n")
    else:
        run = solo("new", "j.md", "--system", "d12-tension", "--seed", "3",
                   stdin="set dungeon abbey.yaml\nenter\nenter N\n")
    assert run.code == 0, run.err
    unseen_words = ("Hidden reliquary", "Bakehouse", "Ovens like open mouths")
    _edited(key, ("Porters' room", "Gate room"),                       # R2's name
            ("Hidden reliquary", "Hidden treasury"),                   # R? not entered
            ("Ovens like open mouths", "Cold ovens"))                  # another
    status = solo("status", "j.md")
    assert "R2: its name changed; 2 rooms not yet entered changed." in status.out
    for word in (*unseen_words, "treasury", "Cold ovens"):
        assert word not in status.out
    report = solo("status", "j.md", "--json")
    assert "treasury" not in report.out and "Cold ovens" not in report.out
    rooms = solo("play", "j.md", stdin="rooms\n")
    assert "R2 (here) · Porters' room" in rooms.out  # what the journal recorded stays


def test_an_edit_of_doors_in_a_room_entered_is_named(here):
    key = key_at(here)
    assert solo("new", "j.md", "--system", "d12-tension", "--seed", "3", "--dungeon",
                "abbey.yaml", stdin="enter\n").code == 0
    text = key.read_text(encoding="utf-8")
    first_exit = re.search(r"- \{dir: E, to: R3\}", text)
    assert first_exit is not None
    _edited(key, ("- {dir: E, to: R3}", "- {dir: E, to: R3, door: locked}"))
    status = solo("status", "j.md")
    assert "R1: its doors changed; 1 room not yet entered changed." in status.out


def test_an_exit_out_of_the_dungeon_is_shown_and_refused_as_a_way_on(here):
    """A key's ``to: out`` exit (R1's S in the example): listed among the room's exits, never
    a way into a new room; 'leave' is the way out."""
    key_at(here)
    run = solo("new", "j.md", "--system", "d12-tension", "--seed", "3", "--dungeon",
               "abbey.yaml", stdin="enter\nenter S\nleave\n")
    assert "[R:1|active|Cellar stair|exits S(out), N, E]" in run.out
    assert "solo: error: line 2: the exit S of R1 leads out of the dungeon: 'leave' takes " \
           "the party out" in run.err
    assert "Expedition 1 is over" in run.out


def test_a_key_that_no_longer_passes_its_checks_is_named_with_why(here):
    key = key_at(here)
    assert solo("new", "j.md", "--system", "d12-tension", "--seed", "3", "--dungeon",
                "abbey.yaml", stdin="enter\n").code == 0
    _edited(key, ("{dir: N, to: R4}", "{dir: N, to: R44}"))
    status = solo("status", "j.md")
    assert status.code == 0
    assert "The key abbey.yaml no longer passes its checks (abbey.yaml:48: rooms.1.exits.0.to: " \
           "R44 is not a room of this key): the rooms already entered keep what the journal " \
           "recorded" in status.out
    assert "not found" not in status.out
    moved = solo("play", "j.md", stdin="rooms\nenter N\n")
    assert "R1 (here, way out) · Cellar stair" in moved.out  # the rooms seen stay
    assert "the key abbey.yaml no longer passes its checks" in moved.err
