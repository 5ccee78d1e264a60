"""Expeditions played through ``solo`` (issue 38): a D12 and a Dungeon Turn crawl go in,
leave, spend a week outside and return twice; the journal opens each expedition as a new
Lonelog session; ``undo`` takes back a leave or a day; a journal resumes as its records say;
``solo search`` finds from the third expedition a room described in the first."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solo.journal.store import read_records
from tests.fake_env import solo

D12 = """party add Wren hp 8
supply torch 3
light torch
enter 3
room the statue hall, exits N E S
The hall is full of broken statues, their faces chiselled away.
enter 2
enter 2
combat
strike
Wren: hurt 3
leave
wait 7
buy torch 2
return
light torch
enter 2
leave
wait 7
return
"""

DUNGEON_TURN = """party add Wren hp 10
supply torch 3
light torch
enter
room a flooded crypt
enter
explore
explore
Wren: hurt 6
leave 1 dangerous
wait 7
return
explore
explore
leave 1 arduous
wait 7
return
"""


def _play(tmp_path: Path, system: str, script: str, seed: int = 5) -> Path:
    journal = tmp_path / f"{system}.md"
    made = solo("new", str(journal), "--system", system, "--seed", str(seed), stdin=script)
    assert made.code == 0, made.err
    return journal


def _states(journal: Path) -> list[dict]:
    return [record["state"] for record in read_records(journal)]


def test_a_d12_crawl_goes_in_and_out_three_times(tmp_path):
    journal = _play(tmp_path, "d12-tension", D12)
    text = journal.read_text(encoding="utf-8")
    records = read_records(journal)
    by_command = {record.get("cmd"): record["state"] for record in records}
    # Tension: up in the first expedition, 0 after a week away
    assert by_command["combat"]["values"]["tension"] >= 2
    assert by_command["wait 7"]["values"]["tension"] == 0
    # repopulation: the struck-off encounter rolled for, in the journal
    assert re.search(r"d: A week later, is it back \(4-6\)\? .* d6=\d -> (yes|no)$", text, re.M)
    # light: doused when the party is out, and kept: lit again, it takes no torch
    assert by_command["leave"]["lights"] == [] and by_command["leave"]["doused"]
    assert "[Inv:Torch|out] put aside as the party leaves, kept for later" in text
    # hit points and supplies: as the party left, plus what town changed
    last = records[-1]["state"]
    assert last["party"][0]["hp"] == 5
    assert last["supplies"]["torches"] == 2 + 2
    assert last["trip"][0] == 3 and last["trip"][4] is None
    # each return opens a new Lonelog session with the dungeon's status
    assert len(re.findall(r"^## Session \d+$", text, re.M)) == 3
    assert text.count("[DUNGEON STATUS]") == 2
    assert "Expedition 1 is over:" in text and "Expedition 3 begins at R1" in text


def test_a_dungeon_turn_crawl_goes_in_and_out_three_times(tmp_path):
    journal = _play(tmp_path, "dungeon-turn", DUNGEON_TURN)
    text = journal.read_text(encoding="utf-8")
    states = {record.get("cmd"): record["state"] for record in read_records(journal)}
    # hit points: a week at camp heals Wren to full
    assert states["Wren: hurt 6"]["party"][0]["hp"] == 4
    assert states["wait 7"]["party"][0]["hp"] == 10
    # each new delve counts its 6 quiet turns from its own start
    returns = [record["state"] for record in read_records(journal)
               if record.get("cmd") == "return"]
    assert len(returns) == 2
    assert all(state["values"]["delve_start"] == state["turn"] > 0 for state in returns)
    assert "=> [Inv:Torch|out] put aside as the party leaves, kept for later" in text
    assert len(re.findall(r"^## Session \d+$", text, re.M)) == 3
    assert read_records(journal)[-1]["state"]["trip"][0] == 3


def test_search_finds_from_the_third_expedition_a_room_of_the_first(tmp_path):
    journal = _play(tmp_path, "d12-tension", D12)
    found = solo("search", "statue", "hall", str(journal))
    assert found.code == 0, found.err
    lines = found.out.splitlines()
    assert any("Session 1 · S1" in line and "room: [R:1|active|the statue hall" in line
               for line in lines)
    assert any("narration: The hall is full of broken statues" in line for line in lines)
    data = json.loads(solo("search", "--json", "chiselled", str(tmp_path)).out)
    assert [(hit["session"], hit["kind"]) for hit in data["hits"]] == [(1, "narration")]


@pytest.mark.parametrize("line, message", [
    ("wait 3", "in the dungeon"), ("return", "in the dungeon"),
    ("leave", "no known way out"), ("wait -2", "days"), ("wait " + "9" * 20, "digits")])
def test_bad_input_is_one_line_and_nothing_is_journaled(tmp_path, line, message):
    journal = _play(tmp_path, "d12-tension", "light torch\n")
    before = journal.read_bytes()
    played = solo("play", str(journal), stdin=line + "\n")
    assert played.code == 1
    assert message in played.error_line()
    assert journal.read_bytes() == before


def test_undo_takes_back_a_leave_and_a_day(tmp_path):
    journal = _play(tmp_path, "d12-tension", D12.split("wait 7")[0] + "wait 7\nundo\nundo\n")
    last = read_records(journal)[-1]["state"]
    assert "trip" not in last or last["trip"][4] is None      # in the dungeon again
    assert last["lights"]                                    # its torch burning again
    assert last["values"]["tension"] >= 2


def test_a_journal_resumes_outside_and_says_so(tmp_path):
    journal = _play(tmp_path, "d12-tension", D12.split("buy torch 2")[0])
    status = solo("status", str(journal), "--json")
    data = json.loads(status.out)
    assert data["days_outside"] == 7 and data["expedition"] == 1
    assert "Outside the dungeon: 7 days since expedition 1 ended" in solo(
        "status", str(journal)).out
    played = solo("play", str(journal), stdin="enter 2\nreturn\nenter 2\n")
    assert "outside the dungeon" in played.err and played.code == 1
    assert read_records(journal)[-1]["state"]["trip"][0] == 2


def test_a_journal_whose_last_expedition_was_cut_by_hand_resumes_as_its_records_say(tmp_path):
    journal = _play(tmp_path, "d12-tension", D12)
    text = journal.read_text(encoding="utf-8")
    cut = text.rindex("\n## Session 3")                      # the third expedition, deleted
    journal.write_text(text[:cut] + "\n", encoding="utf-8")
    data = json.loads(solo("status", str(journal), "--json").out)
    assert data["days_outside"] == 7 and data["expedition"] == 2
    played = solo("play", str(journal), stdin="return\n")
    assert played.code == 0, played.err
    assert read_records(journal)[-1]["state"]["trip"][0] == 3


def test_the_prompt_status_bar_and_status_say_the_party_is_outside(tmp_path):
    from solo.play.session import Session

    journal = _play(tmp_path, "d12-tension", D12.split("buy torch 2")[0])
    session = Session(journal)
    try:
        assert "outside, 7 days since expedition 1" in session.toolbar()
        assert "encounter" not in session.toolbar()          # no odds while in town
        assert session.where().startswith("Outside, 7 days since expedition 1 · wait N, "
                                          "buy NAME N or return")
        shown = "\n".join(session.handle("status").lines)
        assert "Expedition 1: the party is outside, 7 days since it left" in shown
        assert "Light: dark, nothing lit; doused, kept: Torch" in shown  # (for later)
        assert list(session.handle("lights").lines) == [
            "Nothing is lit: the party is outside the dungeon.", "Torch: doused, no time limit"]
        assert any(line.startswith("Outside the dungeon: 7 days") for line in session.recap())
        assert session.handle("odds").lines[0].startswith("No odds while the party is outside")
    finally:
        session.close()


def test_help_names_the_words_between_expeditions(tmp_path):
    d12 = solo("play", str(_play(tmp_path, "d12-tension", "light torch\n")), stdin="help\n")
    assert "  Between expeditions: leave, wait, return, buy" in d12.out.splitlines()
    turn = solo("play", str(_play(tmp_path, "dungeon-turn", "light torch\n")), stdin="help\n")
    assert ("Between expeditions: wait, return, buy (leave, an action above, ends the "
            "expedition)") in " ".join(turn.out.split())  # help wraps at words
