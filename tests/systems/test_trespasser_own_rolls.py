"""Trespasser's search of the area, batter-door and pick-lock rest on the character's own
roll (seed 003): solo does not know the characters' skills, so each takes the player's
result, as hide takes the group's Stealth, and only a success finds or opens. And a round
with an encounter is no round for the characters' actions: they wait for the next."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.errors import UsageError
from solo.play.prompt_text import where
from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
TO_R6 = "advance\nadvance N\nadvance N\nadvance W\n"  # R6 hides a secret way SW
ENCOUNTER_ROUND = ("An encounter came this round: play it out, as the characters take "
                   "their actions only in a round without one. Begin the next round first: "
                   "'stay' keeps the party here for it (Alarm +1, no encounter check).")


def play(folder: Path, seed: str, stdin: str, *more: str):
    return solo("new", str(folder / "j.md"), "--system", "trespasser", "--seed", seed,
                *more, stdin=stdin)


def test_a_failed_search_of_the_area_finds_nothing_and_a_success_finds_it(here):
    run = play(here, "11", TO_R6 + "search failure\nstay\nsearch success\n",
               "--dungeon", str(ABBEY))
    assert run.code == 0, run.err
    failed, found = run.out.split("@ search")[1:]
    assert "They learn nothing at all." in failed and "secret way" not in failed
    assert "A secret way SW is found" in found and "exits N, SW(secret), E:R4" in found


def test_searching_takes_the_roll_and_a_specific_feature_needs_none(here):
    run = play(here, "11", TO_R6 + "search\nsearch feature\n", "--dungeon", str(ABBEY))
    assert run.code == 1
    assert "search needs result (success/failure/feature)" in run.err
    found = run.out.split("@ search feature")[1]
    assert "10 minutes of study" in found and "A secret way SW is found" in found


def test_a_failed_search_leaves_a_trapped_door_unfound_and_it_springs(here):
    """classic, doors barred, seed 15: R1's one way on, E, is a trapped door."""
    def crawl(result: str) -> str:
        (here / result).mkdir()
        run = solo("new", str(here / result / "j.md"), "--system", "trespasser", "--seed",
                   "15", "--dungeon", "classic", "--dungeon-set", "doors=barred",
                   stdin=f"advance\nsearch {result}\nadvance\n")
        assert run.code == 0, run.err
        return run.out.split(f"@ search {result}")[1]

    failed, found = crawl("failure"), crawl("success")
    assert "found" not in failed.split("@ advance")[0]
    assert "A trap on the door E of R1 springs as the party goes through." in failed
    assert "A trap on the door E of R1 is found" in found and "E of R1 springs" not in found


def test_battering_a_door_opens_it_only_on_a_success_and_is_loud_either_way(here):
    run = play(here, "5", "advance\nstay\nbatter-door failure\nstay\nbatter-door W success\n",
               "--dungeon", "classic", "--dungeon-set", "doors=barred")
    assert run.code == 0, run.err
    assert "exits W(stuck)" in run.out
    failed, opened = run.out.split("@ batter-door")[1:]
    assert "The door holds." in failed and "is open" not in failed
    assert "battering a door is loud" in failed and "battering a door is loud" in opened
    assert "The door W of R1 is open." in opened


def test_battering_without_the_roll_is_refused_and_nothing_is_loud(here):
    run = play(here, "5", "advance\nstay\nbatter-door\n", "--dungeon", "classic",
               "--dungeon-set", "doors=barred")
    assert run.code == 1
    assert "batter-door needs result (success/failure)" in run.err
    assert "battering a door is loud" not in run.out


def test_a_failed_pick_leaves_the_lock_shut_and_a_success_opens_it(here):
    moves = ("advance\nroom cell, exits E(locked)\nstay\nWren: pick-lock failure yes\n"
             "advance E\nstay\nWren: pick-lock E success\nadvance E\n")
    run = play(here, "11", moves, "--party", "Wren")
    assert run.code == 1, "the advance through the shut door is refused"
    assert ("the door E of R1 is locked: 'batter-door E success|failure' or "
            "'pick-lock E success|failure' opens it first") in run.err
    failed, opened = run.out.split("@(Wren) pick-lock")[1:]
    assert "The lock holds." in failed
    assert "Improvised picks: the result given counts the roll with -4" in failed
    assert "is open" not in failed
    assert "The door E of R1 is open." in opened and "exits W:R1" in opened


def test_no_character_acts_in_a_round_with_an_encounter(here):
    """Seed 5: the first advance meets an encounter; a stay begins a round without one."""
    moves = "advance\nWren: rest\nBrother Ott: search success\nrest\nstay\nWren: rest\n"
    run = play(here, "5", moves, "--party", "Wren", "--party", "Brother Ott")
    assert "=> Encounter:" in run.out.split("@ stay")[0]
    assert run.err.splitlines()[1:] == [f"solo: error: line {line}: {ENCOUNTER_ROUND}"
                                        for line in (2, 3, 4)]
    assert run.out.count("@(Wren) rest") == 1 and "@(Wren) rest" in run.out.split("@ stay")[1]
    assert "search" not in run.out


def test_the_prompt_says_the_encounter_round_has_no_actions(crawl):
    c = crawl("trespasser")
    c.do("advance", faces=[1, 1])  # d10 at or under Alarm 1: an encounter
    assert "an encounter this round: play it out, then begin round 2" in where(c.world, c.state)
    assert "each character acts once" not in where(c.world, c.state)
    c.do("stay")
    assert "each character acts once (rest, search" in where(c.world, c.state)


def test_an_already_defeated_encounter_leaves_the_round_to_the_characters(crawl):
    c = crawl("trespasser")
    c.do("advance", faces=[1, 1])  # the d8's first entry, met
    c.do("strike")
    c.do("stay")
    result = c.do("advance", faces=[1, 1])  # the same entry: struck off, so no one comes
    assert "Already defeated" in " ".join(getattr(event, "text", "") for event in result.events)
    rest = c.do("rest")
    assert rest.events, "the characters act: this round met no encounter"
    c.do("stay")
    c.do("advance", faces=[1, 2])  # another entry: met
    with pytest.raises(UsageError, match="^An encounter came this round"):
        c.do("rest")
