"""The ways on a rolled dungeon's refusals name are ways that work (the QA report of s17):
a first room rolled a dead end makes no exit the generator never rolled; the search a
dead end names is typed as the procedure takes it; and Trespasser's door and round
refusals name what the party can do in the round it is in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_env import solo

QUOTED = re.compile(r"'([^']+)'")


def _crawl(system: str, seed: int, lines: str):
    Path("j.md").unlink(missing_ok=True)
    return solo("new", "j.md", "--system", system, "--seed", str(seed), "--dungeon",
                "tracker", stdin=lines)


def _errors(err: str) -> list[str]:
    return [line.split(": ", 3)[3] for line in err.splitlines()
            if line.startswith("solo: error: line ")]


@pytest.mark.parametrize(("system", "seed"), [("d12-tension", 4), ("trespasser", 6),
                                              ("dungeon-turn", 4)])
def test_a_first_room_rolled_a_dead_end_gives_no_way_on_of_its_own(here, system, seed):
    run = _crawl(system, seed, "enter\nenter\nenter N\n")
    journal = Path("j.md").read_text(encoding="utf-8")
    assert "-> a dead end" in journal.split("[R:1|")[0], "the first room rolled no exit"
    dead_end, named = _errors(run.err)
    assert dead_end.startswith("R1 has no way on that leads nowhere yet: ")
    assert named == ("R1 has no exit N the party knows of; 'rooms' lists its exits, "
                     "'room exits N' names one")
    assert "[R:2|" not in journal and "exits R" not in journal, "no room made through a wall"


def test_the_way_the_dead_end_names_is_one_to_take(here):
    run = _crawl("d12-tension", 4, "enter\nenter\nroom exits N\nenter\n")
    assert run.code == 1 and len(_errors(run.err)) == 1
    journal = Path("j.md").read_text(encoding="utf-8")
    assert "[R:1|active|a room where people once lived or met|exits N:R2]" in journal


def test_trespassers_dead_end_names_the_search_with_the_roll_it_takes(here):
    run = _crawl("trespasser", 6, "advance\nadvance\n")
    (hint,) = _errors(run.err)
    search = QUOTED.findall(hint)[0]
    assert search == "search success|failure|feature"
    typed = search.replace("|failure|feature", "")  # (in a round of its own: R1 holds an
    found = _crawl("trespasser", 6, f"advance\nstay\n{typed}\n")  # encounter)
    assert found.code == 0, found.err
    assert "@ search success" in Path("j.md").read_text(encoding="utf-8")


def test_trespassers_stuck_door_in_an_encounter_round_names_the_round_to_batter_it_in(here):
    """R1 holds an encounter as the party advances into it; its one way on is stuck."""
    run = _crawl("trespasser", 7, "advance\nadvance\nbatter-door N success\nstay\n"
                 "batter-door N success\nadvance\n")
    advance, batter = _errors(run.err)
    assert advance.startswith("the door N of R1 is stuck: 'batter-door N "
                              "success|failure' opens it first. An encounter came this round")
    assert batter.startswith("An encounter came this round")
    for refusal in (advance, batter):
        assert refusal.endswith("Begin the next round first: 'stay' keeps the party here "
                                "for it (Alarm +1, no encounter check).")
        assert "advance" not in refusal, "advance is what the stuck door refuses"
    journal = Path("j.md").read_text(encoding="utf-8")
    assert "(note: The door N of R1 is open.)" in journal and "[R:2|" in journal
