"""What the expedition loop (leave, wait, return) says is true: a Trespasser round ends with
the expedition; the closing line, the stats and the reports name who fell in that
expedition; Delving's return says the pace the party left at; a restock roll gives its
outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.play.session import Session
from tests.fake_env import solo


def _new(tmp_path: Path, system: str, seed: int, script: str, *party: str) -> Path:
    journal = tmp_path / f"{system}.md"
    made = solo("new", str(journal), "--system", system, "--seed", str(seed),
                *(word for name in party for word in ("--party", name)), stdin=script)
    assert made.code == 0, made.err
    return journal


def test_a_trespasser_round_ends_with_the_expedition(tmp_path):
    journal = _new(tmp_path, "trespasser", 3, "advance\nWren: listen\nleave\nwait 7\n"
                   "return\n", "Wren")
    again = solo("play", str(journal), stdin="Wren: listen\n")
    assert again.code == 0, again.err  # (the round of expedition 1 is over)
    text = journal.read_text()
    assert "@(Wren) listen" in text[text.index("Expedition 2 begins"):]
    second = solo("play", str(journal), stdin="Wren: rest\n")
    assert second.code == 1 and "Wren has acted this round" in second.err


def test_the_prompt_names_no_round_under_way_in_an_expedition_just_begun(tmp_path):
    journal = _new(tmp_path, "trespasser", 3, "advance\nleave\nreturn\n", "Wren")
    session = Session(journal)
    try:
        assert session.where().startswith("Round 2 (after 0:10) · Alarm")
        session.handle("advance")
        assert session.where().startswith("Round 2 under way (0:20)")
    finally:
        session.close()


def test_the_fallen_are_those_who_went_down_in_that_expedition(tmp_path):
    journal = _new(tmp_path, "d12-tension", 2, "enter 1\nWren: hurt 8\nleave\nwait 7\n"
                   "return\nleave\n", "Wren", "Ash")
    text = journal.read_text()
    assert "Expedition 1 is over: 1 turn (0:10), 1 room known (1 new), 0 encounters, " \
           "fallen: Wren." in text
    assert "Expedition 2 is over: 0 turns, 1 room known (0 new), 0 encounters." in text
    rows = json.loads(solo("stats", str(journal), "--json").out)["expeditions"]
    assert [row["fallen"] for row in rows] == [["Wren"], []]
    second = "Expedition 2 (after 7 days outside): 0 turns, 0 new rooms, 0 encounters; the " \
        "party came out"
    for form in ("md", "html"):
        report = solo("export", str(journal), "--format", form).out
        assert "0 encounters; fallen: Wren; the party came out" in report and second in report


def test_one_who_fell_and_was_healed_still_fell(tmp_path):
    journal = _new(tmp_path, "d12-tension", 2, "enter 1\nWren: hurt 8\nWren: heal 3\n"
                   "leave\n", "Wren", "Ash")
    assert "0 encounters, fallen: Wren." in journal.read_text()
    [row] = json.loads(solo("stats", str(journal), "--json").out)["expeditions"]
    assert row["fallen"] == ["Wren"]


def test_delving_s_return_says_the_pace_the_party_left_at(tmp_path):
    journal = _new(tmp_path, "delving", 3, "enter\nmove run\nleave\nreturn\n")
    text = journal.read_text()
    assert "(it walked out)" not in text
    assert "The party goes back in at a crawl (its pace was run when it left): pace crawl." \
        in text


def test_a_restock_roll_gives_its_outcome(tmp_path):
    journal = _new(tmp_path, "d12-tension", 11, "enter 2\nstrike d12-encounters 1\n"
                   "strike d12-encounters 12\nleave\nwait 7\n", "Wren")
    rolls = [line for line in journal.read_text().splitlines()
             if line.startswith("d: A week later")]
    assert len(rolls) == 2 and all(line.endswith(("-> yes", "-> no")) for line in rolls)


def test_look_ups_while_the_party_is_outside_say_so(tmp_path):
    journal = _new(tmp_path, "d12-tension", 2, "enter 1\nenter 2\nleave\n", "Wren")
    shown = solo("play", str(journal), stdin="rooms\nmap\nlights\n")
    assert shown.code == 0, shown.err
    assert "here" not in shown.out and "you are" not in shown.out
    assert "R1 (way out) · " in shown.out
    assert "The party is outside the dungeon (it left from R1)." in shown.out
    assert "Map of 2 rooms; the party is outside the dungeon (it left from R1)." in shown.out
    assert "Nothing is lit: the party is outside the dungeon" in shown.out
    assert "in the dark" not in shown.out
    back = solo("play", str(journal), stdin="return\nrooms\nmap\n")
    assert "R1 (here, way out)" in back.out and "you are in R1, the way out." in back.out


@pytest.mark.parametrize("system", ["classic", "overloaded"])
def test_help_offers_no_buy_where_nothing_is_for_sale(tmp_path, system):
    journal = _new(tmp_path, system, 1, "enter\nleave\n")
    shown = solo("play", str(journal), stdin="help\nhelp buy\nhelp wait\nenter\n")
    lines = shown.out.splitlines()
    assert "  Between expeditions: leave, wait, return" in lines
    text = " ".join(shown.out.split())
    assert "nothing is for sale: every buy is refused." in text
    assert "a day outside changes nothing: only the days are counted." in text
    assert "Tension" not in text and "'buy'" not in shown.err


def test_help_wait_says_what_a_day_does_in_the_procedure(tmp_path):
    shown = solo("play", str(_new(tmp_path, "d12-tension", 1, "enter 1\n")),
                 stdin="help wait\nhelp buy\n")
    text = " ".join(shown.out.split())
    assert "In D12 Dungeon Crawl System, between expeditions: " in text
    assert "Tension resets to 0 on the seventh day away" in text
    assert "In D12 Dungeon Crawl System: torches 1 gp." in text
    trespasser = solo("play", str(_new(tmp_path, "trespasser", 1, "advance\n")),
                      stdin="help wait\n")
    assert "a day outside changes nothing" in " ".join(trespasser.out.split())
