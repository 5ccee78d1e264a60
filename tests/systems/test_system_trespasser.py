"""The trespasser procedure (seed 003): rounds, the Alarm, navigation and character actions."""

from __future__ import annotations

import math
import random

import pytest

from solo.engine.core import start
from solo.engine.events import (
    Acted,
    Checked,
    Encountered,
    LightChanged,
    MemberChanged,
    Said,
    TableRolled,
    TrackerChanged,
)
from solo.engine.state import Member
from solo.errors import UsageError
from solo.journal.notation import event_lines

SYSTEM = "trespasser"
NAVIGATION = ("advance", "stay", "hide success", "backtrack")
CHARACTER = ("rest", "search success", "listen", "batter-door success", "pick-lock success",
             "cast")


def _met(result):
    return [event for event in result.events
            if isinstance(event, Encountered) and event.status == "met"]


def _checks(result, word):
    return [event for event in result.events
            if isinstance(event, Checked) and word in event.label]


def _said(result) -> str:
    return "\n".join(event.text for event in result.events if isinstance(event, Said))


# -- the frame -----------------------------------------------------------------------

def test_rounds_of_10_minutes_and_an_alarm_clock_from_0_to_10(crawl):
    c = crawl(SYSTEM)
    procedure = c.world.procedure
    assert procedure.clock_unit == "round" and procedure.minutes == 10
    alarm = procedure.trackers["alarm"]
    assert (alarm.label, alarm.notation) == ("Alarm", "Clock")
    assert (alarm.minimum, alarm.start, alarm.maximum) == (0, 0, 10)
    assert procedure.danger == "alarm"
    assert procedure.encounters == "trespasser-encounters"
    assert procedure.simulate == "advance"
    assert c.value("alarm") == 0
    for kind in ("torch", "lantern", "candle"):
        assert procedure.lights[kind].turns is None


@pytest.mark.parametrize("line", NAVIGATION)
def test_each_navigation_choice_takes_one_round(crawl, line):
    c = crawl(SYSTEM)
    c.do(line, faces=[10])
    assert c.state.turn == 1


@pytest.mark.parametrize("line", CHARACTER)
def test_character_actions_happen_within_the_round(crawl, line):
    c = crawl(SYSTEM)
    c.do("light torch")
    result = c.do(line)
    assert c.state.turn == 0
    assert not _checks(result, "depletion"), "no depletion check outside navigation"
    assert c.world.procedure.actions[line.split()[0]].group == "character"


# -- advance: Alarm +1, then the d10 check --------------------------------------------

def test_advance_raises_the_alarm_before_checking(crawl):
    c = crawl(SYSTEM)
    result = c.do("advance", faces=[1, 4])     # Alarm 0 -> 1, then d10 1 <= 1
    assert len(_met(result)) == 1
    assert c.value("alarm") == 0, "the encounter resets the Alarm"
    assert result.outcomes == ("encounter",)
    changes = [(e.before, e.after) for e in result.events if isinstance(e, TrackerChanged)]
    assert changes == [(0, 1), (1, 0)]


@pytest.mark.parametrize("before, face, encounter", [
    (0, 1, True), (0, 2, False), (4, 5, True), (4, 6, False), (8, 9, True), (8, 10, False),
    (9, 10, True),
])
def test_advance_check_is_d10_at_or_under_the_alarm(crawl, before, face, encounter):
    c = crawl(SYSTEM)
    c.do(f"set alarm {before}")
    result = c.do("advance", faces=[face, 4])
    check = _checks(result, "Encounter")
    assert len(check) == 1 and check[0].roll.total == face
    assert check[0].roll.text == "d10"
    assert check[0].success is encounter
    assert len(_met(result)) == (1 if encounter else 0)
    assert c.value("alarm") == (0 if encounter else before + 1)
    assert result.outcomes == ("encounter" if encounter else "quiet",)


def test_alarm_is_capped_at_10_and_a_check_at_10_always_finds_someone(crawl):
    c = crawl(SYSTEM)
    c.do("set alarm +14")                                 # a move stops at the cap
    assert c.value("alarm") == 10
    c.do("stay")
    assert c.value("alarm") == 10
    result = c.do("advance", faces=[10, 4])
    assert len(_met(result)) == 1 and c.value("alarm") == 0


def test_encounters_come_from_the_trespasser_table(crawl):
    c = crawl(SYSTEM)
    result = c.do("advance", faces=[1, 8])
    rolled = [e for e in result.events if isinstance(e, TableRolled)]
    assert [(e.table, e.total) for e in rolled] == [("trespasser-encounters", 8)]
    assert c.state.encounters == 1


# -- stay, backtrack, hide -------------------------------------------------------------

def test_stay_raises_the_alarm_without_a_check(crawl):
    c = crawl(SYSTEM)
    c.do("set alarm 3")
    c.do("stay")
    assert c.value("alarm") == 4
    c.do("set alarm 9")
    result = c.do("stay")
    assert c.value("alarm") == 10
    assert not _checks(result, "Encounter") and not _met(result)
    assert result.outcomes == ("stay",)


@pytest.mark.parametrize("before, face, encounter", [
    (3, 3, True), (3, 4, False), (0, 1, False), (10, 10, True),
])
def test_backtrack_checks_without_changing_the_alarm(crawl, before, face, encounter):
    c = crawl(SYSTEM)
    c.do(f"set alarm {before}")
    result = c.do("backtrack", faces=[face, 4])
    assert _checks(result, "Encounter")[0].success is encounter
    assert len(_met(result)) == (1 if encounter else 0)
    assert c.value("alarm") == (0 if encounter else before)


@pytest.mark.parametrize("before, sparks, after", [
    (5, 0, 3), (5, 1, 2), (5, 3, 0), (2, 0, 0), (1, 0, 0), (10, 2, 6),
])
def test_hiding_well_lowers_the_alarm_by_two_plus_sparks(crawl, before, sparks, after):
    c = crawl(SYSTEM)
    c.do(f"set alarm {before}")
    result = c.do(f"hide success {sparks}")
    assert c.value("alarm") == after
    assert not _checks(result, "Encounter") and not _met(result)
    assert result.outcomes == ("hidden",)


def test_hiding_badly_is_an_encounter_that_resets_the_alarm(crawl):
    c = crawl(SYSTEM)
    c.do("set alarm 6")
    result = c.do("hide failure", faces=[4])
    assert len(_met(result)) == 1
    assert not _checks(result, "Encounter"), "no d10 check: the failure itself is the encounter"
    assert c.value("alarm") == 0
    assert result.outcomes == ("encounter",)


def test_hide_needs_the_stealth_result_and_sparks_cannot_be_negative(crawl):
    c = crawl(SYSTEM)
    with pytest.raises(UsageError):
        c.do("hide")
    with pytest.raises(UsageError):
        c.do("hide success sparks=-1")


def test_a_struck_off_encounter_means_none_and_the_alarm_stays(crawl):
    c = crawl(SYSTEM)
    c.do("strike trespasser-encounters 4")
    c.do("set alarm 5")
    result = c.do("advance", faces=[1, 4])
    assert [e.status for e in result.events if isinstance(e, Encountered)] == ["struck"]
    assert c.value("alarm") == 6
    assert c.state.encounters == 0
    assert result.outcomes == ("struck",)
    result = c.do("advance", faces=[1, 5])
    assert len(_met(result)) == 1 and c.value("alarm") == 0


# -- light depletion at the start of each round ---------------------------------------

def test_each_lit_source_gets_its_own_depletion_check(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("light lantern")
    result = c.do("advance", faces=[1, 2, 10])  # torch rolls 1, lantern 2, then encounter d10
    checks = _checks(result, "depletion")
    assert [check.roll.text for check in checks] == ["d6", "d6"]
    assert ["Torch" in checks[0].label, "Lantern" in checks[1].label] == [True, True]
    assert [check.success for check in checks] == [True, False]
    outs = [e for e in result.events if isinstance(e, LightChanged) and e.after == "out"]
    assert [e.kind for e in outs] == ["torch"]
    assert [light.kind for light in c.state.lights] == ["lantern"]


def test_every_source_can_go_out_in_the_same_round(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("light candle")
    c.do("advance", faces=[1, 1, 10])
    assert c.state.lights == ()


def test_a_two_on_the_depletion_die_keeps_the_lights(crawl):
    c = crawl(SYSTEM)
    c.do("light candle")
    result = c.do("stay", faces=[2])
    assert not [e for e in result.events if isinstance(e, LightChanged)]
    assert len(c.state.lights) == 1


def test_depletion_comes_before_navigation_and_only_while_lit(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    result = c.do("advance", faces=[3, 10])
    kinds = [type(e).__name__ for e in result.events if isinstance(e, (Checked, TrackerChanged))]
    assert kinds == ["Checked", "TrackerChanged", "Checked"]
    c.do("douse torch")
    result = c.do("advance", faces=[1])     # the only die is now the encounter check
    assert not _checks(result, "depletion")
    assert _checks(result, "Encounter")[0].roll.total == 1


# -- each character's own actions ------------------------------------------------------

def test_moments_rest_lists_its_costs_and_recoveries(crawl):
    c = crawl(SYSTEM)
    text = _said(c.do("rest"))
    assert "1 endurance" in text and "recovery dice" in text
    assert "maximum" in text and "armor dice" in text and "two checkmarks" in text
    assert c.world.procedure.actions["rest"].resting


def test_search_a_feature_always_finds_something(crawl):
    c = crawl(SYSTEM)
    assert "10 minutes" in _said(c.do("search feature"))
    assert "They learn nothing at all." in _said(c.do("search failure"))
    assert "nothing" not in _said(c.do("search success"))
    with pytest.raises(UsageError, match="^search needs result"):
        c.do("search")


def test_listening_at_a_door_is_better_than_in_the_room(crawl):
    c = crawl(SYSTEM)
    room = _said(c.do("listen"))
    door = _said(c.do("listen door"))
    assert "Intellect | Perception" in room and "Intellect | Perception" in door
    assert "better chance" in door and "better chance" not in room


def test_battering_a_door_is_loud(crawl):
    c = crawl(SYSTEM)
    c.do("set alarm 3")
    result = c.do("batter-door failure")
    assert "The door holds." in _said(result)
    assert c.value("alarm") == 4, "Loud, though the door held"
    c.do("loud")
    assert c.value("alarm") == 5


def test_improvised_lockpicks_take_minus_four(crawl):
    c = crawl(SYSTEM)
    proper = _said(c.do("pick-lock success"))
    improvised = _said(c.do("pick-lock success yes"))
    assert "-4" not in proper
    assert "-4" in improvised


def test_casting_points_to_the_magic_chapter(crawl):
    c = crawl(SYSTEM)
    assert "Magic chapter" in _said(c.do("cast"))


def test_steps_name_the_round_in_order(crawl):
    steps = crawl(SYSTEM).world.procedure.steps
    assert "depletion" in steps[0]
    assert all(word in steps[1] for word in ("advance", "stay", "hide", "backtrack"))
    assert "Alarm" in steps[2]


# -- statistics ------------------------------------------------------------------------

def _within(hits: int, n: int, p: float) -> None:
    sigma = math.sqrt(n * p * (1 - p))
    assert abs(hits - n * p) < 4 * sigma, (hits, n * p)


@pytest.mark.parametrize("alarm", [2, 5])
def test_encounter_rate_after_advancing_is_alarm_in_ten(crawl, alarm):
    c = crawl(SYSTEM)
    n, hits = 1500, 0
    for seed in range(n):
        c.do(f"set alarm {alarm - 1}")
        hits += len(_met(c.do("advance", seed=seed)))
    _within(hits, n, alarm / 10)


def _steady_state_rate() -> float:
    """Exact share of 'advance' rounds that meet an encounter, from the Alarm's Markov chain."""
    share = [1.0] + [0.0] * 10          # distribution of the Alarm before a round
    rate = 0.0
    for _ in range(500):
        following = [0.0] * 11
        rate = 0.0
        for alarm, weight in enumerate(share):
            raised = min(alarm + 1, 10)
            p = raised / 10
            rate += weight * p
            following[0] += weight * p
            following[raised] += weight * (1 - p)
        share = following
    return rate


def test_simulate_line_meets_encounters_at_the_expected_rate(crawl):
    c = crawl(SYSTEM)
    rng = random.Random(2024)
    n, hits, outcomes = 3000, 0, {}
    for _ in range(n):
        result = c.do(c.world.procedure.simulate, seed=rng.randrange(10**9))
        hits += len(_met(result))
        for outcome in result.outcomes:
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    p = _steady_state_rate()
    assert 0.27 < p < 0.28      # one encounter in about 3.66 rounds of advancing
    _within(hits, n, p)
    assert outcomes == {"encounter": hits, "quiet": n - hits}


def test_a_lit_torch_goes_out_one_round_in_six(crawl):
    c = crawl(SYSTEM)
    n, outs = 1800, 0
    for seed in range(n):
        c.state = start(c.world)
        c.do("light torch")
        result = c.do("stay", seed=seed)
        outs += sum(1 for e in result.events if isinstance(e, LightChanged) and e.after == "out")
    _within(outs, n, 1 / 6)


# -- the Alarm cap and hiding --------------------------------------------------------------

def test_hiding_subtracts_from_the_capped_alarm(crawl):
    # The reading beside the cap: an Alarm pushed past 10 is held at 10, so hiding
    # well from there ends at 8, not at the 10 an uncapped 12 would give.
    c = crawl(SYSTEM)
    c.do("set alarm 10")
    c.do("stay")
    c.do("stay")
    assert c.value("alarm") == 10
    c.do("hide success 0")
    assert c.value("alarm") == 8
    reading = c.world.procedure.trackers["alarm"].reading
    assert "hiding subtracts from the capped value" in " ".join(reading.split())


@pytest.mark.parametrize("stealth", ["success", "failure"])
@pytest.mark.parametrize("line", CHARACTER)
def test_after_hiding_the_party_takes_no_actions_that_round(crawl, stealth, line):
    c = crawl(SYSTEM)
    c.do(f"hide {stealth}", faces=[1])
    before = c.state
    with pytest.raises(UsageError, match="^The party is hiding this round: no character "
                                         "acts"):
        c.do(line)
    assert c.state == before
    c.do("loud")                      # something that happens to them is still reported
    assert c.value("alarm") == before.values["alarm"] + 1
    c.do("stay")                      # the next round begins: actions are back
    c.do(line)
    assert c.state.turn == 2


@pytest.mark.parametrize("navigation", ["advance", "stay", "backtrack"])
def test_other_navigation_leaves_the_party_free_to_act(crawl, navigation):
    c = crawl(SYSTEM)
    c.do(navigation, faces=[10])
    for line in CHARACTER:
        c.do(line)
    assert c.state.turn == 1


def test_the_prompt_names_the_round_the_party_is_acting_in(tmp_path):
    from solo.play.session import Session
    from solo.play.start import create_journal_file

    session = Session(create_journal_file(str(tmp_path / "j.md"), SYSTEM, "Rounds", 9, []))
    try:
        assert session.where().startswith("Round 1 · Alarm 0/10 · begin round 1: ")
        session.handle("advance")
        where = session.where()
        assert where.startswith("Round 1 under way (0:10) · Alarm 1/10 · each character acts")
        assert "Round 2" not in where and "begin round 2: " in where
        session.handle("search success")
        assert session.where() == where
        session.handle("hide success 0")
        where = session.where()
        assert where.startswith("Round 2 under way (0:20) · Alarm 0/10 · the party is hiding")
        assert "each character acts" not in where and "begin round 3: " in where
    finally:
        session.close()


# -- the party: each member's moment's rest, hurts and recovery ---------------------------

def _member(c, name: str) -> Member:
    member = c.state.member(name)
    assert member is not None
    return member


def _changes(result) -> list[tuple[str, str, int, int]]:
    """What happened to the members, beside the mark of their action this round."""
    return [(e.name, e.what, e.before, e.after) for e in result.events
            if isinstance(e, MemberChanged) and e.what != "acted"]


def test_a_rest_named_for_one_member_reaches_only_that_member(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("supply rations 1")
    result = c.do("rest", actor="Wren")
    assert result.events[0] == Acted("rest", "Wren")
    assert c.state.supplies["rations"] == 0, "Wren ate the party's last ration"
    assert _changes(result) == []
    result = c.do("rest", actor="Brother Ott")
    assert "Brother Ott has nothing to eat." in _said(result)
    assert _changes(result) == [("Brother Ott", "endurance", 0, 1)]
    assert _member(c, "Brother Ott").condition("endurance") == 1
    assert _member(c, "Wren").condition("endurance") == 0


def test_eating_takes_one_ration_per_member_once_rations_are_counted(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("supply ration 5")
    result = c.do("rest")                      # no one named: every member rests
    eaten = [e for e in result.events if isinstance(e, TrackerChanged) and e.tracker == "rations"]
    assert [(e.before, e.after, e.reason) for e in eaten] == [
        (5, 4, "Wren eats"), (4, 3, "Brother Ott eats")]
    assert _changes(result) == []


def test_uncounted_rations_never_run_out(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    for _ in range(12):
        result = c.do("rest", actor="Wren")
        assert "Wren eats." in _said(result)
        c.do("stay")                           # one action a round: the next round
    assert _member(c, "Wren").condition("endurance") == 0
    assert "rations" not in c.state.supplies


def test_a_character_who_fasts_loses_1_endurance_and_keeps_the_food(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("supply rations 2")
    result = c.do("rest fast", actor="Wren")
    assert _changes(result) == [("Wren", "endurance", 0, 1)]
    assert c.state.supplies["rations"] == 2
    c.do("stay")
    c.do("rest meal=fast", actor="Wren")
    assert _member(c, "Wren").condition("endurance") == 2
    assert _member(c, "Wren").hp == 8, "endurance is not hit points"


def test_recovery_dice_heal_the_resting_character_up_to_their_maximum(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("hurt 6")                             # everyone loses 6: 2/8
    assert [(m.name, m.hp) for m in c.state.party] == [("Wren", 2), ("Brother Ott", 2)]
    result = c.do("rest 4", actor="Wren")          # say, one d4 spent: its maximum, 4
    assert _changes(result) == [("Wren", "hp", 2, 6)]
    c.do("stay")
    result = c.do("rest 16", actor="Wren")         # two d8: 16, more than the 2 missing
    assert _changes(result) == [("Wren", "hp", 6, 8)]
    assert _member(c, "Brother Ott").hp == 2
    c.do("stay")
    result = c.do("rest 3", actor="Wren")
    assert _changes(result) == [] and "Wren is already at full hit points." in _said(result)


def test_hurt_takes_hit_points_from_the_named_member_and_flags_them_at_0(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    result = c.do("hurt 11", actor="Brother Ott")
    assert _changes(result) == [("Brother Ott", "hp", 8, 0)]
    lines = [line for event in result.events for line in event_lines(event)]
    assert "=> Brother Ott is down at 0 HP" in lines
    assert "=> [PC:Brother Ott|HP 0/8] HP -8: hurt" in lines
    assert _member(c, "Wren").hp == 8 and _member(c, "Brother Ott").hp == 0
    with pytest.raises(UsageError):
        c.do("hurt 0")


def test_without_a_party_the_rest_plays_as_it_always_did(crawl):
    c = crawl(SYSTEM)
    c.do("supply rations 3")
    result = c.do("rest 5")
    assert _changes(result) == []
    assert c.state.supplies["rations"] == 3, "nobody in the party eats"
    assert "Moment's rest: the character eats or loses 1 endurance." in _said(result)
    with pytest.raises(UsageError, match="no one is named in the party"):
        c.do("hurt 4")


# -- one action per character per round (issue 22) ------------------------------------------

def _acted(c) -> dict[str, int]:
    return {member.name: member.condition("acted") for member in c.state.party}


@pytest.mark.parametrize("second", CHARACTER)
def test_a_character_takes_one_action_a_round(crawl, second):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("supply rations 5")
    c.do("advance", faces=[10])
    c.do("rest", actor="Wren")
    before = c.state
    with pytest.raises(UsageError, match="^Wren has acted this round: each character takes "
                                         "one action a round") as refused:
        c.do(second, actor="Wren")
    assert "\n" not in str(refused.value) and "Brother Ott" not in str(refused.value)
    assert c.state == before, "a refused action changes nothing: Wren ate one ration only"
    assert c.state.supplies["rations"] == 4
    c.do(second, actor="Brother Ott")               # the others still have theirs
    assert _acted(c) == {"Wren": 1, "Brother Ott": 1}


@pytest.mark.parametrize("navigation", ["advance", "stay", "hide success", "backtrack"])
def test_the_next_navigation_begins_a_round_with_every_action_free(crawl, navigation):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("search success", actor="Wren")
    c.do("listen", actor="Brother Ott")
    c.do(navigation, faces=[10])
    assert _acted(c) == {"Wren": 0, "Brother Ott": 0}
    if navigation != "hide success":           # after hiding, the round has no actions
        c.do("search success", actor="Wren")
        assert _acted(c) == {"Wren": 1, "Brother Ott": 0}


def test_a_line_naming_no_one_is_the_whole_partys_action(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("advance", faces=[10])
    c.do("batter-door success")
    assert _acted(c) == {"Wren": 1, "Brother Ott": 1}
    with pytest.raises(UsageError, match="^Brother Ott has acted this round"):
        c.do("listen", actor="Brother Ott")
    c.do("stay")
    c.do("cast", actor="Wren")
    with pytest.raises(UsageError, match="^Someone has acted this round, so a line naming "
                                         "no one .* must wait: name who acts"):
        c.do("listen")                           # Wren has acted, so not everyone may
    c.do("listen", actor="Brother Ott")


def _lines(result) -> list[str]:
    return [line for event in result.events for line in event_lines(event)]


def test_the_action_line_says_who_acted_and_the_mark_makes_no_line_of_its_own(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("advance", faces=[10])
    result = c.do("pick-lock failure", actor="Wren")
    assert _lines(result) == ["@(Wren) pick-lock failure", "(note: The lock holds.)"]
    assert _acted(c) == {"Wren": 1, "Brother Ott": 0}, "the mark is kept all the same"
    result = c.do("rest fast", actor="Brother Ott")
    assert "=> [PC:Brother Ott|HP 8/8|Endurance lost 1|acted] Endurance lost +1: rested " \
           "without eating" in _lines(result), "a member's tag shows the mark"
    result = c.do("stay")                        # the next round clears the marks, quietly
    assert not [line for line in _lines(result) if "[PC:" in line]
    assert _acted(c) == {"Wren": 0, "Brother Ott": 0}


@pytest.mark.parametrize("line", ["party set Wren acted 1", "party set Wren acted 0",
                                  "party add Cid acted 1"])
def test_only_the_rules_mark_who_has_acted(crawl, line):
    """A mark set by hand would put the round out of step: a second action taken, or a
    line naming no one refused though the status shows no one acted."""
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("stay")
    c.do("listen", actor="Wren")
    before = c.state
    with pytest.raises(UsageError, match="^acted is the procedure's own mark, kept by its "
                                         "rules, not by hand; .*endurance"):
        c.do(line)
    assert c.state == before
    with pytest.raises(UsageError, match="^Wren has acted this round"):
        c.do("rest", actor="Wren")


def test_without_named_characters_solo_counts_no_actions(crawl):
    c = crawl(SYSTEM)
    for line in CHARACTER * 2:
        c.do(line)
    assert c.value("acted_count") == 0 and c.state.turn == 0


# -- a moment's rest gives back armor dice and two focus checkmarks ----------------------------

def test_a_moments_rest_regains_armor_dice_and_erases_two_focus_checkmarks(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("spend-armor 3", actor="Wren")
    c.do("mark-focus 5", actor="Wren")
    c.do("spend-armor", actor="Brother Ott")
    c.do("mark-focus", actor="Brother Ott")
    conditions = {m.name: (m.condition("armor_spent"), m.condition("focus_marks"))
                  for m in c.state.party}
    assert conditions == {"Wren": (3, 5), "Brother Ott": (1, 1)}
    result = c.do("rest", actor="Wren")
    assert _changes(result) == [("Wren", "armor_spent", 3, 0), ("Wren", "focus_marks", 5, 3)]
    c.do("stay")
    result = c.do("rest")
    assert _changes(result) == [("Wren", "focus_marks", 3, 1),
                                ("Brother Ott", "armor_spent", 1, 0),
                                ("Brother Ott", "focus_marks", 1, 0)]
    c.do("stay")
    result = c.do("rest", actor="Wren")
    assert _changes(result) == [("Wren", "focus_marks", 1, 0)], "never below none"


def test_spending_armor_and_marking_focus_is_no_action(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("search success", actor="Wren")
    c.do("spend-armor 2", actor="Wren")
    c.do("mark-focus", actor="Wren")
    assert _member(c, "Wren").condition("armor_spent") == 2


# -- the readings as settings: depletion and Loud -------------------------------------------

def test_the_depletion_check_can_be_left_to_the_player(crawl):
    c = crawl(SYSTEM)
    assert c.world.procedure.settings["depletion"] == "d6"
    c.do("set depletion player")
    c.do("light torch")
    c.do("light candle")
    result = c.do("stay", faces=[])
    assert not _checks(result, "depletion")
    assert "make one for each lit source (2)" in _said(result)
    assert len(c.state.lights) == 2, "no die of solo's puts anything out"
    c.do("depleted candle")
    assert [light.kind for light in c.state.lights] == ["torch"]
    with pytest.raises(UsageError, match="No such light is burning"):
        c.do("depleted lantern")


@pytest.mark.parametrize("loud, alarm", [(1, 4), (0, 3), (2, 5)])
def test_loud_raises_the_alarm_by_the_loud_setting(crawl, loud, alarm):
    c = crawl(SYSTEM)
    assert c.world.procedure.settings["loud_alarm"] == 1
    c.do(f"set loud_alarm {loud}")
    c.do("set alarm 3")
    result = c.do("batter-door failure")
    assert c.value("alarm") == alarm
    assert ("seed gives Loud no number" in _said(result)) == (loud == 0)
    changes = [e for e in result.events if isinstance(e, TrackerChanged) and e.tracker == "alarm"]
    assert len(changes) == (0 if loud == 0 else 1)
    c.do("loud")
    assert c.value("alarm") == 3 + 2 * loud


def test_a_rest_heals_nothing_unless_told_and_zero_is_a_number(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("hurt 3")
    assert _changes(c.do("rest", actor="Wren")) == [], "no recovery dice spent: no healing"
    c.do("stay")
    assert _changes(c.do("rest 0", actor="Wren")) == []
    c.do("stay")
    c.do("rest 3", actor="Wren")
    c.do("stay")
    result = c.do("rest 1", actor="Wren")
    assert "Wren is already at full hit points." in _said(result)


@pytest.mark.parametrize("which", ["torch", "lantern", "candle"])
def test_depleted_puts_out_one_source_of_its_kind(crawl, which):
    c = crawl(SYSTEM)
    c.do(f"light {which}")
    c.do(f"light {which}")
    c.do(f"depleted {which}")
    assert [light.kind for light in c.state.lights] == [which]
    c.do(f"depleted {which}")
    assert c.state.lights == ()
    with pytest.raises(UsageError, match="No such light is burning"):
        c.do(f"depleted {which}")


@pytest.mark.parametrize("line", ["spend-armor", "mark-focus"])
def test_at_least_one_armor_die_or_checkmark(crawl, line):
    c = crawl(SYSTEM, party=("Wren",))
    c.do(f"{line} 1", actor="Wren")
    assert sum(count for _, count in _member(c, "Wren").conditions) == 1
    with pytest.raises(UsageError):
        c.do(f"{line} 0", actor="Wren")
