"""Fatigue kept per member, with the party's count the most of theirs (``party: most``).

Delving: each member's fatigue damage is what fatigue actually took from them, and a day
outside gives back that much, no more. Dungeon Turn and Exploration: the party's Fatigue
is the most fatigued member's, however the members' counts move, so the status and the
rolls read one value. Exploration leaves a member at 0 HP out of its saves and checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solo.engine import core as engine
from solo.engine.events import Checked, MemberChanged, Said, TrackerChanged
from tests.fake_env import solo

FATIGUE, FREE = [2], [6]  # the hazard die's fatigue and free faces (Delving)


def hp(c) -> list[int]:
    return [member.hp for member in c.state.party]


def counts(c, name: str = "fatigue") -> list[int]:
    return [member.condition(name) for member in c.state.party]


# -- Delving ------------------------------------------------------------------------------------

def test_a_members_fatigue_damage_stops_at_what_they_had_to_lose(crawl):
    c = crawl("delving", party=("Wren", "Bram"))
    c.do("set fatigue_damage 3")
    c.do("explore", faces=FATIGUE)
    for _ in range(3):  # 3 + 3 + 2: the last fatigue finds only 2 HP left
        c.do("explore", faces=FATIGUE)
    assert hp(c) == [0, 0]
    assert counts(c) == [8, 8] and c.value("fatigue") == 8
    c.do("explore", faces=FATIGUE)  # nothing left to take: nothing more counted
    assert counts(c) == [8, 8] and c.value("fatigue") == 8
    assert not c.events(MemberChanged)


def test_a_day_outside_gives_back_only_what_fatigue_took(crawl):
    c = crawl("delving", party=("Wren",))
    c.do("enter", faces=FATIGUE)      # (a room: the way out the party leaves by)
    c.do("explore", faces=FATIGUE)
    c.do("explore", faces=FREE)       # two fatigue results not rested off: 2 HP
    c.do("party add Bram")            # joins after the fatigue: has lost none to it
    c.do("hurt 5", actor="Bram")
    assert hp(c) == [6, 3] and counts(c) == [2, 0] and c.value("fatigue") == 2
    c.do("leave", faces=FREE)
    c.do("wait 1")
    assert hp(c) == [8, 3]            # Bram's wounds are not the day's to heal
    assert counts(c) == [0, 0] and c.value("fatigue") == 0


def test_a_member_down_before_the_fatigue_gets_nothing_back_for_it(crawl):
    c = crawl("delving", party=("Wren", "Ott"))
    c.do("hurt 8", actor="Wren")
    c.do("enter", faces=FATIGUE)
    c.do("explore", faces=FREE)
    assert hp(c) == [0, 7] and counts(c) == [0, 1] and c.value("fatigue") == 1
    c.do("leave", faces=FREE)
    c.do("wait 1")
    assert hp(c) == [0, 8]


def test_with_no_one_named_the_one_count_stays_and_one_who_joins_took_none_of_it(crawl):
    """Delving's count is the damage fatigue took (``joins: start``): a member named after
    it took none, and a day outside gives them nothing back for it."""
    c = crawl("delving")
    c.do("enter", faces=FATIGUE)      # (a room: the way out the party leaves by)
    c.do("explore", faces=FATIGUE)
    c.do("explore", faces=FREE)
    assert c.value("fatigue") == 2
    c.do("party add Wren")
    assert hp(c) == [8] and counts(c) == [0] and c.value("fatigue") == 0
    c.do("hurt 5", actor="Wren")
    c.do("leave", faces=FREE)
    c.do("wait 1")
    assert hp(c) == [3]


def test_with_no_one_named_the_partys_level_goes_to_the_first_member_named(crawl):
    c = crawl("dungeon-turn")
    c.do("set fatigue 1")
    c.do("party add Wren")
    assert counts(c) == [1] and c.value("fatigue") == 1
    c.do("party add Bram")
    assert counts(c) == [1, 0] and c.value("fatigue") == 1


def test_a_journal_from_before_the_members_counts_resumes_with_the_partys_count(crawl):
    c = crawl("delving", party=("Wren", "Ott"))
    old = replace(c.state, values={**c.state.values, "fatigue": 3},
                  party=tuple(replace(member, hp=5) for member in c.state.party))
    fixed, notices = engine.reconcile(c.world, old)
    assert [member.condition("fatigue") for member in fixed.party] == [3, 3]
    assert fixed.values["fatigue"] == 3
    assert notices == ("Fatigue damage is now counted for each member: each carries the "
                       "party's 3",)


# -- Dungeon Turn -------------------------------------------------------------------------------

def test_exhausted_members_make_the_party_roll_at_disadvantage(crawl):
    c = crawl("dungeon-turn", party=("Wren", "Ott"))
    c.do("party set Wren fatigue 2")
    assert c.value("fatigue") == 2
    c.do("leave 0 0 arduous", seed=1)
    assert "at disadvantage" in c.events(Checked)[0].label


def test_fresh_members_roll_plainly_and_set_fatigue_sets_each_member(crawl):
    c = crawl("dungeon-turn", party=("Wren", "Ott"))
    c.do("set fatigue 2")
    assert counts(c) == [2, 2] and c.value("fatigue") == 2
    c.do("set fatigue 0")
    assert counts(c) == [0, 0] and c.value("fatigue") == 0
    c.do("leave 0 0 arduous", seed=1)
    assert "disadvantage" not in c.events(Checked)[0].label


def test_a_party_carried_over_exhausted_comes_with_its_fatigue(here):
    made = solo("new", str(here / "old.md"), "--system", "dungeon-turn", "--seed", "2",
                "--party", "Wren", stdin="party set Wren fatigue 2\n")
    assert made.code == 0, made.err
    run = solo("new", str(here / "new.md"), "--system", "dungeon-turn", "--seed", "2",
               "--party-from", str(here / "old.md"), stdin="status\n")
    assert run.code == 0, run.err
    assert "Fatigue: 2/2 (Exhausted)" in run.out and "Wren: HP 8/8, exhausted" in run.out


# -- Exploration --------------------------------------------------------------------------------

def test_the_partys_fatigue_is_always_the_most_fatigued_members(crawl):
    c = crawl("exploration", party=("Wren", "Ott"))
    c.do("party set Wren fatigue 3")
    assert c.value("fatigue") == 3
    c.do("party add Yul fatigue 5")
    assert c.value("fatigue") == 5
    c.do("party set Wren fatigue 7")
    assert c.value("fatigue") == 7
    assert [event.reason for event in c.events(TrackerChanged)] == ["set by the player"]
    c.do("party remove Wren")
    assert c.value("fatigue") == 5
    c.do("party remove Yul")
    assert c.value("fatigue") == 0
    c.do("party remove Ott")          # no one named: the count stays where it was
    assert c.value("fatigue") == 0


def test_a_member_at_0_makes_no_save_and_no_surprise_check(crawl):
    c = crawl("exploration", party=("Wren", "Ott"))
    c.do("hurt 8", actor="Wren")
    c.do("light torch")               # (in the dark no one checks: each is surprised)
    c.do("explore", faces=[4])        # the hazard die's fatigue: a save is due
    c.do("explore", faces=[15, 1])    # no rest: Ott's save holds; then an encounter
    labels = [event.label for event in c.events(Checked)]
    assert "CON save (DC 12) for Ott" in labels
    assert "WIS check (DC 12) against surprise for Ott" in labels
    assert not [label for label in labels if "Wren" in label]
    assert counts(c)[0] == 0


def test_with_every_member_at_0_no_save_is_promised(crawl):
    c = crawl("exploration", party=("Wren", "Ott"))
    c.do("hurt 8")
    c.do("light torch")
    c.do("explore", faces=[4])        # the hazard die's fatigue
    said = [event.text for event in c.events(Said)]
    c.do("explore", faces=[6])        # no rest: the save would be due now
    said += [event.text for event in c.events(Said)]
    assert "Fatigue: no one is standing to save (every member is at 0 HP)." in said
    assert "No rest after the fatigue result: no one is standing to save." in said
    assert not [text for text in said if "CON save" in text]
    assert not c.events(Checked) and counts(c) == [0, 0]


# -- the procedure file -------------------------------------------------------------------------

@pytest.mark.parametrize("trackers, party, error", [
    ("{fatigue: {party: most}}", "", "trackers.fatigue.party: 'party: most' follows the "
     "members' own fatigue: list it under 'party: conditions:'"),
    ("{fatigue: {party: least}}", "party: {conditions: {fatigue: {}}}",
     "trackers.fatigue.party: expected 'most'"),
    ("{}", "party: {conditions: {fatigue: {party: most}}}",
     "party.conditions.fatigue.party: expected 'most', on a tracker"),
    ("{}", "party: {conditions: {fatigue: {joins: later}}}",
     "party.conditions.fatigue.joins: expected 'party' or 'start', on a party condition"),
    ("{fatigue: {joins: start}}", "", "trackers.fatigue.joins: expected 'party' or 'start'"),
])
def test_party_most_needs_a_tracker_and_a_condition_of_one_name(here, trackers, party, error):
    (here / "p.yaml").write_text("kind: procedure\nid: x\nname: X\n"
                                 f"trackers: {trackers}\n{party}\n"
                                 "actions: {go: {time: 1}}\n")
    run = solo("check", str(here / "p.yaml"))
    assert run.code == 1 and error in run.err, run.err
