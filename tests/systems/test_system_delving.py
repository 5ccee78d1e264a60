"""The delving procedure (seed 001): d6 hazard die at the end of each 10-minute turn,
crawl/walk/run paces, torches, candles and lanterns, darkness, and searching."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest

from solo.engine.events import (
    Encountered,
    LightChanged,
    MemberChanged,
    Said,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.errors import UsageError
from tests.conftest import ScriptedRandom
from tests.conftest import perform_line as perform
from tests.fake_env import run_here

SYSTEM = "delving"


def said(c) -> str:
    return "\n".join(event.text for event in c.events(Said))


def lit_kinds(c) -> list[str]:
    return [light.kind for light in c.state.lights]


def test_turns_are_ten_minutes(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[6])
    [passed] = c.events(TurnPassed)
    assert passed.minutes == 10
    assert c.state.turn == 1


@pytest.mark.parametrize("face, outcome", [
    (1, "encounter"), (2, "fatigue"), (3, "burn"), (4, "dungeon-shift"), (5, "sign"), (6, "free"),
])
def test_hazard_die_faces(crawl, face, outcome):
    c = crawl(SYSTEM)
    c.do("light torch")
    result = c.do("explore", faces=[face, 4])
    assert result.outcomes == (outcome,)
    hazard = [e for e in c.events(TableRolled) if e.table == "hazard"]
    assert len(hazard) == 1 and hazard[0].roll.text == "d6"


def test_hazard_is_rolled_at_the_end_of_the_turn(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[6])
    events = c.last.events
    turn = next(i for i, e in enumerate(events) if isinstance(e, TurnPassed))
    roll = next(i for i, e in enumerate(events) if isinstance(e, TableRolled))
    assert turn < roll


# -- 1: encounter, and surprise by pace and light ---------------------------------------

def test_encounter_while_crawling_with_light_is_not_an_automatic_surprise(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("explore", faces=[1, 4])
    [met] = c.events(Encountered)
    assert met.table == "delving-encounters" and met.status == "met"
    assert "gelatinous cube" in met.text
    assert "not caught off guard" in said(c)
    assert "surprised (" not in said(c)


@pytest.mark.parametrize("pace, why", [("walk", "while walking"), ("run", "while running")])
def test_walking_or_running_party_is_surprised(crawl, pace, why):
    c = crawl(SYSTEM)
    c.do("light lantern")
    c.do(f"move {pace}", faces=[1, 4])
    assert c.events(Encountered)
    assert f"The party is surprised ({why})" in said(c)


def test_pace_persists_so_later_encounters_still_surprise(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("move walk", faces=[6])
    assert c.value("pace") == "walk"
    c.do("explore", faces=[1, 4])
    assert "surprised (while walking)" in said(c)
    c.do("move crawl", faces=[1, 4])
    assert c.value("pace") == "crawl"
    assert "not caught off guard" in said(c)


def test_darkness_means_surprise_even_when_crawling(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[1, 4])
    assert "surprised (in total darkness)" in said(c)


# -- 2: fatigue ----------------------------------------------------------------------------

def test_fatigue_damages_each_member_unless_the_next_turn_is_a_rest(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[2])
    assert c.value("fatigue") == 0
    assert "rest next turn" in said(c)
    c.do("explore", faces=[6])
    assert c.value("fatigue") == 1
    [change] = c.events(TrackerChanged)
    assert (change.tracker, change.before, change.after) == ("fatigue", 0, 1)
    c.do("explore", faces=[6])
    assert c.value("fatigue") == 1  # only once per fatigue result


def test_resting_the_next_turn_avoids_fatigue_damage(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[2])
    c.do("rest", faces=[6])
    assert c.value("fatigue") == 0
    assert not c.events(TrackerChanged)
    c.do("explore", faces=[6])
    assert c.value("fatigue") == 0


def test_fatigue_is_ignored_while_resting(crawl):
    c = crawl(SYSTEM)
    c.do("rest", faces=[2])
    assert "ignored" in said(c)
    c.do("explore", faces=[6])
    assert c.value("fatigue") == 0


def test_fatigue_damage_can_be_raised_for_harsh_dungeons(crawl):
    c = crawl(SYSTEM)
    assert c.value("fatigue_damage") == 1
    c.do("set fatigue_damage 2")
    c.do("fight", faces=[2])
    c.do("fight", faces=[6])
    assert c.value("fatigue") == 2


def test_fatigue_in_the_first_turn_of_a_two_turn_search_hits_in_the_second(crawl):
    c = crawl(SYSTEM)
    c.do("light candle")
    c.do("search", faces=[2, 6])
    assert c.state.turn == 2
    assert c.value("fatigue") == 1


# -- 3: burn ---------------------------------------------------------------------------

def test_burn_puts_out_every_torch_but_not_candles_or_lanterns(crawl):
    c = crawl(SYSTEM)
    for kind in ("torch", "torch", "candle", "lantern"):
        c.do(f"light {kind}")
    c.do("explore", faces=[3])
    assert sorted(lit_kinds(c)) == ["candle", "lantern"]
    assert len(c.events(LightChanged)) == 2
    assert "embers" in said(c)


def test_torch_has_no_duration_and_only_a_3_puts_it_out(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    for face in [1, 2, 4, 5, 6] * 20:
        c.do("rest", faces=[face])
    assert lit_kinds(c) == ["torch"]
    c.do("rest", faces=[3])
    assert lit_kinds(c) == []


# -- 4, 5, 6 -----------------------------------------------------------------------------

def test_dungeon_shift_rolls_the_shifts_table(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[4, 12])
    [shift] = [e for e in c.events(TableRolled) if e.table == "delving-shifts"]
    assert shift.roll.text == "d12"
    assert "shudders" in shift.text


def test_sign_foreshadows_the_next_encounter(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("explore", faces=[5, 7])
    [sign] = c.events(Encountered)
    assert sign.status == "sign" and "giant spider" in sign.text
    assert c.state.encounters == 0
    c.do("explore", faces=[1])
    [met] = c.events(Encountered)
    assert met.status == "foreshadowed" and "giant spider" in met.text
    assert c.state.encounters == 1
    assert "not caught off guard" in said(c)


def test_free_turn_does_nothing(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("explore", faces=[6])
    assert not c.events(Encountered) and not c.events(LightChanged)
    assert not c.events(TrackerChanged)


# -- paces ------------------------------------------------------------------------------

@pytest.mark.parametrize("pace, distance, consequence", [
    ("crawl", "36 m", "finds every trap"),
    ("walk", "720 m", "can still map"),
    ("run", "1.5 km", "cannot map"),
])
def test_move_paces(crawl, pace, distance, consequence):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do(f"move {pace}", faces=[6])
    assert f"up to {distance} this turn" in said(c)
    assert consequence in said(c)
    assert c.state.turn == 1


def test_move_defaults_to_crawling(crawl):
    c = crawl(SYSTEM)
    c.do("move walk", faces=[6])
    c.do("move", faces=[6])
    assert c.value("pace") == "crawl"


def test_walking_and_running_spring_traps(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("move walk", faces=[6])
    assert "springs every trap" in said(c)
    c.do("move run", faces=[6])
    assert "springs every trap" in said(c)


def test_running_blows_out_candles_but_not_lanterns_or_torches(crawl):
    c = crawl(SYSTEM)
    for kind in ("candle", "candle", "lantern", "torch"):
        c.do(f"light {kind}")
    c.do("move run", faces=[6])
    assert sorted(lit_kinds(c)) == ["lantern", "torch"]
    c.do("light candle")
    c.do("explore", faces=[6])  # still running
    assert "candle" not in lit_kinds(c)
    c.do("move walk", faces=[6])
    c.do("light candle")
    c.do("explore", faces=[6])
    assert "candle" in lit_kinds(c)


# -- lights ---------------------------------------------------------------------------

def test_candle_lasts_48_turns(crawl):
    c = crawl(SYSTEM)
    c.do("light candle")
    assert c.state.lights[0].remaining == 48
    for _ in range(47):
        c.do("rest", faces=[6])
    assert lit_kinds(c) == ["candle"] and c.state.lights[0].remaining == 1
    c.do("rest", faces=[6])
    assert lit_kinds(c) == []
    assert c.events(LightChanged)[0].after == "burnt out"


def test_lantern_has_no_duration(crawl):
    c = crawl(SYSTEM)
    c.do("light lantern")
    assert c.state.lights[0].remaining is None


def test_light_sources_facts(crawl):
    c = crawl(SYSTEM)
    c.do("sources")
    text = said(c)
    assert "Torch: bright; general shapes within 12 m, details within 3 m" in text
    assert "Candle: dim; general shapes within 6 m, details within 3 m" in text
    assert "8 hours (48 turns)" in text
    assert "10 candles fill a slot" in text
    assert c.state.turn == 0


# -- searching -----------------------------------------------------------------------

@pytest.mark.parametrize("lights, turns", [
    (("torch",), 1), (("candle",), 2), (("lantern",), 2), (("candle", "torch"), 1), ((), 1),
])
def test_search_takes_two_turns_in_dim_light(crawl, lights, turns):
    c = crawl(SYSTEM)
    for kind in lights:
        c.do(f"light {kind}")
    result = c.do("search", faces=[6] * turns)
    assert c.state.turn == turns
    assert len(result.outcomes) == turns
    assert "non-obvious features" in said(c)


@pytest.mark.parametrize("action", ["fight", "rest", "explore"])
def test_other_actions_take_one_turn(crawl, action):
    c = crawl(SYSTEM)
    c.do(action, faces=[6])
    assert c.state.turn == 1


# -- darkness --------------------------------------------------------------------------

def test_darkness_penalties(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[6])
    assert "-10 on checks involving movement or coordination" in said(c)
    assert "cannot map" in said(c)
    c.do("light torch")
    c.do("explore", faces=[6])
    assert "-10" not in said(c)


def test_running_out_the_only_candle_leaves_the_party_in_darkness(crawl):
    c = crawl(SYSTEM)
    c.do("light candle")
    c.do("move run", faces=[6])
    assert "Total darkness" in said(c)


# -- rates -----------------------------------------------------------------------------

def _within(count: int, n: int, p: float) -> bool:
    return abs(count - n * p) <= 4 * math.sqrt(n * p * (1 - p))


def test_simulated_hazard_rates(crawl):
    c = crawl(SYSTEM)
    line = c.world.procedure.simulate
    assert line == "explore"
    rng = random.Random(2024)
    state = c.state
    counts: Counter = Counter()
    n = 900
    for _ in range(n):
        result = perform(c.world, state, line, rng)
        state = result.state
        counts.update(result.outcomes)
    assert sum(counts.values()) == n
    for outcome in ("encounter", "fatigue", "burn", "dungeon-shift", "sign", "free"):
        assert _within(counts[outcome], n, 1 / 6), (outcome, counts)


# -- the texts a player reads ----------------------------------------------------------

def test_texts_carry_the_numbers(crawl):
    procedure = crawl(SYSTEM).world.procedure
    assert procedure.actions["move"].args[0].help == "crawl 36 m, walk 720 m, run 1.5 km per turn"
    readings = {name: " ".join(kind.reading.split()) for name, kind in procedure.lights.items()}
    assert readings["torch"].startswith("General shapes within 12 m, details within 3 m.")
    assert "hazard die shows a 3" in readings["torch"]
    assert readings["candle"].startswith(
        "General shapes within 6 m, details within 3 m. Lasts 8 hours (48 turns)")
    assert "10 candles fill one slot" in readings["candle"]
    assert "turn of 10 minutes" in procedure.steps[1]


def test_sources_say_what_puts_a_torch_out(crawl):
    c = crawl(SYSTEM)
    c.do("sources")
    assert "burns until the hazard die shows a 3" in said(c)


def test_burnt_torches_are_blamed_on_the_hazard_die(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("explore", faces=[3])
    assert c.events(LightChanged)[0].reason == "burnt out (hazard die 3)"


# -- candles as a counted supply -------------------------------------------------------

def test_a_slot_of_ten_candles_each_fresh_candle_takes_one(crawl):
    c = crawl("delving")
    assert c.state.supplies["candles"] == 10, "10 candles fill a slot"
    c.do("light candle")
    assert c.state.supplies["candles"] == 9
    c.do("move run", faces=[6])                     # running blows the candle out
    assert c.value("pace") == "run" and not c.state.lights
    c.do("light candle")
    assert c.state.supplies["candles"] == 8, "a blown-out candle is gone; a fresh one is lit"
    changed = [e for e in c.last.events if isinstance(e, TrackerChanged)]
    assert [(e.tracker, e.before, e.after) for e in changed] == [("candles", 9, 8)]
    c.do("light torch")
    assert c.state.supplies["candles"] == 8, "torches are not counted"
    c.do("set candles 0")
    with pytest.raises(UsageError, match="no candles left"):
        c.do("light candle")


def test_a_doused_candle_relit_takes_no_fresh_one_and_status_counts_them(tmp_path):
    run = run_here("new", str(tmp_path / "d.md"), "--system", SYSTEM, "--seed", "1",
                   stdin="light candle\ndouse candle\nlight candle\nstatus\n", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("=> [Inv:Candles|9] -1: one used to light a candle") == 1
    assert "Candles: 9" in run.stdout.splitlines()


# -- the party: fatigue reaches each named member -----------------------------------------

def hit_points(c) -> dict[str, tuple[int, int]]:
    return {member.name: (member.hp, member.max_hp) for member in c.state.party}


def test_fatigue_without_rest_costs_each_named_member_its_damage(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    assert hit_points(c) == {"Wren": (8, 8), "Brother Ott": (8, 8)}
    c.do("explore", faces=[2])
    assert hit_points(c) == {"Wren": (8, 8), "Brother Ott": (8, 8)}, "the next turn decides"
    c.do("explore", faces=[6])
    assert hit_points(c) == {"Wren": (7, 8), "Brother Ott": (7, 8)}
    assert c.value("fatigue") == 1, "the party-wide count goes on beside the members"
    changes = c.events(MemberChanged)
    assert [(e.name, e.what, e.before, e.after, e.reason) for e in changes] == [
        ("Wren", "hp", 8, 7, "fatigue without rest"),
        ("Brother Ott", "hp", 8, 7, "fatigue without rest")]
    c.do("explore", faces=[6])
    assert hit_points(c) == {"Wren": (7, 8), "Brother Ott": (7, 8)}, "once per result"


def test_a_rest_after_a_fatigue_result_spares_every_member(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[2])
    c.do("rest", faces=[6])
    c.do("explore", faces=[6])
    assert hit_points(c) == {"Wren": (8, 8), "Brother Ott": (8, 8)}


def test_a_named_members_rest_is_the_partys_rest(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[2])
    c.last = perform(c.world, c.state, "rest", ScriptedRandom([6]), actor="Wren")
    c.state = c.last.state
    assert hit_points(c) == {"Wren": (8, 8), "Brother Ott": (8, 8)}


def test_fatigue_rolled_while_resting_costs_no_one_anything(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("rest", faces=[2])
    c.do("explore", faces=[6])
    assert hit_points(c) == {"Wren": (8, 8), "Brother Ott": (8, 8)}


def test_harsh_dungeons_raise_the_damage_each_member_takes(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("set fatigue_damage 3")
    c.do("fight", faces=[2])
    c.do("fight", faces=[6])
    assert hit_points(c) == {"Wren": (5, 8), "Brother Ott": (5, 8)}


def test_fatigue_reaches_members_added_during_play_and_flags_one_brought_to_zero(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("party add Mira hp 1")
    c.do("explore", faces=[2])
    c.do("explore", faces=[6])
    assert hit_points(c) == {"Wren": (7, 8), "Mira": (0, 1)}
    [down] = [e for e in c.events(MemberChanged) if e.after == 0]
    assert down.name == "Mira" and down.hp == 0
    c.do("explore", faces=[2])
    c.do("explore", faces=[6])
    assert hit_points(c) == {"Wren": (6, 8), "Mira": (0, 1)}, "hit points stop at 0"


def test_a_two_turn_search_settles_fatigue_on_its_second_turn_for_each_member(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("light candle")
    c.do("search", faces=[2, 6])
    assert c.state.turn == 2
    assert hit_points(c) == {"Wren": (7, 8), "Brother Ott": (7, 8)}


def test_members_lose_one_hit_point_per_fatigue_result_on_average(crawl):
    """Over many turns without rest, each member loses one hit point for each 2 the hazard
    die shows (but the last turn's, which no later turn settles): 1 in 6 turns."""
    c = crawl(SYSTEM)
    c.do("party add Wren hp 100000")
    c.do("party add Ott hp 100000")
    rng = random.Random(77)
    state, n, twos = c.state, 1800, 0
    for _ in range(n):
        result = perform(c.world, state, "explore", rng)
        state = result.state
        twos += result.outcomes.count("fatigue")
    lost = {member.name: member.max_hp - member.hp for member in state.party}
    last_was_two = state.values["fatigue_due"]
    assert lost["Wren"] == lost["Ott"] == twos - last_was_two
    assert _within(lost["Wren"], n, 1 / 6), lost


# -- torches as a supply the player counts ------------------------------------------------

def test_uncounted_torches_never_run_out(crawl):
    c = crawl(SYSTEM)
    assert "torches" not in c.state.supplies
    for _ in range(5):
        c.do("light torch")
        c.do("explore", faces=[3])                  # burnt out: light a fresh one
        assert all(e.tracker != "torches" for e in c.events(TrackerChanged))
    c.do("light torch")
    assert lit_kinds(c) == ["torch"]


def test_counted_torches_each_fresh_torch_takes_one_until_none_are_left(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("supply torch 1")
    assert c.state.supplies["torches"] == 1
    c.do("light torch")
    assert c.state.supplies["torches"] == 0 and lit_kinds(c) == ["torch"]
    with pytest.raises(UsageError, match="no torches left"):
        c.do("light torch")
    c.do("explore", faces=[3])                      # burn: the lit one goes out
    with pytest.raises(UsageError, match="no torches left"):
        c.do("light torch")
    c.do("supply torches +2")
    c.do("light torch")
    assert c.state.supplies["torches"] == 1
    assert c.state.supplies["candles"] == 10, "candles are counted apart"


def test_a_fresh_lantern_takes_a_candle_and_a_relit_one_does_not(crawl):
    c = crawl(SYSTEM)
    c.do("light lantern")
    assert c.state.supplies["candles"] == 9 and lit_kinds(c) == ["lantern"]
    c.do("douse lantern")
    c.do("light lantern")
    assert c.state.supplies["candles"] == 9
    c.do("set candles 0")
    c.do("douse lantern")
    c.do("light lantern")
    assert lit_kinds(c) == ["lantern"], "the doused lantern needs no candle"
    c.state = replace(c.state, lights=(), doused=())
    with pytest.raises(UsageError, match="no candles left"):
        c.do("light lantern")


# -- the lantern's duration as a setting (issue 22) ---------------------------------------------

FREE = 6   # the hazard face that does nothing


def test_a_lantern_can_last_as_long_as_the_candle_inside_it(crawl):
    c = crawl(SYSTEM)
    assert c.world.procedure.settings["lantern_lasts"] == "expedition"
    c.do("set lantern_lasts candle")
    c.do("light lantern")
    c.do("light candle")
    for _ in range(47):
        c.do("explore", faces=[FREE])
    assert sorted(lit_kinds(c)) == ["candle", "lantern"]
    c.do("douse lantern")
    c.do("explore", faces=[FREE])             # a doused lantern burns nothing
    c.do("light lantern")
    assert lit_kinds(c) == ["lantern"], "the candle lit with it burnt out after 48 turns"
    c.do("explore", faces=[FREE])             # the lantern's 48th turn lit
    assert lit_kinds(c) == []
    [out] = c.events(LightChanged)
    assert out.kind == "lantern" and out.after == "burnt out"
    c.do("light lantern")                     # a fresh one: its own 48 turns
    for _ in range(47):
        c.do("explore", faces=[FREE])
    assert lit_kinds(c) == ["lantern"]


def test_by_default_a_lantern_outlasts_any_count_of_turns(crawl):
    c = crawl(SYSTEM)
    c.do("light lantern")
    for _ in range(100):
        c.do("explore", faces=[FREE])
    assert lit_kinds(c) == ["lantern"] and c.state.lights[0].remaining is None


# -- darkness: the -10 falls on no check solo rolls ------------------------------------------------

@pytest.mark.parametrize("line", ["explore", "move crawl", "move run", "search", "fight", "rest"])
def test_solo_rolls_no_check_in_the_dark_and_reminds_of_the_minus_10(crawl, line):
    from solo.engine.events import Checked, Rolled
    c = crawl(SYSTEM)
    result = c.do(line, faces=[FREE, FREE])
    assert not [e for e in result.events if isinstance(e, (Checked, Rolled))], \
        "a check solo rolled would have to take the -10 in the dark"
    if line != "rest":
        assert "-10 on checks involving movement or coordination" in said(c)


def test_lanterns_lit_together_burn_out_together(crawl):
    c = crawl(SYSTEM)
    c.do("set lantern_lasts candle")
    c.do("light lantern")
    c.do("light lantern")
    for _ in range(47):
        c.do("explore", faces=[FREE])
    assert lit_kinds(c) == ["lantern", "lantern"]
    c.do("explore", faces=[FREE])
    assert lit_kinds(c) == []


def test_lanterns_lit_at_different_turns_each_burn_their_own_48(crawl):
    c = crawl(SYSTEM)
    c.do("set lantern_lasts candle")
    c.do("light lantern")                     # lit before turn 1: out at the end of turn 48
    for _ in range(10):
        c.do("explore", faces=[FREE])
    c.do("light lantern")                     # lit before turn 11: out at the end of turn 58
    assert [light.remaining for light in c.state.lights] == [38, 48]
    for _ in range(37):
        c.do("explore", faces=[FREE])
    assert lit_kinds(c) == ["lantern", "lantern"] and c.state.turn == 47
    c.do("explore", faces=[FREE])
    assert [light.remaining for light in c.state.lights] == [10], "the first one is out"
    [out] = c.events(LightChanged)
    assert out.after == "burnt out"
    for _ in range(9):
        c.do("explore", faces=[FREE])
    assert lit_kinds(c) == ["lantern"] and c.state.turn == 57
    c.do("explore", faces=[FREE])
    assert lit_kinds(c) == [] and c.state.turn == 58


def test_a_lantern_keeps_the_time_it_was_lit_with_when_the_setting_changes(crawl):
    c = crawl(SYSTEM)
    c.do("light lantern")                     # lit for the expedition
    c.do("set lantern_lasts candle")
    c.do("light lantern")                     # lit for 48 turns
    c.do("set lantern_lasts expedition")
    assert [light.remaining for light in c.state.lights] == [None, 48]
    for _ in range(48):
        c.do("explore", faces=[FREE])
    assert [light.remaining for light in c.state.lights] == [None]
