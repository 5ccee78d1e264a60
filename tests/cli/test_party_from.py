"""``solo new … --party-from OLD.md`` (issue 38): the party and supplies of another journal's
last state start the new crawl, and its first entry says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.journal.store import read_records
from tests.fake_env import solo

OLD = """party add Wren hp 8
party add Ott hp 6
party set Wren con_bonus 2
supply torch 2
supply oil 1
Wren: hurt 3
explore
"""


def _old(tmp_path: Path, system: str = "exploration", script: str = OLD) -> Path:
    journal = tmp_path / "old.md"
    made = solo("new", str(journal), "--system", system, "--seed", "3", stdin=script)
    assert made.code == 0, made.err
    return journal


def test_the_party_and_supplies_come_from_the_old_journal(tmp_path):
    old = _old(tmp_path)
    new = tmp_path / "new.md"
    made = solo("new", str(new), "--system", "exploration", "--party-from", str(old),
                "--seed", "4")
    assert made.code == 0, made.err
    state = read_records(new)[0]["state"]
    assert [(m["name"], m["hp"], m["max"], m.get("s")) for m in state["party"]] == [
        ("Wren", 5, 8, {"con_bonus": 2}), ("Ott", 6, 6, None)]
    assert state["supplies"] == {"torches": 2, "oil": 1}
    text = new.read_text(encoding="utf-8")
    assert "[PC:Wren|HP 5/8" in text
    assert "(note: The party comes from old.md, as its last entry left it: Wren 5/8" in text
    # and play goes on from there
    played = solo("play", str(new), stdin="Wren: heal 1\n")
    assert played.code == 0, played.err
    assert read_records(new)[-1]["state"]["party"][0]["hp"] == 6


def test_what_the_new_procedure_does_not_know_is_left_behind_and_named(tmp_path):
    old = _old(tmp_path)
    new = tmp_path / "new.md"
    assert solo("new", str(new), "--system", "dungeon-turn", "--party-from", str(old)).code == 0
    state = read_records(new)[0]["state"]
    assert state["supplies"] == {"torches": 2}
    assert "s" not in state["party"][0]
    assert "left behind (not in Dungeon Turn): con_bonus, oil" in new.read_text(
        encoding="utf-8")


@pytest.mark.parametrize("make, message", [
    (lambda tmp: _old(tmp, script="explore\n"), "has no party"),
    (lambda tmp: (tmp / "notes.md", (tmp / "notes.md").write_text("# my notes\n"))[0],
     "not a solo journal"),
    (lambda tmp: tmp / "missing.md", "no journal"),
    (lambda tmp: tmp, "is a folder, not a journal file"),
])
def test_a_journal_with_no_party_or_not_solos_is_refused_in_one_line(tmp_path, make, message):
    old = make(tmp_path)
    new = tmp_path / "new.md"
    made = solo("new", str(new), "--system", "d12-tension", "--party-from", str(old))
    assert made.code == 1
    assert "--party-from" in made.error_line() and message in made.error_line()
    assert not new.exists()


def test_party_and_party_from_are_not_given_together(tmp_path):
    old = _old(tmp_path)
    made = solo("new", str(tmp_path / "new.md"), "--system", "d12-tension", "--party", "Bob",
                "--party-from", str(old))
    assert made.code == 2 and "not both" in made.error_line()


@pytest.mark.parametrize("system, carried", [("dungeon-turn", {"fatigue": 2}),
                                             ("delving", None), ("exploration", None)])
def test_a_condition_comes_along_only_into_the_same_procedure(tmp_path, system, carried):
    """Dungeon Turn's fatigue is a level; Delving's the hit points it took; Exploration's
    a count of failed saves: the same name, three things, so only the same procedure
    carries it (and the note says what stayed behind)."""
    old = _old(tmp_path, "dungeon-turn", "party add Wren\nparty set Wren fatigue 2\n")
    new = tmp_path / "new.md"
    made = solo("new", str(new), "--system", system, "--party-from", str(old))
    assert made.code == 0, made.err
    assert read_records(new)[0]["state"]["party"][0].get("c") == carried
    left = "left behind (not in" in new.read_text(encoding="utf-8")
    assert left == (carried is None)
    if carried is None:
        assert "Dungeon Turn's fatigue." in new.read_text(encoding="utf-8")
