"""A setting that is the dungeon's is the same for every member (``member: false``).

Delving's fatigue damage is the seed's 1, "higher in dungeons with harsh conditions": a
property of the dungeon, so every member takes the same, and the tracker (the most any
member took), the note and each member's own count agree with their hit points. A
member's own value of it is refused; one an older journal kept is dropped on resume, with
a notice."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.fake_env import solo

FATIGUE = "explore\n" * 8  # seed 3: a fatigue result on turn 4, not rested off on turn 5


def new(folder: Path, system: str, stdin: str, *more: str):
    return solo("new", str(folder / "j.md"), "--system", system, "--seed", "3",
                "--party", "Wren", "--party", "Bo", *more, stdin=stdin)


def test_a_members_own_fatigue_damage_is_refused_and_says_how_to_set_it(here):
    run = new(here, "delving", "party set Wren fatigue_damage 3\n")
    assert run.code == 1
    assert ("solo: error: line 1: fatigue_damage is the dungeon's, the same for every "
            "member: 'set fatigue_damage 3' changes it for the party") in run.err


def test_every_member_takes_what_the_tracker_and_the_note_say(here):
    run = new(here, "delving", "set fatigue_damage 2\n" + FATIGUE)
    assert run.code == 0, run.err
    due = run.out.split("No rest after the fatigue result", 1)[1].split("###", 1)[0]
    assert due.startswith(": each member still standing takes 2 damage.")
    assert "[Track:Fatigue damage 2] +2: fatigue without rest" in due
    assert "=> [PC:Wren|HP 6/8|Fatigue damage 2] HP -2: fatigue without rest" in due
    assert "=> [PC:Bo|HP 6/8|Fatigue damage 2] HP -2: fatigue without rest" in due


@pytest.mark.parametrize(("system", "setting"), [
    ("dungeon-turn", "quiet_turns"), ("exploration", "encounter_in"),
    ("classic", "encounter_die"), ("classic", "check_every"), ("overloaded", "every")])
def test_the_dungeons_other_counts_are_not_a_members_either(here, system, setting):
    run = new(here, system, f"party set Wren {setting} 2\n")
    assert run.code == 1 and f"{setting} is the dungeon's" in run.err


@pytest.mark.parametrize(("system", "setting"), [
    ("dungeon-turn", "str_bonus"), ("exploration", "wis_bonus"), ("classic", "search_chance")])
def test_a_characters_own_numbers_stay_theirs(here, system, setting):
    run = new(here, system, f"party set Wren {setting} 2\nparty\n")
    assert run.code == 0, run.err
    assert f"Wren: HP 8/8, {setting} +2" in run.out


def test_an_own_fatigue_damage_an_older_journal_kept_is_dropped_on_resume(here):
    assert new(here, "delving", "").code == 0
    path = here / "j.md"
    text = path.read_text()
    last = re.findall(r"<!-- solo (.*) -->", text)[-1]
    record = json.loads(last)
    record["state"]["party"][0]["s"] = {"fatigue_damage": 3}  # as solo wrote it before
    path.write_text(text.replace(last, json.dumps(record, separators=(",", ":"))))
    run = solo("play", str(path), stdin="party\n")
    assert run.code == 0
    assert "Wren's own settings the procedure no longer keeps per member" in run.err + run.out
    assert "Wren: HP 8/8\n" in run.out
