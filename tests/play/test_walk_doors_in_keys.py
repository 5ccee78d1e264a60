"""The QA report's walks through a key's own doors, played as it played them: a walk never
passes the locked grate of docs/keys.md's shrine or the stuck door of the Bell Abbey's fish
store, ``back`` never climbs back up a one-way drain, a trapped door on a walk springs,
and the way-out figures count only the ways the party may take."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_env import solo
from tests.guide_key import guide_key

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
SHRINE = {"d12-tension": "enter\nenter E\nbreak-door\nenter E\nenter D\nbreak-door\nenter U\n",
          "trespasser": "advance\nadvance E\nbatter-door success\nadvance E\nadvance D\n"
                        "stay\nbatter-door success\nadvance U\n"}
"""Into the shrine R4 by the one-way trapdoor U from the drain R5: its only way on is the
grate S to R3, locked. (In Trespasser the drain's rats take the round the party enters
it, so the party stays a round before it batters the trapdoor.)"""




@pytest.mark.parametrize("system, lines, opener", [
    ("d12-tension", ["go R3", "back", "go R1", "go S"], "'break-door S'"),
    ("trespasser", ["backtrack R3", "backtrack", "backtrack R1"],
     "'batter-door S success|failure' or 'pick-lock S success|failure'"),
])
def test_no_walk_passes_the_locked_grate_or_climbs_the_one_way_drain(here, system, lines,
                                                                     opener):
    script = SHRINE[system] + "rooms\n" + "".join(f"{line}\n" for line in lines) + "rooms\n"
    run = solo("new", str(here / "d2.md"), "--system", system, "--seed", "3", "--dungeon",
               str(guide_key(here)), stdin=script)
    assert run.code == 1, run.err  # (the refusals: each one line on stderr)
    shown = run.out.split("R4 (here) · Shrine", 1)[1]
    assert "rooms to the way out" not in shown.split("Explored", 1)[0]  # none it may take
    refusals = [line for line in run.err.splitlines() if "door S of R4 is locked" in line]
    assert len(refusals) == len(lines), run.err
    assert all(f"{opener} opens it first" in line for line in refusals)
    back = refusals[1]
    assert "the party came into R4 from R5 by a way that leads one way only" in back
    assert "[#R:3]" not in shown and "[#R:5]" not in shown
    assert shown.count("R4 (here)") == 1 and "exits S:R3(locked)" in shown  # still there


def test_the_way_out_is_not_counted_up_a_one_way_drain(here):
    """In the drain R5 (its only way the trapdoor U, stuck; the drain D from R3 falls one
    way into it) no way out is known: no figure, and no breeze pointing 'to R3' (the
    breeze reads the same way, :func:`solo.engine.way_out.way_text`)."""
    run = solo("new", str(here / "d3.md"), "--system", "d12-tension", "--seed", "3",
               "--dungeon", str(guide_key(here)),
               stdin="enter\nenter E\nbreak-door\nenter E\nenter D\nrooms\n")
    assert run.code == 1 and run.err.count("solo: error:") == 1, run.err  # the stuck E
    shown = run.out.split("R5 (here) · Drain", 1)[1]
    assert "rooms to the way out" not in shown and "1 room to the way out" not in shown


ABBEY_TO_R7 = "enter\nenter N\nenter N\nenter E\nenter E\nenter S\ngo R2\nenter E\ngo R7\n"
"""Into the wash house R5 (its way E to the fish store R7 a stuck door), then 'go R7'."""


def test_a_walk_goes_round_the_stuck_door_and_leaves_it_stuck(here):
    run = solo("new", str(here / "k7.md"), "--system", "d12-tension", "--seed", "9",
               "--dungeon", str(ABBEY), stdin=ABBEY_TO_R7 + "rooms\n")
    assert run.code == 0, run.err
    walk = run.out.split("(note: go R7)", 1)[1]
    assert re.findall(r"\[#R:(\d+)\]", walk)[:2] == ["9", "12"]  # not E, through the door
    assert "exits N:R9, E:R7(stuck), W:R2, S" in walk.split("R5 · Wash house", 1)[1]


def test_a_trapped_door_on_a_walk_springs_as_the_party_goes_through(here):
    """docs/keys.md: 'a trapped door springs as the party goes through, unless a search
    found it first': on a walk too (R5's way N to R9), and it is open after."""
    run = solo("new", str(here / "k6.md"), "--system", "d12-tension", "--seed", "9",
               "--dungeon", str(ABBEY), stdin=ABBEY_TO_R7 + "go R5\ngo R9\n")
    assert run.code == 0, run.err
    walk = run.out.split("(note: go R7)", 1)[1]
    sprung = "A trap on the door N of R5 springs as the party goes through."
    assert walk.index(sprung) < walk.index("[#R:9]")
    assert walk.count(sprung) == 1 and "A trap on the door S of R9" not in walk


def test_a_trapped_door_springs_on_a_one_room_move_back_too(here):
    """'revisit S' from R9 to R5 is the action's own move, one room: the trapped door
    between them springs as on a walk (the QA report's seed 9)."""
    run = solo("new", str(here / "k9.md"), "--system", "d12-tension", "--seed", "9",
               "--dungeon", str(ABBEY),
               stdin="enter\nenter N\nenter E\nback\nenter N\nenter E\nrevisit S\nrooms\n")
    assert run.code == 0, run.err
    step = run.out.split("@ revisit S\n", 1)[1]
    assert step.startswith("(note: A trap on the door S of R9 springs as the party goes "
                           "through.)\n[#R:5]"), step
    assert "R5 (here)" in step
