"""An encounter a rolled or keyed room holds is an encounter like the procedure's own: it
gets what the seed gives any encounter met (the procedure's ``encounter-met`` routine,
which its own encounter effects call too). Trespasser: the round is an encounter round,
so no character acts in it (seed 003), and the Alarm is left as it is (its reset belongs
to the Judge's check); Delving and Exploration: surprise; Dungeon Turn: the 2d6
disposition (but not the wandering monster's far distance); classic and overloaded:
the reminder of surprise and reaction."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo
from tests.guide_key import guide_key

REFUSED = "An encounter came this round: play it out"


def _play(journal: Path, system: str, seed: int, dungeon: str, lines: str):
    return solo("new", str(journal), "--system", system, "--seed", str(seed), "--party",
                "Wren", "--dungeon", dungeon, stdin=lines)


def _after_the_stocked_encounter(out: str) -> str:
    """What the move shows after the one encounter it met (the room's own)."""
    assert out.count("=> Encounter:") == 1, out
    return out.split("=> Encounter:")[1]


def test_trespasser_a_rolled_rooms_encounter_takes_the_round(here):
    # seed 3: R1 is stocked ("something lives here"); the d10 check shows 5, no encounter
    met = _play(here / "t.md", "trespasser", 3, "classic", "enter\nWren: search success\n")
    assert "(note: In R1: encounter (something lives here)" in met.out
    assert "d: Encounter check (d10 at or under Alarm 1) d10=5 -> no" in met.out
    _after_the_stocked_encounter(met.out)
    assert met.code == 1 and REFUSED in met.err
    assert "resets the alarm" not in met.out  # the room's creature leaves the Alarm at 1
    assert "Alarm 1/10" in met.out
    # the next round, with no encounter, is the characters' again
    later = _play(here / "u.md", "trespasser", 3, "classic",
                  "enter\nstay\nWren: search success\n")
    assert later.code == 0, later.err
    assert "@(Wren) search success" in later.out


def test_trespasser_a_keys_own_encounter_takes_the_round(here):
    key = guide_key(here)
    # seed 5: R2 holds the key's eels; the round's d10 check shows 8, no encounter
    run = _play(here / "k.md", "trespasser", 5, str(key),
                "advance\nadvance N\nWren: search success\n")
    second = run.out.split("### S2")[1]
    assert "=> Encounter: two pale eels" in second
    assert "d10=8 -> no" in second
    assert run.code == 1 and REFUSED in run.err
    assert "Alarm 1/10" in second and "resets the alarm" not in second


@pytest.mark.parametrize(("system", "seed", "shown"), [
    ("delving", 3, "(note: The party is surprised (in total darkness).)"),
    ("exploration", 3, "(note: Wren cannot spot danger with no light: surprised"),
    ("dungeon-turn", 3, "tbl: Disposition (2d6) 2d6="),
    ("classic", 2, "(note: Roll for surprise and reaction, and decide how far off they are.)"),
    ("overloaded", 3,
     "(note: Roll for surprise and reaction, and decide how far off they are.)"),
])
def test_a_rolled_rooms_encounter_gets_what_any_encounter_gets(here, system, seed, shown):
    run = _play(here / f"{system}.md", system, seed, "classic", "enter\n")
    assert run.code == 0, run.err
    assert "(note: In R1: encounter (something lives here)" in run.out
    assert shown in _after_the_stocked_encounter(run.out)
    assert "far distance" not in run.out  # the wandering monster's, not a room's own


@pytest.mark.parametrize(("system", "shown"), [
    ("exploration", "(note: Wren cannot spot danger with no light: surprised"),
    ("dungeon-turn", "tbl: Disposition (2d6) 2d6="),
    ("delving", "(note: The party is surprised (in total darkness).)"),
])
def test_a_keys_own_encounter_gets_what_any_encounter_gets(here, system, shown):
    key = guide_key(here)
    run = _play(here / f"{system}.md", system, 1, str(key), "enter\nenter N\n")
    assert run.code == 0, run.err
    second = run.out.split("### S2")[1]
    assert "=> Encounter: two pale eels" in second
    assert second.count(shown) == 1, second


def test_d12_a_keys_encounter_gets_no_more_than_it_did(here):
    # reading (d12-tension.yaml): the seed gives an encounter nothing beyond running it
    key = guide_key(here)
    run = _play(here / "d.md", "d12-tension", 1, str(key), "enter\nenter N\n")
    assert run.code == 0, run.err
    second = run.out.split("### S2")[1]
    assert "=> Encounter: two pale eels" in second
    assert "Fold the dungeon event" not in second and "surprise" not in second.lower()


@pytest.mark.parametrize("dungeon", ["classic", "key"])
def test_d12_a_room_that_holds_its_encounter_rolls_no_events_and_no_check(here, dungeon):
    """Seed 000: the events table and the encounter check are for a room with no pre-set
    encounter. A room the generator stocked with one (seed 2: R1, 'something lives
    here') holds it as the party enters, as a key's room does (R2, the eels): the
    same rule, the same words."""
    lines, seed = ("enter\n", 2) if dungeon == "classic" else ("enter\nenter N\n", 1)
    run = _play(here / "d.md", "d12-tension", seed,
                "classic" if dungeon == "classic" else str(guide_key(here)), lines)
    assert run.code == 0, run.err
    entered = run.out.split("@ enter")[-1]
    assert "(note: A pre-set encounter: no Dungeon Events roll and no encounter check " \
           "for this room.)" in entered
    assert "Dungeon events" not in entered and "Random encounter (" not in entered
    assert entered.count("=> Encounter:") == 1
